// Physics mesh paths and the transfers between a graphics mesh and its physics mesh.
// Each path is a free function taking a settings struct; errors are typed (InputError).
#pragma once

#include "tweed/asset.h"
#include "tweed/progress.h"

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
};

/// Immediate: the selected graphics triangles as they are.
PhysicsGeometry immediateGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected);
/// Weld: vertices within settings.weldTolerance merged, never creating non-manifold vertices.
PhysicsGeometry weldGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected,
                             float tolerance);

/// Which graphics triangles take part: the chosen submeshes and, when asked, the Physics mask.
std::vector<bool> selectTriangles(const GraphicsMesh &mesh, const PaintChannels &channels,
                                  const GenerationSettings &settings);

/// Completes a physics mesh from its geometry: bone weights, channels and normals transferred
/// from the graphics mesh, and the report's counts.
PhysicsMesh makePhysicsMesh(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const Skeleton &skeleton, PhysicsGeometry geometry,
                            const GenerationSettings &settings);

/// Binds every graphics vertex to a physics triangle (honouring latch masks) and fills the
/// skin-map fields of physics.report.
SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics);

} // namespace tweed
