// Painting per-vertex channels on a triangle mesh: picking with a bounding-volume hierarchy,
// brush dabs, smoothing, fills, gradients measured along the surface, screen-space selection
// and mirroring. Free functions on plain arrays, no UI: the editor calls them for every gesture
// and records the changed values as one undo step.
#pragma once

#include "tweed/math.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace tweed {

// ---- Picking -----------------------------------------------------------------------------

/// A ray hit on a triangle mesh.
struct SurfaceHit
{
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    uint32_t triangle = kNone;
    Vec3 bary{1, 0, 0};                               ///< weights of the triangle's three corners
    float t = std::numeric_limits<float>::infinity(); ///< distance along the (unit) ray
    Vec3 point;
    Vec3 normal; ///< the triangle's geometric normal, facing the ray's origin
    bool found() const { return triangle != kNone; }
};

/// A bounding-volume hierarchy over a triangle mesh for ray picks and sphere queries. Built
/// once per topology; refit() follows a deforming mesh (skinning, simulation) without rebuilding.
class SurfaceBvh
{
public:
    SurfaceBvh() = default;
    SurfaceBvh(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices);

    /// Updates the boxes for new positions of the same vertices (same count as when built).
    void refit(const std::vector<Vec3> &positions);
    bool empty() const;

    /// The closest hit along origin + t * direction (direction need not be unit), t in
    /// [0, maxT]. Both faces count. The hit's t is the distance from origin (the same t when
    /// direction is unit).
    SurfaceHit raycast(const Vec3 &origin, const Vec3 &direction,
                       float maxT = std::numeric_limits<float>::infinity()) const;
    /// Whether anything is hit between origin and origin + direction * maxT (shadow ray).
    bool occluded(const Vec3 &origin, const Vec3 &direction, float maxT) const;
    /// Vertices (used by a triangle) within radius of center, ascending.
    std::vector<uint32_t> verticesInSphere(const Vec3 &center, float radius) const;

private:
    /// 32 bytes; an inner node's children are adjacent (first, first + 1) and come after it in
    /// mNodes, so a reverse sweep refits children before their parents.
    struct Node
    {
        Vec3 lo;
        uint32_t first = 0; ///< leaf: first slot in mTriangles; inner: left child
        Vec3 hi;
        uint32_t count = 0; ///< leaf: triangle count; 0 for inner nodes
    };
    template <class Visit>
    void traverseRay(const Vec3 &origin, const Vec3 &direction, float &maxT, Visit &&visit) const;

    std::vector<Node> mNodes;
    std::vector<uint32_t> mTriangles; ///< the mesh's triangle numbers in leaf order
    std::vector<uint32_t> mCorners;   ///< three vertex indices per slot of mTriangles (a copy)
    std::vector<Vec3> mPositions;     ///< the positions built or last refitted on (a copy)
};

/// Where the camera looks from, for visibility tests: a point for perspective views, a
/// direction (from the camera into the scene) for orthographic ones.
struct ViewPoint
{
    Vec3 eye;
    Vec3 direction;
    bool orthographic = false;
};

/// The candidates that the camera sees: nothing of the mesh lies between the eye and the
/// vertex (a tolerance of `epsilon` metres keeps a vertex from hiding behind its own triangles).
std::vector<uint32_t> visibleVertices(const SurfaceBvh &bvh, const std::vector<Vec3> &positions,
                                      const std::vector<uint32_t> &candidates,
                                      const ViewPoint &view, float epsilon = 1e-4f);

// ---- Neighbourhoods ----------------------------------------------------------------------

/// Vertex neighbours across the mesh, with vertices at the same position (UV and normal seams)
/// treated as one: smoothing, fills and gradients flow across seams.
struct VertexGraph
{
    std::vector<uint32_t> offsets; ///< neighbours of v: neighbours[offsets[v] .. offsets[v+1])
    std::vector<uint32_t> neighbours;
    std::vector<uint32_t> weldedTo; ///< the representative vertex of v's position
};
VertexGraph buildVertexGraph(const std::vector<Vec3> &positions,
                             const std::vector<uint32_t> &indices, float weldTolerance = 1e-6f);

// ---- Brush -------------------------------------------------------------------------------

enum class PaintMode : uint8_t
{
    Set,
    Add,
    Subtract,
    Multiply
};
enum class Falloff : uint8_t
{
    Constant,
    Linear,
    Smooth,
    Sharp
};

struct BrushSettings
{
    float radius = 0.05f;  ///< metres
    float strength = 1.0f; ///< 0..1, the share of the change made at the brush centre
    Falloff falloff = Falloff::Smooth;
    PaintMode mode = PaintMode::Set;
    float value = 0.0f; ///< what Set paints, Add adds, Subtract subtracts, Multiply multiplies by
    float minValue = -std::numeric_limits<float>::infinity(); ///< results are clamped to
    float maxValue = std::numeric_limits<float>::infinity();  ///< [minValue, maxValue]
};

/// The falloff's weight at distance d from the centre of a brush of the given radius (0..1).
float falloffWeight(Falloff falloff, float d, float radius);

