// The exports: glTF of the physics mesh with its channels and collision volumes, the point
// cache and the baked cloth-driven bones. Each passes Khronos' glTF validator, re-imports through
// Assimp with the right counts and values, and the baked bones reproduce the simulation within
// 1 mm, also when evaluated from the written file. Validation lists what a target cannot hold.
#include "game_test_support.h"

#include "tweed/clip_simulation.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <QTemporaryDir>

#include <cmath>
#include <cstring>

using namespace tweed;

class TestExports : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void gltfPhysics();
    void gltfPhysicsInSourceUnits();
    void validationListsWhatIsLost();
    void pointCache();
    void bakedBones();
    void bakedBonesOnABudget();
    void runTimeBonesReproduceTheBake();
    void cooking();

private:
    void checkValid(const QString &file);
    ExportOptions walk(ExportFormat format, int frames) const;

    QTemporaryDir mDir;
    test::SampleGarment mSample;
};

void TestExports::initTestCase()
{
    QVERIFY(mDir.isValid());
    mSample = test::makeSampleGarment();
    ClothingAsset &a = mSample.asset;
    // Three collision volumes of different shapes, two on bones, one fixed in model space.
    const int spine = a.skeleton.find(a.skeleton.bones[1].name);
    CollisionVolume torso;
    torso.name = "torso";
    torso.bone = spine;
    torso.radii = {0.18f, 0.3f, 0.12f};
    torso.local.translation = {0, 0.1f, 0};
    torso.local.rotation = axisAngle({0, 0, 1}, 0.3f);
    CollisionVolume arm = torso;
    arm.name = "arm";
    arm.shape = CollisionShape::Capsule;
    arm.radius = 0.05f;
    arm.halfHeight = 0.15f;
    CollisionVolume floor;
    floor.name = "floor";
    floor.shape = CollisionShape::Plane;
    floor.bone = -1;
    a.collisionVolumes = {torso, arm, floor};
}

void TestExports::checkValid(const QString &file)
{
    bool ran = false;
    const QJsonObject report = test::validateGltf(file, &ran);
    if (!ran) QSKIP("Khronos' glTF validator cannot run on this machine (no node/npm)");
    const QStringList problems = test::validatorProblems(report);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    QCOMPARE(report["issues"].toObject()["numErrors"].toInt(), 0);
}

ExportOptions TestExports::walk(ExportFormat format, int frames) const
{
    ExportOptions o;
    o.format = format;
    const Character &c = mSample.character;
    o.clip = retargetClip(c.clips[size_t(c.findClip("Walk"))], c.skeleton, mSample.asset.skeleton);
    o.frames = frames;
    return o;
}

void TestExports::gltfPhysics()
{
    const ClothingAsset &a = mSample.asset;
    const QString file = mDir.filePath("physics.gltf");
    const ExportReport report = exportAsset(a, file.toStdString(), {});
    QVERIFY(report.unrepresented.empty());
    QCOMPARE(report.meshes, 2u); // the physics mesh and the graphics LoD
    checkValid(file);

    // The channels as custom attributes, value for value.
    const tinygltf::Model m = test::loadGltf(file);
    const PhysicsMesh &p = a.physicsMeshes[0];
    const tinygltf::Primitive &prim = m.meshes[0].primitives[0];
    QCOMPARE(test::readFloats(m, prim.attributes.at("_MAX_DISTANCE")),
             p.channels[FloatChannel::MaxDistance]);
    QCOMPARE(test::readFloats(m, prim.attributes.at("_BACKSTOP_RADIUS")),
             p.channels[FloatChannel::BackstopRadius]);
    QCOMPARE(test::readFloats(m, prim.attributes.at("_BACKSTOP_DISTANCE")),
             p.channels[FloatChannel::BackstopDistance]);
    QCOMPARE(test::readFloats(m, prim.attributes.at("_MASS_SCALE")),
             p.channels[FloatChannel::MassScale]);
    const std::vector<uint16_t> latch = test::readShorts(m, prim.attributes.at("_LATCH_MASTER"));
    for (size_t v = 0; v < p.vertexCount(); ++v)
        QCOMPARE(uint32_t(latch[2 * v]) | uint32_t(latch[2 * v + 1]) << 16,
                 p.channels[MaskChannel::LatchMaster][v]);
    // The graphics LoD carries its skin map.
    const tinygltf::Primitive &gprim = m.meshes[1].primitives[0];
    const std::vector<float> uvh = test::readFloats(m, gprim.attributes.at("_SKIN_MAP_POSITION"));
    QCOMPARE(uvh[0], a.lods[0].skinMap.bindings[0].position.x);
    // Collision volumes: nodes with extras, under their bones.
    int volumes = 0;
    for (const tinygltf::Node &n : m.nodes) {
        if (!n.extras.Has("tweed_collision")) continue;
        ++volumes;
        const tinygltf::Value &c = n.extras.Get("tweed_collision");
        if (n.name == "torso") {
            QCOMPARE(c.Get("shape").Get<std::string>(), std::string("ellipsoid"));
            QCOMPARE(float(c.Get("radii").Get(1).GetNumberAsDouble()), 0.3f);
            QCOMPARE(float(n.translation[1]), 0.1f);
        }
    }
    QCOMPARE(volumes, 3);
    QVERIFY(m.scenes[0].extras.Get("simulation").Has("stretch_compliance"));

    // Through Assimp: the meshes with their vertex counts, positions and bones.
    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(file.toStdString(), 0);
    QVERIFY2(scene, importer.GetErrorString());
    QCOMPARE(scene->mNumMeshes, 2u);
    const aiMesh *pm = scene->mMeshes[0];
    QCOMPARE(size_t(pm->mNumVertices), p.vertexCount());
    QCOMPARE(size_t(pm->mNumFaces), p.triangleCount());
    for (size_t v = 0; v < p.vertexCount(); v += 97) {
        QCOMPARE(pm->mVertices[v].x, p.positions[v].x);
        QCOMPARE(pm->mVertices[v].y, p.positions[v].y);
        QCOMPARE(pm->mVertices[v].z, p.positions[v].z);
    }
    QVERIFY(pm->mNumBones > 0);
    QCOMPARE(size_t(scene->mMeshes[1]->mNumVertices), a.lods[0].mesh.vertexCount());
    QVERIFY(scene->mRootNode->FindNode("torso"));
}

