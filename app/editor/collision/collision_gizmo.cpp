#include "collision/collision_gizmo.h"

#include "document.h"
#include "playback.h"

#include "tweed/sim/colliders.h"

#include <QColor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tweed::editor {
namespace {

const QString kLayer = QStringLiteral("gizmo");
const QColor kAxisColors[3] = {QColor(230, 60, 60), QColor(70, 200, 70), QColor(70, 120, 240)};
const QColor kActive(255, 220, 40);
constexpr double kPickPixels = 8.0;
constexpr int kRingSegments = 48;
constexpr float kMinimumSize = 0.001f; // metres

const Vec3 kUnit[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

double pointSegmentDistance(const QPointF &p, const QPointF &a, const QPointF &b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + ab * t);
    return std::hypot(d.x(), d.y());
}

// Ray against a unit sphere at the origin: the nearest non-negative t, if any.
std::optional<float> rayUnitSphere(const Vec3 &o, const Vec3 &d)
{
    const float a = dot(d, d);
    const float b = dot(o, d);
    const float c = dot(o, o) - 1.0f;
    const float disc = b * b - a * c;
    if (disc < 0 || a <= 0) return std::nullopt;
    const float root = std::sqrt(disc);
    float t = (-b - root) / a;
    if (t < 0) t = (-b + root) / a;
    if (t < 0) return std::nullopt;
    return t;
}

} // namespace

VolumeFrame volumeFrame(const CollisionVolume &volume, const Playback &playback)
{
    const auto &global = playback.globalPose();
    Mat4 bone = playback.rootTransform();
    if (volume.bone >= 0 && size_t(volume.bone) < global.size()) bone = global[size_t(volume.bone)];
    // The simulation's rigid frame (a bone's scale does not scale the volume).
    const Transform rigid = colliderFrame(volume, bone);
    VolumeFrame frame;
    frame.origin = rigid.translation;
    for (int i = 0; i < 3; ++i) {
        Vec3 unit{0, 0, 0};
        unit[i] = 1;
        frame.axes[i] = rotate(rigid.rotation, unit);
    }
    return frame;
}

std::optional<std::pair<int, float>> pickVolume(const std::vector<CollisionVolume> &volumes,
                                                const Playback &playback, const Vec3 &origin,
                                                const Vec3 &direction)
{
    std::optional<std::pair<int, float>> best;
    for (size_t i = 0; i < volumes.size(); ++i) {
        const CollisionVolume &v = volumes[i];
        if (v.shape == CollisionShape::Plane)
            continue; // a plane is everywhere below; clicking it would hide everything else
        const VolumeFrame f = volumeFrame(v, playback);
        const Vec3 rel = origin - f.origin;
        const Vec3 o{dot(rel, f.axes[0]), dot(rel, f.axes[1]), dot(rel, f.axes[2])};
        const Vec3 d{dot(direction, f.axes[0]), dot(direction, f.axes[1]),
                     dot(direction, f.axes[2])};
        std::optional<float> hit;
        if (v.shape == CollisionShape::Ellipsoid || v.shape == CollisionShape::Sphere) {
            // In unit-sphere space the ray's parameter t is unchanged.
            const Vec3 r =
                v.shape == CollisionShape::Sphere ? Vec3{v.radius, v.radius, v.radius} : v.radii;
            const Vec3 inv{1 / std::max(r.x, 1e-6f), 1 / std::max(r.y, 1e-6f),
                           1 / std::max(r.z, 1e-6f)};
            hit = rayUnitSphere(mulComponents(o, inv), mulComponents(d, inv));
        } else {
            // Capsules: sphere tracing on the exact distance.
            ColliderPose pose = colliderPose(v, Transform{}, 0.0f);
            float t = 0;
            for (int step = 0; step < 128 && t < 1e3f; ++step) {
                const float dist = colliderDistance(pose, o + d * t);
                if (dist < 1e-4f) {
                    hit = t;
                    break;
                }
                t += dist;
            }
        }
        if (hit && (!best || *hit < best->second)) best = std::pair<int, float>{int(i), *hit};
    }
    return best;
}

