// createAsset and regeneratePhysicsMesh on a character made in code.
#include "physics_test_meshes.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/simulation_settings.h"
#include "tweed/skin_map.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tweed;
using namespace tweed::test;

namespace {

Character makeCharacter()
{
    Character c;
    c.skeleton = makeSpine(1.0f);
    GraphicsMesh body = makeTube(0.15f, 1.0f, 12, 6, "body");
    body.submeshes[0].material = "skin";
    c.meshes.push_back(body);
    GraphicsMesh skirt = makeTube(0.25f, 0.6f, 24, 6, "skirt");
    c.meshes.push_back(skirt);
    GraphicsMesh sash = makeTube(0.26f, 0.1f, 24, 1, "sash");
    for (Vec3 &p : sash.positions)
        p.y += 0.6f;
    c.meshes.push_back(sash);
    GraphicsMesh prop = makeGrid(2, 2, 0.1f);
    prop.name = "prop";
    c.meshes.push_back(prop);
    c.meshSkinnedInSource = {true, true, true, false};
    c.sourceUnits.metresPerUnit = 0.01f;
    return c;
}

template <class F> std::string errorOf(F &&f)
{
    try {
        f();
    } catch (const InputError &e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestPhysicsCreateAsset : public QObject
{
    Q_OBJECT

private slots:
    void garmentMeshesMerged();
    void defaultsToGuessedGarment();
    void sourceReference();
    void everyMethodNameIsHonoured();
    void badInput();
    void maxDistanceFromTheTop();
    void regenerate();
    void regenerateIsAllOrNothing();
    void levelsOfDetail();
};

void TestPhysicsCreateAsset::garmentMeshesMerged()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"skirt", "sash"};
    options.maxDistance = 0.07f;
    options.preset = "silk";
    const ClothingAsset asset = createAsset(c, options);
    QCOMPARE(asset.lods.size(), size_t(1));
    const GraphicsLod &lod = asset.lods[0];
    QCOMPARE(lod.mesh.vertexCount(), c.meshes[1].vertexCount() + c.meshes[2].vertexCount());
    QCOMPARE(lod.mesh.submeshes.size(), size_t(2));
    QCOMPARE(lod.mesh.submeshes[0].name, std::string("skirt"));
    QCOMPARE(lod.mesh.submeshes[1].name, std::string("sash"));
    QCOMPARE(lod.mesh.submeshes[1].firstTriangle, uint32_t(c.meshes[1].triangleCount()));
    QCOMPARE(lod.mesh.submeshes[0].material, std::string("cloth"));
    // The sash's indices point at its own vertices after the skirt's.
    QCOMPARE(lod.mesh.positions[lod.mesh.indices[3 * c.meshes[1].triangleCount()]],
             c.meshes[2].positions[c.meshes[2].indices[0]]);
    QCOMPARE(asset.skeleton, c.skeleton);
    QCOMPARE(lod.channels.vertexCount(), lod.mesh.vertexCount());
    for (float d : lod.channels[FloatChannel::MaxDistance])
        QCOMPARE(d, 0.07f);
    QCOMPARE(asset.presetName, std::string("silk"));
    QCOMPARE(asset.simulation, findPreset("silk")->settings);

    QCOMPARE(asset.physicsMeshes.size(), size_t(1));
    QCOMPARE(lod.physicsMesh, 0);
    const PhysicsMesh &pm = asset.physicsMeshes[0];
    QCOMPARE(pm.report.components, 2u);
    QCOMPARE(pm.report.vertices, uint32_t(24 * 7 + 24 * 2));
    QCOMPARE(pm.channels[FloatChannel::MaxDistance].size(), pm.positions.size());
    QCOMPARE(pm.channels[FloatChannel::MaxDistance][5], 0.07f);
    QCOMPARE(lod.skinMap.bindings.size(), lod.mesh.vertexCount());
    QCOMPARE(pm.report.skinMapFailures, 0u);
    std::vector<Vec3> positions(lod.mesh.vertexCount());
    applySkinMap(lod.skinMap, pm.indices, pm.positions,
                 computeVertexNormals(pm.positions, pm.indices), positions, nullptr);
    QVERIFY(maxDistanceBetween(positions, lod.mesh.positions) < 1e-5f);
}

void TestPhysicsCreateAsset::defaultsToGuessedGarment()
{
    const Character c = makeCharacter();
    const ClothingAsset asset = createAsset(c, {});
    // The garment is guessed: the skirt lying outside the body, not the body inside it nor the
    // unskinned prop.
    std::vector<std::string> names;
    for (const Submesh &sub : asset.lods[0].mesh.submeshes)
        names.push_back(sub.name);
    QVERIFY2(std::find(names.begin(), names.end(), "skirt") != names.end(), names.front().c_str());
    QVERIFY(std::find(names.begin(), names.end(), "body") == names.end());
    QVERIFY(std::find(names.begin(), names.end(), "prop") == names.end());
    QCOMPARE(asset.presetName, std::string("tweed"));
    QCOMPARE(asset.source.units.metresPerUnit, 0.01f);
    QVERIFY(asset.source.path.empty());
}

void TestPhysicsCreateAsset::sourceReference()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string root = dir.path().toStdString();
    const std::string characterPath = root + "/characters/hero.gltf";
    QVERIFY(QDir().mkpath(QString::fromStdString(root + "/characters")));
    writeFileAtomically(characterPath, "not really glTF, but bytes to hash");
    Character c = makeCharacter();
    c.sourcePath = characterPath;
    CreateAssetOptions options;
    options.assetPath = root + "/assets/hero.tweed";
    const ClothingAsset asset = createAsset(c, options);
    QCOMPARE(asset.source.path, std::string("../characters/hero.gltf"));
    QCOMPARE(asset.source.contentHash, contentHash("not really glTF, but bytes to hash"));
    QCOMPARE(asset.name, std::string("hero"));
}

