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

namespace {

struct Solution
{
    Vec3 uvh;
    float residual = std::numeric_limits<float>::infinity(); ///< |evaluateSkinPoint(uvh) - p|
};

/// Damped Newton's method on F(u, v, h) = evaluateSkinPoint(u, v, h) - p from `start`: a step
/// that does not reduce the residual is halved until it does, so the solve never diverges.
Solution newtonSolve(const Vec3 &start, const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                     const Vec3 &na, const Vec3 &nb, const Vec3 &nc, float tolerance)
{
    // Residual and unit normal at (u, v, h); false where the interpolated normal vanishes.
    auto evaluate = [&](const Vec3 &x, Vec3 &f, Vec3 &n, float &len) {
        const Vec3 m = na * x.x + nb * x.y + nc * (1 - x.x - x.y);
        len = length(m);
        if (!(len > 1e-12f))
            return false;
        n = m / len;
        f = a * x.x + b * x.y + c * (1 - x.x - x.y) + n * x.z - p;
        return isFinite(f);
    };
    Solution best;
    Vec3 x = start, f, n;
    float len = 0;
    if (!isFinite(x) || !evaluate(x, f, n, len))
        return best;
    best = {x, length(f)};
    for (int i = 0; i < 12 && best.residual > tolerance; ++i) {
        // d n / d u = (dm - n (n . dm)) / |m| with dm = na - nc (and nb - nc for v).
        const Vec3 dmu = na - nc, dmv = nb - nc;
        const Vec3 dnu = (dmu - n * dot(n, dmu)) / len, dnv = (dmv - n * dot(n, dmv)) / len;
        const Vec3 ju = (a - c) + dnu * x.z, jv = (b - c) + dnv * x.z, jh = n;
        const float det = dot(ju, cross(jv, jh));
        if (std::abs(det) < 1e-20f)
            break;
        // Cramer's rule for J d = f.
        const Vec3 d{dot(f, cross(jv, jh)) / det, dot(ju, cross(f, jh)) / det,
                     dot(ju, cross(jv, f)) / det};
        if (!isFinite(d))
            break;
        bool improved = false;
        for (float step = 1; step > 1.0f / 1024 && !improved; step *= 0.5f) {
            const Vec3 next = x - d * step;
            Vec3 fNext, nNext;
            float lenNext = 0;
            if (evaluate(next, fNext, nNext, lenNext) && length(fNext) < best.residual) {
                x = next;
                f = fNext;
                n = nNext;
                len = lenNext;
                best = {x, length(f)};
                improved = true;
            }
        }
        if (!improved)
            break;
    }
    return best;
}

} // namespace

Vec3 skinPointCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                          const Vec3 &na, const Vec3 &nb, const Vec3 &nc)
{
    // Fixed-point iteration: with the normal at the current (u, v), the point p - h n lies on
    // the triangle's plane; its barycentrics give the next (u, v). Converges in a few rounds
    // for the smooth normals of a cloth mesh.
    const Vec3 faceNormal = normalize(cross(b - a, c - a));
    const auto [u0, v0] = barycentric(p, a, b, c);
    const float h0 = dot(p - (a * u0 + b * v0 + c * (1 - u0 - v0)), faceNormal);
    float u = u0, v = v0, h = h0;
    for (int i = 0; i < 8; ++i) {
        const Vec3 n = interpolatedNormal(u, v, na, nb, nc, faceNormal);
        const float nDotFace = dot(n, faceNormal);
        if (std::abs(nDotFace) < 1e-3f)
            break;
        // Height along n such that p - h n lies on the plane.
        h = dot(p - a, faceNormal) / nDotFace;
        std::tie(u, v) = barycentric(p - n * h, a, b, c);
    }
    // Newton's method polishes the result: the fixed point converges only linearly, slowly or
    // not at all where the normals vary strongly over the triangle and the point is far from
    // it, and an exact inverse is what makes the skin map reproduce the rest pose. Where it
    // still misses (a poor start), it is restarted from the plain projection onto the plane
    // and from the centroid; the best solution wins.
    const float scale = std::max({length(a - c), length(b - c), std::abs(h0), 1e-12f});
    const float tolerance = 1e-7f * scale;
    Solution best = newtonSolve({u, v, h}, p, a, b, c, na, nb, nc, tolerance);
    for (const Vec3 &start : {Vec3{u0, v0, h0}, Vec3{1.0f / 3, 1.0f / 3, h0}}) {
        if (best.residual <= tolerance)
            break;
        const Solution other = newtonSolve(start, p, a, b, c, na, nb, nc, tolerance);
        if (other.residual < best.residual)
            best = other;
    }
    return std::isfinite(best.residual) ? best.uvh : Vec3{u, v, h};
}

