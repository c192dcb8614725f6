// tweed-cli set ASSET KEY=VALUE...: simulation settings by their keys, with units
// (meshproc/authoring.h); without assignments, prints every setting. All assignments are
// checked before anything is written; the asset is validated and written atomically.
#include "command.h"

#include "tweed/meshproc/authoring.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

struct SetArgs
{
    std::string asset;
    std::vector<std::string> assignments;
    std::string output;
    bool json = false;
};

void printSettings(const SimulationSettings &settings, bool json)
{
    if (json) {
        Json j = Json::object();
        for (const SettingField &f : settingsFields())
            j[f.key] = settingValueText(f, settings);
        std::cout << j.dump(2) << "\n";
        return;
    }
    for (const SettingField &f : settingsFields())
        std::printf("%s = %s\n", f.key, settingValueText(f, settings).c_str());
}

void run(const SetArgs &args)
{
    ClothingAsset asset = loadAssetFile(args.asset);
    if (args.assignments.empty()) {
        printSettings(asset.simulation, args.json);
        return;
    }
    for (const std::string &a : args.assignments) {
        const size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError("'" + a + "' is not KEY=VALUE (e.g. damping=0.2, collision_thickness=5 mm)");
        setSetting(asset.simulation, a.substr(0, eq), a.substr(eq + 1));
    }
    saveValidAsset(asset, args.output.empty() ? args.asset : args.output);
    if (args.json)
        printSettings(asset.simulation, true);
    else
        std::printf("%s: %zu settings set\n", (args.output.empty() ? args.asset : args.output).c_str(),
                    args.assignments.size());
}

const bool registered = registerCommand("set", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "set", "Set simulation settings by key (KEY=VALUE, units as the editor takes them: "
               "\"5 cm\"); without assignments, print them");
    auto a = std::make_shared<SetArgs>();
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc), written in place")->required();
    cmd->add_option("ASSIGNMENTS", a->assignments, "KEY=VALUE pairs, e.g. damping=0.2");
    cmd->add_option("-o,--output", a->output, "Write to this asset instead of ASSET");
    cmd->add_flag("--json", a->json, "Print the settings as JSON");
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