CollisionGizmo::CollisionGizmo(Document *document, Playback *playback, Viewport *viewport,
                               QObject *parent)
    : QObject(parent), mDocument(document), mPlayback(playback), mViewport(viewport)
{
    setObjectName(QStringLiteral("CollisionGizmo"));
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what &
            (Document::CollisionChanged | Document::CharacterChanged | Document::SkeletonChanged))
            refresh();
    });
    // The volumes follow their bones through playback and the live simulation.
    connect(mPlayback, &Playback::poseChanged, this, &CollisionGizmo::refresh);
    connect(mViewport, &Viewport::toolChanged, this, [this](ViewportTool *tool) {
        if (tool != this) {
            if (mDrag) cancelDrag();
            mHover.reset();
        }
        refresh();
    });
}

CollisionGizmo::~CollisionGizmo()
{
    if (mViewport && mViewport->tool() == this) mViewport->setTool(nullptr);
}

void CollisionGizmo::setVolume(int index)
{
    if (mVolume == index) return;
    if (mDrag) cancelDrag();
    mVolume = index;
    mHover.reset();
    refresh();
}

void CollisionGizmo::setMode(Mode mode)
{
    if (mMode == mode) return;
    if (mDrag) cancelDrag();
    mMode = mode;
    mHover.reset();
    refresh();
    emit modeChanged(mode);
}

void CollisionGizmo::activate()
{
    if (!mViewport) return;
    if (mViewport->tool() != this) mViewport->setTool(this);
    refresh();
}

bool CollisionGizmo::isActive() const
{
    return mViewport && mViewport->tool() == this;
}

const CollisionVolume *CollisionGizmo::selected() const
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    if (mVolume < 0 || size_t(mVolume) >= volumes.size()) return nullptr;
    return &volumes[size_t(mVolume)];
}

float CollisionGizmo::gizmoSize() const
{
    const CollisionVolume *v = selected();
    if (!v) return 0.1f;
    float extent = 0;
    switch (v->shape) {
    case CollisionShape::Ellipsoid:
    case CollisionShape::Box:
        extent = std::max({v->radii.x, v->radii.y, v->radii.z});
        break;
    case CollisionShape::Convex:
        for (const Vec3 &c : convexCorners(v->planes))
            extent = std::max(extent, length(c));
        break;
    case CollisionShape::Sphere:
        extent = v->radius;
        break;
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule:
        extent = v->halfHeight + std::max(v->radius, v->radius2);
        break;
    case CollisionShape::Plane:
        extent = 0.1f;
        break;
    }
    // Beyond the volume's surface so the handles stay visible and grabbable.
    return 1.25f * extent + 0.04f;
}

float CollisionGizmo::sizeOf(const CollisionVolume &v, const Handle &h) const
{
    switch (h.size) {
    case Size::RadiusX:
        return v.radii.x;
    case Size::RadiusY:
        return v.radii.y;
    case Size::RadiusZ:
        return v.radii.z;
    case Size::Radius:
        return v.radius;
    case Size::Radius2:
        return v.radius2;
    case Size::HalfHeight: // the box sits at the capsule's tip
        return v.halfHeight + (v.shape == CollisionShape::TaperedCapsule ? v.radius2 : v.radius);
    }
    return 0;
}

