// The whole artist workflow through the real widgets of one main window, as the issue lists
// it: start on the sample, generate a physics mesh by simplification, paint Max Distance with
// a brush stroke sent as mouse events (values change only near the stroke; undo), fill, smooth,
// gradient and mirror, add an ellipsoid on a bone and drag it with the gizmo (undo), auto-fit
// volumes, simulate a second (the garment moves, no Max Distance violation), save, reopen and
// compare, regenerate and check the painted channels survived. Then the same road, shorter, on
// a real character from Debian's assimp-testmodels.
#include "collision/collision_dock.h"
#include "collision/collision_gizmo.h"
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "paint/paint_dock.h"
#include "paint/paint_tool.h"
#include "physics_mesh/physics_mesh_dock.h"
#include "playback.h"
#include "preferences.h"
#include "simulation/simulation_controller.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/paint.h"
#include "tweed/meshproc/transfer.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

using namespace tweed;
using namespace tweed::editor;

class TestWorkflow : public QObject
{
    Q_OBJECT

private:
    MainWindow *mWindow = nullptr;
    test::ScriptedPrompts *mPrompts = nullptr;
    Viewport *mViewport = nullptr;
    QWindow *mView3d = nullptr;
    QTemporaryDir mTemp;

    Document *document() const { return mWindow->document(); }
    QUndoStack *undo() const { return document()->undoStack(); }
    const GraphicsLod &lod() const { return document()->asset().lods[0]; }
    const PhysicsMesh &physics() const
    {
        return document()->asset().physicsMeshes[size_t(lod().physicsMesh)];
    }
    const std::vector<float> &maxDistance() const
    {
        return lod().channels[FloatChannel::MaxDistance];
    }
    template <class T> T *widget(QWidget *parent, const char *name) const
    {
        T *w = test::child<T>(parent, name);
        if (!w)
            qFatal("no widget %s", name);
        return w;
    }

    // ---- Mouse over the 3D view --------------------------------------------------------

    void send(QEvent::Type type, QPointF pixel, Qt::MouseButton button, Qt::MouseButtons buttons)
    {
        test::sendMouse(mView3d, type, pixel, button, buttons);
    }
    void stroke(const std::vector<QPointF> &pixels) { test::mouseStroke(mView3d, pixels); }
    void click(QPointF pixel) { stroke({pixel}); }

    // The garment as the viewport draws it, in LoD vertex order.
    std::vector<Vec3> drawnGarment() const
    {
        std::vector<Vec3> positions = lod().mesh.positions;
        for (const GarmentPart &part : garmentParts(document()->character(), lod().mesh)) {
            const auto &p = mViewport->skinnedPositions(part.mesh);
            if (p.size() == part.count)
                std::copy(p.begin(), p.end(), positions.begin() + ptrdiff_t(part.first));
        }
        return positions;
    }

    // A pixel showing the visible garment near a fraction of its projected box.
    QPointF garmentPixel(double fx, double fy) const
    {
        mViewport->syncNow();
        const auto pixel = test::surfacePixel(*mViewport, drawnGarment(), lod().mesh.indices, fx, fy);
        if (!pixel)
            qFatal("no pixel shows the garment");
        return *pixel;
    }

    // ---- Docks ---------------------------------------------------------------------------

    PhysicsMeshDock *physicsDock() const
    {
        return widget<PhysicsMeshDock>(mWindow, names::kPhysicsMeshDock);
    }
    PaintDock *paintDock() const { return widget<PaintDock>(mWindow, names::kPaintDock); }
    CollisionDock *collisionDock() const
    {
        return widget<CollisionDock>(mWindow, names::kCollisionDock);
    }

