// Brush dabs, smoothing, fills and picking values: the per-gesture value edits.
#include "tweed/meshproc/paint.h"

#include "paint_internal.h"

#include <algorithm>
#include <cmath>

namespace tweed {
namespace {

void checkBrush(const BrushSettings &brush, const char *what)
{
    if (!std::isfinite(brush.radius) || brush.radius <= 0)
        throw InputError(std::string(what) + ": the brush radius must be a finite distance > 0");
    if (!std::isfinite(brush.strength) || brush.strength < 0 || brush.strength > 1)
        throw InputError(std::string(what) + ": the brush strength must lie in [0, 1]");
    if (!std::isfinite(brush.value))
        throw InputError(std::string(what) + ": the brush value is not finite");
    if (std::isnan(brush.minValue) || std::isnan(brush.maxValue) || brush.minValue > brush.maxValue)
        throw InputError(std::string(what) + ": the value range [min, max] is empty");
}

void checkValues(const std::vector<Vec3> &positions, const std::vector<float> &values,
                 const char *what)
{
    if (values.size() != positions.size())
        throw InputError(std::string(what) + ": " + std::to_string(values.size()) + " values for " +
                         std::to_string(positions.size()) + " vertices");
}

/// The new value of a vertex at distance d from a dab that pulls towards target.
inline float moved(float old, float target, float d, const BrushSettings &brush)
{
    const float w = brush.strength * falloffWeight(brush.falloff, d, brush.radius);
    return std::clamp(old + (target - old) * w, brush.minValue, brush.maxValue);
}

} // namespace

float falloffWeight(Falloff falloff, float d, float radius)
{
    if (!std::isfinite(radius) || radius <= 0)
        throw InputError("falloffWeight: the radius must be a finite distance > 0");
    const float x = std::abs(d) / radius;
    if (!(x <= 1.0f)) return 0.0f;
    switch (falloff) {
    case Falloff::Constant:
        return 1.0f;
    case Falloff::Linear:
        return 1.0f - x;
    case Falloff::Smooth: // 1 - smoothstep: flat at the centre and at the rim
        return (1.0f - x) * (1.0f - x) * (1.0f + 2.0f * x);
    case Falloff::Sharp: // falls fast from the centre
        return (1.0f - x) * (1.0f - x);
    }
    throw InputError("falloffWeight: unknown falloff");
}

ValueEdit brushDab(const std::vector<Vec3> &positions, const std::vector<float> &values,
                   const std::vector<uint32_t> &vertices, const Vec3 &center,
                   const BrushSettings &brush)
{
    checkBrush(brush, "brushDab");
    checkValues(positions, values, "brushDab");
    detail::checkVertices(vertices, positions.size(), "brushDab");
    if (!isFinite(center)) throw InputError("brushDab: the centre is not finite");
    ValueEdit edit;
    for (const uint32_t v : detail::sortedUnique(vertices)) {
        const float d = distance(positions[v], center);
        if (!(d <= brush.radius)) continue;
        const float old = values[v];
        float target = brush.value;
        switch (brush.mode) {
        case PaintMode::Set:
            break;
        case PaintMode::Add:
            target = old + brush.value;
            break;
        case PaintMode::Subtract:
            target = old - brush.value;
            break;
        case PaintMode::Multiply:
            target = old * brush.value;
            break;
        }
        const float value = moved(old, target, d, brush);
        if (value != old) {
            edit.vertices.push_back(v);
            edit.values.push_back(value);
        }
    }
    return edit;
}

ValueEdit smoothDab(const std::vector<Vec3> &positions, const std::vector<float> &values,
                    const VertexGraph &graph, const std::vector<uint32_t> &vertices,
                    const Vec3 &center, const BrushSettings &brush)
{
    checkBrush(brush, "smoothDab");
    checkValues(positions, values, "smoothDab");
    detail::checkVertices(vertices, positions.size(), "smoothDab");
    if (graph.offsets.size() != positions.size() + 1 || graph.weldedTo.size() != positions.size())
        throw InputError("smoothDab: the vertex graph was built for another vertex count");
    if (!isFinite(center)) throw InputError("smoothDab: the centre is not finite");
    ValueEdit edit;
    for (const uint32_t v : detail::sortedUnique(vertices)) {
        const float d = distance(positions[v], center);
        const uint32_t begin = graph.offsets[v], end = graph.offsets[v + 1];
        if (!(d <= brush.radius) || begin == end) continue;
        double sum = 0;
        for (uint32_t i = begin; i < end; ++i)
            sum += values[graph.neighbours[i]];
        const float old = values[v];
        const float value = moved(old, float(sum / double(end - begin)), d, brush);
        if (value != old) {
            edit.vertices.push_back(v);
            edit.values.push_back(value);
        }
    }
    return edit;
}

ValueEdit fillValues(const std::vector<float> &values, const std::vector<uint32_t> &vertices,
                     float value)
{
    detail::checkVertices(vertices, values.size(), "fillValues");
    if (!std::isfinite(value)) throw InputError("fillValues: the value is not finite");
    ValueEdit edit;
    for (const uint32_t v : detail::sortedUnique(vertices))
        if (values[v] != value) {
            edit.vertices.push_back(v);
            edit.values.push_back(value);
        }
    return edit;
}

float pickValue(const std::vector<uint32_t> &indices, const std::vector<float> &values,
                const SurfaceHit &hit)
{
    if (!hit.found() || size_t(hit.triangle) * 3 + 3 > indices.size())
        throw InputError("pickValue: the hit's triangle is not part of the mesh");
    const uint32_t *c = &indices[3 * size_t(hit.triangle)];
    if (c[0] >= values.size() || c[1] >= values.size() || c[2] >= values.size())
        throw InputError("pickValue: the triangle's vertices have no values");
    return values[c[0]] * hit.bary.x + values[c[1]] * hit.bary.y + values[c[2]] * hit.bary.z;
}

} // namespace tweed