void TestPhysicsCreateAsset::everyMethodNameIsHonoured()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"skirt"};
    options.generation.method = GenerationMethod::Immediate;
    QCOMPARE(createAsset(c, options).physicsMeshes[0].report.vertices, uint32_t(25 * 7));
    options.generation.method = GenerationMethod::Weld;
    QCOMPARE(createAsset(c, options).physicsMeshes[0].report.vertices, uint32_t(24 * 7));
    options.generation.normals = NormalSource::Bones;
    QCOMPARE(createAsset(c, options).physicsMeshes[0].settings.normals, NormalSource::Bones);
    options.generation.submeshes = {"skirt"};
    QCOMPARE(createAsset(c, options).physicsMeshes[0].settings.submeshes,
             std::vector<std::string>{"skirt"});
}

void TestPhysicsCreateAsset::badInput()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"cape"};
    std::string e = errorOf([&] { createAsset(c, options); });
    QVERIFY2(e.find("cape") != std::string::npos && e.find("skirt") != std::string::npos &&
                 e.find("prop") != std::string::npos,
             e.c_str());

    options = {};
    options.preset = "chainmail";
    e = errorOf([&] { createAsset(c, options); });
    QVERIFY2(e.find("chainmail") != std::string::npos && e.find("tweed") != std::string::npos &&
                 e.find("silk") != std::string::npos,
             e.c_str());

    options = {};
    options.generation.weldTolerance = -0.1f;
    QVERIFY(!errorOf([&] { createAsset(c, options); }).empty());
    options = {};
    options.generation.voxelSize = std::nanf("");
    QVERIFY(!errorOf([&] { createAsset(c, options); }).empty());
    options = {};
    options.maxDistance = std::nanf("");
    QVERIFY(!errorOf([&] { createAsset(c, options); }).empty());
    for (float share : {-0.1f, 1.5f, std::nanf("")}) {
        options = {};
        options.pinnedTop = share;
        e = errorOf([&] { createAsset(c, options); });
        QVERIFY2(e.find("pinned top") != std::string::npos, e.c_str());
    }
    options = {};
    options.generation.method = GenerationMethod::Simplify;
    QVERIFY(!errorOf([&] { createAsset(c, options); }).empty());

    Character unskinned = makeCharacter();
    unskinned.meshSkinnedInSource = {false, false, false, false};
    e = errorOf([&] { createAsset(unskinned, {}); });
    QVERIFY2(e.find("skinned") != std::string::npos, e.c_str());

    Character missingFile = makeCharacter();
    missingFile.sourcePath = "/nonexistent/character.fbx";
    QVERIFY_THROWS_EXCEPTION(FileError, createAsset(missingFile, {}));
}

