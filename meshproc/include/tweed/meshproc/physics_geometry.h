// A physics mesh's geometry while it is made: positions, triangles and, per vertex, the graphics
// vertex or the region of graphics vertices it stands for. Every physics-mesh path works on it.
#pragma once

#include "tweed/math.h"

#include <cstdint>
#include <vector>

namespace tweed {

/// A physics mesh's geometry plus, for each physics vertex made from graphics vertices, the
/// graphics vertex it came from (kNoSource when it was created, e.g. by simplification).
struct PhysicsGeometry
{
    static constexpr uint32_t kNoSource = 0xFFFFFFFFu;
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
    std::vector<uint32_t> sourceVertex;
    /// The graphics vertices of the piece of surface each vertex stands for (those simplification
    /// collapsed into it): region[regionStart[v]] .. region[regionStart[v + 1] - 1]. Empty when
    /// not known; a vertex with a source vertex is at that vertex whatever its region.
    std::vector<uint32_t> regionStart;
    std::vector<uint32_t> region;
    /// A soft body's tetrahedra, four indices each (the tetra path); empty otherwise.
    std::vector<uint32_t> tetrahedra;

    size_t vertexCount() const { return positions.size(); }
    size_t triangleCount() const { return indices.size() / 3; }
};

} // namespace tweed
