// The 3D view of the document: the skinned character, lit and textured, on a ground grid, with
// overlays (skeleton and bone names, wireframe, normals, physics mesh, collision volumes), an
// orbit camera and a frame-time read-out. Built on Qt3D inside a window container.
#pragma once

#include "viewport/camera_controller.h"
#include "viewport/viewport_tool.h"

#include "tweed/math.h"

#include <QElapsedTimer>
#include <QColor>
#include <QImage>
#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DCore {
class QEntity;
}
namespace Qt3DRender {
class QRenderCapture;
}
class QPainter;

namespace tweed::editor {

namespace scene {
enum class SurfaceLighting;
}

/// Whether an OpenGL renderer (GL_RENDERER) draws on the CPU: Mesa's llvmpipe, softpipe and
/// swrast, SwiftShader.
bool isSoftwareRenderer(const QString &renderer);

class Document;
class Playback;

/// What the viewport frames with frameSelected(); indices into the document's character meshes,
/// skeleton bones, asset collision volumes and physics meshes.
struct ViewportSelection
{
    std::vector<int> meshes;
    std::vector<int> bones;
    std::vector<int> collisionVolumes;
    std::vector<int> physicsMeshes;
    bool isEmpty() const
    {
        return meshes.empty() && bones.empty() && collisionVolumes.empty() &&
               physicsMeshes.empty();
    }
};

class Viewport : public QWidget
{
    Q_OBJECT

public:
    enum class Overlay { Skeleton, BoneNames, Wireframe, Normals, PhysicsMesh, CollisionVolumes, Grid };
    Q_ENUM(Overlay)
    enum class CameraPreset { Front, Side, Top, Perspective };
    Q_ENUM(CameraPreset)
    using NavigationStyle = tweed::editor::NavigationStyle;

    Viewport(Document *document, Playback *playback, QWidget *parent = nullptr);
    ~Viewport() override;

    void setOverlayVisible(Overlay overlay, bool visible);
    bool isOverlayVisible(Overlay overlay) const;

    /// Fits the whole character (current pose) into the view.
    void frameAll();
    /// Fits the selection (see setSelection()); everything when nothing is selected.
    void frameSelected();
    void setSelection(const ViewportSelection &selection);
    const ViewportSelection &selection() const { return mSelection; }
    /// Front, side and top are orthographic; orbiting returns to perspective.
    void setCameraPreset(CameraPreset preset);
    void setNavigationStyle(NavigationStyle style);
    NavigationStyle navigationStyle() const;

    /// Renders the current state and returns the frame (an empty image if rendering failed).
    QImage grabFrame();
    /// Average interval between rendered frames while they follow each other, milliseconds.
    double lastFrameMs() const { return mFrameMs; }
    /// Average time spent skinning and uploading the meshes per pose update, milliseconds.
    double lastSkinningMs() const { return mSkinningMs; }

    /// The OpenGL renderer drawing the view (GL_RENDERER, as "llvmpipe (LLVM 15.0.6, 256
    /// bits)" or a GPU's name); "unknown renderer" when the driver does not say.
    QString rendererName() const { return mRendererName; }
    /// Whether the opaque surfaces are lit per vertex (on a software renderer, where lighting
    /// per pixel costs most of the frame) rather than per pixel (on a GPU).
    bool isLitPerVertex() const { return mPerVertexLighting; }
    /// Samples per pixel of the view: Qt3D's 4 on a GPU, 1 (0: multisampling off) on a
    /// software renderer, where its lines are smoothed instead; TWEED_VIEWPORT_SAMPLES chooses.
    int samples() const { return mSamples; }
    /// The renderer's name, with ", lit per vertex" when isLitPerVertex() and ", no
    /// multisampling" when samples() is at most 1.
    QString rendererLabel() const;
    /// The frame-time read-out as last drawn in the view's corner (with rendererLabel()).
    QString readoutText() const;
    /// Vertices of the character meshes the view draws.
    size_t characterVertexCount() const;

