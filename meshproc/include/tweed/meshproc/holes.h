// Closing the holes of a physics mesh that are not the garment's openings.
#pragma once

#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct CloseHolesSettings
{
    float maxLength = 0; ///< metres: loops shorter than this are closed
    std::vector<uint32_t> loops; ///< indices into boundaryLoops() closed in addition
};

struct CloseHolesReport
{
    std::vector<BoundaryLoop> loops; ///< every boundary loop before closing
    uint32_t closed = 0;
    uint32_t trianglesAdded = 0;
    float minAngleDegrees = 0; ///< smallest angle of the added triangles (0 when none added)
};

/// Closes the chosen boundary loops by ear clipping, always cutting the ear with the best
/// smallest angle; the others (a garment's real openings) stay open.
CloseHolesReport closeHoles(PhysicsGeometry &geometry, const CloseHolesSettings &settings);

} // namespace tweed
