// Riders on their side of the simulated shell: the neighbourhood check after the skin map.
#include "tweed/layer_guard.h"

#include "tweed/cloth_measures.h"
#include "tweed/mesh_distance.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>

namespace tweed {
namespace {

// How far outside a triangle (in barycentric terms) a rider's projection may fall and still
// count as over it: the seams between neighbours are covered, far planes are not.
constexpr float kOverMargin = 0.35f;
// Rings of physics triangles around a rider's own that it is kept clear of.
constexpr int kPhysicsRings = 1;
// Rings of the graphics shell's triangles around the one nearest a rider at rest that it is
// kept clear of: none, that one alone. (One ring, about 13 triangles a rider, cost 1.1 ms a
// frame more on a garment of 5,000 vertices and 1,500 riders, where the physics guard and the
// skin map take 0.7 ms.)
constexpr int kShellRings = 0;

// The unit normal of triangle abc oriented like the corners' normals; false for a degenerate
// triangle.
bool normalOf(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &corners, Vec3 &out)
{
    Vec3 n = cross(b - a, c - a);
    const float len = length(n);
    if (!(len > 0))
        return false;
    out = n / (dot(n, corners) < 0 ? -len : len);
    return true;
}

// The triangles around each vertex of `corners` (three vertex ids per triangle, below
// vertexCount): those of vertex v are list[start[v]] to list[start[v + 1]].
struct VertexTriangles
{
    std::vector<uint32_t> start, list;
};
VertexTriangles trianglesAround(const std::vector<uint32_t> &corners, size_t vertexCount)
{
    VertexTriangles out;
    out.start.assign(vertexCount + 1, 0);
    for (uint32_t i : corners)
        if (i < vertexCount)
            ++out.start[i + 1];
    for (size_t v = 0; v < vertexCount; ++v)
        out.start[v + 1] += out.start[v];
    out.list.resize(out.start[vertexCount]);
    std::vector<uint32_t> fill(out.start.begin(), out.start.end() - 1);
    for (size_t k = 0; k < corners.size(); ++k)
        if (corners[k] < vertexCount)
            out.list[fill[corners[k]]++] = uint32_t(k / 3);
    return out;
}

// The triangles within `rings` rings of `seed` (sharing a corner, ring after ring), sorted.
void ringsAround(uint32_t seed, int rings, const std::vector<uint32_t> &corners,
                 const VertexTriangles &around, std::vector<uint32_t> &out)
{
    out.assign(1, seed);
    const size_t vertexCount = around.start.size() - 1;
    for (int ring = 0; ring < rings; ++ring) {
        const size_t known = out.size();
        for (size_t i = 0; i < known; ++i)
            for (int k = 0; k < 3; ++k) {
                const uint32_t corner = corners[3 * size_t(out[i]) + size_t(k)];
                if (corner < vertexCount)
                    out.insert(out.end(), around.list.begin() + around.start[corner],
                               around.list.begin() + around.start[corner + 1]);
            }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
}

// A triangle as the guard tests it in one pose: its first corner, unit normal, and the
// barycentric weights of its first two corners as linear functions of a point (u = dot(p - a,
// toU) + 1, v = dot(p - a, toV)), made once per triangle and pose.
struct Facet
{
    Vec3 a, n, toU, toV;
    uint8_t state = 0; ///< 0 = not made yet, 1 = made, 2 = degenerate
    /// Whether p projects onto the triangle (within kOverMargin). The projection moves p along
    /// n, which leaves the sub-triangle areas measured along n unchanged.
    bool isOver(const Vec3 &p) const
    {
        const Vec3 d = p - a;
        const float u = dot(d, toU) + 1, v = dot(d, toV);
        return u >= -kOverMargin && v >= -kOverMargin && 1 - u - v >= -kOverMargin;
    }
};

// Triangle t of `indices` at `positions`, oriented by `orient` (the corners' normals; empty: by
// the winding), made in facets[t] when first asked for; null for a degenerate triangle.
const Facet *facetOf(uint32_t t, const std::vector<uint32_t> &indices,
                     const std::vector<Vec3> &positions, const std::vector<Vec3> &orient,
                     std::vector<Facet> &facets)
{
    Facet &f = facets[t];
    if (f.state == 0) {
        const uint32_t *k = &indices[3 * size_t(t)];
        const Vec3 &a = positions[k[0]], &b = positions[k[1]], &c = positions[k[2]];
        const Vec3 corners = orient.empty() ? cross(b - a, c - a)
                                            : orient[k[0]] + orient[k[1]] + orient[k[2]];
        f.state = 2;
        if (normalOf(a, b, c, corners, f.n)) {
            const float area = dot(cross(b - a, c - a), f.n);
            if (std::abs(area) > 0) {
                f.a = a;
                f.toU = cross(b - c, f.n) / area;
                f.toV = cross(c - a, f.n) / area;
                f.state = 1;
            }
        }
    }
    return f.state == 1 ? &f : nullptr;
}

// The clearance a rider at p on `side` keeps from the triangles of `around` it lies over at
// rest: at most `most`, less where one is nearer (a fold); negative when it lies across one
// already (then none is kept) or over none. `facets` holds the rest facets of `indices`.
float restClearance(const Vec3 &p, float side, float most, const std::vector<uint32_t> &around,
                    const std::vector<uint32_t> &indices, const std::vector<Vec3> &positions,
                    const std::vector<Vec3> &orient, std::vector<Facet> &facets)
{
    float clearance = most;
    for (uint32_t t : around)
        if (const Facet *f = facetOf(t, indices, positions, orient, facets); f && f->isOver(p))
            clearance = std::min(clearance, side * dot(p - f->a, f->n));
    return std::isfinite(clearance) ? clearance : -1.0f;
}

// Adds a rider's triangles and clearance to `sides`.
void addSides(RiderSides &sides, float clearance, const std::vector<uint32_t> &around)
{
    sides.clearance.push_back(clearance);
    if (clearance >= 0)
        sides.around.insert(sides.around.end(), around.begin(), around.end());
    sides.aroundStart.push_back(uint32_t(sides.around.size()));
}

// Moves p back to `side` of each triangle of rider i's `sides` it lies over, at its clearance.
Vec3 keepSide(Vec3 p, size_t i, float side, const RiderSides &sides,
              const std::vector<uint32_t> &indices, const std::vector<Vec3> &positions,
              const std::vector<Vec3> &orient, std::vector<Facet> &facets)
{
    const float need = sides.clearance[i];
    for (uint32_t r = sides.aroundStart[i]; r < sides.aroundStart[i + 1]; ++r) {
        const Facet *f = facetOf(sides.around[r], indices, positions, orient, facets);
        if (!f)
            continue;
        const float offset = dot(p - f->a, f->n);
        // Most riders are well on their side: the projection test only when they are not.
        if (side * offset < need && f->isOver(p))
            p += f->n * (side * (need - side * offset));
    }
    return p;
}

} // namespace

std::vector<bool> riderVertices(const GraphicsMesh &mesh)
{
    std::vector<bool> rider(mesh.vertexCount(), false);
    for (const Submesh &sub : mesh.submeshes) {
        if (sub.role != LayerRole::Rider)
            continue;
        const size_t end =
            std::min(size_t(sub.firstTriangle) + sub.triangleCount, mesh.triangleCount());
        for (size_t t = sub.firstTriangle; t < end; ++t)
            for (int k = 0; k < 3; ++k) {
                const uint32_t v = mesh.indices[3 * t + size_t(k)];
                if (v < rider.size())
                    rider[v] = true;
            }
    }
    return rider;
}

RiderGuard buildRiderGuard(const GraphicsLod &lod, const PhysicsMesh &physics)
{
    RiderGuard guard;
    const GraphicsMesh &mesh = lod.mesh;
    if (lod.skinMap.bindings.size() != mesh.vertexCount())
        return guard;
    const std::vector<bool> rider = riderVertices(mesh);
    const size_t pv = physics.vertexCount(), triCount = physics.triangleCount();
    const VertexTriangles physicsAround = trianglesAround(physics.indices, pv);
    const std::vector<Vec3> normals = computeVertexNormals(physics.positions, physics.indices);

    // The graphics shell each rider part rides on: its triangles, their corners welded by
    // position (a seam does not end a ring), and its surface at rest.
    const ClothLayers layers = garmentLayers(mesh);
    struct Shell
    {
        uint32_t first = 0; ///< its first triangle in guard.shellIndices
        std::vector<uint32_t> welded; ///< three welded corner ids per triangle
        VertexTriangles around;
        std::unique_ptr<MeshDistance> surface;
    };
    std::vector<Shell> shells(layers.shells.size());
    std::vector<int> shellOf(mesh.vertexCount(), -1);
    for (const RiderLayer &r : layers.riders) {
        Shell &shell = shells[size_t(r.shell)];
        if (!shell.surface) {
            const VertexRange &range = layers.shells[size_t(r.shell)];
            std::vector<uint32_t> indices;
            std::map<std::array<float, 3>, uint32_t> weld;
            for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
                bool in = true;
                for (size_t k = 0; k < 3; ++k)
                    in = in && mesh.indices[t + k] - range.first < range.count;
                if (!in)
                    continue;
                for (size_t k = 0; k < 3; ++k) {
                    const Vec3 &p = mesh.positions[mesh.indices[t + k]];
                    indices.push_back(mesh.indices[t + k]);
                    shell.welded.push_back(
                        weld.emplace(std::array<float, 3>{p.x, p.y, p.z}, uint32_t(weld.size()))
                            .first->second);
                }
            }
            shell.first = uint32_t(guard.shellIndices.size() / 3);
            guard.shellIndices.insert(guard.shellIndices.end(), indices.begin(), indices.end());
            shell.around = trianglesAround(shell.welded, weld.size());
            shell.surface = std::make_unique<MeshDistance>(mesh.positions, indices);
        }
        for (uint32_t v = r.vertices.first; v < r.vertices.first + r.vertices.count; ++v)
            shellOf[v] = r.shell;
    }

