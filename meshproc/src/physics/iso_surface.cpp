// Iso-surface path for multi-layered garments: unsigned distance field, surface nets at the
// offset, the outer layer of the resulting shell kept, then simplified.
#include "iso_grid.h"
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/holes.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/weld.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace tweed {
namespace detail {

// Squared unsigned distance to the triangles for the nodes of slices [k0, k1), exact within
// `band` of them, band^2 beyond. Each triangle visits only the nodes of its box grown by the band
// whose distance to its plane is within the band: an interval of each row.
void distanceSlices(Grid &grid, const std::vector<Vec3> &pos, const std::vector<uint32_t> &idx,
                    float band, int k0, int k1)
{
    const float inv = 1.0f / grid.h, r = band * inv;
    for (size_t t = 0; t + 2 < idx.size(); t += 3) {
        const Vec3 &a = pos[idx[t]], &b = pos[idx[t + 1]], &c = pos[idx[t + 2]];
        const Vec3 lo = (minComponents(a, minComponents(b, c)) - grid.origin) * inv;
        const Vec3 hi = (maxComponents(a, maxComponents(b, c)) - grid.origin) * inv;
        const int kLo = std::max(k0, int(std::ceil(lo.z - r))), kHi = std::min(k1 - 1, int(hi.z + r));
        if (kLo > kHi)
            continue;
        const int i0 = std::max(0, int(std::ceil(lo.x - r))), i1 = std::min(grid.nx - 1, int(hi.x + r));
        const int j0 = std::max(0, int(std::ceil(lo.y - r))), j1 = std::min(grid.ny - 1, int(hi.y + r));
        // Signed plane distance of node (i, j, k): s0(j, k) + slope * i. Degenerate triangles
        // (no normal) visit the whole box.
        const Vec3 n2 = cross(b - a, c - a);
        const float len = length(n2);
        const Vec3 n = len > 0 ? n2 / len : Vec3{};
        const float slope = n.x * grid.h, margin = band + 1e-3f * grid.h;
        const Vec3 boxLo = minComponents(a, minComponents(b, c)),
                   boxHi = maxComponents(a, maxComponents(b, c));
        for (int k = kLo; k <= kHi; ++k)
            for (int j = j0; j <= j1; ++j) {
                // Within the band of the triangle's box: the row's distance to the box in y and
                // z leaves a shorter stretch in x.
                const Vec3 q = grid.node(0, j, k);
                const float dy = std::max({boxLo.y - q.y, 0.0f, q.y - boxHi.y}),
                            dz = std::max({boxLo.z - q.z, 0.0f, q.z - boxHi.z});
                const float left = margin * margin - dy * dy - dz * dz;
                if (left < 0)
                    continue;
                const float reach = std::sqrt(left) * inv;
                int from = std::max(i0, int(std::ceil(lo.x - reach))),
                    to = std::min(i1, int(std::floor(hi.x + reach)));
                float s0 = 0;
                if (len > 0) {
                    s0 = dot(n, grid.node(0, j, k) - a);
                    if (std::abs(slope) > 1e-12f * grid.h) {
                        float x0 = (-margin - s0) / slope, x1 = (margin - s0) / slope;
                        if (x0 > x1)
                            std::swap(x0, x1);
                        from = std::max(from, int(std::ceil(x0)));
                        to = std::min(to, int(std::floor(x1)));
                    } else if (std::abs(s0) > margin) {
                        continue;
                    }
                }
                float *row = &grid.value[grid.at(0, j, k)];
                const float dyz = dy * dy + dz * dz;
                for (int i = from; i <= to; ++i) {
                    // The distances to the plane and to the box bound the distance from below: a
                    // node already nearer another triangle is left alone (a margin keeps rounding
                    // on the safe side).
                    const float s = s0 + slope * float(i), x = q.x + float(i) * grid.h;
                    const float dx = std::max({boxLo.x - x, 0.0f, x - boxHi.x});
                    if (std::max(s * s, dx * dx + dyz) * 0.9999f >= row[i])
                        continue;
                    const Vec3 p = grid.node(i, j, k);
                    Vec3 bary;
                    const float d = lengthSquared(detail::closestPointOnTriangle(p, a, b, c, bary) - p);
                    row[i] = std::min(row[i], d);
                }
            }
    }
    for (size_t i = grid.at(0, 0, k0), end = grid.at(0, 0, k1); i < end; ++i)
        grid.value[i] = std::sqrt(grid.value[i]);
}

// Unsigned distance to the triangles, exact within `band` of them, `band` beyond. Each hardware
// thread fills its own slices (the minimum does not depend on the order, so the field is the
// same with any number of threads); small grids are not worth a thread.
Grid gridAround(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices, float h,
                float pad, double maxNodes)
{
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    for (uint32_t i : indices) {
        lo = minComponents(lo, positions[i]);
        hi = maxComponents(hi, positions[i]);
    }
    Grid grid;
    grid.h = h;
    grid.origin = lo - Vec3{pad, pad, pad};
    const Vec3 extent = (hi - lo + Vec3{2 * pad, 2 * pad, 2 * pad}) / h;
    const double cells = double(extent.x + 2) * double(extent.y + 2) * double(extent.z + 2);
    if (!(cells <= maxNodes)) {
        // (as a double: a tiny voxel makes more nodes than any integer type holds)
        char count[32], voxel[32], most[32];
        std::snprintf(count, sizeof count, "%.3g", cells);
        std::snprintf(voxel, sizeof voxel, "%g", double(h));
        std::snprintf(most, sizeof most, "%.3g", maxNodes);
        throw InputError(std::string("a voxel of ") + voxel + " m makes a grid of " + count +
                         " nodes (at most " + most + "); choose a larger voxel");
    }
    grid.nx = int(std::ceil(extent.x)) + 2;
    grid.ny = int(std::ceil(extent.y)) + 2;
    grid.nz = int(std::ceil(extent.z)) + 2;
    return grid;
}

void distanceField(Grid &grid, const std::vector<Vec3> &pos, const std::vector<uint32_t> &idx,
                   float band)
{
    grid.value.assign(size_t(grid.nx) * size_t(grid.ny) * size_t(grid.nz), band * band);
    const size_t slice = size_t(grid.nx) * size_t(grid.ny);
    detail::forEachRange(size_t(grid.nz), (50000 + slice - 1) / slice,
                         [&](size_t, size_t begin, size_t end) {
                             distanceSlices(grid, pos, idx, band, int(begin), int(end));
                         });
}

} // namespace detail

namespace {

using detail::distanceField;
using detail::Grid;
using detail::kNone;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Which surface-nets cell vertices are one vertex: representative per vertex, positions of the
// representatives moved to their group's mean. One vertex per cell cannot serve a face whose four
// edges all cross the surface (a saddle): the edge between the two cells' vertices would carry
// four quads, a non-manifold edge that splitting leaves as coincident copies. Where the surface
// passes a node at about the iso value, the vertices of the cells around it nearly coincide and
// their quads make needles and zero-area triangles. Both pairs of cells share one vertex.
std::vector<uint32_t> shareCellVertices(const Grid &grid, float iso,
                                        const std::vector<uint32_t> &cellVertex,
                                        std::vector<Vec3> &verts)
{
    const int cx = grid.nx - 1, cy = grid.ny - 1, cz = grid.nz - 1;
    auto cellAt = [&](int i, int j, int k) {
        return (size_t(k) * size_t(cy) + size_t(j)) * size_t(cx) + size_t(i);
    };
    const float near2 = 0.01f * grid.h * grid.h; // a tenth of a voxel
    std::vector<uint32_t> same(verts.size());
    std::iota(same.begin(), same.end(), 0u);
    auto root = [&](uint32_t x) {
        while (same[x] != x)
            x = same[x] = same[same[x]];
        return x;
    };
    for (int k = 0; k < cz; ++k)
        for (int j = 0; j < cy; ++j)
            for (int i = 0; i < cx; ++i) {
                const uint32_t v = cellVertex[cellAt(i, j, k)];
                if (v == kNone)
                    continue;
                for (int axis = 0; axis < 3; ++axis) {
                    const int n[3] = {i + (axis == 0), j + (axis == 1), k + (axis == 2)};
                    if (n[0] >= cx || n[1] >= cy || n[2] >= cz)
                        continue;
                    const uint32_t w = cellVertex[cellAt(n[0], n[1], n[2])];
                    if (w == kNone)
                        continue;
                    // The shared face's corners in cyclic order.
                    const int u = (axis + 1) % 3, t = (axis + 2) % 3;
                    bool in[4];
                    for (int f = 0; f < 4; ++f) {
                        int node[3] = {n[0], n[1], n[2]};
                        node[u] += f == 1 || f == 2;
                        node[t] += f >= 2;
                        in[f] = grid.value[grid.at(node[0], node[1], node[2])] < iso;
                    }
                    const bool saddle = in[0] == in[2] && in[1] == in[3] && in[0] != in[1];
                    if (!saddle && lengthSquared(verts[v] - verts[w]) >= near2)
                        continue;
                    const uint32_t a = root(v), b = root(w);
                    if (a != b)
                        same[std::max(a, b)] = std::min(a, b);
                }
            }
    std::vector<Vec3> sum(verts.size());
    std::vector<uint32_t> count(verts.size(), 0);
    for (uint32_t v = 0; v < verts.size(); ++v) {
        same[v] = root(v);
        sum[same[v]] += verts[v];
        ++count[same[v]];
    }
    for (uint32_t v = 0; v < verts.size(); ++v)
        if (count[v] > 1)
            verts[v] = sum[v] / float(count[v]);
    return same;
}

// The squared lengths of the edges of triangle abc opposite a, b and c.
std::array<float, 3> squaredEdges(const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    return {lengthSquared(c - b), lengthSquared(a - c), lengthSquared(b - a)};
}

// The sine of the smallest angle of triangle abc, 0 when it has no area. The smallest angle is
// at most 60 degrees, where the sine grows with the angle: sines compare as the angles do,
// without trigonometry.
float smallestSine(const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const std::array<float, 3> e = squaredEdges(a, b, c);
    const float shortest = std::min({e[0], e[1], e[2]});
    if (!(shortest > 0))
        return 0;
    // Twice the area over the two longer edges, which meet at the smallest angle.
    const double longer = double(e[0]) * double(e[1]) * double(e[2]) / double(shortest);
    return float(double(length(cross(b - a, c - a))) / std::sqrt(longer));
}

// Removes slivers left in the sheet: the corners of the rim flattened by smoothing it, the
// triangles filling a gap of the layer, surface-nets corner cases; and the short rim edges
// smoothing makes where it draws the corners of the staircase together, which a simplifier would
// keep beside long edges. A needle (a short edge) is collapsed, a cap (an angle near 180
// degrees) has its longest edge flipped, as in CGAL's remove_almost_degenerate_faces. Each
// operation is made only when it keeps the mesh manifold (the link condition; an edge joining
// two rim vertices collapses only when it lies on the rim), turns no triangle over and leaves no
// triangle under the bound that was not already; a flip must raise the pair's smallest angle.
// Nothing is deleted but the collapsed triangles, so the sheet keeps its rim and its holes.
class SliverRemoval
{
public:
    SliverRemoval(std::vector<Vec3> &positions, std::vector<uint32_t> &indices)
        : mPos(positions), mIdx(indices), mAlive(indices.size() / 3, true), mFan(positions.size())
    {
        for (uint32_t t = 0; t < mAlive.size(); ++t)
            for (int k = 0; k < 3; ++k)
                mFan[mIdx[3 * t + size_t(k)]].push_back(t);
    }

    // Rim edges shorter than minRimEdge are collapsed first, then triangles with an angle under
    // minAngle (degrees) are mended.
    void run(float minAngle, float minRimEdge)
    {
        const float bound = std::sin(minAngle * kPi / 180); // as smallestSine measures
        for (int pass = 0; pass < 4; ++pass) {
            bool changed = false;
            for (uint32_t t = 0; t < mAlive.size(); ++t)
                for (int k = 0; k < 3 && mAlive[t]; ++k) {
                    const uint32_t a = mIdx[3 * t + size_t(k)];
                    const uint32_t b = mIdx[3 * t + size_t((k + 1) % 3)];
                    if (lengthSquared(mPos[a] - mPos[b]) < minRimEdge * minRimEdge &&
                        edgeTriangles(a, b).size() == 1 && collapse(a, b, bound))
                        changed = true;
                }
            if (!changed)
                break;
        }
        for (int pass = 0; pass < 8; ++pass) {
            bool changed = false;
            for (uint32_t t = 0; t < mAlive.size(); ++t) {
                if (!mAlive[t])
                    continue;
                if (smallest(t) >= bound)
                    continue;
                const uint32_t *v = &mIdx[3 * t];
                const std::array<float, 3> e = squaredEdges(mPos[v[0]], mPos[v[1]], mPos[v[2]]);
                const auto shortest = std::min_element(e.begin(), e.end()) - e.begin();
                const auto longest = std::max_element(e.begin(), e.end()) - e.begin();
                const uint32_t sa = v[(shortest + 1) % 3], sb = v[(shortest + 2) % 3];
                const uint32_t la = v[(longest + 1) % 3], lb = v[(longest + 2) % 3];
                // A cap: the angle opposite the longest edge is over 120 degrees (law of cosines
                // with cos < -1/2).
                const float x = e[size_t((longest + 1) % 3)], y = e[size_t((longest + 2) % 3)];
                const bool cap = e[size_t(longest)] > x + y + std::sqrt(x * y);
                if (cap ? flip(la, lb) || collapse(sa, sb, bound)
                        : collapse(sa, sb, bound) || flip(la, lb))
                    changed = true;
            }
            if (!changed)
                break;
        }
        std::vector<uint32_t> kept;
        for (uint32_t t = 0; t < mAlive.size(); ++t)
            if (mAlive[t])
                kept.insert(kept.end(), mIdx.begin() + long(3 * t), mIdx.begin() + long(3 * t + 3));
        mIdx.swap(kept);
    }

private:
    bool has(uint32_t t, uint32_t v) const
    {
        return mIdx[3 * t] == v || mIdx[3 * t + 1] == v || mIdx[3 * t + 2] == v;
    }
    std::vector<uint32_t> edgeTriangles(uint32_t a, uint32_t b) const
    {
        std::vector<uint32_t> out;
        for (uint32_t t : mFan[a])
            if (mAlive[t] && has(t, b))
                out.push_back(t);
        return out;
    }
    // Sorted, without repeats.
    std::vector<uint32_t> neighbours(uint32_t v) const
    {
        std::vector<uint32_t> out;
        for (uint32_t t : mFan[v])
            if (mAlive[t])
                for (int k = 0; k < 3; ++k)
                    if (mIdx[3 * t + size_t(k)] != v)
                        out.push_back(mIdx[3 * t + size_t(k)]);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
    bool onRim(uint32_t v) const
    {
        for (uint32_t w : neighbours(v))
            if (edgeTriangles(v, w).size() == 1)
                return true;
        return false;
    }
    uint32_t third(uint32_t t, uint32_t a, uint32_t b) const
    {
        for (int k = 0; k < 3; ++k)
            if (mIdx[3 * t + size_t(k)] != a && mIdx[3 * t + size_t(k)] != b)
                return mIdx[3 * t + size_t(k)];
        return kNone;
    }
    Vec3 normal(uint32_t t) const
    {
        const Vec3 &a = mPos[mIdx[3 * t]], &b = mPos[mIdx[3 * t + 1]], &c = mPos[mIdx[3 * t + 2]];
        return cross(b - a, c - a);
    }
    // The sine of triangle t's smallest angle.
    float smallest(uint32_t t) const
    {
        return smallestSine(mPos[mIdx[3 * t]], mPos[mIdx[3 * t + 1]], mPos[mIdx[3 * t + 2]]);
    }

    bool collapse(uint32_t a, uint32_t b, float bound)
    {
        const std::vector<uint32_t> shared = edgeTriangles(a, b);
        if (shared.empty() || shared.size() > 2)
            return false;
        // Link condition: the common neighbours of a and b are the shared triangles' thirds.
        std::vector<uint32_t> opposite, common;
        for (uint32_t t : shared)
            opposite.push_back(third(t, a, b));
        std::sort(opposite.begin(), opposite.end());
        const std::vector<uint32_t> na = neighbours(a), nb = neighbours(b);
        std::set_intersection(na.begin(), na.end(), nb.begin(), nb.end(),
                              std::back_inserter(common));
        if (common != opposite)
            return false;
        const bool rimA = onRim(a), rimB = onRim(b);
        if (rimA && rimB && shared.size() != 1)
            return false; // would pinch the sheet where two stretches of the rim meet
        std::vector<uint32_t> moved;
        for (uint32_t v : {a, b})
            for (uint32_t t : mFan[v])
                if (mAlive[t] && !has(t, v == a ? b : a))
                    moved.push_back(t);
        std::vector<std::pair<Vec3, float>> before;
        for (uint32_t t : moved)
            before.emplace_back(normal(t), smallest(t));
        const Vec3 oldA = mPos[a], oldB = mPos[b];
        // A rim vertex stays where it is, so the rim keeps its course.
        mPos[a] = mPos[b] = rimA == rimB ? (oldA + oldB) * 0.5f : (rimA ? oldA : oldB);
        for (size_t i = 0; i < moved.size(); ++i) {
            const Vec3 &n = before[i].first;
            if ((lengthSquared(n) > 0 && !(dot(n, normal(moved[i])) > 0)) ||
                smallest(moved[i]) < std::min(before[i].second, bound)) {
                mPos[a] = oldA;
                mPos[b] = oldB;
                return false;
            }
        }
        for (uint32_t t : shared)
            mAlive[t] = false;
        for (uint32_t t : mFan[b])
            if (mAlive[t]) {
                for (int k = 0; k < 3; ++k)
                    if (mIdx[3 * t + size_t(k)] == b)
                        mIdx[3 * t + size_t(k)] = a;
                mFan[a].push_back(t);
            }
        mFan[b].clear();
        std::erase_if(mFan[a], [&](uint32_t t) { return !mAlive[t]; });
        return true;
    }

    bool flip(uint32_t a, uint32_t b)
    {
        const std::vector<uint32_t> shared = edgeTriangles(a, b);
        if (shared.size() != 2)
            return false;
        // t0 runs a -> b, t1 b -> a; the new diagonal joins their third corners c and d.
        auto runs = [&](uint32_t t, uint32_t from, uint32_t to) {
            for (int k = 0; k < 3; ++k)
                if (mIdx[3 * t + size_t(k)] == from && mIdx[3 * t + size_t((k + 1) % 3)] == to)
                    return true;
            return false;
        };
        uint32_t t0 = shared[0], t1 = shared[1];
        if (!runs(t0, a, b))
            std::swap(t0, t1);
        if (!runs(t0, a, b) || !runs(t1, b, a))
            return false;
        const uint32_t c = third(t0, a, b), d = third(t1, a, b);
        const std::vector<uint32_t> nc = neighbours(c);
        if (c == d || std::binary_search(nc.begin(), nc.end(), d))
            return false;
        const Vec3 n = normal(t0) + normal(t1);
        const Vec3 &pa = mPos[a], &pb = mPos[b], &pc = mPos[c], &pd = mPos[d];
        if (!(std::min(smallestSine(pa, pd, pc), smallestSine(pd, pb, pc)) >
              std::min(smallest(t0), smallest(t1))) ||
            !(dot(cross(pd - pa, pc - pa), n) > 0) || !(dot(cross(pb - pd, pc - pd), n) > 0))
            return false;
        const uint32_t first[3] = {a, d, c}, second[3] = {d, b, c};
        std::copy(first, first + 3, mIdx.begin() + long(3 * t0));
        std::copy(second, second + 3, mIdx.begin() + long(3 * t1));
        std::erase(mFan[a], t1);
        std::erase(mFan[b], t0);
        mFan[c].push_back(t1);
        mFan[d].push_back(t0);
        return true;
    }

    std::vector<Vec3> &mPos;
    std::vector<uint32_t> &mIdx;
    std::vector<bool> mAlive;
    std::vector<std::vector<uint32_t>> mFan; // triangles around each vertex (some no longer alive)
};

Vec3 awayFromBody(const Vec3 &p, const std::vector<BoneSegment> &body, const Vec3 &axisPoint)
{
    if (body.empty()) {
        const Vec3 d{p.x - axisPoint.x, 0, p.z - axisPoint.z};
        return normalize(d);
    }
    return awayFromBones(p, body);
}

} // namespace

PhysicsGeometry isoSurface(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                           const std::vector<BoneSegment> &body, const IsoSurfaceSettings &settings,
                           IsoSurfaceReport *reportOut, const ProgressCallback &progress)
{
    if (indices.empty())
        throw InputError("the iso-surface needs triangles");
    for (uint32_t i : indices)
        if (i >= positions.size())
            throw InputError("isoSurface: vertex index out of range");
    auto distanceOk = [](float x) { return std::isfinite(x) && x >= 0; };
    if (!distanceOk(settings.voxelSize) || !distanceOk(settings.offset) ||
        !distanceOk(settings.maxLayerGap))
        throw InputError("the voxel size, offset and layer gap must be finite distances of 0 or more");
    const float diagonal = detail::boundingDiagonal(positions, indices);
    if (!(diagonal > 0))
        throw InputError("the iso-surface needs a garment with an extent");
    const float h = settings.voxelSize > 0 ? settings.voxelSize : diagonal / 128.0f;
    const float iso = settings.offset > 0 ? settings.offset : h;
    const float maxGap = settings.maxLayerGap > 0 ? settings.maxLayerGap : 4 * h + 2 * iso;

    IsoSurfaceReport report;
    Clock::time_point t0 = Clock::now();
    reportProgress(progress, 0.0f, "building the distance field");
    Vec3 centre;
    for (uint32_t i : indices)
        centre += positions[i] / float(indices.size());
    Grid grid = detail::gridAround(positions, indices, h, iso + 2 * h, 4.0e8);
    report.gridX = uint32_t(grid.nx), report.gridY = uint32_t(grid.ny), report.gridZ = uint32_t(grid.nz);
    // A node next to a crossing is at most one voxel beyond the iso value.
    const float band = iso + h;
    distanceField(grid, positions, indices, band);
    report.secondsField = since(t0);

    // Surface nets: one vertex per cell the surface crosses, one quad per crossed grid edge.
    t0 = Clock::now();
    reportProgress(progress, 0.4f, "extracting the surface");
    const int cx = grid.nx - 1, cy = grid.ny - 1, cz = grid.nz - 1;
    auto cellAt = [&](int i, int j, int k) { return (size_t(k) * size_t(cy) + size_t(j)) * size_t(cx) + size_t(i); };
    std::vector<uint32_t> cellVertex(size_t(cx) * size_t(cy) * size_t(cz), kNone);
    std::vector<Vec3> verts;
    static const int kCorner[8][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                      {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
    static const int kEdge[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                     {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    // Whether each node lies inside the shell, and the corners' offsets from a cell's first node.
    std::vector<uint8_t> within(grid.value.size());
    for (size_t n = 0; n < within.size(); ++n)
        within[n] = grid.value[n] < iso;
    const size_t dx = 1, dy = size_t(grid.nx), dz = size_t(grid.nx) * size_t(grid.ny);
    size_t cornerOffset[8];
    for (int c = 0; c < 8; ++c)
        cornerOffset[c] = size_t(kCorner[c][0]) * dx + size_t(kCorner[c][1]) * dy +
                          size_t(kCorner[c][2]) * dz;
    for (int k = 0; k < cz; ++k)
        for (int j = 0; j < cy; ++j)
            for (int i = 0; i < cx; ++i) {
                const size_t first = grid.at(i, j, k);
                int inside = 0;
                for (int c = 0; c < 8; ++c)
                    inside += within[first + cornerOffset[c]];
                if (inside == 0 || inside == 8)
                    continue;
                float v[8];
                for (int c = 0; c < 8; ++c)
                    v[c] = grid.value[first + cornerOffset[c]];
                Vec3 sum;
                int n = 0;
                for (const auto &e : kEdge) {
                    const float a = v[e[0]], b = v[e[1]];
                    if ((a < iso) == (b < iso))
                        continue;
                    const float t = (iso - a) / (b - a);
                    const Vec3 pa{float(kCorner[e[0]][0]), float(kCorner[e[0]][1]), float(kCorner[e[0]][2])};
                    const Vec3 pb{float(kCorner[e[1]][0]), float(kCorner[e[1]][1]), float(kCorner[e[1]][2])};
                    sum += lerp(pa, pb, t);
                    ++n;
                }
                cellVertex[cellAt(i, j, k)] = uint32_t(verts.size());
                verts.push_back(grid.node(i, j, k) + sum * (h / float(n)));
            }

    const std::vector<uint32_t> same = shareCellVertices(grid, iso, cellVertex, verts);

    // Quads around each crossed edge, facing from inside (near the garment) to outside. A quad
    // with two corners in one shared vertex is a triangle (its fourth index kNone); one with
    // less is left out.
    std::vector<uint32_t> quads; // four per quad
    for (int k = 1; k < grid.nz - 1; ++k)
        for (int j = 1; j < grid.ny - 1; ++j)
            for (int i = 1; i < grid.nx - 1; ++i) {
                const size_t node = grid.at(i, j, k);
                const bool in = within[node];
                for (int axis = 0; axis < 3; ++axis) {
                    if (in == bool(within[node + (axis == 0 ? dx : axis == 1 ? dy : dz)]))
                        continue;
                    uint32_t q[4];
                    if (axis == 0) { // cells around the x edge, counter-clockwise about +x
                        q[0] = cellVertex[cellAt(i, j - 1, k - 1)];
                        q[1] = cellVertex[cellAt(i, j, k - 1)];
                        q[2] = cellVertex[cellAt(i, j, k)];
                        q[3] = cellVertex[cellAt(i, j - 1, k)];
                    } else if (axis == 1) { // about +y: (z, x) order
                        q[0] = cellVertex[cellAt(i - 1, j, k - 1)];
                        q[1] = cellVertex[cellAt(i - 1, j, k)];
                        q[2] = cellVertex[cellAt(i, j, k)];
                        q[3] = cellVertex[cellAt(i, j, k - 1)];
                    } else { // about +z: (x, y) order
                        q[0] = cellVertex[cellAt(i - 1, j - 1, k)];
                        q[1] = cellVertex[cellAt(i, j - 1, k)];
                        q[2] = cellVertex[cellAt(i, j, k)];
                        q[3] = cellVertex[cellAt(i - 1, j, k)];
                    }
                    if (!in) // inside lies at +axis: face the other way
                        std::swap(q[1], q[3]);
                    uint32_t p[4] = {kNone, kNone, kNone, kNone};
                    int m = 0;
                    for (int c = 0; c < 4; ++c)
                        if (same[q[c]] != same[q[(c + 3) % 4]])
                            p[m++] = same[q[c]];
                    if (m < 3 || (m == 4 && (p[0] == p[2] || p[1] == p[3])))
                        continue;
                    quads.insert(quads.end(), p, p + 4);
                }
            }
    for (size_t q = 0; q < quads.size(); q += 4)
        report.extractedTriangles += quads[q + 3] == kNone ? 1 : 2;

    // The outer layer: quads looking away from the body and not covered by another layer.
    reportProgress(progress, 0.55f, "keeping the outer layer");
    const float far = band;
    GraphicsMesh kept;
    kept.positions = verts;
    for (size_t q = 0; q < quads.size(); q += 4) {
        const bool triangle = quads[q + 3] == kNone;
        const Vec3 &a = verts[quads[q]], &b = verts[quads[q + 1]], &c = verts[quads[q + 2]],
                   &d = verts[quads[triangle ? q + 2 : q + 3]];
        const Vec3 centroid = triangle ? (a + b + c) / 3.0f : (a + b + c + d) * 0.25f;
        const Vec3 normal = triangle ? cross(b - a, c - a) : cross(c - a, d - b);
        const Vec3 away = awayFromBody(centroid, body, centre);
        if (!(dot(normal, away) > 0))
            continue;
        bool covered = false, left = false;
        for (float s = 0.5f * h; s <= maxGap && !covered; s += 0.5f * h) {
            const float v = grid.sample(centroid + away * s, far);
            if (v >= iso)
                left = true;
            else if (left)
                covered = true;
        }
        if (covered)
            continue;
        if (triangle)
            kept.indices.insert(kept.indices.end(), {quads[q], quads[q + 1], quads[q + 2]});
        // Split along the diagonal that gives the larger smallest angle.
        else if (std::min(smallestSine(a, b, c), smallestSine(a, c, d)) >=
                 std::min(smallestSine(a, b, d), smallestSine(b, c, d)))
            kept.indices.insert(kept.indices.end(), {quads[q], quads[q + 1], quads[q + 2],
                                                     quads[q], quads[q + 2], quads[q + 3]});
        else
            kept.indices.insert(kept.indices.end(), {quads[q], quads[q + 1], quads[q + 3],
                                                     quads[q + 1], quads[q + 2], quads[q + 3]});
    }
    if (kept.indices.empty())
        throw InputError("the iso-surface found no outer layer (is the voxel much larger than "
                         "the garment?)");

    // Split non-manifold vertices (ambiguous cells), then drop small pieces.
    PhysicsGeometry out = weldGeometry(kept, {}, 0.0f);
    {
        const size_t n = out.positions.size();
        detail::DisjointSets sets(n);
        auto find = [&](uint32_t x) { return sets.find(x); };
        for (size_t t = 0; t < out.indices.size(); t += 3)
            for (int k = 1; k < 3; ++k)
                sets.join(out.indices[t], out.indices[t + size_t(k)]);
        std::vector<uint32_t> size(n, 0);
        for (size_t t = 0; t < out.indices.size(); t += 3)
            ++size[find(out.indices[t])];
        const uint32_t total = uint32_t(out.indices.size() / 3);
        std::vector<uint32_t> large;
        std::vector<bool> counted(n, false);
        for (size_t t = 0; t < out.indices.size(); t += 3) {
            const uint32_t root = find(out.indices[t]);
            if (size[root] * 50 >= total)
                large.insert(large.end(), out.indices.begin() + long(t),
                               out.indices.begin() + long(t + 3));
            else if (!counted[root]) {
                counted[root] = true;
                ++report.droppedComponents;
            }
        }
        out.indices.swap(large);
        detail::compactVertices(out.positions, out.indices, nullptr);
        out.sourceVertex.assign(out.positions.size(), PhysicsGeometry::kNoSource);
    }
    // A gap of a face or two in the layer (a face that looked sideways or was judged covered) is
    // no opening of the garment: those are many voxels round.
    const float gap = 6 * h;
    const std::vector<BoundaryLoop> loops = closeHoles(out, {gap, {}}).loops;
    // The rim is where the kept faces stop: a staircase of voxel steps. Smoothing it along the
    // loop gives the simplifier a clean boundary instead of a row of corners to keep.
    for (const BoundaryLoop &loop : loops) {
        const size_t m = loop.vertices.size();
        if (m < 4 || loop.length < gap) // too short to smooth, or closed above
            continue;
        std::vector<Vec3> p(m);
        for (int round = 0; round < 4; ++round) {
            for (size_t i = 0; i < m; ++i)
                p[i] = out.positions[loop.vertices[i]] * 0.5f +
                       (out.positions[loop.vertices[(i + m - 1) % m]] +
                        out.positions[loop.vertices[(i + 1) % m]]) * 0.25f;
            for (size_t i = 0; i < m; ++i)
                out.positions[loop.vertices[i]] = p[i];
        }
    }
    SliverRemoval(out.positions, out.indices).run(5.0f, 0.5f * h);
    detail::compactVertices(out.positions, out.indices, nullptr);
    out.sourceVertex.assign(out.positions.size(), PhysicsGeometry::kNoSource);
    report.keptTriangles = uint32_t(out.indices.size() / 3);
    report.secondsExtract = since(t0);

    t0 = Clock::now();
    SimplifySettings simplifySettings = settings.simplify;
    if (simplifySettings.targetVertices == 0 && simplifySettings.targetEdgeLength == 0)
        simplifySettings.targetEdgeLength = 2 * h;
    if (simplifySettings.targetVertices == 0 || simplifySettings.targetVertices < out.vertexCount()) {
        auto sub = [&](float f, std::string_view stage) {
            return !progress || progress(0.6f + 0.4f * f, stage);
        };
        report.simplify = simplify(out, simplifySettings, sub);
    }
    report.secondsSimplify = since(t0);
    // Contraction towards the medial surface: inward (towards the body) through the shell to
    // where it ends, the medial point halfway.
    if (settings.contraction > 0) {
        const float reach = maxGap + 2 * iso;
        for (Vec3 &p : out.positions) {
            const Vec3 inward = -awayFromBody(p, body, centre);
            float exit = 0;
            bool entered = false;
            for (float s = 0.25f * h; s <= reach; s += 0.25f * h) {
                const bool in = grid.interpolate(p + inward * s, far) < iso;
                entered = entered || in;
                if (entered && !in) {
                    exit = s;
                    break;
                }
            }
            const float depth = exit > 0 ? 0.5f * exit : iso; // no end: the garment, iso deep
            p += inward * (depth * std::min(settings.contraction, 1.0f));
        }
    }
    reportProgress(progress, 1.0f, "done");
    if (reportOut)
        *reportOut = report;
    return out;
}

} // namespace tweed
