// The measures of good cloth on constructed cases: nested boxes as shells, riders and a body,
// one vertex moved by a known distance (3 mm counts, 1 mm does not), the signed mesh distance
// on a closed and an open mesh, volume protrusion of a sphere in a box, and the Max Distance
// hit share of a box hanging from its pinned top face; the distance search against measuring
// every triangle; the skinned pose's findings kept across passes give the same measures.
#include "tweed/cloth_measures.h"
#include "tweed/errors.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <optional>

using namespace tweed;

namespace {

// A closed box of half size h centred at the origin: each face a k x k grid of its own
// vertices (the corners and edges repeated, as at UV seams), counter-clockwise from outside.
void appendBox(GraphicsMesh &mesh, float h, int k = 3)
{
    const Vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int a = 0; a < 3; ++a)
        for (float sign : {1.0f, -1.0f}) {
            const Vec3 n = axes[a] * sign;
            const Vec3 u = axes[(a + 1) % 3] * sign, v = cross(n, u);
            const uint32_t base = uint32_t(mesh.positions.size());
            for (int j = 0; j < k; ++j)
                for (int i = 0; i < k; ++i) {
                    const float s = -h + 2 * h * float(i) / float(k - 1);
                    const float t = -h + 2 * h * float(j) / float(k - 1);
                    mesh.positions.push_back(n * h + u * s + v * t);
                    BoneInfluence inf;
                    inf.weights[0] = 1;
                    mesh.skin.push_back(inf);
                }
            for (int j = 0; j + 1 < k; ++j)
                for (int i = 0; i + 1 < k; ++i) {
                    const uint32_t p = base + uint32_t(j * k + i);
                    for (uint32_t q :
                         {p, p + 1, p + uint32_t(k) + 1, p, p + uint32_t(k) + 1, p + uint32_t(k)})
                        mesh.indices.push_back(q);
                }
        }
}

// The vertex at the centre of a box's +z face (the box starting at vertex `first`, k = 3).
uint32_t plusZCentre(uint32_t first)
{
    return first + 4 * 9 + 4;
}

// An asset whose LoD 0 graphics mesh is the boxes of half sizes `halves`, in order (27 * 2
// vertices each), on one bone at the origin; the physics mesh is the first box with its top
// face pinned, 1 mm of Max Distance on the sides and 10 m on the bottom face.
ClothingAsset boxAsset(const std::vector<float> &halves)
{
    ClothingAsset asset;
    Bone bone;
    bone.name = "Root";
    asset.skeleton.bones.push_back(bone);
    GraphicsLod lod;
    for (float h : halves)
        appendBox(lod.mesh, h);
    GraphicsMesh first;
    appendBox(first, halves.front());
    PhysicsMesh pm;
    pm.positions = first.positions;
    pm.indices = first.indices;
    pm.skin = first.skin;
    pm.normals = computeVertexNormals(pm.positions, pm.indices);
    pm.channels.resize(pm.positions.size());
    // Faces are separate pieces (their vertices are not shared): +y is pinned, -y may fall
    // 10 m, the others 1 mm.
    for (size_t v = 0; v < pm.positions.size(); ++v)
        pm.channels[FloatChannel::MaxDistance][v] = v / 9 == 2 ? 0.0f : v / 9 == 3 ? 10.0f : 0.001f;
    asset.physicsMeshes.push_back(pm);
    lod.physicsMesh = 0;
    asset.lods.push_back(lod);
    return asset;
}

constexpr uint32_t kBox = 54; // vertices of one box

struct Fixture
{
    ClothingAsset asset;
    std::shared_ptr<const ClothAssetData> data;
    std::unique_ptr<ClothInstance> cloth;
    std::vector<Mat4> skinning{Mat4{}};

    explicit Fixture(const std::vector<float> &halves) : asset(boxAsset(halves))
    {
        data = buildClothAssetData(asset, 0);
        cloth = std::make_unique<ClothInstance>(data, asset.simulation);
        ClothFrame frame;
        frame.skinning = skinning;
        cloth->reset(frame);
    }
    FrameMeasures measure(const ClothLayers &layers, std::vector<BodyMesh> body,
                          const std::vector<Vec3> &graphics)
    {
        ClothMeasurer measurer(asset, 0, layers, std::move(body));
        return measurer.add(graphics, skinning, *cloth, 1.0f);
    }
};

