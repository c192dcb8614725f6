#include "tweed/mesh.h"
#include "tweed/mesh_edges.h"

#include <map>
#include <tuple>

namespace tweed {

int Character::findMesh(const std::string &name) const
{
    for (size_t i = 0; i < meshes.size(); ++i)
        if (meshes[i].name == name)
            return int(i);
    return -1;
}

int Character::findClip(const std::string &name) const
{
    for (size_t i = 0; i < clips.size(); ++i)
        if (clips[i].name == name)
            return int(i);
    return -1;
}

namespace {

// Weighted sum of the influencing matrices' linear (3x3 + translation) parts.
Mat4 blendedMatrix(const BoneInfluence &inf, const std::vector<Mat4> &skinning)
{
    Mat4 m;
    for (float &x : m.m)
        x = 0;
    for (int k = 0; k < kMaxBoneInfluences; ++k) {
        const float w = inf.weights[size_t(k)];
        if (w == 0.0f)
            continue;
        const Mat4 &b = skinning[inf.bones[size_t(k)]];
        for (int i = 0; i < 16; ++i)
            m.m[i] += w * b.m[i];
    }
    return m;
}

} // namespace

void skinVertices(const std::vector<Vec3> &restPositions, const std::vector<BoneInfluence> &skin,
                  const std::vector<Mat4> &skinning, std::vector<Vec3> &outPositions)
{
    outPositions.resize(restPositions.size());
    if (skin.size() != restPositions.size()) {
        outPositions = restPositions;
        return;
    }
    for (size_t v = 0; v < restPositions.size(); ++v)
        outPositions[v] = blendedMatrix(skin[v], skinning).transformPoint(restPositions[v]);
}

void skinNormals(const std::vector<Vec3> &restNormals, const std::vector<BoneInfluence> &skin,
                 const std::vector<Mat4> &skinning, std::vector<Vec3> &outNormals)
{
    outNormals.resize(restNormals.size());
    if (skin.size() != restNormals.size()) {
        outNormals = restNormals;
        return;
    }
    // Rigid bones with uniform scale: transforming by the blended matrix and renormalising is
    // the usual game-engine approximation of the inverse transpose.
    for (size_t v = 0; v < restNormals.size(); ++v)
        outNormals[v] = normalize(blendedMatrix(skin[v], skinning).transformVector(restNormals[v]));
}

void accumulateVertexNormals(const std::vector<Vec3> &positions,
                             const std::vector<uint32_t> &indices, std::vector<Vec3> &out)
{
    out.assign(positions.size(), Vec3{});
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        const Vec3 n = cross(positions[b] - positions[a], positions[c] - positions[a]);
        out[a] += n;
        out[b] += n;
        out[c] += n;
    }
}

std::vector<Vec3> computeVertexNormals(const std::vector<Vec3> &positions,
                                       const std::vector<uint32_t> &indices)
{
    std::vector<Vec3> normals;
    accumulateVertexNormals(positions, indices, normals);
    for (Vec3 &n : normals)
        n = normalize(n);
    return normals;
}

std::vector<uint32_t> weldEqualPositions(const std::vector<Vec3> &positions, uint32_t *groups)
{
    std::map<std::tuple<float, float, float>, uint32_t> byPosition;
    std::vector<uint32_t> groupOf(positions.size());
    uint32_t count = 0;
    for (size_t v = 0; v < positions.size(); ++v) {
        const Vec3 &p = positions[v];
        const auto [it, added] = byPosition.try_emplace(std::make_tuple(p.x, p.y, p.z), count);
        if (added) ++count;
        groupOf[v] = it->second;
    }
    if (groups) *groups = count;
    return groupOf;
}

std::vector<uint32_t> uniqueEdges(const std::vector<uint32_t> &indices)
{
    std::vector<uint64_t> keys;
    keys.reserve(indices.size());
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)];
            if (a != b)
                keys.push_back(edgeKey(a, b));
        }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<uint32_t> edges;
    edges.reserve(keys.size() * 2);
    for (uint64_t k : keys) {
        edges.push_back(uint32_t(k >> 32));
        edges.push_back(uint32_t(k & 0xFFFFFFFFu));
    }
    return edges;
}

} // namespace tweed
