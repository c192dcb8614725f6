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

/// The subset of validateAsset's checks that both file readers enforce: every index (triangle
/// vertex, weighted bone, bone parent, physics mesh, skin-map triangle, collision and pendulum
/// bone) in range, every submesh inside its mesh and every per-vertex array sized to its mesh,
/// so code that indexes the arrays cannot read out of bounds. Empty when the asset is safe.
std::vector<std::string> structuralProblems(const ClothingAsset &asset);

/// One line for an error message: the first problem and how many more there are.
std::string problemSummary(const std::vector<std::string> &problems);

} // namespace tweed
