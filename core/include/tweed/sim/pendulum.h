// The pendulum bone: one Verlet particle a bone looks at (the hood of the Alan Wake jacket).
// The particle hangs at the bone's length from the bone's origin, swings under gravity and
// inertia, and stays within a cone around the animated direction (the bone's +y axis).
#pragma once

#include "tweed/collision.h"
#include "tweed/math.h"

namespace tweed {

struct PendulumState
{
    Vec3 particle;       ///< model space, metres
    Vec3 previous;       ///< the particle one substep ago
    Vec3 origin;         ///< the bone's origin at the last update
    bool started = false;
};

/// Advances the particle over dt (split into substeps of at most 1/240 s, the bone's origin
/// interpolated across them) for a bone now at model-space matrix boneGlobal. Returns the
/// model-space rotation that turns the animated +y axis towards the particle: apply it about
/// the bone's origin to the bone and its descendants.
Quat stepPendulum(const PendulumBone &bone, PendulumState &state, const Mat4 &boneGlobal,
                  const Vec3 &gravity, float dt);

/// Shortest-arc rotation taking unit vector a to unit vector b.
Quat rotationBetween(const Vec3 &a, const Vec3 &b);

} // namespace tweed
