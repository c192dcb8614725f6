#include "viewport/viewport.h"

#include "document.h"
#include "playback.h"
#include "viewport/material_looks.h"
#include "viewport/overlay_image.h"
#include "viewport/scene_geometry.h"
#include "viewport/scene_materials.h"

#include "tweed/meshproc/garment_map.h"
#include "tweed/sim/colliders.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DLogic/QFrameAction>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraLens>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderCapabilities>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>
#include <Qt3DRender/QTexture>

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QMatrix4x4>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QVector4D>

#include <algorithm>
#include <cmath>
#include <map>

namespace tweed::editor {

using Qt3DCore::QAttribute;
using Qt3DCore::QEntity;

namespace {

// Colours of the scene, chosen to read well on the neutral gradient.
const QColor kBackgroundTop(94, 99, 108);
const QColor kBackgroundBottom(38, 40, 45);
const QColor kClay(190, 182, 172);
const QColor kPalette[] = {QColor(116, 132, 156), QColor(150, 104, 92), QColor(108, 140, 128),
                           QColor(160, 140, 100), QColor(128, 110, 146), QColor(140, 148, 104)};
const QColor kGridMinor(150, 154, 160, 70);
const QColor kGridMajor(170, 174, 180, 130);
const QColor kAxisX(200, 90, 84, 200);
const QColor kAxisZ(86, 128, 206, 200);
const QColor kBone(255, 196, 72);
const QColor kBoneTip(255, 236, 170);
const QColor kBoneSelected(90, 220, 255);
const QColor kWireframe(20, 22, 26, 110);
const QColor kNormals(96, 214, 255, 220);
const QColor kPhysicsFill(64, 190, 230, 50);
const QColor kPhysicsWire(120, 226, 255, 150);
const QColor kPhysicsSolid(96, 178, 214);
const QColor kCollision(250, 150, 60, 110);
const QColor kCollisionSelected(90, 220, 255, 130);
const QColor kWind(255, 214, 90);
// Collision volumes sit inside the body; with the x-ray they show over it this faintly.
constexpr int kXRayCollisionAlpha = 100;

// The background gradient is computed at the corners of this many cells a side.
constexpr int kBackgroundDivisions = 16;

constexpr float kBoneNameFontPoint = 8.5f;
constexpr int kReadoutIntervalMs = 250;
constexpr float kReadoutFontPoint = 9;
constexpr int kReadoutHeight = 24;

Vec3 translationOf(const Mat4 &m) { return m.column(3); }

Mat4 fromQt(const QMatrix4x4 &m)
{
    Mat4 r;
    std::copy(m.constData(), m.constData() + 16, r.m);
    return r;
}

// The largest bone index a skin refers to, so a pose with fewer bones is never indexed.
int maxBone(const std::vector<BoneInfluence> &skin)
{
    int result = -1;
    for (const BoneInfluence &inf : skin)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (inf.weights[size_t(k)] != 0.0f)
                result = std::max(result, int(inf.bones[size_t(k)]));
    return result;
}

// A "nice" grid spacing (1, 2 or 5 times a power of ten) near `approx`.
float niceStep(float approx)
{
    const float p = std::pow(10.0f, std::floor(std::log10(std::max(approx, 1e-6f))));
    for (float m : {1.0f, 2.0f, 5.0f})
        if (m * p >= approx)
            return m * p;
    return 10 * p;
}

struct Bounds
{
    Vec3 lo{1e30f, 1e30f, 1e30f};
    Vec3 hi{-1e30f, -1e30f, -1e30f};
    void add(const Vec3 &p)
    {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    bool isValid() const { return lo.x <= hi.x; }
};

} // namespace

// ---------------------------------------------------------------------------------------------
// The Qt3D scene: entities per character mesh, physics mesh and collision volume, plus the
// shared overlays. Everything the viewport draws lives under `root`.

struct Viewport::Scene
{
    struct MeshView
    {
        int index = -1;
        int maxBone = -1;
        std::vector<Vec3> restNormals;
        std::vector<Vec3> positions;
        std::vector<Vec3> normals;
        QByteArray bytes;
        Qt3DCore::QBuffer *vertices = nullptr;
        QEntity *surface = nullptr;
        QEntity *wireframe = nullptr;
        Qt3DCore::QGeometry *geometry = nullptr;
        scene::PaintedSurface *painted = nullptr; ///< the paint colours, made on first use
    };
    struct PhysicsView
    {
        int index = -1;
        int maxBone = -1;
        std::vector<Vec3> positions;
        QByteArray bytes;
        Qt3DCore::QBuffer *vertices = nullptr;
        QEntity *entity = nullptr;
        Qt3DCore::QGeometry *geometry = nullptr;
        scene::PaintedSurface *painted = nullptr; ///< the paint colours, made on first use
        QEntity *fillEntity = nullptr;
        QEntity *solid = nullptr; ///< the opaque debug surface, under physicsSolidRoot
    };
    /// A collision volume in the few entities that draw them all (an entity per volume made
    /// showing them cost several times the frame): a round one in roundVolumes, another one's
    /// vertices in collisionEntity, or in the wireframe look its outline's points in
    /// collisionLocal (segment pairs) drawn by collisionLines.
    struct VolumeView
    {
        int index = -1;
        bool round = false;
        size_t first = 0, count = 0;
    };
    struct ScreenOverlay
    {
        QEntity *entity = nullptr;
        OverlayImage *image = nullptr;
        Qt3DRender::QParameter *rect = nullptr;
    };

