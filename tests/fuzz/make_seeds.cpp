// Writes the generated part of the fuzzers' seed corpora (tests/fuzz/corpus): the tests' small
// asset (tests/support/make_test_asset.h) as .tweed text and cooked, with its own and with a
// shared physics mesh, on the mass-spring model, cut to its coarse LoD alone, and the empty
// asset. Usage: tweed-fuzz-seeds CORPUS_FOLDER
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace {

void write(const std::filesystem::path &path, const std::string &bytes)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s CORPUS_FOLDER\n", argv[0]);
        return 1;
    }
    const std::filesystem::path corpus = argv[1];
    using tweed::test::makeTestAsset;
    tweed::ClothingAsset massSpring = makeTestAsset({.sharedPhysicsMesh = true});
    massSpring.simulation.model = int(tweed::SolverModel::MassSpring);
    // The smallest seeds give the fastest runs: LoD 1 (a 3 x 3 grid) on the shared 3 x 3 physics
    // mesh, and an asset with nothing in it.
    tweed::ClothingAsset oneLod = makeTestAsset({.sharedPhysicsMesh = true});
    oneLod.lods.erase(oneLod.lods.begin());
    const std::pair<const char *, tweed::ClothingAsset> assets[] = {
        {"test_asset", makeTestAsset()},
        {"test_asset_shared", makeTestAsset({.sharedPhysicsMesh = true})},
        {"test_asset_mass_spring", massSpring},
        {"test_asset_one_lod", oneLod},
        {"empty", tweed::ClothingAsset{}},
    };
    for (const auto &[name, asset] : assets) {
        write(corpus / "tweed_text" / (std::string(name) + ".tweed"), tweed::writeAssetText(asset));
        write(corpus / "cooked" / (std::string(name) + ".tweedc"), tweed::writeCooked(asset));
    }
    return 0;
}
