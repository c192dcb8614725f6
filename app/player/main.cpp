// tweed-player ASSET.tweedc CHARACTER --clip NAME --frames 0,10,20 -o OUT.gltf
//
// The example player: what a game does with the run time, headless. Loads the cooked asset and
// the character's clip, drives a ClothInstance frame by frame exactly as ClipSimulation does
// (reset on frame 0, then one update of 1/fps per frame), and writes the deformed garment of the
// chosen frames to one glTF file (a mesh and node "frame N" each).
#include "tweed/clip_simulation.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/tweed_c.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/import.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>

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
    app.add_option("-o,--output", output, "glTF file to write (.gltf or .glb)")->required();
    CLI11_PARSE(app, argc, argv);

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
