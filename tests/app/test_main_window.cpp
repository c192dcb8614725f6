// Drives the real main window as an artist would, through widgets found by objectName, and
// checks the document after every step.
#include "object_names.h"
#include "ui_test_support.h"

#include "application.h"
#include "document.h"
#include "main_window.h"
#include "outliner_dock.h"
#include "playback.h"
#include "preferences.h"
#include "properties_dock.h"
#include "user_guide.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QProcess>
#include <QPalette>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>

using namespace tweed;
using namespace tweed::editor;
using tweed::test::child;

namespace {

QString sample()
{
    return QString::fromStdString(tweed::test::kSampleCharacter);
}
QString testModel(const char *relative)
{
    return QString::fromStdString(tweed::test::kTestModels) + "/" + relative;
}

/// Spin boxes hold doubles; the document holds floats.
bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
}

/// The outliner's group item for a group, or null.
QTreeWidgetItem *groupItem(QTreeWidget *tree, OutlinerDock::Group group)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = tree->topLevelItem(i);
        if (item->data(0, OutlinerDock::KindRole).toInt() == OutlinerItem::Group &&
            item->data(0, OutlinerDock::IndexRole).toInt() == group)
            return item;
    }
    return nullptr;
}

/// Items below `item` (all depths) of one kind.
int countDescendants(QTreeWidgetItem *item, OutlinerItem::Kind kind)
{
    int n = 0;
    for (int i = 0; i < item->childCount(); ++i) {
        QTreeWidgetItem *c = item->child(i);
        n += c->data(0, OutlinerDock::KindRole).toInt() == kind;
        n += countDescendants(c, kind);
    }
    return n;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void startsOnSampleAndPlaysWalk();
    void outlinerCountsMatchDocument();
    void outlinerSelectionShowsProperties();
    void importCharacterThroughFileNew();
    void failedImportLeavesDocumentAsItWas();
    void settingEditUndoRedo();
    void lengthSettingShownInChosenUnit();
    void presetIsOneUndoStep();
    void playbackAdvancesAndDeformsMesh();
    void saveCloseReopen();
    void unsavedChangesAskBeforeDiscarding();
    void switchLanguageToSpanish();
    void preferencesApplyUnitsAndTheme();
    void exportCookedWritesTheAsset();
    void droppedFileOpens();
    void recentFilesMenuOpens();
    void dockLayoutPersists();
    void autosaveAndRecovery();
    void helpOpensTheUserGuide();
    void unattendedRunReportsAFileThatCannotOpen();

private:
    void checkOutlinerCounts();

    std::unique_ptr<MainWindow> mWindow;
    tweed::test::ScriptedPrompts *mPrompts = nullptr;
    QTemporaryDir mTemp;
};

void TestMainWindow::initTestCase()
{
    tweed::test::isolateSettings("test_main_window");
    MainWindow::removeRecoveryFile();
    QVERIFY(mTemp.isValid());
    mWindow = std::make_unique<MainWindow>();
    auto prompts = std::make_unique<tweed::test::ScriptedPrompts>();
    mPrompts = prompts.get();
    mWindow->setPrompts(std::move(prompts));
    mWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
}

void TestMainWindow::cleanupTestCase()
{
    mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
    mWindow->close();
    mWindow.reset();
}