BodyMesh boxBody(float h)
{
    GraphicsMesh m;
    appendBox(m, h);
    return {m.positions, m.indices, m.skin};
}

} // namespace

class TestClothMeasures : public QObject
{
    Q_OBJECT
private slots:
    void signedDistanceOnClosedAndOpenMeshes()
    {
        GraphicsMesh box;
        appendBox(box, 0.2f);
        const MeshDistance d(box.positions, box.indices);
        QVERIFY(std::abs(d.query({0, 0, 0}).distance + 0.2f) < 1e-6f);
        QVERIFY(std::abs(d.query({0, 0, 0.25f}).distance - 0.05f) < 1e-6f);
        // Beyond a corner: the side comes from the vertex's pseudo-normal, across the seams.
        const SurfaceDistance corner = d.query({0.3f, 0.3f, 0.3f});
        QVERIFY(std::abs(corner.distance - std::sqrt(3.0f) * 0.1f) < 1e-5f);
        QVERIFY(!corner.onOpenEdge);
        QVERIFY(d.query({0.19f, 0.19f, 0.19f}).distance < 0);
        // An open square (the +z face alone): below its edge a point is beside it.
        GraphicsMesh face;
        face.positions.assign(box.positions.begin() + 36, box.positions.begin() + 45);
        for (size_t t = 0; t < box.indices.size(); ++t)
            if (t / 24 == 4) face.indices.push_back(box.indices[t] - 36);
        QCOMPARE(face.indices.size(), size_t(24));
        const MeshDistance open(face.positions, face.indices);
        QVERIFY(std::abs(open.query({0, 0, 0.1f}).distance + 0.1f) < 1e-6f);
        QVERIFY(!open.query({0, 0, 0.1f}).onOpenEdge);
        QVERIFY(open.query({0.5f, 0, 0.1f}).onOpenEdge);
        QVERIFY_THROWS_EXCEPTION(InputError, MeshDistance(face.positions, {0, 1, 99}));
        // A blown-up vertex: the rest of the surface is still found.
        std::vector<Vec3> broken = box.positions;
        broken[0] = {std::nanf(""), 0, 0};
        MeshDistance d2(box.positions, box.indices);
        d2.update(broken);
        QVERIFY(std::abs(d2.query({0, 0, 0.25f}).distance - 0.05f) < 1e-6f);
    }

    void hintedQueriesAndRefitsFindTheSameAsAFreshSearch()
    {
        GraphicsMesh box;
        appendBox(box, 0.2f, 6);
        MeshDistance rebuilt(box.positions, box.indices), refitted = rebuilt;
        const uint32_t triangles = uint32_t(box.indices.size() / 3);
        uint32_t seed = 12345;
        auto random = [&seed] {
            seed = seed * 1664525u + 1013904223u;
            return float(seed >> 8) / float(1u << 24);
        };
        std::vector<uint32_t> carried(64, UINT32_MAX);
        for (int pose = 0; pose < 4; ++pose) {
            // The box twisted about y and stretched, a little more each pose.
            std::vector<Vec3> moved;
            for (const Vec3 &p : box.positions) {
                const float a = 0.3f * float(pose) * p.y / 0.2f;
                moved.push_back({(std::cos(a) * p.x - std::sin(a) * p.z) * (1 + 0.1f * float(pose)),
                                 p.y, std::sin(a) * p.x + std::cos(a) * p.z});
            }
            rebuilt.update(moved);
            refitted.refit(moved);
            for (size_t i = 0; i < carried.size(); ++i) {
                const Vec3 p{0.6f * random() - 0.3f, 0.6f * random() - 0.3f, 0.6f * random() - 0.3f};
                const SurfaceDistance fresh = rebuilt.query(p);
                // Any hint, none, or the closest triangle of the point in the pose before.
                uint32_t anyHint = uint32_t(random() * float(triangles)), none = UINT32_MAX;
                for (uint32_t *hint : {&anyHint, &none, &carried[i]}) {
                    const SurfaceDistance hinted = refitted.query(p, *hint);
                    QCOMPARE(hinted.distance, fresh.distance);
                    QCOMPARE(hinted.onOpenEdge, fresh.onOpenEdge);
                    QVERIFY(*hint < triangles);
                }
                QCOMPARE(refitted.query(p).distance, fresh.distance);
            }
        }
    }