    QEntity *root = nullptr;
    QEntity *meshRoot = nullptr;
    QEntity *wireRoot = nullptr;
    QEntity *physicsRoot = nullptr;
    QEntity *physicsSolidRoot = nullptr;
    QEntity *collisionRoot = nullptr;
    /// One material for every collision volume (one per volume costs a render pass each).
    Qt3DRender::QMaterial *collisionMaterial = nullptr;
    QEntity *collisionEntity = nullptr;
    Qt3DCore::QBuffer *collisionBuffer = nullptr;
    std::vector<Vec3> collisionLocal, collisionLocalNormals; ///< in each volume's frame
    std::vector<Vec3> collisionPositions, collisionNormals;  ///< posed, world space
    QByteArray collisionBytes;
    /// 1 for the vertices of selected volumes, uploaded when the selection changes.
    Qt3DCore::QBuffer *collisionSelectedBuffer = nullptr;
    std::vector<float> collisionSelected;
    /// Ellipsoids and spheres, and the capsules: a cheaper program for the first.
    scene::RoundVolumes *ellipsoids = nullptr, *capsules = nullptr;
    std::vector<scene::RoundVolume> ellipsoidPoses, capsulePoses;
    scene::LineEntity *collisionLines = nullptr;
    /// The ellipsoids' and spheres' outlines, instances of one (the others in collisionLines).
    scene::VolumeOutlines *ellipsoidLines = nullptr;
    std::vector<Mat4> outlineFrames;
    std::vector<Vec3> outlineRadii;
    std::vector<QColor> outlineColors;
    bool otherLinesFilled = false; ///< collisionLines holds lines
    scene::LineEntity *grid = nullptr;
    scene::LineEntity *skeleton = nullptr;
    scene::LineEntity *normals = nullptr;
    scene::LineEntity *wind = nullptr;
    std::map<QString, scene::LineEntity *> lineLayers;
    ScreenOverlay readout;
    ScreenOverlay labels;
    std::vector<MeshView> meshes;
    std::vector<PhysicsView> physics;
    std::vector<VolumeView> volumes;
    std::map<QString, Qt3DRender::QAbstractTexture *> textures; ///< by path, null if unreadable
    float characterHeight = 1.8f;
    QString readoutText;
};

namespace {

Qt3DRender::QGeometryRenderer *makeRenderer(Qt3DCore::QGeometry *geometry,
                                            Qt3DRender::QGeometryRenderer::PrimitiveType type,
                                            uint32_t firstIndex, uint32_t indexCount,
                                            Qt3DCore::QNode *parent)
{
    auto *renderer = new Qt3DRender::QGeometryRenderer(parent);
    renderer->setGeometry(geometry);
    renderer->setPrimitiveType(type);
    renderer->setIndexOffset(int(firstIndex));
    renderer->setVertexCount(int(indexCount));
    return renderer;
}

// A mip-mapped texture showing an image (painted once).
Qt3DRender::QAbstractTexture *makeTexture(const QImage &image, Qt3DCore::QNode *parent)
{
    auto *texture = new Qt3DRender::QTexture2D(parent);
    texture->setGenerateMipMaps(true);
    texture->setMinificationFilter(Qt3DRender::QAbstractTexture::LinearMipMapLinear);
    texture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture->setWrapMode(Qt3DRender::QTextureWrapMode(Qt3DRender::QTextureWrapMode::Repeat));
    const QImage copy = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    auto *painted = new OverlayImage(
        [copy](QPainter *painter, const QSize &) { painter->drawImage(0, 0, copy); }, texture);
    painted->setSize(copy.size());
    texture->addTextureImage(painted);
    return texture;
}

// A quad over [0, 1]^2 whose material places it on screen, as divisions x divisions cells (a
// material that computes per vertex what varies over the screen).
QEntity *makeScreenQuad(Qt3DRender::QMaterial *material, QEntity *parent, int divisions = 1)
{
    auto *entity = new QEntity(parent);
    auto *geometry = new Qt3DCore::QGeometry(entity);
    std::vector<float> quad;
    const float step = 1.0f / float(divisions);
    for (int j = 0; j < divisions; ++j) {
        for (int i = 0; i < divisions; ++i) {
            const float x0 = float(i) * step, y0 = float(j) * step;
            const float x1 = float(i + 1) * step, y1 = float(j + 1) * step;
            quad.insert(quad.end(), {x0, y0, 0, x1, y0, 0, x1, y1, 0, x0, y0, 0, x1, y1, 0, x0, y1, 0});
        }
    }
    const auto vertexCount = uint(quad.size() / 3);
    auto *buffer = new Qt3DCore::QBuffer(geometry);
    buffer->setData(QByteArray(reinterpret_cast<const char *>(quad.data()),
                               qsizetype(quad.size() * sizeof(float))));
    geometry->addAttribute(new QAttribute(buffer, QAttribute::defaultPositionAttributeName(),
                                          QAttribute::Float, 3, vertexCount, 0,
                                          3 * sizeof(float), geometry));
    auto *renderer = new Qt3DRender::QGeometryRenderer(entity);
    renderer->setGeometry(geometry);
    renderer->setVertexCount(int(vertexCount));
    entity->addComponent(renderer);
    entity->addComponent(material);
    return entity;
}

} // namespace

namespace {

// Qt 6's Qt3D defaults to its RHI renderer, which wants Vulkan-style GLSL 4.50; the viewport's
// shaders are plain OpenGL 3.2 core GLSL, so select the OpenGL renderer before the first
// Qt3D window exists (an explicit QT3D_RENDERER in the environment still wins).
Qt3DExtras::Qt3DWindow *makeWindow()
{
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER"))
        qputenv("QT3D_RENDERER", "opengl");
    return new Qt3DExtras::Qt3DWindow;
}

// Qt3DWindow asks for 4 samples per pixel in its own format and in the default format, which
// Qt3D's renderer gives the OpenGL context it draws with: another count takes effect only in
// both, before the window is shown.
void setSamples(Qt3DExtras::Qt3DWindow *window, int samples)
{
    QSurfaceFormat format = window->format();
    format.setSamples(samples);
    window->setFormat(format);
    QSurfaceFormat defaultFormat = QSurfaceFormat::defaultFormat();
    defaultFormat.setSamples(samples);
    QSurfaceFormat::setDefaultFormat(defaultFormat);
}

} // namespace

bool isSoftwareRenderer(const QString &renderer)
{
    for (const char *name : {"llvmpipe", "softpipe", "swrast", "SwiftShader", "Software Rasterizer"})
        if (renderer.contains(QLatin1String(name), Qt::CaseInsensitive))
            return true;
    return false;
}

scene::SurfaceLighting Viewport::lighting() const
{
    return mPerVertexLighting ? scene::SurfaceLighting::PerVertex
                              : scene::SurfaceLighting::PerPixel;
}

QString Viewport::rendererLabel() const
{
    QString label = mPerVertexLighting ? tr("%1, lit per vertex").arg(mRendererName) : mRendererName;
    return mSamples <= 1 ? tr("%1, no multisampling").arg(label) : label;
}

Viewport::Viewport(Document *document, Playback *playback, QWidget *parent)
    : QWidget(parent), mDocument(document), mPlayback(playback), mWindow(makeWindow()), mScene(std::make_unique<Scene>()),
      mOverlays(size_t(Overlay::Grid) + 1, false)
{
    setObjectName(QStringLiteral("Viewport"));
    mOverlays[size_t(Overlay::Grid)] = true;

    mContainer = QWidget::createWindowContainer(mWindow, this);
    mContainer->setObjectName(QStringLiteral("Viewport_RenderWidget"));
    mContainer->setFocusPolicy(Qt::StrongFocus);
    mContainer->setMinimumSize(160, 120);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mContainer);

    // Render only when something changed: an idle editor costs nothing.
    mWindow->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
    // The driver's GL_RENDERER, as Qt3D reads it with the window's surface format.
    mRendererName = mWindow->renderSettings()->renderCapabilities()->renderer().trimmed();
    if (mRendererName.isEmpty())
        mRendererName = tr("unknown renderer");
    // A software renderer pays for every instruction of every pixel: it lights per vertex
    // (TWEED_VIEWPORT_LIGHTING=pixel or vertex chooses either on any renderer).
    const QByteArray lighting = qgetenv("TWEED_VIEWPORT_LIGHTING");
    mPerVertexLighting = lighting == "vertex" || (lighting != "pixel" && isSoftwareRenderer(mRendererName));
    // Multisampling on a software renderer costs about two thirds of the frame (every sample of
    // every pixel drawn is depth-tested and written, the frame cleared and resolved four times
    // over): it draws one sample per pixel, its lines smoothed instead. A GPU keeps Qt3D's 4
    // samples. TWEED_VIEWPORT_SAMPLES=N chooses the count on any renderer.
    bool samplesSet = false;
    mSamples = qEnvironmentVariableIntValue("TWEED_VIEWPORT_SAMPLES", &samplesSet);
    if (!samplesSet || mSamples < 0)
        mSamples = isSoftwareRenderer(mRendererName) ? 0 : mWindow->format().samples();
    setSamples(mWindow, mSamples);
    mWindow->setActiveFrameGraph(scene::makeFrameGraph(mWindow, mWindow->camera(), &mCapture,
                                                       {.smoothLines = mSamples <= 1}));
    mController = new CameraController(mWindow->camera(), this);
    mWindow->installEventFilter(mController);
    mWindow->installEventFilter(this);
    connect(mController, &CameraController::cameraChanged, this, [this] {
        markDirty(DirtyLabels);
        sortRoundVolumesFromCamera();
    });

    Scene &s = *mScene;
    s.root = new QEntity;
    makeScreenQuad(scene::makeBackgroundMaterial(kBackgroundTop, kBackgroundBottom, s.root),
                   s.root, kBackgroundDivisions);
    s.meshRoot = new QEntity(s.root);
    s.wireRoot = new QEntity(s.root);
    s.physicsRoot = new QEntity(s.root);
    s.physicsSolidRoot = new QEntity(s.root);
    s.collisionRoot = new QEntity(s.root);
    s.grid = new scene::LineEntity({.vertexColors = true, .depthBias = 0, .fadeRadius = 10},
                                   s.root);
    s.normals = new scene::LineEntity({.color = kNormals}, s.root);
    s.skeleton = new scene::LineEntity({.vertexColors = true, .onTop = true}, s.root);
    s.wind = new scene::LineEntity({.color = kWind, .onTop = true}, s.root);
    s.wind->setEnabled(false);

    for (Scene::ScreenOverlay *overlay : {&s.readout, &s.labels}) {
        const bool isReadout = overlay == &s.readout;
        overlay->image = new OverlayImage([this, isReadout](QPainter *painter, const QSize &size) {
            if (isReadout) {
                QFont font = this->font();
                font.setPointSizeF(kReadoutFontPoint);
                painter->setFont(font);
                painter->setPen(QColor(230, 232, 236));
                painter->setBrush(QColor(20, 22, 26, 150));
                painter->setPen(Qt::NoPen);
                painter->drawRoundedRect(QRectF(QPointF(0, 0), size), 4, 4);
                painter->setPen(QColor(226, 229, 234));
                painter->drawText(QRect(QPoint(8, 0), size - QSize(16, 0)),
                                  Qt::AlignVCenter | Qt::AlignLeft, mScene->readoutText);
            } else {
                if (isOverlayVisible(Overlay::BoneNames))
                    paintLabels(painter, size);
                if (mTool)
                    mTool->paintOverlay(*painter, size);
            }
        });
        auto *texture = new Qt3DRender::QTexture2D(s.root);
        texture->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
        texture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
        texture->addTextureImage(overlay->image);
        overlay->entity =
            makeScreenQuad(scene::makeScreenQuadMaterial(texture, &overlay->rect, s.root), s.root);
    }
    s.readout.image->setSize(QSize(360, kReadoutHeight));
    s.labels.image->setSize(QSize(64, 64));

