// The bundled sample character (resources/sample): the committed glTF is exactly what the
// generator writes, it follows the glTF 2.0 rules importers rely on, Assimp reads it with the
// expected meshes, skeleton and clips, the coat clears the body, its skirt stays whole while
// the legs stride, and the walk loops.
#include "sample_character.h"
#include "test_paths.h"

#include "tweed/meshproc/import.h"
#include "tweed/math.h"
#include "tweed/skeleton.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

using namespace tweed;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

Vec3 toVec3(const aiVector3D &v)
{
    return {v.x, v.y, v.z};
}

/// Distance from p to triangle abc (closest point by region, Ericson's "Real-Time Collision
/// Detection" 5.1.5).
float pointTriangleDistance(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const Vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return distance(p, a);
    const Vec3 bp = p - b;
    const float d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return distance(p, b);
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return distance(p, a + ab * (d1 / (d1 - d3)));
    const Vec3 cp = p - c;
    const float d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return distance(p, c);
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return distance(p, a + ac * (d2 / (d2 - d6)));
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
        return distance(p, b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))));
    const float denom = 1.0f / (va + vb + vc);
    return distance(p, a + ab * (vb * denom) + ac * (vc * denom));
}

const char *const kBoneNames[] = {"Hips",          "Spine",     "Spine1",        "Chest",
                                  "Neck",          "Head",      "LeftShoulder",  "LeftUpperArm",
                                  "LeftLowerArm",  "LeftHand",  "RightShoulder", "RightUpperArm",
                                  "RightLowerArm", "RightHand", "LeftUpperLeg",  "LeftLowerLeg",
                                  "LeftFoot",      "LeftToes",  "RightUpperLeg", "RightLowerLeg",
                                  "RightFoot",     "RightToes"};

} // namespace

class TestSampleCharacter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void regeneratingGivesTheCommittedBytes();
    void gltfFollowsTheSpecification();
    void assimpReadsMeshesAndSkeleton();
    void assimpReadsTheClips();
    void skinWeightsAreNormalised();
    void bodyIsClosedAndHumanSized();
    void coatKeepsClearOfTheBody();
    void skirtStaysWholeWhileWalking();
    void walkIsCyclic();

private:
    const aiMesh *mesh(const char *name) const;

    QByteArray mCommitted;
    QJsonObject mGltf;
    QByteArray mBuffer;
    Assimp::Importer mImporter;
    const aiScene *mScene = nullptr;
};

void TestSampleCharacter::initTestCase()
{
    mCommitted = readAll(QString::fromStdString(test::kSampleCharacter));
    QVERIFY2(!mCommitted.isEmpty(), test::kSampleCharacter.c_str());
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(mCommitted, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    mGltf = document.object();
    const QJsonObject &gltf = mGltf;
    const QString uri = gltf["buffers"][0]["uri"].toString();
    const QString prefix = "data:application/octet-stream;base64,";
    QVERIFY(uri.startsWith(prefix));
    mBuffer = QByteArray::fromBase64(uri.mid(prefix.size()).toLatin1());
    QCOMPARE(qsizetype(gltf["buffers"][0]["byteLength"].toInteger()), mBuffer.size());

    mScene = mImporter.ReadFile(test::kSampleCharacter, 0);
    QVERIFY2(mScene, mImporter.GetErrorString());
}

const aiMesh *TestSampleCharacter::mesh(const char *name) const
{
    for (unsigned i = 0; i < mScene->mNumMeshes; ++i)
        if (std::strcmp(mScene->mMeshes[i]->mName.C_Str(), name) == 0) return mScene->mMeshes[i];
    return nullptr;
}

void TestSampleCharacter::regeneratingGivesTheCommittedBytes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("tweed_sample.gltf").toStdString();
    writeSampleGltf(path);
    const QByteArray regenerated = readAll(QString::fromStdString(path));
    QVERIFY2(regenerated == mCommitted,
             "resources/sample/tweed_sample.gltf differs from the generator's output; "
             "regenerate it with `cmake --build <build> --target tweed-make-sample`");
    // And the generator does not depend on state left by an earlier run.
    QVERIFY(QByteArray::fromStdString(generateSampleGltf()) == regenerated);
}

