// The viewport renders the sample character: a grabbed frame shows it covering a plausible share
// of the view, overlays change the image, framing fits the character, navigation moves the
// camera, and the skinned meshes follow playback. Runs under xvfb-run with Mesa's software GL.
#include "document.h"
#include "playback.h"
#include "test_paths.h"
#include "viewport/scene_geometry.h"
#include "viewport/viewport.h"

#include <Qt3DCore/QEntity>
#include <Qt3DRender/QMaterial>

#include <QFileInfo>
#include <QImage>
#include <QLineF>
#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <tuple>

using namespace tweed;
using namespace tweed::editor;

namespace {

// Seeded random draws for the tests that try many set-ups: unit directions and numbers in [0, 1).
struct RandomDraws
{
    explicit RandomDraws(unsigned seed) : random(seed) {}
    Vec3 direction() { return normalize(Vec3{gauss(random), gauss(random), gauss(random)}); }
    float uniform() { return unit(random); }

    std::mt19937 random;
    std::normal_distribution<float> gauss;
    std::uniform_real_distribution<float> unit{0, 1};
};

// The sample character, or a skinned model from assimp-testmodels when the sample is missing.
QString characterPath()
{
    const QString sample = QString::fromStdString(test::kSampleCharacter);
    if (QFileInfo::exists(sample))
        return sample;
    return QString::fromStdString(test::kTestModels + "/X/dwarf.x");
}

// Pixels whose colour differs clearly between two frames of the same size; the frame-time
// read-out in the top-left corner is left out (its text, and so its width, changes from frame
// to frame).
int differingPixels(const QImage &a, const QImage &b)
{
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            if (row < 40 && col < 640)
                continue;
            const int d = std::max({std::abs(qRed(p[col]) - qRed(q[col])),
                                    std::abs(qGreen(p[col]) - qGreen(q[col])),
                                    std::abs(qBlue(p[col]) - qBlue(q[col]))});
            if (d > 24)
                ++count;
        }
    }
    return count;
}

// The area of the convex hull of `points` (Andrew's monotone chain).
double outlineArea(std::vector<Vec2> points)
{
    std::sort(points.begin(), points.end(),
              [](const Vec2 &a, const Vec2 &b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    const auto turn = [](const Vec2 &o, const Vec2 &a, const Vec2 &b) {
        return double(a.x - o.x) * (b.y - o.y) - double(a.y - o.y) * (b.x - o.x);
    };
    std::vector<Vec2> hull(2 * points.size());
    size_t k = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
        hull[k++] = points[i];
    }
    for (size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
        hull[k++] = points[i];
    }
    double area = 0;
    for (size_t i = 0; i + 1 < k; ++i)
        area += double(hull[i].x) * hull[i + 1].y - double(hull[i + 1].x) * hull[i].y;
    return std::abs(area) / 2;
}

// Normalised device coordinates of the character's bounding-box corners.
std::vector<Vec3> projectedCorners(const Viewport &viewport)
{
    const auto [lo, hi] = viewport.characterBounds();
    const Mat4 m = viewport.viewProjection();
    std::vector<Vec3> corners;
    for (int c = 0; c < 8; ++c) {
        const Vec3 p{c & 1 ? hi.x : lo.x, c & 2 ? hi.y : lo.y, c & 4 ? hi.z : lo.z};
        const float w = m(3, 0) * p.x + m(3, 1) * p.y + m(3, 2) * p.z + m(3, 3);
        corners.push_back(m.transformPoint(p) / w);
    }
    return corners;
}

void sendMouse(CameraController *controller, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers)
{
    QMouseEvent event(type, QPointF(pos), QPointF(pos), button, buttons, modifiers);
    controller->eventFilter(nullptr, &event);
}

void drag(CameraController *controller, Qt::MouseButton button, Qt::KeyboardModifiers modifiers,
          QPoint delta)
{
    const QPoint start(300, 300);
    sendMouse(controller, QEvent::MouseButtonPress, start, button, button, modifiers);
    sendMouse(controller, QEvent::MouseMove, start + delta, Qt::NoButton, button, modifiers);
    sendMouse(controller, QEvent::MouseButtonRelease, start + delta, button, Qt::NoButton,
              modifiers);
}

} // namespace

class TestViewport : public QObject
{
    Q_OBJECT

private:
    Document *mDocument = nullptr;
    Playback *mPlayback = nullptr;
    QWidget *mWindow = nullptr;
    Viewport *mViewport = nullptr;
    LoadedDocument mLoaded;

