#include "edge_chains.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define TWEED_CHAINS_SSE2 1
#endif

namespace tweed::sim {
namespace {

// Four lanes of the same IEEE operations: SSE2 where the processor has it (every x86-64 one, so
// every kernel path runs this same code and gives the same bits), else plain floats.
#ifdef TWEED_CHAINS_SSE2
struct F4
{
    __m128 v;
};
inline F4 load4(const float *p) { return {_mm_loadu_ps(p)}; }
inline void store4(float *p, F4 a) { _mm_storeu_ps(p, a.v); }
inline F4 set4(float v) { return {_mm_set1_ps(v)}; }
inline F4 operator+(F4 a, F4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline F4 operator/(F4 a, F4 b) { return {_mm_div_ps(a.v, b.v)}; }
inline F4 sqrt4(F4 a) { return {_mm_sqrt_ps(a.v)}; }
inline F4 max4(F4 a, F4 b) { return {_mm_max_ps(a.v, b.v)}; }
/// 1 where a > b, else 0.
inline F4 greater4(F4 a, F4 b) { return {_mm_and_ps(_mm_cmpgt_ps(a.v, b.v), _mm_set1_ps(1.0f))}; }
#else
struct F4
{
    float v[4];
};
inline F4 load4(const float *p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store4(float *p, F4 a)
{
    for (int i = 0; i < 4; ++i)
        p[i] = a.v[i];
}
inline F4 set4(float v) { return {{v, v, v, v}}; }
template <class Op> inline F4 lanewise(F4 a, F4 b, Op op)
{
    return {{op(a.v[0], b.v[0]), op(a.v[1], b.v[1]), op(a.v[2], b.v[2]), op(a.v[3], b.v[3])}};
}
inline F4 operator+(F4 a, F4 b) { return lanewise(a, b, [](float x, float y) { return x + y; }); }
inline F4 operator-(F4 a, F4 b) { return lanewise(a, b, [](float x, float y) { return x - y; }); }
inline F4 operator*(F4 a, F4 b) { return lanewise(a, b, [](float x, float y) { return x * y; }); }
inline F4 operator/(F4 a, F4 b) { return lanewise(a, b, [](float x, float y) { return x / y; }); }
inline F4 sqrt4(F4 a) { return lanewise(a, a, [](float x, float) { return std::sqrt(x); }); }
inline F4 max4(F4 a, F4 b) { return lanewise(a, b, [](float x, float y) { return x > y ? x : y; }); }
inline F4 greater4(F4 a, F4 b)
{
    return lanewise(a, b, [](float x, float y) { return x > y ? 1.0f : 0.0f; });
}
#endif

/// Particles vert[0..3] into four lanes each of x, y, z and w at position j of the slots.
inline void gather4(const P4 *p, const uint32_t *vert, float *x, float *y, float *z, float *w)
{
#ifdef TWEED_CHAINS_SSE2
    __m128 r0 = _mm_load_ps(&p[vert[0]].x), r1 = _mm_load_ps(&p[vert[1]].x),
           r2 = _mm_load_ps(&p[vert[2]].x), r3 = _mm_load_ps(&p[vert[3]].x);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    _mm_storeu_ps(x, r0);
    _mm_storeu_ps(y, r1);
    _mm_storeu_ps(z, r2);
    _mm_storeu_ps(w, r3);
#else
    for (int i = 0; i < 4; ++i) {
        const P4 &q = p[vert[i]];
        x[i] = q.x;
        y[i] = q.y;
        z[i] = q.z;
        w[i] = q.w;
    }
#endif
}

/// The reverse of gather4 (w goes back unchanged).
inline void scatter4(P4 *p, const uint32_t *vert, const float *x, const float *y, const float *z,
                     const float *w)
{
#ifdef TWEED_CHAINS_SSE2
    __m128 r0 = _mm_loadu_ps(x), r1 = _mm_loadu_ps(y), r2 = _mm_loadu_ps(z), r3 = _mm_loadu_ps(w);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    _mm_store_ps(&p[vert[0]].x, r0);
    _mm_store_ps(&p[vert[1]].x, r1);
    _mm_store_ps(&p[vert[2]].x, r2);
    _mm_store_ps(&p[vert[3]].x, r3);
#else
    for (int i = 0; i < 4; ++i) {
        P4 &q = p[vert[i]];
        q.x = x[i];
        q.y = y[i];
        q.z = z[i];
        q.w = w[i];
    }
#endif
}

/// a where keep is 0, else b.
inline F4 unlessZero(F4 keep, F4 a, F4 b)
{
#ifdef TWEED_CHAINS_SSE2
    const __m128 on = _mm_cmpneq_ps(keep.v, _mm_setzero_ps());
    return {_mm_or_ps(_mm_and_ps(on, b.v), _mm_andnot_ps(on, a.v))};
#else
    F4 r;
    for (int i = 0; i < 4; ++i)
        r.v[i] = keep.v[i] != 0.0f ? b.v[i] : a.v[i];
    return r;
#endif
}

/// A chain turns at most this much from one edge to the next (cosine; about 41 degrees): it
/// goes straight through a regular grid's vertices and never turns onto its diagonals.
constexpr float kStraightEnough = 0.75f;
constexpr uint32_t kMaxGroups = 64; ///< a chain that fits none is left to the sweeps
/// An edge runs across the hang when its ends' distances from the fixed vertices differ by at
/// most this share of its length (cos 60 degrees). On the hang benchmark (tweed-bench hang
/// --n 128, 1 x 3, one thread; measured before a compressed link held its length in the
/// solve): every edge in chains 1.0276 at 0.76 of the defaults' time; the rows alone (the
/// edges across) 1.0272 at 0.52; rows and diagonals (a share of 0.75) 1.032.
constexpr float kAcrossTheHang = 0.5f;

} // namespace

bool EdgeChains::isAcrossTheHang(const std::vector<float> &fromFixed, uint32_t va, uint32_t vb,
                                 float length)
{
    const float da = fromFixed[va], db = fromFixed[vb];
    if (da < 0.0f || db < 0.0f) // no fixed vertex to hang from: every edge
        return true;
    return std::fabs(da - db) <= kAcrossTheHang * length;
}

void EdgeChains::build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &a,
                       const std::vector<uint32_t> &b, const std::vector<uint8_t> &kind,
                       uint8_t stretchKind, const std::vector<float> *fromFixed)
{
    mChainBegin.clear();
    mVertex.clear();
    mLink.clear();
    mGroupBegin.clear();
    const uint32_t vertices = uint32_t(rest.size());
    // The stretch constraints as edges, and each vertex's edges.
    std::vector<uint32_t> edges;
    for (size_t k = 0; k < kind.size(); ++k)
        if (kind[k] == stretchKind && a[k] < vertices && b[k] < vertices && a[k] != b[k] &&
            (!fromFixed || isAcrossTheHang(*fromFixed, a[k], b[k], distance(rest[a[k]], rest[b[k]]))))
            edges.push_back(uint32_t(k));
    std::vector<uint32_t> firstEdge(size_t(vertices) + 1, 0), incident(2 * edges.size());
    for (const uint32_t k : edges) {
        ++firstEdge[a[k] + 1];
        ++firstEdge[b[k] + 1];
    }
    for (uint32_t v = 0; v < vertices; ++v)
        firstEdge[v + 1] += firstEdge[v];
    {
        std::vector<uint32_t> fill(firstEdge.begin(), firstEdge.end() - 1);
        for (uint32_t e = 0; e < edges.size(); ++e) {
            incident[fill[a[edges[e]]]++] = e;
            incident[fill[b[edges[e]]]++] = e;
        }
    }
    auto other = [&](uint32_t e, uint32_t v) { return a[edges[e]] == v ? b[edges[e]] : a[edges[e]]; };
    std::vector<uint8_t> used(edges.size(), 0);
    std::vector<uint32_t> forward, forwardLinks, backward, backwardLinks;
    std::vector<uint32_t> stamp(vertices, 0); ///< chain number + 1 of the chain holding it
    // Extends a chain ending ... u -> v through v, as straight as the mesh allows.
    auto extend = [&](std::vector<uint32_t> &verts, std::vector<uint32_t> &links, uint32_t id) {
        for (;;) {
            const uint32_t v = verts.back(), u = verts[verts.size() - 2];
            const Vec3 dir = normalize(rest[v] - rest[u]);
            float best = kStraightEnough;
            uint32_t bestEdge = UINT32_MAX;
            for (uint32_t i = firstEdge[v]; i < firstEdge[v + 1]; ++i) {
                const uint32_t e = incident[i], w = other(e, v);
                if (used[e] || stamp[w] == id)
                    continue;
                const float turn = dot(normalize(rest[w] - rest[v]), dir);
                if (turn > best) {
                    best = turn;
                    bestEdge = e;
                }
            }
            if (bestEdge == UINT32_MAX)
                return;
            used[bestEdge] = 1;
            const uint32_t w = other(bestEdge, v);
            stamp[w] = id;
            verts.push_back(w);
            links.push_back(edges[bestEdge]);
        }
    };
    struct Chain
    {
        std::vector<uint32_t> verts, links;
    };
    std::vector<Chain> chains;
    for (uint32_t e = 0; e < edges.size(); ++e) {
        if (used[e])
            continue;
        const uint32_t id = uint32_t(chains.size()) + 1;
        const uint32_t k = edges[e];
        used[e] = 1;
        stamp[a[k]] = stamp[b[k]] = id;
        forward = {a[k], b[k]};
        forwardLinks = {k};
        extend(forward, forwardLinks, id);
        backward = {b[k], a[k]};
        backwardLinks.clear();
        extend(backward, backwardLinks, id);
        if (forwardLinks.size() + backwardLinks.size() < 2) {
            used[e] = 0; // a single edge: another chain may still pass through it
            stamp[a[k]] = stamp[b[k]] = 0;
            continue;
        }
        Chain chain;
        chain.verts.assign(backward.rbegin(), backward.rend() - 2);
        chain.verts.insert(chain.verts.end(), forward.begin(), forward.end());
        chain.links.assign(backwardLinks.rbegin(), backwardLinks.rend());
        chain.links.insert(chain.links.end(), forwardLinks.begin(), forwardLinks.end());
        chains.push_back(std::move(chain));
    }
    // Groups of chains that share no vertex, greedily in chain order.
    std::vector<uint64_t> taken(vertices, 0);
    std::vector<std::vector<uint32_t>> groups(kMaxGroups);
    for (uint32_t i = 0; i < chains.size(); ++i) {
        uint64_t mask = 0;
        for (const uint32_t v : chains[i].verts)
            mask |= taken[v];
        if (mask == ~uint64_t(0))
            continue;
        uint32_t g = 0;
        while (mask & (uint64_t(1) << g))
            ++g;
        for (const uint32_t v : chains[i].verts)
            taken[v] |= uint64_t(1) << g;
        groups[g].push_back(i);
    }
    mGroupBegin.push_back(0);
    mChainBegin.push_back(0);
    for (const std::vector<uint32_t> &group : groups) {
        if (group.empty())
            continue;
        for (const uint32_t i : group) {
            mLink.insert(mLink.end(), chains[i].links.begin(), chains[i].links.end());
            mVertex.insert(mVertex.end(), chains[i].verts.begin(), chains[i].verts.end());
            mChainBegin.push_back(uint32_t(mLink.size()));
        }
        mGroupBegin.push_back(uint32_t(mChainBegin.size() - 1));
    }
}

void EdgeChains::solve(const SolveArgs &args, uint32_t begin, uint32_t end)
{
    for (uint32_t c = begin; c < end; c += kInterleave)
        solveInterleaved(args, c, std::min(end, c + kInterleave));
}

// The elimination is a chain of dependent divisions along each chain: kInterleave chains go
// through it side by side, so that their latencies overlap.
void EdgeChains::solveInterleaved(const SolveArgs &args, uint32_t begin, uint32_t end)
{
    const uint32_t count = end - begin;
    uint32_t size[kInterleave], first[kInterleave], base[kInterleave + 1], longest = 0;
    float prevUpper[kInterleave], prevRhs[kInterleave], lower[kInterleave];
    base[0] = 0;
    for (uint32_t j = 0; j < count; ++j) {
        size[j] = length(begin + j);
        base[j + 1] = base[j] + slotCount(size[j]);
        first[j] = base[j] + 1;
        longest = std::max(longest, size[j]);
        prevUpper[j] = prevRhs[j] = lower[j] = 0.0f;
    }
    thread_local std::vector<float> scratch; // grows to the longest chains once
    const size_t perQuantity = base[count];
    if (scratch.size() < perQuantity * kQuantities)
        scratch.resize(perQuantity * kQuantities);
    Slots all;
    for (uint32_t q = 0; q < kQuantities; ++q)
        all[q] = scratch.data() + q * perQuantity;
    auto slotsOf = [&](uint32_t j, Slots &s) {
        for (uint32_t q = 0; q < kQuantities; ++q)
            s[q] = all[q] + base[j];
    };
    for (uint32_t j = 0; j < count; ++j) {
        Slots s;
        slotsOf(j, s);
        setUp(args, begin + j, s);
    }
    const float *diag = all[Diag], *next = all[Next];
    float *upper = all[Upper], *rhs = all[Rhs];
    // Thomas' algorithm: forward elimination, then back substitution (the matrix is
    // symmetric positive definite, so no pivoting).
    for (uint32_t i = 0; i < longest; ++i)
        for (uint32_t j = 0; j < count; ++j) {
            if (i >= size[j])
                continue;
            const uint32_t l = first[j] + i;
            const float inv = 1.0f / (diag[l] - lower[j] * prevUpper[j]);
            upper[l] = next[l] * inv;
            rhs[l] = (rhs[l] - lower[j] * prevRhs[j]) * inv;
            prevUpper[j] = upper[l];
            prevRhs[j] = rhs[l];
            lower[j] = next[l];
        }
    for (uint32_t t = 1; t < longest; ++t)
        for (uint32_t j = 0; j < count; ++j) {
            if (t >= size[j])
                continue;
            const uint32_t l = first[j] + size[j] - 1 - t;
            rhs[l] -= upper[l] * rhs[l + 1];
        }
    for (uint32_t j = 0; j < count; ++j) {
        Slots s;
        slotsOf(j, s);
        apply(args, begin + j, s);
    }
}

// Row i of chain c: link i, between vertices i and i + 1. The linearised system is
// (J W J^T + alphaTilde) dlambda = -C - alphaTilde lambda; rows i and i + 1 share vertex i + 1,
// whose inverse mass w couples them by -w n_i . n_(i+1).
void EdgeChains::setUp(const SolveArgs &args, uint32_t c, const Slots &s)
{
    const P4 *const p = args.p;
    const uint32_t m = length(c), slots = slotCount(m);
    const uint32_t *vert = vertices(c), *link = links(c);
    // The chain's particles and constraints into its slots; the padding (no particle, a link
    // of no mass that is never stretched) pulls nothing.
    uint32_t j = 0;
    for (; j + 4 <= m + 1; j += 4)
        gather4(p, vert + j, s[X] + j, s[Y] + j, s[Z] + j, s[W] + j);
    for (; j <= m; ++j) {
        const P4 &q = p[vert[j]];
        s[X][j] = q.x;
        s[Y][j] = q.y;
        s[Z][j] = q.z;
        s[W][j] = q.w;
    }
    for (j = m + 1; j < slots; ++j)
        s[X][j] = s[Y][j] = s[Z][j] = s[W][j] = 0.0f;
    for (uint32_t i = 0; i < m; ++i) {
        const uint32_t k = link[i];
        s[Rest][1 + i] = args.rest[k];
        s[Param][1 + i] = args.param[k];
        s[Lambda][1 + i] = args.xpbd && args.lambda ? args.lambda[k] * args.rest[k] : 0.0f;
    }
    for (uint32_t l = 1 + m; l < slots; ++l) {
        s[Rest][l] = FLT_MAX;
        s[Param][l] = s[Lambda][l] = 0.0f;
    }
    // Four links at a time.
    const F4 tiny = set4(kTiny), zero = set4(0.0f), one = set4(1.0f);
    for (uint32_t i = 0; i < m; i += 4) {
        const F4 ax = load4(s[X] + i), ay = load4(s[Y] + i), az = load4(s[Z] + i);
        const F4 aw = load4(s[W] + i), bw = load4(s[W] + i + 1);
        const F4 dx = load4(s[X] + i + 1) - ax, dy = load4(s[Y] + i + 1) - ay,
                 dz = load4(s[Z] + i + 1) - az;
        const F4 len = sqrt4(max4(dx * dx + dy * dy + dz * dz, tiny));
        // Only a stretched link pulls (the sweeps keep compression); without a branch, which
        // would be taken at random. A compressed link still couples its neighbours: it holds
        // its length (to first order) instead of letting the stretched links either side tear
        // it open. Left out of the solve, as before, the hang's bottom row came out of the
        // chains with its largest stretch at 1.07 to 1.17 (its mean 1.007); held, 1.04, and the
        // hang at 2 x 1 with a stretch limit of 1.005 and a compression limit of 0.9 went from
        // 1.060 (1.089 at worst over 150 to 600 steps) to 1.0096 (see the guide's Edge chains).
        const F4 stretch = max4(len - load4(s[Rest] + 1 + i), zero);
        const F4 on = greater4(aw + bw, zero); // 1 or 0: the link can move
        const F4 pulls = greater4(stretch, zero) * on;
        const F4 inv = on / len;
        const F4 param = load4(s[Param] + 1 + i);
        F4 diag, b;
        if (args.xpbd) {
            diag = aw + bw + param;
            b = zero - stretch - param * load4(s[Lambda] + 1 + i);
        } else {
            diag = aw + bw;
            b = zero - param * stretch;
        }
        store4(s[NX] + 1 + i, dx * inv);
        store4(s[NY] + 1 + i, dy * inv);
        store4(s[NZ] + 1 + i, dz * inv);
        store4(s[Diag] + 1 + i, on * diag + (one - on));
        store4(s[Rhs] + 1 + i, pulls * b);
    }
    // The zero links before the first and after the last.
    for (uint32_t l = 0; l < slots; l = l == 0 ? 1 + m : l + 1)
        s[NX][l] = s[NY][l] = s[NZ][l] = s[Rhs][l] = 0.0f;
    // Links i and i + 1 coupled through vertex i + 1 (the last link's next is 0).
    for (uint32_t i = 0; i < m; i += 4) {
        const F4 dot = load4(s[NX] + 1 + i) * load4(s[NX] + 2 + i) +
                       load4(s[NY] + 1 + i) * load4(s[NY] + 2 + i) +
                       load4(s[NZ] + 1 + i) * load4(s[NZ] + 2 + i);
        store4(s[Next] + 1 + i, zero - load4(s[W] + 1 + i) * dot);
    }
}

void EdgeChains::apply(const SolveArgs &args, uint32_t c, const Slots &s)
{
    P4 *const p = args.p;
    const uint32_t m = length(c);
    const uint32_t *vert = vertices(c), *link = links(c);
    const float *rhs = s[Rhs];
    // dx = W J^T dlambda: vertex j takes links j - 1 and j (slots j and j + 1; the zero links
    // before the first and after the last add nothing). A fixed particle stays exactly where it
    // is, whatever the solve gave.
    for (uint32_t j = 0; j <= m; j += 4) {
        const F4 before = load4(rhs + j), after = load4(rhs + j + 1), wj = load4(s[W] + j);
        const F4 x = load4(s[X] + j), y = load4(s[Y] + j), z = load4(s[Z] + j);
        store4(s[X] + j, unlessZero(wj, x, x + wj * (before * load4(s[NX] + j) - after * load4(s[NX] + j + 1))));
        store4(s[Y] + j, unlessZero(wj, y, y + wj * (before * load4(s[NY] + j) - after * load4(s[NY] + j + 1))));
        store4(s[Z] + j, unlessZero(wj, z, z + wj * (before * load4(s[NZ] + j) - after * load4(s[NZ] + j + 1))));
    }
    uint32_t j = 0;
    for (; j + 4 <= m + 1; j += 4)
        scatter4(p, vert + j, s[X] + j, s[Y] + j, s[Z] + j, s[W] + j);
    for (; j <= m; ++j) {
        P4 &q = p[vert[j]];
        q.x = s[X][j];
        q.y = s[Y][j];
        q.z = s[Z][j];
    }
    if (args.lambda && args.xpbd)
        for (uint32_t i = 0; i < m; ++i)
            args.lambda[link[i]] += rhs[1 + i] / args.rest[link[i]];
}

} // namespace tweed::sim
