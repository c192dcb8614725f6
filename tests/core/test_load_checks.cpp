// The load checks (safetyProblems) in every reader: the reproducers of assets that made every
// output NaN (a NaN inverse bind matrix, NaN weights, a vertex at 3e38, a NaN skin-map
// coordinate) and of an unknown model kept and run are refused by readCooked, loadCooked, the
// .tweed reader and the C API, with a message naming the file, the chunk and the element;
// settings at their documented bounds are accepted.
#include "file_error_of.h"
#include "make_test_asset.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/tweed_c.h"
#include "tweed/validate.h"

#include <QTemporaryDir>
#include <QTest>

#include <regex>

#include <cmath>
#include <functional>
#include <optional>

using namespace tweed;

namespace {

const float kNan = std::nanf("");

using tweed::test::fileErrorOf;

/// The message of the C API's refusal of bytes loaded under `name` ("" when it loaded).
std::string cApiRefusal(const std::string &bytes, const char *name)
{
    TweedAsset *asset = nullptr;
    const TweedResult r = tweed_asset_load_memory(bytes.data(), bytes.size(), name, &asset);
    if (r == TWEED_OK) {
        tweed_asset_destroy(asset);
        return {};
    }
    if (r != TWEED_ERROR_FILE || asset) return "wrong result code or handle";
    return tweed_last_error();
}

/// The .tweed text of the test asset with one simulation setting's line replaced.
std::string withSetting(const std::string &key, const std::string &value)
{
    std::string text = writeAssetText(test::makeTestAsset());
    const size_t at = text.find("\n  " + key + ": ");
    if (at == std::string::npos) throw std::runtime_error("no setting " + key);
    const size_t end = text.find('\n', at + 1);
    text.replace(at + 1, end - at - 1, "  " + key + ": " + value);
    return text;
}

struct Reproducer
{
    const char *name;
    std::function<void(ClothingAsset &)> edit;
    std::string problem; ///< the element and problem, after "file: chunk TAG: "
    const char *chunk;
};

const std::vector<Reproducer> &reproducers()
{
    static const std::vector<Reproducer> list = {
        {"nan inverse bind", [](ClothingAsset &a) { a.skeleton.bones[2].inverseBind.m[5] = kNan; },
         "skeleton: bone 2 (\"Bip01 Spine1\"): inverse bind matrix is not finite", "SKEL"},
        {"nan weights",
         [](ClothingAsset &a) {
             for (BoneInfluence &b : a.physicsMeshes[0].skin)
                 b.weights[0] = kNan;
         },
         "physics mesh 0: vertex 0: bone weight nan is negative or not finite", "PHYS"},
        {"vertex at 3e38",
         [](ClothingAsset &a) {
             a.physicsMeshes[0].positions[8] = {3e38f, 0, 0};
         },
         "physics mesh 0: vertex 8: position (3e+38, 0, 0) is farther than 100000 m from the "
         "origin",
         "PHYS"},
        {"nan skin-map coordinate",
         [](ClothingAsset &a) { a.lods[0].skinMap.bindings[12].position.y = kNan; },
         "lod 0: skin map: vertex 12: coordinates are not finite", "GLOD"},
        {"model 7", [](ClothingAsset &a) { a.simulation.model = 7; },
         "setting model is 7, outside its range [0, 1]", "SIMU"},
        {"integrator 2", [](ClothingAsset &a) { a.simulation.springIntegrator = 2; },
         "setting spring_integrator is 2, outside its range [0, 1]", "SIMU"},
        {"collision radius nan", [](ClothingAsset &a) { a.collisionVolumes[1].radius = kNan; },
         "collision volume 1 (\"head\"): radius is nan, must be positive", "COLL"},
        {"pendulum length", [](ClothingAsset &a) { a.pendulumBones[0].length = -1; },
         "pendulum bone 0: length is -1, must lie in (0, 100000] m", "PEND"},
        {"metres per unit", [](ClothingAsset &a) { a.source.units.metresPerUnit = -1; },
         "source: metres per unit is -1, must be positive", "INFO"},
    };
    return list;
}

} // namespace