void TestMainWindow::startsOnSampleAndPlaysWalk()
{
    // What `tweed` without a file does.
    const QString path = sampleCharacterPath();
    QVERIFY2(!path.isEmpty(), "the sample character is not found next to the build");
    QCOMPARE(QFileInfo(path).canonicalFilePath(), QFileInfo(sample()).canonicalFilePath());
    QVERIFY(mWindow->openFile(path));
    mWindow->playWalkClip();
    Document *doc = mWindow->document();
    QVERIFY(!doc->character().meshes.empty());
    // The garment, guessed as for any character, is the coat as its shell and the lining riding
    // on it; the body stays skinned.
    QCOMPARE(doc->asset().lods.size(), size_t(1));
    const std::vector<tweed::Submesh> &parts = doc->asset().lods[0].mesh.submeshes;
    QCOMPARE(parts.size(), size_t(2));
    QCOMPARE(parts[0].name, std::string("Coat"));
    QCOMPARE(parts[0].role, tweed::LayerRole::Shell);
    QCOMPARE(parts[1].name, std::string("CoatLining"));
    QCOMPARE(parts[1].role, tweed::LayerRole::Rider);
    QVERIFY(!doc->character().skeleton.bones.empty());
    QVERIFY(!doc->asset().lods.empty());
    QCOMPARE(doc->characterPath(), QFileInfo(path).absoluteFilePath());
    Playback *playback = mWindow->playback();
    QVERIFY(playback->clip() >= 0);
    QVERIFY(playback->clipName(playback->clip()).contains("walk", Qt::CaseInsensitive));
    QVERIFY(playback->isPlaying());
    // A fresh import holds nothing that importing again would not give: not modified.
    QVERIFY(!doc->isModified());
    QVERIFY(mWindow->windowTitle().contains(QFileInfo(path).fileName()));
    QVERIFY(!mWindow->isWindowModified());
    // File > Export for Engines is there and usable once a garment exists.
    auto *exportAction = mWindow->findChild<QAction *>(names::kMainWindowFileExportAction);
    QVERIFY(exportAction);
    QVERIFY(exportAction->isEnabled());
    // An edit is: the title says so.
    doc->setSetting(*findSetting("damping"), 0.3);
    QVERIFY(mWindow->isWindowModified());
    QVERIFY(mPrompts->errors.isEmpty());
}

void TestMainWindow::checkOutlinerCounts()
{
    auto *tree = child<QTreeWidget>(mWindow.get(), names::kOutlinerDockTreeView);
    QVERIFY(tree);
    // The outliner rebuilds on the next event-loop pass after a change.
    QCoreApplication::processEvents();
    const Document *doc = mWindow->document();
    QTreeWidgetItem *bones = groupItem(tree, OutlinerDock::Bones);
    QTreeWidgetItem *meshes = groupItem(tree, OutlinerDock::CharacterMeshes);
    QTreeWidgetItem *lods = groupItem(tree, OutlinerDock::GarmentLods);
    QTreeWidgetItem *clips = groupItem(tree, OutlinerDock::Clips);
    QVERIFY(bones && meshes && lods && clips);
    const int boneCount = int(doc->character().skeleton.bones.size());
    QCOMPARE(bones->data(0, OutlinerDock::CountRole).toInt(), boneCount);
    QCOMPARE(countDescendants(bones, OutlinerItem::Bone), boneCount);
    QVERIFY(bones->text(0).contains(QString::number(boneCount)));
    const int meshCount = int(doc->character().meshes.size());
    QCOMPARE(meshes->data(0, OutlinerDock::CountRole).toInt(), meshCount);
    QCOMPARE(countDescendants(meshes, OutlinerItem::CharacterMesh), meshCount);
    QCOMPARE(lods->childCount(), int(doc->asset().lods.size()));
    QCOMPARE(clips->childCount(), int(doc->character().clips.size()));
    // Bones form the hierarchy: a root bone's item sits directly under the group.
    int roots = 0;
    for (const Bone &b : doc->character().skeleton.bones)
        roots += b.parent < 0;
    QCOMPARE(bones->childCount(), roots);
}

void TestMainWindow::outlinerCountsMatchDocument()
{
    checkOutlinerCounts();
}

void TestMainWindow::outlinerSelectionShowsProperties()
{
    auto *tree = child<QTreeWidget>(mWindow.get(), names::kOutlinerDockTreeView);
    auto *selection = child<QGroupBox>(mWindow.get(), names::kPropertiesDockSelectionGroupBox);
    QVERIFY(tree && selection);
    QTreeWidgetItem *bones = groupItem(tree, OutlinerDock::Bones);
    QVERIFY(bones && bones->childCount() > 0);
    QTreeWidgetItem *root = bones->child(0);
    tree->setCurrentItem(root);
    const Bone &bone = mWindow->document()
                           ->character()
                           .skeleton.bones[size_t(root->data(0, OutlinerDock::IndexRole).toInt())];
    QCOMPARE(selection->title(), QString("Bone"));
    QStringList texts;
    for (QLabel *label : selection->findChildren<QLabel *>())
        texts << label->text();
    QVERIFY2(texts.contains(QString::fromStdString(bone.name)), qPrintable(texts.join('|')));

    QTreeWidgetItem *clips = groupItem(tree, OutlinerDock::Clips);
    QVERIFY(clips && clips->childCount() > 0);
    tree->setCurrentItem(clips->child(0));
    QCOMPARE(selection->title(), QString("Clip"));
    tree->setCurrentItem(nullptr);
}

