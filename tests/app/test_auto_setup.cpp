// Auto Setup from the Physics Mesh panel on the sample: open it as an artist does, simulate a
// second of Walk, press Auto Setup (off the UI thread, one undo step, its report in the panel),
// simulate the same second again and read the measures the Statistics panel shows (largest
// stretch, Max Distance hits). Undo brings the first setup back, redo the automatic one.
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "physics_mesh/physics_mesh_dock.h"
#include "playback.h"
#include "simulation/simulation_controller.h"
#include "simulation/statistics_dock.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace tweed;
using namespace tweed::editor;

namespace {

// What the Statistics panel showed over a run: the largest stretch and the mean Max Distance
// hits per frame.
struct Shown
{
    double maxStretch = 0;
    double meanHits = 0;
    QString summary;
};

} // namespace

class TestAutoSetupPanel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    test::ScriptedPrompts *mPrompts = nullptr;

    Document *doc() const { return mWindow->document(); }
    template <class T> T *widget(const char *name) const
    {
        T *w = test::child<T>(mWindow.get(), name);
        if (!w) qFatal("no widget %s", name);
        return w;
    }

    // A second of Walk at 30 fps through the Simulation panel, read from the Statistics panel.
    // With TWEED_SCREENSHOT_DIR set, the window at the end of that second is saved there as
    // `screenshot` (the user guide's before and after pictures).
    Shown simulateWalk(const char *screenshot)
    {
        auto *stats = widget<StatisticsDock>(names::kStatisticsDock);
        const int walk = doc()->character().findClip("Walk");
        if (walk < 0) qFatal("the sample has no Walk");
        mWindow->playback()->pause();
        mWindow->playback()->setClip(walk);
        mWindow->playback()->setTime(0);
        auto *simulate = widget<QCheckBox>(names::kSimulationDockSimulateCheckBox);
        if (!simulate->isChecked()) simulate->click();
        if (!mWindow->simulation()->isSimulating())
            qFatal("not simulating: %s", qPrintable(mWindow->simulation()->lastError()));
        for (int f = 0; f < 30; ++f)
            mWindow->playback()->advance(1.0 / 30.0);
        QTest::qWait(400); // the panel redraws on its timer
        Shown shown;
        const QList<QPointF> &stretch = stats->points(StatisticsDock::MaxStretch);
        const QList<QPointF> &hits = stats->points(StatisticsDock::MaxDistanceHits);
        for (const QPointF &p : stretch) shown.maxStretch = std::max(shown.maxStretch, p.y());
        for (const QPointF &p : hits) shown.meanHits += p.y() / double(std::max<qsizetype>(1, hits.size()));
        shown.summary = widget<QLabel>(names::kStatisticsDockSummaryLabel)->text();
        if (const QByteArray dir = qgetenv("TWEED_SCREENSHOT_DIR"); !dir.isEmpty()) {
            // The cloth, not the volumes inside it.
            mWindow->viewport()->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
            mWindow->viewport()->syncNow();
            const QString path = QString::fromUtf8(dir) + "/" + screenshot;
            if (!mWindow->grabWithViewport().save(path)) qFatal("cannot write %s", qPrintable(path));
        }
        simulate->click();
        return shown;
    }

private slots:
    void initTestCase()
    {
        mWindow = test::makeMainWindow("test_auto_setup", &mPrompts);
        QVERIFY(mWindow);
        QVERIFY(mWindow->openFile(QString::fromStdString(test::kSampleCharacter),
                                  {"Coat", "CoatLining"}));
    }

    void cleanupTestCase() { mWindow.reset(); }

    void autoSetupFromThePanel()
    {
        auto *dock = widget<PhysicsMeshDock>(names::kPhysicsMeshDock);
        dock->show();
        const Shown before = simulateWalk("auto_setup_before.png");
        QVERIFY(before.maxStretch > 0);
        QVERIFY(!before.summary.isEmpty());
        const ClothingAsset first = doc()->asset();

        auto *button = widget<QPushButton>(names::kPhysicsMeshDockAutoSetupButton);
        QVERIFY(!button->accessibleName().isEmpty());
        const int steps = doc()->undoStack()->index();
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QCOMPARE(dock->lastOutcome().status, OperationOutcome::Finished);
        // One undo step that changes the asset.
        QCOMPARE(doc()->undoStack()->index(), steps + 1);
        QCOMPARE(doc()->undoStack()->text(steps), QStringLiteral("Auto Setup"));
        const ClothingAsset automatic = doc()->asset();
        QVERIFY(!(automatic == first));
        QVERIFY(!automatic.collisionVolumes.empty());
        const auto &md = automatic.physicsMeshes[size_t(automatic.lods[0].physicsMesh)]
                             .channels[FloatChannel::MaxDistance];
        QVERIFY(std::count(md.begin(), md.end(), 0.0f) > 0);
        QVERIFY(*std::max_element(md.begin(), md.end()) > 0.0f);
        // The report is in the panel: the layers and every clip's measures.
        auto *report = widget<QLabel>(names::kPhysicsMeshDockAutoSetupReportLabel);
        QVERIFY(report->isVisibleTo(dock));
        QCOMPARE(report->text(), dock->autoSetupReport());
        for (const char *word : {"shells Coat", "riders CoatLining", "Walk:", "Jump:", "Idle:"})
            QVERIFY2(report->text().contains(QLatin1String(word)), word);

        // The same second of Walk on the new setup, read from the Statistics panel: a value a
        // frame, finite, the cloth holding together and most vertices within their limits.
        const Shown after = simulateWalk("auto_setup_after.png");
        auto *stats = widget<StatisticsDock>(names::kStatisticsDock);
        QCOMPARE(stats->points(StatisticsDock::MaxStretch).size(), 30);
        QVERIFY2(std::isfinite(after.maxStretch) && after.maxStretch >= 1.0 && after.maxStretch < 3.0,
                 qPrintable(QString::number(after.maxStretch)));
        const size_t physicsVertices =
            automatic.physicsMeshes[size_t(automatic.lods[0].physicsMesh)].vertexCount();
        QVERIFY2(after.meanHits < 0.25 * double(physicsVertices),
                 qPrintable(QString::number(after.meanHits)));
        QVERIFY(!after.summary.isEmpty());
        qInfo("Statistics panel over a second of Walk: before: largest stretch %.3f, mean Max "
              "Distance hits %.1f; after Auto Setup: %.3f, %.1f (of %zu vertices)",
              before.maxStretch, before.meanHits, after.maxStretch, after.meanHits, physicsVertices);

        // Undo and redo.
        doc()->undoStack()->undo();
        QVERIFY(doc()->asset() == first);
        doc()->undoStack()->redo();
        QVERIFY(doc()->asset() == automatic);
    }
};

QTEST_MAIN(TestAutoSetupPanel)
#include "test_auto_setup.moc"
