// The live simulation preview: the SimulationController stepping the sample's coat with the
// Walk clip through Playback, settings reaching the running instance, reset, the document
// changes that rebuild it, the simulation and statistics docks, and the viewport showing it.
#include "document.h"
#include "export_dialog.h"
#include "main_window.h"
#include "messages_dock.h"
#include "object_names.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "channel_titles.h"
#include "simulation/grab_tool.h"
#include "simulation/simulation_controller.h"
#include "simulation/simulation_dock.h"
#include "simulation/statistics_dock.h"
#include "ui_test_support.h"
#include "viewport/playback_bar.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/point_cache.h"
#include "tweed/meshproc/import.h"

#include <QAbstractButton>
#include <QAction>
#include <QLabel>
#include <QProgressDialog>
#include <QTimer>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QElapsedTimer>
#include <QMainWindow>
#include <QSignalSpy>
#include <QScopeGuard>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <cmath>
#include <cstring>

using namespace tweed;
using namespace tweed::editor;

namespace {

constexpr double kFps = 30;

bool finite(const Vec3 &v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// A shown viewport the controller draws into; it detaches itself when it goes, so a failed
// check cannot leave the controller pointing at a gone viewport.
class ControllerViewport : public Viewport
{
public:
    ControllerViewport(Document *document, Playback *playback, SimulationController *controller)
        : Viewport(document, playback), mController(controller)
    {
        resize(900, 700);
        show();
        exposed = QTest::qWaitForWindowExposed(this);
        controller->setViewport(this);
    }
    ~ControllerViewport() override { mController->setViewport(nullptr); }

    bool exposed = false;

private:
    SimulationController *mController;
};

} // namespace

class TestSimulation : public QObject
{
    Q_OBJECT

private:
    Document *mDocument = nullptr;
    Playback *mPlayback = nullptr;
    SimulationController *mController = nullptr;
    int mCoat = -1;
    LoadedDocument mLoaded;

    void simulateFrames(int frames)
    {
        for (int i = 0; i < frames; ++i)
            mPlayback->advance(1.0 / kFps);
    }

    // The largest distance of a simulated physics vertex from its skinned position.
    float largestOffset() const
    {
        const auto &x = mController->physicsPositions();
        const auto &t = mController->targetPositions();
        float result = 0;
        for (size_t v = 0; v < x.size(); ++v)
            result = std::max(result, distance(x[v], t[v]));
        return result;
    }

private slots:
    void initTestCase()
    {
        const Character character = importCharacter(test::kSampleCharacter);
        mCoat = character.findMesh("Coat");
        QVERIFY(mCoat >= 0);
        CreateAssetOptions options;
        options.garmentMeshes = {"Coat"};
        LoadedDocument loaded;
        loaded.asset = createAsset(character, options);
        loaded.character = character;
        mLoaded = loaded;
        mDocument = new Document(this);
        mDocument->replace(std::move(loaded));
        mPlayback = new Playback(mDocument, this);
        const int walk = mDocument->character().findClip("Walk");
        QVERIFY(walk >= 0);
        mPlayback->setClip(walk);
        mPlayback->setRootMotion(Playback::RootMotion::Moving);
        mController = new SimulationController(mDocument, mPlayback, this);
    }

    void init()
    {
        mController->setSimulating(false);
        mPlayback->pause();
        mPlayback->setTime(0);
        mController->setWind({1, 0, 0}, 0);
        mController->setMotion(SimulationController::Motion::None);
    }

    // Procedural world motion on top of the clip: the world transform turns, the coat still
    // keeps within its Max Distance and stays finite.
    void motionOnTopOfClip()
    {
        mController->setMotion(SimulationController::Motion::Spin);
        mController->setSimulating(true);
        float moved = 0;
        for (int frame = 0; frame < 30; ++frame) {
            simulateFrames(1);
            const SimulationFrameStats &s = mController->lastStats();
            QCOMPARE(s.maxDistanceViolations, 0u);
            QCOMPARE(s.nonFinite, 0u);
            moved = std::max(moved, largestOffset());
        }
        QVERIFY(moved > 0.005f);
        const Mat4 spin = SimulationController::motionTransform(
            SimulationController::Motion::Spin, 30 / kFps);
        const Mat4 expected = spin * mPlayback->rootTransform();
        for (int i = 0; i < 16; ++i)
            QVERIFY(std::abs(mController->world().m[i] - expected.m[i]) < 1e-4f);
        // The motions start at the identity and really move.
        for (auto motion : {SimulationController::Motion::WalkCircle,
                            SimulationController::Motion::Jump,
                            SimulationController::Motion::Spin}) {
            const Mat4 start = SimulationController::motionTransform(motion, 0);
            const Mat4 later = SimulationController::motionTransform(motion, 0.3);
            float change = 0;
            for (int i = 0; i < 16; ++i) {
                QVERIFY(std::abs(start.m[i] - Mat4::identity().m[i]) < 1e-6f);
                change = std::max(change, std::abs(later.m[i] - start.m[i]));
            }
            QVERIFY(change > 0.05f);
        }
    }

    // Without a clip a procedural motion runs on the controller's own clock; the dock's
    // motion combo box picks it.
    void motionWithoutClip()
    {
        LoadedDocument still = mLoaded;
        still.character.clips.clear();
        Document document;
        document.replace(still);
        Playback playback(&document);
        QCOMPARE(playback.clip(), -1);
        SimulationController controller(&document, &playback);
        SimulationDock dock(&controller, &playback);
        auto *motion = test::child<QComboBox>(&dock, names::kSimulationDockMotionComboBox);
        auto *play = test::child<QToolButton>(&dock, names::kSimulationDockPlayButton);
        QVERIFY(motion && play);
        motion->setCurrentIndex(int(SimulationController::Motion::WalkCircle));
        QCOMPARE(controller.motion(), SimulationController::Motion::WalkCircle);
        dock.show();
        QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(controller.isSimulating());
        QVERIFY(controller.isRunning());
        QTRY_VERIFY(controller.framesSinceReset() >= 10);
        QVERIFY(length(controller.world().column(3)) > 0.01f);
        QCOMPARE(controller.lastStats().maxDistanceViolations, 0u);
        QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(!controller.isRunning());
        const int frames = controller.framesSinceReset();
        QTest::qWait(100);
        QCOMPARE(controller.framesSinceReset(), frames);
    }

