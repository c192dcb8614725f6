// Mirroring painted values across a symmetry plane (by position, by topology), and screen-space
// lasso selection.
#include "tweed/meshproc/paint.h"

#include "paint_internal.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tweed {
namespace {

constexpr uint32_t kNone = SurfaceHit::kNone;

Vec3 mirrored(Vec3 p, MirrorAxis axis)
{
    p[int(axis)] = -p[int(axis)];
    return p;
}

void checkTolerance(float tolerance, const char *what)
{
    if (!std::isfinite(tolerance) || tolerance < 0)
        throw InputError(std::string(what) + ": the tolerance must be a finite distance >= 0");
}

void checkAxis(MirrorAxis axis, const char *what)
{
    if (uint8_t(axis) > uint8_t(MirrorAxis::Z))
        throw InputError(std::string(what) + ": unknown mirror axis");
}

} // namespace

std::vector<uint32_t> mirrorByPosition(const std::vector<Vec3> &positions, MirrorAxis axis,
                                       float tolerance)
{
    checkTolerance(tolerance, "mirrorByPosition");
    checkAxis(axis, "mirrorByPosition");
    const detail::SpatialHash hash(positions, tolerance);
    std::vector<uint32_t> mirror(positions.size(), kNone);
    for (size_t v = 0; v < positions.size(); ++v) {
        const Vec3 m = mirrored(positions[v], axis);
        // On the plane: itself, even where other vertices share its position (seams).
        if (lengthSquared(m - positions[v]) <= tolerance * tolerance) {
            mirror[v] = uint32_t(v);
            continue;
        }
        float best = std::numeric_limits<float>::infinity();
        hash.near(m, tolerance, [&](uint32_t w, float d2) {
            if (d2 < best || (d2 == best && w < mirror[v])) {
                best = d2;
                mirror[v] = w;
            }
        });
    }
    return mirror;
}

std::vector<uint32_t> mirrorByTopology(const std::vector<Vec3> &positions,
                                       const std::vector<uint32_t> &indices,
                                       const VertexGraph &graph, MirrorAxis axis, float tolerance)
{
    const size_t n = positions.size();
    detail::checkTriangles(indices, n, "mirrorByTopology");
    if (graph.weldedTo.size() != n || graph.offsets.size() != n + 1)
        throw InputError("mirrorByTopology: the vertex graph was built for another mesh");
    const std::vector<uint32_t> byPosition = mirrorByPosition(positions, axis, tolerance);

    // Matches between welded representatives, kept symmetric: match[a] = b and match[b] = a.
    std::vector<uint32_t> match(n, kNone);
    std::vector<std::pair<uint32_t, uint32_t>> pairs; // matched (a, b), in the order found
    const auto pair = [&](uint32_t a, uint32_t b) {
        match[a] = b;
        match[b] = a;
        pairs.push_back({a, b});
    };
    for (size_t v = 0; v < n; ++v) {
        const uint32_t a = graph.weldedTo[v];
        if (a != v || byPosition[v] == kNone) continue;
        const uint32_t b = graph.weldedTo[byPosition[v]];
        if (match[a] == kNone && match[b] == kNone) pair(a, b);
    }

    // Grow through neighbourhoods: for a matched pair (a, b), a's unmatched neighbours pair with
    // b's unmatched neighbours, closest mirrored positions first. Repeat until nothing changes.
    struct Candidate
    {
        float cost;
        uint32_t x, y;
        bool operator<(const Candidate &o) const
        {
            return std::tie(cost, x, y) < std::tie(o.cost, o.x, o.y);
        }
    };
    std::vector<Candidate> candidates;
    for (bool progress = true; progress;) {
        progress = false;
        for (size_t i = 0; i < pairs.size(); ++i) { // pairs grows while we walk it: breadth first
            const auto [a, b] = pairs[i];
            candidates.clear();
            for (uint32_t k = graph.offsets[a]; k < graph.offsets[a + 1]; ++k) {
                const uint32_t x = graph.neighbours[k];
                if (match[x] != kNone) continue;
                const Vec3 image = mirrored(positions[x], axis);
                for (uint32_t j = graph.offsets[b]; j < graph.offsets[b + 1]; ++j) {
                    const uint32_t y = graph.neighbours[j];
                    if (match[y] == kNone)
                        candidates.push_back({lengthSquared(image - positions[y]), x, y});
                }
            }
            std::sort(candidates.begin(), candidates.end());
            for (const Candidate &c : candidates)
                if (match[c.x] == kNone && match[c.y] == kNone) {
                    pair(c.x, c.y);
                    progress = true;
                }
        }
    }

    // Every vertex gets its representative's image; a seam vertex prefers the member of the
    // image's welded group that lies at its mirrored position.
    std::vector<uint32_t> mirror(n, kNone);
    for (size_t v = 0; v < n; ++v) {
        const uint32_t image = match[graph.weldedTo[v]];
        if (image == kNone) continue;
        const uint32_t p = byPosition[v];
        mirror[v] = p != kNone && graph.weldedTo[p] == image ? p : image;
        if (image == graph.weldedTo[v] && graph.weldedTo[v] != v)
            mirror[v] = uint32_t(v); // a seam vertex on the plane maps to itself
    }
    return mirror;
}