void TestMainWindow::importCharacterThroughFileNew()
{
    const QString file = testModel("X/anim_test.x");
    mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
    mPrompts->openFiles.push_back(file);
    auto *action = child<QAction>(mWindow.get(), names::kMainWindowFileNewAction);
    QVERIFY(action);
    action->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mPrompts->unsavedAsked, 1); // the sample had an edit
    const Document *doc = mWindow->document();
    QCOMPARE(doc->characterPath(), QFileInfo(file).absoluteFilePath());
    QCOMPARE(doc->character().meshes.size(), size_t(1));
    QCOMPARE(doc->character().skeleton.bones.empty(), false);
    QCOMPARE(doc->character().clips.size(), size_t(1));
    QVERIFY(doc->undoStack()->count() == 0);
    QVERIFY(mWindow->windowTitle().contains("anim_test.x"));
    QVERIFY(mWindow->recentFiles().contains(QFileInfo(file).absoluteFilePath()));
    checkOutlinerCounts();
}

void TestMainWindow::failedImportLeavesDocumentAsItWas()
{
    const ClothingAsset before = mWindow->document()->asset();
    const QString beforePath = mWindow->document()->characterPath();
    const QString broken = mTemp.filePath("broken.dae");
    {
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("<COLLADA>not really</COLLADA>");
    }
    mPrompts->errors.clear();
    mPrompts->openFiles.push_back(broken);
    child<QAction>(mWindow.get(), names::kMainWindowFileNewAction)->trigger();
    QCOMPARE(mPrompts->errors.size(), 1);
    QVERIFY2(mPrompts->errors.first().contains("broken.dae"), qPrintable(mPrompts->errors.first()));
    QVERIFY(mWindow->document()->asset() == before);
    QCOMPARE(mWindow->document()->characterPath(), beforePath);
    mPrompts->errors.clear();
}

void TestMainWindow::settingEditUndoRedo()
{
    Document *doc = mWindow->document();
    QUndoStack *stack = doc->undoStack();
    const float original = doc->asset().simulation.damping;
    auto *spin = child<QDoubleSpinBox>(mWindow.get(), "PropertiesDock_DampingSpinBox");
    QVERIFY(spin);
    QVERIFY(near(spin->value(), original));
    const int steps = stack->index();

    // Two edits of one field in a row are one undo step.
    spin->setValue(0.42);
    QCOMPARE(doc->asset().simulation.damping, 0.42f);
    spin->setValue(0.5);
    QCOMPARE(doc->asset().simulation.damping, 0.5f);
    QCOMPARE(stack->index(), steps + 1);
    QVERIFY(mWindow->isWindowModified());

    auto *undo = child<QAction>(mWindow.get(), names::kMainWindowEditUndoAction);
    auto *redo = child<QAction>(mWindow.get(), names::kMainWindowEditRedoAction);
    QVERIFY(undo && redo);
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QCOMPARE(doc->asset().simulation.damping, original);
    QVERIFY(near(spin->value(), original));
    redo->trigger();
    QCOMPARE(doc->asset().simulation.damping, 0.5f);
    QVERIFY(near(spin->value(), 0.5));

    // Another field is its own step; a check box too.
    auto *iterations = child<QSpinBox>(mWindow.get(), "PropertiesDock_IterationsSpinBox");
    auto *tethers = child<QCheckBox>(mWindow.get(), "PropertiesDock_TethersCheckBox");
    auto *model = child<QComboBox>(mWindow.get(), "PropertiesDock_ModelComboBox");
    QVERIFY(iterations && tethers && model);
    iterations->setValue(17);
    QCOMPARE(doc->asset().simulation.iterations, 17);
    const bool tethersBefore = doc->asset().simulation.tethers;
    tethers->click();
    QCOMPARE(doc->asset().simulation.tethers, !tethersBefore);
    QCOMPARE(stack->index(), steps + 3);
    undo->trigger();
    QCOMPARE(doc->asset().simulation.tethers, tethersBefore);
    QCOMPARE(tethers->isChecked(), tethersBefore);
    undo->trigger();
    QCOMPARE(doc->asset().simulation.iterations, SimulationSettings{}.iterations);
    QCOMPARE(model->count(), 2);
}