class TestLoadChecks : public QObject
{
    Q_OBJECT

private slots:
    void reproducersAreRefusedByEveryReader_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < reproducers().size(); ++i)
            QTest::newRow(reproducers()[i].name) << int(i);
    }
    void reproducersAreRefusedByEveryReader()
    {
        QFETCH(int, index);
        const Reproducer &rep = reproducers()[size_t(index)];
        ClothingAsset asset = test::makeTestAsset();
        rep.edit(asset);
        const std::string cooked = writeCooked(asset, AssetChecks::Structure);
        const std::string expected =
            "sample.tweedc: chunk " + std::string(rep.chunk) + ": " + rep.problem;

        // readCooked: the file, the chunk and the element.
        const auto error = fileErrorOf([&] { readCooked(cooked, "sample.tweedc"); });
        QVERIFY(error);
        QVERIFY2(std::string(error->what()).starts_with(expected), error->what());
        // The C API: the same message, and TWEED_ERROR_FILE.
        QVERIFY2(cApiRefusal(cooked, "sample.tweedc").starts_with(expected),
                 cApiRefusal(cooked, "sample.tweedc").c_str());
        // Without a name, the C API says where the bytes came from.
        QVERIFY(cApiRefusal(cooked, nullptr).starts_with("<memory>: chunk "));

        // loadCooked and tweed_asset_load_file name the path.
        QTemporaryDir dir;
        const std::string path = dir.filePath("bad.tweedc").toStdString();
        writeFileAtomically(path, cooked);
        const auto loadError = fileErrorOf([&] { loadCooked(path); });
        QVERIFY(loadError);
        QCOMPARE(loadError->path(), path);
        QVERIFY2(std::string(loadError->what()).find(rep.problem) != std::string::npos,
                 loadError->what());
        TweedAsset *handle = nullptr;
        QCOMPARE(tweed_asset_load_file(path.c_str(), &handle), TWEED_ERROR_FILE);
        QVERIFY(!handle);
        QVERIFY(std::string(tweed_last_error()).starts_with(path + ": chunk " + rep.chunk));

        // The .tweed reader (and so the editor and the CLI) refuses it too.
        const std::string text = writeAssetText(asset, AssetChecks::Structure);
        const auto textError = fileErrorOf([&] { readAssetText(text, "sample.tweed"); });
        QVERIFY(textError);
        // A refused setting is named with its line ("line 584: setting model is 7, ...").
        const std::string textWhat =
            std::regex_replace(textError->what(), std::regex("^sample\\.tweed: line [0-9]+: "),
                               "sample.tweed: ");
        QVERIFY2(textWhat.starts_with("sample.tweed: " + rep.problem), textError->what());

        // The writers refuse it, so Tweed never writes a file it cannot read back.
        try {
            writeCooked(asset);
            QFAIL("writeCooked wrote an unsafe asset");
        } catch (const InputError &e) {
            QVERIFY2(
                std::string(e.what()).starts_with("the asset cannot be written: " + rep.problem),
                e.what());
        }
        QVERIFY_THROWS_EXCEPTION(InputError, writeAssetText(asset));

        // validate's fuller report starts with the same problem; tools that list problems
        // themselves can read the asset with the structural checks only.
        QCOMPARE(validateAsset(asset).front(), rep.problem);
        QVERIFY(writeCooked(readCooked(cooked, "sample.tweedc", AssetChecks::Structure),
                            AssetChecks::Structure) == cooked); // bytes: NaN is not equal to itself
    }

    void unknownModelInTextIsRefused()
    {
        // A number written for an enumeration is read, then refused by the load checks.
        for (const auto &[key, value] : {std::pair<std::string, std::string>{"model", "7"},
                                         {"model", "-1"},
                                         {"spring_integrator", "9"}}) {
            const auto error = fileErrorOf(
                [&, k = key, v = value] { readAssetText(withSetting(k, v), "coat.tweed"); });
            QVERIFY(error);
            QCOMPARE(std::regex_replace(error->problem(), std::regex("^line [0-9]+: "), ""),
                     "setting " + key + " is " + value + ", outside its range [0, 1]");
            QVERIFY(error->problem().starts_with("line "));
            QCOMPARE(error->path(), std::string("coat.tweed"));
        }
    }

    void settingsAtTheirBoundsAreAccepted_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("collision_thickness max") << "collision_thickness"
                                                 << "0.2";
        QTest::newRow("self_collision_thickness min") << "self_collision_thickness"
                                                      << "0.0001";
        QTest::newRow("self_collision_thickness max") << "self_collision_thickness"
                                                      << "0.2";
        QTest::newRow("area_density min") << "area_density"
                                          << "0.001";
        QTest::newRow("stretch_limit max") << "stretch_limit"
                                           << "2";
        QTest::newRow("gravity_scale min") << "gravity_scale"
                                           << "-10";
    }
    void settingsAtTheirBoundsAreAccepted()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        const ClothingAsset asset =
            readAssetText(withSetting(key.toStdString(), value.toStdString()), "bounds.tweed");
        QVERIFY(checkSettings(asset.simulation).empty());
        QVERIFY(validateAsset(asset).empty());
        QVERIFY(readCooked(writeCooked(asset), "bounds.tweedc") == asset);
    }

    void everyFloatSettingIsCheckedAgainstItsFloatBounds()
    {
        // Each float setting at the float nearest each documented bound is in range; the next
        // float outside is not.
        for (const SettingField &f : settingsFields()) {
            if (f.kind != SettingKind::Float) continue;
            for (const double bound : {f.min, f.max}) {
                SimulationSettings s;
                s.*f.floatMember = float(bound);
                QVERIFY2(checkSettings(s).empty(), f.key);
                const float outside =
                    std::nextafter(float(bound), bound == f.min ? -INFINITY : INFINITY);
                s.*f.floatMember = outside;
                QCOMPARE(checkSettings(s).size(), size_t(1));
            }
        }
        // "0.2000001" is past collision_thickness's bound and named so.
        const auto error = fileErrorOf(
            [&] { readAssetText(withSetting("collision_thickness", "0.2000001"), "x.tweed"); });
        QVERIFY(error);
        QCOMPARE(
            std::regex_replace(error->problem(), std::regex("^line [0-9]+: "), ""),
            std::string("setting collision_thickness is 0.2000001, outside its range [0, 0.2]"));
    }

    void cApiRefusesNonFiniteInput()
    {
        const std::string cooked = writeCooked(test::makeTestAsset());
        TweedAsset *asset = nullptr;
        QCOMPARE(tweed_asset_load_memory(cooked.data(), cooked.size(), "ok.tweedc", &asset),
                 TWEED_OK);
        TweedInstance *instance = nullptr;
        QCOMPARE(tweed_instance_create(asset, 0, &instance), TWEED_OK);
        const uint32_t bones = tweed_asset_bone_count(asset);
        std::vector<float> matrices(16 * size_t(bones), 0.0f);
        for (uint32_t b = 0; b < bones; ++b)
            for (int d = 0; d < 4; ++d)
                matrices[16 * b + 5 * size_t(d)] = 1.0f;
        QCOMPARE(tweed_instance_set_skinning_matrices(instance, matrices.data(), bones), TWEED_OK);
        matrices[16 * 2 + 13] = kNan;
        QCOMPARE(tweed_instance_set_skinning_matrices(instance, matrices.data(), bones),
                 TWEED_ERROR_INVALID_ARGUMENT);
        QVERIFY(std::string(tweed_last_error()).find("NaN or infinite") != std::string::npos);
        QCOMPARE(tweed_instance_set_bone_matrices(instance, matrices.data(), bones),
                 TWEED_ERROR_INVALID_ARGUMENT);
        QCOMPARE(tweed_instance_set_world_transform(instance, matrices.data() + 16 * 2),
                 TWEED_ERROR_INVALID_ARGUMENT);
        QCOMPARE(tweed_instance_teleport(instance, matrices.data() + 16 * 2),
                 TWEED_ERROR_INVALID_ARGUMENT);
        QCOMPARE(tweed_instance_set_wind(instance, 0.0f, INFINITY, 0.0f),
                 TWEED_ERROR_INVALID_ARGUMENT);
        // The refused pose was not taken: the cloth steps on the last good one, finitely.
        QCOMPARE(tweed_instance_step(instance, 1.0f / 60.0f), TWEED_OK);
        std::vector<float> positions(3 * size_t(tweed_instance_physics_vertex_count(instance)));
        QCOMPARE(tweed_instance_physics_positions(instance, positions.data(),
                                                  tweed_instance_physics_vertex_count(instance)),
                 TWEED_OK);
        for (float x : positions)
            QVERIFY(std::isfinite(x));
        tweed_instance_destroy(instance);
        tweed_asset_destroy(asset);
    }
};

QTEST_GUILESS_MAIN(TestLoadChecks)
#include "test_load_checks.moc"
