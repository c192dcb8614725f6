// Headless authoring: tweed-cli set, paint and volumes on the sample coat, the values they write read
// back from the asset (graphics and physics channels), a pipeline of commands, and every kind
// of bad input refused with a message naming it and the file left byte for byte as it was.
#include "test_paths.h"

#include "tweed/asset_file.h"
#include "tweed/errors.h"
#include "tweed/meshproc/authoring.h"

#include "run_program.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tweed;

namespace {

using Result = tweed::test::ProgramResult;
using tweed::test::runCli;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAuthoring : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void settingValuesWithUnits();
    void setWritesSettings();
    void paintOperations();
    void volumesAddFitRemove();
    void rigAddListRemove();
    void badInputLeavesTheFile_data();
    void badInputLeavesTheFile();

private:
    QTemporaryDir mDir;
    QString mAsset; ///< the sample coat, made once
};

void TestAuthoring::initTestCase()
{
    QVERIFY(mDir.isValid());
    mAsset = mDir.filePath("coat.tweed");
    const Result r = runCli({"create", QString::fromStdString(test::kSampleCharacter), "--mesh",
                             "Coat", "-o", mAsset});
    QVERIFY2(r.exitCode == 0, r.err.constData());
}

void TestAuthoring::settingValuesWithUnits()
{
    const SettingField &thickness = *findSetting("collision_thickness");
    QCOMPARE(parseSettingValue(thickness, "5 cm"), 0.05);
    QCOMPARE(parseSettingValue(thickness, " 7mm "), 0.007);
    QCOMPARE(parseSettingValue(thickness, "0.02"), 0.02);
    QCOMPARE(parseSettingValue(thickness, "0.02 m"), 0.02);
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(thickness, "5 kg"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(thickness, "five"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(thickness, "nan"));
    const SettingField &model = *findSetting("model");
    QCOMPARE(parseSettingValue(model, "mass_spring"), 1.0);
    QCOMPARE(parseSettingValue(model, "0"), 0.0);
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(model, "verlet"));
    const SettingField &iterations = *findSetting("iterations");
    QCOMPARE(parseSettingValue(iterations, "12"), 12.0);
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(iterations, "12.5"));
    QVERIFY_THROWS_EXCEPTION(InputError, parseSettingValue(iterations, "0")); // below 1
    const SettingField &rate = *findSetting("steps_per_second");
    QCOMPARE(parseSettingValue(rate, "120 Hz"), 120.0);
    const SettingField &selfCollision = *findSetting("self_collision");
    QCOMPARE(parseSettingValue(selfCollision, "on"), 1.0);
    QCOMPARE(parseSettingValue(selfCollision, "false"), 0.0);
    // Every setting's printed value reads back to itself.
    const SimulationSettings defaults;
    for (const SettingField &f : settingsFields()) {
        SimulationSettings s;
        setSetting(s, f.key, settingValueText(f, defaults));
        QVERIFY2(s == defaults, f.key);
    }
}

