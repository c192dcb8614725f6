#include "simulation/debug_views.h"

#include "collision/collision_gizmo.h"
#include "document.h"
#include "playback.h"
#include "simulation/simulation_controller.h"
#include "viewport/scene_geometry.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
#include "tweed/skin_map.h"

#include <QAction>
#include <QCoreApplication>
#include <QEvent>
#include <QSignalBlocker>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_set>

namespace tweed::editor {

namespace {

const QColor kSkinned(255, 90, 220);
const QColor kMaxDistance(90, 200, 255, 150);
const QColor kBackstop(255, 150, 60, 150);
const QColor kCollisionWire(255, 220, 90);
const QColor kPhysicsWire(120, 226, 255, 200);
const QColor kPhysicsNormal(150, 255, 160);
const QColor kBinding(230, 230, 120, 170);
const QColor kBadBinding(255, 60, 60);
const QColor kVelocity(255, 230, 80);
const QColor kEdgeVertex(255, 120, 40);
const QColor kOffender(255, 40, 40);
const QColor kAtLimit(255, 200, 40);

// Marker sizes as shares of the character's height.
constexpr float kCrossShare = 0.004f;
constexpr float kNormalShare = 0.015f;
constexpr float kAxisShare = 0.04f;
// Velocities are drawn as the motion over this many seconds.
constexpr float kVelocitySeconds = 0.1f;

struct ViewInfo
{
    const char *name;  ///< objectName part and layer suffix
    const char *text;  ///< menu text
    const char *tip;   ///< tool tip
    bool lines;        ///< draws a line layer
};

const ViewInfo kViews[DebugViews::ViewCount] = {
    {"SkinnedPositions", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "S&kinned Positions"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Where skinning puts each physics vertex; while simulating, a line from "
                       "the simulated vertex to it"),
     true},
    {"MaxDistance", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Max Distance Spheres"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "How far each painted vertex may move from its skinned position"),
     true},
    {"Backstop", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Backstop Spheres"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "The sphere behind each vertex that the cloth may not enter"),
     true},
    {"CollisionVolumes", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Collision Volumes"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The shapes the cloth collides with"),
     false},
    {"PhysicsWire", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Physics Mesh &Wire"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The edges of the simulated mesh"), true},
    {"PhysicsSolid", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Physics Mesh &Solid"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The simulated mesh as an opaque surface"),
     false},
    {"PhysicsNormals", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Physics Mesh &Normals"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The simulation's vertex normals"), true},
    {"SkinMap", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Skin &Map"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "A line from each graphics vertex to its bound point on the physics mesh"),
     true},
    {"BadSkinMap", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Skin Map, &Far Bindings Only"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Only graphics vertices farther from their triangle than half the "
                       "physics mesh's mean edge length"),
     true},
    {"Skeleton", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "S&keleton with Names"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The bones and their names"), false},
    {"BoneFrames", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Bone &Frames"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Each joint's axes: red X, green Y, blue Z"),
     true},
    {"Velocities", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Velocities"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Each vertex's motion over the next tenth of a second (while simulating)"),
     true},
    {"EdgeVertices", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Edge Vertices"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Vertices with fewer than four stretch constraints (they get the edge "
                       "scales of the settings)"),
     true},
    {"Stretch", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "S&tretch"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Edges coloured by length over rest length: blue compressed, green at "
                       "rest, red stretched by 10% or more"),
     true},
    {"MaxDistanceInwards",
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Max Distance &Inwards"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "A line from each skinned vertex inwards, against its normal, as far as "
                       "its Max Distance lets it go"),
     true},
    {"BackstopPrecise", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Backstop &Precise"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Every vertex with a backstop to the nearest point of its sphere, "
                       "unsampled"),
     true},
    {"CollisionShapesWire",
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Collision Shapes Wi&re"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "The collision volumes' edges as lines"),
     true},
    {"SkinMapActual", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Skin Map &Actual"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "A line from each graphics vertex as the skin map draws it to where its "
                       "bones alone would put it"),
     true},
    {"GraphicalVertexBones",
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Graphical Vertex Bones"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Lines from each graphics vertex to its bones, blue for light weights, "
                       "red for heavy ones"),
     true},
    {"PhysicalVertexBones",
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "P&hysical Vertex Bones"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Lines from each physics vertex to its bones, blue for light weights, "
                       "red for heavy ones"),
     true},
    {"RiderPokeThrough", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "&Riders Through the Shell"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Rider vertices (a lining) outside their shell by more than 2 mm "
                       "(while simulating)"),
     true},
    {"ShellPokeThrough", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "S&hells Through Each Other"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Vertices of an outer shell inside an inner shell by more than 2 mm "
                       "(while simulating)"),
     true},
    {"BodyPokeThrough", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "B&ody Through the Garment"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Body vertices outside the garment's simulated surface by more than 2 mm "
                       "(while simulating)"),
     true},
    {"MaxDistanceHits", QT_TRANSLATE_NOOP("tweed::editor::DebugViews", "Vertices at Max &Distance"),
     QT_TRANSLATE_NOOP("tweed::editor::DebugViews",
                       "Physics vertices held at their Max Distance limit (while simulating)"),
     true},
};

