// Garment parts of a merged LoD and the check of its skin-map bindings.
#include "tweed/meshproc/garment_map.h"

#include "tweed/asset_queries.h"
#include "tweed/meshproc/mesh_quality.h"

#include <algorithm>
#include <cmath>

namespace tweed {

std::vector<GarmentPart> garmentParts(const Character &character, const GraphicsMesh &garment)
{
    std::vector<GarmentPart> parts;
    size_t first = 0;
    for (const Submesh &sub : garment.submeshes) {
        const int m = character.findMesh(sub.name);
        if (m < 0) return {};
        const size_t count = character.meshes[size_t(m)].vertexCount();
        parts.push_back({m, first, count});
        first += count;
    }
    if (first != garment.vertexCount()) return {};
    return parts;
}

BindingCheck checkBindings(const ClothingAsset &asset, int lod)
{
    BindingCheck check;
    const PhysicsMesh *physics = physicsMeshOf(asset, lod);
    if (!physics || physics->indices.empty()) return check;
    const GraphicsLod &g = asset.lods[size_t(lod)];
    const MeshQuality quality = measureMeshQuality(physics->positions, physics->indices);
    const float farDistance = 0.5f * quality.edgeLengthMean;
    const size_t n = std::min(g.skinMap.bindings.size(), g.mesh.vertexCount());
    for (size_t v = 0; v < n; ++v) {
        const SkinBinding &b = g.skinMap.bindings[v];
        if (b.triangle == SkinMap::kUnbound || b.triangle >= physics->triangleCount()) {
            check.failed.push_back(uint32_t(v));
            continue;
        }
        const float offset = std::abs(b.position.z);
        check.maxOffset = std::max(check.maxOffset, offset);
        if (offset > farDistance) check.far.push_back(uint32_t(v));
    }
    return check;
}

} // namespace tweed
