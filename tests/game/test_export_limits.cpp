// What an export refuses before writing: a file estimated past the size limit (the estimate is
// checked against the files actually written), a bake whose bones miss the simulation by more
// than kMaxBakeError, and export options out of range (tweed-cli export's messages and exit
// codes).
#include "game_test_support.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <cmath>

using namespace tweed;

class TestExportLimits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void estimateMatchesTheFile_data();
    void estimateMatchesTheFile();
    void refusedPastTheLimit();
    void bakeErrorIsALoss();
    void cliValidatesOptions();

private:
    ExportOptions walk(ExportFormat format, int frames) const;

    QTemporaryDir mDir;
    test::SampleGarment mSample;
};

void TestExportLimits::initTestCase()
{
    QVERIFY(mDir.isValid());
    mSample = test::makeSampleGarment();
}

ExportOptions TestExportLimits::walk(ExportFormat format, int frames) const
{
    const Character &c = mSample.character;
    ExportOptions o;
    o.format = format;
    o.clip = retargetClip(c.clips[size_t(c.findClip("Walk"))], c.skeleton, mSample.asset.skeleton);
    o.frames = frames;
    return o;
}

void TestExportLimits::estimateMatchesTheFile_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("frames");
    QTest::addColumn<int>("clothBones");
    const int baked = int(ExportFormat::BakedBones), cache = int(ExportFormat::PointCache);
    // Many joints and few frames, and fewer joints over more frames.
    for (const char *ext : {"gltf", "glb", "fbx", "dae"}) {
        QTest::addRow("bones %s, every vertex", ext) << baked << QString("a.%1").arg(ext) << 6 << 0;
        QTest::addRow("bones %s, 150 bones", ext) << baked << QString("b.%1").arg(ext) << 60 << 150;
    }
    QTest::newRow("cache gltf") << cache << "c.gltf" << 60 << 0;
    QTest::newRow("cache glb") << cache << "c.glb" << 60 << 0;
    QTest::newRow("cache mdd") << cache << "c.mdd" << 60 << 0;
    QTest::newRow("cache pc2") << cache << "c.pc2" << 60 << 0;
    QTest::newRow("physics gltf") << int(ExportFormat::GltfPhysics) << "d.gltf" << 0 << 0;
}

void TestExportLimits::estimateMatchesTheFile()
{
    QFETCH(int, format);
    QFETCH(QString, file);
    QFETCH(int, frames);
    QFETCH(int, clothBones);
    ExportOptions o = walk(ExportFormat(format), frames);
    o.clothBones = uint32_t(clothBones);
    o.allowLoss = true; // a budget of bones misses the folds by more than 1 cm
    const std::string path = mDir.filePath(file).toStdString();
    const uint64_t estimate = estimateExportBytes(mSample.asset, path, o);
    const ExportReport r = exportAsset(mSample.asset, path, o);
    QCOMPARE(r.estimatedBytes, estimate);
    const double actual = double(QFileInfo(mDir.filePath(file)).size());
    qInfo("%s: estimated %.0f kB, written %.0f kB (%.2f)", qPrintable(file),
          double(estimate) / 1024, actual / 1024, double(estimate) / actual);
    QVERIFY(std::abs(double(estimate) / actual - 1.0) < 0.25);
}

void TestExportLimits::refusedPastTheLimit()
{
    ExportOptions o = walk(ExportFormat::BakedBones, 30);
    const QString file = mDir.filePath("large.fbx");
    const uint64_t estimate = estimateExportBytes(mSample.asset, file.toStdString(), o);
    QVERIFY(estimate > (uint64_t(1) << 20));
    // The default limit holds a typical bake, not a long clip at every vertex.
    QVERIFY(estimate < kDefaultExportMaxBytes);
    o.frames = 20000;
    QVERIFY(estimateExportBytes(mSample.asset, file.toStdString(), o) > kDefaultExportMaxBytes);
    o.frames = 30;
    o.maxBytes = estimate / 2;
    try {
        exportAsset(mSample.asset, file.toStdString(), o);
        QFAIL("an export past the size limit was written");
    } catch (const InputError &e) {
        const std::string message = e.what();
        QVERIFY2(message.find(file.toStdString()) != std::string::npos, e.what());
        QVERIFY2(message.find("limit") != std::string::npos, e.what());
    }
    QVERIFY(!QFile::exists(file));
    o.maxBytes = 0; // no limit
    exportAsset(mSample.asset, file.toStdString(), o);
    QVERIFY(QFile::exists(file));
}

