// Collision volumes inside the body: how far a volume's surface lies outside the body meshes
// in the bind pose, shrinking a fitted volume until it lies inside them (within the collision
// thickness), and Auto-Fit's fit of a bone: fitVolume's volume shrunk inside the body, split
// in two along the bone where one ellipsoid cannot follow the shape.
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/collision_fit.h"
#include "tweed/mesh_distance.h"
#include "tweed/progress.h"
#include "tweed/skeleton.h"

#include <string>
#include <vector>

namespace tweed {

/// The body in one pose: its bones' model-space matrices and its meshes as surfaces.
struct PosedBody
{
    std::vector<Mat4> boneGlobal;
    std::vector<MeshDistance> surfaces;
    int samples = 256; ///< points on a volume's surface checked in this pose
};

/// Frames a second at which a fit checks the clips' poses: the rate `tweed-cli qa` measures at
/// by default, so that the fit and the measure see the same frames.
constexpr double kFitFramesPerSecond = 60.0;

/// The body meshes (skinned to `skeleton`) over the clips: the bind pose, then for each clip the
/// frames 0 to ceil(duration * fps) at clipFrameTime (the frames ClipSimulation plays and the
/// measures take). Only bone matrices are kept per pose; the surfaces are posed on demand. The
/// skeleton, meshes and clips must outlive it. Throws InputError for a rate that is not positive.
class BodyMotion
{
public:
    BodyMotion(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &body,
               const std::vector<AnimationClip> &clips = {},
               double framesPerSecond = kFitFramesPerSecond);

