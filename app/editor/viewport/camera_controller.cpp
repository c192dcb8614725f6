#include "viewport/camera_controller.h"

#include <Qt3DRender/QCamera>

#include <QMouseEvent>
#include <QWheelEvent>
#include <QWindow>

#include <algorithm>
#include <cmath>

namespace tweed::editor {

namespace {

constexpr float kDegrees = kPi / 180.0f;
constexpr float kOrbitDegreesPerPixel = 0.4f;
constexpr float kZoomPerStep = 0.15f;    // distance factor exp(-0.15) per wheel notch
constexpr float kZoomPixelsPerStep = 40; // drag zoom: pixels per wheel-notch equivalent
constexpr float kFrameMargin = 1.12f;

struct Basis
{
    QVector3D back, right, up; // back: from the target towards the eye
};

Basis basis(float yawDegrees, float elevationDegrees)
{
    const float y = yawDegrees * kDegrees, e = elevationDegrees * kDegrees;
    const QVector3D back(std::cos(e) * std::sin(y), std::sin(e), std::cos(e) * std::cos(y));
    const QVector3D up(-std::sin(e) * std::sin(y), std::cos(e), -std::sin(e) * std::cos(y));
    return {back, QVector3D::crossProduct(up, back), up};
}

} // namespace

CameraController::CameraController(Qt3DRender::QCamera *camera, QObject *parent)
    : QObject(parent), mCamera(camera)
{
    apply();
}

void CameraController::setView(float yawDegrees, float elevationDegrees, bool orthographic)
{
    mYaw = yawDegrees;
    mElevation = std::clamp(elevationDegrees, -90.0f, 90.0f);
    mOrthographic = orthographic;
    apply();
}

void CameraController::frame(const Vec3 &boxMin, const Vec3 &boxMax)
{
    const QVector3D lo(boxMin.x, boxMin.y, boxMin.z), hi(boxMax.x, boxMax.y, boxMax.z);
    mTarget = 0.5f * (lo + hi);
    const Basis b = basis(mYaw, mElevation);
    const float tanY = std::tan(0.5f * mFieldOfView * kDegrees);
    const float tanX = tanY * mAspect;
    float distance = 0, halfHeight = 0;
    for (int corner = 0; corner < 8; ++corner) {
        const QVector3D p(corner & 1 ? hi.x() : lo.x(), corner & 2 ? hi.y() : lo.y(),
                          corner & 4 ? hi.z() : lo.z());
        const QVector3D d = p - mTarget;
        const float x = std::abs(QVector3D::dotProduct(d, b.right));
        const float y = std::abs(QVector3D::dotProduct(d, b.up));
        const float z = QVector3D::dotProduct(d, b.back);
        // The corner is inside the frustum when |x| <= tanX (distance - z), same for y.
        distance = std::max({distance, z + kFrameMargin * x / tanX, z + kFrameMargin * y / tanY});
        halfHeight = std::max({halfHeight, kFrameMargin * y, kFrameMargin * x / mAspect});
    }
    mDistance = std::max(distance, 1e-3f);
    mOrthoHalfHeight = std::max(halfHeight, 1e-3f);
    mSceneRadius = std::max(mSceneRadius, 0.5f * (hi - lo).length());
    apply();
}

void CameraController::setAspectRatio(float aspect)
{
    if (aspect > 0 && std::isfinite(aspect)) {
        mAspect = aspect;
        apply();
    }
}

void CameraController::setSceneRadius(float radius)
{
    mSceneRadius = std::max(radius, 1e-3f);
    apply();
}

void CameraController::orbit(QPoint delta)
{
    mYaw -= float(delta.x()) * kOrbitDegreesPerPixel;
    mYaw = std::remainder(mYaw, 360.0f);
    mElevation = std::clamp(mElevation + float(delta.y()) * kOrbitDegreesPerPixel, -89.5f, 89.5f);
    // Orbiting out of a front/side/top view leaves orthographic projection, as Blender does.
    mOrthographic = false;
    apply();
}

void CameraController::pan(QPoint delta, int viewHeight)
{
    const Basis b = basis(mYaw, mElevation);
    const float halfHeight = mOrthographic
                                 ? mOrthoHalfHeight
                                 : mDistance * std::tan(0.5f * mFieldOfView * kDegrees);
    const float unitsPerPixel = 2 * halfHeight / float(std::max(1, viewHeight));
    mTarget += unitsPerPixel * (-float(delta.x()) * b.right + float(delta.y()) * b.up);
    apply();
}

void CameraController::zoom(float steps)
{
    const float factor = std::exp(-kZoomPerStep * steps);
    if (mOrthographic)
        mOrthoHalfHeight = std::max(mOrthoHalfHeight * factor, 1e-4f);
    else
        mDistance = std::max(mDistance * factor, 1e-3f);
    apply();
}

void CameraController::apply()
{
    const Basis b = basis(mYaw, mElevation);
    // Orthographic views keep the eye well outside the scene so nothing is clipped.
    const float eyeDistance = mOrthographic ? std::max(mDistance, 4 * mSceneRadius) : mDistance;
    const float farPlane = eyeDistance + 40 * mSceneRadius;
    if (mOrthographic) {
        mCamera->lens()->setOrthographicProjection(-mOrthoHalfHeight * mAspect,
                                                   mOrthoHalfHeight * mAspect, -mOrthoHalfHeight,
                                                   mOrthoHalfHeight, 0.01f * eyeDistance,
                                                   farPlane);
    } else {
        const float nearPlane = std::max(1e-3f * mDistance, 0.02f * std::min(mDistance,
                                                                             mSceneRadius));
        mCamera->lens()->setPerspectiveProjection(mFieldOfView, mAspect, nearPlane, farPlane);
    }
    mCamera->setUpVector(b.up);
    mCamera->setPosition(mTarget + eyeDistance * b.back);
    mCamera->setViewCenter(mTarget);
    emit cameraChanged();
}

CameraController::Drag CameraController::dragFor(Qt::MouseButton button,
                                                 Qt::KeyboardModifiers modifiers) const
{
    if (mStyle == NavigationStyle::Maya) {
        if (!(modifiers & Qt::AltModifier))
            return Drag::None;
        switch (button) {
        case Qt::LeftButton: return Drag::Orbit;
        case Qt::MiddleButton: return Drag::Pan;
        case Qt::RightButton: return Drag::Zoom;
        default: return Drag::None;
        }
    }
    if (button != Qt::MiddleButton)
        return Drag::None;
    if (modifiers & Qt::ShiftModifier)
        return Drag::Pan;
    if (modifiers & Qt::ControlModifier)
        return Drag::Zoom;
    return Drag::Orbit;
}

bool CameraController::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        mDrag = dragFor(mouse->button(), mouse->modifiers());
        mLastPos = mouse->position().toPoint();
        return mDrag != Drag::None;
    }
    case QEvent::MouseMove: {
        if (mDrag == Drag::None)
            break;
        auto *mouse = static_cast<QMouseEvent *>(event);
        const QPoint pos = mouse->position().toPoint();
        const QPoint delta = pos - mLastPos;
        mLastPos = pos;
        if (mDrag == Drag::Orbit) {
            orbit(delta);
        } else if (mDrag == Drag::Pan) {
            auto *window = qobject_cast<QWindow *>(watched);
            pan(delta, window ? window->height() : 600);
        } else {
            zoom(float(delta.x() - delta.y()) / kZoomPixelsPerStep);
        }
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (mDrag != Drag::None) {
            mDrag = Drag::None;
            return true;
        }
        break;
    case QEvent::Wheel: {
        auto *wheel = static_cast<QWheelEvent *>(event);
        zoom(float(wheel->angleDelta().y()) / 120.0f);
        return true;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tweed::editor