std::vector<CollisionGizmo::Handle> CollisionGizmo::handles() const
{
    const CollisionVolume *v = selected();
    if (!v) return {};
    std::vector<Handle> result;
    switch (mMode) {
    case Mode::Move:
    case Mode::Rotate:
        for (int a = 0; a < 3; ++a)
            result.push_back({mMode, a, Size::RadiusX, {}});
        break;
    case Mode::Scale:
        switch (v->shape) {
        case CollisionShape::Ellipsoid:
        case CollisionShape::Box:
            for (int a = 0; a < 3; ++a)
                result.push_back({mMode, a, Size(int(Size::RadiusX) + a), {}});
            break;
        case CollisionShape::Convex: // its planes come from a fit: moved and turned only
            break;
        case CollisionShape::Sphere:
            for (int a = 0; a < 3; ++a)
                result.push_back({mMode, a, Size::Radius, {}});
            break;
        case CollisionShape::Capsule:
            result.push_back({mMode, 0, Size::Radius, {}});
            result.push_back({mMode, 1, Size::HalfHeight, {}});
            result.push_back({mMode, 2, Size::Radius, {}});
            break;
        case CollisionShape::TaperedCapsule:
            result.push_back({mMode, 0, Size::Radius, {0, -v->halfHeight, 0}});
            result.push_back({mMode, 0, Size::Radius2, {0, v->halfHeight, 0}});
            result.push_back({mMode, 1, Size::HalfHeight, {}});
            break;
        case CollisionShape::Plane:
            break;
        }
        break;
    }
    return result;
}

Vec3 CollisionGizmo::handlePoint(const Handle &h) const
{
    const CollisionVolume *v = selected();
    if (!v) return {};
    const VolumeFrame f = volumeFrame(*v, *mPlayback);
    switch (h.mode) {
    case Mode::Move:
        return f.origin + f.axes[h.axis] * gizmoSize();
    case Mode::Rotate: {
        // Halfway between the other axes: rings cross each other on the axes.
        const Vec3 between = normalize(f.axes[(h.axis + 1) % 3] + f.axes[(h.axis + 2) % 3]);
        return f.origin + between * gizmoSize();
    }
    case Mode::Scale:
        return f.toWorld(h.anchor) + f.axes[h.axis] * sizeOf(*v, h);
    }
    return f.origin;
}

std::vector<std::vector<Vec3>> CollisionGizmo::handleLines(const Handle &h) const
{
    const CollisionVolume *v = selected();
    if (!v) return {};
    const VolumeFrame f = volumeFrame(*v, *mPlayback);
    const float size = gizmoSize();
    const Vec3 axis = f.axes[h.axis];
    const Vec3 u = f.axes[(h.axis + 1) % 3], w = f.axes[(h.axis + 2) % 3];
    std::vector<std::vector<Vec3>> lines;
    switch (h.mode) {
    case Mode::Move: {
        const Vec3 tip = f.origin + axis * size;
        const Vec3 back = tip - axis * (0.18f * size);
        const float spread = 0.06f * size;
        lines.push_back({f.origin, tip});
        for (const Vec3 &side : {u, w, -u, -w})
            lines.push_back({tip, back + side * spread});
        lines.push_back({back + u * spread, back + w * spread, back - u * spread, back - w * spread,
                         back + u * spread});
        break;
    }
    case Mode::Rotate: {
        std::vector<Vec3> ring;
        for (int i = 0; i <= kRingSegments; ++i) {
            const float a = 2 * kPi * float(i) / kRingSegments;
            ring.push_back(f.origin + (u * std::cos(a) + w * std::sin(a)) * size);
        }
        lines.push_back(std::move(ring));
        break;
    }
    case Mode::Scale: {
        const Vec3 anchor = f.toWorld(h.anchor);
        const Vec3 box = handlePoint(h);
        lines.push_back({anchor, box});
        // A small cube at the end, its edges along the volume's axes.
        const float b = 0.05f * size;
        const auto corner = [&](int i) {
            return box + f.axes[0] * (i & 1 ? b : -b) + f.axes[1] * (i & 2 ? b : -b) +
                   f.axes[2] * (i & 4 ? b : -b);
        };
        for (int i = 0; i < 8; ++i)
            for (int bit : {1, 2, 4})
                if (!(i & bit)) lines.push_back({corner(i), corner(i | bit)});
        break;
    }
    }
    return lines;
}

