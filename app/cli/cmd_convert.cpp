// tweed-cli convert IN OUT: between .tweed and .tweedc, chosen by extension.
#include "command.h"

#include "tweed/errors.h"

#include <cstdio>
#include <memory>

namespace tweed::cli {
namespace {

const bool registered = registerCommand("convert", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("convert", "Convert an asset between .tweed and .tweedc");
    auto in = std::make_shared<std::string>();
    auto out = std::make_shared<std::string>();
    cmd->add_option("IN", *in, "Asset to read (.tweed or .tweedc)")->required();
    cmd->add_option("OUT", *out, "Asset to write (.tweed or .tweedc)")->required();
    cmd->callback([in, out] {
        // Check the output's extension before reading, so a typo costs nothing.
        if (!isAssetPath(*out))
            throw FileError(*out, "cannot write an asset here: use the extension .tweed or .tweedc");
        saveAssetFile(loadAssetFile(*in), *out);
        std::printf("%s -> %s\n", in->c_str(), out->c_str());
    });
});

} // namespace
} // namespace tweed::cli
