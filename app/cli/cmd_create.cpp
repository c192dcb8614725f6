// tweed-cli create CHARACTER -o ASSET: a first asset from a character file.
#include "clip_measures.h"
#include "command.h"

#include "tweed/errors.h"
#include "tweed/meshproc/auto_setup.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/export.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/skinned_check.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/simulation_settings.h"
#include "tweed/validate.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

struct CreateArgs
{
    std::string character;
    std::string output;
    std::vector<std::string> meshes;
    std::string method = "weld";
    std::string normals = "mesh";
    std::string customMesh;
    bool acceptFused = false;
    bool fitVolumes = false;
    uint32_t clothBones = 0;
    bool autoSetup = false;
    bool json = false;
    int rounds = AutoSetupOptions{}.rounds;
    int threads = AutoSetupOptions{}.threads;
    std::vector<std::string> bodyMeshes;
    CreateAssetOptions options;
};

// The skinned-pose check of LoD 0 over the character's clips: both figures printed; a physics
// mesh the bones alone stretch more than 1.5 times the garment's own figure is a warning (exit
// code 1) naming its worst vertices and bones. The asset is saved either way.
void reportSkinnedStretch(const ClothingAsset &asset, const Character &character)
{
    const auto check = checkSkinnedStretch(asset, 0, character.skeleton, character.clips);
    if (!check)
        return;
    std::printf("  skinned largest stretch: physics %.4f, graphics %.4f (%s)\n",
                double(check->physicsMaxStretch), double(check->graphicsMaxStretch),
                check->procedural ? "procedural motion"
                                  : (std::to_string(character.clips.size()) + " clips").c_str());
    if (check->defect()) {
        std::fprintf(stderr, "tweed-cli: create: warning: %s\n",
                     describeSkinnedStretch(*check).c_str());
        setExitCode(1);
    }
}

// create --auto: Auto Setup chooses the layers, physics mesh, paint, volumes, weights and
// settings and checks every clip; the asset is saved and its report printed (or as JSON). Exit
// code 1 when a measure still fails after the rounds.
void runAuto(CreateArgs &args)
{
    requireRange("--rounds", args.rounds, 0, 10);
    requireRange("--threads", args.threads, 0, 64);
    if (!isAssetPath(args.output))
        throw FileError(args.output, "the output must end in .tweed or .tweedc");
    AutoSetupOptions options;
    options.create = args.options;
    options.create.garmentMeshes = args.meshes;
    options.create.assetPath = args.output;
    options.bodyMeshes = args.bodyMeshes;
    options.rounds = args.rounds;
    options.threads = args.threads;
    ImportReport importReport;
    const Character character = importCharacter(args.character, &importReport);
    for (const std::string &w : importReport.warnings)
        std::fprintf(stderr, "tweed-cli: %s: warning: %s\n", args.character.c_str(), w.c_str());
    AutoSetupResult result = withFile(args.character, [&] { return autoSetup(character, options); });
    const std::vector<std::string> problems = validateAsset(result.asset);
    if (!problems.empty()) {
        for (const std::string &p : problems)
            std::fprintf(stderr, "tweed-cli: %s: the asset made from it: %s\n",
                         args.character.c_str(), p.c_str());
        throw FileError(args.character, "the asset made by Auto Setup fails validation (" +
                                            std::to_string(problems.size()) +
                                            " problems, listed above); nothing was written");
    }
    saveAssetFile(result.asset, args.output);
    const AutoSetupReport &r = result.report;
    if (args.json) {
        Json clips = Json::array();
        for (const AutoSetupClip &c : r.clips) {
            Json clip{{"clip", c.name}, {"frames", c.measures.frames}};
            clip.update(measuresJson(c.measures));
            clip["frames_stretch_at_pins"] = c.framesStretchAtPins;
            clip["max_stretch_pinned_ends"] = c.maxStretchPinnedEnds;
            clip["max_stretch_skinned"] = c.maxStretchSkinned;
            clips.push_back(std::move(clip));
        }
        printJson(Json{{"file", args.output},
                       {"pass", r.pass()},
                       {"body", r.body},
                       {"shells", r.shells},
                       {"riders", r.riders},
                       {"body_from_bones", r.bodyFromBones},
                       {"procedural_motion", r.proceduralMotion},
                       {"physics_method", r.physicsMethod},
                       {"physics_vertices", r.physicsVertices},
                       {"pinned_vertices", r.pinnedVertices},
                       {"max_distance_m", r.maxDistance},
                       {"max_distance_cap_m", r.maxDistanceCap},
                       {"backstop_vertices", r.backstopVertices},
                       {"volumes", r.volumes},
                       {"collapsed_volumes", r.collapsedVolumes},
                       {"skinned_stretch_before", r.skinnedStretchBefore},
                       {"skinned_stretch_after", r.skinnedStretchAfter},
                       {"repaired_vertices", r.repairedVertices},
                       {"preset", r.preset},
                       {"substeps", r.substeps},
                       {"iterations", r.iterations},
                       {"rounds", r.rounds},
                       {"relaxed_targets_checked", r.relaxedChecked},
                       {"relaxed_targets", r.relaxedChosen},
                       {"actions", r.actions},
                       {"seconds", Json(r.seconds)},
                       {"failures", r.failures},
                       {"clips", clips}});
    } else {
        std::printf("%s: Auto Setup\n", args.output.c_str());
        for (const std::string &line : describeAutoSetup(r))
            std::printf("  %s\n", line.c_str());
    }
    if (!r.pass()) setExitCode(1);
}