    auto *frameAction = new Qt3DLogic::QFrameAction(s.root);
    connect(frameAction, &Qt3DLogic::QFrameAction::triggered, this, &Viewport::onFrame);
    s.root->addComponent(frameAction);
    mWindow->setRootEntity(s.root);

    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        unsigned dirty = DirtyPose;
        if (what & (Document::CharacterChanged | Document::MeshesChanged))
            dirty |= DirtyMeshes;
        if (what & (Document::CharacterChanged | Document::PhysicsMeshChanged))
            dirty |= DirtyPhysics;
        if (what & (Document::CharacterChanged | Document::CollisionChanged |
                    Document::SkeletonChanged))
            dirty |= DirtyCollision;
        if (what & Document::CharacterChanged)
            mFramedOnce = false;
        markDirty(dirty);
    });
    connect(mPlayback, &Playback::poseChanged, this, [this] { markDirty(DirtyPose); });

    mReadoutClock.start();
    markDirty(DirtyMeshes | DirtyPhysics | DirtyCollision | DirtyPose | DirtyOverlays |
              DirtyLines);
}

Viewport::~Viewport()
{
    // The window owns the scene through its root entity; delete it before our scene records.
    delete mContainer;
}

void Viewport::markDirty(unsigned what)
{
    mDirty |= what;
    if (mSyncScheduled)
        return;
    mSyncScheduled = true;
    QTimer::singleShot(0, this, &Viewport::sync);
}

void Viewport::syncNow()
{
    if (mDirty)
        sync();
}

// The one place document and pose changes reach the scene: rebuilds what changed, then poses.
void Viewport::sync()
{
    mSyncScheduled = false;
    const unsigned dirty = std::exchange(mDirty, 0u);
    if (dirty & DirtyMeshes)
        rebuildMeshes();
    if (dirty & DirtyPhysics)
        rebuildPhysics();
    if (dirty & DirtyCollision)
        rebuildCollision();
    if (dirty & (DirtyMeshes | DirtyPhysics | DirtyCollision | DirtyOverlays))
        updateOverlayVisibility();
    if (dirty & (DirtyMeshes | DirtyPhysics | DirtyColors))
        applyColors();
    if (dirty & DirtyLines)
        updateLineLayers();
    if (dirty & (DirtyMeshes | DirtyPhysics | DirtyCollision | DirtyPose | DirtyOverlays))
        updatePose();
    else if (dirty & DirtyLabels && drawsLabels())
        mScene->labels.image->update();
    if (!mFramedOnce && !mScene->meshes.empty()) {
        mFramedOnce = true;
        setCameraPreset(CameraPreset::Perspective);
    }
}

void Viewport::rebuildMeshes()
{
    Scene &s = *mScene;
    for (auto &mesh : s.meshes) {
        delete mesh.surface;
        delete mesh.wireframe;
        delete mesh.painted;
    }
    s.meshes.clear();
    for (auto &entry : s.textures)
        delete entry.second;
    s.textures.clear();

    const Character &character = mDocument->character();
    QString sourcePath = QString::fromStdString(character.sourcePath);
    if (sourcePath.isEmpty())
        sourcePath = mDocument->characterPath();
    const std::map<std::string, MaterialLook> looks = readGltfMaterialLooks(sourcePath);
    // The garment's meshes draw first, the meshes they cover (the body) after them.
    std::vector<bool> inGarment(character.meshes.size(), false);
    if (!mDocument->asset().lods.empty())
        for (const GarmentPart &part : garmentParts(character, mDocument->asset().lods[0].mesh))
            if (part.mesh >= 0 && size_t(part.mesh) < inGarment.size())
                inGarment[size_t(part.mesh)] = true;
    const bool hasGarment = std::find(inGarment.begin(), inGarment.end(), true) != inGarment.end();

    Bounds bounds;
    int colorIndex = 0;
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        const GraphicsMesh &mesh = character.meshes[m];
        if (mesh.positions.empty() || mesh.indices.empty())
            continue;
        Scene::MeshView view;
        view.index = int(m);
        view.maxBone = maxBone(mesh.skin);
        view.restNormals = mesh.normals.size() == mesh.positions.size()
                               ? mesh.normals
                               : computeVertexNormals(mesh.positions, mesh.indices);
        for (const Vec3 &p : mesh.positions)
            bounds.add(p);

        view.surface = new QEntity(s.meshRoot);
        view.vertices = new Qt3DCore::QBuffer(view.surface);
        scene::interleave(mesh.positions, view.restNormals, view.bytes);
        view.vertices->setData(view.bytes);
        const auto vertexCount = uint32_t(mesh.positions.size());
        auto *geometry =
            scene::makeSurfaceGeometry(view.vertices, vertexCount, mesh.indices, view.surface);
        view.geometry = geometry;
        if (mesh.uvs.size() == mesh.positions.size()) {
            auto *uvBuffer = new Qt3DCore::QBuffer(geometry);
            uvBuffer->setData(scene::toByteArray(mesh.uvs));
            geometry->addAttribute(new QAttribute(uvBuffer,
                                                  QAttribute::defaultTextureCoordinateAttributeName(),
                                                  QAttribute::Float, 2, vertexCount, 0,
                                                  2 * sizeof(float), geometry));
        }

        // A closed body hides its own back faces: they are not drawn.
        const bool closed = scene::isClosedSurface(mesh.positions, mesh.indices);
        // One entity per submesh (each has its material); submeshes cover all triangles.
        std::vector<Submesh> submeshes = mesh.submeshes;
        if (submeshes.empty())
            submeshes.push_back({mesh.name, {}, {}, 0, uint32_t(mesh.triangleCount())});
        for (const Submesh &sub : submeshes) {
            if (sub.triangleCount == 0 ||
                size_t(sub.firstTriangle) + sub.triangleCount > mesh.triangleCount())
                continue;
            const auto look = looks.find(sub.material);
            Qt3DRender::QAbstractTexture *texture = nullptr;
            if (mesh.uvs.size() == mesh.positions.size()) {
                const QString key = !sub.baseColorTexture.empty()
                                        ? QString::fromStdString(sub.baseColorTexture)
                                        : QStringLiteral("material:") +
                                              QString::fromStdString(sub.material);
                auto found = s.textures.find(key);
                if (found == s.textures.end()) {
                    QImage image = loadCharacterTexture(sourcePath, sub.baseColorTexture);
                    if (image.isNull() && look != looks.end())
                        image = look->second.texture;
                    found = s.textures.emplace(key, image.isNull() ? nullptr
                                                                   : makeTexture(image, s.root))
                                .first;
                }
                texture = found->second;
            }
            QColor color = colorIndex == 0 ? kClay
                                           : kPalette[(colorIndex - 1) % std::size(kPalette)];
            if (look != looks.end())
                color = look->second.color;
            else if (texture)
                color = Qt::white;
            color.setAlphaF(1.0f); // the viewport draws characters opaque
            ++colorIndex;
            auto *entity = new QEntity(view.surface);
            entity->addComponent(makeRenderer(geometry, Qt3DRender::QGeometryRenderer::Triangles,
                                              sub.firstTriangle * 3, sub.triangleCount * 3,
                                              entity));
            entity->addComponent(scene::makeSurfaceMaterial(
                color, texture, entity,
                {.layer = hasGarment && !inGarment[m] ? scene::SurfaceLayer::Inner
                                                      : scene::SurfaceLayer::Outer,
                 .closed = closed,
                 .lighting = lighting()}));
        }

        // The wireframe shares the skinned vertex buffer: no extra skinning per frame.
        view.wireframe = new QEntity(s.wireRoot);
        const std::vector<uint32_t> edges = scene::edgeIndices(mesh.indices);
        auto *wireGeometry =
            scene::makeSurfaceGeometry(view.vertices, vertexCount, edges, view.wireframe);
        view.wireframe->addComponent(makeRenderer(wireGeometry,
                                                  Qt3DRender::QGeometryRenderer::Lines, 0,
                                                  uint32_t(edges.size()), view.wireframe));
        view.wireframe->addComponent(scene::makeLineMaterial({.color = kWireframe},
                                                             view.wireframe));
        s.meshes.push_back(std::move(view));
    }

    // The ground grid, sized to the character: about eight cells over its height.
    const float height = bounds.isValid() ? std::max(bounds.hi.y - bounds.lo.y,
                                                     std::max(bounds.hi.x - bounds.lo.x,
                                                              bounds.hi.z - bounds.lo.z))
                                          : 1.8f;
    s.characterHeight = std::max(height, 1e-3f);
    const float step = niceStep(s.characterHeight / 8);
    constexpr int kHalfCells = 60;
    const float extent = step * kHalfCells;
    // The lines fade out at fadeRadius from the centre: they end there, since every pixel of a
    // line costs a software renderer the same, seen or not.
    const float fadeRadius = 0.8f * extent;
    scene::LineList grid;
    for (int i = -kHalfCells; i <= kHalfCells; ++i) {
        const float t = step * float(i);
        if (std::abs(t) >= fadeRadius)
            continue;
        const float half = std::sqrt(fadeRadius * fadeRadius - t * t);
        const QColor minor = i % 5 == 0 ? kGridMajor : kGridMinor;
        grid.add({t, 0, -half}, {t, 0, half}, i == 0 ? kAxisZ : minor);
        grid.add({-half, 0, t}, {half, 0, t}, i == 0 ? kAxisX : minor);
    }
    s.grid->setLines(grid);
    const auto fade = s.grid->componentsOfType<Qt3DRender::QMaterial>();
    for (Qt3DRender::QMaterial *material : fade)
        for (Qt3DRender::QParameter *p : material->parameters())
            if (p->name() == QLatin1String("fadeRadius"))
                p->setValue(fadeRadius);
    mController->setSceneRadius(s.characterHeight);
}

