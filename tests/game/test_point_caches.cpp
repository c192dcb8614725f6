// Point caches for DCC tools (MDD, PC2): the sample coat's walk exported as each, of the
// graphics and of the physics mesh, read back and compared with the simulation bit for bit;
// the transform applied; broken files and wrong options refused with a message.
#include "game_test_support.h"

#include "tweed/clip_simulation.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/point_cache.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace tweed;

class TestPointCaches : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void readBackMatchesTheSimulation_data();
    void readBackMatchesTheSimulation();
    void transformIsApplied();
    void brokenFilesAreRefused();
    void cliWritesAndRefuses();

private:
    ExportOptions walk(int frames) const;

    QTemporaryDir mDir;
    test::SampleGarment mSample;
};

void TestPointCaches::initTestCase()
{
    QVERIFY(mDir.isValid());
    mSample = test::makeSampleGarment();
}

ExportOptions TestPointCaches::walk(int frames) const
{
    const Character &c = mSample.character;
    ExportOptions o;
    o.format = ExportFormat::PointCache;
    o.clip = retargetClip(c.clips[size_t(c.findClip("Walk"))], c.skeleton, mSample.asset.skeleton);
    o.frames = frames;
    return o;
}

bool sameBits(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}

void TestPointCaches::readBackMatchesTheSimulation_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("physics");
    for (const char *ext : {"mdd", "pc2"}) {
        QTest::addRow("%s graphics", ext) << QString("graphics.%1").arg(ext) << false;
        QTest::addRow("%s physics", ext) << QString("physics.%1").arg(ext) << true;
    }
}

void TestPointCaches::readBackMatchesTheSimulation()
{
    QFETCH(QString, file);
    QFETCH(bool, physics);
    ExportOptions o = walk(8);
    o.pointCacheMesh = physics ? PointCacheMesh::Physics : PointCacheMesh::Graphics;
    const std::string path = mDir.filePath(file).toStdString();
    const ExportReport report = exportAsset(mSample.asset, path, o);
    QCOMPARE(report.frames, 8u);

    std::vector<std::vector<Vec3>> physicsFrames;
    const std::vector<SimulatedFrame> reference =
        simulateGraphicsFrames(mSample.asset, o, nullptr, &physicsFrames);
    const PointCache cache = file.endsWith("mdd") ? readMdd(path) : readPc2(path);
    QCOMPARE(cache.frames.size(), reference.size());
    const size_t vertices = physics ? mSample.asset.physicsMeshes[0].vertexCount()
                                    : mSample.asset.lods[0].mesh.vertexCount();
    QCOMPARE(size_t(report.vertices), vertices);
    for (size_t f = 0; f < reference.size(); ++f) {
        QCOMPARE(cache.frames[f].size(), vertices);
        QVERIFY2(sameBits(cache.frames[f], physics ? physicsFrames[f] : reference[f].positions),
                 qPrintable(QString("frame %1 differs from the simulation").arg(f)));
        // MDD stores seconds; PC2 frame numbers from startFrame at one sample per frame.
        const float expected = file.endsWith("mdd") ? float(double(reference[f].frame) / 30.0)
                                                    : float(reference[f].frame);
        QCOMPARE(cache.times[f], expected);
    }
    // The garment moves over the walk: the cache is not the same pose repeated.
    QVERIFY(!sameBits(cache.frames.front(), cache.frames.back()));
}

void TestPointCaches::transformIsApplied()
{
    ExportOptions o = walk(3);
    o.transform.scale = 100.0f; // centimetres
    o.transform.upAxis = UpAxis::Z;
    const std::string path = mDir.filePath("centimetres_z_up.pc2").toStdString();
    exportAsset(mSample.asset, path, o);
    ExportOptions metres = o;
    metres.transform = {};
    const std::vector<SimulatedFrame> reference = simulateGraphicsFrames(mSample.asset, metres);
    const Mat4 m = exportMatrix(o.transform);
    const PointCache cache = readPc2(path);
    QCOMPARE(cache.frames.size(), reference.size());
    for (size_t f = 0; f < reference.size(); ++f)
        for (size_t i = 0; i < reference[f].positions.size(); i += 97) {
            const Vec3 expected = m.transformPoint(reference[f].positions[i]);
            const Vec3 got = cache.frames[f][i];
            QVERIFY(std::abs(got.x - expected.x) < 1e-4f && std::abs(got.y - expected.y) < 1e-4f &&
                    std::abs(got.z - expected.z) < 1e-4f);
        }
    // Z up: the character stands along z, about 175 units tall.
    float top = -1e9f;
    for (const Vec3 &p : cache.frames[0])
        top = std::max(top, p.z);
    QVERIFY2(top > 120.0f && top < 200.0f, qPrintable(QString::number(top)));
}

