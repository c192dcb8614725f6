// Two shells simulating together: an inner tube (a coat) and an outer tube (a cape) on a bone
// chain that swings from side to side. The outer tube is loose (large Max Distance) and the inner
// one held close to its bones, so the outer one lags into the inner one unless the inner shell is
// its collider. shell_poke_through (cloth_measures.h) is measured with and without it.
#include "tweed/cloth_measures.h"
#include "tweed/shell_collision.h"
#include "tweed/sim/cloth_instance.h"

#include <QTest>

#include <cmath>

using namespace tweed;

namespace {

constexpr int kRings = 13, kSegments = 24;
constexpr float kLength = 0.6f;

// An open tube of `radius` around the y axis from y = 0 down to -kLength, counter-clockwise seen
// from outside (normals out), weighted along the three-bone chain.
void appendTube(GraphicsMesh &mesh, float radius)
{
    const uint32_t base = uint32_t(mesh.positions.size());
    for (int r = 0; r < kRings; ++r)
        for (int s = 0; s < kSegments; ++s) {
            const float a = 2 * kPi * float(s) / kSegments;
            const float y = -kLength * float(r) / (kRings - 1);
            mesh.positions.push_back({radius * std::cos(a), y, radius * std::sin(a)});
            // Bones at y = 0, -0.2 and -0.4: linear blend between the two around y.
            const float b = std::clamp(-y / 0.2f, 0.0f, 2.0f);
            const int lo = std::min(int(b), 1);
            BoneInfluence inf;
            inf.bones = {uint16_t(lo), uint16_t(lo + 1), 0, 0};
            inf.weights = {1 - (b - float(lo)), b - float(lo), 0, 0};
            mesh.skin.push_back(inf);
        }
    for (int r = 0; r + 1 < kRings; ++r)
        for (int s = 0; s < kSegments; ++s) {
            const uint32_t a = base + uint32_t(r * kSegments + s);
            const uint32_t b = base + uint32_t(r * kSegments + (s + 1) % kSegments);
            const uint32_t c = a + kSegments, d = b + kSegments;
            // Seen from outside (+radial), ring r above ring r + 1: a, c, d and a, d, b.
            for (uint32_t i : {a, b, d, a, d, c})
                mesh.indices.push_back(i);
        }
}

// The cape (outer, listed first: the order is found from the geometry) and the coat (inner).
ClothingAsset twoShells()
{
    ClothingAsset asset;
    for (int b = 0; b < 3; ++b) {
        Bone bone;
        bone.name = "Spine" + std::to_string(b);
        bone.parent = b - 1;
        bone.restLocal.translation = {0, b == 0 ? 0.0f : -0.2f, 0};
        bone.inverseBind = Mat4::translation({0, 0.2f * float(b), 0});
        asset.skeleton.bones.push_back(bone);
    }
    GraphicsLod lod;
    appendTube(lod.mesh, 0.13f);
    appendTube(lod.mesh, 0.10f);
    const uint32_t tris = uint32_t(lod.mesh.triangleCount() / 2);
    lod.mesh.submeshes = {{"Cape", "", "", 0, tris, LayerRole::Shell},
                          {"Coat", "", "", tris, tris, LayerRole::Shell}};
    lod.mesh.normals = computeVertexNormals(lod.mesh.positions, lod.mesh.indices);
    PhysicsMesh pm;
    pm.positions = lod.mesh.positions;
    pm.indices = lod.mesh.indices;
    pm.skin = lod.mesh.skin;
    pm.normals = lod.mesh.normals;
    pm.channels.resize(pm.positions.size());
    const size_t perTube = size_t(kRings * kSegments);
    for (size_t v = 0; v < pm.positions.size(); ++v) {
        const float down = float((v % perTube) / kSegments) / (kRings - 1); // 0 at the top
        const bool cape = v < perTube;
        pm.channels[FloatChannel::MaxDistance][v] =
            down == 0 ? 0.0f : (cape ? 0.3f : 0.004f) * down;
    }
    asset.physicsMeshes.push_back(pm);
    lod.physicsMesh = 0;
    asset.lods.push_back(lod);
    return asset;
}

// The chain swings: the root moves side to side, the lower bones bend against it.
std::vector<Mat4> pose(float t)
{
    const float w = 2 * kPi * 1.2f;
    const float ramp = std::min(1.0f, t / 0.5f); // the swing grows over the first half second
    const Mat4 root =
        Mat4::translation({0.25f * ramp * std::sin(w * t), 0, 0.1f * ramp * std::sin(0.5f * w * t)});
    std::vector<Mat4> global{root};
    for (int b = 1; b < 3; ++b) {
        const Mat4 local = Mat4::translation({0, -0.2f, 0}) *
                           Mat4::rotation(axisAngle({0, 0, 1}, 0.5f * ramp * std::sin(w * t - 0.8f * b)));
        global.push_back(global.back() * local);
    }
    std::vector<Mat4> skinning;
    for (int b = 0; b < 3; ++b)
        skinning.push_back(global[size_t(b)] * Mat4::translation({0, 0.2f * float(b), 0}));
    return skinning;
}

// Simulates three seconds at 60 frames per second and measures every frame.
ClipMeasures simulate(const ClothingAsset &asset, std::shared_ptr<const ClothAssetData> data)
{
    SimulationSettings settings = asset.simulation;
    ClothInstance cloth(std::move(data), settings);
    ClothMeasurer measurer(asset, 0, garmentLayers(asset, 0), {});
    std::vector<Mat4> skinning = pose(0);
    ClothFrame frame;
    frame.skinning = skinning;
    cloth.reset(frame);
    for (int i = 1; i <= 180; ++i) {
        skinning = pose(float(i) / 60);
        frame.skinning = skinning;
        frame.dt = 1.0f / 60;
        cloth.update(frame);
        // The graphics mesh is the physics mesh, vertex for vertex.
        measurer.add(cloth.positions(), skinning, cloth, 1.0f);
    }
    return measurer.result();
}

} // namespace

