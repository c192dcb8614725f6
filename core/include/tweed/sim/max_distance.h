// The Max Distance constraint's shape: how far each vertex may leave its skinned position, and
// the closest point inside that shape. Shared by the solver and the measures of good cloth.
#pragma once

#include "tweed/math.h"
#include "tweed/sim/cloth_data.h"
#include "tweed/simulation_settings.h"

#include <algorithm>
#include <cmath>

namespace tweed {

/// Closest point to p in the Max Distance shape around target t with unit normal n: a ball of
/// radius r, or with bias b a capsule along n (b < 0) or a disc across n (b > 0), each of
/// extent r along its long direction. Inline: the solver calls it per vertex and iteration.
inline Vec3 projectMaxDistance(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias)
{
    const Vec3 d = p - t;
    Vec3 core{};
    if (bias < 0) {
        const float h = r * -bias;
        core = n * std::clamp(dot(d, n), -h, h);
    } else if (bias > 0) {
        const float h = r * bias;
        const Vec3 tangential = d - n * dot(d, n);
        const float tl = length(tangential);
        core = tl > h ? tangential * (h / tl) : tangential;
    }
    const float radius = r * (1.0f - std::abs(bias));
    const Vec3 rel = d - core;
    const float len2 = lengthSquared(rel);
    if (len2 <= radius * radius) return p;
    const float len = std::sqrt(len2);
    return t + core + rel * (radius / len);
}

/// The Max Distance vertex v of `cloth` runs with: painted value times the settings' scale,
/// the edge scale on edge vertices and the physical LoD's scale (`lodScale`, 0..1).
inline float effectiveMaxDistance(const ClothData &cloth, uint32_t v,
                                  const SimulationSettings &settings, float lodScale)
{
    return cloth.maxDistance[v] * settings.maxDistanceScale *
           (cloth.edge[v] ? settings.edgeMaxDistanceScale : 1.0f) * lodScale;
}

} // namespace tweed
