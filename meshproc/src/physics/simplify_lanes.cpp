// The simplifier's edge costs four at a time in AVX2 lanes (see simplify_lanes.h).
#include "simplify_lanes.h"
#include "simplify_quadric.h"

#include <atomic>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TWEED_SIMPLIFY_FOUR_LANES 1
#include <immintrin.h>
#else
#define TWEED_SIMPLIFY_FOUR_LANES 0
#endif

#include <algorithm>
#include <cmath>
#include <limits>

#include "tweed/math.h"

// GCC would fuse a * b + c into one rounding where the target has FMA: never fuse, so that the
// lanes round as the scalar code does.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=off")
#elif defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace tweed::simplify_detail {
namespace {
std::atomic<bool> gFourLanesOn{true};
} // namespace

void setFourLanes(bool on)
{
    gFourLanesOn.store(on, std::memory_order_relaxed);
}

#if TWEED_SIMPLIFY_FOUR_LANES

bool fourLanes()
{
    static const bool have = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    }();
    return have && gFourLanesOn.load(std::memory_order_relaxed);
}

// Every function of the namespace gets the target: GCC through its target pragma, clang by the
// attribute applied to each function declared in the region (as the solver's kernels).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
namespace avx2 {

// Four doubles in lanes, with the operations the edge costs make (as Double2 in
// simplify_quadric.h, two lanes wider); the floats are Float2 and Vec3x2 with all four lanes of
// their __m128 used. (The operators are free functions: GCC does not give the target to friends
// defined in a class.)
using Float4 = Float2;
using Vec3x4 = Vec3x2;
struct Double4
{
    __m256d v;
    Double4(__m256d x) : v(x) {}
    Double4(double x) : v(_mm256_set1_pd(x)) {}
    explicit Double4(Float4 f) : v(_mm256_cvtps_pd(f.v)) {}
    explicit operator Float4() const { return {_mm256_cvtpd_ps(v)}; }
    Double4 operator-() const { return {_mm256_xor_pd(v, _mm256_set1_pd(-0.0))}; }
    Double4 &operator+=(Double4 o);
};
inline Double4 operator+(Double4 a, Double4 b) { return {_mm256_add_pd(a.v, b.v)}; }
inline Double4 operator-(Double4 a, Double4 b) { return {_mm256_sub_pd(a.v, b.v)}; }
inline Double4 operator*(Double4 a, Double4 b) { return {_mm256_mul_pd(a.v, b.v)}; }
inline Double4 operator/(Double4 a, Double4 b) { return {_mm256_div_pd(a.v, b.v)}; }
inline Double4 &Double4::operator+=(Double4 o) { return *this = *this + o; }

// As the two-lane maxWithZero: MAXPD returns its second operand unless the first is greater.
inline Double4 maxWithZero(Double4 x)
{
    return {_mm256_max_pd(_mm256_setzero_pd(), x.v)};
}

inline Vec3x4 solvedOr(Double4 det, const Vec3x4 &p, const Vec3x4 &towards)
{
    const __m256d absDet = _mm256_andnot_pd(_mm256_set1_pd(-0.0), det.v);
    const __m256 detOk = _mm256_castpd_ps(_mm256_cmp_pd(absDet, _mm256_set1_pd(1e-300), _CMP_GT_OQ));
    // (the doubles' masks as four float masks)
    return selectSolved(_mm_shuffle_ps(_mm256_castps256_ps128(detOk),
                                       _mm256_extractf128_ps(detOk, 1), _MM_SHUFFLE(2, 0, 2, 0)),
                        p, towards);
}

#include "simplify_quadric.inc"

using Quadric4 = BasicQuadric<Double4>;

// (flattened: GCC leaves the minimiser out of line, a call passing its lanes through memory)
[[gnu::flatten]] void costs(const float *a, const float *const b[4], const double lengthTerms[4],
                            float out[4])
{
    // The four ends' lines, transposed: rows of one entry of the four quadrics and positions.
    __m128 r[4][4];
    for (int k = 0; k < 4; ++k) {
        r[0][k] = _mm_loadu_ps(b[k]);     // a00 a01 a02 a11
        r[1][k] = _mm_loadu_ps(b[k] + 4); // a12 a22 b0 b1
        r[2][k] = _mm_loadu_ps(b[k] + 8); // b2 c px py
        r[3][k] = _mm_loadu_ps(b[k] + 10); // px py pz (next)
    }
    for (auto &group : r)
        _MM_TRANSPOSE4_PS(group[0], group[1], group[2], group[3]);
    auto d = [](__m128 f) { return Double4(Float4{f}); };
    Quadric4 qb;
    qb.a00 = d(r[0][0]), qb.a01 = d(r[0][1]), qb.a02 = d(r[0][2]), qb.a11 = d(r[0][3]);
    qb.a12 = d(r[1][0]), qb.a22 = d(r[1][1]), qb.b0 = d(r[1][2]), qb.b1 = d(r[1][3]);
    qb.b2 = d(r[2][0]), qb.c = d(r[2][1]);
    const Vec3x4 pb{{r[3][0]}, {r[3][1]}, {r[3][2]}};
    const Vec3x4 pa{{_mm_set1_ps(a[10])}, {_mm_set1_ps(a[11])}, {_mm_set1_ps(a[12])}};
    Quadric4 q;
    q.a00 = double(a[0]), q.a01 = double(a[1]), q.a02 = double(a[2]), q.a11 = double(a[3]);
    q.a12 = double(a[4]), q.a22 = double(a[5]), q.b0 = double(a[6]), q.b1 = double(a[7]);
    q.b2 = double(a[8]), q.c = double(a[9]);
    q += qb.shifted(pa - pb);
    const Vec3x4 p = pa + q.minimiser((pb - pa) * 0.5f);
    _mm_storeu_ps(out, Float4(q.eval(p - pa) + Double4(_mm256_loadu_pd(lengthTerms))).v);
}

} // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

void interiorEdgeCosts4(const float *a, const float *const b[4], const double lengthTerms[4],
                        float costs[4])
{
    avx2::costs(a, b, lengthTerms, costs);
}

#else

bool fourLanes()
{
    return false;
}

void interiorEdgeCosts4(const float *, const float *const[4], const double[4], float[4]) {}

#endif

} // namespace tweed::simplify_detail
