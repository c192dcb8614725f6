// tweed-cli's subcommands register themselves here; main() parses and runs the chosen one.
// Exit codes: 0 success, 1 bad input or usage (message on stderr naming the file and the
// problem), 2 internal error.
#pragma once

#include "tweed/asset.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace tweed::cli {

/// JSON output keeps keys in insertion order so scripts and people read it alike.
using Json = nlohmann::ordered_json;

/// Adds one subcommand to the app; the callback it sets runs the command and may throw
/// tweed::InputError (exit 1) or anything else (exit 2). It sets the exit code through
/// setExitCode when the command itself decides (e.g. validate finding problems).
using CommandSetup = std::function<void(CLI::App &app)>;

/// Called from a static initialiser in each command's source file.
bool registerCommand(const std::string &name, CommandSetup setup);

void setExitCode(int code);

/// True for the asset extensions .tweed and .tweedc.
bool isAssetPath(const std::string &path);
/// Loads a .tweed or .tweedc file, chosen by extension. Throws FileError.
ClothingAsset loadAssetFile(const std::string &path);
/// Saves as .tweed or .tweedc, chosen by extension; throws InputError for another extension.
void saveAssetFile(const ClothingAsset &asset, const std::string &path);
/// The path of the asset's source character, resolved against the asset file's folder.
std::string sourceCharacterPath(const ClothingAsset &asset, const std::string &assetPath);


} // namespace tweed::cli