void Viewport::rebuildPhysics()
{
    Scene &s = *mScene;
    for (auto &view : s.physics) {
        delete view.solid; // before the entity owning the geometry it draws
        delete view.entity;
    }
    s.physics.clear();
    const auto &meshes = mDocument->asset().physicsMeshes;
    for (size_t i = 0; i < meshes.size(); ++i) {
        const PhysicsMesh &mesh = meshes[i];
        if (mesh.positions.empty() || mesh.indices.empty())
            continue;
        Scene::PhysicsView view;
        view.index = int(i);
        view.maxBone = maxBone(mesh.skin);
        view.entity = new QEntity(s.physicsRoot);
        view.vertices = new Qt3DCore::QBuffer(view.entity);
        scene::interleave(mesh.positions, computeVertexNormals(mesh.positions, mesh.indices),
                          view.bytes);
        view.vertices->setData(view.bytes);
        const auto count = uint32_t(mesh.positions.size());
        auto *fill = new QEntity(view.entity);
        auto *geometry = scene::makeSurfaceGeometry(view.vertices, count, mesh.indices, fill);
        fill->addComponent(makeRenderer(geometry, Qt3DRender::QGeometryRenderer::Triangles, 0,
                                        uint32_t(mesh.indices.size()), fill));
        view.geometry = geometry;
        view.fillEntity = fill;
        fill->addComponent(scene::makeSurfaceMaterial(kPhysicsFill, nullptr, fill));
        auto *wire = new QEntity(view.entity);
        const std::vector<uint32_t> edges = scene::edgeIndices(mesh.indices);
        auto *wireGeometry = scene::makeSurfaceGeometry(view.vertices, count, edges, wire);
        wire->addComponent(makeRenderer(wireGeometry, Qt3DRender::QGeometryRenderer::Lines, 0,
                                        uint32_t(edges.size()), wire));
        wire->addComponent(scene::makeLineMaterial({.color = kPhysicsWire, .depthBias = 6e-4f},
                                                   wire));
        view.solid = new QEntity(s.physicsSolidRoot);
        view.solid->addComponent(makeRenderer(geometry, Qt3DRender::QGeometryRenderer::Triangles,
                                              0, uint32_t(mesh.indices.size()), view.solid));
        view.solid->addComponent(scene::makeSurfaceMaterial(kPhysicsSolid, nullptr, view.solid,
                                                            {.lighting = lighting()}));
        s.physics.push_back(std::move(view));
    }
}

void Viewport::rebuildCollision()
{
    Scene &s = *mScene;
    delete s.collisionEntity;
    s.collisionEntity = nullptr;
    s.collisionBuffer = nullptr;
    s.collisionSelectedBuffer = nullptr;
    s.collisionSelected.clear();
    delete s.ellipsoids;
    s.ellipsoids = nullptr;
    delete s.capsules;
    s.capsules = nullptr;
    delete s.collisionLines;
    s.collisionLines = nullptr;
    delete s.ellipsoidLines;
    s.ellipsoidLines = nullptr;
    s.otherLinesFilled = false;
    delete s.collisionMaterial;
    s.collisionMaterial = nullptr;
    s.volumes.clear();
    s.collisionLocal.clear();
    s.collisionLocalNormals.clear();
    const auto &volumes = mDocument->asset().collisionVolumes;
    const float planeSize = 0.6f * s.characterHeight;
    if (mCollisionWireframe) {
        // Every volume's outline in one line list, posed and coloured in updatePose().
        s.collisionLines = new scene::LineEntity({.vertexColors = true, .onTop = mCollisionXRay, .smooth = false},
                                                 s.collisionRoot);
        // Ellipsoids and spheres as instances of the unit sphere's outline (no points here).
        s.ellipsoidLines = new scene::VolumeOutlines({.onTop = mCollisionXRay, .smooth = false},
                                                     s.collisionRoot);
        for (size_t i = 0; i < volumes.size(); ++i) {
            const bool ellipsoid = volumes[i].shape == CollisionShape::Ellipsoid ||
                                   volumes[i].shape == CollisionShape::Sphere;
            const std::vector<Vec3> outline =
                ellipsoid ? std::vector<Vec3>()
                          : scene::collisionShapeOutline(volumes[i], planeSize);
            s.volumes.push_back({int(i), false, s.collisionLocal.size(), outline.size()});
            s.collisionLocal.insert(s.collisionLocal.end(), outline.begin(), outline.end());
        }
        return;
    }
    QColor fill = kCollision, selectedFill = kCollisionSelected;
    if (mCollisionXRay) {
        fill.setAlpha(kXRayCollisionAlpha);
        selectedFill.setAlpha(kXRayCollisionAlpha + 30);
    }
    std::vector<uint32_t> indices;
    for (size_t i = 0; i < volumes.size(); ++i) {
        Scene::VolumeView view;
        view.index = int(i);
        if (scene::isRoundShape(volumes[i].shape)) {
            view.round = true;
            const bool ellipsoid = volumes[i].shape == CollisionShape::Ellipsoid ||
                                   volumes[i].shape == CollisionShape::Sphere;
            // The material has no parent: the entity takes it.
            scene::RoundVolumes *&entity = ellipsoid ? s.ellipsoids : s.capsules;
            if (!entity)
                entity = new scene::RoundVolumes(
                    scene::makeRoundVolumeMaterial(fill, selectedFill, ellipsoid,
                                                   mCollisionXRay, nullptr),
                    s.collisionRoot, ellipsoid);
            s.volumes.push_back(view);
            continue;
        }
        const scene::ShapeMesh shape = scene::collisionShapeMesh(volumes[i], planeSize);
        view.first = s.collisionLocal.size();
        view.count = shape.positions.size();
        for (uint32_t index : shape.indices)
            indices.push_back(uint32_t(view.first) + index);
        s.collisionLocal.insert(s.collisionLocal.end(), shape.positions.begin(),
                                shape.positions.end());
        s.collisionLocalNormals.insert(s.collisionLocalNormals.end(), shape.normals.begin(),
                                       shape.normals.end());
        s.volumes.push_back(view);
    }
    if (indices.empty())
        return;
    s.collisionMaterial =
        scene::makeVolumeMaterial(fill, selectedFill, mCollisionXRay, s.collisionRoot);
    s.collisionEntity = new QEntity(s.collisionRoot);
    s.collisionBuffer = new Qt3DCore::QBuffer(s.collisionEntity);
    s.collisionPositions = s.collisionLocal;
    s.collisionNormals = s.collisionLocalNormals;
    scene::interleave(s.collisionPositions, s.collisionNormals, s.collisionBytes);
    s.collisionBuffer->setData(s.collisionBytes);
    auto *geometry = scene::makeSurfaceGeometry(
        s.collisionBuffer, uint32_t(s.collisionLocal.size()), indices, s.collisionEntity);
    s.collisionSelectedBuffer = new Qt3DCore::QBuffer(s.collisionEntity);
    s.collisionSelected.assign(s.collisionLocal.size(), 0.0f);
    s.collisionSelectedBuffer->setData(
        QByteArray(reinterpret_cast<const char *>(s.collisionSelected.data()),
                   qsizetype(s.collisionSelected.size() * sizeof(float))));
    geometry->addAttribute(new Qt3DCore::QAttribute(
        s.collisionSelectedBuffer, QStringLiteral("selected"), Qt3DCore::QAttribute::Float, 1,
        uint(s.collisionLocal.size()), 0, sizeof(float), geometry));
    s.collisionEntity->addComponent(makeRenderer(geometry,
                                                 Qt3DRender::QGeometryRenderer::Triangles, 0,
                                                 uint32_t(indices.size()), s.collisionEntity));
    s.collisionEntity->addComponent(s.collisionMaterial);
}

