#include "window_layout.h"

#include "object_names.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QSettings>
#include <QTimer>
#include <QToolButton>

namespace tweed::editor {

namespace {

constexpr char kWorkspaceKey[] = "mainWindow/workspace";

QString stateKey(WindowLayout::Workspace workspace)
{
    return QStringLiteral("mainWindow/workspaceState%1").arg(int(workspace));
}

// Every workspace keeps the outliner on the left with the properties, the undo history and the
// messages below it; the right column holds the workspace's own docks.
const QStringList &leftColumn()
{
    static const QStringList docks{names::kPropertiesDock, names::kUndoDock, names::kMessagesDock};
    return docks;
}

QStringList rightColumn(WindowLayout::Workspace workspace)
{
    switch (workspace) {
    case WindowLayout::SetUp:
        return {names::kPhysicsMeshDock, names::kCollisionDock};
    case WindowLayout::Paint:
        return {names::kPaintDock, names::kPhysicsMeshDock};
    case WindowLayout::Simulate:
        return {names::kSimulationDock, names::kStatisticsDock};
    case WindowLayout::WorkspaceCount:
        break;
    }
    return {};
}

// Widths that show every tab title of the default stacks in full at 1400 x 900; the left
// column (the outliner) never gets narrower than its minimum, whatever the user drags.
constexpr int kLeftWidth = 330;
constexpr int kLeftMinimum = 290;
constexpr int kRightWidth = 430;

} // namespace

WindowLayout::WindowLayout(QMainWindow *window) : QObject(window), mWindow(window)
{
    setObjectName(names::kMainWindowLayout);
    window->installEventFilter(this);
    mGroup = new QActionGroup(this);
    mGroup->setExclusive(true);
    const char *objectNames[] = {names::kMainWindowWorkspaceSetUpAction,
                                 names::kMainWindowWorkspacePaintAction,
                                 names::kMainWindowWorkspaceSimulateAction};
    for (int w = 0; w < WorkspaceCount; ++w) {
        auto *action = new QAction(mGroup);
        action->setObjectName(objectNames[w]);
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key(Qt::Key_1 + w)));
        connect(action, &QAction::triggered, this, [this, w] { setWorkspace(Workspace(w)); });
        mActions[size_t(w)] = action;
    }
    retranslate();
}

QStringList WindowLayout::docksOf(Workspace workspace)
{
    return QStringList{names::kOutlinerDock} + leftColumn() + rightColumn(workspace);
}

QList<QAction *> WindowLayout::workspaceActions() const
{
    return {mActions.begin(), mActions.end()};
}

QDockWidget *WindowLayout::dock(const char *name) const
{
    return mWindow->findChild<QDockWidget *>(QString::fromLatin1(name),
                                             Qt::FindDirectChildrenOnly);
}

void WindowLayout::start()
{
    const QSettings settings;
    const int saved = settings.value(kWorkspaceKey, int(SetUp)).toInt();
    mCurrent = saved >= 0 && saved < WorkspaceCount ? Workspace(saved) : SetUp;
    const QByteArray state = settings.value(stateKey(mCurrent)).toByteArray();
    if (state.isEmpty() || !mWindow->restoreState(state))
        applyDefault(mCurrent);
    mActions[size_t(mCurrent)]->setChecked(true);
    applyTool(mCurrent);
}

void WindowLayout::save() const
{
    QSettings settings;
    settings.setValue(kWorkspaceKey, int(mCurrent));
    settings.setValue(stateKey(mCurrent), mWindow->saveState());
}

void WindowLayout::setWorkspace(Workspace workspace)
{
    if (workspace < 0 || workspace >= WorkspaceCount)
        return;
    mActions[size_t(workspace)]->setChecked(true);
    if (workspace == mCurrent)
        return;
    QSettings settings;
    settings.setValue(stateKey(mCurrent), mWindow->saveState());
    mCurrent = workspace;
    settings.setValue(kWorkspaceKey, int(mCurrent));
    const QByteArray state = settings.value(stateKey(mCurrent)).toByteArray();
    if (state.isEmpty() || !mWindow->restoreState(state))
        applyDefault(mCurrent);
    applyTool(mCurrent);
    emit workspaceChanged(mCurrent);
}

void WindowLayout::resetLayout()
{
    QSettings().remove(stateKey(mCurrent));
    applyDefault(mCurrent);
    applyTool(mCurrent);
}

