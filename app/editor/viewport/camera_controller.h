// Orbit/pan/zoom camera navigation on mouse events, in the two styles artists know.
#pragma once

#include "tweed/math.h"

#include <QObject>
#include <QPoint>
#include <QVector3D>

namespace Qt3DRender {
class QCamera;
}

namespace tweed::editor {

/// Maya: Alt+LMB orbit, Alt+MMB pan, Alt+RMB drag or wheel zoom.
/// Blender: MMB orbit, Shift+MMB pan, Ctrl+MMB drag or wheel zoom.
enum class NavigationStyle { Maya, Blender };

/// Drives a QCamera around a target point: yaw and elevation (degrees) on a sphere of some
/// distance, perspective or orthographic. Install it as an event filter on the window that
/// receives the mouse.
class CameraController : public QObject
{
    Q_OBJECT

public:
    CameraController(Qt3DRender::QCamera *camera, QObject *parent = nullptr);

    NavigationStyle navigationStyle() const { return mStyle; }
    void setNavigationStyle(NavigationStyle style) { mStyle = style; }

    /// Looks from the given direction (yaw around y from +z, elevation above the horizon).
    void setView(float yawDegrees, float elevationDegrees, bool orthographic);
    /// Keeps the view direction and fits the box into the view with a small margin.
    void frame(const Vec3 &boxMin, const Vec3 &boxMax);
    /// Width / height of the view.
    void setAspectRatio(float aspect);
    /// The size of the scene (for the clipping planes).
    void setSceneRadius(float radius);

    float yaw() const { return mYaw; }
    float elevation() const { return mElevation; }
    float distance() const { return mDistance; }
    bool isOrthographic() const { return mOrthographic; }
    QVector3D target() const { return mTarget; }

    // The gestures, in pixels of the view (also used by tests).
    void orbit(QPoint delta);
    void pan(QPoint delta, int viewHeight);
    /// Positive steps move closer.
    void zoom(float steps);

    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    void cameraChanged();

private:
    enum class Drag { None, Orbit, Pan, Zoom };
    Drag dragFor(Qt::MouseButton button, Qt::KeyboardModifiers modifiers) const;
    void apply();

    Qt3DRender::QCamera *mCamera;
    NavigationStyle mStyle = NavigationStyle::Maya;
    QVector3D mTarget{0, 1, 0};
    float mYaw = 30;
    float mElevation = 12;
    float mDistance = 4;
    float mOrthoHalfHeight = 1;
    bool mOrthographic = false;
    float mFieldOfView = 35; ///< vertical, degrees
    float mAspect = 1.5f;
    float mSceneRadius = 1;
    Drag mDrag = Drag::None;
    QPoint mLastPos;
};

} // namespace tweed::editor
