// Cloth without a character (File > New Cloth Patch / New Rope, tweed-cli patch / rope): the
// patch and the rope have the asked size and resolution, exactly the chosen edge held, a valid
// asset that round-trips through both formats, and they simulate: the held vertices stay, the
// rest hangs below them.
#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/meshproc/swatch.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/validate.h"

#include <QTest>

#include <algorithm>

using namespace tweed;

namespace {

// Simulates the asset's LoD 0 for `frames` frames at 60 Hz with the root bone still.
std::vector<Vec3> hang(const ClothingAsset &asset, int frames)
{
    ClothInstance cloth(buildClothAssetData(asset, 0), asset.simulation);
    const std::vector<Mat4> still(asset.skeleton.bones.size(), Mat4{});
    ClothFrame frame;
    frame.skinning = still;
    cloth.reset(frame);
    frame.dt = 1.0f / 60;
    for (int f = 0; f < frames; ++f)
        cloth.update(frame);
    return cloth.positions();
}

std::vector<uint32_t> heldVertices(const PhysicsMesh &mesh)
{
    std::vector<uint32_t> held;
    for (uint32_t v = 0; v < mesh.vertexCount(); ++v)
        if (mesh.channels[FloatChannel::MaxDistance][v] == 0.0f)
            held.push_back(v);
    return held;
}

} // namespace

class TestSwatch : public QObject
{
    Q_OBJECT

private slots:
    void patchHasTheAskedShapeAndHeldEdge()
    {
        SwatchOptions o;
        o.width = 0.6f;
        o.height = 0.3f;
        o.resolution = 12;
        o.preset = "silk";
        const Swatch s = makeClothPatch(o);
        const ClothingAsset &asset = s.asset;
        const std::vector<std::string> problems = validateAsset(asset);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().c_str());
        QCOMPARE(asset.presetName, std::string("silk"));
        QCOMPARE(asset.skeleton.bones.size(), size_t(1));
        const PhysicsMesh &pm = asset.physicsMeshes.at(0);
        QCOMPARE(pm.vertexCount(), size_t(13 * 7)); // 12 quads across, 6 down
        QCOMPARE(pm.triangleCount(), size_t(2 * 12 * 6));
        const std::vector<uint32_t> held = heldVertices(pm);
        QCOMPARE(held.size(), size_t(13));
        float lowest = 1e9f, highest = -1e9f;
        for (const Vec3 &p : pm.positions) {
            lowest = std::min(lowest, p.y);
            highest = std::max(highest, p.y);
        }
        QCOMPARE(lowest, 0.0f);
        QCOMPARE(highest, 0.3f);
        for (uint32_t v : held)
            QCOMPARE(pm.positions[v].y, 0.3f);
        // The other edges.
        o.pinned = PinnedEdge::Left;
        const PhysicsMesh left = makeClothPatch(o).asset.physicsMeshes.at(0);
        QCOMPARE(heldVertices(left).size(), size_t(7));
        for (uint32_t v : heldVertices(left))
            QCOMPARE(left.positions[v].x, -0.3f);
        o.pinned = PinnedEdge::TopCorners;
        QCOMPARE(heldVertices(makeClothPatch(o).asset.physicsMeshes.at(0)).size(), size_t(2));
        o.pinned = PinnedEdge::None;
        QVERIFY(heldVertices(makeClothPatch(o).asset.physicsMeshes.at(0)).empty());
    }

    void patchRoundTripsAndSimulates()
    {
        SwatchOptions o;
        o.resolution = 10;
        o.pinned = PinnedEdge::Left;
        const ClothingAsset asset = makeClothPatch(o).asset;
        QVERIFY(readAssetText(writeAssetText(asset), "patch.tweed") == asset);
        QVERIFY(readCooked(writeCooked(asset), "patch.tweedc") == asset);
        const PhysicsMesh &pm = asset.physicsMeshes.at(0);
        const std::vector<Vec3> p = hang(asset, 180);
        for (uint32_t v : heldVertices(pm))
            QCOMPARE(p[v], pm.positions[v]);
        // Held by its left side only, the patch sags: its top right corner sinks below the top
        // (about 2.5 cm with the tweed preset's bending).
        const auto corner = uint32_t(
            std::find(pm.positions.begin(), pm.positions.end(), Vec3{0.25f, 0.5f, 0.0f}) -
            pm.positions.begin());
        QVERIFY(corner < pm.vertexCount());
        QVERIFY2(p[corner].y < 0.5f - 0.01f, qPrintable(QString::number(double(p[corner].y))));
    }

    void ropeHangsFromItsTop()
    {
        SwatchOptions o;
        o.width = 0.02f;
        o.height = 1.0f;
        o.resolution = 20;
        const ClothingAsset asset = makeRope(o).asset;
        QVERIFY(validateAsset(asset).empty());
        const PhysicsMesh &pm = asset.physicsMeshes.at(0);
        QCOMPARE(pm.vertexCount(), size_t(2 * 21));
        QCOMPARE(heldVertices(pm).size(), size_t(2));
        // Pushed sideways at the start it swings back under its top: after settling, the rope
        // hangs straight down, its end about its length below the top.
        std::vector<Vec3> p = hang(asset, 300);
        const Vec3 end = p.back();
        QVERIFY2(std::abs(end.x) < 0.05f && std::abs(end.z) < 0.05f,
                 qPrintable(QString("%1 %2").arg(double(end.x)).arg(double(end.z))));
        QVERIFY2(end.y < 0.05f && end.y > -0.1f, qPrintable(QString::number(double(end.y))));
        // Free: it falls.
        o.pinned = PinnedEdge::None;
        p = hang(makeRope(o).asset, 30);
        QVERIFY(p.front().y < 1.0f - 0.3f);
    }

    void badParametersAreRefusedByName()
    {
        SwatchOptions o;
        o.width = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, makeClothPatch(o));
        try {
            makeClothPatch(o);
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("width") != std::string::npos, e.what());
        }
        o = {};
        o.resolution = 501;
        QVERIFY_THROWS_EXCEPTION(InputError, makeRope(o));
        o = {};
        o.pinned = PinnedEdge::Left;
        try {
            makeRope(o);
            QFAIL("a rope held along its side was accepted");
        } catch (const InputError &e) {
            QVERIFY2(std::string(e.what()).find("left") != std::string::npos, e.what());
        }
        QCOMPARE(pinnedEdgeFromName("top_corners"), std::optional(PinnedEdge::TopCorners));
        QVERIFY(!pinnedEdgeFromName("bottom"));
    }
};

QTEST_GUILESS_MAIN(TestSwatch)
#include "test_swatch.moc"