void WindowLayout::applyDefault(Workspace workspace)
{
    QDockWidget *outliner = dock(names::kOutlinerDock);
    QList<QDockWidget *> left, right, hidden;
    for (const QString &name : leftColumn())
        if (QDockWidget *d = dock(qPrintable(name))) left << d;
    for (const QString &name : rightColumn(workspace))
        if (QDockWidget *d = dock(qPrintable(name))) right << d;
    for (int w = 0; w < WorkspaceCount; ++w)
        for (const QString &name : rightColumn(Workspace(w)))
            if (QDockWidget *d = dock(qPrintable(name)); d && !right.contains(d) && !hidden.contains(d))
                hidden << d;
    if (!outliner || left.isEmpty() || right.isEmpty())
        return;
    outliner->setMinimumWidth(kLeftMinimum);

    for (QDockWidget *d : QList<QDockWidget *>{outliner} + left + right + hidden)
        d->setFloating(false);
    mWindow->addDockWidget(Qt::LeftDockWidgetArea, outliner, Qt::Vertical);
    mWindow->addDockWidget(Qt::LeftDockWidgetArea, left.front(), Qt::Vertical);
    for (QDockWidget *d : left.mid(1))
        mWindow->tabifyDockWidget(left.front(), d);
    mWindow->addDockWidget(Qt::RightDockWidgetArea, right.front(), Qt::Vertical);
    for (QDockWidget *d : right.mid(1) + hidden)
        mWindow->tabifyDockWidget(right.front(), d);
    for (QDockWidget *d : QList<QDockWidget *>{outliner} + left + right)
        d->show();
    for (QDockWidget *d : hidden)
        d->hide();
    left.front()->raise();
    right.front()->raise();
    // The docks take their places when the window lays them out: sizes follow then (and once
    // more when a window not shown yet is shown).
    QTimer::singleShot(0, this, &WindowLayout::applySizes);
    if (!mWindow->isVisible())
        mSizesPending = true;
}

void WindowLayout::applySizes()
{
    QDockWidget *outliner = dock(names::kOutlinerDock);
    QDockWidget *left = dock(names::kPropertiesDock);
    QDockWidget *right = dock(qPrintable(rightColumn(mCurrent).front()));
    if (!outliner || !left || !right)
        return;
    mWindow->resizeDocks({outliner, right}, {kLeftWidth, kRightWidth}, Qt::Horizontal);
    mWindow->resizeDocks({outliner, left}, {2, 3}, Qt::Vertical);
}

bool WindowLayout::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mWindow && event->type() == QEvent::Show && mSizesPending) {
        mSizesPending = false;
        QTimer::singleShot(0, this, &WindowLayout::applySizes);
    }
    return QObject::eventFilter(watched, event);
}

void WindowLayout::applyTool(Workspace workspace)
{
    // Painting is the Paint workspace's tool; the others leave the viewport to selection.
    auto *paint = mWindow->findChild<QAction *>(QString::fromLatin1(names::kPaintDockPaintAction));
    if (!paint)
        return;
    const bool on = workspace == Paint && paint->isEnabled();
    if (paint->isChecked() != on)
        paint->setChecked(on);
}

void WindowLayout::retranslate()
{
    const char *texts[] = {QT_TR_NOOP("Set &Up"), QT_TR_NOOP("&Paint"), QT_TR_NOOP("S&imulate")};
    const char *tips[] = {
        QT_TR_NOOP("Workspace for the garment, its physics mesh and the collision volumes"),
        QT_TR_NOOP("Workspace for painting the physics channels, with the paint tool on"),
        QT_TR_NOOP("Workspace for simulating the clip, with the simulation settings and plots")};
    const char *buttonNames[] = {QT_TR_NOOP("Set Up Workspace"), QT_TR_NOOP("Paint Workspace"),
                                 QT_TR_NOOP("Simulate Workspace")};
    for (int w = 0; w < WorkspaceCount; ++w) {
        // The tool bar's buttons are named for UI automation apart from the Paint panel and
        // the Simulate check box.
        for (QObject *o : mActions[size_t(w)]->associatedObjects())
            if (auto *button = qobject_cast<QToolButton *>(o))
                button->setAccessibleName(tr(buttonNames[w]));
        mActions[size_t(w)]->setText(tr(texts[w]));
        mActions[size_t(w)]->setToolTip(tr(tips[w]));
        mActions[size_t(w)]->setStatusTip(tr(tips[w]));
    }
}

} // namespace tweed::editor
