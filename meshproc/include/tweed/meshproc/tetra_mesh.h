// The soft-body path: a tetrahedral mesh of the volume inside the iso-surface, and the
// graphics mesh bound to it by APEX's tetra skinning.
//
// The mesher is Tweed's own (TetGen is AGPL, CGAL's Mesh_3 GPL): the iso grid's cells inside
// the surface, each cut into six tetrahedra around its main diagonal (the Kuhn split, which
// neighbouring cubes share face by face), then the boundary vertices moved onto the iso-surface
// one at a time, each move shortened until no tetrahedron around the vertex is inverted or
// flattened below a tenth of its volume.
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/progress.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct TetraMeshSettings
{
    float voxelSize = 0; ///< metres, the tetrahedra's cube edge; 0 = 1/24 of the box diagonal
    /// metres the solid reaches beyond the surface; 0 = none for a closed surface (its inside
    /// is the solid), one voxel for an open one (a slab around it)
    float offset = 0;
};

struct TetraMeshReport
{
    uint32_t gridX = 0, gridY = 0, gridZ = 0;
    bool closedSurface = false;     ///< the triangles enclose a volume (their inside is filled)
    uint32_t tetrahedra = 0;
    uint32_t snappedVertices = 0;   ///< boundary vertices moved all the way onto the surface
    double volume = 0;              ///< m^3, the tetrahedra's total
    float smallestVolumeRatio = 0;  ///< smallest tetrahedron volume over a cube's sixth
};

/// The tetrahedra (PhysicsGeometry::tetrahedra, positively oriented) of the solid the
/// triangles bound (or the slab around them, for an open surface); the geometry's triangles
/// are its boundary, facing out. Throws InputError for no triangles, an absurd voxel or a
/// solid the grid misses.
PhysicsGeometry tetraMesh(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                          const TetraMeshSettings &settings, TetraMeshReport *report = nullptr,
                          const ProgressCallback &progress = {});

/// APEX's tetra skinning: every graphics vertex bound to the tetrahedron of physics that
/// encloses it (the nearest one for a vertex outside), with the barycentric coordinates of its
/// position and of its normal and tangent points. At rest, applyTetraSkinMap reproduces the
/// graphics mesh. Fills the skin-map fields of physics.report (offsets: distances outside the
/// tetrahedra). Throws InputError when physics has no tetrahedra.
SkinMap buildTetraSkinMap(const GraphicsMesh &mesh, PhysicsMesh &physics,
                          SkinMapReport *report = nullptr);

} // namespace tweed
