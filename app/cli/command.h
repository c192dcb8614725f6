// tweed-cli's subcommands register themselves here; main() parses and runs the chosen one.
// Exit codes: 0 success, 1 bad input or usage (message on stderr naming the file and the
// problem), 2 internal error.
#pragma once

#include "tweed/asset.h"
#include "tweed/errors.h"
#include "tweed/validate.h"

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

/// Throws InputError naming the option unless value is a finite number in [lo, hi]:
/// "--iterations must be between 1 and 100 (or 0: keep the asset's), not -1". alternative, when
/// given, names a value outside the range that the caller accepts before calling.
void requireRange(const std::string &option, double value, double lo, double hi,
                  const std::string &alternative = {});
/// Throws InputError naming the option unless value is a finite number >= 0.
void requireNonNegative(const std::string &option, double value);
/// A number for a message: "-1", "0.25", "1e-09".
std::string numberText(double value);

/// True for the asset extensions .tweed and .tweedc.
bool isAssetPath(const std::string &path);
/// Loads a .tweed or .tweedc file, chosen by extension. Throws FileError.
/// Reads a .tweed or .tweedc. By default the file must be safe to simulate; `validate` reads
/// with the structural checks only, so it can list every problem instead of the first.
ClothingAsset loadAssetFile(const std::string &path, AssetChecks checks = AssetChecks::Safety);
/// Saves as .tweed or .tweedc, chosen by extension; throws InputError for another extension.
void saveAssetFile(const ClothingAsset &asset, const std::string &path);
/// An edited asset: validated in full first (validateAsset; InputError naming the file and
/// listing the problems, nothing written), then saved atomically as saveAssetFile does.
void saveValidAsset(const ClothingAsset &asset, const std::string &path);
/// The path of the asset's source character, resolved against the asset file's folder.
std::string sourceCharacterPath(const ClothingAsset &asset, const std::string &assetPath);

/// Runs work on the contents of the file at path: an InputError that does not name a file yet
/// (a bad mesh, a missing bone) comes back as a FileError naming this one.
template <class Work> auto withFile(const std::string &path, Work &&work) -> decltype(work())
{
    try {
        return work();
    } catch (const FileError &) {
        throw;
    } catch (const InputError &e) {
        throw FileError(path, e.what());
    }
}

/// Prints JSON on stdout. Text that is not valid UTF-8 (a Latin-1 name kept in an older asset)
/// is printed with each such byte read as Latin-1, so the output is always valid JSON.
void printJson(const Json &json);

} // namespace tweed::cli