void TestExportLimits::bakeErrorIsALoss()
{
    // 20 rigid bones on a coat of thousands of vertices miss its folds by centimetres.
    ExportOptions o = walk(ExportFormat::BakedBones, 10);
    o.clothBones = 20;
    const QString file = mDir.filePath("coarse.glb");
    QVERIFY(checkExport(mSample.asset, file.toStdString(), o).empty()); // known once simulated
    try {
        exportAsset(mSample.asset, file.toStdString(), o);
        QFAIL("a bake 1 cm off was written without allowLoss");
    } catch (const InputError &e) {
        QVERIFY2(std::string(e.what()).find("mm from the simulation") != std::string::npos,
                 e.what());
    }
    QVERIFY(!QFile::exists(file));
    o.allowLoss = true;
    const ExportReport r = exportAsset(mSample.asset, file.toStdString(), o);
    QVERIFY(r.bakeMaxError > kMaxBakeError);
    QCOMPARE(r.unrepresented.size(), size_t(1));
    QVERIFY(r.unrepresented[0].find("cloth bones") != std::string::npos);
    // One bone per physics vertex follows the simulation within a millimetre: nothing lost.
    o.clothBones = 0;
    o.allowLoss = false;
    const ExportReport fine = exportAsset(mSample.asset, file.toStdString(), o);
    QVERIFY(fine.bakeMaxError < kMaxBakeError);
    QVERIFY(fine.unrepresented.empty());
}

void TestExportLimits::cliValidatesOptions()
{
    const QString asset = mDir.filePath("coat.tweed");
    test::ProcessResult p =
        test::runProcess(TWEED_CLI, {"create", QString::fromStdString(test::kSampleCharacter),
                                     "--mesh", "Coat", "-o", asset});
    QVERIFY2(p.exitCode == 0, p.err.constData());
    const QString out = mDir.filePath("cli.fbx");
    struct Case
    {
        QStringList args;
        const char *message;
    };
    const Case cases[] = {
        {{"--scale", "0"}, "--scale must lie in (0, 1000000]"},
        {{"--scale", "-2"}, "--scale must lie in (0, 1000000]"},
        {{"--fps", "0"}, "frames per second must lie in (0, 1000]"},
        {{"--lod", "3"}, "no graphics LoD 3"},
        {{"--frames", "-1"}, "frame count must lie in 0..100000"},
        {{"--max-size", "-1"}, "--max-size must lie in"},
        {{"--clip", "Walk", "--frames", "30", "--max-size", "1"}, "more than the limit of 1 MB"},
    };
    for (const Case &c : cases) {
        p = test::runProcess(
            TWEED_CLI, QStringList{"export", asset, "--format", "baked-bones", "-o", out} + c.args);
        QVERIFY2(p.exitCode == 1, qPrintable(c.args.join(' ') + ": " + p.err));
        QVERIFY2(p.err.contains(c.message), qPrintable(c.args.join(' ') + ": " + p.err));
        QVERIFY(!QFile::exists(out));
    }
    // --force lifts the limit; --check --json gives the estimate.
    p = test::runProcess(TWEED_CLI,
                         {"export", asset, "--format", "baked-bones", "-o", out, "--clip", "Walk",
                          "--frames", "30", "--max-size", "1", "--force"});
    QVERIFY2(p.exitCode == 0, p.err.constData());
    QVERIFY(QFileInfo(out).size() > (1 << 20));
    p = test::runProcess(TWEED_CLI, {"export", asset, "--format", "baked-bones", "-o", out,
                                     "--clip", "Walk", "--check", "--json"});
    QCOMPARE(p.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(p.out).object();
    QVERIFY(j.value("estimated_bytes").toDouble() > double(1 << 20));
}

QTEST_GUILESS_MAIN(TestExportLimits)
#include "test_export_limits.moc"
