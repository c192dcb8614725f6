// Any character opens, its warnings go to the Messages panel (never a box that blocks loading),
// and the default layout reads: every dock tab in full at 1400 x 900, workspaces that switch
// docks and tool and are remembered, Reset Layout.
#include "object_names.h"
#include "ui_test_support.h"

#include "document.h"
#include "main_window.h"
#include "messages_dock.h"
#include "playback.h"
#include "window_layout.h"

#include "test_paths.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>

#include <set>

using namespace tweed;
using namespace tweed::editor;
using tweed::test::child;

namespace {

QString testModel(const char *relative)
{
    return QString::fromStdString(tweed::test::kTestModels) + "/" + relative;
}

/// The texts of the dock tabs of `window` shown shortened (elided or scrolled out of sight).
QStringList cutTabs(QMainWindow &window)
{
    QStringList out;
    for (QTabBar *bar : window.findChildren<QTabBar *>(Qt::FindDirectChildrenOnly)) {
        if (!bar->isVisible())
            continue;
        // QTabBar shortens (elides) its tabs' texts when it is given less than its size
        // hint, the sum of the tabs at full text; it scrolls them when even that is too much.
        if (bar->width() < bar->sizeHint().width())
            for (int i = 0; i < bar->count(); ++i)
                out << QString("%1 (bar %2 of %3 px)")
                           .arg(bar->tabText(i))
                           .arg(bar->width())
                           .arg(bar->sizeHint().width());
    }
    // The title bar of a dock that is alone in its place shows its title in full.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        if (!dock->isVisible() || !window.tabifiedDockWidgets(dock).isEmpty())
            continue;
        const int title = dock->fontMetrics().horizontalAdvance(dock->windowTitle());
        if (dock->width() < title + 2 * dock->style()->pixelMetric(QStyle::PM_TitleBarHeight))
            out << dock->windowTitle();
    }
    return out;
}

/// The docks shown (in front or behind a tab), by objectName.
QStringList shownDocks(QMainWindow &window)
{
    QStringList out;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        if (dock->toggleViewAction()->isChecked()) out << dock->objectName();
    out.sort();
    return out;
}

} // namespace

class TestOpenLayout : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> mWindow;
    tweed::test::ScriptedPrompts *mPrompts = nullptr;

