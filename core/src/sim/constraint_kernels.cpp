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
/// for 0.1 mm edges of a 1 g particle. Taken only where a compression limit may shorten r:
/// elsewhere the precomputed terms keep that product normal (kShortestRestSq).
constexpr float kTinyProduct = 1e-30f;
/// The least r^2 the kernels take (1 um): with a weight sum of at least 1e-6 (a particle of
/// at most 1,000 t, or 1 where both ends are immovable), num den w >= 3 r^4 w stays a normal
/// float, and a zero-length constraint between coincident particles divides no zero by zero.
constexpr float kShortestRestSq = 1e-12f;

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

/// The particles of a batch, lane i's at addr(i): by index, or every step-th from a first one
/// (a run, with no index to load). The kernels' gatherAt and scatterAt take either.
template <typename Index> struct Indexed
{
    P4 *p;
    const Index *idx;
    [[gnu::always_inline]] float *operator()(int i) const { return at(p, idx, i); }
};

template <int Step> struct Strided
{
    P4 *first;
    [[gnu::always_inline]] float *operator()(int i) const { return &first[i * Step].x; }
};

/// Lanes from `offset` on (the upper half of a batch).
template <class Addr> struct Shifted
{
    Addr addr;
    int offset;
    [[gnu::always_inline]] float *operator()(int i) const { return addr(i + offset); }
};

