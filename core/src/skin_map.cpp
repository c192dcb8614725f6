#include "tweed/skin_map.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace tweed {
namespace {

// Barycentric weights (for a and b; c gets the rest) of p's projection onto the plane of abc.
std::pair<float, float> barycentric(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const Vec3 e0 = a - c, e1 = b - c, d = p - c;
    const float d00 = dot(e0, e0), d01 = dot(e0, e1), d11 = dot(e1, e1);
    const float d20 = dot(d, e0), d21 = dot(d, e1);
    const float det = d00 * d11 - d01 * d01;
    if (std::abs(det) < 1e-30f)
        return {1.0f / 3, 1.0f / 3};
    return {(d11 * d20 - d01 * d21) / det, (d00 * d21 - d01 * d20) / det};
}

Vec3 interpolatedNormal(float u, float v, const Vec3 &na, const Vec3 &nb, const Vec3 &nc,
                        const Vec3 &faceNormal)
{
    const Vec3 n = normalize(na * u + nb * v + nc * (1 - u - v));
    return lengthSquared(n) > 0 ? n : faceNormal;
}

} // namespace

Vec3 evaluateSkinPoint(const Vec3 &uvh, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                       const Vec3 &na, const Vec3 &nb, const Vec3 &nc)
{
    const float u = uvh.x, v = uvh.y, w = 1 - u - v;
    const Vec3 faceNormal = normalize(cross(b - a, c - a));
    return a * u + b * v + c * w + interpolatedNormal(u, v, na, nb, nc, faceNormal) * uvh.z;
}

Vec3 skinPointCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                          const Vec3 &na, const Vec3 &nb, const Vec3 &nc)
{
    // Fixed-point iteration: with the normal at the current (u, v), the point p - h n lies on
    // the triangle's plane; its barycentrics give the next (u, v). Converges in a few rounds
    // for the smooth normals of a cloth mesh.
    const Vec3 faceNormal = normalize(cross(b - a, c - a));
    auto [u, v] = barycentric(p, a, b, c);
    float h = dot(p - (a * u + b * v + c * (1 - u - v)), faceNormal);
    for (int i = 0; i < 8; ++i) {
        const Vec3 n = interpolatedNormal(u, v, na, nb, nc, faceNormal);
        const float nDotFace = dot(n, faceNormal);
        if (std::abs(nDotFace) < 1e-3f)
            break;
        // Height along n such that p - h n lies on the plane.
        h = dot(p - a, faceNormal) / nDotFace;
        std::tie(u, v) = barycentric(p - n * h, a, b, c);
    }
    // Newton steps on F(u, v, h) = evaluateSkinPoint(u, v, h) - p polish the result: the fixed
    // point converges only linearly, slowly where the normals vary strongly over the triangle
    // and the point is far from it, and an exact inverse is what makes the skin map reproduce
    // the rest pose.
    const Vec3 m = na * u + nb * v + nc * (1 - u - v);
    if (lengthSquared(m) == 0 || !std::isfinite(u) || !std::isfinite(v) || !std::isfinite(h))
        return {u, v, h};
    const float scale = std::max({length(a - c), length(b - c), std::abs(h), 1e-12f});
    Vec3 best{u, v, h};
    float bestResidual = std::numeric_limits<float>::infinity();
    for (int i = 0; i < 7; ++i) {
        const Vec3 mi = na * u + nb * v + nc * (1 - u - v);
        const float len = length(mi);
        if (len < 1e-12f)
            break;
        const Vec3 n = mi / len;
        const Vec3 f = a * u + b * v + c * (1 - u - v) + n * h - p;
        const float residual = length(f);
        if (!(residual < bestResidual)) // diverging (or not finite): keep the best so far
            break;
        bestResidual = residual;
        best = {u, v, h};
        if (residual <= 1e-7f * scale)
            break;
        // d n / d u = (dm - n (n . dm)) / |m| with dm = na - nc (and nb - nc for v).
        const Vec3 dmu = na - nc, dmv = nb - nc;
        const Vec3 dnu = (dmu - n * dot(n, dmu)) / len, dnv = (dmv - n * dot(n, dmv)) / len;
        const Vec3 ju = (a - c) + dnu * h, jv = (b - c) + dnv * h, jh = n;
        const float det = dot(ju, cross(jv, jh));
        if (std::abs(det) < 1e-20f)
            break;
        // Cramer's rule for J d = f.
        const float du = dot(f, cross(jv, jh)) / det;
        const float dv = dot(ju, cross(f, jh)) / det;
        const float dh = dot(ju, cross(jv, f)) / det;
        if (!std::isfinite(du) || !std::isfinite(dv) || !std::isfinite(dh))
            break;
        u -= du;
        v -= dv;
        h -= dh;
    }
    return best;
}

void applySkinMap(const SkinMap &map, const std::vector<uint32_t> &physicsIndices,
                  const std::vector<Vec3> &physicsPositions, const std::vector<Vec3> &physicsNormals,
                  std::vector<Vec3> &outPositions, std::vector<Vec3> *outNormals)
{
    const size_t n = map.bindings.size();
    for (size_t i = 0; i < n; ++i) {
        const SkinBinding &bind = map.bindings[i];
        if (bind.triangle == SkinMap::kUnbound)
            continue;
        const uint32_t *tri = &physicsIndices[size_t(bind.triangle) * 3];
        const Vec3 &a = physicsPositions[tri[0]], &b = physicsPositions[tri[1]],
                   &c = physicsPositions[tri[2]];
        const Vec3 &na = physicsNormals[tri[0]], &nb = physicsNormals[tri[1]],
                   &nc = physicsNormals[tri[2]];
        const Vec3 p = evaluateSkinPoint(bind.position, a, b, c, na, nb, nc);
        outPositions[i] = p;
        if (outNormals)
            (*outNormals)[i] = normalize(evaluateSkinPoint(bind.normal, a, b, c, na, nb, nc) - p);
    }
}

} // namespace tweed
