// tweed-cli simulate ASSET [--clip NAME] [--frames N] [--fps F] [--lod L] [--threads T] [--json]:
// plays a clip of the asset's source character on the garment headless and reports per-frame
// averages: solver time (with the pose sampled from the clip) and skin-map time, largest edge
// stretch (and the skinned pose's own, which the cloth follows where it is pinned), Max Distance
// violations (must be zero), vertices inside a collision volume after a
// step and non-finite values.
#include "clip_measures.h"
#include "command.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/import.h"
#include "tweed/sim/cloth_instance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

constexpr int kMaxFrames = 1000000; // 4.6 hours at 60 fps

struct SimulateOptions
{
    std::string asset;
    std::string clip;
    int frames = 0; ///< 0: the clip's length
    double fps = 60;
    int lod = 0;
    int threads = 1;
    bool json = false;
};

void simulate(const SimulateOptions &o)
{
    if (!(o.fps > 0) || !std::isfinite(o.fps) || o.fps > 1000)
        throw InputError("simulate: --fps must be above 0 and at most 1000, not " +
                         numberText(o.fps));
    requireRange("simulate: --frames", o.frames, 0, kMaxFrames);
    requireRange("simulate: --threads", o.threads, 1, 64);
    requireRange("simulate: --lod", o.lod, 0, 1000);
    const ClothingAsset asset = loadAssetFile(o.asset);
    if (size_t(o.lod) >= asset.lods.size())
        throw FileError(o.asset, "--lod " + std::to_string(o.lod) + ": the asset has " +
                                     std::to_string(asset.lods.size()) + " graphics LoDs (0 to " +
                                     std::to_string(int(asset.lods.size()) - 1) + ")");
    const std::string sourcePath = sourceCharacterPath(asset, o.asset);
    // An asset made without a character (tweed-cli patch, rope) plays its rest pose.
    Character character;
    if (sourcePath.empty()) {
        character.skeleton = asset.skeleton;
        character.clips.push_back({"rest pose", o.frames > 0 ? o.frames / o.fps : 1.0, {}});
    } else {
        if (!std::filesystem::exists(sourcePath))
            throw FileError(sourcePath, "source character of " + o.asset + " not found");
        character = importCharacter(sourcePath);
    }
    if (character.clips.empty())
        throw FileError(sourcePath, "the source character has no animation clips");
    int clipIndex = 0;
    if (!o.clip.empty()) {
        clipIndex = character.findClip(o.clip);
        if (clipIndex < 0) {
            std::string names;
            for (const AnimationClip &c : character.clips)
                names += (names.empty() ? "" : ", ") + c.name;
            throw InputError("simulate: no clip '" + o.clip + "' in " + sourcePath +
                             " (clips: " + names + ")");
        }
    }
    const AnimationClip &clip = character.clips[size_t(clipIndex)];
    const int frames =
        o.frames > 0 ? o.frames : clipFramesToPlay(clip.duration, o.fps);

    // The run tweed-player and the exports make (ClipSimulation), on the clip retargeted to the
    // asset's bones by name.
    const AnimationClip retargeted = retargetClip(clip, character.skeleton, asset.skeleton);
    ClipSimulationSettings settings;
    settings.framesPerSecond = o.fps;
    settings.lod = o.lod;
    if (o.threads > 1)
        settings.pool = std::make_shared<SimThreadPool>(o.threads);
    ClipSimulation run =
        withFile(o.asset, [&] { return ClipSimulation(asset, &retargeted, settings); });
    const ClothInstance &cloth = run.instance();
    run.advance(); // frame 0: the cloth at rest on the first pose

    // The measures of good cloth against the rest of the character (clip_measures.h).
    ClothMeasurer measurer = withFile(sourcePath, [&] {
        return ClothMeasurer(asset, o.lod, garmentLayers(asset, o.lod), bodyMeshes(asset, character));
    });
    using Clock = std::chrono::steady_clock;
    double solverSeconds = 0, skinningSeconds = 0;
    std::vector<Vec3> graphicsPositions, graphicsNormals;
    for (int f = 1; f <= frames; ++f) {
        const auto t0 = Clock::now();
        run.advance();
        const auto t1 = Clock::now();
        cloth.deformGraphics(graphicsPositions, &graphicsNormals);
        const auto t2 = Clock::now();
        solverSeconds += std::chrono::duration<double>(t1 - t0).count();
        skinningSeconds += std::chrono::duration<double>(t2 - t1).count();
        measurer.add(graphicsPositions, run.skinning(), cloth, 1.0f);
    }
    const ClipMeasures m = measurer.result();
    const uint64_t violations = m.sum.maxDistanceViolations, nonFinite = m.sum.nonFinite;
    for (const std::string &warning : cloth.status().warnings)
        std::cerr << "tweed-cli: simulate: warning: " << warning << "\n";
    const double msSolver = solverSeconds * 1e3 / frames;
    const double msSkinning = skinningSeconds * 1e3 / frames;
    if (o.json) {
        Json out = {{"asset", o.asset},
                    {"clip", clip.name},
                    {"frames", frames},
                    {"fps", o.fps},
                    {"physics_vertices", cloth.data().vertexCount},
                    {"threads", cloth.threadCount()},
                    {"ms_per_frame", msSolver + msSkinning},
                    {"ms_solver", msSolver},
                    {"ms_skinning", msSkinning},
                    {"max_distance_violations", m.violationsPerFrame}};
        out.update(measuresJson(m));
        printJson(out);
    } else {
        std::printf("%s: clip %s, %d frames at %g fps, %u physics vertices\n", o.asset.c_str(),
                    clip.name.c_str(), frames, o.fps, cloth.data().vertexCount);
        std::printf("  ms per frame: %.3f (solver %.3f, skinning %.3f)\n", msSolver + msSkinning,
                    msSolver, msSkinning);
        const FrameMeasures &t = m.sum;
        std::printf("  largest edge stretch: %.4f (mean per frame %.4f; the skinned pose's own "
                    "%.4f)\n",
                    double(t.maxStretch), m.meanMaxStretch, double(t.skinnedMaxStretch));
        std::printf("  per frame: %.3f Max Distance violations, %.3f vertices inside a volume, "
                    "%.3f non-finite values\n",
                    m.violationsPerFrame, m.penetrationsPerFrame, m.nonFinitePerFrame);
        std::printf("  poke-through: layers %.4f%% of %llu vertex-frames, shells %.4f%% of %llu, "
                    "body %.4f%% of %llu\n",
                    100 * t.layerPokeThrough(), (unsigned long long)t.layerVertices,
                    100 * t.shellPokeThrough(), (unsigned long long)t.shellVertices,
                    100 * t.bodyPokeThrough(), (unsigned long long)t.bodyVertices);
        std::printf("  at their Max Distance: %.2f%% of vertex-frames; volumes outside the body "
                    "by up to %.4f m\n",
                    100 * t.maxDistanceHitShare(), double(t.volumeProtrusion));
    }
    if (violations || nonFinite) {
        std::cerr << "tweed-cli: simulate: " << violations << " Max Distance violations and "
                  << nonFinite << " non-finite values over " << frames << " frames\n";
        setExitCode(1);
    }
}

const bool registered = registerCommand("simulate", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("simulate", "Play a clip on an asset headless and measure");
    auto o = std::make_shared<SimulateOptions>();
    cmd->add_option("ASSET", o->asset, "Asset (.tweed or .tweedc)")->required();
    cmd->add_option("--clip", o->clip, "Clip of the source character (default: the first)");
    cmd->add_option("--frames", o->frames,
                    "Frames to simulate, at most 1000000 (default: the clip's length)");
    cmd->add_option("--fps", o->fps, "Frames per second, above 0 and at most 1000 (default 60)");
    cmd->add_option("--lod", o->lod, "Graphics LoD whose physics mesh is simulated (default 0)");
    cmd->add_option("--threads", o->threads, "Solver threads, 1 to 64 (default 1)");
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->callback([o] { simulate(*o); });
});

} // namespace
} // namespace tweed::cli
