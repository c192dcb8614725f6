#include "accessibility.h"

#include "playback.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"
#include "viewport/viewport_tool.h"

#include <QAbstractButton>
#include <QAction>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAccessibleWidget>
#include <QApplication>
#include <QBoxLayout>
#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPointer>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QTabBar>
#include <QTextEdit>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

namespace tweed::editor {

namespace {

// Marks the names this file gave, so that they are recomputed and names set in code are kept.
constexpr char kAutoName[] = "tweedAutoAccessibleName";
constexpr char kAutoDescription[] = "tweedAutoAccessibleDescription";
constexpr char kQtName[] = "tweedQtAccessibleName";

QString clean(QString text)
{
    // "&Open..." -> "Open", "Radius:" -> "Radius".
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text = text.simplified();
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QLatin1Char('.')) ||
           text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

bool contains(QLayoutItem *item, const QWidget *widget)
{
    if (!item)
        return false;
    if (QWidget *w = item->widget())
        return w == widget || w->isAncestorOf(widget);
    if (QLayout *l = item->layout()) {
        for (int i = 0; i < l->count(); ++i)
            if (contains(l->itemAt(i), widget))
                return true;
    }
    return false;
}

QString labelText(const QWidget *label)
{
    if (const auto *l = qobject_cast<const QLabel *>(label))
        return clean(l->text());
    if (const auto *b = qobject_cast<const QAbstractButton *>(label))
        return clean(b->text());
    return {};
}

// The label of the form row whose field holds `widget`, searched through the layouts of its
// ancestors; `field` receives the row's field item.
QString formLabel(const QWidget *widget, QLayoutItem **field)
{
    for (const QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        QList<QLayout *> layouts;
        if (p->layout())
            layouts << p->layout();
        for (int i = 0; i < layouts.size(); ++i) {
            QLayout *layout = layouts[i];
            if (auto *form = qobject_cast<QFormLayout *>(layout)) {
                for (int row = 0; row < form->rowCount(); ++row) {
                    QLayoutItem *f = form->itemAt(row, QFormLayout::FieldRole);
                    if (!contains(f, widget))
                        continue;
                    QLayoutItem *l = form->itemAt(row, QFormLayout::LabelRole);
                    if (l && l->widget()) {
                        *field = f;
                        return labelText(l->widget());
                    }
                }
            }
            for (int k = 0; k < layout->count(); ++k)
                if (QLayout *child = layout->itemAt(k)->layout())
                    layouts << child;
        }
        if (qobject_cast<const QDockWidget *>(p) || p->isWindow())
            break;
    }
    return {};
}

// The label right before `widget` in the box layout that holds it.
QString precedingLabel(const QWidget *widget)
{
    const QWidget *parent = widget->parentWidget();
    if (!parent || !parent->layout())
        return {};
    QList<QLayout *> layouts{parent->layout()};
    for (int i = 0; i < layouts.size(); ++i) {
        QLayout *layout = layouts[i];
        if (qobject_cast<QBoxLayout *>(layout)) {
            for (int k = 1; k < layout->count(); ++k)
                if (layout->itemAt(k)->widget() == widget) {
                    if (auto *label = qobject_cast<QLabel *>(layout->itemAt(k - 1)->widget());
                        label && !label->text().isEmpty() && !label->buddy())
                        return clean(label->text());
                    return {};
                }
        }
        for (int k = 0; k < layout->count(); ++k)
            if (QLayout *child = layout->itemAt(k)->layout())
                layouts << child;
    }
    return {};
}

int controlsIn(QLayoutItem *item)
{
    if (!item)
        return 0;
    if (QWidget *w = item->widget()) {
        int n = isInteractiveControl(w) ? 1 : 0;
        for (QWidget *c : w->findChildren<QWidget *>())
            n += isInteractiveControl(c) && !qobject_cast<QAbstractButton *>(c) ? 1 : 0;
        return n;
    }
    int n = 0;
    if (QLayout *l = item->layout())
        for (int i = 0; i < l->count(); ++i)
            n += controlsIn(l->itemAt(i));
    return n;
}

QString ownText(const QWidget *widget)
{
    if (const auto *b = qobject_cast<const QAbstractButton *>(widget)) {
        if (const auto *t = qobject_cast<const QToolButton *>(widget); t && t->defaultAction())
            if (const QString text = clean(t->defaultAction()->text()); !text.isEmpty())
                return text;
        return clean(b->text());
    }
    return {};
}

// The group box and the panel `widget` sits in, nearest first.
QStringList contextOf(const QWidget *widget)
{
    QStringList out;
    for (const QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        if (const auto *g = qobject_cast<const QGroupBox *>(p); g && !g->title().isEmpty())
            out << clean(g->title());
        if (const auto *d = qobject_cast<const QDockWidget *>(p)) {
            out << clean(d->windowTitle());
            break;
        }
        if (const auto *t = qobject_cast<const QToolBar *>(p)) {
            out << clean(t->windowTitle());
            break;
        }
        if (p->isWindow())
            break;
    }
    // Dock title bar buttons (float, close) belong to their dock, which is their parent.
    if (out.isEmpty())
        if (const auto *d = qobject_cast<const QDockWidget *>(widget->parentWidget()))
            out << clean(d->windowTitle());
    return out;
}

// The accessible name a control gets from its surroundings; empty when it has none.
QString derivedName(QWidget *widget, QHash<const QLayoutItem *, int> &positions)
{
    // The button a tool bar shows when its tools do not fit.
    if (widget->objectName().endsWith(QLatin1String("_ext_button"))) {
        if (const auto *bar = qobject_cast<const QToolBar *>(widget->parentWidget()))
            return QApplication::translate("tweed::editor::Accessibility", "More of %1")
                .arg(clean(bar->windowTitle()));
        if (qobject_cast<const QMenuBar *>(widget->parentWidget()))
            return QApplication::translate("tweed::editor::Accessibility", "More Menus");
    }
    if (QString text = ownText(widget); !text.isEmpty())
        return text;
    if (auto *tabs = qobject_cast<QTabBar *>(widget)) {
        // A stack of tabbed panels: named after the panels it switches between.
        QStringList titles;
        for (int i = 0; i < tabs->count(); ++i)
            titles << clean(tabs->tabText(i));
        return QApplication::translate("tweed::editor::Accessibility", "Panels: %1")
            .arg(titles.join(QStringLiteral(", ")));
    }
    if (qobject_cast<QMenuBar *>(widget))
        return QApplication::translate("tweed::editor::Accessibility", "Menu bar");
    // A label whose buddy this is.
    if (QWidget *parent = widget->parentWidget())
        for (QLabel *label : parent->findChildren<QLabel *>(Qt::FindDirectChildrenOnly))
            if (label->buddy() == widget && !label->text().isEmpty())
                return clean(label->text());
    QLayoutItem *field = nullptr;
    if (QString text = formLabel(widget, &field); !text.isEmpty()) {
        // Several controls in one field (x, y and z): tell them apart by their place.
        const int count = controlsIn(field);
        if (count > 1 && !qobject_cast<QAbstractButton *>(widget)) {
            const int index = positions[field]++;
            if (count == 3 && index < 3)
                return text + QLatin1Char(' ') + QLatin1Char("XYZ"[index]);
            return text + QLatin1Char(' ') + QString::number(index + 1);
        }
        return text;
    }
    if (QString text = precedingLabel(widget); !text.isEmpty())
        return text;
    if (QString tip = clean(widget->toolTip()); !tip.isEmpty() && tip.size() <= 40)
        return tip;
    if (auto *edit = qobject_cast<QLineEdit *>(widget))
        if (QString text = clean(edit->placeholderText()); !text.isEmpty())
            return text;
    if (QString tip = clean(widget->toolTip()); !tip.isEmpty())
        return tip;
    // The one view of a panel (the outliner's tree, the undo history) is named after it.
    const QStringList context = contextOf(widget);
    return context.isEmpty() ? QString() : context.front();
}

bool isAuto(const QWidget *widget, const char *property, const QString &current)
{
    return current.isEmpty() || widget->property(property).toString() == current;
}

/// A combo box as assistive technology sees it: named by its accessible name (Qt's own interface
/// gives the current text as the name on Linux, so that two combo boxes showing the same value
/// share a name), the current text as its value; its list is its child, and Press opens it.
class ComboBoxInterface : public QAccessibleWidget
{
public:
    explicit ComboBoxInterface(QComboBox *combo) : QAccessibleWidget(combo, QAccessible::ComboBox)
    {
    }
    QComboBox *combo() const { return static_cast<QComboBox *>(widget()); }

    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Value)
            return combo()->currentText();
        if (t == QAccessible::Name && !widget()->accessibleName().isEmpty())
            return widget()->accessibleName();
        return QAccessibleWidget::text(t);
    }
    int childCount() const override { return combo()->view() ? 1 : 0; }
    QAccessibleInterface *child(int index) const override
    {
        return index == 0 && combo()->view() ? QAccessible::queryAccessibleInterface(combo()->view())
                                             : nullptr;
    }
    int indexOfChild(const QAccessibleInterface *child) const override
    {
        return child && child->object() == combo()->view() ? 0 : -1;
    }
    QStringList actionNames() const override
    {
        return QStringList{showMenuAction(), pressAction()} + QAccessibleWidget::actionNames();
    }
    void doAction(const QString &action) override
    {
        if (action == showMenuAction() || action == pressAction())
            combo()->showPopup();
        else
            QAccessibleWidget::doAction(action);
    }
};

