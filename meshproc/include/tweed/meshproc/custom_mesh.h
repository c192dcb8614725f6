// Custom mesh: a physics mesh read from its own file and placed in the character's space.
#pragma once

#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tweed {

struct CustomMeshReport
{
    uint32_t vertices = 0, triangles = 0;
    SurfaceError distanceToGraphics; ///< how far the custom mesh is from the graphics surface
};

/// A physics mesh read from its own file (any format importCharacter reads; every mesh of the
/// file, welded), placed in the character's space. Throws FileError for a missing or unreadable
/// file and InputError for one without triangles.
PhysicsGeometry loadCustomMesh(const std::string &path, float weldTolerance,
                               const std::vector<Vec3> &graphicsPositions,
                               const std::vector<uint32_t> &graphicsIndices,
                               CustomMeshReport *report = nullptr);

} // namespace tweed