std::optional<CollisionGizmo::Handle> CollisionGizmo::handleAt(const QPointF &pixel) const
{
    std::optional<Handle> best;
    double bestDistance = kPickPixels;
    for (const Handle &h : handles()) {
        for (const auto &line : handleLines(h)) {
            std::optional<QPointF> previous;
            for (const Vec3 &p : line) {
                const std::optional<QPointF> q = mViewport->project(p);
                if (q && previous) {
                    const double d = pointSegmentDistance(pixel, *previous, *q);
                    if (d < bestDistance) {
                        bestDistance = d;
                        best = h;
                    }
                } else if (q && line.size() == 1) {
                    const double d = std::hypot(pixel.x() - q->x(), pixel.y() - q->y());
                    if (d < bestDistance) {
                        bestDistance = d;
                        best = h;
                    }
                }
                previous = q;
            }
        }
    }
    return best;
}

void CollisionGizmo::refresh()
{
    if (!mViewport) return;
    if (!isActive() || !selected()) {
        if (mViewport->hasLines(kLayer)) mViewport->setLines(kLayer, {}, {});
        return;
    }
    std::vector<Vec3> endpoints;
    std::vector<QColor> colors;
    const std::optional<Handle> active = mDrag ? std::optional<Handle>(mDrag->handle) : mHover;
    for (const Handle &h : handles()) {
        const QColor color = active && *active == h ? kActive : kAxisColors[h.axis];
        for (const auto &line : handleLines(h))
            for (size_t i = 1; i < line.size(); ++i) {
                endpoints.push_back(line[i - 1]);
                endpoints.push_back(line[i]);
                colors.push_back(color);
                colors.push_back(color);
            }
    }
    mViewport->setLines(kLayer, std::move(endpoints), std::move(colors), true);
}

bool CollisionGizmo::mousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) return false;
    mPressAt.reset();
    const std::optional<Handle> h = handleAt(event->position());
    if (!h) {
        // Not on a handle: the camera gets it; a click without movement selects on release.
        mPressAt = event->position();
        return false;
    }
    const CollisionVolume *v = selected();
    Drag drag;
    drag.handle = *h;
    drag.start = event->position();
    drag.startVolumes = mDocument->asset().collisionVolumes;
    drag.mergeKey = mDocument->newMergeKey();
    drag.length = gizmoSize();
    const VolumeFrame f = volumeFrame(*v, *mPlayback);
    const Vec3 axis = f.axes[h->axis];
    if (h->mode == Mode::Rotate) {
        drag.axisOrigin = mViewport->project(f.origin).value_or(drag.start);
        const QPointF r = drag.start - drag.axisOrigin;
        drag.lastAngle = std::atan2(r.y(), r.x());
        // Pixel y runs down, so a clockwise sweep on screen has a growing angle; it is a
        // right-handed turn about an axis pointing away from the camera.
        const Vec3 view = mViewport->isOrthographic() ? mViewport->cameraDirection()
                                                      : f.origin - mViewport->cameraPosition();
        drag.rotationSign = dot(axis, view) >= 0 ? 1.0f : -1.0f;
    } else {
        const Vec3 anchor = h->mode == Mode::Move ? f.origin : f.toWorld(h->anchor);
        const std::optional<QPointF> p0 = mViewport->project(anchor);
        const std::optional<QPointF> p1 = mViewport->project(anchor + axis * drag.length);
        drag.axisOrigin = p0.value_or(drag.start);
        drag.axisScreen = p0 && p1 ? *p1 - *p0 : QPointF();
    }
    mDrag = drag;
    refresh();
    return true;
}

bool CollisionGizmo::mouseMove(QMouseEvent *event)
{
    if (mDrag) {
        applyDrag(event->position());
        return true;
    }
    if (event->buttons() == Qt::NoButton) {
        const std::optional<Handle> h = handleAt(event->position());
        if (h != mHover) {
            mHover = h;
            refresh();
        }
    }
    return false;
}

bool CollisionGizmo::mouseRelease(QMouseEvent *event)
{
    if (mDrag && event->button() == Qt::LeftButton) {
        applyDrag(event->position());
        mDrag.reset();
        refresh();
        return true;
    }
    if (event->button() == Qt::LeftButton && mPressAt) {
        const QPointF moved = event->position() - *mPressAt;
        mPressAt.reset();
        if (std::hypot(moved.x(), moved.y()) < 4) {
            const Viewport::Ray ray = mViewport->rayAt(event->position());
            if (const auto hit = pickVolume(mDocument->asset().collisionVolumes, *mPlayback,
                                            ray.origin, ray.direction))
                emit volumePicked(hit->first);
        }
    }
    return false;
}

