// The simplifier's post-passes: edge flips and tangential relaxation of the collapsed mesh.
#include "simplify_internal.h"

#include "mesh_internal.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tweed::simplify_detail {
namespace {

using detail::kNone;

// Edges of a triangle mesh in an open-addressing hash table: for each, its first corner (the
// corner where the edge starts, in its triangle's order) and how many corners hold it.
class EdgeTable
{
public:
    explicit EdgeTable(size_t edges)
    {
        size_t capacity = 16;
        while (capacity < 2 * edges)
            capacity *= 2;
        mMask = capacity - 1;
        mSlots.assign(capacity, Slot{});
    }
    // The slot of the key, found or claimed.
    size_t slot(uint64_t key)
    {
        size_t i = size_t((key * 0x9E3779B97F4A7C15ull) >> 20) & mMask;
        while (mSlots[i].key != key && mSlots[i].key != kEmpty)
            i = (i + 1) & mMask;
        mSlots[i].key = key;
        return i;
    }
    uint32_t &corner(size_t slot) { return mSlots[slot].corner; }
    uint32_t &count(size_t slot) { return mSlots[slot].count; }

private:
    static constexpr uint64_t kEmpty = ~uint64_t(0);
    // Key, corner and count side by side: a probe reads one cache line, not three.
    struct Slot
    {
        uint64_t key = kEmpty;
        uint32_t corner = kNone, count = 0;
    };
    size_t mMask = 0;
    std::vector<Slot> mSlots;
};

// Whether a triangle whose normal (any length) changes from `before` to `after` turns more than
// allowed: against its previous normal, or against the input surface's normal `reference` near
// it, to which it may not come closer than cosMax unless it already was. The reference bound
// keeps small accepted turns from adding up to a fold over several flips and moves.
// lb, la and lr are the lengths of before, after and reference.
bool turnsTooFar(const Vec3 &before, float lb, const Vec3 &after, float la, const Vec3 &reference,
                 float lr, float cosMax)
{
    if (!(la > 0 && lb > 0) || dot(before, after) < cosMax * lb * la)
        return true;
    const float cosBefore = dot(before, reference) / (lb * lr),
                cosAfter = dot(after, reference) / (la * lr);
    return !(cosAfter >= std::min(cosMax, cosBefore));
}
bool turnsTooFar(const Vec3 &before, const Vec3 &after, const Vec3 &reference, float cosMax)
{
    return turnsTooFar(before, length(before), after, length(after), reference, length(reference),
                       cosMax);
}

} // namespace

uint32_t flipEdges(PhysicsGeometry &g, const std::vector<Quadric> &quadrics,
                   const std::vector<Vec3> &references, double bound, float cosMax)
{
    std::vector<uint32_t> &idx = g.indices;
    const std::vector<Vec3> &pos = g.positions;
    const size_t t = idx.size() / 3;
    EdgeTable edges(idx.size() + t); // room for the flips' new edges
    // Each corner whose edge an earlier corner holds too, with that corner, in corner order
    // (listed without branching on which they are).
    std::vector<std::pair<uint32_t, uint32_t>> twins(idx.size());
    size_t twinCount = 0;
    for (uint32_t c = 0; c < idx.size(); ++c) {
        const size_t e = edges.slot(detail::edgeKey(idx[c], idx[nextCorner(c)]));
        const bool first = edges.count(e)++ == 0;
        edges.corner(e) = first ? c : edges.corner(e);
        twins[twinCount] = {c, edges.corner(e)};
        twinCount += !first;
    }
    twins.resize(twinCount);
    std::vector<uint8_t> touched(t, 0);
    uint32_t flips = 0;
    const float cosCoplanar = std::cos(10.0f * kPi / 180.0f);
    for (const auto &[c2, c1] : twins) {
        const uint32_t t1 = c1 / 3, t2 = c2 / 3;
        if (touched[t1] || touched[t2])
            continue;
        // t1 = (a, b, c) from corner c1; t2 must hold the edge as (b, a).
        const uint32_t a = idx[c1], b = idx[nextCorner(c1)], c = idx[prevCorner(c1)];
        if (idx[c2] != b || idx[nextCorner(c2)] != a)
            continue; // inconsistent orientation: leave alone
        const uint32_t d = idx[prevCorner(c2)];
        if (c == d)
            continue;
        // The checks that reject most edges first (on human.zae at 2,000 vertices, two in three
        // are not coplanar and most others would not gain), the table look-ups after them.
        const Vec3 n1 = cross(pos[b] - pos[a], pos[c] - pos[a]);
        const Vec3 n2 = cross(pos[a] - pos[b], pos[d] - pos[b]);
        const float l1 = length(n1), l2 = length(n2);
        if (!(l1 > 0 && l2 > 0) || dot(n1, n2) < cosCoplanar * l1 * l2)
            continue;
        const float sinBefore = std::min(sinSquaredMinAngle(pos[a], pos[b], pos[c]),
                                         sinSquaredMinAngle(pos[b], pos[a], pos[d])),
                    sinAfter = std::min(sinSquaredMinAngle(pos[c], pos[a], pos[d]),
                                        sinSquaredMinAngle(pos[d], pos[b], pos[c]));
        // (The angles grow with the squared sines, so a flip that does not raise the squared
        // sine fails the test without its two arcsines.)
        if (!(sinAfter > sinBefore) ||
            angleOfSinSquared(sinAfter) <= angleOfSinSquared(sinBefore) + 1e-3f)
            continue;
        const size_t ab = edges.slot(detail::edgeKey(a, b));
        if (edges.count(ab) != 2)
            continue; // a boundary or a non-manifold edge
        const size_t cd = edges.slot(detail::edgeKey(c, d));
        if (edges.count(cd) > 0)
            continue;
        const Vec3 m1 = cross(pos[a] - pos[c], pos[d] - pos[c]); // (c, a, d)
        const Vec3 m2 = cross(pos[b] - pos[d], pos[c] - pos[d]); // (d, b, c)
        const Vec3 r1 = references[c] + references[a] + references[d],
                   r2 = references[d] + references[b] + references[c];
        // (each length once for the four checks; l1 and l2 are those of n1 and n2)
        const float lm1 = length(m1), lm2 = length(m2), lr1 = length(r1), lr2 = length(r2);
        if (turnsTooFar(n1, l1, m1, lm1, r1, lr1, cosMax) ||
            turnsTooFar(n2, l2, m1, lm1, r1, lr1, cosMax) ||
            turnsTooFar(n1, l1, m2, lm2, r2, lr2, cosMax) ||
            turnsTooFar(n2, l2, m2, lm2, r2, lr2, cosMax))
            continue;
        Quadric around = quadrics[a];
        for (uint32_t v : {b, c, d})
            around += quadrics[v];
        if (around.eval((pos[c] + pos[d]) * 0.5f) > around.eval((pos[a] + pos[b]) * 0.5f) + bound)
            continue;
        idx[t1 * 3] = c, idx[t1 * 3 + 1] = a, idx[t1 * 3 + 2] = d;
        idx[t2 * 3] = d, idx[t2 * 3 + 1] = b, idx[t2 * 3 + 2] = c;
        // The flipped triangles' twins are stale; touched keeps them out of this pass.
        edges.count(ab) = 0;
        edges.count(cd) = 2;
        touched[t1] = touched[t2] = 1;
        ++flips;
    }
    return flips;
}

