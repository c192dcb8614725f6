// The soft-body path: the Kuhn split of the iso grid's inside cells, boundary vertices snapped
// onto the iso-surface without inverting a tetrahedron; tetra skinning of the graphics mesh.
#include "iso_grid.h"
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/tetra_mesh.h"
#include "tweed/skin_map.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <unordered_map>

namespace tweed {
namespace {

using detail::Grid;
using detail::kNone;

double signedVolume(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d)
{
    const Vec3 u = b - a, v = c - a, w = d - a;
    return (double(u.x) * (double(v.y) * w.z - double(v.z) * w.y) -
            double(u.y) * (double(v.x) * w.z - double(v.z) * w.x) +
            double(u.z) * (double(v.x) * w.y - double(v.y) * w.x)) /
           6.0;
}

/// Whether the triangles close a volume: every edge, across seams (vertices at one position
/// are one), shared by exactly two of them.
bool isClosed(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    const std::vector<uint32_t> group = weldEqualPositions(positions);
    std::unordered_map<uint64_t, int> count;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = group[indices[t + size_t(k)]],
                           b = group[indices[t + size_t((k + 1) % 3)]];
            if (a == b)
                return false;
            ++count[edgeKey(a, b)];
        }
    for (const auto &[key, c] : count)
        if (c != 2)
            return false;
    return true;
}

/// Per node, whether it lies inside the closed triangles: the parity of the crossings of a ray
/// along +x through its row (nudged off the grid lines so it misses edges and vertices).
std::vector<uint8_t> insideNodes(const Grid &grid, const std::vector<Vec3> &pos,
                                 const std::vector<uint32_t> &idx)
{
    const double ny0 = 0.000137, nz0 = 0.000311; // of a voxel
    std::vector<std::vector<float>> crossings(size_t(grid.ny) * size_t(grid.nz));
    for (size_t t = 0; t + 2 < idx.size(); t += 3) {
        const Vec3 &a = pos[idx[t]], &b = pos[idx[t + 1]], &c = pos[idx[t + 2]];
        const double lo[2] = {std::min({a.y, b.y, c.y}), std::min({a.z, b.z, c.z})};
        const double hi[2] = {std::max({a.y, b.y, c.y}), std::max({a.z, b.z, c.z})};
        const int j0 = std::max(0, int(std::ceil((lo[0] - grid.origin.y) / grid.h - ny0)));
        const int j1 = std::min(grid.ny - 1, int(std::floor((hi[0] - grid.origin.y) / grid.h - ny0)));
        const int k0 = std::max(0, int(std::ceil((lo[1] - grid.origin.z) / grid.h - nz0)));
        const int k1 = std::min(grid.nz - 1, int(std::floor((hi[1] - grid.origin.z) / grid.h - nz0)));
        // 2D barycentrics in (y, z).
        const double e0y = double(b.y) - a.y, e0z = double(b.z) - a.z;
        const double e1y = double(c.y) - a.y, e1z = double(c.z) - a.z;
        const double det = e0y * e1z - e0z * e1y;
        if (std::abs(det) < 1e-30)
            continue; // seen edge-on: the ray misses it
        for (int k = k0; k <= k1; ++k)
            for (int j = j0; j <= j1; ++j) {
                const double y = grid.origin.y + (j + ny0) * grid.h - a.y;
                const double z = grid.origin.z + (k + nz0) * grid.h - a.z;
                const double u = (y * e1z - z * e1y) / det, v = (e0y * z - e0z * y) / det;
                if (u < 0 || v < 0 || u + v > 1)
                    continue;
                const double x = a.x + u * (double(b.x) - a.x) + v * (double(c.x) - a.x);
                crossings[size_t(k) * size_t(grid.ny) + size_t(j)].push_back(float(x));
            }
    }
    std::vector<uint8_t> inside(grid.value.size(), 0);
    for (int k = 0; k < grid.nz; ++k)
        for (int j = 0; j < grid.ny; ++j) {
            std::vector<float> &row = crossings[size_t(k) * size_t(grid.ny) + size_t(j)];
            std::sort(row.begin(), row.end());
            size_t passed = 0;
            for (int i = 0; i < grid.nx; ++i) {
                const float x = grid.node(i, j, k).x;
                while (passed < row.size() && row[passed] < x)
                    ++passed;
                inside[grid.at(i, j, k)] = passed % 2;
            }
        }
    return inside;
}

// The six tetrahedra of a cube around its diagonal from corner 0 to corner 7 (corner bits: x 1,
// y 2, z 4), each positively oriented.
std::array<std::array<int, 4>, 6> kuhnSplit()
{
    std::array<std::array<int, 4>, 6> out{};
    const int axes[6][3] = {{1, 2, 4}, {1, 4, 2}, {2, 1, 4}, {2, 4, 1}, {4, 1, 2}, {4, 2, 1}};
    auto corner = [](int bits) {
        return Vec3{float(bits & 1), float((bits >> 1) & 1), float((bits >> 2) & 1)};
    };
    for (int t = 0; t < 6; ++t) {
        std::array<int, 4> tet = {0, axes[t][0], axes[t][0] | axes[t][1], 7};
        if (signedVolume(corner(tet[0]), corner(tet[1]), corner(tet[2]), corner(tet[3])) < 0)
            std::swap(tet[2], tet[3]);
        out[size_t(t)] = tet;
    }
    return out;
}

} // namespace

