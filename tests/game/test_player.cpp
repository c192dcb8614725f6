// tweed-player reproduces, frame for frame and bit for bit, the simulation of an in-process
// ClothInstance driven as the editor drives it (reset on the first frame, then one update of
// 1/fps per frame with the clip's pose at that frame), and so does the C interface.
#include "game_test_support.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/tweed_c.h"

#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstring>

using namespace tweed;

namespace {

constexpr double kFps = 30.0;
constexpr int kFrames = 16;

// The reference: the .tweed (not the cooked file the player reads) and the character's clip,
// driven directly through the C++ run time.
std::vector<std::vector<Vec3>> simulateInProcess(const ClothingAsset &asset,
                                                 const AnimationClip &clip,
                                                 const std::vector<int> &keep)
{
    const auto data = buildClothAssetData(asset, 0);
    ClothInstance cloth(data, asset.simulation);
    std::vector<std::vector<Vec3>> out;
    for (int f = 0; f < kFrames; ++f) {
        const std::vector<Mat4> skinning = skinningMatricesAt(asset.skeleton, &clip, f / kFps);
        ClothFrame frame;
        frame.skinning = skinning;
        if (f == 0) {
            cloth.reset(frame);
        } else {
            frame.dt = float(1.0 / kFps);
            cloth.update(frame);
        }
        if (std::find(keep.begin(), keep.end(), f) != keep.end()) {
            std::vector<Vec3> p;
            cloth.deformGraphics(p, nullptr);
            out.push_back(p);
        }
    }
    return out;
}

bool bitIdentical(const std::vector<Vec3> &a, const std::vector<float> &b)
{
    return a.size() * 3 == b.size() &&
           std::memcmp(a.data(), b.data(), b.size() * sizeof(float)) == 0;
}

} // namespace

class TestPlayer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void playerMatchesInProcess();
    void cInterfaceMatchesInProcess();
    void playerRejectsBadInput();
    void playerCrowdUnderBudget();

private:
    QTemporaryDir mDir;
    test::SampleGarment mSample;
    QString mCooked, mText;
};

void TestPlayer::initTestCase()
{
    QVERIFY(mDir.isValid());
    mSample = test::makeSampleGarment();
    mCooked = mDir.filePath("coat.tweedc");
    mText = mDir.filePath("coat.tweed");
    saveCooked(mSample.asset, mCooked.toStdString());
    saveAsset(mSample.asset, mText.toStdString());
    QVERIFY(mSample.character.findClip("Walk") >= 0);
    // The asset keeps the character's skeleton, so the clip indexes it directly.
    QCOMPARE(mSample.asset.skeleton, mSample.character.skeleton);
}

