#include "tetra_volume.h"

#include <cmath>

namespace tweed::sim {

float tetraVolume(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d)
{
    return dot(b - a, cross(c - a, d - a)) / 6.0f;
}

void TetraVolumes::build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &tetrahedra)
{
    mVertices = tetrahedra;
    mRestVolume.clear();
    for (size_t t = 0; t + 3 < tetrahedra.size(); t += 4)
        mRestVolume.push_back(tetraVolume(rest[tetrahedra[t]], rest[tetrahedra[t + 1]],
                                          rest[tetrahedra[t + 2]], rest[tetrahedra[t + 3]]));
    mLambda.assign(mRestVolume.size(), 0.0f);
}

void TetraVolumes::solve(P4 *pos, float compliance, float substep)
{
    const float perVolume = compliance / (substep * substep);
    for (size_t t = 0; t < mRestVolume.size(); ++t) {
        const float rest = mRestVolume[t];
        if (!(rest > 0))
            continue;
        P4 &p0 = pos[mVertices[4 * t]], &p1 = pos[mVertices[4 * t + 1]],
           &p2 = pos[mVertices[4 * t + 2]], &p3 = pos[mVertices[4 * t + 3]];
        const float w0 = p0.w, w1 = p1.w, w2 = p2.w, w3 = p3.w;
        if (w0 + w1 + w2 + w3 == 0.0f)
            continue;
        const Vec3 x0 = v3(p0), x1 = v3(p1), x2 = v3(p2), x3 = v3(p3);
        // Gradients of V / V0: the faces opposite each vertex, their area vectors over 6 V0.
        const float s = 1.0f / (6.0f * rest);
        const Vec3 g1 = cross(x2 - x0, x3 - x0) * s, g2 = cross(x3 - x0, x1 - x0) * s,
                   g3 = cross(x1 - x0, x2 - x0) * s;
        const Vec3 g0 = -(g1 + g2 + g3);
        const float c = dot(x1 - x0, g1) - 1.0f; // V / V0 - 1
        const float alphaTilde = perVolume / rest;
        const float denominator = w0 * lengthSquared(g0) + w1 * lengthSquared(g1) +
                                  w2 * lengthSquared(g2) + w3 * lengthSquared(g3) + alphaTilde;
        if (!(denominator > kTiny))
            continue;
        const float dLambda = (-c - alphaTilde * mLambda[t]) / denominator;
        mLambda[t] += dLambda;
        setXyz(p0, x0 + g0 * (w0 * dLambda));
        setXyz(p1, x1 + g1 * (w1 * dLambda));
        setXyz(p2, x2 + g2 * (w2 * dLambda));
        setXyz(p3, x3 + g3 * (w3 * dLambda));
    }
}

} // namespace tweed::sim
