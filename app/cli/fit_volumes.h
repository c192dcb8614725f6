// create --fit-volumes: collision volumes on the bones that skin the garment, fitted inside the
// body meshes (tweed/meshproc/volume_inside.h), one line of report per volume.
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"

#include <string>
#include <vector>

namespace tweed::cli {

/// Adds the volumes to asset.collisionVolumes (ellipsoids, the asset's collision thickness)
/// and returns the report lines. `bodyNames` names the body meshes; empty: the character's
/// meshes the garment was not made of. Throws InputError for an unknown name, or when there is
/// no body mesh to fit to.
std::vector<std::string> fitBodyVolumes(ClothingAsset &asset, const Character &character,
                                        const std::vector<std::string> &bodyNames);

} // namespace tweed::cli
