// tweed-cli paint ASSET --channel NAME with one operation over the whole garment of a LoD:
// --fill V, --gradient FROM TO --values A B (FROM and TO heights or bones), --smooth N,
// --from-weights BONE... --values A B, or --exponential FACTOR --levels N (meshproc/authoring.h).
// The physics mesh's channels follow; the asset is validated and written atomically.
#include "command.h"

#include "tweed/meshproc/authoring.h"

#include <cstdio>
#include <memory>

namespace tweed::cli {
namespace {

struct PaintArgs
{
    std::string asset;
    std::string channel;
    std::string output;
    int lod = 0;
    std::string fill;
    std::vector<std::string> gradient;
    int smooth = -1;
    std::vector<std::string> fromWeights;
    std::vector<std::string> values;
    float exponential = 0;
    uint32_t levels = 8;
};

FloatChannel floatChannel(const ChannelRef &channel, const std::string &operation)
{
    if (!channel.floatChannel)
        throw InputError(operation + " paints a float channel; " +
                         std::string(channelName(*channel.maskChannel)) +
                         " is a mask (use --fill)");
    return *channel.floatChannel;
}

// --values A B, as the channel's values.
std::pair<float, float> valuePair(const PaintArgs &args, const ChannelRef &channel,
                                  const std::string &operation)
{
    if (args.values.size() != 2)
        throw InputError(operation + " needs --values A B (the values at its two ends)");
    return {float(parseChannelValue(channel, args.values[0])),
            float(parseChannelValue(channel, args.values[1]))};
}

bool isLength(const std::string &text)
{
    try {
        parseLength(text, "");
        return true;
    } catch (const InputError &) {
        return false;
    }
}

void run(const PaintArgs &args)
{
    const int operations = int(!args.fill.empty()) + int(!args.gradient.empty()) +
                           int(args.smooth >= 0) + int(!args.fromWeights.empty()) +
                           int(args.exponential != 0);
    if (operations != 1)
        throw InputError("paint takes one of --fill, --gradient, --smooth, --from-weights and "
                         "--exponential");
    const ChannelRef channel = findChannel(args.channel);
    if (args.lod < 0) throw InputError("--lod must be 0 or more, not " + std::to_string(args.lod));
    ClothingAsset asset = loadAssetFile(args.asset);
    const size_t lod = size_t(args.lod);
    withFile(args.asset, [&] {
        if (!args.fill.empty()) {
            fillChannel(asset, lod, channel, parseChannelValue(channel, args.fill));
        } else if (!args.gradient.empty()) {
            const FloatChannel c = floatChannel(channel, "--gradient");
            if (args.gradient.size() != 2)
                throw InputError("--gradient takes FROM TO: two heights (\"1.2 m\") or two bones");
            const auto [a, b] = valuePair(args, channel, "--gradient");
            const bool heights = isLength(args.gradient[0]) && isLength(args.gradient[1]);
            if (heights)
                gradientByHeight(asset, lod, c, float(parseLength(args.gradient[0], "--gradient")), a,
                                 float(parseLength(args.gradient[1], "--gradient")), b);
            else
                gradientBetweenBones(asset, lod, c, args.gradient[0], a, args.gradient[1], b);
        } else if (args.exponential != 0) {
            exponentialGradient(asset, lod, floatChannel(channel, "--exponential"),
                                args.exponential, args.levels);
        } else if (args.smooth >= 0) {
            smoothChannel(asset, lod, floatChannel(channel, "--smooth"), args.smooth);
        } else {
            const FloatChannel c = floatChannel(channel, "--from-weights");
            const auto [a, b] = valuePair(args, channel, "--from-weights");
            channelFromWeights(asset, lod, c, args.fromWeights, a, b);
        }
    });
    const std::string out = args.output.empty() ? args.asset : args.output;
    saveValidAsset(asset, out);
    std::printf("%s: %s painted on LoD %d\n", out.c_str(), args.channel.c_str(), args.lod);
}

const bool registered = registerCommand("paint", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "paint", "Paint a channel over the whole garment: fill, gradient, smooth, from weights");
    auto a = std::make_shared<PaintArgs>();
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc), written in place")->required();
    cmd->add_option("--channel", a->channel,
                    "max_distance, backstop_radius, backstop_distance, stiffness_scale, "
                    "damping_scale, wind_scale, mass_scale, bend_scale, or a mask: physics, latch_master, "
                    "latch_slave")
        ->required();
    cmd->add_option("--lod", a->lod, "Graphics LoD")->capture_default_str();
    cmd->add_option("--fill", a->fill, "Set every vertex to this value (\"5 cm\" for distances)");
    cmd->add_option("--gradient", a->gradient,
                    "FROM TO: two heights (linear in height) or two bones (along the surface), "
                    "with --values")
        ->expected(2);
    cmd->add_option("--smooth", a->smooth, "Smooth the channel this many passes");
    cmd->add_option("--exponential", a->exponential,
                    "Exponential gradient from the pinned region: each level (edge hops from "
                    "the Max Distance 0 vertices) this many times as heavy as the one below "
                    "(mass_scale)");
    cmd->add_option("--levels", a->levels, "--exponential: how many levels (1..64)")
        ->capture_default_str();
    cmd->add_option("--from-weights", a->fromWeights,
                    "Bones whose summed skin weight w gives A + (B - A) * w, with --values");
    cmd->add_option("--values", a->values, "A B: the values at the two ends")->expected(2);
    cmd->add_option("-o,--output", a->output, "Write to this asset instead of ASSET");
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
