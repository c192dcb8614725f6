// The Physics Mesh dock on the sample's coat, driven through its widgets: simplify to a target,
// undo and redo, painted channels surviving a regeneration, bad settings and Cancel leaving the
// document untouched, garment meshes, LoDs (added from a mesh, shared, given their own physics
// mesh) and the bad-binding highlight.
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "physics_mesh/physics_mesh_dock.h"
#include "playback.h"
#include "preferences.h"
#include "simulation/simulation_controller.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/import.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace tweed;
using namespace tweed::editor;

class TestPhysicsMesh : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    test::ScriptedPrompts *mPrompts = nullptr;
    PhysicsMeshDock *mDock = nullptr;
    LoadedDocument mLoaded;

    Document *doc() const { return mWindow->document(); }
    const PhysicsMesh &physics(int lod = 0) const
    {
        return doc()->asset().physicsMeshes[size_t(doc()->asset().lods[size_t(lod)].physicsMesh)];
    }
    template <class T> T *widget(const char *name) const { return test::child<T>(mDock, name); }

    void chooseMethod(GenerationMethod method)
    {
        auto *combo = widget<QComboBox>(names::kPhysicsMeshDockMethodComboBox);
        combo->setCurrentIndex(combo->findData(int(method)));
    }
    void clickGenerate()
    {
        QTest::mouseClick(widget<QPushButton>(names::kPhysicsMeshDockGenerateButton),
                          Qt::LeftButton);
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings("test_physics_mesh");
        const Character character = importCharacter(test::kSampleCharacter);
        QVERIFY(character.findMesh("Coat") >= 0);
        CreateAssetOptions options;
        options.garmentMeshes = {"Coat"};
        mLoaded.asset = createAsset(character, options);
        mLoaded.character = character;
        mWindow = std::make_unique<MainWindow>();
        auto prompts = std::make_unique<test::ScriptedPrompts>();
        mPrompts = prompts.get();
        mWindow->setPrompts(std::move(prompts));
        mWindow->document()->replace(mLoaded);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        mDock = test::child<PhysicsMeshDock>(mWindow.get(), names::kPhysicsMeshDock);
        QVERIFY(mDock);
        mDock->show();
        mDock->raise();
    }

    void init() { mPrompts->errors.clear(); }

    // The dock lists itself in View > Panels and Tools > Generate Physics Mesh, and shows the
    // LoD's settings and garment.
    void dockShowsTheAsset()
    {
        QVERIFY(test::child<QAction>(mWindow.get(), "MainWindow_ViewPhysicsMeshDockAction"));
        QVERIFY(mWindow->toolsMenu()->actions().contains(mDock->generateAction()));
        QCOMPARE(widget<QComboBox>(names::kPhysicsMeshDockLodComboBox)->count(), 1);
        QCOMPARE(mDock->garmentMeshes(), QStringList{"Coat"});
        QCOMPARE(mDock->settings(), physics().settings);
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockVerticesLabel)->text(),
                 QString::number(physics().vertexCount()));
        // Settings appear only for the path that uses them.
        chooseMethod(GenerationMethod::Weld);
        QVERIFY(
            !widget<QSpinBox>(names::kPhysicsMeshDockTargetVerticesSpinBox)->isVisibleTo(mDock));
        QVERIFY(widget<QDoubleSpinBox>(names::kPhysicsMeshDockWeldToleranceSpinBox)
                    ->isVisibleTo(mDock));
        chooseMethod(GenerationMethod::Simplify);
        QVERIFY(widget<QSpinBox>(names::kPhysicsMeshDockTargetVerticesSpinBox)->isVisibleTo(mDock));
        QVERIFY(
            !widget<QDoubleSpinBox>(names::kPhysicsMeshDockVoxelSizeSpinBox)->isVisibleTo(mDock));
        chooseMethod(GenerationMethod::IsoSurface);
        QVERIFY(
            widget<QDoubleSpinBox>(names::kPhysicsMeshDockVoxelSizeSpinBox)->isVisibleTo(mDock));
        QVERIFY(!widget<QLineEdit>(names::kPhysicsMeshDockCustomMeshLineEdit)->isVisibleTo(mDock));
        chooseMethod(GenerationMethod::Custom);
        QVERIFY(widget<QLineEdit>(names::kPhysicsMeshDockCustomMeshLineEdit)->isVisibleTo(mDock));
        QVERIFY(
            !widget<QDoubleSpinBox>(names::kPhysicsMeshDockCloseHolesSpinBox)->isVisibleTo(mDock));
    }

    // Lengths are shown in the user's unit; the settings in metres do not change with it.
    void lengthsInTheUsersUnit()
    {
        GenerationSettings s = mDock->settings();
        s.method = GenerationMethod::Weld;
        s.weldTolerance = 0.002f;
        mDock->setSettings(s);
        auto *weld = widget<QDoubleSpinBox>(names::kPhysicsMeshDockWeldToleranceSpinBox);
        mWindow->preferences()->setLengthUnit(LengthUnit::Centimetres);
        QCOMPARE(weld->value(), 0.2);
        QVERIFY(weld->suffix().contains("cm"));
        mWindow->preferences()->setLengthUnit(LengthUnit::Metres);
        QCOMPARE(weld->value(), 0.002);
        QVERIFY(weld->suffix().endsWith(" m"));
        QCOMPARE(mDock->settings().weldTolerance, 0.002f);
        mWindow->preferences()->setLengthUnit(LengthUnit::Centimetres);
    }

    // Simplify to 800 vertices through the widgets: one undo step, the report shows the new
    // mesh, undo brings the old mesh back and redo the new one.
    void simplifyUndoRedo()
    {
        const PhysicsMesh before = physics();
        const int steps = doc()->undoStack()->index();
        chooseMethod(GenerationMethod::Simplify);
        widget<QComboBox>(names::kPhysicsMeshDockTargetKindComboBox)->setCurrentIndex(0);
        widget<QSpinBox>(names::kPhysicsMeshDockTargetVerticesSpinBox)->setValue(800);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        QVERIFY(mPrompts->errors.isEmpty());
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        const PhysicsMesh after = physics();
        QCOMPARE(after.settings.method, GenerationMethod::Simplify);
        QCOMPARE(after.settings.targetVertices, 800u);
        QVERIFY2(std::abs(int(after.vertexCount()) - 800) <= 40,
                 qPrintable(QString::number(after.vertexCount())));
        QVERIFY(after.vertexCount() < before.vertexCount());
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockVerticesLabel)->text(),
                 QString::number(after.vertexCount()));
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockTrianglesLabel)->text(),
                 QString::number(after.triangleCount()));
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockComponentsLabel)->text(),
                 QString::number(after.report.components));
        QVERIFY(widget<QLabel>(names::kPhysicsMeshDockSurfaceErrorLabel)->text().contains("%"));
        QVERIFY(widget<QLabel>(names::kPhysicsMeshDockSkinMapLabel)
                    ->text()
                    .contains(QString::number(mDock->bindingCheck().far.size())));

        QVERIFY(widget<QLabel>(names::kPhysicsMeshDockStatusLabel)
                    ->text()
                    .contains(QString::number(after.vertexCount())));
        doc()->undoStack()->undo();
        QCOMPARE(physics(), before);
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockVerticesLabel)->text(),
                 QString::number(before.vertexCount()));
        // The status line no longer reports the generation that was undone.
        QVERIFY2(!widget<QLabel>(names::kPhysicsMeshDockStatusLabel)
                      ->text()
                      .contains(QString::number(after.vertexCount())),
                 qPrintable(widget<QLabel>(names::kPhysicsMeshDockStatusLabel)->text()));
        QCOMPARE(mDock->settings().method, before.settings.method);
        doc()->undoStack()->redo();
        QCOMPARE(physics(), after);
        QCOMPARE(mDock->settings().targetVertices, 800u);
    }

    // The soft-body path, chosen in the panel: one undo step makes tetrahedra whose boundary is
    // the physics mesh's surface, and binds the garment to them by tetra skinning. The
    // contraction towards the medial surface belongs to the iso-surface path.
    void softBodyPath()
    {
        const PhysicsMesh before = physics();
        const int steps = doc()->undoStack()->index();
        auto *contraction = widget<QDoubleSpinBox>(names::kPhysicsMeshDockIsoContractionSpinBox);
        chooseMethod(GenerationMethod::IsoSurface);
        QVERIFY(contraction->isVisibleTo(mDock));
        contraction->setValue(0.5);
        QCOMPARE(mDock->settings().isoContraction, 0.5f);
        chooseMethod(GenerationMethod::Tetrahedra);
        QVERIFY(!contraction->isVisibleTo(mDock));
        QVERIFY(widget<QDoubleSpinBox>(names::kPhysicsMeshDockVoxelSizeSpinBox)->isVisibleTo(mDock));
        QCOMPARE(mDock->settings().isoContraction, 0.0f);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        QVERIFY(mPrompts->errors.isEmpty());
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        const PhysicsMesh after = physics();
        QCOMPARE(after.settings.method, GenerationMethod::Tetrahedra);
        QVERIFY(after.tetrahedronCount() > 100);
        for (size_t t = 0; t < after.tetrahedronCount(); ++t) {
            const uint32_t *q = &after.tetrahedra[4 * t];
            const Vec3 &a = after.positions[q[0]];
            QVERIFY(dot(after.positions[q[1]] - a,
                        cross(after.positions[q[2]] - a, after.positions[q[3]] - a)) > 0);
        }
        const GraphicsLod &lod = doc()->asset().lods[0];
        QVERIFY(lod.skinMap.bindings.empty());
        QCOMPARE(lod.skinMap.tetraBindings.size(), lod.mesh.vertexCount());
        QCOMPARE(widget<QLabel>(names::kPhysicsMeshDockVerticesLabel)->text(),
                 QString::number(after.vertexCount()));
        // Previewed: the simulation runs the soft body and the garment follows it.
        SimulationController *simulation = mWindow->simulation();
        simulation->setSimulating(true);
        for (int i = 0; i < 5; ++i)
            mWindow->playback()->stepFrame(1);
        QVERIFY2(simulation->instance(), qPrintable(simulation->lastError()));
        QCOMPARE(simulation->physicsPositions().size(), after.vertexCount());
        const std::vector<Vec3> &shown = simulation->graphicsPositions();
        QCOMPARE(shown.size(), lod.mesh.vertexCount());
        QVERIFY(std::all_of(shown.begin(), shown.end(), [](const Vec3 &p) { return isFinite(p); }));
        QVERIFY(shown != lod.mesh.positions); // it moves with the walk
        simulation->setSimulating(false);
        doc()->undoStack()->undo();
        QCOMPARE(physics(), before);
        QVERIFY(doc()->asset().lods[0].skinMap.tetraBindings.empty());
        doc()->undoStack()->redo();
        QCOMPARE(physics(), after);
        doc()->undoStack()->undo();
    }

    // Paint lives on the graphics mesh: a regeneration (weld) carries it onto the new physics
    // mesh.
    void paintSurvivesRegeneration()
    {
        const GraphicsLod &lod = doc()->asset().lods[0];
        float top = -1e9f, bottom = 1e9f;
        for (const Vec3 &p : lod.mesh.positions) {
            top = std::max(top, p.y);
            bottom = std::min(bottom, p.y);
        }
        const float middle = 0.5f * (top + bottom);
        ValueEdit edit;
        for (uint32_t v = 0; v < lod.mesh.vertexCount(); ++v) {
            edit.vertices.push_back(v);
            edit.values.push_back(lod.mesh.positions[v].y > middle ? 0.0f : 0.2f);
        }
        doc()->paintChannel(0, FloatChannel::MaxDistance, edit, "Paint");
        const std::vector<float> painted = doc()->asset().lods[0].channels[FloatChannel::MaxDistance];

        chooseMethod(GenerationMethod::Weld);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        QCOMPARE(physics().settings.method, GenerationMethod::Weld);
        // The graphics paint is untouched and the physics mesh reads it.
        QCOMPARE(doc()->asset().lods[0].channels[FloatChannel::MaxDistance], painted);
        const PhysicsMesh &p = physics();
        const std::vector<float> &values = p.channels[FloatChannel::MaxDistance];
        QCOMPARE(values.size(), p.vertexCount());
        int high = 0, low = 0;
        for (size_t v = 0; v < values.size(); ++v) {
            QVERIFY(values[v] >= -1e-6f && values[v] <= 0.2f + 1e-6f);
            QVERIFY(std::abs(values[v] - 0.05f) > 1e-4f); // never the paint from before
            // Away from the middle line the value is exactly the side's.
            if (p.positions[v].y > middle + 0.05f) {
                QVERIFY(values[v] < 1e-5f);
                ++high;
            } else if (p.positions[v].y < middle - 0.05f) {
                QVERIFY(std::abs(values[v] - 0.2f) < 1e-5f);
                ++low;
            }
        }
        QVERIFY(high > 0 && low > 0);
    }

    // Absurd settings and a missing custom mesh: an error naming the problem, no change.
    void badSettingsLeaveTheDocument()
    {
        const ClothingAsset before = doc()->asset();
        const int steps = doc()->undoStack()->index();

        GenerationSettings s = mDock->settings();
        s.method = GenerationMethod::Simplify;
        s.targetVertices = 0;
        s.targetEdgeLength = -0.02f;
        QVERIFY(!mDock->generate(s, mDock->garmentMeshes()));
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Failed);
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors[0].contains("edge length"), qPrintable(mPrompts->errors[0]));

        // Through the widgets: simplify with an edge length of 0 has no target.
        chooseMethod(GenerationMethod::Simplify);
        widget<QComboBox>(names::kPhysicsMeshDockTargetKindComboBox)->setCurrentIndex(1);
        widget<QDoubleSpinBox>(names::kPhysicsMeshDockTargetEdgeLengthSpinBox)->setValue(-5);
        QCOMPARE(mDock->settings().targetEdgeLength, 0.0f);
        clickGenerate();
        QCOMPARE(mPrompts->errors.size(), 2);
        QVERIFY2(mPrompts->errors[1].contains("target"), qPrintable(mPrompts->errors[1]));

        // A custom mesh that does not exist, chosen with Browse.
        chooseMethod(GenerationMethod::Custom);
        const QString missing = QDir::temp().filePath("tweed_no_such_physics_mesh.obj");
        mPrompts->openFiles.push_back(missing);
        QTest::mouseClick(widget<QPushButton>(names::kPhysicsMeshDockBrowseButton), Qt::LeftButton);
        QCOMPARE(widget<QLineEdit>(names::kPhysicsMeshDockCustomMeshLineEdit)->text(), missing);
        clickGenerate();
        QCOMPARE(mPrompts->errors.size(), 3);
        QVERIFY2(mPrompts->errors[2].contains("tweed_no_such_physics_mesh.obj"),
                 qPrintable(mPrompts->errors[2]));

        QCOMPARE(doc()->undoStack()->index(), steps);
        QVERIFY(doc()->asset() == before);
        QVERIFY(
            widget<QLabel>(names::kPhysicsMeshDockStatusLabel)->text().contains("nothing changed"));
    }

    // Cancel in the progress dialog: the document stays as it was.
    void cancelLeavesTheDocument()
    {
        const ClothingAsset before = doc()->asset();
        const int steps = doc()->undoStack()->index();
        chooseMethod(GenerationMethod::Simplify);
        widget<QComboBox>(names::kPhysicsMeshDockTargetKindComboBox)->setCurrentIndex(0);
        widget<QSpinBox>(names::kPhysicsMeshDockTargetVerticesSpinBox)->setValue(500);
        int cancels = 0;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            if (auto *dialog = mDock->findChild<QProgressDialog *>("LongOperation_ProgressDialog");
                dialog && cancels == 0) {
                ++cancels;
                emit dialog->canceled();
            }
        });
        poll.start(1);
        clickGenerate();
        poll.stop();
        QCOMPARE(cancels, 1);
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Cancelled);
        QVERIFY(mPrompts->errors.isEmpty());
        QCOMPARE(doc()->undoStack()->index(), steps);
        QVERIFY(doc()->asset() == before);
    }

    // An iso-surface 3 cm off the coat with 2 cm edges binds the coat far (further than half an
    // edge): the bindings are drawn as lines while the box is checked, also after a pose change.
    void highlightBadBindings()
    {
        chooseMethod(GenerationMethod::IsoSurface);
        widget<QComboBox>(names::kPhysicsMeshDockTargetKindComboBox)->setCurrentIndex(1);
        widget<QDoubleSpinBox>(names::kPhysicsMeshDockTargetEdgeLengthSpinBox)->setValue(2.0);
        widget<QDoubleSpinBox>(names::kPhysicsMeshDockIsoOffsetSpinBox)->setValue(3.0);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        const BindingCheck check = checkBindings(doc()->asset(), 0);
        QVERIFY(!check.far.empty());
        QCOMPARE(mDock->bindingCheck().far, check.far);
        QVERIFY(check.maxOffset > 0);
        QVERIFY(widget<QLabel>(names::kPhysicsMeshDockSkinMapLabel)
                    ->text()
                    .startsWith(QString::number(check.far.size())));
        Viewport *viewport = mWindow->viewport();
        auto *box = widget<QCheckBox>(names::kPhysicsMeshDockHighlightCheckBox);
        box->setChecked(false);
        QVERIFY(!viewport->hasLines("skinmap_bad"));
        box->setChecked(true);
        QVERIFY(viewport->hasLines("skinmap_bad"));
        mWindow->playback()->setTime(0.4);
        QVERIFY(viewport->hasLines("skinmap_bad"));
        // Undo to a fine mesh: the highlight follows the document.
        doc()->undoStack()->undo();
        QCOMPARE(mDock->bindingCheck().far, checkBindings(doc()->asset(), 0).far);
        QCOMPARE(viewport->hasLines("skinmap_bad"),
                 !mDock->bindingCheck().far.empty() || !mDock->bindingCheck().failed.empty());
        box->setChecked(false);
        QVERIFY(!viewport->hasLines("skinmap_bad"));
        mWindow->playback()->setTime(0);
    }

    // The report carries the skinned-pose check over the sample's clips, computed off the UI
    // thread: the same figures as the command line's check; a physics vertex weighted to a bone
    // far from it tears its edges, which the report names and the viewport draws in orange;
    // undo brings the clean report back.
    void skinnedCheckFlagsTornEdges()
    {
        const auto settle = [this] {
            QTRY_VERIFY_WITH_TIMEOUT(!mDock->skinnedCheckRunning(), 30000);
            QCoreApplication::processEvents();
        };
        auto *label = widget<QLabel>(names::kPhysicsMeshDockSkinnedStretchLabel);
        auto *box = widget<QCheckBox>(names::kPhysicsMeshDockHighlightCheckBox);
        box->setChecked(true);
        settle();
        const Character &character = doc()->character();
        const auto clean =
            checkSkinnedStretch(doc()->asset(), 0, character.skeleton, character.clips);
        QVERIFY(clean && !clean->defect());
        QVERIFY2(mDock->skinnedCheck(), qPrintable(label->text()));
        QCOMPARE(mDock->skinnedCheck()->physicsMaxStretch, clean->physicsMaxStretch);
        QVERIFY(label->text().contains(label->locale().toString(clean->physicsMaxStretch, 'f', 3)));
        QVERIFY(!mWindow->viewport()->hasLines("skinned_defects"));

        // Physics vertex 0 weighted wholly to the first bone that tears it.
        ClothingAsset torn = doc()->asset();
        PhysicsMesh &mesh = torn.physicsMeshes[size_t(torn.lods[0].physicsMesh)];
        std::optional<SkinnedStretchReport> report;
        for (uint16_t bone = 0; bone < torn.skeleton.bones.size(); ++bone) {
            mesh.skin[0] = {};
            mesh.skin[0].bones[0] = bone;
            mesh.skin[0].weights[0] = 1;
            report = checkSkinnedStretch(torn, 0, character.skeleton, character.clips);
            if (report && report->defect()) break;
        }
        QVERIFY(report && report->defect());
        QVERIFY(std::binary_search(report->defectVertices.begin(), report->defectVertices.end(),
                                   0u));
        doc()->replaceAsset(torn, QStringLiteral("Tear"), Document::PhysicsMeshChanged);
        settle();
        QVERIFY(mDock->skinnedCheck() && mDock->skinnedCheck()->defect());
        QCOMPARE(mDock->skinnedCheck()->defectVertices, report->defectVertices);
        QVERIFY(label->text().contains(QString::number(report->worst.front().a)));
        QVERIFY(label->styleSheet().contains("#d03030"));
        QVERIFY(mWindow->viewport()->hasLines("skinned_defects"));

        doc()->undoStack()->undo();
        settle();
        QVERIFY(mDock->skinnedCheck() && !mDock->skinnedCheck()->defect());
        QVERIFY(!mWindow->viewport()->hasLines("skinned_defects"));
        box->setChecked(false);
    }

    // A second LoD from the Coat mesh sharing LoD 0's physics mesh, through the Add LoD menu;
    // switching LoDs switches the preview; then it gets a physics mesh of its own.
    void lods()
    {
        auto *menu = widget<QMenu>(names::kPhysicsMeshDockAddLodMenu);
        emit menu->aboutToShow();
        auto *coatMenu = widget<QMenu>(
            (QByteArray(names::kPhysicsMeshDockAddLodMenuPrefix) + "Coat").constData());
        QVERIFY(coatMenu);
        QAction *share = coatMenu->findChild<QAction *>(
            QString::fromLatin1(names::kPhysicsMeshDockAddLodShareActionPrefix) + "0");
        QVERIFY(share);
        const int steps = doc()->undoStack()->index();
        share->trigger();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        const ClothingAsset &asset = doc()->asset();
        QCOMPARE(asset.lods.size(), size_t(2));
        QCOMPARE(asset.physicsMeshes.size(), size_t(1));
        QCOMPARE(asset.lods[1].physicsMesh, asset.lods[0].physicsMesh);
        QCOMPARE(asset.lods[1].skinMap.bindings.size(), asset.lods[1].mesh.vertexCount());
        // The same mesh: the same paint.
        const std::vector<float> &paint0 = asset.lods[0].channels[FloatChannel::MaxDistance];
        const std::vector<float> &paint1 = asset.lods[1].channels[FloatChannel::MaxDistance];
        QCOMPARE(paint1.size(), paint0.size());
        for (size_t v = 0; v < paint0.size(); ++v)
            QVERIFY(std::abs(paint1[v] - paint0[v]) < 1e-5f);
        QCOMPARE(mDock->lod(), 1);
        QCOMPARE(mWindow->simulation()->lod(), 1);
        auto *source = widget<QComboBox>(names::kPhysicsMeshDockPhysicsSourceComboBox);
        QCOMPARE(source->currentData().toInt(), 0);

        auto *lodCombo = widget<QComboBox>(names::kPhysicsMeshDockLodComboBox);
        QCOMPARE(lodCombo->count(), 2);
        lodCombo->setCurrentIndex(0);
        QCOMPARE(mWindow->simulation()->lod(), 0);
        QCOMPARE(source->currentData().toInt(), -1);
        lodCombo->setCurrentIndex(1);
        QCOMPARE(mWindow->simulation()->lod(), 1);

        // Its own physics mesh, generated with the dock's settings (weld).
        chooseMethod(GenerationMethod::Weld);
        QVERIFY(mDock->setPhysicsSource(1, -1));
        QCOMPARE(doc()->asset().physicsMeshes.size(), size_t(2));
        QVERIFY(doc()->asset().lods[1].physicsMesh != doc()->asset().lods[0].physicsMesh);
        QCOMPARE(physics(1).settings.method, GenerationMethod::Weld);
        QCOMPARE(source->currentData().toInt(), -1);
        // And back to sharing (the unused mesh goes away).
        QVERIFY(mDock->setPhysicsSource(1, 0));
        QCOMPARE(doc()->asset().physicsMeshes.size(), size_t(1));
        QCOMPARE(source->currentData().toInt(), 0);
        doc()->undoStack()->undo();
        QCOMPARE(doc()->asset().physicsMeshes.size(), size_t(2));
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(doc()->asset().lods.size(), size_t(1));
        QCOMPARE(mDock->lod(), 0);
    }

    // Choosing other character meshes rebuilds the LoD's graphics mesh from them; the paint
    // of the meshes it already had stays on their vertices.
    void garmentMeshes()
    {
        const Character &character = doc()->character();
        int other = -1;
        for (size_t m = 0; m < character.meshes.size(); ++m)
            if (character.meshes[m].name != "Coat" && character.meshes[m].isSkinned() &&
                !character.meshes[m].indices.empty())
                other = int(m);
        if (other < 0)
            QSKIP("the sample has no second skinned mesh");
        const QString otherName = QString::fromStdString(character.meshes[size_t(other)].name);
        const std::vector<float> coatPaint = doc()->asset().lods[0].channels[FloatChannel::MaxDistance];
        const size_t coatVertices = doc()->asset().lods[0].mesh.vertexCount();

        mDock->setGarmentMeshes({"Coat", otherName});
        auto *submeshes = widget<QListWidget>(names::kPhysicsMeshDockSubmeshList);
        QCOMPARE(submeshes->count(), 2);
        chooseMethod(GenerationMethod::Weld);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        const GraphicsLod &lod = doc()->asset().lods[0];
        QCOMPARE(lod.mesh.submeshes.size(), size_t(2));
        QCOMPARE(lod.mesh.vertexCount(), coatVertices + character.meshes[size_t(other)].vertexCount());
        const std::vector<float> &paint = lod.channels[FloatChannel::MaxDistance];
        QCOMPARE(paint.size(), lod.mesh.vertexCount());
        const std::vector<GarmentPart> parts = garmentParts(character, lod.mesh);
        QCOMPARE(parts.size(), size_t(2));
        for (const GarmentPart &part : parts)
            if (character.meshes[size_t(part.mesh)].name == "Coat")
                for (size_t v = 0; v < coatVertices; ++v)
                    QCOMPARE(paint[part.first + v], coatPaint[v]);
        QStringList chosen = mDock->garmentMeshes();
        chosen.sort();
        QStringList expected{"Coat", otherName};
        expected.sort();
        QCOMPARE(chosen, expected);
        QCOMPARE(lod.skinMap.bindings.size(), lod.mesh.vertexCount());

        doc()->undoStack()->undo();
        QCOMPARE(doc()->asset().lods[0].mesh.vertexCount(), coatVertices);
        QCOMPARE(mDock->garmentMeshes(), QStringList{"Coat"});
        QCOMPARE(submeshes->count(), 1);
    }

    // For the user guide: the coat with its lining under one iso-surface layer; the lining's
    // far bindings highlighted.
    void screenshot()
    {
        const QByteArray dir = qgetenv("TWEED_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set TWEED_SCREENSHOT_DIR to write the screenshot");
        mWindow->resize(1500, 950);
        mWindow->viewport()->setOverlayVisible(Viewport::Overlay::PhysicsMesh, true);
        mDock->setGarmentMeshes({"Coat", "CoatLining"});
        GenerationSettings s;
        s.method = GenerationMethod::IsoSurface;
        s.targetEdgeLength = 0.03f;
        mDock->setSettings(s);
        clickGenerate();
        QCOMPARE(mDock->lastOutcome().status, OperationOutcome::Finished);
        mDock->setHighlightBadBindings(true);
        mDock->raise();
        auto *scroll = widget<QScrollArea>(names::kPhysicsMeshDockScrollArea);
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        QTest::qWait(300);
        mWindow->viewport()->syncNow();
        const QImage image = mWindow->grabWithViewport();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QString::fromUtf8(dir) + "/physics_mesh.png"));
    }

    void cleanupTestCase() { mWindow.reset(); }
};

QTEST_MAIN(TestPhysicsMesh)
#include "test_physics_mesh.moc"
