// The live simulation preview: one ClothInstance for the asset's current graphics LoD, stepped
// with the playback's pose while simulating. It is the editor's view of the cloth run time:
// the viewport shows what it simulates, the simulation and statistics docks drive and plot it.
#pragma once

#include "tweed/cloth_measures.h"
#include "tweed/math.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/sim/cloth_instance.h"

#include <QElapsedTimer>
#include <QColor>
#include <QObject>
#include <QString>

#include <exception>
#include <memory>
#include <set>
#include <vector>

class QTimer;

namespace tweed::editor {

class DebugViews;
class Document;
class Playback;
class Viewport;

/// Measurements of one simulated frame, for the statistics dock.
struct SimulationFrameStats
{
    double time = 0;     ///< playback clip time of the frame, seconds
    double solverMs = 0; ///< wall-clock time of ClothInstance::update
    float maxStretch = 0;
    float skinnedMaxStretch = 0; ///< the skinned pose's own (see ClothMeasurements)
    /// Vertices held at their Max Distance limit (within 1%) this frame.
    uint32_t maxDistanceHits = 0;
    /// Vertices beyond their Max Distance (the solver should keep this at 0).
    uint32_t maxDistanceViolations = 0;
    /// Vertices inside a (thickened) collision volume after the solve.
    uint32_t contacts = 0;
    uint32_t nonFinite = 0;
};

/// Owns the ClothInstance and steps it on Playback::poseChanged while simulating.
///
/// Frames: the first simulated pose resets the cloth onto its skinned positions; every later
/// pose advances it by the clip time since the previous one (the instance runs whole steps of
/// the settings' fixed rate with substeps and carries the rest), as ClipSimulation does for a
/// clip played at a fixed rate. A jump in time (scrubbing or stepping back, more than
/// kMaxFrameSeconds while paused, more than kMaxPlayingGapSeconds while playing) resets
/// instead; a slow frame while playing is simulated as a kMaxFrameSeconds step. The instance simulates in model space: the bone matrices
/// are the playback's with the root motion taken out, and the root motion is the character's
/// world transform, so the cloth feels the character travel.
///
/// Document changes: the physics mesh, skeleton or character rebuild the instance (lazily,
/// before the next step) and reset it onto the current pose; painted channels, collision
/// volumes and simulation settings reach the running instance without a rebuild or reset
/// (painting while simulating takes effect at once).
class SimulationController : public QObject
{
    Q_OBJECT

public:
    /// The longest step simulated; longer ones are clamped while playing, jumps otherwise.
    static constexpr double kMaxFrameSeconds = 0.25;
    /// While the clip plays, longer steps up to this are simulated as kMaxFrameSeconds.
    static constexpr double kMaxPlayingGapSeconds = 1.0;

    /// World-space motion added on top of the clip (or the rest pose without one), to test
    /// how the garment follows the character through the world.
    enum class Motion { None, WalkCircle, Jump, Spin };
    Q_ENUM(Motion)

    SimulationController(Document *document, Playback *playback, QObject *parent = nullptr);
    ~SimulationController() override;

    /// The viewport showing the simulated garment, physics mesh and wind arrow; may be null.
    void setViewport(Viewport *viewport);

    bool isSimulating() const { return mSimulating; }
    /// The graphics LoD whose physics mesh is simulated.
    int lod() const { return mLod; }
    void setLod(int lod);

    /// The debug views (View > Debug Views) over this simulation.
    DebugViews *debugViews() const { return mDebugViews; }

    Motion motion() const { return mMotion; }
    /// Takes effect at once; the cloth is reset so that it does not feel the jump.
    void setMotion(Motion motion);
    /// The procedural part of the world transform `seconds` into the motion.
    static Mat4 motionTransform(Motion motion, double seconds);
    /// Whether the simulation is running (the clip playing, or the motion clock without a
    /// clip).
    bool isRunning() const;

    /// World-space wind: direction (normalised here; zero for none) and speed in m/s.
    void setWind(const Vec3 &direction, float speed);
    Vec3 windDirection() const { return mWindDirection; }
    float windSpeed() const { return mWindSpeed; }
    Vec3 windVelocity() const { return mWindDirection * mWindSpeed; }

    /// The instance, built on demand; null when the asset has nothing to simulate (see
    /// lastError()).
    const ClothInstance *instance();
    /// Why there is no instance ("" when there is one or none was asked for yet).
    QString lastError() const { return mError; }
    /// How many times an instance was built (for tests: settings edits must not rebuild).
    int buildCount() const { return mBuildCount; }
    /// Which physics mesh the instance simulates; -1 without an instance.
    int physicsMesh() const { return mPhysicsMesh; }

