// View > Debug Views on the sample's coat: every view is a checkable action in the menu that
// adds and removes its viewport layer (or overlay); the spheres, crosses and lines drawn match
// counts computed independently from the document and the solver's own data; the views follow
// the simulation; and the fabric presets bar applies a preset in one click as one undo step.
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "simulation/simulation_controller.h"
#include "test_paths.h"
#include "ui_test_support.h"
#include "viewport/scene_geometry.h"
#include "viewport/viewport.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/sim/cloth_data.h"
#include "tweed/simulation_settings.h"

#include <QAction>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QMenu>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace tweed;
using namespace tweed::editor;

namespace {

constexpr DebugViews::View kAllViews[] = {
    DebugViews::SkinnedPositions, DebugViews::MaxDistance,    DebugViews::Backstop,
    DebugViews::CollisionVolumes, DebugViews::PhysicsWire,    DebugViews::PhysicsSolid,
    DebugViews::PhysicsNormals,   DebugViews::SkinMap,        DebugViews::BadSkinMap,
    DebugViews::Skeleton,         DebugViews::BoneFrames,     DebugViews::Velocities,
    DebugViews::EdgeVertices,     DebugViews::Stretch,
    DebugViews::MaxDistanceInwards, DebugViews::BackstopPrecise, DebugViews::CollisionShapesWire,
    DebugViews::SkinMapActual,    DebugViews::GraphicalVertexBones,
    DebugViews::PhysicalVertexBones};

constexpr size_t kSegmentsPerSphere = 3 * DebugViews::kCircleSegments;

} // namespace

