// Fitting collision volumes to the body: the vertices a bone drives, their principal axes, and
// an ellipsoid, sphere, capsule, tapered capsule, box or convex hull that holds a chosen share of them, placed in
// the bone's bind-pose frame. Also splitting an ellipsoid in two along its longest axis.
#pragma once

#include "tweed/collision.h"
#include "tweed/math.h"
#include "tweed/mesh.h"

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace tweed {

struct CollisionFitSettings
{
    /// A vertex belongs to the bone when the bone's skin weight is at least this (0..1]; the
    /// weight also weighs the vertex in the fit.
    float weightThreshold = 0.3f;
    /// Share (0..1] of the bone's weighted vertices the volume holds; the rest (outliers at the
    /// joints) may poke out.
    float coverage = 0.95f;
    /// Convex volumes: how many planes bound the hull (6..kMaxConvexPlanes); the first six
    /// are a box along the principal axes, each further plane cuts the deepest corner off.
    uint32_t convexPlanes = 16;
    /// Character meshes fitted to (indices into Character::meshes); empty = every skinned mesh.
    std::vector<int> meshes;
};

struct CollisionFitReport
{
    uint32_t vertices = 0;  ///< vertices at or above the weight threshold
    float coveredShare = 0; ///< weighted share of them inside the fitted volume
    Vec3 principalStdDev;   ///< standard deviations along the principal axes, largest first
};

/// Eigen-decomposition of a symmetric 3x3 matrix (row-major a[row][col]) by cyclic Jacobi
/// rotations: eigenvalues sorted from largest to smallest, eigenvectors[i] belonging to
/// eigenvalues[i], unit length and forming a right-handed frame.
struct SymmetricEigen
{
    std::array<double, 3> eigenvalues{};
    std::array<Vec3, 3> eigenvectors{};
};
SymmetricEigen symmetricEigen3(const std::array<std::array<double, 3>, 3> &a);

/// The character meshes a fit uses: settings.meshes, or every skinned mesh when it is empty.
/// Throws InputError for a mesh index out of range.
std::vector<const GraphicsMesh *> fitMeshes(const Character &character,
                                            const CollisionFitSettings &settings);

/// Fits a volume of `shape` (not Plane) to the vertices bone drives in the character's meshes,
/// in the bind pose. The volume's frame is relative to the bone's bind pose
/// (inverse(inverseBind)); its local y axis is the principal (longest) axis, pointing away from
/// the bone's origin. Named after the bone. Throws InputError for a bad bone index, a Plane, a
/// bad setting, or a bone that drives no vertex above the threshold.
CollisionVolume fitVolume(const Character &character, int bone, CollisionShape shape,
                          const CollisionFitSettings &settings = {},
                          CollisionFitReport *report = nullptr);
/// The same with an explicit skeleton and meshes (the asset's skeleton, a garment).
CollisionVolume fitVolume(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &meshes,
                          int bone, CollisionShape shape, const CollisionFitSettings &settings = {},
                          CollisionFitReport *report = nullptr);

/// Two ellipsoids along the longest axis of an ellipsoid whose union holds the whole original
/// and spans the same length along that axis (their cross-sections grow a little so the waist
/// is covered). Names get " 1" and " 2". Throws InputError when volume is not an ellipsoid.
std::pair<CollisionVolume, CollisionVolume> splitEllipsoid(const CollisionVolume &volume);

} // namespace tweed
