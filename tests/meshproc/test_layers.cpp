// Garments in layers on a character made in code: a body (a tube along a two-bone spine), a
// skirt and a lining 1 cm inside it. The roles are guessed (lining a rider, skirt the shell, the
// rest body), the physics mesh is the skirt's alone, the lining is bound to it through the skin
// map, and over a procedural walk, spin and jump no lining vertex-frame lies outside the
// simulated skirt by more than 2 mm; the lining skinned by its bones, as before layers, does.
#include "physics_test_meshes.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"
#include "tweed/layer_guard.h"
#include "tweed/meshproc/layers.h"
#include "tweed/sim/cloth_instance.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace tweed;
using namespace tweed::test;

namespace {

constexpr float kPokeTolerance = 0.002f; // metres: the 2 mm

// A tube of `height` starting at y0, weighted along the spine of height 1 as the body is.
GraphicsMesh tubeAt(float radius, float y0, float height, int segments, int rings,
                    const std::string &name)
{
    GraphicsMesh m = makeTube(radius, height, segments, rings, name);
    for (size_t v = 0; v < m.positions.size(); ++v) {
        m.positions[v].y += y0;
        const float w = std::clamp(m.positions[v].y, 0.0f, 1.0f);
        m.skin[v].weights = {1 - w, w, 0, 0};
    }
    return m;
}

Character makeCharacter()
{
    Character c;
    c.skeleton = makeSpine(1.0f);
    c.meshes.push_back(tubeAt(0.14f, 0.0f, 1.0f, 16, 10, "Body"));
    c.meshes.push_back(tubeAt(0.20f, 0.4f, 0.5f, 32, 10, "Skirt"));
    c.meshes.push_back(tubeAt(0.19f, 0.42f, 0.46f, 28, 9, "Lining"));
    c.meshSkinnedInSource = {true, true, true};
    return c;
}

// Skinning matrices at time t of a procedural motion: walking in a circle with a bob, spinning
// about the vertical, a jump every 1.5 s, the upper bone swaying.
std::vector<Mat4> poseAt(float t)
{
    const float walk = 1.2f * t;
    const float jumpPhase = std::fmod(t, 1.5f);
    const float jump = jumpPhase < 0.5f ? 0.35f * std::sin(jumpPhase * 2 * kPi) : 0.0f;
    const Vec3 at{0.6f * std::sin(walk), 0.03f * std::abs(std::sin(4 * walk)) + std::max(jump, 0.0f),
                  0.6f * std::cos(walk)};
    const Mat4 root = Mat4::translation(at) * Mat4::rotation(axisAngle({0, 1, 0}, 2.5f * t));
    const Mat4 top = root * Mat4::translation({0, 1, 0}) *
                     Mat4::rotation(axisAngle({1, 0, 0}, 0.4f * std::sin(3 * t)));
    return {root, top * Mat4::translation({0, -1, 0})};
}

// Closest point of the triangle mesh to p and the outward normal of its triangle.
struct Nearest
{
    Vec3 point, normal;
};

Vec3 closestOnTriangle(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    // Ericson, Real-Time Collision Detection, 5.1.5.
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return a;
    const Vec3 bp = p - b;
    const float d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return b;
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
    const Vec3 cp = p - c;
    const float d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return c;
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const float denom = 1 / (va + vb + vc);
    return a + ab * (vb * denom) + ac * (vc * denom);
}

Nearest nearest(const Vec3 &p, const std::vector<Vec3> &positions,
                const std::vector<uint32_t> &indices)
{
    Nearest best;
    float bestD = std::numeric_limits<float>::infinity();
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const Vec3 &a = positions[indices[t]], &b = positions[indices[t + 1]],
                   &c = positions[indices[t + 2]];
        const Vec3 q = closestOnTriangle(p, a, b, c);
        const float d = lengthSquared(p - q);
        if (d < bestD) {
            bestD = d;
            best = {q, normalize(cross(b - a, c - a))};
        }
    }
    return best;
}

// Share of (vertex, frame) pairs of `which` lying outside the surface by more than 2 mm.
struct PokeCount
{
    size_t outside = 0, total = 0;
    double share() const { return total ? double(outside) / double(total) : 0.0; }
};