void TestExports::gltfPhysicsInSourceUnits()
{
    // Centimetres, Z up: every position, distance and radius converted, still a valid file.
    ExportOptions o;
    o.transform = sourceExportTransform({0.01f, UpAxis::Z});
    QCOMPARE(o.transform.scale, 100.0f);
    const QString file = mDir.filePath("physics_cm_zup.glb");
    exportAsset(mSample.asset, file.toStdString(), o);
    checkValid(file);
    const tinygltf::Model m = test::loadGltf(file);
    const PhysicsMesh &p = mSample.asset.physicsMeshes[0];
    const std::vector<float> pos =
        test::readFloats(m, m.meshes[0].primitives[0].attributes.at("POSITION"));
    const std::vector<float> md =
        test::readFloats(m, m.meshes[0].primitives[0].attributes.at("_MAX_DISTANCE"));
    for (size_t v = 0; v < p.vertexCount(); v += 101) {
        QVERIFY(std::abs(pos[3 * v] - 100 * p.positions[v].x) < 1e-4f);
        QVERIFY(std::abs(pos[3 * v + 1] + 100 * p.positions[v].z) < 1e-4f);
        QVERIFY(std::abs(pos[3 * v + 2] - 100 * p.positions[v].y) < 1e-4f);
        QVERIFY(std::abs(md[v] - 100 * p.channels[FloatChannel::MaxDistance][v]) < 1e-5f);
    }
}

void TestExports::validationListsWhatIsLost()
{
    ExportOptions o;
    o.maxCollisionVolumes = 2;
    const std::string file = mDir.filePath("two_volumes.gltf").toStdString();
    const std::vector<std::string> lost = checkExport(mSample.asset, file, o);
    QCOMPARE(lost.size(), size_t(1));
    QVERIFY(lost[0].find("'floor'") != std::string::npos);
    QVERIFY_THROWS_EXCEPTION(InputError, exportAsset(mSample.asset, file, o));
    QVERIFY(!QFile::exists(QString::fromStdString(file)));
    o.allowLoss = true;
    const ExportReport r = exportAsset(mSample.asset, file, o);
    QCOMPARE(r.unrepresented, lost);
    const tinygltf::Model m = test::loadGltf(QString::fromStdString(file));
    int volumes = 0;
    for (const tinygltf::Node &n : m.nodes)
        volumes += n.extras.Has("tweed_collision") ? 1 : 0;
    QCOMPARE(volumes, 2);
    QVERIFY(m.scenes[0].extras.Has("not_exported"));

    // A bone budget for the bake, a morph-target budget for the point cache.
    ExportOptions bake = walk(ExportFormat::BakedBones, 4);
    bake.maxBones = 100;
    QCOMPARE(checkExport(mSample.asset, "x.glb", bake).size(), size_t(1));
    bake.clothBones = 50;
    QVERIFY(checkExport(mSample.asset, "x.glb", bake).empty());
    ExportOptions cache = walk(ExportFormat::PointCache, 0);
    cache.maxMorphTargets = 10;
    QCOMPARE(checkExport(mSample.asset, "x.glb", cache).size(),
             size_t(1)); // the clip has 34 frames
    QVERIFY_THROWS_EXCEPTION(InputError, exportAsset(mSample.asset, "x.fbx", cache));
}

