// Merging character meshes into a garment and rebuilding a LoD from another choice of meshes.
#include "tweed/garment.h"

#include "mesh_internal.h"
#include "tweed/create_asset.h"
#include "tweed/errors.h"
#include "tweed/meshproc/layers.h"
#include "tweed/physics_mesh.h"

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

namespace {

// Where each character mesh's vertices start in a garment merged by mergeGarmentMeshes (its
// submeshes named after the meshes, in vertex order); empty when it was not made that way.
std::map<std::string, size_t> partStarts(const Character &character, const GraphicsMesh &garment)
{
    std::map<std::string, size_t> starts;
    size_t first = 0;
    for (const Submesh &sub : garment.submeshes) {
        const int m = character.findMesh(sub.name);
        if (m < 0 || starts.count(sub.name))
            return {};
        starts[sub.name] = first;
        first += character.meshes[size_t(m)].vertexCount();
    }
    if (first != garment.vertexCount())
        return {};
    return starts;
}

} // namespace

void rebuildGarment(ClothingAsset &asset, size_t lod, const Character &character,
                    const std::vector<std::string> &names, const GenerationSettings &settings,
                    const ProgressCallback &progress, const std::string &assetPath)
{
    if (lod >= asset.lods.size())
        throw InputError("no graphical LoD " + std::to_string(lod) + " (the asset has " +
                         std::to_string(asset.lods.size()) + ")");
    validateGenerationSettings(settings);
    reportProgress(progress, 0.0f, "merging garment meshes");
    GraphicsMesh mesh = mergeGarmentMeshes(character, names);
    if (mesh.indices.empty())
        throw InputError("the garment meshes have no triangles");
    keepOrGuessLayerRoles(mesh, asset.lods[lod].mesh, character);

    // A vertex of a mesh the LoD already had keeps its own paint; the others read the old
    // garment's surface.
    const GraphicsLod &old = asset.lods[lod];
    std::vector<uint32_t> source(mesh.vertexCount(), detail::kNone);
    const std::map<std::string, size_t> oldStarts = partStarts(character, old.mesh);
    size_t first = 0;
    for (const Submesh &sub : mesh.submeshes) {
        const size_t count = character.meshes[size_t(character.findMesh(sub.name))].vertexCount();
        const auto it = oldStarts.find(sub.name);
        if (it != oldStarts.end())
            for (size_t v = 0; v < count; ++v)
                source[first + v] = uint32_t(it->second + v);
        first += count;
    }
    PaintChannels oldChannels = old.channels;
    if (oldChannels.vertexCount() == 0)
        oldChannels.resize(old.mesh.vertexCount());
    reportProgress(progress, 0.05f, "transferring paint");
    const std::vector<detail::SurfacePoint> points =
        detail::locateOnSurface(mesh.positions, source, old.mesh.positions, old.mesh.indices, nullptr);

    ClothingAsset changed = asset;
    GraphicsLod &target = changed.lods[lod];
    detail::transferChannels(oldChannels, points, target.channels);
    target.mesh = std::move(mesh);
    auto rest = [&progress](float f, std::string_view stage) {
        return !progress || progress(0.1f + 0.9f * f, stage);
    };
    regeneratePhysicsMesh(changed, lod, settings, rest, assetPath);
    asset = std::move(changed);
}

} // namespace tweed
