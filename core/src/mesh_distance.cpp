#include "tweed/mesh_distance.h"

#include "tweed/errors.h"
#include "tweed/mesh.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace tweed {
namespace {

constexpr uint32_t kLeafSize = 4;

} // namespace

namespace {

// The closest point on triangle abc to p (Ericson, Real-Time Collision Detection 5.1.5) and
// the feature it lies on: 0..2 a corner, 3..5 the edge from corner k - 3 to the next, 6 inside.
// A local copy the query could inline; GCC 12 at -O2 still calls it (13% of Auto Setup's CPU
// on the sample, most of it the arithmetic itself). Not tried: forcing it inline, or measuring
// four triangles at once (the answer must keep its bits).
inline Vec3 closestOn(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, int &feature)
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

} // namespace

Vec3 closestOnTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, int &feature)
{
    return closestOn(p, a, b, c, feature);
}

namespace {

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
    if (indices.size() / 3 >= (size_t(1) << 28))
        throw InputError("mesh distance: more than 2^28 triangles");
    // Weld equal rest positions.
    uint32_t welded = 0;
    mWeldOf = weldEqualPositions(restPositions, &welded);
    mPositions.resize(welded);
    // Per welded vertex, its triangle corners in triangle order (the order its pseudo-normal
    // sums them in).
    mCornerStart.assign(size_t(welded) + 1, 0);
    for (size_t c = 0; c < indices.size(); ++c)
        ++mCornerStart[mWeldOf[indices[c]] + 1];
    for (size_t v = 0; v < welded; ++v)
        mCornerStart[v + 1] += mCornerStart[v];
    mCornersOf.resize(indices.size());
    {
        std::vector<uint32_t> fill(mCornerStart.begin(), mCornerStart.end() - 1);
        for (size_t c = 0; c < indices.size(); ++c)
            mCornersOf[fill[mWeldOf[indices[c]]]++] = uint32_t(c);
    }
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
    std::fill(mEdgeNormal.begin(), mEdgeNormal.end(), Vec3{});
    const size_t triangles = mFaceNormal.size();
    if (centres) centres->resize(triangles);
    for (size_t t = 0; t < triangles; ++t) {
        const Vec3 &a = mPositions[mIndices[t * 3]], &b = mPositions[mIndices[t * 3 + 1]],
                   &c = mPositions[mIndices[t * 3 + 2]];
        const Vec3 n = normalize(cross(b - a, c - a));
        mFaceNormal[t] = n;
        for (int k = 0; k < 3; ++k)
            mEdgeNormal[mEdgeOf[t * 3 + size_t(k)]] += n;
        if (!centres) continue;
        // A non-finite centre (a cloth that blew up) would break the ordering of the split.
        const Vec3 centre = (a + b + c) * (1.0f / 3.0f);
        (*centres)[t] = isFinite(centre) ? centre : Vec3{};
    }
}

