// The live simulation preview: the SimulationController stepping the sample's coat with the
// Walk clip through Playback, settings reaching the running instance, reset, the document
// changes that rebuild it, the simulation and statistics docks, and the viewport showing it.
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "simulation/simulation_controller.h"
#include "simulation/simulation_dock.h"
#include "simulation/statistics_dock.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
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

using namespace tweed;
using namespace tweed::editor;

namespace {

constexpr double kFps = 30;

bool finite(const Vec3 &v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

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

    // A big jump in time (scrubbing) resets rather than simulating a long step.
    void scrubbingResets()
    {
        mController->setSimulating(true);
        simulateFrames(4);
        mPlayback->setTime(mPlayback->time() + 0.5);
        QCOMPARE(mController->framesSinceReset(), 0);
        QVERIFY(largestOffset() < 1e-5f);

        // A slow frame while the clip plays (0.4 s) is simulated as a clamped step instead.
        simulateFrames(2);
        const int before = mController->framesSinceReset();
        mPlayback->play();
        mPlayback->setTime(mPlayback->time() + 0.4);
        mPlayback->pause();
        QCOMPARE(mController->framesSinceReset(), before + 1);
        QCOMPARE(mController->lastStats().maxDistanceViolations, 0u);
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
        Viewport viewport(mDocument, mPlayback);
        viewport.resize(900, 700);
        viewport.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewport));
        mController->setViewport(&viewport);
        // A failed check below must not leave the controller pointing at the gone viewport.
        const auto detach = qScopeGuard([this] { mController->setViewport(nullptr); });
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
        auto sum = connect(mController, &SimulationController::stepped, this,
                           [&] { solverMs += mController->lastStats().solverMs; });
        const auto measure = [&](bool simulate) {
            frames = 0;
            solverMs = 0;
            QElapsedTimer wall;
            const int before = mController->framesSinceReset();
            if (simulate)
                mController->play();
            else
                mPlayback->play();
            wall.start();
            QTest::qWait(3000);
            mPlayback->pause();
            const double ms = double(wall.elapsed());
            const int simulated = mController->framesSinceReset() - before;
            qInfo("%s under xvfb: %d rendered frames in %.0f ms, %.1f ms per frame (viewport "
                  "read-out %.1f ms); %d poses simulated, solver %.2f ms per pose",
                  simulate ? "simulating the sample's coat" : "playing without simulation",
                  frames, ms, frames ? ms / frames : 0.0, viewport.lastFrameMs(), simulated,
                  simulated ? solverMs / simulated : 0.0);
            return simulated;
        };
        QVERIFY(measure(true) > 0);
        disconnect(sum);

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
