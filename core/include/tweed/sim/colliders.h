// Collision volumes placed in simulation space, and pushing points out of them. Each shape is
// solved in its own frame; ellipsoids in their unit-sphere space (scale by the inverse radii,
// project onto the unit sphere, scale back).
#pragma once

#include "tweed/collision.h"
#include "tweed/math.h"

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace tweed {

/// A volume at one instant: an orthonormal frame and the shape's sizes grown by the collision
/// thickness.
struct ColliderPose
{
    CollisionShape shape = CollisionShape::Sphere;
    Vec3 origin;
    Vec3 axisX{1, 0, 0}, axisY{0, 1, 0}, axisZ{0, 0, 1};
    Vec3 radii{0.1f, 0.1f, 0.1f}; ///< ellipsoid
    float radius = 0.1f;          ///< sphere, capsule, tapered capsule at -halfHeight
    float radius2 = 0.1f;         ///< tapered capsule at +halfHeight
    float halfHeight = 0.0f;
    /// Convex: the planes in the local frame, offsets grown by the thickness.
    std::array<Vec4, kMaxConvexPlanes> planes{};
    uint32_t planeCount = 0;
    /// Radius around origin outside which a point cannot touch the shape (infinite for planes).
    float boundingRadius = INFINITY;
};

/// The rigid frame of `volume` when its bone has model-space matrix `boneGlobal` (scale in the
/// bone is ignored; sizes are metres in model space). `thickness` grows every size.
Transform colliderFrame(const CollisionVolume &volume, const Mat4 &boneGlobal);
ColliderPose colliderPose(const CollisionVolume &volume, const Transform &frame, float thickness);

/// Moves p to the volume's surface when it is inside; returns whether it was, and the outward
/// surface normal there in *normal (when not null).
bool pushOutOfCollider(const ColliderPose &pose, Vec3 &p, Vec3 *normal = nullptr);
/// Signed distance from p to the volume's surface (negative inside). For ellipsoids measured in
/// unit-sphere space and scaled by the smallest radius: exact in sign, approximate in size.
float colliderDistance(const ColliderPose &pose, const Vec3 &p);

/// Where a sphere, capsule, tapered capsule or ellipsoid reaches through triangle abc between
/// its corners: the point of the triangle deepest in the volume, as barycentric weights, and the
/// move that takes that point out to the surface (for an ellipsoid, radially in its unit-sphere
/// space, as pushOutOfCollider moves a point).
struct TriangleContact
{
    Vec3 bary;
    Vec3 push;
};
/// Finds the contact of triangle abc with the volume; false when the triangle is clear of it,
/// when the deepest point is a corner (a point's own push handles it) or the shape is another.
/// A tapered capsule takes the radius at the point of its axis nearest the triangle.
bool triangleContact(const ColliderPose &pose, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                     TriangleContact &contact);
/// Whether triangleContact handles the shape.
bool triangleContactShape(CollisionShape shape);

/// What makes `planes` unusable as a convex volume ("" when nothing): too few or too many
/// planes, a normal that is not unit length or an offset that is not finite, or an unbounded
/// or empty intersection.
std::string convexPlanesProblem(const std::vector<Vec4> &planes);
/// The corners of the convex volume (the points where three planes meet inside every other);
/// empty when the planes do not enclose a bounded volume.
std::vector<Vec3> convexCorners(const std::vector<Vec4> &planes);
/// The six planes of a box with half extents `half` (+x, -x, +y, -y, +z, -z).
std::array<Vec4, 6> boxPlanes(const Vec3 &half);

} // namespace tweed
