// The 3D view of the document: the skinned character, lit and textured, on a ground grid, with
// overlays (skeleton and bone names, wireframe, normals, physics mesh, collision volumes), an
// orbit camera and a frame-time read-out. Built on Qt3D inside a window container.
#pragma once

#include "viewport/camera_controller.h"

#include "tweed/math.h"

#include <QElapsedTimer>
#include <QColor>
#include <QImage>
#include <QWidget>

#include <map>
#include <memory>
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
    /// Back to the skinned meshes everywhere.
    void clearOverrides();
    /// World-space debug lines (the simulation's debug views): pairs of endpoints, with a
    /// colour per endpoint; empty hides them.
    void setDebugLines(std::vector<Vec3> endpoints, std::vector<QColor> colors);
    /// A wind arrow above the character: world-space wind velocity (m/s); hidden when off or
    /// when the velocity is zero.
    void setWindArrow(bool visible, const Vec3 &velocity);

signals:
    /// A frame has been rendered (emitted once per Qt3D frame).
    void frameRendered();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Scene;
    enum Dirty : unsigned {
        DirtyMeshes = 0x1,
        DirtyPhysics = 0x2,
        DirtyCollision = 0x4,
        DirtyPose = 0x8,
        DirtyLabels = 0x10,
        DirtyOverlays = 0x20,
    };
    void markDirty(unsigned what);
    void sync();
    void rebuildMeshes();
    void rebuildPhysics();
    void rebuildCollision();
    void updatePose();
    void paintLabels(QPainter *painter, const QSize &size);
    void updateReadout();
    void updateOverlayVisibility();
    void onFrame(float dt);
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
    std::map<int, std::vector<Vec3>> mPhysicsOverrides;
    bool mWindVisible = false;
    std::vector<Vec3> mDebugEndpoints;
    std::vector<QColor> mDebugColors;
    Vec3 mWind;
    double mFrameMs = 0;
    double mSkinningMs = 0;
    QElapsedTimer mReadoutClock;
};

} // namespace tweed::editor