    void generate(GenerationMethod method, int targetVertices = 0)
    {
        PhysicsMeshDock *dock = physicsDock();
        dock->show();
        dock->raise();
        auto *combo = widget<QComboBox>(dock, names::kPhysicsMeshDockMethodComboBox);
        combo->setCurrentIndex(combo->findData(int(method)));
        if (targetVertices > 0) {
            widget<QComboBox>(dock, names::kPhysicsMeshDockTargetKindComboBox)->setCurrentIndex(0);
            widget<QSpinBox>(dock, names::kPhysicsMeshDockTargetVerticesSpinBox)
                ->setValue(targetVertices);
        }
        const int steps = undo()->index();
        QTest::mouseClick(widget<QPushButton>(dock, names::kPhysicsMeshDockGenerateButton),
                          Qt::LeftButton);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(undo()->index(), steps + 1);
        QCOMPARE(physics().settings.method, method);
    }

    void startPainting()
    {
        PaintDock *dock = paintDock();
        dock->show();
        dock->raise();
        if (!dock->tool()->isActive())
            widget<QToolButton>(dock, names::kPaintDockActivateButton)->click();
        QVERIFY(dock->tool()->isActive());
        widget<QComboBox>(dock, names::kPaintDockChannelComboBox)
            ->setCurrentIndex(0); // Max Distance
        widget<QComboBox>(dock, names::kPaintDockMirrorComboBox)->setCurrentIndex(0);
    }
    void chooseTool(const char *name) { widget<QToolButton>(paintDock(), name)->click(); }
    // Brush settings in centimetres (the test's unit).
    void brush(double radiusCm, double valueCm, Falloff falloff = Falloff::Smooth,
               PaintMode mode = PaintMode::Set)
    {
        PaintDock *dock = paintDock();
        widget<QDoubleSpinBox>(dock, names::kPaintDockRadiusSpinBox)->setValue(radiusCm);
        widget<QDoubleSpinBox>(dock, names::kPaintDockValueSpinBox)->setValue(valueCm);
        widget<QDoubleSpinBox>(dock, names::kPaintDockStrengthSpinBox)->setValue(100);
        widget<QComboBox>(dock, names::kPaintDockFalloffComboBox)->setCurrentIndex(int(falloff));
        widget<QComboBox>(dock, names::kPaintDockModeComboBox)->setCurrentIndex(int(mode));
    }
    void fillAll(double valueCm)
    {
        chooseTool(names::kPaintDockFillButton);
        widget<QComboBox>(paintDock(), names::kPaintDockFillScopeComboBox)->setCurrentIndex(0);
        brush(10, valueCm, Falloff::Constant);
        const int steps = undo()->index();
        click(garmentPixel(0.5, 0.5));
        for (float v : maxDistance())
            QCOMPARE(v, float(valueCm / 100.0));
        QVERIFY(undo()->index() <= steps + 1);
    }

    // Simulates `frames` frames of the current clip at 30 fps through the Simulation dock and
    // checks every frame: finite, no Max Distance violation. Returns how far the physics mesh
    // moved from where it started.
    float simulate(int frames)
    {
        auto *simulate = widget<QCheckBox>(mWindow, names::kSimulationDockSimulateCheckBox);
        if (!simulate->isChecked())
            simulate->click();
        SimulationController *controller = mWindow->simulation();
        if (!controller->isSimulating() || !controller->lastError().isEmpty()) {
            qWarning("%s", qPrintable(controller->lastError()));
            return -1;
        }
        const std::vector<Vec3> start = controller->physicsPositions();
        float moved = 0;
        for (int f = 0; f < frames; ++f) {
            mWindow->playback()->advance(1.0 / 30.0);
            const SimulationFrameStats &s = controller->lastStats();
            if (s.maxDistanceViolations != 0 || s.nonFinite != 0) {
                qWarning("frame %d: %u Max Distance violations, %u non-finite values", f,
                         s.maxDistanceViolations, s.nonFinite);
                return -1;
            }
            const auto &x = controller->physicsPositions();
            for (size_t v = 0; v < x.size() && v < start.size(); ++v)
                moved = std::max(moved, distance(x[v], start[v]));
        }
        simulate->click();
        return moved;
    }

