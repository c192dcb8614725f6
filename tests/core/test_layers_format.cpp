// Garment layers in the files: each submesh's role (shell or rider) survives the .tweed and
// .tweedc round trips; files written before roles existed (.tweed version 1, .tweedc GLOD chunk
// version 1) still load, every part a shell; the checks refuse a garment with no shell.
#include "crafted_assets.h"
#include "file_error_of.h"
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/validate.h"

#include <QTest>

#include <regex>

using namespace tweed;
using namespace tweed::test;

namespace {

// The test asset with every part a shell: what an old file holds.
ClothingAsset allShells(ClothingAsset asset)
{
    for (GraphicsLod &lod : asset.lods)
        for (Submesh &s : lod.mesh.submeshes)
            s.role = LayerRole::Shell;
    return asset;
}

// A GLOD payload of chunk version 2 rewritten as version 1: the role byte after each submesh's
// triangle range removed.
std::string withoutRoles(const std::string &payload)
{
    Walker w{payload};
    w.u32();
    w.str();
    const uint32_t submeshes = w.u32();
    std::string out = payload.substr(0, w.pos);
    for (uint32_t s = 0; s < submeshes; ++s) {
        const size_t from = w.pos;
        w.str();
        w.str();
        w.str();
        w.pos += 8;
        out += payload.substr(from, w.pos - from);
        w.pos += 1;
    }
    return out + payload.substr(w.pos);
}

} // namespace

class TestLayersFormat : public QObject
{
    Q_OBJECT

private slots:
    void rolesRoundTrip()
    {
        const ClothingAsset asset = makeTestAsset();
        QCOMPARE(asset.lods[0].mesh.submeshes[1].role, LayerRole::Rider);
        const std::string text = writeAssetText(asset);
        QVERIFY(text.find("role: \"rider\"") != std::string::npos ||
                text.find("role: rider") != std::string::npos);
        QVERIFY(readAssetText(text, "layers.tweed") == asset);
        QVERIFY(readCooked(writeCooked(asset), "layers.tweedc") == asset);
        // A role changed is a different asset in both formats.
        const ClothingAsset shells = allShells(asset);
        QVERIFY(!(shells == asset));
        QVERIFY(readCooked(writeCooked(shells), "shells.tweedc") == shells);
    }

    void version1TextLoadsAsShells()
    {
        const ClothingAsset asset = makeTestAsset();
        std::string text = writeAssetText(asset);
        // What version 1 wrote: no role keys.
        text = std::regex_replace(text, std::regex("\n *role: [^\n]*"), "");
        text = std::regex_replace(text, std::regex("\nversion: [0-9]+\n"), "\nversion: 1\n");
        QVERIFY(text.find("role:") == std::string::npos);
        QVERIFY(readAssetText(text, "old.tweed") == allShells(asset));
        // In version 2 the key is required, and an unknown role is named.
        const std::string current = writeAssetText(asset);
        std::string missing = std::regex_replace(current, std::regex("\n *role: [^\n]*"), "");
        const auto missingError = fileErrorOf([&] { readAssetText(missing, "new.tweed"); });
        QVERIFY(missingError);
        QVERIFY2(missingError->problem().find("role") != std::string::npos, missingError->what());
        std::string unknown =
            std::regex_replace(current, std::regex("role: \"?rider\"?"), "role: lining");
        const auto unknownError = fileErrorOf([&] { readAssetText(unknown, "new.tweed"); });
        QVERIFY(unknownError);
        QVERIFY2(unknownError->problem().find("unknown layer role \"lining\"") != std::string::npos,
                 unknownError->what());
    }

    void version1CookedLoadsAsShells()
    {
        const ClothingAsset asset = makeTestAsset();
        CookedFile f = parse(writeCooked(asset));
        // 3: box and convex volumes (COLL version 2); 4: the rig (RIGC), the soft body (PHYS 2,
        // GLOD 3) and the bend_scale channel.
        QCOMPARE(f.version, 4u);
        QCOMPARE(chunk(f, "GLOD", 0).version, 3u);
        QCOMPARE(chunk(f, "INFO", 0).version, 1u);
        f.version = 1;
        for (int l = 0; l < 2; ++l) {
            Chunk &c = chunk(f, "GLOD", l);
            c.payload = withoutRoles(c.payload);
            c.payload.resize(c.payload.size() - 4); // GLOD 3's tetra skin map: an empty one
            c.version = 1;
        }
        QVERIFY(readCooked(assemble(f), "old.tweedc") == allShells(asset));

        // A role byte that names no role is refused, naming the chunk.
        CookedFile bad = parse(writeCooked(asset));
        std::string &pl = chunk(bad, "GLOD", 0).payload;
        const size_t role = lodLayout(pl).positions - 5; // the last role, then the position count
        QCOMPARE(uint8_t(pl[role]), uint8_t(LayerRole::Rider));
        pl[role] = char(7);
        const auto error = fileErrorOf([&] { readCooked(assemble(bad), "bad.tweedc"); });
        QVERIFY(error);
        QVERIFY2(error->problem().find("chunk GLOD 0") != std::string::npos &&
                     error->problem().find("unknown layer role 7") != std::string::npos,
                 error->what());
    }

    void aGarmentNeedsAShell()
    {
        ClothingAsset asset = makeTestAsset();
        QVERIFY(validateAsset(asset).empty());
        for (Submesh &s : asset.lods[1].mesh.submeshes)
            s.role = LayerRole::Rider;
        const std::vector<std::string> problems = validateAsset(asset);
        QCOMPARE(problems.size(), size_t(1));
        QVERIFY2(problems.front().find("lod 1: every submesh is a rider") != std::string::npos,
                 problems.front().c_str());
        // Not a safety problem: the physics mesh exists, the game can still run it.
        QVERIFY(safetyProblems(asset).empty());
        asset.lods[0].mesh.submeshes[0].role = LayerRole(5);
        QVERIFY(!safetyProblems(asset).empty());
        QVERIFY_THROWS_EXCEPTION(InputError, writeCooked(asset));
    }
};

QTEST_APPLESS_MAIN(TestLayersFormat)
#include "test_layers_format.moc"
