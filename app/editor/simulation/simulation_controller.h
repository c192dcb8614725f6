// The live simulation preview: one ClothInstance for the asset's current graphics LoD, stepped
// with the playback's pose while simulating. It is the editor's view of the cloth run time:
// the viewport shows what it simulates, the simulation and statistics docks drive and plot it.
#pragma once

#include "simulation/simulation_cache.h"
#include "tweed/cloth_measures.h"
#include "tweed/math.h"
#include "tweed/meshproc/export.h"
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
class QWidget;

namespace tweed::editor {

class DebugViews;
class Document;
class Playback;
class Viewport;

/// Owns the ClothInstance and steps it on Playback::poseChanged while simulating.
///
/// With a clip the simulation runs in whole frames of the clip's key rate, as ClipSimulation
/// does: frame 0 is the cloth reset onto the clip's first pose and settled there for
/// preRollFrames() frames, frame f follows frame f - 1 by one frame time with the pose of
/// f / rate (the clip's first pass; the playback shows frame round(time * rate)). Every frame
/// of a run from frame 0 goes into the cache (SimulationCache, per clip, within
/// cacheBudget()); a frame in the cache is shown from there, without simulating; a frame past
/// the cache's end continues from the state of the cached frame before it (playing on, or
/// scrubbing forward); anything else (a rebuild, a frame before the current run outside the
/// cache) resets the cloth onto that frame's pose and runs on uncached until the clip comes
/// round to frame 0 again. Every document change, and a change of wind, motion, root motion
/// mode, LoD or pre-roll, empties the cache (cacheChanged()). bakeClip() fills a whole clip.
///
/// Grab: beginGrab() pulls one physics vertex towards a point through a spring
/// (ClothInstance::setGrab); while the clip is paused the cloth keeps being simulated on the
/// frame's pose until the grab ends. A grab changes no document and leaves no undo step; the
/// frames it touches are not cached.
///
/// Without a clip (a procedural motion on its own clock): the first simulated pose resets the cloth onto its skinned positions; every later
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
/// What the Inspect readout shows of one physics vertex of the frame shown.
struct VertexInspection
{
    int vertex = -1;
    /// The physics mesh's painted values (metres for the distances, scales otherwise).
    std::vector<float> painted; ///< one per FloatChannel
    float mass = 0;             ///< kg
    float offset = 0;           ///< metres from its skinned position
    float maxDistance = 0;      ///< the limit the solver holds (painted times the setting's scale)
    bool fixed = false;         ///< follows its skinned position
    bool atMaxDistance = false; ///< held at its limit (within 1%)
    bool inContact = false;     ///< on (or inside) a thickened collision volume
};

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

    Playback *playback() const { return mPlayback; }

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
    /// Frames simulated since the last reset (with a clip, the frame shown counted from the
    /// start of its run).
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

    // --- The cache (clip frames; see the class comment) --------------------------------

    const SimulationCache &cache() const { return mCache; }
    /// Bytes the cache may hold over every clip; 0 caches nothing.
    size_t cacheBudget() const { return mCache.budget(); }
    void setCacheBudget(size_t bytes);
    /// Frames the cloth settles on the clip's first pose before frame 0.
    int preRollFrames() const { return mPreRollFrames; }
    void setPreRollFrames(int frames);
    /// The clip frame shown; -1 without a clip or when not simulating.
    int shownFrame() const { return mShownFrame; }
    /// Whether the frame shown came from the cache (nothing was simulated for it).
    bool isShowingCachedFrame() const { return mShowingCached; }
    /// Simulates every frame of the current clip from the cache's end to the clip's end off
    /// the UI thread, behind a progress dialog with Cancel (LongOperation); the frames done
    /// before a Cancel are kept. Turns simulating on. Returns false with lastError() when
    /// there is nothing to bake (no clip, no garment) or the work failed; a Cancel is true.
    bool bakeClip(QWidget *parent);
    /// Empties the cache of every clip.
    void clearCache();
    /// The cached frames of the current clip as the exports take them (ExportOptions::
    /// simulated), at frameRate() of the playback and LoD lod(); null when none are cached.
    std::shared_ptr<const SimulatedClip> cachedClip() const;

    /// The Inspect readout of physics vertex `vertex` in the frame shown; vertex -1 when
    /// nothing simulated is shown or the vertex is out of range.
    VertexInspection inspect(int vertex) const;

    // --- Grab ----------------------------------------------------------------------------

