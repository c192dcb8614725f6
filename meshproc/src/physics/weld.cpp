// Tolerance weld that never creates non-manifold vertices.
//
// Positions are clustered with a spatial hash. Rather than merging every vertex of a cluster
// (which joins coincident sheets and sheets touching at one point), triangles are glued edge by
// edge: an edge of clusters is glued when the graphics mesh already shared it, or between pairs
// of consistently oriented, not folded triangles remaining there (best agreeing faces first). A
// physics vertex is then a set of triangle corners joined through glued edges, which is always a
// single fan.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/weld.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace tweed {
namespace {

using detail::kNone;

struct UnionFind
{
    std::vector<uint32_t> parent;
    explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    uint32_t find(uint32_t x)
    {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
    void unite(uint32_t a, uint32_t b)
    {
        a = find(a);
        b = find(b);
        if (a != b)
            parent[std::max(a, b)] = std::min(a, b);
    }
};

uint64_t hashCell(int64_t x, int64_t y, int64_t z)
{
    // Combined, then mixed with the MurmurHash3 finaliser so the low bits the table uses depend
    // on every bit of the cell.
    uint64_t h = uint64_t(x) * 0x9E3779B97F4A7C15ull ^ uint64_t(y) * 0xC2B2AE3D27D4EB4Full ^
                 uint64_t(z) * 0x165667B19E3779F9ull;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

// Open-addressing table from a cell to the cluster representatives in it, chained through a
// flat next array in insertion order (no per-cell allocation). A small bit filter of occupied
// hashes answers most lookups of empty neighbour cells without touching the table.
class CellTable
{
public:
    explicit CellTable(size_t vertices) : mNext(vertices, kNone) { resize(1024); }
    // First representative in the cell, kNone when there is none.
    uint32_t head(int64_t x, int64_t y, int64_t z) const
    {
        const uint64_t h = hashCell(x, y, z);
        if (!filtered(h))
            return kNone;
        for (size_t i = h & mMask;; i = (i + 1) & mMask) {
            const Slot &s = mSlots[i];
            if (s.head == kNone)
                return kNone;
            if (s.x == x && s.y == y && s.z == z)
                return s.head;
        }
    }
    uint32_t next(uint32_t v) const { return mNext[v]; }
    void append(int64_t x, int64_t y, int64_t z, uint32_t v)
    {
        Slot &s = slot(x, y, z);
        if (s.head == kNone) {
            s = {x, y, z, v, v};
            if (2 * ++mCells > mSlots.size())
                resize(2 * mSlots.size());
        } else {
            mNext[s.tail] = v;
            s.tail = v;
        }
    }

private:
    struct Slot
    {
        int64_t x = 0, y = 0, z = 0;
        uint32_t head = kNone, tail = kNone;
    };
    bool filtered(uint64_t h) const
    {
        const size_t bit = (h >> 32) & mFilterMask;
        return mFilter[bit / 64] >> (bit % 64) & 1;
    }
    // The cell's slot, empty when the cell has none yet (then marked in the filter).
    Slot &slot(int64_t x, int64_t y, int64_t z)
    {
        const uint64_t h = hashCell(x, y, z);
        const size_t bit = (h >> 32) & mFilterMask;
        mFilter[bit / 64] |= uint64_t(1) << (bit % 64);
        for (size_t i = h & mMask;; i = (i + 1) & mMask) {
            Slot &s = mSlots[i];
            if (s.head == kNone || (s.x == x && s.y == y && s.z == z))
                return s;
        }
    }
    // Grows with the number of occupied cells (load at most 1/2, 16 filter bits per slot), so
    // a soup with many duplicates does not pay for a table sized by its vertex count.
    void resize(size_t capacity)
    {
        std::vector<Slot> old(capacity);
        old.swap(mSlots);
        mMask = capacity - 1;
        mFilter.assign(capacity * 16 / 64, 0);
        mFilterMask = capacity * 16 - 1;
        for (const Slot &s : old)
            if (s.head != kNone)
                slot(s.x, s.y, s.z) = s;
    }

    std::vector<Slot> mSlots;
    std::vector<uint32_t> mNext;
    std::vector<uint64_t> mFilter;
    size_t mMask = 0, mFilterMask = 0, mCells = 0;
};

// Cluster id per vertex (kNone for unused vertices): each vertex joins the nearest earlier
// cluster representative within tolerance (the last one in cell order on a tie); with no
// tolerance, the earlier vertex at the same position.
std::vector<uint32_t> clusterPositions(const std::vector<Vec3> &positions,
                                       const std::vector<bool> &used, float tolerance)
{
    std::vector<uint32_t> cluster(positions.size(), kNone);
    uint32_t clusters = 0;
    CellTable table(positions.size());
    if (tolerance <= 0) {
        for (uint32_t v = 0; v < positions.size(); ++v) {
            if (!used[v])
                continue;
            uint32_t bits[3];
            std::memcpy(bits, &positions[v], sizeof bits);
            const uint32_t r = table.head(bits[0], bits[1], bits[2]);
            // Same bits are the same position unless it is NaN (never equal to anything).
            if (r != kNone && positions[r] == positions[v]) {
                cluster[v] = cluster[r];
            } else {
                cluster[v] = clusters++;
                if (r == kNone)
                    table.append(bits[0], bits[1], bits[2], v);
            }
        }
        return cluster;
    }
    const float inv = 1.0f / tolerance, tol2 = tolerance * tolerance;
    for (uint32_t v = 0; v < positions.size(); ++v) {
        if (!used[v])
            continue;
        const Vec3 &p = positions[v];
        const int64_t cx = int64_t(std::floor(p.x * inv)), cy = int64_t(std::floor(p.y * inv)),
                      cz = int64_t(std::floor(p.z * inv));
        // A representative at exactly this position is the only one at distance 0 (any other
        // would have joined it), so the search can stop there.
        uint32_t bestRep = kNone;
        for (uint32_t r = table.head(cx, cy, cz); r != kNone; r = table.next(r))
            if (std::memcmp(&positions[r], &p, sizeof p) == 0 && lengthSquared(p - p) == 0) {
                bestRep = r;
                break;
            }
        if (bestRep == kNone) {
            float best = tol2;
            for (int64_t dx = -1; dx <= 1; ++dx)
                for (int64_t dy = -1; dy <= 1; ++dy)
                    for (int64_t dz = -1; dz <= 1; ++dz)
                        for (uint32_t r = table.head(cx + dx, cy + dy, cz + dz); r != kNone;
                             r = table.next(r)) {
                            const float d = lengthSquared(positions[r] - p);
                            if (d <= best) {
                                best = d;
                                bestRep = r;
                            }
                        }
        }
        if (bestRep != kNone) {
            cluster[v] = cluster[bestRep];
        } else {
            cluster[v] = clusters++;
            table.append(cx, cy, cz, v);
        }
    }
    return cluster;
}

} // namespace

PhysicsGeometry weldGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected,
                             float tolerance)
{
    if (!(tolerance >= 0) || !std::isfinite(tolerance))
        throw InputError("weld tolerance must be a finite distance of 0 or more");
    const size_t triCount = mesh.triangleCount();
    if (!selected.empty() && selected.size() != triCount)
        throw InputError("triangle selection does not match the mesh");
    std::vector<bool> used(mesh.positions.size(), false);
    for (size_t t = 0; t < triCount; ++t)
        if (selected.empty() || selected[t])
            for (int k = 0; k < 3; ++k)
                used[mesh.indices[3 * t + size_t(k)]] = true;
    const std::vector<uint32_t> cluster = clusterPositions(mesh.positions, used, tolerance);

    // Triangles that survive the weld (three distinct clusters).
    std::vector<uint32_t> tris;
    for (uint32_t t = 0; t < triCount; ++t) {
        if (!selected.empty() && !selected[t])
            continue;
        const uint32_t *g = &mesh.indices[3 * size_t(t)];
        const uint32_t a = cluster[g[0]], b = cluster[g[1]], c = cluster[g[2]];
        if (a != b && b != c && a != c)
            tris.push_back(t);
    }

    // Half-edges grouped by their undirected cluster edge (lower cluster, then higher), in corner
    // order within a group: two stable counting-sort passes over the cluster ids.
    struct HalfEdge
    {
        uint32_t low, high; // cluster ids of the undirected edge
        uint32_t corner;    // 3 * (index in tris) + corner the half-edge starts at
    };
    const size_t cornerCount = tris.size() * 3;
    std::vector<HalfEdge> halfEdges(cornerCount), sorted(cornerCount);
    for (uint32_t k = 0; k < tris.size(); ++k) {
        const uint32_t *g = &mesh.indices[3 * size_t(tris[k])];
        for (uint32_t j = 0; j < 3; ++j) {
            const uint32_t a = cluster[g[j]], b = cluster[g[(j + 1) % 3]];
            halfEdges[3 * k + j] = {std::min(a, b), std::max(a, b), 3 * k + j};
        }
    }
    uint32_t clusterCount = 0;
    for (const uint32_t c : cluster)
        if (c != kNone)
            clusterCount = std::max(clusterCount, c + 1);
    std::vector<uint32_t> start(size_t(clusterCount) + 1);
    auto countingSort = [&](auto field) {
        std::fill(start.begin(), start.end(), 0u);
        for (const HalfEdge &h : halfEdges)
            ++start[h.*field + 1];
        for (size_t c = 1; c < start.size(); ++c)
            start[c] += start[c - 1];
        for (const HalfEdge &h : halfEdges)
            sorted[start[h.*field]++] = h;
        halfEdges.swap(sorted);
    };
    countingSort(&HalfEdge::high);
    countingSort(&HalfEdge::low);

    auto graphicsVertex = [&](uint32_t corner) {
        return mesh.indices[3 * size_t(tris[corner / 3]) + corner % 3];
    };
    auto nextCorner = [](uint32_t corner) { return corner / 3 * 3 + (corner % 3 + 1) % 3; };
    auto faceNormal = [&](uint32_t corner) {
        const uint32_t *g = &mesh.indices[3 * size_t(tris[corner / 3])];
        return normalize(cross(mesh.positions[g[1]] - mesh.positions[g[0]],
                               mesh.positions[g[2]] - mesh.positions[g[0]]));
    };

    UnionFind corners(cornerCount);
    auto glue = [&](uint32_t h1, uint32_t h2) {
        const uint32_t a1 = h1, b1 = nextCorner(h1), a2 = h2, b2 = nextCorner(h2);
        if (cluster[graphicsVertex(a1)] == cluster[graphicsVertex(b2)]) {
            corners.unite(a1, b2);
            corners.unite(b1, a2);
        } else {
            corners.unite(a1, a2);
            corners.unite(b1, b2);
        }
    };

    auto graphicsEdge = [&](uint32_t corner) {
        return detail::edgeKey(graphicsVertex(corner), graphicsVertex(nextCorner(corner)));
    };
    std::vector<uint32_t> group, rest;
    struct Candidate
    {
        float agree; // dot of the two faces' normals
        uint32_t x, y;
    };
    std::vector<Candidate> candidates;
    std::vector<char> glued;
    std::vector<uint64_t> groupEdges;
    std::vector<char> matched;
    for (size_t i = 0; i < halfEdges.size();) {
        size_t j = i;
        group.clear();
        while (j < halfEdges.size() && halfEdges[j].low == halfEdges[i].low &&
               halfEdges[j].high == halfEdges[i].high)
            group.push_back(halfEdges[j++].corner);
        i = j;
        if (group.size() < 2)
            continue;
        // Edges the graphics mesh shared (same vertex indices) are glued when exactly two
        // triangles share them.
        groupEdges.clear();
        for (const uint32_t h : group)
            groupEdges.push_back(graphicsEdge(h));
        matched.assign(group.size(), 0);
        for (size_t x = 0; x < group.size(); ++x) {
            if (matched[x])
                continue;
            size_t partner = group.size(), same = 0;
            for (size_t y = 0; y < group.size(); ++y)
                if (y != x && groupEdges[y] == groupEdges[x]) {
                    partner = y;
                    ++same;
                }
            if (same == 1 && !matched[partner]) {
                glue(group[x], group[partner]);
                matched[x] = matched[partner] = 1;
            }
        }
        rest.clear();
        for (size_t x = 0; x < group.size(); ++x)
            if (!matched[x])
                rest.push_back(group[x]);
        // New neighbours glue when their orientations agree and they are not folded onto each
        // other (coincident sheets of opposite winding). Where more than two meet (a fin along
        // the seam of a body: the body's two sides and the fin's), the pairs whose faces agree
        // best glue first (the body closes, the fin stays a sheet of its own).
        candidates.clear();
        for (size_t x = 0; x < rest.size(); ++x)
            for (size_t y = x + 1; y < rest.size(); ++y) {
                const uint32_t h1 = rest[x], h2 = rest[y];
                const float agree = dot(faceNormal(h1), faceNormal(h2));
                if (cluster[graphicsVertex(h1)] == cluster[graphicsVertex(nextCorner(h2))] &&
                    !(agree < -0.985f))
                    candidates.push_back({agree, uint32_t(x), uint32_t(y)});
            }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate &p, const Candidate &q) {
            return p.agree != q.agree ? p.agree > q.agree
                                      : std::pair(p.x, p.y) < std::pair(q.x, q.y);
        });
        glued.assign(rest.size(), 0);
        for (const Candidate &c : candidates)
            if (!glued[c.x] && !glued[c.y]) {
                glue(rest[c.x], rest[c.y]);
                glued[c.x] = glued[c.y] = 1;
            }
    }

    // One physics vertex per corner class, at its lowest graphics vertex.
    PhysicsGeometry out;
    std::vector<uint32_t> classVertex(cornerCount, kNone);
    std::vector<uint32_t> classSource(cornerCount, kNone);
    for (uint32_t c = 0; c < cornerCount; ++c) {
        const uint32_t root = corners.find(c);
        classSource[root] = std::min(classSource[root], graphicsVertex(c));
    }
    out.indices.resize(cornerCount);
    for (uint32_t c = 0; c < cornerCount; ++c) {
        const uint32_t root = corners.find(c);
        if (classVertex[root] == kNone) {
            classVertex[root] = uint32_t(out.positions.size());
            out.positions.push_back(mesh.positions[classSource[root]]);
            out.sourceVertex.push_back(classSource[root]);
        }
        out.indices[c] = classVertex[root];
    }
    return out;
}

} // namespace tweed
