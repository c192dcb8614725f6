// The skinned-pose check: how far the bones alone stretch a physics mesh against its graphics
// mesh, and the regions where a physics mesh joins parts of the garment the bones move apart.
#pragma once

#include "tweed/asset.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tweed {

struct SkinnedStretchSettings
{
    double framesPerSecond = 30;    ///< samples per second of each clip
    uint32_t maxFramesPerClip = 240; ///< a longer clip is sampled at this many even times
    /// A physics edge stretched more than this times the graphics mesh's largest stretch is a
    /// defect: the weights tear the physics mesh where the graphics surface holds together.
    /// The bones stretch a physics edge that follows its graphics surface about as much as the
    /// graphics edges there (a longer chord across a joint a little more), not 1.5 times.
    float defectFactor = 1.5f;
    size_t maxListed = 5; ///< defect edges described in SkinnedStretchReport::worst
};

/// A physics edge the bones stretch: its vertices, largest stretch, where, and each vertex's
/// dominant bone.
struct StretchedEdge
{
    uint32_t a = 0, b = 0;
    float stretch = 1;
    std::string clip; ///< "procedural motion" without clips
    double time = 0;  ///< seconds into the clip
    std::vector<std::string> bones;
};

struct SkinnedStretchReport
{
    float physicsMaxStretch = 1;  ///< largest skinned length / rest length of a physics edge
    float graphicsMaxStretch = 1; ///< the same over the graphics mesh's edges
    uint32_t poses = 0;
    bool procedural = false;       ///< no clips: each bone turned alone, +-45 degrees per axis
    uint32_t defectEdges = 0;      ///< physics edges above defectFactor times the graphics figure
    std::vector<uint32_t> defectVertices; ///< their vertices, ascending
    std::vector<StretchedEdge> worst;     ///< the worst of them, worst first
    bool defect() const { return defectEdges > 0; }
};

/// The largest edge stretch the bones alone (linear-blend skinning, no solver) cause on the
/// physics mesh and on the graphics mesh, over every clip (sampled at settings.framesPerSecond,
/// at most maxFramesPerClip times each) or, without clips, a procedural motion (each bone alone
/// turned by -45 and +45 degrees about the three axes). Clips must index skeleton (see
/// retargetClip). Edges shorter than 1e-4 of the diagonal are left out. Throws InputError when
/// either mesh has no bone weights or a weight names a bone the skeleton lacks. The result is
/// the same on any number of threads.
SkinnedStretchReport measureSkinnedStretch(const Skeleton &skeleton,
                                           const std::vector<AnimationClip> &clips,
                                           const GraphicsMesh &graphics, const PhysicsMesh &physics,
                                           const SkinnedStretchSettings &settings = {});
/// One line for a user: both figures and, for a defect, the worst edges with their vertices,
/// bones, clip and time.
std::string describeSkinnedStretch(const SkinnedStretchReport &report);

/// A region where a physics mesh joins parts of the garment that the bones move apart (an
/// iso-surface wrapping a hand resting on a thigh in one shell).
struct FusedRegion
{
    std::vector<uint32_t> triangles; ///< physics triangles holding a joining edge, ascending
    std::vector<std::string> bones;  ///< the dominant bones of the joining edges' ends, sorted
    float stretch = 1;               ///< the largest stretch of its joining edges
};

/// An edge joins two parts when the bones stretch it more than this times the graphics mesh's
/// own largest stretch: beyond what the garment's surface ever does (with a little room for a
/// chord or an offset surface).
constexpr float kFusedMargin = 1.05f;
/// A physics edge bridges a crease or gap of the surface when the surface points its ends stand
/// for lie more than this times its length apart.
constexpr float kBridgeFactor = 2.0f;

/// The regions where physics (an iso-surface or a custom mesh of graphics) joins parts of the
/// selected graphics surface that the bones move apart: edges whose ends stand for different
/// parts (pieces not joined by an edge or shared position, or split where weights change
/// sharply; see makePhysicsMesh) or for points of the surface more than kBridgeFactor times the
/// edge's length apart (a crease or gap bridged), and that the bones stretch beyond
/// kFusedMargin times the graphics mesh's largest stretch over the same poses (as
/// measureSkinnedStretch). Regions are the triangles holding such edges, connected through
/// shared vertices; worst first. Throws as measureSkinnedStretch.
std::vector<FusedRegion> findFusedRegions(const Skeleton &skeleton,
                                          const std::vector<AnimationClip> &clips,
                                          const GraphicsMesh &graphics,
                                          const PaintChannels &channels,
                                          const PhysicsMesh &physics,
                                          const SkinnedStretchSettings &settings = {});
/// One line: its size, stretch, bones and first triangles.
std::string describeFusedRegion(const FusedRegion &region);

} // namespace tweed
