// tweed-cli: the headless front end for pipelines. See README.md, "tweed-cli".
#include "command.h"

#include "tweed/errors.h"
#include "tweed/tweed_c.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>

namespace tweed::cli {
namespace {

std::map<std::string, CommandSetup> &registry()
{
    static std::map<std::string, CommandSetup> commands;
    return commands;
}

int gExitCode = 0;

} // namespace

bool registerCommand(const std::string &name, CommandSetup setup)
{
    registry()[name] = std::move(setup);
    return true;
}

void setExitCode(int code) { gExitCode = code; }

std::string numberText(double value)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", value);
    return buf;
}

void requireRange(const std::string &option, double value, double lo, double hi,
                  const std::string &alternative)
{
    if (std::isfinite(value) && value >= lo && value <= hi) return;
    throw InputError(option + " must be between " + numberText(lo) + " and " + numberText(hi) +
                     (alternative.empty() ? "" : " (or " + alternative + ")") + ", not " +
                     numberText(value));
}

void requireNonNegative(const std::string &option, double value)
{
    if (!std::isfinite(value) || value < 0)
        throw InputError(option + " must be a finite number >= 0, not " + numberText(value));
}

} // namespace tweed::cli

int main(int argc, char **argv)
{
    using namespace tweed;
    CLI::App app{"tweed-cli: create, inspect, convert, validate and simulate Tweed clothing assets"};
    app.set_version_flag("--version", std::string("tweed-cli ") + tweed_version());
    app.require_subcommand(1);
    for (auto &[name, setup] : cli::registry())
        setup(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion &e) {
        return app.exit(e);
    } catch (const CLI::ParseError &e) {
        std::cerr << "tweed-cli: " << e.what() << "\n";
        return 1;
    } catch (const InputError &e) {
        std::cerr << "tweed-cli: " << e.what() << "\n";
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "tweed-cli: internal error: " << e.what() << "\n";
        return 2;
    }
    return cli::gExitCode;
}
