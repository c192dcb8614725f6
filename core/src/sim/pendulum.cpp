#include "tweed/sim/pendulum.h"

#include <algorithm>
#include <cmath>

namespace tweed {

Quat rotationBetween(const Vec3 &a, const Vec3 &b)
{
    const float c = dot(a, b);
    if (c < -0.999999f) {
        // Opposite: half a turn about any axis perpendicular to a.
        const Vec3 helper = std::abs(a.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
        return axisAngle(normalize(cross(a, helper)), kPi);
    }
    const Vec3 axis = cross(a, b);
    return normalize(Quat{axis.x, axis.y, axis.z, 1.0f + c});
}

Quat stepPendulum(const PendulumBone &bone, PendulumState &state, const Mat4 &boneGlobal,
                  const Vec3 &gravity, float dt)
{
    const Vec3 origin = boneGlobal.column(3);
    Vec3 animated = normalize(boneGlobal.column(1));
    if (lengthSquared(animated) == 0.0f)
        animated = {0, 1, 0};
    const float len = std::max(bone.length, 1e-4f);
    if (!state.started || !isFinite(state.particle)) {
        state.particle = state.previous = origin + animated * len;
        state.origin = origin;
        state.started = true;
    }
    const float maxAngle = std::clamp(bone.maxAngleDegrees, 0.0f, 180.0f) * kPi / 180.0f;
    const int substeps = std::clamp(int(std::ceil(std::max(dt, 0.0f) * 240.0f)), 1, 64);
    const float h = std::max(dt, 0.0f) / float(substeps);
    const float keep = std::pow(1.0f - std::clamp(bone.damping, 0.0f, 1.0f), h);
    const Vec3 g = gravity * bone.gravityScale;
    for (int s = 1; s <= substeps; ++s) {
        const Vec3 o = lerp(state.origin, origin, float(s) / float(substeps));
        const Vec3 next = state.particle + (state.particle - state.previous) * keep + g * (h * h);
        state.previous = state.particle;
        Vec3 dir = normalize(next - o);
        if (lengthSquared(dir) == 0.0f)
            dir = animated;
        // Keep within the cone around the animated direction.
        const float cosAngle = dot(dir, animated);
        if (cosAngle < std::cos(maxAngle)) {
            Vec3 side = normalize(dir - animated * cosAngle);
            if (lengthSquared(side) == 0.0f)
                side = normalize(cross(animated, std::abs(animated.x) < 0.9f ? Vec3{1, 0, 0}
                                                                             : Vec3{0, 1, 0}));
            dir = animated * std::cos(maxAngle) + side * std::sin(maxAngle);
        }
        state.particle = o + dir * len;
    }
    state.origin = origin;
    return rotationBetween(animated, normalize(state.particle - origin));
}

} // namespace tweed