namespace {

// The binary hierarchy the four-wide one is gathered from: median splits on the longest axis of
// the triangles' centres.
struct BinaryNode
{
    Vec3 lo, hi;
    uint32_t first = 0, count = 0; ///< triangles of a leaf (count > 0)
    uint32_t left = 0, right = 0;  ///< children of an inner node
};

// `boxes` (per triangle its lower and upper corner; none: median splits) chooses the splits.
uint32_t buildBinary(std::vector<BinaryNode> &nodes, std::vector<uint32_t> &order,
                     const std::vector<Vec3> &centres, const std::vector<Vec3> *boxes,
                     uint32_t first, uint32_t count, int depth)
{
    const uint32_t index = uint32_t(nodes.size());
    nodes.emplace_back();
    Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (uint32_t i = first; i < first + count; ++i) {
        lo = minComponents(lo, centres[order[i]]);
        hi = maxComponents(hi, centres[order[i]]);
    }
    // The centres' box: which child to open first when gathering four.
    nodes[index].lo = lo;
    nodes[index].hi = hi;
    if (count <= kLeafSize) {
        nodes[index].first = first;
        nodes[index].count = count;
        return index;
    }
    const Vec3 extent = hi - lo;
    uint32_t half = 0;
    // Deeper than 24 levels, median splits only: they bound the depth (the query's stack holds
    // three entries a level).
    if (boxes && depth < 24) {
        // Binned surface-area split: of the planes between 16 bins of the centres along each
        // axis, the one that least sums each side's triangle count times its boxes' area.
        constexpr int kBins = 16;
        float bestCost = INFINITY;
        int bestAxis = -1, bestPlane = 0;
        for (int axis = 0; axis < 3; ++axis) {
            if (!(extent[axis] > 0)) continue;
            const float scale = float(kBins) / extent[axis];
            uint32_t binCount[kBins] = {};
            Vec3 binLo[kBins], binHi[kBins];
            for (int b = 0; b < kBins; ++b) {
                binLo[b] = {INFINITY, INFINITY, INFINITY};
                binHi[b] = {-INFINITY, -INFINITY, -INFINITY};
            }
            for (uint32_t i = first; i < first + count; ++i) {
                const uint32_t t = order[i];
                const int b = std::clamp(int((centres[t][axis] - lo[axis]) * scale), 0, kBins - 1);
                ++binCount[b];
                binLo[b] = minComponents(binLo[b], (*boxes)[2 * t]);
                binHi[b] = maxComponents(binHi[b], (*boxes)[2 * t + 1]);
            }
            float leftCost[kBins];
            Vec3 l{INFINITY, INFINITY, INFINITY}, h{-INFINITY, -INFINITY, -INFINITY};
            uint32_t n = 0;
            for (int b = 0; b + 1 < kBins; ++b) {
                l = minComponents(l, binLo[b]);
                h = maxComponents(h, binHi[b]);
                n += binCount[b];
                const Vec3 e = h - l;
                leftCost[b] = n == 0 ? INFINITY : float(n) * (e.x * e.y + e.y * e.z + e.z * e.x);
            }
            l = {INFINITY, INFINITY, INFINITY};
            h = {-INFINITY, -INFINITY, -INFINITY};
            n = 0;
            for (int b = kBins - 1; b > 0; --b) {
                l = minComponents(l, binLo[b]);
                h = maxComponents(h, binHi[b]);
                n += binCount[b];
                if (n == 0 || n == count) continue;
                const Vec3 e = h - l;
                const float cost = leftCost[b - 1] + float(n) * (e.x * e.y + e.y * e.z + e.z * e.x);
                if (cost < bestCost) {
                    bestCost = cost;
                    bestAxis = axis;
                    bestPlane = b;
                }
            }
        }
        if (bestAxis >= 0) {
            const float scale = float(kBins) / extent[bestAxis];
            const auto middle = std::stable_partition(
                order.begin() + first, order.begin() + first + count, [&](uint32_t t) {
                    return std::clamp(int((centres[t][bestAxis] - lo[bestAxis]) * scale), 0,
                                      kBins - 1) < bestPlane;
                });
            half = uint32_t(middle - (order.begin() + first));
            if (half == count) half = 0;
        }
    }
    if (half == 0) {
        // Median split on the longest axis (also where the areas say nothing: NaN, one bin).
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0
                         : extent.y >= extent.z                       ? 1
                                                                      : 2;
        half = count / 2;
        std::nth_element(order.begin() + first, order.begin() + first + half,
                         order.begin() + first + count, [&centres, axis](uint32_t a, uint32_t b) {
                             return centres[a][axis] < centres[b][axis];
                         });
    }
    const uint32_t left = buildBinary(nodes, order, centres, boxes, first, half, depth + 1);
    const uint32_t right =
        buildBinary(nodes, order, centres, boxes, first + half, count - half, depth + 1);
    nodes[index].left = left;
    nodes[index].right = right;
    return index;
}

float halfArea(const BinaryNode &n)
{
    const Vec3 e = n.hi - n.lo;
    return e.x * e.y + e.y * e.z + e.z * e.x;
}

// The squared distance from p to a box, as the query measures the four boxes of a node (where
// SSE is missing).
[[maybe_unused]] float boxDistanceSquared(const Vec3 &p, const Vec3 &lo, const Vec3 &hi)
{
    float d = 0;
    for (int i = 0; i < 3; ++i) {
        const float e = std::max(std::max(lo[i] - p[i], p[i] - hi[i]), 0.0f);
        d += e * e;
    }
    return d;
}

} // namespace

