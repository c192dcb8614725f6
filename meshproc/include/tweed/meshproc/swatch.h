// Cloth without a character, for trying a fabric: a rectangular patch, or a rope (a strip two
// vertices wide), skinned to one root bone and held (Max Distance 0) along a chosen edge. The
// editor's File > New Cloth Patch / New Rope and tweed-cli patch / rope make them.
#pragma once

#include "tweed/asset.h"
#include "tweed/progress.h"

#include <optional>
#include <string>
#include <string_view>

namespace tweed {

/// Which vertices the bone holds: the top row, the left column, the top row's two corners, or
/// none (the cloth falls freely).
enum class PinnedEdge : uint8_t { Top, Left, TopCorners, None };

/// "top", "left", "top_corners", "none".
std::string_view pinnedEdgeName(PinnedEdge edge);
std::optional<PinnedEdge> pinnedEdgeFromName(std::string_view name);

struct SwatchOptions
{
    float width = 0.5f;   ///< metres along x (a rope: its thickness)
    float height = 0.5f;  ///< metres along y (a rope: its length), hanging from y = height to 0
    int resolution = 20;  ///< quads along the longer side (a rope: its segments), 1..500
    PinnedEdge pinned = PinnedEdge::Top;
    float maxDistance = 1.0f;      ///< metres, painted on every vertex not held
    std::string preset = "tweed"; ///< fabric preset name
};

/// The asset and the character it is shown on: its one bone "root", the cloth itself and two
/// clips, "Hold" (the bone still, 10 s) and "Sway" (10 cm from side to side every 2 s).
struct Swatch
{
    Character character;
    ClothingAsset asset;
};

/// A flat patch in the z = 0 plane, facing +z. Throws InputError naming the bad parameter.
Swatch makeClothPatch(const SwatchOptions &options, const ProgressCallback &progress = {});
/// A rope along y, options.width thick (a rope takes Top or None). Throws InputError as above.
Swatch makeRope(const SwatchOptions &options, const ProgressCallback &progress = {});

} // namespace tweed
