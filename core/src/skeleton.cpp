#include "tweed/skeleton.h"

#include <algorithm>

namespace tweed {

int Skeleton::find(const std::string &name) const
{
    for (size_t i = 0; i < bones.size(); ++i)
        if (bones[i].name == name)
            return int(i);
    return -1;
}

std::vector<Mat4> Skeleton::restGlobal() const
{
    std::vector<Transform> local(bones.size());
    for (size_t i = 0; i < bones.size(); ++i)
        local[i] = bones[i].restLocal;
    return globalPose(*this, local);
}

namespace {

// Index of the last key at or before t (keys sorted by time), and the blend factor to the next.
template <class T> std::pair<size_t, float> bracket(const std::vector<Key<T>> &keys, double t)
{
    if (t <= keys.front().time)
        return {0, 0.0f};
    if (t >= keys.back().time)
        return {keys.size() - 1, 0.0f};
    const auto next = std::upper_bound(keys.begin(), keys.end(), t,
                                       [](double time, const Key<T> &k) { return time < k.time; });
    const size_t i = size_t(next - keys.begin()) - 1;
    const double span = keys[i + 1].time - keys[i].time;
    return {i, span > 0 ? float((t - keys[i].time) / span) : 0.0f};
}

Vec3 sample(const std::vector<Key<Vec3>> &keys, double t, const Vec3 &rest)
{
    if (keys.empty())
        return rest;
    const auto [i, f] = bracket(keys, t);
    return f == 0.0f ? keys[i].value : lerp(keys[i].value, keys[i + 1].value, f);
}

Quat sample(const std::vector<Key<Quat>> &keys, double t, const Quat &rest)
{
    if (keys.empty())
        return rest;
    const auto [i, f] = bracket(keys, t);
    return f == 0.0f ? keys[i].value : slerp(keys[i].value, keys[i + 1].value, f);
}

} // namespace

std::vector<Transform> sampleLocalPose(const Skeleton &skeleton, const AnimationClip &clip, double t)
{
    std::vector<Transform> local(skeleton.bones.size());
    for (size_t i = 0; i < local.size(); ++i)
        local[i] = skeleton.bones[i].restLocal;
    t = std::clamp(t, 0.0, clip.duration);
    for (const BoneTrack &track : clip.tracks) {
        if (track.bone < 0 || size_t(track.bone) >= local.size())
            continue;
        Transform &x = local[size_t(track.bone)];
        x.translation = sample(track.translations, t, x.translation);
        x.rotation = sample(track.rotations, t, x.rotation);
        x.scale = sample(track.scales, t, x.scale);
    }
    return local;
}

std::vector<Mat4> globalPose(const Skeleton &skeleton, const std::vector<Transform> &local)
{
    std::vector<Mat4> global(skeleton.bones.size());
    for (size_t i = 0; i < global.size(); ++i) {
        const Mat4 m = Mat4::fromTransform(local[i]);
        const int parent = skeleton.bones[i].parent;
        global[i] = parent >= 0 ? global[size_t(parent)] * m : m;
    }
    return global;
}

std::vector<Mat4> skinningMatrices(const Skeleton &skeleton, const std::vector<Mat4> &global)
{
    std::vector<Mat4> result(global.size());
    for (size_t i = 0; i < global.size(); ++i)
        result[i] = global[i] * skeleton.bones[i].inverseBind;
    return result;
}

std::vector<Mat4> skinningMatricesAt(const Skeleton &skeleton, const AnimationClip *clip, double t)
{
    if (!clip)
        return skinningMatrices(skeleton, skeleton.restGlobal());
    return skinningMatrices(skeleton, globalPose(skeleton, sampleLocalPose(skeleton, *clip, t)));
}

} // namespace tweed