    // One second of Walk: the coat swings away from its skinned pose, never beyond its Max
    // Distance, and every value stays finite; the character travels (root motion is the
    // world transform, the cloth stays in model space).
    void walkOneSecond()
    {
        mController->setSimulating(true);
        QVERIFY2(mController->lastError().isEmpty(), qPrintable(mController->lastError()));
        const ClothInstance *instance = mController->instance();
        QVERIFY(instance);
        QCOMPARE(mController->framesSinceReset(), 0);
        QVERIFY(largestOffset() < 1e-5f); // starts on its skinned pose

        const std::vector<float> &painted = instance->data().maxDistance;
        const float scale = instance->settings().maxDistanceScale;
        float moved = 0;
        for (int frame = 1; frame <= int(kFps); ++frame) {
            simulateFrames(1);
            QCOMPARE(mController->framesSinceReset(), frame);
            const auto &x = mController->physicsPositions();
            const auto &t = mController->targetPositions();
            QCOMPARE(x.size(), painted.size());
            for (size_t v = 0; v < x.size(); ++v) {
                QVERIFY(finite(x[v]));
                const float allowed = painted[v] * scale * 1.01f + 1e-4f;
                if (distance(x[v], t[v]) > allowed)
                    QFAIL(qPrintable(QStringLiteral("frame %1: vertex %2 is %3 m from its skinned "
                                                    "position, allowed %4 m")
                                         .arg(frame)
                                         .arg(v)
                                         .arg(double(distance(x[v], t[v])))
                                         .arg(double(allowed))));
            }
            for (const Vec3 &p : mController->graphicsPositions())
                QVERIFY(finite(p));
            const SimulationFrameStats &s = mController->lastStats();
            QCOMPARE(s.maxDistanceViolations, 0u);
            QCOMPARE(s.nonFinite, 0u);
            QVERIFY(s.solverMs > 0);
            QVERIFY(std::isfinite(s.maxStretch) && s.maxStretch > 0.5f);
            moved = std::max(moved, largestOffset());
        }
        QVERIFY2(moved > 0.005f, qPrintable(QString::number(double(moved))));
        // The deformed graphics mesh left the linear-blend skinned coat as well.
        const GraphicsMesh &garment = mDocument->asset().lods[0].mesh;
        std::vector<Mat4> model = mPlayback->skinningMatrices();
        for (Mat4 &m : model)
            m = inverse(mController->world()) * m;
        std::vector<Vec3> skinned;
        skinVertices(garment.positions, garment.skin, model, skinned);
        const auto &deformed = mController->graphicsPositions();
        QCOMPARE(deformed.size(), skinned.size());
        float graphicsMoved = 0;
        for (size_t v = 0; v < skinned.size(); ++v)
            graphicsMoved = std::max(graphicsMoved, distance(deformed[v], skinned[v]));
        QVERIFY2(graphicsMoved > 0.005f, qPrintable(QString::number(double(graphicsMoved))));
        // Moving root motion: the playback's travel is the cloth's world transform.
        const Mat4 &world = mController->world();
        const Mat4 &root = mPlayback->rootTransform();
        for (int i = 0; i < 16; ++i)
            QCOMPARE(world.m[i], root.m[i]);
    }

    // Settings edits reach the running instance without rebuilding it; physics mesh changes
    // rebuild it.
    void settingsLiveAndRebuild()
    {
        mController->setSimulating(true);
        simulateFrames(3);
        const int builds = mController->buildCount();
        const SettingField *damping = findSetting("damping");
        QVERIFY(damping);
        const double value = damping->get(mDocument->asset().simulation) > 0.3 ? 0.1 : 0.6;
        mDocument->setSetting(*damping, value);
        QCOMPARE(float(damping->get(mController->instance()->settings())), float(value));
        simulateFrames(2);
        QCOMPARE(mController->buildCount(), builds);
        QCOMPARE(mController->framesSinceReset(), 5);
        mDocument->undoStack()->undo();
        QVERIFY(damping->get(mController->instance()->settings()) != value);

        emit mDocument->changed(Document::PhysicsMeshChanged);
        QCOMPARE(mController->buildCount(), builds + 1);
        QCOMPARE(mController->framesSinceReset(), 0);
        simulateFrames(1);
        QCOMPARE(mController->framesSinceReset(), 1);

        // A new document while simulating (the playback sees it first) rebuilds cleanly.
        const int clip = mPlayback->clip();
        mDocument->replace(mLoaded);
        QVERIFY(mController->isSimulating());
        QVERIFY2(mController->lastError().isEmpty(), qPrintable(mController->lastError()));
        QCOMPARE(mController->buildCount(), builds + 2);
        mPlayback->setClip(clip);
        mPlayback->setRootMotion(Playback::RootMotion::Moving);
        simulateFrames(2);
        QVERIFY(mController->framesSinceReset() >= 1);
        QCOMPARE(mController->lastStats().maxDistanceViolations, 0u);
    }

    // Reset puts the cloth back on the skinned pose of the current frame.
    void resetReturnsToSkinnedPose()
    {
        mController->setSimulating(true);
        simulateFrames(15);
        QVERIFY(largestOffset() > 1e-3f);
        mController->reset();
        QCOMPARE(mController->framesSinceReset(), 0);
        QVERIFY(largestOffset() < 1e-5f);
    }