void TestMainWindow::lengthSettingShownInChosenUnit()
{
    Document *doc = mWindow->document();
    auto *dock = child<PropertiesDock>(mWindow.get(), names::kPropertiesDock);
    auto *spin = child<QDoubleSpinBox>(mWindow.get(), "PropertiesDock_CollisionThicknessSpinBox");
    QVERIFY(dock && spin);
    dock->setLengthUnit(LengthUnit::Centimetres);
    QVERIFY(spin->suffix().contains("cm"));
    QVERIFY(near(spin->value(), doc->asset().simulation.collisionThickness * 100.0));
    spin->setValue(1.5); // cm
    QCOMPARE(doc->asset().simulation.collisionThickness, 0.015f);
    dock->setLengthUnit(LengthUnit::Metres);
    QVERIFY(!spin->suffix().contains("cm"));
    QVERIFY(near(spin->value(), 0.015));
    QCOMPARE(spin->maximum(), 0.2);
    dock->setLengthUnit(LengthUnit::Centimetres);
    QCOMPARE(spin->maximum(), 20.0);
    doc->undoStack()->undo();
}

void TestMainWindow::presetIsOneUndoStep()
{
    Document *doc = mWindow->document();
    const SimulationSettings before = doc->asset().simulation;
    const int steps = doc->undoStack()->index();
    auto *combo = child<QComboBox>(mWindow.get(), names::kPropertiesDockPresetComboBox);
    QVERIFY(combo);
    const int silk = combo->findData(QString("silk"));
    QVERIFY(silk >= 0);
    combo->setCurrentIndex(silk);
    emit combo->activated(silk); // what choosing the item does
    QVERIFY(doc->asset().simulation == findPreset("silk")->settings);
    QCOMPARE(doc->asset().presetName, std::string("silk"));
    QCOMPARE(doc->undoStack()->index(), steps + 1);
    auto *density = child<QDoubleSpinBox>(mWindow.get(), "PropertiesDock_AreaDensitySpinBox");
    QVERIFY(near(density->value(), findPreset("silk")->settings.areaDensity));
    doc->undoStack()->undo();
    QVERIFY(doc->asset().simulation == before);
}

