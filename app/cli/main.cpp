// tweed-cli: the headless front end for pipelines. See README.md, "tweed-cli".
#include "command.h"

#include "tweed/errors.h"

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

std::string jsonString(const std::string &s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += char(c);
            }
        }
    }
    return out + "\"";
}

} // namespace tweed::cli

int main(int argc, char **argv)
{
    using namespace tweed;
    CLI::App app{"tweed-cli: create, inspect, convert, validate and simulate Tweed clothing assets"};
    app.require_subcommand(1);
    for (auto &[name, setup] : cli::registry())
        setup(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
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