// The views that need the cloth measures computed.
bool isMeasureView(int view)
{
    return view >= DebugViews::RiderPokeThrough && view <= DebugViews::MaxDistanceHits;
}

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

// Line segments with a colour per endpoint, as Viewport::setLines takes them.
struct Lines
{
    std::vector<Vec3> points;
    std::vector<QColor> colors;
    void add(const Vec3 &a, const Vec3 &b, const QColor &ca, const QColor &cb)
    {
        points.push_back(a);
        points.push_back(b);
        colors.push_back(ca);
        colors.push_back(cb);
    }
    void add(const Vec3 &a, const Vec3 &b, const QColor &c) { add(a, b, c, c); }
    void cross(const Vec3 &p, float size, const QColor &c)
    {
        for (const Vec3 &axis : {Vec3{size, 0, 0}, Vec3{0, size, 0}, Vec3{0, 0, size}})
            add(p - axis, p + axis, c);
    }
    // Three great circles in the world's axis planes.
    void sphere(const Vec3 &centre, float radius, const QColor &c)
    {
        constexpr float step = float(2 * std::numbers::pi / DebugViews::kCircleSegments);
        for (int plane = 0; plane < 3; ++plane) {
            const auto at = [&](int i) {
                const float s = std::sin(step * float(i)) * radius;
                const float k = std::cos(step * float(i)) * radius;
                return centre + (plane == 0   ? Vec3{k, s, 0}
                                 : plane == 1 ? Vec3{0, k, s}
                                              : Vec3{k, 0, s});
            };
            for (int i = 0; i < DebugViews::kCircleSegments; ++i)
                add(at(i), at(i + 1), c);
        }
    }
};

// Every n-th of count items so that at most `limit` are drawn.
size_t strideFor(size_t count, size_t limit)
{
    return count <= limit ? 1 : (count + limit - 1) / limit;
}

} // namespace

/// The physics mesh this frame, world space: simulated when the simulation runs, else skinned.
struct DebugViews::Pose
{
    int physicsMesh = -1;
    bool simulated = false;
    std::vector<Vec3> positions;
    std::vector<Vec3> targets;       ///< skinned positions
    std::vector<Vec3> targetNormals; ///< of the skinned mesh (what backstops use)
    std::vector<Vec3> normals;       ///< of the simulated mesh (the skinned one otherwise)
};

DebugViews::DebugViews(Document *document, Playback *playback, SimulationController *simulation,
                       QObject *parent)
    : QObject(parent), mDocument(document), mPlayback(playback), mSimulation(simulation)
{
    setObjectName(QStringLiteral("DebugViews"));
    for (int v = 0; v < ViewCount; ++v) {
        auto *action = new QAction(this);
        action->setObjectName(QStringLiteral("MainWindow_Debug%1Action")
                                  .arg(QLatin1String(kViews[v].name)));
        action->setCheckable(true);
        mActions[size_t(v)] = action;
        connect(action, &QAction::toggled, this, [this, v](bool) {
            if (isMeasureView(v)) {
                bool any = false;
                for (int m = 0; m < ViewCount; ++m)
                    any = any || (isMeasureView(m) && isOn(View(m)));
                mSimulation->setMeasuring(this, any);
            }
            applyViewportViews();
            if (kViews[v].lines)
                schedule();
        });
    }
    connect(mDocument, &Document::changed, this, [this] {
        invalidateCaches();
        schedule();
    });
    connect(mPlayback, &Playback::poseChanged, this, &DebugViews::schedule);
    connect(mSimulation, &SimulationController::stepped, this, &DebugViews::schedule);
    connect(mSimulation, &SimulationController::frameShown, this, &DebugViews::schedule);
    connect(mSimulation, &SimulationController::simulatingChanged, this, &DebugViews::schedule);
    // Installing a translator sends LanguageChange to the application object.
    if (QCoreApplication::instance())
        QCoreApplication::instance()->installEventFilter(this);
    retranslate();
}

