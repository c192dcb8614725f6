// Riders on their side of the simulated shell: the neighbourhood check after the skin map.
#include "tweed/layer_guard.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tweed {
namespace {

// How far outside a triangle (in barycentric terms) a rider's projection may fall and still
// count as over it: the seams between neighbours are covered, far planes are not.
constexpr float kOverMargin = 0.35f;
// Rings of triangles around a rider's own that it is kept clear of.
constexpr int kRings = 1;

struct Plane
{
    Vec3 normal; ///< unit, oriented as the corners' normals
    float offset = 0;
};

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

// The plane of triangle abc oriented like the corners' normals, with p's height over it.
// False for a degenerate triangle.
bool planeOf(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &corners,
             Plane &out)
{
    if (!normalOf(a, b, c, corners, out.normal))
        return false;
    out.offset = dot(p - a, out.normal);
    return true;
}

// Whether p projects onto triangle abc with unit normal n (within kOverMargin). The projection
// moves p along n, which leaves the sub-triangle areas measured along n unchanged.
bool isOver(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &n)
{
    const float area = dot(cross(b - a, c - a), n);
    if (!(std::abs(area) > 0))
        return false;
    const float u = dot(cross(b - p, c - p), n) / area;
    const float v = dot(cross(c - p, a - p), n) / area;
    return u >= -kOverMargin && v >= -kOverMargin && 1 - u - v >= -kOverMargin;
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
    // The triangles around each physics vertex.
    std::vector<uint32_t> ringStart(pv + 1, 0);
    for (uint32_t i : physics.indices)
        if (i < pv)
            ++ringStart[i + 1];
    for (size_t v = 0; v < pv; ++v)
        ringStart[v + 1] += ringStart[v];
    std::vector<uint32_t> ring(ringStart[pv]);
    std::vector<uint32_t> fill(ringStart.begin(), ringStart.end() - 1);
    for (size_t t = 0; t < triCount; ++t)
        for (int k = 0; k < 3; ++k) {
            const uint32_t i = physics.indices[3 * t + size_t(k)];
            if (i < pv)
                ring[fill[i]++] = uint32_t(t);
        }

    const std::vector<Vec3> normals = computeVertexNormals(physics.positions, physics.indices);
    guard.aroundStart.push_back(0);
    std::vector<uint32_t> around;
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        const SkinBinding &bind = lod.skinMap.bindings[v];
        if (!rider[v] || bind.triangle == SkinMap::kUnbound || bind.triangle >= triCount)
            continue;
        // Two rings of triangles around its own: a fold of the shell brings the second ring
        // over a rider as often as the first.
        around.assign(1, bind.triangle);
        for (int ringRound = 0; ringRound < kRings; ++ringRound) {
            const size_t known = around.size();
            for (size_t i = 0; i < known; ++i)
                for (int k = 0; k < 3; ++k) {
                    const uint32_t corner = physics.indices[3 * size_t(around[i]) + size_t(k)];
                    if (corner < pv)
                        around.insert(around.end(), ring.begin() + ringStart[corner],
                                      ring.begin() + ringStart[corner + 1]);
                }
            std::sort(around.begin(), around.end());
            around.erase(std::unique(around.begin(), around.end()), around.end());
        }
        // The clearance is the rest one: |h| from its own triangle, less where a neighbour is
        // nearer at rest (a fold); a rider already across a neighbour at rest is left alone.
        const float side = bind.position.z < 0 ? -1.0f : 1.0f;
        float clearance = std::abs(bind.position.z);
        const Vec3 &p = mesh.positions[v];
        for (uint32_t t : around) {
            const uint32_t *f = &physics.indices[3 * size_t(t)];
            const Vec3 &a = physics.positions[f[0]], &b = physics.positions[f[1]],
                       &c = physics.positions[f[2]];
            Plane plane;
            if (planeOf(p, a, b, c, normals[f[0]] + normals[f[1]] + normals[f[2]], plane) &&
                isOver(p, a, b, c, plane.normal))
                clearance = std::min(clearance, side * plane.offset);
        }
        if (!(clearance >= 0))
            continue;
        guard.riders.push_back(uint32_t(v));
        guard.clearance.push_back(clearance);
        guard.around.insert(guard.around.end(), around.begin(), around.end());
        guard.aroundStart.push_back(uint32_t(guard.around.size()));
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
    // Each triangle's normal once (a triangle is around a dozen riders); 0 = not yet, 1 = made,
    // 2 = degenerate.
    const size_t triangles = physicsIndices.size() / 3;
    std::vector<Vec3> normal(triangles);
    std::vector<uint8_t> state(triangles, 0);
    for (size_t i = 0; i < guard.riders.size(); ++i) {
        const uint32_t v = guard.riders[i];
        const float side = map.bindings[v].position.z < 0 ? -1.0f : 1.0f;
        const float need = guard.clearance[i];
        Vec3 p = outPositions[v];
        for (uint32_t r = guard.aroundStart[i]; r < guard.aroundStart[i + 1]; ++r) {
            const uint32_t t = guard.around[r];
            const uint32_t *f = &physicsIndices[3 * size_t(t)];
            const Vec3 &a = physicsPositions[f[0]], &b = physicsPositions[f[1]],
                       &c = physicsPositions[f[2]];
            if (state[t] == 0)
                state[t] = normalOf(a, b, c,
                                    physicsNormals[f[0]] + physicsNormals[f[1]] + physicsNormals[f[2]],
                                    normal[t])
                               ? 1
                               : 2;
            if (state[t] != 1)
                continue;
            const Vec3 &n = normal[t];
            const float offset = dot(p - a, n);
            // Most riders are well on their side: the projection test only when they are not.
            if (side * offset < need && isOver(p, a, b, c, n))
                p += n * (side * (need - side * offset));
        }
        if (isFinite(p))
            outPositions[v] = p;
    }
}

} // namespace tweed
