#include "main_window.h"

#include "accessibility.h"
#include "collision/collision_dock.h"
#include "export_dialog.h"
#include "long_operation.h"
#include "messages_dock.h"
#include "object_names.h"
#include "outliner_dock.h"
#include "paint/paint_dock.h"
#include "physics_mesh/physics_mesh_dock.h"
#include "playback.h"
#include "preferences.h"
#include "properties_dock.h"
#include "settings_text.h"
#include "simulation/debug_views.h"
#include "simulation/simulation_controller.h"
#include "simulation/grab_tool.h"
#include "simulation/simulation_dock.h"
#include "simulation/statistics_dock.h"
#include "swatch_dialog.h"
#include "user_guide.h"
#include "viewport/playback_bar.h"
#include "viewport/viewport.h"
#include "window_layout.h"

#include "tweed/meshproc/import.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

namespace tweed::editor {

namespace {

constexpr int kMaxRecentFiles = 8;
constexpr int kDefaultAutosaveMs = 3 * 60 * 1000;

QIcon icon(const char *name)
{
    return QIcon(QString(":/icons/%1.svg").arg(name));
}

QAction *makeAction(QObject *parent, const char *objectName, const char *iconName = nullptr)
{
    auto *action = new QAction(parent);
    action->setObjectName(objectName);
    if (iconName) action->setIcon(icon(iconName));
    return action;
}

QString recoveryInfoPath()
{
    return MainWindow::recoveryFilePath() + ".ini";
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), mDocument(new Document(this))
{
    setObjectName("MainWindow");
    setAcceptDrops(true);
    mPreferences = new Preferences(this);
    mPlayback = new Playback(mDocument, this);

    auto *central = new QWidget(this);
    central->setObjectName(names::kMainWindowCentralWidget);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    mViewport = new Viewport(mDocument, mPlayback, central);
    mPlaybackBar = new PlaybackBar(mPlayback, central);
    mSimulation = new SimulationController(mDocument, mPlayback, this);
    connect(mSimulation, &SimulationController::warningRaised, this, [this](const QString &w) {
        reportWarnings(tr("Simulation"), tr("Simulating."), {w});
    });
    mSimulation->setViewport(mViewport);
    // The timeline draws the current clip's cached range.
    const auto showCachedRange = [this] {
        const int clip = mPlayback->clip();
        mPlaybackBar->setCachedFrames(clip >= 0 ? mSimulation->cache().frameCount(clip) : 0,
                                      mPlayback->frameCount());
    };
    connect(mSimulation, &SimulationController::cacheChanged, mPlaybackBar, showCachedRange);
    connect(mPlayback, &Playback::clipChanged, mPlaybackBar, showCachedRange);
    const auto applySimulationPreferences = [this] {
        mSimulation->setCacheBudget(size_t(mPreferences->cacheMegabytes()) * 1024 * 1024);
        mSimulation->setPreRollFrames(mPreferences->preRollFrames());
        mSimulation->setGrabStiffness(float(mPreferences->grabStiffness()));
    };
    applySimulationPreferences();
    connect(mPreferences, &Preferences::simulationPreferencesChanged, mSimulation,
            applySimulationPreferences);
    mContext.document = mDocument;
    mContext.playback = mPlayback;
    mContext.viewport = mViewport;
    mContext.simulation = mSimulation;
    mContext.preferences = mPreferences;
    mContext.prompts = std::make_unique<Prompts>();
    centralLayout->addWidget(mViewport, 1);
    centralLayout->addWidget(mPlaybackBar);
    setCentralWidget(central);
    mLayout = new WindowLayout(this);

    createActions();
    createMenus();
    createToolBars();
    createDocks();

    mStatsLabel = new QLabel(this);
    mStatsLabel->setObjectName(names::kMainWindowStatsLabel);
    statusBar()->setObjectName(names::kMainWindowStatusBar);
    statusBar()->addPermanentWidget(mStatsLabel);

    mAutosaveTimer = new QTimer(this);
    mAutosaveTimer->setObjectName(names::kMainWindowAutosaveTimer);
    connect(mAutosaveTimer, &QTimer::timeout, this, &MainWindow::autosave);
    mAutosaveTimer->start(kDefaultAutosaveMs);

    connect(mDocument, &Document::changed, this, [this] {
        updateTitle();
        updateStats();
        updateActions();
    });
    connect(mDocument, &Document::filePathChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mDocument->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateTitle);
    connect(mPreferences, &Preferences::languageChanged, this, &installLanguage);
    connect(mPreferences, &Preferences::lengthUnitChanged, mPropertiesDock,
            &PropertiesDock::setLengthUnit);
    connect(mPreferences, &Preferences::themeChanged, this, &applyTheme);
    connect(mPreferences, &Preferences::navigationChanged, this, [this](Preferences::Navigation n) {
        mViewport->setNavigationStyle(n == Preferences::Navigation::Blender
                                          ? NavigationStyle::Blender
                                          : NavigationStyle::Maya);
    });

    resize(1400, 900);
    QSettings settings;
    restoreGeometry(settings.value("mainWindow/geometry").toByteArray());
    mLayout->start();

    applyPreferences();
    retranslateUi();
    updateRecentMenu();
    updateActions();
    updateStats();
    // UI automation from outside the process sees accessible names, not objectNames.
    describeViewport(mViewport, mPlayback, mSimulation);
    keepControlsNamed(this);
}

MainWindow::~MainWindow() = default;

void MainWindow::setPrompts(std::unique_ptr<Prompts> prompts)
{
    mContext.prompts = std::move(prompts);
}

void MainWindow::applyPreferences()
{
    installLanguage(mPreferences->language());
    applyTheme(mPreferences->theme());
    mPropertiesDock->setLengthUnit(mPreferences->lengthUnit());
    mViewport->setNavigationStyle(mPreferences->navigation() == Preferences::Navigation::Blender
                                      ? NavigationStyle::Blender
                                      : NavigationStyle::Maya);
}

void MainWindow::createActions()
{
    auto &a = mActions;
    a.newCharacter = makeAction(this, names::kMainWindowFileNewAction, "new");
    a.newCharacter->setShortcut(QKeySequence::New);
    connect(a.newCharacter, &QAction::triggered, this, &MainWindow::newFromCharacter);
    a.newPatch = makeAction(this, names::kMainWindowFileNewPatchAction);
    connect(a.newPatch, &QAction::triggered, this, [this] { newSwatch(false); });
    a.newRope = makeAction(this, names::kMainWindowFileNewRopeAction);
    connect(a.newRope, &QAction::triggered, this, [this] { newSwatch(true); });
    a.open = makeAction(this, names::kMainWindowFileOpenAction, "open");
    a.open->setShortcut(QKeySequence::Open);
    connect(a.open, &QAction::triggered, this, &MainWindow::openDialog);
    a.save = makeAction(this, names::kMainWindowFileSaveAction, "save");
    a.save->setShortcut(QKeySequence::Save);
    connect(a.save, &QAction::triggered, this, [this] { saveDocument(); });
    a.saveAs = makeAction(this, names::kMainWindowFileSaveAsAction);
    a.saveAs->setShortcut(QKeySequence::SaveAs);
    connect(a.saveAs, &QAction::triggered, this, &MainWindow::saveAs);
    a.exportCooked = makeAction(this, names::kMainWindowFileExportCookedAction, "export");
    connect(a.exportCooked, &QAction::triggered, this, &MainWindow::exportCooked);
    a.exportForEngines = makeAction(this, names::kMainWindowFileExportAction, "export");
    connect(a.exportForEngines, &QAction::triggered, this, [this] {
        QString path;
        if (runExportDialog(mDocument, prompts(), this, &path, mSimulation))
            statusBar()->showMessage(tr("Exported %1.").arg(QDir::toNativeSeparators(path)), 5000);
    });
    a.reimport = makeAction(this, names::kMainWindowFileReimportAction, "reimport");
    connect(a.reimport, &QAction::triggered, this, &MainWindow::reimportCharacter);
    a.close = makeAction(this, names::kMainWindowFileCloseAction);
    a.close->setShortcut(QKeySequence::Close);
    connect(a.close, &QAction::triggered, this, &MainWindow::closeDocument);
    a.clearRecent = makeAction(this, names::kMainWindowFileClearRecentAction);
    connect(a.clearRecent, &QAction::triggered, this, [this] {
        QSettings().remove("recentFiles");
        updateRecentMenu();
    });
    a.quit = makeAction(this, names::kMainWindowFileQuitAction);
    a.quit->setShortcut(QKeySequence::Quit);
    a.quit->setMenuRole(QAction::QuitRole);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);