DebugViews::~DebugViews() = default; // a child of the simulation, which goes first

bool DebugViews::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == QCoreApplication::instance() && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

void DebugViews::retranslate()
{
    for (int v = 0; v < ViewCount; ++v) {
        mActions[size_t(v)]->setText(tr(kViews[v].text));
        mActions[size_t(v)]->setToolTip(tr(kViews[v].tip));
        mActions[size_t(v)]->setStatusTip(tr(kViews[v].tip));
    }
}

QList<QAction *> DebugViews::actions() const
{
    return QList<QAction *>(mActions.begin(), mActions.end());
}

bool DebugViews::isOn(View view) const { return mActions[size_t(view)]->isChecked(); }

void DebugViews::setOn(View view, bool on) { mActions[size_t(view)]->setChecked(on); }

QString DebugViews::layerName(View view)
{
    if (!kViews[view].lines)
        return {};
    return QStringLiteral("debug.") + QLatin1String(kViews[view].name);
}

bool DebugViews::isBadBinding(float offset, float meanEdgeLength)
{
    return std::abs(offset) > 0.5f * meanEdgeLength;
}

QColor DebugViews::stretchColor(float ratio)
{
    const float t = std::clamp((ratio - 1.0f) / 0.1f, -1.0f, 1.0f);
    if (t >= 0)
        return QColor::fromRgbF(t, 1 - t, 0);
    return QColor::fromRgbF(0, 1 + t, -t);
}

QColor DebugViews::weightColor(float w)
{
    const float t = std::clamp(w, 0.0f, 1.0f);
    return QColor::fromRgbF(t, 0.2f, 1 - t);
}

void DebugViews::setViewport(Viewport *viewport)
{
    if (mViewport == viewport)
        return;
    if (mViewport) {
        disconnect(mViewport, nullptr, this, nullptr);
        for (int v = 0; v < ViewCount; ++v)
            if (kViews[v].lines)
                mViewport->setLines(layerName(View(v)), {}, {});
        mViewport->setPhysicsSolid(false);
    }
    mViewport = viewport;
    mScale = 0;
    if (!mViewport)
        return;
    // The overlays these views share with View > Overlays: the actions show their state.
    const auto follow = [this](Viewport::Overlay overlay, bool visible) {
        if (overlay == Viewport::Overlay::CollisionVolumes) {
            const QSignalBlocker block(action(CollisionVolumes));
            action(CollisionVolumes)->setChecked(visible);
        } else if (overlay == Viewport::Overlay::Skeleton) {
            const QSignalBlocker block(action(Skeleton));
            action(Skeleton)->setChecked(visible);
        }
    };
    connect(mViewport, &Viewport::overlayVisibilityChanged, this, follow);
    connect(mViewport, &QObject::destroyed, this, [this] { mViewport = nullptr; });
    follow(Viewport::Overlay::CollisionVolumes,
           mViewport->isOverlayVisible(Viewport::Overlay::CollisionVolumes));
    follow(Viewport::Overlay::Skeleton, mViewport->isOverlayVisible(Viewport::Overlay::Skeleton));
    mViewport->setPhysicsSolid(isOn(PhysicsSolid));
    schedule();
}