void useComboBoxInterface(QComboBox *combo)
{
    QAccessibleInterface *current = QAccessible::queryAccessibleInterface(combo);
    if (dynamic_cast<ComboBoxInterface *>(current))
        return;
    // The cache hands out one interface per object: ours replaces the one Qt made.
    if (current)
        QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(current));
    QAccessible::registerAccessibleInterface(new ComboBoxInterface(combo));
}

} // namespace

bool isInteractiveControl(const QWidget *widget)
{
    if (!widget || widget->isWindow())
        return false;
    // Scroll bars, and the scroll buttons of a tab bar, are parts of their owner.
    if (qobject_cast<const QScrollBar *>(widget) ||
        qobject_cast<const QTabBar *>(widget->parentWidget()))
        return false;
    // The line edit of a spin box or an editable combo box is part of it.
    if (qobject_cast<const QLineEdit *>(widget) &&
        (qobject_cast<const QAbstractSpinBox *>(widget->parentWidget()) ||
         qobject_cast<const QComboBox *>(widget->parentWidget())))
        return false;
    // Qt's own helpers: the tool bar's extension button, the combo box's popup frame.
    if (widget->objectName() == QLatin1String("qt_scrollarea_viewport"))
        return false;
    return qobject_cast<const QAbstractButton *>(widget) ||
           qobject_cast<const QAbstractSpinBox *>(widget) ||
           qobject_cast<const QComboBox *>(widget) || qobject_cast<const QAbstractSlider *>(widget) ||
           qobject_cast<const QLineEdit *>(widget) ||
           qobject_cast<const QAbstractItemView *>(widget) || qobject_cast<const QTabBar *>(widget) ||
           (qobject_cast<const QTextEdit *>(widget) &&
            !static_cast<const QTextEdit *>(widget)->isReadOnly()) ||
           (qobject_cast<const QPlainTextEdit *>(widget) &&
            !static_cast<const QPlainTextEdit *>(widget)->isReadOnly());
}

