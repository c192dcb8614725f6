#include "triangle_collision.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace tweed::sim {

void TriangleCollision::build(const std::vector<uint32_t> &indices,
                              const std::vector<Vec3> &restPositions)
{
    mTriangles.clear();
    float longest = 0;
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        mTriangles.insert(mTriangles.end(), {a, b, c});
        longest = std::max({longest, distance(restPositions[a], restPositions[b]),
                            distance(restPositions[b], restPositions[c]),
                            distance(restPositions[c], restPositions[a])});
    }
    mReach = 2 * longest;
    mNear.assign(restPositions.size(), 0);
}

void TriangleCollision::apply(P4 *pos, P4 *prev, const std::vector<ColliderPose> &poses,
                              float thickness)
{
    mTests = mContacts = 0;
    mEligible.clear();
    mBare.clear();
    const float grown = std::max(thickness, 0.0f);
    for (uint32_t i = 0; i < poses.size(); ++i)
        if (triangleContactShape(poses[i].shape)) {
            mEligible.push_back(i);
            ColliderPose bare = poses[i];
            bare.radius = std::max(bare.radius - grown, 1e-6f);
            bare.radius2 = std::max(bare.radius2 - grown, 1e-6f);
            bare.radii = {std::max(bare.radii.x - grown, 1e-6f), std::max(bare.radii.y - grown, 1e-6f),
                          std::max(bare.radii.z - grown, 1e-6f)};
            mBare.push_back(bare);
        }
    const size_t n = mNear.size();
    for (size_t first = 0; first < mEligible.size(); first += 64) {
        const size_t count = std::min<size_t>(64, mEligible.size() - first);
        // Per vertex, the volumes it is near (a triangle is near those all three corners are).
        for (size_t v = 0; v < n; ++v) {
            const Vec3 x = v3(pos[v]);
            uint64_t bits = 0;
            for (size_t k = 0; k < count; ++k) {
                const ColliderPose &p = poses[mEligible[first + k]];
                const float r = p.boundingRadius + mReach;
                bits |= uint64_t(lengthSquared(x - p.origin) < r * r) << k;
            }
            mNear[v] = bits;
        }
        for (size_t t = 0; t < mTriangles.size(); t += 3) {
            const uint32_t ia = mTriangles[t], ib = mTriangles[t + 1], ic = mTriangles[t + 2];
            uint64_t bits = mNear[ia] & mNear[ib] & mNear[ic];
            if (!bits || (pos[ia].w == 0 && pos[ib].w == 0 && pos[ic].w == 0))
                continue;
            // The triangle's bounding sphere: around its centroid, through its farthest corner.
            const Vec3 centre = (v3(pos[ia]) + v3(pos[ib]) + v3(pos[ic])) * (1.0f / 3.0f);
            const float spread = std::sqrt(std::max({lengthSquared(v3(pos[ia]) - centre),
                                                     lengthSquared(v3(pos[ib]) - centre),
                                                     lengthSquared(v3(pos[ic]) - centre)}));
            while (bits) {
                const int k = std::countr_zero(bits);
                bits &= bits - 1;
                const ColliderPose &bare = mBare[first + size_t(k)];
                const float reach = bare.boundingRadius + spread;
                if (!(lengthSquared(centre - bare.origin) < reach * reach))
                    continue;
                ++mTests;
                TriangleContact contact;
                if (!triangleContact(bare, v3(pos[ia]), v3(pos[ib]), v3(pos[ic]), contact))
                    continue;
                const uint32_t corner[3] = {ia, ib, ic};
                const float b[3] = {contact.bary.x, contact.bary.y, contact.bary.z};
                float den = 0;
                for (int j = 0; j < 3; ++j)
                    den += pos[corner[j]].w * b[j] * b[j];
                if (!(den > 0))
                    continue;
                ++mContacts;
                // Corner j moves by w_j b_j / sum(w b^2) of the push: the deepest point, the
                // weighted sum of the corners, then moves by the whole push. The push adds no
                // velocity; the deepest point's velocity into the volume goes, shared the same
                // way (as a vertex's does in the per-vertex pass).
                const Vec3 nrm = normalize(contact.push);
                float inward = 0;
                for (int j = 0; j < 3; ++j)
                    inward += b[j] * dot(v3(pos[corner[j]]) - v3(prev[corner[j]]), nrm);
                const Vec3 stop = nrm * std::min(inward, 0.0f);
                for (int j = 0; j < 3; ++j) {
                    const float share = pos[corner[j]].w * b[j] / den;
                    const Vec3 move = contact.push * share;
                    setXyz(pos[corner[j]], v3(pos[corner[j]]) + move);
                    setXyz(prev[corner[j]], v3(prev[corner[j]]) + move + stop * share);
                }
            }
        }
    }
}

} // namespace tweed::sim
