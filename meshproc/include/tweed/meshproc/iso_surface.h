// Iso-surface: one outer layer over a multi-layered garment, from a distance field.
#pragma once

#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/progress.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct IsoSurfaceSettings
{
    float voxelSize = 0; ///< metres; 0 = 1/128 of the bounding-box diagonal
    float offset = 0;    ///< metres from the garment to the extracted surface; 0 = one voxel
    float maxLayerGap = 0; ///< metres: layers closer than this collapse to the outer one;
                           ///< 0 = 4 voxels plus twice the offset
    SimplifySettings simplify; ///< with no target: an edge length of two voxels
    /// 0 keeps the outer layer; 1 moves each vertex inward to the medial surface of the shell
    /// it bounds (midway to where the shell ends inside, APEX's cloth from the iso-surface)
    float contraction = 0;
};

struct IsoSurfaceReport
{
    uint32_t gridX = 0, gridY = 0, gridZ = 0;
    uint32_t extractedTriangles = 0; ///< the whole shell around the garment
    uint32_t keptTriangles = 0;      ///< its outer layer, after closing gaps and removing slivers
    uint32_t droppedComponents = 0;  ///< small pieces of the outer layer left out
    SimplifyReport simplify;
    double secondsField = 0, secondsExtract = 0, secondsSimplify = 0;
};

/// One single outer layer over a (possibly multi-layered, open) garment. An unsigned distance
/// field of the triangles is extracted at the offset with surface nets, which wraps every layer
/// in a closed shell. Of that shell only the faces that look away from the body (the closest
/// bone segment; the vertical axis through the garment's centre when there are no bones) and
/// are not covered by another layer within maxLayerGap further out are kept: one open sheet
/// following the outer silhouette, whatever holes the garment has, since no inside/outside test
/// is made. Pieces under 2% of the faces are dropped, non-manifold vertices split, gaps with a
/// perimeter under 6 voxels closed (single faces the layer choice dropped, not openings), the
/// rim smoothed and the slivers that leaves collapsed or flipped; then the sheet is simplified.
/// Throws InputError for a non-positive or absurd voxel size.
PhysicsGeometry isoSurface(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                           const std::vector<BoneSegment> &body, const IsoSurfaceSettings &settings,
                           IsoSurfaceReport *report = nullptr,
                           const ProgressCallback &progress = {});

} // namespace tweed
