// The vertex graph with seams welded, and what walks it: connected regions, distances along the
// surface and gradients.
#include "tweed/meshproc/paint.h"

#include "paint_internal.h"

#include <algorithm>
#include <cmath>
#include <queue>

namespace tweed {
namespace {

constexpr uint32_t kNoVertex = 0xFFFFFFFFu;

void checkGraph(const VertexGraph &graph, size_t vertexCount, const char *what)
{
    if (graph.weldedTo.size() != vertexCount || graph.offsets.size() != vertexCount + 1 ||
        graph.offsets.back() != graph.neighbours.size())
        throw InputError(std::string(what) + ": the vertex graph was built for another mesh (" +
                         std::to_string(graph.weldedTo.size()) + " vertices, the mesh has " +
                         std::to_string(vertexCount) + ")");
}

} // namespace

VertexGraph buildVertexGraph(const std::vector<Vec3> &positions,
                             const std::vector<uint32_t> &indices, float weldTolerance)
{
    detail::checkTriangles(indices, positions.size(), "buildVertexGraph");
    if (!std::isfinite(weldTolerance) || weldTolerance < 0)
        throw InputError("buildVertexGraph: the weld tolerance must be a finite distance >= 0");
    const size_t n = positions.size();
    VertexGraph graph;

    // Weld: each vertex joins the lowest-numbered earlier representative within tolerance.
    graph.weldedTo.resize(n);
    {
        const detail::SpatialHash hash(positions, weldTolerance);
        for (size_t v = 0; v < n; ++v) {
            uint32_t rep = uint32_t(v);
            hash.near(positions[v], weldTolerance, [&](uint32_t w, float) {
                if (w < rep && graph.weldedTo[w] == w) rep = w;
            });
            graph.weldedTo[v] = rep;
        }
    }

    // Edges between representatives, counted, filled, then sorted and deduplicated per vertex.
    std::vector<uint32_t> count(n + 1, 0);
    const auto forEachEdge = [&](auto &&f) {
        for (size_t t = 0; t + 2 < indices.size(); t += 3)
            for (int k = 0; k < 3; ++k) {
                const uint32_t a = graph.weldedTo[indices[t + k]];
                const uint32_t b = graph.weldedTo[indices[t + (k + 1) % 3]];
                if (a != b) {
                    f(a, b);
                    f(b, a);
                }
            }
    };
    forEachEdge([&](uint32_t a, uint32_t) { ++count[a + 1]; });
    for (size_t v = 0; v < n; ++v)
        count[v + 1] += count[v];
    std::vector<uint32_t> raw(count[n]);
    std::vector<uint32_t> fill(count.begin(), count.end() - 1);
    forEachEdge([&](uint32_t a, uint32_t b) { raw[fill[a]++] = b; });

    graph.offsets.assign(n + 1, 0);
    std::vector<uint32_t> repBegin(n, 0), repEnd(n, 0); // each representative's unique list in raw
    for (size_t v = 0; v < n; ++v) {
        if (graph.weldedTo[v] != v) continue;
        auto begin = raw.begin() + count[v], end = raw.begin() + count[v + 1];
        std::sort(begin, end);
        end = std::unique(begin, end);
        repBegin[v] = count[v];
        repEnd[v] = uint32_t(end - raw.begin());
    }
    // Every vertex of a welded group lists its representative's neighbours.
    for (size_t v = 0; v < n; ++v) {
        const uint32_t r = graph.weldedTo[v];
        graph.offsets[v + 1] = graph.offsets[v] + (repEnd[r] - repBegin[r]);
    }
    graph.neighbours.resize(graph.offsets[n]);
    for (size_t v = 0; v < n; ++v) {
        const uint32_t r = graph.weldedTo[v];
        std::copy(raw.begin() + repBegin[r], raw.begin() + repEnd[r],
                  graph.neighbours.begin() + graph.offsets[v]);
    }
    return graph;
}

std::vector<uint32_t> connectedRegion(const VertexGraph &graph, uint32_t seed)
{
    const size_t n = graph.weldedTo.size();
    checkGraph(graph, n, "connectedRegion");
    if (seed >= n)
        throw InputError("connectedRegion: seed vertex " + std::to_string(seed) +
                         " is out of range (" + std::to_string(n) + " vertices)");
    std::vector<bool> reached(n, false);
    std::vector<uint32_t> queue{graph.weldedTo[seed]};
    reached[queue[0]] = true;
    for (size_t i = 0; i < queue.size(); ++i) {
        const uint32_t v = queue[i];
        for (uint32_t k = graph.offsets[v]; k < graph.offsets[v + 1]; ++k) {
            const uint32_t w = graph.neighbours[k];
            if (!reached[w]) {
                reached[w] = true;
                queue.push_back(w);
            }
        }
    }
    // The representatives reached, and every vertex welded to one of them.
    std::vector<uint32_t> out;
    for (size_t v = 0; v < n; ++v)
        if (reached[graph.weldedTo[v]]) out.push_back(uint32_t(v));
    return out;
}

namespace {

/// The distance at corner c of triangle (a, b, c) from a source whose distances at a and b are
/// da and db: the source is unfolded into the triangle's plane (beyond edge ab) and measured in a
/// straight line, valid when that line enters the triangle through edge ab. Infinity otherwise.
float unfoldedDistance(const Vec3 &a, const Vec3 &b, const Vec3 &c, float da, float db)
{
    const Vec3 ab = b - a;
    const float len = length(ab);
    if (!(len > 0)) return std::numeric_limits<float>::infinity();
    const Vec3 e = ab / len;
    const Vec3 ac = c - a;
    const float cx = dot(ac, e);
    const float cy = length(ac - e * cx);
    const float sx = (da * da - db * db + len * len) / (2 * len);
    const float sy2 = da * da - sx * sx;
    if (!(cy > 0) || sy2 < 0) return std::numeric_limits<float>::infinity();
    const float sy = -std::sqrt(sy2);
    const float x = sx + (cx - sx) * (-sy / (cy - sy)); // where the line crosses edge ab
    if (!(x >= 0 && x <= len)) return std::numeric_limits<float>::infinity();
    return std::sqrt((cx - sx) * (cx - sx) + (cy - sy) * (cy - sy));
}

} // namespace

std::vector<float> surfaceDistances(const std::vector<Vec3> &positions,
                                    const std::vector<uint32_t> &indices, const VertexGraph &graph,
                                    const SurfaceHit &from)
{
    const size_t n = positions.size();
    detail::checkTriangles(indices, n, "surfaceDistances");
    checkGraph(graph, n, "surfaceDistances");
    if (!from.found() || size_t(from.triangle) * 3 + 3 > indices.size())
        throw InputError("surfaceDistances: the start point's triangle is not part of the mesh");
    if (!isFinite(from.bary))
        throw InputError("surfaceDistances: the start point's weights are not finite");
    const std::vector<uint32_t> &rep = graph.weldedTo;

    // Triangles around each representative (triangles collapsed by the weld left out).
    std::vector<uint32_t> triOffsets(n + 1, 0), triList;
    const auto distinct = [&](size_t t) {
        const uint32_t a = rep[indices[t]], b = rep[indices[t + 1]], c = rep[indices[t + 2]];
        return a != b && b != c && a != c;
    };
    for (size_t t = 0; t < indices.size(); t += 3)
        if (distinct(t))
            for (int k = 0; k < 3; ++k)
                ++triOffsets[rep[indices[t + k]] + 1];
    for (size_t v = 0; v < n; ++v)
        triOffsets[v + 1] += triOffsets[v];
    triList.resize(triOffsets[n]);
    {
        std::vector<uint32_t> fill(triOffsets.begin(), triOffsets.end() - 1);
        for (size_t t = 0; t < indices.size(); t += 3)
            if (distinct(t))
                for (int k = 0; k < 3; ++k)
                    triList[fill[rep[indices[t + k]]]++] = uint32_t(t);
    }

    // Dijkstra over the representatives, seeded with the straight distances from the point to
    // its triangle's corners. Besides the edges, a vertex is reached across each triangle with
    // two corners already settled (unfolding, as fast marching does): on flat and developable
    // pieces that is the straight-line distance instead of a zigzag along edges. An unfolding
    // may arrive after its vertex was settled along an edge (the triangle's second corner came
    // later): such a vertex is lowered and settled again, so distances only ever decrease.
    const uint32_t *corner = &indices[3 * size_t(from.triangle)];
    const Vec3 start = positions[corner[0]] * from.bary.x + positions[corner[1]] * from.bary.y +
                       positions[corner[2]] * from.bary.z;
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> dist(n, inf);
    std::vector<uint8_t> settled(n, 0);
    using Entry = std::pair<float, uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    const auto relax = [&](uint32_t w, float d) {
        // A relative margin keeps rounding from reopening vertices for nothing.
        if (d < dist[w] * (1.0f - 1e-6f) || (dist[w] == inf && d < inf)) {
            dist[w] = d;
            heap.push({d, w});
        }
    };
    for (int k = 0; k < 3; ++k) {
        const uint32_t r = rep[corner[k]];
        const float d = distance(positions[corner[k]], start);
        if (d < dist[r]) {
            dist[r] = d;
            heap.push({d, r});
        }
    }
    while (!heap.empty()) {
        const auto [d, v] = heap.top();
        heap.pop();
        if (d > dist[v]) continue; // superseded
        settled[v] = 1;
        for (uint32_t k = graph.offsets[v]; k < graph.offsets[v + 1]; ++k) {
            const uint32_t w = graph.neighbours[k];
            relax(w, d + distance(positions[v], positions[w]));
        }
        for (uint32_t k = triOffsets[v]; k < triOffsets[v + 1]; ++k) {
            const uint32_t t = triList[k];
            uint32_t p = kNoVertex, q = kNoVertex;
            for (int j = 0; j < 3; ++j) {
                const uint32_t c = rep[indices[t + j]];
                if (c != v) (p == kNoVertex ? p : q) = c;
            }
            if (settled[p])
                relax(q, unfoldedDistance(positions[v], positions[p], positions[q], d, dist[p]));
            if (settled[q])
                relax(p, unfoldedDistance(positions[v], positions[q], positions[p], d, dist[q]));
        }
    }
    for (size_t v = 0; v < n; ++v)
        dist[v] = dist[rep[v]];
    return dist;
}

ValueEdit gradientValues(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                         const VertexGraph &graph, const std::vector<float> &values,
                         const SurfaceHit &from, float valueFrom, const SurfaceHit &to,
                         float valueTo, const std::vector<uint32_t> &vertices)
{
    if (values.size() != positions.size())
        throw InputError("gradientValues: " + std::to_string(values.size()) + " values for " +
                         std::to_string(positions.size()) + " vertices");
    if (!std::isfinite(valueFrom) || !std::isfinite(valueTo))
        throw InputError("gradientValues: the end values are not finite");
    detail::checkVertices(vertices, positions.size(), "gradientValues");
    const std::vector<float> da = surfaceDistances(positions, indices, graph, from);
    const std::vector<float> db = surfaceDistances(positions, indices, graph, to);
    ValueEdit edit;
    const auto apply = [&](uint32_t v) {
        if (!std::isfinite(da[v]) || !std::isfinite(db[v])) return;
        const float sum = da[v] + db[v];
        const float value = sum > 0 ? valueFrom + (valueTo - valueFrom) * (da[v] / sum) : valueFrom;
        if (value != values[v]) {
            edit.vertices.push_back(v);
            edit.values.push_back(value);
        }
    };
    if (vertices.empty())
        for (size_t v = 0; v < positions.size(); ++v)
            apply(uint32_t(v));
    else
        for (const uint32_t v : detail::sortedUnique(vertices))
            apply(v);
    return edit;
}

} // namespace tweed

