// The picking hierarchy: a binned-SAH bounding-volume tree over triangles in one flat node
// array, traversed with a small stack; refit() sweeps the nodes backwards so a deforming mesh
// keeps its tree without a rebuild. Also the shadow-ray visibility of brush candidates.
#include "tweed/meshproc/paint.h"

#include "paint_internal.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tweed {
namespace {

constexpr int kBins = 16;
constexpr uint32_t kMaxLeaf = 4;
// Below this depth the SAH chooses splits; deeper, object-median splits bound the depth so a
// traversal stack of 64 always suffices.
constexpr int kSahDepth = 32;
constexpr int kStackSize = 64;

// std::fmin/fmax (math.h's minComponents) are library calls here; the inputs are finite, so
// plain comparisons do (they compile to minss/maxss).
inline Vec3 vmin(const Vec3 &a, const Vec3 &b)
{
    return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)};
}
inline Vec3 vmax(const Vec3 &a, const Vec3 &b)
{
    return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)};
}

struct Box
{
    Vec3 lo{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
            std::numeric_limits<float>::max()};
    Vec3 hi{-std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
            -std::numeric_limits<float>::max()};
    void grow(const Vec3 &p)
    {
        lo = vmin(lo, p);
        hi = vmax(hi, p);
    }
    void grow(const Box &b)
    {
        lo = vmin(lo, b.lo);
        hi = vmax(hi, b.hi);
    }
    float halfArea() const
    {
        const Vec3 d = hi - lo;
        return d.x < 0 ? 0.0f : d.x * d.y + d.y * d.z + d.z * d.x;
    }
};

/// Ray against box: the entry distance, or infinity when missed within [0, maxT].
inline float slabEntry(const Vec3 &lo, const Vec3 &hi, const Vec3 &origin, const Vec3 &inv,
                       float maxT)
{
    const float tx0 = (lo.x - origin.x) * inv.x, tx1 = (hi.x - origin.x) * inv.x;
    const float ty0 = (lo.y - origin.y) * inv.y, ty1 = (hi.y - origin.y) * inv.y;
    const float tz0 = (lo.z - origin.z) * inv.z, tz1 = (hi.z - origin.z) * inv.z;
    const float tmin = std::max({std::min(tx0, tx1), std::min(ty0, ty1), std::min(tz0, tz1), 0.0f});
    const float tmax = std::min({std::max(tx0, tx1), std::max(ty0, ty1), std::max(tz0, tz1), maxT});
    return tmin <= tmax ? tmin : std::numeric_limits<float>::infinity();
}

// Möller–Trumbore is not watertight: a ray along a shared edge can slip between both triangles
// (seen with shadow rays along a sphere's equator). The triangles are widened by this share of
// their barycentric range so neighbours overlap a little.
constexpr float kEdgeTolerance = 1e-6f;

/// Möller–Trumbore, both faces: the ray parameter of the hit in [0, maxT] and the barycentric
/// weights u, v of corners b and c; false when missed.
inline bool intersectTriangle(const Vec3 &origin, const Vec3 &dir, const Vec3 &a, const Vec3 &b,
                              const Vec3 &c, float maxT, float &t, float &u, float &v)
{
    const Vec3 e1 = b - a, e2 = c - a;
    const Vec3 pv = cross(dir, e2);
    const float det = dot(e1, pv);
    if (det == 0.0f || !std::isfinite(det)) return false;
    const float inv = 1.0f / det;
    const Vec3 tv = origin - a;
    u = dot(tv, pv) * inv;
    if (u < -kEdgeTolerance || u > 1.0f + kEdgeTolerance) return false;
    const Vec3 qv = cross(tv, e1);
    v = dot(dir, qv) * inv;
    if (v < -kEdgeTolerance || u + v > 1.0f + kEdgeTolerance) return false;
    t = dot(e2, qv) * inv;
    return t >= 0.0f && t <= maxT;
}

inline float boxDistanceSquared(const Vec3 &lo, const Vec3 &hi, const Vec3 &p)
{
    const float dx = std::max({lo.x - p.x, 0.0f, p.x - hi.x});
    const float dy = std::max({lo.y - p.y, 0.0f, p.y - hi.y});
    const float dz = std::max({lo.z - p.z, 0.0f, p.z - hi.z});
    return dx * dx + dy * dy + dz * dz;
}

} // namespace