void TestPointCaches::brokenFilesAreRefused()
{
    PointCache cache;
    cache.times = {0.0f, 0.5f};
    cache.frames = {{{0, 0, 0}, {1, 2, 3}}, {{0, 1, 0}, {4, 5, 6}}};
    const std::string mdd = mDir.filePath("small.mdd").toStdString();
    const std::string pc2 = mDir.filePath("small.pc2").toStdString();
    writeMdd(mdd, cache);
    writePc2(pc2, cache);
    QCOMPARE(readMdd(mdd).frames, cache.frames);
    QCOMPARE(readPc2(pc2).frames, cache.frames);
    QCOMPARE(QFile(QString::fromStdString(mdd)).size(), 8 + 2 * 4 + 2 * 2 * 12);
    QCOMPARE(QFile(QString::fromStdString(pc2)).size(), 32 + 2 * 2 * 12);

    // Truncated by one byte, and a PC2 that is an MDD: refused, naming the file.
    for (const std::string &path : {mdd, pc2}) {
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() - 1));
        f.close();
        try {
            path == mdd ? readMdd(path) : readPc2(path);
            QFAIL("a truncated point cache was read");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), path);
            QVERIFY2(std::string(e.what()).find("bytes") != std::string::npos, e.what());
        }
    }
    writeMdd(mdd, cache);
    try {
        readPc2(mdd);
        QFAIL("an MDD file was read as PC2");
    } catch (const FileError &e) {
        QVERIFY2(std::string(e.what()).find("POINTCACHE2") != std::string::npos, e.what());
    }

    // Frames of different sizes are not a point cache; nothing is written.
    cache.frames[1].pop_back();
    const std::string uneven = mDir.filePath("uneven.pc2").toStdString();
    QVERIFY_THROWS_EXCEPTION(InputError, writePc2(uneven, cache));
    QVERIFY(!QFile::exists(QString::fromStdString(uneven)));
}

void TestPointCaches::cliWritesAndRefuses()
{
    const QString asset = mDir.filePath("coat.tweedc");
    saveCooked(mSample.asset, asset.toStdString());
    const QString cli = QStringLiteral(TWEED_CLI);
    const QString mdd = mDir.filePath("cli.mdd");
    test::ProcessResult r = test::runProcess(
        cli, {"export", asset, "--format", "mdd", "--clip", "Walk", "--character",
              QString::fromStdString(test::kSampleCharacter), "--frames", "4", "-o", mdd});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(readMdd(mdd.toStdString()).frames.size(), size_t(4));

    // The format and the file type disagree; a physics cache as glTF; an unknown mesh.
    const QString wrong = mDir.filePath("wrong.pc2");
    r = test::runProcess(cli, {"export", asset, "--format", "mdd", "-o", wrong});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--format mdd writes a .mdd file"), r.err.constData());
    r = test::runProcess(cli, {"export", asset, "--format", "point-cache", "--mesh", "physics",
                               "-o", mDir.filePath("physics.glb")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("physics mesh is written as .mdd or .pc2"), r.err.constData());
    r = test::runProcess(cli, {"export", asset, "--format", "pc2", "--mesh", "cloth", "-o", wrong});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--mesh must be graphics or physics"), r.err.constData());
    QVERIFY(!QFile::exists(wrong));
    QVERIFY(!QFile::exists(mDir.filePath("physics.glb")));
}

QTEST_GUILESS_MAIN(TestPointCaches)
#include "test_point_caches.moc"
