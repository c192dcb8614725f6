#include "edge_chains.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

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
    const uint32_t maxLinks = std::getenv("TWEED_CHAIN_MAX") ? uint32_t(std::atoi(std::getenv("TWEED_CHAIN_MAX"))) : 1000000u;
    auto extend = [&](std::vector<uint32_t> &verts, std::vector<uint32_t> &links, uint32_t id) {
        for (;;) {
            if (forwardLinks.size() + backwardLinks.size() >= maxLinks)
                return;
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
    P4 *const p = args.p;
    for (uint32_t c = begin; c < end; ++c) {
        const uint32_t l0 = mChainBegin[c], l1 = mChainBegin[c + 1];
        const uint32_t *vert = mVertex.data() + l0 + c; // links + 1 vertices
        const uint32_t *link = mLink.data() + l0;
        P4 *nrm = mNormal.data() + l0; // unit direction, w: the diagonal (1 for an idle link)
        float *upper = mUpper.data() + l0, *rhs = mRhs.data() + l0;
        const uint32_t m = l1 - l0;
        // The linearised system (J W J^T + alphaTilde) dlambda = -C - alphaTilde lambda: row i
        // is link i, between vertices i and i + 1; rows i and i + 1 share vertex i + 1, whose
        // inverse mass w couples them by -w n_i . n_(i+1).
        for (uint32_t i = 0; i < m; ++i) {
            const P4 &pa = p[vert[i]], &pb = p[vert[i + 1]];
            const uint32_t k = link[i];
            const float dx = pb.x - pa.x, dy = pb.y - pa.y, dz = pb.z - pa.z;
            const float len2 = dx * dx + dy * dy + dz * dz;
            const float wsum = pa.w + pb.w;
            const float r = args.rest[k];
            const float len = std::sqrt(len2);
            float target = r;
            if (len < r && args.compressionLimit) // between c r and r: no force
                target = std::max(len, args.compressionLimit[k] * r);
            if (len2 < kTiny || wsum == 0.0f || len == target) {
                nrm[i] = {0, 0, 0, 1};
                rhs[i] = 0;
                continue;
            }
            const float inv = 1.0f / len;
            const float constraint = len - target;
            if (args.xpbd) {
                const float at = args.param[k];
                const float lam = args.lambda ? args.lambda[k] * r : 0.0f;
                nrm[i] = {dx * inv, dy * inv, dz * inv, wsum + at};
                rhs[i] = -constraint - at * lam;
            } else {
                nrm[i] = {dx * inv, dy * inv, dz * inv, wsum};
                rhs[i] = -args.param[k] * constraint;
            }
        }
        // Thomas' algorithm: forward elimination, then back substitution (the matrix is
        // symmetric positive definite, so no pivoting).
        auto coupling = [&](uint32_t i) { // between rows i - 1 and i
            const P4 &x = nrm[i - 1], &y = nrm[i];
            return -p[vert[i]].w * (x.x * y.x + x.y * y.y + x.z * y.z);
        };
        float prevUpper = 0.0f, prevRhs = 0.0f, lower = 0.0f;
        for (uint32_t i = 0; i < m; ++i) {
            const float denom = nrm[i].w - lower * prevUpper;
            const float next = i + 1 < m ? coupling(i + 1) : 0.0f;
            upper[i] = next / denom;
            rhs[i] = (rhs[i] - lower * prevRhs) / denom;
            prevUpper = upper[i];
            prevRhs = rhs[i];
            lower = next;
        }
        for (uint32_t i = m - 1; i-- > 0;)
            rhs[i] -= upper[i] * rhs[i + 1];
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
