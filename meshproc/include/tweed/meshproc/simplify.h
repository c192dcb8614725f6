// Simplify: quadric error edge collapse to a target size, then edge flips and tangential
// relaxation back onto the input surface.
#pragma once

#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/progress.h"

#include <cstdint>

namespace tweed {

struct SimplifySettings
{
    uint32_t targetVertices = 0; ///< 0 = derive from targetEdgeLength
    float targetEdgeLength = 0;  ///< metres, used when targetVertices is 0
    float maxNormalChangeDegrees = 60; ///< a collapse turning a triangle more is refused
    /// No collapse makes a triangle with a smaller angle, except where the input had such
    /// triangles: the collapses leave no more of them than the input had, and none with an
    /// angle under the input's smallest (the flips and moves after them only raise the
    /// smallest angle around them).
    /// 0 to 30 degrees.
    float minAngleDegrees = 8;
    uint32_t relaxPasses = 3;    ///< edge-flip and tangential relaxation passes after collapsing
    bool measureError = true;    ///< fill SimplifyReport::error (costs a closest-point search)
    uint32_t threads = 0;        ///< at most this many threads (the error measure too), 0 = one
                                 ///< per hardware thread; the result is the same on any number
};

struct SimplifyReport
{
    uint32_t verticesBefore = 0, verticesAfter = 0;
    /// The target (derived from the edge length when that was given); verticesAfter stays above
    /// it when no further collapse keeps the bounds (angle, normal change, manifold).
    uint32_t targetVertices = 0;
    uint32_t trianglesBefore = 0, trianglesAfter = 0;
    uint32_t collapses = 0;
    uint32_t flips = 0;
    SurfaceError error;
    float minAngleDegrees = 0;
    float edgeLengthSpread = 0;
    /// Wall time of the phases: set-up (ordering, quadrics, boundaries), the passes of
    /// independent collapses, the collapses in exact cost order, and the rest (the mesh written
    /// back, flips and relaxation); the report's measures after them are not counted.
    double secondsSetup = 0, secondsPasses = 0, secondsExact = 0, secondsFinish = 0;
};

/// Quadric error (Garland-Heckbert) edge collapse to the target, with optimal placement, boundary
/// vertices kept on their boundary, no flipped normals and no non-manifold results, then passes
/// of edge flips and tangential relaxation projected back onto the input surface. The geometry
/// is changed in place; moved vertices lose their source vertex, and each vertex gets the region
/// of the input vertices collapsed into it (their source vertices and regions). Throws InputError when neither
/// target is set or a target is negative or not finite.
SimplifyReport simplify(PhysicsGeometry &geometry, const SimplifySettings &settings,
                        const ProgressCallback &progress = {});

} // namespace tweed