// The views that are viewport overlays rather than line layers.
void DebugViews::applyViewportViews()
{
    if (!mViewport)
        return;
    mViewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, isOn(CollisionVolumes));
    const bool skeleton = isOn(Skeleton);
    if (skeleton != mViewport->isOverlayVisible(Viewport::Overlay::Skeleton)) {
        mViewport->setOverlayVisible(Viewport::Overlay::Skeleton, skeleton);
        mViewport->setOverlayVisible(Viewport::Overlay::BoneNames, skeleton);
    }
    mViewport->setPhysicsSolid(isOn(PhysicsSolid));
}

void DebugViews::invalidateCaches()
{
    mBoneMapValid = false;
    mEdgesMesh = -1;
    mScale = 0;
}

void DebugViews::schedule()
{
    if (mScheduled)
        return;
    mScheduled = true;
    QTimer::singleShot(0, this, &DebugViews::update);
}

void DebugViews::syncNow()
{
    if (mScheduled)
        update();
}

void DebugViews::setLayer(View view, std::vector<Vec3> endpoints, std::vector<QColor> colors,
                          size_t drawn)
{
    mDrawn[size_t(view)] = drawn;
    if (mViewport)
        mViewport->setLines(layerName(view), std::move(endpoints), std::move(colors));
}

// The physics mesh of the simulated LoD this frame; false when the asset has none.
bool DebugViews::assetSkinning()
{
    const ClothingAsset &asset = mDocument->asset();
    if (!mBoneMapValid) {
        const tweed::Skeleton &bones = asset.skeleton;
        mBoneMap.assign(bones.bones.size(), -1);
        for (size_t b = 0; b < bones.bones.size(); ++b)
            mBoneMap[b] = mDocument->character().skeleton.find(bones.bones[b].name);
        mBoneMapValid = true;
    }
    const std::vector<Mat4> &pose0 = mPlayback->skinningMatrices();
    mSkinning.resize(mBoneMap.size());
    bool complete = !pose0.empty();
    for (size_t b = 0; b < mBoneMap.size() && complete; ++b) {
        if (mBoneMap[b] < 0 || size_t(mBoneMap[b]) >= pose0.size())
            complete = false;
        else
            mSkinning[b] = pose0[size_t(mBoneMap[b])];
    }
    return complete;
}

bool DebugViews::currentPose(Pose &pose)
{
    const ClothingAsset &asset = mDocument->asset();
    const int lod = std::clamp(mSimulation->lod(), 0, int(asset.lods.size()) - 1);
    if (asset.lods.empty())
        return false;
    pose.physicsMesh = physicsMeshIndex(asset, lod);
    if (pose.physicsMesh < 0) return false;
    const PhysicsMesh &mesh = asset.physicsMeshes[size_t(pose.physicsMesh)];
    const size_t n = mesh.vertexCount();
    if (n == 0)
        return false;

    if (mSimulation->isShowingSimulation() && mSimulation->physicsMesh() == pose.physicsMesh &&
        mSimulation->physicsPositions().size() == n) {
        const Mat4 &world = mSimulation->world();
        const auto toWorld = [&world](const std::vector<Vec3> &in, bool directions) {
            std::vector<Vec3> out(in.size());
            for (size_t i = 0; i < in.size(); ++i)
                out[i] = directions ? normalize(world.transformVector(in[i]))
                                    : world.transformPoint(in[i]);
            return out;
        };
        pose.simulated = true;
        pose.positions = toWorld(mSimulation->physicsPositions(), false);
        pose.targets = toWorld(mSimulation->targetPositions(), false);
        pose.normals = toWorld(mSimulation->physicsNormals(), true);
        pose.targetNormals = computeVertexNormals(pose.targets, mesh.indices);
        return true;
    }

    // The skinned pose: the playback's skinning matrices (world space, character bone order)
    // in the asset's bone order.
    const bool complete = assetSkinning() && mesh.skin.size() == n;
    if (complete)
        skinVertices(mesh.positions, mesh.skin, mSkinning, pose.targets);
    else
        pose.targets = mesh.positions;
    pose.positions = pose.targets;
    pose.targetNormals = computeVertexNormals(pose.targets, mesh.indices);
    pose.normals = pose.targetNormals;
    return true;
}

