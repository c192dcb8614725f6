#include "clip_measures.h"

#include <algorithm>
#include <set>

namespace tweed::cli {

std::vector<BodyMesh> bodyMeshes(const ClothingAsset &asset, const Character &character,
                                 std::vector<std::string> *names)
{
    std::set<std::string> garment;
    for (const GraphicsLod &lod : asset.lods)
        for (const Submesh &sub : lod.mesh.submeshes)
            garment.insert(sub.name);
    std::vector<int> boneOf(character.skeleton.bones.size());
    for (size_t b = 0; b < boneOf.size(); ++b)
        boneOf[b] = asset.skeleton.find(character.skeleton.bones[b].name);
    std::vector<BodyMesh> out;
    for (const GraphicsMesh &mesh : character.meshes) {
        if (garment.count(mesh.name) || mesh.indices.empty()) continue;
        BodyMesh body{mesh.positions, mesh.indices, {}};
        bool complete = mesh.isSkinned();
        for (size_t v = 0; complete && v < mesh.skin.size(); ++v) {
            BoneInfluence inf{};
            float total = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k) {
                const size_t bone = mesh.skin[v].bones[size_t(k)];
                const float w = mesh.skin[v].weights[size_t(k)];
                if (w == 0 || bone >= boneOf.size() || boneOf[bone] < 0) continue;
                inf.bones[size_t(k)] = uint16_t(boneOf[bone]);
                inf.weights[size_t(k)] = w;
                total += w;
            }
            if (!(total > 0)) complete = false;
            for (float &w : inf.weights)
                w /= total;
            body.skin.push_back(inf);
        }
        if (!complete) body.skin.clear();
        out.push_back(std::move(body));
        if (names) names->push_back(mesh.name);
    }
    return out;
}

Json measuresJson(const ClipMeasures &m)
{
    const FrameMeasures &s = m.sum;
    return Json{{"layer_poke_through", s.layerPokeThrough()},
                {"shell_poke_through", s.shellPokeThrough()},
                {"body_poke_through", s.bodyPokeThrough()},
                {"max_distance_hit_share", s.maxDistanceHitShare()},
                {"volume_protrusion_m", s.volumeProtrusion},
                {"max_stretch", s.maxStretch},
                {"mean_max_stretch", m.meanMaxStretch},
                {"skinned_max_stretch", s.skinnedMaxStretch},
                {"penetrations", m.penetrationsPerFrame},
                {"nonfinite", m.nonFinitePerFrame},
                {"layer_vertex_frames", s.layerVertices},
                {"shell_vertex_frames", s.shellVertices},
                {"body_vertex_frames", s.bodyVertices}};
}

} // namespace tweed::cli
