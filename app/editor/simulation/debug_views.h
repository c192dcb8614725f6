// The simulation debug views of View > Debug Views: what the solver sees, drawn over the garment
// in the viewport (skinned targets, Max Distance and backstop spheres, collision volumes, the
// physics mesh as wire, solid or normals, skin-map bindings, the skeleton and bone frames,
// velocities, edge vertices, stretch, and the vertices the cloth measures count against a frame:
// riders outside their shell, shells through each other, the body through the garment, vertices
// at their Max Distance). They follow the live simulation while it runs and the
// skinned pose otherwise. Each view is a checkable action; most draw a named line layer
// (layerName()) through Viewport::setLines.
#pragma once

#include "tweed/math.h"

#include <QColor>
#include <QList>
#include <QObject>
#include <QString>

#include <array>
#include <vector>

class QAction;

namespace tweed::editor {

class Document;
class Playback;
class SimulationController;
class Viewport;

class DebugViews : public QObject
{
    Q_OBJECT

public:
    enum View {
        SkinnedPositions, ///< where skinning puts each physics vertex (lines from the simulated one)
        MaxDistance,      ///< a sphere of the painted Max Distance around each skinned vertex
        Backstop,         ///< each vertex's backstop sphere behind its skinned position
        CollisionVolumes, ///< the viewport's collision volume overlay
        PhysicsWire,      ///< the physics mesh's edges
        PhysicsSolid,     ///< the physics mesh as an opaque shaded surface
        PhysicsNormals,   ///< the simulation's vertex normals as short lines
        SkinMap,          ///< every graphics vertex to its bound point on a physics triangle
        BadSkinMap,       ///< only the bindings far from their triangle (see isBadBinding)
        Skeleton,         ///< the viewport's skeleton and bone name overlays
        BoneFrames,       ///< small RGB axes at each joint
        Velocities,       ///< each vertex's velocity over a tenth of a second (simulating only)
        EdgeVertices,     ///< crosses on vertices with fewer than four stretch constraints
        Stretch,          ///< physics edges coloured by length over rest length
        // APEX's remaining views.
        MaxDistanceInwards,   ///< from each skinned vertex inwards by its Max Distance
        BackstopPrecise,      ///< every vertex to the nearest point of its backstop sphere
        CollisionShapesWire,  ///< the collision volumes' edges as lines
        SkinMapActual,        ///< each graphics vertex as drawn to where its bones alone put it
        GraphicalVertexBones, ///< lines from each graphics vertex to its bones, coloured by weight
        PhysicalVertexBones,  ///< lines from each physics vertex to its bones, coloured by weight
        // The offenders of the cloth measures (tweed/cloth_measures.h), while simulating:
        RiderPokeThrough, ///< rider vertices outside their shell
        ShellPokeThrough, ///< outer-shell vertices inside an inner shell
        BodyPokeThrough,  ///< body vertices through the garment
        MaxDistanceHits,  ///< physics vertices at their Max Distance
        ViewCount
    };
    Q_ENUM(View)

    /// Segments of one great circle of a sphere; a sphere draws three circles.
    static constexpr int kCircleSegments = 12;
    /// More painted spheres than this: every n-th is drawn, so that at most this many are.
    static constexpr size_t kMaxSpheres = 400;
    /// More bindings than this: every n-th is drawn.
    static constexpr size_t kMaxBindings = 20000;

    DebugViews(Document *document, Playback *playback, SimulationController *simulation,
               QObject *parent = nullptr);
    ~DebugViews() override;

    /// The viewport to draw into; may be null.
    void setViewport(Viewport *viewport);

    /// The checkable action of a view, objectName "MainWindow_Debug<Name>Action".
    QAction *action(View view) const { return mActions[size_t(view)]; }
    /// Every action, in menu order.
    QList<QAction *> actions() const;
    bool isOn(View view) const;
    void setOn(View view, bool on);

    /// The viewport line layer a view draws into ("" for views that are not line layers).
    static QString layerName(View view);
    /// How many items (spheres, crosses, bindings, lines) a view drew last time.
    size_t drawnCount(View view) const { return mDrawn[size_t(view)]; }
    /// Whether a binding is far from its triangle: its offset along the normal is more than
    /// half the physics mesh's mean edge length (the skin map report's "far" rule).
    static bool isBadBinding(float offset, float meanEdgeLength);
    /// Colour of an edge stretched by `ratio` (length over rest length): blue when
    /// compressed by 10% or more, green at rest, red when stretched by 10% or more.
    static QColor stretchColor(float ratio);
    /// Colour of a line to a bone of skin weight w (0..1): blue when light, red when heavy.
    static QColor weightColor(float w);

    /// Redraws now instead of on the next event-loop pass.
    void syncNow();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Pose;
    void retranslate();
    void schedule();
    void update();
    void invalidateCaches();
    void applyViewportViews();
    bool currentPose(Pose &pose);
    /// The playback's skinning matrices in the asset's bone order (false when a bone is
    /// missing from the character).
    bool assetSkinning();
    /// The APEX views that follow the others (MaxDistanceInwards onwards).
    void updateApexViews(const Pose &pose);
    void setLayer(View view, std::vector<Vec3> endpoints, std::vector<QColor> colors,
                  size_t drawn);

    Document *mDocument;
    Playback *mPlayback;
    SimulationController *mSimulation;
    Viewport *mViewport = nullptr;
    std::array<QAction *, ViewCount> mActions{};
    std::array<size_t, ViewCount> mDrawn{};
    bool mScheduled = false;

    // Caches of the document (cleared on changes): asset bone -> character bone, the physics
    // mesh's unique edges and stretch constraints per vertex, the size of the markers.
    std::vector<int> mBoneMap;
    bool mBoneMapValid = false;
    int mEdgesMesh = -1;
    std::vector<uint32_t> mEdges; ///< pairs
    std::vector<uint32_t> mStretchCount;
    float mMeanEdge = 0;
    float mScale = 0; ///< the character's height, for marker sizes
    std::vector<Mat4> mSkinning;
};

} // namespace tweed::editor