    a.undo = mDocument->undoStack()->createUndoAction(this);
    a.undo->setObjectName(names::kMainWindowEditUndoAction);
    a.undo->setIcon(icon("undo"));
    a.undo->setShortcut(QKeySequence::Undo);
    a.redo = mDocument->undoStack()->createRedoAction(this);
    a.redo->setObjectName(names::kMainWindowEditRedoAction);
    a.redo->setIcon(icon("redo"));
    a.redo->setShortcut(QKeySequence::Redo);
    a.preferences = makeAction(this, names::kMainWindowEditPreferencesAction);
    a.preferences->setMenuRole(QAction::PreferencesRole);
    a.preferences->setShortcut(QKeySequence::Preferences);
    connect(a.preferences, &QAction::triggered, this, &MainWindow::showPreferences);

    // View: overlays, camera.
    const struct
    {
        Viewport::Overlay overlay;
        const char *name;
        const char *icon;
        bool on;
    } overlays[] = {
        {Viewport::Overlay::Skeleton, names::kMainWindowViewSkeletonAction, "skeleton", false},
        {Viewport::Overlay::BoneNames, names::kMainWindowViewBoneNamesAction, nullptr, false},
        {Viewport::Overlay::Wireframe, names::kMainWindowViewWireframeAction, "wireframe", false},
        {Viewport::Overlay::Normals, names::kMainWindowViewNormalsAction, nullptr, false},
        {Viewport::Overlay::PhysicsMesh, names::kMainWindowViewPhysicsMeshAction, "physics", false},
        {Viewport::Overlay::CollisionVolumes, names::kMainWindowViewCollisionVolumesAction, nullptr,
         true},
        {Viewport::Overlay::Grid, names::kMainWindowViewGridAction, "grid", true},
    };
    for (const auto &o : overlays) {
        QAction *action = makeAction(this, o.name, o.icon);
        action->setCheckable(true);
        action->setChecked(o.on);
        mViewport->setOverlayVisible(o.overlay, o.on);
        const Viewport::Overlay overlay = o.overlay;
        connect(action, &QAction::toggled, this,
                [this, overlay](bool on) { mViewport->setOverlayVisible(overlay, on); });
        // Debug views show some overlays too: the check mark follows the viewport.
        connect(mViewport, &Viewport::overlayVisibilityChanged, action,
                [action, overlay](Viewport::Overlay changed, bool on) {
                    if (changed == overlay) action->setChecked(on);
                });
        a.overlays << action;
    }
    a.frameAll = makeAction(this, names::kMainWindowViewFrameAllAction, "frame");
    a.frameAll->setShortcut(Qt::Key_A);
    connect(a.frameAll, &QAction::triggered, mViewport, &Viewport::frameAll);
    a.frameSelected = makeAction(this, names::kMainWindowViewFrameSelectedAction);
    a.frameSelected->setShortcut(Qt::Key_F);
    connect(a.frameSelected, &QAction::triggered, mViewport, &Viewport::frameSelected);
    const struct
    {
        Viewport::CameraPreset preset;
        const char *name;
        Qt::Key key;
    } cameras[] = {
        {Viewport::CameraPreset::Front, names::kMainWindowViewCameraFrontAction, Qt::Key_1},
        {Viewport::CameraPreset::Side, names::kMainWindowViewCameraSideAction, Qt::Key_3},
        {Viewport::CameraPreset::Top, names::kMainWindowViewCameraTopAction, Qt::Key_7},
        {Viewport::CameraPreset::Perspective, names::kMainWindowViewCameraPerspectiveAction,
         Qt::Key_5},
    };
    for (const auto &c : cameras) {
        QAction *action = makeAction(this, c.name);
        action->setShortcut(c.key);
        const Viewport::CameraPreset preset = c.preset;
        connect(action, &QAction::triggered, this,
                [this, preset] { mViewport->setCameraPreset(preset); });
        a.cameras << action;
    }
    a.resetLayout = makeAction(this, names::kMainWindowViewResetLayoutAction);
    connect(a.resetLayout, &QAction::triggered, this, &MainWindow::resetLayout);