void TestMainWindow::playbackAdvancesAndDeformsMesh()
{
    Playback *playback = mWindow->playback();
    Viewport *viewport = mWindow->viewport();
    QVERIFY(playback->clipCount() > 0);
    playback->pause();
    playback->setClip(0);
    playback->setTime(0);
    viewport->syncNow();
    const std::vector<Vec3> atStart = viewport->skinnedPositions(0);
    QVERIFY(!atStart.empty());

    auto *play = child<QAbstractButton>(mWindow.get(), names::kPlaybackBarPlayButton);
    QVERIFY(play);
    play->click();
    QVERIFY(playback->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(playback->time() > 0.1 * playback->duration(), 10000);
    play->click();
    QVERIFY(!playback->isPlaying());
    viewport->syncNow();
    const std::vector<Vec3> later = viewport->skinnedPositions(0);
    QCOMPARE(later.size(), atStart.size());
    float moved = 0;
    for (size_t i = 0; i < later.size(); ++i)
        moved = std::max(moved, distance(later[i], atStart[i]));
    QVERIFY2(moved > 1e-4f, qPrintable(QString("largest vertex motion %1 m").arg(moved)));
}

void TestMainWindow::saveCloseReopen()
{
    Document *doc = mWindow->document();
    doc->setSetting(*findSetting("friction"), 0.65);
    const QString path = mTemp.filePath("saved/anim_test.tweed");
    QDir().mkpath(mTemp.filePath("saved"));
    mPrompts->saveFiles.push_back(path);
    child<QAction>(mWindow.get(), names::kMainWindowFileSaveAction)
        ->trigger(); // no file yet: Save As
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QVERIFY(QFileInfo::exists(path));
    QCOMPARE(doc->filePath(), QFileInfo(path).absoluteFilePath());
    QVERIFY(!doc->isModified());
    QVERIFY(!mWindow->isWindowModified());
    QVERIFY(mWindow->windowTitle().contains("anim_test.tweed"));
    const ClothingAsset saved = doc->asset();
    const size_t meshes = doc->character().meshes.size();

    child<QAction>(mWindow.get(), names::kMainWindowFileCloseAction)->trigger();
    QVERIFY(doc->isEmpty());
    QVERIFY(doc->filePath().isEmpty());

    mPrompts->openFiles.push_back(path);
    child<QAction>(mWindow.get(), names::kMainWindowFileOpenAction)->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QVERIFY(doc->asset() == saved);
    QCOMPARE(doc->asset().simulation.friction, 0.65f);
    // The source character was found relative to the asset: the body and clips are back.
    QCOMPARE(doc->character().meshes.size(), meshes);
    QCOMPARE(doc->characterPath(), QFileInfo(testModel("X/anim_test.x")).absoluteFilePath());
    QVERIFY(!doc->isModified());
    QVERIFY(mWindow->recentFiles().first() == QFileInfo(path).absoluteFilePath());
}

void TestMainWindow::unsavedChangesAskBeforeDiscarding()
{
    Document *doc = mWindow->document();
    doc->setSetting(*findSetting("friction"), 0.1);
    const ClothingAsset edited = doc->asset();
    mPrompts->unsavedAsked = 0;
    mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Cancel;
    child<QAction>(mWindow.get(), names::kMainWindowFileCloseAction)->trigger();
    QCOMPARE(mPrompts->unsavedAsked, 1);
    QVERIFY(doc->asset() == edited);
    QVERIFY(!mWindow->openFile(sample()));
    QCOMPARE(mPrompts->unsavedAsked, 2);
    QVERIFY(doc->asset() == edited);
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified());
    mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
}

void TestMainWindow::switchLanguageToSpanish()
{
    auto *fileMenu = child<QMenu>(mWindow.get(), names::kMainWindowFileMenu);
    QVERIFY(fileMenu);
    QCOMPARE(fileMenu->title(), QString("&File"));
    child<QAction>(mWindow.get(), names::kMainWindowEditPreferencesAction)->trigger();
    auto *language = child<QComboBox>(mWindow.get(), names::kPreferencesDialogLanguageComboBox);
    QVERIFY(language);
    language->setCurrentIndex(language->findData("es"));
    QCoreApplication::processEvents();
    QCOMPARE(fileMenu->title(), QString("&Archivo"));
    QCOMPARE(child<QDockWidget>(mWindow.get(), names::kOutlinerDock)->windowTitle(),
             QString("Esquema"));
    QVERIFY(!mWindow->windowTitle().isEmpty());
    language->setCurrentIndex(language->findData("de"));
    QCoreApplication::processEvents();
    QCOMPARE(fileMenu->title(), QString("&Datei"));
    language->setCurrentIndex(language->findData("en"));
    QCoreApplication::processEvents();
    QCOMPARE(fileMenu->title(), QString("&File"));
}

