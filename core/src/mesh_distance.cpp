#include "tweed/mesh_distance.h"

#include "tweed/errors.h"
#include "tweed/mesh.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

namespace tweed {
namespace {

constexpr uint32_t kLeafSize = 4;

} // namespace

// The closest point on triangle abc to p (Ericson, Real-Time Collision Detection 5.1.5) and
// the feature it lies on: 0..2 a corner, 3..5 the edge from corner k - 3 to the next, 6 inside.
Vec3 closestOnTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, int &feature)
{
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) {
        feature = 0;
        return a;
    }
    const Vec3 bp = p - b;
    const float d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) {
        feature = 1;
        return b;
    }
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
        feature = 3;
        return a + ab * (d1 / (d1 - d3));
    }
    const Vec3 cp = p - c;
    const float d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) {
        feature = 2;
        return c;
    }
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) {
        feature = 5;
        return a + ac * (d2 / (d2 - d6));
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
        feature = 4;
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    const float denom = va + vb + vc;
    if (!(std::abs(denom) > 0)) { // degenerate: the nearest corner
        feature = 0;
        return a;
    }
    feature = 6;
    return a + ab * (vb / denom) + ac * (vc / denom);
}

namespace {

float boxDistanceSquared(const Vec3 &p, const Vec3 &lo, const Vec3 &hi)
{
    float d = 0;
    for (int i = 0; i < 3; ++i) {
        const float e = std::max({lo[i] - p[i], 0.0f, p[i] - hi[i]});
        d += e * e;
    }
    return d;
}

float angleAt(const Vec3 &corner, const Vec3 &u, const Vec3 &v)
{
    const Vec3 a = u - corner, b = v - corner;
    const float la = length(a), lb = length(b);
    if (!(la > 0 && lb > 0)) return 0;
    return std::acos(std::clamp(dot(a, b) / (la * lb), -1.0f, 1.0f));
}

} // namespace

MeshDistance::MeshDistance(const std::vector<Vec3> &restPositions,
                           const std::vector<uint32_t> &indices)
    : mVertexCount(restPositions.size())
{
    if (indices.size() % 3 != 0)
        throw InputError("mesh distance: the index count is not a multiple of three");
    for (uint32_t i : indices)
        if (i >= restPositions.size())
            throw InputError("mesh distance: vertex index " + std::to_string(i) + " out of range");
    // Weld equal rest positions.
    uint32_t welded = 0;
    mWeldOf = weldEqualPositions(restPositions, &welded);
    mPositions.resize(welded);
    mVertexNormal.resize(welded);
    mOpenVertex.assign(welded, 0);
    mCorner = indices;
    mIndices.resize(indices.size());
    for (size_t c = 0; c < indices.size(); ++c)
        mIndices[c] = mWeldOf[indices[c]];
    // Edges between welded vertices, and how many triangles share each.
    std::unordered_map<uint64_t, uint32_t> edgeIds;
    std::vector<uint32_t> uses;
    mEdgeOf.resize(indices.size());
    for (size_t t = 0; t * 3 < indices.size(); ++t)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = mIndices[t * 3 + size_t(k)], b = mIndices[t * 3 + size_t(k + 1) % 3];
            const uint64_t key = (uint64_t(std::min(a, b)) << 32) | std::max(a, b);
            const auto [it, added] = edgeIds.try_emplace(key, uint32_t(uses.size()));
            if (added) uses.push_back(0);
            ++uses[it->second];
            mEdgeOf[t * 3 + size_t(k)] = it->second;
        }
    mOpenEdge.resize(uses.size());
    for (size_t e = 0; e < uses.size(); ++e)
        mOpenEdge[e] = uses[e] == 1;
    for (size_t c = 0; c < mIndices.size(); ++c)
        if (mOpenEdge[mEdgeOf[c]]) {
            mOpenVertex[mIndices[c]] = 1;
            mOpenVertex[mIndices[c - c % 3 + (c % 3 + 1) % 3]] = 1;
        }
    mEdgeNormal.resize(uses.size());
    mFaceNormal.resize(indices.size() / 3);
    update(restPositions);
}

