// tweed-cli validate ASSET [--json]: consistency checks; exit 1 when problems are found.
#include "command.h"

#include "tweed/validate.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

const bool registered = registerCommand("validate", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("validate", "Check an asset for consistency and list every problem");
    auto file = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("ASSET", *file, "Asset (.tweed or .tweedc)")->required();
    cmd->add_flag("--json", *json, "Machine-readable output");
    cmd->callback([file, json] {
        const std::vector<std::string> problems = validateAsset(loadAssetFile(*file));
        if (*json) {
            printJson({{"file", *file}, {"valid", problems.empty()}, {"problems", problems}});
        } else if (problems.empty()) {
            std::printf("%s: valid\n", file->c_str());
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
