// An interactive tool of the viewport (painting, the collision gizmo): it sees the mouse and
// key events of the 3D view before the camera does and draws 2D overlays over it.
#pragma once

#include <QString>

class QKeyEvent;
class QMouseEvent;
class QPainter;
class QSize;

namespace tweed::editor {

class ViewportTool
{
public:
    virtual ~ViewportTool() = default;
    /// The tool's name as the user knows it (translated), for the viewport's accessible state.
    virtual QString displayName() const { return {}; }

    // Each returns true when the tool used the event (the camera then does not see it).
    // Positions are in the viewport's render-widget pixels (Viewport::rayAt takes them).
    virtual bool mousePress(QMouseEvent *) { return false; }
    virtual bool mouseMove(QMouseEvent *) { return false; }
    virtual bool mouseRelease(QMouseEvent *) { return false; }
    virtual bool keyPress(QKeyEvent *) { return false; }
    /// The pointer left the view.
    virtual void leave() {}
    /// Draws over the rendered scene (brush circle, lasso, legend); call
    /// Viewport::updateToolOverlay() when it should be drawn again.
    virtual void paintOverlay(QPainter &, const QSize &) {}
    /// Whether paintOverlay() draws anything: the view blends its overlay over the frame only
    /// for such a tool.
    virtual bool hasOverlay() const { return false; }
};

} // namespace tweed::editor
