// Cooking and exporting assets for games: per-platform cooking options, the export transform
// that restores a source file's units and axes, and the three exports any engine can play:
//
//  - GltfPhysics: glTF 2.0 of the physics meshes (and the graphics meshes with their skin maps)
//    with the paint channels as custom vertex attributes (_MAX_DISTANCE, _BACKSTOP_RADIUS, ...;
//    32-bit masks as VEC2 UNSIGNED_SHORT low/high halves, as glTF has no 32-bit attributes),
//    the skeleton, and the collision volumes as nodes with extras; for engines with their own
//    cloth.
//  - BakedBones: a clip simulated with the run time and turned into the animation of cloth-driven
//    bones (one bone per physics vertex, or a budget of them), the graphics mesh skinned to those
//    bones and the character's bones, as glTF.
//  - PointCache: the simulated graphics mesh per frame as glTF morph-target animation.
//
// Before writing, checkExport() lists what the target cannot represent; exportAsset() refuses
// to drop anything unless ExportOptions::allowLoss is set, and then names what it dropped.
#pragma once

#include "tweed/asset.h"
#include "tweed/progress.h"
#include "tweed/sim/cloth_bones.h"
#include "tweed/sim/cloth_instance.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

// ---- export transform --------------------------------------------------------------------

enum class Handedness : uint8_t
{
    Right,
    Left
};

/// Where exported geometry goes. Tweed's model space is metres, Y up, right-handed; a target
/// in other units or axes gets every position, matrix and distance converted (triangles are
/// re-wound when the handedness changes, so front faces stay front faces).
///   Z up: (x, y, z) -> (x, -z, y)    X up: (x, y, z) -> (y, -x, z)    Left: z -> -z (last)
struct ExportTransform
{
    float scale = 1.0f; ///< target units per metre (100 for centimetres); > 0
    UpAxis upAxis = UpAxis::Y;
    Handedness handedness = Handedness::Right;
    friend bool operator==(const ExportTransform &, const ExportTransform &) = default;
};

/// The transform that restores the units and up axis recorded at import (asset.source.units).
ExportTransform sourceExportTransform(const SourceUnits &units);
/// Matrix from Tweed's model space to the target's space (scale times an axis permutation).
Mat4 exportMatrix(const ExportTransform &transform);

// ---- cooking -----------------------------------------------------------------------------

/// What one target platform can afford.
struct CookingOptions
{
    std::string platform = "desktop";
    uint32_t vertexBudget =
        0;              ///< most vertices per physics mesh; larger ones are simplified; 0 = any
    int iterations = 0; ///< constraint iterations per substep; 0 keeps the asset's
    int substeps = 0;   ///< substeps per step; 0 keeps the asset's
    float stepsPerSecond = 0; ///< Hz; 0 keeps the asset's
    /// Physical level of detail baked into the settings: multiplies every Max Distance
    /// (maxDistanceScale) and the iteration count (iterationScale, at least 1 remains).
    PhysicalLod physicalLod;
};

/// Named platform profiles: "desktop" (no limits), "console" (2000 vertices, 8 iterations),
/// "mobile" (600 vertices, 4 iterations, 30 Hz), "low" (250 vertices, 2 iterations, 30 Hz,
/// 80 % Max Distance).
std::span<const CookingOptions> platformProfiles();
const CookingOptions *findPlatformProfile(std::string_view name);

struct CookReport
{
    std::vector<uint32_t> verticesBefore; ///< per physics mesh
    std::vector<uint32_t> verticesAfter;
    int iterations = 0;
    int substeps = 0;
    float stepsPerSecond = 0;
};

/// A copy of the asset cooked for a platform: physics meshes above the vertex budget are
/// regenerated with the simplifier (method Simplify, targetVertices = budget), the solver
/// settings take the platform's values. assetPath resolves a custom physics mesh path. Throws
/// InputError for options out of range or a budget the simplifier cannot meet (below 4).
ClothingAsset cookAsset(const ClothingAsset &asset, const CookingOptions &options,
                        CookReport *report = nullptr, const std::string &assetPath = {});

// ---- exports -----------------------------------------------------------------------------

enum class ExportFormat : uint8_t
{
    GltfPhysics,
    BakedBones,
    PointCache
};

/// "gltf-physics", "baked-bones", "point-cache".
std::string_view exportFormatName(ExportFormat format);
std::optional<ExportFormat> exportFormatFromName(std::string_view name);
/// File extensions a format writes: gltf and glb; the baked bones also fbx (binary FBX 7.5,
/// Tweed's writer) and dae (Collada, Assimp's writer); the point cache also mdd and pc2
/// (meshproc/point_cache.h).
std::vector<std::string> exportExtensions(ExportFormat format);

