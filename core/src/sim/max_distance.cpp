#include "tweed/sim/max_distance.h"

#include <algorithm>
#include <cmath>

namespace tweed {

Vec3 projectMaxDistance(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias)
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

float effectiveMaxDistance(const ClothData &cloth, uint32_t v, const SimulationSettings &settings,
                           float lodScale)
{
    return cloth.maxDistance[v] * settings.maxDistanceScale *
           (cloth.edge[v] ? settings.edgeMaxDistanceScale : 1.0f) * lodScale;
}

} // namespace tweed