    /// Model-space simulated physics mesh (empty without an instance).
    const std::vector<Vec3> &physicsPositions() const;
    const std::vector<Vec3> &physicsNormals() const;
    /// The skinned targets the simulation follows, model space.
    const std::vector<Vec3> &targetPositions() const;
    /// Model-space deformed graphics mesh of the LoD (ClothInstance::deformGraphics), updated
    /// after every step and reset.
    const std::vector<Vec3> &graphicsPositions() const { return mGraphicsPositions; }
    const std::vector<Vec3> &graphicsNormals() const { return mGraphicsNormals; }
    /// The character's world transform (root motion) of the last simulated frame.
    const Mat4 &world() const { return mWorld; }
    /// Statistics of the last simulated frame.
    const SimulationFrameStats &lastStats() const { return mStats; }
    /// Frames simulated since the last reset.
    int framesSinceReset() const { return mFrames; }

    /// The cloth measures (tweed/cloth_measures.h: poke-through of riders, shells and body, Max
    /// Distance hits, volume protrusion, stretch) of the last simulated frame, computed while
    /// someone wants them (they cost surface distances every frame); zero otherwise.
    const FrameMeasures &lastMeasures() const { return mMeasures; }
    /// The vertices those measures counted against the last frame.
    const FrameOffenders &lastOffenders() const { return mOffenders; }
    /// The measures over every frame since the last reset.
    ClipMeasures measuresSinceReset() const;
    /// Whether `who` wants the measures; they are computed while anyone does.
    void setMeasuring(const void *who, bool on);
    bool isMeasuring() const { return !mMeasuringFor.empty(); }
    /// Whether the viewport shows the simulated state (simulating with a current instance).
    bool isShowingSimulation() const { return mSimulating && mInstance && !mNeedsRebuild && mStarted; }
    /// Model-space physics positions before the last step, and that step's length in seconds
    /// (0 after a reset): the velocities of the last frame.
    const std::vector<Vec3> &previousPositions() const { return mPrevious; }
    double lastStepSeconds() const { return mLastDt; }
    /// How many times painted channels reached the running instance without a rebuild.
    int channelUpdateCount() const { return mChannelUpdates; }

public slots:
    /// Starts simulating and plays the clip; without a clip a procedural motion runs on its
    /// own clock.
    void play();
    /// Pauses the clip; the simulated state stays on screen.
    void pause();
    void togglePlaying();
    /// Simulates one frame forward at the clip's key rate (pauses the clip).
    void stepFrame();
    /// Puts the cloth back on its skinned positions for the current pose, at rest.
    void reset();
    /// Whether poses are simulated; off shows the skinned garment again.
    void setSimulating(bool on);

signals:
    void simulatingChanged(bool on);
    void runningChanged(bool running);
    void motionChanged(tweed::editor::SimulationController::Motion motion);
    /// A frame was simulated (or the cloth reset); lastStats() and the positions are new.
    void stepped();
    void windChanged();
    /// An instance could not be built: the message says why.
    void errorOccurred(const QString &message);

private:
    void onDocumentChanged(unsigned what);
    void onPoseChanged();
    /// Advances the cloth by dt seconds with the current pose.
    void simulate(double dt);
    void tick();
    void stopClock();
    void fail(const std::exception &e);
    bool ensureInstance();
    /// This pose's model-space skinning (asset bone order) and world transform.
    ClothFrame currentFrame();
    void resetOnCurrentPose();
    void publish();
    void measure();
    void pushToViewport();
    bool takeChannels();

    Document *mDocument;
    Playback *mPlayback;
    Viewport *mViewport = nullptr;
    int mLod = 0;
    bool mSimulating = false;
    bool mNeedsRebuild = true;
    bool mStarted = false; ///< the instance has been reset onto a pose
    int mBuildCount = 0;
    int mChannelUpdates = 0;
    int mPhysicsMesh = -1;
    int mFrames = 0;
    double mLastTime = 0;
    QString mError;
    Vec3 mWindDirection{1, 0, 0};
    float mWindSpeed = 0;
    Mat4 mWorld;
    Motion mMotion = Motion::None;
    double mMotionTime = 0; ///< seconds simulated since the last reset
    QTimer *mClock;         ///< drives a procedural motion without a clip
    QElapsedTimer mWallClock;

    std::shared_ptr<const ClothAssetData> mData;
    std::unique_ptr<ClothInstance> mInstance;
    std::vector<int> mBoneMap; ///< asset bone -> character bone (playback order), -1 missing
    std::vector<Mat4> mSkinning;
    /// Character meshes making up the LoD's graphics mesh, in order.
    std::vector<GarmentPart> mGarmentMeshes;
    std::vector<Vec3> mGraphicsPositions;
    std::vector<Vec3> mGraphicsNormals;
    SimulationFrameStats mStats;
    std::set<const void *> mMeasuringFor;
    std::unique_ptr<ClothMeasurer> mMeasurer; ///< of the current instance and document
    FrameMeasures mMeasures;
    FrameOffenders mOffenders;
    std::vector<Vec3> mPrevious; ///< physics positions before the last step
    double mLastDt = 0;          ///< seconds of the last step (0 after a reset)
    DebugViews *mDebugViews;
};

} // namespace tweed::editor