void MeshDistance::update(const std::vector<Vec3> &positions)
{
    std::vector<Vec3> centres;
    setPositions(positions, &centres);
    const size_t triangles = mFaceNormal.size();
    mTriangles.resize(triangles);
    for (size_t t = 0; t < triangles; ++t)
        mTriangles[t] = uint32_t(t);
    // The first build (at rest: a body or a garment refitted frame after frame, queried
    // millions of times) chooses its splits by area; a rebuild (a shell collider's, every
    // step) takes the cheaper median splits.
    std::vector<Vec3> boxes;
    if (mNodes.empty()) {
        boxes.resize(2 * triangles);
        for (size_t t = 0; t < triangles; ++t) {
            const Vec3 &a = mPositions[mIndices[t * 3]], &b = mPositions[mIndices[t * 3 + 1]],
                       &c = mPositions[mIndices[t * 3 + 2]];
            boxes[2 * t] = minComponents(minComponents(a, b), c);
            boxes[2 * t + 1] = maxComponents(maxComponents(a, b), c);
        }
    }
    mNodes.clear();
    if (triangles == 0) {
        mLeafCorners.clear();
        return;
    }
    std::vector<BinaryNode> binary;
    binary.reserve(2 * triangles / kLeafSize + 2);
    buildBinary(binary, mTriangles, centres, boxes.empty() ? nullptr : &boxes, 0,
                uint32_t(triangles), 0);
    // Each four-wide node takes the binary node's children and opens the largest inner one
    // until it has four.
    mNodes.reserve(binary.size() / 2 + 1);
    auto gather = [&](auto &self, uint32_t b) -> uint32_t {
        std::vector<uint32_t> children;
        if (binary[b].count > 0)
            children = {b};
        else
            children = {binary[b].left, binary[b].right};
        while (children.size() < 4) {
            size_t open = children.size();
            for (size_t i = 0; i < children.size(); ++i)
                if (binary[children[i]].count == 0 &&
                    (open == children.size() ||
                     halfArea(binary[children[i]]) > halfArea(binary[children[open]])))
                    open = i;
            if (open == children.size()) break;
            const BinaryNode &n = binary[children[open]];
            children[open] = n.left;
            children.insert(children.begin() + std::ptrdiff_t(open) + 1, n.right);
        }
        const uint32_t index = uint32_t(mNodes.size());
        mNodes.emplace_back();
        for (size_t i = 0; i < 4; ++i) {
            uint32_t child = kNone;
            if (i < children.size()) {
                const BinaryNode &n = binary[children[i]];
                child = n.count > 0 ? kLeaf | n.first << 3 | n.count : self(self, children[i]);
            }
            mNodes[index].child[i] = child;
        }
        return index;
    };
    gather(gather, 0);
    fitBoxes();
}

void MeshDistance::refit(const std::vector<Vec3> &positions)
{
    setPositions(positions, nullptr);
    fitBoxes();
}

