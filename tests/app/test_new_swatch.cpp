// File > New Cloth Patch and New Rope through the real widgets: the menu action opens the
// dialog, the values typed there make the document (replacing the one open, as File > Open does:
// unsaved, nothing to undo), and playing simulates it like any garment: the held vertices stay,
// the rest swings down. The Paint panel paints its Bend Scale.
#include "ui_test_support.h"

#include "document.h"
#include "object_names.h"
#include "paint/paint_dock.h"
#include "paint/paint_tool.h"
#include "simulation/simulation_controller.h"
#include "swatch_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

using namespace tweed;
using namespace tweed::editor;

class TestNewSwatch : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    test::ScriptedPrompts *mPrompts = nullptr;

    // Triggers the File menu's action `actionName`; once its dialog shows, `fill` sets its
    // widgets and `button` is clicked. False when no dialog showed.
    bool runDialog(const char *actionName, const std::function<void(QDialog *)> &fill,
                   const char *button)
    {
        bool shown = false;
        QTimer::singleShot(0, this, [&] {
            QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<SwatchDialog *>(QApplication::activeModalWidget()),
                                     5000);
            auto *dialog = qobject_cast<SwatchDialog *>(QApplication::activeModalWidget());
            shown = true;
            fill(dialog);
            test::child<QPushButton>(dialog, button)->click();
        });
        QAction *action = test::child<QAction>(mWindow.get(), actionName);
        if (!action) return false;
        // Through the menu the user sees.
        auto *menu = test::child<QMenu>(mWindow.get(), names::kMainWindowFileMenu);
        if (!menu || !menu->actions().contains(action)) return false;
        action->trigger();
        return shown;
    }

    std::vector<uint32_t> heldVertices() const
    {
        const PhysicsMesh &pm = mWindow->document()->asset().physicsMeshes.at(0);
        std::vector<uint32_t> held;
        for (uint32_t v = 0; v < pm.vertexCount(); ++v)
            if (pm.channels[FloatChannel::MaxDistance][v] == 0.0f)
                held.push_back(v);
        return held;
    }

