// Skeleton and animation clips: bones with parents and bind poses, keyframed clips sampled to
// bone matrices at any time.
#pragma once

#include "tweed/math.h"

#include <string>
#include <vector>

namespace tweed {

/// A joint of the character's hierarchy. Parents always come before their children.
struct Bone
{
    std::string name;
    int parent = -1;      ///< index of the parent bone, -1 for a root
    Transform restLocal;  ///< local transform relative to the parent in the rest (bind) pose
    Mat4 inverseBind;     ///< model space -> bone space at bind time
    friend bool operator==(const Bone &, const Bone &) = default;
};

struct Skeleton
{
    std::vector<Bone> bones;

    /// Index of the bone with this name, or -1.
    int find(const std::string &name) const;
    /// Model-space matrices of the rest pose.
    std::vector<Mat4> restGlobal() const;
    friend bool operator==(const Skeleton &, const Skeleton &) = default;
};

template <class T> struct Key
{
    double time = 0; ///< seconds
    T value;
    friend bool operator==(const Key &, const Key &) = default;
};

/// Keys of one bone; an empty channel keeps the bone's rest value.
struct BoneTrack
{
    int bone = -1;
    std::vector<Key<Vec3>> translations;
    std::vector<Key<Quat>> rotations;
    std::vector<Key<Vec3>> scales;
    friend bool operator==(const BoneTrack &, const BoneTrack &) = default;
};

struct AnimationClip
{
    std::string name;
    double duration = 0; ///< seconds
    std::vector<BoneTrack> tracks;
    friend bool operator==(const AnimationClip &, const AnimationClip &) = default;
};

/// Local transforms of every bone at time t (clamped to the clip; linear keys, slerp rotations).
std::vector<Transform> sampleLocalPose(const Skeleton &skeleton, const AnimationClip &clip,
                                       double t);
/// Model-space matrices from local transforms.
std::vector<Mat4> globalPose(const Skeleton &skeleton, const std::vector<Transform> &local);
/// Skinning matrices: global pose * inverse bind, one per bone.
std::vector<Mat4> skinningMatrices(const Skeleton &skeleton, const std::vector<Mat4> &global);
/// Convenience: the skinning matrices of a clip at time t; the rest pose when clip is null.
std::vector<Mat4> skinningMatricesAt(const Skeleton &skeleton, const AnimationClip *clip, double t);

} // namespace tweed
