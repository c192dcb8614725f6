// tweed-cli volumes ASSET: list the collision volumes, fit them inside the body (--auto-fit
// [BONE...]), add one on a bone (--add SHAPE --bone B ...) or remove one (--remove NAME). The
// asset is validated and written atomically; nothing is written when anything is refused.
#include "command.h"

#include "tweed/meshproc/import.h"
#include "tweed/meshproc/volume_inside.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

struct VolumesArgs
{
    std::string asset;
    std::string output;
    std::string character;
    bool autoFit = false;
    std::vector<std::string> fitBones;
    std::vector<std::string> bodyMeshes;
    std::string fitShape = "ellipsoid";
    uint32_t planes = CollisionFitSettings{}.convexPlanes;
    std::string add;
    std::string bone;
    std::vector<float> position{0, 0, 0};
    std::vector<float> radii;
    float radius = 0, radius2 = 0, halfHeight = 0;
    std::string name;
    std::string remove;
    bool json = false;
};

void list(const ClothingAsset &asset, bool json)
{
    Json volumes = Json::array();
    for (const CollisionVolume &v : asset.collisionVolumes) {
        const std::string bone = v.bone >= 0 && size_t(v.bone) < asset.skeleton.bones.size()
                                     ? asset.skeleton.bones[size_t(v.bone)].name
                                     : "";
        if (json) {
            volumes.push_back({{"name", v.name},
                               {"shape", std::string(shapeName(v.shape))},
                               {"bone", bone},
                               {"position", {v.local.translation.x, v.local.translation.y,
                                             v.local.translation.z}},
                               {"radii", {v.radii.x, v.radii.y, v.radii.z}},
                               {"radius", v.radius},
                               {"radius2", v.radius2},
                               {"half_height", v.halfHeight},
                               {"planes", v.planes.size()}});
            continue;
        }
        std::printf("%-24s %-15s on %-16s radii %.3f %.3f %.3f m, radius %.3f m\n",
                    v.name.c_str(), std::string(shapeName(v.shape)).c_str(), bone.c_str(),
                    double(v.radii.x), double(v.radii.y), double(v.radii.z), double(v.radius));
    }
    if (json) std::cout << Json{{"volumes", volumes}}.dump(2) << "\n";
}

CollisionVolume volumeToAdd(const ClothingAsset &asset, const VolumesArgs &args)
{
    const std::optional<CollisionShape> shape = shapeFromName(args.add);
    if (!shape)
        throw InputError("--add: no shape '" + args.add +
                         "'; the shapes are ellipsoid, sphere, capsule, tapered_capsule, plane, "
                         "box");
    if (*shape == CollisionShape::Convex)
        throw InputError("--add: a convex volume is fitted to the body: use --auto-fit --shape "
                         "convex [--planes N] --bones " +
                         (args.bone.empty() ? std::string("BONE") : args.bone));
    if (args.bone.empty()) throw InputError("--add needs --bone");
    CollisionVolume v;
    v.shape = *shape;
    v.bone = asset.skeleton.find(args.bone);
    if (v.bone < 0) throw InputError("--bone: no bone '" + args.bone + "' in the asset's skeleton");
    if (args.position.size() != 3) throw InputError("--position takes three numbers (metres)");
    v.local.translation = {args.position[0], args.position[1], args.position[2]};
    const auto positive = [](const char *option, float value) {
        if (!(value > 0) || !(value <= 100)) // a volume larger than 100 m is a unit mistake
            throw InputError(std::string(option) + " must lie in (0, 100] metres");
        return value;
    };
    if (!args.radii.empty()) {
        if (args.radii.size() != 3) throw InputError("--radii takes three numbers (metres)");
        v.radii = {positive("--radii", args.radii[0]), positive("--radii", args.radii[1]),
                   positive("--radii", args.radii[2])};
    }
    if (args.radius != 0) v.radius = v.radius2 = positive("--radius", args.radius);
    if (args.radius2 != 0) v.radius2 = positive("--radius2", args.radius2);
    if (args.halfHeight != 0) v.halfHeight = positive("--half-height", args.halfHeight);
    v.name = args.name.empty() ? args.bone + " " + args.add : args.name;
    for (const CollisionVolume &other : asset.collisionVolumes)
        if (other.name == v.name)
            throw InputError("there is already a collision volume named '" + v.name +
                             "' (give --name)");
    return v;
}

