// The viewport's Grab tool (the Simulation panel's Grab button): while the garment is
// simulated, a left drag on the cloth pulls the physics vertex under the cursor towards it
// (on the plane through the vertex facing the camera) through the controller's grab spring;
// release lets go, Esc cancels (the cloth goes back to where it was). Hovering a physics vertex
// while the clip is paused shows its Inspect readout. No document change, no undo step.
#pragma once

#include "viewport/viewport_tool.h"

#include "tweed/math.h"

#include <QObject>
#include <QPointF>
#include <QString>

namespace tweed::editor {

class SimulationController;
class Viewport;
struct VertexInspection;

class GrabTool : public QObject, public ViewportTool
{
    Q_OBJECT

public:
    GrabTool(SimulationController *controller, Viewport *viewport, QObject *parent = nullptr);

    /// The physics vertex drawn nearest `pixel` (within a few pixels, the one nearest the
    /// camera among those); -1 for none.
    int pickVertex(const QPointF &pixel) const;
    /// The world-space point under `pixel` on the plane through `through` facing the camera.
    Vec3 pointOnViewPlane(const QPointF &pixel, const Vec3 &through) const;
    /// The readout of the last hovered vertex ("" for none).
    QString inspectText() const { return mInspectText; }
    /// Formats an inspection as the readout shows it.
    static QString describe(const VertexInspection &inspection);

    bool mousePress(QMouseEvent *event) override;
    bool mouseMove(QMouseEvent *event) override;
    bool mouseRelease(QMouseEvent *event) override;
    bool keyPress(QKeyEvent *event) override;
    void leave() override;

signals:
    /// The hovered vertex's readout changed ("" when none is hovered).
    void inspected(const QString &text);

private:
    Vec3 worldPosition(int vertex) const;
    void hover(const QPointF &pixel);

    SimulationController *mController;
    Viewport *mViewport;
    Vec3 mPlanePoint; ///< the grabbed vertex's world position at the press
    QString mInspectText;
};

} // namespace tweed::editor
