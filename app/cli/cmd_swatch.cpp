// tweed-cli patch / rope -o ASSET: cloth without a character, for trying a fabric (a pinned
// sheet or a rope at a chosen resolution), as the editor's File > New Cloth Patch / New Rope.
#include "command.h"

#include "tweed/errors.h"
#include "tweed/meshproc/swatch.h"

#include <cstdio>
#include <memory>

namespace tweed::cli {
namespace {

struct SwatchArgs
{
    std::string output;
    std::string pinned = "top";
    SwatchOptions options;
};

void run(const SwatchArgs &args, bool rope)
{
    if (!isAssetPath(args.output))
        throw FileError(args.output, "the output must end in .tweed or .tweedc");
    SwatchOptions options = args.options;
    const std::optional<PinnedEdge> pinned = pinnedEdgeFromName(args.pinned);
    if (!pinned)
        throw InputError("--pinned must be top, left, top_corners or none, not \"" + args.pinned +
                         "\"");
    options.pinned = *pinned;
    const Swatch swatch = rope ? makeRope(options) : makeClothPatch(options);
    saveValidAsset(swatch.asset, args.output);
    const PhysicsMesh &physics = swatch.asset.physicsMeshes.front();
    size_t held = 0;
    for (float d : physics.channels[FloatChannel::MaxDistance])
        held += d == 0.0f ? 1 : 0;
    std::printf("%s: %s %g x %g m, physics mesh %zu vertices %zu triangles, %zu held (%s), "
                "preset %s\n",
                args.output.c_str(), rope ? "rope" : "cloth patch", double(options.width),
                double(options.height), physics.vertexCount(), physics.triangleCount(), held,
                args.pinned.c_str(), swatch.asset.presetName.c_str());
}

void addCommand(CLI::App &app, bool rope)
{
    auto *cmd = app.add_subcommand(
        rope ? "rope" : "patch",
        rope ? "Make a rope (a strip two vertices wide) with no character, to try a fabric"
             : "Make a cloth patch (a pinned sheet) with no character, to try a fabric");
    auto a = std::make_shared<SwatchArgs>();
    if (rope)
        a->options.width = 0.02f;
    cmd->add_option("-o,--output", a->output, "Asset to write (.tweed or .tweedc)")->required();
    cmd->add_option(rope ? "--thickness" : "--width", a->options.width, "Metres")
        ->capture_default_str();
    cmd->add_option(rope ? "--length" : "--height", a->options.height,
                    "Metres, hanging from this height down to 0")
        ->capture_default_str();
    cmd->add_option(rope ? "--segments" : "--resolution", a->options.resolution,
                    rope ? "Segments along the rope, 1 to 500"
                         : "Quads along the longer side, 1 to 500")
        ->capture_default_str();
    cmd->add_option("--pinned", a->pinned,
                    rope ? "Held end: top or none" : "Held edge: top, left, top_corners or none")
        ->capture_default_str();
    cmd->add_option("--max-distance", a->options.maxDistance,
                    "Max Distance of the vertices not held, metres")
        ->capture_default_str();
    cmd->add_option("--preset", a->options.preset,
                    "Fabric preset: tweed, silk, rubber, leather, down_jacket, veil")
        ->capture_default_str();
    cmd->callback([a, rope] { run(*a, rope); });
}

const bool registeredPatch = registerCommand("patch", [](CLI::App &app) { addCommand(app, false); });
const bool registeredRope = registerCommand("rope", [](CLI::App &app) { addCommand(app, true); });

} // namespace
} // namespace tweed::cli
