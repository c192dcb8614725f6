#include "paint/paint_tool.h"

#include "document.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
#include "tweed/errors.h"

#include <QElapsedTimer>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QLineF>
#include <QLocale>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tweed::editor {

namespace {

constexpr int kSphereVertices = 4;  // spheres drawn for the vertices nearest the cursor
constexpr int kCircleSegments = 32;
constexpr float kHuge = 1e30f;

void addCircle(std::vector<Vec3> &endpoints, std::vector<QColor> &colors, const Vec3 &center,
               const Vec3 &u, const Vec3 &v, float radius, const QColor &color)
{
    constexpr float step = 2.0f * std::numbers::pi_v<float> / kCircleSegments;
    for (int i = 0; i < kCircleSegments; ++i) {
        const float a = step * float(i), b = step * float(i + 1);
        endpoints.push_back(center + (u * std::cos(a) + v * std::sin(a)) * radius);
        endpoints.push_back(center + (u * std::cos(b) + v * std::sin(b)) * radius);
        colors.push_back(color);
        colors.push_back(color);
    }
}

// Three great circles.
void addSphere(std::vector<Vec3> &endpoints, std::vector<QColor> &colors, const Vec3 &center,
               float radius, const QColor &color)
{
    const Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
    addCircle(endpoints, colors, center, x, y, radius, color);
    addCircle(endpoints, colors, center, y, z, radius, color);
    addCircle(endpoints, colors, center, z, x, radius, color);
}

} // namespace

PaintTool::PaintTool(Document *document, Viewport *viewport, QObject *parent)
    : QObject(parent), mDocument(document), mViewport(viewport)
{
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        const Document::Changes keep =
            Document::ChannelsChanged | Document::SettingsChanged | Document::CollisionChanged;
        if (what & ~keep)
            invalidateGeometry();
        else if (what & Document::ChannelsChanged && mEditing && mGesture != Gesture::None)
            cancelEdit(); // an undo in the middle of a stroke: the copy is stale
        if (mActive)
            updateColors();
    });
    connect(mViewport, &Viewport::toolChanged, this, [this](ViewportTool *tool) {
        if (tool != this && mActive) {
            mActive = false;
            clearViewportState();
            emit activeChanged(false);
        }
    });
}

PaintTool::~PaintTool()
{
    if (mViewport && mViewport->tool() == this)
        mViewport->setTool(nullptr);
}

void PaintTool::setSettings(const PaintSettings &settings)
{
    const PaintSettings old = mSettings;
    mSettings = settings;
    mSettings.brush.minValue = 0.0f; // no channel takes negative values
    if (old.lod != settings.lod)
        invalidateGeometry();
    if (old.tool != settings.tool || !(old.target == settings.target))
        mGradientStart.reset();
    if (!mActive)
        return;
    if (old.lod != settings.lod || !(old.target == settings.target) ||
        old.bits != settings.bits || old.showOnPhysics != settings.showOnPhysics ||
        old.rampMin != settings.rampMin || old.rampMax != settings.rampMax) {
        if (mGesture != Gesture::None)
            cancelEdit();
        updateColors();
    }
    if (mHoverHit)
        updateSpheres(*mHoverHit);
    mViewport->updateToolOverlay();
}

void PaintTool::setLengthUnit(double scale, const QString &unit)
{
    mLengthScale = scale;
    mLengthUnit = unit;
    mViewport->updateToolOverlay();
}

void PaintTool::setActive(bool active)
{
    if (active == mActive)
        return;
    mActive = active;
    if (active) {
        mViewport->setTool(this);
        updateColors();
    } else {
        if (mViewport->tool() == this)
            mViewport->setTool(nullptr);
        clearViewportState();
    }
    emit activeChanged(active);
}

QColor PaintTool::rampColor(float t)
{
    // Dark blue -> cyan -> yellow -> red, evenly spaced.
    static const QColor stops[] = {QColor(20, 30, 120), QColor(0, 200, 230), QColor(250, 230, 40),
                                   QColor(220, 30, 30)};
    t = std::clamp(std::isfinite(t) ? t : 0.0f, 0.0f, 1.0f) * 3.0f;
    const int i = std::min(int(t), 2);
    const float f = t - float(i);
    const QColor &a = stops[i], &b = stops[i + 1];
    return QColor(int(std::lround(a.red() + (b.red() - a.red()) * f)),
                  int(std::lround(a.green() + (b.green() - a.green()) * f)),
                  int(std::lround(a.blue() + (b.blue() - a.blue()) * f)));
}

// ---- Geometry ----------------------------------------------------------------------------

void PaintTool::invalidateGeometry()
{
    if (mGesture != Gesture::None)
        cancelEdit();
    mEditing = false;
    mGesture = Gesture::None;
    mTopologyValid = false;
    mGradientStart.reset();
    mHoverHit.reset();
}