void Viewport::updateOverlayVisibility()
{
    Scene &s = *mScene;
    s.grid->setEnabled(isOverlayVisible(Overlay::Grid));
    s.wireRoot->setEnabled(isOverlayVisible(Overlay::Wireframe));
    s.normals->setEnabled(isOverlayVisible(Overlay::Normals));
    s.skeleton->setEnabled(isOverlayVisible(Overlay::Skeleton));
    s.physicsRoot->setEnabled(isOverlayVisible(Overlay::PhysicsMesh));
    s.physicsSolidRoot->setEnabled(mPhysicsSolid);
    s.collisionRoot->setEnabled(isOverlayVisible(Overlay::CollisionVolumes));
    // A full-view texture blended over the frame: only while something is drawn on it.
    s.labels.entity->setEnabled(drawsLabels());
}

// Skins every mesh with the playback's pose and refills the vertex buffers; updates the
// pose-dependent overlays that are visible.
void Viewport::sortRoundVolumesFromCamera()
{
    const Vec3 direction = cameraDirection();
    for (scene::RoundVolumes *round : {mScene->ellipsoids, mScene->capsules}) {
        if (round)
            round->setEye(cameraPosition(), isOrthographic() ? &direction : nullptr);
    }
}

void Viewport::updatePose()
{
    Scene &s = *mScene;
    const Character &character = mDocument->character();
    const std::vector<Mat4> &skinning =
        mSkinningOverride.size() == mPlayback->skinningMatrices().size()
            ? mSkinningOverride
            : mPlayback->skinningMatrices();
    const std::vector<Mat4> &global = mPlayback->globalPose();

    QElapsedTimer timer;
    timer.start();
    for (auto &view : s.meshes) {
        const GraphicsMesh &mesh = character.meshes[size_t(view.index)];
        const auto simulated = mMeshOverrides.find(view.index);
        if (simulated != mMeshOverrides.end() &&
            simulated->second.first.size() == mesh.positions.size() &&
            simulated->second.second.size() == mesh.positions.size()) {
            view.positions = simulated->second.first;
            view.normals = simulated->second.second;
        } else if (mesh.isSkinned() && view.maxBone < int(skinning.size())) {
            skinVertices(mesh.positions, mesh.skin, skinning, view.positions);
            skinNormals(view.restNormals, mesh.skin, skinning, view.normals);
        } else {
            view.positions = mesh.positions;
            view.normals = view.restNormals;
        }
        scene::interleave(view.positions, view.normals, view.bytes);
        view.vertices->setData(view.bytes);
    }
    const double skinningMs = double(timer.nsecsElapsed()) * 1e-6;
    mSkinningMs = mSkinningMs == 0 ? skinningMs : 0.9 * mSkinningMs + 0.1 * skinningMs;

    if (isOverlayVisible(Overlay::PhysicsMesh) || mPhysicsSolid) {
        const auto &meshes = mDocument->asset().physicsMeshes;
        for (auto &view : s.physics) {
            const PhysicsMesh &mesh = meshes[size_t(view.index)];
            const auto simulated = mPhysicsOverrides.find(view.index);
            if (simulated != mPhysicsOverrides.end() &&
                simulated->second.size() == mesh.positions.size())
                view.positions = simulated->second;
            else if (mesh.skin.size() == mesh.positions.size() &&
                     view.maxBone < int(skinning.size()))
                skinVertices(mesh.positions, mesh.skin, skinning, view.positions);
            else
                view.positions = mesh.positions;
            scene::interleave(view.positions, computeVertexNormals(view.positions, mesh.indices),
                              view.bytes);
            view.vertices->setData(view.bytes);
        }
    }

    if (isOverlayVisible(Overlay::CollisionVolumes)) {
        const auto &volumes = mDocument->asset().collisionVolumes;
        scene::LineList outlines;
        s.outlineFrames.clear();
        s.outlineRadii.clear();
        s.outlineColors.clear();
        std::vector<float> meshSelected(s.collisionSelected.size(), 0.0f);
        s.ellipsoidPoses.clear();
        s.capsulePoses.clear();
        QColor wire = kCollision, selectedWire = kCollisionSelected;
        wire.setAlpha(230);
        selectedWire.setAlpha(230);
        for (auto &view : s.volumes) {
            const CollisionVolume &volume = volumes[size_t(view.index)];
            Mat4 bone = mPlayback->rootTransform();
            if (volume.bone >= 0 && size_t(volume.bone) < global.size())
                bone = global[size_t(volume.bone)];
            // The simulation's rigid frame: a bone's scale (an armature exported at 100) does
            // not scale the volume.
            const Mat4 m = Mat4::fromTransform(colliderFrame(volume, bone));
            const bool selected =
                std::find(mSelection.collisionVolumes.begin(), mSelection.collisionVolumes.end(),
                          view.index) != mSelection.collisionVolumes.end();
            if (s.collisionLines && (volume.shape == CollisionShape::Ellipsoid ||
                                     volume.shape == CollisionShape::Sphere)) {
                s.outlineFrames.push_back(m);
                s.outlineRadii.push_back(volume.shape == CollisionShape::Sphere
                                             ? Vec3{volume.radius, volume.radius, volume.radius}
                                             : volume.radii);
                s.outlineColors.push_back(selected ? selectedWire : wire);
            } else if (s.collisionLines) {
                for (size_t v = view.first; v + 1 < view.first + view.count; v += 2)
                    outlines.add(m.transformPoint(s.collisionLocal[v]),
                                 m.transformPoint(s.collisionLocal[v + 1]),
                                 selected ? selectedWire : wire);
            } else if (view.round) {
                (volume.shape == CollisionShape::Ellipsoid ||
                         volume.shape == CollisionShape::Sphere
                     ? s.ellipsoidPoses
                     : s.capsulePoses)
                    .push_back({m, volume, selected});
            } else {
                for (size_t v = view.first; v < view.first + view.count; ++v) {
                    meshSelected[v] = selected ? 1.0f : 0.0f;
                    s.collisionPositions[v] = m.transformPoint(s.collisionLocal[v]);
                    s.collisionNormals[v] =
                        normalize(m.transformVector(s.collisionLocalNormals[v]));
                }
            }
        }
        if (s.ellipsoidLines)
            s.ellipsoidLines->setVolumes(s.outlineFrames, s.outlineRadii, s.outlineColors);
        if (s.collisionLines && (outlines.vertexCount() > 0 || s.otherLinesFilled)) {
            s.collisionLines->setLines(outlines);
            s.otherLinesFilled = outlines.vertexCount() > 0;
        }
        sortRoundVolumesFromCamera();
        if (s.ellipsoids)
            s.ellipsoids->setVolumes(s.ellipsoidPoses);
        if (s.capsules)
            s.capsules->setVolumes(s.capsulePoses);
        if (s.collisionBuffer) {
            scene::interleave(s.collisionPositions, s.collisionNormals, s.collisionBytes);
            s.collisionBuffer->setData(s.collisionBytes);
        }
        if (s.collisionSelectedBuffer && meshSelected != s.collisionSelected) {
            s.collisionSelected = std::move(meshSelected);
            s.collisionSelectedBuffer->setData(
                QByteArray(reinterpret_cast<const char *>(s.collisionSelected.data()),
                           qsizetype(s.collisionSelected.size() * sizeof(float))));
        }
    }

    if (isOverlayVisible(Overlay::Normals)) {
        scene::LineList lines;
        const float length = 0.015f * s.characterHeight;
        for (const auto &view : s.meshes)
            for (size_t v = 0; v < view.positions.size(); ++v)
                lines.add(view.positions[v], view.positions[v] + view.normals[v] * length,
                          kNormals, QColor(kNormals.red(), kNormals.green(), kNormals.blue(), 60));
        s.normals->setLines(lines);
    }

    if (isOverlayVisible(Overlay::Skeleton)) {
        scene::LineList lines;
        const Skeleton &skeleton = character.skeleton;
        const float cross = 0.012f * s.characterHeight;
        for (size_t b = 0; b < skeleton.bones.size() && b < global.size(); ++b) {
            const bool selected = std::find(mSelection.bones.begin(), mSelection.bones.end(),
                                            int(b)) != mSelection.bones.end();
            const Vec3 p = translationOf(global[b]);
            const int parent = skeleton.bones[b].parent;
            if (parent >= 0) {
                lines.add(translationOf(global[size_t(parent)]), p,
                          selected ? kBoneSelected : kBone, selected ? kBoneSelected : kBoneTip);
            }
            // A small cross marks every joint, so leaf bones and roots are visible too.
            for (const Vec3 &axis : {Vec3{cross, 0, 0}, Vec3{0, cross, 0}, Vec3{0, 0, cross}})
                lines.add(p - axis, p + axis, selected ? kBoneSelected : kBoneTip);
        }
        s.skeleton->setLines(lines);
    }

    // The wind arrow floats beside the head, pointing along the wind; its length grows with
    // the speed up to half the character's height at 20 m/s.
    const float windSpeed = length(mWind);
    s.wind->setEnabled(mWindVisible && windSpeed > 0);
    if (mWindVisible && windSpeed > 0) {
        const auto [lo, hi] = characterBounds();
        const Vec3 direction = mWind * (1.0f / windSpeed);
        const float arrow = s.characterHeight * (0.15f + 0.35f * std::min(windSpeed / 20.0f, 1.0f));
        const Vec3 centre{0.5f * (lo.x + hi.x), hi.y + 0.1f * s.characterHeight,
                          0.5f * (lo.z + hi.z)};
        const Vec3 tail = centre - direction * (0.5f * arrow);
        const Vec3 tip = centre + direction * (0.5f * arrow);
        // The head's barbs lie in the plane of the wind and the up axis (or x when vertical).
        Vec3 side = cross(direction, Vec3{0, 1, 0});
        if (length(side) < 1e-3f)
            side = Vec3{1, 0, 0};
        side = normalize(side);
        const float barb = 0.25f * arrow;
        scene::LineList lines;
        lines.add(tail, tip, kWind);
        lines.add(tip, tip - direction * barb + side * (0.5f * barb), kWind);
        lines.add(tip, tip - direction * barb - side * (0.5f * barb), kWind);
        s.wind->setLines(lines);
    }

    // Painted surfaces follow the pose too.
    if (!mMeshColors.empty() || !mPhysicsColors.empty())
        applyColors();
    // Bone names follow the pose; a tool's overlay is drawn again when it asks
    // (updateToolOverlay) or the camera moves, not every frame.
    if (isOverlayVisible(Overlay::BoneNames))
        s.labels.image->update();
    updateReadout();
}

