// Private helpers of the painting operations (paint_*.cpp): input checks and a spatial hash for
// finding points near a position (welding seams, mirror images).
#pragma once

#include "tweed/errors.h"
#include "tweed/math.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace tweed::detail {

/// Throws InputError unless every index is below vertexCount and the count is a multiple of 3.
void checkTriangles(const std::vector<uint32_t> &indices, size_t vertexCount, const char *what);
/// Throws InputError unless every vertex index is below vertexCount.
void checkVertices(const std::vector<uint32_t> &vertices, size_t vertexCount, const char *what);
/// Throws InputError unless every position is finite.
void checkFinite(const std::vector<Vec3> &positions, const char *what);
/// The given vertices sorted and without repeats.
std::vector<uint32_t> sortedUnique(const std::vector<uint32_t> &vertices);

/// Points bucketed in a uniform grid of cubic cells; near(p, r) visits the points within r of p
/// in ascending order per cell. Cells are at least r wide, so only the 27 around p are read.
class SpatialHash
{
public:
    /// cellSize is raised where needed so grid coordinates stay small integers.
    SpatialHash(const std::vector<Vec3> &points, float cellSize);

    /// Calls visit(index, distanceSquared) for every point within radius (<= cellSize) of p.
    template <class Visit>
    void near(const Vec3 &p, float radius, Visit &&visit) const
    {
        const float r2 = radius * radius;
        const int64_t cx = coordinate(p.x, 0), cy = coordinate(p.y, 1), cz = coordinate(p.z, 2);
        for (int64_t dz = -1; dz <= 1; ++dz)
            for (int64_t dy = -1; dy <= 1; ++dy)
                for (int64_t dx = -1; dx <= 1; ++dx) {
                    const uint32_t cell = find(cx + dx, cy + dy, cz + dz);
                    if (cell == kEmptySlot)
                        continue;
                    for (uint32_t i = mStart[cell]; i < mStart[cell + 1]; ++i) {
                        const uint32_t v = mIds[i];
                        const float d2 = lengthSquared((*mPoints)[v] - p);
                        if (d2 <= r2)
                            visit(v, d2);
                    }
                }
    }
    float cellSize() const { return mCell; }

private:
    static constexpr uint32_t kEmptySlot = 0xFFFFFFFFu;
    /// Grid coordinate along an axis; far outside the points' box it is clamped, which only
    /// merges empty space.
    int64_t coordinate(float x, int axis) const
    {
        const float c = std::floor((x - mOrigin[axis]) / mCell);
        return int64_t(std::fmax(-4.0f, std::fmin(c, kMaxCoordinate)));
    }
    /// The cell number at grid coordinates, kEmptySlot when no point lies there.
    uint32_t find(int64_t x, int64_t y, int64_t z) const;
    static uint64_t hash(int64_t x, int64_t y, int64_t z);

    const std::vector<Vec3> *mPoints;
    static constexpr float kMaxCoordinate = 1 << 22;
    float mCell = 1;
    Vec3 mOrigin;
    uint64_t mMask = 0;
    std::vector<int64_t> mKeys;    ///< x, y, z of the cell in each table slot
    std::vector<uint32_t> mCellOf; ///< table slot -> cell number, kEmptySlot when free
    std::vector<uint32_t> mStart;  ///< cell number -> first entry in mIds (one extra at the end)
    std::vector<uint32_t> mIds;    ///< point indices grouped by cell, ascending within a cell
};

} // namespace tweed::detail
