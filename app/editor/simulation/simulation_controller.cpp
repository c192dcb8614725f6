#include "simulation/simulation_controller.h"

#include "document.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
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
// The motion clock ticks at about 60 Hz.
constexpr int kClockMs = 16;

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
    if (mSimulating && ensureInstance())
        resetOnCurrentPose();
}

void SimulationController::setWind(const Vec3 &direction, float speed)
{
    const float len = length(direction);
    mWindDirection = len > 0 && std::isfinite(len) ? direction * (1.0f / len) : Vec3{};
    mWindSpeed = std::isfinite(speed) ? std::max(speed, 0.0f) : 0.0f;
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
    return mInstance ? mInstance->positions() : kNoPositions;
}

const std::vector<Vec3> &SimulationController::physicsNormals() const
{
    return mInstance ? mInstance->normals() : kNoPositions;
}

const std::vector<Vec3> &SimulationController::targetPositions() const
{
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
    if (ensureInstance())
        resetOnCurrentPose();
}

void SimulationController::setSimulating(bool on)
{
    if (on == mSimulating)
        return;
    mSimulating = on;
    if (on) {
        if (ensureInstance())
            resetOnCurrentPose();
        if (!mSimulating)
            return; // the first frame failed and stopped it again (see fail())
    } else {
        mStarted = false;
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
void SimulationController::measure()
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
    if (what & Document::SettingsChanged)
        mInstance->setSettings(mDocument->asset().simulation);
    if (what & Document::CollisionChanged)
        mInstance->setCollisionVolumes(mDocument->asset().collisionVolumes);
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
    if (mSimulating && mStarted)
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
    const std::vector<Mat4> &pose = mPlayback->skinningMatrices();
    const Mat4 &root = mPlayback->rootTransform();
    const Mat4 toModel = inverse(root);
    mWorld = motionTransform(mMotion, mMotionTime) * root;
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
    const ClothMeasurements m = mInstance->measure();
    mStats.maxStretch = m.maxStretch;
    mStats.skinnedMaxStretch = m.skinnedMaxStretch;
    mStats.maxDistanceViolations = m.maxDistanceViolations;
    mStats.contacts = m.penetrations;
    mStats.nonFinite = m.nonFinite;
    const std::vector<Vec3> &x = mInstance->positions();
    const std::vector<Vec3> &t = mInstance->targetPositions();
    const std::vector<float> &painted = mInstance->data().maxDistance;
    const float scale = mInstance->settings().maxDistanceScale;
    uint32_t hits = 0;
    for (size_t v = 0; v < x.size() && v < painted.size(); ++v) {
        const float limit = painted[v] * scale;
        if (limit > 0 && distance(x[v], t[v]) >= kHitShare * limit)
            ++hits;
    }
    mStats.maxDistanceHits = hits;
    mInstance->deformGraphics(mGraphicsPositions, &mGraphicsNormals);
    measure();
    pushToViewport();
    emit stepped();
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
        const std::vector<Vec3> &x = mInstance->positions();
        mViewport->setPhysicsOverride(mPhysicsMesh, toWorld(x, 0, x.size(), false));
    }
}

} // namespace tweed::editor
