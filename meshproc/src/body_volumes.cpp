// Collision volumes on the bones that carry a garment, fitted inside the body meshes
// (fitBodyVolumes, volume_inside.h): tweed-cli create --fit-volumes and volumes --auto-fit, and
// the Python module.
#include "tweed/meshproc/volume_inside.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace tweed {

std::vector<std::string> fitBodyVolumes(ClothingAsset &asset, const Character &character,
                                        const std::vector<std::string> &bodyNames,
                                        const std::vector<std::string> &boneNames,
                                        CollisionShape shape, uint32_t convexPlanes)
{
    std::set<std::string> garment;
    for (const GraphicsLod &lod : asset.lods)
        for (const Submesh &sub : lod.mesh.submeshes)
            garment.insert(sub.name);
    CollisionFitSettings settings;
    settings.convexPlanes = convexPlanes;
    std::string names;
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        const std::string &name = character.meshes[m].name;
        const bool chosen = bodyNames.empty()
                                ? !garment.count(name)
                                : std::count(bodyNames.begin(), bodyNames.end(), name) > 0;
        if (!chosen || !character.meshes[m].isSkinned()) continue;
        settings.meshes.push_back(int(m));
        names += (names.empty() ? "" : ", ") + name;
    }
    for (const std::string &name : bodyNames)
        if (character.findMesh(name) < 0)
            throw InputError("--body-mesh: the character has no mesh '" + name + "'");
    if (settings.meshes.empty())
        throw InputError("--fit-volumes: no skinned body mesh to fit volumes to (every mesh is "
                         "part of the garment); name one with --body-mesh");
    // The bones named, or those that carry the garment.
    std::set<int> bones;
    for (const std::string &name : boneNames) {
        const int b = asset.skeleton.find(name);
        if (b < 0) throw InputError("no bone '" + name + "' in the asset's skeleton");
        bones.insert(b);
    }
    if (boneNames.empty())
        for (const BoneInfluence &inf : asset.lods.front().mesh.skin)
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (inf.weights[size_t(k)] >= settings.weightThreshold)
                    bones.insert(inf.bones[size_t(k)]);
    std::vector<const GraphicsMesh *> body;
    for (int m : settings.meshes)
        body.push_back(&character.meshes[size_t(m)]);
    // Inside in the bind pose and in every frame of every clip.
    const BodyMotion motion(character.skeleton, body, character.clips);
    const float thickness = asset.simulation.collisionThickness;
    std::vector<std::string> lines;
    char line[512];
    std::snprintf(line, sizeof line,
                  "collision volumes fitted inside %s (thickness %.4f m): largest protrusion "
                  "outside the body over the bind pose and %zu frames of %zu clips (%.0f a "
                  "second), as fitted and kept inside",
                  names.c_str(), double(thickness), motion.poseCount() - 1, motion.clipCount(),
                  kFitFramesPerSecond);
    lines.push_back(line);
    // Bones of the character by name: the asset's skeleton is the character's.
    std::vector<int> characterBones;
    for (int bone : bones)
        characterBones.push_back(character.skeleton.find(asset.skeleton.bones[size_t(bone)].name));
    const std::vector<const GraphicsMesh *> meshes = fitMeshes(character, settings);
    std::vector<BoneFit> fits = fitBonesInside(character.skeleton, meshes, characterBones, shape,
                                               settings, thickness, &motion);
    size_t next = 0;
    for (int bone : bones) {
        BoneFit &fit = fits[next++];
        if (!fit.error.empty()) {
            lines.push_back("  skipped: " + fit.error);
            continue;
        }
        const InsideFitReport &report = fit.report;
        // What made it smaller than the fit around the bone's vertices.
        std::string shrunk;
        if (report.bindPoseShrinks) shrunk = "bind pose";
        for (size_t c = 0; c < report.posesPerClip.size(); ++c)
            if (report.posesPerClip[c] > 0)
                shrunk += (shrunk.empty() ? "" : ", ") + motion.clipName(int(c)) + " (" +
                          std::to_string(report.posesPerClip[c]) + " poses)";
        for (size_t i = 0; i < fit.volumes.size(); ++i) {
            CollisionVolume &v = fit.volumes[i];
            v.bone = bone;
            std::snprintf(line, sizeof line,
                          "  %-24s radii %.3f %.3f %.3f m  protrusion %.4f m (as fitted %.4f m)%s%s%s",
                          v.name.c_str(), double(v.radii.x), double(v.radii.y), double(v.radii.z),
                          double(report.protrusions[i]), double(report.protrusionBefore),
                          report.split ? ", split in two" : "",
                          shrunk.empty() ? "" : ", shrunk for ", shrunk.c_str());
            lines.push_back(line);
            // A fit replaces the earlier fit of its name (a bone fitted again).
            std::erase_if(asset.collisionVolumes,
                          [&](const CollisionVolume &o) { return o.name == v.name; });
            asset.collisionVolumes.push_back(v);
        }
    }
    return lines;
}

} // namespace tweed