void TestPhysicsCreateAsset::maxDistanceFromTheTop()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"skirt"};
    options.maxDistance = 0.2f;
    options.pinnedTop = 0.25f;
    const ClothingAsset asset = createAsset(c, options);
    const GraphicsMesh &mesh = asset.lods[0].mesh;
    const std::vector<float> &values = asset.lods[0].channels[FloatChannel::MaxDistance];
    float top = -1e9f, bottom = 1e9f;
    for (const Vec3 &p : mesh.positions) {
        top = std::max(top, p.y);
        bottom = std::min(bottom, p.y);
    }
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        const float depth = (top - mesh.positions[v].y) / (top - bottom);
        const float expected = depth <= 0.25f ? 0.0f : 0.2f * (depth - 0.25f) / 0.75f;
        QVERIFY(std::abs(values[v] - expected) < 1e-5f);
        if (mesh.positions[v].y == bottom)
            QVERIFY(std::abs(values[v] - 0.2f) < 1e-6f);
    }
    // Held vertices are what the solver anchors tethers to: they reach the physics mesh.
    const PhysicsMesh &physics = asset.physicsMeshes[0];
    size_t held = 0;
    for (float d : physics.channels[FloatChannel::MaxDistance])
        held += d == 0.0f;
    QVERIFY(held > 0 && held < physics.vertexCount());

    options.pinnedTop = 0.0f; // uniform
    const ClothingAsset uniform = createAsset(c, options);
    for (float d : uniform.lods[0].channels[FloatChannel::MaxDistance])
        QCOMPARE(d, 0.2f);
}

void TestPhysicsCreateAsset::regenerate()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"skirt"};
    ClothingAsset asset = createAsset(c, options);
    // A painted value survives regeneration: it lives on the graphics mesh.
    std::fill(asset.lods[0].channels[FloatChannel::BackstopRadius].begin(),
              asset.lods[0].channels[FloatChannel::BackstopRadius].end(), 0.3f);
    GenerationSettings settings;
    settings.method = GenerationMethod::Immediate;
    regeneratePhysicsMesh(asset, 0, settings);
    QCOMPARE(asset.physicsMeshes.size(), size_t(1));
    QCOMPARE(asset.physicsMeshes[0].report.vertices, uint32_t(25 * 7));
    QCOMPARE(asset.physicsMeshes[0].settings.method, GenerationMethod::Immediate);
    for (float r : asset.physicsMeshes[0].channels[FloatChannel::BackstopRadius])
        QCOMPARE(r, 0.3f);
    QCOMPARE(asset.lods[0].skinMap.bindings.size(), asset.lods[0].mesh.vertexCount());
}

void TestPhysicsCreateAsset::regenerateIsAllOrNothing()
{
    const Character c = makeCharacter();
    ClothingAsset asset = createAsset(c, {});
    const ClothingAsset before = asset;
    GenerationSettings bad;
    bad.submeshes = {"nope"};
    QVERIFY_THROWS_EXCEPTION(InputError, regeneratePhysicsMesh(asset, 0, bad));
    QVERIFY(asset == before);
    QVERIFY_THROWS_EXCEPTION(InputError, regeneratePhysicsMesh(asset, 3, {}));
    QVERIFY(asset == before);
    GenerationSettings immediate;
    immediate.method = GenerationMethod::Immediate;
    int calls = 0;
    const ProgressCallback cancelLate = [&](float, std::string_view) { return ++calls < 3; };
    QVERIFY_THROWS_EXCEPTION(Cancelled, regeneratePhysicsMesh(asset, 0, immediate, cancelLate));
    QVERIFY(asset == before);
}

