// Character import with Assimp, checked against Assimp's own reading of the same files
// (Debian's assimp-testmodels) and against small files written here.
#include "tweed/errors.h"
#include "tweed/meshproc/import.h"

#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

using namespace tweed;

namespace {

// The post-processing importCharacter asks of Assimp (meshproc/src/import/import.cpp, kPostProcess).
constexpr unsigned kFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                            aiProcess_GenSmoothNormals | aiProcess_SortByPType |
                            aiProcess_ValidateDataStructure;

std::string model(const std::string &relative) { return test::kTestModels + "/" + relative; }

Mat4 toMat4(const aiMatrix4x4 &a)
{
    Mat4 m;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m(r, c) = a[unsigned(r)][unsigned(c)];
    return m;
}

float diagonal(const std::vector<Vec3> &points)
{
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    for (const Vec3 &p : points) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    return distance(lo, hi);
}

std::vector<const aiMesh *> triangleMeshes(const aiScene &scene)
{
    std::vector<const aiMesh *> result;
    for (unsigned i = 0; i < scene.mNumMeshes; ++i)
        if (scene.mMeshes[i]->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)
            result.push_back(scene.mMeshes[i]);
    return result;
}

// Assimp's own reading of a scene at a time (ticks): node globals with the channels applied.
// Written independently of the importer: interpolation straight from Assimp's keys.
template <class K> size_t keyBefore(const K *keys, unsigned n, double t)
{
    size_t i = 0;
    while (i + 1 < n && keys[i + 1].mTime <= t)
        ++i;
    return i;
}

aiVector3D sampleVec(const aiVectorKey *keys, unsigned n, double t)
{
    const size_t i = keyBefore(keys, n, t);
    if (i + 1 >= n || t <= keys[i].mTime)
        return keys[i].mValue;
    const double f = (t - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    return keys[i].mValue + (keys[i + 1].mValue - keys[i].mValue) * ai_real(f);
}

aiQuaternion sampleQuat(const aiQuatKey *keys, unsigned n, double t)
{
    const size_t i = keyBefore(keys, n, t);
    if (i + 1 >= n || t <= keys[i].mTime)
        return keys[i].mValue;
    const double f = (t - keys[i].mTime) / (keys[i + 1].mTime - keys[i].mTime);
    aiQuaternion out;
    aiQuaternion::Interpolate(out, keys[i].mValue, keys[i + 1].mValue, ai_real(f));
    return out.Normalize();
}

std::map<std::string, aiMatrix4x4> assimpGlobals(const aiScene &scene, const aiAnimation *anim,
                                                double ticks)
{
    std::map<std::string, const aiNodeAnim *> channels;
    for (unsigned c = 0; anim && c < anim->mNumChannels; ++c)
        channels.emplace(anim->mChannels[c]->mNodeName.C_Str(), anim->mChannels[c]);
    std::map<std::string, aiMatrix4x4> globals;
    std::function<void(const aiNode *, const aiMatrix4x4 &)> walk = [&](const aiNode *n,
                                                                        const aiMatrix4x4 &parent) {
        aiMatrix4x4 local = n->mTransformation;
        const auto it = channels.find(n->mName.C_Str());
        if (it != channels.end()) {
            const aiNodeAnim *ch = it->second;
            aiVector3D scale(1, 1, 1), pos;
            aiQuaternion rot;
            aiVector3D dummyScale, dummyPos;
            aiQuaternion dummyRot;
            local.Decompose(scale, rot, pos);
            if (ch->mNumPositionKeys)
                pos = sampleVec(ch->mPositionKeys, ch->mNumPositionKeys, ticks);
            if (ch->mNumRotationKeys)
                rot = sampleQuat(ch->mRotationKeys, ch->mNumRotationKeys, ticks);
            if (ch->mNumScalingKeys)
                scale = sampleVec(ch->mScalingKeys, ch->mNumScalingKeys, ticks);
            local = aiMatrix4x4(scale, rot, pos);
        }
        const aiMatrix4x4 global = parent * local;
        globals.emplace(n->mName.C_Str(), global);
        for (unsigned i = 0; i < n->mNumChildren; ++i)
            walk(n->mChildren[i], global);
    };
    walk(scene.mRootNode, aiMatrix4x4());
    return globals;
}

// Assimp's skinned (or rigidly placed) vertices of a mesh: sum of w * boneGlobal * offset * v,
// or nodeGlobal * v for an unskinned mesh. Vertices with more than four influences, or bones
// without a node, are marked invalid (the importer changes those on purpose).
std::vector<Vec3> assimpVertices(const aiScene &scene, const aiMesh &mesh,
                                 const std::map<std::string, aiMatrix4x4> &globals,
                                 std::vector<bool> &valid)
{
    const size_t nv = mesh.mNumVertices;
    std::vector<Vec3> out(nv);
    valid.assign(nv, true);
    if (mesh.mNumBones == 0) {
        std::function<const aiNode *(const aiNode *)> find = [&](const aiNode *n) -> const aiNode * {
            for (unsigned k = 0; k < n->mNumMeshes; ++k)
                if (scene.mMeshes[n->mMeshes[k]] == &mesh)
                    return n;
            for (unsigned i = 0; i < n->mNumChildren; ++i)
                if (const aiNode *r = find(n->mChildren[i]))
                    return r;
            return nullptr;
        };
        const Mat4 g = toMat4(globals.at(find(scene.mRootNode)->mName.C_Str()));
        for (size_t v = 0; v < nv; ++v)
            out[v] = g.transformPoint({mesh.mVertices[v].x, mesh.mVertices[v].y, mesh.mVertices[v].z});
        return out;
    }
    std::vector<int> count(nv, 0);
    std::vector<float> total(nv, 0);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone *bone = mesh.mBones[b];
        const auto it = globals.find(bone->mName.C_Str());
        const Mat4 m = toMat4(it != globals.end() ? it->second * bone->mOffsetMatrix : aiMatrix4x4());
        for (unsigned k = 0; k < bone->mNumWeights; ++k) {
            const aiVertexWeight &w = bone->mWeights[k];
            if (w.mWeight <= 0)
                continue;
            if (it == globals.end())
                valid[w.mVertexId] = false;
            const aiVector3D &p = mesh.mVertices[w.mVertexId];
            out[w.mVertexId] += m.transformPoint({p.x, p.y, p.z}) * w.mWeight;
            total[w.mVertexId] += w.mWeight;
            ++count[w.mVertexId];
        }
    }
    for (size_t v = 0; v < nv; ++v) {
        if (count[v] > kMaxBoneInfluences || total[v] <= 0)
            valid[v] = false;
        else
            out[v] = out[v] / total[v];
    }
    return out;
}

// Source coordinates -> Tweed's (metres, Y-up) for the files used here.
Mat4 sourceToTweed(const Character &c)
{
    const float s = c.sourceUnits.metresPerUnit;
    return Mat4::scaling({s, s, s});
}

float restSkinningError(const Character &c)
{
    const std::vector<Mat4> skin = skinningMatricesAt(c.skeleton, nullptr, 0);
    float worst = 0;
    for (const GraphicsMesh &m : c.meshes) {
        std::vector<Vec3> out;
        skinVertices(m.positions, m.skin, skin, out);
        const float size = std::max(diagonal(m.positions), 1e-9f);
        for (size_t v = 0; v < out.size(); ++v)
            worst = std::max(worst, distance(out[v], m.positions[v]) / size);
    }
    return worst;
}

// Largest distance, relative to the mesh size, between Tweed's skinning of the character at
// time t of clip (null: rest) and Assimp's, over the vertices Assimp and Tweed weight alike.
float compareWithAssimp(const aiScene &scene, const Character &c, int clip, double seconds,
                        size_t *compared = nullptr)
{
    const std::vector<const aiMesh *> meshes = triangleMeshes(scene);
    const aiAnimation *anim = clip >= 0 ? scene.mAnimations[clip] : nullptr;
    const double tps = anim && anim->mTicksPerSecond > 0 ? anim->mTicksPerSecond : 25.0;
    const auto globals = assimpGlobals(scene, anim, seconds * tps);
    const std::vector<Mat4> skin =
        skinningMatricesAt(c.skeleton, clip >= 0 ? &c.clips[size_t(clip)] : nullptr, seconds);
    const Mat4 conv = sourceToTweed(c);
    float worst = 0;
    size_t n = 0;
    for (size_t i = 0; i < meshes.size(); ++i) {
        std::vector<bool> valid;
        const std::vector<Vec3> ref = assimpVertices(scene, *meshes[i], globals, valid);
        std::vector<Vec3> ours;
        skinVertices(c.meshes[i].positions, c.meshes[i].skin, skin, ours);
        const float size = std::max(diagonal(c.meshes[i].positions), 1e-9f);
        for (size_t v = 0; v < ours.size(); ++v) {
            if (!valid[v])
                continue;
            worst = std::max(worst, distance(ours[v], conv.transformPoint(ref[v])) / size);
            ++n;
        }
    }
    if (compared)
        *compared = n;
    return worst;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

// A file must either be refused with a FileError naming it, or import into a usable character.
void expectCleanOutcome(const std::string &path)
{
    try {
        const Character c = importCharacter(path);
        QVERIFY2(!c.meshes.empty(), path.c_str());
        QCOMPARE(c.meshes.size(), c.meshSkinnedInSource.size());
        for (const GraphicsMesh &m : c.meshes) {
            QVERIFY(!m.indices.empty());
            QCOMPARE(m.skin.size(), m.positions.size());
            for (uint32_t i : m.indices)
                QVERIFY(i < m.positions.size());
            for (const Vec3 &p : m.positions)
                QVERIFY(isFinite(p));
            for (size_t t = 0; t < m.indices.size(); t += 3)
                QVERIFY(m.indices[t] != m.indices[t + 1] && m.indices[t + 1] != m.indices[t + 2] &&
                        m.indices[t] != m.indices[t + 2]);
            for (const BoneInfluence &inf : m.skin)
                for (uint16_t b : inf.bones)
                    QVERIFY(b < c.skeleton.bones.size());
        }
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
        QVERIFY(!e.problem().empty());
    }
}

// Centimetres and Z-up: a node 50 cm up carries a triangle whose top is 100 cm up. (Plain
// literals: moc does not read raw strings.)
const char *const kCentimetreZUpCollada =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n"
    "  <asset><unit name=\"centimeter\" meter=\"0.01\"/><up_axis>Z_UP</up_axis></asset>\n"
    "  <library_geometries>\n"
    "    <geometry id=\"tri\" name=\"Tri\"><mesh>\n"
    "      <source id=\"tri-pos\"><float_array id=\"tri-pos-a\" count=\"9\">0 0 0 20 0 0 0 0 100</float_array>\n"
    "        <technique_common><accessor source=\"#tri-pos-a\" count=\"3\" stride=\"3\">\n"
    "          <param name=\"X\" type=\"float\"/><param name=\"Y\" type=\"float\"/><param name=\"Z\" type=\"float\"/>\n"
    "        </accessor></technique_common></source>\n"
    "      <vertices id=\"tri-v\"><input semantic=\"POSITION\" source=\"#tri-pos\"/></vertices>\n"
    "      <triangles count=\"1\"><input semantic=\"VERTEX\" source=\"#tri-v\" offset=\"0\"/><p>0 1 2</p></triangles>\n"
    "    </mesh></geometry>\n"
    "  </library_geometries>\n"
    "  <library_visual_scenes>\n"
    "    <visual_scene id=\"scene\"><node id=\"lifted\" name=\"Lifted\"><translate>0 0 50</translate>\n"
    "      <instance_geometry url=\"#tri\"/></node></visual_scene>\n"
    "  </library_visual_scenes>\n"
    "  <scene><instance_visual_scene url=\"#scene\"/></scene>\n"
    "</COLLADA>\n";

} // namespace

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(QDir(QString::fromStdString(test::kTestModels)).exists(),
                 "assimp-testmodels is not installed");
    }

    void skinnedCharacters_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("x-wuson") << "X/Testwuson.X";
        QTest::newRow("x-bcn") << "X/BCN_Epileptic.X";
        QTest::newRow("x-anim-test") << "X/anim_test.x";
        QTest::newRow("fbx-skeleton") << "FBX/animation_with_skeleton.fbx";
        QTest::newRow("fbx-huesitos") << "FBX/huesitos.fbx";
        QTest::newRow("gltf-simple-skin") << "glTF2/simple_skin/simple_skin.gltf";
        QTest::newRow("dae-nested") << "Collada/box_nested_animation.dae";
        QTest::newRow("md5-cube") << "MD5/SimpleCube.md5mesh";
    }

    void skinnedCharacters()
    {
        QFETCH(QString, file);
        const std::string path = model(file.toStdString());
        ImportReport report;
        const Character c = importCharacter(path, &report);

        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(path, kFlags);
        QVERIFY(scene);
        const std::vector<const aiMesh *> meshes = triangleMeshes(*scene);

        // Counts agree with Assimp's.
        QCOMPARE(c.meshes.size(), meshes.size());
        QCOMPARE(c.clips.size(), size_t(scene->mNumAnimations));
        std::set<std::string> boneNames;
        for (size_t i = 0; i < meshes.size(); ++i) {
            QCOMPARE(c.meshes[i].vertexCount(), size_t(meshes[i]->mNumVertices));
            QCOMPARE(c.meshes[i].triangleCount(), size_t(meshes[i]->mNumFaces));
            QCOMPARE(bool(c.meshSkinnedInSource[i]), meshes[i]->mNumBones > 0);
            for (unsigned b = 0; b < meshes[i]->mNumBones; ++b)
                if (scene->mRootNode->FindNode(meshes[i]->mBones[b]->mName))
                    boneNames.insert(meshes[i]->mBones[b]->mName.C_Str());
        }
        QVERIFY(!boneNames.empty());
        for (const std::string &name : boneNames)
            QVERIFY2(c.skeleton.find(name) >= 0, name.c_str());
        QVERIFY(c.skeleton.bones.size() >= boneNames.size());

        // Parents first; names unique.
        std::set<std::string> names;
        for (size_t b = 0; b < c.skeleton.bones.size(); ++b) {
            QVERIFY(c.skeleton.bones[b].parent < int(b));
            QVERIFY(names.insert(c.skeleton.bones[b].name).second);
        }

        // Skin: at most four influences, largest first, summing to one.
        for (const GraphicsMesh &m : c.meshes)
            for (const BoneInfluence &inf : m.skin) {
                float sum = 0;
                for (int k = 0; k < kMaxBoneInfluences; ++k) {
                    sum += inf.weights[size_t(k)];
                    if (k > 0)
                        QVERIFY(inf.weights[size_t(k)] <= inf.weights[size_t(k - 1)]);
                }
                QVERIFY(std::abs(sum - 1) < 1e-5f);
            }

        // The rest pose reproduces the rest mesh, and the mesh is where Assimp's bind pose puts it.
        QVERIFY2(restSkinningError(c) < 1e-5f, QByteArray::number(restSkinningError(c)));

        // Every clip lines up with Assimp's own evaluation of the same keys.
        for (size_t k = 0; k < c.clips.size(); ++k) {
            const AnimationClip &clip = c.clips[k];
            QVERIFY(clip.duration >= 0);
            if (scene->mAnimations[k]->mDuration > 0)
                QVERIFY(clip.duration > 0);
            for (double t : {0.0, clip.duration * 0.37, clip.duration}) {
                for (const Mat4 &m : skinningMatricesAt(c.skeleton, &clip, t))
                    for (float x : m.m)
                        QVERIFY(std::isfinite(x));
                size_t compared = 0;
                const float error = compareWithAssimp(*scene, c, int(k), t, &compared);
                QVERIFY2(error < 2e-3f, (file + " clip " + QString::number(k) + " t=" +
                                         QString::number(t) + " error " + QString::number(error))
                                            .toUtf8());
                QVERIFY(compared > 0);
            }
        }
        // Without bones moved to the bind pose, the rest pose is Assimp's node pose too.
        if (report.bonesMovedToBindPose == 0)
            QVERIFY(compareWithAssimp(*scene, c, -1, 0) < 1e-4f);
    }

    // A file bound in another pose than it was saved in: the rest pose becomes the bind pose.
    void bindPoseDiffersFromNodePose()
    {
        ImportReport report;
        const Character c = importCharacter(model("FBX/animation_with_skeleton.fbx"), &report);
        QVERIFY(report.bonesMovedToBindPose >= 1);
        QVERIFY(restSkinningError(c) < 1e-5f);
        // Blender's weights: many vertices have more than four; the report says how many.
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(model("FBX/animation_with_skeleton.fbx"), kFlags);
        QVERIFY(scene);
        const aiMesh &mesh = *scene->mMeshes[0];
        std::vector<std::vector<float>> weights(mesh.mNumVertices);
        for (unsigned b = 0; b < mesh.mNumBones; ++b)
            for (unsigned k = 0; k < mesh.mBones[b]->mNumWeights; ++k)
                if (mesh.mBones[b]->mWeights[k].mWeight > 0)
                    weights[mesh.mBones[b]->mWeights[k].mVertexId].push_back(
                        mesh.mBones[b]->mWeights[k].mWeight);
        uint32_t over = 0;
        float largest = 0;
        for (auto &w : weights) {
            if (w.size() <= 4)
                continue;
            ++over;
            std::sort(w.begin(), w.end(), std::greater<>());
            float total = 0, dropped = 0;
            for (size_t i = 0; i < w.size(); ++i) {
                total += w[i];
                if (i >= 4)
                    dropped += w[i];
            }
            largest = std::max(largest, dropped / total);
        }
        QVERIFY(over > 0);
        QCOMPARE(report.verticesOverFourInfluences, over);
        QVERIFY(std::abs(report.largestDroppedWeight - largest) < 1e-5f);
    }

    // For X files the mesh space is the model space: inverse binds are Assimp's offsets.
    void inverseBindIsTheOffsetMatrix()
    {
        const std::string path = model("X/Testwuson.X");
        const Character c = importCharacter(path);
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(path, kFlags);
        QVERIFY(scene);
        const aiMesh &mesh = *scene->mMeshes[0];
        QVERIFY(mesh.mNumBones > 10);
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const int bone = c.skeleton.find(mesh.mBones[b]->mName.C_Str());
            QVERIFY(bone >= 0);
            const Mat4 offset = toMat4(mesh.mBones[b]->mOffsetMatrix);
            QVERIFY(maxAbsDifference(c.skeleton.bones[size_t(bone)].inverseBind, offset) < 1e-3f);
        }
    }

    // Unskinned meshes ride rigidly on their node's bone.
    void rigidMultiMesh()
    {
        const std::string path = model("FBX/spider.fbx");
        const Character c = importCharacter(path);
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(path, kFlags);
        QVERIFY(scene);
        QVERIFY(c.meshes.size() > 5);
        QCOMPARE(c.meshes.size(), triangleMeshes(*scene).size());
        for (size_t i = 0; i < c.meshes.size(); ++i) {
            QVERIFY(!c.meshSkinnedInSource[i]);
            for (const BoneInfluence &inf : c.meshes[i].skin) {
                QCOMPARE(inf.weights[0], 1.0f);
                QCOMPARE(inf.bones[0], c.meshes[i].skin[0].bones[0]);
            }
        }
        QVERIFY(restSkinningError(c) < 1e-5f);
        QCOMPARE(c.sourceUnits.metresPerUnit, 0.01f); // FBX UnitScaleFactor 1: centimetres
        QVERIFY(compareWithAssimp(*scene, c, -1, 0) < 1e-4f);
    }

    // Rigid meshes on animated nodes follow their nodes' animation.
    void rigidAnimated()
    {
        const std::string path = model("Collada/anims_with_full_rotations_between_keys.DAE");
        const Character c = importCharacter(path);
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(path, kFlags);
        QVERIFY(scene);
        QCOMPARE(c.clips.size(), size_t(1));
        QVERIFY(c.clips[0].duration > 0);
        QVERIFY(restSkinningError(c) < 1e-5f);
        // The Collada root carries Assimp's up-axis rotation; conjugation must not move anything.
        for (double t : {0.0, c.clips[0].duration * 0.5, c.clips[0].duration})
            QVERIFY(compareWithAssimp(*scene, c, 0, t) < 2e-3f);
    }

    void unitsFromCollada()
    {
        // duck.dae: <unit meter="0.01">, Y-up. Assimp scales its root; Tweed keeps metres in
        // every bone and leaves the root bone unscaled.
        const std::string path = model("Collada/duck.dae");
        const Character c = importCharacter(path);
        QCOMPARE(c.sourceUnits.metresPerUnit, 0.01f);
        QCOMPARE(c.sourceUnits.upAxis, UpAxis::Y);
        QVERIFY(std::abs(c.skeleton.bones[0].restLocal.scale.x - 1) < 1e-5f);
        Assimp::Importer importer;
        const aiScene *scene = importer.ReadFile(path, kFlags);
        QVERIFY(scene);
        const float size = diagonal(c.meshes[0].positions);
        QVERIFY(size > 0.5f && size < 5.0f); // a duck of about 2 metres, not 200
        const Mat4 identity;
        std::vector<bool> valid;
        const auto globals = assimpGlobals(*scene, nullptr, 0);
        const std::vector<Vec3> ref = assimpVertices(*scene, *scene->mMeshes[0], globals, valid);
        float worst = 0;
        for (size_t v = 0; v < ref.size(); ++v)
            worst = std::max(worst, distance(ref[v], c.meshes[0].positions[v]));
        QVERIFY(worst < 1e-4f * size);
        QCOMPARE(c.meshes[0].submeshes.size(), size_t(1));
        QVERIFY(!c.meshes[0].submeshes[0].material.empty());
        QCOMPARE(c.meshes[0].submeshes[0].baseColorTexture, std::string("./duckCM.tga"));
        Q_UNUSED(identity);
    }

    void unitsAndAxesWrittenCollada()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath("cm_zup.dae");
        writeFile(file, kCentimetreZUpCollada);
        const Character c = importCharacter(file.toStdString());
        QCOMPARE(c.sourceUnits.metresPerUnit, 0.01f);
        QCOMPARE(c.sourceUnits.upAxis, UpAxis::Z);
        const int lifted = c.skeleton.find("lifted"); // Assimp names Collada nodes by id
        QVERIFY(lifted >= 0);
        const Vec3 t = c.skeleton.bones[size_t(lifted)].restLocal.translation;
        QVERIFY(distance(t, {0, 0.5f, 0}) < 1e-5f); // 50 cm along Z becomes 0.5 m along Y
        float top = -1e30f;
        for (const Vec3 &p : c.meshes[0].positions)
            top = std::max(top, p.y);
        QVERIFY(std::abs(top - 1.5f) < 1e-5f); // node 0.5 m + vertex 1 m
        QVERIFY(restSkinningError(c) < 1e-6f);
        QCOMPARE(c.meshSkinnedInSource.size(), size_t(1));
        QVERIFY(!c.meshSkinnedInSource[0]);
    }

    void unitsFromFbx()
    {
        // global_settings.fbx: UnitScaleFactor 500 (5 m per unit); box.fbx: 100 (metres).
        for (const auto &[file, metres] : {std::pair{"FBX/global_settings.fbx", 5.0f},
                                           std::pair{"FBX/box.fbx", 1.0f}}) {
            const std::string path = model(file);
            const Character c = importCharacter(path);
            QCOMPARE(c.sourceUnits.metresPerUnit, metres);
            QCOMPARE(c.sourceUnits.upAxis, UpAxis::Y);
            Assimp::Importer importer;
            const aiScene *scene = importer.ReadFile(path, kFlags);
            QVERIFY(scene);
            QVERIFY(compareWithAssimp(*scene, c, -1, 0) < 1e-4f); // = metres * Assimp's
        }
    }

    void invalidFolder()
    {
        int files = 0;
        for (const auto &entry :
             std::filesystem::directory_iterator(test::kTestModels + "/invalid")) {
            expectCleanOutcome(entry.path().string());
            ++files;
        }
        QVERIFY(files >= 10);
        QVERIFY_THROWS_EXCEPTION(FileError, importCharacter(model("invalid/OutOfMemory.off")));
        QVERIFY_THROWS_EXCEPTION(FileError, importCharacter(model("invalid/empty.x")));
    }

    void truncatedFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("x-text") << "X/Testwuson.X";
        QTest::newRow("x-binary") << "X/test_cube_binary.x";
        QTest::newRow("x-compressed") << "X/test_cube_compressed.x";
        QTest::newRow("fbx-binary") << "FBX/animation_with_skeleton.fbx";
        QTest::newRow("fbx-huesitos") << "FBX/huesitos.fbx";
        QTest::newRow("dae") << "Collada/box_nested_animation.dae";
        QTest::newRow("dae-duck") << "Collada/duck.dae";
        QTest::newRow("zae") << "Collada/duck.zae";
        QTest::newRow("glb") << "glTF2/BoxTextured-glTF-Binary/BoxTextured.glb";
        QTest::newRow("gltf") << "glTF2/simple_skin/simple_skin.gltf";
        QTest::newRow("md5") << "MD5/SimpleCube.md5mesh";
        QTest::newRow("ply") << "PLY/cube.ply";
        QTest::newRow("off") << "OFF/Wuson.off";
    }

    void truncatedFiles()
    {
        QFETCH(QString, file);
        QFile source(QString::fromStdString(model(file.toStdString())));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray bytes = source.readAll();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString name = QFileInfo(file).fileName();
        int refused = 0;
        for (double fraction : {0.0, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, -1.0}) {
            const qsizetype size =
                fraction < 0 ? bytes.size() - 1 : std::max<qsizetype>(1, qsizetype(bytes.size() * fraction));
            const QString path = dir.filePath(QString::number(size) + "_" + name);
            writeFile(path, bytes.left(size));
            try {
                importCharacter(path.toStdString());
            } catch (const FileError &) {
                ++refused;
            }
            expectCleanOutcome(path.toStdString());
        }
        QVERIFY(refused >= 3); // the short copies at least are refused
    }

    void errors()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto problem = [](const std::string &path) {
            try {
                importCharacter(path);
            } catch (const FileError &e) {
                return e.problem();
            }
            return std::string("no error");
        };
        QCOMPARE(problem(dir.filePath("missing.fbx").toStdString()), std::string("file not found"));
        QCOMPARE(problem(dir.path().toStdString()), std::string("not a regular file"));
        writeFile(dir.filePath("notes.xyz"), "nothing a 3D reader knows\n");
        QVERIFY(problem(dir.filePath("notes.xyz").toStdString()).find("not recognised") !=
                std::string::npos);
        // Lines only: no triangle mesh.
        writeFile(dir.filePath("lines.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n");
        QVERIFY(problem(dir.filePath("lines.obj").toStdString()).find("no triangle") !=
                std::string::npos);
        // A motion without a character (BVH) and a scene of cameras: no mesh to dress, though
        // Assimp draws their bones as one (this was taken as a garment of bone pyramids).
        writeFile(dir.filePath("wave.bvh"),
                  "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition "
                  "Zposition Zrotation Xrotation Yrotation\n  JOINT Chest\n  {\n    OFFSET 0 10 0\n"
                  "    CHANNELS 3 Zrotation Xrotation Yrotation\n    End Site\n    {\n      OFFSET 0 "
                  "10 0\n    }\n  }\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n0 0 0 0 0 0 0 0 0\n"
                  "0 0 0 0 0 0 30 0 0\n");
        for (const std::string &motion :
             {dir.filePath("wave.bvh").toStdString(), model("Collada/cameras.dae"),
              model("CSM/ThomasFechten.csm")}) {
            const std::string refused = problem(motion);
            QVERIFY2(refused.find("no mesh, only a skeleton of") != std::string::npos &&
                         refused.find("open the character itself") != std::string::npos,
                     refused.c_str());
        }
        QVERIFY(problem(dir.filePath("wave.bvh").toStdString()).find("and 1 animation(s)") !=
                std::string::npos);
        // Infinite positions.
        QVERIFY(problem(model("glTF2/BoxWithInfinites-glTF-Binary/BoxWithInfinites.glb"))
                    .find("non-finite") != std::string::npos);
        // More than 65536 bones: one frame with a rigid triangle per bone (an X file, which
        // Assimp reads fast at this size).
        QByteArray many = "xof 0303txt 0032\n";
        for (int i = 0; i < 66000; ++i)
            many += "Frame f" + QByteArray::number(i) + " {\nMesh {\n3;\n0;0;" +
                    QByteArray::number(i) + ";,\n1;0;0;,\n0;1;0;;\n1;\n3;0,1,2;;\n}\n}\n";
        writeFile(dir.filePath("many.x"), many);
        QVERIFY(problem(dir.filePath("many.x").toStdString()).find("65535") != std::string::npos);
    }

    // Triangles that repeat a vertex or have no area are dropped with a count; thin but real
    // triangles stay.
    void degenerateTriangles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath("sheet.obj");
        // 1: a real triangle; 2: collinear; 3: thin (height 1/1000 of its length), kept;
        // 4: vertices 2 and 6 at one place with different UVs; 5: repeats vertex 3.
        writeFile(file,
                  "o Sheet\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 2 0 0\nv 0.5 0.001 0\nv 1 0 0\n"
                  "vt 0 0\nvt 1 0\nvt 0 1\nvt 0.5 0.5\n"
                  "f 1/1 2/2 3/3\nf 1/1 2/2 4/1\nf 1/1 2/2 5/4\nf 2/2 6/4 3/3\nf 3/3 3/3 2/2\n");
        ImportReport report;
        const Character c = importCharacter(file.toStdString(), &report);
        QCOMPARE(report.degenerateTriangles, 3u);
        QCOMPARE(c.meshes.size(), size_t(1));
        const GraphicsMesh &m = c.meshes[0];
        QCOMPARE(m.triangleCount(), size_t(2));
        QCOMPARE(m.submeshes[0].triangleCount, 2u);
        // The kept ones: the real triangle and the thin one, whose third corner is (0.5, 0.001).
        std::set<float> thirdY;
        for (size_t t = 0; t < m.indices.size(); t += 3) {
            const Vec3 e1 = m.positions[m.indices[t + 1]] - m.positions[m.indices[t]];
            const Vec3 e2 = m.positions[m.indices[t + 2]] - m.positions[m.indices[t]];
            QVERIFY(length(cross(e1, e2)) > 0);
            for (size_t k = 0; k < 3; ++k)
                thirdY.insert(m.positions[m.indices[t + k]].y);
        }
        QVERIFY(thirdY.count(0.001f) && thirdY.count(1.0f));
        QVERIFY(
            std::any_of(report.warnings.begin(), report.warnings.end(), [](const std::string &w) {
                return w.find("3 degenerate triangles dropped") != std::string::npos;
            }));

        // Nothing but degenerate triangles: refused, saying why.
        writeFile(dir.filePath("line.obj"), "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\nf 1 1 2\n");
        try {
            importCharacter(dir.filePath("line.obj").toStdString());
            QFAIL("a file of degenerate triangles was accepted");
        } catch (const FileError &e) {
            QVERIFY2(e.problem().find("no triangle with an area (2 degenerate") !=
                         std::string::npos,
                     e.what());
        }

        // Real files whose degenerate triangles used to reach the asset: the binary and ASCII
        // STL spider (56 each). (The CSM motion's drawing of its bones, 8 of them, is no longer
        // imported: see errors().)
        for (const auto &[relative, count] :
             {std::pair{"STL/Spider_binary.stl", 56u}, std::pair{"STL/Spider_ascii.stl", 56u}}) {
            ImportReport r;
            expectCleanOutcome(model(relative));
            importCharacter(model(relative), &r);
            QCOMPARE(r.degenerateTriangles, count);
        }
    }

    // A character hundreds of metres or a few millimetres across is in another unit than the
    // one read: the import says so, with the unit it took; an ordinary size says nothing.
    void unusualSizeIsReported()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto sizeWarnings = [&](const char *name, const QByteArray &obj) {
            writeFile(dir.filePath(name), obj);
            ImportReport report;
            importCharacter(dir.filePath(name).toStdString(), &report);
            std::vector<std::string> out;
            for (const std::string &w : report.warnings)
                if (w.find(" m across") != std::string::npos) out.push_back(w);
            return out;
        };
        const auto giant = sizeWarnings("giant.obj", "v 0 0 0\nv 180 0 0\nv 0 170 0\nf 1 2 3\n");
        QCOMPARE(giant.size(), size_t(1));
        QVERIFY2(giant[0].find("the character is 180 m across (one file unit is 1 m, the file "
                               "gives no unit)") != std::string::npos,
                 giant[0].c_str());
        QCOMPARE(sizeWarnings("tiny.obj", "v 0 0 0\nv 0.0018 0 0\nv 0 0.0017 0\nf 1 2 3\n").size(),
                 size_t(1));
        QVERIFY(sizeWarnings("person.obj", "v 0 0 0\nv 0.5 0 0\nv 0 1.8 0\nf 1 2 3\n").empty());
        // The unit the file states is named: FBX's UnitScaleFactor (the spider's nodes are scaled
        // by 100 on top of it).
        ImportReport spider;
        importCharacter(model("FBX/spider.fbx"), &spider);
        QVERIFY(std::any_of(spider.warnings.begin(), spider.warnings.end(), [](const std::string &w) {
            return w.find("m across (one file unit is 0.01 m, as its UnitScaleFactor says)") !=
                   std::string::npos;
        }));
    }

    // SMD files are Z-up by convention: the Wuson of the SMD stands as the Wuson of the X file
    // (Y-up) does, on its legs, where it stood on its tail; its up axis is kept for the exports.
    void smdIsReadZUp()
    {
        const auto extent = [](const Character &c) {
            Vec3 low{1e30f, 1e30f, 1e30f}, high{-1e30f, -1e30f, -1e30f};
            for (const GraphicsMesh &m : c.meshes)
                for (const Vec3 &p : m.positions) {
                    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
                    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
                }
            return high - low;
        };
        const Character smd = importCharacter(model("SMD/WusonSMD.smd"));
        const Character x = importCharacter(model("X/Testwuson.X"));
        QCOMPARE(smd.sourceUnits.upAxis, UpAxis::Z);
        const Vec3 a = extent(smd), b = extent(x);
        // The same height; the length and width may be swapped or scaled alike.
        QVERIFY2(std::abs(a.y / std::max(a.x, a.z) - b.y / std::max(b.x, b.z)) < 0.05f,
                 qPrintable(QStringLiteral("SMD %1 %2 %3, X %4 %5 %6")
                                .arg(double(a.x)).arg(double(a.y)).arg(double(a.z))
                                .arg(double(b.x)).arg(double(b.y)).arg(double(b.z))));
        // And the rest pose still reproduces the mesh.
        QVERIFY(restSkinningError(smd) < 1e-4f);
    }

    // Names that are not UTF-8 are read as Latin-1; valid UTF-8 is kept as it is.
    void latin1Names()
    {
        QCOMPARE(textAsUtf8("Terraind\xe6k"), std::string("Terraind\xc3\xa6k"));
        QCOMPARE(textAsUtf8("plain"), std::string("plain"));
        const std::string valid = "\xc3\xa6\xe2\x82\xac\xf0\x9f\x98\x80"; // æ € and an emoji
        QCOMPARE(textAsUtf8(valid), valid);
        QVERIFY(isValidUtf8(valid));
        // Each byte that starts no valid sequence becomes its Latin-1 letter: a truncated
        // sequence, an overlong form, a surrogate, a stray continuation byte.
        QCOMPARE(textAsUtf8("\xe2\x82"), std::string("\xc3\xa2\xc2\x82"));
        QCOMPARE(textAsUtf8("\xc0\x80"), std::string("\xc3\x80\xc2\x80"));
        QCOMPARE(textAsUtf8("\xed\xa0\x80"), std::string("\xc3\xad\xc2\xa0\xc2\x80"));
        QCOMPARE(textAsUtf8("a\x80"), std::string("a\xc2\x80"));
        for (const char *bad :
             {"\xe6", "\xe2\x82", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
            QVERIFY(!isValidUtf8(bad));
            QVERIFY(isValidUtf8(textAsUtf8(bad)));
        }

        // An OBJ whose object and material names are Latin-1.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath("l.obj"), "mtllib l.mtl\no Terr\xe6n\nv 0 0 0\nv 1 0 0\nv 0 1 0\n"
                                         "usemtl Terraind\xe6k\nf 1 2 3\n");
        writeFile(dir.filePath("l.mtl"), "newmtl Terraind\xe6k\nKd 1 0 0\n");
        ImportReport report;
        const Character c = importCharacter(dir.filePath("l.obj").toStdString(), &report);
        QCOMPARE(c.meshes.size(), size_t(1));
        QCOMPARE(c.meshes[0].name, std::string("Terr\xc3\xa6n"));
        QCOMPARE(c.meshes[0].submeshes[0].material, std::string("Terraind\xc3\xa6k"));
        QVERIFY(report.namesConvertedFromLatin1 >= 2); // the mesh and the material (and the node)
        QVERIFY(c.skeleton.find("Terr\xc3\xa6n") >= 0);

        // regr01.obj's material "Terraindæk", written in Latin-1.
        const Character house = importCharacter(model("OBJ/regr01.obj"));
        bool found = false;
        for (const GraphicsMesh &m : house.meshes) {
            QVERIFY(isValidUtf8(m.name));
            for (const Submesh &s : m.submeshes) {
                QVERIFY(isValidUtf8(s.material));
                found = found || s.material == "Terraind\xc3\xa6k";
            }
        }
        QVERIFY(found);
    }

    void meshNamesAreUnique()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath("coats.obj");
        // Assimp names the first mesh of an OBJ object after the object, the others after
        // their material: two meshes called "Coat" and one "blue".
        writeFile(file, "o Coat\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nusemtl red\nf 1 2 3\n"
                        "usemtl Coat\nf 1 2 4\nusemtl Coat\nf 1 3 4\nusemtl blue\nf 2 3 4\n");
        const Character c = importCharacter(file.toStdString());
        std::set<std::string> names;
        for (const GraphicsMesh &m : c.meshes) {
            QVERIFY(!m.name.empty());
            QVERIFY(names.insert(m.name).second);
            QCOMPARE(m.submeshes.size(), size_t(1));
            QCOMPARE(m.submeshes[0].triangleCount, uint32_t(m.triangleCount()));
        }
        QCOMPARE(c.meshes.size(), size_t(3));
        QVERIFY(names.count("Coat") && names.count("Coat.1") && names.count("blue"));
        // A Half-Life model's mesh has no name.
        const Character mdl = importCharacter(model("MDL/MDL (HL1)/alpha_test.mdl"));
        QCOMPARE(mdl.meshes[0].name, std::string("mesh_0"));
        // An unnamed clip gets a name.
        const Character skin = importCharacter(model("glTF2/simple_skin/simple_skin.gltf"));
        QCOMPARE(skin.clips.size(), size_t(1));
        QCOMPARE(skin.clips[0].name, std::string("clip_0"));
    }

    void progressAndCancel()
    {
        const std::string path = model("X/Testwuson.X");
        std::vector<float> fractions;
        importCharacter(path, nullptr, [&](float f, std::string_view) {
            fractions.push_back(f);
            return true;
        });
        QVERIFY(fractions.size() >= 4);
        QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
        QCOMPARE(fractions.back(), 1.0f);
        // Cancelling at any stage throws Cancelled.
        for (size_t stop : {size_t(0), size_t(1), fractions.size() / 2, fractions.size() - 1}) {
            size_t calls = 0;
            QVERIFY_THROWS_EXCEPTION(Cancelled, importCharacter(path, nullptr, [&](float, std::string_view) {
                                         return calls++ < stop;
                                     }));
        }
    }

    void extensions()
    {
        const std::vector<std::string> ext = importableExtensions();
        for (const char *e : {"fbx", "gltf", "glb", "dae", "zae", "x", "obj", "md5mesh"})
            QVERIFY2(std::find(ext.begin(), ext.end(), e) != ext.end(), e);
        for (const std::string &e : ext) {
            QVERIFY(!e.empty());
            QVERIFY(e.find('.') == std::string::npos && e.find('*') == std::string::npos);
            QVERIFY(std::none_of(e.begin(), e.end(), [](char ch) { return std::isupper(ch); }));
        }
    }
};

QTEST_GUILESS_MAIN(TestImport)
#include "test_import.moc"
