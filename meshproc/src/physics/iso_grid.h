// Internal to meshproc: the iso grid the iso-surface and the tetrahedral mesher share, and the
// unsigned distance field of a triangle soup on it.
#pragma once

#include "tweed/math.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace tweed::detail {

struct Grid
{
    Vec3 origin;
    float h = 0;
    int nx = 0, ny = 0, nz = 0;
    std::vector<float> value; // distance at each node, x fastest

    size_t at(int i, int j, int k) const { return (size_t(k) * size_t(ny) + size_t(j)) * size_t(nx) + size_t(i); }
    Vec3 node(int i, int j, int k) const
    {
        return origin + Vec3{float(i), float(j), float(k)} * h;
    }
    // Nearest-node sample (outside the grid: far).
    float sample(const Vec3 &p, float far) const
    {
        const Vec3 g = (p - origin) / h;
        const int i = int(std::lround(g.x)), j = int(std::lround(g.y)), k = int(std::lround(g.z));
        if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz)
            return far;
        return value[at(i, j, k)];
    }
    // Trilinear sample (outside the grid: far), and its gradient into `gradient` when given.
    float interpolate(const Vec3 &p, float far, Vec3 *gradient = nullptr) const
    {
        const Vec3 g = (p - origin) / h;
        const int i = int(std::floor(g.x)), j = int(std::floor(g.y)), k = int(std::floor(g.z));
        if (i < 0 || j < 0 || k < 0 || i + 1 >= nx || j + 1 >= ny || k + 1 >= nz) {
            if (gradient)
                *gradient = {};
            return far;
        }
        const float fx = g.x - float(i), fy = g.y - float(j), fz = g.z - float(k);
        float c[2][2][2];
        for (int a = 0; a < 2; ++a)
            for (int b = 0; b < 2; ++b)
                for (int d = 0; d < 2; ++d)
                    c[a][b][d] = value[at(i + a, j + b, k + d)];
        auto lerp1 = [](float x0, float x1, float t) { return x0 + (x1 - x0) * t; };
        const float y0 = lerp1(lerp1(c[0][0][0], c[1][0][0], fx), lerp1(c[0][1][0], c[1][1][0], fx), fy);
        const float y1 = lerp1(lerp1(c[0][0][1], c[1][0][1], fx), lerp1(c[0][1][1], c[1][1][1], fx), fy);
        if (gradient) {
            auto face = [&](int axis, int side) { // bilinear over the face at side of axis
                float s[2][2];
                for (int a = 0; a < 2; ++a)
                    for (int b = 0; b < 2; ++b)
                        s[a][b] = axis == 0 ? c[side][a][b] : axis == 1 ? c[a][side][b] : c[a][b][side];
                const float u = axis == 0 ? fy : fx, v = axis == 2 ? fy : fz;
                return lerp1(lerp1(s[0][0], s[1][0], u), lerp1(s[0][1], s[1][1], u), v);
            };
            *gradient = Vec3{face(0, 1) - face(0, 0), face(1, 1) - face(1, 0),
                             face(2, 1) - face(2, 0)} / h;
        }
        return lerp1(y0, y1, fz);
    }
};

/// A grid of spacing h over the box of the indexed vertices grown by pad on every side. Throws
/// InputError (naming the voxel) when it would have more than maxNodes nodes.
Grid gridAround(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices, float h,
                float pad, double maxNodes);

/// Unsigned distance to the triangles at every node of `grid` (its origin, spacing and size
/// set), exact within `band` of them, `band` beyond.
void distanceField(Grid &grid, const std::vector<Vec3> &pos, const std::vector<uint32_t> &idx,
                   float band);

} // namespace tweed::detail