    // The hierarchy's search (four boxes at a time, triangles skipped by their plane) finds
    // what measuring every triangle finds: the same nearest triangle (the lowest of equals), the
    // same closest point and the same distance, bit for bit, on a bumpy open tube measured from
    // inside, outside and far away, fresh, hinted and refitted as the tube bends; bounded
    // (queryBeyond), nothing exactly where the distance is within the bound.
    void queriesFindWhatMeasuringEveryTriangleFinds()
    {
        // A tube along y, 40 rings of 24 (the ring spacing uneven), open at both ends, with
        // bumps; a hole where four quads are left out.
        const int rings = 40, around = 24;
        auto tube = [&](float bend) {
            std::vector<Vec3> out;
            for (int j = 0; j < rings; ++j) {
                const float y = 0.6f * std::pow(float(j) / float(rings - 1), 1.3f);
                for (int i = 0; i < around; ++i) {
                    const float a = 2 * std::numbers::pi_v<float> * float(i) / float(around);
                    const float r = 0.1f + 0.01f * std::sin(3 * a + 7 * y) + 0.03f * y;
                    out.push_back({r * std::cos(a) + bend * y * y, y, r * std::sin(a)});
                }
            }
            return out;
        };
        std::vector<uint32_t> indices;
        for (int j = 0; j + 1 < rings; ++j)
            for (int i = 0; i < around; ++i) {
                if (j >= 20 && j < 22 && i >= 5 && i < 7) continue;
                const uint32_t a = uint32_t(j * around + i),
                               b = uint32_t(j * around + (i + 1) % around);
                for (uint32_t q : {a, b + uint32_t(around), b, a, a + uint32_t(around),
                                   b + uint32_t(around)})
                    indices.push_back(q);
            }
        const uint32_t triangles = uint32_t(indices.size() / 3);
        MeshDistance fresh(tube(0), indices), refitted = fresh;
        uint32_t seed = 777;
        auto random = [&seed] {
            seed = seed * 1664525u + 1013904223u;
            return float(seed >> 8) / float(1u << 24);
        };
        std::vector<uint32_t> carried(300, UINT32_MAX);
        int compared = 0, bounded = 0;
        for (float bend : {0.0f, 0.2f, 0.5f}) {
            const std::vector<Vec3> positions = tube(bend);
            fresh.update(positions);
            refitted.refit(positions);
            for (size_t k = 0; k < carried.size(); ++k) {
                // Near the wall (either side), inside, outside and far away.
                const float y = 0.7f * random() - 0.05f, a = 2 * std::numbers::pi_v<float> * random();
                const float scale = k % 3 == 0 ? 0.02f : k % 3 == 1 ? 0.2f : 2.0f;
                const float r = 0.12f + scale * (random() - 0.5f);
                const Vec3 p{r * std::cos(a) + bend * y * y, y, r * std::sin(a)};
                // Every triangle measured.
                float best = INFINITY;
                uint32_t bestTriangle = UINT32_MAX;
                Vec3 closest;
                for (uint32_t t = 0; t < triangles; ++t) {
                    int feature = 0;
                    const Vec3 q = closestOnTriangle(p, positions[indices[t * 3]],
                                                     positions[indices[t * 3 + 1]],
                                                     positions[indices[t * 3 + 2]], feature);
                    const float d = lengthSquared(p - q);
                    if (d < best) {
                        best = d;
                        bestTriangle = t;
                        closest = q;
                    }
                }
                uint32_t none = UINT32_MAX, any = uint32_t(random() * float(triangles));
                for (auto [tree, hint] : {std::pair{&fresh, &none}, std::pair{&refitted, &any},
                                          std::pair{&refitted, &carried[k]}}) {
                    const SurfaceDistance s = tree->query(p, *hint);
                    QCOMPARE(*hint, bestTriangle);
                    QCOMPARE(std::abs(s.distance), std::sqrt(best));
                    QCOMPARE(s.closest.x, closest.x);
                    QCOMPARE(s.closest.y, closest.y);
                    QCOMPARE(s.closest.z, closest.z);
                    ++compared;
                }
                // Bounded: nothing exactly where the distance is at most the bound (the bound
                // at, just below and just above it), else the same answer bit for bit.
                const float exact = std::sqrt(best);
                for (const float bound : {0.0f, std::nextafter(exact, 0.0f), exact,
                                          std::nextafter(exact, INFINITY), 0.05f}) {
                    uint32_t unhinted = UINT32_MAX, hinted = bestTriangle,
                             other = uint32_t(random() * float(triangles));
                    for (MeshDistance *tree : {&fresh, &refitted})
                        for (uint32_t *hint : {&unhinted, &hinted, &other}) {
                            const std::optional<SurfaceDistance> s = tree->queryBeyond(p, *hint, bound);
                            QCOMPARE(s.has_value(), exact > bound);
                            ++bounded;
                            if (!s) continue;
                            QCOMPARE(*hint, bestTriangle);
                            QCOMPARE(std::abs(s->distance), exact);
                            QCOMPARE(s->closest.x, closest.x);
                            QCOMPARE(s->closest.y, closest.y);
                            QCOMPARE(s->closest.z, closest.z);
                            QCOMPARE(s->distance, tree->query(p).distance);
                        }
                }
            }
        }
        QCOMPARE(compared, 3 * 3 * 300);
        QCOMPARE(bounded, 3 * 300 * 5 * 6);
    }

