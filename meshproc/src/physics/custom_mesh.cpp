// Custom physics mesh: read from its own file and checked against the graphics mesh.
#include "tweed/errors.h"
#include "tweed/meshproc/custom_mesh.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/weld.h"

namespace tweed {

PhysicsGeometry loadCustomMesh(const std::string &path, float weldTolerance,
                               const std::vector<Vec3> &graphicsPositions,
                               const std::vector<uint32_t> &graphicsIndices,
                               CustomMeshReport *report)
{
    // importCharacter brings the file to metres and Y-up like the character itself.
    const GraphicsMesh merged = mergeAllMeshes(importCharacter(path));
    if (merged.indices.empty())
        throw FileError(path, "has no triangles to make a physics mesh of");
    PhysicsGeometry geometry = weldGeometry(merged, {}, weldTolerance);
    // Its vertices are not graphics vertices: every value comes by closest point.
    geometry.sourceVertex.assign(geometry.positions.size(), PhysicsGeometry::kNoSource);
    if (report) {
        report->vertices = uint32_t(geometry.vertexCount());
        report->triangles = uint32_t(geometry.triangleCount());
        report->distanceToGraphics = measureSurfaceError(geometry.positions, geometry.indices,
                                                         graphicsPositions, graphicsIndices);
    }
    return geometry;
}

} // namespace tweed
