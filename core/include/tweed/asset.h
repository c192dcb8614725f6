// The clothing asset: everything an artist authors and a game loads. See DESIGN.md,
// "The domain model". Plain data with value semantics; operator== compares everything.
#pragma once

#include "tweed/channels.h"
#include "tweed/collision.h"
#include "tweed/mesh.h"
#include "tweed/simulation_settings.h"
#include "tweed/skeleton.h"
#include "tweed/sim/cloth_bones.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

/// How a physics mesh was made from its graphics mesh.
/// Tetrahedra: a soft body, the volume inside the iso-surface cut into tetrahedra.
enum class GenerationMethod : uint8_t { Immediate, Weld, Simplify, IsoSurface, Custom, Tetrahedra };
/// Where simulation normals come from.
enum class NormalSource : uint8_t { Mesh, Bones };

std::string_view methodName(GenerationMethod m);
std::optional<GenerationMethod> methodFromName(std::string_view name);
std::string_view normalSourceName(NormalSource n);
std::optional<NormalSource> normalSourceFromName(std::string_view name);
std::string_view layerRoleName(LayerRole r);
std::optional<LayerRole> layerRoleFromName(std::string_view name);

/// Everything needed to rebuild a physics mesh from its graphics mesh.
struct GenerationSettings
{
    GenerationMethod method = GenerationMethod::Weld;
    float weldTolerance = 1e-5f;    ///< metres
    uint32_t targetVertices = 0;    ///< simplify: 0 = use targetEdgeLength
    float targetEdgeLength = 0.0f;  ///< metres; simplify when targetVertices is 0
    float closeHolesBelow = 0.0f;   ///< metres of boundary length; 0 keeps every hole
    uint32_t subdivisions = 0;      ///< midpoint subdivision rounds before simplifying
    float voxelSize = 0.0f;         ///< iso-surface voxel, metres; 0 = 1/128 of the diagonal
    float isoOffset = 0.0f;         ///< iso-surface offset from the garment, metres
    /// Iso-surface: 0 keeps the outer layer; up to 1 contracts it towards the medial surface
    /// of the layers it wraps (APEX's cloth from the iso-surface).
    float isoContraction = 0.0f;
    std::string customMeshPath;     ///< custom: file relative to the asset
    NormalSource normals = NormalSource::Mesh;
    std::vector<std::string> submeshes; ///< garment submeshes; empty = all
    bool usePhysicsMask = true;     ///< only vertices whose Physics mask bit 0 is set
    friend bool operator==(const GenerationSettings &, const GenerationSettings &) = default;
};

/// Measurements of a generated physics mesh.
struct GenerationReport
{
    uint32_t vertices = 0;
    uint32_t triangles = 0;
    uint32_t components = 0;
    uint32_t boundaryLoops = 0;
    float surfaceErrorMax = 0;  ///< fraction of the bounding-box diagonal
    float surfaceErrorMean = 0; ///< fraction of the bounding-box diagonal
    float minAngleDegrees = 0;
    float edgeLengthSpread = 0; ///< standard deviation / mean of edge lengths
    uint32_t skinMapFarBindings = 0; ///< graphics vertices far from their triangle
    float skinMapMaxOffset = 0;      ///< metres
    uint32_t skinMapFailures = 0;    ///< graphics vertices with no valid triangle
    friend bool operator==(const GenerationReport &, const GenerationReport &) = default;
};

/// The low-resolution mesh that is simulated.
struct PhysicsMesh
{
    std::vector<Vec3> positions;      ///< rest positions, model space, metres
    std::vector<uint32_t> indices;    ///< three per triangle
    std::vector<BoneInfluence> skin;  ///< one per vertex
    std::vector<Vec3> normals;        ///< simulation normals (backstop, max distance bias)
    PaintChannels channels;           ///< painted values interpolated from the graphics mesh
    /// Cloth-driven bones on this mesh (seed 000's method): the run time outputs their matrices
    /// every frame (ClothInstance::clothBoneMatrices) and the offline bake uses them. May be
    /// empty.
    std::vector<ClothBoneDefinition> clothBones;
    /// A soft body's tetrahedra, four vertex indices each, positively oriented; empty for
    /// cloth. Then `indices` is their boundary surface and the other vertices are inside.
    std::vector<uint32_t> tetrahedra;
    GenerationSettings settings;
    GenerationReport report;

