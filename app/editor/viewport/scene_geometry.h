// Geometry helpers of the viewport: interleaved vertex buffers that are refilled every frame
// without rebuilding geometry, line lists, edge lists and the meshes of collision volumes.
#pragma once

#include "tweed/collision.h"
#include "tweed/math.h"

#include <Qt3DCore/QEntity>

#include <QByteArray>
#include <QColor>

#include <vector>

namespace Qt3DCore {
class QAttribute;
class QBuffer;
class QGeometry;
} // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace tweed::editor::scene {

struct LineStyle;

/// Bytes per vertex of a surface buffer: position then normal, three floats each.
constexpr int kSurfaceStride = 6 * sizeof(float);

/// Writes positions and normals interleaved into `out` (resized as needed).
void interleave(const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                QByteArray &out);
QByteArray toByteArray(const std::vector<uint32_t> &values);
QByteArray toByteArray(const std::vector<Vec2> &values);

/// A geometry over an interleaved position+normal buffer. The buffer can be shared by several
/// geometries (the shaded surface and its wireframe).
Qt3DCore::QGeometry *makeSurfaceGeometry(Qt3DCore::QBuffer *vertices, uint32_t vertexCount,
                                         const std::vector<uint32_t> &indices,
                                         Qt3DCore::QNode *parent);
/// Sets the vertex count of every vertex attribute of a geometry (the buffer grew or shrank).
void setVertexCount(Qt3DCore::QGeometry *geometry, uint32_t vertexCount);

/// Whether a triangle mesh is closed and faces outwards once the two sides of its seams are
/// welded (every edge in two triangles that run it in opposite directions, a positive volume):
/// then its back faces are hidden by its front faces from any viewpoint outside it.
bool isClosedSurface(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices);

/// The unique edges of a triangle list as a line index list.
std::vector<uint32_t> edgeIndices(const std::vector<uint32_t> &triangles);

/// Line segments with a colour per end, interleaved as position (3 floats) and RGBA (4 floats).
class LineList
{
public:
    void clear() { mData.clear(); }
    void add(const Vec3 &a, const Vec3 &b, const QColor &color) { add(a, b, color, color); }
    void add(const Vec3 &a, const Vec3 &b, const QColor &colorA, const QColor &colorB);
    uint32_t vertexCount() const { return uint32_t(mData.size() / 7); }
    const std::vector<float> &data() const { return mData; }

private:
    std::vector<float> mData;
};

/// An entity drawing a LineList; setLines() only refills its buffer.
class LineEntity : public Qt3DCore::QEntity
{
public:
    LineEntity(const LineStyle &style, Qt3DCore::QNode *parent);
    void setLines(const LineList &lines);

private:
    Qt3DCore::QBuffer *mBuffer;
    Qt3DCore::QGeometry *mGeometry;
    Qt3DRender::QGeometryRenderer *mRenderer;
};

/// Ellipsoids' and spheres' outlines (the wireframe look) as instances of the unit sphere's
/// (collisionShapeOutline), placed and scaled by the vertex program: a frame re-sends 64
/// bytes a volume (Testwuson.X's 70 volumes: 4.5 KB), where filling the posed lines re-sent
/// 188 KB. The other shapes' outlines stay in a LineEntity.
class VolumeOutlines : public Qt3DCore::QEntity
{
public:
    VolumeOutlines(const LineStyle &style, Qt3DCore::QNode *parent);
    /// Each volume's frame (rigid), radii and colour.
    void setVolumes(const std::vector<Mat4> &frames, const std::vector<Vec3> &radii,
                    const std::vector<QColor> &colors);

private:
    Qt3DCore::QBuffer *mBuffer, *mInstanceBuffer;
    Qt3DCore::QGeometry *mGeometry;
    Qt3DRender::QGeometryRenderer *mRenderer;
    std::vector<float> mData;
};

/// A triangle mesh coloured per vertex (a painted channel's colour ramp): position, normal and
/// colour interleaved in one buffer that update() refills; the material is the caller's. Kept
/// apart from the character's own geometry, which stays untouched while painting.
class PaintedSurface : public Qt3DCore::QEntity
{
public:
    PaintedSurface(const std::vector<uint32_t> &indices, uint32_t vertexCount,
                   Qt3DCore::QComponent *material, Qt3DCore::QNode *parent);
    void update(const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                const std::vector<QColor> &colors);

private:
    Qt3DCore::QBuffer *mBuffer;
    QByteArray mBytes;
    uint32_t mVertexCount;
};

/// A closed triangle mesh with vertex normals.
struct ShapeMesh
{
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;
    std::vector<uint32_t> indices;
};

/// The surface of a collision volume in its own local frame (y is the capsule axis and the
/// plane's normal); planes are drawn as a square of side `planeSize`.
ShapeMesh collisionShapeMesh(const CollisionVolume &volume, float planeSize);

/// The wireframe of a collision volume in its own local frame, as segment end points in pairs:
/// a round shape's equator and two meridians (a capsule's also the rings where its caps meet
/// the body), the outlines of a box's or hull's faces, a plane's square. True edges only, no
/// triangle diagonals: a few dozen segments per volume.
std::vector<Vec3> collisionShapeOutline(const CollisionVolume &volume, float planeSize);

/// Ellipsoids, spheres, capsules and tapered capsules: drawn exactly by ray casting inside their
/// bounding boxes (RoundVolumes), not as triangle meshes.
bool isRoundShape(CollisionShape shape);

