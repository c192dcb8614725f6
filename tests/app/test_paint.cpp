// Painting through the real widgets: the Paint dock of a main window holding the sample's coat,
// mouse events sent to the viewport's 3D window at pixels where the coat is drawn, and the
// painted channels checked against geometry computed independently here (rays, spheres,
// surface distances, mirror maps, screen polygons) on the positions the viewport draws.
#include "document.h"
#include "main_window.h"
#include "object_names.h"
#include "paint/paint_dock.h"
#include "paint/paint_tool.h"
#include "playback.h"
#include "preferences.h"
#include "simulation/simulation_controller.h"
#include "ui_test_support.h"
#include "viewport/viewport.h"

#include "test_paths.h"

#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/paint.h"

#include <QAction>
#include <QComboBox>
#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

using namespace tweed;
using namespace tweed::editor;

namespace {

constexpr float kRadius = 0.10f; // metres

std::set<uint32_t> changedVertices(const std::vector<float> &before, const std::vector<float> &after)
{
    std::set<uint32_t> changed;
    for (uint32_t v = 0; v < after.size(); ++v)
        if (before[v] != after[v])
            changed.insert(v);
    return changed;
}

} // namespace

class TestPaint : public QObject
{
    Q_OBJECT

private:
    MainWindow *mWindow = nullptr;
    test::ScriptedPrompts *mPrompts = nullptr;
    PaintDock *mDock = nullptr;
    PaintTool *mTool = nullptr;
    Viewport *mViewport = nullptr;
    QWindow *mView3d = nullptr;
    std::vector<GarmentPart> mParts;
    VertexGraph mGraph;

    Document *document() const { return mWindow->document(); }
    const GraphicsLod &lod() const { return document()->asset().lods[0]; }
    const std::vector<float> &maxDistance() const
    {
        return lod().channels[FloatChannel::MaxDistance];
    }

    // The coat as the viewport draws it, in LoD vertex order.
    std::vector<Vec3> drawn() const
    {
        std::vector<Vec3> positions = lod().mesh.positions;
        for (const GarmentPart &part : mParts) {
            const auto &p = mViewport->skinnedPositions(part.mesh);
            std::copy(p.begin(), p.end(), positions.begin() + ptrdiff_t(part.first));
        }
        return positions;
    }
    ViewPoint viewPoint() const
    {
        return {mViewport->cameraPosition(), mViewport->cameraDirection(),
                mViewport->isOrthographic()};
    }
    SurfaceHit hitAt(const SurfaceBvh &bvh, QPointF pixel) const
    {
        const Viewport::Ray ray = mViewport->rayAt(pixel);
        return bvh.raycast(ray.origin, ray.direction);
    }

    void send(QEvent::Type type, QPointF pixel, Qt::MouseButton button, Qt::MouseButtons buttons,
              Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        test::sendMouse(mView3d, type, pixel, button, buttons, modifiers);
    }
    void stroke(const std::vector<QPointF> &pixels) { test::mouseStroke(mView3d, pixels); }
    void click(QPointF pixel) { stroke({pixel}); }

    void chooseChannel(int index)
    {
        test::child<QComboBox>(mDock, names::kPaintDockChannelComboBox)->setCurrentIndex(index);
    }
    void chooseTool(const char *name) { test::child<QToolButton>(mDock, name)->click(); }
    void setSpin(const char *name, double value)
    {
        test::child<QDoubleSpinBox>(mDock, name)->setValue(value);
    }
    void setCombo(const char *name, int index)
    {
        test::child<QComboBox>(mDock, name)->setCurrentIndex(index);
    }
    // Brush settings in centimetres (the test sets that unit).
    void brush(double radiusCm, double valueCm, int falloff, int mode = 0, double strength = 100)
    {
        setSpin(names::kPaintDockRadiusSpinBox, radiusCm);
        setSpin(names::kPaintDockValueSpinBox, valueCm);
        setSpin(names::kPaintDockStrengthSpinBox, strength);
        setCombo(names::kPaintDockFalloffComboBox, falloff);
        setCombo(names::kPaintDockModeComboBox, mode);
    }
    // Every Max Distance value back to value (one fill), so each case starts clean.
    void fillAll(double valueCm)
    {
        chooseChannel(0);
        chooseTool(names::kPaintDockFillButton);
        setCombo(names::kPaintDockFillScopeComboBox, 0);
        brush(10, valueCm, 0);
        click(coatPixel(0.5, 0.5));
        for (float v : maxDistance())
            QCOMPARE(v, float(valueCm / 100.0));
    }

