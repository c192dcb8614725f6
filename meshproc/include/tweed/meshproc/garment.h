// The garment of a LoD as a choice of character meshes: merging them into one graphics mesh
// (as createAsset makes LoD 0) and rebuilding a LoD from another choice with its paint kept.
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"
#include "tweed/progress.h"

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

/// Rebuilds LoD lod's graphics mesh from the character meshes `names` and then its physics
/// mesh with settings (as regeneratePhysicsMesh). The paint channels are carried over: a vertex
/// of a character mesh that was already part of the LoD keeps its own values; any other takes
/// the values at the closest point of the old garment (floats interpolated, masks from the
/// nearest vertex). The asset changes only when this returns.
void rebuildGarment(ClothingAsset &asset, size_t lod, const Character &character,
                    const std::vector<std::string> &names, const GenerationSettings &settings,
                    const ProgressCallback &progress = {}, const std::string &assetPath = {});

} // namespace tweed
