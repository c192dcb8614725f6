#include "dihedral_bending.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>

namespace tweed::sim {

bool hingeVectors(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d, Vec3 u[4])
{
    const Vec3 e = b - a;
    const Vec3 n1 = cross(c - a, c - b);
    const Vec3 n2 = cross(d - b, d - a);
    const float le = length(e), l1 = lengthSquared(n1), l2 = lengthSquared(n2);
    if (le < 1e-9f || l1 < 1e-18f || l2 < 1e-18f)
        return false;
    const Vec3 m1 = n1 / l1, m2 = n2 / l2;
    u[0] = m1 * le;
    u[1] = m2 * le;
    u[2] = m1 * (dot(c - b, e) / le) + m2 * (dot(d - b, e) / le);
    u[3] = -(m1 * (dot(c - a, e) / le) + m2 * (dot(d - a, e) / le));
    return true;
}

float wrapAngle(float x)
{
    while (x > kPi)
        x -= 2 * kPi;
    while (x < -kPi)
        x += 2 * kPi;
    return x;
}

float dihedralAngle(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d)
{
    const Vec3 n1 = normalize(cross(c - a, c - b));
    const Vec3 n2 = normalize(cross(d - b, d - a));
    const Vec3 e = normalize(b - a);
    return std::atan2(dot(cross(n1, n2), e), dot(n1, n2));
}

void DihedralBending::build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &indices)
{
    mVertices.clear();
    mRestAngle.clear();
    // Each undirected edge: the triangles' (a, b, opposite) in their own winding.
    std::map<std::pair<uint32_t, uint32_t>, std::vector<std::array<uint32_t, 3>>> edges;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)],
                           c = indices[t + size_t((k + 2) % 3)];
            edges[{std::min(a, b), std::max(a, b)}].push_back({a, b, c});
        }
    for (const auto &[key, sides] : edges) {
        if (sides.size() != 2)
            continue;
        const uint32_t a = sides[0][0], b = sides[0][1], c = sides[0][2], d = sides[1][2];
        if (c == d)
            continue;
        mVertices.insert(mVertices.end(), {a, b, c, d});
        mRestAngle.push_back(dihedralAngle(rest[a], rest[b], rest[c], rest[d]));
    }
}

void DihedralBending::solve(P4 *pos, float stiffness, const float *vertexScale) const
{
    for (size_t h = 0; h < mRestAngle.size(); ++h) {
        const uint32_t *i = &mVertices[4 * h]; // a, b, c, d
        const Vec3 a = v3(pos[i[0]]), b = v3(pos[i[1]]), c = v3(pos[i[2]]), d = v3(pos[i[3]]);
        Vec3 u[4]; // for c, d, a, b
        if (!hingeVectors(a, b, c, d, u))
            continue;
        const uint32_t order[4] = {i[2], i[3], i[0], i[1]};
        float denominator = 0;
        for (int k = 0; k < 4; ++k)
            denominator += pos[order[k]].w * lengthSquared(u[k]);
        if (denominator < kTiny)
            continue;
        const float error = wrapAngle(dihedralAngle(a, b, c, d) - mRestAngle[h]);
        // The gradient is -u: x += -s C w grad / sum(w |grad|^2) = s C w u / sum.
        const float share =
            vertexScale ? std::min(1.0f, stiffness * 0.5f * (vertexScale[i[0]] + vertexScale[i[1]]))
                        : stiffness;
        const float scale = share * error / denominator;
        for (int k = 0; k < 4; ++k) {
            P4 &p = pos[order[k]];
            setXyz(p, v3(p) + u[k] * (scale * p.w));
        }
    }
}

} // namespace tweed::sim