namespace tweed {

ValueEdit exponentialGradientValues(const VertexGraph &graph, const std::vector<float> &values,
                                    const std::vector<uint32_t> &sources, float factor,
                                    uint32_t levels)
{
    const size_t n = graph.weldedTo.size();
    checkGraph(graph, n, "exponentialGradientValues");
    if (values.size() != n)
        throw InputError("exponentialGradientValues: " + std::to_string(values.size()) +
                         " values for " + std::to_string(n) + " vertices");
    if (!(factor > 0) || !std::isfinite(factor))
        throw InputError("exponential gradient: the factor per level must be positive, not " +
                         std::to_string(factor));
    if (levels < 1 || levels > 64)
        throw InputError("exponential gradient: the levels must lie in 1..64, not " +
                         std::to_string(levels));
    detail::checkVertices(sources, n, "exponentialGradientValues");
    if (sources.empty())
        throw InputError("exponential gradient: no pinned vertex to count the levels from");
    // Levels: edge hops from the nearest source, over the welded graph.
    std::vector<uint32_t> level(n, kNoVertex);
    std::vector<uint32_t> queue;
    for (const uint32_t s : sources) {
        const uint32_t r = graph.weldedTo[s];
        if (level[r] == kNoVertex) {
            level[r] = 0;
            queue.push_back(r);
        }
    }
    for (size_t i = 0; i < queue.size(); ++i) {
        const uint32_t v = queue[i];
        for (uint32_t k = graph.offsets[v]; k < graph.offsets[v + 1]; ++k) {
            const uint32_t w = graph.neighbours[k];
            if (level[w] == kNoVertex) {
                level[w] = level[v] + 1;
                queue.push_back(w);
            }
        }
    }
    ValueEdit edit;
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t l = level[graph.weldedTo[v]];
        if (l == kNoVertex) continue; // not connected to the pins: left as it is
        const float value = l < levels ? std::pow(factor, float(levels - l)) : 1.0f;
        if (values[v] != value) {
            edit.vertices.push_back(v);
            edit.values.push_back(value);
        }
    }
    return edit;
}

} // namespace tweed