class TestDebugViews : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    LoadedDocument mLoaded;
    size_t mLastDrawn = 0; ///< drawnCount() of drawOnce's view

    Document *document() const { return mWindow->document(); }
    Viewport *viewport() const { return mWindow->viewport(); }
    DebugViews *views() const { return mWindow->simulation()->debugViews(); }
    const PhysicsMesh &physicsMesh() const
    {
        const ClothingAsset &asset = document()->asset();
        return asset.physicsMeshes[size_t(asset.lods[0].physicsMesh)];
    }
    size_t segments(DebugViews::View view) const
    {
        return viewport()->lineCount(DebugViews::layerName(view));
    }
    // Turns one view on, draws, returns its segment count, and turns it off again.
    size_t drawOnce(DebugViews::View view)
    {
        views()->setOn(view, true);
        views()->syncNow();
        const size_t count = segments(view);
        mLastDrawn = views()->drawnCount(view);
        views()->setOn(view, false);
        views()->syncNow();
        return count;
    }
    // Paints a graphics channel of LoD 0: `value` on the first `count` vertices, 0 elsewhere.
    void paint(FloatChannel channel, size_t count, float value)
    {
        ValueEdit edit;
        const size_t n = document()->asset().lods[0].mesh.vertexCount();
        for (uint32_t v = 0; v < n; ++v) {
            edit.vertices.push_back(v);
            edit.values.push_back(v < count ? value : 0.0f);
        }
        document()->paintChannel(0, channel, edit, QStringLiteral("Test paint"));
    }
    static size_t nonZero(const std::vector<float> &values)
    {
        return size_t(std::count_if(values.begin(), values.end(), [](float v) { return v > 0; }));
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings("test_debug_views");
        const Character character = importCharacter(test::kSampleCharacter);
        CreateAssetOptions options;
        options.garmentMeshes = {"Coat"};
        mLoaded.asset = createAsset(character, options);
        mLoaded.character = character;
        mWindow = std::make_unique<MainWindow>();
        mWindow->document()->replace(mLoaded);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        mWindow->playback()->pause();
        mWindow->playback()->setTime(0.4);
        viewport()->syncNow();
    }

    void cleanupTestCase() { mWindow.reset(); }

    void init()
    {
        mWindow->simulation()->setSimulating(false);
        for (DebugViews::View view : kAllViews)
            views()->setOn(view, false);
        views()->syncNow();
    }

    // Each view is a checkable action named MainWindow_Debug<Name>Action in View > Debug
    // Views; the line views add their layer when checked and remove it when unchecked.
    void actionsToggleLayers()
    {
        QMenu *menu = mWindow->debugViewsMenu();
        QVERIFY(menu);
        const QStringList names = {"SkinnedPositions", "MaxDistance",  "Backstop",
                                   "CollisionVolumes", "PhysicsWire",  "PhysicsSolid",
                                   "PhysicsNormals",   "SkinMap",      "BadSkinMap",
                                   "Skeleton",         "BoneFrames",   "Velocities",
                                   "EdgeVertices",     "Stretch",
                                   "MaxDistanceInwards", "BackstopPrecise",
                                   "CollisionShapesWire", "SkinMapActual",
                                   "GraphicalVertexBones", "PhysicalVertexBones",
                                   "RiderPokeThrough", "ShellPokeThrough",
                                   "BodyPokeThrough", "MaxDistanceHits"};
        QCOMPARE(names.size(), int(DebugViews::ViewCount));
        for (int v = 0; v < names.size(); ++v) {
            const QString name = "MainWindow_Debug" + names[v] + "Action";
            auto *action = mWindow->findChild<QAction *>(name);
            QVERIFY2(action, qPrintable(name));
            QCOMPARE(action, views()->action(DebugViews::View(v)));
            QVERIFY(action->isCheckable());
            QVERIFY(menu->actions().contains(action));
            QVERIFY(!action->text().isEmpty());
        }

        // Max Distance and backstop need painted values; velocities need a simulated frame.
        paint(FloatChannel::MaxDistance, 200, 0.05f);
        paint(FloatChannel::BackstopRadius, 200, 0.1f);
        for (DebugViews::View view : kAllViews) {
            const QString layer = DebugViews::layerName(view);
            // (the sample has no far bindings: see skinMapBindings; no collision volumes: see
            // apexViews)
            if (layer.isEmpty() || view == DebugViews::Velocities ||
                view == DebugViews::BadSkinMap || view == DebugViews::CollisionShapesWire)
                continue;
            QAction *action = views()->action(view);
            action->trigger();
            QVERIFY(action->isChecked());
            views()->syncNow();
            QVERIFY2(viewport()->hasLines(layer), qPrintable(layer));
            QVERIFY(segments(view) > 0);
            action->trigger();
            views()->syncNow();
            QVERIFY2(!viewport()->hasLines(layer), qPrintable(layer));
        }
        document()->undoStack()->undo();
        document()->undoStack()->undo();
    }

    // One sphere (three great circles) per physics vertex with a painted value, centred on the
    // skinned vertex (Max Distance) or behind it (backstop), with the painted radius.
    void spheresMatchPaintedVertices()
    {
        paint(FloatChannel::MaxDistance, 60, 0.04f);
        const std::vector<float> &maxDistance = physicsMesh().channels[FloatChannel::MaxDistance];
        const size_t painted = nonZero(maxDistance);
        QVERIFY(painted > 0 && painted < physicsMesh().vertexCount());
        QVERIFY(painted <= DebugViews::kMaxSpheres);
        QCOMPARE(drawOnce(DebugViews::MaxDistance), painted * kSegmentsPerSphere);
        QCOMPARE(mLastDrawn, painted);

        // The first sphere: its circles' points lie at the radius around the skinned vertex
        // (the physics overlay's positions are the skinned pose).
        viewport()->setOverlayVisible(Viewport::Overlay::PhysicsMesh, true);
        viewport()->syncNow();
        const std::vector<Vec3> skinned =
            viewport()->physicsPositions(document()->asset().lods[0].physicsMesh);
        QCOMPARE(skinned.size(), physicsMesh().vertexCount());
        const size_t first = size_t(std::find_if(maxDistance.begin(), maxDistance.end(),
                                                 [](float v) { return v > 0; }) -
                                    maxDistance.begin());
        const float radius = maxDistance[first] * document()->asset().simulation.maxDistanceScale;
        QVERIFY(radius > 0);
        views()->setOn(DebugViews::MaxDistance, true);
        views()->syncNow();
        const std::vector<Vec3> points =
            viewport()->lineEndpoints(DebugViews::layerName(DebugViews::MaxDistance));
        QCOMPARE(points.size(), 2 * painted * kSegmentsPerSphere);
        for (size_t i = 0; i < 2 * kSegmentsPerSphere; ++i)
            QVERIFY2(std::abs(distance(points[i], skinned[first]) - radius) < 1e-4f,
                     qPrintable(QString::number(distance(points[i], skinned[first]))));
        views()->setOn(DebugViews::MaxDistance, false);
        viewport()->setOverlayVisible(Viewport::Overlay::PhysicsMesh, false);

        // Every vertex painted: more spheres than the limit are thinned to every n-th.
        paint(FloatChannel::MaxDistance, 1u << 30, 0.04f);
        const size_t all = nonZero(physicsMesh().channels[FloatChannel::MaxDistance]);
        const size_t drawn = drawOnce(DebugViews::MaxDistance) / kSegmentsPerSphere;
        QVERIFY(drawn <= DebugViews::kMaxSpheres);
        const size_t stride =
            all <= DebugViews::kMaxSpheres ? 1 : (all + DebugViews::kMaxSpheres - 1) /
                                                     DebugViews::kMaxSpheres;
        QCOMPARE(drawn, (all + stride - 1) / stride);
        document()->undoStack()->undo();
        document()->undoStack()->undo();

        // Backstop spheres: one per vertex with a painted radius; none without.
        QCOMPARE(drawOnce(DebugViews::Backstop),
                 nonZero(physicsMesh().channels[FloatChannel::BackstopRadius]) *
                     kSegmentsPerSphere);
        paint(FloatChannel::BackstopRadius, 40, 0.2f);
        const size_t backstops = nonZero(physicsMesh().channels[FloatChannel::BackstopRadius]);
        QVERIFY(backstops > 0);
        QCOMPARE(drawOnce(DebugViews::Backstop), backstops * kSegmentsPerSphere);
        document()->undoStack()->undo();
    }

    // APEX's remaining views: one inward line per painted Max Distance, the exact backstop
    // point per backstop, every edge of every volume, a line per graphics vertex, and a line
    // to every bone of non-zero weight, coloured from blue (light) to red (heavy).
    void apexViews()
    {
        paint(FloatChannel::MaxDistance, 60, 0.04f);
        const std::vector<float> &maxDistance = physicsMesh().channels[FloatChannel::MaxDistance];
        const size_t painted = nonZero(maxDistance);
        QVERIFY(painted > 0);
        QCOMPARE(drawOnce(DebugViews::MaxDistanceInwards), painted);
        views()->setOn(DebugViews::MaxDistanceInwards, true);
        views()->syncNow();
        const std::vector<Vec3> inward =
            viewport()->lineEndpoints(DebugViews::layerName(DebugViews::MaxDistanceInwards));
        const float scale = document()->asset().simulation.maxDistanceScale;
        const float first = *std::find_if(maxDistance.begin(), maxDistance.end(),
                                          [](float v) { return v > 0; });
        QVERIFY(std::abs(distance(inward[0], inward[1]) - first * scale) < 1e-4f);
        views()->setOn(DebugViews::MaxDistanceInwards, false);
        document()->undoStack()->undo();

        paint(FloatChannel::BackstopRadius, 40, 0.2f);
        const size_t backstops = nonZero(physicsMesh().channels[FloatChannel::BackstopRadius]);
        QVERIFY(backstops > 0);
        QCOMPARE(drawOnce(DebugViews::BackstopPrecise), 4 * backstops); // a line and a cross
        QCOMPARE(mLastDrawn, backstops);
        document()->undoStack()->undo();

        // Collision shapes as wire: three edges per triangle of each volume's shape.
        CollisionVolume box;
        box.name = "box";
        box.shape = CollisionShape::Box;
        box.radii = {0.1f, 0.2f, 0.1f};
        CollisionVolume ball = box;
        ball.name = "ball";
        ball.shape = CollisionShape::Sphere;
        document()->setCollisionVolumes({box, ball}, QStringLiteral("Volumes"));
        size_t triangles = 0;
        for (const CollisionVolume &v : document()->asset().collisionVolumes)
            triangles += scene::collisionShapeMesh(v, 1.0f).indices.size() / 3;
        QCOMPARE(drawOnce(DebugViews::CollisionShapesWire), 3 * triangles);
        QCOMPARE(mLastDrawn, size_t(2));
        QCOMPARE(scene::collisionShapeMesh(box, 1.0f).indices.size(), size_t(36)); // 6 quads
        document()->undoStack()->undo();

        // One line per graphics vertex from where the skin map draws it to where its bones
        // would.
        const GraphicsLod &lod = document()->asset().lods[0];
        QCOMPARE(drawOnce(DebugViews::SkinMapActual), lod.mesh.vertexCount());

        // Bones: a line per non-zero weight.
        const auto weights = [](const std::vector<BoneInfluence> &skin) {
            size_t count = 0;
            for (const BoneInfluence &b : skin)
                for (float w : b.weights)
                    count += w > 0 ? 1 : 0;
            return count;
        };
        QVERIFY(lod.mesh.vertexCount() <= DebugViews::kMaxBindings / 4);
        QCOMPARE(drawOnce(DebugViews::GraphicalVertexBones), weights(lod.mesh.skin));
        QCOMPARE(drawOnce(DebugViews::PhysicalVertexBones), weights(physicsMesh().skin));
        QCOMPARE(mLastDrawn, physicsMesh().vertexCount());
        QCOMPARE(DebugViews::weightColor(1.0f), QColor::fromRgbF(1.0f, 0.2f, 0.0f));
        QCOMPARE(DebugViews::weightColor(0.0f), QColor::fromRgbF(0.0f, 0.2f, 1.0f));
    }

    // Edge vertices: a cross (three segments) on every physics vertex with fewer than four
    // stretch constraints, counted from the solver's own cloth data.
    void edgeVerticesMatchSolver()
    {
        const auto cloth = buildClothData(physicsMesh());
        size_t expected = 0;
        for (uint32_t v = 0; v < cloth->vertexCount; ++v)
            if (cloth->stretchCount[v] < 4)
                ++expected;
        QVERIFY(expected > 0 && expected < cloth->vertexCount);
        QCOMPARE(drawOnce(DebugViews::EdgeVertices), 3 * expected);
        QCOMPARE(mLastDrawn, expected);

        // Wire and stretch draw every mesh edge; normals one line per vertex.
        const size_t edges = cloth->edges.size() / 2;
        QCOMPARE(drawOnce(DebugViews::PhysicsWire), edges);
        QCOMPARE(drawOnce(DebugViews::Stretch), edges);
        QCOMPARE(drawOnce(DebugViews::PhysicsNormals), size_t(cloth->vertexCount));
        // Not simulating, skinned positions are crosses only.
        QCOMPARE(drawOnce(DebugViews::SkinnedPositions), size_t(3 * cloth->vertexCount));
        // Velocities need a simulated frame.
        QCOMPARE(drawOnce(DebugViews::Velocities), size_t(0));
    }

    // The skin map: a line per bound graphics vertex; the far ones only with BadSkinMap.
    void skinMapBindings()
    {
        const MeshQuality quality = measureMeshQuality(physicsMesh().positions,
                                                       physicsMesh().indices);
        const auto count = [&quality](const std::vector<SkinBinding> &bindings, bool farOnly) {
            size_t result = 0;
            for (const SkinBinding &b : bindings)
                if (b.triangle != SkinMap::kUnbound &&
                    (!farOnly || std::abs(b.position.z) > 0.5f * quality.edgeLengthMean))
                    ++result;
            return result;
        };
        const std::vector<SkinBinding> &bindings = document()->asset().lods[0].skinMap.bindings;
        const size_t bound = count(bindings, false);
        QVERIFY(bound > 0);
        QVERIFY(bound <= DebugViews::kMaxBindings);
        QCOMPARE(drawOnce(DebugViews::SkinMap), bound);
        QCOMPARE(drawOnce(DebugViews::BadSkinMap), count(bindings, true));

        // Push a few bindings far off their triangles: only those show as bad, in red.
        ClothingAsset asset = document()->asset();
        size_t pushed = 0;
        for (SkinBinding &b : asset.lods[0].skinMap.bindings)
            if (b.triangle != SkinMap::kUnbound && pushed < 12 && ++pushed)
                b.position.z = 2.0f * quality.edgeLengthMean;
        document()->replaceAsset(asset, QStringLiteral("Far bindings"),
                                 Document::PhysicsMeshChanged);
        const size_t far = count(document()->asset().lods[0].skinMap.bindings, true);
        QVERIFY(far >= pushed);
        QCOMPARE(drawOnce(DebugViews::BadSkinMap), far);
        QCOMPARE(drawOnce(DebugViews::SkinMap), bound);
        document()->undoStack()->undo();
        QVERIFY(DebugViews::isBadBinding(0.6f, 1.0f));
        QVERIFY(!DebugViews::isBadBinding(-0.4f, 1.0f));
    }

    // Bone frames: three axes per joint of the posed skeleton.
    void boneFrames()
    {
        QCOMPARE(drawOnce(DebugViews::BoneFrames), 3 * mWindow->playback()->globalPose().size());
    }

    // The overlay views drive the viewport and View > Overlays follows them.
    void overlayViews()
    {
        auto *collisionOverlay =
            test::child<QAction>(mWindow.get(), names::kMainWindowViewCollisionVolumesAction);
        auto *skeletonOverlay =
            test::child<QAction>(mWindow.get(), names::kMainWindowViewSkeletonAction);
        QVERIFY(collisionOverlay && skeletonOverlay);
        views()->setOn(DebugViews::CollisionVolumes, true);
        QVERIFY(viewport()->isOverlayVisible(Viewport::Overlay::CollisionVolumes));
        QVERIFY(collisionOverlay->isChecked());
        views()->setOn(DebugViews::CollisionVolumes, false);
        QVERIFY(!viewport()->isOverlayVisible(Viewport::Overlay::CollisionVolumes));
        QVERIFY(!collisionOverlay->isChecked());
        // And the other way round.
        collisionOverlay->trigger();
        QVERIFY(views()->isOn(DebugViews::CollisionVolumes));

        views()->setOn(DebugViews::Skeleton, true);
        QVERIFY(viewport()->isOverlayVisible(Viewport::Overlay::Skeleton));
        QVERIFY(viewport()->isOverlayVisible(Viewport::Overlay::BoneNames));
        QVERIFY(skeletonOverlay->isChecked());
        views()->setOn(DebugViews::Skeleton, false);
        QVERIFY(!viewport()->isOverlayVisible(Viewport::Overlay::Skeleton));
        QVERIFY(!viewport()->isOverlayVisible(Viewport::Overlay::BoneNames));

        // Solid physics mesh: drawn opaque with the physics overlay off.
        QVERIFY(!viewport()->isOverlayVisible(Viewport::Overlay::PhysicsMesh));
        const QImage before = viewport()->grabFrame();
        views()->setOn(DebugViews::PhysicsSolid, true);
        QVERIFY(viewport()->isPhysicsSolid());
        viewport()->syncNow();
        QCOMPARE(viewport()->physicsPositions(document()->asset().lods[0].physicsMesh).size(),
                 physicsMesh().vertexCount());
        const QImage solid = viewport()->grabFrame();
        QVERIFY(!before.isNull() && !solid.isNull());
        QVERIFY(solid != before);
        views()->setOn(DebugViews::PhysicsSolid, false);
        QVERIFY(!viewport()->isPhysicsSolid());
    }

    // While simulating the views follow the simulated cloth: velocities appear after a step,
    // skinned positions add a line from each simulated vertex, wire ends sit on the simulated
    // positions.
    void followSimulation()
    {
        SimulationController *simulation = mWindow->simulation();
        views()->setOn(DebugViews::Velocities, true);
        views()->setOn(DebugViews::SkinnedPositions, true);
        views()->setOn(DebugViews::PhysicsWire, true);
        simulation->setSimulating(true);
        QVERIFY(simulation->isShowingSimulation());
        for (int i = 0; i < 5; ++i)
            simulation->stepFrame();
        views()->syncNow();
        const size_t n = physicsMesh().vertexCount();
        QCOMPARE(segments(DebugViews::Velocities), n);
        QCOMPARE(segments(DebugViews::SkinnedPositions), 4 * n);
        QCOMPARE(views()->drawnCount(DebugViews::PhysicsWire),
                 buildClothData(physicsMesh())->edges.size() / 2);
        simulation->setSimulating(false);
        views()->syncNow();
        QCOMPARE(segments(DebugViews::Velocities), size_t(0));
        QCOMPARE(segments(DebugViews::SkinnedPositions), 3 * n);
    }

    // The presets bar: one button per fabric preset (the Simulation menu's actions); a click
    // applies the preset as one undo step.
    void presetsBar()
    {
        auto *bar = test::child<QToolBar>(mWindow.get(), names::kPresetsToolBar);
        QVERIFY(bar);
        const auto presets = fabricPresets();
        QCOMPARE(bar->actions().size(), int(presets.size()));
        for (const FabricPreset &preset : presets) {
            const QString name = QString("MainWindow_SimulationPreset_%1Action").arg(preset.name);
            auto *action = test::child<QAction>(mWindow.get(), qPrintable(name));
            QVERIFY(action && bar->actions().contains(action));
            QVERIFY(qobject_cast<QToolButton *>(bar->widgetForAction(action)));
        }
        const FabricPreset *silk = findPreset("silk");
        QVERIFY(silk);
        const SimulationSettings before = document()->asset().simulation;
        QVERIFY(!(before == silk->settings));
        QUndoStack *undo = document()->undoStack();
        const int steps = undo->index();
        auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(
            test::child<QAction>(mWindow.get(), "MainWindow_SimulationPreset_silkAction")));
        QVERIFY(button && button->isEnabled());
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(document()->asset().simulation == silk->settings);
        QCOMPARE(document()->asset().presetName, std::string("silk"));
        QCOMPARE(undo->index(), steps + 1);
        QCOMPARE(undo->count(), steps + 1);
        undo->undo();
        QVERIFY(document()->asset().simulation == before);
    }

    // The editor's frame time while the walk plays and the coat simulates, with and without
    // debug views (reported, not asserted: timing belongs to benchmarks); and, with
    // TWEED_SCREENSHOT_DIR set, the user guide's screenshot.
    void frameTimeAndScreenshot()
    {
        mWindow->resize(1500, 950);
        QTest::qWait(100);
        Playback *playback = mWindow->playback();
        SimulationController *simulation = mWindow->simulation();
        const int walk = document()->character().findClip("Walk");
        QVERIFY(walk >= 0);
        playback->setClip(walk);
        const auto measure = [&](const char *what) {
            int frames = 0, steps = 0;
            double solverMs = 0;
            const auto counter =
                connect(viewport(), &Viewport::frameRendered, this, [&frames] { ++frames; });
            const auto stepped = connect(simulation, &SimulationController::stepped, this, [&] {
                ++steps;
                solverMs += simulation->lastStats().solverMs;
            });
            simulation->play();
            QElapsedTimer wall;
            wall.start();
            QTest::qWait(4000);
            const double ms = double(wall.elapsed());
            playback->pause();
            disconnect(counter);
            disconnect(stepped);
            qInfo("%s: %d frames in %.0f ms (%.1f ms per frame), Viewport::lastFrameMs %.1f ms, "
                  "%d simulated frames or resets, solver %.2f ms per frame",
                  what, frames, ms, frames ? ms / frames : 0.0, viewport()->lastFrameMs(), steps,
                  steps ? solverMs / steps : 0.0);
            return frames;
        };
        QVERIFY(measure("simulating the coat") > 0);
        views()->setOn(DebugViews::Stretch, true);
        views()->setOn(DebugViews::MaxDistance, true);
        views()->setOn(DebugViews::Velocities, true);
        views()->setOn(DebugViews::SkinMap, true);
        QVERIFY(measure("simulating with stretch, Max Distance, velocity and skin map views") > 0);
        // The views' own cost per frame: rebuilding their lines after a simulated frame.
        QElapsedTimer cost;
        qint64 ns = 0;
        for (int i = 0; i < 20; ++i) {
            simulation->stepFrame();
            cost.start();
            views()->syncNow();
            ns += cost.nsecsElapsed();
        }
        qInfo("debug views (stretch, Max Distance, velocities, skin map): %.2f ms per frame to "
              "rebuild their lines", double(ns) * 1e-6 / 20);
        views()->setOn(DebugViews::MaxDistance, false);
        views()->setOn(DebugViews::SkinMap, false);

        const QByteArray dir = qgetenv("TWEED_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set TWEED_SCREENSHOT_DIR to write the screenshot");
        simulation->setWind({1, 0, 0.3f}, 6);
        if (auto *dock = mWindow->findChild<QDockWidget *>(names::kSimulationDock)) dock->raise();
        simulation->setSimulating(false);
        playback->setTime(0);
        simulation->setSimulating(true);
        for (int i = 0; i < 40; ++i)
            playback->advance(1.0 / 30.0);
        views()->syncNow();
        viewport()->syncNow();
        QTest::qWait(300);
        const QImage image = mWindow->grabWithViewport();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QString::fromUtf8(dir) + "/simulation.png"));
        views()->setOn(DebugViews::Velocities, false);
        views()->setOn(DebugViews::Stretch, false);
        simulation->setWind({1, 0, 0}, 0);
        simulation->setSimulating(false);
    }
};

QTEST_MAIN(TestDebugViews)
#include "test_debug_views.moc"