    void riderPushedThroughTheShellBy3mmCountsBy1mmDoesNot()
    {
        // Shell: the 0.2 box; rider: the 0.19 box inside it.
        Fixture f({0.2f, 0.19f});
        ClothLayers layers;
        layers.shells = {{0, kBox}};
        layers.riders = {{{kBox, kBox}, 0}};
        std::vector<Vec3> graphics = f.asset.lods[0].mesh.positions;
        const uint32_t v = plusZCentre(kBox);
        QCOMPARE(graphics[v].z, 0.19f);
        const FrameMeasures rest = f.measure(layers, {}, graphics);
        QCOMPARE(rest.layerVertices, uint64_t(kBox));
        QCOMPARE(rest.layerPokes, uint64_t(0));
        graphics[v].z = 0.2f + 0.003f;
        FrameMeasures m = f.measure(layers, {}, graphics);
        QCOMPARE(m.layerPokes, uint64_t(1));
        QCOMPARE(m.layerPokeThrough(), 1.0 / kBox);
        graphics[v].z = 0.2f + 0.001f;
        m = f.measure(layers, {}, graphics);
        QCOMPARE(m.layerPokes, uint64_t(0));
        // No riders: nothing measured.
        ClothLayers bare;
        bare.shells = {{0, kBox}};
        m = f.measure(bare, {}, graphics);
        QCOMPARE(m.layerVertices, uint64_t(0));
        QCOMPARE(m.layerPokeThrough(), 0.0);
    }

