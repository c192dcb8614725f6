// Subdivision of a too-coarse garment: every triangle split into four per round, by edge
// midpoints (shape kept exactly) or by Loop's rules (smoothed, boundaries as cubic B-splines).
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/subdivide.h"

#include <numeric>

namespace tweed {
namespace {

using detail::kNone;

void subdivideOnce(PhysicsGeometry &g, SubdivisionScheme scheme)
{
    const std::vector<uint32_t> &idx = g.indices;
    const size_t corners = idx.size(), n = g.positions.size();
    // Unique edges: sort corners by their edge.
    std::vector<uint64_t> key(corners);
    for (size_t c = 0; c < corners; ++c)
        key[c] = detail::edgeKey(idx[c], idx[c / 3 * 3 + (c % 3 + 1) % 3]);
    std::vector<uint32_t> order(corners);
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key[a] < key[b]; });
    std::vector<uint32_t> edgeOf(corners);          // corner -> edge
    std::vector<uint32_t> edgeCorner, edgeTriangles; // first corner and triangle count per edge
    for (size_t i = 0; i < corners; ++i) {
        if (i == 0 || key[order[i]] != key[order[i - 1]]) {
            edgeCorner.push_back(order[i]);
            edgeTriangles.push_back(0);
        }
        edgeOf[order[i]] = uint32_t(edgeCorner.size() - 1);
        ++edgeTriangles.back();
    }
    const size_t edges = edgeCorner.size();
    const std::vector<Vec3> &p = g.positions;
    std::vector<Vec3> out(n + edges);
    auto endpoints = [&](uint32_t e) {
        const uint32_t c = edgeCorner[e];
        return std::pair<uint32_t, uint32_t>{idx[c], idx[c / 3 * 3 + (c % 3 + 1) % 3]};
    };

    if (scheme == SubdivisionScheme::Midpoint) {
        std::copy(p.begin(), p.end(), out.begin());
        for (uint32_t e = 0; e < edges; ++e) {
            const auto [a, b] = endpoints(e);
            out[n + e] = (p[a] + p[b]) * 0.5f;
        }
    } else {
        // Edge points: 3/8 (a + b) + 1/8 (c + d) inside, the midpoint on boundaries.
        std::vector<Vec3> opposite(edges);
        for (size_t c = 0; c < corners; ++c)
            opposite[edgeOf[c]] += p[idx[c / 3 * 3 + (c % 3 + 2) % 3]];
        for (uint32_t e = 0; e < edges; ++e) {
            const auto [a, b] = endpoints(e);
            out[n + e] = edgeTriangles[e] == 2 ? (p[a] + p[b]) * 0.375f + opposite[e] * 0.125f
                                               : (p[a] + p[b]) * 0.5f;
        }
        // Vertex points: Loop's beta rule inside; 3/4 v + 1/8 of the two boundary neighbours
        // on a boundary (or a non-manifold edge, which is treated like one).
        std::vector<Vec3> ringSum(n), boundarySum(n);
        std::vector<uint32_t> valence(n, 0), boundaryCount(n, 0);
        for (uint32_t e = 0; e < edges; ++e) {
            const auto [a, b] = endpoints(e);
            ringSum[a] += p[b];
            ringSum[b] += p[a];
            ++valence[a];
            ++valence[b];
            if (edgeTriangles[e] != 2) {
                boundarySum[a] += p[b];
                boundarySum[b] += p[a];
                ++boundaryCount[a];
                ++boundaryCount[b];
            }
        }
        for (size_t v = 0; v < n; ++v) {
            if (boundaryCount[v] == 2) {
                out[v] = p[v] * 0.75f + boundarySum[v] * 0.125f;
            } else if (boundaryCount[v] > 0 || valence[v] < 3) {
                out[v] = p[v]; // corners of several boundaries stay put
            } else {
                const float k = float(valence[v]);
                const float beta = valence[v] == 3 ? 3.0f / 16.0f : 3.0f / (8.0f * k);
                out[v] = p[v] * (1 - k * beta) + ringSum[v] * beta;
            }
        }
    }

    std::vector<uint32_t> indices;
    indices.reserve(corners * 4);
    for (size_t t = 0; t < corners / 3; ++t) {
        const uint32_t a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2];
        const uint32_t ab = uint32_t(n) + edgeOf[3 * t], bc = uint32_t(n) + edgeOf[3 * t + 1],
                       ca = uint32_t(n) + edgeOf[3 * t + 2];
        indices.insert(indices.end(), {a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca});
    }
    std::vector<uint32_t> source(n + edges, PhysicsGeometry::kNoSource);
    if (scheme == SubdivisionScheme::Midpoint && g.sourceVertex.size() == n)
        std::copy(g.sourceVertex.begin(), g.sourceVertex.end(), source.begin());
    g.positions.swap(out);
    g.indices.swap(indices);
    g.sourceVertex.swap(source);
}

} // namespace

SubdivideReport subdivide(PhysicsGeometry &geometry, const SubdivideSettings &settings)
{
    if (settings.rounds > 4)
        throw InputError("at most 4 subdivision rounds (each multiplies the triangles by 4)");
    for (uint32_t i : geometry.indices)
        if (i >= geometry.positions.size())
            throw InputError("subdivide: vertex index out of range");
    SubdivideReport report;
    report.verticesBefore = uint32_t(geometry.positions.size());
    for (uint32_t r = 0; r < settings.rounds; ++r)
        subdivideOnce(geometry, settings.scheme);
    report.verticesAfter = uint32_t(geometry.positions.size());
    report.trianglesAfter = uint32_t(geometry.triangleCount());
    return report;
}

} // namespace tweed
