// The measures of good cloth (docs/measures.md), per frame and per clip: one implementation for
// tweed-cli simulate and qa, the fitting of collision volumes and the tests.
//
// - layer poke-through: rider vertices (a lining riding on the shell) that lie inside their
//   shell in the skinned pose and outside its simulated surface by more than the tolerance;
// - shell poke-through: vertices of an outer shell not inside an inner shell in the skinned
//   pose and inside its simulated surface by more than the tolerance;
// - body poke-through: body vertices inside the garment's shells in the skinned pose and outside
//   their simulated surface by more than the tolerance;
// - Max Distance hit share: physics vertices at (within 1% of) their Max Distance limit;
// - volume protrusion: the largest distance by which a collision volume's surface lies outside
//   the body mesh;
// - largest edge stretch (simulated and skinned), vertices inside a volume, non-finite values.
// "Inside" and "outside" are the sides of a surface its normals point away from and to; a
// point whose closest point is on the surface's open edge (below a coat's hem) is beside it
// and counts as neither.
#pragma once

#include "tweed/asset.h"
#include "tweed/clip_simulation.h"
#include "tweed/mesh_distance.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tweed {

/// Consecutive vertices of a LoD's graphics mesh: one mesh of the garment. Its triangles are
/// those with all three corners in the range.
struct VertexRange
{
    uint32_t first = 0;
    uint32_t count = 0;
};

/// A graphics mesh that rides on a shell (a lining, a pocket).
struct RiderLayer
{
    VertexRange vertices;
    int shell = 0; ///< index into ClothLayers::shells
};

/// The layers of a LoD's graphics mesh. Shells are ordered from the innermost out.
struct ClothLayers
{
    std::vector<VertexRange> shells;
    std::vector<RiderLayer> riders;
};

/// The layers of the LoD's garment by its parts' roles (Submesh::role): each shell part a shell,
/// innermost first (shellsInsideOut), each rider riding on the shell it lies under at rest
/// (ridersShells). A garment whose parts do not each hold their own run of vertices is one shell.
ClothLayers garmentLayers(const ClothingAsset &asset, int lod);
/// The same for a LoD's graphics mesh.
ClothLayers garmentLayers(const GraphicsMesh &mesh);

/// For each of `riders`, the index into `shells` (ranges of `mesh`) of the shell it rides on:
/// the one whose rest surface lies nearest above most of its vertices (a lining under a coat
/// under a cape rides on the coat); the first shell when it lies under none. Throws InputError
/// for a range outside the mesh.
std::vector<size_t> ridersShells(const GraphicsMesh &mesh, const std::vector<VertexRange> &shells,
                                 const std::vector<RiderLayer> &riders);

/// The order of `shells` (ranges of `mesh`) from the innermost out, by how their rest surfaces
/// lie in each other (a coat under a cape: the coat's vertices lie under the cape, the cape's
/// over the coat); shells that do not nest keep their order. Throws InputError for a range
/// outside the mesh.
std::vector<size_t> shellsInsideOut(const GraphicsMesh &mesh, const std::vector<VertexRange> &shells);

/// A mesh of the character's body, posed by the asset's skeleton each frame.
struct BodyMesh
{
    std::vector<Vec3> positions; ///< bind pose, model space
    std::vector<uint32_t> indices;
    /// Bones index the asset's skeleton; empty: the mesh stays where it is.
    std::vector<BoneInfluence> skin;
};

/// The character's meshes that no LoD's garment was made of (garment submeshes are named
/// after the meshes they came from), or those named in `bodyNames`, their bones renamed to the
/// asset's skeleton: the body the garment is worn on. A mesh with a vertex whose every bone the
/// asset lacks is kept unskinned. `names` gets their names. Throws InputError for a name in
/// `bodyNames` the character lacks.
std::vector<BodyMesh> bodyMeshes(const ClothingAsset &asset, const Character &character,
                                 std::vector<std::string> *names = nullptr,
                                 const std::vector<std::string> &bodyNames = {});

/// What each frame of a clip gives in the garment's skinned pose, which the simulation does not
/// change: the rider vertices inside their shell, the outer-shell vertices not inside each inner
/// shell, and the posed body vertices inside the garment's shells. A measurer given one
/// (ClothMeasureSettings::skinnedPose) fills it on its first pass over a clip and reads it on
/// later passes over the same clip with the same garment and body (the rounds of Auto Setup's
/// check): the same measures without measuring the skinned pose again. A frame whose skinning
/// matrices differ from those it was filled with is measured afresh and stored again.
struct SkinnedPoseMeasures
{
    struct Frame
    {
        std::vector<Mat4> skinning;
        std::vector<std::vector<uint32_t>> riders;  ///< per rider layer, its vertices, ascending
        std::vector<std::vector<uint32_t>> shells;  ///< per (inner, outer) pair in measuring order
        std::vector<std::vector<uint32_t>> body;    ///< per body mesh, its vertices, ascending
        std::vector<std::vector<Vec3>> bodyPoints;  ///< per body mesh, those vertices posed
    };
    std::vector<Frame> frames; ///< by the order the measurer added them
};

