// Collision volumes inside the body: how far a volume's surface lies outside the body meshes
// in the bind pose, shrinking a fitted volume until it lies inside them (within the collision
// thickness), and Auto-Fit's fit of a bone: fitVolume's volume shrunk inside the body, split
// in two along the bone where one ellipsoid cannot follow the shape.
#pragma once

#include "tweed/collision_fit.h"
#include "tweed/mesh_distance.h"

#include <vector>

namespace tweed {

/// The body meshes in their bind pose as surfaces to measure against.
std::vector<MeshDistance> bindPoseSurfaces(const std::vector<const GraphicsMesh *> &body);

/// Largest distance by which the surface of `volume` lies outside every one of the body
/// surfaces (0 inside), its bone at model-space matrix `boneGlobal`.
float volumeProtrusion(const CollisionVolume &volume, const Mat4 &boneGlobal,
                       const std::vector<MeshDistance> &body);
/// The same in the skeleton's bind pose with the body meshes as they are stored.
float volumeProtrusion(const CollisionVolume &volume, const Skeleton &skeleton,
                       const std::vector<const GraphicsMesh *> &body);

/// `volume`, its centre moved deeper into the body, made smaller (per axis for an ellipsoid,
/// radius or length for a capsule) until no
/// point of its surface lies outside the body by more than `thickness` in the bind pose, or it
/// is a millimetre thin. Planes come back unchanged.
CollisionVolume shrinkInsideBody(const CollisionVolume &volume, const Skeleton &skeleton,
                                 const std::vector<MeshDistance> &body, float thickness);

struct InsideFitReport
{
    float protrusionBefore = 0; ///< metres, of fitVolume's volume
    float protrusionAfter = 0;  ///< metres, largest of the volumes returned
    bool split = false;         ///< two or more volumes were returned
};

/// fitVolume on `meshes` (the body, never the garment), its centre moved deeper into the body
/// where the bone's vertices lie on one side of it, shrunk inside the meshes within
/// `thickness`. An ellipsoid is split in two along its longest axis (splitEllipsoid, each half
/// shrunk) when the halves hold a quarter more than the whole; they are named "<bone>" and
/// "<bone> 2". Throws as fitVolume does, and InputError when no volume of the shape can lie
/// inside the body near the bone's vertices.
std::vector<CollisionVolume> fitVolumesInside(const Skeleton &skeleton,
                                              const std::vector<const GraphicsMesh *> &meshes,
                                              int bone, CollisionShape shape,
                                              const CollisionFitSettings &settings,
                                              float thickness, InsideFitReport *report = nullptr);
/// The same on a character's meshes chosen as fitVolume chooses them.
std::vector<CollisionVolume> fitVolumesInside(const Character &character, int bone,
                                              CollisionShape shape,
                                              const CollisionFitSettings &settings,
                                              float thickness, InsideFitReport *report = nullptr);

} // namespace tweed