    /// Spring stiffness of the grab, newtons per metre.
    float grabStiffness() const { return mGrabStiffness; }
    void setGrabStiffness(float stiffness);
    /// Starts pulling physics vertex `vertex` towards the world-space point `target`. False
    /// when nothing simulated is shown or the vertex is out of range.
    bool beginGrab(uint32_t vertex, const Vec3 &target);
    /// Moves the grab's target (world space).
    void moveGrab(const Vec3 &target);
    /// Lets go: the cloth moves freely on from where it is.
    void endGrab();
    /// Lets go and puts the cloth back where it was when the grab began.
    void cancelGrab();
    bool isGrabbing() const { return mGrabVertex >= 0; }
    int grabbedVertex() const { return mGrabVertex; }
    /// Simulates one frame time on the current pose with the grab (what the grab's clock does
    /// while the clip is paused).
    void stepGrab();

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
    /// The instance runs, but the asset asks for something it cannot do well (backstop spheres
    /// smaller than Max Distance); raised once for each new finding of an instance.
    void warningRaised(const QString &message);
    /// A cached frame is shown (nothing was simulated); the positions are new.
    void frameShown();
    /// Frames were added to the cache or it was emptied.
    void cacheChanged();
    void grabChanged(bool grabbing);

private:
    void onDocumentChanged(unsigned what);
    void onPoseChanged();
    /// Advances the cloth by dt seconds with the current pose.
    void simulate(double dt);
    void tick();
    void stopClock();
    void fail(const std::exception &e);
    bool ensureInstance();
    /// Raises warningRaised when the instance's findings on the paint changed.
    void reportPaintWarnings();
    /// This pose's model-space skinning (asset bone order) and world transform.
    ClothFrame currentFrame();
    void resetOnCurrentPose();
    void publish();
    /// Measures the instance's state and, with graphics, deforms the graphics mesh and adds the
    /// clip measures (the shown frame's data).
    void measure(bool graphics = true);
    /// The cloth measures (tweed/cloth_measures.h) of the state, while someone is measuring.
    void measureCloth();
    void pushToViewport();
    bool takeChannels();

    // The clip run (see the class comment).
    bool clipMode() const;
    /// The run's inputs for clip frame `frame` (pose of the first pass, world, wind).
    ClothFrame clipFrameInput(int frame);
    ClothFrame frameFrom(const std::vector<Mat4> &pose, const Mat4 &root, double motionSeconds);
    void showClipFrame(int frame);
    void showCachedFrame(int frame);
    /// Resets the cloth onto clip frame `frame` (pre-rolled at frame 0); the run is cached
    /// when it starts at frame 0.
    bool startRun(int frame);
    /// Continues from cached frame `frame` (its state restored).
    bool continueFrom(int frame);
    /// Simulates the run's next frame and caches it when the run is clean; shown: it is the
    /// frame runTo() stops at (others deform the graphics mesh only for the cache or measures).
    bool stepRun(bool shown);
    /// Simulates the run on to `frame` and shows it.
    void runTo(int frame);
    void invalidateCache();
    CachedFrame liveFrame() const;
    /// The display's world transform for a clip frame: the motion at its time and the
    /// playback's root motion.
    Mat4 displayWorld(int frame) const;

    Document *mDocument;
    Playback *mPlayback;
    Viewport *mViewport = nullptr;
    int mLod = 0;
    bool mSimulating = false;
    bool mNeedsRebuild = true;
    bool mStarted = false; ///< the instance has been reset onto a pose
    int mBuildCount = 0;
    int mChannelUpdates = 0;
    uint32_t mReportedBackstops = 0; ///< backstops under Max Distance last reported
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

    SimulationCache mCache;
    int mPreRollFrames = 0;
    int mRunClip = -1;       ///< the clip of the live run
    int mRunFrame = -1;      ///< the clip frame the instance's state belongs to; -1 none
    int mRunStart = 0;       ///< the frame the run was reset on
    bool mRunClean = false;  ///< the run started at frame 0 since the last invalidation
    int mShownFrame = -1;
    bool mShowingCached = false;
    std::vector<Vec3> mShownPhysics, mShownTargets; ///< the cached frame shown
    std::vector<Mat4> mRunPose;
    float mGrabStiffness = 200.0f;
    int mGrabVertex = -1;
    Vec3 mGrabTarget; ///< world space
    ClothInstance::State mGrabStart;
    int mGrabStartFrame = -1;
    QTimer *mGrabClock;
};

} // namespace tweed::editor