private slots:
    void initTestCase()
    {
        mWindow = test::makeMainWindow("test_new_swatch", &mPrompts);
        QVERIFY(mWindow);
        QVERIFY(test::openSampleCoat(*mWindow));
    }

    void newClothPatchFromTheDialog()
    {
        Document *document = mWindow->document();
        QVERIFY(!document->asset().lods.empty());
        const size_t coatVertices = document->asset().physicsMeshes.at(0).vertexCount();
        // Cancel leaves the document alone.
        QVERIFY(runDialog(names::kMainWindowFileNewPatchAction, [](QDialog *) {},
                          names::kSwatchDialogCancelButton));
        QCOMPARE(document->asset().physicsMeshes.at(0).vertexCount(), coatVertices);

        QVERIFY(runDialog(
            names::kMainWindowFileNewPatchAction,
            [](QDialog *d) {
                test::child<QDoubleSpinBox>(d, names::kSwatchDialogWidthSpinBox)->setValue(0.4);
                test::child<QDoubleSpinBox>(d, names::kSwatchDialogHeightSpinBox)->setValue(0.2);
                test::child<QSpinBox>(d, names::kSwatchDialogResolutionSpinBox)->setValue(8);
                auto *pinned = test::child<QComboBox>(d, names::kSwatchDialogPinnedComboBox);
                pinned->setCurrentIndex(pinned->findData(int(PinnedEdge::Left)));
                auto *preset = test::child<QComboBox>(d, names::kSwatchDialogPresetComboBox);
                preset->setCurrentIndex(preset->findData(QString("silk")));
            },
            names::kSwatchDialogOkButton));
        const ClothingAsset &asset = document->asset();
        QCOMPARE(asset.presetName, std::string("silk"));
        const PhysicsMesh &pm = asset.physicsMeshes.at(0);
        QCOMPARE(pm.vertexCount(), size_t(9 * 5)); // 8 quads across, 4 down
        QCOMPARE(heldVertices().size(), size_t(5));  // the left column
        for (uint32_t v : heldVertices())
            QCOMPARE(pm.positions[v].x, -0.2f);
        // Like a file opened: a new document, unsaved, with nothing to undo, and its clips.
        QVERIFY(document->isModified());
        QVERIFY(document->filePath().isEmpty());
        QCOMPARE(document->undoStack()->count(), 0);
        QCOMPARE(mWindow->playback()->clipCount(), 2);

        // It simulates like any garment: the held column stays, the free corner swings down.
        SimulationController *simulation = mWindow->simulation();
        auto *simulate =
            test::child<QCheckBox>(mWindow.get(), names::kSimulationDockSimulateCheckBox);
        QVERIFY(simulate);
        simulate->setChecked(true);
        for (int f = 0; f < 45; ++f)
            mWindow->playback()->advance(1.0 / 30);
        const std::vector<Vec3> &x = simulation->physicsPositions();
        QCOMPARE(x.size(), pm.vertexCount());
        for (uint32_t v : heldVertices())
            QVERIFY(distance(x[v], pm.positions[v]) < 1e-4f);
        const auto corner = uint32_t(
            std::find(pm.positions.begin(), pm.positions.end(), Vec3{0.2f, 0.2f, 0.0f}) -
            pm.positions.begin());
        QVERIFY(corner < pm.vertexCount()); // the top right corner
        QVERIFY2(x[corner].y < 0.2f - 0.03f, qPrintable(QString::number(double(x[corner].y))));
    }

    void paintBendScaleOnThePatch()
    {
        // The Paint panel offers Bend Scale; a fill of 0 sets it on every vertex of the patch
        // and its physics mesh, leaves Stiffness Scale alone, and is one undo step.
        Document *document = mWindow->document();
        mWindow->playback()->pause();
        mWindow->playback()->setTime(0);
        auto *dock = test::child<PaintDock>(mWindow.get(), names::kPaintDock);
        QVERIFY(dock);
        dock->show();
        dock->raise();
        auto *activate = test::child<QToolButton>(dock, names::kPaintDockActivateButton);
        if (!dock->tool()->isActive()) activate->click();
        QVERIFY(dock->tool()->isActive());
        auto *channel = test::child<QComboBox>(dock, names::kPaintDockChannelComboBox);
        channel->setCurrentIndex(int(FloatChannel::BendScale));
        QCOMPARE(channel->currentText(), QString("Bend Scale"));
        test::child<QToolButton>(dock, names::kPaintDockFillButton)->click();
        test::child<QComboBox>(dock, names::kPaintDockFillScopeComboBox)->setCurrentIndex(0);
        test::child<QDoubleSpinBox>(dock, names::kPaintDockValueSpinBox)->setValue(0.0);
        const GraphicsLod &lod = document->asset().lods.at(0);
        const std::optional<QPointF> pixel = test::surfacePixel(
            *mWindow->viewport(), lod.mesh.positions, lod.mesh.indices, 0.1, 0.5);
        QVERIFY(pixel);
        const int steps = document->undoStack()->count();
        test::mouseStroke(test::viewport3dWindow(), {*pixel});
        QCOMPARE(document->undoStack()->count(), steps + 1);
        const size_t n = lod.mesh.vertexCount();
        QCOMPARE(document->asset().lods[0].channels[FloatChannel::BendScale],
                 std::vector<float>(n, 0.0f));
        QCOMPARE(document->asset().lods[0].channels[FloatChannel::StiffnessScale],
                 std::vector<float>(n, 1.0f));
        const PhysicsMesh &pm = document->asset().physicsMeshes.at(0);
        QCOMPARE(pm.channels[FloatChannel::BendScale], std::vector<float>(pm.vertexCount(), 0.0f));
        document->undoStack()->undo();
        QCOMPARE(document->asset().lods[0].channels[FloatChannel::BendScale],
                 std::vector<float>(n, 1.0f));
        activate->click();
    }

    void newRopeFromTheDialog()
    {
        mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        const int askedBefore = mPrompts->unsavedAsked;
        QVERIFY(runDialog(
            names::kMainWindowFileNewRopeAction,
            [](QDialog *d) {
                test::child<QDoubleSpinBox>(d, names::kSwatchDialogHeightSpinBox)->setValue(0.8);
                test::child<QSpinBox>(d, names::kSwatchDialogResolutionSpinBox)->setValue(16);
                // A rope offers its top end or nothing.
                QCOMPARE(test::child<QComboBox>(d, names::kSwatchDialogPinnedComboBox)->count(), 2);
            },
            names::kSwatchDialogOkButton));
        // The unsaved patch was offered for saving first.
        QCOMPARE(mPrompts->unsavedAsked, askedBefore + 1);
        const PhysicsMesh &pm = mWindow->document()->asset().physicsMeshes.at(0);
        QCOMPARE(pm.vertexCount(), size_t(2 * 17));
        QCOMPARE(heldVertices().size(), size_t(2));
        float lowest = 1e9f;
        for (const Vec3 &p : pm.positions)
            lowest = std::min(lowest, p.y);
        QCOMPARE(lowest, 0.0f);
        QCOMPARE(pm.positions[0].y, 0.8f);
        QVERIFY(mPrompts->errors.isEmpty());
    }
};

QTEST_MAIN(TestNewSwatch)
#include "test_new_swatch.moc"