/// The default ExportOptions::maxBytes: 256 MiB. A garment of 4,000 vertices baked to 600 bones
/// over 30 s at 30 fps is about 45 MB as FBX; past this, a clip, frame rate or bone count is
/// likely a mistake (a 242-vertex sphere over a 221 s clip made a 1.7 GB Collada file).
inline constexpr uint64_t kDefaultExportMaxBytes = uint64_t(256) << 20;
/// The largest bake_max_error (metres) a baked-bones export writes without allowLoss: beyond
/// it the bones do not reproduce the simulated garment.
inline constexpr float kMaxBakeError = 0.01f;

/// Which mesh a point cache holds: the deformed graphics mesh (with its riders), or the
/// simulated physics mesh (MDD and PC2 only; glTF morph targets are of the graphics mesh).
enum class PointCacheMesh : uint8_t
{
    Graphics,
    Physics
};

/// One simulated frame of the graphics mesh.
struct SimulatedFrame
{
    int frame = 0;
    std::vector<Vec3> positions; ///< model space
    std::vector<Vec3> normals;
};

/// Frames simulated already (the editor's simulation cache), from frame 0 of the clip at the
/// export's frame rate: the simulated exports write these instead of simulating.
struct SimulatedClip
{
    std::vector<SimulatedFrame> frames;             ///< the deformed graphics mesh
    std::vector<std::vector<Mat4>> skinning;        ///< per frame, pendulum bones applied
    std::vector<std::vector<Vec3>> physics;         ///< per frame, the physics mesh
};

struct ExportOptions
{
    ExportFormat format = ExportFormat::GltfPhysics;
    ExportTransform transform;
    int lod = 0; ///< BakedBones and PointCache: the graphics LoD simulated and written

    // The simulated formats (BakedBones, PointCache).
    std::optional<AnimationClip>
        clip;       ///< indexes the asset's skeleton (retargetClip); none: rest pose
    int frames = 0; ///< 0: the clip once (ClipSimulation::clipFrameCount)
    double framesPerSecond = 30.0;
    /// BakedBones: cloth bones; 0 = the physics mesh's stored set, else one per physics vertex
    uint32_t clothBones = 0;
    PointCacheMesh pointCacheMesh = PointCacheMesh::Graphics; ///< PointCache
    /// When set and holding at least the frames exported, they are written instead of
    /// simulating the clip (simulateGraphicsFrames takes them).
    std::shared_ptr<const SimulatedClip> simulated;

    // What the target supports (0 = no limit); beyond it, checkExport lists what is lost.
    uint32_t maxBones = 0;            ///< joints per skin (BakedBones: character + cloth bones)
    uint32_t maxCollisionVolumes = 0; ///< GltfPhysics
    uint32_t maxMorphTargets = 0;     ///< PointCache: one target per frame

    /// Write even when the target cannot represent everything (what is left out is listed in
    /// ExportReport::unrepresented); false: exportAsset throws InputError listing it.
    bool allowLoss = false;

    /// Largest file to write, in bytes, as estimateExportBytes estimates it before anything is
    /// simulated; 0: no limit. Past it, exportAsset throws InputError naming both sizes.
    uint64_t maxBytes = kDefaultExportMaxBytes;
};

/// The size of the file exportAsset would write with these options (format, file type, frames,
/// joints, vertices), estimated from the counts without simulating: within 25 % for the
/// simulated formats on the bundled sample (tested), roughly for gltf-physics.
uint64_t estimateExportBytes(const ClothingAsset &asset, const std::string &path,
                             const ExportOptions &options);

/// What the target cannot represent of the asset with these options, one sentence each; the
/// file type is taken from path's extension. Empty when nothing is lost. A baked-bones export
/// also loses what it cannot reproduce: a bake error above kMaxBakeError, known only once
/// simulated, so exportAsset lists (or refuses) it then.
std::vector<std::string> checkExport(const ClothingAsset &asset, const std::string &path,
                                     const ExportOptions &options);

struct ExportReport
{
    std::vector<std::string> unrepresented; ///< what was left out (only with allowLoss)
    uint32_t meshes = 0;
    uint32_t vertices = 0; ///< of all written meshes
    uint32_t nodes = 0;
    uint32_t frames = 0;
    uint32_t bones = 0;        ///< joints of the skin (BakedBones)
    uint32_t morphTargets = 0; ///< PointCache
    float bakeMaxError = 0; ///< BakedBones: metres between skinned and simulated graphics vertices
    float bakeMeanError = 0;
    /// PointCache: metres by which the cached vertex farthest beyond its bound lies from its
    /// skinned position (0 or less: every vertex within); see pointCacheExcess.
    float cacheMaxExcess = 0;
    uint64_t estimatedBytes = 0; ///< estimateExportBytes before writing
};

/// Writes the export (format by options.format, file type by extension: .gltf with an embedded
/// buffer, .glb binary; PointCache also .mdd and .pc2 (every frame of the graphics or physics
/// mesh, in the transform's units and axes); BakedBones also .fbx (binary FBX 7.5 declaring the transform's unit and
/// axes) and .dae (Collada 1.4 through Assimp's exporter)). Node names are unique in every file.
/// Throws InputError for bad options, an estimated size above options.maxBytes, or what
/// checkExport lists or a bake error above kMaxBakeError (unless allowLoss), FileError when the
/// file cannot be written, Cancelled.
ExportReport exportAsset(const ClothingAsset &asset, const std::string &path,
                         const ExportOptions &options, const ProgressCallback &progress = {});