    size_t poseCount() const { return mSkinning.size(); }
    /// The clip of a pose (index into the clips given), -1 for the bind pose.
    int clipOf(size_t pose) const { return mClip[pose]; }
    const std::string &clipName(int clip) const { return mClipNames[size_t(clip)]; }
    size_t clipCount() const { return mClipNames.size(); }
    /// The bones' model-space matrices in a pose.
    const std::vector<Mat4> &boneGlobal(size_t pose) const { return mBoneGlobal[pose]; }
    /// The meshes skinned to a pose, one position list per mesh with triangles.
    void positions(size_t pose, std::vector<std::vector<Vec3>> &out) const;
    /// The surfaces at rest, one per mesh with triangles (posed with MeshDistance::refit).
    const std::vector<MeshDistance> &restSurfaces() const { return mRest; }
    /// A pose with its surfaces built.
    PosedBody posed(size_t pose) const;
    /// The longest triangle edge of the meshes at rest, metres.
    float longestEdge() const { return mLongestEdge; }

private:
    std::vector<const GraphicsMesh *> mMeshes;
    std::vector<MeshDistance> mRest;
    std::vector<std::vector<Mat4>> mSkinning, mBoneGlobal;
    std::vector<int> mClip;
    std::vector<std::string> mClipNames;
    float mLongestEdge = 0;
};

/// The body meshes in the bind pose and, for each clip, every `step` seconds from its start to
/// its end. Throws InputError for a step that is not positive.
std::vector<PosedBody> bodyPoses(const Skeleton &skeleton,
                                 const std::vector<const GraphicsMesh *> &body,
                                 const std::vector<AnimationClip> &clips = {}, double step = 0.2);

/// Largest distance by which the surface of `volume` lies outside the body, in every pose of the
/// motion (the bind pose and each clip's frames), on the same surface points and body surfaces
/// as the measures (volumeSurfaceSamples, the union of the body meshes): what `tweed-cli qa`
/// reports as volume_protrusion_m at the motion's frame rate. `perClip` (when given) gets the
/// largest per clip.
float volumeProtrusion(const CollisionVolume &volume, const BodyMotion &motion,
                       std::vector<float> *perClip = nullptr);
/// The same for several volumes at once (each pose is posed once): one value per volume.
std::vector<float> volumeProtrusions(const std::vector<CollisionVolume> &volumes,
                                     const BodyMotion &motion,
                                     std::vector<std::vector<float>> *perClip = nullptr);

/// Largest distance by which the surface of `volume` lies outside every body surface (0
/// inside) over the poses.
float volumeProtrusion(const CollisionVolume &volume, const std::vector<PosedBody> &poses);
/// The same in the skeleton's bind pose with the body meshes as they are stored.
float volumeProtrusion(const CollisionVolume &volume, const Skeleton &skeleton,
                       const std::vector<const GraphicsMesh *> &body);

/// `volume`, its centre moved deeper into the body (in the first pose), made smaller (per axis
/// for an ellipsoid or a box, radius or length for a capsule, at the end that sticks out, its
/// centre or axis moving inwards) until no point of its surface lies outside the body by more
/// than `thickness` in any of the poses, or it is a millimetre thin. Planes come back unchanged.
CollisionVolume shrinkInsideBody(const CollisionVolume &volume, const std::vector<PosedBody> &poses,
                                 float thickness);

struct InsideFitReport
{
    float protrusionBefore = 0; ///< metres, of fitVolume's volume (over the poses checked)
    float protrusionAfter = 0;  ///< metres, largest of the volumes returned
    bool split = false;         ///< two or more volumes were returned
    /// Per clip of the motion, how many of its poses the volumes were shrunk for (the poses
    /// beyond the bind pose where the fit first stuck out).
    std::vector<int> posesPerClip;
    int bindPoseShrinks = 0; ///< 1 when the bind pose alone made it shrink
    std::vector<float> protrusions; ///< metres, of each volume returned
};

/// fitVolume on `meshes` (the body, never the garment), its centre moved deeper into the body
/// where the bone's vertices lie on one side of it, shrunk inside the meshes within
/// `thickness` in the bind pose, or in every pose of `motion` when given (the meshes posed by
/// the clips' frames, so that the volume stays inside while the body bends at the joints; the
/// motion's meshes must be `meshes`). The poses are taken coarse to fine: shrunk on the bind
/// pose, then checked on every pose and shrunk again on the poses where it sticks out, until
/// none does. An ellipsoid is split in two along its longest axis (splitEllipsoid, each half
/// shrunk) when the halves hold a quarter more than the whole; they are named "<bone>" and
/// "<bone> 2". Throws as fitVolume does, and InputError when no volume of the shape can lie
/// inside the body near the bone's vertices.
std::vector<CollisionVolume> fitVolumesInside(const Skeleton &skeleton,
                                              const std::vector<const GraphicsMesh *> &meshes,
                                              int bone, CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report = nullptr,
                                              const BodyMotion *motion = nullptr);
/// One bone's result of fitBonesInside: its volumes and report, or why it has none.
struct BoneFit
{
    int bone = -1;
    std::vector<CollisionVolume> volumes;
    InsideFitReport report;
    std::string error; ///< the InputError fitVolumesInside would throw; empty when fitted
};
/// fitVolumesInside on several bones at once: each round poses the body once for all of them.
/// Throws InputError for a bad thickness; a bone that cannot be fitted gets its error.
/// `progress` hears of each round (Cancelled when it asks to stop).
std::vector<BoneFit> fitBonesInside(const Skeleton &skeleton,
                                    const std::vector<const GraphicsMesh *> &meshes,
                                    const std::vector<int> &bones, CollisionShape shape,
                                    const CollisionFitSettings &settings, float thickness,
                                    const BodyMotion *motion = nullptr,
                                    const ProgressCallback &progress = {});
/// The same on a character's meshes chosen as fitVolume chooses them, inside in the bind pose
/// and every frame of every clip of the character at kFitFramesPerSecond (as Auto Setup fits
/// them and the measures take them): the editor's Auto-Fit.
std::vector<BoneFit> fitBonesInside(const Character &character, const std::vector<int> &bones,
                                    CollisionShape shape, const CollisionFitSettings &settings,
                                    float thickness, const ProgressCallback &progress = {});
/// The same on a character's meshes chosen as fitVolume chooses them.
std::vector<CollisionVolume> fitVolumesInside(const Character &character, int bone,
                                              CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report = nullptr,
                                              const BodyMotion *motion = nullptr);

/// What capsulesOutOfSkinned did.
struct SegmentFitReport
{
    /// Deepest a skinned garment point (a vertex or an edge's midpoint) came inside a capsule
    /// as the bind pose sized it, grown by the thickness (its collision surface), over the
    /// motion's poses, metres; and the capsule's name.
    float deepestBefore = 0;
    std::string deepestCapsule;
    /// Per clip of the motion, the poses in which the garment came inside a capsule as the bind
    /// pose sized it.
    std::vector<int> posesPerClip;
    uint32_t changed = 0; ///< capsules made thinner or shorter to stay out of the garment
    uint32_t dropped = 0; ///< capsules no size of which stays out of the garment
};

/// Volumes for a garment with no body mesh: a capsule along each bone segment (a bone whose
/// parent carries the garment with a weight of at least 0.3 in `skin`, on the parent), a core of
/// 0.3 times the distance to the garment's nearest vertex around it in the bind pose
/// (`positions`) less the thickness, so that the cloth lagging its skinned place rarely meets
/// it. A capsule thinner
/// than 2 mm is left out. Throws InputError for a negative thickness or a skin of another size.
std::vector<CollisionVolume> boneSegmentCapsules(const Skeleton &skeleton,
                                                 const std::vector<Vec3> &positions,
                                                 const std::vector<BoneInfluence> &skin,
                                                 float thickness);

/// `capsules` kept inside the skinned garment (rest `positions`, triangles `indices`, bone
/// weights `skin`) in every pose of `motion` (its skeleton must be `skeleton`): each made
/// thinner, or shorter along its axis (the end near a bending joint gives way), as little as it
/// can (the most radius squared times length), until no vertex or edge midpoint of the skinned
/// garment comes inside its collision surface (the capsule grown by `thickness`) in any pose. A
/// capsule that cannot stay out thicker than 2 mm is dropped. Throws InputError for a volume
/// that is not a capsule on a bone of the skeleton, a negative thickness or a skin of another
/// size.
std::vector<CollisionVolume> capsulesOutOfSkinned(const std::vector<CollisionVolume> &capsules,
                                                  const Skeleton &skeleton,
                                                  const std::vector<Vec3> &positions,
                                                  const std::vector<uint32_t> &indices,
                                                  const std::vector<BoneInfluence> &skin,
                                                  float thickness, const BodyMotion &motion,
                                                  SegmentFitReport *report = nullptr);

/// Volumes of `shape` (ellipsoids unless told; not planes) inside the body (fitVolumesInside, the
/// asset's collision thickness, in the bind pose and every frame of every clip at
/// kFitFramesPerSecond) on the named bones, or on every bone that
/// carries the garment (a skin weight of at least the fit's threshold); a volume replaces an
/// earlier one of its name. The body is the character meshes named in bodyNames, or those the
/// garment was not made of. Returns one line of report per volume (its protrusion, as fitted and
/// after, whether it was split and the clips it was shrunk for) and per bone skipped. Throws InputError for an unknown mesh or bone, or when there is
/// no body mesh to fit to. A convex volume has `convexPlanes` planes.
std::vector<std::string> fitBodyVolumes(ClothingAsset &asset, const Character &character,
                                        const std::vector<std::string> &bodyNames,
                                        const std::vector<std::string> &boneNames = {},
                                        CollisionShape shape = CollisionShape::Ellipsoid,
                                        uint32_t convexPlanes = CollisionFitSettings{}.convexPlanes);

} // namespace tweed
