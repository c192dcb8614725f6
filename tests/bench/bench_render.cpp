// The render-ready outputs' cost: the sample's coat (as `tweed-bench garment` makes it) on its
// walk; at each of --frames frames the deformed graphics mesh is made five ways and each timed
// (thread CPU time, median over the frames): positions only; with the skin map's normals; with
// them and tangents; with recomputed normals (welded across seams); with recomputed normals and
// tangents. The sample has no tangents in its file: the bench gives every graphics vertex one
// (perpendicular to its normal, as the skin map builder picks when a file has none), so that
// the tangent path runs. Reported in nanoseconds per graphics vertex.
#include "bench.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/create_asset.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace tweed::bench {
namespace {

struct Mode
{
    const char *key;
    bool normals, recompute, tangents;
};

constexpr Mode kModes[] = {{"positions", false, false, false},
                           {"skin_map_normals", true, false, false},
                           {"skin_map_normals_tangents", true, false, true},
                           {"recomputed_normals", true, true, false},
                           {"recomputed_normals_tangents", true, true, true}};
constexpr size_t kModeCount = sizeof kModes / sizeof kModes[0];

int run(const std::vector<std::string> &args)
{
    int frames = 120;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--frames" && i + 1 < args.size())
            frames = std::atoi(args[++i].c_str());
        else if (args[i] == "--json")
            json = true;
        else {
            std::fprintf(stderr, "usage: tweed-bench render [--frames N] [--json]\n");
            return 1;
        }
    }
    if (frames < 1) {
        std::fprintf(stderr, "render: frames >= 1\n");
        return 1;
    }
    try {
        const Character character = importCharacter(TWEED_SAMPLE_CHARACTER);
        CreateAssetOptions create;
        create.garmentMeshes = {"Coat"};
        create.pinnedTop = 0.3f;
        ClothingAsset asset = createAsset(character, create);
        GraphicsMesh &g = asset.lods[0].mesh;
        if (g.tangents.size() != g.vertexCount()) {
            g.tangents.resize(g.vertexCount());
            for (size_t v = 0; v < g.vertexCount(); ++v) {
                const Vec3 n = g.normals.size() == g.vertexCount() ? g.normals[v] : Vec3{0, 0, 1};
                const Vec3 t = normalize(cross(n, std::abs(n.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0}));
                g.tangents[v] = {t.x, t.y, t.z, 1};
            }
        }
        const AnimationClip clip = retargetClip(
            character.clips[size_t(character.findClip("Walk"))], character.skeleton, asset.skeleton);
        ClipSimulationSettings settings;
        settings.framesPerSecond = 60;
        ClipSimulation sim(asset, &clip, settings);
        sim.advance();
        std::vector<double> seconds[kModeCount];
        std::vector<Vec3> positions, normals;
        GraphicsOutput out;
        for (int f = 0; f < frames; ++f) {
            sim.advance();
            const ClothInstance &cloth = sim.instance();
            cloth.positions();
            cloth.normals(); // the physics normals are the solver's, not the outputs' cost
            for (size_t m = 0; m < kModeCount; ++m) {
                const Mode &mode = kModes[m];
                seconds[m].push_back(threadCpuSeconds([&] {
                    if (!mode.recompute && !mode.tangents)
                        cloth.deformGraphics(positions, mode.normals ? &normals : nullptr);
                    else
                        cloth.deformGraphics(out, {mode.recompute, mode.tangents});
                }));
            }
        }
        const double vertices = double(g.vertexCount());
        if (json) {
            std::printf("{\"graphics_vertices\": %zu, \"frames\": %d", g.vertexCount(), frames);
            for (size_t m = 0; m < kModeCount; ++m)
                std::printf(", \"ns_per_vertex_%s\": %.2f", kModes[m].key,
                            median(seconds[m]) * 1e9 / vertices);
            std::printf("}\n");
        } else {
            std::printf("Coat, %zu graphics vertices, %d frames (thread CPU, median):\n",
                        g.vertexCount(), frames);
            for (size_t m = 0; m < kModeCount; ++m)
                std::printf("  %-28s %8.2f ns per graphics vertex (%.3f ms per frame)\n",
                            kModes[m].key, median(seconds[m]) * 1e9 / vertices,
                            median(seconds[m]) * 1e3);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "render: %s\n", e.what());
        return 1;
    }
    return 0;
}

const bool registered = registerScenario(
    "render", "render-ready outputs: normals (skin map or recomputed) and tangents per graphics "
              "vertex of the sample's coat", run);

} // namespace
} // namespace tweed::bench