void TestExports::pointCache()
{
    const ExportOptions o = walk(ExportFormat::PointCache, 8);
    const QString file = mDir.filePath("cache.gltf");
    const ExportReport r = exportAsset(mSample.asset, file.toStdString(), o);
    QCOMPARE(r.morphTargets, 8u);
    checkValid(file);

    std::vector<std::vector<Mat4>> skinning;
    std::vector<SimulatedFrame> frames = simulateGraphicsFrames(mSample.asset, o, &skinning);
    // Every cached vertex within its Max Distance and skin-map offset of its skinned position;
    // one carried a metre off is found.
    QVERIFY2(r.cacheMaxExcess <= 1e-4f, qPrintable(QString::number(r.cacheMaxExcess)));
    QCOMPARE(pointCacheExcess(mSample.asset, 0, frames, skinning), r.cacheMaxExcess);
    {
        std::vector<SimulatedFrame> strayed = frames;
        strayed[3].positions[17].y += 1.0f;
        const float excess = pointCacheExcess(mSample.asset, 0, strayed, skinning);
        QVERIFY2(excess > 0.8f && excess <= 1.0f, qPrintable(QString::number(excess)));
    }
    const tinygltf::Model m = test::loadGltf(file);
    const tinygltf::Primitive &prim = m.meshes[0].primitives[0];
    QCOMPARE(prim.targets.size(), size_t(8));
    const std::vector<float> base = test::readFloats(m, prim.attributes.at("POSITION"));
    float worst = 0;
    for (size_t f = 0; f < 8; ++f) {
        const std::vector<float> d = test::readFloats(m, prim.targets[f].at("POSITION"));
        for (size_t v = 0; v < frames[f].positions.size(); ++v)
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::abs(base[3 * v + size_t(c)] + d[3 * v + size_t(c)] -
                                                 frames[f].positions[v][c]));
    }
    QVERIFY2(worst < 1e-6f, qPrintable(QString::number(worst)));

    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(file.toStdString(), 0);
    QVERIFY2(scene, importer.GetErrorString());
    QCOMPARE(scene->mNumMeshes, 1u);
    QCOMPARE(scene->mMeshes[0]->mNumAnimMeshes, 8u);
    QCOMPARE(size_t(scene->mMeshes[0]->mNumVertices), mSample.asset.lods[0].mesh.vertexCount());
    // Assimp's morph target holds absolute positions: base + displacement of frame 5.
    const aiAnimMesh *five = scene->mMeshes[0]->mAnimMeshes[5];
    QVERIFY(std::abs(five->mVertices[10].y - frames[5].positions[10].y) < 1e-6f);
    QCOMPARE(scene->mNumAnimations, 1u);
    QCOMPARE(scene->mAnimations[0]->mNumMorphMeshChannels, 1u);
    QCOMPARE(scene->mAnimations[0]->mMorphMeshChannels[0]->mNumKeys, 8u);
}

