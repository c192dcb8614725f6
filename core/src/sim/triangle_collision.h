// Internal to the cloth solver: collision of the cloth's triangles with the collision volumes.
// The per-vertex pass keeps every vertex out of the volumes, but a volume narrower than the
// cloth's triangles (a leg under a coarse skirt) can still reach through a triangle between its
// corners; this pass pushes such a triangle's corners out by their barycentric weights, so the
// triangle's deepest point reaches the volume's surface (see triangleContact).
#pragma once

#include "particle.h"

#include "tweed/sim/colliders.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

class TriangleCollision
{
public:
    /// The cloth's triangles (three indices each into n vertices) and their rest positions (for
    /// the reach of the screening: a triangle that touches a volume has every corner within
    /// the volume's bounding radius plus twice the longest rest edge).
    void build(const std::vector<uint32_t> &indices, const std::vector<Vec3> &restPositions);

    /// One pass over the triangles, in their order (the same bits on any thread): a triangle
    /// with a movable corner reached through by a volume moves its corners by their inverse
    /// mass and barycentric weight; prev moves with them (the push adds no velocity). The
    /// triangles keep out of the volumes themselves, not of the collision `thickness` the poses
    /// are grown by (which keeps the vertices off): a flat triangle between vertices resting on
    /// a curved volume cuts into it (2 mm for 5 cm edges on a 15 cm radius), and pushing it out
    /// would fight the constraints holding those vertices.
    void apply(P4 *pos, P4 *prev, const std::vector<ColliderPose> &poses, float thickness);

    /// Triangles the last pass tested against a volume, and the contacts it resolved.
    uint64_t lastTests() const { return mTests; }
    uint64_t lastContacts() const { return mContacts; }

private:
    std::vector<uint32_t> mTriangles; ///< three corners each: triangles with a movable corner
    float mReach = 0;
    std::vector<uint32_t> mEligible;  ///< the poses triangleContact handles
    std::vector<ColliderPose> mBare;  ///< those poses without the thickness
    std::vector<uint64_t> mNear;      ///< per vertex, one bit per eligible pose (64 at a time)
    uint64_t mTests = 0, mContacts = 0;
};

} // namespace tweed::sim
