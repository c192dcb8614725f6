// Signed distance from points to a triangle mesh whose vertices move (a skinned body, a
// simulated garment): the closest point through a bounding-volume hierarchy rebuilt by update(),
// and the side from the angle-weighted pseudo-normal of the closest feature (face, edge or
// vertex), which gives the right sign for a closed mesh and a consistent one for an open one.
// Vertices at the same rest position (UV seams) are treated as one for the pseudo-normals and
// the open edges.
#pragma once

#include "tweed/math.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tweed {

/// The closest point on triangle abc to p and the feature it lies on: 0..2 a corner, 3..5 the
/// edge from corner k - 3 to the next, 6 inside.
Vec3 closestOnTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, int &feature);

struct SurfaceDistance
{
    /// Distance to the closest point, positive on the side the triangles' normals point to
    /// (counter-clockwise winding); infinite when the mesh has no triangle.
    float distance = INFINITY;
    Vec3 closest;
    /// The closest point lies on an open edge of the mesh (or a vertex on one): the point is
    /// beside the surface rather than over or under it, and its side says little.
    bool onOpenEdge = false;
};

class MeshDistance
{
public:
    /// `indices` (three per triangle) index `restPositions`, which set the topology (welded
    /// where positions are equal). Throws InputError for an index out of range.
    MeshDistance(const std::vector<Vec3> &restPositions, const std::vector<uint32_t> &indices);

    /// Takes the vertices' current positions (as many as the rest positions): rebuilds the
    /// hierarchy and the pseudo-normals.
    void update(const std::vector<Vec3> &positions);
    /// The same, keeping the hierarchy's grouping of triangles and only refitting its boxes:
    /// several times cheaper, as exact, and as fast to query while the mesh keeps its shape
    /// roughly (a body posed frame after frame).
    void refit(const std::vector<Vec3> &positions);
    /// Signed distance from p to the surface as of the last update (the rest positions before).
    SurfaceDistance query(const Vec3 &p) const;
    /// The same, starting from triangle `hint` (the closest of a nearby point measured before,
    /// any value when there is none): the same result, found faster when p lies near that
    /// point. `hint` gets the closest triangle.
    SurfaceDistance query(const Vec3 &p, uint32_t &hint) const;
    /// The same as query(p, hint) where p lies further than `bound` from the surface; nothing
    /// where it does not (then some triangle lies within `bound` of p, so the size of the
    /// distance is at most `bound`: neither inside nor outside by more), found as soon as a
    /// triangle that near is: for measures that only ask whether p lies beyond a tolerance.
    /// `hint` gets the closest triangle, or the one found within `bound`.
    std::optional<SurfaceDistance> queryBeyond(const Vec3 &p, uint32_t &hint, float bound) const;
    bool empty() const { return mTriangles.empty(); }

private:
    /// A node of the hierarchy with up to four children, their boxes side by side (per axis,
    /// per child) so that one query measures all four at once.
    struct Node
    {
        float lo[3][4], hi[3][4];
        /// Per child: an inner node's index, or kLeaf | first << 3 | count (the triangles of a
        /// leaf, count at most 4), or kNone (no child: its box is empty).
        uint32_t child[4];
    };
    static constexpr uint32_t kLeaf = 0x80000000u, kNone = 0xffffffffu;
    /// query(p, hint) into `result`, true; or, with `bound` at least 0, false as soon as a
    /// triangle within `bound` of p is found.
    bool search(const Vec3 &p, uint32_t &hint, float bound, SurfaceDistance &result) const;
    /// Takes the positions and recomputes the face and edge normals; `centres` gets the triangles' centres.
    void setPositions(const std::vector<Vec3> &positions, std::vector<Vec3> *centres);
    /// The angle-weighted pseudo-normal of welded vertex v, worked out when a query needs it.
    Vec3 vertexNormal(uint32_t v) const;
    /// Copies each leaf triangle's corners and normal in leaf order and recomputes every box.
    void fitBoxes();

    std::vector<uint32_t> mIndices;   ///< per triangle corner, the welded vertex
    std::vector<uint32_t> mCorner;    ///< per triangle corner, the original vertex
    std::vector<uint32_t> mEdgeOf;    ///< per triangle corner c, the edge (c, c + 1)
    std::vector<uint8_t> mOpenEdge;   ///< per edge
    std::vector<uint8_t> mOpenVertex; ///< per welded vertex, on an open edge
    std::vector<uint32_t> mWeldOf;    ///< per original vertex, its welded vertex
    size_t mVertexCount = 0;

    std::vector<Vec3> mPositions;     ///< per welded vertex, current
    std::vector<Vec3> mFaceNormal;    ///< per triangle, unit
    std::vector<Vec3> mEdgeNormal;    ///< per edge, sum of its faces' unit normals
    /// Per welded vertex v, its triangle corners (triangle * 3 + corner): mCornersOf from
    /// mCornerStart[v] to mCornerStart[v + 1].
    std::vector<uint32_t> mCornerStart, mCornersOf;
    std::vector<uint32_t> mTriangles; ///< triangle order of the hierarchy's leaves
    std::vector<Vec3> mLeafCorners;   ///< per triangle in leaf order, its three corners
    std::vector<Vec3> mLeafNormals;   ///< per triangle in leaf order, its unit normal
    std::vector<Node> mNodes;         ///< the root first, children after their parent
};

} // namespace tweed