/// The first particle of a batch (of a run).
template <typename Index> inline P4 *first(P4 *p, const Index *idx)
{
    return reinterpret_cast<P4 *>(at(p, idx, 0));
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

template <class Addr>
[[gnu::always_inline]] inline void gatherAt(Addr addr, VF &x, VF &y, VF &z, VF &w)
{
    x = _mm_load_ps(addr(0));
    y = _mm_load_ps(addr(1));
    z = _mm_load_ps(addr(2));
    w = _mm_load_ps(addr(3));
    _MM_TRANSPOSE4_PS(x, y, z, w);
}

template <class Addr>
[[gnu::always_inline]] inline void scatterAt(Addr addr, VF x, VF y, VF z, VF w)
{
    _MM_TRANSPOSE4_PS(x, y, z, w);
    _mm_store_ps(addr(0), x);
    _mm_store_ps(addr(1), y);
    _mm_store_ps(addr(2), z);
    _mm_store_ps(addr(3), w);
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
template <class Addr> [[gnu::always_inline]] inline VF row(Addr addr, int i)
{
    return _mm256_blend_ps(_mm256_castps128_ps256(_mm_load_ps(addr(i))),
                           _mm256_broadcast_ps(reinterpret_cast<const __m128 *>(addr(i + 4))),
                           0xF0);
}

template <class Addr>
[[gnu::always_inline]] inline void gatherAt(Addr addr, VF &x, VF &y, VF &z, VF &w)
{
    const VF r0 = row(addr, 0), r1 = row(addr, 1), r2 = row(addr, 2), r3 = row(addr, 3);
    const VF t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpacklo_ps(r2, r3);
    const VF t2 = _mm256_unpackhi_ps(r0, r1), t3 = _mm256_unpackhi_ps(r2, r3);
    x = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    y = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    z = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    w = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

template <class Addr>
[[gnu::always_inline]] inline void scatterAt(Addr addr, VF x, VF y, VF z, VF w)
{
    const VF t0 = _mm256_unpacklo_ps(x, y), t1 = _mm256_unpacklo_ps(z, w);
    const VF t2 = _mm256_unpackhi_ps(x, y), t3 = _mm256_unpackhi_ps(z, w);
    const VF r0 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(1, 0, 1, 0));
    const VF r1 = _mm256_shuffle_ps(t0, t1, _MM_SHUFFLE(3, 2, 3, 2));
    const VF r2 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(1, 0, 1, 0));
    const VF r3 = _mm256_shuffle_ps(t2, t3, _MM_SHUFFLE(3, 2, 3, 2));
    _mm_store_ps(addr(0), _mm256_castps256_ps128(r0));
    _mm_store_ps(addr(1), _mm256_castps256_ps128(r1));
    _mm_store_ps(addr(2), _mm256_castps256_ps128(r2));
    _mm_store_ps(addr(3), _mm256_castps256_ps128(r3));
    _mm_store_ps(addr(4), _mm256_extractf128_ps(r0, 1));
    _mm_store_ps(addr(5), _mm256_extractf128_ps(r1, 1));
    _mm_store_ps(addr(6), _mm256_extractf128_ps(r2, 1));
    _mm_store_ps(addr(7), _mm256_extractf128_ps(r3, 1));
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

// 16 particles as four 512-bit rows of four (row j holds particles 4 j to 4 j + 3), transposed
// to and from x, y, z, w by two-source permutes in two rounds: rows to x0-7 y0-7 / z0-7 w0-7
// of each half, then the halves joined. 8 shuffles each way, against 28 for 256-bit
// transposes joined.
// Where the hang benchmark's time goes (N = 128, one thread, Zen 4, 8.0-8.3 ns per
// vertex-iteration; timing experiments, each against the unchanged code in the same run, whose
// results were wrong or slower, so not kept): without the rows' transposes (runs' loads and
// stores taken as x, y, z, w) 6% less, so they are not the bound; the rest lengths and
// multipliers kept within 4 KB (less memory traffic) 1% less; one kernel call per block
// instead of per colour 1% less; rows aligned to cache lines, no change; without the
// arithmetic (the cloth then stays put) 27% less. Every batch gathered: 44% more, so a
// gathered batch costs about twice a run. Yet turning the gathered 14% (where a colour's run
// has a gap, at a row's end) into runs with holes of padding was slower: 5% with masked loads
// and stores, 4% with plain loads and a blend before the store, the extra padding included;
// so were two batches in flight across the division (19% and 54%: spills), and the hard
// constraints' levels loaded as runs changed nothing. Added arithmetic costs: 512-bit
// operations (Zen 4 runs each as two halves on its four 256-bit pipes), 19 more independent
// ones per batch (multiplies, adds and maxima) cost 13% more, their share of the pipes, while
// the permutes run beside them. Yet fewer operations gain little: r^2, 3 r^2 and the weight
// sum precomputed per constraint (4 fewer per batch) 1.5%, the guard on the division's
// denominator dropped and the chain after the division shortened 3%; fused multiply-adds
// (AVX-512 alone, 10 of about 38 operations fused; not kept, the other paths would need them
// emulated bit for bit) 1-2%; a multiply in place of the division (timing only) about 2%; the
// division's denominator formed in an order that needs den later, no change. So neither the
// operations' count nor the division's latency binds alone; what is left is spread over the
// loads, stores and transposes of the particles and the loop itself. Also tried and not kept:
// the lanes in another order (lane 4 k + j holding constraint 4 j + k), so that rows transpose
// within 128-bit lanes (unpacks and shuffles of one cycle, no index registers, no register
// copies) with the per-constraint values permuted where loaded and stored: the same bits, the
// hang unchanged within the noise (alternated four times), the sample coat's solver 5% slower
// (its gathered rows by broadcasts rather than the joined transposes). A profile by software
// sampling (perf -e cpu-clock) piles 12% of this kernel's samples on the instruction after the
// division, the rest spread thinly; the colours of the hang are small (267 of 128 to 512
// constraints, 8 to 32 batches a call), so a call's prologue and its loop exit recur often.
// Each colour's batches grouped by layout (runs first, gathered last: 267 changes of layout an
// iteration instead of 1,273; the same bits) ran 3% slower, alternated twelve times: the
// gathered batches, heavy on loads, go better between the runs, heavy on shuffles.
inline __m512i lanes(int a, int step)
{
    return _mm512_setr_epi32(a, a + step, a + 2 * step, a + 3 * step, a + 4 * step,
                             a + 5 * step, a + 6 * step, a + 7 * step, a + 8 * step,
                             a + 9 * step, a + 10 * step, a + 11 * step, a + 12 * step,
                             a + 13 * step, a + 14 * step, a + 15 * step);
}

[[gnu::always_inline]] inline VF permute(VF a, __m512i index, VF b)
{
    return _mm512_permutex2var_ps(a, index, b);
}

[[gnu::always_inline]] inline void fromRows(VF r0, VF r1, VF r2, VF r3, VF &x, VF &y, VF &z,
                                            VF &w)
{
    // x and y of particles 0-7 (4 i, 4 i + 1 of rows 0 and 1), z and w.
    const __m512i xy = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
    const __m512i zw = _mm512_add_epi32(xy, _mm512_set1_epi32(2));
    const VF t0 = permute(r0, xy, r1), t1 = permute(r0, zw, r1), t2 = permute(r2, xy, r3),
             t3 = permute(r2, zw, r3);
    const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    const __m512i hi = _mm512_add_epi32(lo, _mm512_set1_epi32(8));
    x = permute(t0, lo, t2);
    y = permute(t0, hi, t2);
    z = permute(t1, lo, t3);
    w = permute(t1, hi, t3);
}

[[gnu::always_inline]] inline void toRows(VF x, VF y, VF z, VF w, VF &r0, VF &r1, VF &r2, VF &r3)
{
    const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    const __m512i hi = _mm512_add_epi32(lo, _mm512_set1_epi32(8));
    const VF t0 = permute(x, lo, y), t1 = permute(z, lo, w), t2 = permute(x, hi, y),
             t3 = permute(z, hi, w);
    // Particle j of 0-3: x j, y 8 + j of the first source, z j, w 8 + j of the second.
    const __m512i rowLo =
        _mm512_setr_epi32(0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 27);
    const __m512i rowHi = _mm512_add_epi32(rowLo, _mm512_set1_epi32(4));
    r0 = permute(t0, rowLo, t1);
    r1 = permute(t0, rowHi, t1);
    r2 = permute(t2, rowLo, t3);
    r3 = permute(t2, rowHi, t3);
}

// A row of four scattered particles: one load and three broadcasts merged under a mask (the
// load unit broadcasts; no shuffle).
template <class Addr> [[gnu::always_inline]] inline VF gatherRow(Addr addr, int j)
{
    VF r = _mm512_zextps128_ps512(_mm_load_ps(addr(4 * j)));
    r = _mm512_mask_broadcast_f32x4(r, 0x00F0, _mm_load_ps(addr(4 * j + 1)));
    r = _mm512_mask_broadcast_f32x4(r, 0x0F00, _mm_load_ps(addr(4 * j + 2)));
    return _mm512_mask_broadcast_f32x4(r, 0xF000, _mm_load_ps(addr(4 * j + 3)));
}

// Particle k of row r to its place: a store of the row masked to its four lanes, from 16 k
// bytes before it (no shuffle; a masked store touches no other byte).
template <class Addr> [[gnu::always_inline]] inline void scatterRow(Addr addr, int j, VF r)
{
    _mm_store_ps(addr(4 * j), _mm512_castps512_ps128(r));
    _mm_store_ps(addr(4 * j + 1), _mm512_extractf32x4_ps(r, 1));
    _mm_store_ps(addr(4 * j + 2), _mm512_extractf32x4_ps(r, 2));
    _mm_store_ps(addr(4 * j + 3), _mm512_extractf32x4_ps(r, 3));
}

// Gathered batches but those of colours with runs (see gather in constraint_kernel.inc): two
// sets of eight transposed in 256-bit registers as the AVX2 path does, the halves joined. There
// faster than the rows (the sample coat, which has no run: solver 0.49 ms against 0.52 per
// frame; the hang's per-vertex kernels 1% faster); in the colours with runs, slower (the hang
// 9.1 ns per vertex-iteration against 8.8).
#define TWEED_SIM_JOINED_GATHER 1
[[gnu::always_inline]] inline VF join(__m256 lo, __m256 hi)
{
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(lo)),
                                               _mm256_castps_pd(hi), 1));
}