bool CollisionGizmo::keyPress(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Escape:
        if (!mDrag) return false;
        cancelDrag();
        return true;
    case Qt::Key_W:
        setMode(Mode::Move);
        return true;
    case Qt::Key_E:
        setMode(Mode::Rotate);
        return true;
    case Qt::Key_R:
        setMode(Mode::Scale);
        return true;
    default:
        return false;
    }
}

void CollisionGizmo::leave()
{
    if (mHover && !mDrag) {
        mHover.reset();
        refresh();
    }
}

QString CollisionGizmo::dragText() const
{
    switch (mDrag ? mDrag->handle.mode : mMode) {
    case Mode::Move:
        return tr("Move Collision Volume");
    case Mode::Rotate:
        return tr("Rotate Collision Volume");
    case Mode::Scale:
        return tr("Resize Collision Volume");
    }
    return {};
}

void CollisionGizmo::applyDrag(const QPointF &pixel)
{
    Drag &drag = *mDrag;
    if (mVolume < 0 || size_t(mVolume) >= drag.startVolumes.size()) return;
    std::vector<CollisionVolume> volumes = drag.startVolumes;
    CollisionVolume &v = volumes[size_t(mVolume)];
    const CollisionVolume &start = drag.startVolumes[size_t(mVolume)];
    const Handle &h = drag.handle;
    if (h.mode == Mode::Rotate) {
        const QPointF r = pixel - drag.axisOrigin;
        if (std::hypot(r.x(), r.y()) > 2) {
            const double angle = std::atan2(r.y(), r.x());
            double delta = angle - drag.lastAngle;
            if (delta > std::numbers::pi)
                delta -= 2 * std::numbers::pi;
            else if (delta < -std::numbers::pi)
                delta += 2 * std::numbers::pi;
            drag.sweptAngle += delta;
            drag.lastAngle = angle;
        }
        v.local.rotation =
            normalize(start.local.rotation *
                      axisAngle(kUnit[h.axis], drag.rotationSign * float(drag.sweptAngle)));
    } else {
        // Metres along the axis: the mouse movement projected on the axis' screen direction.
        const double pixels2 = QPointF::dotProduct(drag.axisScreen, drag.axisScreen);
        if (pixels2 < 4.0) // the axis points at the camera: nothing sensible to do
            return;
        const float t =
            float(QPointF::dotProduct(pixel - drag.start, drag.axisScreen) / pixels2) * drag.length;
        if (h.mode == Mode::Move) {
            v.local.translation =
                start.local.translation + rotate(start.local.rotation, kUnit[h.axis]) * t;
        } else {
            switch (h.size) {
            case Size::RadiusX:
            case Size::RadiusY:
            case Size::RadiusZ: {
                const int a = int(h.size) - int(Size::RadiusX);
                v.radii[a] = std::max(start.radii[a] + t, kMinimumSize);
                break;
            }
            case Size::Radius:
                v.radius = std::max(start.radius + t, kMinimumSize);
                if (v.shape == CollisionShape::Capsule) v.radius2 = v.radius;
                break;
            case Size::Radius2:
                v.radius2 = std::max(start.radius2 + t, kMinimumSize);
                break;
            case Size::HalfHeight:
                v.halfHeight = std::max(start.halfHeight + t, 0.0f);
                break;
            }
        }
    }
    if (!drag.changed && volumes == mDocument->asset().collisionVolumes)
        return; // no step for a press without movement
    drag.changed = true;
    mDocument->setCollisionVolumes(std::move(volumes), dragText(), drag.mergeKey);
}

void CollisionGizmo::cancelDrag()
{
    Drag drag = *mDrag;
    mDrag.reset();
    // The same key: the drag's step ends where it started and disappears.
    if (drag.changed) mDocument->setCollisionVolumes(drag.startVolumes, dragText(), drag.mergeKey);
    refresh();
}

} // namespace tweed::editor
