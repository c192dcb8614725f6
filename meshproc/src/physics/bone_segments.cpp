// The bones as segments and the direction away from the closest of them.
#include "tweed/meshproc/bone_segments.h"

#include "mesh_internal.h"

#include <limits>

namespace tweed {

std::vector<BoneSegment> boneSegments(const Skeleton &skeleton,
                                      const std::vector<BoneInfluence> &skin)
{
    const size_t n = skeleton.bones.size();
    std::vector<bool> used(n, skin.empty());
    for (const BoneInfluence &inf : skin)
        for (int s = 0; s < kMaxBoneInfluences; ++s)
            if (inf.weights[size_t(s)] > 0 && inf.bones[size_t(s)] < n)
                used[inf.bones[size_t(s)]] = true;
    std::vector<Vec3> joint(n);
    for (size_t b = 0; b < n; ++b)
        joint[b] = inverse(skeleton.bones[b].inverseBind).column(3);
    std::vector<BoneSegment> segments;
    for (size_t b = 0; b < n; ++b) {
        const int parent = skeleton.bones[b].parent;
        // A bone's segment runs to each child; the parent's segment ends at the bone.
        if (used[b] || (parent >= 0 && used[size_t(parent)]))
            segments.push_back({parent >= 0 ? joint[size_t(parent)] : joint[b], joint[b]});
    }
    return segments;
}

Vec3 awayFromBones(const Vec3 &p, const std::vector<BoneSegment> &segments)
{
    float best = std::numeric_limits<float>::infinity();
    Vec3 closest;
    for (const BoneSegment &s : segments) {
        const Vec3 q = detail::closestOnSegment(p, s.from, s.to);
        const float d = lengthSquared(q - p);
        if (d < best) {
            best = d;
            closest = q;
        }
    }
    return normalize(p - closest);
}

} // namespace tweed