    void saveReopenCompare(const QString &name)
    {
        const QString path = mTemp.filePath(name);
        mPrompts->saveFiles.push_back(path);
        widget<QAction>(mWindow, names::kMainWindowFileSaveAsAction)->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QVERIFY(!document()->isModified());
        const ClothingAsset saved = document()->asset();
        widget<QAction>(mWindow, names::kMainWindowFileCloseAction)->trigger();
        QVERIFY(document()->isEmpty());
        mPrompts->openFiles.push_back(path);
        widget<QAction>(mWindow, names::kMainWindowFileOpenAction)->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QVERIFY(document()->asset() == saved);
        QVERIFY(!document()->character().meshes.empty());
    }

    // The physics mesh's channels are the graphics channels read through a fresh binding.
    void checkPhysicsChannelsFollowThePaint() const
    {
        const ChannelBinding binding = bindChannels(lod().mesh, lod().channels, physics());
        PaintChannels expected;
        applyChannelBinding(binding, lod().channels, expected);
        const auto &want = expected[FloatChannel::MaxDistance];
        const auto &got = physics().channels[FloatChannel::MaxDistance];
        QCOMPARE(got.size(), want.size());
        for (size_t v = 0; v < got.size(); ++v)
            QVERIFY2(std::abs(got[v] - want[v]) < 1e-5f, qPrintable(QString::number(v)));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(mTemp.isValid());
        mWindow = test::makeMainWindow("test_workflow", &mPrompts).release();
        QVERIFY(mWindow);
        mViewport = mWindow->viewport();
        mView3d = test::viewport3dWindow();
        QVERIFY(mView3d);
    }

    void cleanupTestCase() { delete mWindow; }

