// Which character meshes a garment LoD was made of: createAsset merges the garment meshes in
// order, one submesh named after each, so a LoD's vertices are those meshes' vertices one after
// the other. Painting, the simulation preview and the debug views map between the two with it.
#pragma once

#include "tweed/mesh.h"

#include <cstddef>
#include <vector>

namespace tweed::editor {

struct GarmentPart
{
    int mesh = -1;     ///< index into Character::meshes
    size_t first = 0;  ///< the mesh's first vertex in the LoD's mesh
    size_t count = 0;  ///< its vertex count
};

/// The parts of garment in character; empty when the garment is not made of character meshes
/// that way (then it is not shown in place of them).
inline std::vector<GarmentPart> garmentParts(const Character &character, const GraphicsMesh &garment)
{
    std::vector<GarmentPart> parts;
    size_t first = 0;
    for (const Submesh &sub : garment.submeshes) {
        const int m = character.findMesh(sub.name);
        if (m < 0)
            return {};
        const size_t count = character.meshes[size_t(m)].vertexCount();
        parts.push_back({m, first, count});
        first += count;
    }
    if (first != garment.vertexCount())
        return {};
    return parts;
}

} // namespace tweed::editor