PhysicsGeometry tetraMesh(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                          const TetraMeshSettings &settings, TetraMeshReport *reportOut,
                          const ProgressCallback &progress)
{
    if (indices.empty())
        throw InputError("the tetrahedral mesh needs triangles");
    for (uint32_t i : indices)
        if (i >= positions.size())
            throw InputError("tetraMesh: vertex index out of range");
    auto distanceOk = [](float x) { return std::isfinite(x) && x >= 0; };
    if (!distanceOk(settings.voxelSize) || !distanceOk(settings.offset))
        throw InputError("the voxel size and offset must be finite distances of 0 or more");
    const float diagonal = detail::boundingDiagonal(positions, indices);
    if (!(diagonal > 0))
        throw InputError("the tetrahedral mesh needs a surface with an extent");
    const float h = settings.voxelSize > 0 ? settings.voxelSize : diagonal / 24.0f;
    TetraMeshReport report;
    report.closedSurface = isClosed(positions, indices);
    const float iso = settings.offset > 0 ? settings.offset : report.closedSurface ? 0.0f : h;

    reportProgress(progress, 0.0f, "building the distance field");
    Grid grid = detail::gridAround(positions, indices, h, iso + 2 * h, 2.0e7);
    report.gridX = uint32_t(grid.nx), report.gridY = uint32_t(grid.ny), report.gridZ = uint32_t(grid.nz);
    const float band = iso + 2 * h;
    detail::distanceField(grid, positions, indices, band);
    // The signed field: negative in the solid, zero on its surface.
    const std::vector<uint8_t> inside = report.closedSurface
                                            ? insideNodes(grid, positions, indices)
                                            : std::vector<uint8_t>(grid.value.size(), 0);
    for (size_t v = 0; v < grid.value.size(); ++v)
        grid.value[v] = (inside[v] ? -grid.value[v] : grid.value[v]) - iso;

    // The cells whose centre is inside, split into tetrahedra over shared grid nodes.
    reportProgress(progress, 0.4f, "cutting the cells into tetrahedra");
    const auto split = kuhnSplit();
    std::vector<uint32_t> nodeVertex(grid.value.size(), kNone);
    PhysicsGeometry out;
    for (int k = 0; k + 1 < grid.nz; ++k)
        for (int j = 0; j + 1 < grid.ny; ++j)
            for (int i = 0; i + 1 < grid.nx; ++i) {
                std::array<uint32_t, 8> corner{};
                float centre = 0;
                for (int c = 0; c < 8; ++c) {
                    corner[size_t(c)] = uint32_t(grid.at(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)));
                    centre += grid.value[corner[size_t(c)]] / 8;
                }
                if (!(centre < 0))
                    continue;
                for (uint32_t &node : corner) {
                    if (nodeVertex[node] == kNone) {
                        nodeVertex[node] = uint32_t(out.positions.size());
                        const size_t x = node % size_t(grid.nx), y = node / size_t(grid.nx) % size_t(grid.ny),
                                     z = node / (size_t(grid.nx) * size_t(grid.ny));
                        out.positions.push_back(grid.node(int(x), int(y), int(z)));
                    }
                    node = nodeVertex[node];
                }
                for (const auto &tet : split)
                    for (int c : tet)
                        out.tetrahedra.push_back(corner[size_t(c)]);
            }
    if (out.tetrahedra.empty())
        throw InputError("the tetrahedral mesh found no cell inside the surface (is the voxel "
                         "larger than the garment, or the surface open with no offset?)");
    if (out.positions.size() >= (1u << 21))
        throw InputError("the tetrahedral mesh has " + std::to_string(out.positions.size()) +
                         " vertices (at most 2097151); choose a larger voxel");

    // The boundary: faces of one tetrahedron only, wound to face away from it.
    const size_t vertexCount = out.positions.size(), tetCount = out.tetrahedra.size() / 4;
    std::unordered_map<uint64_t, std::array<uint32_t, 4>> faces; // key -> face, count
    faces.reserve(tetCount * 2);
    static const int kFace[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}}; // outward
    for (size_t t = 0; t < tetCount; ++t)
        for (const auto &f : kFace) {
            std::array<uint32_t, 3> v = {out.tetrahedra[4 * t + size_t(f[0])],
                                         out.tetrahedra[4 * t + size_t(f[1])],
                                         out.tetrahedra[4 * t + size_t(f[2])]};
            std::array<uint32_t, 3> s = v;
            std::sort(s.begin(), s.end());
            const uint64_t key = (uint64_t(s[0]) << 42) | (uint64_t(s[1]) << 21) | s[2];
            auto [it, added] = faces.try_emplace(key, std::array<uint32_t, 4>{v[0], v[1], v[2], 0});
            ++it->second[3];
        }
    std::vector<uint8_t> onBoundary(vertexCount, 0);
    for (const auto &[key, f] : faces)
        if (f[3] == 1) {
            out.indices.insert(out.indices.end(), {f[0], f[1], f[2]});
            onBoundary[f[0]] = onBoundary[f[1]] = onBoundary[f[2]] = 1;
        }
    // (The map's order is not the same everywhere: sort the faces for a deterministic mesh.)
    {
        std::vector<std::array<uint32_t, 3>> sorted(out.indices.size() / 3);
        for (size_t t = 0; t < sorted.size(); ++t)
            sorted[t] = {out.indices[3 * t], out.indices[3 * t + 1], out.indices[3 * t + 2]};
        std::sort(sorted.begin(), sorted.end());
        for (size_t t = 0; t < sorted.size(); ++t)
            std::copy(sorted[t].begin(), sorted[t].end(), out.indices.begin() + long(3 * t));
    }

    // Snap the boundary onto the surface, a vertex at a time, never flattening a tetrahedron.
    reportProgress(progress, 0.7f, "snapping the boundary to the surface");
    std::vector<uint32_t> ringStart(vertexCount + 1, 0), ring;
    for (uint32_t v : out.tetrahedra)
        ++ringStart[v + 1];
    for (size_t v = 0; v < vertexCount; ++v)
        ringStart[v + 1] += ringStart[v];
    ring.resize(ringStart[vertexCount]);
    {
        std::vector<uint32_t> fill(ringStart.begin(), ringStart.end() - 1);
        for (size_t t = 0; t < tetCount; ++t)
            for (int c = 0; c < 4; ++c)
                ring[fill[out.tetrahedra[4 * t + size_t(c)]]++] = uint32_t(t);
    }
    const double restVolume = double(h) * h * h / 6.0;
    auto volumeOf = [&](uint32_t t) {
        const uint32_t *q = &out.tetrahedra[4 * size_t(t)];
        return signedVolume(out.positions[q[0]], out.positions[q[1]], out.positions[q[2]],
                            out.positions[q[3]]);
    };
    const float far = band;
    for (size_t v = 0; v < vertexCount; ++v) {
        if (!onBoundary[v])
            continue;
        const Vec3 start = out.positions[v];
        Vec3 target = start;
        for (int step = 0; step < 4; ++step) {
            Vec3 gradient;
            const float phi = grid.interpolate(target, far, &gradient);
            const float g2 = lengthSquared(gradient);
            if (!(g2 > 1e-12f) || std::abs(phi) < 1e-4f * h)
                break;
            target -= gradient * (phi / g2);
        }
        Vec3 move = target - start;
        if (length(move) > h)
            move = normalize(move) * h;
        for (int attempt = 0; attempt < 5; ++attempt, move = move * 0.5f) {
            out.positions[v] = start + move;
            bool ok = true;
            for (uint32_t r = ringStart[v]; r < ringStart[v + 1] && ok; ++r)
                ok = volumeOf(ring[r]) >= 0.1 * restVolume;
            if (ok) {
                if (attempt == 0)
                    ++report.snappedVertices;
                break;
            }
            out.positions[v] = start;
        }
    }
    out.sourceVertex.assign(vertexCount, PhysicsGeometry::kNoSource);
    report.tetrahedra = uint32_t(tetCount);
    double smallest = std::numeric_limits<double>::infinity();
    for (size_t t = 0; t < tetCount; ++t) {
        const double vol = volumeOf(uint32_t(t));
        report.volume += vol;
        smallest = std::min(smallest, vol);
    }
    report.smallestVolumeRatio = float(smallest / restVolume);
    reportProgress(progress, 1.0f, "done");
    if (reportOut)
        *reportOut = report;
    return out;
}