void TestMainWindow::preferencesApplyUnitsAndTheme()
{
    child<QAction>(mWindow.get(), names::kMainWindowEditPreferencesAction)->trigger();
    auto *units = child<QComboBox>(mWindow.get(), names::kPreferencesDialogUnitsComboBox);
    auto *theme = child<QComboBox>(mWindow.get(), names::kPreferencesDialogThemeComboBox);
    auto *thickness =
        child<QDoubleSpinBox>(mWindow.get(), "PropertiesDock_CollisionThicknessSpinBox");
    QVERIFY(units && theme && thickness);
    units->setCurrentIndex(units->findData(int(LengthUnit::Metres)));
    QCOMPARE(mWindow->preferences()->lengthUnit(), LengthUnit::Metres);
    QVERIFY(near(thickness->value(), mWindow->document()->asset().simulation.collisionThickness));
    units->setCurrentIndex(units->findData(int(LengthUnit::Centimetres)));
    QVERIFY(near(thickness->value(),
                 mWindow->document()->asset().simulation.collisionThickness * 100.0));

    theme->setCurrentIndex(theme->findData(int(Preferences::Theme::Dark)));
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
    theme->setCurrentIndex(theme->findData(int(Preferences::Theme::Light)));
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 150);
    // Stored for the next start.
    QCOMPARE(Preferences().lengthUnit(), LengthUnit::Centimetres);
    QCOMPARE(Preferences().theme(), Preferences::Theme::Light);
}

void TestMainWindow::exportCookedWritesTheAsset()
{
    const QString path = mTemp.filePath("export/anim_test.tweedc");
    QDir().mkpath(mTemp.filePath("export"));
    mPrompts->saveFiles.push_back(path);
    child<QAction>(mWindow.get(), names::kMainWindowFileExportCookedAction)->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QVERIFY(QFileInfo::exists(path));
    QVERIFY(tweed::loadCooked(path.toStdString()).lods == mWindow->document()->asset().lods);
}

void TestMainWindow::droppedFileOpens()
{
    const QString file = sample();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});
    const QPoint at = mWindow->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false); // events start accepted; the window must accept it itself
    QApplication::sendEvent(mWindow.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QApplication::sendEvent(mWindow.get(), &drop);
    QVERIFY(drop.isAccepted());
    QTRY_COMPARE(mWindow->document()->characterPath(), QFileInfo(file).absoluteFilePath());
    QVERIFY(mPrompts->errors.isEmpty());

    // Files the editor cannot open are refused.
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(mTemp.filePath("notes.txt"))});
    QDragEnterEvent refused(at, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(mWindow.get(), &refused);
    QVERIFY(!refused.isAccepted());
}

void TestMainWindow::recentFilesMenuOpens()
{
    const QStringList recent = mWindow->recentFiles();
    QVERIFY(recent.size() >= 2);
    QCOMPARE(recent.first(), QFileInfo(sample()).absoluteFilePath()); // the last drop
    auto *menu = child<QMenu>(mWindow.get(), names::kMainWindowFileRecentMenu);
    auto *second = child<QAction>(mWindow.get(), "MainWindow_FileRecent2Action");
    QVERIFY(menu && second);
    QVERIFY(menu->actions().contains(second));
    const QString path = recent[1];
    second->trigger();
    QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join('\n')));
    QCOMPARE(mWindow->recentFiles().first(), path);
    QVERIFY(mWindow->document()->filePath() == path ||
            mWindow->document()->characterPath() == path);
}

void TestMainWindow::dockLayoutPersists()
{
    auto *undoDock = child<QDockWidget>(mWindow.get(), names::kUndoDock);
    QVERIFY(undoDock && undoDock->isVisible());
    undoDock->hide();
    mPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
    QVERIFY(mWindow->close()); // saves the layout
    {
        MainWindow next;
        next.show();
        QVERIFY(QTest::qWaitForWindowExposed(&next));
        QVERIFY(!child<QDockWidget>(&next, names::kUndoDock)->isVisible());
        QVERIFY(child<QDockWidget>(&next, names::kOutlinerDock)->isVisible());
        // Reset Layout brings every panel back.
        child<QAction>(&next, names::kMainWindowViewResetLayoutAction)->trigger();
        QVERIFY(child<QDockWidget>(&next, names::kUndoDock)->isVisible());
        next.close();
    }
    mWindow->show();
    undoDock->show();
}