void applySkinMap(const SkinMap &map, const std::vector<uint32_t> &physicsIndices,
                  const std::vector<Vec3> &physicsPositions, const std::vector<Vec3> &physicsNormals,
                  std::vector<Vec3> &outPositions, std::vector<Vec3> *outNormals,
                  std::vector<Vec4> *outTangents)
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
        if (outTangents) {
            const Vec3 t = normalize(evaluateSkinPoint(bind.tangent, a, b, c, na, nb, nc) - p);
            Vec4 &out = (*outTangents)[i];
            out.x = t.x;
            out.y = t.y;
            out.z = t.z;
        }
    }
}

Vec3 tetraCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d)
{
    // Cramer's rule for [a-d b-d c-d] x = p - d, in double: a vertex deep inside a large
    // tetrahedron keeps its rest position to the float's precision.
    const double ax = a.x - d.x, ay = a.y - d.y, az = a.z - d.z;
    const double bx = b.x - d.x, by = b.y - d.y, bz = b.z - d.z;
    const double cx = c.x - d.x, cy = c.y - d.y, cz = c.z - d.z;
    const double px = p.x - d.x, py = p.y - d.y, pz = p.z - d.z;
    auto det3 = [](double x0, double y0, double z0, double x1, double y1, double z1, double x2,
                   double y2, double z2) {
        return x0 * (y1 * z2 - z1 * y2) - y0 * (x1 * z2 - z1 * x2) + z0 * (x1 * y2 - y1 * x2);
    };
    const double det = det3(ax, ay, az, bx, by, bz, cx, cy, cz);
    if (!(std::abs(det) > 1e-30))
        return {0.25f, 0.25f, 0.25f};
    return {float(det3(px, py, pz, bx, by, bz, cx, cy, cz) / det),
            float(det3(ax, ay, az, px, py, pz, cx, cy, cz) / det),
            float(det3(ax, ay, az, bx, by, bz, px, py, pz) / det)};
}

void applyTetraSkinMap(const SkinMap &map, const std::vector<uint32_t> &tetrahedra,
                       const std::vector<Vec3> &physicsPositions, std::vector<Vec3> &outPositions,
                       std::vector<Vec3> *outNormals, std::vector<Vec4> *outTangents)
{
    const size_t n = map.tetraBindings.size();
    for (size_t i = 0; i < n; ++i) {
        const TetraBinding &bind = map.tetraBindings[i];
        if (bind.tetrahedron == SkinMap::kUnbound)
            continue;
        const uint32_t *t = &tetrahedra[size_t(bind.tetrahedron) * 4];
        const Vec3 &a = physicsPositions[t[0]], &b = physicsPositions[t[1]],
                   &c = physicsPositions[t[2]], &d = physicsPositions[t[3]];
        const Vec3 p = evaluateTetraPoint(bind.position, a, b, c, d);
        outPositions[i] = p;
        if (outNormals)
            (*outNormals)[i] = normalize(evaluateTetraPoint(bind.normal, a, b, c, d) - p);
        if (outTangents) {
            const Vec3 t3 = normalize(evaluateTetraPoint(bind.tangent, a, b, c, d) - p);
            Vec4 &out = (*outTangents)[i];
            out.x = t3.x;
            out.y = t3.y;
            out.z = t3.z;
        }
    }
}

void applySkinMap(const SkinMap &map, const PhysicsMesh &physics,
                  const std::vector<Vec3> &physicsPositions, const std::vector<Vec3> &physicsNormals,
                  std::vector<Vec3> &outPositions, std::vector<Vec3> *outNormals,
                  std::vector<Vec4> *outTangents)
{
    if (!map.tetraBindings.empty())
        applyTetraSkinMap(map, physics.tetrahedra, physicsPositions, outPositions, outNormals,
                          outTangents);
    else
        applySkinMap(map, physics.indices, physicsPositions, physicsNormals, outPositions,
                     outNormals, outTangents);
}

} // namespace tweed
