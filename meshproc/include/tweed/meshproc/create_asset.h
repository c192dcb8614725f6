// Building a first clothing asset from a character: the garment meshes become graphics LoD 0,
// a physics mesh is generated, bone weights, channels and the skin map are transferred.
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/skinned_check.h"
#include "tweed/progress.h"

#include <optional>
#include <string>
#include <vector>

namespace tweed {

struct CreateAssetOptions
{
    /// Names of the character's meshes; empty: guessed (the skinned meshes guessMeshRoles does
    /// not call body).
    std::vector<std::string> garmentMeshes;
    /// Garment meshes named as shells (build the physics mesh) or riders (follow it); they join
    /// the garment when garmentMeshes does not name them. A garment mesh named in neither takes
    /// the role guessMeshRoles (tweed/meshproc/layers.h) gives it.
    std::vector<std::string> shellMeshes;
    std::vector<std::string> riderMeshes;
    GenerationSettings generation;
    std::string preset = "tweed";   ///< fabric preset name
    float maxDistance = 0.05f;       ///< metres, painted on every garment vertex
    /// 0..1: share of the garment's height, from its top, painted with Max Distance 0 (held by
    /// the bones); below it the value rises linearly to maxDistance at the garment's lowest
    /// point. 0 paints maxDistance everywhere.
    float pinnedTop = 0.0f;
    std::string assetPath;           ///< where the asset will be saved (for the relative source path)
};

/// Throws InputError for an unknown mesh or preset or an absurd parameter.
ClothingAsset createAsset(const Character &character, const CreateAssetOptions &options,
                          const ProgressCallback &progress = {});

/// Rebuilds lod's physics mesh, its transfers and skin map from lod.mesh, lod.channels and
/// the settings; the asset changes only when this returns. When other LoDs share the physics
/// mesh their skin maps are rebuilt too. assetPath (where the asset is saved) resolves a relative
/// settings.customMeshPath.
void regeneratePhysicsMesh(ClothingAsset &asset, size_t lod, const GenerationSettings &settings,
                           const ProgressCallback &progress = {},
                           const std::string &assetPath = {});

/// The skinned-pose check (measureSkinnedStretch) of lod's physics mesh against its graphics
/// mesh, over `clips` of a character whose skeleton is clipSkeleton (retargeted to the asset's
/// bones by name; without clips, the procedural motion). Empty when the LoD's graphics mesh or
/// its physics mesh has no bone weights. Throws InputError for a LoD out of range.
std::optional<SkinnedStretchReport> checkSkinnedStretch(const ClothingAsset &asset, size_t lod,
                                                        const Skeleton &clipSkeleton,
                                                        const std::vector<AnimationClip> &clips,
                                                        const SkinnedStretchSettings &settings = {});

/// findFusedRegions for lod's physics mesh over `clips` (retargeted as checkSkinnedStretch does);
/// empty when the LoD's meshes have no bone weights.
std::vector<FusedRegion> checkFusedRegions(const ClothingAsset &asset, size_t lod,
                                           const Skeleton &clipSkeleton,
                                           const std::vector<AnimationClip> &clips);

/// How a further graphical LoD gets its physics mesh.
struct LodOptions
{
    int sharePhysicsMeshOf = -1;   ///< an existing LoD whose physics mesh it shares; -1 = its own
    GenerationSettings generation; ///< for its own physics mesh
};

/// Appends a graphical LoD made of mesh: its paint channels transferred from LoD 0 (closest
/// point: floats interpolated, masks from the nearest vertex), and its own physics mesh generated
/// or LoD options.sharePhysicsMeshOf's shared, with its skin map. Returns the new LoD's index;
/// the asset changes only when this returns.
size_t addGraphicsLod(ClothingAsset &asset, GraphicsMesh mesh, const LodOptions &options,
                      const ProgressCallback &progress = {}, const std::string &assetPath = {});

/// Makes lod use the physics mesh of LoD other (its skin map rebuilt); a physics mesh no LoD
/// uses any more is removed. The asset changes only when this returns.
void sharePhysicsMesh(ClothingAsset &asset, size_t lod, size_t other);

/// Rebuilds LoD lod's graphics mesh from the character meshes `names` and then its physics
/// mesh with settings (as regeneratePhysicsMesh). The paint channels are carried over: a vertex
/// of a character mesh that was already part of the LoD keeps its own values; any other takes
/// the values at the closest point of the old garment (floats interpolated, masks from the
/// nearest vertex). The asset changes only when this returns.
void rebuildGarment(ClothingAsset &asset, size_t lod, const Character &character,
                    const std::vector<std::string> &names, const GenerationSettings &settings,
                    const ProgressCallback &progress = {}, const std::string &assetPath = {});

} // namespace tweed