void TestSampleCharacter::gltfFollowsTheSpecification()
{
    const QJsonObject &gltf = mGltf;
    QCOMPARE(gltf["asset"]["version"].toString(), QString("2.0"));
    const QJsonArray accessors = gltf["accessors"].toArray();
    const QJsonArray views = gltf["bufferViews"].toArray();
    const QJsonArray nodes = gltf["nodes"].toArray();

    auto componentSize = [](int type) {
        return type == 5120 || type == 5121 ? 1 : type == 5122 || type == 5123 ? 2 : 4;
    };
    const std::map<QString, int> typeCount = {
        {"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    // Accessors fit in their views, views in the buffer; tightly packed views hold one
    // accessor each (otherwise byteStride would be required).
    std::map<int, int> accessorsPerView;
    for (const QJsonValue &value : accessors) {
        const QJsonObject a = value.toObject();
        const int viewIndex = a["bufferView"].toInt();
        QVERIFY(viewIndex >= 0 && viewIndex < views.size());
        const QJsonObject view = views[viewIndex].toObject();
        QVERIFY(!view.contains("byteStride"));
        ++accessorsPerView[viewIndex];
        const int size =
            componentSize(a["componentType"].toInt()) * typeCount.at(a["type"].toString());
        QCOMPARE(a["byteOffset"].toInt(0) % componentSize(a["componentType"].toInt()), 0);
        QVERIFY(a["byteOffset"].toInt(0) + a["count"].toInt() * size <= view["byteLength"].toInt());
        QCOMPARE(view["byteOffset"].toInt() % 4, 0);
        QVERIFY(view["byteOffset"].toInt() + view["byteLength"].toInt() <= mBuffer.size());
    }
    for (const auto &[view, count] : accessorsPerView)
        QCOMPARE(count, 1);

    auto floatsOf = [&](int accessor) {
        const QJsonObject a = accessors[accessor].toObject();
        const QJsonObject view = views[a["bufferView"].toInt()].toObject();
        const int n = a["count"].toInt() * typeCount.at(a["type"].toString());
        std::vector<float> out(size_t(n), 0.0f);
        std::memcpy(out.data(),
                    mBuffer.constData() + view["byteOffset"].toInt() + a["byteOffset"].toInt(0),
                    size_t(n) * sizeof(float));
        return out;
    };

    // Node hierarchy: a forest (one parent at most, no cycles), scene roots without parents.
    std::vector<int> parent(size_t(nodes.size()), -1);
    for (int i = 0; i < nodes.size(); ++i)
        for (const QJsonValue &child : nodes[i]["children"].toArray()) {
            QCOMPARE(parent[size_t(child.toInt())], -1);
            parent[size_t(child.toInt())] = i;
        }
    for (int i = 0; i < nodes.size(); ++i) {
        int steps = 0;
        for (int n = i; n >= 0; n = parent[size_t(n)])
            QVERIFY(++steps <= nodes.size());
    }
    for (const QJsonValue &root : gltf["scenes"][0]["nodes"].toArray())
        QCOMPARE(parent[size_t(root.toInt())], -1);

    // Skin: one inverse bind matrix per joint, each the inverse of the joint's rest transform;
    // skin.skeleton is the common root of the joints.
    const QJsonObject skin = gltf["skins"][0].toObject();
    const QJsonArray joints = skin["joints"].toArray();
    QCOMPARE(joints.size(), 22);
    QCOMPARE(accessors[skin["inverseBindMatrices"].toInt()]["count"].toInt(), joints.size());
    QCOMPARE(accessors[skin["inverseBindMatrices"].toInt()]["type"].toString(), QString("MAT4"));
    const std::vector<float> inverseBind = floatsOf(skin["inverseBindMatrices"].toInt());
    auto localMatrix = [&](int node) {
        const QJsonObject n = nodes[node].toObject();
        Transform t;
        const QJsonArray tr = n["translation"].toArray(), r = n["rotation"].toArray();
        if (!tr.isEmpty())
            t.translation = {float(tr[0].toDouble()), float(tr[1].toDouble()),
                             float(tr[2].toDouble())};
        if (!r.isEmpty())
            t.rotation = {float(r[0].toDouble()), float(r[1].toDouble()), float(r[2].toDouble()),
                          float(r[3].toDouble())};
        return Mat4::fromTransform(t);
    };
    const int skeletonRoot = skin["skeleton"].toInt();
    for (int j = 0; j < joints.size(); ++j) {
        const int node = joints[j].toInt();
        QCOMPARE(nodes[node]["name"].toString(), QString(kBoneNames[j]));
        Mat4 global = localMatrix(node);
        bool underRoot = node == skeletonRoot;
        for (int n = parent[size_t(node)]; n >= 0; n = parent[size_t(n)]) {
            global = localMatrix(n) * global;
            underRoot = underRoot || n == skeletonRoot;
        }
        QVERIFY(underRoot);
        Mat4 ibm;
        std::copy_n(inverseBind.begin() + j * 16, 16, ibm.m);
        QVERIFY(maxAbsDifference(global * ibm, Mat4::identity()) < 1e-5f);
    }

    // Meshes: POSITION has exact min/max; joints are small unsigned integers naming skin
    // joints; weights are non-negative and add up to one.
    for (const QJsonValue &meshValue : gltf["meshes"].toArray()) {
        const QJsonObject attributes = meshValue["primitives"][0]["attributes"].toObject();
        const QJsonObject position = accessors[attributes["POSITION"].toInt()].toObject();
        const std::vector<float> p = floatsOf(attributes["POSITION"].toInt());
        for (int axis = 0; axis < 3; ++axis) {
            float lo = p[size_t(axis)], hi = lo;
            for (size_t i = size_t(axis); i < p.size(); i += 3) {
                lo = std::min(lo, p[i]);
                hi = std::max(hi, p[i]);
            }
            QCOMPARE(float(position["min"][axis].toDouble()), lo);
            QCOMPARE(float(position["max"][axis].toDouble()), hi);
        }
        const QJsonObject jointsAccessor = accessors[attributes["JOINTS_0"].toInt()].toObject();
        QCOMPARE(jointsAccessor["componentType"].toInt(), 5121);
        QCOMPARE(jointsAccessor["type"].toString(), QString("VEC4"));
        const QJsonObject view = views[jointsAccessor["bufferView"].toInt()].toObject();
        const auto *jointData =
            reinterpret_cast<const uint8_t *>(mBuffer.constData() + view["byteOffset"].toInt());
        const std::vector<float> weights = floatsOf(attributes["WEIGHTS_0"].toInt());
        QCOMPARE(accessors[attributes["WEIGHTS_0"].toInt()]["componentType"].toInt(), 5126);
        for (size_t v = 0; v * 4 < weights.size(); ++v) {
            float sum = 0;
            for (size_t k = 0; k < 4; ++k) {
                QVERIFY(weights[v * 4 + k] >= 0);
                QVERIFY(jointData[v * 4 + k] < joints.size());
                sum += weights[v * 4 + k];
            }
            QVERIFY(std::abs(sum - 1.0f) < 2e-6f);
        }
        for (const char *attribute : {"NORMAL", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0"})
            QCOMPARE(accessors[attributes[attribute].toInt()]["count"].toInt(),
                     position["count"].toInt());
    }

    // Animations: LINEAR samplers with as many outputs as inputs, times with min/max and
    // strictly increasing, unit rotations.
    const QJsonArray animations = gltf["animations"].toArray();
    QCOMPARE(animations.size(), 3);
    for (const QJsonValue &animation : animations) {
        const QJsonArray samplers = animation["samplers"].toArray();
        for (const QJsonValue &channel : animation["channels"].toArray()) {
            const QJsonObject sampler = samplers[channel["sampler"].toInt()].toObject();
            QCOMPARE(sampler["interpolation"].toString(), QString("LINEAR"));
            const QJsonObject input = accessors[sampler["input"].toInt()].toObject();
            const QJsonObject output = accessors[sampler["output"].toInt()].toObject();
            QCOMPARE(output["count"].toInt(), input["count"].toInt());
            QVERIFY(input.contains("min") && input.contains("max"));
            const std::vector<float> times = floatsOf(sampler["input"].toInt());
            QCOMPARE(float(input["min"][0].toDouble()), times.front());
            QCOMPARE(float(input["max"][0].toDouble()), times.back());
            QVERIFY(std::adjacent_find(times.begin(), times.end(), std::greater_equal<float>()) ==
                    times.end());
            const int node = channel["target"]["node"].toInt();
            QVERIFY(joints.contains(QJsonValue(node)));
            if (channel["target"]["path"].toString() == "rotation") {
                const std::vector<float> q = floatsOf(sampler["output"].toInt());
                for (size_t i = 0; i < q.size(); i += 4)
                    QVERIFY(std::abs(q[i] * q[i] + q[i + 1] * q[i + 1] + q[i + 2] * q[i + 2] +
                                     q[i + 3] * q[i + 3] - 1.0f) < 1e-5f);
            }
        }
    }
}

void TestSampleCharacter::assimpReadsMeshesAndSkeleton()
{
    QCOMPARE(mScene->mNumMeshes, 3u);
    const std::pair<const char *, std::pair<unsigned, unsigned>> expected[] = {
        {"Body", {4000, 10000}}, {"Coat", {3000, 8000}}, {"CoatLining", {2000, 8000}}};
    for (const auto &[name, range] : expected) {
        const aiMesh *m = mesh(name);
        QVERIFY2(m, name);
        QVERIFY2(m->mNumFaces >= range.first && m->mNumFaces <= range.second, name);
        QVERIFY(m->HasNormals());
        QVERIFY(m->HasTextureCoords(0));
        QCOMPARE(m->mPrimitiveTypes, unsigned(aiPrimitiveType_TRIANGLE));
        QCOMPARE(m->mNumBones, 22u);
        std::set<std::string> bones;
        for (unsigned b = 0; b < m->mNumBones; ++b)
            bones.insert(m->mBones[b]->mName.C_Str());
        for (const char *bone : kBoneNames)
            QVERIFY2(bones.count(bone), bone);
    }
    // The coat has its own textured material; body and lining are plain colours.
    const aiMaterial *coat = mScene->mMaterials[mesh("Coat")->mMaterialIndex];
    QCOMPARE(coat->GetTextureCount(aiTextureType_DIFFUSE), 1u);
    QVERIFY(mesh("Coat")->mMaterialIndex != mesh("Body")->mMaterialIndex);
    QVERIFY(mesh("CoatLining")->mMaterialIndex != mesh("Coat")->mMaterialIndex);
    QCOMPARE(mScene->mNumTextures, 1u);
    QCOMPARE(std::string(mScene->mTextures[0]->achFormatHint), std::string("png"));

    // The skeleton's hierarchy as Assimp sees it.
    const aiNode *hips = mScene->mRootNode->FindNode("Hips");
    QVERIFY(hips);
    QCOMPARE(std::string(mScene->mRootNode->FindNode("LeftHand")->mParent->mName.C_Str()),
             std::string("LeftLowerArm"));
    QCOMPARE(std::string(mScene->mRootNode->FindNode("RightToes")->mParent->mName.C_Str()),
             std::string("RightFoot"));
    QCOMPARE(std::string(mScene->mRootNode->FindNode("Head")->mParent->mName.C_Str()),
             std::string("Neck"));
}

void TestSampleCharacter::assimpReadsTheClips()
{
    const std::map<std::string, double> expected = {{"Walk", 1.1}, {"Jump", 1.5}, {"Idle", 3.0}};
    QCOMPARE(mScene->mNumAnimations, 3u);
    for (unsigned a = 0; a < mScene->mNumAnimations; ++a) {
        const aiAnimation *clip = mScene->mAnimations[a];
        const auto found = expected.find(clip->mName.C_Str());
        QVERIFY2(found != expected.end(), clip->mName.C_Str());
        const double ticks = clip->mTicksPerSecond > 0 ? clip->mTicksPerSecond : 1.0;
        QVERIFY(std::abs(clip->mDuration / ticks - found->second) < 1e-3);
        QCOMPARE(clip->mNumChannels, 22u);
        // 30 keys per second.
        QCOMPARE(clip->mChannels[0]->mNumRotationKeys, unsigned(found->second * 30 + 1.5));
    }
}

void TestSampleCharacter::skinWeightsAreNormalised()
{
    for (unsigned m = 0; m < mScene->mNumMeshes; ++m) {
        const aiMesh *me = mScene->mMeshes[m];
        std::vector<float> sum(me->mNumVertices, 0.0f);
        std::vector<int> influences(me->mNumVertices, 0);
        for (unsigned b = 0; b < me->mNumBones; ++b)
            for (unsigned w = 0; w < me->mBones[b]->mNumWeights; ++w) {
                const aiVertexWeight &weight = me->mBones[b]->mWeights[w];
                sum[weight.mVertexId] += weight.mWeight;
                influences[weight.mVertexId] += weight.mWeight > 0 ? 1 : 0;
            }
        for (unsigned v = 0; v < me->mNumVertices; ++v) {
            QVERIFY2(std::abs(sum[v] - 1.0f) < 1e-5f, me->mName.C_Str());
            QVERIFY(influences[v] >= 1 && influences[v] <= 4);
        }
    }
}

void TestSampleCharacter::bodyIsClosedAndHumanSized()
{
    const aiMesh *body = mesh("Body");
    QVERIFY(body);
    std::map<std::pair<unsigned, unsigned>, int> edges;
    for (unsigned f = 0; f < body->mNumFaces; ++f)
        for (unsigned e = 0; e < 3; ++e) {
            const unsigned a = body->mFaces[f].mIndices[e];
            const unsigned b = body->mFaces[f].mIndices[(e + 1) % 3];
            ++edges[std::minmax(a, b)];
        }
    for (const auto &[edge, count] : edges)
        QCOMPARE(count, 2); // closed and manifold
    Vec3 lo = toVec3(body->mVertices[0]), hi = lo;
    for (unsigned v = 0; v < body->mNumVertices; ++v) {
        lo = minComponents(lo, toVec3(body->mVertices[v]));
        hi = maxComponents(hi, toVec3(body->mVertices[v]));
    }
    QVERIFY(std::abs(lo.y) < 0.01f);         // feet on the floor
    QVERIFY(std::abs(hi.y - 1.75f) < 0.02f); // 1.75 m tall
    QVERIFY(std::abs(lo.x + hi.x) < 0.02f);  // symmetric about x = 0
    // Facing +z: the toes reach further forward than the heels reach back.
    QVERIFY(hi.z > 0.15f && lo.z > -0.15f);
}

void TestSampleCharacter::coatKeepsClearOfTheBody()
{
    const aiMesh *body = mesh("Body");
    QVERIFY(body);
    std::vector<std::array<Vec3, 3>> triangles;
    for (unsigned f = 0; f < body->mNumFaces; ++f)
        triangles.push_back({toVec3(body->mVertices[body->mFaces[f].mIndices[0]]),
                             toVec3(body->mVertices[body->mFaces[f].mIndices[1]]),
                             toVec3(body->mVertices[body->mFaces[f].mIndices[2]])});
    // In the rest pose the coat sits about 2.5 cm, the lining about 1.3 cm outside the skin.
    for (const auto &[name, clearance] :
         {std::pair{"Coat", 0.015f}, std::pair{"CoatLining", 0.01f}}) {
        const aiMesh *garment = mesh(name);
        QVERIFY(garment);
        float nearest = 1e9f;
        for (unsigned v = 0; v < garment->mNumVertices; v += 2) {
            const Vec3 p = toVec3(garment->mVertices[v]);
            for (const auto &tri : triangles)
                nearest = std::min(nearest, pointTriangleDistance(p, tri[0], tri[1], tri[2]));
        }
        QVERIFY2(
            nearest >= clearance,
            qPrintable(QString("%1 comes within %2 m of the body").arg(name).arg(double(nearest))));
    }
}

void TestSampleCharacter::skirtStaysWholeWhileWalking()
{
    // The skirt's weights pass from one thigh to the other across its whole front and back, so
    // the skinned coat stretches where the legs stride apart, but does not tear (a share that
    // changed at the middle within a few centimetres stretched edges there to 2.5 times their
    // length).
    const Character character = importCharacter(test::kSampleCharacter);
    const GraphicsMesh &coat = character.meshes[size_t(character.findMesh("Coat"))];
    const AnimationClip &walk = character.clips[size_t(character.findClip("Walk"))];
    constexpr float kBelowHips = 0.9f; // metres; the hips' joint is at about 0.95
    float largest = 0;
    std::vector<Vec3> skinned;
    for (int frame = 0; frame <= int(walk.duration * 30.0); ++frame) {
        skinVertices(coat.positions, coat.skin,
                     skinningMatricesAt(character.skeleton, &walk, frame / 30.0), skinned);
        for (size_t t = 0; t < coat.indices.size(); t += 3)
            for (size_t k = 0; k < 3; ++k) {
                const uint32_t a = coat.indices[t + k], b = coat.indices[t + (k + 1) % 3];
                const float rest = distance(coat.positions[a], coat.positions[b]);
                if (coat.positions[a].y < kBelowHips && coat.positions[b].y < kBelowHips)
                    largest = std::max(largest, distance(skinned[a], skinned[b]) / rest);
            }
    }
    QVERIFY2(largest > 1.05f, "the walk does not move the skirt");
    QVERIFY2(largest < 1.6f,
             qPrintable(QString("a skirt edge stretches %1 times").arg(double(largest))));
}

void TestSampleCharacter::walkIsCyclic()
{
    const aiAnimation *walk = nullptr;
    for (unsigned a = 0; a < mScene->mNumAnimations; ++a)
        if (std::strcmp(mScene->mAnimations[a]->mName.C_Str(), "Walk") == 0)
            walk = mScene->mAnimations[a];
    QVERIFY(walk);
    float largestSwing = 0;
    for (unsigned c = 0; c < walk->mNumChannels; ++c) {
        const aiNodeAnim *channel = walk->mChannels[c];
        const aiQuaternion first = channel->mRotationKeys[0].mValue;
        const aiQuaternion last = channel->mRotationKeys[channel->mNumRotationKeys - 1].mValue;
        const float same =
            std::abs(first.x * last.x + first.y * last.y + first.z * last.z + first.w * last.w);
        QVERIFY2(same > 1.0f - 1e-6f, channel->mNodeName.C_Str());
        const aiVector3D p0 = channel->mPositionKeys[0].mValue;
        const aiVector3D p1 = channel->mPositionKeys[channel->mNumPositionKeys - 1].mValue;
        QVERIFY((p0 - p1).Length() < 1e-6f);
        // Half a cycle later the legs and arms have swung: the clip really moves.
        const aiQuaternion half = channel->mRotationKeys[channel->mNumRotationKeys / 2].mValue;
        const float cosHalf = std::min(1.0f, std::abs(first.x * half.x + first.y * half.y +
                                                      first.z * half.z + first.w * half.w));
        largestSwing = std::max(largestSwing, 2.0f * std::acos(cosHalf) * 180.0f / kPi);
    }
    QVERIFY2(largestSwing > 30.0f, "the walk hardly moves");
}

QTEST_GUILESS_MAIN(TestSampleCharacter)
#include "test_sample_character.moc"