    // A pixel on the visible coat at a fraction of its projected bounding box (fx right,
    // fy down).
    QPointF coatPixel(double fx, double fy) const
    {
        const auto pixel = test::surfacePixel(*mViewport, drawn(), lod().mesh.indices, fx, fy);
        if (!pixel)
            qFatal("no pixel shows the coat");
        return *pixel;
    }

private slots:
    void initTestCase()
    {
        mWindow = test::makeMainWindow("test_paint", &mPrompts).release();
        QVERIFY(mWindow);
        QVERIFY(test::openSampleCoat(*mWindow));
        mViewport = mWindow->viewport();
        mView3d = test::viewport3dWindow();
        QVERIFY(mView3d);

        mDock = test::child<PaintDock>(mWindow, names::kPaintDock);
        QVERIFY(mDock);
        mDock->show();
        mDock->raise();
        mTool = mDock->tool();
        mParts = garmentParts(document()->character(), lod().mesh);
        QCOMPARE(mParts.size(), size_t(1));
        QVERIFY(lod().physicsMesh >= 0);
        mGraph = buildVertexGraph(lod().mesh.positions, lod().mesh.indices);

        auto *activate = test::child<QToolButton>(mDock, names::kPaintDockActivateButton);
        activate->click();
        QVERIFY(mTool->isActive());
        QCOMPARE(mViewport->tool(), static_cast<ViewportTool *>(mTool));
        QVERIFY(test::child<QAction>(mWindow, names::kPaintDockPaintAction)->isChecked());
        QVERIFY(mWindow->toolsMenu()->actions().contains(
            test::child<QAction>(mWindow, names::kPaintDockPaintAction)));
    }

    void cleanupTestCase()
    {
        delete mWindow;
    }

    // A Set stroke with a 10 cm brush: only vertices within the radius of a dab change, the
    // physics mesh follows, and the whole stroke is one undo step that restores every value.
    void brushStrokeIsOneUndoStep()
    {
        fillAll(0);
        chooseChannel(0);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 20, int(Falloff::Smooth));
        QCOMPARE(mTool->settings().brush.radius, kRadius);
        QCOMPARE(mTool->settings().brush.value, 0.2f);

        const std::vector<float> before = maxDistance();
        const PaintChannels physicsBefore =
            document()->asset().physicsMeshes[size_t(lod().physicsMesh)].channels;
        const int steps = document()->undoStack()->count();
        const QPointF a = coatPixel(0.35, 0.45), b = coatPixel(0.65, 0.45);
        std::vector<QPointF> path;
        for (int i = 0; i <= 8; ++i)
            path.push_back(a + (b - a) * (i / 8.0));
        stroke(path);
        QCOMPARE(document()->undoStack()->count(), steps + 1);

        const std::vector<float> after = maxDistance();
        const std::set<uint32_t> changed = changedVertices(before, after);
        QVERIFY(changed.size() > 10);
        const std::vector<Vec3> positions = drawn();
        const std::vector<Vec3> &centers = mTool->lastStrokeCenters();
        QVERIFY(centers.size() >= 2);
        // The dabs lie on the coat along the stroke: each is within a radius of the rays'
        // hits computed here.
        const SurfaceBvh bvh(positions, lod().mesh.indices);
        std::vector<Vec3> hits;
        for (const QPointF &p : path) {
            const SurfaceHit hit = hitAt(bvh, p);
            QVERIFY(hit.found());
            hits.push_back(hit.point);
        }
        for (const Vec3 &c : centers) {
            float nearest = 1e9f;
            for (const Vec3 &h : hits)
                nearest = std::min(nearest, distance(c, h));
            QVERIFY2(nearest < kRadius, qPrintable(QString::number(nearest)));
        }
        float top = 0;
        for (uint32_t v = 0; v < after.size(); ++v) {
            float nearest = 1e9f;
            for (const Vec3 &c : centers)
                nearest = std::min(nearest, distance(positions[v], c));
            if (changed.count(v)) {
                QVERIFY2(nearest <= kRadius + 1e-4f, qPrintable(QString::number(nearest)));
                QVERIFY(after[v] > 0.0f && after[v] <= 0.2f + 1e-6f);
                top = std::max(top, after[v]);
            } else if (nearest > kRadius) {
                QCOMPARE(after[v], before[v]);
            }
        }
        QVERIFY(top > 0.18f);
        const PaintChannels physicsAfter =
            document()->asset().physicsMeshes[size_t(lod().physicsMesh)].channels;
        QVERIFY(physicsAfter[FloatChannel::MaxDistance] != physicsBefore[FloatChannel::MaxDistance]);
        const float physicsTop = *std::max_element(physicsAfter[FloatChannel::MaxDistance].begin(),
                                                   physicsAfter[FloatChannel::MaxDistance].end());
        QVERIFY(physicsTop > 0.05f && physicsTop <= 0.2f + 1e-6f);

