// The Max Distance constraint's shape: how far each vertex may leave its skinned position, and
// the closest point inside that shape. Shared by the solver and the measures of good cloth.
#pragma once

#include "tweed/math.h"
#include "tweed/sim/cloth_data.h"
#include "tweed/simulation_settings.h"

namespace tweed {

/// Closest point to p in the Max Distance shape around target t with unit normal n: a ball of
/// radius r, or with bias b a capsule along n (b < 0) or a disc across n (b > 0), each of
/// extent r along its long direction.
Vec3 projectMaxDistance(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias);

/// The Max Distance vertex v of `cloth` runs with: painted value times the settings' scale,
/// the edge scale on edge vertices and the physical LoD's scale (`lodScale`, 0..1).
float effectiveMaxDistance(const ClothData &cloth, uint32_t v, const SimulationSettings &settings,
                           float lodScale);

} // namespace tweed