void MeshDistance::fitBoxes()
{
    mLeafCorners.resize(mTriangles.size() * 3);
    mLeafNormals.resize(mTriangles.size());
    for (size_t k = 0; k < mTriangles.size(); ++k) {
        for (size_t c = 0; c < 3; ++c)
            mLeafCorners[k * 3 + c] = mPositions[mIndices[mTriangles[k] * 3 + c]];
        mLeafNormals[k] = mFaceNormal[mTriangles[k]];
    }
    // Children come after their parent (gathered depth first): children first from the back.
    for (size_t i = mNodes.size(); i-- > 0;) {
        Node &node = mNodes[i];
        for (int j = 0; j < 4; ++j) {
            Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
            const uint32_t child = node.child[j];
            if (child == kNone) {
            } else if (child & kLeaf) {
                const uint32_t first = (child & ~kLeaf) >> 3, count = child & 7;
                // As minComponents and maxComponents (a NaN corner is passed over) but with
                // no branch (minss, maxss): they differ only in which zero an equal -0 and +0
                // keep, which no box distance tells apart. The branches were most of the
                // refit's time.
                for (size_t c = size_t(first) * 3; c < size_t(first + count) * 3; ++c) {
                    const Vec3 &q = mLeafCorners[c];
                    for (int a = 0; a < 3; ++a) {
                        lo[a] = q[a] < lo[a] ? q[a] : lo[a];
                        hi[a] = q[a] > hi[a] ? q[a] : hi[a];
                    }
                }
            } else {
                const Node &n = mNodes[child];
                for (int a = 0; a < 3; ++a) {
                    lo[a] = std::min(std::min(n.lo[a][0], n.lo[a][1]), std::min(n.lo[a][2], n.lo[a][3]));
                    hi[a] = std::max(std::max(n.hi[a][0], n.hi[a][1]), std::max(n.hi[a][2], n.hi[a][3]));
                }
            }
            for (int a = 0; a < 3; ++a) {
                node.lo[a][j] = lo[a];
                node.hi[a][j] = hi[a];
            }
        }
    }
}

Vec3 MeshDistance::vertexNormal(uint32_t v) const
{
    // The faces' normals weighted by their angles at v, summed in triangle order.
    Vec3 sum;
    for (uint32_t i = mCornerStart[v]; i < mCornerStart[v + 1]; ++i) {
        const uint32_t corner = mCornersOf[i], t = corner / 3, k = corner % 3;
        sum += mFaceNormal[t] * angleAt(mPositions[mIndices[t * 3 + k]],
                                        mPositions[mIndices[t * 3 + (k + 1) % 3]],
                                        mPositions[mIndices[t * 3 + (k + 2) % 3]]);
    }
    return sum;
}

SurfaceDistance MeshDistance::query(const Vec3 &p) const
{
    uint32_t hint = UINT32_MAX;
    return query(p, hint);
}

SurfaceDistance MeshDistance::query(const Vec3 &p, uint32_t &hint) const
{
    SurfaceDistance result;
    search(p, hint, -1.0f, result);
    return result;
}

std::optional<SurfaceDistance> MeshDistance::queryBeyond(const Vec3 &p, uint32_t &hint,
                                                         float bound) const
{
    SurfaceDistance result;
    if (!search(p, hint, std::max(bound, 0.0f), result)) return std::nullopt;
    return result;
}

bool MeshDistance::search(const Vec3 &p, uint32_t &hint, float bound, SurfaceDistance &result) const
{
    if (mNodes.empty()) return true;
    float best = INFINITY;
    uint32_t bestTriangle = 0;
    int bestFeature = 6;
    // The hinted triangle bounds the search from the start.
    if (hint < mFaceNormal.size()) {
        result.closest = closestOn(p, mPositions[mIndices[hint * 3]],
                                           mPositions[mIndices[hint * 3 + 1]],
                                           mPositions[mIndices[hint * 3 + 2]], bestFeature);
        best = lengthSquared(p - result.closest);
        bestTriangle = hint;
        // Within the bound: the closest triangle lies no further (the distance returned would
        // be the square root of a best no larger).
        if (bound >= 0 && std::sqrt(best) <= bound) return false;
    }
    // How far a triangle's plane may lie and the triangle still be measured (NAN: to be
    // worked out from `best`), and the rounding of positions about as far from the origin as p.
    float reach = NAN;
    const float slack = 2e-6f * (1 + std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)}));
    // Children to visit with the squared distance to their box (each box measured once).
    struct Pending
    {
        uint32_t child;
        float box;
    };
    constexpr int kStack = 192;
    Pending stack[kStack];
    int top = 0;
    // The root's children, measured as any node's.
    uint32_t node = 0;
    for (;;) {
        if (node != kNone) {
            const Node &n = mNodes[node];
            float d[4];
#if defined(__SSE2__)
            const __m128 zero = _mm_setzero_ps();
            __m128 sum = zero;
            for (int a = 0; a < 3; ++a) {
                const __m128 pa = _mm_set1_ps(p[a]);
                const __m128 e =
                    _mm_max_ps(_mm_max_ps(_mm_sub_ps(_mm_loadu_ps(n.lo[a]), pa),
                                          _mm_sub_ps(pa, _mm_loadu_ps(n.hi[a]))),
                               zero);
                sum = _mm_add_ps(sum, _mm_mul_ps(e, e));
            }
            _mm_storeu_ps(d, sum);
            // The children within reach (d <= best, not NaN) that exist, as bits: taken in the
            // same order as the loop below without its unpredictable branch per child.
            int reached = _mm_movemask_ps(_mm_cmple_ps(sum, _mm_set1_ps(best))) &
                          ~_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                              _mm_loadu_si128(reinterpret_cast<const __m128i *>(n.child)),
                              _mm_set1_epi32(-1))));
