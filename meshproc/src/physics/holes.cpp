// Hole closing: boundary loops below a size (or chosen ones) filled by ear clipping that always
// cuts the ear with the largest smallest angle, so the patch has as few slivers as it can.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/holes.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"

#include <cmath>
#include <unordered_set>

namespace tweed {
namespace {

float smallestAngle(const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const Vec3 e[3] = {b - a, c - b, a - c};
    float best = kPi;
    for (int k = 0; k < 3; ++k) {
        const Vec3 u = e[k], w = -e[(k + 2) % 3];
        best = std::min(best, std::atan2(length(cross(u, w)), dot(u, w)));
    }
    return best;
}

// Is p inside triangle abc, seen along n?
bool insideTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &n)
{
    return dot(cross(b - a, p - a), n) > 0 && dot(cross(c - b, p - b), n) > 0 &&
           dot(cross(a - c, p - c), n) > 0;
}

// Fills one loop (vertices in boundary half-edge order); returns the triangles added.
uint32_t fillLoop(PhysicsGeometry &g, std::vector<uint32_t> loop,
                  std::unordered_set<uint64_t> &edges, float &minAngle)
{
    const std::vector<Vec3> &p = g.positions;
    // The patch faces the opposite way round the loop from the triangles along it.
    std::reverse(loop.begin(), loop.end());
    Vec3 normal; // Newell's normal of the reversed loop
    for (size_t i = 0; i < loop.size(); ++i) {
        const Vec3 &a = p[loop[i]], &b = p[loop[(i + 1) % loop.size()]];
        normal += Vec3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x),
                       (a.x - b.x) * (a.y + b.y)};
    }
    normal = normalize(normal);
    uint32_t added = 0;
    while (loop.size() >= 3) {
        const size_t n = loop.size();
        size_t best = n;
        float bestAngle = -1;
        bool bestConvex = false;
        for (size_t i = 0; i < n; ++i) {
            const uint32_t a = loop[(i + n - 1) % n], b = loop[i], c = loop[(i + 1) % n];
            if (n > 3 && edges.count(detail::edgeKey(a, c)))
                continue; // would duplicate an edge of the mesh
            const bool convex = dot(cross(p[b] - p[a], p[c] - p[a]), normal) > 0;
            bool empty = true;
            if (convex)
                for (size_t j = 0; j < n && empty; ++j) {
                    const uint32_t v = loop[j];
                    if (v != a && v != b && v != c && insideTriangle(p[v], p[a], p[b], p[c], normal))
                        empty = false;
                }
            const bool good = convex && empty;
            const float angle = smallestAngle(p[a], p[b], p[c]);
            // Proper ears first; among them the one with the largest smallest angle.
            if (good > bestConvex || (good == bestConvex && angle > bestAngle)) {
                best = i;
                bestAngle = angle;
                bestConvex = good;
            }
        }
        if (best == n)
            break; // every cut would duplicate an edge: leave the rest open
        const uint32_t a = loop[(best + n - 1) % n], b = loop[best], c = loop[(best + 1) % n];
        g.indices.insert(g.indices.end(), {a, b, c});
        edges.insert(detail::edgeKey(a, c));
        minAngle = std::min(minAngle, bestAngle * 180.0f / kPi);
        ++added;
        loop.erase(loop.begin() + long(best));
    }
    return added;
}

} // namespace

CloseHolesReport closeHoles(PhysicsGeometry &geometry, const CloseHolesSettings &settings)
{
    if (!std::isfinite(settings.maxLength) || settings.maxLength < 0)
        throw InputError("the hole size must be a finite distance of 0 or more");
    for (uint32_t i : geometry.indices)
        if (i >= geometry.positions.size())
            throw InputError("closeHoles: vertex index out of range");
    CloseHolesReport report;
    report.loops = boundaryLoops(geometry.positions, geometry.indices);
    for (uint32_t chosen : settings.loops)
        if (chosen >= report.loops.size())
            throw InputError("no boundary loop " + std::to_string(chosen) + " (the mesh has " +
                             std::to_string(report.loops.size()) + ")");
    std::unordered_set<uint64_t> edges;
    for (size_t c = 0; c < geometry.indices.size(); ++c)
        edges.insert(detail::edgeKey(geometry.indices[c],
                                     geometry.indices[c / 3 * 3 + (c % 3 + 1) % 3]));
    float minAngle = 180;
    for (uint32_t l = 0; l < report.loops.size(); ++l) {
        const BoundaryLoop &loop = report.loops[l];
        const bool chosen =
            loop.length < settings.maxLength ||
            std::find(settings.loops.begin(), settings.loops.end(), l) != settings.loops.end();
        if (!chosen || loop.vertices.size() < 3)
            continue;
        const uint32_t added = fillLoop(geometry, loop.vertices, edges, minAngle);
        report.trianglesAdded += added;
        if (added > 0)
            ++report.closed;
    }
    report.minAngleDegrees = report.trianglesAdded > 0 ? minAngle : 0.0f;
    return report;
}

} // namespace tweed
