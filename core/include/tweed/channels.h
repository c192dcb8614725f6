// Paint channels: per graphics vertex values an artist paints. They live on the graphics mesh,
// the stable artist-owned input, and are interpolated onto each physics mesh when it is made.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tweed {

enum class FloatChannel : uint8_t {
    MaxDistance,      ///< metres a vertex may move from its skinned position; 0 = fully skinned
    BackstopRadius,   ///< metres, radius of the sphere behind the vertex
    BackstopDistance, ///< metres from the skinned vertex to the backstop sphere's surface
    StiffnessScale,   ///< multiplies the stretch (and shear) stiffness of the vertex's constraints
    DampingScale,     ///< multiplies the damping
    WindScale,        ///< multiplies the wind drag
    MassScale,        ///< multiplies the mass derived from the fabric's area density
    /// multiplies the bend stiffness across the edges at the vertex (0 lets a crease fold).
    /// Files written before it read it as their StiffnessScale, which scaled bending too.
    BendScale,
    Count
};

enum class MaskChannel : uint8_t {
    Physics,     ///< bit 0 set: the vertex is part of the physics mesh (vertex selection)
    LatchMaster, ///< 32 latch groups a physics triangle belongs to
    LatchSlave,  ///< 32 latch groups a graphics vertex may bind to
    Count
};

constexpr size_t kFloatChannelCount = size_t(FloatChannel::Count);
constexpr size_t kMaskChannelCount = size_t(MaskChannel::Count);

/// Stable snake_case names used in files, the CLI and scripts ("max_distance", "latch_slave").
std::string_view channelName(FloatChannel c);
std::string_view channelName(MaskChannel c);
std::optional<FloatChannel> floatChannelFromName(std::string_view name);
std::optional<MaskChannel> maskChannelFromName(std::string_view name);
/// The value a new vertex gets: 0 for distances, 1 for scales.
float defaultValue(FloatChannel c);
/// All bits set: every vertex simulates and every slave overlaps every master.
constexpr uint32_t kDefaultMask = 0xFFFFFFFFu;

/// One value per vertex for every channel.
struct PaintChannels
{
    std::array<std::vector<float>, kFloatChannelCount> floats;
    std::array<std::vector<uint32_t>, kMaskChannelCount> masks;

    std::vector<float> &operator[](FloatChannel c) { return floats[size_t(c)]; }
    const std::vector<float> &operator[](FloatChannel c) const { return floats[size_t(c)]; }
    std::vector<uint32_t> &operator[](MaskChannel c) { return masks[size_t(c)]; }
    const std::vector<uint32_t> &operator[](MaskChannel c) const { return masks[size_t(c)]; }

    /// Resizes every channel to n vertices, giving new vertices the defaults.
    void resize(size_t n);
    size_t vertexCount() const { return floats[0].size(); }
    friend bool operator==(const PaintChannels &, const PaintChannels &) = default;
};

} // namespace tweed
