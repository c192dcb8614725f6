// Private helpers shared by the mesh operations of meshproc: closest points on triangles, a
// bounding-volume tree for closest-point queries, edge keys.
#pragma once

#include "tweed/channels.h"
#include "tweed/math.h"
#include "tweed/mesh.h"
#include "tweed/mesh_edges.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <numeric>
#include <thread>
#include <vector>

namespace tweed::detail {

/// Disjoint sets over 0..n-1 (union-find with path halving). A set's root is its smallest
/// member, so labels taken from find() do not depend on the order of the joins.
struct DisjointSets
{
    std::vector<uint32_t> parent;
    explicit DisjointSets(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    uint32_t find(uint32_t x)
    {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    }
    void join(uint32_t a, uint32_t b)
    {
        a = find(a), b = find(b);
        if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
};

constexpr uint32_t kNone = 0xFFFFFFFFu;

using tweed::edgeKey;

/// Closest point of triangle abc to p, with its barycentric weights (wa, wb, wc).
/// Ericson, Real-Time Collision Detection, 5.1.5.
inline Vec3 closestPointOnTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                                   Vec3 &bary)
{
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) {
        bary = {1, 0, 0};
        return a;
    }
    const Vec3 bp = p - b;
    const float d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) {
        bary = {0, 1, 0};
        return b;
    }
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        const float v = d1 / (d1 - d3);
        bary = {1 - v, v, 0};
        return a + ab * v;
    }
    const Vec3 cp = p - c;
    const float d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) {
        bary = {0, 0, 1};
        return c;
    }
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        const float w = d2 / (d2 - d6);
        bary = {1 - w, 0, w};
        return a + ac * w;
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
        const float w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        bary = {0, 1 - w, w};
        return b + (c - b) * w;
    }
    const float denom = va + vb + vc;
    if (!(std::abs(denom) > 0)) { // degenerate triangle: fall back to its vertices
        const float da = lengthSquared(p - a), db = lengthSquared(p - b),
                    dc = lengthSquared(p - c);
        if (da <= db && da <= dc) {
            bary = {1, 0, 0};
            return a;
        }
        bary = db <= dc ? Vec3{0, 1, 0} : Vec3{0, 0, 1};
        return db <= dc ? b : c;
    }
    const float v = vb / denom, w = vc / denom;
    bary = {1 - v - w, v, w};
    return a + ab * v + ac * w;
}

/// Closest point of segment ab to p.
inline Vec3 closestOnSegment(const Vec3 &p, const Vec3 &a, const Vec3 &b)
{
    const Vec3 ab = b - a;
    const float len2 = lengthSquared(ab);
    const float t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
    return a + ab * t;
}

struct ClosestHit
{
    uint32_t triangle = kNone; ///< index into the mesh's triangles, kNone when nothing found
    Vec3 point;
    Vec3 bary; ///< weights of the triangle's corners 0, 1, 2
    float distanceSquared = std::numeric_limits<float>::infinity();
    bool found() const { return triangle != kNone; }
};

/// Axis-aligned bounding-box tree over (a subset of) a mesh's triangles, for closest points.
/// Keeps references to the positions and indices it was built on.
class TriangleTree
{
public:
    TriangleTree() = default;
    /// triangles: the triangle indices to include; null = all.
    TriangleTree(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                 const std::vector<uint32_t> *triangles = nullptr);

    bool empty() const { return mTriangles.empty(); }

    /// Closest point of the accepted triangles (accept(triangle) true) within maxDistance.
    template <class Accept>
    ClosestHit closest(const Vec3 &p, Accept &&accept,
                       float maxDistanceSquared = std::numeric_limits<float>::infinity()) const;
    ClosestHit closest(const Vec3 &p, float maxDistanceSquared =
                                          std::numeric_limits<float>::infinity()) const
    {
        return closest(p, [](uint32_t) { return true; }, maxDistanceSquared);
    }