struct ClothMeasureSettings
{
    float pokeTolerance = 0.002f; ///< metres a vertex may be on the wrong side of a surface
    float hitShare = 0.99f;       ///< a vertex this far out of its Max Distance is at the limit
    bool recordOffenders = false; ///< keep the offending vertices of the last frame
    /// Measure the volumes' protrusion (off: 0, for a caller that knows it already, the
    /// volumes and the body being as they were when it measured them).
    bool measureVolumes = true;
    /// The skinned pose's findings for this clip, kept across passes (see SkinnedPoseMeasures);
    /// null: measured every frame. Owned by the caller; one measurer at a time.
    SkinnedPoseMeasures *skinnedPose = nullptr;
};

/// The vertices a frame's measures counted against it (ClothMeasureSettings::recordOffenders),
/// for the editor's debug views.
struct FrameOffenders
{
    std::vector<uint32_t> riders;   ///< graphics vertices of riders outside their shell
    std::vector<uint32_t> shells;   ///< graphics vertices of outer shells inside an inner one
    std::vector<Vec3> body;         ///< posed body vertices outside the garment's surface
    std::vector<uint32_t> atLimit;  ///< physics vertices at their Max Distance
};

/// Counts of one frame; shares are count / total (0 when total is 0).
struct FrameMeasures
{
    uint64_t layerPokes = 0, layerVertices = 0; ///< rider vertices
    uint64_t shellPokes = 0, shellVertices = 0; ///< outer-shell vertices (over each inner shell)
    uint64_t bodyPokes = 0, bodyVertices = 0;   ///< body vertices inside the garment when skinned
    uint64_t maxDistanceHits = 0, physicsVertices = 0;
    float volumeProtrusion = 0; ///< metres
    float maxStretch = 0, skinnedMaxStretch = 0;
    uint64_t maxDistanceViolations = 0, penetrations = 0, nonFinite = 0;

    double layerPokeThrough() const;
    double shellPokeThrough() const;
    double bodyPokeThrough() const;
    double maxDistanceHitShare() const;
};

/// A clip's measures: shares over every vertex-frame, largest values over the frames,
/// penetrations and non-finite values as means per frame.
struct ClipMeasures
{
    int frames = 0;
    FrameMeasures sum; ///< counts summed over the frames (largest values for the floats)
    double meanMaxStretch = 0;
    double penetrationsPerFrame = 0, nonFinitePerFrame = 0, violationsPerFrame = 0;
    std::vector<FrameMeasures> perFrame;
    /// The frame (index into perFrame) with the most poke-through, else the largest stretch.
    int worstFrame = -1;
};

/// Largest distance by which the surface of `volume` (without thickness) lies outside `body`
/// (0 when it lies inside), with the volume's bone at model-space matrix `boneGlobal`. The
/// surface is sampled at about `samples` points. Planes protrude nowhere.
float volumeProtrusion(const CollisionVolume &volume, const Mat4 &boneGlobal,
                       const MeshDistance &body, int samples = 256);
/// Points on the surface of a volume placed at `frame` (see colliderFrame).
std::vector<Vec3> volumeSurfaceSamples(const CollisionVolume &volume, const Transform &frame,
                                       int samples = 256);

/// Measures the frames of a ClipSimulation one after another.
class ClothMeasurer
{
public:
    /// For `lod` of `asset`, with its layers and the body it is worn on. Throws InputError for
    /// a layer outside the graphics mesh, a rider of a shell that is not listed, or a body mesh
    /// with a bad index or bone.
    ClothMeasurer(const ClothingAsset &asset, int lod, ClothLayers layers,
                  std::vector<BodyMesh> body, const ClothMeasureSettings &settings = {});
    ~ClothMeasurer();
    ClothMeasurer(ClothMeasurer &&) noexcept;
    ClothMeasurer &operator=(ClothMeasurer &&) noexcept;

    /// Measures the frame `run` simulated last (after ClipSimulation::advance) and adds it.
    const FrameMeasures &add(const ClipSimulation &run);
    /// The same for explicit states: the deformed graphics mesh, the skinning matrices of the
    /// frame, and the cloth instance (for stretch, Max Distance, volumes).
    const FrameMeasures &add(const std::vector<Vec3> &graphics, const std::vector<Mat4> &skinning,
                             const ClothInstance &cloth, float lodMaxDistanceScale);
    ClipMeasures result() const;
    /// The offenders of the frame added last (empty unless recordOffenders is set).
    const FrameOffenders &lastOffenders() const;
    /// The body meshes (as given) posed in the frame added last, as surfaces: posed when first
    /// asked for in a frame where the measures did not need them. Before any frame: at rest.
    const std::vector<MeshDistance> &posedBody();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace tweed