void run(CreateArgs args)
{
    if (args.autoSetup) {
        runAuto(args);
        return;
    }
    GenerationSettings &g = args.options.generation;
    const auto method = methodFromName(args.method);
    if (!method)
        throw InputError("--method must be one of immediate, weld, simplify, iso, custom, tetra; "
                         "not '" +
                         args.method + "'");
    g.method = *method;
    const auto normals = normalSourceFromName(args.normals);
    if (!normals)
        throw InputError("--normals must be mesh or bones, not '" + args.normals + "'");
    g.normals = *normals;
    requireNonNegative("--weld-tolerance", g.weldTolerance);
    requireNonNegative("--target-edge", g.targetEdgeLength);
    requireNonNegative("--close-holes-below", g.closeHolesBelow);
    requireNonNegative("--voxel", g.voxelSize);
    requireNonNegative("--max-distance", args.options.maxDistance);
    requireNonNegative("--iso-offset", g.isoOffset);
    requireRange("--iso-contraction", g.isoContraction, 0, 1,
                 "0: the outer layer, 1: the medial surface");
    requireRange("--pin-top", args.options.pinnedTop, 0, 1);
    requireRange("--subdivide", g.subdivisions, 0, 4);
    // 0 simplifies to --target-edge instead; a cloth mesh needs at least 4 vertices.
    if (g.targetVertices != 0)
        requireRange("--target-vertices", g.targetVertices, 4, 100000000,
                     "0: simplify to --target-edge");
    if (g.method == GenerationMethod::Simplify && g.targetVertices == 0 && g.targetEdgeLength == 0)
        throw InputError("--method simplify needs --target-vertices or --target-edge");
    if (!findPreset(args.options.preset)) {
        std::string names;
        for (const FabricPreset &p : fabricPresets())
            names += (names.empty() ? "" : ", ") + std::string(p.name);
        throw InputError("--preset must be one of " + names + "; not '" + args.options.preset +
                         "'");
    }
    if (g.method == GenerationMethod::Custom) {
        if (args.customMesh.empty())
            throw InputError("--method custom needs --custom-mesh FILE");
        // Stored relative to the asset, like the source character.
        namespace fs = std::filesystem;
        const fs::path assetDir = fs::absolute(args.output).parent_path();
        g.customMeshPath =
            fs::absolute(args.customMesh).lexically_relative(assetDir).generic_string();
    }
    args.options.garmentMeshes = args.meshes;
    args.options.assetPath = args.output;
    if (!isAssetPath(args.output))
        throw FileError(args.output, "the output must end in .tweed or .tweedc");

    ImportReport importReport;
    const Character character = importCharacter(args.character, &importReport);
    for (const std::string &w : importReport.warnings)
        std::fprintf(stderr, "tweed-cli: %s: warning: %s\n", args.character.c_str(), w.c_str());
    // What createAsset refuses is about this character (its meshes, its skeleton): say so.
    ClothingAsset asset =
        withFile(args.character, [&] { return createAsset(character, args.options); });
    // Input that makes an inconsistent asset is refused like any other bad input, naming the
    // character and what is wrong, and nothing is written.
    const std::vector<std::string> problems = validateAsset(asset);
    if (!problems.empty()) {
        for (const std::string &p : problems)
            std::fprintf(stderr, "tweed-cli: %s: the asset made from it: %s\n",
                         args.character.c_str(), p.c_str());
        throw FileError(args.character, "the asset made from this character fails validation (" +
                                            std::to_string(problems.size()) +
                                            " problems, listed above); nothing was written");
    }
    const PhysicsMesh &physics = asset.physicsMeshes.front();
    // An iso-surface or custom mesh may join parts the bones move apart: refused unless accepted.
    std::vector<FusedRegion> fused;
    if (g.method == GenerationMethod::IsoSurface || g.method == GenerationMethod::Custom)
        fused = checkFusedRegions(asset, 0, character.skeleton, character.clips);
    for (size_t i = 0; i < fused.size() && i < 5; ++i)
        std::fprintf(stderr, "tweed-cli: create: %sfused region %zu of %zu: %s\n",
                     args.acceptFused ? "warning: " : "", i + 1, fused.size(),
                     describeFusedRegion(fused[i]).c_str());
    if (!fused.empty() && !args.acceptFused) {
        reportSkinnedStretch(asset, character);
        throw InputError("the physics mesh fuses " + std::to_string(fused.size()) +
                         " regions of the garment whose bones move them apart (listed above); "
                         "choose a smaller --voxel or another --method, or keep them with "
                         "--accept-fused; " + args.output + " was not written");
    }
    std::vector<std::string> fitLines;
    if (args.fitVolumes)
        fitLines = withFile(args.character,
                            [&] { return fitBodyVolumes(asset, character, args.bodyMeshes); });
    if (args.clothBones > 0)
        asset.physicsMeshes.front().clothBones =
            makeClothBoneSet(asset.physicsMeshes.front(), args.clothBones);
    saveAssetFile(asset, args.output);
    std::printf("%s: %zu graphics vertices, physics mesh (%s) %zu vertices %zu triangles, "
                "%zu bones, preset %s",
                args.output.c_str(), asset.lods.front().mesh.vertexCount(),
                std::string(methodName(physics.settings.method)).c_str(), physics.vertexCount(),
                physics.triangleCount(), asset.skeleton.bones.size(), asset.presetName.c_str());
    if (importReport.degenerateTriangles > 0)
        std::printf(", %u degenerate triangle%s of the source dropped",
                    importReport.degenerateTriangles,
                    importReport.degenerateTriangles == 1 ? "" : "s");
    std::printf("\n");
    std::string shells, riders;
    for (const Submesh &sub : asset.lods.front().mesh.submeshes)
        (sub.role == LayerRole::Rider ? riders : shells) +=
            ((sub.role == LayerRole::Rider ? riders : shells).empty() ? "" : ", ") + sub.name;
    std::printf("  layers: shell %s; riders %s\n", shells.c_str(),
                riders.empty() ? "none" : riders.c_str());
    for (const std::string &line : fitLines)
        std::printf("  %s\n", line.c_str());
    reportSkinnedStretch(asset, character);
}

