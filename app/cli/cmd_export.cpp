// tweed-cli export ASSET --format FORMAT -o OUT: the exports any engine can play (export.h).
#include "command.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/import.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

// A number as printf's %g writes it ("0", "-2", "1e+07").
std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%g", value);
    return text;
}

struct ExportArgs
{
    std::string asset;
    std::string output;
    std::string format = "gltf-physics";
    std::string character;
    std::string clip;
    std::string units = "metres";
    bool unitsGiven = false;
    std::string mesh = "graphics";
    float scale = 0;
    bool scaleGiven = false;
    double maxSizeMb = double(kDefaultExportMaxBytes >> 20);
    bool force = false;
    std::string up;
    std::string handedness;
    bool check = false;
    bool json = false;
    ExportOptions options;
};

void run(ExportArgs args)
{
    // mdd and pc2 name the point cache as the file type DCC tools read.
    const bool dccCache = args.format == "mdd" || args.format == "pc2";
    const auto format = dccCache ? ExportFormat::PointCache : exportFormatFromName(args.format);
    if (!format)
        throw InputError("--format must be one of gltf-physics, baked-bones, point-cache, mdd, "
                         "pc2; not '" +
                         args.format + "'");
    if (dccCache && fileExtension(args.output) != args.format)
        throw InputError("--format " + args.format + " writes a ." + args.format + " file, not " +
                         args.output);
    ExportOptions &o = args.options;
    o.format = *format;
    if (args.mesh != "graphics" && args.mesh != "physics")
        throw InputError("--mesh must be graphics or physics, not '" + args.mesh + "'");
    o.pointCacheMesh = args.mesh == "physics" ? PointCacheMesh::Physics : PointCacheMesh::Graphics;
    // A DCC's point cache goes back onto the source character: its units and axes by default.
    if (dccCache && !args.unitsGiven) args.units = "source";
    const ClothingAsset asset = loadAssetFile(args.asset);

    // Units and axes: Tweed's metres and Y up, or the source file's, then explicit overrides.
    if (args.units == "source")
        o.transform = sourceExportTransform(asset.source.units);
    else if (args.units != "metres")
        throw InputError("--units must be metres or source, not '" + args.units + "'");
    if (args.scaleGiven) {
        if (!(args.scale > 0) || !(args.scale <= 1e6f))
            throw InputError("--scale must lie in (0, 1000000] target units per metre, not " +
                             shortNumber(args.scale));
        o.transform.scale = args.scale;
    }
    if (!(args.maxSizeMb >= 0) || !(args.maxSizeMb <= 1e9))
        throw InputError("--max-size must lie in 0..1000000000 MB (0: no limit), not " +
                         shortNumber(args.maxSizeMb));
    o.maxBytes = args.force ? 0 : uint64_t(args.maxSizeMb * 1024.0 * 1024.0);
    if (!args.up.empty()) {
        if (args.up != "x" && args.up != "y" && args.up != "z")
            throw InputError("--up must be x, y or z, not '" + args.up + "'");
        o.transform.upAxis = args.up == "z" ? UpAxis::Z : args.up == "x" ? UpAxis::X : UpAxis::Y;
    }
    if (!args.handedness.empty()) {
        if (args.handedness != "right" && args.handedness != "left")
            throw InputError("--handedness must be right or left, not '" + args.handedness + "'");
        o.transform.handedness = args.handedness == "left" ? Handedness::Left : Handedness::Right;
    }

    if (!args.clip.empty()) {
        const std::string characterPath =
            args.character.empty() ? sourceCharacterPath(asset, args.asset) : args.character;
        if (characterPath.empty())
            throw InputError(
                "--clip needs the character: the asset names no source; give --character");
        const Character character = importCharacter(characterPath);
        const int c = character.findClip(args.clip);
        if (c < 0) {
            std::string names;
            for (const AnimationClip &clip : character.clips)
                names += (names.empty() ? "" : ", ") + clip.name;
            throw InputError(characterPath + ": no clip '" + args.clip +
                             "' (clips: " + (names.empty() ? "none" : names) + ")");
        }
        std::vector<std::string> missing;
        o.clip =
            retargetClip(character.clips[size_t(c)], character.skeleton, asset.skeleton, &missing);
        for (const std::string &bone : missing)
            std::fprintf(
                stderr, "tweed-cli: warning: clip '%s' animates bone '%s', which the asset lacks\n",
                args.clip.c_str(), bone.c_str());
    }

    const std::vector<std::string> lost = checkExport(asset, args.output, o);
    if (args.check) {
        // Only the validation: list what the target cannot represent; exit 1 when anything.
        if (args.json) {
            Json j;
            j["format"] = args.format;
            j["output"] = args.output;
            j["unrepresented"] = lost;
            j["estimated_bytes"] = estimateExportBytes(asset, args.output, o);
            std::cout << j.dump(2) << "\n";
        } else {
            for (const std::string &s : lost)
                std::printf("cannot represent: %s\n", s.c_str());
            if (lost.empty())
                std::printf("%s: the target represents everything\n", args.output.c_str());
            std::printf("%s: about %.1f MB\n", args.output.c_str(),
                        double(estimateExportBytes(asset, args.output, o)) / 1048576.0);
        }
        setExitCode(lost.empty() ? 0 : 1);
        return;
    }
    const ExportReport r = exportAsset(asset, args.output, o);
    if (args.json) {
        Json j;
        j["format"] = args.format;
        j["output"] = args.output;
        j["meshes"] = r.meshes;
        j["vertices"] = r.vertices;
        j["nodes"] = r.nodes;
        j["frames"] = r.frames;
        j["bones"] = r.bones;
        j["morph_targets"] = r.morphTargets;
        j["bake_max_error"] = r.bakeMaxError;
        j["bake_mean_error"] = r.bakeMeanError;
        if (o.format == ExportFormat::PointCache) j["cache_max_excess"] = r.cacheMaxExcess;
        j["unrepresented"] = r.unrepresented;
        j["estimated_bytes"] = r.estimatedBytes;
        std::cout << j.dump(2) << "\n";
        return;
    }
    for (const std::string &s : r.unrepresented)
        std::fprintf(stderr, "tweed-cli: not exported: %s\n", s.c_str());
    std::printf("%s: %s, %u meshes, %u vertices, %u nodes", args.output.c_str(),
                args.format.c_str(), r.meshes, r.vertices, r.nodes);
    if (r.frames > 0) std::printf(", %u frames", r.frames);
    if (o.format == ExportFormat::BakedBones)
        std::printf(", %u bones, largest error %.3g mm", r.bones, double(r.bakeMaxError) * 1000.0);
    if (o.format == ExportFormat::PointCache)
        std::printf(", farthest beyond Max Distance and skin offset %.3g mm",
                    double(r.cacheMaxExcess) * 1000.0);
    std::printf("\n");
}