void TestPhysicsCreateAsset::levelsOfDetail()
{
    const Character c = makeCharacter();
    CreateAssetOptions options;
    options.garmentMeshes = {"skirt"};
    options.maxDistance = 0.04f;
    ClothingAsset asset = createAsset(c, options);
    // Paint a gradient on LoD 0 that a coarser LoD must receive.
    GraphicsLod &first = asset.lods[0];
    for (size_t v = 0; v < first.mesh.vertexCount(); ++v)
        first.channels[FloatChannel::BackstopRadius][v] = first.mesh.positions[v].y;

    // LoD 1 shares LoD 0's physics mesh; LoD 2 gets its own (immediate).
    const size_t shared = addGraphicsLod(asset, makeTube(0.25f, 0.6f, 12, 3, "skirt_lod1"),
                                         {0, {}});
    QCOMPARE(shared, size_t(1));
    QCOMPARE(asset.physicsMeshes.size(), size_t(1));
    QCOMPARE(asset.lods[1].physicsMesh, 0);
    LodOptions own;
    own.generation.method = GenerationMethod::Immediate;
    const size_t separate = addGraphicsLod(asset, makeTube(0.25f, 0.6f, 8, 2, "skirt_lod2"), own);
    QCOMPARE(separate, size_t(2));
    QCOMPARE(asset.physicsMeshes.size(), size_t(2));
    QCOMPARE(asset.lods[2].physicsMesh, 1);
    QCOMPARE(asset.physicsMeshes[1].report.vertices, uint32_t(9 * 3));

    for (size_t l = 1; l < 3; ++l) {
        const GraphicsLod &lod = asset.lods[l];
        QCOMPARE(lod.channels.vertexCount(), lod.mesh.vertexCount());
        for (size_t v = 0; v < lod.mesh.vertexCount(); ++v) {
            QVERIFY(std::abs(lod.channels[FloatChannel::MaxDistance][v] - 0.04f) < 1e-6f);
            // The LoDs' vertices lie on LoD 0's rings, so the linear gradient arrives exactly.
            QVERIFY(std::abs(lod.channels[FloatChannel::BackstopRadius][v] -
                             lod.mesh.positions[v].y) < 1e-4f);
        }
        const PhysicsMesh &pm = asset.physicsMeshes[size_t(lod.physicsMesh)];
        std::vector<Vec3> positions(lod.mesh.vertexCount());
        applySkinMap(lod.skinMap, pm.indices, pm.positions,
                     computeVertexNormals(pm.positions, pm.indices), positions, nullptr);
        QVERIFY(maxDistanceBetween(positions, lod.mesh.positions) < 1e-5f);
    }

    // Regenerating a shared physics mesh rebinds every LoD that uses it.
    GenerationSettings immediate;
    immediate.method = GenerationMethod::Immediate;
    regeneratePhysicsMesh(asset, 1, immediate);
    QCOMPARE(asset.lods[0].physicsMesh, 0);
    QCOMPARE(asset.physicsMeshes[0].report.vertices, uint32_t(13 * 4)); // from LoD 1's mesh
    QCOMPARE(asset.lods[0].skinMap.bindings.size(), asset.lods[0].mesh.vertexCount());

    // Sharing LoD 0's mesh with LoD 2 drops LoD 2's own physics mesh.
    sharePhysicsMesh(asset, 2, 0);
    QCOMPARE(asset.physicsMeshes.size(), size_t(1));
    QCOMPARE(asset.lods[2].physicsMesh, 0);
    QVERIFY_THROWS_EXCEPTION(InputError, sharePhysicsMesh(asset, 5, 0));
    const ClothingAsset before = asset;
    LodOptions badShare;
    badShare.sharePhysicsMeshOf = 9;
    QVERIFY_THROWS_EXCEPTION(InputError, addGraphicsLod(asset, makeTube(0.25f, 0.6f, 8, 2), badShare));
    QVERIFY(asset == before);
}

QTEST_APPLESS_MAIN(TestPhysicsCreateAsset)
#include "test_physics_create_asset.moc"
