// The bones as line segments (parent joint to joint): the body the iso-surface looks away from
// and what bone normals point away from.
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

} // namespace tweed