void Viewport::setDebugLines(std::vector<Vec3> endpoints, std::vector<QColor> colors)
{
    setLines(QStringLiteral("debug"), std::move(endpoints), std::move(colors));
}

void Viewport::setLines(const QString &layer, std::vector<Vec3> endpoints,
                        std::vector<QColor> colors, bool onTop)
{
    const auto found = mLineLayers.find(layer);
    if (endpoints.empty()) {
        if (found == mLineLayers.end())
            return;
        mLineLayers.erase(found);
    } else {
        mLineLayers[layer] = {std::move(endpoints), std::move(colors), onTop, true};
    }
    markDirty(DirtyLines);
}

bool Viewport::hasLines(const QString &layer) const
{
    return mLineLayers.count(layer) > 0;
}

size_t Viewport::lineCount(const QString &layer) const
{
    const auto found = mLineLayers.find(layer);
    return found == mLineLayers.end() ? 0 : found->second.endpoints.size() / 2;
}

std::vector<Vec3> Viewport::lineEndpoints(const QString &layer) const
{
    const auto found = mLineLayers.find(layer);
    return found == mLineLayers.end() ? std::vector<Vec3>{} : found->second.endpoints;
}

// Refills the line entities of changed layers; entities of removed layers are deleted.
void Viewport::updateLineLayers()
{
    Scene &s = *mScene;
    for (auto it = s.lineLayers.begin(); it != s.lineLayers.end();) {
        const auto layer = mLineLayers.find(it->first);
        if (layer == mLineLayers.end() || layer->second.onTop != bool(it->second->property("onTop").toBool())) {
            delete it->second;
            it = s.lineLayers.erase(it);
        } else {
            ++it;
        }
    }
    for (auto &[name, layer] : mLineLayers) {
        scene::LineEntity *&entity = s.lineLayers[name];
        if (entity && !layer.dirty)
            continue;
        layer.dirty = false;
        if (!entity) {
            entity = new scene::LineEntity({.vertexColors = true, .onTop = layer.onTop}, s.root);
            entity->setProperty("onTop", layer.onTop);
        }
        scene::LineList lines;
        for (size_t i = 0; i + 1 < layer.endpoints.size() && i + 1 < layer.colors.size(); i += 2)
            lines.add(layer.endpoints[i], layer.endpoints[i + 1], layer.colors[i],
                      layer.colors[i + 1]);
        entity->setLines(lines);
    }
}

namespace {

void setMaterialParameter(Qt3DRender::QMaterial *material, const QString &name, float value)
{
    for (Qt3DRender::QParameter *p : material->parameters())
        if (p->name() == name)
            p->setValue(value);
}

// A nearly opaque surface material that takes its colour from the vertices.
Qt3DRender::QMaterial *makePaintMaterial(Qt3DCore::QNode *parent, bool perVertex)
{
    Qt3DRender::QMaterial *material = scene::makeSurfaceMaterial(
        QColor(255, 255, 255), nullptr, parent,
        {.lighting = perVertex ? scene::SurfaceLighting::PerVertex
                               : scene::SurfaceLighting::PerPixel});
    setMaterialParameter(material, QStringLiteral("useVertexColor"), 1.0f);
    return material;
}

} // namespace

void Viewport::setMeshColors(int mesh, std::vector<QColor> colors)
{
    if (colors.empty()) {
        if (!mMeshColors.erase(mesh))
            return;
    } else {
        mMeshColors[mesh] = std::move(colors);
    }
    markDirty(DirtyColors);
}

void Viewport::setPhysicsColors(int physicsMesh, std::vector<QColor> colors)
{
    if (colors.empty()) {
        if (!mPhysicsColors.erase(physicsMesh))
            return;
    } else {
        mPhysicsColors[physicsMesh] = std::move(colors);
    }
    markDirty(DirtyColors);
}

// Shows each coloured mesh as its painted surface instead of its materials.
void Viewport::applyColors()
{
    Scene &s = *mScene;
    const Character &character = mDocument->character();
    for (auto &view : s.meshes) {
        const GraphicsMesh &mesh = character.meshes[size_t(view.index)];
        const auto found = mMeshColors.find(view.index);
        const bool painted = found != mMeshColors.end() &&
                             found->second.size() == mesh.vertexCount();
        if (painted && !view.painted) {
            view.painted = new scene::PaintedSurface(mesh.indices, uint32_t(mesh.vertexCount()),
                                                     makePaintMaterial(s.meshRoot, mPerVertexLighting), s.meshRoot);
        }
        if (painted)
            view.painted->update(view.positions, view.normals, found->second);
        if (view.painted)
            view.painted->setEnabled(painted);
        view.surface->setEnabled(!painted);
    }
    const auto &meshes = mDocument->asset().physicsMeshes;
    for (auto &view : s.physics) {
        const PhysicsMesh &mesh = meshes[size_t(view.index)];
        const auto found = mPhysicsColors.find(view.index);
        const bool painted = found != mPhysicsColors.end() &&
                             found->second.size() == mesh.vertexCount();
        if (painted && !view.painted) {
            view.painted = new scene::PaintedSurface(mesh.indices, uint32_t(mesh.vertexCount()),
                                                     makePaintMaterial(view.entity, mPerVertexLighting), view.entity);
        }
        if (painted) {
            const std::vector<Vec3> &positions =
                view.positions.size() == mesh.vertexCount() ? view.positions : mesh.positions;
            view.painted->update(positions, computeVertexNormals(positions, mesh.indices),
                                 found->second);
        }
        if (view.painted)
            view.painted->setEnabled(painted);
        view.fillEntity->setEnabled(!painted);
    }
}