    /// closest(p), searched within the distance to `hint` (a triangle of the tree near p, such
    /// as the last answer of a run of nearby queries): most of the tree is then pruned at once.
    /// The distance found is the same; among triangles at the same distance the choice may
    /// differ.
    ClosestHit closestFrom(const Vec3 &p, uint32_t hint) const
    {
        const std::vector<Vec3> &pos = *mPositions;
        const std::vector<uint32_t> &idx = *mIndices;
        ClosestHit own;
        own.triangle = hint;
        own.point =
            closestPointOnTriangle(p, pos[idx[3 * size_t(hint)]], pos[idx[3 * size_t(hint) + 1]],
                                   pos[idx[3 * size_t(hint) + 2]], own.bary);
        own.distanceSquared = lengthSquared(own.point - p);
        if (!(own.distanceSquared < std::numeric_limits<float>::infinity()))
            return closest(p);
        // (the hint, unless rounding puts its leaf's box a hair beyond its own distance)
        const ClosestHit hit = closest(p, own.distanceSquared);
        return hit.found() ? hit : own;
    }

private:
    struct Node
    {
        Vec3 lo, hi;
        uint32_t first = 0; ///< leaf: first entry in mTriangles; inner: left child (right = +1)
        uint32_t count = 0; ///< leaf: triangle count; 0 for inner nodes
    };
    static float boxDistanceSquared(const Node &n, const Vec3 &p)
    {
        const float dx = std::max({n.lo.x - p.x, 0.0f, p.x - n.hi.x});
        const float dy = std::max({n.lo.y - p.y, 0.0f, p.y - n.hi.y});
        const float dz = std::max({n.lo.z - p.z, 0.0f, p.z - n.hi.z});
        return dx * dx + dy * dy + dz * dz;
    }

    const std::vector<Vec3> *mPositions = nullptr;
    const std::vector<uint32_t> *mIndices = nullptr;
    std::vector<uint32_t> mTriangles;
    std::vector<Vec3> mCorners; ///< the corners of mTriangles' triangles, side by side in its order
    std::vector<Node> mNodes;
};

template <class Accept>
ClosestHit TriangleTree::closest(const Vec3 &p, Accept &&accept, float maxDistanceSquared) const
{
    ClosestHit best;
    best.distanceSquared = maxDistanceSquared;
    if (mNodes.empty())
        return best;
    uint32_t stack[64];
    int top = 0;
    if (boxDistanceSquared(mNodes[0], p) > best.distanceSquared)
        return best;
    stack[top++] = 0;
    while (top > 0) {
        const Node &node = mNodes[stack[--top]];
        if (boxDistanceSquared(node, p) > best.distanceSquared)
            continue;
        if (node.count > 0) {
            for (uint32_t i = node.first; i < node.first + node.count; ++i) {
                const uint32_t t = mTriangles[i];
                if (!accept(t))
                    continue;
                Vec3 bary;
                const Vec3 q =
                    closestPointOnTriangle(p, mCorners[3 * size_t(i)], mCorners[3 * size_t(i) + 1],
                                           mCorners[3 * size_t(i) + 2], bary);
                const float d = lengthSquared(q - p);
                if (d < best.distanceSquared || (d == best.distanceSquared && !best.found())) {
                    best.triangle = t;
                    best.point = q;
                    best.bary = bary;
                    best.distanceSquared = d;
                }
            }
            continue;
        }
        // Visit the nearer child first (pushed last).
        const uint32_t l = node.first, r = node.first + 1;
        const float dl = boxDistanceSquared(mNodes[l], p), dr = boxDistanceSquared(mNodes[r], p);
        if (dl <= dr) {
            if (dr <= best.distanceSquared)
                stack[top++] = r;
            if (dl <= best.distanceSquared)
                stack[top++] = l;
        } else {
            if (dl <= best.distanceSquared)
                stack[top++] = l;
            if (dr <= best.distanceSquared)
                stack[top++] = r;
        }
    }
    return best;
}

/// Neighbours of each vertex through the triangles' edges, sorted, without repeats.
std::vector<std::vector<uint32_t>> neighbourLists(size_t n, const std::vector<uint32_t> &idx);

/// Each edge of neighbour lists once, as (lower, higher) vertex.
std::vector<std::pair<uint32_t, uint32_t>> edgeList(const std::vector<std::vector<uint32_t>> &nb);

/// Shortest distances along the edges (neighbour lists `nb`, positions `p`) from the seed
/// vertices (multi-source Dijkstra); infinite where no seed is reached.
std::vector<float> edgeDistances(const std::vector<Vec3> &p, const std::vector<std::vector<uint32_t>> &nb,
                                 const std::vector<uint8_t> &seed);

/// Bounding-box diagonal of the vertices used by indices (or of all positions when empty).
float boundingDiagonal(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices);

/// Total area of a triangle mesh.
double surfaceArea(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices);

/// Drops unused vertices, keeping order; remaps indices and the per-vertex arrays given.
void compactVertices(std::vector<Vec3> &positions, std::vector<uint32_t> &indices,
                     std::vector<uint32_t> *perVertex);