void TestAuthoring::setWritesSettings()
{
    const QString asset = mDir.filePath("set.tweed");
    QVERIFY(QFile::copy(mAsset, asset));
    const Result r =
        runCli({"set", asset, "damping=0.25", "collision_thickness=8 mm", "model=mass_spring"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const ClothingAsset a = loadAsset(asset.toStdString());
    QCOMPARE(a.simulation.damping, 0.25f);
    QCOMPARE(a.simulation.collisionThickness, 0.008f);
    QCOMPARE(a.simulation.model, int(SolverModel::MassSpring));
    // Without assignments, the settings are printed and nothing is written.
    const QByteArray before = readAll(asset);
    const Result list = runCli({"set", asset});
    QCOMPARE(list.exitCode, 0);
    QVERIFY(list.out.contains("collision_thickness = 0.008 m\n"));
    QCOMPARE(readAll(asset), before);
}

void TestAuthoring::paintOperations()
{
    const QString asset = mDir.filePath("paint.tweed");
    QVERIFY(QFile::copy(mAsset, asset));
    const QString cooked = mDir.filePath("paint.tweedc");

    // Fill: every graphics vertex, and the physics mesh follows.
    Result r = runCli({"paint", asset, "--channel", "max_distance", "--fill", "4 cm"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    ClothingAsset a = loadAsset(asset.toStdString());
    for (const std::vector<float> *values :
         {&a.lods[0].channels[FloatChannel::MaxDistance],
          &a.physicsMeshes[0].channels[FloatChannel::MaxDistance]})
        QVERIFY(std::all_of(values->begin(), values->end(), [](float v) { return v == 0.04f; }));

    // Gradient by height: 0 at and above 1.4 m, 10 cm at and below 0.5 m, linear between.
    r = runCli({"paint", asset, "--channel", "max_distance", "--gradient", "1.4 m", "50 cm",
                "--values", "0", "10 cm"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    const GraphicsMesh &g = a.lods[0].mesh;
    const std::vector<float> &md = a.lods[0].channels[FloatChannel::MaxDistance];
    for (size_t v = 0; v < g.vertexCount(); ++v) {
        const float y = g.positions[v].y;
        const float expected = 0.1f * std::clamp((y - 1.4f) / (0.5f - 1.4f), 0.0f, 1.0f);
        QVERIFY(std::abs(md[v] - expected) < 1e-6f);
    }

    // From weights: Max Distance 0 where the chest carries the coat, 6 cm where it does not.
    r = runCli({"paint", asset, "--channel", "max_distance", "--from-weights", "Chest", "Spine1",
                "--values", "6 cm", "0"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    const int chest = a.skeleton.find("Chest"), spine1 = a.skeleton.find("Spine1");
    size_t pinned = 0;
    for (size_t v = 0; v < a.lods[0].mesh.vertexCount(); ++v) {
        float w = 0;
        for (size_t k = 0; k < kMaxBoneInfluences; ++k)
            if (a.lods[0].mesh.skin[v].bones[k] == chest || a.lods[0].mesh.skin[v].bones[k] == spine1)
                w += a.lods[0].mesh.skin[v].weights[k];
        QVERIFY(std::abs(a.lods[0].channels[FloatChannel::MaxDistance][v] - 0.06f * (1 - w)) < 1e-5f);
        pinned += w > 0.5f; // mostly carried by the chest
    }
    QVERIFY(pinned > 0);

    // Smoothing narrows the range and keeps the values within it.
    const auto range = [](const std::vector<float> &v) {
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return std::pair{*lo, *hi};
    };
    const auto beforeSmooth = range(a.lods[0].channels[FloatChannel::MaxDistance]);
    const std::vector<float> unsmoothed = a.lods[0].channels[FloatChannel::MaxDistance];
    r = runCli({"paint", asset, "--channel", "max_distance", "--smooth", "4", "-o", cooked});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const ClothingAsset smoothed = loadAsset(asset.toStdString()); // -o: ASSET is unchanged
    QCOMPARE(smoothed.lods[0].channels[FloatChannel::MaxDistance], unsmoothed);
    r = runCli({"convert", cooked, mDir.filePath("smoothed.tweed")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const ClothingAsset s = loadAsset(mDir.filePath("smoothed.tweed").toStdString());
    const auto afterSmooth = range(s.lods[0].channels[FloatChannel::MaxDistance]);
    QVERIFY(afterSmooth.first >= beforeSmooth.first && afterSmooth.second <= beforeSmooth.second);
    QVERIFY(s.lods[0].channels[FloatChannel::MaxDistance] != unsmoothed);

    // Gradient between two bones along the surface: the neck end 0, the hem end 8 cm.
    r = runCli({"paint", asset, "--channel", "backstop_radius", "--gradient", "Neck", "LeftFoot",
                "--values", "0", "8 cm"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    const auto [lo, hi] = range(a.lods[0].channels[FloatChannel::BackstopRadius]);
    QCOMPARE(lo, 0.0f);
    QVERIFY(hi > 0.07f && hi <= 0.08f);

    // A mask filled.
    r = runCli({"paint", asset, "--channel", "latch_master", "--fill", "3"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    QVERIFY(std::all_of(a.lods[0].channels[MaskChannel::LatchMaster].begin(),
                        a.lods[0].channels[MaskChannel::LatchMaster].end(),
                        [](uint32_t v) { return v == 3; }));
    r = runCli({"validate", asset});
    QVERIFY2(r.exitCode == 0, r.out.constData());
}

void TestAuthoring::volumesAddFitRemove()
{
    const QString asset = mDir.filePath("volumes.tweed");
    QVERIFY(QFile::copy(mAsset, asset));
    Result r = runCli({"volumes", asset, "--add", "sphere", "--bone", "Head", "--radius", "0.11",
                       "--position", "0", "0.08", "0"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    ClothingAsset a = loadAsset(asset.toStdString());
    QCOMPARE(a.collisionVolumes.size(), size_t(1));
    const CollisionVolume &head = a.collisionVolumes[0];
    QCOMPARE(head.name, std::string("Head sphere"));
    QCOMPARE(head.shape, CollisionShape::Sphere);
    QCOMPARE(head.bone, a.skeleton.find("Head"));
    QCOMPARE(head.radius, 0.11f);
    QCOMPARE(head.local.translation.y, 0.08f);

    // Fitted inside the body on two bones; fitting again replaces them.
    r = runCli({"volumes", asset, "--auto-fit", "--bones", "LeftUpperLeg", "RightUpperLeg"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("protrusion"), r.out.constData());
    a = loadAsset(asset.toStdString());
    const size_t fitted = a.collisionVolumes.size();
    QVERIFY(fitted >= 3);
    for (size_t i = 1; i < fitted; ++i) {
        const std::string &bone = a.skeleton.bones[size_t(a.collisionVolumes[i].bone)].name;
        QVERIFY2(bone == "LeftUpperLeg" || bone == "RightUpperLeg", bone.c_str());
    }
    r = runCli({"volumes", asset, "--auto-fit", "--bones", "LeftUpperLeg", "RightUpperLeg"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(loadAsset(asset.toStdString()).collisionVolumes.size(), fitted);

    // A box by its half extents, and a convex hull of a bone's body vertices in 10 planes.
    r = runCli({"volumes", asset, "--add", "box", "--bone", "Spine", "--radii", "0.1", "0.15",
                "0.08", "--name", "ribs"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"volumes", asset, "--auto-fit", "--shape", "convex", "--planes", "10", "--bones",
                "LeftUpperArm"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    QCOMPARE(a.collisionVolumes.size(), fitted + 2);
    const CollisionVolume &ribs = a.collisionVolumes[fitted];
    QCOMPARE(ribs.shape, CollisionShape::Box);
    QCOMPARE(ribs.radii.y, 0.15f);
    const CollisionVolume &arm = a.collisionVolumes.back();
    QCOMPARE(arm.shape, CollisionShape::Convex);
    QCOMPARE(a.skeleton.bones[size_t(arm.bone)].name, std::string("LeftUpperArm"));
    QVERIFY(arm.planes.size() >= 6 && arm.planes.size() <= 10);
    r = runCli({"volumes", asset, "--remove", "ribs"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"volumes", asset, "--remove", arm.name.c_str()});
    QVERIFY2(r.exitCode == 0, r.err.constData());

    r = runCli({"volumes", asset, "--remove", "Head sphere"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    a = loadAsset(asset.toStdString());
    QCOMPARE(a.collisionVolumes.size(), fitted - 1);
    r = runCli({"volumes", asset, "--json"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("\"volumes\""));
    QVERIFY(!r.out.contains("Head sphere"));
}

void TestAuthoring::rigAddListRemove()
{
    const QString asset = mDir.filePath("rig.tweed");
    const QString cooked = mDir.filePath("rig-out.tweed"); // -o: the input stays as it was
    QVERIFY(QFile::copy(mAsset, asset));
    Result r = runCli({"rig", asset, "--look-at", "Neck", "--target", "LeftUpperArm:0,0.06,0.01"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", asset, "--look-at", "Spine1", "--down", "--weight", "0.5"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", asset, "--position", "LeftShoulder", "RightShoulder"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", asset, "--pendulum", "Head", "--length", "0.3", "--max-angle", "40", "-o",
                cooked});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("3 rig constraints, 1 pendulum bones"), r.out.constData());
    ClothingAsset a = loadAsset(cooked.toStdString());
    QCOMPARE(a.rigConstraints.size(), size_t(3));
    const RigConstraint &neck = a.rigConstraints[0];
    QCOMPARE(neck.kind, RigConstraintKind::LookAt);
    QCOMPARE(neck.bone, a.skeleton.find("Neck"));
    QCOMPARE(neck.target, a.skeleton.find("LeftUpperArm"));
    QCOMPARE(neck.point.y, 0.06f);
    QCOMPARE(neck.point.z, 0.01f);
    QCOMPARE(a.rigConstraints[1].target, -1);
    QCOMPARE(a.rigConstraints[1].weight, 0.5f);
    QCOMPARE(a.rigConstraints[2].kind, RigConstraintKind::Position);
    QCOMPARE(a.rigConstraints[2].target, a.skeleton.find("RightShoulder"));
    QCOMPARE(a.pendulumBones.size(), size_t(1));
    QCOMPARE(a.pendulumBones[0].bone, a.skeleton.find("Head"));
    QCOMPARE(a.pendulumBones[0].length, 0.3f);
    QCOMPARE(a.pendulumBones[0].maxAngleDegrees, 40.0f);

    // A second look-at on a bone replaces the first; the listing names each.
    r = runCli({"rig", cooked, "--look-at", "Neck", "--down"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", cooked});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("look_at Neck -> down\nlook_at Spine1 -> down, weight 0.5\n"
                            "position LeftShoulder <-> RightShoulder ("),
             r.out.constData());
    QVERIFY2(r.out.contains("pendulum Head: 0.3 m, damping 0.1, gravity 1, cone 40 degrees"),
             r.out.constData());
    r = runCli({"rig", cooked, "--remove-position", "RightShoulder", "LeftShoulder"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", cooked, "--remove-pendulum", "Head"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    r = runCli({"rig", cooked, "--remove-look-at", "Neck", "--json"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("\"bone\": \"Spine1\"") && r.out.contains("\"target\": null") &&
                 r.out.contains("\"pendulum_bones\": []"),
             r.out.constData());
    a = loadAsset(cooked.toStdString());
    QCOMPARE(a.rigConstraints.size(), size_t(1));
    QVERIFY(a.pendulumBones.empty());
}

void TestAuthoring::badInputLeavesTheFile_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown key") << QStringList{"set", "@", "dampin=0.2"} << "no setting 'dampin'";
    QTest::newRow("bad unit") << QStringList{"set", "@", "collision_thickness=5 kg"}
                              << "unit 'kg' is not one it takes";
    QTest::newRow("out of range") << QStringList{"set", "@", "damping=0.1", "damping=2"}
                                  << "2 is outside its range";
    QTest::newRow("not an assignment") << QStringList{"set", "@", "damping"} << "is not KEY=VALUE";
    QTest::newRow("wrong channel") << QStringList{"paint", "@", "--channel", "maxdist", "--fill", "1"}
                                   << "no channel 'maxdist'";
    QTest::newRow("bone not found")
        << QStringList{"paint", "@", "--channel", "max_distance", "--from-weights", "Tail",
                       "--values", "0", "1"}
        << "no bone 'Tail'";
    QTest::newRow("negative value") << QStringList{"paint", "@", "--channel", "max_distance",
                                                   "--fill", "-1 cm"}
                                    << "is not a value it takes";
    QTest::newRow("bad length") << QStringList{"paint", "@", "--channel", "max_distance", "--fill",
                                               "far"}
                                << "is not a length";
    QTest::newRow("smooth a mask") << QStringList{"paint", "@", "--channel", "physics", "--smooth", "2"}
                                   << "is a mask";
    QTest::newRow("two operations")
        << QStringList{"paint", "@", "--channel", "max_distance", "--fill", "0", "--smooth", "1"}
        << "one of --fill, --gradient, --smooth, --from-weights and --exponential";
    QTest::newRow("volume on no bone")
        << QStringList{"volumes", "@", "--add", "sphere", "--bone", "Tail", "--radius", "0.1"}
        << "no bone 'Tail'";
    QTest::newRow("unknown shape") << QStringList{"volumes", "@", "--add", "cube", "--bone", "Head"}
                                   << "no shape 'cube'";
    QTest::newRow("absurd radius")
        << QStringList{"volumes", "@", "--add", "sphere", "--bone", "Head", "--radius", "1000"}
        << "--radius must lie in (0, 100] metres";
    QTest::newRow("remove unknown") << QStringList{"volumes", "@", "--remove", "Nothing"}
                                    << "no collision volume named 'Nothing'";
    QTest::newRow("convex by hand")
        << QStringList{"volumes", "@", "--add", "convex", "--bone", "Head"}
        << "use --auto-fit --shape convex";
    QTest::newRow("too many planes")
        << QStringList{"volumes", "@", "--auto-fit", "--shape", "convex", "--planes", "64"}
        << "--planes must lie in 6..32";
    QTest::newRow("fit an unknown bone")
        << QStringList{"volumes", "@", "--auto-fit", "--bones", "Tail"} << "no bone 'Tail'";
    QTest::newRow("look-at on no bone")
        << QStringList{"rig", "@", "--look-at", "Tail", "--down"} << "--look-at: no bone 'Tail'";
    QTest::newRow("look-at without aim") << QStringList{"rig", "@", "--look-at", "Neck"}
                                         << "needs one of --target BONE[:x,y,z] and --down";
    QTest::newRow("look-at at a child")
        << QStringList{"rig", "@", "--look-at", "LeftShoulder", "--target", "LeftUpperArm"}
        << "is below bone";
    QTest::newRow("bad point")
        << QStringList{"rig", "@", "--look-at", "Neck", "--target", "LeftUpperArm:0,x,0"}
        << "is not a point x,y,z";
    QTest::newRow("position on one bone")
        << QStringList{"rig", "@", "--position", "Chest", "Chest"} << "is its own target";
    QTest::newRow("pendulum cone")
        << QStringList{"rig", "@", "--pendulum", "Head", "--max-angle", "270"}
        << "pendulum on Head: maximum angle is 270 degrees";
    QTest::newRow("remove a missing pendulum")
        << QStringList{"rig", "@", "--remove-pendulum", "Head"} << "no pendulum on Head";
    QTest::newRow("two rig operations")
        << QStringList{"rig", "@", "--look-at", "Neck", "--down", "--pendulum", "Head"}
        << "rig takes one of";
    QTest::newRow("no LoD") << QStringList{"paint", "@", "--channel", "max_distance", "--lod", "3",
                                           "--fill", "0"}
                            << "no graphics LoD 3";
}

void TestAuthoring::badInputLeavesTheFile()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString asset = mDir.filePath("bad.tweed");
    QFile::remove(asset);
    QVERIFY(QFile::copy(mAsset, asset));
    const QByteArray before = readAll(asset);
    args.replaceInStrings("@", asset);
    const Result r = runCli(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(readAll(asset), before);
}

QTEST_GUILESS_MAIN(TestAuthoring)
#include "test_authoring.moc"