#else
            int reached = 0;
            for (int j = 0; j < 4; ++j) {
                d[j] = boxDistanceSquared(p, {n.lo[0][j], n.lo[1][j], n.lo[2][j]},
                                          {n.hi[0][j], n.hi[1][j], n.hi[2][j]});
                if (n.child[j] != kNone && d[j] <= best) reached |= 1 << j;
            }
#endif
            // The children within reach, sorted into place on the stack, nearest pushed last
            // so that it is visited first. (Sorting them aside and copying them over compiled
            // to `rep movsq`, whose start-up cost was about a tenth of the query's time.)
            if (top + 4 <= kStack) { // depth is bounded by log4 of the triangles
                const int base = top;
                for (; reached != 0; reached &= reached - 1) {
                    const int j = std::countr_zero(unsigned(reached));
                    int k = top++;
                    for (; k > base && stack[k - 1].box < d[j]; --k)
                        stack[k] = stack[k - 1];
                    stack[k] = {n.child[j], d[j]};
                }
            }
        }
        node = kNone;
        if (top == 0) break;
        const Pending pending = stack[--top];
        if (pending.box > best) continue;
        if (!(pending.child & kLeaf)) {
            node = pending.child;
            continue;
        }
        const uint32_t first = (pending.child & ~kLeaf) >> 3, end = first + (pending.child & 7);
        for (uint32_t i = first; i < end; ++i) {
            const Vec3 *c = &mLeafCorners[size_t(i) * 3];
            // No point of a triangle is nearer than its plane: one whose plane lies beyond the
            // best distance by more than the rounding of both measures cannot win or tie.
            if (std::isnan(reach)) reach = std::sqrt(best) * (1 + 1e-5f) + slack;
            if (std::abs(dot(p - c[0], mLeafNormals[i])) >
                reach + 2e-6f * std::max({std::abs(c[0].x), std::abs(c[0].y), std::abs(c[0].z)}))
                continue;
            const uint32_t t = mTriangles[i];
            int feature = 6;
            const Vec3 q = closestOn(p, c[0], c[1], c[2], feature);
            const float dq = lengthSquared(p - q);
            // Of triangles equally close (beside an open seam), the first: the same whatever
            // the order of the search.
            if (dq < best || (dq == best && t < bestTriangle)) {
                best = dq;
                bestTriangle = t;
                bestFeature = feature;
                result.closest = q;
                reach = NAN;
                if (bound >= 0 && std::sqrt(best) <= bound) {
                    hint = bestTriangle;
                    return false;
                }
            }
        }
    }
    hint = bestTriangle;
    Vec3 normal;
    if (bestFeature < 3) {
        const uint32_t v = mIndices[bestTriangle * 3 + uint32_t(bestFeature)];
        normal = vertexNormal(v);
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
    return true;
}

} // namespace tweed