/// A point on a triangle mesh: the triangle's corner vertices and barycentric weights.
struct SurfacePoint
{
    uint32_t corners[3] = {0, 0, 0};
    Vec3 bary{1, 0, 0};
    uint32_t nearest() const
    {
        return bary.x >= bary.y && bary.x >= bary.z ? corners[0]
                                                    : (bary.y >= bary.z ? corners[1] : corners[2]);
    }
};

/// Where each point lies on the surface: at its source vertex when it has one (sourceVertex may
/// be shorter than points or empty), else at the closest point of the triangles (null = all).
std::vector<SurfacePoint> locateOnSurface(const std::vector<Vec3> &points,
                                          const std::vector<uint32_t> &sourceVertex,
                                          const std::vector<Vec3> &surfacePositions,
                                          const std::vector<uint32_t> &surfaceIndices,
                                          const std::vector<uint32_t> *triangles);
/// How far apart two sets of bone weights are: the sum over the bones of the weight
/// differences, 0 (the same) to 2 (no bone in common).
float weightDistance(const BoneInfluence &a, const BoneInfluence &b);
/// Two neighbouring vertices whose weights are this far apart (more than half of the weight on
/// other bones) lie in different parts of a surface, as two separate pieces do.
constexpr float kSharpWeightChange = 1.0f;
/// Where each vertex of a physics mesh lies on the graphics surface it stands for: at its source
/// vertex; else, with a region (simplification), at the closest point of the triangles around
/// its region's vertices; else at the closest point of the part of the surface (weightParts) its
/// physics neighbours stand for. triangles: the graphics triangles to use (null = all).
std::vector<SurfacePoint> locatePhysicsVertices(const std::vector<Vec3> &positions,
                                                const std::vector<uint32_t> &indices,
                                                const std::vector<uint32_t> &sourceVertex,
                                                const std::vector<uint32_t> &regionStart,
                                                const std::vector<uint32_t> &region,
                                                const GraphicsMesh &mesh,
                                                const std::vector<uint32_t> *triangles);
/// The parts of a graphics surface, as one label per vertex (of the vertices of `triangles`, null
/// = all; the others kNone): vertices joined by an edge or at the same position are in one part
/// unless their weights change sharply between them (kSharpWeightChange).
std::vector<uint32_t> weightParts(const GraphicsMesh &mesh, const std::vector<uint32_t> *triangles);
/// Bone influences at a surface point: barycentric blend, four largest kept, renormalised.
BoneInfluence blendInfluences(const std::vector<BoneInfluence> &skin, const uint32_t corners[3],
                              const Vec3 &bary);
/// Channels at surface points: floats interpolated, masks from the nearest vertex. Channels
/// empty in source get their defaults.
void transferChannels(const PaintChannels &source, const std::vector<SurfacePoint> &points,
                      PaintChannels &out);

/// How many ranges forEachRange cuts count items into: one per hardware thread (at most
/// maxThreads unless that is 0), as long as each gets at least minPerRange items.
inline size_t rangeCount(size_t count, size_t minPerRange, size_t maxThreads = 0)
{
    size_t threads = std::max(1u, std::thread::hardware_concurrency());
    if (maxThreads > 0)
        threads = std::min(threads, maxThreads);
    return std::max<size_t>(1, std::min(threads, count / std::max<size_t>(minPerRange, 1)));
}

/// Runs work(range, begin, end) over [0, count) cut into rangeCount(count, minPerRange,
/// maxThreads) contiguous ranges, the caller running the first. Returns the number of ranges, so
/// that per-range results can be merged in order (the same result with any number of threads). The
/// first exception a range throws is rethrown after all ranges have finished.
template <class Work>
size_t forEachRange(size_t count, size_t minPerRange, const Work &work, size_t maxThreads = 0)
{
    const size_t ranges = rangeCount(count, minPerRange, maxThreads);
    if (ranges == 1) {
        work(size_t(0), size_t(0), count);
        return 1;
    }
    std::vector<std::exception_ptr> errors(ranges);
    auto run = [&](size_t r) {
        try {
            work(r, count * r / ranges, count * (r + 1) / ranges);
        } catch (...) {
            errors[r] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    for (size_t r = 1; r < ranges; ++r)
        threads.emplace_back(run, r);
    run(0);
    for (std::thread &t : threads)
        t.join();
    for (const std::exception_ptr &e : errors)
        if (e)
            std::rethrow_exception(e);
    return ranges;
}

} // namespace tweed::detail
