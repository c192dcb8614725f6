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
    // Inside in the bind pose and in every clip's poses, five a second.
    const std::vector<PosedBody> poses = bodyPoses(character.skeleton, body, character.clips, 0.2);
    const float thickness = asset.simulation.collisionThickness;
    std::vector<std::string> lines;
    char line[256];
    std::snprintf(
        line, sizeof line,
        "collision volumes fitted inside %s (thickness %.4f m): largest protrusion "
        "outside the body over the bind pose and %zu clip poses, as fitted and kept inside",
        names.c_str(), double(thickness), poses.size() - 1);
    lines.push_back(line);
    for (int bone : bones) {
        // Bones of the character by name: the asset's skeleton is the character's.
        const int characterBone = character.skeleton.find(asset.skeleton.bones[size_t(bone)].name);
        InsideFitReport report;
        std::vector<CollisionVolume> volumes;
        try {
            volumes = fitVolumesInside(character, characterBone, shape,
                                       settings, thickness, &report, &poses);
        } catch (const InputError &error) {
            lines.push_back(std::string("  skipped: ") + error.what());
            continue;
        }
        for (CollisionVolume &v : volumes) {
            const float protrusion = volumeProtrusion(v, poses);
            v.bone = bone;
            std::snprintf(line, sizeof line,
                          "  %-24s radii %.3f %.3f %.3f m  protrusion %.4f m (as fitted %.4f m)%s",
                          v.name.c_str(), double(v.radii.x), double(v.radii.y), double(v.radii.z),
                          double(protrusion), double(report.protrusionBefore),
                          report.split ? ", split" : "");
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