void relaxVertices(PhysicsGeometry &g, const std::vector<Quadric> &quadrics,
                   const std::vector<uint8_t> &boundary, const std::vector<Vec3> &references,
                   double bound, float cosMax)
{
    const size_t n = g.positions.size();
    std::vector<uint32_t> start(n + 1, 0), tris(g.indices.size());
    for (uint32_t v : g.indices)
        ++start[v + 1];
    for (size_t v = 0; v < n; ++v)
        start[v + 1] += start[v];
    {
        std::vector<uint32_t> fill(start.begin(), start.end() - 1);
        for (uint32_t c = 0; c < g.indices.size(); ++c)
            tris[fill[g.indices[c]]++] = c;
    }
    std::vector<Vec3> &pos = g.positions;
    std::vector<uint32_t> metBy(n, kNone); // the last vertex whose ring met each vertex
    for (uint32_t v = 0; v < n; ++v) {
        if (start[v] == start[v + 1])
            continue;
        if (boundary[v] != kInterior)
            continue; // boundary vertices stay on the input boundary
        // Neighbours (each once, up to 64, without a branch on which come twice) and the
        // area-weighted normal.
        Vec3 normal, centroid;
        uint32_t ring[65]; // the last takes the writes of a full ring
        int ringSize = 0;
        for (uint32_t k = start[v]; k < start[v + 1]; ++k) {
            const uint32_t c = tris[k];
            const uint32_t x = g.indices[nextCorner(c)], y = g.indices[prevCorner(c)];
            normal += cross(pos[x] - pos[v], pos[y] - pos[v]);
            for (uint32_t w : {x, y}) {
                ring[ringSize] = w;
                ringSize += (ringSize < 64) & (metBy[w] != v);
                metBy[w] = v;
            }
        }
        if (ringSize == 0)
            continue;
        for (int i = 0; i < ringSize; ++i)
            centroid += pos[ring[i]];
        centroid = centroid / float(ringSize);
        const Vec3 nn = normalize(normal);
        const Vec3 d = centroid - pos[v];
        centroid = pos[v] + (d - nn * dot(d, nn)); // within the tangent plane
        const Vec3 old = pos[v];
        Vec3 target = old + (centroid - old) * 0.5f;
        // Back onto the surface the vertex's quadric describes, along the normal.
        target = quadrics[v].minimiseAlong(target, normalize(normal));
        const double errorBefore = quadrics[v].eval(old);
        if (quadrics[v].eval(target) > 1.1 * errorBefore + bound)
            continue;
        // Only moves that raise the smallest angle around the vertex (checked first: most moves
        // fail it) and turn no triangle.
        float angleBefore = 1, angleAfter = 1; // as squared sines
        for (uint32_t k = start[v]; k < start[v + 1]; ++k) {
            const uint32_t c = tris[k];
            const Vec3 &x = pos[g.indices[nextCorner(c)]], &y = pos[g.indices[prevCorner(c)]];
            angleBefore = std::min(angleBefore, sinSquaredMinAngle(old, x, y));
            angleAfter = std::min(angleAfter, sinSquaredMinAngle(target, x, y));
        }
        if (angleAfter <= angleBefore)
            continue;
        bool ok = true;
        for (uint32_t k = start[v]; k < start[v + 1] && ok; ++k) {
            const uint32_t c = tris[k];
            const uint32_t xi = g.indices[nextCorner(c)], yi = g.indices[prevCorner(c)];
            const Vec3 &x = pos[xi], &y = pos[yi];
            const Vec3 nBefore = cross(x - old, y - old), nAfter = cross(x - target, y - target);
            ok = !turnsTooFar(nBefore, nAfter, references[v] + references[xi] + references[yi],
                              cosMax);
        }
        if (!ok)
            continue;
        pos[v] = target;
        if (v < g.sourceVertex.size())
            g.sourceVertex[v] = PhysicsGeometry::kNoSource;
    }
}

} // namespace tweed::simplify_detail
