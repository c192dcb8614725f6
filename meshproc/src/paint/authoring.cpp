// Headless asset edits (meshproc/authoring.h).
#include "tweed/meshproc/authoring.h"

#include "tweed/errors.h"
#include "tweed/meshproc/paint.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/validate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace tweed {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

std::string number(double v)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%.9g", v);
    return text;
}

std::string rangeText(const SettingField &field)
{
    if (field.kind == SettingKind::Bool) return "true or false";
    if (field.kind == SettingKind::Enum) {
        std::string names;
        for (const char *name : field.enumNames)
            names += (names.empty() ? "" : ", ") + std::string(name);
        return "one of " + names;
    }
    const std::string unit = *field.unit ? std::string(" ") + field.unit : "";
    return "between " + number(field.min) + unit + " and " + number(field.max) + unit;
}

[[noreturn]] void badValue(const SettingField &field, std::string_view text)
{
    throw InputError("setting " + std::string(field.key) + ": '" + std::string(text) +
                     "' is not a value; it takes " + rangeText(field));
}

// A number at the start of text; the rest (a unit, trimmed) in `rest`.
std::optional<double> leadingNumber(std::string_view text, std::string_view &rest)
{
    double v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || !std::isfinite(v)) return std::nullopt;
    rest = trim(std::string_view(end, size_t(text.data() + text.size() - end)));
    return v;
}

GraphicsLod &checkedLod(ClothingAsset &asset, size_t lod)
{
    if (lod >= asset.lods.size())
        throw InputError("the asset has no graphics LoD " + std::to_string(lod) + " (it has " +
                         std::to_string(asset.lods.size()) + ")");
    GraphicsLod &l = asset.lods[lod];
    if (l.channels.vertexCount() != l.mesh.vertexCount()) l.channels.resize(l.mesh.vertexCount());
    return l;
}

void checkFloatValue(FloatChannel channel, double value)
{
    if (!std::isfinite(value) || value < 0 || value > kMaxCoordinate)
        throw InputError("channel " + std::string(channelName(channel)) + ": " + number(value) +
                         " is not a value it takes (0 to " + number(kMaxCoordinate) + ")");
}

int checkedBone(const ClothingAsset &asset, const std::string &name)
{
    const int bone = asset.skeleton.find(name);
    if (bone < 0) throw InputError("no bone '" + name + "' in the asset's skeleton");
    return bone;
}

// The surface point at the graphics vertex nearest to p: a corner of a triangle using it.
SurfaceHit surfacePointNear(const GraphicsMesh &mesh, const Vec3 &p)
{
    std::vector<uint32_t> triangleOf(mesh.vertexCount(), SurfaceHit::kNone);
    for (size_t t = 0; t < mesh.indices.size() / 3; ++t)
        for (int c = 0; c < 3; ++c)
            if (triangleOf[mesh.indices[3 * t + size_t(c)]] == SurfaceHit::kNone)
                triangleOf[mesh.indices[3 * t + size_t(c)]] = uint32_t(t);
    SurfaceHit hit;
    float best = std::numeric_limits<float>::infinity();
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        const float d = lengthSquared(mesh.positions[v] - p);
        if (triangleOf[v] == SurfaceHit::kNone || d >= best) continue;
        best = d;
        const uint32_t t = triangleOf[v];
        hit.triangle = t;
        hit.point = mesh.positions[v];
        hit.bary = {mesh.indices[3 * t] == v ? 1.0f : 0.0f,
                    mesh.indices[3 * t + 1] == v ? 1.0f : 0.0f,
                    mesh.indices[3 * t + 2] == v ? 1.0f : 0.0f};
    }
    if (!hit.found()) throw InputError("the garment has no triangles to measure along");
    return hit;
}

void applyEdit(std::vector<float> &values, const ValueEdit &edit)
{
    for (size_t i = 0; i < edit.vertices.size(); ++i)
        values[edit.vertices[i]] = edit.values[i];
}

} // namespace

double parseSettingValue(const SettingField &field, std::string_view text)
{
    const std::string_view t = trim(text);
    double value = 0;
    if (field.kind == SettingKind::Bool) {
        if (t == "true" || t == "on" || t == "yes" || t == "1")
            value = 1;
        else if (t == "false" || t == "off" || t == "no" || t == "0")
            value = 0;
        else
            badValue(field, text);
        return value;
    }
    if (field.kind == SettingKind::Enum) {
        for (size_t i = 0; i < field.enumNames.size(); ++i)
            if (t == field.enumNames[i]) return double(i);
    }
    std::string_view unit;
    const std::optional<double> parsed = leadingNumber(t, unit);
    if (!parsed) badValue(field, text);
    value = *parsed;
    const std::string_view own = field.unit;
    if (!unit.empty() && unit != own) {
        if (own == "m" && unit == "cm")
            value *= 0.01;
        else if (own == "m" && unit == "mm")
            value *= 0.001;
        else
            throw InputError("setting " + std::string(field.key) + ": unit '" + std::string(unit) +
                             "' is not one it takes (" +
                             (own.empty() ? std::string("it has no unit")
                              : own == "m" ? std::string("m, cm or mm")
                                           : std::string(own)) +
                             ")");
    }
    if ((field.kind == SettingKind::Int || field.kind == SettingKind::Enum) &&
        value != std::round(value))
        badValue(field, text);
    if (value < field.min || value > field.max)
        throw InputError("setting " + std::string(field.key) + ": " + std::string(t) +
                         " is outside its range; it takes " + rangeText(field));
    return value;
}

