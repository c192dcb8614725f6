// The garment of a LoD as a choice of character meshes: merging them into one graphics mesh
// (as createAsset makes LoD 0) and finding each mesh's vertices in it. Rebuilding a LoD from
// another choice is an asset edit (rebuildGarment, create_asset.h).
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"
#include "tweed/progress.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace tweed {

/// The character meshes `chosen` (indices into character.meshes) merged in order into one
/// graphics mesh with one submesh named after each; normals, tangents, UVs and skin are kept
/// when any of them has them. Throws InputError for an index out of range or a bad index.
GraphicsMesh mergeGarmentMeshes(const Character &character, const std::vector<int> &chosen);

/// The same by mesh names. Throws InputError for an unknown name or an empty choice.
GraphicsMesh mergeGarmentMeshes(const Character &character, const std::vector<std::string> &names);

/// Every character mesh merged, in order, as mergeGarmentMeshes does; an empty mesh when the
/// character has none.
GraphicsMesh mergeAllMeshes(const Character &character);

/// Where each character mesh's vertices start in a garment merged by mergeGarmentMeshes (its
/// submeshes named after the meshes, in vertex order), by mesh name; empty when the garment was
/// not made that way from this character.
std::map<std::string, size_t> garmentPartStarts(const Character &character,
                                                const GraphicsMesh &garment);

} // namespace tweed
