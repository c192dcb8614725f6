// tweed-cli create --auto on the sample character: the JSON report names the layers it guessed
// (Body; Coat the shell, CoatLining its rider) and checks every clip, its exit code follows the
// report's pass, and the asset written carries what the report says (pinned vertices, volumes,
// the chosen settings). Bad options are refused and nothing is written.
#include "test_paths.h"

#include "tweed/asset_file.h"

#include "run_program.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tweed;

namespace {

using Result = tweed::test::ProgramResult;
using tweed::test::runCli;

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray()) out << s.toString();
    return out;
}

} // namespace

class TestCreateAuto : public QObject
{
    Q_OBJECT
private slots:
    void autoSetupOfTheSample()
    {
        QTemporaryDir dir;
        const QString asset = dir.filePath("auto.tweed");
        const Result r = runCli({"create", QString::fromStdString(test::kSampleCharacter), "-o",
                                 asset, "--auto", "--rounds", "0", "--json"});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(!json.isEmpty(), r.out.constData());
        QCOMPARE(json["pass"].toBool(), r.exitCode == 0);
        QCOMPARE(strings(json["body"]), QStringList{"Body"});
        QCOMPARE(strings(json["shells"]), QStringList{"Coat"});
        QCOMPARE(strings(json["riders"]), QStringList{"CoatLining"});
        QCOMPARE(json["failures"].toArray().isEmpty(), json["pass"].toBool());
        QStringList clips;
        for (const QJsonValue &c : json["clips"].toArray()) {
            const QJsonObject clip = c.toObject();
            clips << clip["clip"].toString();
            QVERIFY(clip["frames"].toInt() > 0);
            for (const char *key : {"layer_poke_through", "body_poke_through",
                                    "max_distance_hit_share", "max_stretch", "mean_max_stretch"})
                QVERIFY2(clip.contains(key), key);
            QCOMPARE(clip["nonfinite"].toDouble(), 0.0);
            // Where the largest stretch lies: pinned ends of that edge, its skinned stretch (at
            // most the clip's skinned largest) and the frames whose largest has a pinned end.
            const int ends = clip["max_stretch_pinned_ends"].toInt(-1);
            QVERIFY2(ends >= 0 && ends <= 2, qPrintable(QString::number(ends)));
            QVERIFY(clip["max_stretch_skinned"].toDouble() <= clip["skinned_max_stretch"].toDouble() + 1e-4);
            QVERIFY(clip["max_stretch_skinned"].toDouble() > 0);
            QVERIFY(clip["frames_stretch_at_pins"].toInt(-1) >= 0);
            QVERIFY(clip["frames_stretch_at_pins"].toInt() <= clip["frames"].toInt());
        }
        clips.sort();
        QCOMPARE(clips, (QStringList{"Idle", "Jump", "Walk"}));

        // The asset holds what the report says.
        const ClothingAsset a = loadAsset(asset.toStdString());
        QCOMPARE(a.collisionVolumes.size(), size_t(json["volumes"].toInt()));
        QVERIFY(!a.collisionVolumes.empty());
        const PhysicsMesh &physics = a.physicsMeshes.at(size_t(a.lods.front().physicsMesh));
        QCOMPARE(physics.vertexCount(), size_t(json["physics_vertices"].toInt()));
        const std::vector<float> &md = physics.channels[FloatChannel::MaxDistance];
        const auto pinned = size_t(std::count(md.begin(), md.end(), 0.0f));
        QCOMPARE(pinned, size_t(json["pinned_vertices"].toInt()));
        QVERIFY(pinned > 0 && pinned < md.size());
        QCOMPARE(a.simulation.substeps, json["substeps"].toInt());
        QCOMPARE(a.simulation.iterations, json["iterations"].toInt());
        QVERIFY(json["skinned_stretch_after"].toDouble() <= json["skinned_stretch_before"].toDouble());
    }

    void badOptionsWriteNothing()
    {
        QTemporaryDir dir;
        const QString asset = dir.filePath("bad.tweed");
        Result r = runCli({"create", QString::fromStdString(test::kSampleCharacter), "-o", asset,
                           "--auto", "--rounds", "11"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--rounds"), r.err.constData());
        r = runCli({"create", QString::fromStdString(test::kSampleCharacter), "-o", asset,
                    "--auto", "--shell", "Cape"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("Cape"), r.err.constData());
        QVERIFY(!QFile::exists(asset));
    }
};

QTEST_GUILESS_MAIN(TestCreateAuto)
#include "test_create_auto.moc"