// The LoD's mesh as drawn: the viewport's skinned (or simulated) positions of the character
// meshes it was made of, in LoD vertex order; the BVH follows them by refitting.
bool PaintTool::prepareGeometry()
{
    const ClothingAsset &asset = mDocument->asset();
    if (mSettings.lod < 0 || mSettings.lod >= int(asset.lods.size()))
        return false;
    const GraphicsLod &lod = asset.lods[size_t(mSettings.lod)];
    if (!mTopologyValid || mGeometryLod != mSettings.lod) {
        mParts = garmentParts(mDocument->character(), lod.mesh);
        mIndices = lod.mesh.indices;
        mPositions = lod.mesh.positions;
        mBvh = SurfaceBvh();
        mGraph.reset();
        mMirror.reset();
        mGeometryLod = mSettings.lod;
        mTopologyValid = true;
    }
    if (mParts.empty() || mIndices.empty())
        return false;
    for (const GarmentPart &part : mParts) {
        const std::vector<Vec3> &drawn = mViewport->skinnedPositions(part.mesh);
        if (drawn.size() == part.count)
            std::copy(drawn.begin(), drawn.end(), mPositions.begin() + ptrdiff_t(part.first));
    }
    if (mBvh.empty())
        mBvh = SurfaceBvh(mPositions, mIndices);
    else
        mBvh.refit(mPositions);
    return true;
}

const VertexGraph &PaintTool::graph()
{
    // Built on the rest pose: the topology and the seams do not depend on the pose.
    if (!mGraph)
        mGraph = buildVertexGraph(mDocument->asset().lods[size_t(mGeometryLod)].mesh.positions,
                                  mIndices);
    return *mGraph;
}

const std::vector<uint32_t> &PaintTool::mirrorMap()
{
    if (!mMirror || mMirrorAxis != mSettings.mirror ||
        mMirrorTopology != mSettings.mirrorByTopology ||
        mMirrorTolerance != mSettings.mirrorTolerance) {
        // The rest pose is the symmetric one (model space, mirrored across the origin's planes).
        const std::vector<Vec3> &rest =
            mDocument->asset().lods[size_t(mGeometryLod)].mesh.positions;
        const MirrorAxis axis = mSettings.mirror == PaintMirror::Y   ? MirrorAxis::Y
                                : mSettings.mirror == PaintMirror::Z ? MirrorAxis::Z
                                                                     : MirrorAxis::X;
        mMirror = mSettings.mirrorByTopology
                      ? mirrorByTopology(rest, mIndices, graph(), axis, mSettings.mirrorTolerance)
                      : mirrorByPosition(rest, axis, mSettings.mirrorTolerance);
        mMirrorAxis = mSettings.mirror;
        mMirrorTopology = mSettings.mirrorByTopology;
        mMirrorTolerance = mSettings.mirrorTolerance;
    }
    return *mMirror;
}

SurfaceHit PaintTool::pick(const QPointF &pixel) const
{
    if (mBvh.empty())
        return {};
    const Viewport::Ray ray = mViewport->rayAt(pixel);
    return mBvh.raycast(ray.origin, ray.direction);
}

ViewPoint PaintTool::viewPoint() const
{
    return {mViewport->cameraPosition(), mViewport->cameraDirection(),
            mViewport->isOrthographic()};
}

std::vector<uint32_t> PaintTool::visibleOnly(std::vector<uint32_t> vertices) const
{
    if (mSettings.paintThrough || vertices.empty())
        return vertices;
    return visibleVertices(mBvh, mPositions, vertices, viewPoint());
}

std::vector<Vec3> PaintTool::normalsAt(const std::vector<uint32_t> &vertices) const
{
    std::vector<Vec3> normals(vertices.size());
    for (size_t t = 0; t + 2 < mIndices.size(); t += 3) {
        const uint32_t a = mIndices[t], b = mIndices[t + 1], c = mIndices[t + 2];
        for (size_t i = 0; i < vertices.size(); ++i) {
            const uint32_t v = vertices[i];
            if (v == a || v == b || v == c)
                normals[i] = normals[i] + cross(mPositions[b] - mPositions[a],
                                                mPositions[c] - mPositions[a]);
        }
    }
    for (Vec3 &n : normals)
        n = length(n) > 0 ? normalize(n) : Vec3{0, 0, 0};
    return normals;
}

float PaintTool::floatValue(FloatChannel channel, uint32_t v) const
{
    if (mEditing && !mSettings.target.mask && mSettings.target.channel == int(channel))
        return mValues[v];
    const auto &values = mDocument->asset().lods[size_t(mGeometryLod)].channels[channel];
    return v < values.size() ? values[v] : defaultValue(channel);
}

// ---- Gestures ----------------------------------------------------------------------------