    void reload()
    {
        mDocument->replace(mLoaded);
        mViewport->syncNow();
    }

private slots:
    void initTestCase()
    {
        mLoaded = loadCharacterFile(characterPath());
        QVERIFY(!mLoaded.character.meshes.empty());
        // A collision volume on a bone in the middle of the body, to be drawn as an overlay.
        const Skeleton &skeleton = mLoaded.character.skeleton;
        CollisionVolume volume;
        volume.name = "Torso";
        volume.bone = skeleton.find("Chest") >= 0 ? skeleton.find("Chest")
                                                  : int(skeleton.bones.size() / 2);
        volume.radii = {0.2f, 0.25f, 0.15f};
        mLoaded.asset.collisionVolumes.push_back(volume);
        mDocument = new Document(this);
        mPlayback = new Playback(mDocument, this);
        mWindow = new QWidget;
        auto *layout = new QVBoxLayout(mWindow);
        layout->setContentsMargins(0, 0, 0, 0);
        mViewport = new Viewport(mDocument, mPlayback, mWindow);
        layout->addWidget(mViewport);
        mWindow->resize(960, 640);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow));
        QCOMPARE(mViewport->objectName(), QStringLiteral("Viewport"));
        reload();
        mPlayback->setTime(0.3);
    }

    void cleanupTestCase() { delete mWindow; }

    void characterCoversAPlausibleShareOfTheView()
    {
        mViewport->setOverlayVisible(Viewport::Overlay::Grid, false);
        const QImage withCharacter = mViewport->grabFrame();
        QVERIFY(!withCharacter.isNull());
        QVERIFY(withCharacter.width() > 100 && withCharacter.height() > 100);
        // TWEED_VIEWPORT_FRAME=path.png keeps the frame for a look.
        if (!qEnvironmentVariableIsEmpty("TWEED_VIEWPORT_FRAME"))
            withCharacter.save(qEnvironmentVariable("TWEED_VIEWPORT_FRAME"));

        // The same camera on an empty document shows the background alone.
        mDocument->clear();
        const QImage background = mViewport->grabFrame();
        QCOMPARE(background.size(), withCharacter.size());
        const double share = double(differingPixels(withCharacter, background)) /
                             double(withCharacter.width() * withCharacter.height());
        qInfo("character covers %.1f%% of the frame", 100 * share);
        QVERIFY2(share > 0.03 && share < 0.70, qPrintable(QString::number(share)));

        reload();
        mViewport->setOverlayVisible(Viewport::Overlay::Grid, true);
    }

    void overlaysChangeTheImage()
    {
        const QImage plain = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::Wireframe, true);
        const QImage wireframe = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::Wireframe, false);
        mViewport->setOverlayVisible(Viewport::Overlay::Skeleton, true);
        mViewport->setOverlayVisible(Viewport::Overlay::BoneNames, true);
        const QImage skeleton = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::Skeleton, false);
        mViewport->setOverlayVisible(Viewport::Overlay::BoneNames, false);
        mViewport->setOverlayVisible(Viewport::Overlay::Normals, true);
        const QImage normals = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::Normals, false);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        const QImage volumes = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        const QImage again = mViewport->grabFrame();

        const int pixels = plain.width() * plain.height();
        QVERIFY(differingPixels(plain, normals) > pixels / 500);
        QVERIFY(differingPixels(plain, volumes) > pixels / 500);
        if (!mDocument->asset().physicsMeshes.empty()) {
            mViewport->setOverlayVisible(Viewport::Overlay::PhysicsMesh, true);
            const QImage physics = mViewport->grabFrame();
            mViewport->setOverlayVisible(Viewport::Overlay::PhysicsMesh, false);
            QVERIFY(differingPixels(plain, physics) > pixels / 500);
        }
        QVERIFY2(differingPixels(plain, wireframe) > pixels / 200,
                 qPrintable(QString::number(differingPixels(plain, wireframe))));
        QVERIFY2(differingPixels(plain, skeleton) > pixels / 500,
                 qPrintable(QString::number(differingPixels(plain, skeleton))));
        // Turning them off again restores the picture.
        QVERIFY(differingPixels(plain, again) < pixels / 1000);
    }

    void frameAllFitsTheCharacterInTheView()
    {
        CameraController *camera = mViewport->cameraController();
        camera->orbit(QPoint(230, 60));
        camera->zoom(-8); // far away: the character is small
        float before = 0;
        for (const Vec3 &p : projectedCorners(*mViewport))
            before = std::max({before, std::abs(p.x), std::abs(p.y)});
        QVERIFY2(before < 0.5f, qPrintable(QString::number(before)));

        for (auto preset : {Viewport::CameraPreset::Perspective, Viewport::CameraPreset::Front,
                            Viewport::CameraPreset::Side, Viewport::CameraPreset::Top}) {
            if (preset == Viewport::CameraPreset::Perspective)
                mViewport->frameAll();
            else
                mViewport->setCameraPreset(preset);
            float extent = 0;
            for (const Vec3 &p : projectedCorners(*mViewport)) {
                QVERIFY2(std::abs(p.x) <= 1.0f && std::abs(p.y) <= 1.0f,
                         qPrintable(QStringLiteral("%1 %2").arg(p.x).arg(p.y)));
                extent = std::max({extent, std::abs(p.x), std::abs(p.y)});
            }
            // Framed, not lost in the distance: the box reaches most of the way to an edge.
            QVERIFY2(extent > 0.7f, qPrintable(QString::number(extent)));
        }
        QVERIFY(camera->isOrthographic()); // Top is orthographic
        camera->orbit(QPoint(10, 0));
        QVERIFY(!camera->isOrthographic()); // orbiting returns to perspective
        mViewport->setCameraPreset(Viewport::CameraPreset::Perspective);
    }

    void frameSelectedFitsTheSelection()
    {
        const Skeleton &skeleton = mDocument->character().skeleton;
        QVERIFY(!skeleton.bones.empty());
        mViewport->setSelection({{}, {int(skeleton.bones.size()) - 1}, {}, {}});
        mViewport->frameSelected();
        const float selectedDistance = mViewport->cameraController()->distance();
        mViewport->setSelection({});
        mViewport->frameSelected(); // nothing selected: everything
        QVERIFY(selectedDistance < 0.5f * mViewport->cameraController()->distance());
    }

    void navigationStylesMoveTheCamera()
    {
        CameraController *camera = mViewport->cameraController();
        mViewport->setNavigationStyle(Viewport::NavigationStyle::Maya);
        float yaw = camera->yaw();
        drag(camera, Qt::LeftButton, Qt::NoModifier, {80, 0}); // no Alt: not navigation
        QCOMPARE(camera->yaw(), yaw);
        drag(camera, Qt::LeftButton, Qt::AltModifier, {80, 0});
        QVERIFY(camera->yaw() != yaw);
        QVector3D target = camera->target();
        drag(camera, Qt::MiddleButton, Qt::AltModifier, {40, 30});
        QVERIFY(camera->target() != target);
        float distance = camera->distance();
        drag(camera, Qt::RightButton, Qt::AltModifier, {60, 0});
        QVERIFY(camera->distance() < distance);

        mViewport->setNavigationStyle(Viewport::NavigationStyle::Blender);
        QCOMPARE(mViewport->navigationStyle(), Viewport::NavigationStyle::Blender);
        yaw = camera->yaw();
        drag(camera, Qt::LeftButton, Qt::AltModifier, {80, 0}); // Maya's orbit does nothing
        QCOMPARE(camera->yaw(), yaw);
        drag(camera, Qt::MiddleButton, Qt::NoModifier, {80, 0});
        QVERIFY(camera->yaw() != yaw);
        target = camera->target();
        drag(camera, Qt::MiddleButton, Qt::ShiftModifier, {40, 30});
        QVERIFY(camera->target() != target);
        distance = camera->distance();
        QWheelEvent wheel(QPointF(300, 300), QPointF(300, 300), QPoint(), QPoint(0, 240),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        camera->eventFilter(nullptr, &wheel);
        QVERIFY(camera->distance() < distance);
        mViewport->setNavigationStyle(Viewport::NavigationStyle::Maya);
        mViewport->setCameraPreset(Viewport::CameraPreset::Perspective);
    }

    void skinnedMeshesFollowPlayback()
    {
        QVERIFY(mPlayback->clipCount() > 0);
        mPlayback->setTime(0.1);
        mViewport->syncNow();
        const std::vector<Vec3> early = mViewport->skinnedPositions(0);
        QCOMPARE(early.size(), mDocument->character().meshes[0].vertexCount());
        mPlayback->setTime(0.5 * mPlayback->duration());
        mViewport->syncNow();
        const std::vector<Vec3> &late = mViewport->skinnedPositions(0);
        float moved = 0;
        for (size_t v = 0; v < early.size(); ++v)
            moved = std::max(moved, distance(early[v], late[v]));
        QVERIFY2(moved > 0.01f, qPrintable(QString::number(moved)));
    }

    void documentChangesRebuildTheScene()
    {
        mDocument->clear();
        mViewport->syncNow();
        QVERIFY(mViewport->skinnedPositions(0).empty());
        reload();
        QCOMPARE(mViewport->skinnedPositions(0).size(),
                 mDocument->character().meshes[0].vertexCount());
    }

    void frameTimeIsMeasuredWhilePlaying()
    {
        QSignalSpy frames(mViewport, &Viewport::frameRendered);
        mPlayback->play();
        QTRY_VERIFY_WITH_TIMEOUT(frames.count() > 10, 20000);
        mPlayback->pause();
        QVERIFY(mViewport->lastFrameMs() > 0 && std::isfinite(mViewport->lastFrameMs()));
        QVERIFY(mViewport->lastSkinningMs() > 0);
        qInfo("frame %.1f ms, skinning %.2f ms", mViewport->lastFrameMs(),
              mViewport->lastSkinningMs());
    }

    // The read-out names the OpenGL renderer, as the driver names itself to a context of the
    // test's own (llvmpipe under xvfb-run with LIBGL_ALWAYS_SOFTWARE=1).
    void frameTimeReadoutNamesTheRenderer()
    {
        QOffscreenSurface surface;
        surface.setFormat(QSurfaceFormat::defaultFormat());
        surface.create();
        QOpenGLContext context;
        context.setFormat(QSurfaceFormat::defaultFormat());
        QVERIFY(context.create());
        QVERIFY(context.makeCurrent(&surface));
        const QString renderer =
            QString::fromLatin1(reinterpret_cast<const char *>(
                                    context.functions()->glGetString(GL_RENDERER)))
                .trimmed();
        context.doneCurrent();
        QVERIFY(!renderer.isEmpty());
        QCOMPARE(mViewport->rendererName(), renderer);
        if (qgetenv("LIBGL_ALWAYS_SOFTWARE") == "1")
            QVERIFY2(renderer.contains(QLatin1String("llvmpipe")) ||
                         renderer.contains(QLatin1String("softpipe")),
                     qPrintable(renderer));
        mPlayback->play();
        QTRY_VERIFY_WITH_TIMEOUT(mViewport->readoutText().contains(QLatin1String("ms/frame")),
                                 20000);
        mPlayback->pause();
        QVERIFY2(mViewport->readoutText().contains(renderer), qPrintable(mViewport->readoutText()));
        // A software renderer lights per vertex and the read-out says so; a GPU per pixel.
        if (qEnvironmentVariableIsEmpty("TWEED_VIEWPORT_LIGHTING"))
            QCOMPARE(mViewport->isLitPerVertex(), isSoftwareRenderer(renderer));
        QCOMPARE(mViewport->readoutText().contains(QLatin1String(", lit per vertex")),
                 mViewport->isLitPerVertex());
        // A software renderer draws one sample per pixel (multisampling costs it two thirds of
        // the frame), a GPU Qt3D's 4; the read-out says which. The count is in the default
        // format too, which Qt3D's renderer gives the context it draws with.
        if (qEnvironmentVariableIsEmpty("TWEED_VIEWPORT_SAMPLES"))
            QCOMPARE(mViewport->samples() <= 1, isSoftwareRenderer(renderer));
        QCOMPARE(QSurfaceFormat::defaultFormat().samples(), mViewport->samples());
        QCOMPARE(mViewport->readoutText().endsWith(QLatin1String(", no multisampling")),
                 mViewport->samples() <= 1);
        QVERIFY(isSoftwareRenderer(QStringLiteral("llvmpipe (LLVM 15.0.6, 256 bits)")));
        QVERIFY(!isSoftwareRenderer(QStringLiteral("NVIDIA GeForce RTX 3060/PCIe/SSE2")));
    }

    // `tweed --startup-report` names the renderer as the read-out does, with what it leaves
    // out on a software renderer.
    void startupReportNamesTheRenderer()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QProcess editor;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // A fresh editor: no saved layout or autosave to offer.
        for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
            env.insert(QString::fromLatin1(name), dir.path());
        editor.setProcessEnvironment(env);
        editor.start(QStringLiteral(TWEED_EDITOR_PATH),
                     {QStringLiteral("--empty"), QStringLiteral("--startup-report"),
                      QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png"))});
        QVERIFY(editor.waitForFinished(120000));
        const QString report = QString::fromLocal8Bit(editor.readAllStandardError());
        QCOMPARE(editor.exitCode(), 0);
        QVERIFY2(report.contains(QStringLiteral("tweed: renderer ") + mViewport->rendererLabel() +
                                 QLatin1Char('\n')),
                 qPrintable(report));
        QVERIFY2(report.contains(mViewport->rendererName()), qPrintable(report));
    }

    // `tweed --frame-times N --show-volumes off,xray,wireframe` gives the looks turns in one
    // run and reports each on its own line with N frames (what the volumes cost is measured
    // against the same load); several looks without --frame-times, or an unknown look in the
    // list, are refused.
    void frameTimesTakeTurnsOverVolumeLooks()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto run = [&dir](const QStringList &args, QString *report) {
            QProcess editor;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
                env.insert(QString::fromLatin1(name), dir.path());
            editor.setProcessEnvironment(env);
            editor.start(QStringLiteral(TWEED_EDITOR_PATH), args);
            if (!editor.waitForFinished(180000))
                return -1;
            *report = QString::fromLocal8Bit(editor.readAllStandardError());
            return editor.exitCode();
        };
        QString report;
        QCOMPARE(run({QStringLiteral("--show-volumes"), QStringLiteral("off,xray,wireframe"),
                      QStringLiteral("--frame-times"), QStringLiteral("12")},
                     &report),
                 0);
        for (const char *look : {"off", "xray", "wireframe"}) {
            const QRegularExpression line(
                QStringLiteral("tweed: frame times \\(volumes %1\\): median [0-9.]+ ms, cpu "
                               "[0-9.]+ ms per frame, ([0-9]+) frames")
                    .arg(QLatin1String(look)));
            const QRegularExpressionMatch match = line.match(report);
            QVERIFY2(match.hasMatch(), qPrintable(report));
            QVERIFY2(match.captured(1).toInt() >= 12, qPrintable(report));
        }
        QVERIFY2(!report.contains(QStringLiteral("frame times: median")), qPrintable(report));
        QCOMPARE(run({QStringLiteral("--show-volumes"), QStringLiteral("off,xray"),
                      QStringLiteral("--empty")},
                     &report),
                 2);
        QCOMPARE(run({QStringLiteral("--show-volumes"), QStringLiteral("off,glass"),
                      QStringLiteral("--frame-times"), QStringLiteral("12")},
                     &report),
                 2);
        QVERIFY2(report.contains(QStringLiteral("\"glass\"")), qPrintable(report));
    }

    // Volumes rebuilt while their overlay is off (a new look, an opened file) stay hidden: the
    // frame is the same pixel for pixel, and shows them once the overlay is on.
    void hiddenVolumesAreNotDrawn()
    {
        mPlayback->pause();
        // Shown once first, so that the volumes' buffers hold a pose: hiding them must stop
        // drawing them, not find them empty.
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        const QImage shown = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        const QImage before = mViewport->grabFrame();
        QVERIFY(!before.isNull());
        QVERIFY(differingPixels(before, shown) > 200);
        QVERIFY(mViewport->isCollisionXRay());
        mViewport->setCollisionXRay(false);
        mViewport->setCollisionXRay(true);
        QCOMPARE(differingPixels(before, mViewport->grabFrame()), 0);
        const double time = mPlayback->time();
        reload();
        mPlayback->setTime(time);
        QCOMPARE(differingPixels(before, mViewport->grabFrame()), 0);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        QVERIFY(differingPixels(before, mViewport->grabFrame()) > 200);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        QCOMPARE(differingPixels(before, mViewport->grabFrame()), 0);
    }

    // Round volumes are ray cast inside a proxy polyhedron: every point of the exact shape lies
    // inside it (no pixel of the shape is cut), and it hugs the shape better than the bounding
    // box (fewer pixels shaded for nothing).
    void roundVolumeProxiesEncloseTheShape()
    {
        const auto volumeOf = [](const scene::RoundVolumeProxy &p) {
            double v = 0;
            for (size_t t = 0; t + 2 < p.triangles.size(); t += 3)
                v += dot(p.corners[p.triangles[t]],
                         cross(p.corners[p.triangles[t + 1]], p.corners[p.triangles[t + 2]]));
            return v / 6;
        };
        RandomDraws draws(7);
        std::vector<CollisionVolume> volumes;
        for (const Vec3 &r : {Vec3{0.1f, 0.1f, 0.1f}, Vec3{0.354f, 0.262f, 0.001f},
                              Vec3{0.02f, 0.3f, 0.05f}}) {
            CollisionVolume v;
            v.shape = CollisionShape::Ellipsoid;
            v.radii = r;
            volumes.push_back(v);
        }
        for (const auto &[r1, r2, h] : {std::array<float, 3>{0.05f, 0.05f, 0.2f},
                                        {0.08f, 0.03f, 0.15f}, {0.02f, 0.09f, 0.05f},
                                        {0.06f, 0.06f, 0.0f}, {0.1f, 0.01f, 0.02f}}) {
            CollisionVolume v;
            v.shape = r1 == r2 ? CollisionShape::Capsule : CollisionShape::TaperedCapsule;
            v.radius = r1;
            v.radius2 = r2;
            v.halfHeight = h;
            volumes.push_back(v);
        }
        for (const CollisionVolume &v : volumes) {
            const scene::RoundVolumeProxy proxy = scene::roundVolumeProxy(v);
            QVERIFY(proxy.triangles.size() >= 3 * 20 && proxy.triangles.size() <= 3 * 64);
            const bool ellipsoid = v.shape == CollisionShape::Ellipsoid;
            const Vec3 half = ellipsoid ? v.radii
                                        : Vec3{std::max(v.radius, v.radius2),
                                               v.halfHeight + std::max(v.radius, v.radius2),
                                               std::max(v.radius, v.radius2)};
            const float size = length(half);
            // The farthest point of the shape along n: the shape is the hull of these points.
            const auto support = [&](const Vec3 &n) {
                if (ellipsoid) {
                    const Vec3 rn = mulComponents(v.radii, n);
                    return mulComponents(v.radii, rn) / length(rn);
                }
                const Vec3 a{0, -v.halfHeight, 0}, b{0, v.halfHeight, 0};
                return v.radius + dot(n, a) >= v.radius2 + dot(n, b) ? a + n * v.radius
                                                                      : b + n * v.radius2;
            };
            std::vector<Vec3> points;
            for (int i = 0; i < 4000; ++i)
                points.push_back(support(draws.direction()));
            for (int axis = 0; axis < 3; ++axis)
                for (float sign : {-1.0f, 1.0f}) {
                    Vec3 n;
                    (&n.x)[axis] = sign;
                    points.push_back(support(n));
                }
            // Every face is wound outwards (the corners and the centre lie behind it) and every
            // point of the shape lies behind every face.
            for (size_t t = 0; t + 2 < proxy.triangles.size(); t += 3) {
                const Vec3 &a = proxy.corners[proxy.triangles[t]];
                const Vec3 n = normalize(cross(proxy.corners[proxy.triangles[t + 1]] - a,
                                               proxy.corners[proxy.triangles[t + 2]] - a));
                QVERIFY(dot(n, Vec3{} - a) < 0);
                for (const Vec3 &c : proxy.corners)
                    QVERIFY(dot(n, c - a) <= 1e-5f * size);
                for (const Vec3 &p : points)
                    QVERIFY2(dot(n, p - a) <= 0,
                             qPrintable(QStringLiteral("shape %1: a point %2 in front of a face")
                                            .arg(int(v.shape))
                                            .arg(double(dot(n, p - a)))));
            }
            const double box = 8.0 * half.x * half.y * half.z;
            const double exact = 4.0 / 3 * kPi * v.radius * v.radius * v.radius +
                                 2 * kPi * v.halfHeight * v.radius * v.radius;
            QVERIFY2(volumeOf(proxy) < 0.9 * box,
                     qPrintable(QStringLiteral("proxy %1, box %2").arg(volumeOf(proxy)).arg(box)));
            if (v.shape == CollisionShape::Capsule)
                QVERIFY2(volumeOf(proxy) < 1.3 * exact,
                         qPrintable(QStringLiteral("proxy %1, capsule %2")
                                        .arg(volumeOf(proxy))
                                        .arg(exact)));
            if (!ellipsoid)
                continue;
            // Seen along its shortest axis (a flat ellipsoid face on), the proxy's outline is
            // hardly larger than the shape's.
            const int axis = v.radii.x <= v.radii.y && v.radii.x <= v.radii.z ? 0
                             : v.radii.y <= v.radii.z                      ? 1
                                                                           : 2;
            std::vector<Vec2> flat;
            for (const Vec3 &c : proxy.corners)
                flat.push_back({(&c.x)[(axis + 1) % 3], (&c.x)[(axis + 2) % 3]});
            QCOMPARE(outlineArea(flat) < 1.1 * kPi * (&v.radii.x)[(axis + 1) % 3] *
                                             (&v.radii.x)[(axis + 2) % 3],
                     true);
        }
    }

    // A volume that a nearer ellipsoid hides entirely is left out of the draw, and only such
    // a volume: from random eyes (perspective and orthographic) around a flat or round
    // ellipsoid with a small ellipsoid or capsule placed around it, every point of a volume
    // left out lies behind the ellipsoid's surface on its view ray (the surface look), and
    // every corner it would draw lies on a view ray through the ellipsoid behind the
    // ellipsoid's own outline (the x-ray look orders by the outlines' depth). The small volume
    // straight behind the centre is left out, one in front or off to the side is drawn.
    void volumesHiddenByANearerEllipsoidAreLeftOut()
    {
        RandomDraws draws(5);
        Qt3DCore::QEntity root;
        scene::RoundVolumes volumes(new Qt3DRender::QMaterial(&root), &root);
        int hiddenCount = 0, shownCount = 0;
        for (int trial = 0; trial < 400; ++trial) {
            const bool orthographic = trial % 4 == 3;
            const Vec3 r = trial % 2 ? Vec3{0.3f, 0.25f, 0.002f} : Vec3{0.2f, 0.15f, 0.12f};
            scene::RoundVolume front;
            front.volume.shape = CollisionShape::Ellipsoid;
            front.volume.radii = r;
            front.model = Mat4::rotation(axisAngle(draws.direction(), 6.3f * draws.uniform()));
            const Vec3 toward = draws.direction();
            const Vec3 eye = toward * (1.0f + 3 * draws.uniform());
            const Vec3 parallel = toward * -1.0f;
            // The small volume somewhere around the big one's centre, mostly behind it.
            scene::RoundVolume back;
            back.volume.shape = trial % 3 ? CollisionShape::Ellipsoid : CollisionShape::Capsule;
            back.volume.radii = Vec3{0.03f, 0.05f, 0.02f};
            back.volume.radius = back.volume.radius2 = 0.02f;
            back.volume.halfHeight = 0.03f;
            back.model = Mat4::rotation(axisAngle(draws.direction(), 6.3f * draws.uniform()));
            const Vec3 at = toward * (-0.3f * draws.uniform()) + draws.direction() * (0.2f * draws.uniform());
            back.model.m[12] = at.x;
            back.model.m[13] = at.y;
            back.model.m[14] = at.z;
            volumes.setVolumes({front, back});
            volumes.setEye(eye, orthographic ? &parallel : nullptr);
            QVERIFY(!volumes.isHidden(0));
            if (!volumes.isHidden(1)) {
                ++shownCount;
                continue;
            }
            ++hiddenCount;
            // Where the view line through p enters the big ellipsoid, as the distance from p
            // along the line away from the eye (negative: between the eye and p), or none.
            // Measured from p in the space where the big one is the unit sphere: from the eye
            // it would cancel digits in the thin one's space.
            const Mat4 toFront = inverse(front.model);
            const auto entry = [&](const Vec3 &p) -> std::optional<float> {
                const Vec3 o = toFront.transformPoint(p);
                const Vec3 dl = toFront.transformVector(orthographic ? parallel : p - eye);
                const Vec3 os{o.x / r.x, o.y / r.y, o.z / r.z};
                const Vec3 ds = normalize(Vec3{dl.x / r.x, dl.y / r.y, dl.z / r.z});
                const float b = dot(os, ds);
                const float h = 1 - (dot(os, os) - b * b);
                if (h <= 0) return std::nullopt;
                return -b - std::sqrt(h);
            };
            // The shape's points (an ellipsoid's, or a capsule's end spheres and side).
            for (int i = 0; i < 300; ++i) {
                const Vec3 n = draws.direction();
                Vec3 local = back.volume.shape == CollisionShape::Ellipsoid
                                 ? mulComponents(back.volume.radii, n)
                                 : n * 0.02f + Vec3{0, (2 * draws.uniform() - 1) * 0.03f, 0};
                const Vec3 p = back.model.transformPoint(local);
                const std::optional<float> t = entry(p);
                QVERIFY2(t && *t < 0, qPrintable(QStringLiteral("trial %1: a point of the "
                                                                "hidden volume is in view")
                                                     .arg(trial)));
            }
            // What it would draw: its outline, or its proxy's corners.
            const Mat4 toBack = inverse(back.model);
            std::vector<Vec3> drawn;
            if (back.volume.shape == CollisionShape::Ellipsoid) {
                const Vec3 localParallel = toBack.transformVector(parallel);
                drawn = scene::ellipsoidOutlineProxy(back.volume.radii, toBack.transformPoint(eye),
                                                     orthographic ? &localParallel : nullptr);
            }
            if (drawn.empty())
                drawn = scene::roundVolumeProxy(back.volume).corners;
            const Vec3 frontParallel = toFront.transformVector(parallel);
            const std::vector<Vec3> outline = scene::ellipsoidOutlineProxy(
                r, toFront.transformPoint(eye), orthographic ? &frontParallel : nullptr);
            QVERIFY(!outline.empty());
            const Vec3 n = normalize(cross(outline[1] - outline[0], outline[2] - outline[0]));
            for (const Vec3 &corner : drawn) {
                const Vec3 p = back.model.transformPoint(corner);
                QVERIFY(entry(p).has_value());
                // Behind the big one's outline plane (which faces the eye).
                QVERIFY(dot(n, toFront.transformPoint(p) - outline[0]) < 0);
            }
        }
        QVERIFY2(hiddenCount > 40 && shownCount > 40,
                 qPrintable(QStringLiteral("%1 hidden, %2 shown").arg(hiddenCount).arg(shownCount)));
        // Straight behind the centre: hidden; in front of it or beside it: drawn.
        scene::RoundVolume front;
        front.volume.shape = CollisionShape::Ellipsoid;
        front.volume.radii = Vec3{0.2f, 0.2f, 0.05f};
        scene::RoundVolume back;
        back.volume.shape = CollisionShape::Sphere;
        back.volume.radius = 0.03f;
        const Vec3 eye{0, 0, 2};
        for (const auto &[z, x, hidden] : {std::tuple{-0.1f, 0.0f, true}, std::tuple{0.1f, 0.0f, false},
                                           std::tuple{-0.1f, 0.19f, false}}) {
            back.model.m[12] = x;
            back.model.m[14] = z;
            volumes.setVolumes({front, back});
            volumes.setEye(eye);
            QCOMPARE(volumes.isHidden(1), hidden);
        }
    }

    // An ellipsoid seen from outside draws as a flat octagon (ellipsoidOutlineProxy): every
    // view ray through the shape crosses it (no pixel of the shape lost), the whole shape lies
    // behind it (its depth orders the volumes), it faces the eye, and at least 90% of it is
    // shape (the prism is 79% shape seen from the side): from eyes all around round, flat and
    // needle-like ellipsoids, in perspective and orthographic views; none from inside or close.
    void ellipsoidOutlineProxiesCoverTheShapeTightly()
    {
        RandomDraws draws(11);
        for (const Vec3 &r : {Vec3{0.1f, 0.1f, 0.1f}, Vec3{0.354f, 0.262f, 0.001f},
                              Vec3{0.02f, 0.3f, 0.05f}, Vec3{0.2f, 0.001f, 0.001f}}) {
            const float size = std::max({r.x, r.y, r.z});
            // The points of the surface, each where its normal is n (the silhouette among them).
            std::vector<Vec3> surface;
            for (int i = 0; i < 3000; ++i) {
                const Vec3 rn = mulComponents(r, draws.direction());
                surface.push_back(mulComponents(r, rn) * (1 / length(rn)));
            }
            // Whether the line through `from` along `direction` meets the shape.
            const auto hits = [&](const Vec3 &from, const Vec3 &direction) {
                const Vec3 o{from.x / r.x, from.y / r.y, from.z / r.z};
                const Vec3 d = normalize(Vec3{direction.x / r.x, direction.y / r.y,
                                              direction.z / r.z});
                const float b = dot(o, d);
                return dot(o, o) - b * b < 1;
            };
            for (int view = 0; view < 24; ++view) {
                const bool orthographic = view % 3 == 2;
                const Vec3 toward = draws.direction();
                // In the ellipsoid's scaled space the eye is 1.3 to 20 radii from the centre.
                const float reach = 1.3f * std::pow(15.0f, draws.uniform());
                const Vec3 eye = mulComponents(r, toward * reach);
                const Vec3 eyeScaled{eye.x / r.x, eye.y / r.y, eye.z / r.z};
                QVERIFY(length(eyeScaled) > 1.25f);
                const Vec3 parallel = toward * -1.0f;
                const std::vector<Vec3> c =
                    scene::ellipsoidOutlineProxy(r, eye, orthographic ? &parallel : nullptr);
                QCOMPARE(c.size(), size_t(8));
                Vec3 n = normalize(cross(c[1] - c[0], c[2] - c[0]));
                // Flat, and facing the eye.
                for (const Vec3 &p : c)
                    QVERIFY(std::abs(dot(n, p - c[0])) <= 1e-4f * size);
                QVERIFY(orthographic ? dot(n, toward) > 0 : dot(n, eye - c[0]) > 0);
                const auto crossing = [&](const Vec3 &p) {
                    const Vec3 d = orthographic ? parallel : p - eye;
                    const Vec3 from = orthographic ? p : eye;
                    return from + d * (dot(n, c[0] - from) / dot(n, d));
                };
                const auto inside = [&](const Vec3 &q, float slack) {
                    for (size_t k = 0; k < c.size(); ++k)
                        if (dot(n, cross(c[(k + 1) % c.size()] - c[k], q - c[k])) < -slack)
                            return false;
                    return true;
                };
                for (const Vec3 &p : surface) {
                    QVERIFY2(dot(n, p - c[0]) <= 1e-5f * size,
                             qPrintable(QStringLiteral("radii %1 %2 %3, view %4: a point %5 in "
                                                       "front of the outline")
                                            .arg(double(r.x)).arg(double(r.y)).arg(double(r.z))
                                            .arg(view).arg(double(dot(n, p - c[0])))));
                    QVERIFY2(inside(crossing(p), 1e-6f * size * size),
                             qPrintable(QStringLiteral("radii %1 %2 %3, view %4: a ray through "
                                                       "the shape misses the outline")
                                            .arg(double(r.x)).arg(double(r.y)).arg(double(r.z))
                                            .arg(view)));
                }
                // Points spread over the octagon (its fan's triangles by their area): the share
                // whose view ray meets the shape.
                std::vector<double> areas;
                for (size_t k = 1; k + 1 < c.size(); ++k)
                    areas.push_back(length(cross(c[k] - c[0], c[k + 1] - c[0])));
                std::discrete_distribution<size_t> pick(areas.begin(), areas.end());
                int met = 0;
                const int samples = 4000;
                for (int i = 0; i < samples; ++i) {
                    const size_t k = pick(draws.random) + 1;
                    float a = draws.uniform(), b = draws.uniform();
                    if (a + b > 1) {
                        a = 1 - a;
                        b = 1 - b;
                    }
                    const Vec3 q = c[0] + (c[k] - c[0]) * a + (c[k + 1] - c[0]) * b;
                    // The view line through q (from q itself: from far away the test
                    // would cancel digits in the thin ellipsoid's space).
                    met += hits(q, orthographic ? parallel : q - eye);
                }
                QVERIFY2(met > 0.9 * samples,
                         qPrintable(QStringLiteral("radii %1 %2 %3, view %4: %5 of %6 on the "
                                                   "shape")
                                        .arg(double(r.x)).arg(double(r.y)).arg(double(r.z))
                                        .arg(view).arg(met).arg(samples)));
            }
            // From inside, or close: none (the prism draws it).
            QVERIFY(scene::ellipsoidOutlineProxy(r, Vec3{}).empty());
            QVERIFY(scene::ellipsoidOutlineProxy(r, mulComponents(r, Vec3{0, 0, 1.1f})).empty());
        }
    }

    // Each pixel shows its nearest volume, whatever the volumes' order in the asset: two spheres
    // on one view ray in front of the character, the near one selected (turning the pixel
    // from the volumes' orange towards the selection's cyan) or the far one, in either order,
    // x-ray and surface.
    void eachPixelShowsItsNearestVolume()
    {
        mPlayback->pause();
        const LoadedDocument saved = mLoaded;
        const Vec3 eye = mViewport->cameraPosition();
        const auto [low, high] = mViewport->characterBounds();
        const Vec3 centre = (low + high) * 0.5f;
        const Vec3 direction = normalize(centre - eye);
        const float halfway = 0.5f * length(centre - eye);
        const float radius = 0.04f * length(high - low);
        const Mat4 toModel = inverse(mPlayback->rootTransform());
        const auto sphereAt = [&](float distance) {
            CollisionVolume v;
            v.shape = CollisionShape::Sphere;
            v.radius = radius;
            v.local.translation = toModel.transformPoint(eye + direction * distance);
            return v;
        };
        const CollisionVolume nearSphere = sphereAt(halfway),
                              farSphere = sphereAt(halfway + 1.5f * radius);
        const std::optional<QPointF> pixel = mViewport->project(eye + direction * halfway);
        QVERIFY(pixel.has_value());
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        for (const bool xray : {true, false}) {
            mViewport->setCollisionXRay(xray);
            for (const bool nearFirst : {true, false}) {
                mLoaded.asset.collisionVolumes = nearFirst
                                                     ? std::vector{nearSphere, farSphere}
                                                     : std::vector{farSphere, nearSphere};
                reload();
                const int nearIndex = nearFirst ? 0 : 1;
                // Blue minus red around the spheres' centre on screen.
                const auto blueness = [&](int selected) {
                    ViewportSelection selection;
                    selection.collisionVolumes = {selected};
                    mViewport->setSelection(selection);
                    const QImage image =
                        mViewport->grabFrame().convertToFormat(QImage::Format_RGB32);
                    const double scale = double(image.width()) / mViewport->renderSize().width();
                    const QPoint at((pixel->toPoint() * scale));
                    long sum = 0;
                    for (int dy = -2; dy <= 2; ++dy) {
                        for (int dx = -2; dx <= 2; ++dx) {
                            const QRgb p = image.pixel(at + QPoint(dx, dy));
                            sum += qBlue(p) - qRed(p);
                        }
                    }
                    return sum / 25;
                };
                const long nearSelected = blueness(nearIndex);
                const long farSelected = blueness(1 - nearIndex);
                QVERIFY2(nearSelected > farSelected + 40,
                         qPrintable(QStringLiteral("x-ray %1, near first %2: blue-red %3 near "
                                                   "selected, %4 far selected")
                                        .arg(xray)
                                        .arg(nearFirst)
                                        .arg(nearSelected)
                                        .arg(farSelected)));
            }
        }
        mViewport->setSelection({});
        mViewport->setCollisionXRay(true);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        mLoaded = saved;
        reload();
    }

    // The x-ray shows the volume inside the body in the perspective and the orthographic views
    // alike (the x-ray's depth mapping keeps it in front of the body at either depth scale);
    // without the x-ray the body hides part of it.
    void xrayShowsTheVolumeInsideTheBodyInEveryView()
    {
        mPlayback->pause();
        for (const Viewport::CameraPreset preset :
             {Viewport::CameraPreset::Perspective, Viewport::CameraPreset::Front,
              Viewport::CameraPreset::Side}) {
            mViewport->setCameraPreset(preset);
            mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
            const QImage hidden = mViewport->grabFrame();
            mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
            mViewport->setCollisionXRay(true);
            const int xray = differingPixels(hidden, mViewport->grabFrame());
            mViewport->setCollisionXRay(false);
            const int surface = differingPixels(hidden, mViewport->grabFrame());
            QVERIFY2(xray > surface + 1000,
                     qPrintable(QStringLiteral("preset %1: x-ray %2 pixels, surface %3")
                                    .arg(int(preset))
                                    .arg(xray)
                                    .arg(surface)));
        }
        mViewport->setCollisionXRay(true);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        mViewport->setCameraPreset(Viewport::CameraPreset::Perspective);
    }

    // A volume whose proxy holds the camera still draws (its proxy turned): seen from inside,
    // it tints the whole view.
    void aVolumeHoldingTheCameraIsDrawn()
    {
        mPlayback->pause();
        const LoadedDocument saved = mLoaded;
        const auto [low, high] = mViewport->characterBounds();
        CollisionVolume sphere;
        sphere.shape = CollisionShape::Sphere;
        sphere.radius = 0.1f * length(high - low);
        sphere.local.translation =
            inverse(mPlayback->rootTransform()).transformPoint(mViewport->cameraPosition());
        mLoaded.asset.collisionVolumes = {sphere};
        reload();
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        const QImage hidden = mViewport->grabFrame();
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        for (const bool xray : {true, false}) {
            mViewport->setCollisionXRay(xray);
            const QImage shown = mViewport->grabFrame();
            const int changed = differingPixels(hidden, shown);
            QVERIFY2(changed > shown.width() * shown.height() / 2,
                     qPrintable(QStringLiteral("x-ray %1: %2 of %3 pixels changed")
                                    .arg(xray)
                                    .arg(changed)
                                    .arg(shown.width() * shown.height())));
        }
        mViewport->setCollisionXRay(true);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        mLoaded = saved;
        reload();
    }

    // The ellipsoids and spheres are drawn as instances of meshes built once, placed each
    // frame by their bones' frames (RoundVolumes' instances, VolumeOutlines):
    // a volume on the bone that moves most on screen between two times of the clip is drawn
    // centred where that bone is, at both times, in the x-ray and wireframe looks.
    void aVolumeIsDrawnWhereItsBoneIs()
    {
        mPlayback->pause();
        const LoadedDocument saved = mLoaded;
        const auto [low, high] = mViewport->characterBounds();
        CollisionVolume sphere;
        sphere.shape = CollisionShape::Sphere;
        sphere.radius = 0.03f * length(high - low);
        const double times[2] = {0.1 * mPlayback->duration(), 0.6 * mPlayback->duration()};
        std::vector<Mat4> poses[2];
        for (int k = 0; k < 2; ++k) {
            mPlayback->setTime(times[k]);
            poses[k] = mPlayback->globalPose();
        }
        const auto origin = [](const Mat4 &m) { return Vec3{m.m[12], m.m[13], m.m[14]}; };
        double farthest = 0;
        for (size_t b = 0; b < poses[0].size(); ++b) {
            const auto p0 = mViewport->project(origin(poses[0][b]));
            const auto p1 = mViewport->project(origin(poses[1][b]));
            if (p0 && p1 && QLineF(*p0, *p1).length() > farthest) {
                farthest = QLineF(*p0, *p1).length();
                sphere.bone = int(b);
            }
        }
        QVERIFY2(farthest > 20, qPrintable(QString::number(farthest)));
        mLoaded.asset.collisionVolumes = {sphere};
        reload();
        mViewport->setCollisionXRay(true);
        for (const bool wireframe : {false, true}) {
            mViewport->setCollisionWireframe(wireframe);
            for (int k = 0; k < 2; ++k) {
                mPlayback->setTime(times[k]);
                mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
                const QImage hidden = mViewport->grabFrame().convertToFormat(QImage::Format_RGB32);
                mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
                const QImage shown = mViewport->grabFrame().convertToFormat(QImage::Format_RGB32);
                // The centre of the pixels the volume changes.
                double sx = 0, sy = 0;
                int count = 0;
                for (int row = 40; row < shown.height(); ++row) {
                    for (int col = 0; col < shown.width(); ++col) {
                        const QRgb p = hidden.pixel(col, row), q = shown.pixel(col, row);
                        if (std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                      std::abs(qBlue(p) - qBlue(q))}) > 24) {
                            sx += col;
                            sy += row;
                            ++count;
                        }
                    }
                }
                const auto bone = mViewport->project(origin(poses[k][size_t(sphere.bone)]));
                QVERIFY(bone && count > 20);
                const double off = QLineF(*bone, QPointF(sx / count, sy / count)).length();
                QVERIFY2(off < 0.25 * farthest,
                         qPrintable(QStringLiteral("wireframe %1, time %2: drawn %3 px from the "
                                                   "bone, which moves %4 px")
                                        .arg(wireframe)
                                        .arg(times[k])
                                        .arg(off)
                                        .arg(farthest)));
            }
        }
        mViewport->setCollisionWireframe(false);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
        mLoaded = saved;
        reload();
    }

    void selectedVolumeIsHighlighted()
    {
        mPlayback->pause();
        mViewport->setSelection({});
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
        for (const bool wireframe : {false, true}) {
            mViewport->setCollisionWireframe(wireframe);
            const QImage plain = mViewport->grabFrame();
            ViewportSelection selection;
            selection.collisionVolumes = {0};
            mViewport->setSelection(selection);
            const QImage selected = mViewport->grabFrame();
            mViewport->setSelection({});
            QVERIFY(differingPixels(plain, selected) > (wireframe ? 40 : 200));
            // The changed pixels turn from the volumes' orange towards the selection's cyan.
            const QImage a = plain.convertToFormat(QImage::Format_RGB32);
            const QImage b = selected.convertToFormat(QImage::Format_RGB32);
            long blueGain = 0, redLoss = 0;
            for (int row = 40; row < a.height(); ++row) {
                for (int col = 0; col < a.width(); ++col) {
                    const QRgb p = a.pixel(col, row), q = b.pixel(col, row);
                    blueGain += qBlue(q) - qBlue(p);
                    redLoss += qRed(p) - qRed(q);
                }
            }
            QVERIFY2(blueGain > 0 && redLoss > 0,
                     qPrintable(QStringLiteral("wireframe %1: blue %2, red %3")
                                    .arg(wireframe)
                                    .arg(blueGain)
                                    .arg(redLoss)));
        }
        mViewport->setCollisionWireframe(false);
        mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, false);
    }
};

QTEST_MAIN(TestViewport)
#include "test_viewport.moc"
