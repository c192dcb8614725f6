#include "playback.h"

#include "document.h"

#include "tweed/sim/bone_rig.h"

#include <QGuiApplication>
#include <QScreen>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace tweed::editor {

namespace {

constexpr double kDefaultFrameRate = 30.0;

Vec3 translationOf(const Mat4 &m) { return m.column(3); }

int depthOf(const Skeleton &skeleton, int bone)
{
    int depth = 0;
    for (int b = skeleton.bones[size_t(bone)].parent; b >= 0; b = skeleton.bones[size_t(b)].parent)
        ++depth;
    return depth;
}

} // namespace

Playback::Playback(Document *document, QObject *parent)
    : QObject(parent), mDocument(document), mTimer(new QTimer(this))
{
    const QScreen *screen = QGuiApplication::primaryScreen();
    const double hz = screen && screen->refreshRate() > 1 ? screen->refreshRate() : 60.0;
    mTimer->setTimerType(Qt::PreciseTimer);
    mTimer->setInterval(std::max(1, int(std::lround(1000.0 / hz))));
    connect(mTimer, &QTimer::timeout, this, &Playback::tick);
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what & (Document::CharacterChanged | Document::SkeletonChanged))
            characterChanged();
        else if (what & Document::CollisionChanged)
            updatePose(); // the rig may have changed
    });
    characterChanged();
}

Playback::~Playback() = default;

int Playback::clipCount() const { return int(mDocument->character().clips.size()); }

QString Playback::clipName(int index) const
{
    if (index < 0 || index >= clipCount())
        return {};
    return QString::fromStdString(mDocument->character().clips[size_t(index)].name);
}

const AnimationClip *Playback::currentClip() const
{
    return mClip >= 0 && mClip < clipCount() ? &mDocument->character().clips[size_t(mClip)]
                                              : nullptr;
}

double Playback::duration() const
{
    const AnimationClip *clip = currentClip();
    return clip ? std::max(0.0, clip->duration) : 0.0;
}

int Playback::frame() const { return int(std::lround(mTime * mFrameRate)); }

int Playback::frameCount() const { return int(std::lround(duration() * mFrameRate)) + 1; }

void Playback::characterChanged()
{
    const bool hadClips = mClip >= 0;
    mClip = clipCount() > 0 ? 0 : -1;
    mTime = 0;
    mLoopTravel = {};
    analyseClip();
    updatePose();
    emit clipsReset();
    if (hadClips || mClip >= 0)
        emit clipChanged(mClip);
    emit timeChanged(mTime);
}

// The clip's key rate and motion bone.
void Playback::analyseClip()
{
    mFrameRate = kDefaultFrameRate;
    mMotionBone = -1;
    mMotionStart = {};
    mMotionCycle = {};
    const AnimationClip *clip = currentClip();
    if (!clip)
        return;

    // The key rate: the smallest gap between keys. Sparse keys (a few per second) say nothing
    // about the intended rate; then step at the default.
    std::vector<double> times;
    for (const BoneTrack &track : clip->tracks) {
        for (const auto &k : track.translations)
            times.push_back(k.time);
        for (const auto &k : track.rotations)
            times.push_back(k.time);
        for (const auto &k : track.scales)
            times.push_back(k.time);
    }
    std::sort(times.begin(), times.end());
    double gap = 0;
    for (size_t i = 1; i < times.size(); ++i) {
        const double d = times[i] - times[i - 1];
        if (d > 1e-4 && (gap == 0 || d < gap))
            gap = d;
    }
    if (gap > 0) {
        double rate = 1.0 / gap;
        if (std::abs(rate - std::round(rate)) < 0.01 * rate)
            rate = std::round(rate);
        if (rate >= 12 && rate <= 240)
            mFrameRate = rate;
    }

    // The motion bone: the topmost translated bone whose model-space position travels
    // horizontally, measured at a few sample times across the clip.
    const Skeleton &skeleton = mDocument->character().skeleton;
    constexpr int kSamples = 16;
    std::vector<std::vector<Mat4>> poses;
    for (int s = 0; s <= kSamples; ++s)
        poses.push_back(tweed::globalPose(skeleton, sampleLocalPose(skeleton, *clip,
                                                             clip->duration * s / kSamples)));
    int bestDepth = 1 << 30;
    for (const BoneTrack &track : clip->tracks) {
        if (track.bone < 0 || size_t(track.bone) >= skeleton.bones.size() ||
            track.translations.size() < 2)
            continue;
        const Vec3 start = translationOf(poses.front()[size_t(track.bone)]);
        float travel = 0;
        for (const auto &pose : poses) {
            const Vec3 d = translationOf(pose[size_t(track.bone)]) - start;
            travel = std::max(travel, std::sqrt(d.x * d.x + d.z * d.z));
        }
        const int depth = depthOf(skeleton, track.bone);
        if (travel > 1e-3f && depth < bestDepth) {
            bestDepth = depth;
            mMotionBone = track.bone;
        }
    }
    if (mMotionBone >= 0) {
        mMotionStart = translationOf(poses.front()[size_t(mMotionBone)]);
        const Vec3 end = translationOf(poses.back()[size_t(mMotionBone)]);
        mMotionCycle = {end.x - mMotionStart.x, 0, end.z - mMotionStart.z};
    }
}

void Playback::updatePose()
{
    computePose(mTime, mLoopTravel, mGlobal, mRootTransform);
    mSkinning = tweed::skinningMatrices(mDocument->character().skeleton, mGlobal);
    applyRig(mSkinning, mGlobal);
    emit poseChanged();
}

