// The sample character's garment on its own walk: the asset `tweed-cli create SAMPLE --mesh Coat
// --pin-top 0.3` makes, played through ClipSimulation (the run the player, the exports and
// `tweed-cli simulate` make) at 60 fps, the clip looping, for --frames frames after the first.
// Per frame it times the solver (ClipSimulation::advance: the pose sampled from the clip, then
// ClothInstance::update) and the skin map (ClothInstance::deformGraphics, the graphics mesh's
// positions and normals) and reports their medians: what a game pays per garment and frame.
#include "bench.h"

#include "tweed/clip_simulation.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

namespace tweed::bench {
namespace {

struct Options
{
    std::string character = TWEED_SAMPLE_CHARACTER;
    std::string mesh = "Coat";
    std::string clip = "Walk";
    int frames = 600;
    int threads = 1;
    bool json = false;
};

struct Result
{
    double solverMs = 0, skinningMs = 0; ///< medians per frame
    uint32_t physicsVertices = 0;
    size_t graphicsVertices = 0;
    int threadsUsed = 1;
    float maxStretch = 0;
    uint64_t maxDistanceViolations = 0, nonFinite = 0; ///< over all frames
};

Result runGarment(const Options &o)
{
    const Character character = importCharacter(o.character);
    CreateAssetOptions create;
    create.garmentMeshes = {o.mesh};
    create.pinnedTop = 0.3f;
    const ClothingAsset asset = createAsset(character, create);
    const int clipIndex = character.findClip(o.clip);
    if (clipIndex < 0)
        throw InputError("no clip '" + o.clip + "' in " + o.character);
    const AnimationClip clip =
        retargetClip(character.clips[size_t(clipIndex)], character.skeleton, asset.skeleton);
    ClipSimulationSettings settings;
    settings.framesPerSecond = 60;
    if (o.threads > 1)
        settings.pool = std::make_shared<SimThreadPool>(o.threads);
    ClipSimulation run(asset, &clip, settings);
    run.advance(); // frame 0: the cloth at rest on the first pose

    using Clock = std::chrono::steady_clock;
    std::vector<double> solver, skinning;
    std::vector<Vec3> positions, normals;
    Result r;
    for (int f = 0; f < o.frames; ++f) {
        const auto t0 = Clock::now();
        run.advance();
        const auto t1 = Clock::now();
        run.instance().deformGraphics(positions, &normals);
        const auto t2 = Clock::now();
        solver.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        skinning.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        const ClothMeasurements m = run.instance().measure();
        r.maxStretch = std::max(r.maxStretch, m.maxStretch);
        r.maxDistanceViolations += m.maxDistanceViolations;
        r.nonFinite += m.nonFinite;
    }
    r.solverMs = median(solver);
    r.skinningMs = median(skinning);
    r.physicsVertices = run.instance().data().vertexCount;
    r.graphicsVertices = positions.size();
    r.threadsUsed = run.instance().threadCount();
    return r;
}

int run(const std::vector<std::string> &args)
{
    Options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool valued = i + 1 < args.size();
        if (a == "--character" && valued)
            o.character = args[++i];
        else if (a == "--mesh" && valued)
            o.mesh = args[++i];
        else if (a == "--clip" && valued)
            o.clip = args[++i];
        else if (a == "--frames" && valued)
            o.frames = std::atoi(args[++i].c_str());
        else if (a == "--threads" && valued)
            o.threads = std::atoi(args[++i].c_str());
        else if (a == "--json")
            o.json = true;
        else {
            std::fprintf(stderr, "usage: tweed-bench garment [--character FILE] [--mesh NAME] "
                                 "[--clip NAME] [--frames N] [--threads T] [--json]\n");
            return 1;
        }
    }
    if (o.frames < 1 || o.threads < 1) {
        std::fprintf(stderr, "garment: frames >= 1, threads >= 1\n");
        return 1;
    }
    Result r;
    try {
        r = runGarment(o);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "garment: %s\n", e.what());
        return 1;
    }
    if (o.json) {
        std::printf("{\"mesh\": \"%s\", \"clip\": \"%s\", \"frames\": %d, \"threads\": %d, "
                    "\"threads_used\": %d, \"physics_vertices\": %u, \"graphics_vertices\": %zu, "
                    "\"solver_ms\": %.4f, \"skinning_ms\": %.4f, \"ms_per_frame\": %.4f, "
                    "\"max_stretch\": %.4f, \"max_distance_violations\": %llu, "
                    "\"nonfinite\": %llu}\n",
                    o.mesh.c_str(), o.clip.c_str(), o.frames, o.threads, r.threadsUsed,
                    r.physicsVertices, r.graphicsVertices, r.solverMs, r.skinningMs,
                    r.solverMs + r.skinningMs, double(r.maxStretch),
                    static_cast<unsigned long long>(r.maxDistanceViolations),
                    static_cast<unsigned long long>(r.nonFinite));
    } else {
        std::printf("%s on %s (%u physics vertices, %d thread(s)): %.3f ms per frame, solver "
                    "%.3f + skin map %.3f; largest stretch %.3f\n",
                    o.mesh.c_str(), o.clip.c_str(), r.physicsVertices, r.threadsUsed,
                    r.solverMs + r.skinningMs, r.solverMs, r.skinningMs, double(r.maxStretch));
    }
    if (r.maxDistanceViolations != 0 || r.nonFinite != 0) {
        std::fprintf(stderr, "garment: %llu Max Distance violations, %llu non-finite values\n",
                     static_cast<unsigned long long>(r.maxDistanceViolations),
                     static_cast<unsigned long long>(r.nonFinite));
        return 2;
    }
    return 0;
}

const bool registered = registerScenario(
    "garment", "cloth run time: the sample's coat on its walk, solver and skin map per frame", run);

} // namespace
} // namespace tweed::bench