[[gnu::always_inline]] inline __m256 high(VF v)
{
    return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1));
}

template <class Addr>
[[gnu::always_inline]] inline void gatherJoinedAt(Addr addr, VF &x, VF &y, VF &z, VF &w)
{
    __m256 x0, y0, z0, w0, x1, y1, z1, w1;
    avx2::gatherAt(addr, x0, y0, z0, w0);
    avx2::gatherAt(Shifted<Addr>{addr, 8}, x1, y1, z1, w1);
    x = join(x0, x1);
    y = join(y0, y1);
    z = join(z0, z1);
    w = join(w0, w1);
}

template <class Addr>
[[gnu::always_inline]] inline void scatterJoinedAt(Addr addr, VF x, VF y, VF z, VF w)
{
    avx2::scatterAt(addr, _mm512_castps512_ps256(x), _mm512_castps512_ps256(y),
                    _mm512_castps512_ps256(z), _mm512_castps512_ps256(w));
    avx2::scatterAt(Shifted<Addr>{addr, 8}, high(x), high(y), high(z), high(w));
}

template <class Addr>
[[gnu::always_inline]] inline void gatherAt(Addr addr, VF &x, VF &y, VF &z, VF &w)
{
    fromRows(gatherRow(addr, 0), gatherRow(addr, 1), gatherRow(addr, 2), gatherRow(addr, 3), x, y,
             z, w);
}

