// The baked cloth-driven bones as binary FBX (Tweed's writer) and Collada (Assimp's exporter):
// re-imported through Assimp, the files hold the skinned garment, the character and cloth bones
// and one animation with a key per frame, and skinning the re-imported mesh at a middle key gives
// the glTF bake's garment for that frame within a few millimetres, in metres Y up and in
// centimetres Z up; FBX files declare their unit and axes.
#include "game_test_support.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <functional>
#include <map>

using namespace tweed;

class TestExportAssimp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void otherFormatsRefuseFbx();
    void meshNamedLikeJoint_data();
    void meshNamedLikeJoint();

private:
    QTemporaryDir mDir;
    test::SampleGarment mSample;
    ExportOptions mOptions;
    BakedBones mBaked;
};

void TestExportAssimp::initTestCase()
{
    QVERIFY(mDir.isValid());
    mSample = test::makeSampleGarment();
    const Character &c = mSample.character;
    mOptions.format = ExportFormat::BakedBones;
    mOptions.clip =
        retargetClip(c.clips[size_t(c.findClip("Walk"))], c.skeleton, mSample.asset.skeleton);
    mOptions.frames = 9;
    mBaked = bakeClothBones(mSample.asset, mOptions);
    QVERIFY(mBaked.maxError < 1e-3f);
}

namespace {

// The key of a track at `time` (ticks); nullptr when there is none.
template <typename Key> const Key *keyAt(const Key *keys, unsigned count, double time)
{
    for (unsigned k = 0; k < count; ++k)
        if (std::abs(keys[k].mTime - time) < 1e-3) return &keys[k];
    return nullptr;
}

// Local transform of a node at `time` (ticks; a key must be there), its own when not animated.
aiMatrix4x4 localAt(const aiNode *node, const aiAnimation *anim, double time)
{
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
        const aiNodeAnim *ch = anim->mChannels[c];
        if (ch->mNodeName != node->mName) continue;
        const aiVectorKey *s = keyAt(ch->mScalingKeys, ch->mNumScalingKeys, time);
        const aiQuatKey *r = keyAt(ch->mRotationKeys, ch->mNumRotationKeys, time);
        const aiVectorKey *t = keyAt(ch->mPositionKeys, ch->mNumPositionKeys, time);
        return aiMatrix4x4(s ? s->mValue : aiVector3D(1, 1, 1), r ? r->mValue : aiQuaternion(),
                           t ? t->mValue : aiVector3D());
    }
    return node->mTransformation;
}

void globals(const aiNode *node, const aiMatrix4x4 &parent, const aiAnimation *anim, double key,
             std::map<std::string, aiMatrix4x4> &out)
{
    const aiMatrix4x4 g = parent * localAt(node, anim, key);
    out[node->mName.C_Str()] = g;
    for (unsigned i = 0; i < node->mNumChildren; ++i)
        globals(node->mChildren[i], g, anim, key, out);
}

const aiNode *findMeshNode(const aiNode *node)
{
    if (node->mNumMeshes > 0) return node;
    for (unsigned i = 0; i < node->mNumChildren; ++i)
        if (const aiNode *n = findMeshNode(node->mChildren[i])) return n;
    return nullptr;
}

} // namespace

void TestExportAssimp::roundTrip_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<float>("scale"); // target units per metre
    QTest::addColumn<bool>("zUp");
    // FBX files declare the export's unit and axes; Assimp's Collada writer declares metres and
    // Y up whatever the geometry is in, so another transform is listed as a loss.
    QTest::addColumn<bool>("labelMatches");
    QTest::newRow("fbx in cm") << "baked.fbx" << 100.0f << false << true;
    QTest::newRow("fbx in m") << "baked_m.fbx" << 1.0f << false << true;
    QTest::newRow("fbx in cm, z up") << "baked_cm_z.fbx" << 100.0f << true << true;
    QTest::newRow("dae in m") << "baked.dae" << 1.0f << false << true;
    QTest::newRow("dae in cm, z up") << "baked_cm.dae" << 100.0f << true << false;
}

