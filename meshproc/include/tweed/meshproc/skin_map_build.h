// Building the skin map: each graphics vertex bound to a physics triangle.
#pragma once

#include "tweed/asset.h"

#include <cstdint>
#include <vector>

namespace tweed {

/// How a skin map is built.
struct SkinMapSettings
{
    /// A binding is "far" when the graphics vertex is more than this from its triangle, metres;
    /// 0 = half the physics mesh's mean edge length.
    float farDistance = 0.0f;
};

struct SkinMapReport
{
    uint32_t bound = 0;
    uint32_t farBindings = 0;
    float maxOffset = 0;                 ///< metres from a graphics vertex to its triangle
    std::vector<uint32_t> failedVertices; ///< no triangle with an overlapping latch mask
};

/// Binds every graphics vertex to a physics triangle (honouring latch masks: a slave vertex binds
/// only to triangles whose master mask, the union of its corners', overlaps its slave mask) and
/// fills the skin-map fields of physics.report. The binding is made against
/// computeVertexNormals(physics.positions, physics.indices); applySkinMap with the normals the
/// same function gives for the deformed physics mesh reproduces the graphics mesh at rest.
SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics);
SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics,
                     const SkinMapSettings &settings, SkinMapReport *report);

} // namespace tweed
