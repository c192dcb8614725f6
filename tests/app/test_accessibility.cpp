// UI automation from outside the process sees accessible names and descriptions, not
// objectNames: every interactive control of the main window has a unique one taken from its
// label, and the viewport tells its state in its description.
#include "object_names.h"
#include "ui_test_support.h"

#include "accessibility.h"
#include "main_window.h"
#include "playback.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSpinBox>

using namespace tweed;
using namespace tweed::editor;
using tweed::test::child;

namespace {

/// "<objectName or class> -> <accessible name>" of the controls whose name is missing or
/// shared, every dock included.
QStringList namingProblems(QWidget *root)
{
    QHash<QString, QStringList> byName;
    QStringList problems;
    const auto label = [](const QWidget *w) {
        return w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                         : w->objectName();
    };
    for (QWidget *w : interactiveControls(root)) {
        if (w->accessibleName().isEmpty() || w->accessibleName().startsWith("Unlabelled"))
            problems << label(w) + " has no accessible name";
        else
            byName[w->accessibleName()] << label(w);
        if (w->accessibleDescription().isEmpty())
            problems << label(w) + " has no accessible description";
    }
    for (auto it = byName.begin(); it != byName.end(); ++it)
        if (it.value().size() > 1)
            problems << QString("\"%1\" is shared by %2").arg(it.key(), it.value().join(", "));
    QStringList docks;
    for (QDockWidget *dock : root->findChildren<QDockWidget *>()) {
        if (dock->windowTitle().isEmpty()) problems << dock->objectName() + " has no title";
        if (dock->accessibleDescription().isEmpty())
            problems << dock->objectName() + " has no accessible description";
        docks << dock->windowTitle();
    }
    if (docks.removeDuplicates() > 0) problems << "dock titles repeat";
    return problems;
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> mWindow;
    tweed::test::ScriptedPrompts *mPrompts = nullptr;

private slots:
    void initTestCase()
    {
        mWindow = tweed::test::makeMainWindow("TestAccessibility", &mPrompts);
        QVERIFY(mWindow);
        QVERIFY(tweed::test::openSampleCoat(*mWindow));
        QTest::qWait(50); // the names follow the widgets shown, once per event loop turn
    }
    void cleanupTestCase()
    {
        mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        mWindow.reset();
    }

    void everyControlHasAUniqueName()
    {
        const QList<QWidget *> controls = interactiveControls(mWindow.get());
        QVERIFY2(controls.size() > 150, qPrintable(QString::number(controls.size())));
        const QStringList problems = namingProblems(mWindow.get());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        qInfo("%lld interactive controls, each with a unique accessible name",
              qlonglong(controls.size()));
    }

    void namesComeFromLabels()
    {
        // Form fields take their row's label, not their group box's title or their value.
        QCOMPARE(child<QDoubleSpinBox>(mWindow.get(), names::kSimulationDockWindStrengthSpinBox)
                     ->accessibleName(),
                 QString("Wind strength"));
        auto *clip = child<QComboBox>(mWindow.get(), names::kPlaybackBarClipComboBox);
        QCOMPARE(clip->accessibleName(), QString("Clip"));
        QVERIFY(clip->accessibleName() != clip->currentText());
        // What assistive technology reads: the name, and the current text as the value.
        QAccessibleInterface *clipInterface = QAccessible::queryAccessibleInterface(clip);
        QVERIFY(clipInterface);
        QCOMPARE(clipInterface->text(QAccessible::Name), QString("Clip"));
        QCOMPARE(clipInterface->text(QAccessible::Value), clip->currentText());
        // The seven spin boxes of the physics mesh's generation: seven different names.
        QStringList generation;
        for (const char *name :
             {names::kPhysicsMeshDockWeldToleranceSpinBox, names::kPhysicsMeshDockTargetVerticesSpinBox,
              names::kPhysicsMeshDockTargetEdgeLengthSpinBox, names::kPhysicsMeshDockCloseHolesSpinBox,
              names::kPhysicsMeshDockSubdivisionsSpinBox, names::kPhysicsMeshDockVoxelSizeSpinBox,
              names::kPhysicsMeshDockIsoOffsetSpinBox})
            generation << child<QAbstractSpinBox>(mWindow.get(), name)->accessibleName();
        QCOMPARE(QSet<QString>(generation.begin(), generation.end()).size(), 7);
        QVERIFY(!generation.contains("Path"));
        // The transform of a collision volume: one name per axis.
        QCOMPARE(child<QDoubleSpinBox>(mWindow.get(), "CollisionDock_PositionYSpinBox")
                     ->accessibleName(),
                 QString("Position Y"));
    }

    void namesFollowTheLanguage()
    {
        // The names are made again once the language has changed (a German build of the
        // strings is part of the editor).
        auto *strength =
            child<QDoubleSpinBox>(mWindow.get(), names::kSimulationDockWindStrengthSpinBox);
        mWindow->preferences()->setLanguage("de");
        QTRY_VERIFY_WITH_TIMEOUT(strength->accessibleName() != QString("Wind strength"), 5000);
        QVERIFY(!strength->accessibleName().isEmpty());
        QStringList problems = namingProblems(mWindow.get());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
        mWindow->preferences()->setLanguage("en");
        QTRY_COMPARE_WITH_TIMEOUT(strength->accessibleName(), QString("Wind strength"), 5000);
        problems = namingProblems(mWindow.get());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    void viewportTellsItsState()
    {
        Viewport *viewport = mWindow->viewport();
        Playback *playback = mWindow->playback();
        QCOMPARE(viewport->accessibleName(), QString("3D Viewport"));
        playback->setClip(0);
        playback->pause();
        playback->setTime(0);
        const QString clip = playback->clipName(0);
        QVERIFY2(viewport->accessibleDescription().contains("Clip " + clip + ", frame 0 of"),
                 qPrintable(viewport->accessibleDescription()));
        QVERIFY(viewport->accessibleDescription().contains("not simulating"));
        playback->stepFrame(1);
        QVERIFY2(viewport->accessibleDescription().contains(", frame 1 of"),
                 qPrintable(viewport->accessibleDescription()));
        mWindow->simulation()->setSimulating(true);
        QVERIFY(viewport->accessibleDescription().contains("; simulating"));
        mWindow->simulation()->setSimulating(false);
        ViewportSelection selection;
        selection.bones = {1, 2};
        viewport->setSelection(selection);
        QVERIFY2(viewport->accessibleDescription().contains("selection: 2 bone"),
                 qPrintable(viewport->accessibleDescription()));
        child<QAction>(mWindow.get(), names::kPaintDockPaintAction)->setChecked(true);
        QVERIFY2(viewport->accessibleDescription().contains("tool: Paint"),
                 qPrintable(viewport->accessibleDescription()));
        child<QAction>(mWindow.get(), names::kPaintDockPaintAction)->setChecked(false);
        QVERIFY(viewport->accessibleDescription().contains("tool: camera"));
    }
};

QTEST_MAIN(TestAccessibility)
#include "test_accessibility.moc"
