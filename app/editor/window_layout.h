// The arrangement of the main window's docks: workspaces (Set Up, Paint, Simulate, as Blender's)
// that each show their own set of docks and tool, remember how the user arranged them, and can
// be reset to their default. Docks are found by objectName (object_names.h), so a dock this file
// does not know stays where the window put it.
#pragma once

#include <QObject>
#include <QStringList>

#include <array>

class QAction;
class QActionGroup;
class QDockWidget;
class QMainWindow;

namespace tweed::editor {

class WindowLayout : public QObject
{
    Q_OBJECT

public:
    enum Workspace
    {
        SetUp,
        Paint,
        Simulate,
        WorkspaceCount
    };

    /// `window`'s docks must exist; call start() once the window is built.
    explicit WindowLayout(QMainWindow *window);

    /// Restores the workspace of the last session and its arrangement; the first start gets
    /// Set Up in its default arrangement.
    void start();
    /// Keeps the current workspace and its arrangement for the next session.
    void save() const;

    Workspace workspace() const { return mCurrent; }
    /// Switches docks and tool to `workspace`, as the user left them there (its default the
    /// first time); the arrangement of the workspace left is kept.
    void setWorkspace(Workspace workspace);
    /// Puts the current workspace's docks back where they start.
    void resetLayout();
    /// One checkable action per workspace, in Workspace order.
    QList<QAction *> workspaceActions() const;

    /// The objectNames of the docks a workspace shows, the front one of each stack first.
    static QStringList docksOf(Workspace workspace);
    /// The actions' texts again, after a language change.
    void retranslate();

signals:
    void workspaceChanged(Workspace workspace);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyDefault(Workspace workspace);
    void applySizes();
    void applyTool(Workspace workspace);
    QDockWidget *dock(const char *name) const;

    QMainWindow *mWindow;
    QActionGroup *mGroup;
    std::array<QAction *, WorkspaceCount> mActions{};
    Workspace mCurrent = SetUp;
    bool mSizesPending = false;
};

} // namespace tweed::editor
