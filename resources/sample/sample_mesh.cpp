// Meshing of the sample character: surface nets on the implicit shape, smoothing, cutting the
// garment's openings, UV charts and per-vertex attributes.
#include "sample_internal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace tweed::sample {

namespace {

constexpr float kBodyCell = 0.023f;    ///< grid cell of the body's surface nets
constexpr float kGarmentCell = 0.027f; ///< grid cell of the coat and lining
constexpr float kTextureTile = 0.1f;   ///< metres covered by one repeat of the tweed texture
constexpr float kOpeningTop = 1.0f;    ///< the coat is open in front below this height

/// Moves p onto the zero set of the field along its gradient (a few Newton steps).
Vec3 project(const Field &field, Vec3 p)
{
    for (int i = 0; i < 4; ++i) {
        const float value = field(p);
        if (std::abs(value) < 1e-6f) break;
        p -= fieldNormal(field, p) * value;
    }
    return p;
}

/// Drops vertices no triangle uses, keeping the order of the others.
void compact(TriMesh &mesh)
{
    std::vector<uint32_t> remap(mesh.positions.size(), UINT32_MAX);
    for (const auto &tri : mesh.triangles)
        for (const uint32_t v : tri)
            remap[v] = 0;
    std::vector<Vec3> positions;
    for (size_t i = 0; i < remap.size(); ++i)
        if (remap[i] == 0) {
            remap[i] = uint32_t(positions.size());
            positions.push_back(mesh.positions[i]);
        }
    for (auto &tri : mesh.triangles)
        for (uint32_t &v : tri)
            v = remap[v];
    mesh.positions = std::move(positions);
}

/// Vertices on an open edge (an edge with one triangle).
std::vector<bool> boundaryVertices(const TriMesh &mesh)
{
    std::map<std::pair<uint32_t, uint32_t>, int> edges;
    for (const auto &tri : mesh.triangles)
        for (int e = 0; e < 3; ++e)
            ++edges[std::minmax(tri[size_t(e)], tri[size_t((e + 1) % 3)])];
    std::vector<bool> boundary(mesh.positions.size(), false);
    for (const auto &[edge, count] : edges)
        if (count == 1) boundary[edge.first] = boundary[edge.second] = true;
    return boundary;
}

} // namespace

Vec3 fieldNormal(const Field &field, const Vec3 &p)
{
    constexpr float h = 1e-4f;
    return normalize(Vec3{field({p.x + h, p.y, p.z}) - field({p.x - h, p.y, p.z}),
                          field({p.x, p.y + h, p.z}) - field({p.x, p.y - h, p.z}),
                          field({p.x, p.y, p.z + h}) - field({p.x, p.y, p.z - h})});
}

