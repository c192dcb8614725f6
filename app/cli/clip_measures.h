// What simulate and qa measure an asset against: the body it is worn on (the source
// character's meshes that are not part of the garment) and its layers, and the measures of one
// clip (tweed/cloth_measures.h) as JSON.
#pragma once

#include "command.h"

#include "tweed/cloth_measures.h"
#include "tweed/mesh.h"

#include <vector>

namespace tweed::cli {

/// The character's meshes that no LoD's garment was made of (garment submeshes are named
/// after the meshes they came from), their bones renamed to the asset's skeleton. A mesh with
/// a vertex whose every bone the asset lacks is kept unskinned. `names` gets their names.
std::vector<BodyMesh> bodyMeshes(const ClothingAsset &asset, const Character &character,
                                 std::vector<std::string> *names = nullptr);


/// The measures' keys and values, in the order `qa --json` and `simulate --json` print them.
Json measuresJson(const ClipMeasures &m);

} // namespace tweed::cli