    // Scrubbing and stepping inside the cache show the stored frames bit for bit, without
    // simulating or resetting; scrubbing past the cache's end simulates on from its last frame.
    void scrubInsideCacheShowsStoredFrames()
    {
        mController->clearCache();
        mController->setSimulating(true);
        const int clip = mPlayback->clip();
        std::vector<std::vector<Vec3>> played, graphics;
        played.push_back(mController->physicsPositions());
        graphics.push_back(mController->graphicsPositions());
        for (int f = 1; f <= 12; ++f) {
            simulateFrames(1);
            QCOMPARE(mPlayback->frame(), f);
            QCOMPARE(mController->shownFrame(), f);
            QVERIFY(!mController->isShowingCachedFrame());
            played.push_back(mController->physicsPositions());
            graphics.push_back(mController->graphicsPositions());
        }
        QCOMPARE(mController->cache().frameCount(clip), 13);
        const int builds = mController->buildCount();
        QSignalSpy simulatedSpy(mController, &SimulationController::stepped);
        for (int f : {5, 0, 12, 3, 7}) {
            mPlayback->setTime(f / mPlayback->frameRate());
            QCOMPARE(mController->shownFrame(), f);
            QVERIFY(mController->isShowingCachedFrame());
            QCOMPARE(mController->framesSinceReset(), f);
            const auto &x = mController->physicsPositions();
            QCOMPARE(x.size(), played[size_t(f)].size());
            QVERIFY(std::memcmp(x.data(), played[size_t(f)].data(), x.size() * sizeof(Vec3)) == 0);
            QVERIFY(mController->graphicsPositions() == graphics[size_t(f)]);
        }
        mPlayback->stepFrame(-1); // to 6
        QCOMPARE(mController->shownFrame(), 6);
        QVERIFY(mController->physicsPositions() == played[6]);
        QCOMPARE(simulatedSpy.count(), 0); // nothing simulated, nothing reset
        QCOMPARE(mController->buildCount(), builds);

        // Past the end: frames 13 .. 19 are simulated on from frame 12 and cached.
        mPlayback->setTime(19 / mPlayback->frameRate());
        QCOMPARE(mController->shownFrame(), 19);
        QVERIFY(!mController->isShowingCachedFrame());
        QCOMPARE(simulatedSpy.count(), 7);
        QCOMPARE(mController->cache().frameCount(clip), 20);
        QCOMPARE(mController->framesSinceReset(), 19);
        QCOMPARE(mController->lastStats().maxDistanceViolations, 0u);
    }

    // Measured, not asserted (speed targets live in tweed-bench): the time to show a cached
    // frame when scrubbing with a viewport attached, against the frame time of the clip, and
    // the memory one cached frame of the sample's coat takes.
    void cachedFrameCostMeasured()
    {
        ControllerViewport viewport(mDocument, mPlayback, mController);
        QVERIFY(viewport.exposed);
        mController->clearCache();
        mController->setSimulating(true);
        simulateFrames(30);
        const int clip = mPlayback->clip();
        QCOMPARE(mController->cache().frameCount(clip), 31);
        QElapsedTimer timer;
        timer.start();
        int shown = 0;
        for (int pass = 0; pass < 4; ++pass)
            for (int f = 0; f <= 30; f += 3, ++shown) {
                mPlayback->setTime(f / mPlayback->frameRate());
                QVERIFY(mController->isShowingCachedFrame());
            }
        const double ms = double(timer.nsecsElapsed()) * 1e-6 / shown;
        // The same with the scene updated at once (what the next rendered frame shows).
        timer.restart();
        for (int f = 0; f <= 30; f += 3) {
            mPlayback->setTime(f / mPlayback->frameRate());
            viewport.syncNow();
        }
        const double synced = double(timer.nsecsElapsed()) * 1e-6 / 11;
        const size_t perFrame = mController->cache().bytesPerFrame(clip);
        const CachedFrame &one = *mController->cache().frame(clip, 10);
        qInfo("showing a cached frame while scrubbing: %.3f ms, %.2f ms with the scene updated "
              "(frame time %.1f ms); one cached "
              "frame of the coat: %.1f KiB (solver state %.1f KiB; %zu physics, %zu graphics "
              "vertices)",
              ms, synced, 1000.0 / mPlayback->frameRate(), double(perFrame) / 1024.0,
              double(one.state.byteSize()) / 1024.0, one.physics.size(), one.graphics.size());
        QVERIFY(perFrame > one.physics.size() * sizeof(Vec3));
    }

    // Playing on from the cache's end continues the simulation exactly: the frames equal
    // those of one uninterrupted run, bit for bit.
    void continuingFromCacheEndEqualsUninterruptedRun()
    {
        const int clip = mPlayback->clip();
        mController->clearCache();
        mController->setSimulating(true);
        simulateFrames(20);
        const std::vector<Vec3> straight = mController->physicsPositions();
        QCOMPARE(mController->cache().frameCount(clip), 21);

        // Cached to frame 8 only, then the cloth is elsewhere (scrubbed back, a reset run),
        // then played on from frame 8.
        mController->clearCache();
        mPlayback->setTime(0);
        simulateFrames(8);
        QCOMPARE(mController->cache().frameCount(clip), 9);
        mPlayback->setTime(3 / mPlayback->frameRate()); // inside the cache
        mPlayback->setTime(8 / mPlayback->frameRate());
        QVERIFY(mController->isShowingCachedFrame());
        simulateFrames(12); // 9 .. 20, continued from the state stored with frame 8
        QCOMPARE(mController->shownFrame(), 20);
        const std::vector<Vec3> &continued = mController->physicsPositions();
        QCOMPARE(continued.size(), straight.size());
        QVERIFY(std::memcmp(continued.data(), straight.data(), straight.size() * sizeof(Vec3)) == 0);
    }

