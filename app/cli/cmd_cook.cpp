// tweed-cli cook ASSET --platform NAME -o OUT.tweedc: the asset cooked for a target platform.
#include "command.h"

#include "tweed/errors.h"
#include "tweed/meshproc/export.h"
#include "tweed/file_io.h"
#include "tweed/simulation_settings.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

struct CookArgs
{
    std::string asset;
    std::string output;
    std::string platform = "desktop";
    long long vertexBudget = 0;
    bool vertexBudgetGiven = false;
    int iterations = 0;
    bool iterationsGiven = false;
    bool json = false;
};

constexpr long long kMaxVertexBudget = 10000000;

void run(const CookArgs &args)
{
    const CookingOptions *profile = findPlatformProfile(args.platform);
    if (!profile) {
        std::string names;
        for (const CookingOptions &p : platformProfiles())
            names += (names.empty() ? "" : ", ") + p.platform;
        throw InputError("--platform must be one of " + names + "; not '" + args.platform + "'");
    }
    if (fileExtension(args.output) != "tweedc")
        throw FileError(args.output, "a cooked asset is written as .tweedc");
    CookingOptions options = *profile;
    if (args.vertexBudgetGiven) {
        // 0 lifts the platform's budget; a cloth mesh needs at least 4 vertices.
        if (args.vertexBudget != 0)
            requireRange("--vertex-budget", double(args.vertexBudget), 4, double(kMaxVertexBudget),
                         "0: any");
        options.vertexBudget = uint32_t(args.vertexBudget);
    }
    if (args.iterationsGiven) {
        // 0 keeps the asset's; otherwise the setting's documented range.
        const SettingField *field = findSetting("iterations");
        if (args.iterations != 0)
            requireRange("--iterations", args.iterations, field->min, field->max,
                         "0: keep the asset's");
        options.iterations = args.iterations;
    }
    const ClothingAsset asset = loadAssetFile(args.asset);
    CookReport report;
    const ClothingAsset cooked =
        withFile(args.asset, [&] { return cookAsset(asset, options, &report, args.asset); });
    saveAssetFile(cooked, args.output);
    if (args.json) {
        Json j;
        j["output"] = args.output;
        j["platform"] = options.platform;
        j["vertices_before"] = report.verticesBefore;
        j["vertices_after"] = report.verticesAfter;
        j["iterations"] = report.iterations;
        j["substeps"] = report.substeps;
        j["steps_per_second"] = report.stepsPerSecond;
        printJson(j);
        return;
    }
    std::printf("%s: cooked for %s, %d iterations, %d substeps, %g Hz\n", args.output.c_str(),
                options.platform.c_str(), report.iterations, report.substeps,
                double(report.stepsPerSecond));
    for (size_t m = 0; m < report.verticesAfter.size(); ++m)
        std::printf("  physics mesh %zu: %u -> %u vertices\n", m, report.verticesBefore[m],
                    report.verticesAfter[m]);
}

const bool registered = registerCommand("cook", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("cook", "Cook an asset for a platform (.tweedc)");
    auto a = std::make_shared<CookArgs>();
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc)")->required();
    cmd->add_option("-o,--output", a->output, "Cooked asset to write (.tweedc)")->required();
    cmd->add_option("--platform", a->platform, "desktop, console, mobile or low")
        ->capture_default_str();
    auto *budget = cmd->add_option("--vertex-budget", a->vertexBudget,
                                   "Most vertices per physics mesh, 4 to 10000000 (overrides the "
                                   "platform's; 0: any)");
    auto *iterations = cmd->add_option("--iterations", a->iterations,
                                       "Constraint iterations, 1 to 100 (overrides the "
                                       "platform's; 0: keep the asset's)");
    cmd->add_flag("--json", a->json, "Machine-readable output");
    cmd->callback([a, budget, iterations] {
        a->vertexBudgetGiven = budget->count() > 0;
        a->iterationsGiven = iterations->count() > 0;
        run(*a);
    });
});

} // namespace
} // namespace tweed::cli
