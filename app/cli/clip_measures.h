// What simulate and qa measure an asset against: the body it is worn on (the source
// character's meshes that are not part of the garment) and its layers, and the measures of one
// clip (tweed/cloth_measures.h) as JSON.
#pragma once

#include "command.h"

#include "tweed/cloth_measures.h"
#include "tweed/mesh.h"

#include <vector>

namespace tweed::cli {

using tweed::bodyMeshes;

/// The measures' keys and values, in the order `qa --json` and `simulate --json` print them.
Json measuresJson(const ClipMeasures &m);

} // namespace tweed::cli
