// The .tweedc format: lossless, byte-stable round trips and conversions, the documented layout
// (checked by the independent reader and CRC-32 of crafted_assets.h, written from
// docs/formats.md), and every kind of damage reported as a FileError: truncation at every byte,
// bit flips, malicious counts, unknown versions, missing chunks. Unknown chunks are skipped.
#include "file_error_of.h"
#include "crafted_assets.h"
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/crc32.h"
#include "tweed/errors.h"
#include "tweed/validate.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <optional>
#include <random>

using namespace tweed;
// The independent implementation of the documented layout (crafted_assets.h).
using namespace tweed::test;

namespace {

using tweed::test::fileErrorOf;

} // namespace

class TestCooked : public QObject
{
    Q_OBJECT

private slots:
    // The sliced CRC-32 against the standard check value and the bit-at-a-time definition, for
    // every length and alignment that reaches its tail loop.
    void crc32MatchesTheDefinition()
    {
        QCOMPARE(crc32("123456789"), 0xCBF43926u);
        QCOMPARE(crc32(""), 0u);
        const auto bitwise = [](std::string_view bytes) {
            uint32_t c = 0xFFFFFFFFu;
            for (unsigned char b : bytes) {
                c ^= b;
                for (int k = 0; k < 8; ++k)
                    c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            }
            return c ^ 0xFFFFFFFFu;
        };
        std::mt19937 random(7);
        std::string bytes(300, '\0');
        for (char &b : bytes)
            b = char(random());
        for (size_t offset = 0; offset < 8; ++offset)
            for (size_t length = 0; length + offset <= bytes.size(); length += 13)
                QCOMPARE(crc32(std::string_view(bytes).substr(offset, length)),
                         bitwise(std::string_view(bytes).substr(offset, length)));
    }
    void roundTripIsLosslessAndByteStable_data()
    {
        QTest::addColumn<bool>("shared");
        QTest::newRow("own physics meshes") << false;
        QTest::newRow("shared physics mesh") << true;
    }
    void roundTripIsLosslessAndByteStable()
    {
        QFETCH(bool, shared);
        const ClothingAsset asset = test::makeTestAsset({shared});
        const std::string bytes = writeCooked(asset);
        const ClothingAsset back = readCooked(bytes, "test.tweedc");
        QVERIFY(back == asset);
        QCOMPARE(writeCooked(back), bytes);
        QVERIFY(readCooked(writeCooked(ClothingAsset{}), "empty.tweedc") == ClothingAsset{});
    }

    void nanPayloadsSurvive()
    {
        ClothingAsset asset = test::makeTestAsset();
        const float nan = std::bit_cast<float>(0x7FC01234u);
        asset.lods[0].mesh.positions[3].y = nan;
        // The format keeps NaN payloads; the load checks refuse the NaN (test_load_checks).
        const ClothingAsset back = readCooked(writeCooked(asset, AssetChecks::Structure),
                                              "nan.tweedc", AssetChecks::Structure);
        QCOMPARE(std::bit_cast<uint32_t>(back.lods[0].mesh.positions[3].y), 0x7FC01234u);
    }

    void convertsBothWaysWithoutLoss()
    {
        const std::string text = writeAssetText(test::makeTestAsset());
        // .tweed -> model -> .tweedc -> model -> .tweed
        const std::string cooked = writeCooked(readAssetText(text, "a.tweed"));
        QCOMPARE(writeAssetText(readCooked(cooked, "a.tweedc")), text);
        // .tweedc -> model -> .tweed -> model -> .tweedc
        const std::string text2 = writeAssetText(readCooked(cooked, "a.tweedc"));
        QCOMPARE(writeCooked(readAssetText(text2, "b.tweed")), cooked);
    }