    // Every change that alters the result empties the cache, and the timeline shows it; the
    // running cloth goes on (not reset) with the change.
    void editsInvalidateTheCache()
    {
        test::isolateSettings("test_simulation_cache");
        MainWindow window;
        window.document()->replace(mLoaded);
        Playback *playback = window.playback();
        SimulationController *simulation = window.simulation();
        auto *bar = test::child<PlaybackBar>(&window, "PlaybackBar");
        QVERIFY(bar);
        playback->setClip(mDocument->character().findClip("Walk"));
        simulation->setSimulating(true);
        for (int i = 0; i < 6; ++i)
            playback->stepFrame(1);
        QCOMPARE(simulation->cache().frameCount(playback->clip()), 7);
        QCOMPARE(bar->cachedFrames(), 7);
        const auto refill = [&] {
            playback->setTime(0);
            for (int i = 0; i < 4; ++i)
                playback->stepFrame(1);
            return simulation->cache().frameCount(playback->clip()) == 5 && bar->cachedFrames() == 5;
        };
        const SettingField *damping = findSetting("damping");
        QVERIFY(damping);
        window.document()->setSetting(*damping, 0.55);
        QCOMPARE(simulation->cache().bytes(), size_t(0));
        QCOMPARE(bar->cachedFrames(), 0);
        QCOMPARE(simulation->framesSinceReset(), 6); // the cloth runs on with the change
        QVERIFY(refill());
        // Paint.
        ValueEdit edit;
        edit.vertices = {0, 1, 2};
        edit.values = {0.01f, 0.01f, 0.01f};
        window.document()->paintChannel(0, FloatChannel::MaxDistance, edit, QStringLiteral("Dab"));
        QCOMPARE(bar->cachedFrames(), 0);
        QVERIFY(refill());
        // Undo is a change too.
        window.document()->undoStack()->undo();
        QCOMPARE(bar->cachedFrames(), 0);
        QVERIFY(refill());
        // Wind, world motion and the root-motion mode change what the cloth feels.
        simulation->setWind({1, 0, 0}, 5);
        QCOMPARE(bar->cachedFrames(), 0);
        QVERIFY(refill());
        simulation->setMotion(SimulationController::Motion::Jump);
        QCOMPARE(bar->cachedFrames(), 0);
        QVERIFY(refill());
        // Nothing else empties it: playing speed, looping.
        playback->setSpeed(0.5);
        playback->setLooping(false);
        QCOMPARE(bar->cachedFrames(), 5);
    }