void PaintTool::beginEdit()
{
    const PaintChannels &channels = mDocument->asset().lods[size_t(mGeometryLod)].channels;
    const size_t n = mPositions.size();
    if (mSettings.target.mask) {
        mMasks = channels[MaskChannel(mSettings.target.channel)];
        mMasks.resize(n, kDefaultMask);
    } else {
        const FloatChannel channel = FloatChannel(mSettings.target.channel);
        mValues = channels[channel];
        mValues.resize(n, defaultValue(channel));
    }
    mTouched.assign(n, 0);
    mEditing = true;
}

uint32_t PaintTool::maskOp(uint32_t mask) const
{
    switch (mSettings.brush.mode) {
    case PaintMode::Set:
        return mSettings.bits;
    case PaintMode::Add:
        return mask | mSettings.bits;
    case PaintMode::Subtract:
        return mask & ~mSettings.bits;
    case PaintMode::Multiply:
        return mask & mSettings.bits;
    }
    return mask;
}

ValueEdit PaintTool::uniformEdit(const std::vector<uint32_t> &vertices) const
{
    if (vertices.empty())
        return {};
    const BrushSettings &brush = mSettings.brush;
    if (brush.mode == PaintMode::Set && brush.strength >= 1.0f)
        return fillValues(mValues, vertices, brush.value);
    // The brush with a constant falloff reaching everything applies mode and strength alike.
    BrushSettings all = brush;
    all.falloff = Falloff::Constant;
    all.radius = kHuge;
    return brushDab(mPositions, mValues, vertices, mPositions[vertices.front()], all);
}

void PaintTool::applyLocal(const ValueEdit &edit)
{
    const ValueEdit mirrored =
        mSettings.mirror == PaintMirror::Off ? edit : mirrorEdit(edit, mirrorMap());
    for (size_t i = 0; i < mirrored.vertices.size(); ++i) {
        mValues[mirrored.vertices[i]] = mirrored.values[i];
        mTouched[mirrored.vertices[i]] = 1;
    }
}

void PaintTool::applyLocalMasks(const std::vector<uint32_t> &vertices)
{
    // The mask operations are idempotent, so a vertex reached twice (itself and as a mirror)
    // ends the same.
    const std::vector<uint32_t> *mirror =
        mSettings.mirror == PaintMirror::Off ? nullptr : &mirrorMap();
    for (uint32_t v : vertices) {
        mMasks[v] = maskOp(mMasks[v]);
        mTouched[v] = 1;
        if (mirror && (*mirror)[v] != SurfaceHit::kNone) {
            const uint32_t m = (*mirror)[v];
            mMasks[m] = maskOp(mMasks[m]);
            mTouched[m] = 1;
        }
    }
}

void PaintTool::dab(const SurfaceHit &hit)
{
    const BrushSettings &brush = mSettings.brush;
    std::vector<uint32_t> vertices = visibleOnly(mBvh.verticesInSphere(hit.point, brush.radius));
    if (mSettings.target.mask) {
        applyLocalMasks(vertices);
    } else if (mSettings.tool == PaintToolKind::Smooth) {
        applyLocal(smoothDab(mPositions, mValues, graph(), vertices, hit.point, brush));
    } else {
        applyLocal(brushDab(mPositions, mValues, vertices, hit.point, brush));
    }
    mStrokeCenters.push_back(hit.point);
}

// Dabs along the way from the last dab to pixel, a quarter radius apart, so fast strokes leave
// no gaps and slow ones do not pile up dabs on the same spot.
void PaintTool::strokeTo(const QPointF &pixel)
{
    QElapsedTimer clock;
    clock.start();
    const SurfaceHit hit = pick(pixel);
    if (!hit.found())
        return;
    int dabs = 0;
    if (!mHasLastDab) {
        dab(hit);
        dabs = 1;
    } else {
        const float spacing = std::max(mSettings.brush.radius * 0.25f, 1e-4f);
        const float gap = distance(hit.point, mLastDab);
        if (gap < spacing)
            return;
        const int steps = std::clamp(int(gap / spacing), 1, 64);
        for (int i = 1; i <= steps; ++i) {
            const double f = double(i) / steps;
            const SurfaceHit between =
                i == steps ? hit : pick(mLastDabPixel + (pixel - mLastDabPixel) * f);
            if (between.found()) {
                dab(between);
                ++dabs;
            }
        }
    }
    mLastDab = hit.point;
    mLastDabPixel = pixel;
    mHasLastDab = true;
    updateColors();
    mDabMs += double(clock.nsecsElapsed()) / 1e6;
    mDabCount += dabs;
}

