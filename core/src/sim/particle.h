// Internal to the cloth solver: a particle or target as one aligned row of four floats, the
// layout every kernel and per-vertex pass reads.
#pragma once

#include "tweed/math.h"

namespace tweed::sim {

/// A particle or target: position and, in w, the inverse mass (targets: unused).
struct alignas(16) P4
{
    float x, y, z, w;
};

/// Below this a squared length gives no direction.
constexpr float kTiny = 1e-20f;

inline Vec3 v3(const P4 &p) { return {p.x, p.y, p.z}; }
inline void setXyz(P4 &p, const Vec3 &v)
{
    p.x = v.x;
    p.y = v.y;
    p.z = v.z;
}

} // namespace tweed::sim
