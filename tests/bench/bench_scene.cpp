// A crowd: `tweed-bench scene --actors N --budget B --threads T [--frames F] [--json]`. N copies
// of the sample's coat (the asset `tweed-cli create SAMPLE --mesh Coat --pin-top 0.3` makes)
// walk at different phases of the Walk clip, at distances from 2 to 50 m, each with the benefit
// 1 / distance^2 (its screen size), in one ClothScene under a budget of B vertex-iterations per
// frame (0 = unlimited) on T threads (the built-in pool as the scene's scheduler). Reported:
// the median wall time of the scene's update per frame, the actors it simulated and the
// vertex-iterations of the last frame against what the crowd at full LoD would cost; then, in
// the same run, the same crowd as N independent ClothInstances updated one after another (each
// with the pool), and the cost of a zero-benefit actor (the crowd with every benefit 0, per
// actor), and of its output when asked (skinned to the pose, then the skin map).
#include "bench.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/sim/cloth_scene.h"

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
    int actors = 10;
    uint64_t budget = 0;
    int threads = 1;
    int frames = 240;
    bool json = false;
};

struct Crowd
{
    ClothingAsset asset;
    std::shared_ptr<const ClothLodSet> lods;
    std::vector<std::vector<Mat4>> poses; ///< one loop of the walk at 60 fps
};

Crowd makeCrowd(const Options &o)
{
    const Character character = importCharacter(o.character);
    CreateAssetOptions create;
    create.garmentMeshes = {"Coat"};
    create.pinnedTop = 0.3f;
    Crowd c;
    c.asset = createAsset(character, create);
    c.lods = std::make_shared<ClothLodSet>(c.asset);
    const int clipIndex = character.findClip("Walk");
    if (clipIndex < 0)
        throw InputError("no clip 'Walk' in " + o.character);
    const AnimationClip clip =
        retargetClip(character.clips[size_t(clipIndex)], character.skeleton, c.asset.skeleton);
    const int count = std::max(2, int(std::lround(clip.duration * 60.0)));
    for (int f = 0; f < count; ++f)
        c.poses.push_back(skinningMatricesAt(c.asset.skeleton, &clip, double(f) / 60.0));
    return c;
}

/// Actor k's pose at frame f: its own phase of the loop.
const std::vector<Mat4> &poseOf(const Crowd &c, int actors, int k, int f)
{
    const int n = int(c.poses.size());
    return c.poses[size_t((f + k * n / std::max(1, actors)) % n)];
}

float distanceOf(int k, int actors)
{
    return 2.0f + 48.0f * float(k) / float(std::max(1, actors - 1));
}

double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
        .count();
}

struct SceneFigures
{
    double ms = 0;
    double outputMs = 0; ///< zero benefit: one actor's output when asked
    uint32_t simulated = 0;
    uint64_t vertexIterations = 0, fullVertexIterations = 0;
    std::vector<int> levels;
};

SceneFigures runScene(const Crowd &c, const Options &o, bool zeroBenefit)
{
    ClothSceneOptions options;
    options.budget = o.budget;
    if (o.threads > 1)
        options.scheduler = std::make_shared<SimThreadPool>(o.threads);
    ClothScene scene(options);
    std::vector<ClothScene::ActorId> ids;
    for (int k = 0; k < o.actors; ++k) {
        ids.push_back(scene.addActor(c.lods, c.asset.simulation));
        const float d = distanceOf(k, o.actors);
        scene.setBenefit(ids.back(), zeroBenefit ? 0.0f : 1.0f / (d * d));
    }
    const float dt = 1.0f / 60;
    std::vector<double> times;
    for (int f = 0; f <= o.frames; ++f) {
        for (int k = 0; k < o.actors; ++k)
            scene.setPose(ids[size_t(k)], poseOf(c, o.actors, k, f),
                          Mat4::translation({0, 0, -distanceOf(k, o.actors)}));
        const auto t0 = std::chrono::steady_clock::now();
        scene.update(f == 0 ? 0.0f : dt);
        if (f > 0)
            times.push_back(msSince(t0));
    }
    SceneFigures r;
    if (zeroBenefit) { // what asking a stopped actor for its output costs: skinning only
        std::vector<double> asked;
        std::vector<Vec3> positions, normals;
        for (ClothScene::ActorId id : ids) {
            const auto t0 = std::chrono::steady_clock::now();
            scene.deformGraphics(id, positions, &normals);
            asked.push_back(msSince(t0));
        }
        r.outputMs = median(asked);
    }
    r.ms = median(times);
    r.simulated = scene.stats().simulatedActors;
    r.vertexIterations = scene.stats().vertexIterations;
    r.fullVertexIterations = scene.stats().fullVertexIterations;
    for (ClothScene::ActorId id : ids)
        r.levels.push_back(scene.actorStatus(id).level);
    return r;
}