const bool registered = registerCommand("create", [](CLI::App &app) {
    auto *cmd = app.add_subcommand("create", "Build an asset from a character file");
    auto a = std::make_shared<CreateArgs>();
    GenerationSettings &g = a->options.generation;
    cmd->add_option("CHARACTER", a->character, "Character file (FBX, glTF, Collada, X, ...)")
        ->required();
    cmd->add_option("-o,--output", a->output, "Asset to write (.tweed or .tweedc)")->required();
    cmd->add_option("--mesh", a->meshes, "Garment mesh name; repeat for several (default: all skinned meshes)");
    cmd->add_option("--shell", a->options.shellMeshes,
                    "Garment mesh that builds the physics mesh; repeat for several (default: "
                    "guessed, a mesh lying just inside another garment mesh is a rider)");
    cmd->add_option("--rider", a->options.riderMeshes,
                    "Garment mesh that follows the simulated shell (lining, pocket, button); "
                    "repeat for several");
    cmd->add_option("--method", a->method,
                    "Physics mesh: immediate, weld, simplify, iso, custom, tetra (a soft body: "
                    "tetrahedra filling the iso-surface)")
        ->capture_default_str();
    cmd->add_option("--weld-tolerance", g.weldTolerance, "Weld distance in metres")
        ->capture_default_str();
    cmd->add_option("--preset", a->options.preset, "Fabric preset: tweed, silk, rubber, leather, down_jacket, veil")
        ->capture_default_str();
    cmd->add_option("--max-distance", a->options.maxDistance, "Max Distance painted on every garment vertex, metres")
        ->capture_default_str();
    cmd->add_option("--pin-top", a->options.pinnedTop,
                    "Share of the garment's height, from its top, held by the bones (Max Distance "
                    "0); below it Max Distance rises to --max-distance at the hem")
        ->capture_default_str();
    cmd->add_option("--target-vertices", g.targetVertices,
                    "Simplify: target vertex count (at least 4)");
    cmd->add_option("--target-edge", g.targetEdgeLength, "Simplify: target edge length, metres");
    cmd->add_option("--close-holes-below", g.closeHolesBelow, "Close holes whose boundary is shorter, metres");
    cmd->add_option("--subdivide", g.subdivisions, "Subdivision rounds before simplifying, 0 to 4");
    cmd->add_option("--voxel", g.voxelSize,
                    "Iso-surface voxel size, metres (default 1/128 of the diagonal; tetra: 1/24)");
    cmd->add_option("--iso-offset", g.isoOffset, "Iso-surface offset from the garment, metres");
    cmd->add_option("--iso-contraction", g.isoContraction,
                    "Iso: 0 keeps the outer layer, up to 1 contracts it to the medial surface "
                    "of the layers")
        ->capture_default_str();
    cmd->add_option("--custom-mesh", a->customMesh, "Custom physics mesh file (with --method custom)");
    cmd->add_flag("--accept-fused", a->acceptFused,
                  "Keep an iso-surface or custom mesh that joins parts the bones move apart");
    cmd->add_flag("--fit-volumes", a->fitVolumes,
                  "Fit ellipsoids inside the body on the bones that skin the garment");
    cmd->add_option("--cloth-bones", a->clothBones,
                    "Store this many cloth-driven bones on the physics mesh (the run time drives "
                    "them; the baked-bones export uses them)");
    cmd->add_option("--body-mesh", a->bodyMeshes,
                    "Body mesh the volumes are fitted to; repeat for several (default: the meshes "
                    "not in the garment)");
    cmd->add_flag("--auto", a->autoSetup,
                  "Auto Setup: layers, physics mesh, pinned region, Max Distance, backstop, "
                  "volumes, weight repair and settings from the character and all its clips, "
                  "checked by simulating every clip (exit 1 when a measure still fails)");
    cmd->add_option("--rounds", a->rounds, "Auto Setup: check-and-adjust rounds, 0 to 10")
        ->capture_default_str();
    cmd->add_option("--threads", a->threads, "Auto Setup: simulation threads of the check, 0 (one per core) to 64")
        ->capture_default_str();
    cmd->add_flag("--json", a->json, "Auto Setup: the report as JSON");
    cmd->add_option("--normals", a->normals, "Simulation normals from the mesh or the bones")
        ->capture_default_str();
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
