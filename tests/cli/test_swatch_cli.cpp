// tweed-cli patch and rope: cloth without a character, written as a valid asset with the asked
// size, resolution and held edge; bad values are refused by name and nothing is written; the
// asset simulates (tweed-cli simulate).
#include "run_program.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/file_io.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using tweed::test::runCli;
using namespace tweed;

namespace {

size_t heldCount(const PhysicsMesh &pm)
{
    size_t held = 0;
    for (float d : pm.channels[FloatChannel::MaxDistance])
        held += d == 0.0f ? 1 : 0;
    return held;
}

} // namespace

class TestSwatchCli : public QObject
{
    Q_OBJECT

private slots:
    void patchWritesTheAskedSheet()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("patch.tweed");
        const auto r = runCli({"patch", "-o", path, "--width", "0.4", "--height", "0.2",
                               "--resolution", "8", "--pinned", "top_corners", "--preset",
                               "leather"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("cloth patch 0.4 x 0.2 m, physics mesh 45 vertices 64 "
                                   "triangles, 2 held (top_corners), preset leather"),
                 qPrintable(r.out));
        const ClothingAsset asset = loadAsset(path.toStdString());
        QCOMPARE(asset.physicsMeshes.at(0).vertexCount(), size_t(45));
        QCOMPARE(heldCount(asset.physicsMeshes.at(0)), size_t(2));
        QCOMPARE(asset.presetName, std::string("leather"));
        // It simulates.
        const auto sim = runCli({"simulate", path, "--frames", "30"});
        QVERIFY2(sim.exitCode == 0, qPrintable(sim.err + sim.out));
    }

    void ropeWritesACookedChain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("rope.tweedc");
        const auto r = runCli({"rope", "-o", path, "--length", "1.5", "--segments", "30"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const ClothingAsset asset = loadCooked(path.toStdString());
        const PhysicsMesh &pm = asset.physicsMeshes.at(0);
        QCOMPARE(pm.vertexCount(), size_t(2 * 31));
        QCOMPARE(heldCount(pm), size_t(2));
        QCOMPARE(pm.positions[0].y, 1.5f);
    }

    void badValuesAreRefusedByName()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.tweed");
        const auto zero = runCli({"patch", "-o", path, "--width", "0"});
        QCOMPARE(zero.exitCode, 1);
        QVERIFY2(zero.err.contains("width"), qPrintable(zero.err));
        const auto edge = runCli({"rope", "-o", path, "--pinned", "left"});
        QCOMPARE(edge.exitCode, 1);
        QVERIFY2(edge.err.contains("left"), qPrintable(edge.err));
        const auto unknown = runCli({"patch", "-o", path, "--pinned", "bottom"});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("--pinned"), qPrintable(unknown.err));
        const auto resolution = runCli({"patch", "-o", path, "--resolution", "501"});
        QCOMPARE(resolution.exitCode, 1);
        QVERIFY2(resolution.err.contains("resolution"), qPrintable(resolution.err));
        QVERIFY(!QFileInfo::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestSwatchCli)
#include "test_swatch_cli.moc"