void run(const VolumesArgs &args)
{
    const int operations = int(args.autoFit) + int(!args.add.empty()) + int(!args.remove.empty());
    if (operations > 1) throw InputError("volumes takes one of --auto-fit, --add and --remove");
    ClothingAsset asset = loadAssetFile(args.asset);
    if (operations == 0) {
        list(asset, args.json);
        return;
    }
    std::vector<std::string> report;
    if (args.autoFit) {
        const std::optional<CollisionShape> shape = shapeFromName(args.fitShape);
        if (!shape || *shape == CollisionShape::Plane)
            throw InputError("--shape: no shape '" + args.fitShape +
                             "' to fit; the shapes are ellipsoid, sphere, capsule, "
                             "tapered_capsule, box, convex");
        if (*shape == CollisionShape::Convex &&
            (args.planes < 6 || args.planes > kMaxConvexPlanes))
            throw InputError("--planes must lie in 6.." + std::to_string(kMaxConvexPlanes) +
                             ", not " + std::to_string(args.planes));
        const std::string characterPath =
            args.character.empty() ? sourceCharacterPath(asset, args.asset) : args.character;
        const Character character = importCharacter(characterPath);
        report = withFile(characterPath, [&] {
            return fitBodyVolumes(asset, character, args.bodyMeshes, args.fitBones, *shape,
                                  args.planes);
        });
    } else if (!args.add.empty()) {
        asset.collisionVolumes.push_back(volumeToAdd(asset, args));
        report.push_back("added " + asset.collisionVolumes.back().name);
    } else {
        auto &volumes = asset.collisionVolumes;
        const auto it = std::find_if(volumes.begin(), volumes.end(),
                                     [&](const CollisionVolume &v) { return v.name == args.remove; });
        if (it == volumes.end())
            throw InputError("--remove: no collision volume named '" + args.remove + "'");
        volumes.erase(it);
        report.push_back("removed " + args.remove);
    }
    const std::string out = args.output.empty() ? args.asset : args.output;
    saveValidAsset(asset, out);
    if (args.json) {
        list(asset, true);
        return;
    }
    for (const std::string &line : report)
        std::printf("%s\n", line.c_str());
    std::printf("%s: %zu collision volumes\n", out.c_str(), asset.collisionVolumes.size());
}

const bool registered = registerCommand("volumes", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "volumes", "List, fit inside the body, add or remove collision volumes");
    auto a = std::make_shared<VolumesArgs>();
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc), written in place")->required();
    cmd->add_flag("--auto-fit", a->autoFit,
                  "Fit volumes (--shape) inside the body on the bones given with --bones, or on "
                  "every bone that carries the garment; a fit replaces the bone's earlier one");
    cmd->add_option("--bones", a->fitBones, "--auto-fit: the bones to fit");
    cmd->add_option("--body-mesh", a->bodyMeshes,
                    "--auto-fit: the body meshes (default: the character's meshes the garment "
                    "was not made of)");
    cmd->add_option("--character", a->character,
                    "--auto-fit: the character file (default: the asset's source)");
    cmd->add_option("--shape", a->fitShape,
                    "--auto-fit: ellipsoid (default), sphere, capsule, tapered_capsule, box or "
                    "convex");
    cmd->add_option("--planes", a->planes,
                    "--auto-fit --shape convex: how many planes bound each hull (6..32, "
                    "default 16)");
    cmd->add_option("--add", a->add,
                    "Add a volume: ellipsoid, sphere, capsule, tapered_capsule, plane, box");
    cmd->add_option("--bone", a->bone, "--add: the bone it follows");
    cmd->add_option("--position", a->position, "--add: x y z relative to the bone, metres")
        ->expected(3);
    cmd->add_option("--radii", a->radii, "--add: an ellipsoid's three radii or a box's half extents, metres")->expected(3);
    cmd->add_option("--radius", a->radius, "--add: a sphere's or capsule's radius, metres");
    cmd->add_option("--radius2", a->radius2, "--add: a tapered capsule's second radius, metres");
    cmd->add_option("--half-height", a->halfHeight, "--add: a capsule's half length, metres");
    cmd->add_option("--name", a->name, "--add: its name (default: bone and shape)");
    cmd->add_option("--remove", a->remove, "Remove the volume of this name");
    cmd->add_option("-o,--output", a->output, "Write to this asset instead of ASSET");
    cmd->add_flag("--json", a->json, "Print the volumes as JSON");
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
