// Measurements of triangle meshes: topology, triangle quality, boundary loops, surface error.
#include "mesh_internal.h"
#include "tweed/meshproc/mesh_quality.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tweed {
namespace {

using detail::kNone;

struct HalfEdgeEntry
{
    uint64_t key;
    uint32_t corner; // 3 * triangle + corner the half-edge starts at
};

// Half-edges sorted by undirected edge, then corner: counted into buckets by their smaller
// vertex (in corner order), then each bucket's few entries sorted by key with an insertion
// sort that keeps that order. (A comparison sort of all of them was most of the time of
// measuring a mesh.)
std::vector<HalfEdgeEntry> sortedHalfEdges(const std::vector<uint32_t> &indices)
{
    auto nextCorner = [](uint32_t c) { return c / 3 * 3 + (c % 3 + 1) % 3; };
    uint32_t largest = 0;
    for (uint32_t v : indices)
        largest = std::max(largest, v);
    std::vector<uint32_t> bucketEnd(indices.empty() ? 0 : size_t(largest) + 1, 0);
    for (uint32_t c = 0; c < indices.size(); ++c)
        ++bucketEnd[std::min(indices[c], indices[nextCorner(c)])];
    std::partial_sum(bucketEnd.begin(), bucketEnd.end(), bucketEnd.begin());
    std::vector<HalfEdgeEntry> h(indices.size());
    for (uint32_t c = uint32_t(indices.size()); c-- > 0;) {
        const uint32_t a = indices[c], b = indices[nextCorner(c)];
        h[--bucketEnd[std::min(a, b)]] = {detail::edgeKey(a, b), c};
    }
    // bucketEnd now holds each bucket's start.
    for (size_t v = 0; v < bucketEnd.size(); ++v) {
        const size_t begin = bucketEnd[v], end = v + 1 < bucketEnd.size() ? bucketEnd[v + 1] : h.size();
        for (size_t i = begin + 1; i < end; ++i)
            for (size_t j = i; j > begin && h[j].key < h[j - 1].key; --j)
                std::swap(h[j], h[j - 1]);
    }
    return h;
}

// The mean and spread of edge lengths, summed in the order the edges are added.
struct EdgeLengths
{
    double sum = 0, sumSq = 0;
    size_t edges = 0;
    void add(const Vec3 &a, const Vec3 &b)
    {
        const double len = distance(a, b);
        sum += len;
        sumSq += len * len;
        ++edges;
    }
    void store(MeshQuality &q) const
    {
        q.edgeLengthMean = float(sum / double(edges));
        const double var =
            std::max(0.0, sumSq / double(edges) - (sum / double(edges)) * (sum / double(edges)));
        q.edgeLengthSpread = sum > 0 ? float(std::sqrt(var) / (sum / double(edges))) : 0.0f;
    }
};

// A triangle's smallest angle is at most 60 degrees, so its smallest sine finds it. The
// sine at a corner is |cross| over the product of the two edges meeting there, so the
// smallest is at the corner between the two longest edges: with l0, l1, l2 the squared
// edge lengths, sin^2 = |cross|^2 min(l) / (l0 l1 l2). No trigonometry per triangle; a
// degenerate triangle counts as 0.
float minAngleDegrees(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    double minSine2 = 1;
    for (size_t t = 0; t < indices.size() / 3; ++t) {
        const Vec3 &a = positions[indices[3 * t]], &b = positions[indices[3 * t + 1]],
                   &c = positions[indices[3 * t + 2]];
        const double l0 = lengthSquared(b - a), l1 = lengthSquared(c - b),
                     l2 = lengthSquared(a - c);
        const double product = l0 * l1 * l2;
        const double sine2 = product > 0 ? double(lengthSquared(cross(b - a, c - a))) *
                                               std::min({l0, l1, l2}) / product
                                         : 0.0;
        minSine2 = std::min(minSine2, sine2);
    }
    return float(std::asin(std::sqrt(std::min(minSine2, 1.0))) * 180.0 / kPi);
}

uint32_t findRoot(std::vector<uint32_t> &parent, uint32_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

void unite(std::vector<uint32_t> &parent, uint32_t a, uint32_t b)
{
    a = findRoot(parent, a);
    b = findRoot(parent, b);
    if (a != b)
        parent[std::max(a, b)] = std::min(a, b);
}

// The boundary loops of a mesh, from its half-edges h as sortedHalfEdges lists them.
std::vector<BoundaryLoop> boundaryLoopsOf(const std::vector<Vec3> &positions,
                                          const std::vector<uint32_t> &indices,
                                          const std::vector<HalfEdgeEntry> &h)
{
    // Boundary half-edges (their undirected edge has one triangle), listed by start vertex.
    std::vector<std::pair<uint32_t, uint32_t>> boundary; // (from, to)
    for (size_t i = 0; i < h.size();) {
        size_t j = i;
        while (j < h.size() && h[j].key == h[i].key)
            ++j;
        if (j - i == 1) {
            const uint32_t c = h[i].corner;
            boundary.push_back({indices[c], indices[c / 3 * 3 + (c % 3 + 1) % 3]});
        }
        i = j;
    }
    std::sort(boundary.begin(), boundary.end());
    std::vector<bool> used(boundary.size(), false);
    auto nextFrom = [&](uint32_t v) -> size_t {
        auto it = std::lower_bound(boundary.begin(), boundary.end(), std::make_pair(v, 0u));
        for (; it != boundary.end() && it->first == v; ++it)
            if (!used[size_t(it - boundary.begin())])
                return size_t(it - boundary.begin());
        return boundary.size();
    };
    std::vector<BoundaryLoop> loops;
    for (size_t s = 0; s < boundary.size(); ++s) {
        if (used[s])
            continue;
        BoundaryLoop loop;
        size_t e = s;
        while (e < boundary.size() && !used[e]) {
            used[e] = true;
            loop.vertices.push_back(boundary[e].first);
            loop.length += distance(positions[boundary[e].first], positions[boundary[e].second]);
            if (boundary[e].second == boundary[s].first)
                break;
            e = nextFrom(boundary[e].second);
        }
        loops.push_back(std::move(loop));
    }
    return loops;
}

} // namespace

std::vector<BoundaryLoop> boundaryLoops(const std::vector<Vec3> &positions,
                                        const std::vector<uint32_t> &indices)
{
    return boundaryLoopsOf(positions, indices, sortedHalfEdges(indices));
}

MeshQuality measureMeshQuality(const std::vector<Vec3> &positions,
                               const std::vector<uint32_t> &indices)
{
    MeshQuality q;
    const size_t triCount = indices.size() / 3;
    q.triangles = uint32_t(triCount);
    if (triCount == 0)
        return q;
    std::vector<uint32_t> vertexParent(positions.size());
    std::iota(vertexParent.begin(), vertexParent.end(), 0u);
    std::vector<bool> used(positions.size(), false);
    for (size_t t = 0; t < triCount; ++t)
        for (int k = 0; k < 3; ++k) {
            used[indices[3 * t + size_t(k)]] = true;
            unite(vertexParent, indices[3 * t], indices[3 * t + size_t(k)]);
        }
    for (uint32_t v = 0; v < positions.size(); ++v)
        if (used[v]) {
            ++q.vertices;
            if (findRoot(vertexParent, v) == v)
                ++q.components;
        }

    // Edges: lengths, non-manifold edges, and fans around vertices.
    const std::vector<HalfEdgeEntry> h = sortedHalfEdges(indices);
    std::vector<uint32_t> cornerParent(indices.size());
    std::iota(cornerParent.begin(), cornerParent.end(), 0u);
    auto next = [](uint32_t c) { return c / 3 * 3 + (c % 3 + 1) % 3; };
    EdgeLengths lengths;
    for (size_t i = 0; i < h.size();) {
        size_t j = i;
        while (j < h.size() && h[j].key == h[i].key)
            ++j;
        const uint32_t c0 = h[i].corner;
        lengths.add(positions[indices[c0]], positions[indices[next(c0)]]);
        if (j - i > 2)
            ++q.nonManifoldEdges;
        // Corners at the same vertex in triangles sharing this edge belong to one fan.
        for (size_t k = i + 1; k < j; ++k) {
            const uint32_t c1 = h[k].corner;
            if (indices[c1] == indices[c0]) {
                unite(cornerParent, c0, c1);
                unite(cornerParent, next(c0), next(c1));
            } else {
                unite(cornerParent, c0, next(c1));
                unite(cornerParent, next(c0), c1);
            }
        }
        i = j;
    }
    std::vector<uint32_t> fanOf(positions.size(), kNone);
    std::vector<bool> counted(positions.size(), false);
    for (uint32_t c = 0; c < indices.size(); ++c) {
        const uint32_t v = indices[c], root = findRoot(cornerParent, c);
        if (fanOf[v] == kNone)
            fanOf[v] = root;
        else if (fanOf[v] != root && !counted[v]) {
            counted[v] = true;
            ++q.nonManifoldVertices;
        }
    }
    lengths.store(q);
    q.minAngleDegrees = minAngleDegrees(positions, indices);
    q.boundaryLoops = uint32_t(boundaryLoopsOf(positions, indices, h).size());
    return q;
}

MeshQuality measureTriangleQuality(const std::vector<Vec3> &positions,
                                   const std::vector<uint32_t> &indices)
{
    MeshQuality q;
    q.triangles = uint32_t(indices.size() / 3);
    if (q.triangles == 0)
        return q;
    // Each edge once, in the order measureMeshQuality sums them (so the same bits).
    const std::vector<HalfEdgeEntry> h = sortedHalfEdges(indices);
    EdgeLengths lengths;
    for (size_t i = 0; i < h.size(); ++i)
        if (i == 0 || h[i].key != h[i - 1].key) {
            const uint32_t c = h[i].corner;
            lengths.add(positions[indices[c]], positions[indices[c / 3 * 3 + (c % 3 + 1) % 3]]);
        }
    lengths.store(q);
    q.minAngleDegrees = minAngleDegrees(positions, indices);
    return q;
}

namespace {

// Vertices, unique edge midpoints and triangle centroids of a mesh.
std::vector<Vec3> surfaceSamples(const std::vector<Vec3> &positions,
                                 const std::vector<uint32_t> &indices)
{
    std::vector<Vec3> samples;
    std::vector<bool> used(positions.size(), false);
    for (uint32_t i : indices)
        used[i] = true;
    for (size_t v = 0; v < positions.size(); ++v)
        if (used[v])
            samples.push_back(positions[v]);
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t f[3] = {indices[t], indices[t + 1], indices[t + 2]};
        samples.push_back((positions[f[0]] + positions[f[1]] + positions[f[2]]) / 3.0f);
        for (int k = 0; k < 3; ++k)
            if (f[k] < f[(k + 1) % 3]) // each interior edge once (its other side has it reversed)
                samples.push_back((positions[f[k]] + positions[f[(k + 1) % 3]]) * 0.5f);
    }
    return samples;
}

// The distances from samples to a surface, summed over chunks of a set size that are added in
// order, so that the sum has the same bits on any number of threads.
struct DistanceSum
{
    double sum = 0, max = 0;
};
DistanceSum distancesTo(const std::vector<Vec3> &samples, const detail::TriangleTree &tree,
                        size_t maxThreads)
{
    constexpr size_t kChunk = 2048;
    std::vector<DistanceSum> chunks((samples.size() + kChunk - 1) / kChunk);
    detail::forEachRange(
        chunks.size(), 1,
        [&](size_t, size_t begin, size_t end) {
            for (size_t c = begin; c < end; ++c) {
                // The samples come in mesh order, so each lies near the last: its closest triangle
                // bounds the next search.
                uint32_t last = detail::kNone;
                DistanceSum &chunk = chunks[c];
                for (size_t i = c * kChunk; i < std::min(samples.size(), (c + 1) * kChunk); ++i) {
                    const detail::ClosestHit hit = last == detail::kNone
                                                       ? tree.closest(samples[i])
                                                       : tree.closestFrom(samples[i], last);
                    last = hit.triangle;
                    const double d = std::sqrt(double(hit.distanceSquared));
                    chunk.sum += d;
                    chunk.max = std::max(chunk.max, d);
                }
            }
        },
        maxThreads);
    DistanceSum total;
    for (const DistanceSum &chunk : chunks) {
        total.sum += chunk.sum;
        total.max = std::max(total.max, chunk.max);
    }
    return total;
}

} // namespace

SurfaceError measureSurfaceError(const std::vector<Vec3> &positions,
                                 const std::vector<uint32_t> &indices,
                                 const std::vector<Vec3> &referencePositions,
                                 const std::vector<uint32_t> &referenceIndices, size_t maxThreads)
{
    SurfaceError error;
    const float diagonal = detail::boundingDiagonal(referencePositions, referenceIndices);
    if (indices.empty() || referenceIndices.empty() || !(diagonal > 0))
        return error;
    const detail::TriangleTree tree(positions, indices);
    const detail::TriangleTree referenceTree(referencePositions, referenceIndices);
    const std::vector<Vec3> samples = surfaceSamples(positions, indices),
                            referenceSamples = surfaceSamples(referencePositions, referenceIndices);
    const DistanceSum there = distancesTo(samples, referenceTree, maxThreads),
                      back = distancesTo(referenceSamples, tree, maxThreads);
    error.max = float(std::max(there.max, back.max) / diagonal);
    error.mean = float((there.sum + back.sum) / double(samples.size() + referenceSamples.size()) /
                       diagonal);
    return error;
}

} // namespace tweed