void DebugViews::update()
{
    mScheduled = false;
    if (!mViewport)
        return;
    bool anyLines = false;
    for (int v = 0; v < ViewCount; ++v) {
        if (kViews[v].lines && !isOn(View(v)))
            setLayer(View(v), {}, {}, 0);
        anyLines = anyLines || (kViews[v].lines && isOn(View(v)));
    }
    if (!anyLines)
        return;

    Pose pose;
    if (!currentPose(pose)) {
        for (int v = 0; v < ViewCount; ++v)
            if (kViews[v].lines)
                setLayer(View(v), {}, {}, 0);
        return;
    }
    const ClothingAsset &asset = mDocument->asset();
    const PhysicsMesh &mesh = asset.physicsMeshes[size_t(pose.physicsMesh)];
    const size_t n = mesh.vertexCount();

    if (mScale == 0) {
        const auto [lo, hi] = mViewport->characterBounds();
        mScale = std::max({hi.y - lo.y, hi.x - lo.x, hi.z - lo.z, 1e-3f});
    }
    if (mEdgesMesh != pose.physicsMesh) {
        // Unique mesh edges: the solver's stretch constraints.
        std::unordered_set<uint64_t> seen;
        mEdges.clear();
        mStretchCount.assign(n, 0);
        double total = 0;
        for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
            for (int k = 0; k < 3; ++k) {
                uint32_t a = mesh.indices[t + size_t(k)], b = mesh.indices[t + size_t(k + 1) % 3];
                if (a > b)
                    std::swap(a, b);
                if (a == b || a >= n || b >= n || !seen.insert(uint64_t(a) << 32 | b).second)
                    continue;
                mEdges.push_back(a);
                mEdges.push_back(b);
                ++mStretchCount[a];
                ++mStretchCount[b];
                total += double(distance(mesh.positions[a], mesh.positions[b]));
            }
        mMeanEdge = mEdges.empty() ? 0.0f : float(total / double(mEdges.size() / 2));
        mEdgesMesh = pose.physicsMesh;
    }
    const float crossSize = kCrossShare * mScale;

    if (isOn(SkinnedPositions)) {
        Lines lines;
        for (size_t v = 0; v < n; ++v) {
            if (pose.simulated)
                lines.add(pose.positions[v], pose.targets[v], kSkinned, withAlpha(kSkinned, 90));
            lines.cross(pose.targets[v], crossSize, withAlpha(kSkinned, 200));
        }
        setLayer(SkinnedPositions, std::move(lines.points), std::move(lines.colors), n);
    }

    const auto spheres = [&](View view, const std::vector<float> &radii,
                             const std::vector<float> *distances, float scale,
                             const QColor &color) {
        std::vector<uint32_t> painted;
        if (radii.size() == n)
            for (uint32_t v = 0; v < n; ++v)
                if (radii[v] * scale > 0)
                    painted.push_back(v);
        const size_t stride = strideFor(painted.size(), kMaxSpheres);
        Lines lines;
        size_t drawn = 0;
        for (size_t i = 0; i < painted.size(); i += stride, ++drawn) {
            const uint32_t v = painted[i];
            const float r = radii[v] * scale;
            Vec3 centre = pose.targets[v];
            if (distances) {
                const float d = distances->size() == n ? (*distances)[v] : 0.0f;
                centre = centre - pose.targetNormals[v] * (d + r);
            }
            lines.sphere(centre, r, color);
        }
        setLayer(view, std::move(lines.points), std::move(lines.colors), drawn);
    };
    if (isOn(MaxDistance))
        spheres(MaxDistance, mesh.channels[FloatChannel::MaxDistance], nullptr,
                asset.simulation.maxDistanceScale, kMaxDistance);
    if (isOn(Backstop))
        spheres(Backstop, mesh.channels[FloatChannel::BackstopRadius],
                &mesh.channels[FloatChannel::BackstopDistance], 1.0f, kBackstop);

    if (isOn(PhysicsWire)) {
        Lines lines;
        for (size_t e = 0; e + 1 < mEdges.size(); e += 2)
            lines.add(pose.positions[mEdges[e]], pose.positions[mEdges[e + 1]], kPhysicsWire);
        setLayer(PhysicsWire, std::move(lines.points), std::move(lines.colors), mEdges.size() / 2);
    }
    if (isOn(PhysicsNormals)) {
        Lines lines;
        const float len = kNormalShare * mScale;
        for (size_t v = 0; v < n; ++v)
            lines.add(pose.positions[v], pose.positions[v] + pose.normals[v] * len,
                      kPhysicsNormal, withAlpha(kPhysicsNormal, 70));
        setLayer(PhysicsNormals, std::move(lines.points), std::move(lines.colors), n);
    }

    if (isOn(SkinMap) || isOn(BadSkinMap)) {
        const int lod = std::clamp(mSimulation->lod(), 0, int(asset.lods.size()) - 1);
        const GraphicsLod &graphics = asset.lods[size_t(lod)];
        const std::vector<SkinBinding> &bindings = graphics.skinMap.bindings;
        // The graphics mesh where the bindings put it: deformed through the skin map.
        std::vector<Vec3> shown(bindings.size());
        applySkinMap(graphics.skinMap, mesh.indices, pose.positions, pose.normals, shown, nullptr);
        for (const bool badOnly : {false, true}) {
            const View view = badOnly ? BadSkinMap : SkinMap;
            if (!isOn(view))
                continue;
            std::vector<uint32_t> chosen;
            for (uint32_t g = 0; g < bindings.size(); ++g) {
                const SkinBinding &b = bindings[g];
                if (b.triangle == tweed::SkinMap::kUnbound ||
                    size_t(b.triangle) * 3 + 2 >= mesh.indices.size())
                    continue;
                if (!badOnly || isBadBinding(b.position.z, mMeanEdge))
                    chosen.push_back(g);
            }
            const size_t stride = strideFor(chosen.size(), kMaxBindings);
            Lines lines;
            size_t drawn = 0;
            for (size_t i = 0; i < chosen.size(); i += stride, ++drawn) {
                const SkinBinding &b = bindings[chosen[i]];
                const uint32_t *tri = &mesh.indices[size_t(b.triangle) * 3];
                const float u = b.position.x, w = b.position.y;
                const Vec3 onTriangle = pose.positions[tri[0]] * u + pose.positions[tri[1]] * w +
                                        pose.positions[tri[2]] * (1 - u - w);
                const bool bad = isBadBinding(b.position.z, mMeanEdge);
                lines.add(shown[chosen[i]], onTriangle, bad ? kBadBinding : kBinding,
                          bad ? kBadBinding : withAlpha(kBinding, 60));
            }
            setLayer(view, std::move(lines.points), std::move(lines.colors), drawn);
        }
    }

    if (isOn(BoneFrames)) {
        Lines lines;
        const std::vector<Mat4> &global = mPlayback->globalPose();
        const float len = kAxisShare * mScale;
        const QColor axes[] = {QColor(235, 70, 60), QColor(80, 220, 80), QColor(70, 120, 255)};
        for (const Mat4 &g : global) {
            const Vec3 p = g.column(3);
            for (int k = 0; k < 3; ++k) {
                const Vec3 axis = g.column(k);
                if (length(axis) > 0)
                    lines.add(p, p + normalize(axis) * len, axes[k]);
            }
        }
        setLayer(BoneFrames, std::move(lines.points), std::move(lines.colors), global.size());
    }

    if (isOn(Velocities)) {
        Lines lines;
        const std::vector<Vec3> &previous = mSimulation->previousPositions();
        const double dt = mSimulation->lastStepSeconds();
        size_t drawn = 0;
        if (pose.simulated && dt > 0 && previous.size() == n) {
            const Mat4 &world = mSimulation->world();
            const std::vector<Vec3> &x = mSimulation->physicsPositions();
            const float scale = float(kVelocitySeconds / dt);
            for (size_t v = 0; v < n; ++v)
                lines.add(pose.positions[v],
                          world.transformPoint(x[v] + (x[v] - previous[v]) * scale), kVelocity,
                          withAlpha(kVelocity, 60));
            drawn = n;
        }
        setLayer(Velocities, std::move(lines.points), std::move(lines.colors), drawn);
    }

    if (isOn(EdgeVertices)) {
        Lines lines;
        size_t drawn = 0;
        for (size_t v = 0; v < n; ++v)
            if (mStretchCount[v] < 4) {
                lines.cross(pose.positions[v], 1.5f * crossSize, kEdgeVertex);
                ++drawn;
            }
        setLayer(EdgeVertices, std::move(lines.points), std::move(lines.colors), drawn);
    }

    if (isOn(Stretch)) {
        Lines lines;
        for (size_t e = 0; e + 1 < mEdges.size(); e += 2) {
            const uint32_t a = mEdges[e], b = mEdges[e + 1];
            const float rest = distance(mesh.positions[a], mesh.positions[b]);
            const QColor c = stretchColor(
                rest > 0 ? distance(pose.positions[a], pose.positions[b]) / rest : 1.0f);
            lines.add(pose.positions[a], pose.positions[b], c);
        }
        setLayer(Stretch, std::move(lines.points), std::move(lines.colors), mEdges.size() / 2);
    }

    // The measures' offenders of the frame on screen (none unless simulating).
    const FrameOffenders &offenders = mSimulation->lastOffenders();
    const Mat4 &world = mSimulation->world();
    const std::vector<Vec3> &graphics = mSimulation->graphicsPositions();
    const auto crosses = [&](View view, const auto &points, const QColor &color) {
        if (!isOn(view)) return;
        Lines lines;
        size_t drawn = 0;
        if (pose.simulated)
            for (const Vec3 &p : points) {
                lines.cross(p, 2.0f * crossSize, color);
                ++drawn;
            }
        setLayer(view, std::move(lines.points), std::move(lines.colors), drawn);
    };
    const auto graphicsPoints = [&](const std::vector<uint32_t> &vertices) {
        std::vector<Vec3> out;
        for (uint32_t v : vertices)
            if (v < graphics.size()) out.push_back(world.transformPoint(graphics[v]));
        return out;
    };
    std::vector<Vec3> body;
    for (const Vec3 &p : offenders.body)
        body.push_back(world.transformPoint(p));
    std::vector<Vec3> atLimit;
    for (uint32_t v : offenders.atLimit)
        if (v < n) atLimit.push_back(pose.positions[v]);
    crosses(RiderPokeThrough, graphicsPoints(offenders.riders), kOffender);
    crosses(ShellPokeThrough, graphicsPoints(offenders.shells), kOffender);
    crosses(BodyPokeThrough, body, kOffender);
    crosses(MaxDistanceHits, atLimit, kAtLimit);

    updateApexViews(pose);
}