namespace {

// glTF skinning evaluated from the file at animation key k: node TRS from the samplers,
// global matrices down the hierarchy, joint matrices times inverse binds, blended by weights.
std::vector<Vec3> skinFromFile(const tinygltf::Model &m, size_t key)
{
    std::vector<Transform> local(m.nodes.size());
    for (size_t n = 0; n < m.nodes.size(); ++n) {
        const tinygltf::Node &node = m.nodes[n];
        if (node.translation.size() == 3)
            local[n].translation = {float(node.translation[0]), float(node.translation[1]),
                                    float(node.translation[2])};
        if (node.rotation.size() == 4)
            local[n].rotation = {float(node.rotation[0]), float(node.rotation[1]),
                                 float(node.rotation[2]), float(node.rotation[3])};
        if (node.scale.size() == 3)
            local[n].scale = {float(node.scale[0]), float(node.scale[1]), float(node.scale[2])};
    }
    for (const tinygltf::AnimationChannel &c : m.animations[0].channels) {
        const std::vector<float> out =
            test::readFloats(m, m.animations[0].samplers[size_t(c.sampler)].output);
        Transform &t = local[size_t(c.target_node)];
        if (c.target_path == "translation")
            t.translation = {out[3 * key], out[3 * key + 1], out[3 * key + 2]};
        else if (c.target_path == "rotation")
            t.rotation = {out[4 * key], out[4 * key + 1], out[4 * key + 2], out[4 * key + 3]};
        else if (c.target_path == "scale")
            t.scale = {out[3 * key], out[3 * key + 1], out[3 * key + 2]};
    }
    std::vector<Mat4> global(m.nodes.size());
    std::function<void(int, const Mat4 &)> walk = [&](int n, const Mat4 &parent) {
        global[size_t(n)] = parent * Mat4::fromTransform(local[size_t(n)]);
        for (int c : m.nodes[size_t(n)].children)
            walk(c, global[size_t(n)]);
    };
    for (int root : m.scenes[0].nodes)
        walk(root, Mat4::identity());
    const tinygltf::Skin &skin = m.skins[0];
    const std::vector<float> ibm = test::readFloats(m, skin.inverseBindMatrices);
    std::vector<Mat4> joint(skin.joints.size());
    for (size_t j = 0; j < joint.size(); ++j) {
        Mat4 inv;
        std::memcpy(inv.m, &ibm[16 * j], sizeof(inv.m));
        joint[j] = global[size_t(skin.joints[j])] * inv;
    }
    const tinygltf::Primitive &prim = m.meshes[0].primitives[0];
    const std::vector<float> pos = test::readFloats(m, prim.attributes.at("POSITION"));
    const std::vector<uint16_t> joints = test::readShorts(m, prim.attributes.at("JOINTS_0"));
    const std::vector<float> weights = test::readFloats(m, prim.attributes.at("WEIGHTS_0"));
    std::vector<Vec3> out(pos.size() / 3);
    for (size_t v = 0; v < out.size(); ++v)
        for (size_t k = 0; k < 4; ++k)
            out[v] += joint[joints[4 * v + k]].transformPoint(
                          {pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]}) *
                      weights[4 * v + k];
    return out;
}

} // namespace

void TestExports::bakedBones()
{
    const ExportOptions o = walk(ExportFormat::BakedBones, 10);
    const BakedBones baked = bakeClothBones(mSample.asset, o);
    QCOMPARE(baked.bones.size(), mSample.asset.physicsMeshes[0].vertexCount());
    QVERIFY2(baked.maxError < 1e-3f, qPrintable(QString::number(baked.maxError)));
    // The simulated garment does move, so reproducing it is not trivial.
    float moved = 0;
    for (size_t v = 0; v < baked.simulated[0].positions.size(); ++v)
        moved = std::max(
            moved, distance(baked.simulated[0].positions[v], baked.simulated[9].positions[v]));
    QVERIFY(moved > 0.01f);

    const QString file = mDir.filePath("baked.glb");
    const ExportReport r = exportAsset(mSample.asset, file.toStdString(), o);
    QCOMPARE(r.frames, 10u);
    QCOMPARE(size_t(r.bones), mSample.asset.skeleton.bones.size() + 1 + baked.bones.size());
    checkValid(file);

    // Played from the file, the bones give the simulated garment within 1 mm at every key.
    const tinygltf::Model m = test::loadGltf(file);
    float worst = 0;
    for (size_t f = 0; f < 10; ++f) {
        const std::vector<Vec3> p = skinFromFile(m, f);
        for (size_t v = 0; v < p.size(); ++v)
            worst = std::max(worst, distance(p[v], baked.simulated[f].positions[v]));
    }
    QVERIFY2(worst < 1e-3f, qPrintable(QString::number(worst)));

    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(file.toStdString(), 0);
    QVERIFY2(scene, importer.GetErrorString());
    QCOMPARE(scene->mNumMeshes, 1u);
    QCOMPARE(size_t(scene->mMeshes[0]->mNumVertices), mSample.asset.lods[0].mesh.vertexCount());
    QVERIFY(scene->mMeshes[0]->mNumBones > mSample.asset.skeleton.bones.size());
    QCOMPARE(scene->mNumAnimations, 1u);
    QVERIFY(scene->mAnimations[0]->mNumChannels >= baked.bones.size());
    QCOMPARE(scene->mAnimations[0]->mChannels[0]->mNumPositionKeys, 10u);
}