void TestMainWindow::autosaveAndRecovery()
{
    Document *doc = mWindow->document();
    doc->setSetting(*findSetting("damping"), 0.33);
    mWindow->autosave();
    QVERIFY(QFileInfo::exists(MainWindow::recoveryFilePath()));
    const ClothingAsset edited = doc->asset();
    const QString original = doc->filePath();

    // A second window starting after a "crash" offers the recovery file and restores it.
    MainWindow second;
    auto prompts = std::make_unique<tweed::test::ScriptedPrompts>();
    prompts->restoreAnswer = true;
    auto *secondPrompts = prompts.get();
    second.setPrompts(std::move(prompts));
    QVERIFY(second.offerRecovery());
    QVERIFY2(secondPrompts->errors.isEmpty(), qPrintable(secondPrompts->errors.join('\n')));
    QCOMPARE(second.document()->asset().simulation, edited.simulation);
    QCOMPARE(second.document()->asset().lods, edited.lods);
    QCOMPARE(second.document()->filePath(), original);
    QVERIFY(second.document()->isModified());
    QCOMPARE(second.document()->character().meshes.size(), doc->character().meshes.size());

    // Unmodified: autosave removes the recovery file, and a clean close removes it too.
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified());
    mWindow->autosave();
    QVERIFY(!QFileInfo::exists(MainWindow::recoveryFilePath()));
    second.document()->undoStack()->clear();
    secondPrompts->unsavedAnswer = Prompts::UnsavedAnswer::Discard;
    second.close();
}

void TestMainWindow::helpOpensTheUserGuide()
{
    QVERIFY(!userGuidePath().isEmpty());
    auto *action = mWindow->findChild<QAction *>(names::kMainWindowHelpUserGuideAction);
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    action->trigger();
    auto *guide = mWindow->findChild<QWidget *>(names::kUserGuideWindow);
    QVERIFY(guide);
    QVERIFY(QTest::qWaitForWindowExposed(guide));
    auto *browser = guide->findChild<QTextBrowser *>(names::kUserGuideBrowser);
    QVERIFY(browser);
    // The guide's first page, as the file in docs/guide says it.
    QVERIFY(browser->toPlainText().contains("from a character to a simulating garment"));

    // A link to another page opens it with its image; Back and Contents return.
    browser->setSource(browser->source().resolved(QUrl("physics_mesh.md")));
    QVERIFY(browser->toPlainText().startsWith("Physics mesh"));
    const QUrl image = browser->source().resolved(QUrl("../images/physics_mesh.png"));
    QVERIFY(!browser->document()->resource(QTextDocument::ImageResource, image).isNull());
    auto *back = guide->findChild<QToolButton *>(names::kUserGuideBackButton);
    QVERIFY(back && back->isEnabled());
    back->click();
    QVERIFY(browser->toPlainText().contains("from a character to a simulating garment"));
    browser->setSource(browser->source().resolved(QUrl("painting.md")));
    guide->findChild<QToolButton *>(names::kUserGuideContentsButton)->click();
    QVERIFY(browser->toPlainText().contains("from a character to a simulating garment"));
    guide->close();
}

// `tweed FILE --screenshot PATH` on a file that cannot be opened: the problem on the error
// output and exit code 1, where a modal box used to wait for a click that never comes (the run
// hung until killed).
void TestMainWindow::unattendedRunReportsAFileThatCannotOpen()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString lines = dir.filePath(QStringLiteral("lines.obj"));
    {
        QFile file(lines);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n");
    }
    QProcess editor;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
        env.insert(QString::fromLatin1(name), dir.path());
    editor.setProcessEnvironment(env);
    const QString shot = dir.filePath(QStringLiteral("shot.png"));
    editor.start(QStringLiteral(TWEED_EDITOR_PATH), {lines, QStringLiteral("--screenshot"), shot});
    const bool finished = editor.waitForFinished(60000);
    if (!finished) {
        editor.kill();
        editor.waitForFinished();
    }
    QVERIFY2(finished, "the editor waited for a click");
    QCOMPARE(editor.exitStatus(), QProcess::NormalExit);
    QCOMPARE(editor.exitCode(), 1);
    const QString err = QString::fromLocal8Bit(editor.readAllStandardError());
    QVERIFY2(err.contains(QStringLiteral("lines.obj")) &&
                 err.contains(QStringLiteral("no triangle meshes")),
             qPrintable(err));
    QVERIFY(!QFileInfo::exists(shot));
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
