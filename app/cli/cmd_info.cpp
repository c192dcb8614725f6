// tweed-cli info FILE [--json]: what a character file or an asset holds.
#include "command.h"

#include "tweed/errors.h"
#include "tweed/meshproc/import.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

Json meshJson(const GraphicsMesh &mesh, bool skinned)
{
    Json submeshes = Json::array();
    for (const Submesh &s : mesh.submeshes)
        submeshes.push_back({{"name", s.name}, {"material", s.material}, {"triangles", s.triangleCount}});
    return {{"name", mesh.name},
            {"vertices", mesh.vertexCount()},
            {"triangles", mesh.triangleCount()},
            {"skinned", skinned},
            {"submeshes", submeshes}};
}

Json clipsJson(const std::vector<AnimationClip> &clips)
{
    Json list = Json::array();
    for (const AnimationClip &c : clips)
        list.push_back({{"name", c.name}, {"duration_s", c.duration}});
    return list;
}

Json reportJson(const GenerationReport &r)
{
    return {{"surface_error_max", r.surfaceErrorMax},
            {"surface_error_mean", r.surfaceErrorMean},
            {"min_angle_degrees", r.minAngleDegrees},
            {"edge_length_spread", r.edgeLengthSpread},
            {"skin_map_far_bindings", r.skinMapFarBindings},
            {"skin_map_max_offset", r.skinMapMaxOffset},
            {"skin_map_failures", r.skinMapFailures}};
}

Json characterInfo(const Character &c, const ImportReport &report, const std::string &path)
{
    Json meshes = Json::array();
    for (size_t i = 0; i < c.meshes.size(); ++i)
        meshes.push_back(meshJson(c.meshes[i], i < c.meshSkinnedInSource.size() && c.meshSkinnedInSource[i]));
    return {{"file", path},
            {"kind", "character"},
            {"meshes", meshes},
            {"bones", c.skeleton.bones.size()},
            {"clips", clipsJson(c.clips)},
            {"import",
             {{"format", report.format},
              {"degenerate_triangles_dropped", report.degenerateTriangles},
              {"names_read_as_latin1", report.namesConvertedFromLatin1},
              {"vertices_over_four_influences", report.verticesOverFourInfluences},
              {"unweighted_vertices", report.unweightedVertices},
              {"warnings", report.warnings}}}};
}

Json assetInfo(const ClothingAsset &a, const std::string &path)
{
    Json meshes = Json::array();
    for (size_t i = 0; i < a.lods.size(); ++i) {
        Json m = meshJson(a.lods[i].mesh, a.lods[i].mesh.isSkinned());
        m["lod"] = i;
        m["physics_mesh"] = a.lods[i].physicsMesh;
        meshes.push_back(m);
    }
    Json physics = Json::array();
    for (const PhysicsMesh &p : a.physicsMeshes)
        physics.push_back({{"vertices", p.vertexCount()},
                           {"triangles", p.triangleCount()},
                           {"components", p.report.components},
                           {"boundary_loops", p.report.boundaryLoops},
                           {"method", std::string(methodName(p.settings.method))},
                           {"report", reportJson(p.report)}});
    Json channels = Json::array();
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        channels.push_back(std::string(channelName(FloatChannel(c))));
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        channels.push_back(std::string(channelName(MaskChannel(c))));

    // Clips live in the source character; list them when it can be read.
    Json clips = Json::array();
    std::string sourceStatus = "missing";
    const std::string sourcePath = sourceCharacterPath(a, path);
    if (!sourcePath.empty() && std::filesystem::exists(sourcePath)) {
        try {
            clips = clipsJson(importCharacter(sourcePath).clips);
            sourceStatus = "found";
        } catch (const InputError &e) {
            sourceStatus = std::string("unreadable: ") + e.what();
        }
    }
    return {{"file", path},
            {"kind", "asset"},
            {"name", a.name},
            {"source", {{"path", a.source.path}, {"content_hash", a.source.contentHash}, {"status", sourceStatus}}},
            {"meshes", meshes},
            {"bones", a.skeleton.bones.size()},
            {"clips", clips},
            {"physics_meshes", physics},
            {"collision_volumes", a.collisionVolumes.size()},
            {"channels", channels},
            {"preset", a.presetName}};
}