void TestExports::bakedBonesOnABudget()
{
    ExportOptions o = walk(ExportFormat::BakedBones, 10);
    o.clothBones = 400;
    const BakedBones baked = bakeClothBones(mSample.asset, o);
    QCOMPARE(baked.bones.size(), size_t(400));
    for (const BoneInfluence &inf : baked.skin) {
        float sum = 0;
        for (float w : inf.weights) {
            QVERIFY(w >= 0);
            sum += w;
        }
        QVERIFY(std::abs(sum - 1) < 1e-5f);
    }
    qInfo("400 cloth bones for %zu physics vertices: largest error %.2f mm, mean %.3f mm",
          mSample.asset.physicsMeshes[0].vertexCount(), double(baked.maxError) * 1e3,
          double(baked.meanError) * 1e3);
    // Rigid bones a few centimetres apart cannot follow every fold: measured on the sample,
    // mean 2.6 mm and largest 47 mm over the walk.
    QVERIFY(baked.meanError < 5e-3f);
    QVERIFY(baked.maxError < 0.1f);
}

void TestExports::runTimeBonesReproduceTheBake()
{
    // The asset stores its bone set; through a .tweedc, the run time drives the same bones the
    // offline bake keys, frame by frame, to the bit.
    ClothingAsset asset = mSample.asset;
    PhysicsMesh &pm = asset.physicsMeshes[size_t(asset.lods[0].physicsMesh)];
    pm.clothBones = makeClothBoneSet(pm, 60);
    QCOMPARE(pm.clothBones.size(), size_t(60));
    const ClothingAsset cooked = readCooked(writeCooked(asset), "coat.tweedc");
    QVERIFY(cooked == asset);

    const ExportOptions o = walk(ExportFormat::BakedBones, 12);
    const BakedBones baked = bakeClothBones(cooked, o); // clothBones 0: the asset's own set
    QVERIFY(baked.bones == pm.clothBones);
    ExportOptions counted = o;
    counted.clothBones = 30;
    QCOMPARE(bakeClothBones(cooked, counted).bones.size(), size_t(30)); // a count overrides

    ClipSimulationSettings settings;
    settings.framesPerSecond = o.framesPerSecond;
    settings.lod = o.lod;
    ClipSimulation sim(cooked, &*o.clip, settings);
    std::vector<Mat4> skinning, frames;
    float moved = 0;
    for (size_t f = 0; f < baked.frames.size(); ++f) {
        sim.advance();
        sim.instance().clothBoneMatrices(skinning, &frames);
        QCOMPARE(skinning.size(), baked.bones.size());
        QVERIFY2(std::memcmp(skinning.data(), baked.clothSkinning[f].data(),
                             skinning.size() * sizeof(Mat4)) == 0,
                 qPrintable(QString("frame %1: skinning matrices differ").arg(f)));
        QVERIFY2(std::memcmp(frames.data(), baked.frames[f].data(), frames.size() * sizeof(Mat4)) ==
                     0,
                 qPrintable(QString("frame %1: frames differ").arg(f)));
        for (size_t b = 0; b < frames.size(); ++b)
            moved = std::max(moved, distance(frames[b].transformPoint({}),
                                             baked.frames[0][b].transformPoint({})));
    }
    QVERIFY(moved > 0.01f); // the bones do move with the walk
}

void TestExports::cooking()
{
    CookReport report;
    const ClothingAsset cooked = cookAsset(mSample.asset, *findPlatformProfile("mobile"), &report);
    QCOMPARE(report.verticesBefore[0], uint32_t(mSample.asset.physicsMeshes[0].vertexCount()));
    QVERIFY(cooked.physicsMeshes[0].vertexCount() <= 600);
    QVERIFY(cooked.physicsMeshes[0].vertexCount() >= 300);
    QCOMPARE(cooked.simulation.iterations, 4);
    QCOMPARE(cooked.simulation.stepsPerSecond, 30.0f);
    QCOMPARE(cooked.lods[0].skinMap.bindings.size(), cooked.lods[0].mesh.vertexCount());
    // The cooked asset still simulates.
    const ExportOptions clip = walk(ExportFormat::PointCache, 0);
    ClipSimulation sim(cooked, &*clip.clip);
    for (int f = 0; f < 5; ++f)
        sim.advance();
    QCOMPARE(sim.instance().measure().nonFinite, 0u);
    CookingOptions bad;
    bad.vertexBudget = 2;
    QVERIFY_THROWS_EXCEPTION(InputError, cookAsset(mSample.asset, bad));
}

QTEST_GUILESS_MAIN(TestExports)
#include "test_exports.moc"