void PaintTool::commitEdit(const QString &text)
{
    if (!mEditing)
        return;
    mEditing = false;
    const int lod = mGeometryLod;
    const PaintChannels &channels = mDocument->asset().lods[size_t(lod)].channels;
    try {
        if (mSettings.target.mask) {
            const MaskChannel channel = MaskChannel(mSettings.target.channel);
            const std::vector<uint32_t> &old = channels[channel];
            std::vector<uint32_t> vertices, masks;
            for (uint32_t v = 0; v < mTouched.size(); ++v)
                if (mTouched[v] && (v >= old.size() || old[v] != mMasks[v])) {
                    vertices.push_back(v);
                    masks.push_back(mMasks[v]);
                }
            if (!vertices.empty())
                mDocument->paintMask(lod, channel, vertices, masks, text);
            emit status(tr("%n vertices changed", nullptr, int(vertices.size())));
        } else {
            const FloatChannel channel = FloatChannel(mSettings.target.channel);
            const std::vector<float> &old = channels[channel];
            ValueEdit edit;
            for (uint32_t v = 0; v < mTouched.size(); ++v)
                if (mTouched[v] && (v >= old.size() || old[v] != mValues[v])) {
                    edit.vertices.push_back(v);
                    edit.values.push_back(mValues[v]);
                }
            if (!edit.vertices.empty())
                mDocument->paintChannel(lod, channel, edit, text);
            emit status(tr("%n vertices changed", nullptr, int(edit.vertices.size())));
        }
    } catch (const tweed::InputError &error) {
        emit errorOccurred(QString::fromStdString(error.what()));
    }
    mTouched.clear();
    updateColors();
}

void PaintTool::cancelEdit()
{
    mEditing = false;
    mGesture = Gesture::None;
    mTouched.clear();
    mPolygon.clear();
    if (mActive)
        updateColors();
    mViewport->updateToolOverlay();
}

void PaintTool::fillAt(const SurfaceHit &hit)
{
    std::vector<uint32_t> vertices;
    if (mSettings.fillConnected) {
        // The corner nearest the hit seeds the region.
        const uint32_t *corner = &mIndices[size_t(hit.triangle) * 3];
        const int best = hit.bary.x >= hit.bary.y && hit.bary.x >= hit.bary.z ? 0
                         : hit.bary.y >= hit.bary.z                           ? 1
                                                                              : 2;
        vertices = connectedRegion(graph(), corner[best]);
    } else {
        vertices.resize(mPositions.size());
        for (uint32_t v = 0; v < vertices.size(); ++v)
            vertices[v] = v;
    }
    beginEdit();
    if (mSettings.target.mask)
        applyLocalMasks(vertices);
    else
        applyLocal(uniformEdit(vertices));
    commitEdit(mSettings.fillConnected ? tr("Fill region with %1").arg(channelText())
                                       : tr("Fill %1").arg(channelText()));
}

void PaintTool::gradientClick(const SurfaceHit &hit)
{
    if (mSettings.target.mask) {
        emit status(tr("Gradients paint value channels, not masks"));
        return;
    }
    if (!mGradientStart) {
        mGradientStart = hit;
        mGradientPoints = {hit.point};
        emit status(tr("Click where the gradient ends"));
        return;
    }
    const SurfaceHit from = *mGradientStart;
    mGradientStart.reset();
    mGradientPoints = {from.point, hit.point};
    beginEdit();
    applyLocal(gradientValues(mPositions, mIndices, graph(), mValues, from,
                              mSettings.brush.value, hit, mSettings.secondValue));
    commitEdit(tr("Gradient on %1").arg(channelText()));
}

void PaintTool::pickAt(const SurfaceHit &hit)
{
    const PaintChannels &channels = mDocument->asset().lods[size_t(mGeometryLod)].channels;
    if (mSettings.target.mask) {
        const uint32_t *corner = &mIndices[size_t(hit.triangle) * 3];
        const int best = hit.bary.x >= hit.bary.y && hit.bary.x >= hit.bary.z ? 0
                         : hit.bary.y >= hit.bary.z                           ? 1
                                                                              : 2;
        const auto &masks = channels[MaskChannel(mSettings.target.channel)];
        const uint32_t v = corner[best];
        emit maskPicked(v < masks.size() ? masks[v] : kDefaultMask);
    } else {
        emit valuePicked(pickValue(mIndices, channels[FloatChannel(mSettings.target.channel)], hit));
    }
}

void PaintTool::selectPolygon()
{
    std::vector<Vec2> polygon;
    for (const QPointF &p : std::as_const(mPolygon))
        polygon.push_back({float(p.x()), float(p.y())});
    mPolygon.clear();
    if (polygon.size() < 3)
        return;
    const QSize size = mViewport->renderSize();
    const std::vector<uint32_t> vertices =
        visibleOnly(verticesInPolygon(mPositions, mViewport->viewProjection(),
                                      float(size.width()), float(size.height()), polygon));
    beginEdit();
    if (mSettings.target.mask)
        applyLocalMasks(vertices);
    else
        applyLocal(uniformEdit(vertices));
    commitEdit(tr("Paint selection on %1").arg(channelText()));
}

// ---- Events ------------------------------------------------------------------------------

