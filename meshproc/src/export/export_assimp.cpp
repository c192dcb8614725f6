// The baked cloth-driven bones as Collada through Assimp's exporter: the same joints, inverse
// binds, weights and per-frame joint matrices as the glTF writer (export_bake.cpp), in an
// aiScene. Node names are unique (bakedNames): Assimp's writer marks every node named like a
// bone as a joint, and a mesh node so marked is lost on import.
#include "export_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <assimp/Exporter.hpp>
#include <assimp/scene.h>

#include <memory>

namespace tweed {

namespace {

aiMatrix4x4 toAi(const Mat4 &m)
{
    return aiMatrix4x4(m(0, 0), m(0, 1), m(0, 2), m(0, 3), m(1, 0), m(1, 1), m(1, 2), m(1, 3),
                       m(2, 0), m(2, 1), m(2, 2), m(2, 3), m(3, 0), m(3, 1), m(3, 2), m(3, 3));
}

aiNode *addChild(aiNode *parent, aiNode *child)
{
    child->mParent = parent;
    aiNode **children = new aiNode *[parent->mNumChildren + 1];
    for (unsigned i = 0; i < parent->mNumChildren; ++i)
        children[i] = parent->mChildren[i];
    children[parent->mNumChildren] = child;
    delete[] parent->mChildren;
    parent->mChildren = children;
    ++parent->mNumChildren;
    return child;
}

aiNode *newNode(const std::string &name, const Mat4 &local)
{
    aiNode *node = new aiNode(name);
    node->mTransformation = toAi(local);
    return node;
}

} // namespace

uint32_t writeBakedBonesCollada(const ClothingAsset &asset, const BakedBones &baked,
                                const std::string &path, const ExportOptions &options)
{
    const TargetSpace space(options.transform);
    const GraphicsMesh &g = asset.lods[size_t(options.lod)].mesh;
    const Skeleton &skeleton = asset.skeleton;
    const size_t nChar = skeleton.bones.size();
    const size_t joints = nChar + 1 + baked.bones.size();
    const size_t frames = baked.simulated.size();
    const BakedNames unique = bakedNames(asset, baked, options.lod);
    const std::string &meshName = unique.mesh;

    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = new aiNode(unique.root);
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial *[1] { new aiMaterial };
    aiString materialName(meshName);
    scene->mMaterials[0]->AddProperty(&materialName, AI_MATKEY_NAME);

    // Nodes: the character's skeleton, the cloth bones under their static root, the mesh.
    const std::vector<std::string> &names = unique.joints;
    std::vector<aiNode *> nodes(joints);
    uint32_t nodeCount = 1;
    for (size_t i = 0; i < nChar; ++i) {
        nodes[i] =
            newNode(names[i], space.conjugate(Mat4::fromTransform(skeleton.bones[i].restLocal)));
        const int parent = skeleton.bones[i].parent;
        addChild(parent >= 0 ? nodes[size_t(parent)] : scene->mRootNode, nodes[i]);
    }
    nodes[nChar] = addChild(scene->mRootNode, newNode(names[nChar], Mat4::identity()));
    for (size_t i = 0; i < baked.bones.size(); ++i) {
        const size_t j = nChar + 1 + i;
        nodes[j] = addChild(nodes[nChar], newNode(names[j], space.conjugate(baked.restFrames[i])));
    }
    nodeCount += uint32_t(joints);
    aiNode *meshNode = addChild(scene->mRootNode, new aiNode(meshName));
    meshNode->mNumMeshes = 1;
    meshNode->mMeshes = new unsigned[1]{0};
    ++nodeCount;

    // The skinned graphics mesh.
    aiMesh *mesh = new aiMesh;
    scene->mNumMeshes = 1;
    scene->mMeshes = new aiMesh *[1] { mesh };
    mesh->mName = meshName;
    mesh->mMaterialIndex = 0;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    const size_t nv = g.vertexCount();
    mesh->mNumVertices = unsigned(nv);
    mesh->mVertices = new aiVector3D[nv];
    const std::vector<Vec3> positions = space.points(g.positions);
    for (size_t v = 0; v < nv; ++v)
        mesh->mVertices[v] = {positions[v].x, positions[v].y, positions[v].z};
    if (g.normals.size() == nv) {
        const std::vector<Vec3> normals = gltf::unitNormals(space.directions(g.normals));
        mesh->mNormals = new aiVector3D[nv];
        for (size_t v = 0; v < nv; ++v)
            mesh->mNormals[v] = {normals[v].x, normals[v].y, normals[v].z};
    }
    if (g.uvs.size() == nv) {
        mesh->mNumUVComponents[0] = 2;
        mesh->mTextureCoords[0] = new aiVector3D[nv];
        for (size_t v = 0; v < nv; ++v)
            mesh->mTextureCoords[0][v] = {g.uvs[v].x, g.uvs[v].y, 0};
    }
    const std::vector<uint32_t> indices = space.triangles(g.indices);
    mesh->mNumFaces = unsigned(indices.size() / 3);
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
        aiFace &face = mesh->mFaces[f];
        face.mNumIndices = 3;
        face.mIndices = new unsigned[3]{indices[3 * f], indices[3 * f + 1], indices[3 * f + 2]};
    }