SurfaceBvh::SurfaceBvh(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    detail::checkTriangles(indices, positions.size(), "SurfaceBvh");
    for (const uint32_t i : indices)
        if (!isFinite(positions[i]))
            throw InputError("SurfaceBvh: vertex " + std::to_string(i) +
                             " has a position that is not finite");
    mPositions = positions;
    const uint32_t n = uint32_t(indices.size() / 3);
    if (n == 0) return;

    // Triangle records are partitioned themselves (not an index array into them): each level
    // of the build then streams through memory instead of jumping.
    struct Prim
    {
        Box box;
        Vec3 centroid;
        uint32_t triangle;
    };
    std::vector<Prim> prims(n);
    Box rootBounds, rootCentroids;
    for (uint32_t t = 0; t < n; ++t) {
        Prim &p = prims[t];
        for (int k = 0; k < 3; ++k)
            p.box.grow(positions[indices[3 * t + k]]);
        p.centroid = (p.box.lo + p.box.hi) * 0.5f;
        p.triangle = t;
        rootBounds.grow(p.box);
        rootCentroids.grow(p.centroid);
    }

    mNodes.reserve(size_t(n));
    mNodes.push_back({});
    struct Task
    {
        uint32_t node, begin, end;
        int depth;
        Box bounds, centroids; ///< of the task's triangles, found by the parent's split
    };
    std::vector<Task> tasks{{0, 0, n, 0, rootBounds, rootCentroids}};
    while (!tasks.empty()) {
        const Task task = tasks.back();
        tasks.pop_back();
        Node &node = mNodes[task.node];
        node.lo = task.bounds.lo;
        node.hi = task.bounds.hi;
        const uint32_t count = task.end - task.begin;
        const auto makeLeaf = [&] {
            mNodes[task.node].first = task.begin;
            mNodes[task.node].count = count;
        };
        if (count <= 2) {
            makeLeaf();
            continue;
        }
        const Vec3 extent = task.centroids.hi - task.centroids.lo;
        const int axis =
            extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
        Prim *first = prims.data() + task.begin, *last = prims.data() + task.end;
        Prim *middle = nullptr;
        Box leftBounds, leftCentroids, rightBounds, rightCentroids;
        if (extent[axis] > 0 && task.depth < kSahDepth) {
            // Binned SAH along the widest centroid axis.
            std::array<Box, kBins> binBoxes, binCentroids;
            std::array<uint32_t, kBins> binCounts{};
            const float lo = task.centroids.lo[axis];
            const float scale = float(kBins) / extent[axis];
            const auto binOf = [&](const Prim &p) {
                return std::min(kBins - 1, int((p.centroid[axis] - lo) * scale));
            };
            for (const Prim *p = first; p != last; ++p) {
                const int b = binOf(*p);
                binBoxes[b].grow(p->box);
                binCentroids[b].grow(p->centroid);
                ++binCounts[b];
            }
            std::array<float, kBins> rightCost{};
            Box acc;
            uint32_t accCount = 0;
            for (int b = kBins - 1; b > 0; --b) {
                acc.grow(binBoxes[b]);
                accCount += binCounts[b];
                rightCost[b] = acc.halfArea() * float(accCount);
            }
            acc = Box{};
            accCount = 0;
            float bestCost = std::numeric_limits<float>::infinity();
            int bestSplit = -1;
            for (int b = 1; b < kBins; ++b) {
                acc.grow(binBoxes[b - 1]);
                accCount += binCounts[b - 1];
                if (accCount == 0 || accCount == count) continue;
                const float cost = acc.halfArea() * float(accCount) + rightCost[b];
                if (cost < bestCost) {
                    bestCost = cost;
                    bestSplit = b;
                }
            }
            // Relative cost of splitting (one traversal step costs about one triangle test).
            const float splitCost = 1.0f + bestCost / std::max(task.bounds.halfArea(), 1e-30f);
            if (bestSplit >= 0 && (count > kMaxLeaf || splitCost < float(count))) {
                middle = std::partition(first, last,
                                        [&](const Prim &p) { return binOf(p) < bestSplit; });
                for (int b = 0; b < kBins; ++b) {
                    (b < bestSplit ? leftBounds : rightBounds).grow(binBoxes[b]);
                    (b < bestSplit ? leftCentroids : rightCentroids).grow(binCentroids[b]);
                }
            }
        }
        if (!middle) {
            if (count <= kMaxLeaf) {
                makeLeaf();
                continue;
            }
            // Object median (ties broken by triangle number, so the result is deterministic).
            middle = first + count / 2;
            std::nth_element(first, middle, last, [&](const Prim &a, const Prim &b) {
                const float ca = a.centroid[axis], cb = b.centroid[axis];
                return ca < cb || (ca == cb && a.triangle < b.triangle);
            });
            for (const Prim *p = first; p != last; ++p) {
                (p < middle ? leftBounds : rightBounds).grow(p->box);
                (p < middle ? leftCentroids : rightCentroids).grow(p->centroid);
            }
        }
        const uint32_t left = uint32_t(mNodes.size());
        mNodes[task.node].first = left;
        mNodes[task.node].count = 0;
        mNodes.push_back({});
        mNodes.push_back({});
        const uint32_t split = uint32_t(middle - prims.data());
        tasks.push_back({left + 1, split, task.end, task.depth + 1, rightBounds, rightCentroids});
        tasks.push_back({left, task.begin, split, task.depth + 1, leftBounds, leftCentroids});
    }
    mNodes.shrink_to_fit();
    mTriangles.resize(n);
    mCorners.resize(3 * size_t(n));
    for (uint32_t i = 0; i < n; ++i) {
        mTriangles[i] = prims[i].triangle;
        for (int k = 0; k < 3; ++k)
            mCorners[3 * i + k] = indices[3 * prims[i].triangle + k];
    }
}

