#include "self_collision.h"

#include <algorithm>
#include <cmath>

namespace tweed::sim {

void SelfCollision::apply(P4 *pos, const Vec3 *restPositions, uint32_t n, float thickness)
{
    const float inv = 1.0f / thickness;
    uint32_t tableSize = 1;
    while (tableSize < 2 * n)
        tableSize <<= 1;
    hashCellStart.assign(tableSize + 1, 0);
    hashSorted.resize(n);
    hashCell.resize(n);
    selfDelta.assign(n, Vec3{});
    selfCount.assign(n, 0);
    auto cellOf = [&](int x, int y, int z) {
        return (uint32_t(x) * 73856093u ^ uint32_t(y) * 19349663u ^ uint32_t(z) * 83492791u) &
               (tableSize - 1);
    };
    auto coords = [&](const P4 &p, int &x, int &y, int &z) {
        x = int(std::floor(p.x * inv));
        y = int(std::floor(p.y * inv));
        z = int(std::floor(p.z * inv));
    };
    for (uint32_t v = 0; v < n; ++v) {
        int x, y, z;
        coords(pos[v], x, y, z);
        hashCell[v] = cellOf(x, y, z);
        ++hashCellStart[hashCell[v] + 1];
    }
    for (uint32_t i = 0; i < tableSize; ++i)
        hashCellStart[i + 1] += hashCellStart[i];
    {
        std::vector<uint32_t> &fill = hashSorted;
        std::vector<uint32_t> cursor(hashCellStart.begin(), hashCellStart.end() - 1);
        for (uint32_t v = 0; v < n; ++v)
            fill[cursor[hashCell[v]]++] = v;
    }
    const float t2 = thickness * thickness;
    for (uint32_t i = 0; i < n; ++i) {
        int x, y, z;
        coords(pos[i], x, y, z);
        uint32_t cells[27];
        int count = 0;
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz)
                    cells[count++] = cellOf(x + dx, y + dy, z + dz);
        std::sort(cells, cells + count);
        count = int(std::unique(cells, cells + count) - cells);
        for (int k = 0; k < count; ++k)
            for (uint32_t s = hashCellStart[cells[k]]; s < hashCellStart[cells[k] + 1]; ++s) {
                const uint32_t j = hashSorted[s];
                if (j <= i)
                    continue;
                const float wi = pos[i].w, wj = pos[j].w;
                if (wi + wj == 0.0f)
                    continue;
                const Vec3 delta = v3(pos[j]) - v3(pos[i]);
                const float len2 = lengthSquared(delta);
                if (len2 >= t2 || len2 < kTiny)
                    continue;
                // Vertices close at rest (neighbours) are not collisions.
                if (lengthSquared(restPositions[j] - restPositions[i]) < t2)
                    continue;
                const float len = std::sqrt(len2);
                const Vec3 corr = delta * ((thickness - len) / (len * (wi + wj)));
                selfDelta[i] -= corr * wi;
                selfDelta[j] += corr * wj;
                ++selfCount[i];
                ++selfCount[j];
            }
    }
    for (uint32_t v = 0; v < n; ++v)
        if (selfCount[v])
            setXyz(pos[v], v3(pos[v]) + selfDelta[v] / float(selfCount[v]));
}

} // namespace tweed::sim
