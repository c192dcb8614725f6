#include "edge_chains.h"

#include <algorithm>
#include <cmath>

namespace tweed::sim {
namespace {

/// A chain turns at most this much from one edge to the next (cosine; about 41 degrees): it
/// goes straight through a regular grid's vertices and never turns onto its diagonals.
constexpr float kStraightEnough = 0.75f;
constexpr uint32_t kMaxGroups = 64; ///< a chain that fits none is left to the sweeps

} // namespace

void EdgeChains::build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &a,
                       const std::vector<uint32_t> &b, const std::vector<uint8_t> &kind,
                       uint8_t stretchKind)
{
    mChainBegin.clear();
    mVertex.clear();
    mLink.clear();
    mGroupBegin.clear();
    const uint32_t vertices = uint32_t(rest.size());
    // The stretch constraints as edges, and each vertex's edges.
    std::vector<uint32_t> edges;
    for (size_t k = 0; k < kind.size(); ++k)
        if (kind[k] == stretchKind && a[k] < vertices && b[k] < vertices && a[k] != b[k])
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
    mNormal.assign(mLink.size(), P4{0, 0, 0, 0});
    mUpper.assign(mLink.size(), 0.0f);
    mRhs.assign(mLink.size(), 0.0f);
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
    P4 *const p = args.p;
    for (uint32_t c = begin; c < end; ++c)
        setUp(args, c);
    const uint32_t count = end - begin;
    uint32_t length[kInterleave], longest = 0;
    float prevUpper[kInterleave], prevRhs[kInterleave], lower[kInterleave];
    for (uint32_t j = 0; j < count; ++j) {
        length[j] = mChainBegin[begin + j + 1] - mChainBegin[begin + j];
        longest = std::max(longest, length[j]);
        prevUpper[j] = prevRhs[j] = lower[j] = 0.0f;
    }
    // Thomas' algorithm: forward elimination, then back substitution (the matrix is
    // symmetric positive definite, so no pivoting).
    for (uint32_t i = 0; i < longest; ++i)
        for (uint32_t j = 0; j < count; ++j) {
            if (i >= length[j])
                continue;
            const uint32_t c = begin + j, l0 = mChainBegin[c];
            const P4 *nrm = mNormal.data() + l0;
            float *upper = mUpper.data() + l0, *rhs = mRhs.data() + l0;
            const float inv = 1.0f / (nrm[i].w - lower[j] * prevUpper[j]);
            float next = 0.0f; // couples rows i and i + 1 through their shared vertex
            if (i + 1 < length[j]) {
                const P4 &x = nrm[i], &y = nrm[i + 1];
                next = -p[mVertex[l0 + c + i + 1]].w * (x.x * y.x + x.y * y.y + x.z * y.z);
            }
            upper[i] = next * inv;
            rhs[i] = (rhs[i] - lower[j] * prevRhs[j]) * inv;
            prevUpper[j] = upper[i];
            prevRhs[j] = rhs[i];
            lower[j] = next;
        }
    for (uint32_t t = 1; t < longest; ++t)
        for (uint32_t j = 0; j < count; ++j) {
            if (t >= length[j])
                continue;
            const uint32_t l0 = mChainBegin[begin + j], i = length[j] - 1 - t;
            mRhs[l0 + i] -= mUpper[l0 + i] * mRhs[l0 + i + 1];
        }
    for (uint32_t c = begin; c < end; ++c)
        apply(args, c);
}

// Row i of chain c: link i, between vertices i and i + 1. The linearised system is
// (J W J^T + alphaTilde) dlambda = -C - alphaTilde lambda; rows i and i + 1 share vertex i + 1,
// whose inverse mass w couples them by -w n_i . n_(i+1).
void EdgeChains::setUp(const SolveArgs &args, uint32_t c)
{
    const P4 *const p = args.p;
    {
        const uint32_t l0 = mChainBegin[c], l1 = mChainBegin[c + 1];
        const uint32_t *vert = mVertex.data() + l0 + c; // links + 1 vertices
        const uint32_t *link = mLink.data() + l0;
        P4 *nrm = mNormal.data() + l0; // unit direction, w: the diagonal (1 for an idle link)
        float *rhs = mRhs.data() + l0;
        const uint32_t m = l1 - l0;
        for (uint32_t i = 0; i < m; ++i) {
            const P4 &pa = p[vert[i]], &pb = p[vert[i + 1]];
            const uint32_t k = link[i];
            const float dx = pb.x - pa.x, dy = pb.y - pa.y, dz = pb.z - pa.z;
            const float len2 = dx * dx + dy * dy + dz * dz;
            const float r = args.rest[k];
            const float len = std::sqrt(std::max(len2, kTiny));
            // Only a stretched link pulls (the sweeps keep compression); without a branch,
            // which would be taken at random.
            const float stretch = std::max(len - r, 0.0f);
            const float on = float(stretch > 0.0f) * float(pa.w + pb.w > 0.0f); // 1 or 0
            const float inv = on / len;
            float diag, b;
            if (args.xpbd) {
                const float at = args.param[k];
                const float lam = args.lambda ? args.lambda[k] * r : 0.0f;
                diag = pa.w + pb.w + at;
                b = -stretch - at * lam;
            } else {
                diag = pa.w + pb.w;
                b = -args.param[k] * stretch;
            }
            nrm[i] = {dx * inv, dy * inv, dz * inv, on * diag + (1.0f - on)};
            rhs[i] = on * b;
        }
    }
}

void EdgeChains::apply(const SolveArgs &args, uint32_t c)
{
    P4 *const p = args.p;
    {
        const uint32_t l0 = mChainBegin[c], l1 = mChainBegin[c + 1];
        const uint32_t *vert = mVertex.data() + l0 + c;
        const uint32_t *link = mLink.data() + l0;
        const P4 *nrm = mNormal.data() + l0;
        const float *rhs = mRhs.data() + l0;
        const uint32_t m = l1 - l0;
        // dx = W J^T dlambda.
        for (uint32_t j = 0; j <= m; ++j) {
            P4 &q = p[vert[j]];
            if (q.w == 0.0f)
                continue;
            float sx = 0, sy = 0, sz = 0;
            if (j > 0) {
                sx += rhs[j - 1] * nrm[j - 1].x;
                sy += rhs[j - 1] * nrm[j - 1].y;
                sz += rhs[j - 1] * nrm[j - 1].z;
            }
            if (j < m) {
                sx -= rhs[j] * nrm[j].x;
                sy -= rhs[j] * nrm[j].y;
                sz -= rhs[j] * nrm[j].z;
            }
            q.x += q.w * sx;
            q.y += q.w * sy;
            q.z += q.w * sz;
        }
        if (args.lambda && args.xpbd)
            for (uint32_t i = 0; i < m; ++i)
                args.lambda[link[i]] += rhs[i] / args.rest[link[i]];
    }
}

} // namespace tweed::sim
