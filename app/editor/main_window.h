// The editor's main window: menus, toolbars, status bar, the viewport with its playback bar,
// and the dock panels (outliner, properties, undo history) whose layout persists. It owns the
// document's file handling: new (import), open, save, export, recent files, drag and drop,
// re-import, autosave and crash recovery.
#pragma once

#include "document.h"
#include "editor_context.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QToolBar;
class QUndoView;

namespace tweed::editor {

class MessagesDock;
class OutlinerDock;
class Playback;
class PlaybackBar;
class Preferences;
class PreferencesDialog;
class PropertiesDock;
class SimulationController;
class SimulationDock;
class StatisticsDock;
class UserGuideWindow;
class Viewport;
class WindowLayout;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return mDocument; }
    Playback *playback() const { return mPlayback; }
    Viewport *viewport() const { return mViewport; }
    SimulationController *simulation() const { return mSimulation; }
    Preferences *preferences() const { return mPreferences; }

    /// Replaces the dialogs that ask for files and answer questions (the UI tests script them).
    void setPrompts(std::unique_ptr<Prompts> prompts);
    Prompts *prompts() const { return mContext.prompts.get(); }
    /// The Tools menu, where authoring docks put their commands.
    QMenu *toolsMenu() const { return mToolsMenu; }
    /// The View menu's debug views submenu.
    QMenu *debugViewsMenu() const { return mDebugMenu; }
    /// Adds an authoring dock at area, tabbed with tabifyWith when given, and lists it in
    /// View > Panels.
    void addToolDock(QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *tabifyWith = nullptr);

    /// Opens a character file or a .tweed asset, asking about unsaved changes first. Returns
    /// whether the document now holds the file.
    /// Opens an asset, or imports a character with garmentMeshes as its garment (empty: every
    /// skinned mesh).
    bool openFile(const QString &path, const QStringList &garmentMeshes = {});
    /// Saves to path (the document's file when empty: Save As if it has none).
    bool saveDocument(const QString &path = {});
    /// Closes the document (asking about unsaved changes); returns false when the user cancels.
    bool closeDocument();
    /// Re-imports the source character, keeping the authored data, as one undo step.
    bool reimportCharacter();
    /// Plays the first clip whose name contains "walk" (else the first clip).
    void playWalkClip();

    /// Autosave: every `milliseconds` the modified document is written to recoveryFilePath().
    void setAutosaveInterval(int milliseconds);
    /// Writes (or, when unmodified, removes) the recovery file now.
    void autosave();
    /// Where autosave writes (QStandardPaths::AppDataLocation/recovery/recovery.tweed).
    static QString recoveryFilePath();
    /// After a crash: offers to restore the recovery file; returns whether it was restored.
    bool offerRecovery();
    /// Removes the recovery file (a clean exit).
    static void removeRecoveryFile();

    /// The window with the viewport's rendered frame painted in (QWidget::grab() cannot see the
    /// 3D window).
    QImage grabWithViewport();

    QStringList recentFiles() const;

    /// The workspaces and the arrangement of the docks.
    WindowLayout *windowLayout() const { return mLayout; }
    /// The Messages panel, where warnings go instead of a box that stops the user.
    MessagesDock *messagesDock() const { return mMessagesDock; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createToolBars();
    void createDocks();
    void retranslateUi();
    void updateTitle();
    void updateActions();
    void updateStats();
    void updateRecentMenu();
    void addRecentFile(const QString &path);
    void applyPreferences();

    bool maybeSave();
    void newFromCharacter();
    /// File > New Cloth Patch / New Rope: the dialog, then the piece made off the UI thread
    /// replaces the document (as File > Open does).
    void newSwatch(bool rope);
    void openDialog();
    bool saveAs();
    void exportCooked();
    void showPreferences();
    void showUserGuide();
    void showAbout();
    void resetLayout();
    /// Loads a file off the UI thread and, when it worked, replaces the document.
    bool load(const QString &path, const QString &label, const QStringList &garmentMeshes = {});
    /// Lists `warnings` in the Messages panel under `source` and says so in the status bar
    /// after `done` (what happened); the message stays until the next one.
    void reportWarnings(const QString &source, const QString &done, const QStringList &warnings);
    QString dialogDirectory() const;
    static QString characterFilter();

    Document *mDocument;
    Playback *mPlayback;
    Viewport *mViewport;
    PlaybackBar *mPlaybackBar;
    SimulationController *mSimulation;
    Preferences *mPreferences;
    EditorContext mContext; ///< the same objects, for the authoring docks
    QPointer<PreferencesDialog> mPreferencesDialog;
    QPointer<UserGuideWindow> mUserGuide;

    OutlinerDock *mOutlinerDock;
    PropertiesDock *mPropertiesDock;
    QDockWidget *mUndoDock;
    SimulationDock *mSimulationDock;
    StatisticsDock *mStatisticsDock;
    QUndoView *mUndoView;
    MessagesDock *mMessagesDock = nullptr;
    WindowLayout *mLayout = nullptr;

    QMenu *mFileMenu, *mRecentMenu, *mEditMenu, *mViewMenu, *mOverlayMenu, *mCameraMenu,
        *mPanelsMenu, *mSimulationMenu, *mPresetMenu, *mHelpMenu, *mToolsMenu, *mDebugMenu, *mWindowMenu;
    QToolBar *mFileToolBar, *mViewToolBar, *mPresetsToolBar, *mWorkspacesToolBar;
    QLabel *mStatsLabel;
    QTimer *mAutosaveTimer;

    struct Actions
    {
        QAction *newPatch = nullptr, *newRope = nullptr;
        QAction *newCharacter, *open, *save, *saveAs, *exportCooked, *exportForEngines, *reimport, *close,
            *clearRecent, *quit;
        QAction *undo, *redo, *preferences;
        QList<QAction *> overlays; // in Viewport overlay order
        QAction *frameAll, *frameSelected;
        QList<QAction *> cameras; // in Viewport camera preset order
        QAction *resetLayout;
        QList<QAction *> presets;
        QAction *resetSettings;
        QAction *userGuide, *about;
    } mActions{};
};

} // namespace tweed::editor