void Viewport::setTool(ViewportTool *tool)
{
    if (mTool == tool)
        return;
    if (mTool)
        mTool->leave();
    mTool = tool;
    markDirty(DirtyOverlays | DirtyLabels);
    emit toolChanged(tool);
}

void Viewport::setControlDragTool(ViewportTool *tool)
{
    mControlDragTool = tool;
    mControlDragging = false;
}

bool Viewport::controlDragEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() != Qt::LeftButton || !(mouse->modifiers() & Qt::ControlModifier))
            return false;
        mControlDragging = mControlDragTool->mousePress(mouse);
        return mControlDragging;
    }
    case QEvent::MouseMove:
        return mControlDragging && mControlDragTool->mouseMove(static_cast<QMouseEvent *>(event));
    case QEvent::MouseButtonRelease:
        if (!mControlDragging || static_cast<QMouseEvent *>(event)->button() != Qt::LeftButton)
            return false;
        mControlDragging = false;
        mControlDragTool->mouseRelease(static_cast<QMouseEvent *>(event));
        return true;
    case QEvent::KeyPress:
        return mControlDragging && mControlDragTool->keyPress(static_cast<QKeyEvent *>(event));
    default:
        return false;
    }
}

void Viewport::updateToolOverlay()
{
    markDirty(DirtyLabels);
}

bool Viewport::drawsLabels() const
{
    return isOverlayVisible(Overlay::BoneNames) || (mTool && mTool->hasOverlay());
}

Viewport::Ray Viewport::rayAt(const QPointF &pixel) const
{
    const QSize size = renderSize();
    const float x = 2.0f * float(pixel.x()) / float(std::max(size.width(), 1)) - 1.0f;
    const float y = 1.0f - 2.0f * float(pixel.y()) / float(std::max(size.height(), 1));
    const Mat4 inv = inverse(viewProjection());
    const auto unproject = [&inv, x, y](float z) {
        const Vec3 p = inv.transformPoint({x, y, z});
        const float w = inv(3, 0) * x + inv(3, 1) * y + inv(3, 2) * z + inv(3, 3);
        return p / w;
    };
    const Vec3 nearPoint = unproject(-1.0f);
    const Vec3 farPoint = unproject(1.0f);
    return {nearPoint, normalize(farPoint - nearPoint)};
}

std::optional<QPointF> Viewport::project(const Vec3 &point) const
{
    const Mat4 vp = viewProjection();
    const float w = vp(3, 0) * point.x + vp(3, 1) * point.y + vp(3, 2) * point.z + vp(3, 3);
    if (w <= 1e-6f)
        return std::nullopt;
    const Vec3 ndc = vp.transformPoint(point) / w;
    const QSize size = renderSize();
    return QPointF((ndc.x * 0.5f + 0.5f) * float(size.width()),
                   (0.5f - ndc.y * 0.5f) * float(size.height()));
}

Vec3 Viewport::cameraPosition() const
{
    const QVector3D p = mWindow->camera()->position();
    return {p.x(), p.y(), p.z()};
}

Vec3 Viewport::cameraDirection() const
{
    const QVector3D d = mWindow->camera()->viewVector().normalized();
    return {d.x(), d.y(), d.z()};
}

bool Viewport::isOrthographic() const
{
    return mWindow->camera()->projectionType() ==
           Qt3DRender::QCameraLens::OrthographicProjection;
}

QSize Viewport::renderSize() const
{
    return mContainer->size();
}

const std::vector<Vec3> &Viewport::physicsPositions(int physicsMesh) const
{
    static const std::vector<Vec3> none;
    for (const auto &view : mScene->physics)
        if (view.index == physicsMesh)
            return view.positions;
    return none;
}

void Viewport::setMeshOverride(int mesh, std::vector<Vec3> positions, std::vector<Vec3> normals)
{
    mMeshOverrides[mesh] = {std::move(positions), std::move(normals)};
    markDirty(DirtyPose);
}

void Viewport::setPhysicsOverride(int physicsMesh, std::vector<Vec3> positions)
{
    mPhysicsOverrides[physicsMesh] = std::move(positions);
    markDirty(DirtyPose);
}

void Viewport::setSkinningOverride(std::vector<Mat4> skinning)
{
    mSkinningOverride = std::move(skinning);
    markDirty(DirtyPose);
}

void Viewport::clearOverrides()
{
    if (mMeshOverrides.empty() && mPhysicsOverrides.empty() && mSkinningOverride.empty())
        return;
    mMeshOverrides.clear();
    mPhysicsOverrides.clear();
    mSkinningOverride.clear();
    markDirty(DirtyPose);
}

void Viewport::setWindArrow(bool visible, const Vec3 &velocity)
{
    if (visible == mWindVisible && velocity == mWind)
        return;
    mWindVisible = visible;
    mWind = velocity;
    markDirty(DirtyPose);
}

// Draws the bone names at their projected joints on the label overlay (from its paint()).
// Names that would overlap one already drawn are left out; selected bones come first.
void Viewport::paintLabels(QPainter *painter, const QSize &size)
{
    const Skeleton &skeleton = mDocument->character().skeleton;
    const std::vector<Mat4> &global = mPlayback->globalPose();
    const Mat4 viewProj = viewProjection();
    QFont font = this->font();
    font.setPointSizeF(kBoneNameFontPoint);
    painter->setFont(font);
    const QFontMetrics metrics(font);

    std::vector<size_t> order;
    for (size_t b = 0; b < skeleton.bones.size() && b < global.size(); ++b)
        order.push_back(b);
    const auto isSelected = [this](size_t b) {
        return std::find(mSelection.bones.begin(), mSelection.bones.end(), int(b)) !=
               mSelection.bones.end();
    };
    std::stable_partition(order.begin(), order.end(), isSelected);

    std::vector<QRect> taken;
    for (size_t b : order) {
        const Vec3 p = translationOf(global[b]);
        const float w = viewProj(3, 0) * p.x + viewProj(3, 1) * p.y + viewProj(3, 2) * p.z +
                        viewProj(3, 3);
        if (w <= 1e-6f)
            continue;
        const Vec3 ndc = viewProj.transformPoint(p) / w;
        if (std::abs(ndc.x) > 1 || std::abs(ndc.y) > 1)
            continue;
        const QPoint at(int((ndc.x * 0.5f + 0.5f) * float(size.width())),
                        int((0.5f - ndc.y * 0.5f) * float(size.height())));
        const QString name = QString::fromStdString(skeleton.bones[b].name);
        QRect rect = metrics.boundingRect(name).adjusted(-3, -1, 3, 1);
        rect.moveTopLeft(at + QPoint(6, -rect.height() / 2));
        if (std::any_of(taken.begin(), taken.end(),
                        [&](const QRect &r) { return r.intersects(rect); }))
            continue;
        taken.push_back(rect);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(18, 20, 24, 150));
        painter->drawRoundedRect(rect, 3, 3);
        painter->setPen(isSelected(b) ? kBoneSelected : QColor(240, 236, 226));
        painter->drawText(rect, Qt::AlignCenter, name);
    }
}

void Viewport::updateReadout()
{
    if (mReadoutClock.elapsed() < kReadoutIntervalMs && !mScene->readoutText.isEmpty())
        return;
    mReadoutClock.restart();
    const double share = mFrameMs > 0 ? 100.0 * mSkinningMs / mFrameMs : 0.0;
    const QString text = mFrameMs > 0
                             ? tr("%1 ms/frame \u2022 skinning %2 ms (%3%) \u2022 %4")
                                   .arg(mFrameMs, 0, 'f', 1)
                                   .arg(mSkinningMs, 0, 'f', 2)
                                   .arg(share, 0, 'f', share < 10 ? 1 : 0)
                                   .arg(rendererLabel())
                             : tr("skinning %1 ms \u2022 %2")
                                   .arg(mSkinningMs, 0, 'f', 2)
                                   .arg(rendererLabel());
    if (text == mScene->readoutText)
        return;
    mScene->readoutText = text;
    // The read-out is as wide as its text (renderer names differ in length).
    QFont font = this->font();
    font.setPointSizeF(kReadoutFontPoint);
    const int width = QFontMetrics(font).horizontalAdvance(text) + 24;
    if (std::abs(width - mScene->readout.image->width()) > 8) {
        mScene->readout.image->setSize(QSize(width, kReadoutHeight));
        placeReadout();
    }
    mScene->readout.image->update();
}

QString Viewport::readoutText() const { return mScene->readoutText; }

size_t Viewport::characterVertexCount() const
{
    size_t count = 0;
    for (const auto &view : mScene->meshes)
        count += view.positions.size();
    return count;
}

