// Input checks and the spatial hash shared by the painting operations.
#include "paint_internal.h"

#include <algorithm>

namespace tweed::detail {

void checkTriangles(const std::vector<uint32_t> &indices, size_t vertexCount, const char *what)
{
    if (indices.size() % 3 != 0)
        throw InputError(std::string(what) + ": the index count " + std::to_string(indices.size()) +
                         " is not a multiple of 3");
    for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i] >= vertexCount)
            throw InputError(std::string(what) + ": index " + std::to_string(indices[i]) +
                             " at position " + std::to_string(i) + " is out of range (" +
                             std::to_string(vertexCount) + " vertices)");
}

void checkVertices(const std::vector<uint32_t> &vertices, size_t vertexCount, const char *what)
{
    for (const uint32_t v : vertices)
        if (v >= vertexCount)
            throw InputError(std::string(what) + ": vertex " + std::to_string(v) +
                             " is out of range (" + std::to_string(vertexCount) + " vertices)");
}

void checkFinite(const std::vector<Vec3> &positions, const char *what)
{
    for (size_t v = 0; v < positions.size(); ++v)
        if (!isFinite(positions[v]))
            throw InputError(std::string(what) + ": vertex " + std::to_string(v) +
                             " has a position that is not finite");
}

std::vector<uint32_t> sortedUnique(const std::vector<uint32_t> &vertices)
{
    std::vector<uint32_t> out = vertices;
    if (!std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

SpatialHash::SpatialHash(const std::vector<Vec3> &points, float radius) : mPoints(&points)
{
    checkFinite(points, "spatial search");
    Vec3 lo{0, 0, 0}, hi{0, 0, 0};
    if (!points.empty()) lo = hi = points[0];
    for (const Vec3 &p : points) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    mOrigin = lo;
    const float extent = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, 1e-30f});
    mCell = std::max({8.0f * radius, extent / float(1 << 20), 1e-30f});

    size_t tableSize = 16;
    while (tableSize < 2 * points.size())
        tableSize *= 2;
    mMask = tableSize - 1;
    mTable.assign(tableSize, Slot{});
    std::vector<uint32_t> cellOfPoint(points.size());
    std::vector<uint32_t> counts;
    for (size_t v = 0; v < points.size(); ++v) {
        const Vec3 &p = points[v];
        const uint64_t key =
            coordinate(p.x, 0) | (coordinate(p.y, 1) << 21) | (coordinate(p.z, 2) << 42);
        uint64_t slot = hash(key) & mMask;
        while (mTable[slot].cell != kEmptySlot && mTable[slot].key != key)
            slot = (slot + 1) & mMask;
        if (mTable[slot].cell == kEmptySlot) {
            mTable[slot] = {key, uint32_t(counts.size())};
            counts.push_back(0);
        }
        cellOfPoint[v] = mTable[slot].cell;
        ++counts[mTable[slot].cell];
    }
    mStart.assign(counts.size() + 1, 0);
    for (size_t c = 0; c < counts.size(); ++c)
        mStart[c + 1] = mStart[c] + counts[c];
    mIds.resize(points.size());
    std::vector<uint32_t> fill(mStart.begin(), mStart.end() - 1);
    for (size_t v = 0; v < points.size(); ++v)
        mIds[fill[cellOfPoint[v]]++] = uint32_t(v);
}

} // namespace tweed::detail
