#include "simulation/simulation_controller.h"

#include "document.h"
#include "long_operation.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
#include "tweed/clip_simulation.h"
#include "tweed/sim/colliders.h"
#include "tweed/errors.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <exception>

namespace tweed::editor {

namespace {

const std::vector<Vec3> kNoPositions;

// A vertex counts as held at its Max Distance within this share of the distance.
constexpr float kHitShare = 0.99f;

// Procedural motions: a 1.5 m circle at walking speed, hops of 0.4 m, a turn every 1.5 s.
constexpr double kCircleRadius = 1.5, kCircleSpeed = 1.4;
constexpr double kJumpPeriod = 1.2, kJumpAir = 0.6, kJumpHeight = 0.4;
constexpr double kSpinPeriod = 1.5;
// The cache's size until setCacheBudget (the Preferences' default).
constexpr size_t kDefaultCacheBytes = size_t(1024) * 1024 * 1024;
// The motion clock ticks at about 60 Hz.
constexpr int kClockMs = 16;

// Vertices held at their Max Distance (within kHitShare of it).
uint32_t countMaxDistanceHits(const ClothInstance &cloth, float scale)
{
    const std::vector<Vec3> &x = cloth.positions();
    const std::vector<Vec3> &t = cloth.targetPositions();
    const std::vector<float> &painted = cloth.data().maxDistance;
    uint32_t hits = 0;
    for (size_t v = 0; v < x.size() && v < painted.size(); ++v) {
        const float limit = painted[v] * scale;
        if (limit > 0 && distance(x[v], t[v]) >= kHitShare * limit)
            ++hits;
    }
    return hits;
}

} // namespace

SimulationController::SimulationController(Document *document, Playback *playback,
                                           QObject *parent)
    : QObject(parent), mDocument(document), mPlayback(playback)
{
    setObjectName(QStringLiteral("SimulationController"));
    connect(mDocument, &Document::changed, this,
            [this](Document::Changes what) { onDocumentChanged(unsigned(what.toInt())); });
    connect(mPlayback, &Playback::poseChanged, this, &SimulationController::onPoseChanged);
    connect(mPlayback, &Playback::playingChanged, this, &SimulationController::runningChanged);
    mClock = new QTimer(this);
    mClock->setInterval(kClockMs);
    connect(mClock, &QTimer::timeout, this, &SimulationController::tick);
    mDebugViews = new DebugViews(mDocument, mPlayback, this, this);
    mCache.setBudget(kDefaultCacheBytes);
    mGrabClock = new QTimer(this);
    mGrabClock->setInterval(kClockMs * 2);
    connect(mGrabClock, &QTimer::timeout, this, &SimulationController::stepGrab);
    // The cloth feels the root motion as world motion: another mode is another simulation.
    connect(mPlayback, &Playback::rootMotionChanged, this, [this] { invalidateCache(); });
}

Mat4 SimulationController::motionTransform(Motion motion, double seconds)
{
    constexpr double tau = 2 * std::numbers::pi;
    switch (motion) {
    case Motion::None:
        break;
    case Motion::WalkCircle: {
        // Starts at the origin heading +z and turns towards +x, facing along the path.
        const double a = kCircleSpeed * seconds / kCircleRadius;
        const Vec3 p{float(kCircleRadius * (1 - std::cos(a))), 0,
                     float(kCircleRadius * std::sin(a))};
        return Mat4::translation(p) * Mat4::rotation(axisAngle({0, 1, 0}, float(a)));
    }
    case Motion::Jump: {
        const double s = std::fmod(seconds, kJumpPeriod) / kJumpAir;
        const double h = s < 1 ? 4 * kJumpHeight * s * (1 - s) : 0.0;
        return Mat4::translation({0, float(h), 0});
    }
    case Motion::Spin:
        return Mat4::rotation(axisAngle({0, 1, 0}, float(tau * seconds / kSpinPeriod)));
    }
    return Mat4::identity();
}

void SimulationController::setMotion(Motion motion)
{
    if (motion == mMotion)
        return;
    mMotion = motion;
    invalidateCache();
    if (motion == Motion::None)
        stopClock();
    if (mSimulating && ensureInstance())
        resetOnCurrentPose();
    emit motionChanged(motion);
}

bool SimulationController::isRunning() const
{
    return mClock->isActive() || (mSimulating && mPlayback->isPlaying());
}

void SimulationController::tick()
{
    const double dt = double(mWallClock.nsecsElapsed()) * 1e-9;
    mWallClock.restart();
    if (!mSimulating || mPlayback->clip() >= 0) {
        stopClock();
        return;
    }
    simulate(std::min(dt, kMaxFrameSeconds));
}

void SimulationController::stopClock()
{
    if (!mClock->isActive())
        return;
    mClock->stop();
    emit runningChanged(false);
}

SimulationController::~SimulationController() = default;

void SimulationController::setViewport(Viewport *viewport)
{
    if (mViewport)
        mViewport->clearOverrides();
    mViewport = viewport;
    mDebugViews->setViewport(viewport);
    pushToViewport();
}

void SimulationController::setLod(int lod)
{
    if (lod == mLod)
        return;
    mLod = lod;
    mNeedsRebuild = true;
    invalidateCache();
    if (mSimulating && ensureInstance())
        resetOnCurrentPose();
}

void SimulationController::setWind(const Vec3 &direction, float speed)
{
    const float len = length(direction);
    const Vec3 unit = len > 0 && std::isfinite(len) ? direction * (1.0f / len) : Vec3{};
    const float newSpeed = std::isfinite(speed) ? std::max(speed, 0.0f) : 0.0f;
    if (!(unit * newSpeed == windVelocity()))
        invalidateCache();
    mWindDirection = unit;
    mWindSpeed = newSpeed;
    pushToViewport();
    emit windChanged();
}

const ClothInstance *SimulationController::instance()
{
    ensureInstance();
    return mInstance.get();
}

const std::vector<Vec3> &SimulationController::physicsPositions() const
{
    if (mShowingCached)
        return mShownPhysics;
    return mInstance ? mInstance->positions() : kNoPositions;
}

const std::vector<Vec3> &SimulationController::physicsNormals() const
{
    return mInstance ? mInstance->normals() : kNoPositions;
}

const std::vector<Vec3> &SimulationController::targetPositions() const
{
    if (mShowingCached)
        return mShownTargets;
    return mInstance ? mInstance->targetPositions() : kNoPositions;
}

void SimulationController::play()
{
    setSimulating(true);
    if (mPlayback->clip() >= 0) {
        mPlayback->play();
    } else if (mMotion != Motion::None && !mClock->isActive()) {
        mWallClock.start();
        mClock->start();
        emit runningChanged(true);
    }
}

void SimulationController::pause()
{
    mPlayback->pause();
    stopClock();
}

void SimulationController::togglePlaying()
{
    if (isRunning())
        pause();
    else
        play();
}

void SimulationController::stepFrame()
{
    setSimulating(true);
    if (mPlayback->clip() >= 0) {
        // Playback::stepFrame pauses and emits poseChanged, which simulates the frame.
        mPlayback->stepFrame(1);
    } else {
        stopClock();
        if (ensureInstance())
            simulate(1.0 / 30.0);
    }
}

void SimulationController::reset()
{
    pause();
    if (clipMode() && mCache.end(mPlayback->clip()) >= 0) {
        mCache.clear(mPlayback->clip());
        emit cacheChanged();
    }
    if (ensureInstance())
        resetOnCurrentPose();
}

void SimulationController::setSimulating(bool on)
{
    if (on == mSimulating)
        return;
    mSimulating = on;
    if (on) {
        if (ensureInstance()) {
            if (clipMode())
                showClipFrame(mPlayback->frame());
            else
                resetOnCurrentPose();
        }
        if (!mSimulating)
            return; // the first frame failed and stopped it again (see fail())
    } else {
        endGrab();
        mStarted = false;
        mShowingCached = false;
        mShownFrame = -1;
        stopClock();
    }
    pushToViewport();
    emit simulatingChanged(on);
}

void SimulationController::setMeasuring(const void *who, bool on)
{
    const bool was = isMeasuring();
    if (on)
        mMeasuringFor.insert(who);
    else
        mMeasuringFor.erase(who);
    if (!isMeasuring()) {
        mMeasurer.reset();
        mMeasures = {};
        mOffenders = {};
    } else if (!was && mSimulating && mStarted && mInstance && !mNeedsRebuild) {
        publish(); // measure the frame on screen at once
    }
}

ClipMeasures SimulationController::measuresSinceReset() const
{
    return mMeasurer ? mMeasurer->result() : ClipMeasures{};
}

// The measures of the frame just simulated (the measurer is made for the current document and
// instance, and starts over at a reset).
void SimulationController::measureCloth()
{
    mMeasures = {};
    mOffenders = {};
    if (!isMeasuring() || !mInstance) return;
    const ClothingAsset &asset = mDocument->asset();
    try {
        if (!mMeasurer) {
            ClothMeasureSettings settings;
            settings.recordOffenders = true;
            mMeasurer = std::make_unique<ClothMeasurer>(
                asset, mLod, garmentLayers(asset, mLod),
                bodyMeshes(asset, mDocument->character()), settings);
        }
        std::vector<Mat4> skinning = mInstance->skinningMatrices();
        if (skinning.size() != asset.skeleton.bones.size())
            skinning.assign(asset.skeleton.bones.size(), Mat4{});
        mMeasures = mMeasurer->add(mGraphicsPositions, skinning, *mInstance, 1.0f);
        mOffenders = mMeasurer->lastOffenders();
    } catch (const std::exception &) {
        // A garment the measures cannot read (e.g. a mesh not matching its LoD) has none.
        mMeasurer.reset();
    }
}

void SimulationController::onDocumentChanged(unsigned what)
{
    mMeasurer.reset(); // it refers to the asset and copies its volumes
    constexpr unsigned rebuild = Document::CharacterChanged | Document::MeshesChanged |
                                 Document::PhysicsMeshChanged | Document::SkeletonChanged;
    // Every kind of change alters what the simulation gives: the cached frames are stale.
    invalidateCache();
    if (what & rebuild)
        endGrab();
    // Repainted channels go to the running instance as they are: no rebuild, no reset.
    if (what & Document::ChannelsChanged && !(what & rebuild) && !takeChannels())
        what |= Document::PhysicsMeshChanged;
    if (what & rebuild) {
        mNeedsRebuild = true;
        if (mSimulating && ensureInstance())
            resetOnCurrentPose();
        else
            pushToViewport();
        return;
    }
    if (!mInstance || mNeedsRebuild)
        return;
    if (what & Document::SettingsChanged) {
        mInstance->setSettings(mDocument->asset().simulation);
        reportPaintWarnings();
    }
    if (what & Document::CollisionChanged)
        mInstance->setCollisionVolumes(mDocument->asset().collisionVolumes);
}

void SimulationController::reportPaintWarnings()
{
    const uint32_t count = mInstance ? mInstance->status().backstopsUnderMaxDistance : 0;
    if (count == mReportedBackstops)
        return;
    mReportedBackstops = count;
    if (count > 0)
        emit warningRaised(tr("%n physics vertices have a backstop radius smaller than their Max "
                              "Distance: they can slip past the backstop sphere sideways and pull "
                              "the cloth apart. Paint a radius larger than Max Distance.",
                              nullptr, int(count)));
}

// Hands the physics mesh's channels to the instance; false when it cannot take them (then
// the instance is rebuilt).
bool SimulationController::takeChannels()
{
    if (mNeedsRebuild || !mInstance)
        return true; // the next build reads the channels anyway
    const ClothingAsset &asset = mDocument->asset();
    const PhysicsMesh *physics = physicsMeshAt(asset, mPhysicsMesh);
    if (!physics) return false;
    PaintChannels channels = physics->channels;
    if (channels.vertexCount() != mInstance->positions().size())
        channels.resize(mInstance->positions().size());
    try {
        mInstance->setChannels(channels);
    } catch (const std::exception &) {
        return false;
    }
    ++mChannelUpdates;
    reportPaintWarnings();
    // A cached frame shown while the run is elsewhere stays until the next frame is shown.
    if (mSimulating && mStarted && !(mShowingCached && mRunFrame != mShownFrame))
        publish();
    return true;
}

bool SimulationController::ensureInstance()
{
    if (!mNeedsRebuild)
        return mInstance != nullptr;
    mNeedsRebuild = false;
    mStarted = false;
    mMeasurer.reset();
    mInstance.reset();
    mReportedBackstops = 0; // a new instance, perhaps of another asset: report afresh
    mData.reset();
    mPhysicsMesh = -1;
    mGarmentMeshes.clear();
    mGraphicsPositions.clear();
    mGraphicsNormals.clear();
    const ClothingAsset &asset = mDocument->asset();
    const Character &character = mDocument->character();
    if (asset.lods.empty()) {
        mError = tr("The asset has no garment to simulate.");
        emit errorOccurred(mError);
        return false;
    }
    try {
        mData = buildClothAssetData(asset, mLod);
        mInstance = std::make_unique<ClothInstance>(mData, asset.simulation);
    } catch (const std::exception &e) {
        mData.reset();
        mError = tr("The garment cannot be simulated: %1").arg(QString::fromStdString(e.what()));
        emit errorOccurred(mError);
        return false;
    }
    ++mBuildCount;
    mError.clear();
    reportPaintWarnings();
    mPhysicsMesh = asset.lods[size_t(mLod)].physicsMesh;

    // Playback poses index the character's skeleton; the asset may order bones differently.
    mBoneMap.assign(asset.skeleton.bones.size(), -1);
    for (size_t b = 0; b < asset.skeleton.bones.size(); ++b)
        mBoneMap[b] = character.skeleton.find(asset.skeleton.bones[b].name);

    // The simulated mesh is shown in place of the character meshes the garment was made of.
    mGarmentMeshes = garmentParts(character, asset.lods[size_t(mLod)].mesh);
    return true;
}

ClothFrame SimulationController::currentFrame()
{
    return frameFrom(mPlayback->skinningMatrices(), mPlayback->rootTransform(), mMotionTime);
}

ClothFrame SimulationController::frameFrom(const std::vector<Mat4> &pose, const Mat4 &root,
                                           double motionSeconds)
{
    const Mat4 toModel = inverse(root);
    mWorld = motionTransform(mMotion, motionSeconds) * root;
    mSkinning.resize(mBoneMap.size());
    bool complete = !pose.empty();
    for (size_t b = 0; b < mBoneMap.size() && complete; ++b) {
        const int c = mBoneMap[b];
        if (c < 0 || size_t(c) >= pose.size())
            complete = false;
        else
            mSkinning[b] = toModel * pose[size_t(c)];
    }
    ClothFrame frame;
    // Without a pose for every bone (no character loaded) the cloth follows the rest pose.
    if (complete)
        frame.skinning = mSkinning;
    frame.world = mWorld;
    frame.wind = windVelocity();
    return frame;
}

void SimulationController::resetOnCurrentPose()
{
    if (clipMode()) {
        if (startRun(mPlayback->frame()))
            publish();
        return;
    }
    try {
        mInstance->reset(currentFrame());
    } catch (const std::exception &e) {
        fail(e);
        return;
    }
    mStarted = true;
    mFrames = 0;
    mMotionTime = 0;
    mLastDt = 0;
    mLastTime = mPlayback->time();
    mStats = {};
    mStats.time = mLastTime;
    mMeasurer.reset();
    publish();
}

void SimulationController::onPoseChanged()
{
    if (!mSimulating || !ensureInstance())
        return;
    if (clipMode()) {
        showClipFrame(mPlayback->frame());
        return;
    }
    const double time = mPlayback->time();
    double dt = time - mLastTime;
    if (dt < 0 && mPlayback->isLooping())
        dt += mPlayback->duration(); // wrapped around the loop
    if (!mStarted || dt < 0) {
        resetOnCurrentPose();
        return;
    }
    if (dt > kMaxFrameSeconds) {
        // A slow frame while the clip plays is simulated as a clamped step, as games clamp
        // their dt, so a slow machine still simulates; a jump by scrubbing or a long stall
        // starts over on the new pose.
        if (!mPlayback->isPlaying() || dt > kMaxPlayingGapSeconds) {
            resetOnCurrentPose();
            return;
        }
        mLastTime = time;
        simulate(kMaxFrameSeconds);
        return;
    }
    if (dt == 0)
        return; // the same time again (e.g. a root-motion toggle): nothing to simulate
    mLastTime = time;
    simulate(dt);
}

void SimulationController::simulate(double dt)
{
    if (!mStarted) {
        resetOnCurrentPose();
        return;
    }
    mMotionTime += dt;
    mPrevious = mInstance->positions();
    mLastDt = dt;
    ClothFrame frame = currentFrame();
    frame.dt = float(dt);
    QElapsedTimer timer;
    timer.start();
    try {
        mInstance->update(frame);
    } catch (const std::exception &e) {
        fail(e);
        return;
    }
    mStats.solverMs = double(timer.nsecsElapsed()) * 1e-6;
    mStats.time = mPlayback->clip() >= 0 ? mPlayback->time() : mMotionTime;
    ++mFrames;
    publish();
}

// The run time refused a frame (a pose that does not fit the asset): stop and say why.
void SimulationController::fail(const std::exception &e)
{
    mError = tr("The simulation stopped: %1").arg(QString::fromStdString(e.what()));
    setSimulating(false);
    emit errorOccurred(mError);
}

// Measures the new state, deforms the graphics mesh and hands both to the viewport.
void SimulationController::publish()
{
    measure();
    mShowingCached = false;
    pushToViewport();
    emit stepped();
}

void SimulationController::measure(bool graphics)
{
    const ClothMeasurements m = mInstance->measure();
    mStats.maxStretch = m.maxStretch;
    mStats.skinnedMaxStretch = m.skinnedMaxStretch;
    mStats.maxDistanceViolations = m.maxDistanceViolations;
    mStats.contacts = m.penetrations;
    mStats.nonFinite = m.nonFinite;
    mStats.maxDistanceHits = countMaxDistanceHits(*mInstance, mInstance->settings().maxDistanceScale);
    if (!graphics)
        return;
    mInstance->deformGraphics(mGraphicsPositions, &mGraphicsNormals);
    measureCloth();
}

void SimulationController::pushToViewport()
{
    if (!mViewport)
        return;
    mViewport->setWindArrow(mSimulating, windVelocity());
    if (!mSimulating || !mInstance || mNeedsRebuild) {
        mViewport->clearOverrides();
        return;
    }
    const Character &character = mDocument->character();
    const auto toWorld = [this](const std::vector<Vec3> &in, size_t first, size_t count,
                                bool directions) {
        std::vector<Vec3> out(count);
        for (size_t i = 0; i < count; ++i)
            out[i] = directions ? normalize(mWorld.transformVector(in[first + i]))
                                : mWorld.transformPoint(in[first + i]);
        return out;
    };
    if (mGraphicsNormals.size() == mGraphicsPositions.size()) {
        for (const GarmentPart &part : mGarmentMeshes) {
            if (part.first + part.count > mGraphicsPositions.size() ||
                character.meshes[size_t(part.mesh)].vertexCount() != part.count)
                continue;
            mViewport->setMeshOverride(
                part.mesh, toWorld(mGraphicsPositions, part.first, part.count, false),
                toWorld(mGraphicsNormals, part.first, part.count, true));
        }
    }
    if (mPhysicsMesh >= 0) {
        const std::vector<Vec3> &x = physicsPositions();
        mViewport->setPhysicsOverride(mPhysicsMesh, toWorld(x, 0, x.size(), false));
    }
    // The other meshes (the body, a hood) with the simulation's bones: its pendulums applied.
    const std::vector<Mat4> &simulated = mInstance->skinningMatrices();
    std::vector<Mat4> skinning = mPlayback->skinningMatrices();
    if (simulated.size() == mBoneMap.size()) {
        const Mat4 &root = mPlayback->rootTransform();
        for (size_t b = 0; b < mBoneMap.size(); ++b)
            if (mBoneMap[b] >= 0 && size_t(mBoneMap[b]) < skinning.size())
                skinning[size_t(mBoneMap[b])] = root * simulated[b];
        mViewport->setSkinningOverride(std::move(skinning));
    }
}


// --- The clip run and its cache ---------------------------------------------------------

bool SimulationController::clipMode() const { return mPlayback->clip() >= 0; }

Mat4 SimulationController::displayWorld(int frame) const
{
    return motionTransform(mMotion, double(frame) / mPlayback->frameRate()) *
           mPlayback->rootTransform();
}

ClothFrame SimulationController::clipFrameInput(int frame)
{
    const double rate = mPlayback->frameRate();
    Mat4 root;
    mPlayback->poseAt(clipFrameTime(frame, rate, mPlayback->duration()), mRunPose, root);
    ClothFrame input = frameFrom(mRunPose, root, double(frame) / rate);
    input.dt = float(1.0 / rate);
    return input;
}

void SimulationController::setCacheBudget(size_t bytes)
{
    if (bytes == mCache.budget())
        return;
    mCache.setBudget(bytes);
    emit cacheChanged();
}

void SimulationController::setPreRollFrames(int frames)
{
    frames = std::clamp(frames, 0, 1000);
    if (frames == mPreRollFrames)
        return;
    mPreRollFrames = frames;
    invalidateCache();
}

void SimulationController::clearCache()
{
    invalidateCache();
}

std::shared_ptr<const SimulatedClip> SimulationController::cachedClip() const
{
    const int clip = mPlayback->clip();
    const int count = mCache.frameCount(clip);
    if (clip < 0 || count == 0)
        return nullptr;
    auto out = std::make_shared<SimulatedClip>();
    for (int f = 0; f < count; ++f) {
        const CachedFrame &cached = *mCache.frame(clip, f);
        SimulatedFrame frame;
        frame.frame = f;
        frame.positions = cached.graphics;
        frame.normals = cached.graphicsNormals;
        out->frames.push_back(std::move(frame));
        out->skinning.push_back(cached.skinning);
        out->physics.push_back(cached.physics);
    }
    return out;
}

void SimulationController::invalidateCache()
{
    // The run goes on (painting while simulating takes effect at once) but is no longer the
    // clip's simulation from frame 0: it is not cached until the clip comes round again. A
    // cached frame on screen becomes the running cloth, so the edit takes effect there.
    if (mShowingCached && mStarted && mInstance && !mNeedsRebuild && mRunClip == mPlayback->clip() &&
        mRunFrame != mShownFrame && continueFrom(mShownFrame))
        mShowingCached = false;
    mRunClean = false;
    if (mCache.bytes() == 0)
        return;
    mCache.clear();
    emit cacheChanged();
}

CachedFrame SimulationController::liveFrame() const
{
    CachedFrame frame;
    frame.physics = mInstance->positions();
    frame.targets = mInstance->targetPositions();
    frame.graphics = mGraphicsPositions;
    frame.graphicsNormals = mGraphicsNormals;
    frame.skinning = mInstance->skinningMatrices();
    frame.stats = mStats;
    frame.state = mInstance->saveState();
    return frame;
}

bool SimulationController::startRun(int frame)
{
    endGrab();
    const int clip = mPlayback->clip();
    ClothFrame input = clipFrameInput(frame);
    try {
        mInstance->reset(input);
        // Pre-roll: the cloth settles on the clip's first pose before frame 0.
        if (frame == 0)
            for (int i = 0; i < mPreRollFrames; ++i)
                mInstance->update(input);
    } catch (const std::exception &e) {
        fail(e);
        return false;
    }
    mStarted = true;
    mRunClip = clip;
    mRunFrame = frame;
    mRunClean = frame == 0;
    mRunStart = frame;
    mShownFrame = frame;
    mFrames = 0;
    mMotionTime = double(frame) / mPlayback->frameRate();
    mLastDt = 0;
    mLastTime = mPlayback->time();
    mPrevious.clear();
    mStats = {};
    mStats.time = clipFrameTime(frame, mPlayback->frameRate(), mPlayback->duration());
    measure();
    mWorld = displayWorld(frame);
    if (mRunClean) {
        mCache.clear(clip);
        if (mCache.append(clip, liveFrame()))
            emit cacheChanged();
    }
    return true;
}

bool SimulationController::continueFrom(int frame)
{
    const int clip = mPlayback->clip();
    const CachedFrame *cached = mCache.frame(clip, frame);
    if (!cached)
        return false;
    try {
        mInstance->restoreState(cached->state);
    } catch (const std::exception &e) {
        fail(e);
        return false;
    }
    mStarted = true;
    mRunClip = clip;
    mRunFrame = frame;
    mRunClean = true;
    mRunStart = 0;
    mFrames = frame;
    mStats = cached->stats;
    return true;
}

bool SimulationController::stepRun(bool shown)
{
    const int frame = mRunFrame + 1;
    mPrevious = mInstance->positions();
    ClothFrame input = clipFrameInput(frame);
    mLastDt = double(input.dt);
    mMotionTime = double(frame) / mPlayback->frameRate();
    QElapsedTimer timer;
    timer.start();
    try {
        if (mGrabVertex >= 0)
            mInstance->setGrab(uint32_t(mGrabVertex),
                               inverse(displayWorld(frame)).transformPoint(mGrabTarget),
                               mGrabStiffness);
        mInstance->update(input);
    } catch (const std::exception &e) {
        fail(e);
        return false;
    }
    mStats.solverMs = double(timer.nsecsElapsed()) * 1e-6;
    mStats.time = clipFrameTime(frame, mPlayback->frameRate(), mPlayback->duration());
    mRunFrame = frame;
    mFrames = frame - mRunStart;
    const int clip = mRunClip;
    if (mGrabVertex >= 0)
        mRunClean = false; // a grabbed frame is not the clip's simulation
    const bool cache = mRunClean && mCache.end(clip) == frame - 1;
    // The garment's graphics mesh of a frame passed over on the way to the one shown (a slow
    // frame makes the playback skip clip frames) is seen by no one unless the cache keeps the
    // frame or the statistics measure it.
    measure(shown || isMeasuring() || (cache && mCache.bytes() < mCache.budget()));
    if (cache && mCache.append(clip, liveFrame()))
        emit cacheChanged();
    return true;
}

void SimulationController::runTo(int frame)
{
    while (mRunFrame < frame) {
        if (!stepRun(mRunFrame + 1 == frame))
            return;
        if (mRunFrame < frame)
            emit stepped(); // the statistics see every frame; the viewport the last
    }
    mShownFrame = frame;
    mFrames = mRunFrame - mRunStart;
    mWorld = displayWorld(frame);
    mShowingCached = false;
    pushToViewport();
    emit stepped();
}

void SimulationController::showCachedFrame(int frame)
{
    const CachedFrame *cached = mCache.frame(mPlayback->clip(), frame);
    mShownPhysics = cached->physics;
    mShownTargets = cached->targets;
    mGraphicsPositions = cached->graphics;
    mGraphicsNormals = cached->graphicsNormals;
    mStats = cached->stats;
    mFrames = frame;
    mShownFrame = frame;
    mShowingCached = true;
    mStarted = true;
    mWorld = displayWorld(frame);
    pushToViewport();
    emit frameShown();
}

void SimulationController::showClipFrame(int frame)
{
    const int clip = mPlayback->clip();
    frame = std::clamp(frame, 0, std::max(0, mPlayback->frameCount() - 1));
    const bool haveRun = mStarted && mRunClip == clip && mRunFrame >= 0;
    if (mGrabVertex < 0 && frame == mShownFrame && haveRun &&
        (mShowingCached ? mCache.contains(clip, frame) : mRunFrame == frame)) {
        // The same frame again (the playback ticks faster than the clip's key rate, or the
        // root motion changed): only where it is drawn may change.
        mWorld = displayWorld(frame);
        pushToViewport();
        return;
    }
    if (mGrabVertex >= 0) {
        // Grabbing: the live cloth, one frame time per new frame (wrapping included).
        if (!haveRun)
            return;
        if (frame != mRunFrame) {
            mRunFrame = frame - 1;
            runTo(frame);
        }
        return;
    }
    if (mCache.contains(clip, frame)) {
        showCachedFrame(frame);
        return;
    }
    // Continue from the nearer of the running cloth and the cache's last frame before this
    // one (the running cloth when they are the same frame: it may carry an edit or a grab).
    const int end = mCache.end(clip);
    const int live = haveRun && mRunFrame < frame ? mRunFrame : -1;
    const int cached = end < frame ? end : -1;
    if (cached > live) {
        if (!continueFrom(cached))
            return;
    } else if (live < 0) {
        if (!startRun(frame))
            return;
    }
    runTo(frame);
}

bool SimulationController::bakeClip(QWidget *parent)
{
    const int clip = mPlayback->clip();
    if (clip < 0) {
        mError = tr("Bake Clip needs an animation clip.");
        emit errorOccurred(mError);
        return false;
    }
    setSimulating(true);
    if (!mSimulating || !ensureInstance())
        return false;
    pause();
    const int last = mPlayback->frameCount() - 1;
    if (mCache.end(clip) < 0) {
        if (!startRun(0))
            return false;
        if (mCache.end(clip) < 0) {
            mError = tr("The simulation cache has no room: raise its size in the Preferences.");
            emit errorOccurred(mError);
            return false;
        }
    }
    const int first = mCache.end(clip) + 1;
    if (first > last) {
        showClipFrame(mPlayback->frame());
        return true;
    }
    // The inputs of every frame are made here (the playback and document belong to this
    // thread); the worker simulates a copy of the cloth from the cache's last state.
    struct Input
    {
        std::vector<Mat4> skinning;
        ClothFrame frame;
    };
    std::vector<Input> inputs(size_t(last - first + 1));
    for (int f = first; f <= last; ++f) {
        Input &in = inputs[size_t(f - first)];
        in.frame = clipFrameInput(f);
        in.skinning.assign(in.frame.skinning.begin(), in.frame.skinning.end());
        in.frame.skinning = in.skinning;
    }
    std::shared_ptr<const ClothAssetData> data;
    std::unique_ptr<ClothInstance> cloth;
    try {
        data = buildClothAssetData(mDocument->asset(), mLod);
        cloth = std::make_unique<ClothInstance>(data, mDocument->asset().simulation);
        cloth->restoreState(mCache.frame(clip, first - 1)->state);
    } catch (const std::exception &e) {
        mError = tr("The clip cannot be baked: %1").arg(QString::fromStdString(e.what()));
        emit errorOccurred(mError);
        return false;
    }
    const size_t room = mCache.budget() - mCache.bytes();
    const float scale = cloth->settings().maxDistanceScale;
    const double rate = mPlayback->frameRate(), duration = mPlayback->duration();
    std::vector<CachedFrame> baked;
    baked.reserve(inputs.size());
    const OperationOutcome outcome = LongOperation::run(
        parent, tr("Baking %1...").arg(mPlayback->clipName(clip)),
        [&](const ProgressCallback &progress) {
            size_t bytes = 0;
            for (size_t i = 0; i < inputs.size(); ++i) {
                reportProgress(progress, float(i) / float(inputs.size()), "baking");
                QElapsedTimer timer;
                timer.start();
                cloth->update(inputs[i].frame);
                CachedFrame frame;
                frame.stats.solverMs = double(timer.nsecsElapsed()) * 1e-6;
                frame.stats.time = clipFrameTime(first + int(i), rate, duration);
                const ClothMeasurements m = cloth->measure();
                frame.stats.maxStretch = m.maxStretch;
                frame.stats.skinnedMaxStretch = m.skinnedMaxStretch;
                frame.stats.maxDistanceViolations = m.maxDistanceViolations;
                frame.stats.contacts = m.penetrations;
                frame.stats.nonFinite = m.nonFinite;
                frame.stats.maxDistanceHits = countMaxDistanceHits(*cloth, scale);
                frame.physics = cloth->positions();
                frame.targets = cloth->targetPositions();
                cloth->deformGraphics(frame.graphics, &frame.graphicsNormals);
                frame.skinning = cloth->skinningMatrices();
                frame.state = cloth->saveState();
                bytes += frame.byteSize();
                if (bytes > room)
                    break; // the cache is full: the rest plays on uncached
                baked.push_back(std::move(frame));
            }
            reportProgress(progress, 1.0f, "baking");
        });
    for (CachedFrame &frame : baked)
        if (!mCache.append(clip, std::move(frame)))
            break;
    emit cacheChanged();
    if (outcome.status == OperationOutcome::Failed) {
        mError = tr("The clip cannot be baked: %1").arg(outcome.error);
        emit errorOccurred(mError);
        return false;
    }
    showClipFrame(mPlayback->frame());
    return true;
}

// --- Grab ---------------------------------------------------------------------------------

void SimulationController::setGrabStiffness(float stiffness)
{
    if (std::isfinite(stiffness))
        mGrabStiffness = std::max(stiffness, 0.0f);
}

bool SimulationController::beginGrab(uint32_t vertex, const Vec3 &target)
{
    if (!isShowingSimulation() || mGrabVertex >= 0 || vertex >= physicsPositions().size())
        return false;
    if (clipMode()) {
        // The live cloth must be the frame shown: a cached frame continues from its state.
        if (mShowingCached || mRunFrame != mShownFrame) {
            if (!continueFrom(mShownFrame))
                return false;
            mShowingCached = false;
        }
        mGrabStartFrame = mRunFrame;
    }
    mGrabStart = mInstance->saveState();
    mGrabVertex = int(vertex);
    mGrabTarget = target;
    mRunClean = false;
    try {
        mInstance->setGrab(vertex, inverse(mWorld).transformPoint(target), mGrabStiffness);
    } catch (const std::exception &) {
        mGrabVertex = -1;
        return false;
    }
    if (!isRunning())
        mGrabClock->start();
    emit grabChanged(true);
    return true;
}

void SimulationController::moveGrab(const Vec3 &target)
{
    if (mGrabVertex < 0 || !mInstance)
        return;
    mGrabTarget = target;
    mInstance->setGrab(uint32_t(mGrabVertex), inverse(mWorld).transformPoint(target),
                       mGrabStiffness);
}

void SimulationController::stepGrab()
{
    if (mGrabVertex < 0 || !mInstance || !mSimulating)
        return;
    if (isRunning())
        return; // the clip's frames step it
    if (clipMode()) {
        // The clip stands still: simulate one frame time more on the same frame's pose.
        const int frame = mRunFrame;
        mRunFrame = frame - 1;
        runTo(frame);
    } else {
        simulate(1.0 / 30.0);
    }
}

void SimulationController::endGrab()
{
    if (mGrabVertex < 0)
        return;
    mGrabVertex = -1;
    mGrabClock->stop();
    if (mInstance)
        mInstance->clearGrab();
    mGrabStart = {};
    emit grabChanged(false);
}

void SimulationController::cancelGrab()
{
    if (mGrabVertex < 0)
        return;
    ClothInstance::State start = std::move(mGrabStart);
    endGrab();
    if (!mInstance || start.empty())
        return;
    mInstance->restoreState(start);
    if (clipMode())
        mRunFrame = mGrabStartFrame;
    publish();
}


VertexInspection SimulationController::inspect(int vertex) const
{
    VertexInspection out;
    const std::vector<Vec3> &x = physicsPositions();
    const std::vector<Vec3> &t = targetPositions();
    if (!isShowingSimulation() || vertex < 0 || size_t(vertex) >= x.size() ||
        x.size() != t.size())
        return out;
    const auto v = size_t(vertex);
    out.vertex = vertex;
    const ClothData &data = mInstance->data();
    const PhysicsMesh *physics = physicsMeshAt(mDocument->asset(), mPhysicsMesh);
    out.painted.assign(size_t(FloatChannel::Count), 0.0f);
    if (physics && physics->channels.vertexCount() == x.size())
        for (size_t c = 0; c < out.painted.size(); ++c)
            out.painted[c] = physics->channels[FloatChannel(c)][v];
    out.mass = mInstance->vertexMass(uint32_t(vertex));
    out.offset = distance(x[v], t[v]);
    out.maxDistance = v < data.maxDistance.size()
                          ? data.maxDistance[v] * mInstance->settings().maxDistanceScale
                          : 0.0f;
    out.fixed = v < data.fixed.size() && data.fixed[v] != 0;
    out.atMaxDistance = !out.fixed && out.maxDistance > 0 && out.offset >= kHitShare * out.maxDistance;
    // Contact: within a millimetre of a volume grown by the collision thickness, the volumes
    // posed by the instance's bones (model space).
    const std::vector<Mat4> &skinning = mInstance->skinningMatrices();
    const float thickness = mInstance->settings().collisionThickness;
    for (const CollisionVolume &volume : mDocument->asset().collisionVolumes) {
        Mat4 bone = Mat4::identity();
        if (volume.bone >= 0) {
            const auto b = size_t(volume.bone);
            if (!mData || b >= skinning.size() || b >= mData->boneBind.size())
                continue;
            bone = skinning[b] * mData->boneBind[b];
        }
        const ColliderPose pose = colliderPose(volume, colliderFrame(volume, bone), thickness);
        if (colliderDistance(pose, x[v]) <= 1e-3f) {
            out.inContact = true;
            break;
        }
    }
    return out;
}

} // namespace tweed::editor
