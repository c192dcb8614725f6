// tweed-cli cook ASSET --platform NAME -o OUT.tweedc: the asset cooked for a target platform.
#include "command.h"

#include "tweed/errors.h"
#include "tweed/export.h"
#include "tweed/file_io.h"

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
    long long vertexBudget = -1;
    int iterations = -1;
    bool json = false;
};

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
    if (args.vertexBudget >= 0) {
        if (args.vertexBudget > 10000000) throw InputError("--vertex-budget is absurdly large");
        options.vertexBudget = uint32_t(args.vertexBudget);
    }
    if (args.iterations >= 0) options.iterations = args.iterations;
    const ClothingAsset asset = loadAssetFile(args.asset);
    CookReport report;
    const ClothingAsset cooked = cookAsset(asset, options, &report, args.asset);
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
        std::cout << j.dump(2) << "\n";
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
    cmd->add_option("--vertex-budget", a->vertexBudget,
                    "Most vertices per physics mesh (overrides the platform's; 0: any)");
    cmd->add_option("--iterations", a->iterations,
                    "Constraint iterations (overrides the platform's; 0: keep)");
    cmd->add_flag("--json", a->json, "Machine-readable output");
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
