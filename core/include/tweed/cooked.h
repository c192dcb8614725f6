// The .tweedc file: the asset cooked for a game's run time. Binary, explicit little-endian,
// versioned, chunked (readers skip chunks they do not know) and checksummed. Reading needs
// nothing but this library; layout documented in docs/formats.md.
#pragma once

#include "tweed/asset.h"
#include "tweed/validate.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tweed {

/// 4: the rig chunk RIGC, the soft body (PHYS 2, GLOD 3) and the bend_scale channel.
constexpr uint32_t kCookedFormatVersion = 4;

/// The cooked bytes of an asset. Writing the read-back asset gives the same bytes. Throws
/// InputError on an asset the reader would refuse, so a written file is a readable file.
std::string writeCooked(const ClothingAsset &asset, AssetChecks checks = AssetChecks::Safety);
/// Parses cooked bytes; `name` is used in error messages. Throws FileError on a bad magic,
/// version, checksum, truncation or inconsistent chunk, and on an asset that is not safe to
/// simulate (safetyProblems in validate.h); the message then names the file, the chunk and the
/// element ("coat.tweedc: chunk PHYS: physics mesh 0: vertex 12: position is not finite").
ClothingAsset readCooked(std::string_view bytes, const std::string &name,
                         AssetChecks checks = AssetChecks::Safety);

void saveCooked(const ClothingAsset &asset, const std::string &path);
ClothingAsset loadCooked(const std::string &path, AssetChecks checks = AssetChecks::Safety);

} // namespace tweed