    // Grab: a left drag on the paused, simulated coat pulls the picked vertex towards the
    // cursor; release lets go (the cloth moves freely again); Esc puts the cloth back; no undo
    // step. Inspect: hovering a vertex shows its index in the dock.
    void grabAndInspect()
    {
        ControllerViewport viewport(mDocument, mPlayback, mController);
        QVERIFY(viewport.exposed);
        GrabTool tool(mController, &viewport);
        SimulationDock dock(mController, mPlayback);
        dock.setGrabTool(&tool, &viewport);
        auto *grabButton = test::child<QToolButton>(&dock, names::kSimulationDockGrabButton);
        auto *inspectLabel = test::child<QLabel>(&dock, names::kSimulationDockInspectLabel);
        QVERIFY(grabButton && inspectLabel && grabButton->isEnabled());
        grabButton->click();
        QCOMPARE(viewport.tool(), static_cast<ViewportTool *>(&tool));
        QWindow *window = test::viewport3dWindow();
        QVERIFY(window);

        mController->setSimulating(true);
        simulateFrames(6);
        viewport.syncNow();
        // The free vertex with the largest Max Distance, where it is drawn.
        const std::vector<float> &painted = mController->instance()->data().maxDistance;
        const auto freest = size_t(std::max_element(painted.begin(), painted.end()) - painted.begin());
        const Vec3 at = mController->world().transformPoint(mController->physicsPositions()[freest]);
        const std::optional<QPointF> pixel = viewport.project(at);
        QVERIFY(pixel);
        const int vertex = tool.pickVertex(*pixel);
        QVERIFY(vertex >= 0);

        // Inspect while paused: the hovered vertex's readout.
        test::sendMouse(window, QEvent::MouseMove, *pixel, Qt::NoButton, Qt::NoButton);
        QVERIFY2(inspectLabel->text().startsWith(tr("Vertex %1").arg(vertex)),
                 qPrintable(inspectLabel->text()));
        // The channels by the names the Paint panel gives them, not their file keys.
        QVERIFY(inspectLabel->text().contains(ChannelTitles::of(FloatChannel::MaxDistance) +
                                              QStringLiteral(": ")));
        QVERIFY(!inspectLabel->text().contains(QStringLiteral("max_distance")));
        const VertexInspection inspected = mController->inspect(vertex);
        QCOMPARE(inspected.vertex, vertex);
        QVERIFY(inspected.mass > 0);

        const int undoSteps = mDocument->undoStack()->count();
        const std::vector<Vec3> before = mController->physicsPositions();
        const Vec3 start = mController->world().transformPoint(before[size_t(vertex)]);
        const QPointF to = *pixel + QPointF(60, -40);
        const Vec3 target = tool.pointOnViewPlane(to, start);
        const auto gap = [&] {
            return distance(mController->world().transformPoint(
                                mController->physicsPositions()[size_t(vertex)]),
                            target);
        };
        const float gapBefore = gap();
        test::sendMouse(window, QEvent::MouseButtonPress, *pixel, Qt::LeftButton, Qt::LeftButton);
        QVERIFY(mController->isGrabbing());
        QCOMPARE(mController->grabbedVertex(), vertex);
        test::sendMouse(window, QEvent::MouseMove, to, Qt::NoButton, Qt::LeftButton);
        for (int i = 0; i < 15; ++i)
            mController->stepGrab();
        const float gapGrabbed = gap();
        QVERIFY2(gapGrabbed < 0.75f * gapBefore && gapGrabbed < gapBefore - 0.02f,
                 qPrintable(QStringLiteral("%1 -> %2").arg(gapBefore).arg(gapGrabbed)));
        QCOMPARE(mPlayback->isPlaying(), false);
        test::sendMouse(window, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
        QVERIFY(!mController->isGrabbing());
        QCOMPARE(mController->instance()->grabbedVertex(), -1);
        // Free again: played on, the cloth falls away from the released point.
        simulateFrames(10);
        QVERIFY2(gap() > gapGrabbed, qPrintable(QStringLiteral("%1 %2").arg(gap()).arg(gapGrabbed)));
        QCOMPARE(mDocument->undoStack()->count(), undoSteps);
        QVERIFY(!mDocument->undoStack()->canRedo() || mDocument->undoStack()->count() == undoSteps);

        // Esc cancels: the cloth is back where the grab began, bit for bit.
        viewport.syncNow();
        const std::vector<Vec3> resting = mController->physicsPositions();
        const std::optional<QPointF> again = viewport.project(
            mController->world().transformPoint(resting[size_t(vertex)]));
        QVERIFY(again);
        const int second = tool.pickVertex(*again);
        QVERIFY(second >= 0);
        test::sendMouse(window, QEvent::MouseButtonPress, *again, Qt::LeftButton, Qt::LeftButton);
        QVERIFY(mController->isGrabbing());
        test::sendMouse(window, QEvent::MouseMove, *again + QPointF(50, 50), Qt::NoButton,
                        Qt::LeftButton);
        for (int i = 0; i < 5; ++i)
            mController->stepGrab();
        QVERIFY(mController->physicsPositions() != resting);
        QKeyEvent escape(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
        QCoreApplication::sendEvent(window, &escape);
        QVERIFY(!mController->isGrabbing());
        QVERIFY(mController->physicsPositions() == resting);
        QCOMPARE(mDocument->undoStack()->count(), undoSteps);
        viewport.setTool(nullptr);
        QVERIFY(!grabButton->isChecked());

        // Without the Grab tool, a plain left press does not grab; Ctrl + left drag does, and
        // the release lets go.
        test::sendMouse(window, QEvent::MouseButtonPress, *again, Qt::LeftButton, Qt::LeftButton);
        test::sendMouse(window, QEvent::MouseButtonRelease, *again, Qt::LeftButton, Qt::NoButton);
        QVERIFY(!mController->isGrabbing());
        test::sendMouse(window, QEvent::MouseButtonPress, *again, Qt::LeftButton, Qt::LeftButton,
                        Qt::ControlModifier);
        QVERIFY(mController->isGrabbing());
        QCOMPARE(mController->grabbedVertex(), second);
        test::sendMouse(window, QEvent::MouseMove, *again + QPointF(-50, 30), Qt::NoButton,
                        Qt::LeftButton, Qt::ControlModifier);
        for (int i = 0; i < 5; ++i)
            mController->stepGrab();
        QVERIFY(mController->physicsPositions() != resting);
        test::sendMouse(window, QEvent::MouseButtonRelease, *again + QPointF(-50, 30),
                        Qt::LeftButton, Qt::NoButton);
        QVERIFY(!mController->isGrabbing());
        QCOMPARE(viewport.tool(), nullptr);
        QCOMPARE(mDocument->undoStack()->count(), undoSteps);
    }

    // The guide's picture of the loop (only with TWEED_SCREENSHOT_DIR): a baked clip on the
    // timeline, scrubbed to its middle, the Grab tool inspecting a vertex.
    void loopScreenshot()
    {
        const QByteArray dir = qgetenv("TWEED_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set TWEED_SCREENSHOT_DIR to write the screenshot");
        test::isolateSettings("test_simulation_screenshot");
        MainWindow window;
        window.document()->replace(mLoaded);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Playback *playback = window.playback();
        SimulationController *simulation = window.simulation();
        playback->setClip(mDocument->character().findClip("Walk"));
        if (auto *dock = window.findChild<QDockWidget *>(names::kSimulationDock))
            dock->raise();
        QVERIFY(simulation->bakeClip(&window));
        playback->setTime(playback->duration() * 0.45);
        auto *grab = test::child<QToolButton>(&window, names::kSimulationDockGrabButton);
        QVERIFY(grab);
        grab->click();
        QTest::qWait(300);
        auto *tool = dynamic_cast<GrabTool *>(window.findChild<Viewport *>()->tool());
        QVERIFY(tool);
        const std::vector<float> &painted = simulation->instance()->data().maxDistance;
        const auto freest =
            size_t(std::max_element(painted.begin(), painted.end()) - painted.begin());
        const std::optional<QPointF> pixel = window.findChild<Viewport *>()->project(
            simulation->world().transformPoint(simulation->physicsPositions()[freest]));
        QVERIFY(pixel);
        QWindow *view = test::viewport3dWindow();
        QVERIFY(view);
        test::sendMouse(view, QEvent::MouseMove, *pixel, Qt::NoButton, Qt::NoButton);
        QTest::qWait(300);
        const QImage image = window.grabWithViewport();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QString::fromUtf8(dir) + "/simulation_loop.png"));
    }

