#include "tweed/asset_queries.h"

namespace tweed {

const PhysicsMesh *physicsMeshAt(const ClothingAsset &asset, int index)
{
    return index >= 0 && size_t(index) < asset.physicsMeshes.size()
               ? &asset.physicsMeshes[size_t(index)]
               : nullptr;
}

int physicsMeshIndex(const ClothingAsset &asset, int lod)
{
    if (lod < 0 || size_t(lod) >= asset.lods.size()) return -1;
    const int index = asset.lods[size_t(lod)].physicsMesh;
    return physicsMeshAt(asset, index) ? index : -1;
}

const PhysicsMesh *physicsMeshOf(const ClothingAsset &asset, int lod)
{
    return physicsMeshAt(asset, physicsMeshIndex(asset, lod));
}

PhysicsMesh *physicsMeshOf(ClothingAsset &asset, int lod)
{
    const int index = physicsMeshIndex(asset, lod);
    return index < 0 ? nullptr : &asset.physicsMeshes[size_t(index)];
}

int physicsMeshSharedWith(const ClothingAsset &asset, int lod)
{
    const int index = physicsMeshIndex(asset, lod);
    if (index < 0) return -1;
    for (int k = 0; k < lod; ++k)
        if (asset.lods[size_t(k)].physicsMesh == index) return k;
    return -1;
}

bool isPhysicsMeshShared(const ClothingAsset &asset, int lod)
{
    const int index = physicsMeshIndex(asset, lod);
    if (index < 0) return false;
    for (size_t k = 0; k < asset.lods.size(); ++k)
        if (int(k) != lod && asset.lods[k].physicsMesh == index) return true;
    return false;
}

} // namespace tweed