void countPokes(const std::vector<Vec3> &points, const std::vector<bool> &which,
                const std::vector<Vec3> &surface, const std::vector<uint32_t> &indices,
                PokeCount &count)
{
    for (size_t v = 0; v < points.size(); ++v) {
        if (!which[v])
            continue;
        const Nearest n = nearest(points[v], surface, indices);
        ++count.total;
        if (dot(points[v] - n.point, n.normal) > kPokeTolerance)
            ++count.outside;
    }
}

} // namespace

class TestLayers : public QObject
{
    Q_OBJECT

private slots:
    void rolesAreGuessed()
    {
        const Character c = makeCharacter();
        // Without a garment named: the skirt and lining lie outside the body, the lining just
        // inside the skirt.
        QCOMPARE(guessMeshRoles(c),
                 (std::vector<MeshRole>{MeshRole::Body, MeshRole::Shell, MeshRole::Rider}));
        // With the garment named, the rest is body.
        QCOMPARE(guessMeshRoles(c, {1, 2}),
                 (std::vector<MeshRole>{MeshRole::Body, MeshRole::Shell, MeshRole::Rider}));
        // The skirt alone is a shell; a button on it is a rider of it.
        QCOMPARE(guessMeshRoles(c, {1}),
                 (std::vector<MeshRole>{MeshRole::Body, MeshRole::Shell, MeshRole::Body}));
        Character withButton = c;
        GraphicsMesh button = tubeAt(0.205f, 0.6f, 0.01f, 8, 1, "Button");
        for (Vec3 &p : button.positions)
            p = Vec3{0.2f + (p.x - 0.205f) * 0.02f, p.y, p.z * 0.02f}; // a 8 mm ring at the front
        withButton.meshes.push_back(button);
        withButton.meshSkinnedInSource.push_back(true);
        QCOMPARE(guessMeshRoles(withButton, {1, 3})[3], MeshRole::Rider);
        // A cape 2 cm over the skirt's back, half the skirt's area, is a shell of its own (it
        // simulates); the lining still rides on the skirt.
        Character withCape = c;
        GraphicsMesh cape = tubeAt(0.22f, 0.45f, 0.45f, 16, 8, "Cape");
        for (size_t v = 0; v < cape.positions.size(); ++v) { // the tube opened to its back half
            const float a = kPi * (1 + cape.uvs[v].x);
            cape.positions[v] = Vec3{0.22f * std::cos(a), cape.positions[v].y, 0.22f * std::sin(a)};
        }
        withCape.meshes.push_back(cape);
        withCape.meshSkinnedInSource.push_back(true);
        QCOMPARE(guessMeshRoles(withCape), (std::vector<MeshRole>{MeshRole::Body, MeshRole::Shell,
                                                                  MeshRole::Rider, MeshRole::Shell}));
        // A lining alone stays a shell: a garment keeps one.
        QCOMPARE(guessMeshRoles(c, {2})[2], MeshRole::Shell);
        QVERIFY_THROWS_EXCEPTION(InputError, guessMeshRoles(c, {3}));
    }