QList<QWidget *> interactiveControls(const QWidget *root)
{
    QList<QWidget *> out;
    if (isInteractiveControl(root))
        out << const_cast<QWidget *>(root);
    // Controls of popups (a combo box's list, a menu) belong to their own windows.
    for (QWidget *w : root->findChildren<QWidget *>())
        if (isInteractiveControl(w) && w->window() == root->window())
            out << w;
    return out;
}

void nameControls(QWidget *root)
{
    const QList<QWidget *> controls = interactiveControls(root);
    // First the names each control gets from its label.
    QHash<const QLayoutItem *, int> positions;
    QList<QWidget *> named;
    QStringList names;
    for (QWidget *w : controls) {
        const QString current = w->accessibleName();
        // Qt's own buttons (a dock's Float and Close) come named alike in every dock.
        const bool qtPart = w->objectName().startsWith(QLatin1String("qt_"));
        if (qtPart && !current.isEmpty() && w->property(kQtName).isNull())
            w->setProperty(kQtName, current);
        if (!qtPart && !isAuto(w, kAutoName, current))
            continue;
        QString name = qtPart && !w->property(kQtName).toString().isEmpty()
                           ? w->property(kQtName).toString()
                           : derivedName(w, positions);
        if (name.isEmpty())
            name = QApplication::translate("tweed::editor::Accessibility", "Unlabelled %1")
                       .arg(QString::fromLatin1(w->metaObject()->className()).mid(1));
        named << w;
        names << name;
    }
    // Then repeated names: told apart by group box, then panel, then a number.
    QHash<QString, int> taken;
    // The tab of a tabbed dock is named after the dock's title.
    for (QDockWidget *dock : root->findChildren<QDockWidget *>())
        ++taken[clean(dock->windowTitle())];
    for (QWidget *w : controls)
        if (!named.contains(w))
            ++taken[w->accessibleName()];
    for (const QString &n : names)
        ++taken[n];
    // Every control of a repeated name is told apart, not all but the last.
    QSet<QString> repeated;
    for (const QString &n : names)
        if (taken.value(n) > 1)
            repeated.insert(n);
    for (int i = 0; i < named.size(); ++i) {
        if (!repeated.contains(names[i]))
            continue;
        QString name = names[i];
        for (const QString &context : contextOf(named[i])) {
            if (context.isEmpty() || context == names[i])
                continue;
            name = QApplication::translate("tweed::editor::Accessibility", "%1 (%2)")
                       .arg(names[i], context);
            if (taken.value(name) == 0)
                break;
        }
        for (int k = 2; taken.value(name) > 0; ++k)
            name = QStringLiteral("%1 %2").arg(names[i]).arg(k);
        --taken[names[i]];
        ++taken[name];
        names[i] = name;
    }
    for (QWidget *w : controls)
        if (auto *combo = qobject_cast<QComboBox *>(w))
            useComboBoxInterface(combo);
    for (int i = 0; i < named.size(); ++i) {
        QWidget *w = named[i];
        if (w->accessibleName() != names[i])
            w->setAccessibleName(names[i]);
        w->setProperty(kAutoName, names[i]);
    }
    // Descriptions: the tool tip, else where the control sits.
    QList<QWidget *> described = controls;
    for (QWidget *w : root->findChildren<QWidget *>())
        if (qobject_cast<QDockWidget *>(w) || qobject_cast<QToolBar *>(w))
            described << w;
    for (QWidget *w : described) {
        const QString current = w->accessibleDescription();
        if (!isAuto(w, kAutoDescription, current))
            continue;
        QString description = clean(w->toolTip());
        if (description.isEmpty()) description = w->statusTip();
        if (description.isEmpty()) {
            const QString name = w->accessibleName().isEmpty() ? clean(w->windowTitle())
                                                               : w->accessibleName();
            const QStringList context = contextOf(w);
            if (qobject_cast<QDockWidget *>(w))
                description =
                    QApplication::translate("tweed::editor::Accessibility", "The %1 panel").arg(name);
            else if (qobject_cast<QToolBar *>(w))
                description =
                    QApplication::translate("tweed::editor::Accessibility", "The %1 tool bar").arg(name);
            else if (!context.isEmpty())
                description = QApplication::translate("tweed::editor::Accessibility", "%1 in %2")
                                  .arg(name, context.join(QStringLiteral(", ")));
            else
                description = name;
        }
        if (w->accessibleDescription() != description)
            w->setAccessibleDescription(description);
        w->setProperty(kAutoDescription, description);
    }
}

