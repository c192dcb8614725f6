#include "tweed/clip_simulation.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cmath>

namespace tweed {

AnimationClip retargetClip(const AnimationClip &clip, const Skeleton &from, const Skeleton &to,
                           std::vector<std::string> *missing)
{
    AnimationClip out;
    out.name = clip.name;
    out.duration = clip.duration;
    for (const BoneTrack &track : clip.tracks) {
        if (track.bone < 0 || size_t(track.bone) >= from.bones.size())
            throw InputError("clip '" + clip.name + "': track of bone " +
                             std::to_string(track.bone) + " outside the skeleton");
        const std::string &name = from.bones[size_t(track.bone)].name;
        const int bone = to.find(name);
        if (bone < 0) {
            if (missing) missing->push_back(name);
            continue;
        }
        BoneTrack t = track;
        t.bone = bone;
        out.tracks.push_back(std::move(t));
    }
    return out;
}

double clipFrameTime(int frame, double fps, double duration)
{
    const double t = double(frame) / fps;
    if (duration <= 0) return 0;
    if (t <= duration + 1e-6) return std::min(t, duration);
    return std::fmod(t, duration);
}

int clipFramesToPlay(double seconds, double fps)
{
    // A thousandth of a frame absorbs a float's rounding (1e-7 relative), never a real frame.
    return std::max(1, int(std::ceil(std::max(0.0, seconds) * fps - 1e-3)));
}

ClipSimulation::ClipSimulation(const ClothingAsset &asset, const AnimationClip *clip,
                               const ClipSimulationSettings &settings)
    : mSkeleton(asset.skeleton), mHasClip(clip != nullptr), mSettings(settings)
{
    if (!(settings.framesPerSecond > 0) || !std::isfinite(settings.framesPerSecond))
        throw InputError("the frame rate must be a positive number of frames per second");
    if (clip) {
        for (const BoneTrack &track : clip->tracks)
            if (track.bone < 0 || size_t(track.bone) >= mSkeleton.bones.size())
                throw InputError("clip '" + clip->name + "' animates bone " +
                                 std::to_string(track.bone) + ", which the asset does not have");
        mClip = *clip;
    }
    mData = buildClothAssetData(asset, settings.lod);
    ClothInstanceOptions options;
    options.pool = settings.pool;
    mInstance = std::make_unique<ClothInstance>(mData, asset.simulation, options);
    mInstance->setPhysicalLod(settings.physicalLod);
}

ClipSimulation::~ClipSimulation() = default;

int ClipSimulation::clipFrameCount() const
{
    return mHasClip
               ? int(std::lround(std::max(0.0, mClip.duration) * mSettings.framesPerSecond)) + 1
               : 1;
}

double ClipSimulation::time() const
{
    return clipFrameTime(std::max(mFrame, 0), mSettings.framesPerSecond,
                         mHasClip ? mClip.duration : 0.0);
}

std::vector<Mat4> ClipSimulation::skinningAt(int frame) const
{
    const double t =
        clipFrameTime(frame, mSettings.framesPerSecond, mHasClip ? mClip.duration : 0.0);
    return skinningMatricesAt(mSkeleton, mHasClip ? &mClip : nullptr, t);
}

void ClipSimulation::advance()
{
    ++mFrame;
    mSkinning = skinningAt(mFrame);
    ClothFrame frame;
    frame.skinning = mSkinning;
    frame.world = mSettings.world;
    frame.wind = mSettings.wind;
    if (mFrame == 0) {
        mInstance->reset(frame);
    } else {
        frame.dt = float(1.0 / mSettings.framesPerSecond);
        mInstance->update(frame);
    }
}

} // namespace tweed
