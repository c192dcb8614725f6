// Auto Setup's time (issue 22: the sample's under 10 s on two cores, its check of every clip
// included): autoSetup on a character, as `tweed-cli create CHARACTER --auto --threads N` runs
// it, --runs times. Per run it prints the wall time, the CPU time of every thread (on a shared
// machine wall time mostly measures the neighbours) and each stage's wall time; then the medians,
// and the hash of the asset written (the same hash: the same asset, byte for byte).
#include "bench.h"

#include "tweed/asset_file.h"
#include "tweed/errors.h"
#include "tweed/meshproc/auto_setup.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace tweed::bench {
namespace {

int run(const std::vector<std::string> &args)
{
    std::string character = TWEED_SAMPLE_CHARACTER;
    int threads = 2, runs = 3;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--character" && hasValue) {
            character = args[++i];
        } else if (a == "--threads" && hasValue) {
            threads = std::atoi(args[++i].c_str());
        } else if (a == "--runs" && hasValue) {
            runs = std::atoi(args[++i].c_str());
        } else if (a == "--json") {
            json = true;
        } else {
            std::fprintf(stderr, "usage: tweed-bench autosetup [--character FILE] [--threads N] "
                                 "[--runs R] [--json]\n");
            return 2;
        }
    }
    if (runs < 1 || threads < 1) {
        std::fprintf(stderr, "tweed-bench autosetup: --runs and --threads must be at least 1\n");
        return 2;
    }
    try {
        const Character ch = importCharacter(character);
        AutoSetupOptions options;
        options.threads = threads;
        std::vector<double> wall, cpu;
        // Per stage in the order they run, its wall time per run.
        std::vector<std::pair<std::string, std::vector<double>>> stages;
        std::string hash;
        bool pass = false;
        for (int r = 0; r < runs; ++r) {
            AutoSetupResult result;
            const double cpu0 = processCpuNow();
            wall.push_back(wallSeconds([&] { result = autoSetup(ch, options); }));
            cpu.push_back(processCpuNow() - cpu0);
            for (const auto &[stage, seconds] : result.report.seconds) {
                auto it = std::find_if(stages.begin(), stages.end(),
                                       [&](const auto &s) { return s.first == stage; });
                if (it == stages.end()) it = stages.insert(stages.end(), {stage, {}});
                it->second.push_back(seconds);
            }
            const std::string h = contentHash(writeAssetText(result.asset));
            if (!hash.empty() && h != hash) {
                std::fprintf(stderr, "tweed-bench autosetup: run %d wrote another asset (%s, %s)\n",
                             r + 1, h.c_str(), hash.c_str());
                return 1;
            }
            hash = h;
            pass = result.report.failures.empty();
            if (!json)
                std::printf("run %d: %.2f s wall, %.2f s CPU\n", r + 1, wall.back(), cpu.back());
        }
        if (json) {
            std::printf("{\"character\": \"%s\", \"threads\": %d, \"runs\": %d, \"wall_s\": %.3f, "
                        "\"cpu_s\": %.3f, \"stages_wall_s\": {",
                        character.c_str(), threads, runs, median(wall), median(cpu));
            const char *sep = "";
            for (const auto &[stage, seconds] : stages) {
                std::printf("%s\"%s\": %.3f", sep, stage.c_str(), median(seconds));
                sep = ", ";
            }
            std::printf("}, \"asset_hash\": \"%s\", \"pass\": %s}\n", hash.c_str(),
                        pass ? "true" : "false");
        } else {
            std::printf("Auto Setup of %s on %d threads, median of %d runs: %.2f s wall, %.2f s "
                        "CPU (every thread's)\n",
                        character.c_str(), threads, runs, median(wall), median(cpu));
            for (const auto &[stage, seconds] : stages)
                std::printf("  %-16s %.2f s wall\n", stage.c_str(), median(seconds));
            std::printf("asset %s; every measure within its threshold: %s\n", hash.c_str(),
                        pass ? "yes" : "no");
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "tweed-bench autosetup: %s\n", e.what());
        return 1;
    }
    return 0;
}

const bool registered = registerScenario(
    "autosetup", "Auto Setup's wall and CPU time on a character (the sample by default)", run);

} // namespace
} // namespace tweed::bench