void TestPlayer::playerMatchesInProcess()
{
    const QString out = mDir.filePath("frames.gltf");
    const test::ProcessResult r = test::runProcess(
        TWEED_PLAYER, {mCooked, QString::fromStdString(test::kSampleCharacter), "--clip", "Walk",
                       "--frames", QString::number(kFrames), "--write", "0,7,15", "-o", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());

    const ClothingAsset reference = loadAsset(mText.toStdString());
    const AnimationClip &clip = mSample.character.clips[size_t(mSample.character.findClip("Walk"))];
    const std::vector<int> frames{0, 7, 15};
    const std::vector<std::vector<Vec3>> expected = simulateInProcess(reference, clip, frames);

    const tinygltf::Model model = test::loadGltf(out);
    QCOMPARE(model.meshes.size(), size_t(3));
    for (size_t i = 0; i < frames.size(); ++i) {
        QCOMPARE(QString::fromStdString(model.meshes[i].name), QString("frame %1").arg(frames[i]));
        const std::vector<float> positions =
            test::readFloats(model, model.meshes[i].primitives[0].attributes.at("POSITION"));
        QVERIFY2(bitIdentical(expected[i], positions),
                 qPrintable(QString("frame %1").arg(frames[i])));
        QCOMPARE(model.accessors[size_t(model.meshes[i].primitives[0].indices)].count,
                 reference.lods[0].mesh.indices.size());
    }
    // The garment moved: the comparison is not between rest poses.
    float moved = 0;
    for (size_t v = 0; v < expected[0].size(); ++v)
        moved = std::max(moved, distance(expected[0][v], expected[2][v]));
    QVERIFY2(moved > 0.01f, qPrintable(QString::number(moved)));
}

void TestPlayer::cInterfaceMatchesInProcess()
{
    const AnimationClip &clip = mSample.character.clips[size_t(mSample.character.findClip("Walk"))];
    const std::vector<std::vector<Vec3>> expected =
        simulateInProcess(mSample.asset, clip, {kFrames - 1});

    TweedAsset *asset = nullptr;
    QCOMPARE(tweed_asset_load_file(mCooked.toUtf8().constData(), &asset), TWEED_OK);
    TweedInstance *instance = nullptr;
    QCOMPARE(tweed_instance_create(asset, 0, &instance), TWEED_OK);
    const uint32_t bones = tweed_asset_bone_count(asset);
    for (int f = 0; f < kFrames; ++f) {
        // Global bone matrices, as an engine's animation system hands them over.
        const std::vector<Mat4> global = globalPose(
            mSample.asset.skeleton, sampleLocalPose(mSample.asset.skeleton, clip, f / kFps));
        const std::vector<Mat4> skinning = skinningMatrices(mSample.asset.skeleton, global);
        QCOMPARE(tweed_instance_set_skinning_matrices(instance, skinning[0].m, bones), TWEED_OK);
        if (f == 0)
            QCOMPARE(tweed_instance_reset(instance), TWEED_OK);
        else
            QCOMPARE(tweed_instance_step(instance, float(1.0 / kFps)), TWEED_OK);
    }
    const uint32_t n = tweed_instance_graphics_vertex_count(instance);
    std::vector<float> positions(size_t(n) * 3), normals(size_t(n) * 3);
    QCOMPARE(tweed_instance_graphics_mesh(instance, positions.data(), normals.data(), n), TWEED_OK);
    QVERIFY(bitIdentical(expected[0], positions));

    // Bone matrices (global pose) give the same result up to the product with the inverse bind.
    TweedInstance *second = nullptr;
    QCOMPARE(tweed_instance_create(asset, 0, &second), TWEED_OK);
    const std::vector<Mat4> global = mSample.asset.skeleton.restGlobal();
    QCOMPARE(tweed_instance_set_bone_matrices(second, global[0].m, bones), TWEED_OK);
    QCOMPARE(tweed_instance_step(second, 0.1f), TWEED_OK);
    std::vector<float> restPositions(size_t(n) * 3);
    QCOMPARE(tweed_instance_graphics_mesh(second, restPositions.data(), nullptr, n), TWEED_OK);
    const std::vector<Vec3> &rest = mSample.asset.lods[0].mesh.positions;
    float far = 0;
    for (size_t v = 0; v < rest.size(); ++v)
        far = std::max(far, distance(rest[v], Vec3{restPositions[3 * v], restPositions[3 * v + 1],
                                                   restPositions[3 * v + 2]}));
    QVERIFY2(far <= 0.05f + 1e-4f, qPrintable(QString::number(far))); // within Max Distance
    tweed_instance_destroy(second);
    tweed_instance_destroy(instance);
    tweed_asset_destroy(asset);
}

void TestPlayer::playerRejectsBadInput()
{
    test::ProcessResult r = test::runProcess(
        TWEED_PLAYER, {mDir.filePath("missing.tweedc"), "-o", mDir.filePath("x.gltf")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("missing.tweedc"));
    r = test::runProcess(TWEED_PLAYER, {mCooked, QString::fromStdString(test::kSampleCharacter),
                                        "--clip", "Swim", "-o", mDir.filePath("x.gltf")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("Swim"));
    r = test::runProcess(TWEED_PLAYER,
                         {mCooked, "--frames", "3", "--write", "5", "-o", mDir.filePath("x.gltf")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(!QFile::exists(mDir.filePath("x.gltf")));
}

// The crowd: each frame a line with the time, the actors simulated, the cost against the full
// cost and every actor's LoD level; under a budget of two actors' worth the nearest actor (most
// benefit) runs at full LoD, the farthest less, and the budget saves part of the cost.
void TestPlayer::playerCrowdUnderBudget()
{
    const QRegularExpression line(
        R"(^frame +(\d+): +[\d.]+ ms, (\d+) of 6 simulated, (\d+) of (\d+) vertex-iterations )"
        R"(\(budget saved (\d+)%\), LoD ([0-4]{6})$)");
    auto crowd = [&](quint64 budget) {
        const test::ProcessResult r = test::runProcess(
            TWEED_PLAYER, {mCooked, QString::fromStdString(test::kSampleCharacter), "--clip",
                           "Walk", "--frames", "30", "--actors", "6", "--budget",
                           QString::number(budget)});
        if (r.exitCode != 0)
            qWarning("tweed-player: %s", r.err.constData());
        QList<QRegularExpressionMatch> frames;
        for (const QString &text : QString::fromUtf8(r.out).split('\n')) {
            const QRegularExpressionMatch m = line.match(text);
            if (m.hasMatch())
                frames.append(m);
        }
        return frames;
    };
    const QList<QRegularExpressionMatch> unlimited = crowd(0);
    QCOMPARE(unlimited.size(), 30);
    const QRegularExpressionMatch &free = unlimited.last();
    QCOMPARE(free.captured(6), QString("000000"));
    QCOMPARE(free.captured(3), free.captured(4));
    const quint64 full = free.captured(4).toULongLong();
    QVERIFY(full > 0);

    const QList<QRegularExpressionMatch> limited = crowd(full / 3);
    QCOMPARE(limited.size(), 30);
    const QRegularExpressionMatch &last = limited.last();
    const QString levels = last.captured(6);
    QCOMPARE(levels[0], QChar('0'));
    QVERIFY2(levels[5] > QChar('0'), qPrintable(levels));
    QVERIFY(last.captured(3).toULongLong() <= full / 3);
    QVERIFY(last.captured(5).toInt() > 0);

    // Without --output a single garment has nowhere to go.
    const test::ProcessResult r = test::runProcess(TWEED_PLAYER, {mCooked});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("--output"));
}

QTEST_GUILESS_MAIN(TestPlayer)
#include "test_player.moc"