    void sampleFromStartToSavedAsset()
    {
        // Start on the sample as `tweed` does: the coat is the garment.
        QVERIFY(mWindow->openFile(QString::fromStdString(test::kSampleCharacter), {"Coat"}));
        const std::vector<GarmentPart> parts = garmentParts(document()->character(), lod().mesh);
        QCOMPARE(parts.size(), size_t(1));
        QCOMPARE(document()->character().meshes[size_t(parts[0].mesh)].name, std::string("Coat"));
        mWindow->playback()->pause();
        mWindow->playback()->setTime(0);
        mViewport->setCameraPreset(Viewport::CameraPreset::Front);
        mViewport->frameAll();
        QVERIFY(!mViewport->grabFrame().isNull());

        // 1. A physics mesh by simplification.
        const size_t graphicsVertices = lod().mesh.vertexCount();
        generate(GenerationMethod::Simplify, 900);
        QVERIFY2(std::abs(int(physics().vertexCount()) - 900) <= 45,
                 qPrintable(QString::number(physics().vertexCount())));
        QVERIFY(physics().vertexCount() < graphicsVertices);

        // 2. Paint: a clean fill, then a brush stroke of Max Distance 0 across the coat.
        startPainting();
        fillAll(8);
        chooseTool(names::kPaintDockBrushButton);
        brush(6, 0);
        const std::vector<float> beforeStroke = maxDistance();
        const int steps = undo()->index();
        const QPointF a = garmentPixel(0.3, 0.3), b = garmentPixel(0.7, 0.3);
        std::vector<QPointF> path;
        for (int i = 0; i <= 6; ++i)
            path.push_back(a + (b - a) * (i / 6.0));
        stroke(path);
        QCOMPARE(undo()->index(), steps + 1);
        const std::vector<float> afterStroke = maxDistance();
        const std::vector<Vec3> &centres = paintDock()->tool()->lastStrokeCenters();
        QVERIFY(!centres.empty());
        const std::vector<Vec3> drawn = drawnGarment();
        size_t changed = 0;
        for (size_t v = 0; v < drawn.size(); ++v) {
            if (afterStroke[v] == beforeStroke[v])
                continue;
            ++changed;
            float nearest = std::numeric_limits<float>::infinity();
            for (const Vec3 &c : centres)
                nearest = std::min(nearest, distance(drawn[v], c));
            QVERIFY2(nearest <= 0.06f + 1e-4f, qPrintable(QString::number(nearest)));
            QVERIFY(afterStroke[v] < beforeStroke[v]);
        }
        QVERIFY2(changed > 5, qPrintable(QString::number(changed)));
        checkPhysicsChannelsFollowThePaint();
        undo()->undo();
        QVERIFY(maxDistance() == beforeStroke);
        checkPhysicsChannelsFollowThePaint();
        undo()->redo();
        QVERIFY(maxDistance() == afterStroke);

        // Smooth over the stroke's edge: values between the two levels appear.
        chooseTool(names::kPaintDockSmoothButton);
        brush(8, 0);
        const std::vector<float> beforeSmooth = maxDistance();
        stroke({a, (a + b) / 2, b});
        bool between = false;
        for (size_t v = 0; v < beforeSmooth.size(); ++v)
            between = between || (maxDistance()[v] != beforeSmooth[v] && maxDistance()[v] > 0 &&
                                   maxDistance()[v] < 0.08f);
        QVERIFY(between);

        // Gradient from the top of the coat (0) to its hem (12 cm).
        chooseTool(names::kPaintDockGradientButton);
        brush(10, 0);
        widget<QDoubleSpinBox>(paintDock(), names::kPaintDockSecondValueSpinBox)->setValue(12);
        const QPointF top = garmentPixel(0.5, 0.1), hem = garmentPixel(0.5, 0.95);
        const int beforeGradient = undo()->index();
        click(top);
        click(hem);
        QCOMPARE(undo()->index(), beforeGradient + 1);
        const auto [lo, hi] = std::minmax_element(maxDistance().begin(), maxDistance().end());
        QVERIFY(*lo < 0.01f);
        QVERIFY(*hi > 0.11f && *hi <= 0.12f + 1e-5f);

        // Mirror across X (by topology: the coat's halves are not placed exactly
        // symmetrically): a dab on one side also paints the other side.
        chooseTool(names::kPaintDockBrushButton);
        brush(5, 3, Falloff::Constant);
        widget<QComboBox>(paintDock(), names::kPaintDockMirrorComboBox)->setCurrentIndex(1);
        widget<QComboBox>(paintDock(), names::kPaintDockMirrorMethodComboBox)->setCurrentIndex(1);
        widget<QDoubleSpinBox>(paintDock(), names::kPaintDockMirrorToleranceSpinBox)->setValue(0.5);
        const std::vector<float> beforeMirror = maxDistance();
        click(garmentPixel(0.25, 0.5));
        const Vec3 dab = paintDock()->tool()->lastStrokeCenters().front();
        const std::vector<Vec3> mirroredDrawn = drawnGarment();
        size_t near = 0, mirrored = 0;
        for (size_t v = 0; v < beforeMirror.size(); ++v) {
            if (maxDistance()[v] == beforeMirror[v])
                continue;
            QCOMPARE(maxDistance()[v], 0.03f);
            if (distance(mirroredDrawn[v], dab) <= 0.05f + 1e-4f)
                ++near;
            else if (lod().mesh.positions[v].x * dab.x < 0)
                ++mirrored;
        }
        QVERIFY2(near > 0 && mirrored > 0, qPrintable(QString("%1 %2").arg(near).arg(mirrored)));
        widget<QComboBox>(paintDock(), names::kPaintDockMirrorComboBox)->setCurrentIndex(0);
        const std::vector<float> painted = maxDistance();
        widget<QToolButton>(paintDock(), names::kPaintDockActivateButton)->click();
        QVERIFY(!paintDock()->tool()->isActive());

        // 3. Collision: an ellipsoid on the spine, dragged with the gizmo, the drag undone.
        CollisionDock *collision = collisionDock();
        collision->show();
        collision->raise();
        auto *bones = widget<QComboBox>(collision, names::kCollisionDockBoneComboBox);
        bones->setCurrentIndex(bones->findText("Spine"));
        QVERIFY(bones->currentIndex() >= 0);
        QTest::mouseClick(
            widget<QAbstractButton>(collision, names::kCollisionDockAddEllipsoidButton),
            Qt::LeftButton);
        QCOMPARE(document()->asset().collisionVolumes.size(), size_t(1));
        QTest::mouseClick(widget<QAbstractButton>(collision, names::kCollisionDockMoveButton),
                          Qt::LeftButton);
        mViewport->frameSelected();
        mViewport->syncNow();
        CollisionGizmo *gizmo = collision->gizmo();
        const CollisionVolume before = document()->asset().collisionVolumes[0];
        const auto centre = mViewport->project(volumeFrame(before, *mWindow->playback()).origin);
        QVERIFY(centre);
        std::optional<CollisionGizmo::Handle> grabbed;
        QPointF grab, tipPixel;
        for (const CollisionGizmo::Handle &h : gizmo->handles()) {
            const auto tip = mViewport->project(gizmo->handlePoint(h));
            if (!tip || QLineF(*centre, *tip).length() < 20)
                continue;
            const QPointF pixel = *centre + (*tip - *centre) * 0.7;
            const auto at = gizmo->handleAt(pixel);
            if (at && at->axis == h.axis) {
                grabbed = h;
                grab = pixel;
                tipPixel = *tip;
                break;
            }
        }
        QVERIFY(grabbed);
        const QPointF along = (tipPixel - *centre) / QLineF(*centre, tipPixel).length();
        const int beforeDrag = undo()->index();
        send(QEvent::MouseButtonPress, grab, Qt::LeftButton, Qt::LeftButton);
        for (int i = 1; i <= 3; ++i)
            send(QEvent::MouseMove, grab + along * (12.0 * i), Qt::NoButton, Qt::LeftButton);
        send(QEvent::MouseButtonRelease, grab + along * 36.0, Qt::LeftButton, Qt::NoButton);
        QCOMPARE(undo()->index(), beforeDrag + 1);
        const CollisionVolume dragged = document()->asset().collisionVolumes[0];
        QVERIFY(distance(dragged.local.translation, before.local.translation) > 0.002f);
        undo()->undo();
        QVERIFY(document()->asset().collisionVolumes[0] == before);

        // Auto-fit: volumes for the bones that skin the garment, one step.
        widget<QCheckBox>(collision, names::kCollisionDockFitGarmentBonesCheckBox)
            ->setChecked(true);
        const int beforeFit = undo()->index();
        QTest::mouseClick(widget<QAbstractButton>(collision, names::kCollisionDockAutoFitButton),
                          Qt::LeftButton);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(undo()->index(), beforeFit + 1);
        QVERIFY(document()->asset().collisionVolumes.size() > 2);
        mViewport->setTool(nullptr);

        // 4. Simulate a second of the walk: the coat moves and Max Distance always holds.
        const int walk = document()->character().findClip("Walk");
        QVERIFY(walk >= 0);
        mWindow->playback()->setClip(walk);
        mWindow->playback()->setTime(0);
        const float moved = simulate(30);
        QVERIFY2(moved > 0.01f, qPrintable(QString::number(moved)));

        // 5. Save, reopen, compare.
        saveReopenCompare("coat.tweed");
        QVERIFY(maxDistance() == painted);

        // 6. Regenerate (weld this time): the paint lives on the graphics mesh and comes
        // through onto the new physics mesh.
        generate(GenerationMethod::Weld);
        QVERIFY(maxDistance() == painted);
        checkPhysicsChannelsFollowThePaint();
        QVERIFY(physics().vertexCount() > 900);
    }

    // A real character from Debian's assimp-testmodels, every skinned mesh the garment.
    void realCharacter()
    {
        const QString path = QString::fromStdString(test::kTestModels + "/X/Testwuson.X");
        mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        QVERIFY(mWindow->openFile(path));
        QVERIFY(!document()->asset().lods.empty());
        mWindow->playback()->pause();
        mWindow->playback()->setTime(0);
        mViewport->setCameraPreset(Viewport::CameraPreset::Front);
        mViewport->frameAll();
        QVERIFY(!mViewport->grabFrame().isNull());

        generate(GenerationMethod::Simplify, 700);
        startPainting();
        fillAll(3);
        widget<QToolButton>(paintDock(), names::kPaintDockActivateButton)->click();
        checkPhysicsChannelsFollowThePaint();
        const float moved = simulate(15);
        QVERIFY2(moved >= 0, "the simulation failed");
        saveReopenCompare("testwuson.tweed");
    }
};

QTEST_MAIN(TestWorkflow)
#include "test_workflow.moc"