void MeshDistance::setPositions(const std::vector<Vec3> &positions, std::vector<Vec3> *centres)
{
    if (positions.size() != mVertexCount)
        throw InputError("mesh distance: " + std::to_string(positions.size()) +
                         " positions for a mesh of " + std::to_string(mVertexCount) + " vertices");
    for (size_t v = 0; v < positions.size(); ++v)
        mPositions[mWeldOf[v]] = positions[v];
    std::fill(mVertexNormal.begin(), mVertexNormal.end(), Vec3{});
    std::fill(mEdgeNormal.begin(), mEdgeNormal.end(), Vec3{});
    const size_t triangles = mFaceNormal.size();
    if (centres) centres->resize(triangles);
    for (size_t t = 0; t < triangles; ++t) {
        const Vec3 &a = mPositions[mIndices[t * 3]], &b = mPositions[mIndices[t * 3 + 1]],
                   &c = mPositions[mIndices[t * 3 + 2]];
        const Vec3 n = normalize(cross(b - a, c - a));
        mFaceNormal[t] = n;
        mVertexNormal[mIndices[t * 3]] += n * angleAt(a, b, c);
        mVertexNormal[mIndices[t * 3 + 1]] += n * angleAt(b, c, a);
        mVertexNormal[mIndices[t * 3 + 2]] += n * angleAt(c, a, b);
        for (int k = 0; k < 3; ++k)
            mEdgeNormal[mEdgeOf[t * 3 + size_t(k)]] += n;
        if (!centres) continue;
        // A non-finite centre (a cloth that blew up) would break the ordering of the split.
        const Vec3 centre = (a + b + c) * (1.0f / 3.0f);
        (*centres)[t] = isFinite(centre) ? centre : Vec3{};
    }
}

void MeshDistance::update(const std::vector<Vec3> &positions)
{
    std::vector<Vec3> centres;
    setPositions(positions, &centres);
    const size_t triangles = mFaceNormal.size();
    mTriangles.resize(triangles);
    for (size_t t = 0; t < triangles; ++t)
        mTriangles[t] = uint32_t(t);
    mNodes.clear();
    if (triangles > 0) {
        mNodes.reserve(2 * triangles / kLeafSize + 2);
        build(0, uint32_t(triangles), centres);
    }
}

void MeshDistance::refit(const std::vector<Vec3> &positions)
{
    setPositions(positions, nullptr);
    // Children come after their parent (build is depth first): children first from the back.
    for (size_t i = mNodes.size(); i-- > 0;) {
        Node &node = mNodes[i];
        Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
        if (node.count > 0) {
            for (uint32_t k = node.first; k < node.first + node.count; ++k)
                for (uint32_t c = 0; c < 3; ++c) {
                    const Vec3 &p = mPositions[mIndices[mTriangles[k] * 3 + c]];
                    lo = minComponents(lo, p);
                    hi = maxComponents(hi, p);
                }
        } else {
            lo = minComponents(mNodes[node.left].lo, mNodes[node.right].lo);
            hi = maxComponents(mNodes[node.left].hi, mNodes[node.right].hi);
        }
        node.lo = lo;
        node.hi = hi;
    }
}

uint32_t MeshDistance::build(uint32_t first, uint32_t count, std::vector<Vec3> &centres)
{
    const uint32_t index = uint32_t(mNodes.size());
    mNodes.emplace_back();
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    Vec3 clo = lo, chi = hi;
    for (uint32_t i = first; i < first + count; ++i) {
        const uint32_t t = mTriangles[i];
        for (int k = 0; k < 3; ++k) {
            const Vec3 &p = mPositions[mIndices[t * 3 + uint32_t(k)]];
            lo = minComponents(lo, p);
            hi = maxComponents(hi, p);
        }
        clo = minComponents(clo, centres[t]);
        chi = maxComponents(chi, centres[t]);
    }
    mNodes[index].lo = lo;
    mNodes[index].hi = hi;
    if (count <= kLeafSize) {
        mNodes[index].first = first;
        mNodes[index].count = count;
        return index;
    }
    const Vec3 extent = chi - clo;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0
                     : extent.y >= extent.z                       ? 1
                                                                  : 2;
    const uint32_t half = count / 2;
    std::nth_element(mTriangles.begin() + first, mTriangles.begin() + first + half,
                     mTriangles.begin() + first + count, [&centres, axis](uint32_t a, uint32_t b) {
                         return centres[a][axis] < centres[b][axis];
                     });
    const uint32_t left = build(first, half, centres);
    const uint32_t right = build(first + half, count - half, centres);
    mNodes[index].left = left;
    mNodes[index].right = right;
    return index;
}