    /// Model-space bounds of the character in the current pose (min, max); a unit box around
    /// the origin when the document is empty.
    std::pair<Vec3, Vec3> characterBounds() const;
    /// The camera's projection * view matrix, for tests and tools that project points.
    Mat4 viewProjection() const;
    CameraController *cameraController() const { return mController; }
    /// Skinned positions of a character mesh as last uploaded (for tests and tools).
    const std::vector<Vec3> &skinnedPositions(int mesh) const;

    /// Applies pending document and pose changes now instead of on the next event-loop pass.
    void syncNow();

    /// Shows `positions` and `normals` (world space, one per vertex of character mesh `mesh`)
    /// instead of the skinned mesh until cleared: the live simulation's deformed garment.
    void setMeshOverride(int mesh, std::vector<Vec3> positions, std::vector<Vec3> normals);
    /// Shows `positions` (world space) for physics mesh `physicsMesh` in the physics overlay.
    void setPhysicsOverride(int physicsMesh, std::vector<Vec3> positions);
    /// Skins the meshes that have no override with these matrices (world space, one per bone
    /// of the character) instead of the playback's: the simulation's pose, its pendulum bones
    /// and rig applied, so a hood's body mesh follows its pendulum. Cleared by clearOverrides.
    void setSkinningOverride(std::vector<Mat4> skinning);
    /// Back to the skinned meshes everywhere.
    void clearOverrides();
    /// World-space debug lines (the simulation's debug views): pairs of endpoints, with a
    /// colour per endpoint; empty hides them.
    void setDebugLines(std::vector<Vec3> endpoints, std::vector<QColor> colors);
    /// Named layers of world-space lines for tools and debug views (brush spheres, the gizmo,
    /// skin-map bindings): pairs of endpoints with a colour per endpoint; empty removes the
    /// layer. onTop draws them over everything (x-ray).
    void setLines(const QString &layer, std::vector<Vec3> endpoints, std::vector<QColor> colors,
                  bool onTop = false);
    bool hasLines(const QString &layer) const;
    /// Segments in a line layer (0 when it does not exist).
    size_t lineCount(const QString &layer) const;
    /// A line layer's endpoints (pairs), empty when it does not exist (for tests and tools).
    std::vector<Vec3> lineEndpoints(const QString &layer) const;

    /// Colours character mesh `mesh` per vertex (a painted channel's colour ramp) instead of
    /// its material; empty colours bring the material back.
    void setMeshColors(int mesh, std::vector<QColor> colors);
    /// The same for the physics mesh overlay's surface (drawn nearly opaque while coloured).
    void setPhysicsColors(int physicsMesh, std::vector<QColor> colors);
    /// Draws every physics mesh as an opaque shaded surface (a debug view), whether or not the
    /// physics overlay is on; it follows the simulation like the overlay.
    void setPhysicsSolid(bool solid);
    /// Collision volumes show faintly through the body that hides them (x-ray; on by default).
    void setCollisionXRay(bool on);
    bool isCollisionXRay() const { return mCollisionXRay; }
    /// Collision volumes drawn as their edges instead of translucent surfaces.
    void setCollisionWireframe(bool on);
    bool isCollisionWireframe() const { return mCollisionWireframe; }
    bool isPhysicsSolid() const { return mPhysicsSolid; }

    /// The active tool, which sees events before the camera; null for none. Not owned.
    void setTool(ViewportTool *tool);
    ViewportTool *tool() const { return mTool; }
    /// Asks for the tool's overlay to be drawn again.
    void updateToolOverlay();
    /// The tool a Ctrl + left drag reaches whatever tool is active (the cloth's grab), when it
    /// takes the press; null for none. Not owned.
    void setControlDragTool(ViewportTool *tool);