class TestShellCollision : public QObject
{
    Q_OBJECT
private slots:
    void shellsAreOrderedFromTheInside()
    {
        const ClothingAsset asset = twoShells();
        const ClothLayers layers = garmentLayers(asset, 0);
        QCOMPARE(layers.shells.size(), size_t(2));
        // The coat (second part) is the inner shell.
        QCOMPARE(layers.shells[0].first, uint32_t(kRings * kSegments));
        QCOMPARE(layers.shells[1].first, uint32_t(0));
    }

    void outerVerticesCollideWithTheInnerShell()
    {
        const ClothingAsset asset = twoShells();
        const ShellCollision shells = buildShellCollision(asset, 0);
        const uint32_t perTube = kRings * kSegments;
        // Every physics vertex is on its tube's shell: the cape's outer (rank 1).
        for (uint32_t v = 0; v < 2 * perTube; ++v)
            QCOMPARE(shells.shellOf[v], v < perTube ? 1u : 0u);
        // Every cape vertex lies outside the coat, 3 cm from it, and keeps at most the
        // thickness.
        QCOMPARE(shells.vertices.size(), size_t(perTube));
        for (size_t i = 0; i < shells.vertices.size(); ++i) {
            QVERIFY(shells.vertices[i] < perTube);
            QCOMPARE(shells.side[i], 1.0f);
            QVERIFY(shells.clearance[i] > 0 && shells.clearance[i] <= 0.004f);
        }
        // One cape vertex (on the middle ring) pushed 2 cm inside the coat comes back out to
        // its clearance; the others stay where they are.
        const std::vector<Vec3> &rest = asset.physicsMeshes[0].positions;
        std::vector<float> x;
        for (const Vec3 &p : rest)
            x.insert(x.end(), {p.x, p.y, p.z, 1.0f});
        const uint32_t v = (kRings / 2) * kSegments + 5;
        const Vec3 radial = normalize(Vec3{rest[v].x, 0, rest[v].z});
        const Vec3 inside = radial * 0.08f + Vec3{0, rest[v].y, 0};
        x[4 * v] = inside.x;
        x[4 * v + 2] = inside.z;
        ShellCollider collider(shells, rest);
        QCOMPARE(collider.apply(x.data(), 4), 1u);
        const float r = std::hypot(x[4 * v], x[4 * v + 2]);
        // Out of the coat (10 cm, less where the polygon's flat sides cut in) by the clearance.
        QVERIFY2(r >= 0.098f + 0.003f && r < 0.1f + 0.005f, std::to_string(r).c_str());
        QCOMPARE(collider.apply(x.data(), 4), 0u);
        // A fixed vertex is not moved.
        x[4 * v] = inside.x;
        x[4 * v + 2] = inside.z;
        x[4 * v + 3] = 0;
        QCOMPARE(collider.apply(x.data(), 4), 0u);
    }

    void outerShellStaysOutOfTheInnerOne()
    {
        const ClothingAsset asset = twoShells();
        const auto data = buildClothAssetData(asset, 0);
        QVERIFY(!data->shells.empty());
        auto without = std::make_shared<ClothAssetData>(*data);
        without->shells = {};
        const ClipMeasures before = simulate(asset, without);
        const ClipMeasures after = simulate(asset, data);
        const double b = before.sum.shellPokeThrough(), a = after.sum.shellPokeThrough();
        qInfo("shell_poke_through: %.4f%% without the shell collision, %.4f%% with it", 100 * b,
              100 * a);
        QVERIFY2(b > 0.01, std::to_string(b).c_str()); // the case is one that fails without
        QVERIFY2(a <= 0.001, std::to_string(a).c_str());
        QCOMPARE(after.sum.nonFinite, uint64_t(0));
        qInfo("max_stretch %.3f without, %.3f with; mean %.3f, %.3f", double(before.sum.maxStretch),
              double(after.sum.maxStretch), before.meanMaxStretch, after.meanMaxStretch);
        // The cape pressed on the coat stretches a little more than one passing through it.
        QVERIFY(after.sum.maxStretch < 2.0f);
        QVERIFY(after.meanMaxStretch < 1.1 * before.meanMaxStretch);
    }
};

QTEST_GUILESS_MAIN(TestShellCollision)
#include "test_shell_collision.moc"
