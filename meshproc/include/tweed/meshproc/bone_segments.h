// The bones as line segments (parent joint to joint) and the direction away from the closest
// one: what the iso-surface's outer side and bone normals point away from.
#pragma once

#include "tweed/mesh.h"
#include "tweed/skeleton.h"

#include <vector>

namespace tweed {

/// A bone's bind-pose segment (parent joint to joint), model space.
struct BoneSegment
{
    Vec3 from, to;
};
/// The segments of the bones that skin a mesh (all bones when skin is empty).
std::vector<BoneSegment> boneSegments(const Skeleton &skeleton, const std::vector<BoneInfluence> &skin);
/// The unit direction from the closest point of the closest segment (the first of equally close
/// ones) to p; zero when p lies on a segment. segments must not be empty.
Vec3 awayFromBones(const Vec3 &p, const std::vector<BoneSegment> &segments);

} // namespace tweed