TriMesh extractSurface(const Field &field, const Vec3 &lo, const Vec3 &hi, float cell)
{
    const int nx = int(std::ceil((hi.x - lo.x) / cell)) + 1;
    const int ny = int(std::ceil((hi.y - lo.y) / cell)) + 1;
    const int nz = int(std::ceil((hi.z - lo.z) / cell)) + 1;
    auto point = [&](int i, int j, int k) {
        return Vec3{lo.x + float(i) * cell, lo.y + float(j) * cell, lo.z + float(k) * cell};
    };
    std::vector<float> values(size_t(nx) * size_t(ny) * size_t(nz));
    auto value = [&](int i, int j, int k) -> float & {
        return values[(size_t(k) * size_t(ny) + size_t(j)) * size_t(nx) + size_t(i)];
    };
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i)
                value(i, j, k) = field(point(i, j, k));

    // A grid face whose corners alternate in sign around it would make its four crossing
    // edges' quads share one edge (a non-manifold pinch). Moving its corner nearest the
    // surface to the other side settles it; repeat until no face is left ambiguous.
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < nz; ++k)
            for (int j = 0; j < ny; ++j)
                for (int i = 0; i < nx; ++i)
                    for (int axis = 0; axis < 3; ++axis) {
                        // The face spanned by the two axes other than `axis`, at corner (i,j,k).
                        const int u = (axis + 1) % 3, w = (axis + 2) % 3;
                        int cornerIndex[4][3] = {{i, j, k}, {i, j, k}, {i, j, k}, {i, j, k}};
                        cornerIndex[1][u] += 1;
                        cornerIndex[2][u] += 1;
                        cornerIndex[2][w] += 1;
                        cornerIndex[3][w] += 1;
                        if (cornerIndex[2][0] >= nx || cornerIndex[2][1] >= ny ||
                            cornerIndex[2][2] >= nz)
                            continue;
                        float *corner[4];
                        for (int c = 0; c < 4; ++c)
                            corner[c] =
                                &value(cornerIndex[c][0], cornerIndex[c][1], cornerIndex[c][2]);
                        const bool in0 = *corner[0] < 0, in1 = *corner[1] < 0;
                        if (in0 == in1 || (*corner[2] < 0) != in0 || (*corner[3] < 0) != in1)
                            continue;
                        float *weakest = corner[0];
                        for (float *c : corner)
                            if (std::abs(*c) < std::abs(*weakest)) weakest = c;
                        *weakest = *weakest < 0 ? 1e-6f : -1e-6f;
                        changed = true;
                    }
    }

    // One vertex per cell the surface passes through, at the mean of its edge crossings.
    TriMesh mesh;
    std::vector<int32_t> cellVertex(size_t(nx - 1) * size_t(ny - 1) * size_t(nz - 1), -1);
    auto cellIndex = [&](int i, int j, int k) {
        return (size_t(k) * size_t(ny - 1) + size_t(j)) * size_t(nx - 1) + size_t(i);
    };
    for (int k = 0; k + 1 < nz; ++k)
        for (int j = 0; j + 1 < ny; ++j)
            for (int i = 0; i + 1 < nx; ++i) {
                float corner[8];
                int inside = 0;
                for (int c = 0; c < 8; ++c) {
                    corner[c] = value(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
                    inside += corner[c] < 0 ? 1 : 0;
                }
                if (inside == 0 || inside == 8) continue;
                Vec3 sum;
                int crossings = 0;
                for (int a = 0; a < 8; ++a)
                    for (const int bit : {1, 2, 4}) {
                        const int b = a | bit;
                        if ((a & bit) || (corner[a] < 0) == (corner[b] < 0)) continue;
                        const float t = corner[a] / (corner[a] - corner[b]);
                        const Vec3 pa = point(i + (a & 1), j + ((a >> 1) & 1), k + ((a >> 2) & 1));
                        const Vec3 pb = point(i + (b & 1), j + ((b >> 1) & 1), k + ((b >> 2) & 1));
                        sum += lerp(pa, pb, t);
                        ++crossings;
                    }
                cellVertex[cellIndex(i, j, k)] = int32_t(mesh.positions.size());
                mesh.positions.push_back(project(field, sum / float(crossings)));
            }

    // One quad per grid edge crossing the surface, joining the four cells around the edge;
    // wound counter-clockwise seen from outside (where the field is positive).
    auto addQuad = [&](std::array<uint32_t, 4> q, bool flip) {
        if (flip) std::swap(q[1], q[3]);
        const Vec3 &a = mesh.positions[q[0]], &b = mesh.positions[q[1]];
        const Vec3 &c = mesh.positions[q[2]], &d = mesh.positions[q[3]];
        if (distance(a, c) <= distance(b, d)) {
            mesh.triangles.push_back({q[0], q[1], q[2]});
            mesh.triangles.push_back({q[0], q[2], q[3]});
        } else {
            mesh.triangles.push_back({q[0], q[1], q[3]});
            mesh.triangles.push_back({q[1], q[2], q[3]});
        }
    };
    auto vertexOf = [&](int i, int j, int k) { return uint32_t(cellVertex[cellIndex(i, j, k)]); };
    for (int k = 1; k + 1 < nz; ++k)
        for (int j = 1; j + 1 < ny; ++j)
            for (int i = 1; i + 1 < nx; ++i) {
                const float v0 = value(i, j, k);
                const bool in0 = v0 < 0;
                if (in0 != (value(i + 1, j, k) < 0))
                    addQuad({vertexOf(i, j - 1, k - 1), vertexOf(i, j, k - 1), vertexOf(i, j, k),
                             vertexOf(i, j - 1, k)},
                            !in0);
                if (in0 != (value(i, j + 1, k) < 0))
                    addQuad({vertexOf(i - 1, j, k - 1), vertexOf(i - 1, j, k), vertexOf(i, j, k),
                             vertexOf(i, j, k - 1)},
                            !in0);
                if (in0 != (value(i, j, k + 1) < 0))
                    addQuad({vertexOf(i - 1, j - 1, k), vertexOf(i, j - 1, k), vertexOf(i, j, k),
                             vertexOf(i - 1, j, k)},
                            !in0);
            }
    return mesh;
}