// ---- the pieces the exports are made of (for tools and tests) ---------------------------

/// Over frames of lod's graphics mesh (skinning: the character's skinning matrices of each
/// frame), the largest distance of a vertex from its skinned position less its bound: the Max
/// Distances of its skin-map triangle's corners weighted by the absolute coordinates of its
/// binding, plus twice the binding's offset (the normal may turn), plus how far the skin map
/// puts it from its skinned position when the physics mesh is merely skinned (its triangle's
/// corners may follow other weights than it), plus single-precision rounding (10 micrometres
/// and a millionth of its distance from the origin). A vertex the skin map leaves unbound has
/// bound 0 besides the rounding.
/// Above 0, the cloth left its Max Distance or the skin map does not carry it faithfully.
float pointCacheExcess(const ClothingAsset &asset, int lod,
                       const std::vector<SimulatedFrame> &frames,
                       const std::vector<std::vector<Mat4>> &skinning);

/// Simulates options.clip (ClipSimulation, options.lod, frames, framesPerSecond) and keeps the
/// deformed graphics mesh of every frame (or takes them from options.simulated when it holds
/// enough); also the skinning matrices with the pendulum bones
/// applied and the physics positions when the out-pointers are given.
std::vector<SimulatedFrame>
simulateGraphicsFrames(const ClothingAsset &asset, const ExportOptions &options,
                       std::vector<std::vector<Mat4>> *skinning = nullptr,
                       std::vector<std::vector<Vec3>> *physics = nullptr,
                       const ProgressCallback &progress = {});

/// A simulated clip as cloth-driven bones.
struct BakedBones
{
    std::vector<ClothBoneDefinition> bones; ///< on the physics mesh of the LoD
    std::vector<Mat4> restFrames;           ///< model-space frame of each cloth bone at rest
    /// [frame][bone]: model-space frames of the cloth bones.
    std::vector<std::vector<Mat4>> frames;
    /// [frame][bone]: skinning matrices of the cloth bones (clothDrivenBones, as the run time's
    /// ClothInstance::clothBoneMatrices gives them).
    std::vector<std::vector<Mat4>> clothSkinning;
    /// [frame][bone]: the character's skinning matrices (pendulum bones applied).
    std::vector<std::vector<Mat4>> characterSkinning;
    /// Per graphics vertex, joint indices: below the character's bone count n a character
    /// bone, n the static root of the cloth bones (model space), above n cloth bone
    /// (index - n - 1). Weights sum to 1.
    std::vector<BoneInfluence> skin;
    std::vector<SimulatedFrame> simulated; ///< the reference the bones reproduce
    float maxError = 0;                    ///< metres, over all frames and graphics vertices
    float meanError = 0;                   ///< metres
};

/// Cloth-driven bones on a physics mesh: `count` pivots picked by farthest-point sampling, the
/// column and row points the neighbouring pivots; one per vertex (its mesh neighbours) when
/// count is 0 or at least the vertex count. What the bake makes; store it in
/// PhysicsMesh::clothBones for the run time to drive the same bones.
std::vector<ClothBoneDefinition> makeClothBoneSet(const PhysicsMesh &mesh, uint32_t count);

/// Simulates and bakes: the physics mesh's stored bone set (PhysicsMesh::clothBones) when it
/// has one and options.clothBones is 0, else makeClothBoneSet(options.clothBones) (pivots on
/// the physics mesh: every vertex, or options.clothBones picked
/// by farthest-point sampling), frames by clothBoneFrame (the column and row points are the
/// vertex's mesh neighbours, or on a sparse grid the neighbouring pivots), and per graphics
/// vertex up to four weights fitted (least squares over the clip, non-negative, summing to 1)
/// starting from the skin map's barycentric coordinates (or, on a sparse grid, the nearest
/// pivots by inverse distance).
BakedBones bakeClothBones(const ClothingAsset &asset, const ExportOptions &options,
                          const ProgressCallback &progress = {});

/// Linear-blend skinning of the graphics mesh's rest positions with a baked frame.
std::vector<Vec3> skinBakedFrame(const ClothingAsset &asset, const BakedBones &baked, int lod,
                                 size_t frame);

/// Writes the given frames of a deformed garment to glTF (.gltf or .glb): one mesh and one
/// node per frame, named "frame <n>", sharing the LoD's indices and uvs; positions are written
/// exactly as given (bit for bit). Used by tweed-player.
void writeGarmentFramesGltf(const ClothingAsset &asset, int lod,
                            const std::vector<SimulatedFrame> &frames, const std::string &path);

} // namespace tweed
