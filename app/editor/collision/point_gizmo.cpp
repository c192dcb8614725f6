#include "collision/point_gizmo.h"

#include "document.h"
#include "playback.h"
#include "viewport/viewport.h"

#include "tweed/errors.h"
#include "tweed/meshproc/rig_edits.h"

#include <QColor>
#include <QKeyEvent>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace tweed::editor {
namespace {

const QString kLayer = QStringLiteral("pointGizmo");
constexpr double kGrabPixels = 12;

} // namespace

PointGizmo::PointGizmo(Document *document, Playback *playback, Viewport *viewport,
                       QObject *parent)
    : QObject(parent), mDocument(document), mPlayback(playback), mViewport(viewport)
{
    connect(mPlayback, &Playback::poseChanged, this, &PointGizmo::refresh);
    connect(mDocument, &Document::changed, this, &PointGizmo::refresh);
    connect(viewport, &Viewport::toolChanged, this, &PointGizmo::refresh);
}

PointGizmo::~PointGizmo()
{
    if (mViewport && mViewport->tool() == this) mViewport->setTool(nullptr);
}

void PointGizmo::setTarget(Target target, int bone)
{
    if (target == mTarget && bone == mBone) return;
    mTarget = target;
    mBone = bone;
    mDragPoint.reset();
    refresh();
}

void PointGizmo::activate()
{
    if (!mViewport || !worldPoint()) return;
    if (mViewport->tool() != this) mViewport->setTool(this);
    refresh();
}

bool PointGizmo::isActive() const { return mViewport && mViewport->tool() == this; }

QString PointGizmo::displayName() const
{
    return mTarget == Target::Pendulum ? tr("Move pendulum point") : tr("Move look-at point");
}

std::optional<Vec3> PointGizmo::worldPoint() const
{
    if (mDragPoint) return mDragPoint;
    const ClothingAsset &asset = mDocument->asset();
    const std::vector<Mat4> &global = mPlayback->globalPose();
    const auto posed = [&](int b) { return b >= 0 && size_t(b) < global.size(); };
    if (mTarget == Target::LookAt) {
        const int i = findRigConstraint(asset.rigConstraints, RigConstraintKind::LookAt, mBone);
        if (i < 0) return std::nullopt;
        const RigConstraint &c = asset.rigConstraints[size_t(i)];
        if (!posed(c.target)) return std::nullopt;
        return global[size_t(c.target)].transformPoint(c.point);
    }
    if (mTarget == Target::Pendulum && posed(mBone))
        for (const PendulumBone &p : asset.pendulumBones)
            if (p.bone == mBone) {
                const Mat4 &g = global[size_t(mBone)];
                return Vec3(g.column(3)) + normalize(Vec3(g.column(1))) * p.length;
            }
    return std::nullopt;
}

void PointGizmo::refresh()
{
    if (!mViewport) return;
    const std::optional<Vec3> p = isActive() ? worldPoint() : std::nullopt;
    if (!p) {
        if (mViewport->hasLines(kLayer)) mViewport->setLines(kLayer, {}, {});
        return;
    }
    // A small three-axis cross, and a line from the bone to the point.
    const float r = 0.02f;
    std::vector<Vec3> ends;
    std::vector<QColor> colors;
    const QColor colour = mDragPoint ? QColor(255, 220, 0) : QColor(255, 120, 0);
    for (const Vec3 &axis : {Vec3{r, 0, 0}, Vec3{0, r, 0}, Vec3{0, 0, r}}) {
        ends.push_back(*p - axis);
        ends.push_back(*p + axis);
        colors.push_back(colour);
        colors.push_back(colour);
    }
    const std::vector<Mat4> &global = mPlayback->globalPose();
    if (mBone >= 0 && size_t(mBone) < global.size()) {
        ends.push_back(global[size_t(mBone)].column(3));
        ends.push_back(*p);
        colors.push_back(colour);
        colors.push_back(colour);
    }
    mViewport->setLines(kLayer, std::move(ends), std::move(colors), true);
}

bool PointGizmo::mousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !mViewport) return false;
    const std::optional<Vec3> p = worldPoint();
    if (!p) return false;
    const std::optional<QPointF> pixel = mViewport->project(*p);
    if (!pixel || QLineF(*pixel, event->position()).length() > kGrabPixels) return false;
    mDragPoint = *p;
    refresh();
    return true;
}

bool PointGizmo::mouseMove(QMouseEvent *event)
{
    if (!mDragPoint || !mViewport) return false;
    // In the plane through the point facing the camera.
    const Viewport::Ray ray = mViewport->rayAt(event->position());
    const Vec3 n = mViewport->cameraDirection();
    const float along = dot(ray.direction, n);
    if (std::abs(along) > 1e-6f) {
        const float t = dot(*mDragPoint - ray.origin, n) / along;
        if (t > 0) mDragPoint = ray.origin + ray.direction * t;
    }
    refresh();
    return true;
}

bool PointGizmo::mouseRelease(QMouseEvent *event)
{
    if (!mDragPoint || event->button() != Qt::LeftButton) return false;
    const Vec3 world = *mDragPoint;
    mDragPoint.reset();
    commit(world);
    refresh();
    return true;
}

bool PointGizmo::keyPress(QKeyEvent *event)
{
    if (!mDragPoint || event->key() != Qt::Key_Escape) return false;
    mDragPoint.reset();
    refresh();
    return true;
}

void PointGizmo::commit(const Vec3 &world)
{
    ClothingAsset asset = mDocument->asset();
    const std::vector<Mat4> &global = mPlayback->globalPose();
    try {
        if (mTarget == Target::LookAt) {
            const int i =
                findRigConstraint(asset.rigConstraints, RigConstraintKind::LookAt, mBone);
            if (i < 0) return;
            RigConstraint c = asset.rigConstraints[size_t(i)];
            if (c.target < 0 || size_t(c.target) >= global.size()) return;
            c.point = inverse(global[size_t(c.target)]).transformPoint(world);
            setRigConstraint(asset, c);
            mDocument->replaceAsset(std::move(asset), tr("Move Look-At Point"),
                                    Document::CollisionChanged);
        } else if (mTarget == Target::Pendulum && mBone >= 0 && size_t(mBone) < global.size()) {
            for (PendulumBone p : asset.pendulumBones)
                if (p.bone == mBone) {
                    p.length = std::clamp(
                        length(world - Vec3(global[size_t(mBone)].column(3))), 0.01f, 5.0f);
                    setPendulum(asset, p);
                    mDocument->replaceAsset(std::move(asset), tr("Move Pendulum Point"),
                                            Document::CollisionChanged);
                    return;
                }
        }
    } catch (const InputError &) {
        // A point the asset refuses (too far away): the drag is dropped.
    }
}

} // namespace tweed::editor