    void shellsBuildThePhysicsMeshAndRidersAreBound()
    {
        const Character c = makeCharacter();
        // With no garment named, the garment is guessed: the body is left out.
        const ClothingAsset guessed = createAsset(c, CreateAssetOptions{});
        QCOMPARE(guessed.lods[0].mesh.submeshes.size(), size_t(2));
        QCOMPARE(guessed.lods[0].mesh.submeshes[0].name, std::string("Skirt"));
        QCOMPARE(guessed.lods[0].mesh.submeshes[1].name, std::string("Lining"));
        CreateAssetOptions options;
        options.garmentMeshes = {"Skirt", "Lining"};
        const ClothingAsset asset = createAsset(c, options);
        const GraphicsLod &lod = asset.lods[0];
        QCOMPARE(lod.mesh.submeshes.size(), size_t(2));
        QCOMPARE(lod.mesh.submeshes[0].role, LayerRole::Shell);
        QCOMPARE(lod.mesh.submeshes[1].role, LayerRole::Rider);
        // The physics mesh is the skirt welded at its seam: 32 x 11 vertices, all on its radius.
        const PhysicsMesh &physics = asset.physicsMeshes[0];
        QCOMPARE(physics.vertexCount(), size_t(32 * 11));
        for (const Vec3 &p : physics.positions)
            QVERIFY(std::abs(std::hypot(p.x, p.z) - 0.20f) < 1e-4f);
        // Every lining vertex is bound on the inner side, about 1 cm under the skirt.
        const std::vector<bool> riders = riderVertices(lod.mesh);
        size_t riderCount = 0;
        for (size_t v = 0; v < riders.size(); ++v) {
            if (!riders[v])
                continue;
            ++riderCount;
            const SkinBinding &b = lod.skinMap.bindings[v];
            QVERIFY(b.triangle != SkinMap::kUnbound);
            QVERIFY2(b.position.z < -0.008f && b.position.z > -0.012f,
                     std::to_string(b.position.z).c_str());
        }
        QCOMPARE(riderCount, size_t(29 * 10));
        const RiderGuard guard = buildRiderGuard(lod, physics);
        QCOMPARE(guard.riders.size(), riderCount);

        // Named roles win over the guess; a garment of riders only is refused.
        CreateAssetOptions named;
        named.shellMeshes = {"Skirt", "Lining"};
        const ClothingAsset both = createAsset(c, named);
        QCOMPARE(both.lods[0].mesh.submeshes[1].role, LayerRole::Shell);
        QVERIFY(both.physicsMeshes[0].vertexCount() > physics.vertexCount());
        CreateAssetOptions riderOnly;
        riderOnly.riderMeshes = {"Lining"};
        QVERIFY_THROWS_EXCEPTION(InputError, createAsset(c, riderOnly));
        CreateAssetOptions twice;
        twice.shellMeshes = {"Skirt"};
        twice.riderMeshes = {"Skirt", "Lining"};
        QVERIFY_THROWS_EXCEPTION(InputError, createAsset(c, twice));
    }

    void liningNeverPokesThroughTheSimulatedSkirt()
    {
        const Character c = makeCharacter();
        CreateAssetOptions options;
        options.garmentMeshes = {"Skirt", "Lining"};
        options.pinnedTop = 0.15f;
        options.maxDistance = 0.08f;
        const ClothingAsset asset = createAsset(c, options);
        const auto data = buildClothAssetData(asset, 0);
        ClothInstance cloth(data, asset.simulation);
        const std::vector<bool> riders = riderVertices(asset.lods[0].mesh);

        // Before layers: the lining as its own mesh, skinned by its bones.
        const GraphicsMesh &lining = c.meshes[2];
        const std::vector<bool> allLining(lining.vertexCount(), true);
        PokeCount layered, skinned;
        std::vector<Vec3> graphics, normals, boneSkinned;
        const float dt = 1.0f / 60;
        for (int f = 0; f <= 240; ++f) {
            const std::vector<Mat4> pose = poseAt(float(f) * dt);
            ClothFrame frame;
            frame.dt = f == 0 ? 0.0f : dt;
            frame.skinning = pose;
            if (f == 0)
                cloth.reset(frame);
            else
                cloth.update(frame);
            cloth.deformGraphics(graphics, &normals);
            countPokes(graphics, riders, cloth.positions(), data->cloth->indices, layered);
            skinVertices(lining.positions, lining.skin, pose, boneSkinned);
            countPokes(boneSkinned, allLining, cloth.positions(), data->cloth->indices, skinned);
        }
        qInfo("lining vertex-frames outside the simulated skirt by more than 2 mm: riding %zu "
              "of %zu, skinned by its bones %zu of %zu",
              layered.outside, layered.total, skinned.outside, skinned.total);
        QCOMPARE(layered.total, size_t(241 * 29 * 10));
        QCOMPARE(layered.outside, size_t(0));
        // The measure does see a lining that does not follow the shell.
        QVERIFY(skinned.share() > 0.01);
    }
};

QTEST_APPLESS_MAIN(TestLayers)
#include "test_layers.moc"