void SurfaceBvh::refit(const std::vector<Vec3> &positions)
{
    if (positions.size() != mPositions.size())
        throw InputError("SurfaceBvh::refit: " + std::to_string(positions.size()) +
                         " positions for a tree built on " + std::to_string(mPositions.size()));
    // A quick scan of all positions; only when one is not finite, the slower check of whether
    // a triangle uses it (unused vertices may hold anything).
    bool finite = true;
    for (const Vec3 &p : positions)
        finite = finite && isFinite(p);
    if (!finite)
        for (const uint32_t i : mCorners)
            if (!isFinite(positions[i]))
                throw InputError("SurfaceBvh::refit: vertex " + std::to_string(i) +
                                 " has a position that is not finite");
    mPositions = positions;
    // Children come after their parents, so one backward sweep sees children first.
    for (size_t i = mNodes.size(); i-- > 0;) {
        Node &node = mNodes[i];
        Box box;
        if (node.count > 0) {
            for (uint32_t k = 3 * node.first; k < 3 * (node.first + node.count); ++k)
                box.grow(mPositions[mCorners[k]]);
        } else {
            const Node &l = mNodes[node.first], &r = mNodes[node.first + 1];
            box.lo = vmin(l.lo, r.lo);
            box.hi = vmax(l.hi, r.hi);
        }
        node.lo = box.lo;
        node.hi = box.hi;
    }
}

bool SurfaceBvh::empty() const
{
    return mNodes.empty();
}

// Visits the leaves the ray (parametric, t in [0, maxT]) passes, nearer child first. visit(slot,
// t, u, v) is called for each triangle hit and returns whether to stop; it may lower maxT.
template <class Visit>
void SurfaceBvh::traverseRay(const Vec3 &origin, const Vec3 &direction, float &maxT,
                             Visit &&visit) const
{
    if (mNodes.empty() || !isFinite(origin) || !isFinite(direction) || !(maxT >= 0)) return;
    // A zero component gets a huge finite inverse: no 0 * inf in the slab test.
    auto inverse = [](float d) {
        return 1.0f / (std::abs(d) > 1e-30f ? d : std::copysign(1e-30f, d));
    };
    const Vec3 inv{inverse(direction.x), inverse(direction.y), inverse(direction.z)};
    const Node &root = mNodes[0];
    if (!(slabEntry(root.lo, root.hi, origin, inv, maxT) <= maxT)) return;
    uint32_t stack[kStackSize];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node &node = mNodes[stack[--top]];
        if (node.count > 0) {
            for (uint32_t s = node.first; s < node.first + node.count; ++s) {
                float t, u, v;
                if (intersectTriangle(origin, direction, mPositions[mCorners[3 * s]],
                                      mPositions[mCorners[3 * s + 1]],
                                      mPositions[mCorners[3 * s + 2]], maxT, t, u, v) &&
                    visit(s, t, u, v))
                    return;
            }
            continue;
        }
        const uint32_t l = node.first, r = node.first + 1;
        const float tl = slabEntry(mNodes[l].lo, mNodes[l].hi, origin, inv, maxT);
        const float tr = slabEntry(mNodes[r].lo, mNodes[r].hi, origin, inv, maxT);
        // Push the farther child first so the nearer one is visited next.
        if (tl <= tr) {
            if (tr <= maxT) stack[top++] = r;
            if (tl <= maxT) stack[top++] = l;
        } else {
            if (tl <= maxT) stack[top++] = l;
            if (tr <= maxT) stack[top++] = r;
        }
    }
}

