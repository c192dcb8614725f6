// A representative garment made in code for the solver's robustness tests: a skirt-like sheet
// of cols x rows vertices hanging in front of a two-bone character that jumps and swings, with
// a sphere on the lower bone behind the sheet. The top row is held by the bones (Max Distance
// 0); below it Max Distance rises to 5 cm at the hem. Unpinned, every vertex may move 5 cm, as
// the sample coat made by tweed-cli create without --pin-top. The clip: the root bone jumps 0.3 m
// up and lands in 0.5 s, the lower bone swings +-0.5 rad at 1.5 Hz.
#pragma once

#include "sim_test_meshes.h"

#include "tweed/sim/cloth_instance.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace tweed::test {

inline std::shared_ptr<const ClothAssetData>
makeJumpingGarment(int cols, int rows, float spacing = 0.02f, bool pinned = true)
{
    PhysicsMesh mesh = makeGrid(cols, rows, spacing, true, 0.05f);
    mesh.skin.resize(mesh.positions.size());
    for (size_t v = 0; v < mesh.positions.size(); ++v) {
        const float t = float(v / size_t(cols)) / float(rows - 1); // 0 at the top, 1 at the hem
        mesh.channels[FloatChannel::MaxDistance][v] = !pinned            ? 0.05f
                                                      : v < size_t(cols) ? 0.0f
                                                                         : 0.05f * t;
        mesh.skin[v].bones = {0, 1, 0, 0};
        mesh.skin[v].weights = {1.0f - t, t, 0.0f, 0.0f};
    }
    auto data = std::make_shared<ClothAssetData>();
    data->cloth = buildClothData(mesh);
    data->boneParents = {-1, 0};
    data->boneBind = {Mat4{}, Mat4::translation({0, -0.1f, 0})};
    CollisionVolume ball;
    ball.shape = CollisionShape::Sphere;
    ball.bone = 1;
    ball.radius = 0.1f;
    ball.local.translation = {float(cols - 1) * spacing * 0.5f, -0.15f, -0.12f};
    data->collisionVolumes = {ball};
    return data;
}

/// Skinning matrices of the jumping garment's clip at time t (seconds; the jump repeats).
inline std::vector<Mat4> jumpingGarmentPose(float t)
{
    const float phase = std::fmod(t, 1.0f);
    const float height = phase < 0.5f ? 0.3f * std::sin(phase * 2.0f * kPi) : 0.0f;
    const Mat4 root = Mat4::translation({0, height, 0});
    const Vec3 hip{0, -0.1f, 0};
    const Mat4 swing = Mat4::translation(hip) *
                       Mat4::rotation(axisAngle({1, 0, 0}, 0.5f * std::sin(t * 3.0f * kPi))) *
                       Mat4::translation(-hip);
    return {root, root * swing};
}

/// What a run of the jumping garment's clip gives: final positions, the largest stretch, the
/// non-finite values counted over every frame, the costliest frame's work and the warnings.
struct GarmentRun
{
    std::vector<Vec3> positions;
    float maxStretch = 0;
    uint32_t nonFinite = 0;
    uint64_t maxWork = 0;
    std::vector<std::string> warnings;
    int threads = 0;
};

/// Plays frames + 1 frames (the first a reset) of the jumping clip at 60 Hz.
inline GarmentRun runGarment(const std::shared_ptr<const ClothAssetData> &garment,
                             const SimulationSettings &settings, int frames,
                             const ClothInstanceOptions &options = {})
{
    ClothInstance cloth(garment, settings, options);
    cloth.setCollisionVolumes(garment->collisionVolumes);
    GarmentRun r;
    r.threads = cloth.threadCount();
    r.warnings = cloth.status().warnings;
    const float dt = 1.0f / 60;
    for (int f = 0; f <= frames; ++f) {
        const std::vector<Mat4> pose = jumpingGarmentPose(float(f) * dt);
        ClothFrame frame = frameAt(f == 0 ? 0.0f : dt);
        frame.skinning = pose;
        if (f == 0)
            cloth.reset(frame);
        else
            cloth.update(frame);
        const ClothMeasurements m = cloth.measure();
        r.maxStretch = std::max(r.maxStretch, m.maxStretch);
        r.nonFinite += m.nonFinite;
        r.maxWork = std::max(r.maxWork, cloth.status().lastUpdateWork);
    }
    r.positions = cloth.positions();
    return r;
}

} // namespace tweed::test
