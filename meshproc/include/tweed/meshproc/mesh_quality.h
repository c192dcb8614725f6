// Measuring a triangle mesh: topology and triangle quality, the distance between two surfaces,
// and the boundary loops.
#pragma once

#include "tweed/math.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tweed {

/// Topology and triangle quality of a triangle mesh.
struct MeshQuality
{
    uint32_t vertices = 0;  ///< vertices used by triangles
    uint32_t triangles = 0;
    uint32_t components = 0;    ///< edge-connected
    uint32_t boundaryLoops = 0;
    uint32_t nonManifoldEdges = 0;    ///< edges with more than two triangles
    uint32_t nonManifoldVertices = 0; ///< vertices whose triangles form more than one fan
    float minAngleDegrees = 0;
    float edgeLengthMean = 0;   ///< metres
    float edgeLengthSpread = 0; ///< standard deviation / mean
};
MeshQuality measureMeshQuality(const std::vector<Vec3> &positions,
                               const std::vector<uint32_t> &indices);
/// Only the triangle figures of measureMeshQuality (triangles, smallest angle, edge length mean
/// and spread, the same values), without the topology: the rest stays 0.
MeshQuality measureTriangleQuality(const std::vector<Vec3> &positions,
                                   const std::vector<uint32_t> &indices);

/// Distance between two surfaces as fractions of the reference's bounding-box diagonal: the
/// largest and mean over the vertices, edge midpoints and triangle centroids of each surface to
/// the other surface (both directions). On at most maxThreads threads (0 = one per hardware
/// thread); the figures are the same on any number.
struct SurfaceError
{
    float max = 0;
    float mean = 0;
};
SurfaceError measureSurfaceError(const std::vector<Vec3> &positions,
                                 const std::vector<uint32_t> &indices,
                                 const std::vector<Vec3> &referencePositions,
                                 const std::vector<uint32_t> &referenceIndices,
                                 size_t maxThreads = 0);

/// One boundary loop: its vertices in order and its length in metres.
struct BoundaryLoop
{
    std::vector<uint32_t> vertices;
    float length = 0;
};
std::vector<BoundaryLoop> boundaryLoops(const std::vector<Vec3> &positions,
                                        const std::vector<uint32_t> &indices);

} // namespace tweed
