// The .tweed file: the asset as human-readable YAML, lossless. Reading checks the format
// version and migrates older versions; every error names the file and the problem.
#pragma once

#include "tweed/asset.h"
#include "tweed/validate.h"

#include <string>

namespace tweed {

constexpr int kAssetFormatVersion = 4;

/// The asset as .tweed text. Writing the read-back text gives the same bytes. Throws
/// InputError on an asset the reader would refuse, so a written file is a readable file.
std::string writeAssetText(const ClothingAsset &asset, AssetChecks checks = AssetChecks::Safety);
/// Parses .tweed text; `name` (usually the path) is used in error messages. Throws FileError,
/// also on an asset that is not safe to simulate (safetyProblems in validate.h).
ClothingAsset readAssetText(const std::string &text, const std::string &name,
                            AssetChecks checks = AssetChecks::Safety);

/// Atomically writes the asset (temporary file, then rename). Throws FileError.
void saveAsset(const ClothingAsset &asset, const std::string &path);
/// Throws FileError naming the path on any problem.
ClothingAsset loadAsset(const std::string &path, AssetChecks checks = AssetChecks::Safety);

} // namespace tweed