    void aLiningRidesOnTheShellItLiesUnderNotTheFirstPart()
    {
        // Parts in the order a character may list them: a cape (0.25), the coat (0.2) under
        // it, the coat's lining (0.19) under the coat. The lining rides on the coat.
        Fixture f({0.25f, 0.2f, 0.19f});
        GraphicsMesh &mesh = f.asset.lods[0].mesh;
        const uint32_t boxTriangles = uint32_t(mesh.triangleCount() / 3);
        mesh.submeshes = {{"Cape", {}, {}, 0, boxTriangles, LayerRole::Shell},
                          {"Coat", {}, {}, boxTriangles, boxTriangles, LayerRole::Shell},
                          {"CoatLining", {}, {}, 2 * boxTriangles, boxTriangles, LayerRole::Rider}};
        const ClothLayers layers = garmentLayers(f.asset, 0);
        QCOMPARE(layers.shells.size(), size_t(2));
        QCOMPARE(layers.shells[0].first, kBox); // the coat, innermost
        QCOMPARE(layers.shells[1].first, 0u);   // the cape
        QCOMPARE(layers.riders.size(), size_t(1));
        QCOMPARE(layers.riders[0].vertices.first, 2 * kBox);
        QCOMPARE(layers.riders[0].shell, 0);
        // Through the coat by 3 mm (still 4.7 cm under the cape): a poke-through of its shell.
        std::vector<Vec3> graphics = mesh.positions;
        const uint32_t v = plusZCentre(2 * kBox);
        graphics[v].z = 0.2f + 0.003f;
        QCOMPARE(f.measure(layers, {}, graphics).layerPokes, uint64_t(1));
        // The cape blown in past the lining while the coat holds it: the coat's lining does
        // not show; what shows is the cape in the coat, a shell poke-through.
        graphics = mesh.positions;
        for (uint32_t c = 4 * 9; c < 5 * 9; ++c)
            graphics[c].z = 0.18f;
        const FrameMeasures m = f.measure(layers, {}, graphics);
        QCOMPARE(m.layerPokes, uint64_t(0));
        QVERIFY(m.shellPokes > 0);
    }

    void outerShellPushedIntoTheInnerBy3mmCountsBy1mmDoesNot()
    {
        // Inner shell: the 0.19 box (listed first); outer shell: the 0.2 box.
        Fixture f({0.2f, 0.19f});
        ClothLayers layers;
        layers.shells = {{kBox, kBox}, {0, kBox}};
        std::vector<Vec3> graphics = f.asset.lods[0].mesh.positions;
        const uint32_t v = plusZCentre(0);
        QCOMPARE(f.measure(layers, {}, graphics).shellPokes, uint64_t(0));
        graphics[v].z = 0.19f - 0.003f;
        FrameMeasures m = f.measure(layers, {}, graphics);
        QCOMPARE(m.shellVertices, uint64_t(kBox));
        QCOMPARE(m.shellPokes, uint64_t(1));
        QCOMPARE(m.shellPokeThrough(), 1.0 / kBox);
        graphics[v].z = 0.19f - 0.001f;
        QCOMPARE(f.measure(layers, {}, graphics).shellPokes, uint64_t(0));
    }

    void bodyThroughTheGarmentBy3mmCountsBy1mmDoesNot()
    {
        // Garment: the 0.2 box; body: a 0.18 box inside it. The garment's +z centre is pushed
        // in past the body's +z centre.
        Fixture f({0.2f});
        const ClothLayers layers = garmentLayers(f.asset, 0);
        std::vector<Vec3> graphics = f.asset.lods[0].mesh.positions;
        const uint32_t v = plusZCentre(0);
        FrameMeasures m = f.measure(layers, {boxBody(0.18f)}, graphics);
        QCOMPARE(m.bodyVertices, uint64_t(kBox));
        QCOMPARE(m.bodyPokes, uint64_t(0));
        graphics[v].z = 0.18f - 0.0031f; // 3 mm along the dent's slightly tilted faces
        m = f.measure(layers, {boxBody(0.18f)}, graphics);
        QCOMPARE(m.bodyPokes, uint64_t(1));
        QCOMPARE(m.bodyPokeThrough(), 1.0 / kBox);
        graphics[v].z = 0.18f - 0.001f;
        QCOMPARE(f.measure(layers, {boxBody(0.18f)}, graphics).bodyPokes, uint64_t(0));
        // A body outside the garment is not counted at all.
        m = f.measure(layers, {boxBody(0.3f)}, graphics);
        QCOMPARE(m.bodyVertices, uint64_t(0));
    }