void relaxSurface(TriMesh &mesh, const Field &field, int iterations)
{
    const std::vector<bool> fixed = boundaryVertices(mesh);
    std::vector<std::vector<uint32_t>> neighbours(mesh.positions.size());
    for (const auto &tri : mesh.triangles)
        for (int e = 0; e < 3; ++e) {
            neighbours[tri[size_t(e)]].push_back(tri[size_t((e + 1) % 3)]);
            neighbours[tri[size_t((e + 1) % 3)]].push_back(tri[size_t(e)]);
        }
    for (auto &list : neighbours) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    for (int it = 0; it < iterations; ++it) {
        std::vector<Vec3> next = mesh.positions;
        for (size_t v = 0; v < next.size(); ++v) {
            if (fixed[v] || neighbours[v].empty()) continue;
            Vec3 mean;
            for (const uint32_t n : neighbours[v])
                mean += mesh.positions[n];
            mean = mean / float(neighbours[v].size());
            const Vec3 normal = fieldNormal(field, mesh.positions[v]);
            Vec3 step = (mean - mesh.positions[v]) * 0.5f;
            step -= normal * dot(normal, step);
            next[v] = project(field, mesh.positions[v] + step);
        }
        mesh.positions = std::move(next);
    }
}

void cutMesh(TriMesh &mesh, const Field &f, bool removeNegative)
{
    std::vector<Vec3> &points = mesh.positions;
    std::vector<float> value(points.size());
    for (size_t i = 0; i < points.size(); ++i)
        value[i] = f(points[i]);
    auto crosses = [&](uint32_t a, uint32_t b) {
        return (value[a] < 0 && value[b] > 0) || (value[a] > 0 && value[b] < 0);
    };
    // Where the zero set crosses edge a-b (a < b), as a fraction from a, by bisection.
    auto crossing = [&](uint32_t a, uint32_t b) {
        float lo = 0, hi = 1;
        for (int i = 0; i < 30; ++i) {
            const float mid = 0.5f * (lo + hi);
            if ((f(lerp(points[a], points[b], mid)) < 0) == (value[a] < 0))
                lo = mid;
            else
                hi = mid;
        }
        return 0.5f * (lo + hi);
    };

    // A vertex within a fifth of an edge of the crossing moves onto it instead of leaving a
    // sliver triangle.
    constexpr float kSnap = 0.2f;
    std::vector<float> snapDistance(points.size(), 2.0f);
    std::vector<Vec3> snapTarget(points.size());
    for (const auto &tri : mesh.triangles)
        for (int e = 0; e < 3; ++e) {
            const auto [a, b] = std::minmax(tri[size_t(e)], tri[size_t((e + 1) % 3)]);
            if (!crosses(a, b)) continue;
            const float t = crossing(a, b);
            if (t < kSnap && t < snapDistance[a]) {
                snapDistance[a] = t;
                snapTarget[a] = lerp(points[a], points[b], t);
            }
            if (1 - t < kSnap && 1 - t < snapDistance[b]) {
                snapDistance[b] = 1 - t;
                snapTarget[b] = lerp(points[a], points[b], t);
            }
        }
    for (size_t i = 0; i < points.size(); ++i)
        if (snapDistance[i] <= 1.0f) {
            points[i] = snapTarget[i];
            value[i] = 0;
        }

    // Split the remaining crossing edges; a triangle with one crossing edge (its third vertex
    // on the zero set) becomes two, with two crossing edges three.
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> splits;
    auto split = [&](uint32_t a, uint32_t b) {
        const auto key = std::minmax(a, b);
        const auto found = splits.find(key);
        if (found != splits.end()) return found->second;
        const float t = crossing(key.first, key.second);
        const uint32_t v = uint32_t(points.size());
        points.push_back(lerp(points[key.first], points[key.second], t));
        value.push_back(0.0f);
        splits.emplace(key, v);
        return v;
    };
    std::vector<std::array<uint32_t, 3>> triangles;
    for (const auto &tri : mesh.triangles) {
        int crossed = 0, noncrossed = 0;
        for (int e = 0; e < 3; ++e) {
            if (crosses(tri[size_t(e)], tri[size_t((e + 1) % 3)]))
                ++crossed;
            else
                noncrossed = e;
        }
        if (crossed == 0) {
            triangles.push_back(tri);
        } else if (crossed == 1) {
            int e = 0;
            while (!crosses(tri[size_t(e)], tri[size_t((e + 1) % 3)]))
                ++e;
            const uint32_t a = tri[size_t(e)], b = tri[size_t((e + 1) % 3)];
            const uint32_t c = tri[size_t((e + 2) % 3)];
            const uint32_t m = split(a, b);
            triangles.push_back({a, m, c});
            triangles.push_back({m, b, c});
        } else {
            // The edge a-b does not cross; c is alone on its side.
            const uint32_t a = tri[size_t(noncrossed)], b = tri[size_t((noncrossed + 1) % 3)];
            const uint32_t c = tri[size_t((noncrossed + 2) % 3)];
            const uint32_t mbc = split(b, c), mca = split(c, a);
            triangles.push_back({mbc, c, mca});
            if (distance(points[a], points[mbc]) <= distance(points[b], points[mca])) {
                triangles.push_back({a, b, mbc});
                triangles.push_back({a, mbc, mca});
            } else {
                triangles.push_back({a, b, mca});
                triangles.push_back({b, mbc, mca});
            }
        }
    }
    if (removeNegative) {
        std::erase_if(triangles, [&](const std::array<uint32_t, 3> &tri) {
            bool onZero = true;
            for (const uint32_t v : tri) {
                if (value[v] < 0) return true;
                onZero = onZero && value[v] == 0;
            }
            return onZero && f((points[tri[0]] + points[tri[1]] + points[tri[2]]) / 3.0f) < 0;
        });
    }
    mesh.triangles = std::move(triangles);
    compact(mesh);
}

