// Building the mesh-mesh skin map: each graphics vertex bound to its closest physics triangle
// of its own part (weights not sharply different, within reach of the closest triangle) whose
// latch master mask overlaps the vertex's slave mask.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/tetra_mesh.h"
#include "tweed/skin_map.h"
#include "tweed/validate.h"

#include <array>
#include <cmath>
#include <limits>

namespace tweed {
namespace {

// Triangles tried per graphics vertex before it counts as failed.
constexpr size_t kTriesPerVertex = 8;
// How much farther than the closest triangle (in mean physics edges) a triangle of the
// vertex's own part may be.
constexpr float kOwnPartReach = 2.0f;

} // namespace

SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics)
{
    return buildSkinMap(mesh, channels, physics, SkinMapSettings{}, nullptr);
}

SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics,
                     const SkinMapSettings &settings, SkinMapReport *reportOut)
{
    const size_t n = mesh.vertexCount();
    if (channels.vertexCount() != 0 && channels.vertexCount() != n)
        throw InputError("the paint channels do not match the graphics mesh's vertices");
    if (!physics.tetrahedra.empty()) // a soft body: APEX's tetra skinning
        return buildTetraSkinMap(mesh, physics, reportOut);
    if (physics.indices.empty())
        throw InputError("the physics mesh has no triangles to bind to");
    if (!(settings.farDistance >= 0))
        throw InputError("the far-binding distance must be 0 or more");

    const std::vector<Vec3> physicsNormals = computeVertexNormals(physics.positions, physics.indices);
    const size_t triCount = physics.triangleCount();
    // A triangle belongs to the latch groups of any of its corners.
    const std::vector<uint32_t> &master = physics.channels[MaskChannel::LatchMaster];
    std::vector<uint32_t> triangleMask(triCount, kDefaultMask);
    if (master.size() == physics.vertexCount())
        for (size_t t = 0; t < triCount; ++t)
            triangleMask[t] = master[physics.indices[3 * t]] | master[physics.indices[3 * t + 1]] |
                              master[physics.indices[3 * t + 2]];
    const std::vector<uint32_t> &slave = channels[MaskChannel::LatchSlave];

    const MeshQuality quality = measureMeshQuality(physics.positions, physics.indices);
    const float farDistance =
        settings.farDistance > 0 ? settings.farDistance : 0.5f * quality.edgeLengthMean;
    // Distance of the normal and tangent points from the vertex: far enough to be well
    // conditioned, near enough to follow the local deformation.
    const float frameOffset = std::max(0.25f * quality.edgeLengthMean, 1e-6f);

    const std::vector<Vec3> graphicsNormals =
        mesh.normals.size() == n ? mesh.normals : computeVertexNormals(mesh.positions, mesh.indices);

    const detail::TriangleTree tree(physics.positions, physics.indices);
    const bool byPart = mesh.skin.size() == n && physics.skin.size() == physics.vertexCount();
    const float edgeMean = quality.edgeLengthMean;
    // A binding must reproduce its vertex at rest to within this.
    const float tolerance = 1e-6f * std::max(detail::boundingDiagonal(physics.positions, physics.indices),
                                             detail::boundingDiagonal(mesh.positions, {}));
    SkinMap map;
    map.bindings.resize(n);
    // Vertices bind independently: ranges on the hardware threads, their reports merged in
    // order (the same map and report with any number of threads).
    constexpr size_t kMinPerRange = 1024;
    std::vector<SkinMapReport> parts(detail::rangeCount(n, kMinPerRange));
    auto bindRange = [&](size_t range, size_t begin, size_t end) {
        SkinMapReport &part = parts[range];
        for (size_t v = begin; v < end; ++v) {
            SkinBinding &bind = map.bindings[v];
            const Vec3 &p = mesh.positions[v];
            const uint32_t slaveMask = slave.size() == n ? slave[v] : kDefaultMask;
            // The closest allowed triangle, or, when the inverse of the skinning function misses
            // there (strongly varying normals far from the triangle), the next closest ones.
            // First among the triangles of the vertex's own part (a corner whose weights are not
            // sharply different from the vertex's), then, when there is none, among all.
            std::array<uint32_t, kTriesPerVertex> tried{};
            size_t tries = 0;
            float bestResidual = std::numeric_limits<float>::infinity();
            detail::ClosestHit hit;
            bind.triangle = SkinMap::kUnbound;
            auto inPart = [&](uint32_t t) {
                const uint32_t *f = &physics.indices[3 * size_t(t)];
                for (int k = 0; k < 3; ++k)
                    if (detail::weightDistance(physics.skin[f[k]], mesh.skin[v]) <=
                        detail::kSharpWeightChange)
                        return true;
                return false;
            };
            // Its own part only within a couple of edges of the closest triangle: a triangle of
            // its part far off would carry it on a long lever.
            float ownPartReach = std::numeric_limits<float>::infinity();
            if (byPart) {
                const detail::ClosestHit any = tree.closest(
                    p, [&](uint32_t t) { return (triangleMask[t] & slaveMask) != 0; });
                if (any.found()) {
                    const float reach = std::sqrt(any.distanceSquared) + kOwnPartReach * edgeMean;
                    ownPartReach = reach * reach;
                }
            }
            for (int pass = byPart ? 0 : 1; pass < 2; ++pass) {
                const bool ownPart = pass == 0;
                tries = 0;
                while (tries < kTriesPerVertex) {
                    const detail::ClosestHit candidate = tree.closest(
                        p,
                        [&](uint32_t t) {
                            return (triangleMask[t] & slaveMask) != 0 &&
                                   (!ownPart || inPart(t)) &&
                                   std::find(tried.begin(), tried.begin() + long(tries), t) ==
                                       tried.begin() + long(tries);
                        },
                        ownPart ? ownPartReach : std::numeric_limits<float>::infinity());
                    if (!candidate.found())
                        break;
                    tried[tries++] = candidate.triangle;
                    const uint32_t *tri = &physics.indices[3 * size_t(candidate.triangle)];
                    const Vec3 &a = physics.positions[tri[0]], &b = physics.positions[tri[1]],
                               &c = physics.positions[tri[2]];
                    const Vec3 &na = physicsNormals[tri[0]], &nb = physicsNormals[tri[1]],
                               &nc = physicsNormals[tri[2]];
                    const Vec3 uvh = skinPointCoordinates(p, a, b, c, na, nb, nc);
                    const float residual =
                        distance(evaluateSkinPoint(uvh, a, b, c, na, nb, nc), p);
                    if (!(residual < bestResidual))
                        continue;
                    bestResidual = residual;
                    hit = candidate;
                    bind.triangle = candidate.triangle;
                    bind.position = uvh;
                    if (residual <= tolerance)
                        break;
                }
                if (bind.triangle != SkinMap::kUnbound && bestResidual <= tolerance)
                    break; // bound in its own part
            }
            if (bind.triangle == SkinMap::kUnbound || !(bestResidual <= tolerance)) {
                bind = SkinBinding{};
                bind.triangle = SkinMap::kUnbound;
                part.failedVertices.push_back(uint32_t(v));
                continue;
            }
            const uint32_t *tri = &physics.indices[3 * size_t(hit.triangle)];
            const Vec3 &a = physics.positions[tri[0]], &b = physics.positions[tri[1]],
                       &c = physics.positions[tri[2]];
            const Vec3 &na = physicsNormals[tri[0]], &nb = physicsNormals[tri[1]],
                       &nc = physicsNormals[tri[2]];
            // Frame of the vertex: its normal, and its tangent (or any direction across it).
            Vec3 normal = normalize(graphicsNormals[v]);
            if (lengthSquared(normal) == 0)
                normal = normalize(na * hit.bary.x + nb * hit.bary.y + nc * hit.bary.z);
            Vec3 tangent;
            if (mesh.tangents.size() == n)
                tangent = Vec3{mesh.tangents[v].x, mesh.tangents[v].y, mesh.tangents[v].z};
            tangent = normalize(tangent - normal * dot(tangent, normal));
            if (lengthSquared(tangent) == 0)
                tangent = normalize(cross(normal, std::abs(normal.x) < 0.9f ? Vec3{1, 0, 0}
                                                                           : Vec3{0, 1, 0}));
            bind.normal = skinPointCoordinates(p + normal * frameOffset, a, b, c, na, nb, nc);
            bind.tangent = skinPointCoordinates(p + tangent * frameOffset, a, b, c, na, nb, nc);
            // A sliver triangle can give coordinates in the millions, which amplify the cloth's
            // motion as much and which the loaders refuse: such a vertex follows its bones.
            const auto usable = [](const Vec3 &k) {
                return isFinite(k) && std::abs(k.x) <= kMaxCoordinate &&
                       std::abs(k.y) <= kMaxCoordinate && std::abs(k.z) <= kMaxCoordinate;
            };
            if (!usable(bind.position) || !usable(bind.normal) || !usable(bind.tangent)) {
                bind = SkinBinding{};
                bind.triangle = SkinMap::kUnbound;
                part.failedVertices.push_back(uint32_t(v));
                continue;
            }
            ++part.bound;
            const float offset = std::sqrt(hit.distanceSquared);
            part.maxOffset = std::max(part.maxOffset, offset);
            if (offset > farDistance)
                ++part.farBindings;
        }
    };
    const size_t ranges = detail::forEachRange(n, kMinPerRange, bindRange);
    SkinMapReport report;
    for (size_t r = 0; r < ranges; ++r) {
        const SkinMapReport &part = parts[r];
        report.bound += part.bound;
        report.farBindings += part.farBindings;
        report.maxOffset = std::max(report.maxOffset, part.maxOffset);
        report.failedVertices.insert(report.failedVertices.end(), part.failedVertices.begin(),
                                     part.failedVertices.end());
    }
    physics.report.skinMapFarBindings = report.farBindings;
    physics.report.skinMapMaxOffset = report.maxOffset;
    physics.report.skinMapFailures = uint32_t(report.failedVertices.size());
    if (reportOut)
        *reportOut = std::move(report);
    return map;
}

} // namespace tweed