template <class Addr>
[[gnu::always_inline]] inline void scatterAt(Addr addr, VF x, VF y, VF z, VF w)
{
    VF r0, r1, r2, r3;
    toRows(x, y, z, w, r0, r1, r2, r3);
    scatterRow(addr, 0, r0);
    scatterRow(addr, 1, r1);
    scatterRow(addr, 2, r2);
    scatterRow(addr, 3, r3);
}

// A run of 16 consecutive particles: whole rows.
#define TWEED_SIM_ROW_RUNS 1
[[gnu::always_inline]] inline void loadRun(P4 *q, VF &x, VF &y, VF &z, VF &w)
{
    const float *f = &q->x;
    fromRows(_mm512_loadu_ps(f), _mm512_loadu_ps(f + 16), _mm512_loadu_ps(f + 32),
             _mm512_loadu_ps(f + 48), x, y, z, w);
}

[[gnu::always_inline]] inline void storeRun(P4 *q, VF x, VF y, VF z, VF w)
{
    VF r0, r1, r2, r3;
    toRows(x, y, z, w, r0, r1, r2, r3);
    float *f = &q->x;
    _mm512_storeu_ps(f, r0);
    _mm512_storeu_ps(f + 16, r1);
    _mm512_storeu_ps(f + 32, r2);
    _mm512_storeu_ps(f + 48, r3);
}

// 32 consecutive particles, A the even ones and B the odd: two runs, split by lane parity.
[[gnu::always_inline]] inline void loadPairs(P4 *q, VF &ax, VF &ay, VF &az, VF &aw, VF &bx,
                                             VF &by, VF &bz, VF &bw)
{
    VF x0, y0, z0, w0, x1, y1, z1, w1;
    loadRun(q, x0, y0, z0, w0);
    loadRun(q + 16, x1, y1, z1, w1);
    const __m512i even = lanes(0, 2), odd = lanes(1, 2);
    ax = permute(x0, even, x1);
    ay = permute(y0, even, y1);
    az = permute(z0, even, z1);
    aw = permute(w0, even, w1);
    bx = permute(x0, odd, x1);
    by = permute(y0, odd, y1);
    bz = permute(z0, odd, z1);
    bw = permute(w0, odd, w1);
}

