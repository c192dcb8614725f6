// The bend_scale paint channel in the files: it round-trips through .tweed and .tweedc, and
// files written before it existed (.tweed version 3, .tweedc format version 3) still load,
// with the bend scale taken from their stiffness_scale (which scaled bending then).
#include "crafted_assets.h"
#include "file_error_of.h"
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"

#include <QTest>

#include <regex>

using namespace tweed;
using namespace tweed::test;

namespace {

// The test asset with a bend scale unlike its stiffness scale everywhere.
ClothingAsset withBendScale()
{
    ClothingAsset asset = makeTestAsset();
    auto paint = [](PaintChannels &ch) {
        for (size_t v = 0; v < ch.vertexCount(); ++v)
            ch[FloatChannel::BendScale][v] = 0.125f * float(v % 5);
    };
    for (PhysicsMesh &pm : asset.physicsMeshes)
        paint(pm.channels);
    for (GraphicsLod &lod : asset.lods)
        paint(lod.channels);
    return asset;
}

// What an older file holds: the asset with each bend scale equal to its stiffness scale.
ClothingAsset asOlderFile(ClothingAsset asset)
{
    for (PhysicsMesh &pm : asset.physicsMeshes)
        pm.channels[FloatChannel::BendScale] = pm.channels[FloatChannel::StiffnessScale];
    for (GraphicsLod &lod : asset.lods)
        lod.channels[FloatChannel::BendScale] = lod.channels[FloatChannel::StiffnessScale];
    return asset;
}

// A channels section of a cooked payload (at `at`) without its bend_scale float channel.
std::string withoutBendChannel(const std::string &payload, size_t at)
{
    Walker w{payload, at};
    const uint32_t floats = w.u32();
    std::string out = payload.substr(0, at) + le(floats - 1, 4);
    for (uint32_t c = 0; c < floats; ++c) {
        const size_t from = w.pos;
        const uint32_t nameLength = w.u32();
        const std::string name = payload.substr(w.pos, nameLength);
        w.pos += nameLength;
        w.array(4);
        if (name != "bend_scale")
            out += payload.substr(from, w.pos - from);
    }
    return out + payload.substr(w.pos);
}

// Where a PHYS payload's channels start.
size_t physChannels(const std::string &payload)
{
    Walker w{payload};
    w.array(12);
    w.array(4);
    w.array(24);
    w.array(12);
    return w.pos;
}

// Where a GLOD payload's channels start (chunk version 2).
size_t lodChannels(const std::string &payload)
{
    const LodLayout l = lodLayout(payload);
    Walker w{payload, l.indices - 4};
    w.array(4);
    return w.pos;
}

} // namespace

class TestBendScaleFormat : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsInBothFormats()
    {
        const ClothingAsset asset = withBendScale();
        QVERIFY(!(asOlderFile(asset) == asset));
        const std::string text = writeAssetText(asset);
        QVERIFY(text.find("bend_scale: [") != std::string::npos);
        QVERIFY(readAssetText(text, "bend.tweed") == asset);
        QCOMPARE(writeAssetText(readAssetText(text, "bend.tweed")), text);
        const std::string cooked = writeCooked(asset);
        QVERIFY(readCooked(cooked, "bend.tweedc") == asset);
        QCOMPARE(writeCooked(readCooked(cooked, "bend.tweedc")), cooked);
    }

    void version3TextReadsStiffnessAsBend()
    {
        const ClothingAsset asset = withBendScale();
        const std::string current = writeAssetText(asset);
        const std::string withoutKey =
            std::regex_replace(current, std::regex("\n *bend_scale: \\[[^\\]]*\\]"), "");
        QVERIFY(withoutKey.find("bend_scale") == std::string::npos);
        const std::string old =
            std::regex_replace(withoutKey, std::regex("\nversion: 4\n"), "\nversion: 3\n");
        QVERIFY(old != withoutKey);
        QVERIFY(readAssetText(old, "old.tweed") == asOlderFile(asset));
        // From version 4 on the key is required.
        const auto missing = fileErrorOf([&] { readAssetText(withoutKey, "new.tweed"); });
        QVERIFY(missing);
        QVERIFY2(missing->problem().find("bend_scale") != std::string::npos, missing->what());
    }

    void version3CookedReadsStiffnessAsBend()
    {
        const ClothingAsset asset = withBendScale();
        CookedFile f = parse(writeCooked(asset));
        QCOMPARE(f.version, kCookedFormatVersion);
        f.version = 3;
        int rewritten = 0;
        for (Chunk &c : f.chunks) {
            if (c.tag == "PHYS") {
                c.payload = withoutBendChannel(c.payload, physChannels(c.payload));
                ++rewritten;
            } else if (c.tag == "GLOD") {
                c.payload = withoutBendChannel(c.payload, lodChannels(c.payload));
                ++rewritten;
            }
        }
        QCOMPARE(rewritten, int(asset.physicsMeshes.size() + asset.lods.size()));
        const std::string old = assemble(f);
        QVERIFY(old.find("bend_scale") == std::string::npos);
        QVERIFY(readCooked(old, "old.tweedc") == asOlderFile(asset));
    }
};

QTEST_GUILESS_MAIN(TestBendScaleFormat)
#include "test_bend_scale_format.moc"
