// The target-point gizmo: a viewport tool that draws the point a bone aims at (a look-at's
// point on its target bone, or a pendulum's particle at rest) and lets a left-button drag move
// it in the plane facing the camera; the release is one undo step, Esc cancels.
#pragma once

#include "viewport/viewport_tool.h"

#include "tweed/math.h"

#include <QObject>
#include <QPointF>
#include <QPointer>

#include <optional>

namespace tweed::editor {

class Document;
class Playback;
class Viewport;

class PointGizmo : public QObject, public ViewportTool
{
    Q_OBJECT

public:
    enum class Target
    {
        None,
        LookAt,   ///< the point of the look-at on bone(), in its target bone's frame
        Pendulum, ///< the particle of the pendulum on bone(), at its length along the bone's +y
    };

    PointGizmo(Document *document, Playback *playback, Viewport *viewport,
               QObject *parent = nullptr);
    ~PointGizmo() override;

    void setTarget(Target target, int bone);
    Target target() const { return mTarget; }
    int bone() const { return mBone; }
    /// Makes the gizmo the viewport's tool (does nothing without a point to show).
    void activate();
    bool isActive() const;

    /// The point as drawn, world space; nullopt when there is none (no constraint, or a look-at
    /// straight down).
    std::optional<Vec3> worldPoint() const;

    QString displayName() const override;
    bool mousePress(QMouseEvent *event) override;
    bool mouseMove(QMouseEvent *event) override;
    bool mouseRelease(QMouseEvent *event) override;
    bool keyPress(QKeyEvent *event) override;

private:
    /// Moves the point to `world` in the asset as one undo step.
    void commit(const Vec3 &world);
    void refresh();

    Document *mDocument;
    Playback *mPlayback;
    QPointer<Viewport> mViewport;
    Target mTarget = Target::None;
    int mBone = -1;
    std::optional<Vec3> mDragPoint; ///< while dragging: where the point is, world space
};

} // namespace tweed::editor
