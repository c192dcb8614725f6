// Weld: a physics mesh from the selected graphics triangles with coincident vertices merged.
#pragma once

#include "tweed/mesh.h"
#include "tweed/meshproc/physics_geometry.h"

#include <vector>

namespace tweed {

/// Weld: vertices within settings.weldTolerance merged, never creating non-manifold vertices.
/// Triangles are glued across an edge in pairs of consistently oriented, not folded triangles
/// (or where the graphics mesh already shared it); where more than two meet, the pairs whose
/// faces agree best first. Coincident sheets and sheets touching at a vertex stay apart.
/// Triangles collapsed by the weld are dropped.
PhysicsGeometry weldGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected,
                             float tolerance);

} // namespace tweed
