// Collision volumes attached to bones: the body the garment rests on.
#pragma once

#include "tweed/math.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

enum class CollisionShape : uint8_t {
    Ellipsoid,      ///< radii along the local x, y, z axes (the default: fits limbs and torsos)
    Sphere,         ///< radius
    Capsule,        ///< radius, halfHeight along local y
    TaperedCapsule, ///< radius at -halfHeight, radius2 at +halfHeight, along local y
    Plane,          ///< local y is the normal; the half space below is solid
    Box,            ///< half extents radii.x, radii.y, radii.z along the local axes
    Convex,         ///< the intersection of the half spaces in CollisionVolume::planes
};

/// Most planes a convex volume may have.
constexpr size_t kMaxConvexPlanes = 32;

std::string_view shapeName(CollisionShape s);
std::optional<CollisionShape> shapeFromName(std::string_view name);

struct CollisionVolume
{
    std::string name;
    CollisionShape shape = CollisionShape::Ellipsoid;
    int bone = -1;   ///< index into the skeleton; -1 means fixed in model space
    Transform local; ///< relative to the bone (scale unused; use the radii)
    Vec3 radii{0.1f, 0.1f, 0.1f}; ///< ellipsoid radii, metres
    float radius = 0.1f;          ///< sphere/capsule radius, metres
    float radius2 = 0.1f;         ///< tapered capsule's second radius, metres
    float halfHeight = 0.1f;      ///< capsule half length of the axis, metres
    /// Convex only: local-space planes (unit normal x, y, z; offset w in metres); the solid is
    /// where dot(normal, p) <= offset for every plane. Bounded, at most kMaxConvexPlanes.
    std::vector<Vec4> planes;
    friend bool operator==(const CollisionVolume &, const CollisionVolume &) = default;
};

/// A single Verlet particle a bone aims at (a hood, a ponytail): the bone's local +y axis
/// follows the particle, which swings under gravity and inertia.
struct PendulumBone
{
    int bone = -1;                  ///< the bone that is turned
    float length = 0.2f;            ///< metres from the bone's origin to the particle
    float damping = 0.1f;           ///< 0..1 velocity loss per second
    float gravityScale = 1.0f;      ///< multiplies the simulation's gravity
    float maxAngleDegrees = 60.0f;  ///< largest swing away from the animated direction
    friend bool operator==(const PendulumBone &, const PendulumBone &) = default;
};

/// The upper-jacket rig (seed 000): bones driven from the animated skeleton before the cloth.
enum class RigConstraintKind : uint8_t {
    LookAt,   ///< the bone turns so that its rest aim points at target's point (or down)
    Position, ///< the bone and target are kept at their rest distance
};

std::string_view rigKindName(RigConstraintKind k);
std::optional<RigConstraintKind> rigKindFromName(std::string_view name);

/// One rig constraint. Look-at: the direction from the bone's origin to the point at the rest
/// pose, fixed in the bone, is turned towards the point now (or towards straight down, the
/// world's -y, when target is -1); the bone's descendants follow. Position: the two bones'
/// origins are moved apart or together along the line between them to their rest distance.
/// Constraints run top-down (see bone_rig.h), then the pendulum bones, then the cloth.
struct RigConstraint
{
    RigConstraintKind kind = RigConstraintKind::LookAt;
    int bone = -1;   ///< the driven bone
    int target = -1; ///< look-at: the bone carrying the point, -1 for straight down;
                     ///< position: the other bone
    Vec3 point{};    ///< look-at: the point in target's local frame, metres
    float weight = 1.0f; ///< 0..1: share of the correction applied (1 aims exactly)
    friend bool operator==(const RigConstraint &, const RigConstraint &) = default;
};

} // namespace tweed