    void volumeProtrusionOfASphereInABox()
    {
        GraphicsMesh box;
        appendBox(box, 0.2f);
        const MeshDistance body(box.positions, box.indices);
        CollisionVolume sphere;
        sphere.shape = CollisionShape::Sphere;
        sphere.radius = 0.15f;
        QCOMPARE(volumeProtrusion(sphere, Mat4{}, body), 0.0f);
        sphere.local.translation = {0.08f, 0, 0}; // reaches x = 0.23: 3 cm out
        QVERIFY(std::abs(volumeProtrusion(sphere, Mat4{}, body, 2000) - 0.03f) < 1e-3f);
        // The bone's matrix moves the volume.
        sphere.local.translation = {};
        QVERIFY(std::abs(volumeProtrusion(sphere, Mat4::translation({0, 0.1f, 0}), body, 2000) -
                         0.05f) < 1e-3f);
        CollisionVolume capsule;
        capsule.shape = CollisionShape::Capsule;
        capsule.radius = capsule.radius2 = 0.05f;
        capsule.halfHeight = 0.17f; // reaches y = +-0.22
        const float p = volumeProtrusion(capsule, Mat4{}, body, 2000);
        QVERIFY2(std::abs(p - 0.02f) < 1e-3f, qPrintable(QString::number(p)));
        for (const Vec3 &q : volumeSurfaceSamples(capsule, {}))
            QVERIFY(std::abs(colliderDistance(colliderPose(capsule, {}, 0), q)) < 1e-5f);
    }

    void maxDistanceHitShareOfAHangingBox()
    {
        // Gravity pulls the four side faces to their 1 mm limit in a second; the bottom falls
        // less than its 10 m, the top is pinned.
        Fixture f({0.2f});
        const ClothLayers layers = garmentLayers(f.asset, 0);
        std::vector<Vec3> graphics;
        f.cloth->deformGraphics(graphics, nullptr);
        QCOMPARE(f.measure(layers, {}, graphics).maxDistanceHits, uint64_t(0));
        ClothFrame frame;
        frame.skinning = f.skinning;
        frame.dt = 1.0f / 30.0f;
        for (int i = 0; i < 30; ++i)
            f.cloth->update(frame);
        f.cloth->deformGraphics(graphics, nullptr);
        const FrameMeasures m = f.measure(layers, {}, graphics);
        QCOMPARE(m.physicsVertices, uint64_t(kBox));
        QCOMPARE(m.maxDistanceHits, uint64_t(4 * 9));
        QCOMPARE(m.maxDistanceHitShare(), 36.0 / kBox);
        QVERIFY(f.cloth->positions()[3 * 9].y < -0.2f - 0.5f); // the bottom did fall
    }

    void clipMeasuresSumTheFrames()
    {
        Fixture f({0.2f, 0.19f});
        ClothLayers layers;
        layers.shells = {{0, kBox}};
        layers.riders = {{{kBox, kBox}, 0}};
        ClothMeasurer measurer(f.asset, 0, layers, {});
        std::vector<Vec3> graphics = f.asset.lods[0].mesh.positions;
        measurer.add(graphics, f.skinning, *f.cloth, 1.0f);
        graphics[plusZCentre(kBox)].z = 0.21f;
        graphics[plusZCentre(kBox) - 1].z = 0.21f;
        measurer.add(graphics, f.skinning, *f.cloth, 1.0f);
        const ClipMeasures c = measurer.result();
        QCOMPARE(c.frames, 2);
        QCOMPARE(c.sum.layerPokes, uint64_t(2));
        QCOMPARE(c.sum.layerPokeThrough(), 2.0 / (2 * kBox));
        QCOMPARE(c.worstFrame, 1);
        // Layers outside the mesh are refused.
        ClothLayers bad;
        bad.shells = {{0, 1000}};
        QVERIFY_THROWS_EXCEPTION(InputError, ClothMeasurer(f.asset, 0, bad, {}));
        bad.shells = {{0, kBox}};
        bad.riders = {{{kBox, kBox}, 3}};
        QVERIFY_THROWS_EXCEPTION(InputError, ClothMeasurer(f.asset, 0, bad, {}));
    }

