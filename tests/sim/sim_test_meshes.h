// Small meshes made in code for the solver tests.
#pragma once

#include "tweed/asset.h"
#include "tweed/sim/cloth_instance.h"

#include <cmath>

namespace tweed::test {

/// nx x ny vertices `spacing` apart in the z = 0 plane, row 0 at y = 0 and rows going down;
/// each quad split along its (r, c)-(r+1, c+1) diagonal. Row 0 gets Max Distance 0 (fixed)
/// when pinTop, every other vertex `maxDistance`.
inline PhysicsMesh makeGrid(int nx, int ny, float spacing, bool pinTop = true,
                            float maxDistance = 100.0f)
{
    PhysicsMesh m;
    for (int r = 0; r < ny; ++r)
        for (int c = 0; c < nx; ++c)
            m.positions.push_back({float(c) * spacing, -float(r) * spacing, 0.0f});
    auto id = [nx](int r, int c) { return uint32_t(r * nx + c); };
    for (int r = 0; r + 1 < ny; ++r)
        for (int c = 0; c + 1 < nx; ++c) {
            m.indices.insert(m.indices.end(), {id(r, c), id(r + 1, c), id(r + 1, c + 1)});
            m.indices.insert(m.indices.end(), {id(r, c), id(r + 1, c + 1), id(r, c + 1)});
        }
    m.channels.resize(m.positions.size());
    for (size_t v = 0; v < m.positions.size(); ++v)
        m.channels[FloatChannel::MaxDistance][v] = (pinTop && v < size_t(nx)) ? 0.0f : maxDistance;
    m.normals.assign(m.positions.size(), Vec3{0, 0, 1});
    return m;
}

inline ClothFrame frameAt(float dt, const Mat4 &world = Mat4{}, const Vec3 &wind = {})
{
    ClothFrame f;
    f.dt = dt;
    f.world = world;
    f.wind = wind;
    return f;
}

inline bool allFinite(const std::vector<Vec3> &v)
{
    for (const Vec3 &p : v)
        if (!isFinite(p))
            return false;
    return true;
}

} // namespace tweed::test
