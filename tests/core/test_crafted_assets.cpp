// The crafted-asset corpus (crafted_assets.h) through the C API: every file is refused at load
// with an error naming the file and the problem, or it loads, simulates 60 steps of a moving
// pose with wind, and every output (physics positions and normals, graphics positions and
// normals) is finite. Setting TWEED_CRAFTED_CORPUS_DIR writes the corpus to that folder (a seed
// corpus for fuzzing).
#include "crafted_assets.h"

#include "tweed/cooked.h"
#include "tweed/tweed_c.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <cmath>
#include <set>

using namespace tweed;

namespace {

const std::vector<test::CraftedAsset> &corpus()
{
    static const std::vector<test::CraftedAsset> list = test::craftedAssets();
    return list;
}

bool allFinite(const std::vector<float> &v)
{
    for (float x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

/// A rigid motion of the whole skeleton at time t: swaying and turning, as a walking body.
std::vector<float> movingPose(uint32_t bones, float t)
{
    Transform motion;
    motion.translation = {0.1f * std::sin(3 * t), 0.05f * std::sin(5 * t), 0.02f * t};
    motion.rotation = axisAngle({0, 1, 0}, 0.4f * std::sin(4 * t));
    const Mat4 m = Mat4::fromTransform(motion);
    std::vector<float> out;
    for (uint32_t b = 0; b < bones; ++b)
        out.insert(out.end(), m.m, m.m + 16);
    return out;
}

/// Runs LoD `lod` for 60 steps; returns "" when every output stayed finite, else what was not.
std::string simulate(const TweedAsset *asset, uint32_t lod)
{
    TweedInstance *instance = nullptr;
    if (tweed_instance_create(asset, lod, &instance) != TWEED_OK)
        return std::string("instance create failed: ") + tweed_last_error();
    const uint32_t bones = tweed_asset_bone_count(asset);
    const uint32_t nPhysics = tweed_instance_physics_vertex_count(instance);
    const uint32_t nGraphics = tweed_instance_graphics_vertex_count(instance);
    std::vector<float> positions(3 * size_t(nPhysics)), normals(positions.size());
    std::vector<float> gPositions(3 * size_t(nGraphics)), gNormals(gPositions.size());
    std::string problem;
    tweed_instance_set_wind(instance, 3.0f, 0.0f, 1.0f);
    for (int step = 0; step < 60 && problem.empty(); ++step) {
        const std::vector<float> pose = movingPose(bones, float(step) / 60.0f);
        if (tweed_instance_set_skinning_matrices(instance, pose.data(), bones) != TWEED_OK ||
            tweed_instance_step(instance, 1.0f / 60.0f) != TWEED_OK ||
            tweed_instance_physics_positions(instance, positions.data(), nPhysics) != TWEED_OK ||
            tweed_instance_physics_normals(instance, normals.data(), nPhysics) != TWEED_OK ||
            tweed_instance_graphics_mesh(instance, gPositions.data(), gNormals.data(), nGraphics) !=
                TWEED_OK)
            problem = std::string("a call failed: ") + tweed_last_error();
        else if (!allFinite(positions) || !allFinite(normals))
            problem = "step " + std::to_string(step) + ": a physics output is not finite";
        else if (!allFinite(gPositions) || !allFinite(gNormals))
            problem = "step " + std::to_string(step) + ": a graphics output is not finite";
    }
    // The render-ready outputs (recomputed normals, tangents) and the cloth bones, finite too.
    const uint32_t nBones = tweed_instance_cloth_bone_count(instance);
    std::vector<float> tangents(4 * size_t(nGraphics)), boneMatrices(16 * size_t(nBones));
    const bool hasTangents = tweed_asset_has_tangents(asset, lod) != 0;
    if (problem.empty() &&
        (tweed_instance_set_normal_mode(instance, TWEED_NORMALS_RECOMPUTED) != TWEED_OK ||
         tweed_instance_render_mesh(instance, gPositions.data(), gNormals.data(),
                                    hasTangents ? tangents.data() : nullptr, nGraphics) != TWEED_OK ||
         tweed_instance_cloth_bone_matrices(instance, boneMatrices.data(), nullptr, nBones) !=
             TWEED_OK))
        problem = std::string("a render output call failed: ") + tweed_last_error();
    else if (problem.empty() && (!allFinite(gPositions) || !allFinite(gNormals) ||
                                 !allFinite(tangents) || !allFinite(boneMatrices)))
        problem = "a render output or cloth bone matrix is not finite";
    tweed_instance_destroy(instance);
    return problem;
}

} // namespace

class TestCraftedAssets : public QObject
{
    Q_OBJECT

    QString mSlowest;
    qint64 mSlowestMs = -1;

private slots:
    void corpusCoversTheKindsOfDamage()
    {
        QVERIFY(corpus().size() >= 100);
        std::set<std::string> names;
        size_t refused = 0;
        for (const test::CraftedAsset &c : corpus()) {
            QVERIFY2(names.insert(c.name).second, c.name.c_str());
            refused += c.refusal.empty() ? 0 : 1;
        }
        QVERIFY(refused >= 100);
        qInfo("%zu files, %zu to be refused, %zu valid", corpus().size(), refused,
              corpus().size() - refused);
        // Each kind the loader must refuse is there.
        for (const char *kind :
             {"phys0-position-nan", "phys0-position-3e38", "bone2-inverse-bind-nan",
              "bone2-inverse-bind-singular", "phys0-weights-nan", "phys0-weights-negative",
              "phys0-weights-half", "phys0-bone-index-5", "phys0-triangle-index-9",
              "lod0-skin-map-triangle-8", "lod0-skin-map-position-nan", "phys0-zero-length-edge",
              "setting-model-above", "setting-spring_integrator-above", "collision0-shape-12",
              "setting-collision_thickness-nan", "truncated-PHYS", "extended-GLOD", "missing-SIMU",
              "phys0-cloth-bone-vertex-9", "cloth-bones-valid"})
            QVERIFY2(names.count(std::string(kind) + ".tweedc"), kind);
        for (const SettingField &f : settingsFields())
            if (f.kind != SettingKind::Bool)
                QVERIFY2(names.count("setting-" + std::string(f.key) + "-above.tweedc"), f.key);
    }

    void everyFileIsRefusedOrSimulatesFinitely_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < corpus().size(); ++i)
            QTest::newRow(corpus()[i].name.c_str()) << int(i);
    }
    void everyFileIsRefusedOrSimulatesFinitely()
    {
        QFETCH(int, index);
        const test::CraftedAsset &c = corpus()[size_t(index)];
        TweedAsset *asset = nullptr;
        const TweedResult r =
            tweed_asset_load_memory(c.bytes.data(), c.bytes.size(), c.name.c_str(), &asset);
        const std::string message = tweed_last_error();
        if (!c.refusal.empty()) {
            QVERIFY2(r == TWEED_ERROR_FILE,
                     ("loaded; expected a refusal naming: " + c.refusal).c_str());
            QVERIFY(asset == nullptr);
            QVERIFY2(message.starts_with(c.name + ": "), message.c_str());
            QVERIFY2(message.find(c.refusal) != std::string::npos, message.c_str());
            return;
        }
        QVERIFY2(r == TWEED_OK, message.c_str());
        QElapsedTimer timer;
        timer.start();
        for (uint32_t lod = 0; lod < tweed_asset_lod_count(asset); ++lod) {
            const std::string problem = simulate(asset, lod);
            QVERIFY2(problem.empty(), ("lod " + std::to_string(lod) + ": " + problem).c_str());
        }
        tweed_asset_destroy(asset);
        if (timer.elapsed() > mSlowestMs) {
            mSlowestMs = timer.elapsed();
            mSlowest = QString::fromStdString(c.name);
        }
    }

    void writesTheCorpusWhenAsked()
    {
        const QByteArray dir = qgetenv("TWEED_CRAFTED_CORPUS_DIR");
        if (dir.isEmpty()) QSKIP("set TWEED_CRAFTED_CORPUS_DIR to a folder to write the corpus");
        QVERIFY(QDir().mkpath(QString::fromLocal8Bit(dir)));
        for (const test::CraftedAsset &c : corpus()) {
            QFile f(QDir(QString::fromLocal8Bit(dir)).filePath(QString::fromStdString(c.name)));
            QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(f.fileName()));
            QCOMPARE(f.write(c.bytes.data(), qint64(c.bytes.size())), qint64(c.bytes.size()));
        }
        qInfo("wrote %zu files to %s", corpus().size(), dir.constData());
    }

    void cleanupTestCase()
    {
        // Not asserted (no timed tests): the slowest accepted file, for the record.
        if (mSlowestMs >= 0)
            qInfo("slowest accepted file: %s, %lld ms for 60 steps of every LoD",
                  qPrintable(mSlowest), mSlowestMs);
    }
};

QTEST_GUILESS_MAIN(TestCraftedAssets)
#include "test_crafted_assets.moc"