std::string settingValueText(const SettingField &field, const SimulationSettings &settings)
{
    const double v = field.get(settings);
    switch (field.kind) {
    case SettingKind::Bool:
        return v != 0 ? "true" : "false";
    case SettingKind::Enum:
        return size_t(v) < field.enumNames.size() ? field.enumNames[size_t(v)] : number(v);
    case SettingKind::Int:
        return number(v);
    case SettingKind::Float:
        break;
    }
    // The shortest text that reads back to the same float.
    char text[32];
    const auto end = std::to_chars(text, text + sizeof(text), float(v)).ptr;
    return std::string(text, end) + (*field.unit ? std::string(" ") + field.unit : "");
}

void setSetting(SimulationSettings &settings, std::string_view key, std::string_view text)
{
    const SettingField *field = findSetting(key);
    if (!field) {
        std::string keys;
        for (const SettingField &f : settingsFields())
            keys += (keys.empty() ? "" : ", ") + std::string(f.key);
        throw InputError("no setting '" + std::string(key) + "'; the settings are " + keys);
    }
    field->set(settings, parseSettingValue(*field, text));
}

ChannelRef findChannel(std::string_view name)
{
    ChannelRef ref{floatChannelFromName(name), maskChannelFromName(name)};
    if (ref.floatChannel || ref.maskChannel) return ref;
    std::string names;
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        names += (names.empty() ? "" : ", ") + std::string(channelName(FloatChannel(c)));
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        names += ", " + std::string(channelName(MaskChannel(c)));
    throw InputError("no channel '" + std::string(name) + "'; the channels are " + names);
}

double parseLength(std::string_view text, const std::string &what)
{
    std::string_view unit;
    const std::optional<double> v = leadingNumber(trim(text), unit);
    if (v && (unit.empty() || unit == "m")) return *v;
    if (v && unit == "cm") return *v * 0.01;
    if (v && unit == "mm") return *v * 0.001;
    throw InputError(what + ": '" + std::string(text) +
                     "' is not a length (a number in m, cm or mm, e.g. 5 cm)");
}

double parseChannelValue(const ChannelRef &channel, std::string_view text)
{
    const bool distance = channel.floatChannel && (*channel.floatChannel == FloatChannel::MaxDistance ||
                                                   *channel.floatChannel == FloatChannel::BackstopRadius ||
                                                   *channel.floatChannel == FloatChannel::BackstopDistance);
    const std::string name(channel.floatChannel ? channelName(*channel.floatChannel)
                                                : channelName(*channel.maskChannel));
    if (distance) return parseLength(text, "channel " + name);
    std::string_view rest;
    const std::optional<double> v = leadingNumber(trim(text), rest);
    if (!v || !rest.empty())
        throw InputError("channel " + name + ": '" + std::string(text) + "' is not a number");
    return *v;
}

void refreshPhysicsChannels(ClothingAsset &asset, size_t lod)
{
    GraphicsLod &l = checkedLod(asset, lod);
    if (l.physicsMesh < 0 || size_t(l.physicsMesh) >= asset.physicsMeshes.size()) return;
    PhysicsMesh &physics = asset.physicsMeshes[size_t(l.physicsMesh)];
    applyChannelBinding(bindChannels(l.mesh, l.channels, physics), l.channels, physics.channels);
}

void fillChannel(ClothingAsset &asset, size_t lod, const ChannelRef &channel, double value)
{
    GraphicsLod &l = checkedLod(asset, lod);
    if (channel.floatChannel) {
        checkFloatValue(*channel.floatChannel, value);
        std::fill(l.channels[*channel.floatChannel].begin(), l.channels[*channel.floatChannel].end(),
                  float(value));
    } else {
        if (!(value >= 0 && value <= 4294967295.0 && value == std::round(value)))
            throw InputError("mask " + std::string(channelName(*channel.maskChannel)) + ": " +
                             number(value) + " is not a whole number from 0 to 4294967295");
        std::fill(l.channels[*channel.maskChannel].begin(), l.channels[*channel.maskChannel].end(),
                  uint32_t(value));
    }
    refreshPhysicsChannels(asset, lod);
}

void gradientByHeight(ClothingAsset &asset, size_t lod, FloatChannel channel, float heightFrom,
                      float valueFrom, float heightTo, float valueTo)
{
    checkFloatValue(channel, valueFrom);
    checkFloatValue(channel, valueTo);
    if (!std::isfinite(heightFrom) || !std::isfinite(heightTo) || heightFrom == heightTo)
        throw InputError("a gradient by height needs two different finite heights, not " +
                         number(heightFrom) + " and " + number(heightTo));
    GraphicsLod &l = checkedLod(asset, lod);
    std::vector<float> &values = l.channels[channel];
    for (size_t v = 0; v < values.size(); ++v) {
        const float s = std::clamp((l.mesh.positions[v].y - heightFrom) / (heightTo - heightFrom),
                                   0.0f, 1.0f);
        values[v] = valueFrom + (valueTo - valueFrom) * s;
    }
    refreshPhysicsChannels(asset, lod);
}