void dropSmallPieces(TriMesh &mesh, size_t minTriangles)
{
    std::vector<uint32_t> parent(mesh.positions.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto root = [&](uint32_t v) {
        while (parent[v] != v)
            v = parent[v] = parent[parent[v]];
        return v;
    };
    for (const auto &tri : mesh.triangles)
        for (int e = 1; e < 3; ++e) {
            const uint32_t a = root(tri[0]), b = root(tri[size_t(e)]);
            if (a != b) parent[std::max(a, b)] = std::min(a, b);
        }
    std::vector<size_t> count(mesh.positions.size(), 0);
    for (const auto &tri : mesh.triangles)
        ++count[root(tri[0])];
    std::erase_if(mesh.triangles, [&](const std::array<uint32_t, 3> &tri) {
        return count[root(tri[0])] < minTriangles;
    });
    compact(mesh);
}

SkinnedMesh makeBody(const Shape &shape)
{
    const Field field = [&](const Vec3 &p) { return shape.body(p); };
    TriMesh mesh = extractSurface(field, {-0.8f, -0.04f, -0.2f}, {0.8f, 1.8f, 0.3f}, kBodyCell);
    relaxSurface(mesh, field, 3);
    SkinnedMesh body;
    body.name = "Body";
    for (const Vec3 &p : mesh.positions) {
        body.positions.push_back(p);
        body.normals.push_back(fieldNormal(field, p));
        // A front projection: the body's material is a plain colour, the UVs only need to exist
        // and be seamless.
        body.uvs.push_back({0.5f + p.x / 1.6f, 1.0f - p.y / 1.8f});
        std::array<uint8_t, 4> joints;
        std::array<float, 4> weights;
        shape.bodyWeights(p, joints, weights);
        body.joints.push_back(joints);
        body.weights.push_back(weights);
    }
    for (const auto &tri : mesh.triangles)
        body.indices.insert(body.indices.end(), tri.begin(), tri.end());
    return body;
}

SkinnedMesh makeGarment(const Shape &shape, bool lining)
{
    const float level = lining ? kLiningOffset : kCoatOffset;
    const Field field = [&](const Vec3 &p) { return shape.garment(p) - level; };
    TriMesh mesh =
        extractSurface(field, {-0.72f, 0.25f, -0.4f}, {0.72f, 1.62f, 0.4f}, kGarmentCell);
    relaxSurface(mesh, field, 3);

    // The hem, below the knees.
    const float hem = lining ? kLiningHemHeight : kHemHeight;
    cutMesh(
        mesh, [&](const Vec3 &p) { return p.y - hem; }, true);

    // The neckline: an elliptic opening around the neck, above the chest.
    cutMesh(
        mesh,
        [](const Vec3 &p) {
            const float ring = std::hypot(p.x / 0.1f, (p.z - 0.005f) / 0.095f) - 1.0f;
            return std::max(ring * 0.095f, 1.3f - p.y);
        },
        true);

    // Closed down to the waist, then open in front, wider towards the hem. The centre line is
    // split first so the opening's edges are exact; above the opening it is the UV seam.
    cutMesh(
        mesh, [](const Vec3 &p) { return p.x; }, false);
    cutMesh(
        mesh,
        [](const Vec3 &p) {
            const float halfWidth = 0.008f + 0.05f * (kOpeningTop - p.y);
            return std::max({std::abs(p.x) - halfWidth, -p.z, p.y - kOpeningTop});
        },
        true);

    // Per arm: positive inside the sleeve (beyond the armhole, near the arm's axis).
    auto sleeve = [](int side) {
        const int arm = side > 0 ? 0 : RightShoulder - LeftShoulder;
        const Vec3 root = jointPosition(LeftUpperArm + arm);
        const Vec3 dir = armDirection(side);
        return [root, dir](const Vec3 &p) {
            const Vec3 q = p - root;
            const float along = dot(q, dir);
            return std::min(along, 0.2f - length(q - dir * along));
        };
    };
    for (const int side : {1, -1}) {
        const int arm = side > 0 ? 0 : RightShoulder - LeftShoulder;
        const Vec3 wrist = jointPosition(LeftHand + arm);
        const Vec3 dir = armDirection(side);
        const auto inSleeve = sleeve(side);
        if (lining) {
            // The lining has no sleeves: it ends at the armholes.
            cutMesh(
                mesh, [&](const Vec3 &p) { return -inSleeve(p); }, true);
        } else {
            // The cuff at the wrist, and the armhole seam where sleeve and body meet.
            cutMesh(
                mesh,
                [&](const Vec3 &p) {
                    const Vec3 q = p - wrist;
                    const float along = dot(q, dir);
                    return std::max(-along, length(q - dir * along) - 0.2f);
                },
                true);
            cutMesh(mesh, inSleeve, false);
        }
    }
    dropSmallPieces(mesh, 50);

    // Charts: 0 the body of the coat, 1 and 2 the left and right sleeves. The seams are the
    // armholes and the underside of each sleeve; the body's chart opens at the front.
    const auto leftSleeve = sleeve(1), rightSleeve = sleeve(-1);
    std::vector<int> chart;
    for (const auto &tri : mesh.triangles) {
        const Vec3 centre =
            (mesh.positions[tri[0]] + mesh.positions[tri[1]] + mesh.positions[tri[2]]) / 3.0f;
        chart.push_back(leftSleeve(centre) > 0 ? 1 : rightSleeve(centre) > 0 ? 2 : 0);
    }
    relaxSurface(mesh, field, 2);

    SkinnedMesh out;
    out.name = lining ? "CoatLining" : "Coat";
    std::map<std::array<uint32_t, 3>, uint32_t> vertexOf; // (vertex, chart, wrapped)
    for (size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto &tri = mesh.triangles[t];
        // Each chart is a cylinder: an angle around an axis (wrapping where the chart's seam
        // is) and a length along it. The body's axis is vertical with its seam at the front,
        // each sleeve's is the arm with its seam underneath.
        std::array<float, 3> angle, along;
        float radius;
        for (int c = 0; c < 3; ++c) {
            const Vec3 &p = mesh.positions[tri[size_t(c)]];
            if (chart[t] == 0) {
                angle[size_t(c)] = std::atan2(p.x, -p.z); // 0 at the back
                along[size_t(c)] = 1.5f - p.y;
                radius = 0.19f;
            } else {
                const int side = chart[t] == 1 ? 1 : -1;
                const int arm = side > 0 ? 0 : RightShoulder - LeftShoulder;
                const Vec3 dir = armDirection(side);
                const Vec3 top = normalize(Vec3{0, 1, 0} - dir * dir.y);
                const Vec3 front{0, 0, float(side)}; // mirrored: both sleeves keep handedness
                const Vec3 q = p - jointPosition(LeftUpperArm + arm);
                angle[size_t(c)] = std::atan2(dot(q, front), dot(q, top));
                along[size_t(c)] = dot(q, dir);
                radius = 0.07f;
            }
        }
        const bool acrossSeam = *std::max_element(angle.begin(), angle.end()) -
                                    *std::min_element(angle.begin(), angle.end()) >
                                kPi;
        std::array<Vec2, 3> uv;
        std::array<bool, 3> wrapped{false, false, false};
        for (int c = 0; c < 3; ++c) {
            if (acrossSeam && angle[size_t(c)] < 0) {
                angle[size_t(c)] += 2 * kPi;
                wrapped[size_t(c)] = true;
            }
            uv[size_t(c)] = {angle[size_t(c)] * radius / kTextureTile,
                             along[size_t(c)] / kTextureTile};
        }
        for (int c = 0; c < 3; ++c) {
            const std::array<uint32_t, 3> key = {tri[size_t(c)], uint32_t(chart[t]),
                                                 wrapped[size_t(c)] ? 1u : 0u};
            auto found = vertexOf.find(key);
            if (found == vertexOf.end()) {
                const Vec3 &p = mesh.positions[tri[size_t(c)]];
                found = vertexOf.emplace(key, uint32_t(out.positions.size())).first;
                out.positions.push_back(p);
                const Vec3 normal = fieldNormal(field, p);
                out.normals.push_back(lining ? -normal : normal);
                out.uvs.push_back(uv[size_t(c)]);
                std::array<uint8_t, 4> joints;
                std::array<float, 4> weights;
                shape.garmentWeights(p, joints, weights);
                out.joints.push_back(joints);
                out.weights.push_back(weights);
            }
            out.indices.push_back(found->second);
        }
        // The lining faces the body: its front side is the inside of the coat.
        if (lining)
            std::swap(out.indices[out.indices.size() - 1], out.indices[out.indices.size() - 2]);
    }
    return out;
}

} // namespace tweed::sample
