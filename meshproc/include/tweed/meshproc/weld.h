// Weld: a physics mesh from the selected graphics triangles with coincident vertices merged.
#pragma once

#include "tweed/mesh.h"
#include "tweed/meshproc/physics_geometry.h"

#include <vector>

namespace tweed {

/// Weld: vertices within settings.weldTolerance merged, never creating non-manifold vertices.
/// Triangles are glued across an edge only when exactly two consistently oriented, not folded
/// triangles meet there (or the graphics mesh already shared it), so coincident sheets and
/// sheets touching at a vertex stay apart. Triangles collapsed by the weld are dropped.
PhysicsGeometry weldGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected,
                             float tolerance);

} // namespace tweed