    // Bake Clip fills the whole clip off the UI thread; Cancel keeps the frames done.
    void bakeClipWithCancel()
    {
        const int clip = mPlayback->clip();
        mController->clearCache();
        QWidget parent;
        parent.show();
        QVERIFY(mController->bakeClip(&parent));
        QCOMPARE(mController->cache().frameCount(clip), mPlayback->frameCount());
        // The export dialog writes the cached frames as a point cache (no new simulation).
        {
            ExportDialog dialog(mDocument, nullptr);
            dialog.setSimulationCache(mController->cachedClip(), clip, mPlayback->frameRate(),
                                      mController->lod());
            auto *format = test::child<QComboBox>(&dialog, names::kExportDialogFormatComboBox);
            auto *clipBox = test::child<QComboBox>(&dialog, names::kExportDialogClipComboBox);
            auto *fps = test::child<QDoubleSpinBox>(&dialog, names::kExportDialogFpsSpinBox);
            auto *path = test::child<QLineEdit>(&dialog, names::kExportDialogPathLineEdit);
            QVERIFY(format && clipBox && fps && path);
            format->setCurrentIndex(format->findData(int(ExportFormat::PointCache)));
            clipBox->setCurrentIndex(clipBox->findData(clip));
            fps->setValue(mPlayback->frameRate());
            const QString file = QDir(QDir::tempPath()).filePath("tweed_cache_export.pc2");
            path->setText(file);
            QVERIFY(dialog.usesCache());
            ExportOptions options = dialog.options();
            QVERIFY(options.simulated);
            options.pointCacheMesh = PointCacheMesh::Physics;
            exportAsset(mDocument->asset(), file.toStdString(), options);
            const PointCache written = readPc2(file.toStdString());
            QFile::remove(file);
            QCOMPARE(int(written.frames.size()), mPlayback->frameCount());
            const int probe = mPlayback->frameCount() / 3;
            const std::vector<Vec3> &cachedPhysics = mController->cache().frame(clip, probe)->physics;
            QCOMPARE(written.frames[size_t(probe)].size(), cachedPhysics.size());
            for (size_t v = 0; v < cachedPhysics.size(); v += 5)
                QVERIFY(distance(written.frames[size_t(probe)][v], cachedPhysics[v]) < 1e-5f);
            fps->setValue(mPlayback->frameRate() * 2); // another rate: simulated afresh
            QVERIFY(!dialog.usesCache());
        }

        // The baked frames are the simulation's: one played frame equals its baked one.
        const int middle = mPlayback->frameCount() / 2;
        const std::vector<Vec3> baked = mController->cache().frame(clip, middle)->physics;
        QVERIFY(!baked.empty());
        mController->clearCache();
        mPlayback->setTime(0);
        simulateFrames(middle);
        QCOMPARE(mController->shownFrame(), middle);
        QVERIFY(!mController->isShowingCachedFrame());
        QVERIFY(mController->physicsPositions() == baked);

        // Cancel as soon as the progress dialog shows: fewer frames, all valid and in order.
        mController->clearCache();
        mController->setPreRollFrames(0);
        QTimer clicker;
        connect(&clicker, &QTimer::timeout, &parent, [&parent] {
            auto *dialog = parent.findChild<QProgressDialog *>("LongOperation_ProgressDialog");
            if (!dialog || !dialog->isVisible())
                return;
            for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>())
                button->click();
        });
        clicker.start(5);
        // A long clip to bake (longer than the progress dialog's delay on any machine): slow
        // the solver down with the most substeps and iterations the settings allow.
        const SettingField *iterations = findSetting("iterations");
        const SettingField *substeps = findSetting("substeps");
        QVERIFY(iterations && substeps);
        const int undoIndex = mDocument->undoStack()->index();
        mDocument->setSetting(*iterations, iterations->max);
        mDocument->setSetting(*substeps, substeps->max);
        QCOMPARE(mDocument->undoStack()->index(), undoIndex + 2);
        const auto restore =
            qScopeGuard([this, undoIndex] { mDocument->undoStack()->setIndex(undoIndex); });
        QVERIFY(mController->bakeClip(&parent)); // a Cancel is no failure
        clicker.stop();
        const int kept = mController->cache().frameCount(clip);
        QVERIFY2(kept >= 1 && kept < mPlayback->frameCount(), qPrintable(QString::number(kept)));
        for (int f = 0; f < kept; ++f)
            QVERIFY(mController->cache().frame(clip, f) != nullptr);
        QCOMPARE(mController->cache().frame(clip, kept), nullptr);
    }

    // The dock's buttons, found by objectName, drive the controller and the playback; the
    // wind spin boxes set the wind; the statistics dock plots every simulated frame.
    void docksDriveIt()
    {
        QMainWindow window;
        auto *dock = new SimulationDock(mController, mPlayback, &window);
        auto *stats = new StatisticsDock(mController, &window);
        window.addDockWidget(Qt::RightDockWidgetArea, dock);
        window.addDockWidget(Qt::RightDockWidgetArea, stats);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        auto *step = window.findChild<QToolButton *>(names::kSimulationDockStepButton);
        auto *play = window.findChild<QToolButton *>(names::kSimulationDockPlayButton);
        auto *reset = window.findChild<QToolButton *>(names::kSimulationDockResetButton);
        auto *strength =
            window.findChild<QDoubleSpinBox *>(names::kSimulationDockWindStrengthSpinBox);
        auto *direction =
            window.findChild<QDoubleSpinBox *>(names::kSimulationDockWindDirectionSpinBox);
        QVERIFY(step && play && reset && strength && direction);
        QVERIFY(window.findChild<QWidget *>(names::kStatisticsDock));

        const double before = mPlayback->time();
        QTest::mouseClick(step, Qt::LeftButton);
        QVERIFY(mController->isSimulating());
        QVERIFY(mPlayback->time() > before);
        QCOMPARE(mController->framesSinceReset(), 1); // rest on the old pose, then one step
        QTest::mouseClick(step, Qt::LeftButton);
        QCOMPARE(mController->framesSinceReset(), 2);
        QCOMPARE(stats->points(StatisticsDock::SolverMs).size(), 2);
        QCOMPARE(stats->points(StatisticsDock::MaxStretch).size(), 2);
        // Beside the simulated stretch, the skinned pose's own.
        const QList<QPointF> &skinned = stats->points(StatisticsDock::SkinnedStretch);
        QCOMPARE(skinned.size(), 2);
        QCOMPARE(skinned.back().y(), double(mController->lastStats().skinnedMaxStretch));
        QVERIFY(mController->lastStats().skinnedMaxStretch > 0.5f);

        QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(mPlayback->isPlaying());
        QTRY_VERIFY(mController->framesSinceReset() >= 5);
        QTest::mouseClick(play, Qt::LeftButton);
        QVERIFY(!mPlayback->isPlaying());
        QCOMPARE(stats->points(StatisticsDock::Contacts).size(), mController->framesSinceReset());

        QTest::mouseClick(reset, Qt::LeftButton);
        QCOMPARE(mController->framesSinceReset(), 0);
        QVERIFY(largestOffset() < 1e-5f);
        QVERIFY(stats->points(StatisticsDock::SolverMs).isEmpty());

        direction->setValue(90);
        strength->setValue(12);
        QCOMPARE(mController->windSpeed(), 12.0f);
        QVERIFY(std::abs(mController->windDirection().z - 1.0f) < 1e-4f);
        QVERIFY(std::abs(mController->windDirection().x) < 1e-4f);
    }

