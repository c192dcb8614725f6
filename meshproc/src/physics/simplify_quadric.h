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

// solvedOr's choice in float lanes, given the lanes whose determinant is far from 0 (all bits
// set): p where that holds and p is finite, else towards. (The four-lane costs of
// simplify_lanes.cpp use Float2 and Vec3x2 in all four lanes of their __m128, and this too.)
inline Vec3x2 selectSolved(__m128 detOk, const Vec3x2 &p, const Vec3x2 &towards)
{
    // Finite floats: magnitude at most the largest float (false for NaN).
    const __m128 largest = _mm_set1_ps(std::numeric_limits<float>::max()),
                 sign = _mm_set1_ps(-0.0f);
    auto finite = [&](Float2 f) { return _mm_cmple_ps(_mm_andnot_ps(sign, f.v), largest); };
    const __m128 ok =
        _mm_and_ps(_mm_and_ps(detOk, finite(p.x)), _mm_and_ps(finite(p.y), finite(p.z)));
    auto select = [&](Float2 a, Float2 b) {
        return Float2{_mm_or_ps(_mm_and_ps(ok, a.v), _mm_andnot_ps(ok, b.v))};
    };
    return {select(p.x, towards.x), select(p.y, towards.y), select(p.z, towards.z)};
}

inline Vec3x2 solvedOr(Double2 det, const Vec3x2 &p, const Vec3x2 &towards)
{
    const __m128d absDet = _mm_andnot_pd(_mm_set1_pd(-0.0), det.v);
    const __m128d detOk = _mm_cmpgt_pd(absDet, _mm_set1_pd(1e-300));
    __m128 ok = _mm_castpd_ps(_mm_unpacklo_pd(detOk, detOk)); // lanes 0, 1 of the doubles
    ok = _mm_shuffle_ps(ok, ok, _MM_SHUFFLE(3, 3, 2, 0));    // ... as lanes 0, 1 of floats
    return selectSolved(ok, p, towards);
}

#endif

#include "simplify_quadric.inc"

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

// A sum of face planes' quadrics, Quadric::plane(n, d, 1) added entry by entry: in SSE2 lanes
// two entries at a time where the target has them (the same products and sums, so the same
// bits: the weight 1 multiplies exactly). As Quadric's members, the sum moved its ten entries
// through memory at every corner: the set-up took 17.8M instructions a call on human.zae, now
// 15.6M (callgrind as in simplify.cpp's header; a sum in SSE2 lanes is what the set-up runs,
// test_physics_simplify checks it against Quadric::plane bit for bit).
#if TWEED_SIMPLIFY_TWO_LANES
class PlaneSum
{
public:
    explicit PlaneSum(const Quadric &q)
        : m0(_mm_setr_pd(q.a00, q.a01)), m1(_mm_setr_pd(q.a02, q.a11)),
          m2(_mm_setr_pd(q.a12, q.a22)), m3(_mm_setr_pd(q.b0, q.b1)), m4(_mm_setr_pd(q.b2, q.c))
    {
    }
    void add(const Vec3 &n, double d)
    {
        const double x = n.x, y = n.y, z = n.z;
        const __m128d xy = _mm_setr_pd(x, y), dd = _mm_set1_pd(d);
        m0 = _mm_add_pd(m0, _mm_mul_pd(_mm_set1_pd(x), xy));                // x x, x y
        m1 = _mm_add_pd(m1, _mm_mul_pd(xy, _mm_setr_pd(z, y)));             // x z, y y
        m2 = _mm_add_pd(m2, _mm_mul_pd(_mm_setr_pd(y, z), _mm_set1_pd(z))); // y z, z z
        m3 = _mm_add_pd(m3, _mm_mul_pd(dd, xy));                            // d x, d y
        m4 = _mm_add_pd(m4, _mm_mul_pd(dd, _mm_setr_pd(z, d)));             // d z, d d
    }
    Quadric quadric() const
    {
        alignas(16) double e[10];
        _mm_store_pd(e, m0), _mm_store_pd(e + 2, m1), _mm_store_pd(e + 4, m2);
        _mm_store_pd(e + 6, m3), _mm_store_pd(e + 8, m4);
        Quadric q;
        q.a00 = e[0], q.a01 = e[1], q.a02 = e[2], q.a11 = e[3], q.a12 = e[4], q.a22 = e[5];
        q.b0 = e[6], q.b1 = e[7], q.b2 = e[8], q.c = e[9];
        return q;
    }

private:
    __m128d m0, m1, m2, m3, m4;
};
#else
class PlaneSum
{
public:
    explicit PlaneSum(const Quadric &q) : mSum(q) {}
    void add(const Vec3 &n, double d) { mSum += Quadric::plane(n, d, 1.0); }
    Quadric quadric() const { return mSum; }

private:
    Quadric mSum;
};
#endif

} // namespace tweed::simplify_detail
