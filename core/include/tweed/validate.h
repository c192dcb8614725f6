// Consistency checks of an asset: indices in range, finite values, weights summing to one,
// skin map valid, settings in range. Used by `tweed-cli validate`, by the loaders' callers
// and by the editor before saving.
#pragma once

#include "tweed/asset.h"

#include <string>
#include <vector>

namespace tweed {

/// Every problem found, each a sentence naming where ("lod 0: vertex 12: weights sum to 0.7").
/// Empty when the asset is consistent.
std::vector<std::string> validateAsset(const ClothingAsset &asset);

} // namespace tweed
