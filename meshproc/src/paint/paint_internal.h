// Private helpers of the painting operations (paint_*.cpp): input checks and a spatial hash for
// finding points near a position (welding seams, mirror images).
#pragma once

#include "tweed/errors.h"
#include "tweed/math.h"

#include <algorithm>
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

/// Points bucketed in a uniform grid of cubic cells, for finding the points within a small
/// radius of a position: near(p, r) reads only the cells that the box around p overlaps.
/// Keeps a reference to the points.
class SpatialHash
{
public:
    /// Queries of radius up to `radius` are expected; cells are several times wider, so most
    /// queries read one cell (and cells stay few per point for radii far below the spacing).
    SpatialHash(const std::vector<Vec3> &points, float radius);

    /// Calls visit(index, distanceSquared) for every point within radius of p; points of one
    /// cell come in ascending order.
    template <class Visit> void near(const Vec3 &p, float radius, Visit &&visit) const
    {
        const float r2 = radius * radius;
        const Vec3 lo = p - Vec3{radius, radius, radius}, hi = p + Vec3{radius, radius, radius};
        const uint64_t x0 = coordinate(lo.x, 0), x1 = coordinate(hi.x, 0);
        const uint64_t y0 = coordinate(lo.y, 1), y1 = coordinate(hi.y, 1);
        const uint64_t z0 = coordinate(lo.z, 2), z1 = coordinate(hi.z, 2);
        for (uint64_t z = z0; z <= z1; ++z)
            for (uint64_t y = y0; y <= y1; ++y)
                for (uint64_t x = x0; x <= x1; ++x) {
                    const uint32_t cell = find(x | (y << 21) | (z << 42));
                    if (cell == kEmptySlot) continue;
                    for (uint32_t i = mStart[cell]; i < mStart[cell + 1]; ++i) {
                        const uint32_t v = mIds[i];
                        const float d2 = lengthSquared((*mPoints)[v] - p);
                        if (d2 <= r2) visit(v, d2);
                    }
                }
    }

private:
    static constexpr uint32_t kEmptySlot = 0xFFFFFFFFu;
    /// Grid coordinate along an axis, in [0, 2^21): the points' box spans at most 2^20 cells
    /// from 2 on; queries far outside are clamped, which only adds empty cells.
    uint64_t coordinate(float x, int axis) const
    {
        const float c = std::floor((x - mOrigin[axis]) / mCell) + 2.0f; // NaN-free: checked
        return uint64_t(std::clamp(c, 0.0f, float((1 << 21) - 1)));
    }
    /// The cell number of a packed key, kEmptySlot when no point lies there.
    uint32_t find(uint64_t key) const
    {
        uint64_t slot = hash(key) & mMask;
        while (mTable[slot].cell != kEmptySlot) {
            if (mTable[slot].key == key) return mTable[slot].cell;
            slot = (slot + 1) & mMask;
        }
        return kEmptySlot;
    }
    static uint64_t hash(uint64_t key)
    {
        key ^= key >> 33;
        key *= 0xFF51AFD7ED558CCDull;
        key ^= key >> 33;
        return key;
    }

    struct Slot
    {
        uint64_t key = 0;
        uint32_t cell = kEmptySlot;
    };
    const std::vector<Vec3> *mPoints;
    float mCell = 1;
    Vec3 mOrigin;
    uint64_t mMask = 0;
    std::vector<Slot> mTable;     ///< open addressing, linear probing
    std::vector<uint32_t> mStart; ///< cell number -> first entry in mIds (one extra at the end)
    std::vector<uint32_t> mIds;   ///< point indices grouped by cell, ascending within a cell
};

} // namespace tweed::detail