void Playback::poseAt(double seconds, std::vector<Mat4> &skinning, Mat4 &root) const
{
    std::vector<Mat4> global;
    computePose(std::clamp(seconds, 0.0, duration()), Vec3{}, global, root);
    skinning = tweed::skinningMatrices(mDocument->character().skeleton, global);
    applyRig(skinning, global);
}

void Playback::applyRig(std::vector<Mat4> &skinning, std::vector<Mat4> &global) const
{
    // The asset's rig on the character's skeleton (the asset's bones are the character's).
    const tweed::ClothingAsset &asset = mDocument->asset();
    const tweed::Skeleton &skeleton = mDocument->character().skeleton;
    if (asset.rigConstraints.empty() || skeleton.bones.size() != skinning.size() ||
        skeleton.bones.size() != global.size())
        return;
    std::vector<int> parents;
    std::vector<Mat4> bind;
    for (const tweed::Bone &b : skeleton.bones) {
        parents.push_back(b.parent);
        bind.push_back(tweed::inverse(b.inverseBind));
    }
    tweed::BoneRig(asset.rigConstraints, parents, bind).apply(skinning, global, {0, -1, 0});
}

void Playback::computePose(double time, const Vec3 &loopTravel, std::vector<Mat4> &global,
                           Mat4 &root) const
{
    const Skeleton &skeleton = mDocument->character().skeleton;
    const AnimationClip *clip = currentClip();
    std::vector<Transform> local;
    if (clip) {
        local = sampleLocalPose(skeleton, *clip, time);
    } else {
        local.resize(skeleton.bones.size());
        for (size_t i = 0; i < local.size(); ++i)
            local[i] = skeleton.bones[i].restLocal;
    }
    global = tweed::globalPose(skeleton, local);
    root = Mat4::identity();
    if (clip && mMotionBone >= 0 && size_t(mMotionBone) < global.size()) {
        const Vec3 p = translationOf(global[size_t(mMotionBone)]);
        const Vec3 travel{p.x - mMotionStart.x, 0, p.z - mMotionStart.z};
        Vec3 shift;
        if (mRootMotion == RootMotion::InPlace) {
            shift = -travel;
        } else {
            shift = loopTravel;
            root = Mat4::translation(loopTravel + travel);
        }
        if (shift != Vec3{}) {
            const Mat4 m = Mat4::translation(shift);
            for (Mat4 &g : global)
                g = m * g;
        }
    }
}

void Playback::advance(double wallSeconds)
{
    const double d = duration();
    if (!currentClip() || d <= 0) {
        pause();
        return;
    }
    double t = mTime + wallSeconds * mSpeed;
    if (mLooping) {
        const double loops = std::floor(t / d);
        if (loops != 0) {
            t -= loops * d;
            mLoopTravel += mMotionCycle * float(loops);
        }
    } else if (t >= d || t <= 0) {
        t = std::clamp(t, 0.0, d);
        pause();
    }
    if (t == mTime)
        return;
    mTime = t;
    updatePose();
    emit timeChanged(mTime);
}

void Playback::tick()
{
    const double seconds = double(mWallClock.nsecsElapsed()) * 1e-9;
    mWallClock.restart();
    advance(seconds);
}

void Playback::play()
{
    if (mPlaying || !currentClip() || duration() <= 0)
        return;
    if (!mLooping && mTime >= duration())
        setTime(0);
    mPlaying = true;
    mWallClock.start();
    mTimer->start();
    emit playingChanged(true);
}

void Playback::pause()
{
    if (!mPlaying)
        return;
    mPlaying = false;
    mTimer->stop();
    emit playingChanged(false);
}

void Playback::togglePlaying()
{
    if (mPlaying)
        pause();
    else
        play();
}

void Playback::stepFrame(int direction)
{
    pause();
    if (!currentClip())
        return;
    const int last = frameCount() - 1;
    int f = frame() + direction;
    if (f > last || f < 0) {
        if (mLooping) {
            const int loops = f > last ? 1 : -1;
            f = f > last ? f - last - 1 : f + last + 1;
            mLoopTravel += mMotionCycle * float(loops);
        } else {
            f = std::clamp(f, 0, last);
        }
    }
    setTime(std::min(duration(), f / mFrameRate));
}

void Playback::setTime(double seconds)
{
    seconds = std::clamp(seconds, 0.0, duration());
    if (seconds == mTime)
        return;
    mTime = seconds;
    updatePose();
    emit timeChanged(mTime);
}

void Playback::setClip(int index)
{
    if (index < -1 || index >= clipCount())
        return;
    if (index == mClip)
        return;
    mClip = index;
    mTime = 0;
    mLoopTravel = {};
    analyseClip();
    if (!currentClip())
        pause();
    updatePose();
    emit clipChanged(mClip);
    emit timeChanged(mTime);
}

void Playback::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.01, 100.0);
    if (speed == mSpeed)
        return;
    mSpeed = speed;
    emit speedChanged(mSpeed);
}

void Playback::setLooping(bool loop)
{
    if (loop == mLooping)
        return;
    mLooping = loop;
    emit loopingChanged(mLooping);
}

void Playback::setRootMotion(RootMotion mode)
{
    if (mode == mRootMotion)
        return;
    mRootMotion = mode;
    mLoopTravel = {};
    updatePose();
    emit rootMotionChanged(mRootMotion);
}

} // namespace tweed::editor
