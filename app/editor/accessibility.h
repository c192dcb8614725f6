// Accessible names and descriptions for UI automation from outside the process (AT-SPI on
// Linux, UI Automation on Windows), which sees no objectNames. One rule for the whole window:
// a control is named after its label (its form label, its buddy label, the label before it, its
// own text), never after its group box or its current value; names that would repeat are told
// apart by the group box, then by the panel they sit in. Names set in code are kept.
#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QWidget;

namespace tweed::editor {

class Playback;
class SimulationController;
class Viewport;

/// Whether `widget` is a control a user (or a test robot) operates: buttons, spin boxes, combo
/// boxes, sliders, line edits, item views, tab bars. The editors inside a spin box or a combo
/// box and scroll bars are parts of their owner, not controls.
bool isInteractiveControl(const QWidget *widget);

/// The interactive controls under `root` (root included), in creation order.
QList<QWidget *> interactiveControls(const QWidget *root);

/// Names every interactive control, dock and toolbar under `root` that has no name set in code,
/// and gives each an accessible description (its tool tip, else where it sits). Safe to call
/// again: names it gave are recomputed (after a language change or new widgets).
void nameControls(QWidget *root);

/// Keeps the names of `root`'s controls up to date: names them now and again whenever widgets
/// are shown or the language changes (once per event loop turn).
void keepControlsNamed(QWidget *root);

/// The viewport's state as a sentence for assistive technology: clip, frame, simulating, the
/// active tool and the selection. Kept as the viewport's accessible description, updated on
/// change.
void describeViewport(Viewport *viewport, Playback *playback, SimulationController *simulation);
QString viewportStateText(const Viewport *viewport, const Playback *playback,
                          const SimulationController *simulation);

} // namespace tweed::editor
