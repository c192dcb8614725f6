// Loading an asset: `tweed-bench load [ASSET] [--runs N] [--json]`. The asset (by default the
// sample's coat, as `tweed-cli create SAMPLE --mesh Coat --pin-top 0.3` makes it) is written as
// .tweed and .tweedc into a temporary folder, then each file is loaded by a fresh process (this
// program again, in its --child mode) so that each format's peak memory is its own. Reported:
// the file sizes, the median CPU time of `runs` loads from the page cache (loadAsset,
// loadCooked, with their default safety checks; CPU time, since on a shared machine wall time
// measures the neighbours), the rate in MB/s (10^6 bytes per CPU second) and the child's peak
// resident memory.
#include "bench.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace tweed::bench {
namespace {

struct LoadFigures
{
    size_t bytes = 0;
    double seconds = 0; ///< median wall time of one load
    long peakKb = 0;    ///< peak resident memory of the process that loaded it
};

ClothingAsset loadByExtension(const std::string &path)
{
    return path.ends_with(".tweedc") ? loadCooked(path) : loadAsset(path);
}

// The child: loads `path` `runs` times and prints "seconds peak_kb" on stdout.
int runChild(const std::string &path, int runs)
{
    const double seconds =
        medianSeconds(runs, [&] { (void)loadByExtension(path); }, threadCpuSeconds);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%.9f %ld\n", seconds, usage.ru_maxrss);
    return 0;
}

LoadFigures measureInChild(const std::string &path, int runs)
{
    const std::string command = "'" + std::filesystem::read_symlink("/proc/self/exe").string() +
                                "' load --child '" + path + "' --runs " + std::to_string(runs);
    FILE *pipe = popen(command.c_str(), "r");
    if (!pipe)
        throw std::runtime_error("cannot run " + command);
    LoadFigures f;
    const int read = std::fscanf(pipe, "%lf %ld", &f.seconds, &f.peakKb);
    const int status = pclose(pipe);
    if (read != 2 || status != 0)
        throw FileError(path, "loading failed in the child process");
    f.bytes = std::filesystem::file_size(path);
    return f;
}

ClothingAsset sampleCoat()
{
    CreateAssetOptions create;
    create.garmentMeshes = {"Coat"};
    create.pinnedTop = 0.3f;
    return createAsset(importCharacter(TWEED_SAMPLE_CHARACTER), create);
}

int run(const std::vector<std::string> &args)
{
    std::string assetPath, childPath;
    int runs = 5;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (args[i] == "--runs" && i + 1 < args.size())
            runs = std::max(1, std::atoi(args[++i].c_str()));
        else if (args[i] == "--child" && i + 1 < args.size())
            childPath = args[++i];
        else if (!args[i].starts_with("--") && assetPath.empty())
            assetPath = args[i];
        else {
            std::fprintf(stderr, "usage: tweed-bench load [ASSET] [--runs N] [--json]\n");
            return 1;
        }
    }
    try {
        if (!childPath.empty())
            return runChild(childPath, runs);
        const ClothingAsset asset = assetPath.empty() ? sampleCoat() : loadByExtension(assetPath);
        const std::filesystem::path dir =
            std::filesystem::temp_directory_path() / ("tweed-bench-load-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir);
        const std::string text = (dir / "asset.tweed").string();
        const std::string cooked = (dir / "asset.tweedc").string();
        saveAsset(asset, text);
        saveCooked(asset, cooked);
        const LoadFigures yaml = measureInChild(text, runs);
        const LoadFigures binary = measureInChild(cooked, runs);
        std::filesystem::remove_all(dir);

        const auto rate = [](const LoadFigures &f) { return double(f.bytes) / f.seconds / 1e6; };
        const std::string name = assetPath.empty() ? "sample coat" : assetPath;
        if (json) {
            std::printf("{\"asset\": \"%s\", \"runs\": %d, \"tweed_bytes\": %zu, \"tweed_ms\": %.3f, "
                        "\"tweed_mb_per_s\": %.2f, \"tweed_peak_kb\": %ld, \"tweedc_bytes\": %zu, "
                        "\"tweedc_ms\": %.3f, \"tweedc_mb_per_s\": %.2f, \"tweedc_peak_kb\": %ld}\n",
                        name.c_str(), runs, yaml.bytes, yaml.seconds * 1e3, rate(yaml), yaml.peakKb,
                        binary.bytes, binary.seconds * 1e3, rate(binary), binary.peakKb);
            return 0;
        }
        std::printf("%s, median CPU time of %d loads each, in a fresh process per format\n\n", name.c_str(),
                    runs);
        std::printf("| format | bytes | ms | MB/s | peak RSS (MB) |\n|---|---|---|---|---|\n");
        for (const auto &[label, f] : {std::pair{".tweed", yaml}, std::pair{".tweedc", binary}})
            std::printf("| %s | %zu | %.2f | %.1f | %.1f |\n", label, f.bytes, f.seconds * 1e3,
                        rate(f), double(f.peakKb) / 1024);
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "tweed-bench load: %s\n", e.what());
        return 1;
    }
}

const bool registered = registerScenario(
    "load", "loading an asset as .tweed and .tweedc: MB/s and peak memory per format", run);

} // namespace
} // namespace tweed::bench