    // Wind pushes the coat: with a strong wind along +x the free vertices drift to +x
    // relative to a windless run of the same frames.
    void windPushes()
    {
        const auto meanX = [this](float speed) {
            mController->setSimulating(false);
            mPlayback->setTime(0);
            mController->setWind({1, 0, 0}, speed);
            mController->setSimulating(true);
            simulateFrames(20);
            double sum = 0;
            const auto &x = mController->physicsPositions();
            const auto &t = mController->targetPositions();
            for (size_t v = 0; v < x.size(); ++v)
                sum += double(x[v].x - t[v].x);
            return sum / double(x.size());
        };
        const double calm = meanX(0);
        const double windy = meanX(20);
        QVERIFY2(windy > calm + 1e-3, qPrintable(QStringLiteral("%1 %2").arg(calm).arg(windy)));
    }

    // Painting while simulating: the new channels reach the running instance at once, with no
    // rebuild or reset. Max Distance 0 everywhere pins every vertex to its skinned target.
    void paintingWhileSimulating()
    {
        mController->setSimulating(true);
        simulateFrames(10);
        QVERIFY(largestOffset() > 1e-3f);
        const int builds = mController->buildCount();
        const int updates = mController->channelUpdateCount();
        const int frames = mController->framesSinceReset();
        ValueEdit edit;
        const size_t graphicsVertices = mDocument->asset().lods[0].mesh.vertexCount();
        for (uint32_t v = 0; v < graphicsVertices; ++v) {
            edit.vertices.push_back(v);
            edit.values.push_back(0.0f);
        }
        mDocument->paintChannel(0, FloatChannel::MaxDistance, edit, QStringLiteral("Pin all"));
        QCOMPARE(mController->channelUpdateCount(), updates + 1);
        QCOMPARE(mController->buildCount(), builds);
        QCOMPARE(mController->framesSinceReset(), frames); // not reset
        simulateFrames(2);
        QCOMPARE(mController->buildCount(), builds);
        QCOMPARE(mController->framesSinceReset(), frames + 2);
        QVERIFY2(largestOffset() < 1e-5f, qPrintable(QString::number(largestOffset())));
        for (float d : mController->instance()->data().maxDistance)
            QCOMPARE(d, 0.0f);

        // Undo brings the painted values back into the running cloth: it moves again.
        mDocument->undoStack()->undo();
        QCOMPARE(mController->channelUpdateCount(), updates + 2);
        simulateFrames(10);
        QCOMPARE(mController->buildCount(), builds);
        QVERIFY(largestOffset() > 1e-3f);
        mController->setSimulating(false);
    }

    // The viewport shows the simulated coat in place of the skinned one (world space) and
    // the skinned coat again when simulation stops; and the editor's frame time while
    // simulating is measured.
    void viewportShowsSimulation()
    {
        ControllerViewport viewport(mDocument, mPlayback, mController);
        QVERIFY(viewport.exposed);
        mController->setSimulating(true);
        simulateFrames(10);
        viewport.syncNow();
        const auto &shown = viewport.skinnedPositions(mCoat);
        const auto &deformed = mController->graphicsPositions();
        const size_t coatVertices = mDocument->character().meshes[size_t(mCoat)].vertexCount();
        QCOMPARE(shown.size(), coatVertices);
        QVERIFY(deformed.size() >= coatVertices);
        for (size_t v = 0; v < coatVertices; v += 7)
            QVERIFY(distance(shown[v], mController->world().transformPoint(deformed[v])) < 1e-5f);
        const QImage image = viewport.grabFrame();
        QVERIFY(!image.isNull());
        // The wind arrow appears with the wind.
        mController->setWind({0, 0, 1}, 15);
        const QImage windy = viewport.grabFrame();
        QVERIFY(!windy.isNull());
        QVERIFY(windy != image);
        mController->setWind({0, 0, 1}, 0);

        // Debug views (bound to the dock's check boxes): stretch draws every mesh edge,
        // skinned a line and a cross per vertex, velocities a line per vertex once a frame
        // was simulated, and the frame changes with them.
        auto *dock = new SimulationDock(mController, mPlayback);
        auto *stretch = test::child<QCheckBox>(dock, names::kSimulationDockShowStretchCheckBox);
        auto *skinnedBox = test::child<QCheckBox>(dock, names::kSimulationDockShowSkinnedCheckBox);
        auto *velocities =
            test::child<QCheckBox>(dock, names::kSimulationDockShowVelocitiesCheckBox);
        QVERIFY(stretch && skinnedBox && velocities);
        // The dock shows wind set elsewhere.
        mController->setWind({0, 0, 1}, 12);
        QCOMPARE(
            test::child<QDoubleSpinBox>(dock, names::kSimulationDockWindStrengthSpinBox)->value(),
            12.0);
        QCOMPARE(
            test::child<QDoubleSpinBox>(dock, names::kSimulationDockWindDirectionSpinBox)->value(),
            90.0);
        mController->setWind({0, 0, 1}, 0);
        DebugViews *views = mController->debugViews();
        const auto segments = [&viewport](DebugViews::View view) {
            return viewport.lineCount(DebugViews::layerName(view));
        };
        const size_t edges = mController->instance()->data().edges.size() / 2;
        const size_t vertices = mController->physicsPositions().size();
        stretch->setChecked(true);
        QVERIFY(views->isOn(DebugViews::Stretch));
        views->syncNow();
        QCOMPARE(segments(DebugViews::Stretch), edges);
        skinnedBox->setChecked(true);
        views->syncNow();
        QCOMPARE(segments(DebugViews::SkinnedPositions), 4 * vertices);
        velocities->setChecked(true);
        simulateFrames(1);
        views->syncNow();
        QCOMPARE(segments(DebugViews::Velocities), vertices);
        const QImage debug = viewport.grabFrame();
        QVERIFY(!debug.isNull() && debug != image);
        QCOMPARE(DebugViews::stretchColor(1.0f), QColor::fromRgbF(0, 1, 0));
        QCOMPARE(DebugViews::stretchColor(1.5f), QColor::fromRgbF(1, 0, 0));
        QCOMPARE(DebugViews::stretchColor(0.5f), QColor::fromRgbF(0, 0, 1));
        // The action unchecks the box and removes the layer.
        views->setOn(DebugViews::Stretch, false);
        QVERIFY(!stretch->isChecked());
        delete dock;
        views->setOn(DebugViews::SkinnedPositions, false);
        views->setOn(DebugViews::Velocities, false);
        views->syncNow();
        for (DebugViews::View view :
             {DebugViews::Stretch, DebugViews::SkinnedPositions, DebugViews::Velocities})
            QVERIFY(!viewport.hasLines(DebugViews::layerName(view)));

        // Frame time while the clip plays and the coat simulates, and without simulating.
        int frames = 0;
        double solverMs = 0;
        connect(&viewport, &Viewport::frameRendered, this, [&frames] { ++frames; });
        int simulated = 0, fromCache = 0;
        auto sum = connect(mController, &SimulationController::stepped, this, [&] {
            solverMs += mController->lastStats().solverMs;
            ++simulated;
        });
        auto cached = connect(mController, &SimulationController::frameShown, this,
                              [&] { ++fromCache; });
        const auto measure = [&](bool simulate) {
            frames = 0;
            solverMs = 0;
            simulated = fromCache = 0;
            QElapsedTimer wall;
            if (simulate)
                mController->play();
            else
                mPlayback->play();
            wall.start();
            QTest::qWait(3000);
            mPlayback->pause();
            const double ms = double(wall.elapsed());
            qInfo("%s under xvfb: %d rendered frames in %.0f ms, %.1f ms per frame (viewport "
                  "read-out %.1f ms); %d poses simulated, solver %.2f ms per pose, %d shown "
                  "from the cache",
                  simulate ? "simulating the sample's coat" : "playing without simulation",
                  frames, ms, frames ? ms / frames : 0.0, viewport.lastFrameMs(), simulated,
                  simulated ? solverMs / simulated : 0.0, fromCache);
            return simulated + fromCache;
        };
        QVERIFY(measure(true) > 0);
        disconnect(sum);
        disconnect(cached);

        mController->setSimulating(false);
        measure(false);
        viewport.syncNow();
        std::vector<Vec3> skinned;
        const GraphicsMesh &coat = mDocument->character().meshes[size_t(mCoat)];
        skinVertices(coat.positions, coat.skin, mPlayback->skinningMatrices(), skinned);
        for (size_t v = 0; v < coatVertices; v += 7)
            QVERIFY(distance(viewport.skinnedPositions(mCoat)[v], skinned[v]) < 1e-5f);
        mController->setViewport(nullptr);
    }

