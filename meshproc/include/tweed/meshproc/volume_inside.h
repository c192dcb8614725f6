// Collision volumes inside the body: how far a volume's surface lies outside the body meshes
// in the bind pose, shrinking a fitted volume until it lies inside them (within the collision
// thickness), and Auto-Fit's fit of a bone: fitVolume's volume shrunk inside the body, split
// in two along the bone where one ellipsoid cannot follow the shape.
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/collision_fit.h"
#include "tweed/mesh_distance.h"
#include "tweed/skeleton.h"

#include <string>
#include <vector>

namespace tweed {

/// The body in one pose: its bones' model-space matrices and its meshes as surfaces.
struct PosedBody
{
    std::vector<Mat4> boneGlobal;
    std::vector<MeshDistance> surfaces;
    int samples = 1024; ///< points on a volume's surface checked in this pose
};

/// The body meshes (skinned to `skeleton`) in the bind pose and, for each clip (indexing the
/// skeleton), every `step` seconds from its start to its end, checked on fewer points. Throws
/// InputError for a step that is not positive.
std::vector<PosedBody> bodyPoses(const Skeleton &skeleton,
                                 const std::vector<const GraphicsMesh *> &body,
                                 const std::vector<AnimationClip> &clips = {}, double step = 0.2);

/// Largest distance by which the surface of `volume` lies outside every body surface (0
/// inside) over the poses.
float volumeProtrusion(const CollisionVolume &volume, const std::vector<PosedBody> &poses);
/// The same in the skeleton's bind pose with the body meshes as they are stored.
float volumeProtrusion(const CollisionVolume &volume, const Skeleton &skeleton,
                       const std::vector<const GraphicsMesh *> &body);

/// `volume`, its centre moved deeper into the body (in the first pose), made smaller (per axis
/// for an ellipsoid, radius or length for a capsule) until no point of its surface lies outside
/// the body by more than `thickness` in any of the poses, or it is a millimetre thin. Planes
/// come back unchanged.
CollisionVolume shrinkInsideBody(const CollisionVolume &volume, const std::vector<PosedBody> &poses,
                                 float thickness);

struct InsideFitReport
{
    float protrusionBefore = 0; ///< metres, of fitVolume's volume
    float protrusionAfter = 0;  ///< metres, largest of the volumes returned
    bool split = false;         ///< two or more volumes were returned
};

/// fitVolume on `meshes` (the body, never the garment), its centre moved deeper into the body
/// where the bone's vertices lie on one side of it, shrunk inside the meshes within
/// `thickness` in the bind pose, or in `poses` when given (see bodyPoses: the meshes posed by
/// the clips, so that the volume stays inside while the body bends at the joints). An ellipsoid is
/// split in two along its longest axis (splitEllipsoid, each half shrunk) when the halves hold a
/// quarter more than the whole; they are named "<bone>" and
/// "<bone> 2". Throws as fitVolume does, and InputError when no volume of the shape can lie
/// inside the body near the bone's vertices.
std::vector<CollisionVolume> fitVolumesInside(const Skeleton &skeleton,
                                              const std::vector<const GraphicsMesh *> &meshes,
                                              int bone, CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report = nullptr,
                                              const std::vector<PosedBody> *poses = nullptr);
/// The same on a character's meshes chosen as fitVolume chooses them.
std::vector<CollisionVolume> fitVolumesInside(const Character &character, int bone,
                                              CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report = nullptr,
                                              const std::vector<PosedBody> *poses = nullptr);

/// Volumes of `shape` (ellipsoids unless told; not planes) inside the body (fitVolumesInside, the asset's collision thickness, in the bind
/// pose and five poses a second of every clip) on the named bones, or on every bone that
/// carries the garment (a skin weight of at least the fit's threshold); a volume replaces an
/// earlier one of its name. The body is the character meshes named in bodyNames, or those the
/// garment was not made of. Returns one line of report per volume (its protrusion, as fitted and
/// after) and per bone skipped. Throws InputError for an unknown mesh or bone, or when there is
/// no body mesh to fit to. A convex volume has `convexPlanes` planes.
std::vector<std::string> fitBodyVolumes(ClothingAsset &asset, const Character &character,
                                        const std::vector<std::string> &bodyNames,
                                        const std::vector<std::string> &boneNames = {},
                                        CollisionShape shape = CollisionShape::Ellipsoid,
                                        uint32_t convexPlanes = CollisionFitSettings{}.convexPlanes);

} // namespace tweed