void gradientBetweenBones(ClothingAsset &asset, size_t lod, FloatChannel channel,
                          const std::string &boneFrom, float valueFrom, const std::string &boneTo,
                          float valueTo)
{
    checkFloatValue(channel, valueFrom);
    checkFloatValue(channel, valueTo);
    GraphicsLod &l = checkedLod(asset, lod);
    const auto bonePosition = [&](const std::string &name) {
        return inverse(asset.skeleton.bones[size_t(checkedBone(asset, name))].inverseBind)
            .transformPoint({0, 0, 0});
    };
    const SurfaceHit from = surfacePointNear(l.mesh, bonePosition(boneFrom));
    const SurfaceHit to = surfacePointNear(l.mesh, bonePosition(boneTo));
    const VertexGraph graph = buildVertexGraph(l.mesh.positions, l.mesh.indices);
    std::vector<float> &values = l.channels[channel];
    applyEdit(values, gradientValues(l.mesh.positions, l.mesh.indices, graph, values, from, valueFrom,
                                 to, valueTo));
    refreshPhysicsChannels(asset, lod);
}

void smoothChannel(ClothingAsset &asset, size_t lod, FloatChannel channel, int passes)
{
    if (passes < 0 || passes > 10000)
        throw InputError("smoothing takes 0 to 10000 passes, not " + std::to_string(passes));
    GraphicsLod &l = checkedLod(asset, lod);
    const VertexGraph graph = buildVertexGraph(l.mesh.positions, l.mesh.indices);
    std::vector<uint32_t> all(l.mesh.vertexCount());
    for (size_t v = 0; v < all.size(); ++v)
        all[v] = uint32_t(v);
    // One dab around the garment's box that covers every vertex at full strength.
    Vec3 lo{0, 0, 0}, hi{0, 0, 0};
    if (!l.mesh.positions.empty()) lo = hi = l.mesh.positions[0];
    for (const Vec3 &p : l.mesh.positions) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    BrushSettings brush;
    brush.radius = std::max(length(hi - lo), 1e-3f);
    brush.falloff = Falloff::Constant;
    brush.strength = 1.0f;
    const Vec3 centre = (lo + hi) * 0.5f;
    std::vector<float> &values = l.channels[channel];
    for (int p = 0; p < passes; ++p)
        applyEdit(values, smoothDab(l.mesh.positions, values, graph, all, centre, brush));
    refreshPhysicsChannels(asset, lod);
}

void exponentialGradient(ClothingAsset &asset, size_t lod, FloatChannel channel, float factor,
                         uint32_t levels)
{
    GraphicsLod &l = checkedLod(asset, lod);
    const VertexGraph graph = buildVertexGraph(l.mesh.positions, l.mesh.indices);
    // The pinned region: the vertices Max Distance holds to their skinned place.
    std::vector<uint32_t> pins;
    const std::vector<float> &maxDistance = l.channels[FloatChannel::MaxDistance];
    for (size_t v = 0; v < maxDistance.size(); ++v)
        if (maxDistance[v] <= 0.0f) pins.push_back(uint32_t(v));
    std::vector<float> &values = l.channels[channel];
    applyEdit(values, exponentialGradientValues(graph, values, pins, factor, levels));
    refreshPhysicsChannels(asset, lod);
}

void channelFromWeights(ClothingAsset &asset, size_t lod, FloatChannel channel,
                        const std::vector<std::string> &bones, float valueAtZero, float valueAtOne)
{
    checkFloatValue(channel, valueAtZero);
    checkFloatValue(channel, valueAtOne);
    if (bones.empty()) throw InputError("values from weights need at least one bone");
    std::vector<bool> chosen(asset.skeleton.bones.size(), false);
    for (const std::string &name : bones)
        chosen[size_t(checkedBone(asset, name))] = true;
    GraphicsLod &l = checkedLod(asset, lod);
    if (l.mesh.skin.size() != l.mesh.vertexCount())
        throw InputError("the garment of LoD " + std::to_string(lod) + " has no bone weights");
    std::vector<float> &values = l.channels[channel];
    for (size_t v = 0; v < values.size(); ++v) {
        float w = 0;
        for (size_t k = 0; k < kMaxBoneInfluences; ++k)
            if (l.mesh.skin[v].weights[k] > 0 && l.mesh.skin[v].bones[k] < chosen.size() &&
                chosen[l.mesh.skin[v].bones[k]])
                w += l.mesh.skin[v].weights[k];
        values[v] = valueAtZero + (valueAtOne - valueAtZero) * std::clamp(w, 0.0f, 1.0f);
    }
    refreshPhysicsChannels(asset, lod);
}

} // namespace tweed