    /// A ray through a render-widget pixel: origin on the near plane, unit direction.
    struct Ray
    {
        Vec3 origin;
        Vec3 direction;
    };
    Ray rayAt(const QPointF &pixel) const;
    /// A world point's render-widget pixel; nullopt when behind the camera.
    std::optional<QPointF> project(const Vec3 &point) const;
    /// The camera's position (perspective) and viewing direction.
    Vec3 cameraPosition() const;
    Vec3 cameraDirection() const;
    bool isOrthographic() const;
    /// The size of the rendered image in pixels.
    QSize renderSize() const;
    /// The widget the scene renders into (send mouse events here in tests).
    QWidget *renderWidget() const { return mContainer; }
    /// Physics mesh positions as last drawn (skinned or simulated), world space; empty when
    /// neither the physics overlay nor the solid physics view is on.
    const std::vector<Vec3> &physicsPositions(int physicsMesh) const;

    /// A wind arrow above the character: world-space wind velocity (m/s); hidden when off or
    /// when the velocity is zero.
    void setWindArrow(bool visible, const Vec3 &velocity);

signals:
    /// A frame has been rendered (emitted once per Qt3D frame).
    void frameRendered();
    /// Another tool (or none) became active: tools that were active turn their buttons off.
    void toolChanged(tweed::editor::ViewportTool *tool);
    /// setSelection() was called.
    void selectionChanged();
    /// An overlay was shown or hidden (menus showing it follow).
    void overlayVisibilityChanged(tweed::editor::Viewport::Overlay overlay, bool visible);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Scene;
    /// Routes a Ctrl + left drag to the control-drag tool; true when it used the event.
    bool controlDragEvent(QEvent *event);
    enum Dirty : unsigned {
        DirtyMeshes = 0x1,
        DirtyPhysics = 0x2,
        DirtyCollision = 0x4,
        DirtyPose = 0x8,
        DirtyLabels = 0x10,
        DirtyOverlays = 0x20,
        DirtyColors = 0x40,
        DirtyLines = 0x80,
    };
    void markDirty(unsigned what);
    void sync();
    void rebuildMeshes();
    void rebuildPhysics();
    void rebuildCollision();
    void updatePose();
    /// The round volumes draw nearest first: gives them the camera's position to sort by.
    void sortRoundVolumesFromCamera();
    void paintLabels(QPainter *painter, const QSize &size);
    void updateReadout();
    bool drawsLabels() const;
    void placeReadout();
    void updateOverlayVisibility();
    void updateLineLayers();
    void applyColors();
    void onFrame(float dt);
    scene::SurfaceLighting lighting() const;
    std::pair<Vec3, Vec3> boundsOf(const ViewportSelection &selection) const;

    Document *mDocument;
    Playback *mPlayback;
    Qt3DExtras::Qt3DWindow *mWindow;
    QWidget *mContainer;
    CameraController *mController;
    Qt3DRender::QRenderCapture *mCapture = nullptr;
    std::unique_ptr<Scene> mScene;
    ViewportSelection mSelection;
    unsigned mDirty = 0;
    bool mSyncScheduled = false;
    bool mFramedOnce = false;
    std::vector<bool> mOverlays;
    std::map<int, std::pair<std::vector<Vec3>, std::vector<Vec3>>> mMeshOverrides;
    std::vector<Mat4> mSkinningOverride; ///< see setSkinningOverride; empty for none
    std::map<int, std::vector<Vec3>> mPhysicsOverrides;
    bool mWindVisible = false;
    bool mPhysicsSolid = false;
    bool mCollisionXRay = true;
    bool mCollisionWireframe = false;
    struct LineLayer
    {
        std::vector<Vec3> endpoints;
        std::vector<QColor> colors;
        bool onTop = false;
        bool dirty = true; ///< changed since its entity was last filled
    };
    std::map<QString, LineLayer> mLineLayers;
    std::map<int, std::vector<QColor>> mMeshColors;
    std::map<int, std::vector<QColor>> mPhysicsColors;
    ViewportTool *mTool = nullptr;
    ViewportTool *mControlDragTool = nullptr;
    bool mControlDragging = false; ///< a Ctrl + left drag went to mControlDragTool
    Vec3 mWind;
    QString mRendererName;
    bool mPerVertexLighting = false;
    int mSamples = 4;
    double mFrameMs = 0;
    double mSkinningMs = 0;
    QElapsedTimer mReadoutClock;
};

} // namespace tweed::editor
