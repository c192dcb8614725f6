// Auto Setup: a complete first asset from a character and all of its clips. It chooses the
// garment's layers and physics mesh, paints the pinned region, Max Distance and Backstop, fits
// collision volumes inside the body, repairs bone weights that tear the garment apart, picks the
// fabric and solver settings, then simulates every clip, takes the measures of good cloth
// (tweed/cloth_measures.h) and adjusts where one fails, for a bounded number of rounds.
// tweed-cli create --auto, the Python module and the editor's Physics Mesh panel all call it.
#pragma once

#include "tweed/asset.h"
#include "tweed/cloth_measures.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/progress.h"

#include <string>
#include <utility>
#include <vector>

namespace tweed {

struct AutoSetupOptions
{
    /// Garment, shell and rider names (empty: guessed by guessMeshRoles), the fabric preset
    /// (empty: chosen) and the asset path. Its generation settings and Max Distance are chosen
    /// by Auto Setup; its pinnedTop is not used.
    CreateAssetOptions create;
    std::vector<std::string> bodyMeshes; ///< the body; empty: the meshes not in the garment
    int rounds = 3;                ///< check-and-adjust rounds after the first setup, 0..10
    double checkFps = 30;          ///< frames per second of the check's simulations
    double checkSeconds = 3;       ///< at most this much of each clip is checked
    float stretchLimit = 1.2f;     ///< skinned-pose stretch the weights are repaired to
    int threads = 0;               ///< simulation threads of the check; 0: one per core
    /// Frames per second of the check that chooses Relaxed targets (tweed-cli qa's rate), above
    /// 0 and at most 240; 0: no such check, Relaxed targets stay off.
    double relaxedFps = 60;
};

/// The measures of one clip in the final check.
struct AutoSetupClip
{
    std::string name;
    ClipMeasures measures;
    /// Where the largest stretch lay in the last check, per frame the physics edge stretched
    /// most (as max_stretch measures it): the frames in which that edge has a pinned end (Max
    /// Distance 0: it follows the skinned pose, and the solver holds an edge from a pinned
    /// vertex at its skinned length), and at the clip's largest stretch the edge's pinned ends
    /// (0, 1 or 2) and its skinned stretch. A stretch on pinned ends at the skinned figure is
    /// the bone weights', not the simulation's.
    uint32_t framesStretchAtPins = 0;
    int maxStretchPinnedEnds = 0;
    float maxStretchSkinned = 1;
};

struct AutoSetupReport
{
    std::vector<std::string> body, shells, riders; ///< character mesh names
    bool bodyFromBones = false;   ///< no body mesh: volumes from the bone segments
    bool proceduralMotion = false; ///< no clips: walk in a circle, jump and spin were checked
    std::string physicsMethod;    ///< "weld" or "simplify"
    uint32_t physicsVertices = 0;
    float targetEdge = 0;         ///< metres, 0 for weld
    uint32_t pinnedVertices = 0;  ///< physics vertices with Max Distance 0
    float maxDistance = 0;        ///< largest Max Distance painted, metres
    /// The cap on Max Distance before the check rounds, metres: from the garment's size and
    /// how fast its parts swing over the clips.
    float maxDistanceCap = 0;
    uint32_t backstopVertices = 0;
    uint32_t volumes = 0;
    /// Fitted volumes dropped because keeping them inside the body over the clips squeezed
    /// them thinner than twice the collision thickness (they would protect nothing).
    uint32_t collapsedVolumes = 0;
    float skinnedStretchBefore = 1, skinnedStretchAfter = 1; ///< of the physics mesh
    uint32_t repairedVertices = 0; ///< physics vertices whose weights were smoothed
    std::string preset;
    int substeps = 1, iterations = 10;
    int rounds = 0;               ///< adjustment rounds run
    std::vector<std::string> actions;  ///< what it did, one line each, in order
    std::vector<std::string> failures; ///< measures still over their threshold after the rounds
    std::vector<AutoSetupClip> clips;  ///< the final check (without Relaxed targets)
    /// Whether Relaxed targets were checked (the final check failed a stretch measure) and
    /// chosen (relaxedTargetsBetter: then `failures` are this check's); its measures per clip,
    /// simulated at relaxedFps and measured at the check's frames.
    bool relaxedChecked = false, relaxedChosen = false;
    std::vector<AutoSetupClip> relaxedClips;
    /// Wall-clock seconds of each stage: physics mesh, poses, paint, volumes, skinning repair,
    /// check (all rounds).
    std::vector<std::pair<std::string, double>> seconds;
    bool pass() const { return failures.empty(); }
};

struct AutoSetupResult
{
    ClothingAsset asset;
    AutoSetupReport report;
};

/// Auto Setup of `character` (see the file comment). Throws InputError for an unknown mesh or
/// preset, a character with no garment or a bad option, and Cancelled when progress asks to stop.
AutoSetupResult autoSetup(const Character &character, const AutoSetupOptions &options,
                          const ProgressCallback &progress = {});

/// The measures' thresholds Auto Setup aims at (the defaults of tweed-cli qa): names the
/// measures of `m` over them, empty when it passes.
std::vector<std::string> failedMeasures(const ClipMeasures &m, float collisionThickness);

/// Auto Setup's choice of Relaxed targets (SimulationSettings::relaxTargets) from the check of
/// the same clips without them (`off`) and with them (`on`, in the same order): better when no
/// clip's layer, shell or body poke-through rises, no clip fails a measure it passed without,
/// and the stretch's excess over its thresholds (max_stretch over 1.25 plus mean_max_stretch
/// over 1.10, summed over the clips) falls. Never better where nothing exceeds them.
bool relaxedTargetsBetter(const std::vector<ClipMeasures> &off, const std::vector<ClipMeasures> &on,
                          float collisionThickness);

/// Clips that stand in for a character's missing animation: its root bones walk a 1.5 m circle,
/// jump 0.4 m and spin a turn every 1.5 s.
std::vector<AnimationClip> proceduralClips(const Skeleton &skeleton);

/// What repairSkinWeights did.
struct SkinRepairReport
{
    float before = 1, after = 1; ///< largest skinned edge stretch over the poses
    uint32_t changedVertices = 0; ///< vertices whose weights changed
    int iterations = 0;
    uint32_t overEdgesBefore = 0, overEdgesAfter = 0; ///< edges stretched beyond the limit
    /// The skinned pose's squeeze, which the repair reports but does not lower (stiff cloth
    /// pushes back on it as on a stretch): the least edge length over its rest length over the
    /// poses, and the edges squeezed below the limit's inverse (0.83 for 1.2).
    float squeezeBefore = 1, squeezeAfter = 1;
    uint32_t squeezedEdgesBefore = 0, squeezedEdgesAfter = 0;
    /// Connected regions of edges still beyond the limit after the repair: where no change of
    /// the weights that the guards allow brought their stretch down.
    uint32_t unmendedRegions = 0;
    /// Why each of those regions is left, the first that holds: it has pinned vertices
    /// (resistance 1: their weights are kept), the body guard held back a change there, the
    /// hug rule kept its weights (the descent's change there mended too little, or the body's
    /// weights do not reach it), the bound on iterations ended the diffusion while an edge of
    /// it still improved, or no weights tried lowered it (given up).
    uint32_t unmendedPinned = 0, unmendedGuarded = 0, unmendedOnBody = 0, unmendedByBound = 0,
             unmendedNoWeights = 0;
    uint32_t guardedVertices = 0; ///< vertices whose change the body guard held back
    /// Where the garment lies on the body (SkinRepairBody::weights at both ends of an edge):
    /// the edges still beyond the limit after the repair, and of those the ones that the
    /// body's own weights stretch less (by more than 0.05 over the poses): the garment
    /// stretches more than the skin it lies on. The others lie on skin that stretches as
    /// much, or bridge two parts of the body that draw apart (an armpit under a raised arm).
    uint32_t overEdgesOnBody = 0, overEdgesOnLessStretchedSkin = 0;
    /// Medians over overEdgesOnBody: the garment's largest stretch over the poses and that of
    /// the body's own weights at the same edges.
    float garmentStretchOnBody = 1, skinStretchUnder = 1;
};

/// The body under the garment for repairSkinWeights, per sampled pose (pose-major: pose *
/// vertexCount + vertex): the body's closest point to the vertex skinned with the weights given
/// and the signed distance to it (positive outside), and the height above the body to keep (not
/// finite: no guard, such as where the original weights take the vertex inside the body). The
/// repaired vertex stays above the body's tangent plane at the closest point by the height to
/// keep, or by its current height when that is less. The plane follows the body only near the
/// closest point: check the repaired pose against the body, and call again with the closest
/// points of the repaired pose, to follow the body further.
struct SkinRepairBody
{
    std::vector<Vec3> closest;
    std::vector<float> distance, keep;
    /// Per vertex, the body's own bone weights under it (bodySkinWeights), or empty: weights
    /// the repair may give a vertex whose edges stay over the limit.
    std::vector<BoneInfluence> weights;
    bool empty() const { return distance.empty(); }
};

/// Skinning repair: diffuses the bone weights `skin` of the mesh (rest `positions`, triangle
/// `indices`) along its edges where the poses (skinning matrices) stretch an edge beyond
/// `limit`, widening the region while an edge stays over it, until every edge is within the
/// limit over every pose (weights that agree across a region move it rigidly) or `maxIterations`.
/// When the progress stalls, the over-stretched edges that did not improve meanwhile are given
/// up (a shoulder under an arm raised high, which no weights mend): they no longer widen the
/// region nor count as the largest stretch, and may not get worse, so the repair elsewhere goes
/// on from the best weights found. The regions still beyond the limit are counted in the report.
/// `resist` (empty, or 0..1 per vertex) slows the change where the weights should be kept (the
/// garment hugs the body); below 1 it wears off to half where the stretch persists, at 1 the
/// diffusion keeps the weights (pinned vertices). `body` (empty, or see SkinRepairBody) keeps
/// the repaired pose outside the body where the original weights kept it outside. Then, where
/// edges are still over the limit, a local descent on the garment that `body.weights` reach
/// (where it hugs the body, and from there along the surface to the garment off it, such as a
/// coat's skirt: the harmonic extension of the body's weights over the mesh's edges), or on the
/// whole garment when `body` is empty and has no weights: each of their vertices (but those of
/// resistance 1) takes the candidate weights (a neighbour's, the neighbours' mean, the body's
/// it was given, and their blends with its own) that lower its edges' largest stretch over the
/// poses, or keeping it their summed stretch, while it stays above half the body guard's
/// height; a region it changed stays where that mended it or lowered its largest stretch by a
/// quarter (without a body, where it lowered it at all). Throws InputError for mismatched
/// sizes or a limit below 1.
SkinRepairReport repairSkinWeights(const std::vector<Vec3> &positions,
                                   const std::vector<uint32_t> &indices,
                                   std::vector<BoneInfluence> &skin,
                                   const std::vector<std::vector<Mat4>> &poses, float limit,
                                   const std::vector<float> &resist = {}, int maxIterations = 150,
                                   const SkinRepairBody &body = {});

/// The skinning repair for vertices pinned after it (Auto Setup's check pins vertices held at
/// their limit by the body): a pinned vertex follows its skinned pose exactly, so an edge the
/// skinning stretches beyond `limit` there is stretched as much in the simulation. Each vertex
/// marked in `open` whose edges the poses stretch beyond the limit takes, in turn, of its
/// neighbours' weights, their mean, the body's weights under it (`body.weights`, carried along
/// the surface) and their 50/50 blends with its own, the weights that lower its edges' largest
/// stretch (or, keeping it, their summed stretch), while its skinned pose stays above the body
/// guard's full height (`body`, as in repairSkinWeights); a region it changed stays where its
/// largest stretch fell at all (the quarter repairSkinWeights asks of free cloth on the body is
/// not asked: free cloth relaxes a stretch the skinning gives it, a pin does not). Returns the
/// vertices whose weights changed. Throws InputError for mismatched sizes or a limit below 1.
uint32_t repairPinnedSkinWeights(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                                 std::vector<BoneInfluence> &skin, const std::vector<std::vector<Mat4>> &poses,
                                 float limit, const std::vector<uint8_t> &open, const SkinRepairBody &body = {});

/// The body's own bone weights under each vertex (rest `positions`): interpolated at the
/// closest point of the body meshes with weights in the bind pose, for the vertices within
/// `reach` metres of one (the others get no weights, all zero). The skinning repair offers them
/// to the garment that hugs the body (SkinRepairBody::weights). Throws InputError for a reach
/// that is not a distance.
std::vector<BoneInfluence> bodySkinWeights(const std::vector<Vec3> &positions, const std::vector<BodyMesh> &body,
                                           float reach);

/// The report as text lines for a user.
std::vector<std::string> describeAutoSetup(const AutoSetupReport &report);

} // namespace tweed
