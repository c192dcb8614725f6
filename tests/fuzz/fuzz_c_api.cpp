// libFuzzer harness: the C interface a game uses (tweed_c.h). The input, its lengths and
// checksum fixed up, is loaded from memory; an accepted asset gets an instance of each LoD, a
// few steps in a moving world with wind, and its physics and graphics meshes read back. Every
// call must return a result code (no crash, no exception), and an accepted asset must never
// give a value that is not finite: the loader refuses what is not safe to simulate.
#include "fuzz_support.h"

#include "tweed/tweed_c.h"

#include <cmath>
#include <vector>

namespace {

constexpr uint32_t kMaxLods = 2;
constexpr int kSteps = 3;

void requireFinite(const std::vector<float> &values, const char *what)
{
    for (const float v : values)
        if (!std::isfinite(v))
            tweed::fuzz::finding(std::string("an accepted asset gives a non-finite ") + what);
}

void simulate(const TweedAsset *asset, uint32_t lod)
{
    TweedInstance *instance = nullptr;
    if (tweed_instance_create(asset, lod, &instance) != TWEED_OK) return;
    const uint32_t bones = tweed_asset_bone_count(asset);
    std::vector<float> skinning(size_t(bones) * 16, 0.0f);
    for (uint32_t b = 0; b < bones; ++b)
        for (int i = 0; i < 4; ++i)
            skinning[size_t(b) * 16 + size_t(i) * 5] = 1.0f;
    float world[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    tweed_instance_set_skinning_matrices(instance, skinning.data(), bones);
    tweed_instance_set_wind(instance, 2.0f, 0.0f, 1.0f);
    for (int step = 0; step < kSteps; ++step) {
        world[12] = 0.05f * float(step); // walks along x
        tweed_instance_set_world_transform(instance, world);
        if (tweed_instance_step(instance, 1.0f / 60.0f) != TWEED_OK)
            tweed::fuzz::finding(std::string("a step failed: ") + tweed_last_error());
    }
    std::vector<float> physics(size_t(tweed_instance_physics_vertex_count(instance)) * 3);
    if (tweed_instance_physics_positions(instance, physics.data(), uint32_t(physics.size() / 3)) !=
        TWEED_OK)
        tweed::fuzz::finding("reading the physics positions failed");
    requireFinite(physics, "physics position");
    const uint32_t count = tweed_instance_graphics_vertex_count(instance);
    std::vector<float> positions(size_t(count) * 3), normals(size_t(count) * 3);
    if (tweed_instance_graphics_mesh(instance, positions.data(), normals.data(), count) != TWEED_OK)
        tweed::fuzz::finding("reading the graphics mesh failed");
    requireFinite(positions, "graphics position");
    requireFinite(normals, "graphics normal");
    tweed_instance_destroy(instance);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string bytes = tweed::fuzz::fixUpCooked(data, size);
    TweedAsset *asset = nullptr;
    if (tweed_asset_load_memory(bytes.data(), bytes.size(), "fuzz.tweedc", &asset) != TWEED_OK)
        return 0;
    const uint32_t lods = tweed_asset_lod_count(asset);
    for (uint32_t lod = 0; lod < lods && lod < kMaxLods; ++lod)
        simulate(asset, lod);
    tweed_asset_destroy(asset);
    return 0;
}
