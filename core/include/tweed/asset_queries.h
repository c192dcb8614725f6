// Which physics mesh drives which graphical LoD of a ClothingAsset (asset.h): bounds-checked
// lookups, and whether LoDs share a physics mesh.
#pragma once

#include "tweed/asset.h"

namespace tweed {

/// Physics mesh `index`, nullptr when there is no such mesh.
const PhysicsMesh *physicsMeshAt(const ClothingAsset &asset, int index);
/// Index of LoD lod's physics mesh; -1 when there is no such LoD, it has no physics mesh or its
/// index is out of range.
int physicsMeshIndex(const ClothingAsset &asset, int lod);
/// LoD lod's physics mesh, nullptr when physicsMeshIndex(asset, lod) is -1.
const PhysicsMesh *physicsMeshOf(const ClothingAsset &asset, int lod);
PhysicsMesh *physicsMeshOf(ClothingAsset &asset, int lod);
/// The lowest LoD below lod that uses lod's physics mesh too (the LoD lod shares it with), else
/// -1.
int physicsMeshSharedWith(const ClothingAsset &asset, int lod);
/// Whether another LoD uses lod's physics mesh too.
bool isPhysicsMeshShared(const ClothingAsset &asset, int lod);

} // namespace tweed