    // Simulation: fabric presets and defaults, each one undo step.
    for (const tweed::FabricPreset &preset : tweed::fabricPresets()) {
        auto *action = new QAction(this);
        action->setObjectName(QString("MainWindow_SimulationPreset_%1Action").arg(preset.name));
        const tweed::FabricPreset *p = &preset;
        connect(action, &QAction::triggered, this, [this, p] { mDocument->applyPreset(*p); });
        a.presets << action;
    }
    a.resetSettings = makeAction(this, names::kMainWindowSimulationResetSettingsAction);
    connect(a.resetSettings, &QAction::triggered, mDocument, &Document::resetSettings);

    a.userGuide = makeAction(this, names::kMainWindowHelpUserGuideAction);
    a.userGuide->setShortcut(QKeySequence::HelpContents);
    connect(a.userGuide, &QAction::triggered, this, &MainWindow::showUserGuide);
    a.about = makeAction(this, names::kMainWindowHelpAboutAction);
    a.about->setMenuRole(QAction::AboutRole);
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus()
{
    auto &a = mActions;
    mFileMenu = menuBar()->addMenu(QString());
    mFileMenu->setObjectName(names::kMainWindowFileMenu);
    mFileMenu->addActions({a.newCharacter, a.newPatch, a.newRope, a.open});
    mRecentMenu = mFileMenu->addMenu(QString());
    mRecentMenu->setObjectName(names::kMainWindowFileRecentMenu);
    mFileMenu->addSeparator();
    mFileMenu->addActions({a.save, a.saveAs, a.exportCooked, a.exportForEngines});
    mFileMenu->addSeparator();
    mFileMenu->addAction(a.reimport);
    mFileMenu->addSeparator();
    mFileMenu->addActions({a.close, a.quit});

    mEditMenu = menuBar()->addMenu(QString());
    mEditMenu->setObjectName(names::kMainWindowEditMenu);
    mEditMenu->addActions({a.undo, a.redo});
    mEditMenu->addSeparator();
    mEditMenu->addAction(a.preferences);

    mViewMenu = menuBar()->addMenu(QString());
    mViewMenu->setObjectName(names::kMainWindowViewMenu);
    mOverlayMenu = mViewMenu->addMenu(QString());
    mOverlayMenu->setObjectName(names::kMainWindowViewOverlaysMenu);
    mOverlayMenu->addActions(a.overlays);
    mCameraMenu = mViewMenu->addMenu(QString());
    mCameraMenu->setObjectName(names::kMainWindowViewCameraMenu);
    mCameraMenu->addActions(a.cameras);
    mDebugMenu = mViewMenu->addMenu(QString());
    mDebugMenu->setObjectName(names::kMainWindowViewDebugMenu);
    mDebugMenu->addActions(mSimulation->debugViews()->actions());
    mViewMenu->addActions({a.frameAll, a.frameSelected});
    mViewMenu->addSeparator();
    mPanelsMenu = mViewMenu->addMenu(QString());
    mPanelsMenu->setObjectName(names::kMainWindowViewPanelsMenu);

    mSimulationMenu = menuBar()->addMenu(QString());
    mSimulationMenu->setObjectName(names::kMainWindowSimulationMenu);
    mPresetMenu = mSimulationMenu->addMenu(QString());
    mPresetMenu->setObjectName(names::kMainWindowSimulationPresetMenu);
    mPresetMenu->addActions(a.presets);
    mSimulationMenu->addAction(a.resetSettings);

    mToolsMenu = menuBar()->addMenu(QString());
    mToolsMenu->setObjectName(names::kMainWindowToolsMenu);

    // Window: the workspaces and the layout of the docks.
    mWindowMenu = menuBar()->addMenu(QString());
    mWindowMenu->setObjectName(names::kMainWindowWindowMenu);
    mWindowMenu->addActions(mLayout->workspaceActions());
    mWindowMenu->addSeparator();
    mWindowMenu->addAction(a.resetLayout);

    mHelpMenu = menuBar()->addMenu(QString());
    mHelpMenu->setObjectName(names::kMainWindowHelpMenu);
    mHelpMenu->addActions({a.userGuide, a.about});
}

void MainWindow::createToolBars()
{
    auto &a = mActions;
    mFileToolBar = addToolBar(QString());
    mFileToolBar->setObjectName(names::kMainWindowFileToolBar);
    mFileToolBar->addActions({a.newCharacter, a.open, a.save, a.reimport, a.exportCooked});
    mFileToolBar->addSeparator();
    mFileToolBar->addActions({a.undo, a.redo});
    mViewToolBar = addToolBar(QString());
    mViewToolBar->setObjectName(names::kMainWindowViewToolBar);
    mViewToolBar->addAction(a.frameAll);
    for (QAction *overlay : a.overlays)
        if (!overlay->icon().isNull()) mViewToolBar->addAction(overlay);
    // One click applies a fabric preset (one undo step).
    mPresetsToolBar = addToolBar(QString());
    mPresetsToolBar->setObjectName(names::kPresetsToolBar);
    mPresetsToolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    mPresetsToolBar->addActions(a.presets);
    // The workspaces, one click each, as text (icons alone would not say which is which).
    mWorkspacesToolBar = addToolBar(QString());
    mWorkspacesToolBar->setObjectName(names::kMainWindowWorkspacesToolBar);
    mWorkspacesToolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    mWorkspacesToolBar->addActions(mLayout->workspaceActions());
}

void MainWindow::createDocks()
{
    mOutlinerDock = new OutlinerDock(mDocument, this);
    addDockWidget(Qt::LeftDockWidgetArea, mOutlinerDock);
    mPropertiesDock = new PropertiesDock(mDocument, this);
    addDockWidget(Qt::RightDockWidgetArea, mPropertiesDock);
    connect(mOutlinerDock, &OutlinerDock::currentItemChanged, mPropertiesDock,
            &PropertiesDock::showItem);
    // The outliner's selection is what View > Frame Selected frames.
    connect(mOutlinerDock, &OutlinerDock::currentItemChanged, this,
            [this](const OutlinerItem &item) {
                ViewportSelection selection;
                switch (item.kind) {
                case OutlinerItem::CharacterMesh:
                    selection.meshes = {item.index};
                    break;
                case OutlinerItem::CharacterSubmesh:
                    selection.meshes = {item.parent};
                    break;
                case OutlinerItem::Bone:
                    selection.bones = {item.index};
                    break;
                case OutlinerItem::CollisionVolume:
                    selection.collisionVolumes = {item.index};
                    break;
                case OutlinerItem::PhysicsMesh:
                    selection.physicsMeshes = {item.index};
                    break;
                default:
                    break;
                }
                mViewport->setSelection(selection);
            });

    mUndoDock = new QDockWidget(this);
    mUndoDock->setObjectName(names::kUndoDock);
    mUndoView = new QUndoView(mDocument->undoStack(), mUndoDock);
    mUndoView->setObjectName(names::kUndoDockListView);
    mUndoDock->setWidget(mUndoView);
    addDockWidget(Qt::RightDockWidgetArea, mUndoDock);
    mMessagesDock = new MessagesDock(this);
    addDockWidget(Qt::LeftDockWidgetArea, mMessagesDock);

    // Simulation and statistics share the tall right column with the properties; the undo
    // history keeps a short strip below.
    mSimulationDock = new SimulationDock(mSimulation, mPlayback, this);
    mSimulationDock->setGrabTool(new GrabTool(mSimulation, mViewport, mSimulationDock), mViewport);
    addDockWidget(Qt::RightDockWidgetArea, mSimulationDock);
    tabifyDockWidget(mPropertiesDock, mSimulationDock);
    mStatisticsDock = new StatisticsDock(mSimulation, this);
    addDockWidget(Qt::RightDockWidgetArea, mStatisticsDock);
    tabifyDockWidget(mSimulationDock, mStatisticsDock);
    mPropertiesDock->raise();
    resizeDocks({mPropertiesDock, mUndoDock}, {650, 180}, Qt::Vertical);
    mSimulationMenu->addSeparator();
    mSimulationMenu->addActions(mSimulationDock->menuActions());
    resizeDocks({mOutlinerDock, mPropertiesDock}, {330, 400}, Qt::Horizontal);

    for (QDockWidget *dock : {static_cast<QDockWidget *>(mOutlinerDock),
                              static_cast<QDockWidget *>(mPropertiesDock), mUndoDock,
                              static_cast<QDockWidget *>(mMessagesDock),
                              static_cast<QDockWidget *>(mSimulationDock),
                              static_cast<QDockWidget *>(mStatisticsDock)}) {
        QAction *toggle = dock->toggleViewAction();
        toggle->setObjectName("MainWindow_View" + dock->objectName() + "Action");
        mPanelsMenu->addAction(toggle);
    }
    mPanelsMenu->addSeparator();

    // Authoring docks (physics mesh, painting, collision volumes): each registers itself
    // through addToolDock() below.
    auto *physicsMeshDock = new PhysicsMeshDock(mContext, this);
    addToolDock(physicsMeshDock, Qt::RightDockWidgetArea, mPropertiesDock);
    mToolsMenu->addAction(physicsMeshDock->generateAction());
    auto *collisionDock = new CollisionDock(mContext, this);
    addToolDock(collisionDock, Qt::RightDockWidgetArea, mPropertiesDock);
    mToolsMenu->addMenu(collisionDock->menu());
    connect(mOutlinerDock, &OutlinerDock::currentItemChanged, collisionDock,
            &CollisionDock::showOutlinerItem);
    mPropertiesDock->raise();
    auto *paintDock = new PaintDock(mContext, this);
    mToolsMenu->addAction(paintDock->paintAction());
    addToolDock(paintDock, Qt::RightDockWidgetArea, mSimulationDock);
}

void MainWindow::addToolDock(QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *tabifyWith)
{
    addDockWidget(area, dock);
    if (tabifyWith)
        tabifyDockWidget(tabifyWith, dock);
    QAction *toggle = dock->toggleViewAction();
    toggle->setObjectName("MainWindow_View" + dock->objectName() + "Action");
    mPanelsMenu->addAction(toggle);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void MainWindow::retranslateUi()
{
    auto &a = mActions;
    mFileMenu->setTitle(tr("&File"));
    mRecentMenu->setTitle(tr("Open &Recent"));
    mEditMenu->setTitle(tr("&Edit"));
    mViewMenu->setTitle(tr("&View"));
    mOverlayMenu->setTitle(tr("&Overlays"));
    mDebugMenu->setTitle(tr("&Debug Views"));
    mToolsMenu->setTitle(tr("&Tools"));
    mCameraMenu->setTitle(tr("&Camera"));
    mPanelsMenu->setTitle(tr("&Panels"));
    mSimulationMenu->setTitle(tr("&Simulation"));
    mPresetMenu->setTitle(tr("Fabric &Preset"));
    mHelpMenu->setTitle(tr("&Help"));
    mFileToolBar->setWindowTitle(tr("File"));
    mViewToolBar->setWindowTitle(tr("View"));
    mPresetsToolBar->setWindowTitle(tr("Fabric Presets"));
    mWorkspacesToolBar->setWindowTitle(tr("Workspaces"));
    mWindowMenu->setTitle(tr("&Window"));
    mLayout->retranslate();
    mUndoDock->setWindowTitle(tr("Undo History"));
    mUndoView->setEmptyLabel(tr("<original>"));

    a.newCharacter->setText(tr("&New from Character..."));
    a.newCharacter->setToolTip(tr("Import a character file and start a clothing asset on it"));
    a.newPatch->setText(tr("New Cloth &Patch..."));
    a.newPatch->setToolTip(tr("Start an asset on a pinned sheet of cloth, to try a fabric "
                              "without a character"));
    a.newRope->setText(tr("New Ro&pe..."));
    a.newRope->setToolTip(tr("Start an asset on a hanging rope, to try a fabric without a "
                             "character"));
    a.open->setText(tr("&Open..."));
    a.open->setToolTip(
        tr("Open a clothing asset (.tweed, or a cooked .tweedc to convert) or a character file"));
    a.save->setText(tr("&Save"));
    a.saveAs->setText(tr("Save &As..."));
    a.exportCooked->setText(tr("&Export Cooked..."));
    a.exportCooked->setToolTip(tr("Write the asset cooked for the game runtime (.tweedc)"));
    a.exportForEngines->setText(tr("E&xport for Engines..."));
    a.exportForEngines->setToolTip(
        tr("Export the physics mesh, baked cloth-driven bones or a point cache as glTF"));
    a.reimport->setText(tr("Re-&import Character"));
    a.reimport->setToolTip(tr("Read the source character again, keeping painted channels, "
                              "collision volumes and settings"));
    a.close->setText(tr("&Close"));
    a.clearRecent->setText(tr("&Clear Recent Files"));
    a.quit->setText(tr("&Quit"));
    a.undo->setText(tr("&Undo"));
    a.redo->setText(tr("&Redo"));
    a.preferences->setText(tr("&Preferences..."));

    const char *overlayTexts[] = {QT_TR_NOOP("&Skeleton"),     QT_TR_NOOP("&Bone Names"),
                                  QT_TR_NOOP("&Wireframe"),    QT_TR_NOOP("&Normals"),
                                  QT_TR_NOOP("&Physics Mesh"), QT_TR_NOOP("&Collision Volumes"),
                                  QT_TR_NOOP("&Grid")};
    for (int i = 0; i < a.overlays.size(); ++i)
        a.overlays[i]->setText(tr(overlayTexts[i]));
    a.frameAll->setText(tr("Frame &All"));
    a.frameSelected->setText(tr("&Frame Selected"));
    const char *cameraTexts[] = {QT_TR_NOOP("&Front"), QT_TR_NOOP("&Side"), QT_TR_NOOP("&Top"),
                                 QT_TR_NOOP("&Perspective")};
    for (int i = 0; i < a.cameras.size(); ++i)
        a.cameras[i]->setText(tr(cameraTexts[i]));
    a.resetLayout->setText(tr("&Reset Layout"));
    a.resetLayout->setToolTip(tr("Put the panels of the current workspace back where they start"));
    const auto presets = tweed::fabricPresets();
    for (int i = 0; i < a.presets.size(); ++i)
        a.presets[i]->setText(presetLabel(presets[size_t(i)]));
    a.resetSettings->setText(tr("Reset Settings to &Defaults"));
    a.userGuide->setText(tr("&User Guide"));
    a.about->setText(tr("&About Tweed"));
    updateTitle();
    updateStats();
    updateRecentMenu();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] - Tweed").arg(mDocument->displayName()));
    setWindowModified(mDocument->isModified());
}

void MainWindow::updateActions()
{
    const bool hasContent = !mDocument->isEmpty();
    mActions.save->setEnabled(hasContent);
    mActions.saveAs->setEnabled(hasContent);
    mActions.exportCooked->setEnabled(hasContent && !mDocument->asset().lods.empty());
    mActions.exportForEngines->setEnabled(hasContent && !mDocument->asset().lods.empty());
    mActions.reimport->setEnabled(!mDocument->characterPath().isEmpty());
    mActions.close->setEnabled(hasContent);
    for (QAction *p : mActions.presets)
        p->setEnabled(hasContent);
    mActions.resetSettings->setEnabled(hasContent);
}

void MainWindow::updateStats()
{
    const tweed::Character &c = mDocument->character();
    size_t vertices = 0, triangles = 0;
    for (const auto &m : c.meshes) {
        vertices += m.vertexCount();
        triangles += m.triangleCount();
    }
    mStatsLabel->setText(tr("%1 meshes, %2 vertices, %3 triangles, %4 bones, %5 clips")
                             .arg(c.meshes.size())
                             .arg(vertices)
                             .arg(triangles)
                             .arg(c.skeleton.bones.size())
                             .arg(c.clips.size()));
}

// --- Files -------------------------------------------------------------------------------

QString MainWindow::characterFilter()
{
    QStringList patterns;
    for (const std::string &ext : tweed::importableExtensions())
        patterns << "*." + QString::fromStdString(ext);
    return tr("Characters (%1)").arg(patterns.join(' ')) + ";;" + tr("All files (*)");
}

QString MainWindow::dialogDirectory() const
{
    const QStringList recent = recentFiles();
    if (!recent.isEmpty()) return QFileInfo(recent.first()).absolutePath();
    return QDir::homePath();
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified() || mDocument->isEmpty()) return true;
    switch (prompts()->askUnsaved(this, mDocument->displayName())) {
    case Prompts::UnsavedAnswer::Save:
        return saveDocument();
    case Prompts::UnsavedAnswer::Discard:
        return true;
    case Prompts::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

bool MainWindow::load(const QString &path, const QString &label, const QStringList &garmentMeshes)
{
    LoadedDocument loaded;
    const OperationOutcome outcome = LongOperation::run(
        this, label, [&loaded, path, garmentMeshes](const tweed::ProgressCallback &progress) {
            loaded = loadAnyFile(path, progress, garmentMeshes);
        });
    switch (outcome.status) {
    case OperationOutcome::Cancelled:
        statusBar()->showMessage(tr("Opening %1 was cancelled.").arg(QFileInfo(path).fileName()),
                                 5000);
        return false;
    case OperationOutcome::Failed: {
        // FileError messages start with the path; others get it in front.
        QString message = outcome.error;
        if (!message.contains(QFileInfo(path).fileName())) message = path + ": " + message;
        prompts()->showError(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
        return false;
    }
    case OperationOutcome::Finished:
        break;
    }
    const QStringList warnings = loaded.warnings;
    const bool converted = !loaded.convertedFrom.isEmpty();
    mDocument->replace(std::move(loaded));
    addRecentFile(path);
    if (converted)
        statusBar()->showMessage(tr("Opened %1, converted from a cooked file; saving writes a "
                                    ".tweed asset.")
                                     .arg(QDir::toNativeSeparators(path)),
                                 30000);
    else
        statusBar()->showMessage(tr("Opened %1.").arg(QDir::toNativeSeparators(path)), 5000);
    reportWarnings(QFileInfo(path).fileName(),
                   tr("Opened %1.").arg(QDir::toNativeSeparators(path)), warnings);
    if (mPlayback->clipCount() > 0) mPlayback->setClip(0);
    mViewport->frameAll();
    return true;
}

void MainWindow::reportWarnings(const QString &source, const QString &done,
                                const QStringList &warnings)
{
    if (warnings.isEmpty())
        return;
    mMessagesDock->addMessages(source, warnings);
    statusBar()->showMessage(tr("%1 %n warning(s) in the Messages panel.", nullptr,
                                int(warnings.size()))
                                 .arg(done));
}

bool MainWindow::openFile(const QString &path, const QStringList &garmentMeshes)
{
    if (!maybeSave()) return false;
    return load(path,
                isAssetFile(path) ? tr("Opening %1...").arg(QFileInfo(path).fileName())
                                  : tr("Importing %1...").arg(QFileInfo(path).fileName()),
                garmentMeshes);
}

void MainWindow::newFromCharacter()
{
    if (!maybeSave()) return;
    const QString path = prompts()->openFileName(this, tr("New from Character"), dialogDirectory(),
                                                characterFilter());
    if (path.isEmpty()) return;
    load(path, tr("Importing %1...").arg(QFileInfo(path).fileName()));
}

void MainWindow::newSwatch(bool rope)
{
    if (!maybeSave()) return;
    SwatchDialog dialog(rope, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const tweed::SwatchOptions options = dialog.options();
    tweed::Swatch swatch;
    const OperationOutcome outcome = LongOperation::run(
        this, rope ? tr("Making the rope...") : tr("Making the cloth patch..."),
        [&swatch, options, rope](const tweed::ProgressCallback &progress) {
            swatch = rope ? tweed::makeRope(options, progress)
                          : tweed::makeClothPatch(options, progress);
        });
    if (outcome.status == OperationOutcome::Failed)
        prompts()->showError(this, rope ? tr("Cannot make the rope") : tr("Cannot make the patch"),
                             outcome.error);
    if (outcome.status != OperationOutcome::Finished) return;
    LoadedDocument loaded;
    loaded.character = std::move(swatch.character);
    loaded.asset = std::move(swatch.asset);
    loaded.unsaved = true;
    mDocument->replace(std::move(loaded));
    if (mPlayback->clipCount() > 0) mPlayback->setClip(0);
    statusBar()->showMessage(rope ? tr("New rope: play to watch it hang.")
                                  : tr("New cloth patch: play to watch it hang."),
                             5000);
    mViewport->frameAll();
}

void MainWindow::openDialog()
{
    if (!maybeSave()) return;
    const QString filter = tr("Clothing assets (*.tweed *.tweedc)") + ";;" + characterFilter();
    const QString path = prompts()->openFileName(this, tr("Open"), dialogDirectory(), filter);
    if (path.isEmpty()) return;
    load(path, tr("Opening %1...").arg(QFileInfo(path).fileName()));
}

bool MainWindow::saveDocument(const QString &path)
{
    QString target = path.isEmpty() ? mDocument->filePath() : path;
    if (target.isEmpty()) return saveAs();
    try {
        mDocument->save(target);
    } catch (const std::exception &e) {
        prompts()->showError(this, tr("Cannot save %1").arg(QFileInfo(target).fileName()),
                            QString::fromStdString(e.what()));
        return false;
    }
    addRecentFile(mDocument->filePath());
    removeRecoveryFile();
    statusBar()->showMessage(tr("Saved %1.").arg(QDir::toNativeSeparators(target)), 5000);
    return true;
}

bool MainWindow::saveAs()
{
    QString suggestion = mDocument->filePath();
    const QFileInfo cooked(mDocument->data().convertedFrom);
    if (suggestion.isEmpty() && !cooked.fileName().isEmpty())
        suggestion = cooked.absolutePath() + "/" + cooked.completeBaseName() + ".tweed";
    if (suggestion.isEmpty()) {
        const QFileInfo character(mDocument->characterPath());
        suggestion = character.fileName().isEmpty()
                         ? dialogDirectory() + "/untitled.tweed"
                         : character.absolutePath() + "/" + character.completeBaseName() + ".tweed";
    }
    QString path =
        prompts()->saveFileName(this, tr("Save As"), suggestion, tr("Clothing assets (*.tweed)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += ".tweed";
    return saveDocument(path);
}

void MainWindow::exportCooked()
{
    QString suggestion = mDocument->filePath();
    suggestion = suggestion.isEmpty() ? dialogDirectory() + "/untitled.tweedc"
                                      : QFileInfo(suggestion).absolutePath() + "/" +
                                            QFileInfo(suggestion).completeBaseName() + ".tweedc";
    QString path = prompts()->saveFileName(this, tr("Export Cooked"), suggestion,
                                          tr("Cooked clothing (*.tweedc)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += ".tweedc";
    try {
        mDocument->exportCooked(path);
    } catch (const std::exception &e) {
        prompts()->showError(this, tr("Cannot export %1").arg(QFileInfo(path).fileName()),
                            QString::fromStdString(e.what()));
        return;
    }
    statusBar()->showMessage(tr("Exported %1.").arg(QDir::toNativeSeparators(path)), 5000);
}

bool MainWindow::closeDocument()
{
    if (!maybeSave()) return false;
    mDocument->clear();
    removeRecoveryFile();
    return true;
}

bool MainWindow::reimportCharacter()
{
    const QString path = mDocument->characterPath();
    if (path.isEmpty()) return false;
    const LoadedDocument current = mDocument->data();
    LoadedDocument reimported;
    const OperationOutcome outcome =
        LongOperation::run(this, tr("Re-importing %1...").arg(QFileInfo(path).fileName()),
                           [&](const tweed::ProgressCallback &progress) {
                               reimported = tweed::editor::reimportCharacter(current, progress);
                           });
    if (outcome.status == OperationOutcome::Cancelled) {
        statusBar()->showMessage(tr("Re-import cancelled."), 5000);
        return false;
    }
    if (outcome.status == OperationOutcome::Failed) {
        prompts()->showError(this, tr("Cannot re-import %1").arg(QFileInfo(path).fileName()),
                            outcome.error);
        return false;
    }
    const QStringList warnings = reimported.warnings;
    mDocument->applyReimport(std::move(reimported));
    statusBar()->showMessage(tr("Re-imported %1.").arg(QDir::toNativeSeparators(path)), 5000);
    reportWarnings(QFileInfo(path).fileName(),
                   tr("Re-imported %1.").arg(QDir::toNativeSeparators(path)), warnings);
    return true;
}

void MainWindow::playWalkClip()
{
    const int count = mPlayback->clipCount();
    if (count == 0) return;
    int walk = 0;
    for (int i = 0; i < count; ++i)
        if (mPlayback->clipName(i).contains("walk", Qt::CaseInsensitive)) {
            walk = i;
            break;
        }
    mPlayback->setClip(walk);
    mPlayback->play();
}

// --- Recent files, drag and drop -----------------------------------------------------------

QStringList MainWindow::recentFiles() const
{
    return QSettings().value("recentFiles").toStringList();
}

void MainWindow::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue("recentFiles", files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    mRecentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *action =
            mRecentMenu->addAction(QString("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setObjectName(QString("MainWindow_FileRecent%1Action").arg(i + 1));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    mRecentMenu->addSeparator();
    mRecentMenu->addAction(mActions.clearRecent);
    mActions.clearRecent->setEnabled(!files.isEmpty());
}

namespace {
/// The first local file of a drag that the editor can open.
QString openableFile(const QMimeData *mime)
{
    if (!mime->hasUrls()) return {};
    static const QStringList extensions = [] {
        QStringList list{"tweed", "tweedc"};
        for (const std::string &ext : tweed::importableExtensions())
            list << QString::fromStdString(ext);
        return list;
    }();
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() &&
            extensions.contains(QFileInfo(url.toLocalFile()).suffix().toLower()))
            return url.toLocalFile();
    return {};
}
} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!openableFile(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = openableFile(event->mimeData());
    if (path.isEmpty()) return;
    event->acceptProposedAction();
    // Open after the drop finishes, so the drag source is not kept waiting by the import.
    QTimer::singleShot(0, this, [this, path] { openFile(path); });
}

// --- Autosave and recovery ----------------------------------------------------------------

QString MainWindow::recoveryFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           "/recovery/recovery.tweed";
}

void MainWindow::removeRecoveryFile()
{
    QFile::remove(recoveryFilePath());
    QFile::remove(recoveryInfoPath());
}

void MainWindow::setAutosaveInterval(int milliseconds)
{
    mAutosaveTimer->start(milliseconds);
}

void MainWindow::autosave()
{
    if (!mDocument->isModified() || mDocument->isEmpty() || mDocument->asset().lods.empty()) {
        removeRecoveryFile();
        return;
    }
    QDir().mkpath(QFileInfo(recoveryFilePath()).absolutePath());
    try {
        mDocument->writeRecovery(recoveryFilePath());
    } catch (const std::exception &e) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(QString::fromStdString(e.what())),
                                 10000);
        return;
    }
    QSettings info(recoveryInfoPath(), QSettings::IniFormat);
    info.setValue("filePath", mDocument->filePath());
    info.setValue("characterPath", mDocument->characterPath());
    info.sync();
    statusBar()->showMessage(tr("Autosaved."), 3000);
}

bool MainWindow::offerRecovery()
{
    if (!QFileInfo::exists(recoveryFilePath())) return false;
    const QSettings info(recoveryInfoPath(), QSettings::IniFormat);
    const QString original = info.value("filePath").toString();
    const QString character = info.value("characterPath").toString();
    const QString description = !original.isEmpty()    ? QDir::toNativeSeparators(original)
                                : !character.isEmpty() ? QDir::toNativeSeparators(character)
                                                       : tr("an untitled asset");
    if (!prompts()->askRestore(this, description)) {
        removeRecoveryFile();
        return false;
    }
    LoadedDocument loaded;
    const QString path = recoveryFilePath();
    const OperationOutcome outcome = LongOperation::run(
        this, tr("Restoring unsaved work..."),
        [&](const tweed::ProgressCallback &progress) { loaded = loadAssetFile(path, progress); });
    if (outcome.status != OperationOutcome::Finished) {
        if (outcome.status == OperationOutcome::Failed)
            prompts()->showError(this, tr("Cannot restore unsaved work"), outcome.error);
        return false;
    }
    // The recovered work belongs to the original file and is not saved there yet.
    loaded.filePath = original;
    loaded.unsaved = true;
    const QStringList warnings = loaded.warnings;
    mDocument->replace(std::move(loaded));
    reportWarnings(tr("Restored work"), tr("Restored unsaved work."), warnings);
    mViewport->frameAll();
    return true;
}

// --- Window ------------------------------------------------------------------------------

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("mainWindow/geometry", saveGeometry());
    mLayout->save();
    removeRecoveryFile();
    event->accept();
}

void MainWindow::resetLayout()
{
    mLayout->resetLayout();
}

void MainWindow::showPreferences()
{
    if (!mPreferencesDialog) mPreferencesDialog = new PreferencesDialog(mPreferences, this);
    mPreferencesDialog->show();
    mPreferencesDialog->raise();
    mPreferencesDialog->activateWindow();
}

void MainWindow::showUserGuide()
{
    if (!mUserGuide) mUserGuide = new UserGuideWindow(this);
    mUserGuide->showContents();
    mUserGuide->show();
    mUserGuide->raise();
    mUserGuide->activateWindow();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Tweed"),
                       tr("<h3>Tweed %1</h3><p>An authoring tool for game character clothing: "
                          "physics meshes, painted constraints, collision volumes and live "
                          "simulation on the character's own animation.</p>")
                           .arg(QApplication::applicationVersion()));
}

QImage MainWindow::grabWithViewport()
{
    QImage image = grab().toImage();
    const QImage frame = mViewport->grabFrame();
    if (!frame.isNull()) {
        QPainter painter(&image);
        const QRect target(mViewport->mapTo(this, QPoint(0, 0)), mViewport->size());
        painter.drawImage(target, frame);
    }
    return image;
}

} // namespace tweed::editor
