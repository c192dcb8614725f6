// Tolerance weld that never creates non-manifold vertices.
//
// Positions are clustered with a spatial hash. Rather than merging every vertex of a cluster
// (which joins coincident sheets and sheets touching at one point), triangles are glued edge by
// edge: an edge of clusters is glued when the graphics mesh already shared it, or when exactly
// two consistently oriented, not folded triangles remain there. A physics vertex is then a set
// of triangle corners joined through glued edges, which is always a single fan.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/physics_mesh.h"

#include <cmath>
#include <cstring>
#include <numeric>
#include <unordered_map>

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
    uint64_t h = uint64_t(x) * 0x9E3779B97F4A7C15ull;
    h ^= uint64_t(y) * 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
    h ^= uint64_t(z) * 0x165667B19E3779F9ull + (h << 6) + (h >> 2);
    return h;
}

// Cluster id per vertex (kNone for unused vertices): each vertex joins the nearest earlier
// cluster representative within tolerance.
std::vector<uint32_t> clusterPositions(const std::vector<Vec3> &positions,
                                       const std::vector<bool> &used, float tolerance)
{
    std::vector<uint32_t> cluster(positions.size(), kNone);
    uint32_t clusters = 0;
    if (tolerance <= 0) {
        std::unordered_map<uint64_t, std::vector<uint32_t>> exact;
        exact.reserve(positions.size());
        for (uint32_t v = 0; v < positions.size(); ++v) {
            if (!used[v])
                continue;
            uint32_t bits[3];
            std::memcpy(bits, &positions[v], sizeof bits);
            auto &list = exact[hashCell(bits[0], bits[1], bits[2])];
            for (uint32_t r : list)
                if (positions[r] == positions[v]) {
                    cluster[v] = cluster[r];
                    break;
                }
            if (cluster[v] == kNone) {
                cluster[v] = clusters++;
                list.push_back(v);
            }
        }
        return cluster;
    }
    const float inv = 1.0f / tolerance, tol2 = tolerance * tolerance;
    std::unordered_map<uint64_t, std::vector<uint32_t>> grid; // cell -> representatives
    grid.reserve(positions.size());
    for (uint32_t v = 0; v < positions.size(); ++v) {
        if (!used[v])
            continue;
        const Vec3 &p = positions[v];
        const int64_t cx = int64_t(std::floor(p.x * inv)), cy = int64_t(std::floor(p.y * inv)),
                      cz = int64_t(std::floor(p.z * inv));
        float best = tol2;
        uint32_t bestRep = kNone;
        for (int64_t dx = -1; dx <= 1; ++dx)
            for (int64_t dy = -1; dy <= 1; ++dy)
                for (int64_t dz = -1; dz <= 1; ++dz) {
                    auto it = grid.find(hashCell(cx + dx, cy + dy, cz + dz));
                    if (it == grid.end())
                        continue;
                    for (uint32_t r : it->second) {
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
            grid[hashCell(cx, cy, cz)].push_back(v);
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

    // Half-edges grouped by their undirected cluster edge.
    struct HalfEdge
    {
        uint64_t key;     // undirected cluster edge
        uint32_t corner;  // 3 * (index in tris) + corner the half-edge starts at
    };
    std::vector<HalfEdge> halfEdges;
    halfEdges.reserve(tris.size() * 3);
    for (uint32_t k = 0; k < tris.size(); ++k) {
        const uint32_t *g = &mesh.indices[3 * size_t(tris[k])];
        for (uint32_t j = 0; j < 3; ++j)
            halfEdges.push_back({detail::edgeKey(cluster[g[j]], cluster[g[(j + 1) % 3]]), 3 * k + j});
    }
    std::sort(halfEdges.begin(), halfEdges.end(), [](const HalfEdge &a, const HalfEdge &b) {
        return a.key != b.key ? a.key < b.key : a.corner < b.corner;
    });

    auto graphicsVertex = [&](uint32_t corner) {
        return mesh.indices[3 * size_t(tris[corner / 3]) + corner % 3];
    };
    auto nextCorner = [](uint32_t corner) { return corner / 3 * 3 + (corner % 3 + 1) % 3; };
    auto faceNormal = [&](uint32_t corner) {
        const uint32_t *g = &mesh.indices[3 * size_t(tris[corner / 3])];
        return normalize(cross(mesh.positions[g[1]] - mesh.positions[g[0]],
                               mesh.positions[g[2]] - mesh.positions[g[0]]));
    };

    UnionFind corners(tris.size() * 3);
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

    std::vector<uint32_t> group, rest;
    for (size_t i = 0; i < halfEdges.size();) {
        size_t j = i;
        group.clear();
        while (j < halfEdges.size() && halfEdges[j].key == halfEdges[i].key)
            group.push_back(halfEdges[j++].corner);
        i = j;
        if (group.size() < 2)
            continue;
        // Edges the graphics mesh shared (same vertex indices) are glued when exactly two
        // triangles share them.
        std::vector<bool> matched(group.size(), false);
        for (size_t x = 0; x < group.size(); ++x) {
            if (matched[x])
                continue;
            const uint64_t gx = detail::edgeKey(graphicsVertex(group[x]),
                                                graphicsVertex(nextCorner(group[x])));
            size_t partner = group.size(), same = 0;
            for (size_t y = 0; y < group.size(); ++y)
                if (y != x && detail::edgeKey(graphicsVertex(group[y]),
                                              graphicsVertex(nextCorner(group[y]))) == gx) {
                    partner = y;
                    ++same;
                }
            if (same == 1 && !matched[partner]) {
                glue(group[x], group[partner]);
                matched[x] = matched[partner] = true;
            }
        }
        rest.clear();
        for (size_t x = 0; x < group.size(); ++x)
            if (!matched[x])
                rest.push_back(group[x]);
        if (rest.size() != 2)
            continue;
        // Two new neighbours: glue when their orientations agree and they are not folded
        // onto each other (coincident sheets of opposite winding).
        const bool opposite =
            cluster[graphicsVertex(rest[0])] == cluster[graphicsVertex(nextCorner(rest[1]))];
        const bool folded = dot(faceNormal(rest[0]), faceNormal(rest[1])) < -0.985f;
        if (opposite && !folded)
            glue(rest[0], rest[1]);
    }

    // One physics vertex per corner class, at its lowest graphics vertex.
    PhysicsGeometry out;
    std::vector<uint32_t> classVertex(tris.size() * 3, kNone);
    std::vector<uint32_t> classSource(tris.size() * 3, kNone);
    for (uint32_t c = 0; c < tris.size() * 3; ++c) {
        const uint32_t root = corners.find(c);
        classSource[root] = std::min(classSource[root], graphicsVertex(c));
    }
    out.indices.resize(tris.size() * 3);
    for (uint32_t c = 0; c < tris.size() * 3; ++c) {
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
