// The collision volume gizmo: a viewport tool that draws move arrows, rotation rings or scale
// boxes on the selected volume (following its bone through playback and simulation) and turns
// left-button drags on them into edits of the volume, one undo step per drag (Esc cancels).
// A click elsewhere on a volume selects it.
#pragma once

#include "viewport/viewport.h"
#include "viewport/viewport_tool.h"

#include "tweed/collision.h"

#include <QObject>
#include <QPointF>
#include <QPointer>

#include <optional>
#include <vector>

namespace tweed::editor {

class Document;
class Playback;

/// A collision volume's frame in the viewport's world space (its bone's current pose times its
/// local transform, as the viewport draws it): origin and unit axes.
struct VolumeFrame
{
    Vec3 origin;
    Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Vec3 toWorld(const Vec3 &local) const
    {
        return origin + axes[0] * local.x + axes[1] * local.y + axes[2] * local.z;
    }
};
VolumeFrame volumeFrame(const CollisionVolume &volume, const Playback &playback);

/// The nearest volume a ray hits (ellipsoids and spheres exactly in unit-sphere space, capsules
/// by sphere tracing), with the distance along the ray; nullopt when it misses all.
std::optional<std::pair<int, float>> pickVolume(const std::vector<CollisionVolume> &volumes,
                                                const Playback &playback, const Vec3 &origin,
                                                const Vec3 &direction);

class CollisionGizmo : public QObject, public ViewportTool
{
    Q_OBJECT

public:
    enum class Mode
    {
        Move,
        Rotate,
        Scale
    };
    Q_ENUM(Mode)

    /// Which part of a volume a scale handle changes.
    enum class Size
    {
        RadiusX,
        RadiusY,
        RadiusZ,
        Radius,
        Radius2,
        HalfHeight
    };

    /// A handle: its kind (from the mode), the volume axis it works along or around, and for
    /// scale handles the size it changes, anchored at `anchor` (volume-local) and lying at
    /// anchor + axis * size.
    struct Handle
    {
        Mode mode = Mode::Move;
        int axis = 0;
        Size size = Size::RadiusX;
        Vec3 anchor;
        friend bool operator==(const Handle &, const Handle &) = default;
    };

    CollisionGizmo(Document *document, Playback *playback, Viewport *viewport,
                   QObject *parent = nullptr);
    ~CollisionGizmo() override;

    /// The volume the gizmo edits (index into the asset's volumes), -1 for none.
    void setVolume(int index);
    int volume() const { return mVolume; }
    void setMode(Mode mode);
    Mode mode() const { return mMode; }
    QString displayName() const override
    {
        return mMode == Mode::Move     ? tr("Move collision volume")
               : mMode == Mode::Rotate ? tr("Rotate collision volume")
                                       : tr("Scale collision volume");
    }
    /// Makes the gizmo the viewport's tool.
    void activate();
    bool isActive() const;
    bool isDragging() const { return mDrag.has_value(); }

    /// The handles of the current mode for the selected volume.
    std::vector<Handle> handles() const;
    /// Where a handle is grabbed, in world space (the arrow's tip, the ring between the other
    /// two axes, the box).
    Vec3 handlePoint(const Handle &handle) const;
    /// The handle under a render-widget pixel, if any (within a few pixels of its lines).
    std::optional<Handle> handleAt(const QPointF &pixel) const;

    bool mousePress(QMouseEvent *event) override;
    bool mouseMove(QMouseEvent *event) override;
    bool mouseRelease(QMouseEvent *event) override;
    bool keyPress(QKeyEvent *event) override;
    void leave() override;

signals:
    /// A click in the viewport landed on volume `index`.
    void volumePicked(int index);
    void modeChanged(tweed::editor::CollisionGizmo::Mode mode);

private:
    struct Drag
    {
        Handle handle;
        QPointF start;
        std::vector<CollisionVolume> startVolumes;
        int mergeKey = -1;
        QPointF axisOrigin; ///< the projected anchor (move, scale) or centre (rotate)
        QPointF axisScreen; ///< pixels per handle length along the projected axis
        double lastAngle = 0;
        double sweptAngle = 0;
        float rotationSign = 1;
        float length = 0.1f; ///< the gizmo's size at the start, metres
        bool changed = false;
    };

    const CollisionVolume *selected() const;
    /// Length of the arrows and radius of the rings for the selected volume, metres.
    float gizmoSize() const;
    float sizeOf(const CollisionVolume &volume, const Handle &handle) const;
    /// World-space polylines of a handle (for drawing and hit testing).
    std::vector<std::vector<Vec3>> handleLines(const Handle &handle) const;
    void refresh();
    void applyDrag(const QPointF &pixel);
    void cancelDrag();
    QString dragText() const;

    Document *mDocument;
    Playback *mPlayback;
    QPointer<Viewport> mViewport; ///< may go first when the main window closes
    int mVolume = -1;
    Mode mMode = Mode::Move;
    std::optional<Handle> mHover;
    std::optional<Drag> mDrag;
    std::optional<QPointF> mPressAt;
};

} // namespace tweed::editor
