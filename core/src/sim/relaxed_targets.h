// Internal to the cloth solver: the skinned targets relaxed towards their rest lengths
// (SimulationSettings::relaxTargets). Where a rig's weights stretch the garment (a coat's
// armpit between arm and chest, a skirt between the legs), the cloth near its targets can
// only be as short as the skinned pose lets it: its Max Distance shapes, pinned vertices and
// tethers all sit on the targets. Each frame, before the substeps, Gauss-Seidel sweeps, first
// over coarser edge graphs (coarse to fine) and then over the mesh edges, draw in the edges
// the skinned pose stretches beyond kRelaxedStretch, and the body is
// kept out of what they give: a target never moves further in than its skinned place along
// the skinned normal, and never into a collision volume (pushed out as the cloth is; where its
// skinned place lies in a volume already, never deeper than that).
// Sequential, so any thread count gives the same bits.
#pragma once

#include "particle.h"

#include "tweed/sim/colliders.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tweed {
struct ClothData;
}

namespace tweed::sim {

class RelaxedTargets
{
public:
    /// Edges longer than this times their rest length are drawn in, to this length.
    static constexpr float kRelaxedStretch = 1.05f;
    static constexpr int kSweeps = 20;
    static constexpr int kRounds = 2;
    /// Sweeps of each coarse level, coarsest first, before the mesh's own sweeps.
    static constexpr int kCoarseSweeps = 20;

    /// Takes the mesh edges (ClothData::edges) and their rest lengths.
    void build(const ClothData &data);
    bool built() const { return mBuilt; }
    /// Relaxes the xyz of targets [0, n) in place; `normals` are the skinned normals (unit),
    /// `volumes` the collision volumes posed at the targets' time.
    void apply(P4 *targets, const P4 *normals, uint32_t n, std::span<const ColliderPose> volumes);
    /// Sweeps every edge instead of the active set: the same bits, slower (for the tests).
    void setEveryEdge(bool every) { mEveryEdge = every; }
    /// Edges visited by the last apply's sweeps (the work the active set saves).
    uint64_t visits() const { return mVisits; }

private:
    bool mBuilt = false;
    bool mEveryEdge = false;
    uint64_t mVisits = 0;
    std::vector<uint32_t> mA, mB;
    std::vector<float> mLimit; ///< kRelaxedStretch x rest length
    std::vector<Vec3> mSkinned, mX;
    std::vector<uint8_t> mMoved, mLocked;
    std::vector<uint32_t> mEdgeStart, mEdgeOf; ///< each vertex's edges (CSR, indices into mA)
    std::vector<uint64_t> mActive;             ///< one bit per edge: swept this round
    /// A coarser edge graph: a subset of the finer level's vertices (an independent set whose
    /// neighbours cover the rest), joined where their regions touch, each edge limited to
    /// kRelaxedStretch x the rest length of a path of mesh edges between its ends (so the mesh
    /// edges within their limits keep it within its own). Ids are the mesh's vertices.
    struct Level
    {
        std::vector<uint32_t> a, b;
        std::vector<float> limit;
        /// The finer level's vertices not in this one, each moved by the weighted mean of its
        /// coarse neighbours' moves: weights [from[i], from[i + 1]) of fine[i].
        std::vector<uint32_t> fine, from, coarse;
        std::vector<float> weight;
    };
    std::vector<Level> mLevels; ///< finest first
    std::vector<Vec3> mStart;
    void buildLevels(size_t vertices, const std::vector<float> &rest,
                     const std::vector<Vec3> &restPositions);
};

} // namespace tweed::sim