void printText(const Json &info)
{
    std::printf("%s (%s)\n", info["file"].get<std::string>().c_str(),
                info["kind"].get<std::string>().c_str());
    for (const Json &m : info["meshes"]) {
        std::printf("  mesh %-24s %8zu vertices %8zu triangles%s\n",
                    m["name"].get<std::string>().c_str(), m["vertices"].get<size_t>(),
                    m["triangles"].get<size_t>(), m["skinned"].get<bool>() ? "  skinned" : "");
        for (const Json &s : m["submeshes"])
            std::printf("    submesh %-20s %8zu triangles  material %s\n",
                        s["name"].get<std::string>().c_str(), s["triangles"].get<size_t>(),
                        s["material"].get<std::string>().c_str());
    }
    std::printf("  bones: %zu\n", info["bones"].get<size_t>());
    for (const Json &c : info["clips"])
        std::printf("  clip %-24s %.3f s\n", c["name"].get<std::string>().c_str(),
                    c["duration_s"].get<double>());
    if (info.contains("import")) {
        const Json &import = info["import"];
        if (import["degenerate_triangles_dropped"].get<unsigned>() > 0)
            std::printf("  degenerate triangles dropped: %u\n",
                        import["degenerate_triangles_dropped"].get<unsigned>());
        for (const Json &w : import["warnings"])
            std::printf("  warning: %s\n", w.get<std::string>().c_str());
    }
    if (info["kind"] == "asset") {
        if (info["source"]["status"] != "found")
            std::printf("  source character %s: %s\n",
                        info["source"]["path"].get<std::string>().c_str(),
                        info["source"]["status"].get<std::string>().c_str());
        for (const Json &p : info["physics_meshes"]) {
            const Json &r = p["report"];
            std::printf("  physics mesh (%s): %zu vertices, %zu triangles, %u components, "
                        "%u boundary loops\n",
                        p["method"].get<std::string>().c_str(), p["vertices"].get<size_t>(),
                        p["triangles"].get<size_t>(), p["components"].get<unsigned>(),
                        p["boundary_loops"].get<unsigned>());
            std::printf("    surface error max %.3g mean %.3g (of the diagonal), smallest angle "
                        "%.1f deg, edge spread %.3f\n",
                        r["surface_error_max"].get<double>(), r["surface_error_mean"].get<double>(),
                        r["min_angle_degrees"].get<double>(), r["edge_length_spread"].get<double>());
            std::printf("    skin map: %u far bindings, largest offset %.4f m, %u failures\n",
                        r["skin_map_far_bindings"].get<unsigned>(),
                        r["skin_map_max_offset"].get<double>(),
                        r["skin_map_failures"].get<unsigned>());
        }
        std::printf("  collision volumes: %zu\n", info["collision_volumes"].get<size_t>());
        std::printf("  preset: %s\n", info["preset"].get<std::string>().c_str());
    }
}

const bool registered = registerCommand("info", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("info", "Show what a character file or an asset holds");
    auto file = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    cmd->add_option("FILE", *file, "Character file (any format Assimp reads) or asset (.tweed, .tweedc)")
        ->required();
    cmd->add_flag("--json", *json, "Machine-readable output");
    cmd->callback([file, json] {
        Json info;
        if (isAssetPath(*file)) {
            info = assetInfo(loadAssetFile(*file), *file);
        } else {
            ImportReport report;
            const Character character = importCharacter(*file, &report);
            info = characterInfo(character, report, *file);
        }
        if (*json)
            printJson(info);
        else
            printText(info);
    });
});

} // namespace
} // namespace tweed::cli