    void skinnedPoseKeptAcrossPassesGivesTheSameMeasures()
    {
        // Outer shell 0.2, inner shell 0.19, a lining 0.185 riding on the outer shell, a body
        // 0.18 inside; one bone turning and moving frame by frame. Each pass pushes other
        // vertices through: the rider out of its shell, the outer shell into the inner one, the
        // garment into the body.
        Fixture f({0.2f, 0.19f, 0.185f});
        ClothLayers layers;
        layers.shells = {{kBox, kBox}, {0, kBox}};
        layers.riders = {{{2 * kBox, kBox}, 1}};
        const std::vector<BodyMesh> body{boxBody(0.18f)};
        constexpr int kFrames = 6;
        std::vector<std::vector<Mat4>> skinning(kFrames);
        for (int i = 0; i < kFrames; ++i) {
            Transform t;
            t.translation = {0.01f * float(i), 0.02f * float(i), 0};
            t.rotation = axisAngle(normalize(Vec3{1, 2, 0.5f}), 0.3f * float(i));
            skinning[size_t(i)] = {Mat4::fromTransform(t)};
        }
        const std::vector<Vec3> &rest = f.asset.lods[0].mesh.positions;
        auto graphicsOf = [&](int pass, int i) {
            std::vector<Vec3> g = rest;
            const uint32_t moved = uint32_t(i + pass) % 9;
            g[plusZCentre(2 * kBox) - 4 + moved].z = 0.2f + 0.003f;       // rider out
            g[plusZCentre(0) - 4 + moved].z = 0.19f - 0.003f * float(pass); // outer into inner
            g[plusZCentre(0) - 4 + (moved + 3) % 9].z = 0.18f - 0.004f * float(1 - pass);
            for (Vec3 &p : g) p = skinning[size_t(i)][0].transformPoint(p);
            return g;
        };
        auto fieldsOf = [](const FrameMeasures &m) {
            return std::vector<double>{double(m.layerPokes),  double(m.layerVertices),
                                       double(m.shellPokes),  double(m.shellVertices),
                                       double(m.bodyPokes),   double(m.bodyVertices),
                                       double(m.maxDistanceHits), double(m.volumeProtrusion),
                                       double(m.maxStretch)};
        };
        ClothMeasureSettings plain;
        plain.recordOffenders = true;
        SkinnedPoseMeasures kept;
        ClothMeasureSettings keeping = plain;
        keeping.skinnedPose = &kept;
        uint64_t pokes[2] = {0, 0};
        for (int pass = 0; pass < 2; ++pass) {
            // The second pass sees frame 2 with other skinning: measured afresh.
            if (pass == 1) skinning[2][0] = Mat4::fromTransform(Transform{});
            ClothMeasurer fresh(f.asset, 0, layers, body, plain);
            ClothMeasurer reusing(f.asset, 0, layers, body, keeping);
            for (int i = 0; i < kFrames; ++i) {
                const std::vector<Vec3> g = graphicsOf(pass, i);
                const FrameMeasures a = fresh.add(g, skinning[size_t(i)], *f.cloth, 1.0f);
                const FrameMeasures b = reusing.add(g, skinning[size_t(i)], *f.cloth, 1.0f);
                QCOMPARE(fieldsOf(b), fieldsOf(a));
                QCOMPARE(reusing.lastOffenders().riders, fresh.lastOffenders().riders);
                QCOMPARE(reusing.lastOffenders().shells, fresh.lastOffenders().shells);
                QCOMPARE(reusing.lastOffenders().body, fresh.lastOffenders().body);
                pokes[pass] += a.layerPokes + a.shellPokes + a.bodyPokes;
                // The body the measurer posed for this frame, as a surface made of it.
                const BodyMesh &m = body.front();
                std::vector<Vec3> posed;
                for (const Vec3 &p : m.positions) posed.push_back(skinning[size_t(i)][0].transformPoint(p));
                const MeshDistance direct(posed, m.indices);
                for (const Vec3 &q : {Vec3{0.05f, 0.3f, 0.1f}, Vec3{-0.2f, 0.0f, 0.01f}})
                    QCOMPARE(reusing.posedBody().front().query(q).distance, direct.query(q).distance);
            }
            QCOMPARE(kept.frames.size(), size_t(kFrames));
            QCOMPARE(kept.frames[2].skinning, skinning[2]);
        }
        // The passes measured something: the skinned pose's findings were not empty.
        QVERIFY(pokes[0] > 0 && pokes[1] > 0);
        QVERIFY(!kept.frames[0].riders[0].empty() && !kept.frames[0].shells[0].empty() &&
                !kept.frames[0].body[0].empty());
    }
};

QTEST_APPLESS_MAIN(TestClothMeasures)
#include "test_cloth_measures.moc"