SkinMap buildTetraSkinMap(const GraphicsMesh &mesh, PhysicsMesh &physics, SkinMapReport *reportOut)
{
    if (physics.tetrahedra.empty())
        throw InputError("tetra skinning needs a physics mesh with tetrahedra");
    const size_t tetCount = physics.tetrahedronCount();
    const std::vector<Vec3> &p = physics.positions;
    // A grid of buckets over the tetrahedra's boxes, a mean edge wide.
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    for (const Vec3 &x : p) {
        lo = minComponents(lo, x);
        hi = maxComponents(hi, x);
    }
    double edgeSum = 0;
    for (size_t t = 0; t < tetCount; ++t)
        edgeSum += distance(p[physics.tetrahedra[4 * t]], p[physics.tetrahedra[4 * t + 1]]);
    const float cell = std::max(float(edgeSum / double(tetCount)), 1e-6f);
    const int nx = int((hi.x - lo.x) / cell) + 1, ny = int((hi.y - lo.y) / cell) + 1,
              nz = int((hi.z - lo.z) / cell) + 1;
    auto cellOf = [&](const Vec3 &x, int axis) {
        const float c = ((axis == 0 ? x.x - lo.x : axis == 1 ? x.y - lo.y : x.z - lo.z) / cell);
        const int n = axis == 0 ? nx : axis == 1 ? ny : nz;
        return std::clamp(int(std::floor(c)), 0, n - 1);
    };
    std::vector<std::vector<uint32_t>> bucket(size_t(nx) * size_t(ny) * size_t(nz));
    auto bucketAt = [&](int i, int j, int k) -> std::vector<uint32_t> & {
        return bucket[(size_t(k) * size_t(ny) + size_t(j)) * size_t(nx) + size_t(i)];
    };
    for (size_t t = 0; t < tetCount; ++t) {
        Vec3 a{1e30f, 1e30f, 1e30f}, b{-1e30f, -1e30f, -1e30f};
        for (int c = 0; c < 4; ++c) {
            a = minComponents(a, p[physics.tetrahedra[4 * t + size_t(c)]]);
            b = maxComponents(b, p[physics.tetrahedra[4 * t + size_t(c)]]);
        }
        for (int k = cellOf(a, 2); k <= cellOf(b, 2); ++k)
            for (int j = cellOf(a, 1); j <= cellOf(b, 1); ++j)
                for (int i = cellOf(a, 0); i <= cellOf(b, 0); ++i)
                    bucketAt(i, j, k).push_back(uint32_t(t));
    }
    // How far outside tetrahedron t the point is: 0 inside, else the distance to its nearest
    // face's closest point.
    auto outside = [&](const Vec3 &x, uint32_t t, Vec3 &bary) {
        const uint32_t *q = &physics.tetrahedra[4 * size_t(t)];
        bary = tetraCoordinates(x, p[q[0]], p[q[1]], p[q[2]], p[q[3]]);
        const float b3 = 1 - bary.x - bary.y - bary.z;
        if (std::min({bary.x, bary.y, bary.z, b3}) >= -1e-6f)
            return 0.0f;
        float best = std::numeric_limits<float>::infinity();
        static const int kFace[4][3] = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
        for (const auto &f : kFace) {
            Vec3 unused;
            const Vec3 c = detail::closestPointOnTriangle(x, p[q[f[0]]], p[q[f[1]]], p[q[f[2]]], unused);
            best = std::min(best, distance(c, x));
        }
        return best;
    };
    SkinMapReport report;
    SkinMap map;
    map.tetraBindings.resize(mesh.vertexCount());
    const float frameOffset = 0.25f * cell;
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        const Vec3 &x = mesh.positions[v];
        const int ci = cellOf(x, 0), cj = cellOf(x, 1), ck = cellOf(x, 2);
        float best = std::numeric_limits<float>::infinity();
        uint32_t bestTet = SkinMap::kUnbound;
        // Rings of buckets outward until the nearest tetrahedron is closer than the ring.
        const int maxRing = std::max({nx, ny, nz});
        for (int r = 0; r <= maxRing; ++r) {
            if (bestTet != SkinMap::kUnbound && best <= float(r - 1) * cell)
                break;
            for (int k = ck - r; k <= ck + r; ++k)
                for (int j = cj - r; j <= cj + r; ++j)
                    for (int i = ci - r; i <= ci + r; ++i) {
                        if (std::max({std::abs(i - ci), std::abs(j - cj), std::abs(k - ck)}) != r ||
                            i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz)
                            continue;
                        for (uint32_t t : bucketAt(i, j, k)) {
                            Vec3 bary;
                            const float d = outside(x, t, bary);
                            if (d < best || (d == best && t < bestTet)) {
                                best = d;
                                bestTet = t;
                            }
                        }
                    }
            if (best == 0.0f)
                break;
        }
        TetraBinding &bind = map.tetraBindings[v];
        bind.tetrahedron = bestTet;
        const uint32_t *q = &physics.tetrahedra[4 * size_t(bestTet)];
        auto coords = [&](const Vec3 &y) { return tetraCoordinates(y, p[q[0]], p[q[1]], p[q[2]], p[q[3]]); };
        const Vec3 n = v < mesh.normals.size() ? normalize(mesh.normals[v]) : Vec3{0, 1, 0};
        const Vec3 tangent = v < mesh.tangents.size()
                                 ? normalize(Vec3{mesh.tangents[v].x, mesh.tangents[v].y, mesh.tangents[v].z})
                                 : Vec3{1, 0, 0};
        bind.position = coords(x);
        bind.normal = coords(x + n * frameOffset);
        bind.tangent = coords(x + tangent * frameOffset);
        ++report.bound;
        if (best > 0.5f * cell)
            ++report.farBindings;
        report.maxOffset = std::max(report.maxOffset, best);
    }
    physics.report.skinMapFarBindings = report.farBindings;
    physics.report.skinMapMaxOffset = report.maxOffset;
    physics.report.skinMapFailures = 0;
    if (reportOut)
        *reportOut = report;
    return map;
}

} // namespace tweed