void DebugViews::updateApexViews(const Pose &pose)
{
    const ClothingAsset &asset = mDocument->asset();
    const PhysicsMesh &mesh = asset.physicsMeshes[size_t(pose.physicsMesh)];
    const size_t n = mesh.vertexCount();
    const float crossSize = kCrossShare * mScale;

    if (isOn(MaxDistanceInwards)) {
        const std::vector<float> &radii = mesh.channels[FloatChannel::MaxDistance];
        const float scale = asset.simulation.maxDistanceScale;
        Lines lines;
        size_t drawn = 0;
        for (size_t v = 0; v < n && radii.size() == n; ++v)
            if (radii[v] * scale > 0) {
                const Vec3 inner = pose.targets[v] - pose.targetNormals[v] * (radii[v] * scale);
                lines.add(pose.targets[v], inner, kMaxDistance, withAlpha(kMaxDistance, 255));
                ++drawn;
            }
        setLayer(MaxDistanceInwards, std::move(lines.points), std::move(lines.colors), drawn);
    }
    if (isOn(BackstopPrecise)) {
        const std::vector<float> &radii = mesh.channels[FloatChannel::BackstopRadius];
        const std::vector<float> &distances = mesh.channels[FloatChannel::BackstopDistance];
        Lines lines;
        size_t drawn = 0;
        for (size_t v = 0; v < n && radii.size() == n && distances.size() == n; ++v) {
            if (!(radii[v] > 0))
                continue;
            const Vec3 centre = pose.targets[v] - pose.targetNormals[v] * (distances[v] + radii[v]);
            const Vec3 away = pose.positions[v] - centre;
            const Vec3 nearest =
                centre + (length(away) > 0 ? normalize(away) : pose.targetNormals[v]) * radii[v];
            lines.add(pose.positions[v], nearest, kBackstop);
            lines.cross(nearest, 0.5f * crossSize, kBackstop);
            ++drawn;
        }
        setLayer(BackstopPrecise, std::move(lines.points), std::move(lines.colors), drawn);
    }
    if (isOn(CollisionShapesWire)) {
        Lines lines;
        for (const CollisionVolume &volume : asset.collisionVolumes) {
            const scene::ShapeMesh shape = scene::collisionShapeMesh(volume, mScale);
            const VolumeFrame frame = volumeFrame(volume, *mPlayback);
            for (size_t t = 0; t + 2 < shape.indices.size(); t += 3)
                for (int k = 0; k < 3; ++k)
                    lines.add(frame.toWorld(shape.positions[shape.indices[t + size_t(k)]]),
                              frame.toWorld(shape.positions[shape.indices[t + size_t(k + 1) % 3]]),
                              kCollisionWire);
        }
        setLayer(CollisionShapesWire, std::move(lines.points), std::move(lines.colors),
                 asset.collisionVolumes.size());
    }

    const bool graphicsViews =
        isOn(SkinMapActual) || isOn(GraphicalVertexBones) || isOn(PhysicalVertexBones);
    if (!graphicsViews)
        return;
    const bool skinning = assetSkinning();
    const std::vector<Mat4> &global = mPlayback->globalPose();
    const auto bonePosition = [&](int bone, Vec3 &out) {
        if (bone < 0 || size_t(bone) >= mBoneMap.size() || mBoneMap[size_t(bone)] < 0 ||
            size_t(mBoneMap[size_t(bone)]) >= global.size())
            return false;
        out = global[size_t(mBoneMap[size_t(bone)])].column(3);
        return true;
    };
    const auto boneLines = [&](Lines &lines, const Vec3 &from, const BoneInfluence &influence) {
        for (int k = 0; k < kMaxBoneInfluences; ++k) {
            Vec3 to;
            const float w = influence.weights[size_t(k)];
            if (w > 0 && bonePosition(influence.bones[size_t(k)], to))
                lines.add(from, to, weightColor(w), withAlpha(weightColor(w), 60));
        }
    };
    const int lod = std::clamp(mSimulation->lod(), 0, int(asset.lods.size()) - 1);
    const GraphicsLod &graphics = asset.lods[size_t(lod)];
    std::vector<Vec3> skinned;
    if (skinning && graphics.mesh.skin.size() == graphics.mesh.vertexCount())
        skinVertices(graphics.mesh.positions, graphics.mesh.skin, mSkinning, skinned);
    if (isOn(SkinMapActual)) {
        const std::vector<SkinBinding> &bindings = graphics.skinMap.bindings;
        std::vector<Vec3> shown(bindings.size());
        applySkinMap(graphics.skinMap, mesh.indices, pose.positions, pose.normals, shown, nullptr);
        Lines lines;
        size_t drawn = 0;
        if (skinned.size() == shown.size()) {
            const size_t stride = strideFor(shown.size(), kMaxBindings);
            for (size_t g = 0; g < shown.size(); g += stride, ++drawn)
                lines.add(shown[g], skinned[g], kBinding, withAlpha(kBinding, 60));
        }
        setLayer(SkinMapActual, std::move(lines.points), std::move(lines.colors), drawn);
    }
    if (isOn(GraphicalVertexBones)) {
        Lines lines;
        size_t drawn = 0;
        if (!skinned.empty()) {
            const size_t stride = strideFor(skinned.size(), kMaxBindings / 4);
            for (size_t g = 0; g < skinned.size(); g += stride, ++drawn)
                boneLines(lines, skinned[g], graphics.mesh.skin[g]);
        }
        setLayer(GraphicalVertexBones, std::move(lines.points), std::move(lines.colors), drawn);
    }
    if (isOn(PhysicalVertexBones)) {
        Lines lines;
        size_t drawn = 0;
        if (mesh.skin.size() == n) {
            const size_t stride = strideFor(n, kMaxBindings / 4);
            for (size_t v = 0; v < n; v += stride, ++drawn)
                boneLines(lines, pose.positions[v], mesh.skin[v]);
        }
        setLayer(PhysicalVertexBones, std::move(lines.points), std::move(lines.colors), drawn);
    }
}

} // namespace tweed::editor