        document()->undoStack()->undo();
        QVERIFY(maxDistance() == before);
        QVERIFY(document()->asset().physicsMeshes[size_t(lod().physicsMesh)].channels ==
                physicsBefore);
        document()->undoStack()->redo();
        QVERIFY(maxDistance() == after);
        QVERIFY(mTool->averageDabMs() > 0);
        qInfo("brush: %zu dabs, %.2f ms per dab with the colour update, %zu vertices changed",
              centers.size(), mTool->averageDabMs(), changed.size());
    }

    // Alt + left and the right button still move the camera and paint nothing.
    void navigationStillWorks()
    {
        const std::vector<float> before = maxDistance();
        const int steps = document()->undoStack()->count();
        const Vec3 eye = mViewport->cameraPosition();
        const QPointF p = coatPixel(0.5, 0.5);
        send(QEvent::MouseButtonPress, p, Qt::LeftButton, Qt::LeftButton, Qt::AltModifier);
        send(QEvent::MouseMove, p + QPointF(60, 10), Qt::NoButton, Qt::LeftButton,
             Qt::AltModifier);
        send(QEvent::MouseButtonRelease, p + QPointF(60, 10), Qt::LeftButton, Qt::NoButton,
             Qt::AltModifier);
        QVERIFY(distance(eye, mViewport->cameraPosition()) > 1e-3f);
        QVERIFY(maxDistance() == before);
        QCOMPARE(document()->undoStack()->count(), steps);
        mViewport->setCameraPreset(Viewport::CameraPreset::Perspective);
        mViewport->syncNow();
        // [ and ] change the brush radius.
        setSpin(names::kPaintDockRadiusSpinBox, 10);
        QKeyEvent smaller(QEvent::KeyPress, Qt::Key_BracketLeft, Qt::NoModifier, "[");
        QCoreApplication::sendEvent(mView3d, &smaller);
        QVERIFY(std::abs(mTool->settings().brush.radius - 0.08f) < 1e-4f);
        QCOMPARE(test::child<QDoubleSpinBox>(mDock, names::kPaintDockRadiusSpinBox)->value(), 8.0);
        QKeyEvent larger(QEvent::KeyPress, Qt::Key_BracketRight, Qt::NoModifier, "]");
        QCoreApplication::sendEvent(mView3d, &larger);
        QVERIFY(std::abs(mTool->settings().brush.radius - 0.1f) < 1e-4f);
    }

    // Fill: the whole mesh, then only the connected region under the cursor.
    void fill()
    {
        fillAll(0);
        const int steps = document()->undoStack()->count();
        fillAll(3);
        QCOMPARE(document()->undoStack()->count(), steps + 1);
        setCombo(names::kPaintDockFillScopeComboBox, 1);
        brush(10, 7, 0);
        const std::vector<float> before = maxDistance();
        click(coatPixel(0.5, 0.3));
        const std::set<uint32_t> changed = changedVertices(before, maxDistance());
        QVERIFY(!changed.empty());
        const std::vector<uint32_t> region = connectedRegion(mGraph, *changed.begin());
        QVERIFY(changed == std::set<uint32_t>(region.begin(), region.end()));
        for (uint32_t v : changed)
            QCOMPARE(maxDistance()[v], 0.07f);
        setCombo(names::kPaintDockFillScopeComboBox, 0);
    }

    // Smoothing a sharp edge between 0 and 20 cm: only vertices near the dab change, each to
    // the mean of its neighbours (full strength, constant falloff); a stroke is one step.
    void smooth()
    {
        fillAll(0);
        chooseTool(names::kPaintDockBoxButton);
        brush(10, 20, 0);
        const QPointF a = coatPixel(0.3, 0.3), b = coatPixel(0.5, 0.7);
        stroke({a, QPointF(b.x(), a.y()), b});
        const std::vector<float> before = maxDistance();
        QVERIFY(!changedVertices(std::vector<float>(before.size(), 0.0f), before).empty());

        chooseTool(names::kPaintDockSmoothButton);
        brush(10, 0, int(Falloff::Constant));
        const QPointF edge(b.x(), (a.y() + b.y()) / 2);
        click(edge);
        const std::vector<float> after = maxDistance();
        const std::set<uint32_t> changed = changedVertices(before, after);
        QVERIFY(changed.size() > 3);
        QCOMPARE(mTool->lastStrokeCenters().size(), size_t(1));
        const Vec3 center = mTool->lastStrokeCenters().front();
        const std::vector<Vec3> positions = drawn();
        for (uint32_t v : changed) {
            QVERIFY(distance(positions[v], center) <= kRadius + 1e-4f);
            double sum = 0;
            const uint32_t begin = mGraph.offsets[v], end = mGraph.offsets[v + 1];
            for (uint32_t k = begin; k < end; ++k)
                sum += before[mGraph.neighbours[k]];
            QVERIFY(end > begin);
            QVERIFY(std::abs(after[v] - sum / (end - begin)) < 1e-5);
        }
        // A drag across the edge is one step too.
        const int steps = document()->undoStack()->count();
        stroke({edge - QPointF(30, 0), edge, edge + QPointF(30, 0)});
        QCOMPARE(document()->undoStack()->count(), steps + 1);
        QVERIFY(mTool->lastStrokeCenters().size() > 1);
    }

    // A gradient from 0 to 10 cm between two clicks follows the surface distances.
    void gradient()
    {
        fillAll(0);
        chooseTool(names::kPaintDockGradientButton);
        brush(10, 0, 0);
        setSpin(names::kPaintDockSecondValueSpinBox, 10);
        const QPointF a = coatPixel(0.5, 0.15), b = coatPixel(0.5, 0.85);
        const int steps = document()->undoStack()->count();
        click(a);
        QCOMPARE(document()->undoStack()->count(), steps);
        click(b);
        QCOMPARE(document()->undoStack()->count(), steps + 1);

        const std::vector<Vec3> positions = drawn();
        const SurfaceBvh bvh(positions, lod().mesh.indices);
        const SurfaceHit ha = hitAt(bvh, a), hb = hitAt(bvh, b);
        QVERIFY(ha.found() && hb.found());
        const std::vector<float> dA = surfaceDistances(positions, lod().mesh.indices, mGraph, ha);
        const std::vector<float> dB = surfaceDistances(positions, lod().mesh.indices, mGraph, hb);
        const std::vector<float> &values = maxDistance();
        // The geodesic's length: the least dA + dB over the vertices.
        float between = std::numeric_limits<float>::infinity();
        for (size_t v = 0; v < dA.size(); ++v)
            between = std::min(between, dA[v] + dB[v]);
        QVERIFY(std::isfinite(between) && between > 0.1f);
        std::vector<std::pair<float, float>> path; // (dA, value) of vertices between the points
        for (uint32_t v = 0; v < values.size(); ++v) {
            if (!std::isfinite(dA[v]) || !std::isfinite(dB[v]))
                continue;
            const float expected = 0.1f * dA[v] / std::max(dA[v] + dB[v], 1e-9f);
            QVERIFY2(std::abs(values[v] - expected) < 1e-4f,
                     qPrintable(QString("%1 vs %2").arg(values[v]).arg(expected)));
            if (dA[v] + dB[v] <= between * 1.01f)
                path.push_back({dA[v], values[v]});
        }
        QVERIFY(path.size() >= 5);
        std::sort(path.begin(), path.end());
        for (size_t i = 1; i < path.size(); ++i)
            QVERIFY(path[i].second >= path[i - 1].second - 2.5e-3f);
        QVERIFY(path.front().second < 0.02f && path.back().second > 0.08f);
    }

    // Mirror X: a dab on one side paints the mirror vertices the same. The sample coat's
    // halves differ by up to 2 cm: by topology with a tight tolerance, by position with 2 cm.
    void mirrorX_data()
    {
        QTest::addColumn<bool>("topology");
        QTest::addColumn<double>("toleranceCm");
        QTest::newRow("topology") << true << 0.5;
        QTest::newRow("position") << false << 2.0;
    }
    void mirrorX()
    {
        QFETCH(bool, topology);
        QFETCH(double, toleranceCm);
        fillAll(0);
        chooseTool(names::kPaintDockBrushButton);
        brush(6, 15, int(Falloff::Linear));
        setCombo(names::kPaintDockMirrorComboBox, 1);
        setCombo(names::kPaintDockMirrorMethodComboBox, topology ? 1 : 0);
        setSpin(names::kPaintDockMirrorToleranceSpinBox, toleranceCm);
        const float tolerance = float(toleranceCm / 100.0);
        const std::vector<uint32_t> mirror =
            topology ? mirrorByTopology(lod().mesh.positions, lod().mesh.indices, mGraph,
                                        MirrorAxis::X, tolerance)
                     : mirrorByPosition(lod().mesh.positions, MirrorAxis::X, tolerance);
        click(coatPixel(0.3, 0.5));
        setCombo(names::kPaintDockMirrorComboBox, 0);
        const std::vector<float> &values = maxDistance();
        const std::set<uint32_t> changed =
            changedVertices(std::vector<float>(values.size(), 0.0f), values);
        QVERIFY(!changed.empty());
        const std::vector<Vec3> positions = drawn();
        const Vec3 center = mTool->lastStrokeCenters().front();
        // Where two painted vertices share a mirror (loose tolerances), one of them wins.
        std::map<uint32_t, int> targets;
        for (uint32_t v : changed)
            if (distance(positions[v], center) <= 0.06f + 1e-4f && mirror[v] != SurfaceHit::kNone)
                ++targets[mirror[v]];
        int painted = 0, mirrored = 0;
        for (uint32_t v : changed) {
            if (distance(positions[v], center) <= 0.06f + 1e-4f) {
                ++painted;
                if (mirror[v] != SurfaceHit::kNone) {
                    QVERIFY(values[mirror[v]] > 0.0f);
                    if (targets[mirror[v]] == 1)
                        QCOMPARE(values[mirror[v]], values[v]);
                    QVERIFY(lod().mesh.positions[mirror[v]].x * lod().mesh.positions[v].x < 0);
                }
            } else {
                ++mirrored;
            }
        }
        QVERIFY(painted > 3 && mirrored > 3);
    }

    // Pick: a click sets the dock's value to the value under the cursor.
    void pick()
    {
        fillAll(0);
        chooseTool(names::kPaintDockGradientButton);
        brush(10, 0, 0);
        setSpin(names::kPaintDockSecondValueSpinBox, 10);
        click(coatPixel(0.5, 0.1));
        click(coatPixel(0.5, 0.9));
        chooseTool(names::kPaintDockPickButton);
        const QPointF p = coatPixel(0.5, 0.5);
        click(p);
        const std::vector<Vec3> positions = drawn();
        const SurfaceBvh bvh(positions, lod().mesh.indices);
        const float expected = pickValue(lod().mesh.indices, maxDistance(), hitAt(bvh, p));
        QVERIFY(expected > 0.01f);
        auto *value = test::child<QDoubleSpinBox>(mDock, names::kPaintDockValueSpinBox);
        QVERIFY2(std::abs(value->value() - expected * 100.0) < 0.006,
                 qPrintable(QString("%1 vs %2").arg(value->value()).arg(expected * 100)));
    }

    // Box and lasso give the visible vertices inside the polygon the value, one step each.
    void boxAndLasso()
    {
        fillAll(0);
        for (const char *toolName : {names::kPaintDockBoxButton, names::kPaintDockLassoButton}) {
            chooseTool(toolName);
            brush(10, 4, 0);
            const bool box = QByteArray(toolName) == names::kPaintDockBoxButton;
            const QPointF a = coatPixel(box ? 0.2 : 0.55, 0.2), b = coatPixel(box ? 0.45 : 0.8, 0.6);
            std::vector<QPointF> path;
            std::vector<Vec2> polygon;
            if (box) {
                path = {a, QPointF((a.x() + b.x()) / 2, b.y()), b};
                polygon = {{float(a.x()), float(a.y())}, {float(b.x()), float(a.y())},
                           {float(b.x()), float(b.y())}, {float(a.x()), float(b.y())}};
            } else {
                path = {a, QPointF(b.x(), a.y()), b, QPointF(a.x(), b.y())};
                for (const QPointF &p : path)
                    polygon.push_back({float(p.x()), float(p.y())});
            }
            const std::vector<float> before = maxDistance();
            const int steps = document()->undoStack()->count();
            stroke(path);
            QCOMPARE(document()->undoStack()->count(), steps + 1);
            const std::vector<Vec3> positions = drawn();
            const SurfaceBvh bvh(positions, lod().mesh.indices);
            const QSize size = mViewport->renderSize();
            const std::vector<uint32_t> inside = visibleVertices(
                bvh, positions,
                verticesInPolygon(positions, mViewport->viewProjection(), float(size.width()),
                                  float(size.height()), polygon),
                viewPoint());
            std::set<uint32_t> expected;
            for (uint32_t v : inside)
                if (before[v] != 0.04f)
                    expected.insert(v);
            QVERIFY(expected.size() > 5);
            QVERIFY(changedVertices(before, maxDistance()) == expected);
        }
    }

    // Without paint-through a large brush reaches only what the camera sees; with it, the
    // hidden side too.
    void paintThrough()
    {
        const QPointF p = coatPixel(0.5, 0.5);
        const auto dabChanges = [&](bool through) {
            fillAll(0);
            test::child<QCheckBox>(mDock, names::kPaintDockPaintThroughCheckBox)
                ->setChecked(through);
            chooseTool(names::kPaintDockBrushButton);
            brush(50, 10, int(Falloff::Constant));
            click(p);
            return changedVertices(std::vector<float>(maxDistance().size(), 0.0f), maxDistance());
        };
        const std::set<uint32_t> front = dabChanges(false);
        const std::set<uint32_t> all = dabChanges(true);
        test::child<QCheckBox>(mDock, names::kPaintDockPaintThroughCheckBox)->setChecked(false);

        const std::vector<Vec3> positions = drawn();
        const SurfaceBvh bvh(positions, lod().mesh.indices);
        const std::vector<uint32_t> sphere =
            bvh.verticesInSphere(mTool->lastStrokeCenters().front(), 0.5f);
        const std::vector<uint32_t> visible = visibleVertices(bvh, positions, sphere, viewPoint());
        QVERIFY(front == std::set<uint32_t>(visible.begin(), visible.end()));
        QVERIFY(all == std::set<uint32_t>(sphere.begin(), sphere.end()));
        QVERIFY(all.size() > front.size() + 10);
    }

    // Mask channels: the latch slave groups a stroke clears, only the chosen bit, one step.
    void maskBits()
    {
        chooseChannel(int(kFloatChannelCount) + int(MaskChannel::LatchSlave));
        for (int bit = 0; bit < 32; ++bit) {
            auto *button = test::child<QToolButton>(mDock, qPrintable(
                QStringLiteral("PaintDock_BitsPicker_Bit%1").arg(bit)));
            QVERIFY(button && button->isEnabled());
            button->setChecked(bit == 3);
        }
        QCOMPARE(mTool->settings().bits, 1u << 3);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 0, int(Falloff::Smooth), int(PaintMode::Subtract));
        const std::vector<uint32_t> before = lod().channels[MaskChannel::LatchSlave];
        const int steps = document()->undoStack()->count();
        stroke({coatPixel(0.4, 0.5), coatPixel(0.6, 0.5)});
        QCOMPARE(document()->undoStack()->count(), steps + 1);
        const std::vector<uint32_t> &after = lod().channels[MaskChannel::LatchSlave];
        int cleared = 0;
        for (size_t v = 0; v < after.size(); ++v) {
            QCOMPARE(after[v] | (1u << 3), before[v] | (1u << 3));
            cleared += after[v] != before[v];
        }
        QVERIFY(cleared > 5);
        document()->undoStack()->undo();
        QVERIFY(lod().channels[MaskChannel::LatchSlave] == before);

        // Physics: always bit 0 (the group picker hides); a box with Subtract takes the boxed
        // visible vertices out of the simulation, a fill with Add puts everything back.
        chooseChannel(int(kFloatChannelCount) + int(MaskChannel::Physics));
        QVERIFY(!test::child<QWidget>(mDock, names::kPaintDockBitsPicker)->isVisibleTo(mDock));
        QCOMPARE(mTool->settings().bits, 1u);
        chooseTool(names::kPaintDockBoxButton);
        const QPointF a = coatPixel(0.3, 0.3), b = coatPixel(0.6, 0.6);
        stroke({a, b});
        const std::vector<uint32_t> &physics = lod().channels[MaskChannel::Physics];
        const size_t off = size_t(std::count_if(physics.begin(), physics.end(),
                                                [](uint32_t m) { return !(m & 1u); }));
        QVERIFY(off > 5 && off < physics.size() / 2);
        for (uint32_t m : physics)
            QVERIFY((m | 1u) == kDefaultMask);
        chooseTool(names::kPaintDockFillButton);
        setCombo(names::kPaintDockModeComboBox, int(PaintMode::Add));
        click(coatPixel(0.5, 0.5));
        for (uint32_t m : lod().channels[MaskChannel::Physics])
            QCOMPARE(m, kDefaultMask);
        setCombo(names::kPaintDockModeComboBox, 0);
        chooseChannel(0);
    }

    // Hovering shows the Max Distance sphere (at the vertex, radius Max Distance) and the
    // backstop sphere (behind the vertex along its normal: centre at Backstop Distance +
    // Backstop Radius, radius Backstop Radius) of the few vertices nearest the cursor.
    void hoverSpheres()
    {
        const int index = document()->undoStack()->index();
        const std::pair<int, double> fills[] = {{0, 5}, {1, 2}, {2, 1}};
        for (const auto &[channel, valueCm] : fills) {
            fillAll(0);
            chooseChannel(channel);
            chooseTool(names::kPaintDockFillButton);
            brush(10, valueCm, 0);
            click(coatPixel(0.5, 0.5));
            QCOMPARE(lod().channels[FloatChannel(channel)].front(), float(valueCm / 100));
        }
        chooseChannel(0);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 5, int(Falloff::Smooth));
        const QPointF p = coatPixel(0.45, 0.4);
        send(QEvent::MouseMove, p, Qt::NoButton, Qt::NoButton);
        QVERIFY(mViewport->hasLines("paint_spheres"));
        const auto &spheres = mTool->hoverSpheres();
        const std::vector<Vec3> positions = drawn();
        const SurfaceHit hit = hitAt(SurfaceBvh(positions, lod().mesh.indices), p);
        QVERIFY(hit.found());
        std::set<uint32_t> vertices;
        int backstops = 0;
        for (const PaintTool::SphereMark &sphere : spheres) {
            vertices.insert(sphere.vertex);
            QVERIFY(distance(positions[sphere.vertex], hit.point) <= kRadius);
            if (sphere.backstop) {
                ++backstops;
                QCOMPARE(sphere.radius, 0.02f);
                QVERIFY(std::abs(distance(sphere.center, positions[sphere.vertex]) - 0.03f) < 1e-5f);
                // Behind the surface as seen from the camera.
                QVERIFY(dot(sphere.center - positions[sphere.vertex],
                            mViewport->cameraDirection()) > 0);
            } else {
                QCOMPARE(sphere.radius, 0.05f);
                QVERIFY(distance(sphere.center, positions[sphere.vertex]) < 1e-6f);
            }
        }
        QVERIFY(vertices.size() >= 2 && vertices.size() <= 4);
        QCOMPARE(backstops, int(vertices.size()));
        mTool->leave();
        QVERIFY(!mViewport->hasLines("paint_spheres"));
        document()->undoStack()->setIndex(index);
        QCOMPARE(lod().channels[FloatChannel::BackstopRadius].front(), 0.0f);
    }

    // Painting while the simulation runs: the brush picks the simulated cloth as drawn, the
    // stroke is one step and the simulation keeps running (no reset).
    void paintWhileSimulating()
    {
        fillAll(0);
        mViewport->syncNow();
        const std::vector<Vec3> skinned = drawn();
        SimulationController *simulation = mWindow->simulation();
        simulation->setSimulating(true);
        for (int i = 0; i < 10; ++i)
            simulation->stepFrame();
        mViewport->syncNow();
        const int frames = simulation->framesSinceReset();
        QVERIFY(frames >= 10);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 20, int(Falloff::Smooth));
        const int steps = document()->undoStack()->count();
        stroke({coatPixel(0.4, 0.5), coatPixel(0.5, 0.5), coatPixel(0.6, 0.5)});
        QCOMPARE(document()->undoStack()->count(), steps + 1);
        // The brush picked the simulated coat as drawn (the clip is paused: only the
        // simulation moved it away from the skinned pose).
        const std::vector<Vec3> &picked = mTool->drawnPositions();
        const std::vector<Vec3> shown = drawn();
        float moved = 0;
        for (size_t v = 0; v < picked.size(); ++v) {
            QVERIFY(distance(picked[v], shown[v]) < 1e-6f);
            moved = std::max(moved, distance(picked[v], skinned[v]));
        }
        QVERIFY2(moved > 1e-3f, qPrintable(QString::number(moved)));
        const std::set<uint32_t> changed =
            changedVertices(std::vector<float>(maxDistance().size(), 0.0f), maxDistance());
        QVERIFY(changed.size() > 5);
        for (uint32_t v : changed) {
            float nearest = 1e9f;
            for (const Vec3 &c : mTool->lastStrokeCenters())
                nearest = std::min(nearest, distance(picked[v], c));
            QVERIFY(nearest <= kRadius + 1e-4f);
        }
        QVERIFY(simulation->isSimulating());
        QVERIFY(simulation->framesSinceReset() >= frames);
        simulation->setSimulating(false);
        mViewport->syncNow();
    }

    // Values painted above the ramp's range: the legend adds a band above the ramp labelled
    // with the largest painted value; within the range it shows the ramp alone.
    void legendCoversPaintedRange()
    {
        fillAll(0);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 30, int(Falloff::Constant));
        click(coatPixel(0.5, 0.5));
        setSpin(names::kPaintDockRampMinSpinBox, 0);
        setSpin(names::kPaintDockRampMaxSpinBox, 10);
        const float painted = *std::max_element(maxDistance().begin(), maxDistance().end());
        QVERIFY(std::abs(painted - 0.3f) < 1e-6f);
        std::vector<float> values = mTool->legendValues();
        QCOMPARE(values.size(), size_t(4));
        QCOMPARE(values[0], painted);
        QVERIFY(std::abs(values[1] - 0.1f) < 1e-6f);
        QCOMPARE(values[3], 0.0f);
        setSpin(names::kPaintDockRampMaxSpinBox, 40);
        values = mTool->legendValues();
        QCOMPARE(values.size(), size_t(3));
        QVERIFY(std::abs(values[0] - 0.4f) < 1e-6f);
    }

    // The colour ramp is what the viewport draws: painted red at the top of the range, blue
    // at 0; the colours go when painting is switched off. Also writes the guide's screenshot.
    void colorsAndScreenshot()
    {
        fillAll(0);
        chooseTool(names::kPaintDockBrushButton);
        brush(10, 20, int(Falloff::Smooth));
        const QPointF a = coatPixel(0.3, 0.35), b = coatPixel(0.7, 0.35);
        stroke({a, (a + b) / 2, b});
        setSpin(names::kPaintDockRampMinSpinBox, 0);
        setSpin(names::kPaintDockRampMaxSpinBox, 20);
        const QPointF c = coatPixel(0.5, 0.8);
        send(QEvent::MouseMove, (a + b) / 2, Qt::NoButton, Qt::NoButton);
        QVERIFY(mViewport->hasLines("paint_spheres"));
        const QImage frame = mViewport->grabFrame();
        const QColor painted = frame.pixelColor((a + b).toPoint() / 2 + QPoint(0, 3));
        const QColor blank = frame.pixelColor(c.toPoint());
        QVERIFY2(painted.red() > painted.blue() + 40,
                 qPrintable(QString("painted %1").arg(painted.name())));
        QVERIFY2(blank.blue() > blank.red() + 20, qPrintable(QString("blank %1").arg(blank.name())));
        if (const QByteArray dir = qgetenv("TWEED_DOC_IMAGES"); !dir.isEmpty()) {
            // The guide's picture: a gradient from the collar (0) to the hem (20 cm) as an
            // artist would start, the brush hovering over the chest.
            document()->undoStack()->undo();
            chooseTool(names::kPaintDockGradientButton);
            brush(10, 0, int(Falloff::Smooth));
            setSpin(names::kPaintDockSecondValueSpinBox, 20);
            click(coatPixel(0.5, 0.02));
            click(coatPixel(0.5, 0.98));
            chooseTool(names::kPaintDockBrushButton);
            send(QEvent::MouseMove, coatPixel(0.42, 0.3), Qt::NoButton, Qt::NoButton);
            QVERIFY(mWindow->grabWithViewport().save(QDir(QString::fromLocal8Bit(dir))
                                                         .filePath("painting.png")));
        }

        test::child<QToolButton>(mDock, names::kPaintDockActivateButton)->click();
        QVERIFY(!mTool->isActive());
        QVERIFY(!mViewport->hasLines("paint_spheres"));
        const QColor material = mViewport->grabFrame().pixelColor(c.toPoint());
        QVERIFY(material != blank);
        test::child<QToolButton>(mDock, names::kPaintDockActivateButton)->click();
        QVERIFY(mTool->isActive());
    }

    // Colours on the physics mesh turn its overlay on, and off again with the tool.
    void physicsDisplay()
    {
        QVERIFY(!mViewport->isOverlayVisible(Viewport::Overlay::PhysicsMesh));
        setCombo(names::kPaintDockDisplayComboBox, 1);
        QVERIFY(mViewport->isOverlayVisible(Viewport::Overlay::PhysicsMesh));
        QVERIFY(
            test::child<QAction>(mWindow, names::kMainWindowViewPhysicsMeshAction)->isChecked());
        test::child<QToolButton>(mDock, names::kPaintDockActivateButton)->click();
        QVERIFY(!mViewport->isOverlayVisible(Viewport::Overlay::PhysicsMesh));
        setCombo(names::kPaintDockDisplayComboBox, 0);
    }

    // The exponential mass gradient from the pinned region: the top rows of the coat pinned,
    // factor 2 over 4 levels: 16 at the pins, halving level by level down to 1; one undo step.
    void exponentialMassGradient()
    {
        const GraphicsMesh &mesh = lod().mesh;
        float top = -INFINITY, bottom = INFINITY;
        for (const Vec3 &p : mesh.positions) {
            top = std::max(top, p.y);
            bottom = std::min(bottom, p.y);
        }
        ValueEdit pins;
        for (uint32_t v = 0; v < mesh.vertexCount(); ++v) {
            pins.vertices.push_back(v);
            pins.values.push_back(mesh.positions[v].y > top - 0.05f * (top - bottom) ? 0.0f
                                                                                    : 0.05f);
        }
        document()->paintChannel(0, FloatChannel::MaxDistance, pins, QStringLiteral("Pin"));
        auto *factor = test::child<QDoubleSpinBox>(mDock, names::kPaintDockMassFactorSpinBox);
        auto *levels = test::child<QSpinBox>(mDock, names::kPaintDockMassLevelsSpinBox);
        QVERIFY(factor && levels);
        factor->setValue(2.0);
        levels->setValue(4);
        const std::vector<float> before = lod().channels[FloatChannel::MassScale];
        const int steps = document()->undoStack()->count();
        auto *apply = test::child<QPushButton>(mDock, names::kPaintDockMassGradientButton);
        QVERIFY(apply && apply->isEnabled());
        apply->click();
        QCOMPARE(document()->undoStack()->count(), steps + 1);
        QCOMPARE(document()->undoStack()->undoText(), QStringLiteral("Exponential Mass Gradient"));
        const std::vector<float> &mass = lod().channels[FloatChannel::MassScale];
        std::map<float, int> counts;
        for (uint32_t v = 0; v < mesh.vertexCount(); ++v) {
            ++counts[mass[v]];
            if (pins.values[v] == 0.0f) QCOMPARE(mass[v], 16.0f);
        }
        for (float value : {16.0f, 8.0f, 4.0f, 2.0f, 1.0f})
            QVERIFY2(counts[value] > 0, qPrintable(QString::number(double(value))));
        QCOMPARE(counts.size(), size_t(5)); // nothing but the five levels' values
        // Across every edge the mass changes by at most one level: a factor of 2.
        for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
            for (int k = 0; k < 3; ++k) {
                const float a = mass[mesh.indices[t + size_t(k)]];
                const float b = mass[mesh.indices[t + size_t((k + 1) % 3)]];
                QVERIFY(std::max(a, b) / std::min(a, b) <= 2.0f);
            }
        // One undo puts every value back.
        document()->undoStack()->undo();
        QCOMPARE(lod().channels[FloatChannel::MassScale], before);
        document()->undoStack()->undo();
    }
};

QTEST_MAIN(TestPaint)
#include "test_paint.moc"