ValueEdit mirrorEdit(const ValueEdit &edit, const std::vector<uint32_t> &mirror)
{
    if (edit.vertices.size() != edit.values.size())
        throw InputError("mirrorEdit: " + std::to_string(edit.values.size()) + " values for " +
                         std::to_string(edit.vertices.size()) + " vertices");
    detail::checkVertices(edit.vertices, mirror.size(), "mirrorEdit");
    // Candidates (vertex, 0 for the edit's own entry or 1 for an image, order in the edit,
    // value); per vertex the first after sorting wins: own entries over images, then the earlier.
    std::vector<std::tuple<uint32_t, int, size_t, float>> all;
    all.reserve(2 * edit.vertices.size());
    for (size_t i = 0; i < edit.vertices.size(); ++i) {
        all.emplace_back(edit.vertices[i], 0, i, edit.values[i]);
        const uint32_t m = mirror[edit.vertices[i]];
        if (m == kNone) continue;
        if (m >= mirror.size())
            throw InputError("mirrorEdit: the mirror of vertex " +
                             std::to_string(edit.vertices[i]) + " is out of range");
        all.emplace_back(m, 1, i, edit.values[i]);
    }
    std::sort(all.begin(), all.end());
    ValueEdit out;
    for (const auto &[v, kind, order, value] : all)
        if (out.vertices.empty() || out.vertices.back() != v) {
            out.vertices.push_back(v);
            out.values.push_back(value);
        }
    return out;
}

std::vector<uint32_t> verticesInPolygon(const std::vector<Vec3> &positions,
                                        const Mat4 &viewProjection, float width, float height,
                                        const std::vector<Vec2> &polygon)
{
    if (!std::isfinite(width) || !std::isfinite(height) || width <= 0 || height <= 0)
        throw InputError("verticesInPolygon: the view size must be positive");
    for (const Vec2 &p : polygon)
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            throw InputError("verticesInPolygon: a polygon point is not finite");
    std::vector<uint32_t> out;
    if (polygon.size() < 3) return out; // no area: a click or a line selects nothing
    float loX = polygon[0].x, hiX = loX, loY = polygon[0].y, hiY = loY;
    for (const Vec2 &p : polygon) {
        loX = std::min(loX, p.x);
        hiX = std::max(hiX, p.x);
        loY = std::min(loY, p.y);
        hiY = std::max(hiY, p.y);
    }
    const Mat4 &m = viewProjection;
    for (size_t v = 0; v < positions.size(); ++v) {
        const Vec3 &p = positions[v];
        const float w = m(3, 0) * p.x + m(3, 1) * p.y + m(3, 2) * p.z + m(3, 3);
        if (!(w > 0)) continue; // behind the camera (or at its plane)
        const Vec3 clip = m.transformPoint(p);
        if (!(clip.z >= -w))
            continue; // before the near plane: behind an orthographic camera, clipped away

        const float x = (clip.x / w * 0.5f + 0.5f) * width;
        const float y = (0.5f - clip.y / w * 0.5f) * height;
        if (!(x >= loX && x <= hiX && y >= loY && y <= hiY)) continue;
        // Even-odd rule: count the edges a ray towards +x crosses.
        bool inside = false;
        for (size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
            const Vec2 &a = polygon[i], &b = polygon[j];
            if ((a.y > y) != (b.y > y) && x < a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
                inside = !inside;
        }
        if (inside) out.push_back(uint32_t(v));
    }
    return out;
}

} // namespace tweed
