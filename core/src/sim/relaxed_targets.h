// Internal to the cloth solver: the skinned targets relaxed towards their rest lengths
// (SimulationSettings::relaxTargets). Where a rig's weights stretch the garment (a coat's
// armpit between arm and chest, a skirt between the legs), the cloth near its targets can
// only be as short as the skinned pose lets it: its Max Distance shapes, pinned vertices and
// tethers all sit on the targets. Each frame, before the substeps, a few Gauss-Seidel sweeps
// draw in the mesh edges the skinned pose stretches beyond kRelaxedStretch, and the body is
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
    static constexpr int kSweeps = 30;
    static constexpr int kRounds = 2;

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
};

} // namespace tweed::sim
