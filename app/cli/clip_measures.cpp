#include "clip_measures.h"

#include "tweed/meshproc/auto_setup.h"

namespace tweed::cli {

std::vector<BodyMesh> bodyMeshes(const ClothingAsset &asset, const Character &character,
                                 std::vector<std::string> *names)
{
    return garmentBodyMeshes(asset, character, names);
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