    size_t vertexCount() const { return positions.size(); }
    size_t triangleCount() const { return indices.size() / 3; }
    size_t tetrahedronCount() const { return tetrahedra.size() / 4; }
    friend bool operator==(const PhysicsMesh &, const PhysicsMesh &) = default;
};

/// APEX-style mesh-mesh skinning of one graphics vertex onto a physics triangle. Each point is
/// given as (u, v, h): barycentric u, v on the triangle (w = 1 - u - v) and a height h along
/// the triangle's interpolated normal. The skinned normal and tangent are the directions from
/// the skinned position to the skinned normal and tangent points.
struct SkinBinding
{
    uint32_t triangle = 0;
    Vec3 position;
    Vec3 normal;
    Vec3 tangent;
    friend bool operator==(const SkinBinding &, const SkinBinding &) = default;
};

/// APEX's tetra skinning of one graphics vertex: the tetrahedron that encloses it (the nearest
/// one for a vertex outside) and the barycentric coordinates (b0, b1, b2; b3 = 1 - their sum)
/// of its position and of the points one unit along its normal and tangent.
struct TetraBinding
{
    uint32_t tetrahedron = 0;
    Vec3 position;
    Vec3 normal;
    Vec3 tangent;
    friend bool operator==(const TetraBinding &, const TetraBinding &) = default;
};

/// One binding per graphics vertex; a graphics vertex with no binding follows its bones.
/// A soft body's LoD binds to tetrahedra instead: `bindings` is empty, `tetraBindings` full.
struct SkinMap
{
    static constexpr uint32_t kUnbound = 0xFFFFFFFFu;
    std::vector<SkinBinding> bindings; ///< triangle == kUnbound: skinned by bones only
    std::vector<TetraBinding> tetraBindings; ///< tetrahedron == kUnbound: by bones only
    friend bool operator==(const SkinMap &, const SkinMap &) = default;
};

/// One graphical level of detail: the garment's render mesh, what was painted on it, which
/// physics mesh drives it and how.
struct GraphicsLod
{
    GraphicsMesh mesh;
    PaintChannels channels;   ///< one value per graphics vertex
    int physicsMesh = -1;     ///< index into ClothingAsset::physicsMeshes; LoDs may share one
    SkinMap skinMap;          ///< binds mesh to that physics mesh
    friend bool operator==(const GraphicsLod &, const GraphicsLod &) = default;
};

/// The character file the asset was authored on, relative to the asset file.
struct SourceReference
{
    std::string path;        ///< relative to the asset's folder, '/' separators
    std::string contentHash; ///< "fnv1a64:<16 hex digits>" of the file's bytes
    SourceUnits units;       ///< the file's unit and up axis, for exports
    friend bool operator==(const SourceReference &, const SourceReference &) = default;
};

struct ClothingAsset
{
    std::string name;
    SourceReference source;
    Skeleton skeleton;
    std::vector<GraphicsLod> lods;          ///< lods[0] is the most detailed
    std::vector<PhysicsMesh> physicsMeshes;
    std::vector<CollisionVolume> collisionVolumes;
    std::vector<PendulumBone> pendulumBones;
    std::vector<RigConstraint> rigConstraints; ///< the upper-jacket rig, run before the cloth
    SimulationSettings simulation;
    std::string presetName; ///< the fabric preset the settings started from, may be empty
    friend bool operator==(const ClothingAsset &, const ClothingAsset &) = default;
};

/// FNV-1a 64-bit hash of bytes, formatted "fnv1a64:<16 hex digits>".
std::string contentHash(std::string_view bytes);

} // namespace tweed