SurfaceHit SurfaceBvh::raycast(const Vec3 &origin, const Vec3 &direction, float maxT) const
{
    SurfaceHit hit;
    float limit = maxT;
    float bestU = 0, bestV = 0;
    uint32_t bestSlot = SurfaceHit::kNone;
    float bestT = std::numeric_limits<float>::infinity();
    traverseRay(origin, direction, limit, [&](uint32_t slot, float t, float u, float v) {
        // Equal distances (a shared edge) go to the lower triangle number: deterministic.
        if (t < bestT || (t == bestT && bestSlot != SurfaceHit::kNone &&
                          mTriangles[slot] < mTriangles[bestSlot])) {
            bestT = t;
            bestSlot = slot;
            bestU = u;
            bestV = v;
            limit = t;
        }
        return false;
    });
    if (bestSlot == SurfaceHit::kNone) return hit;
    const Vec3 &a = mPositions[mCorners[3 * bestSlot]], &b = mPositions[mCorners[3 * bestSlot + 1]],
               &c = mPositions[mCorners[3 * bestSlot + 2]];
    hit.triangle = mTriangles[bestSlot];
    // Weights within the triangle (the edge tolerance may leave them a hair outside).
    bestU = std::clamp(bestU, 0.0f, 1.0f);
    bestV = std::clamp(bestV, 0.0f, 1.0f - bestU);
    hit.bary = {1.0f - bestU - bestV, bestU, bestV};
    hit.point = a * hit.bary.x + b * hit.bary.y + c * hit.bary.z;
    hit.t = bestT * length(direction);
    Vec3 n = normalize(cross(b - a, c - a));
    if (dot(n, direction) > 0) n = -n;
    hit.normal = n;
    return hit;
}

bool SurfaceBvh::occluded(const Vec3 &origin, const Vec3 &direction, float maxT) const
{
    bool blocked = false;
    traverseRay(origin, direction, maxT, [&](uint32_t, float, float, float) {
        blocked = true;
        return true;
    });
    return blocked;
}

std::vector<uint32_t> SurfaceBvh::verticesInSphere(const Vec3 &center, float radius) const
{
    if (!std::isfinite(radius) || radius < 0)
        throw InputError("verticesInSphere: the radius must be a finite distance >= 0");
    if (!isFinite(center)) throw InputError("verticesInSphere: the centre is not finite");
    std::vector<uint32_t> out;
    if (mNodes.empty()) return out;
    const float r2 = radius * radius;
    // A vertex is seen once per triangle around it: a bit per vertex keeps the output unique
    // (clearing it costs a few microseconds even on a large mesh), then one small sort.
    std::vector<uint64_t> seen((mPositions.size() + 63) / 64, 0);
    uint32_t stack[kStackSize];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node &node = mNodes[stack[--top]];
        if (boxDistanceSquared(node.lo, node.hi, center) > r2) continue;
        if (node.count > 0) {
            for (uint32_t k = 3 * node.first; k < 3 * (node.first + node.count); ++k) {
                const uint32_t v = mCorners[k];
                uint64_t &word = seen[v >> 6];
                const uint64_t bit = uint64_t(1) << (v & 63);
                if (!(word & bit) && lengthSquared(mPositions[v] - center) <= r2) {
                    word |= bit;
                    out.push_back(v);
                }
            }
            continue;
        }
        stack[top++] = node.first + 1;
        stack[top++] = node.first;
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<uint32_t> visibleVertices(const SurfaceBvh &bvh, const std::vector<Vec3> &positions,
                                      const std::vector<uint32_t> &candidates,
                                      const ViewPoint &view, float epsilon)
{
    detail::checkVertices(candidates, positions.size(), "visibleVertices");
    if (!std::isfinite(epsilon) || epsilon < 0)
        throw InputError("visibleVertices: epsilon must be a finite distance >= 0");
    if (view.orthographic ? !isFinite(view.direction) || lengthSquared(view.direction) == 0
                          : !isFinite(view.eye))
        throw InputError("visibleVertices: the view point is not finite or has no direction");
    const Vec3 towardsEyeOrtho = -normalize(view.direction);
    std::vector<uint32_t> out;
    out.reserve(candidates.size());
    for (const uint32_t v : candidates) {
        const Vec3 &p = positions[v];
        bool blocked;
        if (view.orthographic) {
            blocked = bvh.occluded(p + towardsEyeOrtho * epsilon, towardsEyeOrtho,
                                   std::numeric_limits<float>::infinity());
        } else {
            const Vec3 toEye = view.eye - p;
            const float d = length(toEye);
            if (d <= epsilon) {
                out.push_back(v);
                continue;
            }
            const Vec3 start = p + toEye * (epsilon / d);
            blocked = bvh.occluded(start, view.eye - start, 1.0f);
        }
        if (!blocked) out.push_back(v);
    }
    return out;
}

} // namespace tweed
