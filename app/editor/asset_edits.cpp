#include "asset_edits.h"

#include "tweed/asset_queries.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/garment_map.h"

namespace tweed::editor {

QStringList garmentMeshNames(const Document &document, int lod)
{
    const ClothingAsset &asset = document.asset();
    const Character &character = document.character();
    QStringList names;
    if (lod < 0 || size_t(lod) >= asset.lods.size()) return names;
    for (const GarmentPart &p : garmentParts(character, asset.lods[size_t(lod)].mesh))
        names << QString::fromStdString(character.meshes[size_t(p.mesh)].name);
    return names;
}

bool PhysicsMeshGeneration::rebuildsGarment(const Document &document) const
{
    QStringList had = garmentMeshNames(document, lod), chosen = garmentMeshes;
    if (had.isEmpty()) return false;
    had.sort();
    chosen.sort();
    return chosen != had;
}

ClothingAsset PhysicsMeshGeneration::run(const Document &document,
                                         const ProgressCallback &progress) const
{
    ClothingAsset changed = document.asset();
    const std::string assetPath = document.filePath().toStdString();
    if (ownMesh && isPhysicsMeshShared(changed, lod)) changed.lods[size_t(lod)].physicsMesh = -1;
    // The roles asked for; true when one changed.
    const auto setRoles = [&] {
        bool any = false;
        if (lod < 0 || size_t(lod) >= changed.lods.size()) return any;
        for (Submesh &sub : changed.lods[size_t(lod)].mesh.submeshes)
            if (const auto it = roles.find(sub.name); it != roles.end() && sub.role != it->second) {
                sub.role = it->second;
                any = true;
            }
        return any;
    };
    setRoles();
    if (rebuildsGarment(document)) {
        std::vector<std::string> names;
        for (const QString &n : garmentMeshes)
            names.push_back(n.toStdString());
        rebuildGarment(changed, size_t(lod), document.character(), names, settings, progress,
                       assetPath);
        // A part new to the garment took the guessed role: the one asked for, and the physics
        // mesh again from the shells.
        if (setRoles())
            regeneratePhysicsMesh(changed, size_t(lod), settings, progress, assetPath);
    } else {
        regeneratePhysicsMesh(changed, size_t(lod), settings, progress, assetPath);
    }
    return changed;
}

void PhysicsMeshGeneration::apply(Document &document, ClothingAsset generated,
                                  const QString &text) const
{
    Document::Changes what = Document::PhysicsMeshChanged | Document::ChannelsChanged;
    if (rebuildsGarment(document) || !roles.empty()) what |= Document::MeshesChanged;
    document.replaceAsset(std::move(generated), text, what);
}

ClothingAsset withLodFromMesh(const Document &document, int mesh, int shareWith,
                              GenerationSettings settings, const ProgressCallback &progress,
                              size_t &added)
{
    ClothingAsset changed = document.asset();
    LodOptions options;
    options.sharePhysicsMeshOf = shareWith;
    options.generation = std::move(settings);
    options.generation.submeshes.clear(); // the new LoD's only submesh is the mesh itself
    GraphicsMesh lodMesh = mergeGarmentMeshes(document.character(), std::vector<int>{mesh});
    added = addGraphicsLod(changed, std::move(lodMesh), options, progress,
                           document.filePath().toStdString());
    return changed;
}

void applyAddedLod(Document &document, ClothingAsset changed, const QString &text)
{
    document.replaceAsset(std::move(changed), text,
                          Document::MeshesChanged | Document::PhysicsMeshChanged |
                              Document::ChannelsChanged);
}

bool sharePhysicsMeshOf(Document &document, int lod, int other, const QString &text)
{
    const ClothingAsset &asset = document.asset();
    const int index = physicsMeshIndex(asset, other);
    if (index >= 0 && index == physicsMeshIndex(asset, lod)) return false;
    ClothingAsset changed = asset;
    sharePhysicsMesh(changed, size_t(lod), size_t(other));
    document.replaceAsset(std::move(changed), text,
                          Document::PhysicsMeshChanged | Document::ChannelsChanged);
    return true;
}

} // namespace tweed::editor
