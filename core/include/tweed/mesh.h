// Graphics meshes (the artist's render geometry), skin weights and the character they come from.
#pragma once

#include "tweed/math.h"
#include "tweed/skeleton.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tweed {

constexpr int kMaxBoneInfluences = 4;

/// Up to four bone influences of a vertex; weights sum to one, unused slots have weight 0.
struct BoneInfluence
{
    std::array<uint16_t, kMaxBoneInfluences> bones{};
    std::array<float, kMaxBoneInfluences> weights{};
    friend bool operator==(const BoneInfluence &, const BoneInfluence &) = default;
};

/// What a garment part is to the cloth (DESIGN.md, "Garments in layers"): a shell builds the
/// physics mesh; a rider (lining, pocket, collar, button) follows it through the skin map and
/// keeps its side of the simulated shell. The character meshes outside the garment are the body.
enum class LayerRole : uint8_t { Shell, Rider };

/// A range of triangles with one material (one source mesh of the character).
struct Submesh
{
    std::string name;
    std::string material;
    std::string baseColorTexture; ///< path as written in the source file, may be empty
    uint32_t firstTriangle = 0;
    uint32_t triangleCount = 0;
    LayerRole role = LayerRole::Shell; ///< in a garment LoD; a character's meshes leave it Shell
    friend bool operator==(const Submesh &, const Submesh &) = default;
};

/// Render geometry. Attributes other than positions are either empty or one per vertex.
struct GraphicsMesh
{
    std::string name;
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;
    std::vector<Vec4> tangents; ///< xyz tangent, w handedness
    std::vector<Vec2> uvs;
    std::vector<BoneInfluence> skin; ///< empty when the mesh is not skinned
    std::vector<uint32_t> indices;   ///< three per triangle
    std::vector<Submesh> submeshes;  ///< cover all triangles, in order

    size_t vertexCount() const { return positions.size(); }
    size_t triangleCount() const { return indices.size() / 3; }
    bool isSkinned() const { return !skin.empty(); }
    friend bool operator==(const GraphicsMesh &, const GraphicsMesh &) = default;
};

/// Axis and unit conventions of a source file, so exports can restore them.
enum class UpAxis : uint8_t { Y, Z, X };

struct SourceUnits
{
    float metresPerUnit = 1.0f; ///< source length unit in metres (0.01 for centimetres)
    UpAxis upAxis = UpAxis::Y;
    friend bool operator==(const SourceUnits &, const SourceUnits &) = default;
};

/// A character as read from a file, in metres and Y-up.
struct Character
{
    std::string sourcePath;
    SourceUnits sourceUnits;
    Skeleton skeleton;
    /// Each mesh of the file; unskinned meshes are rigidly bound to their node's bone.
    std::vector<GraphicsMesh> meshes;
    /// Whether each mesh carried skin weights in the file (parallel to meshes).
    std::vector<bool> meshSkinnedInSource;
    std::vector<AnimationClip> clips;

    int findMesh(const std::string &name) const;
    int findClip(const std::string &name) const;
};

/// Linear-blend skinning of positions (and normals when given) with skinning matrices.
void skinVertices(const std::vector<Vec3> &restPositions, const std::vector<BoneInfluence> &skin,
                  const std::vector<Mat4> &skinning, std::vector<Vec3> &outPositions);
void skinNormals(const std::vector<Vec3> &restNormals, const std::vector<BoneInfluence> &skin,
                 const std::vector<Mat4> &skinning, std::vector<Vec3> &outNormals);
/// Area-weighted vertex normals of a triangle mesh.
std::vector<Vec3> computeVertexNormals(const std::vector<Vec3> &positions,
                                       const std::vector<uint32_t> &indices);
/// The same into `out` (sized to the positions), not normalised: the sum of the cross products
/// of the triangles at each vertex (twice their area along their normal).
void accumulateVertexNormals(const std::vector<Vec3> &positions,
                             const std::vector<uint32_t> &indices, std::vector<Vec3> &out);
/// Vertices at exactly equal positions (the two sides of a UV or normal seam) as one: per
/// vertex, its group's number, numbered 0, 1, ... in order of first appearance; `groups`, when
/// given, receives their count.
std::vector<uint32_t> weldEqualPositions(const std::vector<Vec3> &positions,
                                         uint32_t *groups = nullptr);

} // namespace tweed
