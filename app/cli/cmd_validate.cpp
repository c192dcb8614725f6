// tweed-cli validate ASSET [--json]: consistency checks and, when the source character is found,
// the skinned-pose check of LoD 0; exit 1 when problems are found.
#include "command.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/skinned_check.h"
#include "tweed/validate.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace tweed::cli {
namespace {

const bool registered = registerCommand("validate", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("validate", "Check an asset for consistency and list every problem");
    auto file = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("ASSET", *file, "Asset (.tweed or .tweedc)")->required();
    cmd->add_flag("--json", *json, "Machine-readable output");
    cmd->callback([file, json] {
        const ClothingAsset asset = loadAssetFile(*file, AssetChecks::Structure);
        std::vector<std::string> problems = validateAsset(asset);
        // The skinned-pose check, when the asset is consistent and its source character is found.
        std::optional<SkinnedStretchReport> stretch;
        const std::string source = sourceCharacterPath(asset, *file);
        if (problems.empty() && !asset.lods.empty() && !source.empty() &&
            std::filesystem::exists(source)) {
            const Character character = importCharacter(source);
            stretch = checkSkinnedStretch(asset, 0, character.skeleton, character.clips);
            if (stretch && stretch->defect())
                problems.push_back("LoD 0: " + describeSkinnedStretch(*stretch));
        }
        if (*json) {
            Json out{{"file", *file}, {"valid", problems.empty()}, {"problems", problems}};
            if (stretch)
                out["skinned_max_stretch"] = {{"physics", stretch->physicsMaxStretch},
                                              {"graphics", stretch->graphicsMaxStretch},
                                              {"defect_edges", stretch->defectEdges}};
            printJson(out);
        } else if (problems.empty()) {
            std::printf("%s: valid\n", file->c_str());
            if (stretch)
                std::printf("  skinned largest stretch: physics %.4f, graphics %.4f\n",
                            double(stretch->physicsMaxStretch), double(stretch->graphicsMaxStretch));
        } else {
            for (const std::string &p : problems)
                std::fprintf(stderr, "%s: %s\n", file->c_str(), p.c_str());
            std::fprintf(stderr, "%s: %zu problems\n", file->c_str(), problems.size());
        }
        if (!problems.empty())
            setExitCode(1);
    });
});

} // namespace
} // namespace tweed::cli