bool PaintTool::mousePress(QMouseEvent *event)
{
    // Only the plain left button paints; Alt and the other buttons still move the camera.
    if (!mActive || event->button() != Qt::LeftButton || event->modifiers() & Qt::AltModifier)
        return false;
    if (mGesture != Gesture::None || !prepareGeometry())
        return mGesture != Gesture::None;
    const QPointF pixel = event->position();
    switch (mSettings.tool) {
    case PaintToolKind::Brush:
    case PaintToolKind::Smooth:
        beginEdit();
        mGesture = Gesture::Stroke;
        mHasLastDab = false;
        mStrokeCenters.clear();
        strokeTo(pixel);
        break;
    case PaintToolKind::Lasso:
    case PaintToolKind::Box:
        mGesture = Gesture::Polygon;
        mPolygon = {pixel};
        break;
    case PaintToolKind::Fill:
    case PaintToolKind::Gradient:
    case PaintToolKind::Pick: {
        const SurfaceHit hit = pick(pixel);
        if (!hit.found())
            break;
        if (mSettings.tool == PaintToolKind::Fill)
            fillAt(hit);
        else if (mSettings.tool == PaintToolKind::Gradient)
            gradientClick(hit);
        else
            pickAt(hit);
        break;
    }
    }
    mViewport->updateToolOverlay();
    return true;
}

bool PaintTool::mouseMove(QMouseEvent *event)
{
    if (!mActive)
        return false;
    const QPointF pixel = event->position();
    switch (mGesture) {
    case Gesture::Stroke:
        prepareGeometry();
        strokeTo(pixel);
        updateHover(pixel);
        return true;
    case Gesture::Polygon:
        if (mSettings.tool == PaintToolKind::Box) {
            const QPointF a = mPolygon.front();
            mPolygon = QPolygonF({a, QPointF(pixel.x(), a.y()), pixel, QPointF(a.x(), pixel.y())});
        } else if (QLineF(mPolygon.back(), pixel).length() >= 2.0) {
            mPolygon << pixel;
        }
        mViewport->updateToolOverlay();
        return true;
    case Gesture::None:
        break;
    }
    if (event->buttons() == Qt::NoButton) // hovering
        updateHover(pixel);
    return false;
}

bool PaintTool::mouseRelease(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || mGesture == Gesture::None)
        return false;
    const Gesture gesture = mGesture;
    mGesture = Gesture::None;
    if (gesture == Gesture::Stroke) {
        prepareGeometry();
        strokeTo(event->position());
        commitEdit(mSettings.tool == PaintToolKind::Smooth ? tr("Smooth %1").arg(channelText())
                                                           : tr("Paint %1").arg(channelText()));
    } else {
        prepareGeometry();
        selectPolygon();
    }
    mViewport->updateToolOverlay();
    return true;
}

bool PaintTool::keyPress(QKeyEvent *event)
{
    if (!mActive)
        return false;
    if (event->key() == Qt::Key_BracketLeft || event->key() == Qt::Key_BracketRight) {
        const float factor = event->key() == Qt::Key_BracketLeft ? 0.8f : 1.25f;
        emit radiusRequested(std::clamp(mSettings.brush.radius * factor, 0.001f, 2.0f));
        return true;
    }
    if (event->key() != Qt::Key_Escape)
        return false;
    if (mGesture != Gesture::None) {
        cancelEdit();
        return true;
    }
    if (mGradientStart) {
        mGradientStart.reset();
        mGradientPoints.clear();
        mViewport->updateToolOverlay();
        return true;
    }
    return false;
}

void PaintTool::leave()
{
    mHoverPixel.reset();
    mHoverHit.reset();
    mSpheres.clear();
    mViewport->setLines(QStringLiteral("paint_spheres"), {}, {});
    mViewport->updateToolOverlay();
}

void PaintTool::updateHover(const QPointF &pixel)
{
    mHoverPixel = pixel;
    if (mGesture == Gesture::None && !prepareGeometry()) {
        mHoverHit.reset();
    } else {
        const SurfaceHit hit = pick(pixel);
        if (hit.found()) {
            mHoverHit = hit;
            updateSpheres(hit);
        } else {
            mHoverHit.reset();
            mSpheres.clear();
            mViewport->setLines(QStringLiteral("paint_spheres"), {}, {});
        }
    }
    mViewport->updateToolOverlay();
}