namespace {

// Re-names a window's controls once per event loop turn after widgets appear or the language
// changes.
class ControlNamer : public QObject
{
public:
    explicit ControlNamer(QWidget *root) : QObject(root), mRoot(root)
    {
        qApp->installEventFilter(this);
        schedule();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        const QEvent::Type type = event->type();
        if (type == QEvent::Show || type == QEvent::LanguageChange ||
            type == QEvent::ToolTipChange) {
            if (auto *w = qobject_cast<QWidget *>(watched); w && mRoot && w->window() == mRoot)
                schedule();
        }
        return false;
    }

private:
    void schedule()
    {
        if (mScheduled)
            return;
        mScheduled = true;
        QTimer::singleShot(0, this, [this] {
            mScheduled = false;
            if (mRoot)
                nameControls(mRoot);
        });
    }

    QPointer<QWidget> mRoot;
    bool mScheduled = false;
};

} // namespace

void keepControlsNamed(QWidget *root)
{
    nameControls(root);
    new ControlNamer(root);
}

QString viewportStateText(const Viewport *viewport, const Playback *playback,
                          const SimulationController *simulation)
{
    QStringList parts;
    if (playback->clip() >= 0 && playback->clip() < playback->clipCount())
        parts << QApplication::translate("tweed::editor::Accessibility", "Clip %1, frame %2 of %3")
                     .arg(playback->clipName(playback->clip()))
                     .arg(playback->frame())
                     .arg(playback->frameCount());
    else
        parts << QApplication::translate("tweed::editor::Accessibility", "No clip");
    parts << (playback->isPlaying() ? QApplication::translate("tweed::editor::Accessibility", "playing") : QApplication::translate("tweed::editor::Accessibility", "paused"));
    parts << (simulation->isSimulating() ? QApplication::translate("tweed::editor::Accessibility", "simulating")
                                         : QApplication::translate("tweed::editor::Accessibility", "not simulating"));
    const ViewportTool *tool = viewport->tool();
    const QString toolName = tool ? tool->displayName() : QString();
    parts << QApplication::translate("tweed::editor::Accessibility", "tool: %1").arg(toolName.isEmpty() ? QApplication::translate("tweed::editor::Accessibility", "camera") : toolName);
    const ViewportSelection &s = viewport->selection();
    QStringList selected;
    if (!s.meshes.empty()) selected << QApplication::translate("tweed::editor::Accessibility", "%n mesh(es)", nullptr, int(s.meshes.size()));
    if (!s.bones.empty()) selected << QApplication::translate("tweed::editor::Accessibility", "%n bone(s)", nullptr, int(s.bones.size()));
    if (!s.collisionVolumes.empty())
        selected << QApplication::translate("tweed::editor::Accessibility", "%n collision volume(s)", nullptr, int(s.collisionVolumes.size()));
    if (!s.physicsMeshes.empty())
        selected << QApplication::translate("tweed::editor::Accessibility", "%n physics mesh(es)", nullptr, int(s.physicsMeshes.size()));
    parts << QApplication::translate("tweed::editor::Accessibility", "selection: %1")
                 .arg(selected.isEmpty() ? QApplication::translate("tweed::editor::Accessibility", "nothing")
                                         : selected.join(QStringLiteral(", ")));
    return parts.join(QStringLiteral("; "));
}

