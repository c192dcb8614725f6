// Which character meshes a garment LoD was made of, and how well its graphics vertices are bound
// to its physics mesh. mergeGarmentMeshes (garment.h) merges the garment meshes in order, one
// submesh named after each, so a LoD's vertices are those meshes' vertices one after the other:
// painting, the simulation preview, the debug views and rebuildGarment map between the two with
// garmentParts.
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tweed {

struct GarmentPart
{
    int mesh = -1;    ///< index into Character::meshes
    size_t first = 0; ///< the mesh's first vertex in the LoD's mesh
    size_t count = 0; ///< its vertex count
};

/// The parts of garment in character, in vertex order; empty when the garment is not made of
/// character meshes that way (then it is not shown in place of them).
std::vector<GarmentPart> garmentParts(const Character &character, const GraphicsMesh &garment);

/// Skin-map bindings of a LoD that deserve a look: graphics vertices bound far from their
/// physics triangle (higher above it than half the physics mesh's mean edge length, as
/// buildSkinMap counts them) and vertices that could not be bound at all.
struct BindingCheck
{
    std::vector<uint32_t> far;
    std::vector<uint32_t> failed;
    float maxOffset = 0; ///< metres: the largest height of a vertex above its triangle
};
/// The bindings of LoD lod; empty when it has no physics mesh with triangles.
BindingCheck checkBindings(const ClothingAsset &asset, int lod);

} // namespace tweed
