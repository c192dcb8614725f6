// Headless edits of an asset, one implementation for tweed-cli's set and paint commands and the
// scripting interfaces: settings by key with units, and whole-garment channel operations (fill,
// gradient by height or between bones, smoothing, values from bone weights), each followed by
// the physics mesh's channels read again from the graphics channels, as the editor does.
#pragma once

#include "tweed/asset.h"
#include "tweed/channels.h"
#include "tweed/simulation_settings.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

// ---- settings ----------------------------------------------------------------------------

/// A setting's value from text, in the field's own unit: a number, optionally followed by a
/// unit; lengths (unit "m") also in "cm" or "mm" ("5 cm" is 0.05); an enum by its name
/// ("mass_spring") or index; a bool as true/false, on/off, yes/no or 1/0. Throws InputError
/// naming the key, the text and the documented range when the text is not such a value or the
/// value is outside the range.
double parseSettingValue(const SettingField &field, std::string_view text);
/// The value as text parseSettingValue reads back: "0.05 m", "mass_spring", "true", "12".
std::string settingValueText(const SettingField &field, const SimulationSettings &settings);
/// Sets the setting named key from text (parseSettingValue). Throws InputError for an unknown
/// key (naming it and listing the keys) or a bad value; nothing changes then.
void setSetting(SimulationSettings &settings, std::string_view key, std::string_view text);

// ---- channels ----------------------------------------------------------------------------

/// A paint channel by its file name ("max_distance", "latch", ...): a float channel or a mask.
struct ChannelRef
{
    std::optional<FloatChannel> floatChannel;
    std::optional<MaskChannel> maskChannel;
};
/// Throws InputError naming the text and listing the channels when no channel has that name.
ChannelRef findChannel(std::string_view name);

/// A length from text in metres: a number, optionally in m, cm or mm ("5 cm" is 0.05). Throws
/// InputError naming `what` and the text.
double parseLength(std::string_view text, const std::string &what);
/// A channel value from text: the distance channels (max_distance, backstop_radius,
/// backstop_distance) as lengths (parseLength), the scales and masks as plain numbers.
double parseChannelValue(const ChannelRef &channel, std::string_view text);

/// The physics mesh of the LoD's channels read again from the LoD's graphics channels
/// (bindChannels, applyChannelBinding). Does nothing for a LoD without a physics mesh.
void refreshPhysicsChannels(ClothingAsset &asset, size_t lod);

/// Every graphics vertex of the LoD set to value (a mask: value as a whole number 0..2^32-1).
void fillChannel(ClothingAsset &asset, size_t lod, const ChannelRef &channel, double value);
/// Linear in model-space height (y): valueFrom at heightFrom and below it (or above it, when
/// heightFrom is the greater), valueTo beyond heightTo. A float channel.
void gradientByHeight(ClothingAsset &asset, size_t lod, FloatChannel channel, float heightFrom,
                      float valueFrom, float heightTo, float valueTo);
/// Measured along the surface (gradientValues) between the graphics vertices nearest to two
/// bones' bind-pose positions. Throws InputError for an unknown bone.
void gradientBetweenBones(ClothingAsset &asset, size_t lod, FloatChannel channel,
                          const std::string &boneFrom, float valueFrom, const std::string &boneTo,
                          float valueTo);
/// `passes` rounds of moving every vertex to the mean of its neighbours (seams joined), as
/// the Smooth brush does at full strength.
void smoothChannel(ClothingAsset &asset, size_t lod, FloatChannel channel, int passes);
/// exponentialGradientValues from the pinned region (Max Distance 0) on the channel, normally
/// Mass Scale: each of `levels` levels `factor` times as heavy as the one below. Throws
/// InputError for a bad factor or level count, or a garment with nothing pinned.
void exponentialGradient(ClothingAsset &asset, size_t lod, FloatChannel channel, float factor,
                         uint32_t levels);
/// valueAtZero + (valueAtOne - valueAtZero) * w per graphics vertex, w the sum of its skin
/// weights on the named bones: e.g. Max Distance 0 where the shoulders carry the garment.
void channelFromWeights(ClothingAsset &asset, size_t lod, FloatChannel channel,
                        const std::vector<std::string> &bones, float valueAtZero,
                        float valueAtOne);

} // namespace tweed