    // Each triangle's rest facet once, shared by the riders around it.
    std::vector<Facet> physicsFacets(triCount), shellFacets(guard.shellIndices.size() / 3);
    guard.physics.aroundStart.push_back(0);
    guard.shell.aroundStart.push_back(0);
    std::vector<uint32_t> around, shellAround;
    uint32_t hint = UINT32_MAX;
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        const SkinBinding &bind = lod.skinMap.bindings[v];
        if (!rider[v] || bind.triangle == SkinMap::kUnbound || bind.triangle >= triCount)
            continue;
        const Vec3 &p = mesh.positions[v];
        // The physics triangles around its own, at |h| from its own triangle, less where a
        // neighbour is nearer at rest (a fold); a rider already across a neighbour at rest is
        // left alone there.
        ringsAround(bind.triangle, kPhysicsRings, physics.indices, physicsAround, around);
        const float side = bind.position.z < 0 ? -1.0f : 1.0f;
        const float physicsClearance = restClearance(p, side, std::abs(bind.position.z), around,
                                                     physics.indices, physics.positions, normals,
                                                     physicsFacets);
        // The shell's graphics triangles around the one nearest it, on its side of that one.
        float shellSide = -1, shellClearance = -1;
        shellAround.clear();
        if (shellOf[v] >= 0) {
            const Shell &shell = shells[size_t(shellOf[v])];
            const SurfaceDistance nearest = shell.surface->query(p, hint);
            if (!nearest.onOpenEdge && std::isfinite(nearest.distance) && hint != UINT32_MAX) {
                shellSide = nearest.distance < 0 ? -1.0f : 1.0f;
                ringsAround(hint, kShellRings, shell.welded, shell.around, shellAround);
                // From the shell's own triangles to those of guard.shellIndices.
                for (uint32_t &t : shellAround)
                    t += shell.first;
                shellClearance = restClearance(p, shellSide, INFINITY, shellAround,
                                               guard.shellIndices, mesh.positions, {}, shellFacets);
            }
        }
        if (!(physicsClearance >= 0) && !(shellClearance >= 0))
            continue;
        guard.riders.push_back(uint32_t(v));
        guard.shellSide.push_back(shellSide);
        addSides(guard.physics, physicsClearance, around);
        addSides(guard.shell, shellClearance, shellAround);
    }
    if (guard.riders.empty())
        return RiderGuard{};
    return guard;
}

void keepRidersOnTheirSide(const RiderGuard &guard, const SkinMap &map,
                           const std::vector<uint32_t> &physicsIndices,
                           const std::vector<Vec3> &physicsPositions,
                           const std::vector<Vec3> &physicsNormals, std::vector<Vec3> &outPositions)
{
    // Each triangle's facet once (a triangle is around a dozen riders).
    thread_local std::vector<Facet> facets, shellFacets;
    facets.assign(physicsIndices.size() / 3, Facet{});
    shellFacets.assign(guard.shellIndices.size() / 3, Facet{});
    for (size_t i = 0; i < guard.riders.size(); ++i) {
        const uint32_t v = guard.riders[i];
        const float side = map.bindings[v].position.z < 0 ? -1.0f : 1.0f;
        Vec3 p = keepSide(outPositions[v], i, side, guard.physics, physicsIndices,
                          physicsPositions, physicsNormals, facets);
        // The shell as seen, last: its corners are where the skin map put them.
        p = keepSide(p, i, guard.shellSide[i], guard.shell, guard.shellIndices, outPositions, {},
                     shellFacets);
        if (isFinite(p))
            outPositions[v] = p;
    }
}

} // namespace tweed
