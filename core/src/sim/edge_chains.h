// Internal to the cloth solver: a direct solve of the stretch constraints along chains of mesh
// edges. Gauss-Seidel sweeps carry a correction only a few edges a sweep, so a long row or
// column of edges (the bottom edge of a hanging cloth pushed apart by a sphere) needs many
// sweeps to draw in as a whole. The constraints of a chain of edges couple only their
// neighbours: one linearised XPBD solve of the chain is a tridiagonal system, solved exactly in
// one pass (Thomas' algorithm), so a chain converges in one pass as a rod does in Deul, Kugelstadt,
// Weiler and Bender, "Direct position-based solver for stiff rods" (2018).
//
// Chains are built on any mesh: greedily, each one as straight as the mesh allows (see
// EdgeChains::build), every stretch constraint in at most one chain. They are grouped so that
// the chains of a group share no vertex: a group's chains can run on any threads in any order
// and give the same bits (the same code, four lanes of SSE2 on x86-64, on every kernel path).
#pragma once

#include "particle.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

class EdgeChains
{
public:
    /// Chains over the constraints k of kind `stretchKind` (ends a[k], b[k]), the rest pose
    /// `rest` giving their directions. A chain continues through a vertex along the unused
    /// edge turning least from its direction, while that turn is under about 60 degrees, and
    /// never through a vertex it holds already; single edges are left out (the sweeps solve
    /// them as well). Deterministic: the same mesh gives the same chains.
    ///
    /// `fromFixed`, when given, is each vertex's rest distance along the mesh to its nearest
    /// fixed vertex (negative where none is reachable). Then only the edges that run across
    /// the cloth's hang take part: those whose ends' distances differ by at most half the
    /// edge's rest length (an edge turned at least 60 degrees from the way down from the fixed
    /// vertices; a grid hanging from a row: its rows). The edges along the hang carry the
    /// cloth's weight and the hard constraints' top-down sweep already holds them; solved
    /// exactly here as well, they were drawn up to their rest length every substep and fell
    /// again, and the rows between them were torn (see isAcrossTheHang).
    void build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &a,
               const std::vector<uint32_t> &b, const std::vector<uint8_t> &kind,
               uint8_t stretchKind, const std::vector<float> *fromFixed = nullptr);

    /// Whether the edge (va, vb) of rest length `length` runs across the hang (see build).
    static bool isAcrossTheHang(const std::vector<float> &fromFixed, uint32_t va, uint32_t vb,
                                float length);

    size_t chainCount() const { return mChainBegin.empty() ? 0 : mChainBegin.size() - 1; }
    size_t linkCount() const { return mLink.size(); }
    /// Groups of chains that share no vertex: group g is chains [groupBegin(g), groupBegin(g + 1)).
    uint32_t groupCount() const { return mGroupBegin.empty() ? 0 : uint32_t(mGroupBegin.size() - 1); }
    uint32_t groupBegin(uint32_t g) const { return mGroupBegin[g]; }
    /// Chain c's links (constraint indices) and its links + 1 vertices, in order.
    uint32_t length(uint32_t c) const { return mChainBegin[c + 1] - mChainBegin[c]; }
    const uint32_t *links(uint32_t c) const { return mLink.data() + mChainBegin[c]; }
    const uint32_t *vertices(uint32_t c) const { return mVertex.data() + mChainBegin[c] + c; }

    struct SolveArgs
    {
        P4 *p = nullptr;                 ///< particles, inverse mass in w
        const float *rest = nullptr;     ///< per constraint
        const float *param = nullptr;    ///< per constraint: alphaTilde (XPBD) or stiffness
        float *lambda = nullptr;         ///< per constraint, lambda / rest; null: none kept
        bool xpbd = true;
    };

    /// One direct solve of each chain of [begin, end) (chains of one group).
    void solve(const SolveArgs &args, uint32_t begin, uint32_t end);

private:
    static constexpr uint32_t kInterleave = 8;
    /// Scratch, one array per quantity, so that four links or vertices of a chain go through
    /// the arithmetic side by side with no transposes. Each chain of the kInterleave solved
    /// together has its slots from a base: vertex j at base + j, link i at base + 1 + i, and
    /// padding around them that never pulls (see setUp). Per thread, and small enough to stay
    /// in cache.
    enum Quantity { X, Y, Z, W, Rest, Param, Lambda, NX, NY, NZ, Diag, Rhs, Next, Upper, kQuantities };
    using Slots = float *[kQuantities];
    /// A chain of `links` links takes this many slots: a zero link before the first, its
    /// links + 1 vertices rounded up to four, and four more (the four-lane loops go past its end).
    static uint32_t slotCount(uint32_t links) { return (links + 1 + 3) / 4 * 4 + 4; }
    void solveInterleaved(const SolveArgs &args, uint32_t begin, uint32_t end);
    void setUp(const SolveArgs &args, uint32_t c, const Slots &s);
    void apply(const SolveArgs &args, uint32_t c, const Slots &s);

    std::vector<uint32_t> mChainBegin; ///< per chain, its first link; chains' vertices likewise
    std::vector<uint32_t> mVertex;     ///< per chain, its links + 1 vertices (offset chain index)
    std::vector<uint32_t> mLink;       ///< constraint index of each link
    std::vector<uint32_t> mGroupBegin;
};

} // namespace tweed::sim
