// What simplify.cpp shares with its ordering (simplify_order.cpp) and post-pass
// (simplify_post.cpp) files: the quadrics, the vertex kinds, triangle measures and corner steps.
#pragma once

#include "simplify_quadric.h"
#include "tweed/meshproc/physics_geometry.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tweed::simplify_detail {

// Vertex kinds, in the order of which survives a collapse.
constexpr uint8_t kInterior = 0, kBoundary = 1, kCorner = 2;
constexpr float kInfinite = std::numeric_limits<float>::infinity();

// The squared sine of a triangle's smallest angle: that angle (at most 60 degrees, where the
// sine grows with the angle) lies between the two longer edges, so it is (2 area)^2 over the
// product of their squared lengths. Orders triangles like their smallest angles, without
// trigonometry.
inline float sinSquaredMinAngle(const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const Vec3 ab = b - a, ac = c - a;
    const float l0 = lengthSquared(ab), l1 = lengthSquared(c - b), l2 = lengthSquared(ac);
    const float longest = std::max({l0, l1, l2}), shortest = std::min({l0, l1, l2});
    const float denominator = longest * (l0 + l1 + l2 - longest - shortest);
    return denominator > 0 ? std::min(1.0f, lengthSquared(cross(ab, ac)) / denominator) : 0.0f;
}

inline float angleOfSinSquared(float s2)
{
    return std::asin(std::sqrt(s2));
}

// The next and the previous corner of corner c in its triangle (corners 3t, 3t + 1, 3t + 2),
// by table: which corner of its triangle c is follows no pattern, so a branch mispredicts.
inline constexpr int8_t kToNextCorner[3] = {1, 1, -2}, kToPrevCorner[3] = {2, -1, -1};
inline uint32_t nextCorner(uint32_t c)
{
    return uint32_t(int64_t(c) + kToNextCorner[c % 3]);
}
inline uint32_t prevCorner(uint32_t c)
{
    return uint32_t(int64_t(c) + kToPrevCorner[c % 3]);
}

// Sorts keys by their upper 32 bits, stably: three counting passes of 11 bits (the comparisons
// of a comparison sort on costs or Morton codes mispredict about every other branch). buffer is
// working memory, grown as needed.
void sortByHighWord(std::span<uint64_t> keys, std::vector<uint64_t> &buffer);

// The vertices in the order of a Morton curve through their bounding box (ties by index).
std::vector<uint32_t> mortonOrder(const std::vector<Vec3> &positions);

// The `count` smallest of keys (cost bits << 32 | vertex, costs not negative, listed in vertex
// order), sorted, at the start of keys or of buffer (the order of both is lost): sorting on the
// cost bits alone, stably, then orders them fully. A histogram of the costs' top bits first
// drops the keys that cannot be among the smallest.
std::span<const uint64_t> keepSmallestSorted(std::span<uint64_t> keys, size_t count,
                                             std::vector<uint64_t> &buffer);

// Flips interior edges whose two triangles are nearly coplanar when that raises their smallest
// angle, turns neither new triangle too far from the old ones or from the input surface, and
// keeps the new edge on the surface: against the input planes the four vertices represent, its
// midpoint's quadric error may exceed the old edge's by `bound` at most (else a flip across a
// shallow crease cuts above or below it; the flips raised the mean error on human.zae
// subdivided twice at 2,000 vertices from 0.206 to 0.212e-3 of the diagonal).
// Edges are visited in corner order, each triangle flipped at most once.
uint32_t flipEdges(PhysicsGeometry &g, const std::vector<Quadric> &quadrics,
                   const std::vector<Vec3> &references, double bound, float cosMax);

// Moves each interior vertex towards the centroid of its neighbours within its tangent plane and
// back onto its quadric's surface, accepting a move only when its quadric error stays within
// `bound` and no triangle around it turns too far (turnsTooFar, checked at the final place).
void relaxVertices(PhysicsGeometry &g, const std::vector<Quadric> &quadrics,
                   const std::vector<uint8_t> &boundary, const std::vector<Vec3> &references,
                   double bound, float cosMax);

} // namespace tweed::simplify_detail