// The Max Distance sphere (centred at the vertex) and the backstop sphere (behind it along the
// normal) of the few vertices nearest the cursor.
void PaintTool::updateSpheres(const SurfaceHit &hit)
{
    if (!mTopologyValid || mPositions.empty() || mGeometryLod < 0)
        return;
    std::vector<uint32_t> near = mBvh.verticesInSphere(hit.point, mSettings.brush.radius);
    if (near.empty()) {
        const uint32_t *corner = &mIndices[size_t(hit.triangle) * 3];
        near = {corner[0], corner[1], corner[2]};
    }
    std::sort(near.begin(), near.end(), [&](uint32_t a, uint32_t b) {
        return distance(mPositions[a], hit.point) < distance(mPositions[b], hit.point);
    });
    std::vector<uint32_t> chosen; // one per position: seams duplicate vertices
    for (uint32_t v : near) {
        if (int(chosen.size()) == kSphereVertices)
            break;
        if (std::none_of(chosen.begin(), chosen.end(), [&](uint32_t c) {
                return distance(mPositions[c], mPositions[v]) < 1e-5f;
            }))
            chosen.push_back(v);
    }
    const std::vector<Vec3> normals = normalsAt(chosen);
    mSpheres.clear();
    for (size_t i = 0; i < chosen.size(); ++i) {
        const uint32_t v = chosen[i];
        const float maxDistance = floatValue(FloatChannel::MaxDistance, v);
        if (maxDistance > 0)
            mSpheres.push_back({v, mPositions[v], maxDistance, false});
        const float radius = floatValue(FloatChannel::BackstopRadius, v);
        const float gap = floatValue(FloatChannel::BackstopDistance, v);
        if (radius > 0 && length(normals[i]) > 0)
            mSpheres.push_back({v, mPositions[v] - normals[i] * (gap + radius), radius, true});
    }
    std::vector<Vec3> endpoints;
    std::vector<QColor> colors;
    for (const SphereMark &sphere : mSpheres)
        addSphere(endpoints, colors, sphere.center, sphere.radius,
                  sphere.backstop ? QColor(255, 90, 200) : QColor(90, 220, 255));
    mViewport->setLines(QStringLiteral("paint_spheres"), std::move(endpoints), std::move(colors),
                        true);
}

// ---- Display -----------------------------------------------------------------------------

void PaintTool::updateColors()
{
    if (!mActive)
        return;
    const ClothingAsset &asset = mDocument->asset();
    if (mSettings.lod < 0 || mSettings.lod >= int(asset.lods.size()))
        return;
    if (!mTopologyValid || mGeometryLod != mSettings.lod)
        prepareGeometry();
    const GraphicsLod &lod = asset.lods[size_t(mSettings.lod)];
    const bool mask = mSettings.target.mask;
    const float lo = mSettings.rampMin;
    const float span = std::max(mSettings.rampMax - mSettings.rampMin, 1e-9f);
    const auto floatColor = [lo, span](float value) { return rampColor((value - lo) / span); };
    const auto maskColor = [this](uint32_t m) {
        return m & mSettings.bits ? maskOnColor() : maskOffColor();
    };
    const bool editing = mEditing && !mTouched.empty();
    const std::vector<float> *values = nullptr;
    const std::vector<uint32_t> *masks = nullptr;
    if (mask)
        masks = editing ? &mMasks : &lod.channels[MaskChannel(mSettings.target.channel)];
    else
        values = editing ? &mValues : &lod.channels[FloatChannel(mSettings.target.channel)];

    const int physics = lod.physicsMesh;
    if (mSettings.showOnPhysics && physicsMeshAt(asset, physics)) {
        for (const GarmentPart &part : mParts)
            mViewport->setMeshColors(part.mesh, {});
        const PhysicsMesh &mesh = asset.physicsMeshes[size_t(physics)];
        std::vector<QColor> colors(mesh.vertexCount(), maskOffColor());
        if (editing) {
            // Preview through the channel binding, as the document will do at the end.
            const ChannelBinding &binding = mDocument->channelBinding(mSettings.lod);
            for (size_t p = 0; p < colors.size() && 3 * p + 2 < binding.corners.size(); ++p) {
                const uint32_t *c = &binding.corners[3 * p];
                const Vec3 &w = binding.bary[p];
                if (mask) {
                    const int best = w.x >= w.y && w.x >= w.z ? 0 : w.y >= w.z ? 1 : 2;
                    colors[p] = maskColor((*masks)[c[best]]);
                } else {
                    colors[p] = floatColor(w.x * (*values)[c[0]] + w.y * (*values)[c[1]] +
                                           w.z * (*values)[c[2]]);
                }
            }
        } else if (mask) {
            const auto &own = mesh.channels[MaskChannel(mSettings.target.channel)];
            for (size_t p = 0; p < colors.size() && p < own.size(); ++p)
                colors[p] = maskColor(own[p]);
        } else {
            const auto &own = mesh.channels[FloatChannel(mSettings.target.channel)];
            for (size_t p = 0; p < colors.size() && p < own.size(); ++p)
                colors[p] = floatColor(own[p]);
        }
        mViewport->setPhysicsColors(physics, std::move(colors));
        return;
    }
    if (physics >= 0)
        mViewport->setPhysicsColors(physics, {});
    for (const GarmentPart &part : mParts) {
        std::vector<QColor> colors(part.count);
        for (size_t i = 0; i < part.count; ++i) {
            const size_t v = part.first + i;
            if (mask)
                colors[i] = maskColor(v < masks->size() ? (*masks)[v] : kDefaultMask);
            else
                colors[i] = floatColor(v < values->size() ? (*values)[v] : 0.0f);
        }
        mViewport->setMeshColors(part.mesh, std::move(colors));
    }
}