/// A round collision volume as RoundVolumes draws it.
struct RoundVolume
{
    Mat4 model;     ///< the volume's frame (bone times its local transform, without scale)
    CollisionVolume volume;
    bool selected = false;
};

/// A convex polyhedron around a round volume, in the volume's frame: the planes of a few fixed
/// directions touching the shape (a little outside it), so that it encloses the shape and
/// hugs it. Ellipsoids and spheres: an octagonal prism around the shortest axis (16 corners, 28
/// triangles), inside the bounding box in every view: face on it covers 1.05 times the
/// shape's outline, the box 1.27 times (fitted volumes are often flat). Capsules and tapered
/// capsules: eight sides around the axis, the two ends and eight slanted planes over the caps.
/// Corners and triangles wound counter-clockwise seen from outside.
struct RoundVolumeProxy
{
    std::vector<Vec3> corners;
    std::vector<uint32_t> triangles;
};
RoundVolumeProxy roundVolumeProxy(const CollisionVolume &volume);

/// A tighter proxy for an ellipsoid of `radii` (in its own frame) seen from `eye` (in the same
/// frame; with `parallel`, the view direction of an orthographic camera): a flat octagon
/// around the view cone that touches the ellipsoid, in the plane that touches the ellipsoid
/// at its point nearest the eye (the whole shape lies behind it), wound counter-clockwise seen
/// from the eye. It covers about 1.07 times the outline in every view, where the prism covers
/// up to 1.27 times it from the side, with 6 triangles instead of about 14 front ones: under
/// llvmpipe a volume costs per fragment its proxy rasterises, drawn or rejected. Empty where
/// the eye is inside or within 1.2 radii of the ellipsoid (the cone is too wide).
std::vector<Vec3> ellipsoidOutlineProxy(const Vec3 &radii, const Vec3 &eye,
                                        const Vec3 *parallel = nullptr);

/// Every round collision volume in one draw: each volume's proxy (RoundVolumeProxy), whose
/// fragments cast the view ray against the exact shape (RoundVolumeMaterial in
/// scene_materials.h). A few thousand vertices for any number of volumes instead of tens of
/// thousands of small triangles, which is what software GL pays for, and few pixels outside the
/// shape, which it pays for too. setVolumes() refills one buffer (with ellipsoidInstances, a
/// small one of instances), and nothing when the volumes and the eye are unchanged.
class RoundVolumes : public Qt3DCore::QEntity
{
public:
    /// With `ellipsoidInstances` (ellipsoids and spheres only, and makeRoundVolumeMaterial's
    /// ellipsoid program) the mesh is built once: every volume is an instance of it, and a
    /// frame re-sends only each volume's frame, radii and look (68 bytes), not its proxy.
    RoundVolumes(Qt3DCore::QComponent *material, Qt3DCore::QNode *parent,
                 bool ellipsoidInstances = false);
    ~RoundVolumes() override;
    void setVolumes(const std::vector<RoundVolume> &volumes);
    /// Where the camera is (and, for an orthographic one, its view direction): the volumes draw
    /// nearest first, so that each pixel blends its nearest volume once; an ellipsoid seen
    /// from outside draws as its outline (ellipsoidOutlineProxy), any other volume as its
    /// proxy, turned where the proxy holds the camera; a volume that a nearer ellipsoid hides
    /// entirely is not drawn (isHidden).
    void setEye(const Vec3 &eye, const Vec3 *orthographicDirection = nullptr);
    /// Whether a nearer ellipsoid hides all of the volume (given in setVolumes()'s order) from
    /// the eye, so that it is left out of the draw: under llvmpipe each layer of proxies costs
    /// its pixels, drawn or rejected.
    bool isHidden(size_t volume) const { return volume < mHidden.size() && mHidden[volume]; }

private:
    struct Cached;
    void fill();
    /// Per volume: whether a nearer ellipsoid hides all of it (left out of the draw).
    std::vector<bool> hiddenVolumes(const std::vector<std::vector<Vec3>> &outlines) const;
    /// Fills mInstanceBuffer with one instance per volume drawn (ellipsoidInstances).
    void fillInstances(const std::vector<std::vector<Vec3>> &outlines);
    Qt3DCore::QBuffer *mBuffer, *mIndexBuffer;
    Qt3DCore::QBuffer *mInstanceBuffer = nullptr; ///< per instance (ellipsoidInstances)
    Qt3DCore::QGeometry *mGeometry;
    Qt3DRender::QGeometryRenderer *mRenderer;
    QByteArray mBytes;
    std::vector<Cached> mCache; ///< per volume: its shape and proxy, rebuilt when the shape changes
    std::vector<Mat4> mModels;    ///< per volume, in the order of setVolumes()
    std::vector<uint32_t> mOrder; ///< the volumes in drawing order
    std::vector<bool> mHoldsEye;  ///< per volume: its proxy holds the eye (drawn turned)
    std::vector<bool> mHidden;    ///< per volume: hidden by a nearer ellipsoid, not drawn
    std::vector<bool> mSelected;  ///< per volume, in the order of setVolumes()
    Vec3 mEye;
    Vec3 mParallel;               ///< an orthographic camera's view direction, when mOrthographic
    bool mOrthographic = false;
    bool mFilled = false;         ///< fill() has run (setEye() with an unchanged eye then does nothing)
};

} // namespace tweed::editor::scene
