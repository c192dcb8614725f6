#include "relaxed_targets.h"

#include "tweed/sim/cloth_data.h"

#include <cmath>

namespace tweed::sim {

void RelaxedTargets::build(const ClothData &data)
{
    mA.clear();
    mB.clear();
    mLimit.clear();
    for (size_t e = 0; e + 1 < data.edges.size(); e += 2) {
        const uint32_t a = data.edges[e], b = data.edges[e + 1];
        const float rest = distance(data.restPositions[a], data.restPositions[b]);
        if (!(rest > 0))
            continue;
        mA.push_back(a);
        mB.push_back(b);
        mLimit.push_back(kRelaxedStretch * rest);
    }
    mBuilt = true;
}

void RelaxedTargets::apply(P4 *targets, const P4 *normals, uint32_t n,
                           std::span<const ColliderPose> volumes)
{
    mSkinned.resize(n);
    mX.resize(n);
    mMoved.assign(n, 0);
    for (uint32_t v = 0; v < n; ++v)
        mSkinned[v] = mX[v] = v3(targets[v]);
    // Never further in than the skinned place along the skinned normal.
    auto keepOut = [&](uint32_t v) {
        const Vec3 nrm = v3(normals[v]);
        const float inwards = dot(mX[v] - mSkinned[v], nrm);
        if (inwards < 0)
            mX[v] -= nrm * inwards;
        mMoved[v] = 1;
    };
    for (int sweep = 0; sweep < kSweeps; ++sweep) {
        bool any = false;
        for (size_t k = 0; k < mA.size(); ++k) {
            const uint32_t a = mA[k], b = mB[k];
            if (a >= n || b >= n)
                continue;
            const Vec3 d = mX[b] - mX[a];
            const float len = length(d);
            if (!(len > mLimit[k]))
                continue;
            const Vec3 half = d * (0.5f * (len - mLimit[k]) / len);
            mX[a] += half;
            mX[b] -= half;
            keepOut(a);
            keepOut(b);
            any = true;
        }
        if (!any)
            break;
    }
    for (uint32_t v = 0; v < n; ++v) {
        if (!mMoved[v])
            continue; // the skinned place, exactly
        for (const ColliderPose &pose : volumes)
            pushOutOfCollider(pose, mX[v]);
        keepOut(v);
        setXyz(targets[v], mX[v]);
    }
}

} // namespace tweed::sim