const bool registered = registerCommand("export", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "export", "Export an asset for engines: glTF physics mesh, baked bones, point cache");
    auto a = std::make_shared<ExportArgs>();
    ExportOptions &o = a->options;
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc)")->required();
    cmd->add_option("-o,--output", a->output,
                    "File to write (.gltf or .glb; baked-bones also binary .fbx or .dae; "
                    "point-cache also .mdd or .pc2)")
        ->required();
    cmd->add_option("--format", a->format,
                    "gltf-physics, baked-bones, point-cache, or mdd or pc2 (a point cache for DCC "
                    "tools, in the source's units and axes unless --units is given)")
        ->capture_default_str();
    cmd->add_option("--mesh", a->mesh,
                    "point-cache as .mdd or .pc2: graphics (the deformed garment with its riders) "
                    "or physics (the simulated physics mesh)")
        ->capture_default_str();
    cmd->add_option(
        "--clip", a->clip,
        "Clip of the character to simulate (baked-bones, point-cache); default: rest pose");
    cmd->add_option("--character", a->character,
                    "Character file with the clip (default: the asset's source)");
    cmd->add_option("--frames", o.frames, "Frames to simulate (default: the clip once)");
    cmd->add_option("--fps", o.framesPerSecond, "Frames per second")->capture_default_str();
    cmd->add_option("--lod", o.lod, "Graphics LoD to simulate")->capture_default_str();
    cmd->add_option("--cloth-bones", o.clothBones,
                    "baked-bones: number of cloth bones (default: the asset's stored set, else one "
                    "per physics vertex)");
    cmd->add_option("--max-bones", o.maxBones, "The target's joint limit (0: none)");
    cmd->add_option("--max-collision-volumes", o.maxCollisionVolumes,
                    "The target's collision volume limit (0: none)");
    cmd->add_option("--max-morph-targets", o.maxMorphTargets,
                    "The target's morph target limit (0: none)");
    auto *units = cmd->add_option("--units", a->units,
                    "metres (glTF's convention) or source (the character file's units and up axis)")
        ->capture_default_str();
    auto *scale =
        cmd->add_option("--scale", a->scale, "Target units per metre (overrides --units)");
    cmd->add_option("--max-size", a->maxSizeMb,
                    "Refuse an export estimated larger than this many MB (0: no limit)")
        ->capture_default_str();
    cmd->add_flag("--force", a->force, "Write however large the export is estimated to be");
    cmd->add_option("--up", a->up, "Up axis of the target: x, y or z (overrides --units)");
    cmd->add_option("--handedness", a->handedness, "right or left");
    cmd->add_flag("--allow-loss", o.allowLoss,
                  "Export even when the target cannot represent everything (listed)");
    cmd->add_flag("--check", a->check,
                  "Only list what the target cannot represent (exit 1 when anything)");
    cmd->add_flag("--json", a->json, "Machine-readable output");
    cmd->callback([a, scale, units] {
        a->scaleGiven = scale->count() > 0;
        a->unitsGiven = units->count() > 0;
        run(*a);
    });
});

} // namespace
} // namespace tweed::cli