/// Changed values of one gesture: vertex indices (ascending, unique) and their new values.
struct ValueEdit
{
    std::vector<uint32_t> vertices;
    std::vector<float> values;
};

/// One dab at `center` on the given vertices (usually verticesInSphere, filtered by
/// visibleVertices): each within the radius moves towards the mode's target by
/// strength * falloff. Vertices whose value does not change are left out.
ValueEdit brushDab(const std::vector<Vec3> &positions, const std::vector<float> &values,
                   const std::vector<uint32_t> &vertices, const Vec3 &center,
                   const BrushSettings &brush);

/// Smoothing dab: each vertex moves towards the mean of its graph neighbours by
/// strength * falloff (Jacobi: all read the old values).
ValueEdit smoothDab(const std::vector<Vec3> &positions, const std::vector<float> &values,
                    const VertexGraph &graph, const std::vector<uint32_t> &vertices,
                    const Vec3 &center, const BrushSettings &brush);

/// Vertices reachable from seed through the graph (the connected piece the seed is on).
std::vector<uint32_t> connectedRegion(const VertexGraph &graph, uint32_t seed);

/// Sets `vertices` to value (values that already equal it are left out).
ValueEdit fillValues(const std::vector<float> &values, const std::vector<uint32_t> &vertices,
                     float value);

/// Distances along the surface from a point (a triangle and barycentric weights) to every
/// vertex; infinity where the surface is not connected to the point. Shortest paths through the
/// graph's edges, shortened across triangles by unfolding (as fast marching does): straight-line
/// distances on flat and developable pieces, an approximation of true geodesics elsewhere that
/// never exceeds the edge-path length.
std::vector<float> surfaceDistances(const std::vector<Vec3> &positions,
                                    const std::vector<uint32_t> &indices, const VertexGraph &graph,
                                    const SurfaceHit &from);

/// Gradient between two points measured along the surface: a vertex at surface distance dA
/// from `from` and dB from `to` gets valueFrom + (valueTo - valueFrom) * dA / (dA + dB);
/// only the given vertices (all reachable ones when empty) change.
ValueEdit gradientValues(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                         const VertexGraph &graph, const std::vector<float> &values,
                         const SurfaceHit &from, float valueFrom, const SurfaceHit &to,
                         float valueTo, const std::vector<uint32_t> &vertices = {});

/// Exponential gradient from the pinned region (the fabric hack of K.I.S.A.'s mass-spring
/// cloth): a vertex `l` edge hops from the nearest of `sources` (level 0) gets
/// factor^(levels - l) for l < levels and 1 from `levels` hops on, so that each level is
/// `factor` times as heavy as the one below it on the Mass Scale channel. Vertices not connected
/// to a source keep their value. Throws InputError for a factor that is not positive, levels
/// outside 1..64, a source out of range or no source.
ValueEdit exponentialGradientValues(const VertexGraph &graph, const std::vector<float> &values,
                                    const std::vector<uint32_t> &sources, float factor,
                                    uint32_t levels);

/// The value under a hit: barycentric interpolation of its triangle's corners.
float pickValue(const std::vector<uint32_t> &indices, const std::vector<float> &values,
                const SurfaceHit &hit);

// ---- Screen-space selection --------------------------------------------------------------

/// Vertices whose projection (viewProjection * position, in pixels of a width x height view,
/// y down) lies inside the closed polygon (lasso; a box is a four-point polygon) and in front
/// of the camera: clip w > 0 and not before the near plane (clip z >= -w, OpenGL's clip space;
/// this also drops what lies behind an orthographic camera). Polygons of fewer than three
/// points select nothing.
std::vector<uint32_t> verticesInPolygon(const std::vector<Vec3> &positions,
                                        const Mat4 &viewProjection, float width, float height,
                                        const std::vector<Vec2> &polygon);

// ---- Mirroring ---------------------------------------------------------------------------

enum class MirrorAxis : uint8_t
{
    X,
    Y,
    Z
};

/// For every vertex its mirror image across the plane through the origin normal to axis, or
/// SurfaceHit::kNone where no vertex lies within tolerance of the mirrored position. Vertices
/// on the plane map to themselves.
std::vector<uint32_t> mirrorByPosition(const std::vector<Vec3> &positions, MirrorAxis axis,
                                       float tolerance);

/// The same by topology, for symmetric meshes whose halves are not placed exactly
/// symmetrically: starts from the pairs found by position (tolerance) and extends them through
/// the graph's neighbourhoods. Vertices it cannot match get kNone.
std::vector<uint32_t> mirrorByTopology(const std::vector<Vec3> &positions,
                                       const std::vector<uint32_t> &indices,
                                       const VertexGraph &graph, MirrorAxis axis, float tolerance);

/// Extends an edit with its mirror: each edited vertex's mirror gets the same value. The edit
/// wins where a vertex and its mirror were both edited with different values (each keeps its
/// own); where several edited vertices share a mirror, the first in the edit's order gives it.
/// The result is ascending like every ValueEdit.
ValueEdit mirrorEdit(const ValueEdit &edit, const std::vector<uint32_t> &mirror);

} // namespace tweed