[[gnu::always_inline]] inline void storePairs(P4 *q, VF ax, VF ay, VF az, VF aw, VF bx, VF by,
                                              VF bz, VF bw)
{
    // Lane 2 i of the run is A's i, 2 i + 1 B's i.
    const __m512i lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i hi = _mm512_add_epi32(lo, _mm512_set1_epi32(8));
    storeRun(q, permute(ax, lo, bx), permute(ay, lo, by), permute(az, lo, bz),
             permute(aw, lo, bw));
    storeRun(q + 16, permute(ax, hi, bx), permute(ay, hi, by), permute(az, hi, bz),
             permute(aw, hi, bw));
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
template <class Addr>
[[gnu::always_inline]] inline void gatherAt(Addr addr, VF &x, VF &y, VF &z, VF &w)
{
    const float *q = addr(0);
    x = q[0];
    y = q[1];
    z = q[2];
    w = q[3];
}
template <class Addr>
[[gnu::always_inline]] inline void scatterAt(Addr addr, VF x, VF y, VF z, VF w)
{
    float *q = addr(0);
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
    SqueezeKernel squeeze;
};

const PathKernels &pathKernels(uint32_t lanes)
{
#if TWEED_SIM_X86
    static const PathKernels sse2Kernels = {&sse2::kernelFor, &sse2::hardSweep,
                                            &sse2::finishScreen, &sse2::integrateStep,
                                            &sse2::squeezeLimits};
    static const PathKernels avx2Kernels = {&avx2::kernelFor, &avx2::hardSweep,
                                            &avx2::finishScreen, &avx2::integrateStep,
                                            &avx2::squeezeLimits};
    static const PathKernels avx512Kernels = {&avx512::kernelFor, &avx512::hardSweep,
                                              &avx512::finishScreen, &avx512::integrateStep,
                                              &avx512::squeezeLimits};
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
                                              &scalar::finishScreen, &scalar::integrateStep,
                                              &scalar::squeezeLimits};
    return scalarKernels;
#endif
}

} // namespace

std::vector<uint8_t> batchLayouts(const uint32_t *ia, const uint32_t *ib, uint32_t count)
{
    std::vector<uint8_t> layouts(count / 16, kGathered);
    for (uint32_t batch = 0; batch < count / 16; ++batch) {
        const uint32_t *a = ia + size_t(batch) * 16, *b = ib + size_t(batch) * 16;
        bool runA = true, runB = true, pairs = true;
        for (uint32_t i = 0; i < 16; ++i) {
            runA = runA && a[i] == a[0] + i;
            runB = runB && b[i] == b[0] + i;
            pairs = pairs && a[i] == a[0] + 2 * i && b[i] == a[i] + 1;
        }
        layouts[batch] = uint8_t((runA ? kRunA : 0) | (runB ? kRunB : 0));
        if (pairs)
            layouts[batch] = kInterleaved;
    }
    return layouts;
}

std::vector<uint8_t> hardDistinctParents(const uint32_t *parent, uint32_t count)
{
    std::vector<uint8_t> distinct(count / 16, 0);
    for (uint32_t batch = 0; batch < count / 16; ++batch) {
        uint32_t sorted[16];
        std::copy(parent + size_t(batch) * 16, parent + size_t(batch) * 16 + 16, sorted);
        std::sort(sorted, sorted + 16);
        distinct[batch] = std::adjacent_find(sorted, sorted + 16) == sorted + 16;
    }
    return distinct;
}

void squareRests(const float *rest, size_t begin, size_t end, float *restSq, float *restSq3)
{
    for (size_t k = begin; k < end; ++k) {
        const float r2 = std::max(rest[k] * rest[k], kShortestRestSq);
        restSq[k] = r2;
        restSq3[k] = 3.0f * r2;
    }
}

void weightSums(const P4 *p, const uint32_t *ia, const uint32_t *ib, size_t count,
                const float *param, float uniformParam, float *weight)
{
    for (size_t k = 0; k < count; ++k) {
        const float ends = p[ia[k]].w + p[ib[k]].w;
        const float sum = ends + (param ? param[k] : uniformParam);
        weight[k] = sum > 0.0f ? sum : 1.0f;
    }
}

ColourKernel colourKernel(bool xpbd, LambdaMode mode, bool uniformParam, bool narrowIndices,
                          uint32_t lanes)
{
    return pathKernels(lanes).colour(xpbd, mode, uniformParam, narrowIndices);
}

HardKernel hardKernel(uint32_t lanes) { return pathKernels(lanes).hard; }

FinishKernel finishKernel(uint32_t lanes) { return pathKernels(lanes).finish; }

IntegrateKernel integrateKernel(uint32_t lanes) { return pathKernels(lanes).integrate; }

SqueezeKernel squeezeKernel(uint32_t lanes) { return pathKernels(lanes).squeeze; }

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