/// The same crowd as independent instances, updated one after another.
double runIndependent(const Crowd &c, const Options &o)
{
    ClothInstanceOptions options;
    if (o.threads > 1)
        options.pool = std::make_shared<SimThreadPool>(o.threads);
    std::vector<std::unique_ptr<ClothInstance>> cloths;
    for (int k = 0; k < o.actors; ++k)
        cloths.push_back(std::make_unique<ClothInstance>(c.lods->lod(0), c.asset.simulation,
                                                         options));
    const float dt = 1.0f / 60;
    std::vector<double> times;
    for (int f = 0; f <= o.frames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < o.actors; ++k) {
            ClothFrame frame;
            frame.skinning = poseOf(c, o.actors, k, f);
            frame.world = Mat4::translation({0, 0, -distanceOf(k, o.actors)});
            frame.dt = f == 0 ? 0.0f : dt;
            cloths[size_t(k)]->update(frame);
        }
        if (f > 0)
            times.push_back(msSince(t0));
    }
    return median(times);
}

int run(const std::vector<std::string> &args)
{
    Options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool valued = i + 1 < args.size();
        if (a == "--character" && valued)
            o.character = args[++i];
        else if (a == "--actors" && valued)
            o.actors = std::atoi(args[++i].c_str());
        else if (a == "--budget" && valued)
            o.budget = std::strtoull(args[++i].c_str(), nullptr, 10);
        else if (a == "--threads" && valued)
            o.threads = std::atoi(args[++i].c_str());
        else if (a == "--frames" && valued)
            o.frames = std::atoi(args[++i].c_str());
        else if (a == "--json")
            o.json = true;
        else {
            std::fprintf(stderr, "usage: tweed-bench scene [--actors N] [--budget B] "
                                 "[--threads T] [--frames F] [--character FILE] [--json]\n");
            return 1;
        }
    }
    if (o.actors < 1 || o.threads < 1 || o.threads > 64 || o.frames < 1) {
        std::fprintf(stderr, "scene: actors >= 1, threads 1..64, frames >= 1\n");
        return 1;
    }
    try {
        const Crowd crowd = makeCrowd(o);
        // The peer first, then the scene, then the peer again (the median of the two): on a
        // shared machine the neighbours' load drifts.
        const double independentBefore = runIndependent(crowd, o);
        const SceneFigures scene = runScene(crowd, o, false);
        const double independent = 0.5 * (independentBefore + runIndependent(crowd, o));
        const SceneFigures idle = runScene(crowd, o, true);
        const double zeroUs = idle.ms * 1000.0 / o.actors;
        std::string levels;
        for (int l : scene.levels)
            levels += (levels.empty() ? "" : ",") + std::to_string(l);
        if (o.json) {
            std::printf("{\"actors\": %d, \"budget\": %llu, \"threads\": %d, \"frames\": %d, "
                        "\"physics_vertices\": %u, \"ms_per_frame\": %.4f, "
                        "\"simulated_actors\": %u, \"vertex_iterations\": %llu, "
                        "\"full_vertex_iterations\": %llu, \"independent_ms_per_frame\": %.4f, "
                        "\"zero_benefit_us_per_actor\": %.4f, \"zero_benefit_output_us\": %.1f, "
                        "\"levels\": [%s]}\n",
                        o.actors, static_cast<unsigned long long>(o.budget), o.threads,
                        o.frames, crowd.lods->lod(0)->cloth->vertexCount, scene.ms,
                        scene.simulated, static_cast<unsigned long long>(scene.vertexIterations),
                        static_cast<unsigned long long>(scene.fullVertexIterations), independent,
                        zeroUs, idle.outputMs * 1000.0, levels.c_str());
        } else {
            std::printf("%d coats, budget %llu, %d thread(s): %.3f ms per frame, %u simulated, "
                        "%llu of %llu vertex-iterations; %d independent instances: %.3f ms; "
                        "a zero-benefit actor: %.3f us, its output when asked %.1f us\n"
                        "LoD levels: %s\n",
                        o.actors, static_cast<unsigned long long>(o.budget), o.threads, scene.ms,
                        scene.simulated, static_cast<unsigned long long>(scene.vertexIterations),
                        static_cast<unsigned long long>(scene.fullVertexIterations), o.actors,
                        independent, zeroUs, idle.outputMs * 1000.0, levels.c_str());
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "scene: %s\n", e.what());
        return 1;
    }
    return 0;
}

const bool registered = registerScenario(
    "scene", "run time: a crowd of coats in one scene under a budget, against independent "
             "instances",
    run);

} // namespace
} // namespace tweed::bench