    // The main window has the controller, both docks (in View > Panels) and the Simulation
    // menu's actions, which drive the simulation of its document.
    // Backstop spheres smaller than Max Distance are reported in the Messages panel while
    // simulating, once per finding, again after mended paint goes bad again, and again for a
    // newly opened document.
    void backstopUnderMaxDistanceReported()
    {
        test::isolateSettings("test_simulation");
        MainWindow window;
        window.document()->replace(mLoaded);
        Document *document = window.document();
        const qsizetype before = window.messagesDock()->messages().size();
        window.simulation()->setSimulating(true);
        QVERIFY(window.simulation()->instance());
        auto paintRadius = [&](float radius) {
            ValueEdit edit;
            for (uint32_t v = 0; v < document->asset().lods[0].mesh.vertexCount(); ++v) {
                edit.vertices.push_back(v);
                edit.values.push_back(radius);
            }
            document->paintChannel(0, FloatChannel::BackstopRadius, edit,
                                   QStringLiteral("Backstop"));
        };
        auto reported = [&] {
            int count = 0;
            for (const QString &m : window.messagesDock()->messages())
                count += m.contains("backstop radius smaller than their Max Distance") ? 1 : 0;
            return count;
        };
        QCOMPARE(reported(), 0);
        paintRadius(0.001f);
        QCOMPARE(reported(), 1);
        QVERIFY(window.messagesDock()->messages().size() > before);
        paintRadius(0.002f); // the same finding: said once
        QCOMPARE(reported(), 1);
        paintRadius(2.0f);
        QCOMPARE(reported(), 1);
        paintRadius(0.001f);
        QCOMPARE(reported(), 2);
        // Another document with the same paint is a new finding.
        LoadedDocument again = mLoaded;
        again.asset = document->asset();
        document->replace(again);
        QVERIFY(window.simulation()->instance());
        QCOMPARE(reported(), 3);
        window.simulation()->setSimulating(false);
    }

    void mainWindowIntegration()
    {
        test::isolateSettings("test_simulation");
        MainWindow window;
        window.document()->replace(mLoaded);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SimulationController *simulation = window.simulation();
        QVERIFY(simulation);
        QVERIFY(test::child<QDockWidget>(&window, names::kSimulationDock));
        QVERIFY(test::child<QDockWidget>(&window, names::kStatisticsDock));
        QVERIFY(test::child<QAction>(&window, "MainWindow_ViewSimulationDockAction"));
        QVERIFY(test::child<QAction>(&window, "MainWindow_ViewStatisticsDockAction"));
        auto *menu = test::child<QMenu>(&window, names::kMainWindowSimulationMenu);
        auto *simulate = test::child<QAction>(&window, names::kSimulationDockSimulateAction);
        auto *step = test::child<QAction>(&window, names::kSimulationDockStepAction);
        auto *reset = test::child<QAction>(&window, names::kSimulationDockResetAction);
        QVERIFY(menu && simulate && step && reset);
        QVERIFY(menu->actions().contains(simulate) && menu->actions().contains(step));

        window.playback()->pause();
        simulate->trigger();
        QVERIFY(simulation->isSimulating());
        QVERIFY(simulation->lastError().isEmpty());
        step->trigger();
        step->trigger();
        QCOMPARE(simulation->framesSinceReset(), 2);
        reset->trigger();
        QCOMPARE(simulation->framesSinceReset(), 0);
        simulate->trigger();
        QVERIFY(!simulation->isSimulating());
    }
};

QTEST_MAIN(TestSimulation)
#include "test_simulation.moc"