    void layoutIsAsDocumented()
    {
        QCOMPARE(referenceCrc32("123456789"), 0xCBF43926u); // the CRC-32 check value
        const ClothingAsset asset = test::makeTestAsset();
        const std::string bytes = writeCooked(asset);
        const CookedFile f = parse(bytes);
        QCOMPARE(f.magic, std::string("TWEEDC\r\n"));
        QCOMPARE(f.version, kCookedFormatVersion);
        QCOMPARE(f.flags, 0u);
        std::vector<std::string> tags;
        for (const Chunk &c : f.chunks) {
            tags.push_back(c.tag);
            // GLOD 2: the layer roles, 3: the tetra skin map; COLL 2: box and convex shapes,
            // convex planes; PHYS 2: the iso contraction and the tetrahedra
            QCOMPARE(c.version, c.tag == "GLOD" ? 3u : c.tag == "COLL" || c.tag == "PHYS" ? 2u : 1u);
        }
        QCOMPARE(tags, (std::vector<std::string>{"INFO", "SKEL", "PHYS", "PHYS", "GLOD", "GLOD",
                                                 "COLL", "PEND", "RIGC", "SIMU"}));
        // INFO: name, preset, source path, content hash, metres per unit, up axis.
        const Chunk &info = f.chunks[0];
        QCOMPARE(info.payload, lengthPrefixed(asset.name) + lengthPrefixed(asset.presetName) +
                                   lengthPrefixed(asset.source.path) +
                                   lengthPrefixed(asset.source.contentHash) +
                                   le(std::bit_cast<uint32_t>(0.01f), 4) + std::string(1, '\1'));
        // GLOD 1 starts with its physics mesh index, then the mesh name.
        const Chunk &lod1 = f.chunks[5];
        QCOMPARE(getLe(lod1.payload, 0, 4), uint64_t(1));
        QCOMPARE(lod1.payload.substr(4, 4 + 9), lengthPrefixed("coat_lod1"));
        // SKEL: bone count, then name, parent, transform and inverse bind per bone.
        const Chunk &skel = f.chunks[1];
        QCOMPARE(getLe(skel.payload, 0, 4), uint64_t(5));
        QCOMPARE(skel.payload.substr(4, 8), lengthPrefixed("Root"));
        QCOMPARE(uint32_t(getLe(skel.payload, 12, 4)), 0xFFFFFFFFu); // parent -1
        QCOMPARE(skel.payload.size(), size_t(5 * (4 + 4 + 40 + 64) + 4 + 4 + 11 + 12 + 13 + 4));
        // Reassembling the parsed chunks gives the same bytes.
        QCOMPARE(assemble(f), bytes);
    }

    void truncationAtEveryByteIsAnError()
    {
        const std::string bytes = writeCooked(test::makeTestAsset());
        for (size_t n = 0; n < bytes.size(); ++n) {
            const auto error = fileErrorOf([&] { readCooked(bytes.substr(0, n), "cut.tweedc"); });
            QVERIFY2(error, std::to_string(n).c_str());
            QCOMPARE(error->path(), std::string("cut.tweedc"));
        }
    }

    void everyFlippedBitIsCaught()
    {
        const std::string bytes = writeCooked(test::makeTestAsset());
        for (size_t at = 0; at < bytes.size(); ++at) {
            std::string damaged = bytes;
            damaged[at] = char(damaged[at] ^ (1 << (at * 5 % 8)));
            const auto error = fileErrorOf([&] { readCooked(damaged, "flipped.tweedc"); });
            QVERIFY2(error, std::to_string(at).c_str());
            // Past the header (magic, version, flags, size), only the checksum can notice.
            if (at >= 24)
                QVERIFY2(error->problem().find("checksum mismatch") != std::string::npos,
                         error->what());
        }
    }

    void damageBehindAValidChecksumNeverCrashes()
    {
        // A checksum stops accidental damage; a deliberately crafted file passes it. Damage the
        // chunks, fix the checksum, and the reader must still answer with an error or a
        // structurally sound asset.
        const std::string original = writeCooked(test::makeTestAsset());
        std::mt19937 rng(99);
        int errors = 0;
        for (int i = 0; i < 3000; ++i) {
            std::string bytes = original;
            const int flips = 1 + int(rng() % 4);
            for (int k = 0; k < flips; ++k) {
                const size_t at = 24 + rng() % (bytes.size() - 28);
                // Mostly small changes; sometimes a byte that makes a count or size huge.
                bytes[at] = rng() % 4 == 0 ? char(0xFF) : char(bytes[at] ^ (1 << (rng() % 8)));
            }
            const size_t content = bytes.size() - 4;
            bytes.replace(content, 4, le(referenceCrc32(bytes.substr(0, content)), 4));
            try {
                const ClothingAsset asset = readCooked(bytes, "crafted.tweedc");
                QVERIFY(safetyProblems(asset).empty());
            } catch (const FileError &) {
                ++errors;
            }
        }
        QVERIFY(errors > 300); // most damage to counts, sizes, tags and names is noticed
    }

