#include "simulation/grab_tool.h"

#include "channel_titles.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"

#include "tweed/channels.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>

namespace tweed::editor {

namespace {

// A vertex drawn within this many pixels of the cursor can be picked.
constexpr double kPickPixels = 14.0;

} // namespace

GrabTool::GrabTool(SimulationController *controller, Viewport *viewport, QObject *parent)
    : QObject(parent), mController(controller), mViewport(viewport)
{
    setObjectName(QStringLiteral("GrabTool"));
}

Vec3 GrabTool::worldPosition(int vertex) const
{
    return mController->world().transformPoint(
        mController->physicsPositions()[size_t(vertex)]);
}

int GrabTool::pickVertex(const QPointF &pixel) const
{
    if (!mController->isShowingSimulation())
        return -1;
    const std::vector<Vec3> &x = mController->physicsPositions();
    const Vec3 eye = mViewport->cameraPosition();
    const Vec3 forward = mViewport->cameraDirection();
    int best = -1;
    double bestDepth = INFINITY;
    for (size_t v = 0; v < x.size(); ++v) {
        const Vec3 p = mController->world().transformPoint(x[v]);
        const std::optional<QPointF> at = mViewport->project(p);
        if (!at)
            continue;
        const QPointF d = *at - pixel;
        if (std::hypot(d.x(), d.y()) > kPickPixels)
            continue;
        // Among the vertices under the cursor, the one nearest the camera (the cloth's front).
        const double depth = double(dot(p - eye, forward));
        if (depth < bestDepth) {
            bestDepth = depth;
            best = int(v);
        }
    }
    return best;
}

Vec3 GrabTool::pointOnViewPlane(const QPointF &pixel, const Vec3 &through) const
{
    const Viewport::Ray ray = mViewport->rayAt(pixel);
    const Vec3 normal = mViewport->cameraDirection();
    const float facing = dot(ray.direction, normal);
    if (std::abs(facing) < 1e-6f)
        return through;
    const float t = dot(through - ray.origin, normal) / facing;
    return ray.origin + ray.direction * t;
}

QString GrabTool::describe(const VertexInspection &in)
{
    if (in.vertex < 0)
        return {};
    QStringList lines;
    lines << tr("Vertex %1").arg(in.vertex);
    for (size_t c = 0; c < in.painted.size(); ++c)
        lines << tr("%1: %2")
                     .arg(ChannelTitles::of(FloatChannel(c)))
                     .arg(double(in.painted[c]), 0, 'g', 4);
    lines << tr("Mass: %1 g").arg(double(in.mass) * 1000.0, 0, 'g', 4);
    lines << tr("From its skinned position: %1 cm").arg(double(in.offset) * 100.0, 0, 'f', 2);
    if (in.fixed)
        lines << tr("Fixed: follows its skinned position");
    else if (in.atMaxDistance)
        lines << tr("At its Max Distance (%1 cm)").arg(double(in.maxDistance) * 100.0, 0, 'f', 2);
    else
        lines << tr("Within its Max Distance (%1 cm)").arg(double(in.maxDistance) * 100.0, 0, 'f', 2);
    lines << (in.inContact ? tr("In contact with a collision volume")
                           : tr("Not touching a collision volume"));
    return lines.join(QLatin1Char('\n'));
}

void GrabTool::hover(const QPointF &pixel)
{
    QString text;
    // Inspect while the clip stands still (a moving cloth cannot be read).
    if (!mController->isRunning() && !mController->isGrabbing()) {
        const int vertex = pickVertex(pixel);
        if (vertex >= 0)
            text = describe(mController->inspect(vertex));
    }
    if (text == mInspectText)
        return;
    mInspectText = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else if (QWidget *widget = mViewport->renderWidget())
        QToolTip::showText(widget->mapToGlobal(pixel.toPoint()), text, widget);
    emit inspected(text);
}

bool GrabTool::mousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !mController->isShowingSimulation())
        return false;
    const int vertex = pickVertex(event->position());
    if (vertex < 0)
        return false; // the camera orbits as usual
    mPlanePoint = worldPosition(vertex);
    if (!mController->beginGrab(uint32_t(vertex), mPlanePoint))
        return false;
    mInspectText.clear();
    QToolTip::hideText();
    emit inspected(QString());
    return true;
}

bool GrabTool::mouseMove(QMouseEvent *event)
{
    if (mController->isGrabbing()) {
        mController->moveGrab(pointOnViewPlane(event->position(), mPlanePoint));
        return true;
    }
    if (event->buttons() == Qt::NoButton)
        hover(event->position());
    return false;
}

bool GrabTool::mouseRelease(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !mController->isGrabbing())
        return false;
    mController->endGrab();
    return true;
}

bool GrabTool::keyPress(QKeyEvent *event)
{
    if (event->key() != Qt::Key_Escape || !mController->isGrabbing())
        return false;
    mController->cancelGrab();
    return true;
}

void GrabTool::leave()
{
    if (mInspectText.isEmpty())
        return;
    mInspectText.clear();
    QToolTip::hideText();
    emit inspected(QString());
}

} // namespace tweed::editor
