// The "hang" scenario of BENCHMARKS.md, shared by tweed-bench hang and the solver's tests: an
// N x N cloth, 1 cm apart, hanging in the z = 0 plane from its pinned top row (the cloth spans
// x in [-L/2, L/2], y in [0, L], L = (N - 1) cm), every vertex 1 kg, pushed by a static sphere
// of radius 0.25 L at (0, -0.1 L, 0.2 L); 60 steps per second, 10 iterations' worth of work.
#pragma once

#include "tweed/sim/cloth_instance.h"

#include <algorithm>
#include <cstdint>
#include <memory>

namespace tweed::test {

inline PhysicsMesh hangMesh(int n)
{
    const float spacing = 0.01f;
    const float half = 0.5f * float(n - 1) * spacing;
    PhysicsMesh m;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            m.positions.push_back({float(c) * spacing - half, float(n - 1 - r) * spacing, 0.0f});
    auto id = [n](int r, int c) { return uint32_t(r * n + c); };
    for (int r = 0; r + 1 < n; ++r)
        for (int c = 0; c + 1 < n; ++c) {
            m.indices.insert(m.indices.end(), {id(r, c), id(r + 1, c), id(r + 1, c + 1)});
            m.indices.insert(m.indices.end(), {id(r, c), id(r + 1, c + 1), id(r, c + 1)});
        }
    m.channels.resize(m.positions.size());
    for (size_t v = 0; v < m.positions.size(); ++v)
        m.channels[FloatChannel::MaxDistance][v] = v < size_t(n) ? 0.0f : 1000.0f;
    m.normals.assign(m.positions.size(), Vec3{0, 0, 1});
    return m;
}

/// The scenario's cloth: every vertex 1 kg.
inline std::shared_ptr<const ClothData> hangClothData(const PhysicsMesh &mesh)
{
    ClothBuildOptions build;
    build.masses.assign(mesh.positions.size(), 1.0f);
    return buildClothData(mesh, build);
}

/// The scenario's settings: 10 iterations' worth of work spent as `substeps` substeps (a
/// divisor of 10) of 10 / substeps iterations each.
inline SimulationSettings hangSettings(int substeps, float compressionLimit = 1.0f)
{
    SimulationSettings s;
    s.stepsPerSecond = 60;
    s.substeps = substeps;
    s.iterations = std::max(1, 10 / substeps);
    s.damping = 0.1f;
    s.useCompliance = true;
    s.stretchCompliance = 1e-7f;
    s.bendCompliance = 1e-6f;
    s.stretchCompressionLimit = s.bendCompressionLimit = compressionLimit;
    s.collisionThickness = 0.0f;
    s.friction = 0.0f;
    return s;
}

inline CollisionVolume hangSphere(int n)
{
    const float L = float(n - 1) * 0.01f;
    CollisionVolume sphere;
    sphere.shape = CollisionShape::Sphere;
    sphere.radius = 0.25f * L;
    sphere.local.translation = {0.0f, -0.1f * L, 0.2f * L};
    return sphere;
}

/// Puts the scenario's sphere before `cloth` (built from hangMesh(n)) and resets it to its rest
/// pose: the frame to step it with.
inline ClothFrame startHang(ClothInstance &cloth, int n)
{
    cloth.setCollisionVolumes({hangSphere(n)});
    ClothFrame frame;
    frame.dt = 1.0f / 60;
    cloth.reset(frame);
    return frame;
}

} // namespace tweed::test
