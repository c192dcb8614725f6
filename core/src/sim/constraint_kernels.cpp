#include "constraint_kernels.h"

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_ps (a self-initialised variable),
// which it reports as uninitialised where they are inlined: not in this header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#define TWEED_SIM_X86 1
#endif

#include <algorithm>
#include <cmath>

// GCC would fuse a * b + c into one rounding where the target has FMA (not on the SSE2 path):
// never fuse, so every path gives the same bits.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=off")
#elif defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace tweed::sim {
namespace {

// Keeps denominators normal floats (even their product) and finite.
constexpr float kTinyDenominator = 1e-15f;
/// The same for num den (wA + wB + alphaTilde), of the order of r^4 w: still a normal float
/// for 0.1 mm edges of a 1 g particle.
constexpr float kTinyProduct = 1e-30f;

// gather and scatter below are always inlined: with the kernels' many instantiations GCC
// otherwise makes them calls, which doubles the constraint kernel's time.

/// Particle i of a batch. 16-bit indices hold twice the particle's index, so that the address
/// is base + index * 8, which x86 addressing does without a shift (16-byte particles).
template <typename Index>
inline float *at(P4 *p, const Index *idx, int i)
{
    if constexpr (sizeof(Index) == 2)
        return &reinterpret_cast<P4 *>(reinterpret_cast<char *>(p) + size_t(idx[i]) * 8)->x;
    else
        return &p[idx[i]].x;
}

#if TWEED_SIM_X86

namespace sse2 {

constexpr uint32_t kLanes = 4;
using VF = __m128;
inline VF vadd(VF a, VF b) { return _mm_add_ps(a, b); }
inline VF vsub(VF a, VF b) { return _mm_sub_ps(a, b); }
inline VF vmul(VF a, VF b) { return _mm_mul_ps(a, b); }
inline VF vdiv(VF a, VF b) { return _mm_div_ps(a, b); }
inline VF vmax(VF a, VF b) { return _mm_max_ps(a, b); }
inline VF vset1(float x) { return _mm_set1_ps(x); }
inline VF vload(const float *p) { return _mm_loadu_ps(p); }
inline void vstore(float *p, VF v) { _mm_storeu_ps(p, v); }
inline VF vsqrt(VF a) { return _mm_sqrt_ps(a); }
using VM = __m128;
inline VM vgreater(VF a, VF b) { return _mm_cmpgt_ps(a, b); }
inline VM vnonzero(VF a) { return _mm_cmpneq_ps(a, _mm_setzero_ps()); }
inline VM vand(VM a, VM b) { return _mm_and_ps(a, b); }
inline VM vor(VM a, VM b) { return _mm_or_ps(a, b); }
inline VM vnotle(VF a, VF b) { return _mm_cmpnle_ps(a, b); }
inline VF vselect(VM m, VF a, VF b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
inline unsigned vbits(VM m) { return unsigned(_mm_movemask_ps(m)); }

template <typename Index>
[[gnu::always_inline]] inline void gather(P4 *p, const Index *idx, VF &x, VF &y, VF &z, VF &w)
{
    x = _mm_load_ps(at(p, idx, 0));
    y = _mm_load_ps(at(p, idx, 1));
    z = _mm_load_ps(at(p, idx, 2));
    w = _mm_load_ps(at(p, idx, 3));
    _MM_TRANSPOSE4_PS(x, y, z, w);
}

template <typename Index>
[[gnu::always_inline]] inline void scatter(P4 *p, const Index *idx, VF x, VF y, VF z, VF w)
{
    _MM_TRANSPOSE4_PS(x, y, z, w);
    _mm_store_ps(at(p, idx, 0), x);
    _mm_store_ps(at(p, idx, 1), y);
    _mm_store_ps(at(p, idx, 2), z);
    _mm_store_ps(at(p, idx, 3), w);
}

#include "constraint_kernel.inc"

} // namespace sse2

// AVX2 without FMA: the same operations as the SSE2 path, eight lanes at a time. Every function
// of the namespace gets the target: GCC through its target pragma, clang (which ignores that
// pragma) by applying the target attribute to each function declared in the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
namespace avx2 {

constexpr uint32_t kLanes = 8;
using VF = __m256;
inline VF vadd(VF a, VF b) { return _mm256_add_ps(a, b); }
inline VF vsub(VF a, VF b) { return _mm256_sub_ps(a, b); }
inline VF vmul(VF a, VF b) { return _mm256_mul_ps(a, b); }
inline VF vdiv(VF a, VF b) { return _mm256_div_ps(a, b); }
inline VF vmax(VF a, VF b) { return _mm256_max_ps(a, b); }
inline VF vset1(float x) { return _mm256_set1_ps(x); }
inline VF vload(const float *p) { return _mm256_loadu_ps(p); }
inline void vstore(float *p, VF v) { _mm256_storeu_ps(p, v); }
inline VF vsqrt(VF a) { return _mm256_sqrt_ps(a); }
using VM = __m256;
inline VM vgreater(VF a, VF b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
inline VM vnonzero(VF a) { return _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_NEQ_UQ); }
inline VM vand(VM a, VM b) { return _mm256_and_ps(a, b); }
inline VM vor(VM a, VM b) { return _mm256_or_ps(a, b); }
inline VM vnotle(VF a, VF b) { return _mm256_cmp_ps(a, b, _CMP_NLE_UQ); }
inline VF vselect(VM m, VF a, VF b) { return _mm256_blendv_ps(b, a, m); }
inline unsigned vbits(VM m) { return unsigned(_mm256_movemask_ps(m)); }

// Loads 8 particles (two per 256-bit row) and transposes them to x, y, z, w vectors. A row's
// upper half is a broadcast load blended in (a load and a blend rather than an insert, which
// would take a shuffle slot the transposes need; 2% faster on the hang benchmark).
template <typename Index>
[[gnu::always_inline]] inline VF row(P4 *p, const Index *idx, int i)
{
    return _mm256_blend_ps(_mm256_castps128_ps256(_mm_load_ps(at(p, idx, i))),
                           _mm256_broadcast_ps(reinterpret_cast<const __m128 *>(at(p, idx, i + 4))),
                           0xF0);
}

template <typename Index>
[[gnu::always_inline]] inline void gather(P4 *p, const Index *idx, VF &x, VF &y, VF &z, VF &w)
{
    const VF r0 = row(p, idx, 0), r1 = row(p, idx, 1), r2 = row(p, idx, 2), r3 = row(p, idx, 3);
    const VF t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpacklo_ps(r2, r3);
    const VF t2 = _mm256_unpackhi_ps(r0, r1), t3 = _mm256_unpackhi_ps(r2, r3);
    x = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    y = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    z = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    w = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

template <typename Index>
[[gnu::always_inline]] inline void scatter(P4 *p, const Index *idx, VF x, VF y, VF z, VF w)
{
    const VF t0 = _mm256_unpacklo_ps(x, y), t1 = _mm256_unpacklo_ps(z, w);
    const VF t2 = _mm256_unpackhi_ps(x, y), t3 = _mm256_unpackhi_ps(z, w);
    const VF r0 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    const VF r1 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    const VF r2 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    const VF r3 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
    _mm_store_ps(at(p, idx, 0), _mm256_castps256_ps128(r0));
    _mm_store_ps(at(p, idx, 1), _mm256_castps256_ps128(r1));
    _mm_store_ps(at(p, idx, 2), _mm256_castps256_ps128(r2));
    _mm_store_ps(at(p, idx, 3), _mm256_castps256_ps128(r3));
    _mm_store_ps(at(p, idx, 4), _mm256_extractf128_ps(r0, 1));
    _mm_store_ps(at(p, idx, 5), _mm256_extractf128_ps(r1, 1));
    _mm_store_ps(at(p, idx, 6), _mm256_extractf128_ps(r2, 1));
    _mm_store_ps(at(p, idx, 7), _mm256_extractf128_ps(r3, 1));
}

#include "constraint_kernel.inc"

} // namespace avx2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

// AVX-512 without FMA: the same operations again, sixteen lanes at a time, with mask registers
// for the lane masks.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl")
#endif
namespace avx512 {

constexpr uint32_t kLanes = 16;
using VF = __m512;
inline VF vadd(VF a, VF b) { return _mm512_add_ps(a, b); }
inline VF vsub(VF a, VF b) { return _mm512_sub_ps(a, b); }
inline VF vmul(VF a, VF b) { return _mm512_mul_ps(a, b); }
inline VF vdiv(VF a, VF b) { return _mm512_div_ps(a, b); }
inline VF vmax(VF a, VF b) { return _mm512_max_ps(a, b); }
inline VF vset1(float x) { return _mm512_set1_ps(x); }
inline VF vload(const float *p) { return _mm512_loadu_ps(p); }
inline void vstore(float *p, VF v) { _mm512_storeu_ps(p, v); }
inline VF vsqrt(VF a) { return _mm512_sqrt_ps(a); }
using VM = __mmask16;
inline VM vgreater(VF a, VF b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
inline VM vnonzero(VF a) { return _mm512_cmp_ps_mask(a, _mm512_setzero_ps(), _CMP_NEQ_UQ); }
inline VM vand(VM a, VM b) { return VM(a & b); }
inline VM vor(VM a, VM b) { return VM(a | b); }
inline VM vnotle(VF a, VF b) { return _mm512_cmp_ps_mask(a, b, _CMP_NLE_UQ); }
inline VF vselect(VM m, VF a, VF b) { return _mm512_mask_blend_ps(m, b, a); }
inline unsigned vbits(VM m) { return unsigned(m); }

// Loads 16 particles as two sets of eight, each transposed in 256-bit registers as the AVX2
// path does, and joins the halves: cheaper than transposing in 512-bit rows (masked broadcasts
// in, 128-bit extracts out, 512-bit shuffles), so that the wider arithmetic pays on processors
// that split 512-bit operations in two (Zen 4). AVX-512VL gives the 256-bit code 32 registers.
[[gnu::always_inline]] inline VF join(__m256 lo, __m256 hi)
{
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(lo)),
                                               _mm256_castps_pd(hi), 1));
}

[[gnu::always_inline]] inline __m256 high(VF v)
{
    return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
}

template <typename Index>
[[gnu::always_inline]] inline void gather(P4 *p, const Index *idx, VF &x, VF &y, VF &z, VF &w)
{
    __m256 x0, y0, z0, w0, x1, y1, z1, w1;
    avx2::gather(p, idx, x0, y0, z0, w0);
    avx2::gather(p, idx + 8, x1, y1, z1, w1);
    x = join(x0, x1);
    y = join(y0, y1);
    z = join(z0, z1);
    w = join(w0, w1);
}

template <typename Index>
[[gnu::always_inline]] inline void scatter(P4 *p, const Index *idx, VF x, VF y, VF z, VF w)
{
    avx2::scatter(p, idx, _mm512_castps512_ps256(x), _mm512_castps512_ps256(y),
                  _mm512_castps512_ps256(z), _mm512_castps512_ps256(w));
    avx2::scatter(p, idx + 8, high(x), high(y), high(z), high(w));
}

#include "constraint_kernel.inc"

} // namespace avx512
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

enum class Path { Sse2, Avx2, Avx512 };

Path bestPath()
{
    static const Path path = [] {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl"))
            return Path::Avx512;
        if (__builtin_cpu_supports("avx2"))
            return Path::Avx2;
        return Path::Sse2;
    }();
    return path;
}

// The widest path of at most `lanes` lanes the processor has (0: the widest). On the hang
// benchmark (Zen 4, which splits 512-bit operations in two) AVX-512 runs 9% faster than AVX2:
// its 256-bit transposes use 32 registers (no spills) and its arithmetic half the instructions.
Path pathFor(uint32_t lanes)
{
    const Path best = bestPath();
    if (lanes >= 16 || lanes == 0)
        return best;
    if (lanes >= 8)
        return best == Path::Sse2 ? Path::Sse2 : Path::Avx2;
    return Path::Sse2;
}

#else

// Other processors: one constraint at a time, the same operations.
namespace scalar {

constexpr uint32_t kLanes = 1;
using VF = float;
inline VF vadd(VF a, VF b) { return a + b; }
inline VF vsub(VF a, VF b) { return a - b; }
inline VF vmul(VF a, VF b) { return a * b; }
inline VF vdiv(VF a, VF b) { return a / b; }
inline VF vmax(VF a, VF b) { return a > b ? a : b; } // as maxps
inline VF vset1(float x) { return x; }
inline VF vload(const float *p) { return *p; }
inline void vstore(float *p, VF v) { *p = v; }
inline VF vsqrt(VF a) { return std::sqrt(a); }
using VM = bool;
inline VM vgreater(VF a, VF b) { return a > b; }
inline VM vnonzero(VF a) { return a != 0.0f; }
inline VM vand(VM a, VM b) { return a && b; }
inline VM vor(VM a, VM b) { return a || b; }
inline VM vnotle(VF a, VF b) { return !(a <= b); }
inline VF vselect(VM m, VF a, VF b) { return m ? a : b; }
inline unsigned vbits(VM m) { return m ? 1u : 0u; }
template <typename Index>
[[gnu::always_inline]] inline void gather(P4 *p, const Index *idx, VF &x, VF &y, VF &z, VF &w)
{
    const float *q = at(p, idx, 0);
    x = q[0];
    y = q[1];
    z = q[2];
    w = q[3];
}
template <typename Index>
[[gnu::always_inline]] inline void scatter(P4 *p, const Index *idx, VF x, VF y, VF z, VF w)
{
    float *q = at(p, idx, 0);
    q[0] = x;
    q[1] = y;
    q[2] = z;
    q[3] = w;
}

#include "constraint_kernel.inc"

} // namespace scalar

#endif

// One instruction set's kernels (each namespace above builds its own from the same source).
struct PathKernels
{
    ColourKernel (*colour)(bool xpbd, LambdaMode mode, bool uniform, bool narrow);
    HardKernel hard;
    FinishKernel finish;
    IntegrateKernel integrate;
};

const PathKernels &pathKernels(uint32_t lanes)
{
#if TWEED_SIM_X86
    static const PathKernels sse2Kernels = {&sse2::kernelFor, &sse2::hardSweep,
                                            &sse2::finishScreen, &sse2::integrateStep};
    static const PathKernels avx2Kernels = {&avx2::kernelFor, &avx2::hardSweep,
                                            &avx2::finishScreen, &avx2::integrateStep};
    static const PathKernels avx512Kernels = {&avx512::kernelFor, &avx512::hardSweep,
                                              &avx512::finishScreen, &avx512::integrateStep};
    switch (pathFor(lanes)) {
    case Path::Avx512:
        return avx512Kernels;
    case Path::Avx2:
        return avx2Kernels;
    case Path::Sse2:
        break;
    }
    return sse2Kernels;
#else
    (void)lanes;
    static const PathKernels scalarKernels = {&scalar::kernelFor, &scalar::hardSweep,
                                              &scalar::finishScreen, &scalar::integrateStep};
    return scalarKernels;
#endif
}

} // namespace

ColourKernel colourKernel(bool xpbd, LambdaMode mode, bool uniformParam, bool narrowIndices,
                          uint32_t lanes)
{
    return pathKernels(lanes).colour(xpbd, mode, uniformParam, narrowIndices);
}

HardKernel hardKernel(uint32_t lanes) { return pathKernels(lanes).hard; }

FinishKernel finishKernel(uint32_t lanes) { return pathKernels(lanes).finish; }

IntegrateKernel integrateKernel(uint32_t lanes) { return pathKernels(lanes).integrate; }

const char *kernelPath(uint32_t lanes)
{
#if TWEED_SIM_X86
    switch (pathFor(lanes)) {
    case Path::Avx512:
        return "avx512";
    case Path::Avx2:
        return "avx2";
    case Path::Sse2:
        break;
    }
    return "sse2";
#else
    (void)lanes;
    return "scalar";
#endif
}

} // namespace tweed::sim