private slots:
    void init()
    {
        mWindow = tweed::test::makeMainWindow("TestOpenLayout", &mPrompts);
        QVERIFY(mWindow);
    }
    void cleanup()
    {
        mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
        mWindow.reset();
    }

    void zeroLengthClipGoesToMessages()
    {
        // Testwuson.X has a clip without duration: a warning, not a box to click away.
        QVERIFY(mWindow->openFile(testModel("X/Testwuson.X")));
        QVERIFY(mPrompts->warnings.isEmpty());
        QVERIFY(mPrompts->errors.isEmpty());
        QVERIFY(!QApplication::activeModalWidget());
        const QStringList messages = mWindow->messagesDock()->messages();
        QVERIFY2(std::any_of(messages.begin(), messages.end(),
                             [](const QString &m) {
                                 return m.startsWith("Testwuson.X: ") &&
                                        m.contains("has no duration");
                             }),
                 qPrintable(messages.join('\n')));
        QVERIFY2(mWindow->statusBar()->currentMessage().contains("Messages panel"),
                 qPrintable(mWindow->statusBar()->currentMessage()));
        QVERIFY(!mWindow->document()->asset().lods.empty());
        // Opening another file adds its messages below; Clear empties the list.
        const qsizetype before = messages.size();
        QVERIFY(mWindow->openFile(QString::fromStdString(tweed::test::kSampleCharacter)));
        QVERIFY(mWindow->messagesDock()->messages().size() >= before);
        child<QPushButton>(mWindow.get(), names::kMessagesDockClearButton)->click();
        QVERIFY(mWindow->messagesDock()->messages().isEmpty());
    }

    void spiderOpensWithRigidMeshes()
    {
        // 19 meshes hung on bones, none with skin weights.
        const QString path = testModel("FBX/spider.fbx");
        QVERIFY(mWindow->openFile(path));
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
        QVERIFY(mPrompts->warnings.isEmpty());
        const Character &character = mWindow->document()->character();
        QCOMPARE(character.meshes.size(), size_t(19));
        // Every vertex follows one bone with all its weight: the bone of the mesh's node.
        for (size_t m = 0; m < character.meshes.size(); ++m) {
            const GraphicsMesh &mesh = character.meshes[m];
            QVERIFY(!character.meshSkinnedInSource[m]);
            QCOMPARE(mesh.skin.size(), mesh.positions.size());
            for (const BoneInfluence &inf : mesh.skin) {
                QCOMPARE(inf.bones[0], mesh.skin.front().bones[0]);
                QCOMPARE(inf.weights[0], 1.0f);
                QCOMPARE(inf.weights[1], 0.0f);
            }
        }
        // A garment was guessed and the user is told where to change it.
        const ClothingAsset &asset = mWindow->document()->asset();
        QCOMPARE(asset.lods.size(), size_t(1));
        QCOMPARE(asset.physicsMeshes.size(), size_t(1));
        QVERIFY(asset.physicsMeshes[0].vertexCount() > 0);
        const QStringList messages = mWindow->messagesDock()->messages();
        QVERIFY2(std::any_of(messages.begin(), messages.end(),
                             [](const QString &m) { return m.contains("Physics Mesh panel"); }),
                 qPrintable(messages.join('\n')));

        // Each mesh hangs on a bone of its own (its node), not on the root.
        std::set<int> bones;
        for (const GraphicsMesh &mesh : character.meshes)
            bones.insert(mesh.skin.front().bones[0]);
        QCOMPARE(bones.size(), character.meshes.size());
        QVERIFY(!bones.count(0));

        // Any of them can make the garment: two legs, chosen by name.
        QVERIFY(mWindow->openFile(path, {"Bein1Li", "Bein1Re"}));
        const GraphicsLod &lod = mWindow->document()->asset().lods.front();
        QCOMPARE(lod.mesh.submeshes.size(), size_t(2));
        QCOMPARE(lod.mesh.submeshes[0].name, std::string("Bein1Li"));
        QVERIFY(mWindow->document()->asset().physicsMeshes.front().vertexCount() > 0);
    }

    void layoutReadsAt1400x900()
    {
        for (const QSize size : {QSize(1400, 900), QSize(1920, 1080)}) {
            mWindow->resize(size);
            QTest::qWait(50);
            for (int w = 0; w < WindowLayout::WorkspaceCount; ++w) {
                mWindow->windowLayout()->setWorkspace(WindowLayout::Workspace(w));
                mWindow->windowLayout()->resetLayout();
                QTest::qWait(50);
                const QStringList cut = cutTabs(*mWindow);
                QVERIFY2(cut.isEmpty(), qPrintable(QString("%1x%2, workspace %3: %4")
                                                       .arg(size.width())
                                                       .arg(size.height())
                                                       .arg(w)
                                                       .arg(cut.join(", "))));
                auto *outliner = child<QDockWidget>(mWindow.get(), names::kOutlinerDock);
                QVERIFY(outliner->isVisible());
                QVERIFY2(outliner->width() >= 220, qPrintable(QString::number(outliner->width())));
            }
        }
        // Set Up: Paint is not the front panel and Generate is above the fold.
        mWindow->resize(1400, 900);
        mWindow->windowLayout()->setWorkspace(WindowLayout::SetUp);
        QTest::qWait(50);
        QVERIFY(!child<QDockWidget>(mWindow.get(), names::kPaintDock)->toggleViewAction()->isChecked());
        auto *generate = child<QPushButton>(mWindow.get(), names::kPhysicsMeshDockGenerateButton);
        auto *dock = child<QDockWidget>(mWindow.get(), names::kPhysicsMeshDock);
        QVERIFY(generate->isVisible());
        const QRect inDock(generate->mapTo(dock, QPoint(0, 0)), generate->size());
        QVERIFY2(dock->rect().contains(inDock),
                 qPrintable(QString("Generate at y %1, panel height %2")
                                .arg(inDock.bottom())
                                .arg(dock->height())));
        QVERIFY(!generate->visibleRegion().isEmpty());
    }

    void workspacesSwitchAndAreRemembered()
    {
        WindowLayout *layout = mWindow->windowLayout();
        auto *paintAction = child<QAction>(mWindow.get(), names::kPaintDockPaintAction);
        QVERIFY(mWindow->openFile(QString::fromStdString(tweed::test::kSampleCharacter)));
        // First start: Set Up, no paint tool.
        QCOMPARE(layout->workspace(), WindowLayout::SetUp);
        QVERIFY(!paintAction->isChecked());
        // One click: the Paint workspace shows the Paint panel and turns the tool on.
        child<QAction>(mWindow.get(), names::kMainWindowWorkspacePaintAction)->trigger();
        QCOMPARE(layout->workspace(), WindowLayout::Paint);
        QVERIFY(child<QDockWidget>(mWindow.get(), names::kPaintDock)->isVisible());
        QVERIFY(paintAction->isChecked());
        child<QAction>(mWindow.get(), names::kMainWindowWorkspaceSimulateAction)->trigger();
        QVERIFY(!paintAction->isChecked());
        QVERIFY(child<QDockWidget>(mWindow.get(), names::kSimulationDock)->isVisible());
        QVERIFY(!child<QDockWidget>(mWindow.get(), names::kPaintDock)->toggleViewAction()->isChecked());
        // A change in a workspace is kept there when coming back, and Reset Layout undoes it.
        auto *stats = child<QDockWidget>(mWindow.get(), names::kStatisticsDock);
        stats->hide();
        const QStringList simulateDocks = shownDocks(*mWindow);
        child<QAction>(mWindow.get(), names::kMainWindowWorkspaceSetUpAction)->trigger();
        QVERIFY(child<QDockWidget>(mWindow.get(), names::kPhysicsMeshDock)->isVisible());
        child<QAction>(mWindow.get(), names::kMainWindowWorkspaceSimulateAction)->trigger();
        QCOMPARE(shownDocks(*mWindow), simulateDocks);
        child<QAction>(mWindow.get(), names::kMainWindowViewResetLayoutAction)->trigger();
        QVERIFY(stats->toggleViewAction()->isChecked());
        // The workspace is remembered for the next session.
        QVERIFY(mWindow->close());
        MainWindow next;
        next.show();
        QVERIFY(QTest::qWaitForWindowExposed(&next));
        QCOMPARE(next.windowLayout()->workspace(), WindowLayout::Simulate);
        QVERIFY(child<QDockWidget>(&next, names::kSimulationDock)->isVisible());
        next.close();
    }
};

QTEST_MAIN(TestOpenLayout)
#include "test_open_layout.moc"