void PaintTool::clearViewportState()
{
    if (mGesture != Gesture::None)
        cancelEdit();
    mEditing = false;
    mGradientStart.reset();
    mGradientPoints.clear();
    for (const GarmentPart &part : mParts)
        mViewport->setMeshColors(part.mesh, {});
    for (int p = 0; p < int(mDocument->asset().physicsMeshes.size()); ++p)
        mViewport->setPhysicsColors(p, {});
    mViewport->setLines(QStringLiteral("paint_spheres"), {}, {});
    mSpheres.clear();
    mHoverHit.reset();
    mHoverPixel.reset();
    mViewport->updateToolOverlay();
}

bool PaintTool::channelIsLength() const
{
    if (mSettings.target.mask)
        return false;
    const FloatChannel c = FloatChannel(mSettings.target.channel);
    return c == FloatChannel::MaxDistance || c == FloatChannel::BackstopRadius ||
           c == FloatChannel::BackstopDistance;
}

QString PaintTool::channelText() const
{
    if (mSettings.target.mask) {
        switch (MaskChannel(mSettings.target.channel)) {
        case MaskChannel::Physics:
            return tr("Physics");
        case MaskChannel::LatchMaster:
            return tr("Latch Master");
        case MaskChannel::LatchSlave:
            return tr("Latch Slave");
        case MaskChannel::Count:
            break;
        }
        return {};
    }
    switch (FloatChannel(mSettings.target.channel)) {
    case FloatChannel::MaxDistance:
        return tr("Max Distance");
    case FloatChannel::BackstopRadius:
        return tr("Backstop Radius");
    case FloatChannel::BackstopDistance:
        return tr("Backstop Distance");
    case FloatChannel::StiffnessScale:
        return tr("Stiffness Scale");
    case FloatChannel::DampingScale:
        return tr("Damping Scale");
    case FloatChannel::WindScale:
        return tr("Wind Scale");
    case FloatChannel::MassScale:
        return tr("Mass Scale");
    case FloatChannel::BendScale:
        return tr("Bend Scale");
    case FloatChannel::Count:
        break;
    }
    return {};
}