    void unknownChunksAreSkipped()
    {
        const ClothingAsset asset = test::makeTestAsset();
        CookedFile f = parse(writeCooked(asset));
        f.chunks.insert(f.chunks.begin() + 1, Chunk{"XTRA", 7, std::string(37, '\xAB')});
        f.chunks.push_back(Chunk{std::string("NEW\0", 4), 1, "future"});
        f.chunks.push_back(Chunk{"EMPT", 3, ""});
        QVERIFY(readCooked(assemble(f), "future.tweedc") == asset);
    }

    void unknownChannelsAndSettingsAreSkipped()
    {
        // A newer writer's extra setting and channel; an older writer's missing setting.
        const ClothingAsset asset = test::makeTestAsset();
        CookedFile f = parse(writeCooked(asset));
        Chunk &simu = chunk(f, "SIMU");
        simu.payload = le(2, 4) + lengthPrefixed("future_knob") + '\0' + le(0, 4) +
                       lengthPrefixed("damping") + '\0' + le(std::bit_cast<uint32_t>(0.5f), 4);
        ClothingAsset expected = asset;
        expected.simulation = SimulationSettings{};
        expected.simulation.damping = 0.5f;
        QVERIFY(readCooked(assemble(f), "settings.tweedc") == expected);

        Chunk &simu2 = chunk(f, "SIMU");
        simu2.payload = le(1, 4) + lengthPrefixed("damping") + '\1' + le(1, 4);
        const auto kindError = fileErrorOf([&] { readCooked(assemble(f), "kind.tweedc"); });
        QVERIFY(kindError);
        QVERIFY2(kindError->problem().find("chunk SIMU: setting damping has kind 1, expected 0") !=
                     std::string::npos,
                 kindError->what());
    }

    void newerVersionsAreRefused()
    {
        CookedFile f = parse(writeCooked(test::makeTestAsset()));
        f.version = kCookedFormatVersion + 1;
        const auto error = fileErrorOf([&] { readCooked(assemble(f), "new.tweedc"); });
        QVERIFY(error);
        QVERIFY2(error->problem().find("format version " +
                                       std::to_string(kCookedFormatVersion + 1) + " is newer") !=
                     std::string::npos,
                 error->what());

        f.version = kCookedFormatVersion;
        chunk(f, "GLOD", 1).version = 4;
        const auto chunkError = fileErrorOf([&] { readCooked(assemble(f), "new.tweedc"); });
        QVERIFY(chunkError);
        QVERIFY2(chunkError->problem().find("chunk GLOD 1: chunk version 4 is not supported") !=
                     std::string::npos,
                 chunkError->what());
    }