SurfaceDistance MeshDistance::query(const Vec3 &p) const
{
    uint32_t hint = UINT32_MAX;
    return query(p, hint);
}

SurfaceDistance MeshDistance::query(const Vec3 &p, uint32_t &hint) const
{
    SurfaceDistance result;
    if (mNodes.empty()) return result;
    float best = INFINITY;
    uint32_t bestTriangle = 0;
    int bestFeature = 6;
    // The hinted triangle bounds the search from the start.
    if (hint < mFaceNormal.size()) {
        result.closest = closestOnTriangle(p, mPositions[mIndices[hint * 3]],
                                           mPositions[mIndices[hint * 3 + 1]],
                                           mPositions[mIndices[hint * 3 + 2]], bestFeature);
        best = lengthSquared(p - result.closest);
        bestTriangle = hint;
    }
    // Nodes to visit with the squared distance to their box (each box measured once).
    struct Pending
    {
        uint32_t node;
        float box;
    };
    Pending stack[128];
    int top = 0;
    stack[top++] = {0, boxDistanceSquared(p, mNodes[0].lo, mNodes[0].hi)};
    while (top > 0) {
        const Pending pending = stack[--top];
        if (pending.box > best) continue;
        const Node &node = mNodes[pending.node];
        if (node.count > 0) {
            for (uint32_t i = node.first; i < node.first + node.count; ++i) {
                const uint32_t t = mTriangles[i];
                int feature = 6;
                const Vec3 q = closestOnTriangle(p, mPositions[mIndices[t * 3]],
                                                 mPositions[mIndices[t * 3 + 1]],
                                                 mPositions[mIndices[t * 3 + 2]], feature);
                const float d = lengthSquared(p - q);
                // Of triangles equally close (beside an open seam), the first: the same
                // whatever the order of the search.
                if (d < best || (d == best && t < bestTriangle)) {
                    best = d;
                    bestTriangle = t;
                    bestFeature = feature;
                    result.closest = q;
                }
            }
            continue;
        }
        // Nearer child last, so it is visited first.
        const Node &l = mNodes[node.left], &r = mNodes[node.right];
        const float dl = boxDistanceSquared(p, l.lo, l.hi), dr = boxDistanceSquared(p, r.lo, r.hi);
        if (top + 2 > 128) continue; // depth is bounded by log2 of the triangle count
        if (dl < dr) {
            if (dr <= best) stack[top++] = {node.right, dr};
            if (dl <= best) stack[top++] = {node.left, dl};
        } else {
            if (dl <= best) stack[top++] = {node.left, dl};
            if (dr <= best) stack[top++] = {node.right, dr};
        }
    }
    hint = bestTriangle;
    Vec3 normal;
    if (bestFeature < 3) {
        const uint32_t v = mIndices[bestTriangle * 3 + uint32_t(bestFeature)];
        normal = mVertexNormal[v];
        result.onOpenEdge = mOpenVertex[v] != 0;
    } else if (bestFeature < 6) {
        const uint32_t e = mEdgeOf[bestTriangle * 3 + uint32_t(bestFeature - 3)];
        normal = mEdgeNormal[e];
        result.onOpenEdge = mOpenEdge[e] != 0;
    } else {
        normal = mFaceNormal[bestTriangle];
    }
    const float d = std::sqrt(best);
    result.distance = dot(p - result.closest, normal) < 0 ? -d : d;
    return result;
}

} // namespace tweed
