// tweed-player ASSET.tweedc CHARACTER --clip NAME --frames 0,10,20 -o OUT.gltf
//
// The example player: what a game does with the run time, headless. Loads the cooked asset and
// the character's clip, drives a ClothInstance frame by frame exactly as ClipSimulation does
// (reset on frame 0, then one update of 1/fps per frame), and writes the deformed garment of the
// chosen frames to one glTF file (a mesh and node "frame N" each).
//
// tweed-player ASSET.tweedc CHARACTER --clip NAME --actors 50 --budget 200000 [--threads 2]
//
// A crowd instead (docs/runtime.md, "A scene"): N copies of the garment walking at different
// phases of the clip, at distances from 2 to 50 m, in one ClothScene whose budget goes to the
// actors by benefit (screen size: 1 / distance^2). Prints each frame's time, the physical LoD
// level every actor got and what the budget saved.
#include "tweed/clip_simulation.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/tweed_c.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/import.h"
#include "tweed/sim/cloth_scene.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>

namespace {

/// The crowd: `actors` copies of the asset in one scene under `budget`, played for `frames`
/// frames; prints a line per frame and a summary.
void playCrowd(const tweed::ClothingAsset &asset, const tweed::AnimationClip *clip, double fps,
               int frames, int actors, uint64_t budget, int threads)
{
    using namespace tweed;
    ClothSceneOptions options;
    options.budget = budget;
    if (threads > 1)
        options.scheduler = std::make_shared<SimThreadPool>(threads);
    ClothScene scene(options);
    const auto lods = std::make_shared<ClothLodSet>(asset);
    std::vector<ClothScene::ActorId> ids;
    std::vector<float> distance;
    for (int k = 0; k < actors; ++k) {
        ids.push_back(scene.addActor(lods, asset.simulation));
        distance.push_back(2.0f + 48.0f * float(k) / float(std::max(1, actors - 1)));
        scene.setBenefit(ids.back(), 1.0f / (distance.back() * distance.back()));
    }
    const double duration = clip ? clip->duration : 0.0;
    double totalMs = 0, totalSaved = 0;
    for (int f = 0; f < frames; ++f) {
        for (int k = 0; k < actors; ++k) {
            const double phase = duration * double(k) / double(actors);
            const double t = duration > 0 ? std::fmod(double(f) / fps + phase, duration) : 0.0;
            scene.setPose(ids[size_t(k)], skinningMatricesAt(asset.skeleton, clip, t),
                          Mat4::translation({0, 0, -distance[size_t(k)]}));
        }
        const auto t0 = std::chrono::steady_clock::now();
        scene.update(f == 0 ? 0.0f : float(1.0 / fps));
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        const ClothSceneStats &st = scene.stats();
        const double saved = st.fullVertexIterations > 0
                                 ? 100.0 * (1.0 - double(st.vertexIterations) /
                                                      double(st.fullVertexIterations))
                                 : 0.0;
        std::string levels;
        for (ClothScene::ActorId id : ids)
            levels += char('0' + scene.actorStatus(id).level);
        std::printf("frame %3d: %7.3f ms, %u of %u simulated, %llu of %llu vertex-iterations "
                    "(budget saved %.0f%%), LoD %s\n",
                    f, ms, st.simulatedActors, st.actors,
                    static_cast<unsigned long long>(st.vertexIterations),
                    static_cast<unsigned long long>(st.fullVertexIterations), saved,
                    levels.c_str());
        if (f > 0) {
            totalMs += ms;
            totalSaved += saved;
        }
    }
    const int timed = std::max(1, frames - 1);
    std::printf("%d actors, budget %llu vertex-iterations per frame, %d thread(s): %.3f ms per "
                "frame on average, the budget saved %.0f%% of the full cost (LoD levels 0 = "
                "full .. %d = off)\n",
                actors, static_cast<unsigned long long>(budget), threads, totalMs / timed,
                totalSaved / timed, kSceneLodOff);
}

} // namespace