void TestExportAssimp::roundTrip()
{
    QFETCH(QString, file);
    QFETCH(float, scale);
    QFETCH(bool, zUp);
    QFETCH(bool, labelMatches);
    const std::string path = mDir.filePath(file).toStdString();
    ExportOptions o = mOptions;
    o.transform = {scale, zUp ? UpAxis::Z : UpAxis::Y, Handedness::Right};
    const Mat4 toTarget = exportMatrix(o.transform);
    const std::vector<std::string> lost = checkExport(mSample.asset, path, o);
    if (labelMatches) {
        QVERIFY(lost.empty());
    } else {
        QCOMPARE(lost.size(), size_t(1));
        QVERIFY2(lost[0].find("declare") != std::string::npos, lost[0].c_str());
        QVERIFY_THROWS_EXCEPTION(InputError, exportAsset(mSample.asset, path, o));
        QVERIFY(!QFile::exists(mDir.filePath(file)));
        o.allowLoss = true;
    }
    const ExportReport r = exportAsset(mSample.asset, path, o);
    const size_t nChar = mSample.asset.skeleton.bones.size();
    const size_t nCloth = mBaked.bones.size();
    QCOMPARE(r.frames, 9u);
    QCOMPARE(size_t(r.bones), nChar + 1 + nCloth);
    QVERIFY(r.bakeMaxError < 1e-3f);

    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
    const aiScene *scene = importer.ReadFile(path, aiProcess_JoinIdenticalVertices);
    QVERIFY2(scene, importer.GetErrorString());
    QCOMPARE(scene->mNumMeshes, 1u);
    if (file.endsWith(".fbx")) {
        // Binary FBX 7.5, with its unit (centimetres per unit) and up axis declared.
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray head = f.read(27);
        QVERIFY(head.startsWith(QByteArray("Kaydara FBX Binary  \0\x1a\0", 23)));
        QCOMPARE(head[23], char(0x4c)); // 7500, little-endian
        QCOMPARE(head[24], char(0x1d));
        float unitScale = 0; // Assimp 5.2 keeps it as a float
        int upAxis = -1;
        QVERIFY(scene->mMetaData);
        QVERIFY(scene->mMetaData->Get("UnitScaleFactor", unitScale));
        QVERIFY(scene->mMetaData->Get("UpAxis", upAxis));
        QCOMPARE(unitScale, 100.0f / scale);
        QCOMPARE(upAxis, zUp ? 2 : 1);
    }
    const aiMesh *mesh = scene->mMeshes[0];
    const GraphicsMesh &g = mSample.asset.lods[0].mesh;
    QCOMPARE(size_t(mesh->mNumVertices), g.vertexCount());
    qInfo("%s: %u bones re-imported (%zu character + 1 root + %zu cloth written)", qPrintable(file),
          mesh->mNumBones, nChar, nCloth);
    // Joints with weights; Collada's importer drops the others (the file lists them all).
    size_t weighted = 0;
    {
        std::vector<bool> used(nChar + 1 + nCloth, false);
        for (const BoneInfluence &b : mBaked.skin)
            for (size_t k = 0; k < kMaxBoneInfluences; ++k)
                if (b.weights[k] > 0) used[b.bones[k]] = true;
        weighted = size_t(std::count(used.begin(), used.end(), true));
    }
    QCOMPARE(size_t(mesh->mNumBones), file.endsWith(".fbx") ? nChar + 1 + nCloth : weighted);
    QCOMPARE(scene->mNumAnimations, 1u);
    const aiAnimation *anim = scene->mAnimations[0];
    QVERIFY(anim->mNumChannels >= nChar + nCloth);
    // A key at every frame's time on every track (Assimp's FBX writer turns rotations into
    // Euler curves and adds a key where an angle wraps, so FBX tracks may hold a few more;
    // its importer gives translation the same times).
    const double tick = anim->mTicksPerSecond / mOptions.framesPerSecond;
    unsigned extraKeys = 0;
    for (unsigned c = 0; c < anim->mNumChannels; ++c) {
        const aiNodeAnim *ch = anim->mChannels[c];
        for (int f = 0; f < 9; ++f) {
            QVERIFY(keyAt(ch->mRotationKeys, ch->mNumRotationKeys, f * tick));
            QVERIFY(keyAt(ch->mPositionKeys, ch->mNumPositionKeys, f * tick));
        }
        QVERIFY(ch->mNumRotationKeys >= 9u);
        QCOMPARE(ch->mNumPositionKeys, ch->mNumRotationKeys); // FBX tracks share their times
        extraKeys += ch->mNumRotationKeys - 9;
    }
    qInfo("%s: %u extra rotation keys over %u tracks", qPrintable(file), extraKeys,
          anim->mNumChannels);
    if (file.endsWith(".dae")) QCOMPARE(extraKeys, 0u);

    // Skin the re-imported mesh at the middle key, in the mesh node's space.
    const unsigned key = 4;
    std::map<std::string, aiMatrix4x4> global;
    globals(scene->mRootNode, aiMatrix4x4(), anim, key * tick, global);
    const aiNode *meshNode = findMeshNode(scene->mRootNode);
    QVERIFY(meshNode);
    aiMatrix4x4 toMesh = global[meshNode->mName.C_Str()];
    toMesh.Inverse();
    std::vector<aiVector3D> skinned(mesh->mNumVertices, aiVector3D());
    std::vector<float> weightSum(mesh->mNumVertices, 0.0f);
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
        const aiBone *bone = mesh->mBones[b];
        QVERIFY2(global.count(bone->mName.C_Str()), bone->mName.C_Str());
        const aiMatrix4x4 m = toMesh * global[bone->mName.C_Str()] * bone->mOffsetMatrix;
        for (unsigned w = 0; w < bone->mNumWeights; ++w) {
            const aiVertexWeight &vw = bone->mWeights[w];
            skinned[vw.mVertexId] += (m * mesh->mVertices[vw.mVertexId]) * vw.mWeight;
            weightSum[vw.mVertexId] += vw.mWeight;
        }
    }
    // The reference: the glTF bake's garment at that frame. Assimp's importers may reorder
    // vertices (and FBX text rounds them), so each vertex is matched by its rest position; of
    // coincident vertices (seams) the closest counts.
    std::vector<Vec3> reference = skinBakedFrame(mSample.asset, mBaked, 0, key);
    std::vector<Vec3> restPositions = g.positions;
    for (Vec3 &p : reference)
        p = toTarget.transformPoint(p);
    for (Vec3 &p : restPositions)
        p = toTarget.transformPoint(p);
    const float unit = o.transform.scale; // target units per metre
    float worst = 0;
    float moved = 0;
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
        QVERIFY(std::abs(weightSum[v] - 1.0f) < 1e-3f);
        const Vec3 rest{mesh->mVertices[v].x, mesh->mVertices[v].y, mesh->mVertices[v].z};
        const Vec3 p{skinned[v].x, skinned[v].y, skinned[v].z};
        float best = 1e9f;
        bool matched = false;
        for (size_t i = 0; i < g.vertexCount(); ++i)
            if (distance(restPositions[i], rest) < 1e-5f * unit) {
                matched = true;
                best = std::min(best, distance(p, reference[i]) / unit);
                moved = std::max(moved, distance(reference[i], restPositions[i]) / unit);
            }
        QVERIFY2(matched, "a re-imported rest position is not the garment's");
        worst = std::max(worst, best);
    }
    qInfo("%s: worst distance to the glTF bake at key %u: %.3g mm", qPrintable(file), key,
          double(worst) * 1000.0);
    QVERIFY(moved > 0.01f); // the garment moves, so matching it is not trivial
    QVERIFY2(worst < 3e-3f, qPrintable(QString::number(worst)));
}

