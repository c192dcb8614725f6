// Internal to the cloth solver: the constraints the per-vertex pass applies to one movable
// vertex at the end of a substep, each a function of its own, in the order the pass runs them
// (see ClothInstance::Impl::finishVertex): collision volumes, backstop, Max Distance (last, so
// it always holds). The tethers before them run in the finish kernel (constraint_kernels.h).
// Inline: the pass calls them once per vertex near a volume or outside its shapes.
#pragma once

#include "particle.h"

#include "tweed/math.h"
#include "tweed/sim/colliders.h"
#include "tweed/sim/max_distance.h"

#include <algorithm>
#include <cmath>

namespace tweed::sim {

/// Pushes x out of a collision volume. A contact keeps the velocity's outward normal part and
/// the tangential part less friction; pushing out of the volume itself adds no velocity (else a
/// deep start or a fast volume would launch the cloth): prev moves to match.
inline void applyCollision(const ColliderPose &pose, float friction, Vec3 &x, P4 &prev)
{
    const Vec3 before = x;
    Vec3 nrm;
    if (pushOutOfCollider(pose, x, &nrm)) {
        const Vec3 vel = before - v3(prev);
        const float vn = dot(vel, nrm);
        const Vec3 tangential = vel - nrm * vn;
        setXyz(prev, x - tangential * (1.0f - friction) - nrm * std::max(vn, 0.0f));
    }
}

/// The centre of the backstop sphere of `radius` whose surface lies `distance` behind the
/// target t along its unit normal n.
inline Vec3 backstopCentre(const Vec3 &t, const Vec3 &n, float radius, float distance)
{
    return t - n * (distance + radius);
}

/// Moves x out of the backstop sphere to its surface (along the normal n from the centre when x
/// sits on it).
inline void applyBackstop(const Vec3 &centre, const Vec3 &n, float radius, Vec3 &x)
{
    const Vec3 delta = x - centre;
    const float len2 = lengthSquared(delta);
    if (len2 < radius * radius) {
        const float len = std::sqrt(len2);
        x = len > kTiny ? centre + delta * (radius / len) : centre + n * radius;
    }
}

/// How far p is outside the Max Distance shape (<= 0 inside).
inline float maxDistanceExcess(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias)
{
    return distance(projectMaxDistance(p, t, n, r, bias), p);
}

/// Moves x into its Max Distance shape (see projectMaxDistance).
inline void applyMaxDistance(const Vec3 &t, const Vec3 &n, float r, float bias, Vec3 &x)
{
    x = projectMaxDistance(x, t, n, r, bias);
}

/// After Max Distance, which may have pulled x into the backstop sphere again: moves it to the
/// sphere's surface at the same distance from the target t, on the side x lies (the circle where
/// the sphere meets the ball of that radius around t, at x's angle about the normal n). So x keeps
/// its offset from t, which Max Distance allowed, and moves continuously with x: a target on the
/// sphere's surface (backstop distance 0) no longer snaps x onto t, which tore it from its
/// neighbours. Where no such circle exists (a target inside the sphere, closer than that), x
/// goes to t.
inline void keepOutOfBackstop(const Vec3 &t, const Vec3 &n, const Vec3 &centre, float radius,
                              Vec3 &x)
{
    if (lengthSquared(x - centre) >= radius * radius * (1.0f - 1e-6f))
        return;
    const Vec3 rel = x - t;
    const float offset2 = lengthSquared(rel);          // the circle's distance from t, squared
    const float d = dot(t - centre, n);                // centre to t: radius + distance
    const float behind = d - radius;                   // the backstop distance
    if (d <= kTiny) {
        x = t;
        return;
    }
    // The circle's plane lies h behind t along n; computed from t, not from the centre, so that
    // a Max Distance of a millimetre on a sphere of half a metre keeps its precision.
    const float h = (behind * (2 * radius + behind) + offset2) / (2 * d);
    const float rho2 = offset2 - h * h;
    if (rho2 < 0) {
        x = t;
        return;
    }
    Vec3 across = rel - n * dot(rel, n);
    float len = length(across);
    if (len <= kTiny) { // on the axis: any side will do
        across = cross(n, std::abs(n.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0});
        len = length(across);
    }
    x = t - n * h + across * (std::sqrt(rho2) / len);
}

/// For a biased Max Distance shape, which the circle of keepOutOfBackstop may leave: after Max
/// Distance again, moves x along the segment towards the target t to the sphere's surface
/// (inside both shapes when t is outside the sphere, the Max Distance shape being convex and
/// containing t); onto t when t is on the sphere or inside it.
inline void retreatOutOfBackstop(const Vec3 &t, const Vec3 &centre, float radius, Vec3 &x)
{
    if (lengthSquared(x - centre) >= radius * radius * (1.0f - 1e-6f))
        return;
    const Vec3 dir = x - t, o = t - centre;
    const float A = lengthSquared(dir), B = 2 * dot(o, dir), C = lengthSquared(o) - radius * radius;
    const float disc = B * B - 4 * A * C;
    x = A > kTiny && disc >= 0 ? t + dir * std::clamp((-B - std::sqrt(disc)) / (2 * A), 0.0f, 1.0f)
                               : t;
}

} // namespace tweed::sim