void describeViewport(Viewport *viewport, Playback *playback, SimulationController *simulation)
{
    // The viewport can outlive the playback and the simulation while the window is destroyed.
    const auto update = [viewport, playback = QPointer<Playback>(playback),
                         simulation = QPointer<SimulationController>(simulation)] {
        if (!playback || !simulation)
            return;
        const QString text = viewportStateText(viewport, playback, simulation);
        for (QWidget *w : {static_cast<QWidget *>(viewport), viewport->renderWidget()})
            if (w && w->accessibleDescription() != text) {
                w->setAccessibleDescription(text);
                w->setProperty(kAutoDescription, text);
            }
    };
    const auto name = [viewport] {
        viewport->setAccessibleName(
            QApplication::translate("tweed::editor::Accessibility", "3D Viewport"));
        if (QWidget *render = viewport->renderWidget())
            render->setAccessibleName(
                QApplication::translate("tweed::editor::Accessibility", "3D View"));
    };
    name();
    update();
    QObject::connect(playback, &Playback::clipChanged, viewport, update);
    QObject::connect(playback, &Playback::timeChanged, viewport, update);
    QObject::connect(playback, &Playback::playingChanged, viewport, update);
    QObject::connect(playback, &Playback::clipsReset, viewport, update);
    QObject::connect(simulation, &SimulationController::simulatingChanged, viewport, update);
    QObject::connect(viewport, &Viewport::toolChanged, viewport, update);
    QObject::connect(viewport, &Viewport::selectionChanged, viewport, update);
}

} // namespace tweed::editor