void TestExportAssimp::otherFormatsRefuseFbx()
{
    ExportOptions o = mOptions;
    o.format = ExportFormat::PointCache;
    QVERIFY_THROWS_EXCEPTION(
        FileError, exportAsset(mSample.asset, mDir.filePath("cache.fbx").toStdString(), o));
    o.format = ExportFormat::BakedBones;
    QVERIFY_THROWS_EXCEPTION(
        FileError, exportAsset(mSample.asset, mDir.filePath("baked.obj").toStdString(), o));
}

void TestExportAssimp::meshNamedLikeJoint_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("dae") << "named.dae";
    QTest::newRow("fbx") << "named.fbx";
    QTest::newRow("gltf") << "named.gltf";
}

// A garment mesh named like a bone of the character (X/Testwuson.X): the mesh node gets a name
// of its own, so Collada's writer does not make it a joint and the mesh survives re-import.
void TestExportAssimp::meshNamedLikeJoint()
{
    QFETCH(QString, file);
    ClothingAsset asset = mSample.asset;
    const std::string jointName = asset.skeleton.bones[1].name;
    asset.lods[0].mesh.name = jointName;
    asset.name = "cloth_bones"; // the cloth bones' root has this name too
    ExportOptions o = mOptions;
    o.frames = 3;
    o.clothBones = 20;
    o.allowLoss = true; // 20 bones miss the coat's folds by more than 1 cm
    const std::string path = mDir.filePath(file).toStdString();
    const ExportReport r = exportAsset(asset, path, o);
    if (file.endsWith(".dae")) {
        // The joints alone are JOINT nodes (Blender drops a mesh whose node is one).
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(size_t(f.readAll().count("type=\"JOINT\"")), size_t(r.bones));
    }

    Assimp::Importer importer;
    const aiScene *scene = importer.ReadFile(path, 0);
    QVERIFY2(scene, importer.GetErrorString());
    QCOMPARE(scene->mNumMeshes, 1u);
    QCOMPARE(size_t(scene->mMeshes[0]->mNumFaces), asset.lods[0].mesh.triangleCount());
    const aiNode *meshNode = findMeshNode(scene->mRootNode);
    QVERIFY(meshNode);
    QCOMPARE(std::string(meshNode->mName.C_Str()), jointName + "_2");
    // Every node name once; the joint keeps its name and still drives vertices.
    std::map<std::string, int> seen;
    std::function<void(const aiNode *)> count = [&](const aiNode *n) {
        ++seen[n->mName.C_Str()];
        for (unsigned i = 0; i < n->mNumChildren; ++i)
            count(n->mChildren[i]);
    };
    // Assimp's glTF reader adds a root of its own ("ROOT", as the sample's first bone).
    if (file.endsWith(".gltf"))
        for (unsigned i = 0; i < scene->mRootNode->mNumChildren; ++i)
            count(scene->mRootNode->mChildren[i]);
    else
        count(scene->mRootNode);
    for (const auto &[name, n] : seen)
        QVERIFY2(n == 1, name.c_str());
    QVERIFY(seen.count(jointName));
    QVERIFY(seen.count("cloth_bones"));
    QVERIFY(scene->mMeshes[0]->mNumBones > 0);
}

QTEST_GUILESS_MAIN(TestExportAssimp)
#include "test_export_assimp.moc"