// The read-out sits in the top-left corner at its pixel size.
void Viewport::placeReadout()
{
    const QSize size = mContainer->size();
    if (size.isEmpty())
        return;
    Scene &s = *mScene;
    const QSize readout = s.readout.image->size();
    const float x0 = -1 + 2 * 8.0f / float(size.width());
    const float y1 = 1 - 2 * 8.0f / float(size.height());
    s.readout.rect->setValue(QVector4D(x0, y1 - 2 * float(readout.height()) / float(size.height()),
                                       x0 + 2 * float(readout.width()) / float(size.width()), y1));
}

void Viewport::onFrame(float dt)
{
    // Intervals longer than half a second are idle gaps, not frame times.
    if (dt > 0 && dt < 0.5f) {
        const double ms = double(dt) * 1000.0;
        mFrameMs = mFrameMs == 0 ? ms : 0.9 * mFrameMs + 0.1 * ms;
    }
    emit frameRendered();
}

void Viewport::setOverlayVisible(Overlay overlay, bool visible)
{
    if (mOverlays[size_t(overlay)] == visible)
        return;
    mOverlays[size_t(overlay)] = visible;
    markDirty(DirtyOverlays);
    emit overlayVisibilityChanged(overlay, visible);
}

void Viewport::setPhysicsSolid(bool solid)
{
    if (solid == mPhysicsSolid)
        return;
    mPhysicsSolid = solid;
    markDirty(DirtyOverlays);
}

void Viewport::setCollisionXRay(bool on)
{
    if (on == mCollisionXRay)
        return;
    mCollisionXRay = on;
    rebuildCollision();
    markDirty(DirtyPose);
}

void Viewport::setCollisionWireframe(bool on)
{
    if (on == mCollisionWireframe)
        return;
    mCollisionWireframe = on;
    rebuildCollision();
    markDirty(DirtyPose);
}

bool Viewport::isOverlayVisible(Overlay overlay) const { return mOverlays[size_t(overlay)]; }

std::pair<Vec3, Vec3> Viewport::boundsOf(const ViewportSelection &selection) const
{
    const Scene &s = *mScene;
    const std::vector<Mat4> &global = mPlayback->globalPose();
    Bounds bounds;
    const bool all = selection.isEmpty();
    for (const auto &view : s.meshes) {
        if (!all && std::find(selection.meshes.begin(), selection.meshes.end(), view.index) ==
                        selection.meshes.end())
            continue;
        for (const Vec3 &p : view.positions)
            bounds.add(p);
    }
    for (int b : selection.bones)
        if (b >= 0 && size_t(b) < global.size())
            bounds.add(translationOf(global[size_t(b)]));
    for (int p : selection.physicsMeshes)
        for (const auto &view : s.physics)
            if (view.index == p)
                for (const Vec3 &v : view.positions)
                    bounds.add(v);
    const auto &volumes = mDocument->asset().collisionVolumes;
    for (int v : selection.collisionVolumes) {
        if (v < 0 || size_t(v) >= volumes.size())
            continue;
        const CollisionVolume &volume = volumes[size_t(v)];
        Mat4 m = mPlayback->rootTransform();
        if (volume.bone >= 0 && size_t(volume.bone) < global.size())
            m = global[size_t(volume.bone)];
        const Vec3 c = colliderFrame(volume, m).translation;
        const float r = std::max({volume.radii.x, volume.radii.y, volume.radii.z, volume.radius,
                                  volume.radius2}) +
                        (volume.shape == CollisionShape::Capsule ||
                                 volume.shape == CollisionShape::TaperedCapsule
                             ? volume.halfHeight
                             : 0.0f);
        bounds.add(c - Vec3{r, r, r});
        bounds.add(c + Vec3{r, r, r});
    }
    if (!bounds.isValid() && all)
        for (const Mat4 &g : global)
            bounds.add(translationOf(g));
    if (!bounds.isValid())
        return {{-0.5f, 0, -0.5f}, {0.5f, 1, 0.5f}};
    // A single point (one bone) still needs some extent to frame.
    const float pad = 0.02f * mScene->characterHeight;
    if (distance(bounds.lo, bounds.hi) < pad)
        return {bounds.lo - Vec3{pad, pad, pad}, bounds.hi + Vec3{pad, pad, pad}};
    return {bounds.lo, bounds.hi};
}

std::pair<Vec3, Vec3> Viewport::characterBounds() const { return boundsOf({}); }

void Viewport::frameAll()
{
    syncNow();
    const auto [lo, hi] = characterBounds();
    mController->frame(lo, hi);
}

void Viewport::frameSelected()
{
    syncNow();
    const auto [lo, hi] = boundsOf(mSelection);
    mController->frame(lo, hi);
}

void Viewport::setSelection(const ViewportSelection &selection)
{
    mSelection = selection;
    markDirty(DirtyPose);
    emit selectionChanged();
}

void Viewport::setCameraPreset(CameraPreset preset)
{
    switch (preset) {
    case CameraPreset::Front: mController->setView(0, 0, true); break;
    case CameraPreset::Side: mController->setView(90, 0, true); break;
    case CameraPreset::Top: mController->setView(0, 90, true); break;
    case CameraPreset::Perspective: mController->setView(28, 10, false); break;
    }
    frameAll();
}

void Viewport::setNavigationStyle(NavigationStyle style) { mController->setNavigationStyle(style); }

Viewport::NavigationStyle Viewport::navigationStyle() const
{
    return mController->navigationStyle();
}

Mat4 Viewport::viewProjection() const
{
    const Qt3DRender::QCamera *camera = mWindow->camera();
    return fromQt(camera->projectionMatrix() * camera->viewMatrix());
}

const std::vector<Vec3> &Viewport::skinnedPositions(int mesh) const
{
    static const std::vector<Vec3> none;
    for (const auto &view : mScene->meshes)
        if (view.index == mesh)
            return view.positions;
    return none;
}

QImage Viewport::grabFrame()
{
    syncNow();
    // Qt3D compiles shaders and uploads textures lazily, so the first frames after a change can
    // miss parts of the scene: capture until two frames in a row agree.
    QImage previous;
    for (int attempt = 0; attempt < 8; ++attempt) {
        std::unique_ptr<Qt3DRender::QRenderCaptureReply> reply(mCapture->requestCapture());
        if (!reply->isComplete()) {
            QEventLoop loop;
            connect(reply.get(), &Qt3DRender::QRenderCaptureReply::completed, &loop,
                    &QEventLoop::quit);
            QTimer::singleShot(10000, &loop, &QEventLoop::quit);
            loop.exec();
        }
        if (!reply->isComplete())
            return {};
        QImage image = reply->image();
        if (!previous.isNull() && image == previous)
            return image;
        previous = std::move(image);
    }
    return previous;
}

void Viewport::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const QSize size = mContainer->size();
    if (size.isEmpty())
        return;
    mController->setAspectRatio(float(size.width()) / float(size.height()));
    Scene &s = *mScene;
    placeReadout();
    s.labels.image->setSize(size);
    s.labels.rect->setValue(QVector4D(-1, -1, 1, 1));
    markDirty(DirtyLabels);
}

bool Viewport::eventFilter(QObject *watched, QEvent *event)
{
    // A Ctrl + left drag on the cloth grabs it whatever tool is active; the active tool sees
    // the other events first; what it does not use goes on to the camera.
    if (watched == mWindow && mControlDragTool && mControlDragTool != mTool &&
        controlDragEvent(event))
        return true;
    if (watched == mWindow && mTool) {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
            if (mTool->mousePress(static_cast<QMouseEvent *>(event)))
                return true;
            break;
        case QEvent::MouseMove:
            if (mTool->mouseMove(static_cast<QMouseEvent *>(event)))
                return true;
            break;
        case QEvent::MouseButtonRelease:
            if (mTool->mouseRelease(static_cast<QMouseEvent *>(event)))
                return true;
            break;
        case QEvent::KeyPress:
            if (mTool->keyPress(static_cast<QKeyEvent *>(event)))
                return true;
            break;
        case QEvent::Leave:
            mTool->leave();
            break;
        default:
            break;
        }
    }
    // Framing keys of both navigation styles: F / numpad period frame the selection, A / Home
    // frame everything.
    if (watched == mWindow && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_F || key == Qt::Key_Period) {
            frameSelected();
            return true;
        }
        if (key == Qt::Key_A || key == Qt::Key_Home) {
            frameAll();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void Viewport::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        mScene->readoutText.clear();
        updateReadout();
        mScene->readout.image->update();
    }
    QWidget::changeEvent(event);
}

} // namespace tweed::editor
