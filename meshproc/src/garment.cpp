// Merging character meshes into a garment, and where each mesh sits in a merged garment.
#include "tweed/meshproc/garment.h"

#include "tweed/errors.h"
#include "tweed/meshproc/garment_map.h"

#include <algorithm>
#include <map>

namespace tweed {

GraphicsMesh mergeGarmentMeshes(const Character &character, const std::vector<int> &chosen)
{
    if (chosen.empty())
        throw InputError("no garment meshes chosen");
    for (int i : chosen)
        if (i < 0 || size_t(i) >= character.meshes.size())
            throw InputError("no mesh " + std::to_string(i) + " in the character (it has " +
                             std::to_string(character.meshes.size()) + ")");
    GraphicsMesh out;
    bool normals = false, tangents = false, uvs = false, skinned = false;
    for (int i : chosen) {
        const GraphicsMesh &m = character.meshes[size_t(i)];
        normals |= m.normals.size() == m.vertexCount();
        tangents |= m.tangents.size() == m.vertexCount();
        uvs |= m.uvs.size() == m.vertexCount();
        skinned |= m.isSkinned();
    }
    for (int i : chosen) {
        const GraphicsMesh &m = character.meshes[size_t(i)];
        out.name += (out.name.empty() ? "" : "+") + m.name;
        const uint32_t base = uint32_t(out.positions.size());
        const size_t n = m.vertexCount();
        out.positions.insert(out.positions.end(), m.positions.begin(), m.positions.end());
        if (normals) {
            const std::vector<Vec3> src = m.normals.size() == n
                                              ? m.normals
                                              : computeVertexNormals(m.positions, m.indices);
            out.normals.insert(out.normals.end(), src.begin(), src.end());
        }
        if (tangents) {
            if (m.tangents.size() == n)
                out.tangents.insert(out.tangents.end(), m.tangents.begin(), m.tangents.end());
            else
                out.tangents.resize(out.tangents.size() + n);
        }
        if (uvs) {
            if (m.uvs.size() == n)
                out.uvs.insert(out.uvs.end(), m.uvs.begin(), m.uvs.end());
            else
                out.uvs.resize(out.uvs.size() + n);
        }
        if (skinned) {
            if (m.isSkinned()) {
                out.skin.insert(out.skin.end(), m.skin.begin(), m.skin.end());
            } else {
                BoneInfluence rigid;
                rigid.weights[0] = 1;
                out.skin.resize(out.skin.size() + n, rigid);
            }
        }
        Submesh sub;
        sub.name = m.name;
        if (!m.submeshes.empty()) {
            sub.material = m.submeshes.front().material;
            sub.baseColorTexture = m.submeshes.front().baseColorTexture;
        }
        sub.firstTriangle = uint32_t(out.indices.size() / 3);
        sub.triangleCount = uint32_t(m.indices.size() / 3);
        for (uint32_t idx : m.indices) {
            if (idx >= n)
                throw InputError("mesh \"" + m.name + "\" has a vertex index out of range");
            out.indices.push_back(base + idx);
        }
        out.submeshes.push_back(std::move(sub));
    }
    return out;
}

GraphicsMesh mergeGarmentMeshes(const Character &character, const std::vector<std::string> &names)
{
    std::vector<int> chosen;
    for (const std::string &name : names) {
        const int i = character.findMesh(name);
        if (i < 0)
            throw InputError("no mesh named \"" + name + "\" in the character");
        if (std::find(chosen.begin(), chosen.end(), i) == chosen.end())
            chosen.push_back(i);
    }
    return mergeGarmentMeshes(character, chosen);
}

GraphicsMesh mergeAllMeshes(const Character &character)
{
    if (character.meshes.empty())
        return {};
    std::vector<int> all(character.meshes.size());
    for (size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    return mergeGarmentMeshes(character, all);
}

std::map<std::string, size_t> garmentPartStarts(const Character &character,
                                                const GraphicsMesh &garment)
{
    std::map<std::string, size_t> starts;
    for (const GarmentPart &part : garmentParts(character, garment))
        if (!starts.emplace(character.meshes[size_t(part.mesh)].name, part.first).second) return {};
    return starts;
}

} // namespace tweed