void PaintTool::paintOverlay(QPainter &painter, const QSize &size)
{
    if (!mActive)
        return;
    painter.setRenderHint(QPainter::Antialiasing);
    const auto outlined = [&painter](const auto &draw) {
        painter.setPen(QPen(QColor(0, 0, 0, 160), 3.0));
        draw();
        painter.setPen(QPen(QColor(255, 255, 255), 1.5));
        draw();
    };
    painter.setBrush(Qt::NoBrush);

    // Brush circle: the brush radius at the hit, measured across the view.
    const bool brushTool =
        mSettings.tool == PaintToolKind::Brush || mSettings.tool == PaintToolKind::Smooth;
    if (mHoverHit && brushTool) {
        const Vec3 view = mViewport->cameraDirection();
        Vec3 side = cross(view, Vec3{0, 1, 0});
        side = length(side) > 1e-4f ? normalize(side) : Vec3{1, 0, 0};
        const auto center = mViewport->project(mHoverHit->point);
        const auto edge = mViewport->project(mHoverHit->point + side * mSettings.brush.radius);
        if (center && edge) {
            const double r = QLineF(*center, *edge).length();
            outlined([&] { painter.drawEllipse(*center, r, r); });
            // The falloff's half-weight ring.
            if (mSettings.brush.falloff != Falloff::Constant) {
                double half = r;
                for (int i = 1; i <= 32; ++i) {
                    const float d = mSettings.brush.radius * float(i) / 32.0f;
                    if (falloffWeight(mSettings.brush.falloff, d, mSettings.brush.radius) < 0.5f) {
                        half = r * i / 32.0;
                        break;
                    }
                }
                painter.setPen(QPen(QColor(255, 255, 255, 140), 1.0, Qt::DashLine));
                painter.drawEllipse(*center, half, half);
            }
        }
    } else if (mHoverPixel && mGesture == Gesture::None) {
        const QPointF p = *mHoverPixel;
        outlined([&] {
            painter.drawLine(p + QPointF(-8, 0), p + QPointF(8, 0));
            painter.drawLine(p + QPointF(0, -8), p + QPointF(0, 8));
        });
    }
    // Gradient: the start point, and a line to the cursor while choosing the end.
    if (mSettings.tool == PaintToolKind::Gradient && mGradientStart) {
        if (const auto start = mViewport->project(mGradientStart->point)) {
            outlined([&] {
                painter.drawEllipse(*start, 4.0, 4.0);
                if (mHoverPixel)
                    painter.drawLine(*start, *mHoverPixel);
            });
        }
    }
    // Lasso or box being drawn.
    if (mGesture == Gesture::Polygon && mPolygon.size() > 1) {
        painter.setBrush(QColor(255, 255, 255, 40));
        painter.setPen(QPen(QColor(255, 255, 255), 1.0, Qt::DashLine));
        painter.drawPolygon(mPolygon);
        painter.setBrush(Qt::NoBrush);
    }

    // Legend: the ramp (or the mask colours) at the right edge.
    const QFontMetrics metrics(painter.font());
    const int barWidth = 18;
    const int barHeight = std::min(220, size.height() / 3);
    const int right = size.width() - 16;
    const int bottom = size.height() - 24;
    const QRect bar(right - barWidth, bottom - barHeight, barWidth, barHeight);
    const QString title = channelText();
    QStringList labels; // [above the ramp,] top, middle, bottom
    const std::vector<float> values = legendValues();
    const bool overflow = values.size() > 3;
    if (mSettings.target.mask) {
        labels << tr("bits set") << tr("bits clear");
    } else {
        const double scale = channelIsLength() ? mLengthScale : 1.0;
        const QString unit = channelIsLength() ? QStringLiteral(" ") + mLengthUnit : QString();
        const QLocale locale;
        const auto text = [&](double v) { return locale.toString(v * scale, 'g', 3) + unit; };
        for (float v : values)
            labels << text(v);
    }
    int labelWidth = metrics.horizontalAdvance(title);
    for (const QString &label : labels)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label) + barWidth + 8);
    const QRect panel(bar.right() - labelWidth - 10, bar.top() - metrics.height() - 12,
                      labelWidth + 18, barHeight + metrics.height() + 20);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(20, 22, 28, 170));
    painter.drawRoundedRect(panel, 4, 4);
    painter.setPen(QColor(235, 235, 235));
    painter.drawText(QPoint(panel.left() + 6, bar.top() - 8), title);
    if (mSettings.target.mask) {
        const QRect on(bar.left(), bar.top(), barWidth, barHeight / 2 - 2);
        const QRect off(bar.left(), bar.top() + barHeight / 2 + 2, barWidth, barHeight / 2 - 2);
        painter.fillRect(on, maskOnColor());
        painter.fillRect(off, maskOffColor());
        painter.drawText(QPoint(bar.left() - 6 - metrics.horizontalAdvance(labels[0]),
                                on.center().y() + metrics.ascent() / 2),
                         labels[0]);
        painter.drawText(QPoint(bar.left() - 6 - metrics.horizontalAdvance(labels[1]),
                                off.center().y() + metrics.ascent() / 2),
                         labels[1]);
    } else {
        // Painted values above the ramp show in its top colour: a band above it says how far
        // they go.
        const int band = overflow ? barHeight / 5 : 0;
        const QRect ramp(bar.left(), bar.top() + band, barWidth, barHeight - band);
        QLinearGradient gradient(ramp.bottomLeft(), ramp.topLeft());
        for (int i = 0; i <= 6; ++i)
            gradient.setColorAt(i / 6.0, rampColor(float(i) / 6.0f));
        painter.fillRect(ramp, gradient);
        std::vector<int> ys = {ramp.top(), ramp.center().y(), ramp.bottom()};
        if (overflow) {
            const QRect above(bar.left(), bar.top(), barWidth, band - 2);
            painter.fillRect(above, rampColor(1.0f));
            painter.fillRect(above, QBrush(QColor(20, 22, 28, 120), Qt::BDiagPattern));
            ys.insert(ys.begin(), above.top());
        }
        for (size_t i = 0; i < ys.size() && i < size_t(labels.size()); ++i)
            painter.drawText(QPoint(bar.left() - 6 - metrics.horizontalAdvance(labels[int(i)]),
                                    std::clamp(ys[i] + metrics.ascent() / 2, bar.top() + 8,
                                               bar.bottom() + 4)),
                             labels[int(i)]);
    }
}

std::vector<float> PaintTool::legendValues() const
{
    if (mSettings.target.mask)
        return {};
    std::vector<float> values = {mSettings.rampMax, 0.5f * (mSettings.rampMax + mSettings.rampMin),
                                 mSettings.rampMin};
    const ClothingAsset &asset = mDocument->asset();
    const int lod = mSettings.lod;
    if (lod < 0 || lod >= int(asset.lods.size()))
        return values;
    float top = mSettings.rampMax;
    for (float v : asset.lods[size_t(lod)].channels[FloatChannel(mSettings.target.channel)])
        top = std::max(top, v);
    if (top > mSettings.rampMax + 1e-6f * std::max(1.0f, std::abs(mSettings.rampMax)))
        values.insert(values.begin(), top);
    return values;
}

} // namespace tweed::editor
