// A first clothing asset from a character, and regenerating a LoD's physics mesh.
#include "tweed/meshproc/create_asset.h"

#include "mesh_internal.h"
#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/skinned_check.h"
#include "tweed/meshproc/layers.h"
#include "tweed/simulation_settings.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

namespace tweed {
namespace {

namespace fs = std::filesystem;

std::string availableMeshes(const Character &character)
{
    std::string list;
    for (const GraphicsMesh &m : character.meshes)
        list += (list.empty() ? "" : ", ") + ("\"" + m.name + "\"");
    return list.empty() ? "none" : list;
}

SourceReference sourceReference(const Character &character, const std::string &assetPath)
{
    SourceReference ref;
    ref.units = character.sourceUnits;
    if (character.sourcePath.empty())
        return ref;
    ref.contentHash = contentHash(readFileBytes(character.sourcePath));
    std::error_code ec;
    const fs::path source = fs::absolute(character.sourcePath, ec);
    const fs::path folder =
        assetPath.empty() ? fs::current_path(ec) : fs::absolute(assetPath, ec).parent_path();
    fs::path rel = fs::proximate(source, folder, ec);
    if (ec)
        rel = source;
    ref.path = rel.generic_string();
    return ref;
}

std::string folderOf(const std::string &assetPath)
{
    return assetPath.empty() ? std::string() : fs::path(assetPath).parent_path().string();
}

// Max Distance 0 over the top `pinnedTop` share of the garment's height, rising linearly to
// maxDistance at its lowest point: a garment hangs from where it is held.
void paintMaxDistance(const std::vector<Vec3> &positions, float maxDistance, float pinnedTop,
                      std::vector<float> &values)
{
    float top = -std::numeric_limits<float>::infinity();
    float bottom = std::numeric_limits<float>::infinity();
    for (const Vec3 &p : positions) {
        top = std::max(top, p.y);
        bottom = std::min(bottom, p.y);
    }
    const float height = top - bottom;
    for (size_t v = 0; v < positions.size(); ++v) {
        if (pinnedTop <= 0.0f || height <= 0.0f) {
            values[v] = maxDistance;
            continue;
        }
        const float depth = (top - positions[v].y) / height; // 0 at the top, 1 at the bottom
        values[v] = depth <= pinnedTop || pinnedTop >= 1.0f
                        ? 0.0f
                        : maxDistance * (depth - pinnedTop) / (1.0f - pinnedTop);
    }
}

} // namespace

ClothingAsset createAsset(const Character &character, const CreateAssetOptions &options,
                          const ProgressCallback &progress)
{
    validateGenerationSettings(options.generation);
    if (!std::isfinite(options.maxDistance) || options.maxDistance < 0)
        throw InputError("the max distance must be a finite distance of 0 or more");
    if (!(options.pinnedTop >= 0.0f && options.pinnedTop <= 1.0f))
        throw InputError("the pinned top share must be between 0 and 1");
    const FabricPreset *preset = findPreset(options.preset);
    if (!preset) {
        std::string list;
        for (const FabricPreset &p : fabricPresets())
            list += (list.empty() ? "" : ", ") + std::string(p.name);
        throw InputError("unknown fabric preset \"" + options.preset + "\"; available: " + list);
    }

    std::vector<std::string> named = options.garmentMeshes;
    if (!named.empty() || !options.shellMeshes.empty() || !options.riderMeshes.empty())
        for (const auto *list : {&options.shellMeshes, &options.riderMeshes})
            for (const std::string &name : *list)
                if (std::find(named.begin(), named.end(), name) == named.end())
                    named.push_back(name);
    std::vector<int> chosen;
    if (named.empty()) {
        // The garment is what guessMeshRoles does not call body: a skinned mesh lying just
        // outside another, with the layers on it (every skinned mesh when none lies so).
        const std::vector<MeshRole> roles = guessMeshRoles(character);
        for (size_t i = 0; i < character.meshes.size(); ++i)
            if (roles[i] != MeshRole::Body && !character.meshes[i].indices.empty())
                chosen.push_back(int(i));
        if (chosen.empty())
            throw InputError("the character has no skinned mesh to make a garment of; name the "
                             "garment meshes (available: " +
                             availableMeshes(character) + ")");
    } else {
        for (const std::string &name : named) {
            const int i = character.findMesh(name);
            if (i < 0)
                throw InputError("no mesh named \"" + name + "\" in the character; available: " +
                                 availableMeshes(character));
            if (std::find(chosen.begin(), chosen.end(), i) == chosen.end())
                chosen.push_back(i);
        }
    }

    reportProgress(progress, 0.0f, "merging garment meshes");
    ClothingAsset asset;
    asset.name = character.sourcePath.empty() ? character.meshes[size_t(chosen.front())].name
                                              : fs::path(character.sourcePath).stem().string();
    asset.source = sourceReference(character, options.assetPath);
    asset.skeleton = character.skeleton;
    asset.simulation = preset->settings;
    asset.presetName = preset->name;

    GraphicsLod lod;
    lod.mesh = mergeGarmentMeshes(character, chosen);
    if (lod.mesh.indices.empty())
        throw InputError("the garment meshes have no triangles");
    reportProgress(progress, 0.02f, "guessing the garment's layers");
    const std::vector<MeshRole> guessed = guessMeshRoles(character, chosen);
    for (size_t i = 0; i < chosen.size(); ++i)
        lod.mesh.submeshes[i].role = guessed[size_t(chosen[i])] == MeshRole::Rider
                                         ? LayerRole::Rider
                                         : LayerRole::Shell;
    setLayerRoles(lod.mesh, options.shellMeshes, options.riderMeshes);
    if (std::none_of(lod.mesh.submeshes.begin(), lod.mesh.submeshes.end(),
                     [](const Submesh &s) { return s.role == LayerRole::Shell; }))
        throw InputError("every garment mesh is a rider; name a shell to build the physics mesh "
                         "from");
    lod.channels.resize(lod.mesh.vertexCount());
    paintMaxDistance(lod.mesh.positions, options.maxDistance, options.pinnedTop,
                     lod.channels[FloatChannel::MaxDistance]);
    asset.lods.push_back(std::move(lod));

    auto sub = [&](float from, float to) -> ProgressCallback {
        if (!progress)
            return {};
        return [&progress, from, to](float f, std::string_view stage) {
            return progress(from + (to - from) * f, stage);
        };
    };
    GraphicsLod &first = asset.lods.front();
    PhysicsMesh physics = generatePhysicsMesh(first.mesh, first.channels, asset.skeleton,
                                              options.generation, sub(0.05f, 0.9f),
                                              folderOf(options.assetPath));
    reportProgress(progress, 0.9f, "building the skin map");
    first.skinMap = buildSkinMap(first.mesh, first.channels, physics);
    first.physicsMesh = 0;
    asset.physicsMeshes.push_back(std::move(physics));
    reportProgress(progress, 1.0f, "done");
    return asset;
}

namespace {

// lod's physics mesh when both it and the graphics mesh have bone weights, else null.
const PhysicsMesh *weightedPhysicsMesh(const ClothingAsset &asset, size_t lod)
{
    if (lod >= asset.lods.size())
        throw InputError("no graphical LoD " + std::to_string(lod) + " (the asset has " +
                         std::to_string(asset.lods.size()) + ")");
    const GraphicsLod &l = asset.lods[lod];
    if (l.physicsMesh < 0 || size_t(l.physicsMesh) >= asset.physicsMeshes.size())
        throw InputError("LoD " + std::to_string(lod) + " has no physics mesh");
    const PhysicsMesh &physics = asset.physicsMeshes[size_t(l.physicsMesh)];
    if (!l.mesh.isSkinned() || physics.skin.size() != physics.vertexCount())
        return nullptr;
    return &physics;
}

std::vector<AnimationClip> retargetClips(const std::vector<AnimationClip> &clips,
                                         const Skeleton &from, const Skeleton &to)
{
    std::vector<AnimationClip> out;
    for (const AnimationClip &clip : clips)
        out.push_back(retargetClip(clip, from, to));
    return out;
}

} // namespace

std::optional<SkinnedStretchReport> checkSkinnedStretch(const ClothingAsset &asset, size_t lod,
                                                        const Skeleton &clipSkeleton,
                                                        const std::vector<AnimationClip> &clips,
                                                        const SkinnedStretchSettings &settings)
{
    const PhysicsMesh *physics = weightedPhysicsMesh(asset, lod);
    if (!physics)
        return std::nullopt;
    return measureSkinnedStretch(asset.skeleton, retargetClips(clips, clipSkeleton, asset.skeleton),
                                 asset.lods[lod].mesh, *physics, settings);
}

std::vector<FusedRegion> checkFusedRegions(const ClothingAsset &asset, size_t lod,
                                           const Skeleton &clipSkeleton,
                                           const std::vector<AnimationClip> &clips)
{
    const PhysicsMesh *physics = weightedPhysicsMesh(asset, lod);
    if (!physics)
        return {};
    return findFusedRegions(asset.skeleton, retargetClips(clips, clipSkeleton, asset.skeleton),
                            asset.lods[lod].mesh, asset.lods[lod].channels, *physics);
}

void regeneratePhysicsMesh(ClothingAsset &asset, size_t lod, const GenerationSettings &settings,
                           const ProgressCallback &progress, const std::string &assetPath)
{
    if (lod >= asset.lods.size())
        throw InputError("no graphical LoD " + std::to_string(lod) + " (the asset has " +
                         std::to_string(asset.lods.size()) + ")");
    const GraphicsLod &target = asset.lods[lod];
    PhysicsMesh physics = generatePhysicsMesh(target.mesh, target.channels, asset.skeleton, settings,
                                              progress, folderOf(assetPath));
    // Every LoD driven by the same physics mesh gets a new skin map; all is built before the
    // asset changes (strong guarantee).
    const int index = target.physicsMesh;
    std::vector<std::pair<size_t, SkinMap>> maps;
    GenerationReport ownReport;
    for (size_t l = 0; l < asset.lods.size(); ++l) {
        if (l != lod && (index < 0 || asset.lods[l].physicsMesh != index))
            continue;
        reportProgress(progress, 0.95f, "building the skin map");
        SkinMap map = buildSkinMap(asset.lods[l].mesh, asset.lods[l].channels, physics);
        if (l == lod)
            ownReport = physics.report;
        maps.emplace_back(l, std::move(map));
    }
    physics.report = ownReport; // the skin-map figures of the LoD it was generated from
    std::vector<PhysicsMesh> meshes = asset.physicsMeshes;
    int newIndex = index;
    if (index >= 0 && size_t(index) < meshes.size()) {
        meshes[size_t(index)] = std::move(physics);
    } else {
        newIndex = int(meshes.size());
        meshes.push_back(std::move(physics));
    }
    // Commit: nothing below throws.
    asset.physicsMeshes.swap(meshes);
    for (auto &[l, map] : maps) {
        asset.lods[l].skinMap = std::move(map);
        asset.lods[l].physicsMesh = newIndex;
    }
}

namespace {

// Drops physics meshes no LoD uses, renumbering the LoDs' references.
void dropUnusedPhysicsMeshes(ClothingAsset &asset)
{
    std::vector<int> remap(asset.physicsMeshes.size(), -1);
    std::vector<PhysicsMesh> kept;
    for (const GraphicsLod &lod : asset.lods)
        if (lod.physicsMesh >= 0 && size_t(lod.physicsMesh) < remap.size() &&
            remap[size_t(lod.physicsMesh)] < 0) {
            remap[size_t(lod.physicsMesh)] = int(kept.size());
            kept.push_back(std::move(asset.physicsMeshes[size_t(lod.physicsMesh)]));
        }
    for (GraphicsLod &lod : asset.lods)
        if (lod.physicsMesh >= 0 && size_t(lod.physicsMesh) < remap.size())
            lod.physicsMesh = remap[size_t(lod.physicsMesh)];
    asset.physicsMeshes.swap(kept);
}

} // namespace

size_t addGraphicsLod(ClothingAsset &asset, GraphicsMesh mesh, const LodOptions &options,
                      const ProgressCallback &progress, const std::string &assetPath)
{
    if (asset.lods.empty())
        throw InputError("the asset has no LoD 0 to take the paint from");
    if (mesh.indices.empty())
        throw InputError("the new LoD's mesh has no triangles");
    for (uint32_t i : mesh.indices)
        if (i >= mesh.vertexCount())
            throw InputError("the new LoD's mesh has a vertex index out of range");
    if (options.sharePhysicsMeshOf >= int(asset.lods.size()))
        throw InputError("no LoD " + std::to_string(options.sharePhysicsMeshOf) + " to share with");
    if (mesh.submeshes.empty())
        mesh.submeshes.push_back({mesh.name, "", "", 0, uint32_t(mesh.triangleCount())});

    GraphicsLod lod;
    const GraphicsLod &first = asset.lods.front();
    reportProgress(progress, 0.0f, "transferring paint");
    const std::vector<detail::SurfacePoint> points = detail::locateOnSurface(
        mesh.positions, {}, first.mesh.positions, first.mesh.indices, nullptr);
    PaintChannels source = first.channels;
    if (source.vertexCount() == 0)
        source.resize(first.mesh.vertexCount());
    detail::transferChannels(source, points, lod.channels);
    lod.mesh = std::move(mesh);

    std::vector<PhysicsMesh> meshes = asset.physicsMeshes;
    if (options.sharePhysicsMeshOf >= 0) {
        lod.physicsMesh = asset.lods[size_t(options.sharePhysicsMeshOf)].physicsMesh;
        if (lod.physicsMesh < 0 || size_t(lod.physicsMesh) >= meshes.size())
            throw InputError("LoD " + std::to_string(options.sharePhysicsMeshOf) +
                             " has no physics mesh to share");
        PhysicsMesh scratch = meshes[size_t(lod.physicsMesh)]; // its report stays its own LoD's
        lod.skinMap = buildSkinMap(lod.mesh, lod.channels, scratch);
    } else {
        PhysicsMesh physics = generatePhysicsMesh(lod.mesh, lod.channels, asset.skeleton,
                                                  options.generation, progress,
                                                  folderOf(assetPath));
        lod.skinMap = buildSkinMap(lod.mesh, lod.channels, physics);
        lod.physicsMesh = int(meshes.size());
        meshes.push_back(std::move(physics));
    }
    asset.lods.reserve(asset.lods.size() + 1); // the only step that can throw comes first
    asset.physicsMeshes.swap(meshes);
    asset.lods.push_back(std::move(lod));
    return asset.lods.size() - 1;
}

void sharePhysicsMesh(ClothingAsset &asset, size_t lod, size_t other)
{
    if (lod >= asset.lods.size() || other >= asset.lods.size())
        throw InputError("no such LoD (the asset has " + std::to_string(asset.lods.size()) + ")");
    const int index = asset.lods[other].physicsMesh;
    if (index < 0 || size_t(index) >= asset.physicsMeshes.size())
        throw InputError("LoD " + std::to_string(other) + " has no physics mesh to share");
    PhysicsMesh scratch = asset.physicsMeshes[size_t(index)];
    SkinMap map = buildSkinMap(asset.lods[lod].mesh, asset.lods[lod].channels, scratch);
    ClothingAsset changed = asset;
    changed.lods[lod].physicsMesh = index;
    changed.lods[lod].skinMap = std::move(map);
    dropUnusedPhysicsMeshes(changed);
    asset = std::move(changed);
}

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
    const std::map<std::string, size_t> oldStarts = garmentPartStarts(character, old.mesh);
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
