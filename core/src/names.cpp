// Stable names of the model's enumerations, as written in files and used by the CLI.
#include "tweed/asset.h"

#include <array>
#include <cstdio>

namespace tweed {
namespace {

template <class E, size_t N>
std::optional<E> fromName(const std::array<std::string_view, N> &names, std::string_view name)
{
    for (size_t i = 0; i < N; ++i)
        if (names[i] == name)
            return E(i);
    return std::nullopt;
}

constexpr std::array<std::string_view, kFloatChannelCount> kFloatChannelNames = {
    "max_distance", "backstop_radius", "backstop_distance", "stiffness_scale",
    "damping_scale", "wind_scale",     "mass_scale",       "bend_scale"};
constexpr std::array<std::string_view, kMaskChannelCount> kMaskChannelNames = {
    "physics", "latch_master", "latch_slave"};
constexpr std::array<std::string_view, 7> kShapeNames = {
    "ellipsoid", "sphere", "capsule", "tapered_capsule", "plane", "box", "convex"};
constexpr std::array<std::string_view, 6> kMethodNames = {"immediate", "weld", "simplify", "iso",
                                                          "custom", "tetra"};
constexpr std::array<std::string_view, 2> kNormalSourceNames = {"mesh", "bones"};
constexpr std::array<std::string_view, 2> kRigKindNames = {"look_at", "position"};
constexpr std::array<std::string_view, 2> kLayerRoleNames = {"shell", "rider"};

} // namespace

std::string_view channelName(FloatChannel c) { return kFloatChannelNames[size_t(c)]; }
std::string_view channelName(MaskChannel c) { return kMaskChannelNames[size_t(c)]; }
std::optional<FloatChannel> floatChannelFromName(std::string_view name)
{
    return fromName<FloatChannel>(kFloatChannelNames, name);
}
std::optional<MaskChannel> maskChannelFromName(std::string_view name)
{
    return fromName<MaskChannel>(kMaskChannelNames, name);
}

float defaultValue(FloatChannel c)
{
    switch (c) {
    case FloatChannel::MaxDistance:
    case FloatChannel::BackstopRadius:
    case FloatChannel::BackstopDistance:
        return 0.0f;
    default:
        return 1.0f;
    }
}

void PaintChannels::resize(size_t n)
{
    for (size_t i = 0; i < kFloatChannelCount; ++i)
        floats[i].resize(n, defaultValue(FloatChannel(i)));
    for (auto &mask : masks)
        mask.resize(n, kDefaultMask);
}

std::string_view shapeName(CollisionShape s) { return kShapeNames[size_t(s)]; }
std::optional<CollisionShape> shapeFromName(std::string_view name)
{
    return fromName<CollisionShape>(kShapeNames, name);
}
std::string_view rigKindName(RigConstraintKind k) { return kRigKindNames[size_t(k)]; }
std::optional<RigConstraintKind> rigKindFromName(std::string_view name)
{
    return fromName<RigConstraintKind>(kRigKindNames, name);
}
std::string_view methodName(GenerationMethod m) { return kMethodNames[size_t(m)]; }
std::optional<GenerationMethod> methodFromName(std::string_view name)
{
    return fromName<GenerationMethod>(kMethodNames, name);
}
std::string_view normalSourceName(NormalSource n) { return kNormalSourceNames[size_t(n)]; }
std::optional<NormalSource> normalSourceFromName(std::string_view name)
{
    return fromName<NormalSource>(kNormalSourceNames, name);
}
std::string_view layerRoleName(LayerRole r) { return kLayerRoleNames[size_t(r)]; }
std::optional<LayerRole> layerRoleFromName(std::string_view name)
{
    return fromName<LayerRole>(kLayerRoleNames, name);
}

std::string contentHash(std::string_view bytes)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
    return buf;
}

} // namespace tweed
