// The .tweed format: lossless, byte-stable round trips, readable layout, precise errors on bad
// input (never a crash), forward-compatible unknown keys and atomic saves.
#include "file_error_of.h"
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/validate.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <bit>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <sys/resource.h>
#include <unistd.h>

using namespace tweed;

namespace {

using tweed::test::fileErrorOf;

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeRaw(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

/// Files in a folder, to check that failed saves leave no temporary behind.
size_t fileCount(const std::string &folder)
{
    size_t n = 0;
    for ([[maybe_unused]] const auto &entry : std::filesystem::directory_iterator(folder))
        ++n;
    return n;
}

/// s with control and non-ASCII bytes as \xNN, for test row names.
std::string printable(const std::string &s)
{
    std::string out;
    for (unsigned char c : s) {
        if (c >= 0x20 && c < 0x7F) {
            out += char(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out;
}

/// 1-based line of byte offset `at`.
int lineOf(const std::string &text, size_t at)
{
    return 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n'));
}

} // namespace

class TestAssetFile : public QObject
{
    Q_OBJECT

private slots:
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
        const std::string text = writeAssetText(asset);
        const ClothingAsset back = readAssetText(text, "test.tweed");
        QVERIFY(back == asset);
        QCOMPARE(writeAssetText(back), text);
    }

    void clothBonesRoundTripInBothFormats()
    {
        ClothingAsset asset = test::makeTestAsset();
        asset.physicsMeshes[0].clothBones = {{0, 3, 1}, {4, 7, 5}};
        const std::string text = writeAssetText(asset);
        QVERIFY(text.find("cloth_bones: # pivot, column, row vertex\n") != std::string::npos);
        QVERIFY(text.find("- [4, 7, 5]\n") != std::string::npos);
        QVERIFY(readAssetText(text, "boned.tweed") == asset);
        QVERIFY(readCooked(writeCooked(asset), "boned.tweedc") == asset);
        // Version 2 had no cloth bones: without the key such a document reads with none; from
        // version 3 on the key is required.
        const std::string withoutKey = std::regex_replace(
            text, std::regex("\n *cloth_bones:[^\n]*(\n *- \\[[0-9, ]*\\])*"), "");
        QVERIFY(withoutKey.find("cloth_bones") == std::string::npos);
        ClothingAsset expected = asset;
        expected.physicsMeshes[0].clothBones.clear();
        QVERIFY(readAssetText(std::regex_replace(withoutKey, std::regex("\nversion: 4\n"),
                                                 "\nversion: 2\n"),
                              "old.tweed") == expected);
        const auto missing = fileErrorOf([&] { readAssetText(withoutKey, "new.tweed"); });
        QVERIFY(missing);
        QVERIFY2(missing->problem().find("missing key 'cloth_bones'") != std::string::npos,
                 missing->what());
        // A bone on a vertex the mesh does not have is refused by both writers.
        asset.physicsMeshes[0].clothBones[1].row = 9;
        QVERIFY_THROWS_EXCEPTION(InputError, writeAssetText(asset));
        QVERIFY_THROWS_EXCEPTION(InputError, writeCooked(asset));
        QCOMPARE(validateAsset(asset).front(),
                 std::string("physics mesh 0: cloth bone 1: vertex 9 is out of range (9 vertices)"));
    }

    void emptyAssetRoundTrips()
    {
        const ClothingAsset empty;
        const std::string text = writeAssetText(empty);
        QVERIFY(text.find("lods: []") != std::string::npos);
        QVERIFY(readAssetText(text, "empty.tweed") == empty);
    }

    void layoutIsHumanReadable()
    {
        const std::string text = writeAssetText(test::makeTestAsset());
        for (const char *expected :
             {"\nformat: tweed\n", "\nversion: 4\n", "\nname: \"Jacket \\\"Alan\\\" #1: wool",
              "\n  up_axis: z\n", "\n  - name: Bip01 Spine\n    parent: Root\n",
              // one vertex per line, floats in their shortest form
              "\n      positions:\n        - [-0.2, 1.2, 0.11]\n        - [-0.1, 1.2, 0.11]\n",
              "\n        - [0, 5, 1]\n", "\n      max_distance: [0, 0.001, ",
              "\n      physics: [0xfffffffe, ", "\n      - [unbound, 0, 0, 0,",
              "\n    shape: tapered_capsule\n    bone: Bip01 Spine\n", "\n    bone: null\n",
              "\n  - bone: Hood\n", "\n      method: simplify\n", "\n  model: mass_spring\n",
              "\n  use_compliance: false\n", "\npreset: tweed\n"})
            QVERIFY2(text.find(expected) != std::string::npos, expected);
    }

    void stringsRoundTripWhateverTheirBytes_data()
    {
        QTest::addColumn<QByteArray>("value");
        for (const char *s : {"",
                              "null",
                              "Null",
                              "~",
                              "true",
                              "no",
                              "123",
                              "1.5",
                              "-x",
                              "- x",
                              "a: b",
                              "#hash",
                              "x #y",
                              "trailing ",
                              " leading",
                              "[flow]",
                              "{m}",
                              "'single'",
                              "\"double\"",
                              "back\\slash",
                              "tab\there",
                              "new\nline",
                              "cr\rlf",
                              "\x01\x1f\x7f",
                              "caf\xc3\xa9",
                              "\xff\xfe not utf-8",
                              "*alias",
                              "&anchor",
                              "!tag",
                              "%percent",
                              "@at",
                              "`tick`",
                              "|",
                              ">"})
            QTest::newRow(printable(s).c_str()) << QByteArray(s);
        QTest::newRow("nul byte") << QByteArray("a\0b", 3);
    }
    void stringsRoundTripWhateverTheirBytes()
    {
        QFETCH(QByteArray, value);
        const std::string s = value.toStdString();
        ClothingAsset asset = test::makeTestAsset();
        asset.name = s;
        asset.presetName = s;
        asset.source.path = s;
        asset.lods[0].mesh.submeshes[1].material = s;
        asset.skeleton.bones[3].name = s; // referenced by a collision volume
        asset.physicsMeshes[0].settings.submeshes.push_back(s);
        const std::string text = writeAssetText(asset);
        const ClothingAsset back = readAssetText(text, "strings.tweed");
        QCOMPARE(back.name, s);
        QVERIFY(back == asset);
        QCOMPARE(writeAssetText(back), text);
    }

    void floatsRoundTripBitExactly()
    {
        // Every class of float: subnormals, extremes, signed zero, and random bit patterns.
        std::vector<float> values = {0.0f,
                                     -0.0f,
                                     std::numeric_limits<float>::min(),
                                     std::numeric_limits<float>::denorm_min(),
                                     -std::numeric_limits<float>::denorm_min(),
                                     std::numeric_limits<float>::max(),
                                     std::numeric_limits<float>::lowest(),
                                     std::numeric_limits<float>::epsilon(),
                                     1.0f / 3.0f,
                                     16777217.0f,
                                     std::numeric_limits<float>::infinity(),
                                     -std::numeric_limits<float>::infinity()};
        std::mt19937 rng(42);
        while (values.size() < 20000) {
            const float f = std::bit_cast<float>(uint32_t(rng()));
            if (std::isfinite(f)) values.push_back(f);
        }
        ClothingAsset asset;
        GraphicsLod lod;
        lod.mesh.positions.resize(values.size());
        lod.channels.resize(values.size());
        lod.channels[FloatChannel::WindScale] = values;
        asset.lods.push_back(lod);
        // The format keeps any float; the load checks (tested in test_load_checks) would refuse
        // these values, so only the structure is checked here (by the writer too).
        const ClothingAsset back = readAssetText(writeAssetText(asset, AssetChecks::Structure),
                                                 "floats.tweed", AssetChecks::Structure);
        const std::vector<float> &read = back.lods[0].channels[FloatChannel::WindScale];
        QCOMPARE(read.size(), values.size());
        for (size_t i = 0; i < values.size(); ++i)
            QCOMPARE(std::bit_cast<uint32_t>(read[i]), std::bit_cast<uint32_t>(values[i]));

        // NaN has no equality but survives as NaN.
        asset.lods[0].channels[FloatChannel::WindScale][5] = std::nanf("");
        const ClothingAsset nan = readAssetText(writeAssetText(asset, AssetChecks::Structure),
                                                "nan.tweed", AssetChecks::Structure);
        QVERIFY(std::isnan(nan.lods[0].channels[FloatChannel::WindScale][5]));
    }

    void unknownKeysAreIgnored()
    {
        const ClothingAsset asset = test::makeTestAsset();
        std::string text = writeAssetText(asset);
        text.insert(text.find("name: "), "future_top_level: {nested: [1, 2, 3]}\n");
        text.insert(text.find("    shape: sphere"), "    future_volume_key: 7\n");
        text.insert(text.find("      max_distance:"), "      future_channel: [1, 2]\n");
        text.insert(text.find("  model:"), "  future_setting: 0.5\n");
        QVERIFY(readAssetText(text, "future.tweed") == asset);
    }

    void missingSettingsTakeTheirDefaults()
    {
        ClothingAsset asset = test::makeTestAsset();
        std::string text = writeAssetText(asset);
        const size_t at = text.find("\n  damping: ");
        text.erase(at, text.find('\n', at + 1) - at);
        const ClothingAsset back = readAssetText(text, "old.tweed");
        QCOMPARE(back.simulation.damping, SimulationSettings{}.damping);
        asset.simulation.damping = SimulationSettings{}.damping;
        QVERIFY(back == asset);
    }

    void badInputNamesTheProblem_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QByteArray>("problem");
        QTest::addColumn<bool>("lineOfChange"); // the message names the changed line
        auto row = [](const char *name, const char *from, const char *to, const char *problem,
                      bool line) {
            QTest::newRow(name) << QByteArray(from) << QByteArray(to) << QByteArray(problem)
                                << line;
        };
        row("syntax error", "source:\n", "source: [\n", "line ", false);
        row("not tweed", "format: tweed", "format: tweedc", "not a .tweed file", false);
        row("newer version", "version: 4", "version: 7", "format version 7 is newer", true);
        row("version zero", "version: 4", "version: 0", "format version 0 is not valid", true);
        row("version not a number", "version: 4", "version: one", "version: expected an integer",
            true);
        row("missing key", "  up_axis: z\n", "", "source: missing key 'up_axis'", false);
        row("missing section", "pendulum_bones:", "pendulum_bonez:", "missing key 'pendulum_bones'",
            false);
        row("wrong type", "metres_per_unit: 0.01", "metres_per_unit: [1]",
            "source.metres_per_unit: expected a number", true);
        row("not a number", "radius: 0.11", "radius: big",
            "collision_volumes[1].radius: expected a number, found \"big\"", true);
        row("float out of range", "radius: 0.11", "radius: 1e99",
            "collision_volumes[1].radius: number 1e99 is out of range", true);
        row("integer out of range", "first_triangle: 20", "first_triangle: 99999999999",
            "lods[0].mesh.submeshes[1].first_triangle: integer 99999999999 is out of range", true);
        row("negative count", "triangle_count: 4", "triangle_count: -4",
            "lods[0].mesh.submeshes[1].triangle_count: expected an integer", true);
        row("bone index beyond 16 bits", "- [2, 1, 3, 0, 0.5,", "- [70000, 1, 3, 0, 0.5,",
            "lods[0].mesh.skin[5][0]: integer 70000 is out of range", true);
        row("unknown shape", "shape: sphere", "shape: cube",
            "collision_volumes[1].shape: unknown collision shape \"cube\" (expected one of: "
            "ellipsoid, sphere",
            true);
        row("unknown method", "method: simplify", "method: magic",
            "physics_meshes[0].generation.method: unknown generation method \"magic\"", true);
        row("unknown setting enum", "model: mass_spring", "model: fem",
            "simulation.model: unknown model \"fem\"", true);
        row("bad boolean", "use_compliance: false", "use_compliance: maybe",
            "simulation.use_compliance: expected true or false, found \"maybe\"", true);
        row("unknown bone", "bone: Hood\n    length", "bone: Neck\n    length",
            "pendulum_bones[0].bone: unknown bone \"Neck\"", true);
        row("duplicate bone", "name: Hood", "name: Root", "bone name \"Root\" is used twice",
            false);
        row("parent after child", "parent: Root\n    translation: [0, 0.1, 0]",
            "parent: Hood\n    translation: [0, 0.1, 0]",
            "skeleton[1].parent: \"Hood\" is not a bone listed before this one", true);
        row("short vertex row", "- [-0.2, 1.2, 0.11]", "- [-0.2, 1.2]",
            "lods[0].mesh.positions[0]: expected 3 values, found 2", true);
        row("vertex row not a sequence", "- [-0.2, 1.2, 0.11]", "- -0.2",
            "lods[0].mesh.positions[0]: expected a sequence", true);
        row("channel with a value missing", "max_distance: [0, 0.001, ", "max_distance: [0.001, ",
            "lods[0].channels.max_distance: has 19 values for 20 vertices", true);
        row("mask not an integer", "physics: [0xfffffffe,", "physics: [0xfffffffz,",
            "lods[0].channels.physics[0]: expected an integer, found \"0xfffffffz\"", true);
        row("triangle index out of range", "- [0, 5, 1]", "- [0, 99, 1]",
            "lod 0: triangle 0: vertex index 99 is out of range (20 vertices)", false);
        row("physics mesh out of range", "physics_mesh: 1", "physics_mesh: 7",
            "lod 1: physics mesh index 7 is out of range (2 physics meshes)", false);
        row("skin map triangle out of range", "- [0, 0.33333308", "- [80, 0.33333308",
            "lod 0: skin map: vertex 5: triangle 80 is out of range", false);
        row("skin map row short", "- [unbound, 0, 0, 0, 0, 0, 0, 0, 0, 0]", "- [unbound, 0, 0, 0]",
            "lods[0].skin_map[0]: expected 10 values, found 4", true);
        row("submesh beyond the mesh", "triangle_count: 4", "triangle_count: 40",
            "lod 0: submesh 1 (\"coat_lining\"): triangles 20 to 60 exceed", false);
    }
    /// The message is "<file>: <problem>"; with lineOfChange the problem is exactly
    /// "line <n>: " followed by the expected text, n being the changed line.
    void badInputNamesTheProblem()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QByteArray, problem);
        QFETCH(bool, lineOfChange);
        std::string text = writeAssetText(test::makeTestAsset());
        const size_t at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, from.constData());
        text.replace(at, size_t(from.size()), to.toStdString());
        const auto error = fileErrorOf([&] { readAssetText(text, "bad.tweed"); });
        QVERIFY(error);
        QCOMPARE(error->path(), std::string("bad.tweed"));
        QCOMPARE(std::string(error->what()), "bad.tweed: " + error->problem());
        QVERIFY2(error->problem().find(problem.toStdString()) != std::string::npos, error->what());
        if (lineOfChange) {
            const std::string prefix =
                "line " + std::to_string(lineOf(text, at)) + ": " + problem.toStdString();
            QVERIFY2(error->problem().rfind(prefix, 0) == 0, error->what());
        }
    }

    void syntaxErrorNamesLineAndColumn()
    {
        std::string text = writeAssetText(test::makeTestAsset());
        const size_t at = text.find("  path: ");
        text.insert(at, "  broken: a: b\n");
        const auto error = fileErrorOf([&] { readAssetText(text, "syntax.tweed"); });
        QVERIFY(error);
        QVERIFY2(error->problem().rfind("line " + std::to_string(lineOf(text, at)), 0) == 0,
                 error->what());
        QVERIFY2(error->problem().find("column") != std::string::npos, error->what());
    }

    void notYamlAtAll()
    {
        for (const std::string &text :
             {std::string(), std::string("just words"), std::string("- a\n- b\n"),
              std::string("\0\1\2", 3), std::string(100000, '['), std::string("{{{{{{{{{{")}) {
            const auto error = fileErrorOf([&] { readAssetText(text, "junk.tweed"); });
            QVERIFY2(error, text.substr(0, 20).c_str());
        }
    }

    void aliasesCannotExpandTheDocument()
    {
        // One LoD anchored and repeated thousands of times: a few bytes of text per copy.
        std::string text = writeAssetText(test::makeTestAsset());
        text.replace(text.find("lods:\n  - physics_mesh: 0\n"), 26,
                     "lods:\n  - &L\n    physics_mesh: 0\n");
        std::string copies;
        for (int i = 0; i < 20000; ++i)
            copies += "  - *L\n";
        text.insert(text.find("physics_meshes:"), copies);
        const auto error = fileErrorOf([&] { readAssetText(text, "bomb.tweed"); });
        QVERIFY(error);
        QVERIFY2(error->problem().find("expands beyond its own size") != std::string::npos,
                 error->what());
    }

    void truncationIsAnErrorNeverACrash()
    {
        const ClothingAsset asset = test::makeTestAsset();
        const std::string text = writeAssetText(asset);
        // Cut before the simulation section, something required is always missing. After it,
        // a cut may leave a valid file whose settings are partly defaults.
        const size_t simulation = text.find("\nsimulation:");
        size_t errors = 0, offsets = 0;
        for (size_t n = 0; n < text.size(); n += n < 300 ? 1 : 31) {
            ++offsets;
            const std::string cut = text.substr(0, n);
            std::optional<ClothingAsset> read;
            const auto error = fileErrorOf([&] { read = readAssetText(cut, "cut.tweed"); });
            if (error) {
                ++errors;
                continue;
            }
            QVERIFY2(n > simulation, std::to_string(n).c_str());
            ClothingAsset expected = asset;
            expected.simulation = read->simulation;
            QVERIFY(*read == expected);
        }
        QVERIFY(offsets > 800);
        QVERIFY(errors > offsets * 9 / 10);
    }

    void randomDamageIsAnErrorOrAValidAsset()
    {
        const std::string text = writeAssetText(test::makeTestAsset());
        std::mt19937 rng(7);
        const char replacements[] = "[]{}:-,#&*!|>'\"%@ \n\t0a.\xff";
        for (int i = 0; i < 200; ++i) {
            std::string damaged = text;
            for (int k = 0; k < 3; ++k)
                damaged[rng() % damaged.size()] = replacements[rng() % (sizeof replacements - 1)];
            try {
                const ClothingAsset read = readAssetText(damaged, "damaged.tweed");
                // Whatever was read is structurally safe to use.
                QVERIFY(structuralProblems(read).empty());
            } catch (const FileError &) {
            }
        }
    }

    void writingRefusesAnUnreadableAsset()
    {
        ClothingAsset asset = test::makeTestAsset();
        asset.lods[0].mesh.indices[4] = 1000;
        QVERIFY_THROWS_EXCEPTION(InputError, writeAssetText(asset));

        ClothingAsset twins = test::makeTestAsset();
        twins.skeleton.bones[4].name = twins.skeleton.bones[1].name;
        try {
            writeAssetText(twins);
            QFAIL("duplicate bone names were written");
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("share the name \"Bip01 Spine\"") !=
                         std::string::npos,
                     e.what());
        }

        QTemporaryDir dir;
        const std::string path = dir.filePath("broken.tweed").toStdString();
        const auto error = fileErrorOf([&] { saveAsset(asset, path); });
        QVERIFY(error);
        QCOMPARE(error->path(), path);
        QVERIFY(!std::filesystem::exists(path));
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("jacket.tweed").toStdString();
        const ClothingAsset asset = test::makeTestAsset();
        saveAsset(asset, path);
        QCOMPARE(readAll(path), writeAssetText(asset));
        QVERIFY(loadAsset(path) == asset);
        QCOMPARE(fileCount(dir.path().toStdString()), size_t(1));

        const std::string missing = dir.filePath("missing.tweed").toStdString();
        const auto error = fileErrorOf([&] { loadAsset(missing); });
        QVERIFY(error);
        QCOMPARE(error->path(), missing);
        QVERIFY(fileErrorOf([&] { loadAsset(dir.path().toStdString()); }));
    }

    void failedSaveOntoADirectoryChangesNothing()
    {
        QTemporaryDir dir;
        const std::string target = dir.filePath("folder.tweed").toStdString();
        std::filesystem::create_directory(target);
        writeRaw(target + "/inside", "keep");
        const auto error = fileErrorOf([&] { saveAsset(test::makeTestAsset(), target); });
        QVERIFY(error);
        QCOMPARE(error->path(), target);
        QVERIFY(std::filesystem::is_directory(target));
        QCOMPARE(readAll(target + "/inside"), std::string("keep"));
        QCOMPARE(fileCount(dir.path().toStdString()), size_t(1)); // no temporary left behind
    }

    void failedSaveIntoAnUnwritableFolderKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const std::string folder = dir.filePath("locked").toStdString();
        std::filesystem::create_directory(folder);
        const std::string path = folder + "/jacket.tweed";
        const std::string old = writeAssetText(ClothingAsset{});
        writeRaw(path, old);
        std::filesystem::permissions(folder, std::filesystem::perms::owner_read |
                                                 std::filesystem::perms::owner_exec);
        const bool enforced = ::access(folder.c_str(), W_OK) != 0; // root may write anyway
        std::optional<FileError> error;
        if (enforced) error = fileErrorOf([&] { saveAsset(test::makeTestAsset(), path); });
        std::filesystem::permissions(folder, std::filesystem::perms::owner_all);
        if (!enforced) QSKIP("running with permission to write into read-only folders (root)");
        QVERIFY(error);
        QCOMPARE(error->path(), path);
        QCOMPARE(readAll(path), old);
        QCOMPARE(fileCount(folder), size_t(1));
    }

    void failedTemporaryKeepsTheOldFile()
    {
        // A file name so long that "<name>.tmp-<n>" exceeds the file system's limit: the
        // temporary cannot be created even by root, the old file must stay.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QString(249, 'j') + ".tweed").toStdString();
        const std::string old = writeAssetText(ClothingAsset{});
        writeRaw(path, old);
        QCOMPARE(readAll(path), old);
        const auto error = fileErrorOf([&] { saveAsset(test::makeTestAsset(), path); });
        QVERIFY(error);
        QCOMPARE(error->path(), path);
        QCOMPARE(readAll(path), old);
        QCOMPARE(fileCount(dir.path().toStdString()), size_t(1));
    }

    void interruptedWriteKeepsTheOldFile()
    {
        // A file-size limit makes the write fail part way, like a full disk.
        QTemporaryDir dir;
        const std::string path = dir.filePath("jacket.tweed").toStdString();
        const std::string old = writeAssetText(ClothingAsset{});
        writeRaw(path, old);
        const std::string bigger = writeAssetText(test::makeTestAsset());
        QVERIFY(bigger.size() > 8192);

        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = saved;
        limited.rlim_cur = 4096;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
        const auto error = fileErrorOf([&] { saveAsset(test::makeTestAsset(), path); });
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previousHandler);

        QVERIFY(error);
        QCOMPARE(readAll(path), old);
        QCOMPARE(fileCount(dir.path().toStdString()), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestAssetFile)
#include "test_asset_file.moc"