int main(int argc, char **argv)
{
    using namespace tweed;
    CLI::App app{"tweed-player: play a clip on a cooked asset with the Tweed run time, headless"};
    app.set_version_flag("--version", std::string("tweed-player ") + tweed_version());
    std::string assetPath, characterPath, clipName, output;
    std::vector<int> write;
    int frames = 0, lod = 0;
    double fps = 30;
    app.add_option("ASSET", assetPath, "Cooked asset (.tweedc)")->required();
    app.add_option("CHARACTER", characterPath, "Character file with the clip");
    app.add_option("--clip", clipName, "Clip to play (default: the rest pose)");
    app.add_option("--fps", fps, "Frames per second")->capture_default_str();
    app.add_option("--frames", frames, "Frames to simulate (default: the clip once)");
    app.add_option("--lod", lod, "Graphics LoD")->capture_default_str();
    app.add_option("--write", write, "Frames to write, e.g. --write 0 10 20 (default: the last)")
        ->delimiter(',');
    app.add_option("-o,--output", output, "glTF file to write (.gltf or .glb)");
    int actors = 0, threads = 1;
    uint64_t budget = 0;
    app.add_option("--actors", actors, "Play a crowd of this many actors in one scene instead");
    app.add_option("--budget", budget,
                   "The crowd's budget, vertex-iterations per frame (0 = unlimited)")
        ->capture_default_str();
    app.add_option("--threads", threads, "The crowd's threads")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    if (actors <= 0 && output.empty()) {
        std::fprintf(stderr, "tweed-player: --output is required (or --actors N for a crowd)\n");
        return 1;
    }

    try {
        const auto t0 = std::chrono::steady_clock::now();
        const ClothingAsset asset = loadCooked(assetPath);
        const auto t1 = std::chrono::steady_clock::now();
        std::optional<AnimationClip> clip;
        if (!clipName.empty()) {
            if (characterPath.empty()) throw InputError("--clip needs the CHARACTER file");
            const Character character = importCharacter(characterPath);
            const int c = character.findClip(clipName);
            if (c < 0) throw InputError(characterPath + ": no clip '" + clipName + "'");
            clip = retargetClip(character.clips[size_t(c)], character.skeleton, asset.skeleton);
        }
        if (actors > 0) {
            if (threads < 1 || threads > 64) throw InputError("--threads must lie in 1..64");
            if (!(fps > 0)) throw InputError("--fps must be positive");
            const int count = frames > 0 ? frames
                                         : (clip ? int(std::lround(clip->duration * fps)) + 1 : 1);
            playCrowd(asset, clip ? &*clip : nullptr, fps, count, actors, budget, threads);
            return 0;
        }
        ClipSimulationSettings settings;
        settings.framesPerSecond = fps;
        settings.lod = lod;
        ClipSimulation sim(asset, clip ? &*clip : nullptr, settings);
        if (frames <= 0) frames = sim.clipFrameCount();
        if (write.empty()) write.push_back(frames - 1);
        const std::set<int> chosen(write.begin(), write.end());
        if (*chosen.begin() < 0 || *chosen.rbegin() >= frames)
            throw InputError("--write frames must lie in 0.." + std::to_string(frames - 1));

        std::vector<SimulatedFrame> out;
        double simSeconds = 0;
        for (int f = 0; f < frames; ++f) {
            const auto s0 = std::chrono::steady_clock::now();
            sim.advance();
            simSeconds +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
            if (chosen.count(f)) {
                SimulatedFrame frame;
                frame.frame = f;
                sim.instance().deformGraphics(frame.positions, &frame.normals);
                out.push_back(std::move(frame));
            }
        }
        writeGarmentFramesGltf(asset, lod, out, output);
        std::printf(
            "%s: %d frames of '%s' at %g fps, %zu written; load %.1f ms, simulation %.2f ms "
            "per frame\n",
            output.c_str(), frames, clip ? clip->name.c_str() : "rest pose", fps, out.size(),
            std::chrono::duration<double, std::milli>(t1 - t0).count(),
            simSeconds * 1000.0 / frames);
    } catch (const InputError &e) {
        std::fprintf(stderr, "tweed-player: %s\n", e.what());
        return 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "tweed-player: internal error: %s\n", e.what());
        return 2;
    }
    return 0;
}