    void damagedStructureNamesTheProblem_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QByteArray>("problem");
        QTest::newRow("not cooked") << 0 << QByteArray("not a .tweedc file");
        QTest::newRow("flags") << 1 << QByteArray("unsupported flags 4");
        QTest::newRow("bytes after the checksum") << 2 << QByteArray("3 unexpected bytes after");
        QTest::newRow("huge bone count") << 3 << QByteArray("chunk SKEL: bones: count 4294967295");
        QTest::newRow("huge name length")
            << 4 << QByteArray("chunk GLOD 0: mesh name: count 2147483648");
        QTest::newRow("huge chunk size") << 5 << QByteArray("announces 18446744073709551615");
        QTest::newRow("missing chunk") << 6 << QByteArray("chunk SIMU is missing");
        QTest::newRow("duplicate chunk") << 7 << QByteArray("chunk INFO appears twice");
        QTest::newRow("bad enum") << 8 << QByteArray("chunk INFO: unknown up axis 9");
        QTest::newRow("index out of range")
            << 9 << QByteArray("lod 1: physics mesh index 7 is out of range (2 physics meshes)");
        QTest::newRow("extra payload")
            << 10 << QByteArray("chunk PEND: 2 unexpected bytes at the end of the chunk");
        QTest::newRow("short payload") << 11 << QByteArray("chunk COLL: truncated");
        QTest::newRow("count beyond the payload")
            << 14
            << QByteArray("chunk COLL: collision volumes: count 7 needs 539 bytes, only 26 left");
        QTest::newRow("missing channel") << 12 << QByteArray("channel latch_slave is missing");
        QTest::newRow("version zero") << 13 << QByteArray("format version 0 is not valid");
    }
    void damagedStructureNamesTheProblem()
    {
        QFETCH(int, damage);
        QFETCH(QByteArray, problem);
        const std::string original = writeCooked(test::makeTestAsset());
        CookedFile f = parse(original);
        std::string bytes;
        switch (damage) {
        case 0:
            bytes = "glTF" + original.substr(4);
            break;
        case 1:
            f.flags = 4;
            break;
        case 2:
            bytes = original + "xyz";
            break;
        case 3:
            putLe(chunk(f, "SKEL").payload, 0, 0xFFFFFFFFu, 4);
            break;
        case 4:
            putLe(chunk(f, "GLOD").payload, 4, 0x80000000u, 4);
            break;
        case 5:
            bytes = assemble(f);
            putLe(bytes, 24 + 8, ~uint64_t(0), 8); // the first chunk's size
            bytes.replace(bytes.size() - 4, 4,
                          le(referenceCrc32(bytes.substr(0, bytes.size() - 4)), 4));
            break;
        case 6:
            f.chunks.pop_back();
            break;
        case 7:
            f.chunks.push_back(f.chunks.front());
            break;
        case 8: {
            std::string &info = chunk(f, "INFO").payload;
            info.back() = 9;
            break;
        }
        case 9:
            putLe(chunk(f, "GLOD", 1).payload, 0, 7, 4);
            break;
        case 10:
            chunk(f, "PEND").payload += "!!";
            break;
        case 11:
            // Room for seven volumes of the smallest size, but their names make them larger.
            chunk(f, "COLL").payload.resize(4 + 7 * 77 + 10);
            break;
        case 14:
            chunk(f, "COLL").payload.resize(30);
            break;
        case 12: {
            // Rename the last mask channel of physics mesh 0 to one nobody knows: it is then
            // skipped, and the real one is missing.
            std::string &p = chunk(f, "PHYS").payload;
            const size_t at = p.find("latch_slave");
            QVERIFY(at != std::string::npos);
            p.replace(at, 11, "latch_other");
            break;
        }
        case 13:
            f.version = 0;
            break;
        }
        if (bytes.empty()) bytes = assemble(f);
        const auto error = fileErrorOf([&] { readCooked(bytes, "damaged.tweedc"); });
        QVERIFY(error);
        QVERIFY2(error->problem().find(problem.toStdString()) != std::string::npos, error->what());
    }

    void writingRefusesAnUnreadableAsset()
    {
        ClothingAsset asset = test::makeTestAsset();
        asset.collisionVolumes[0].bone = 99;
        QVERIFY_THROWS_EXCEPTION(InputError, writeCooked(asset));
        QTemporaryDir dir;
        const std::string path = dir.filePath("broken.tweedc").toStdString();
        const auto error = fileErrorOf([&] { saveCooked(asset, path); });
        QVERIFY(error);
        QCOMPARE(error->path(), path);
        QVERIFY(error->problem().find("collision volume 0 (\"chest\"): bone index 99") !=
                std::string::npos);
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("jacket.tweedc").toStdString();
        const ClothingAsset asset = test::makeTestAsset({true});
        saveCooked(asset, path);
        QVERIFY(loadCooked(path) == asset);
        QVERIFY(fileErrorOf([&] { loadCooked(dir.filePath("missing.tweedc").toStdString()); }));
        QVERIFY(fileErrorOf([&] { loadCooked(dir.path().toStdString()); }));
        // A .tweed text is not cooked.
        const std::string text = dir.filePath("text.tweedc").toStdString();
        saveAsset(asset, text);
        const auto error = fileErrorOf([&] { loadCooked(text); });
        QVERIFY(error);
        QVERIFY(error->problem().find("not a .tweedc file") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCooked)
#include "test_cooked.moc"