    // Every joint is a bone of the mesh (weights or not), so the skin lists all of them.
    std::vector<std::vector<aiVertexWeight>> weights(joints);
    for (size_t v = 0; v < nv; ++v)
        for (size_t k = 0; k < kMaxBoneInfluences; ++k)
            if (baked.skin[v].weights[k] > 0)
                weights[baked.skin[v].bones[k]].push_back(
                    aiVertexWeight(unsigned(v), baked.skin[v].weights[k]));
    const std::vector<Mat4> inverseBinds = bakedInverseBinds(skeleton, baked);
    mesh->mNumBones = unsigned(joints);
    mesh->mBones = new aiBone *[joints];
    for (size_t j = 0; j < joints; ++j) {
        aiBone *bone = new aiBone;
        mesh->mBones[j] = bone;
        bone->mName = names[j];
        bone->mOffsetMatrix = toAi(space.conjugate(inverseBinds[j]));
        bone->mNumWeights = unsigned(weights[j].size());
        if (!weights[j].empty()) {
            bone->mWeights = new aiVertexWeight[weights[j].size()];
            std::copy(weights[j].begin(), weights[j].end(), bone->mWeights);
        }
    }

    // One animation: a key per frame for every joint but the static root. The exporter takes
    // key times as seconds whatever mTicksPerSecond says, so the ticks are seconds.
    aiAnimation *anim = new aiAnimation;
    scene->mNumAnimations = 1;
    scene->mAnimations = new aiAnimation *[1] { anim };
    anim->mName = options.clip ? options.clip->name : "rest";
    anim->mTicksPerSecond = 1.0;
    anim->mDuration =
        frames > 0 ? double(baked.simulated.back().frame) / options.framesPerSecond : 0.0;
    anim->mNumChannels = unsigned(joints - 1);
    anim->mChannels = new aiNodeAnim *[joints - 1];
    unsigned channel = 0;
    for (size_t j = 0; j < joints; ++j) {
        if (j == nChar) continue;
        aiNodeAnim *c = new aiNodeAnim;
        anim->mChannels[channel++] = c;
        c->mNodeName = names[j];
        c->mNumPositionKeys = c->mNumRotationKeys = c->mNumScalingKeys = unsigned(frames);
        c->mPositionKeys = new aiVectorKey[frames];
        c->mRotationKeys = new aiQuatKey[frames];
        c->mScalingKeys = new aiVectorKey[frames];
        for (size_t f = 0; f < frames; ++f) {
            const double time = double(baked.simulated[f].frame) / options.framesPerSecond;
            const Transform x = decompose(space.conjugate(bakedJointLocal(skeleton, baked, j, f)));
            const Quat r = normalize(x.rotation);
            c->mPositionKeys[f] =
                aiVectorKey(time, aiVector3D(x.translation.x, x.translation.y, x.translation.z));
            c->mRotationKeys[f] = aiQuatKey(time, aiQuaternion(r.w, r.x, r.y, r.z));
            c->mScalingKeys[f] = aiVectorKey(time, aiVector3D(x.scale.x, x.scale.y, x.scale.z));
        }
    }

    Assimp::Exporter exporter;
    if (exporter.Export(scene.get(), "collada", path) != aiReturn_SUCCESS)
        throw FileError(path, std::string("Assimp cannot write it: ") + exporter.GetErrorString());
    return nodeCount;
}

} // namespace tweed
