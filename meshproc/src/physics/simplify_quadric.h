// The simplifier's quadrics (Garland-Heckbert): a vertex's sum of squared distances to planes,
// with its optimal placement, in double precision or two at once in SSE2 lanes.
#pragma once

#include "tweed/math.h"

#include <algorithm>
#include <cmath>
#include <limits>

// Interior edges are costed two at a time in SSE2 lanes where the target has SSE2 (every
// x86-64), and a collapse's fan triangles checked with x, y and z in lanes; elsewhere by the
// same scalar code the lanes reproduce.
#if defined(__SSE2__) || defined(_M_X64)
#define TWEED_SIMPLIFY_TWO_LANES 1
#include <emmintrin.h>
#else
#define TWEED_SIMPLIFY_TWO_LANES 0
#endif

namespace tweed::simplify_detail {

inline double maxWithZero(double x)
{
    return std::max(x, 0.0);
}

// The minimiser's result: p where the solve succeeded (a determinant far from 0, a finite
// point), else `towards`. (& rather than &&: the tests are cheap, a branch on each is not.)
inline Vec3 solvedOr(double det, const Vec3 &p, const Vec3 &towards)
{
    const unsigned ok = unsigned(std::abs(det) > 1e-300) & unsigned(std::isfinite(p.x)) &
                        unsigned(std::isfinite(p.y)) & unsigned(std::isfinite(p.z));
    return ok ? p : towards;
}

#if TWEED_SIMPLIFY_TWO_LANES
// Two floats and two doubles in SSE2 lanes, with the operations the edge costs make, so that
// the same code costs two edges at once (forEachEdgeCost). Each lane rounds every operation as the
// scalar code does, so the costs are the same to the bit.
struct Float2
{
    __m128 v; // the low two lanes
    friend Float2 operator+(Float2 a, Float2 b) { return {_mm_add_ps(a.v, b.v)}; }
    friend Float2 operator-(Float2 a, Float2 b) { return {_mm_sub_ps(a.v, b.v)}; }
    friend Float2 operator*(Float2 a, Float2 b) { return {_mm_mul_ps(a.v, b.v)}; }
};
struct Double2
{
    __m128d v;
    Double2(__m128d x) : v(x) {}
    Double2(double x) : v(_mm_set1_pd(x)) {}
    explicit Double2(Float2 f) : v(_mm_cvtps_pd(f.v)) {}
    explicit operator Float2() const { return {_mm_cvtpd_ps(v)}; }
    Double2 operator-() const { return {_mm_xor_pd(v, _mm_set1_pd(-0.0))}; }
    friend Double2 operator+(Double2 a, Double2 b) { return {_mm_add_pd(a.v, b.v)}; }
    friend Double2 operator-(Double2 a, Double2 b) { return {_mm_sub_pd(a.v, b.v)}; }
    friend Double2 operator*(Double2 a, Double2 b) { return {_mm_mul_pd(a.v, b.v)}; }
    friend Double2 operator/(Double2 a, Double2 b) { return {_mm_div_pd(a.v, b.v)}; }
    Double2 &operator+=(Double2 o) { return *this = *this + o; }
};
// Two Vec3s, one per lane.
struct Vec3x2
{
    Float2 x, y, z;
    Vec3x2 operator+(const Vec3x2 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    Vec3x2 operator-(const Vec3x2 &o) const { return {x - o.x, y - o.y, z - o.z}; }
    Vec3x2 operator*(float s) const
    {
        const Float2 f{_mm_set1_ps(s)};
        return {x * f, y * f, z * f};
    }
};

// The lanes' std::max(x, 0.0): MAXPD returns its second operand unless the first is greater, as
// std::max returns its first unless it is less (NaN and -0.0 included).
inline Double2 maxWithZero(Double2 x)
{
    return {_mm_max_pd(_mm_setzero_pd(), x.v)};
}

inline Vec3x2 solvedOr(Double2 det, const Vec3x2 &p, const Vec3x2 &towards)
{
    const __m128d absDet = _mm_andnot_pd(_mm_set1_pd(-0.0), det.v);
    const __m128d detOk = _mm_cmpgt_pd(absDet, _mm_set1_pd(1e-300));
    // Finite floats: magnitude at most the largest float (false for NaN).
    const __m128 largest = _mm_set1_ps(std::numeric_limits<float>::max()),
                 sign = _mm_set1_ps(-0.0f);
    __m128 ok = _mm_castpd_ps(_mm_unpacklo_pd(detOk, detOk)); // lanes 0, 1 of the doubles
    ok = _mm_shuffle_ps(ok, ok, _MM_SHUFFLE(3, 3, 2, 0));    // ... as lanes 0, 1 of floats
    auto finite = [&](Float2 f) { return _mm_cmple_ps(_mm_andnot_ps(sign, f.v), largest); };
    ok = _mm_and_ps(_mm_and_ps(ok, finite(p.x)), _mm_and_ps(finite(p.y), finite(p.z)));
    auto select = [&](Float2 a, Float2 b) {
        return Float2{_mm_or_ps(_mm_and_ps(ok, a.v), _mm_andnot_ps(ok, b.v))};
    };
    return {select(p.x, towards.x), select(p.y, towards.y), select(p.z, towards.z)};
}

#endif

// T is double, or Double2 for two quadrics at once (V is then Vec3x2, for Vec3).
template <class T> struct BasicQuadric
{
    T a00 = 0, a01 = 0, a02 = 0, a11 = 0, a12 = 0, a22 = 0;
    T b0 = 0, b1 = 0, b2 = 0, c = 0;

    // Squared distance to the plane n . p + d = 0 (n unit), times w.
    static BasicQuadric plane(const Vec3 &n, double d, double w)
    {
        BasicQuadric q;
        const double x = n.x, y = n.y, z = n.z;
        q.a00 = w * x * x, q.a01 = w * x * y, q.a02 = w * x * z;
        q.a11 = w * y * y, q.a12 = w * y * z, q.a22 = w * z * z;
        q.b0 = w * d * x, q.b1 = w * d * y, q.b2 = w * d * z;
        q.c = w * d * d;
        return q;
    }
    // Stored in single precision (a00 a01 a02 a11 a12 a22 b0 b1 b2 c).
    static BasicQuadric load(const float *f)
    {
        BasicQuadric q;
        q.a00 = f[0], q.a01 = f[1], q.a02 = f[2], q.a11 = f[3], q.a12 = f[4], q.a22 = f[5];
        q.b0 = f[6], q.b1 = f[7], q.b2 = f[8], q.c = f[9];
        return q;
    }
    void store(float *f) const
    {
        f[0] = float(a00), f[1] = float(a01), f[2] = float(a02), f[3] = float(a11);
        f[4] = float(a12), f[5] = float(a22), f[6] = float(b0), f[7] = float(b1);
        f[8] = float(b2), f[9] = float(c);
    }
    // The quadric of u that this one is of u + s.
    template <class V> BasicQuadric shifted(const V &s) const
    {
        BasicQuadric q = *this;
        const T x = T(s.x), y = T(s.y), z = T(s.z);
        q.b0 = b0 + a00 * x + a01 * y + a02 * z;
        q.b1 = b1 + a01 * x + a11 * y + a12 * z;
        q.b2 = b2 + a02 * x + a12 * y + a22 * z;
        q.c = value(s);
        return q;
    }
    BasicQuadric &operator+=(const BasicQuadric &o)
    {
        a00 += o.a00, a01 += o.a01, a02 += o.a02, a11 += o.a11, a12 += o.a12, a22 += o.a22;
        b0 += o.b0, b1 += o.b1, b2 += o.b2, c += o.c;
        return *this;
    }
    // Moves p along direction n (unit) to where the quadric is smallest on that line.
    Vec3 minimiseAlong(const Vec3 &p, const Vec3 &n) const
    {
        const double x = p.x, y = p.y, z = p.z;
        const double gx = a00 * x + a01 * y + a02 * z + b0, gy = a01 * x + a11 * y + a12 * z + b1,
                     gz = a02 * x + a12 * y + a22 * z + b2;
        const double nan = n.x * (a00 * n.x + a01 * n.y + a02 * n.z) +
                           n.y * (a01 * n.x + a11 * n.y + a12 * n.z) +
                           n.z * (a02 * n.x + a12 * n.y + a22 * n.z);
        if (!(nan > 1e-30))
            return p;
        const double t = -(gx * n.x + gy * n.y + gz * n.z) / nan;
        return p + n * float(t);
    }
    template <class V> T value(const V &p) const
    {
        const T x = T(p.x), y = T(p.y), z = T(p.z);
        return x * (a00 * x + 2 * a01 * y + 2 * a02 * z) + y * (a11 * y + 2 * a12 * z) +
               a22 * z * z + 2 * (b0 * x + b1 * y + b2 * z) + c;
    }
    template <class V> T eval(const V &p) const { return maxWithZero(value(p)); }
    // The minimiser of the quadric, pulled gently towards `towards` so that it exists where the
    // quadric is flat in some direction (planar regions, straight creases).
    template <class V> V minimiser(const V &towards) const
    {
        using F = decltype(V::x);
        const T eps = 1e-3 * (a00 + a11 + a22) / 3 + 1e-30;
        const T m00 = a00 + eps, m11 = a11 + eps, m22 = a22 + eps;
        const T r0 = -b0 + eps * T(towards.x), r1 = -b1 + eps * T(towards.y),
                r2 = -b2 + eps * T(towards.z);
        const T c00 = m11 * m22 - a12 * a12, c01 = a02 * a12 - a01 * m22,
                c02 = a01 * a12 - a02 * m11;
        const T det = m00 * c00 + a01 * c01 + a02 * c02;
        // (solved without a branch on the determinant: the lanes of Double2 cannot take one)
        const T c11 = m00 * m22 - a02 * a02, c12 = a01 * a02 - m00 * a12,
                c22 = m00 * m11 - a01 * a01;
        const T x = (c00 * r0 + c01 * r1 + c02 * r2) / det;
        const T y = (c01 * r0 + c11 * r1 + c12 * r2) / det;
        const T z = (c02 * r0 + c12 * r1 + c22 * r2) / det;
        return solvedOr(det, V{F(x), F(y), F(z)}, towards);
    }
};
using Quadric = BasicQuadric<double>;
#if TWEED_SIMPLIFY_TWO_LANES
using Quadric2 = BasicQuadric<Double2>;

// q in both lanes.
inline Quadric2 bothLanes(const Quadric &q)
{
    Quadric2 r;
    r.a00 = q.a00, r.a01 = q.a01, r.a02 = q.a02, r.a11 = q.a11, r.a12 = q.a12, r.a22 = q.a22;
    r.b0 = q.b0, r.b1 = q.b1, r.b2 = q.b2, r.c = q.c;
    return r;
}

inline Vec3x2 lanes(const Vec3 &a, const Vec3 &b)
{
    return {{_mm_setr_ps(a.x, b.x, 0, 0)}, {_mm_setr_ps(a.y, b.y, 0, 0)},
            {_mm_setr_ps(a.z, b.z, 0, 0)}};
}
#endif

} // namespace tweed::simplify_detail
