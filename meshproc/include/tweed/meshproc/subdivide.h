// Subdivision of a physics mesh: midpoint or Loop, each triangle split into four per round.
#pragma once

#include "tweed/meshproc/physics_geometry.h"

#include <cstdint>

namespace tweed {

enum class SubdivisionScheme : uint8_t { Midpoint, Loop };

struct SubdivideSettings
{
    uint32_t rounds = 1;
    SubdivisionScheme scheme = SubdivisionScheme::Midpoint;
};

struct SubdivideReport
{
    uint32_t verticesBefore = 0, verticesAfter = 0;
    uint32_t trianglesAfter = 0;
};

/// Splits each triangle into four per round. Loop smooths interior vertices and keeps boundary
/// curves on the boundary (the cubic B-spline rule); Midpoint keeps the shape exactly.
SubdivideReport subdivide(PhysicsGeometry &geometry, const SubdivideSettings &settings);

} // namespace tweed
