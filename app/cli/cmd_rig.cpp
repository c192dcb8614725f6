// tweed-cli rig ASSET: list the bone dynamics (the upper-jacket rig and the pendulum bones),
// add a look-at (--look-at BONE --target BONE[:x,y,z] | --down), a position constraint
// (--position A B) or a pendulum (--pendulum BONE), or remove one (--remove-look-at BONE,
// --remove-position A B, --remove-pendulum BONE). The asset is validated and written
// atomically; nothing is written when anything is refused.
#include "command.h"

#include "tweed/meshproc/rig_edits.h"

#include <cstdio>
#include <iostream>
#include <memory>

namespace tweed::cli {
namespace {

struct RigArgs
{
    std::string asset;
    std::string output;
    std::string lookAt;
    std::string target;
    bool down = false;
    std::vector<std::string> position;
    std::string pendulum;
    float length = PendulumBone{}.length;
    float damping = PendulumBone{}.damping;
    float gravityScale = PendulumBone{}.gravityScale;
    float maxAngle = PendulumBone{}.maxAngleDegrees;
    float weight = 1.0f;
    std::string removeLookAt;
    std::vector<std::string> removePosition;
    std::string removePendulum;
    bool json = false;
};

/// "UpperArm_L" or "UpperArm_L:0,0.06,0": the bone and the point in its frame (metres).
std::pair<int, Vec3> targetOf(const ClothingAsset &asset, const std::string &text)
{
    const size_t colon = text.rfind(':');
    const std::string bone = colon == std::string::npos ? text : text.substr(0, colon);
    Vec3 point{};
    if (colon != std::string::npos) {
        const std::string xyz = text.substr(colon + 1);
        float v[3];
        char end = 0;
        if (std::sscanf(xyz.c_str(), "%f,%f,%f%c", &v[0], &v[1], &v[2], &end) != 3)
            throw InputError("--target: '" + xyz +
                             "' is not a point x,y,z in metres (as in UpperArm_L:0,0.06,0)");
        point = {v[0], v[1], v[2]};
    }
    return {rigBone(asset, bone, "--target"), point};
}

void list(const ClothingAsset &asset, bool json)
{
    if (!json) {
        for (const std::string &line : describeBoneDynamics(asset))
            std::printf("%s\n", line.c_str());
        return;
    }
    const auto name = [&](int b) -> Json {
        if (b < 0) return nullptr;
        return asset.skeleton.bones[size_t(b)].name;
    };
    Json rig = Json::array();
    for (const RigConstraint &c : asset.rigConstraints)
        rig.push_back({{"kind", std::string(rigKindName(c.kind))},
                       {"bone", name(c.bone)},
                       {"target", name(c.target)},
                       {"point", {c.point.x, c.point.y, c.point.z}},
                       {"weight", c.weight}});
    Json pendulums = Json::array();
    for (const PendulumBone &p : asset.pendulumBones)
        pendulums.push_back({{"bone", name(p.bone)},
                             {"length", p.length},
                             {"damping", p.damping},
                             {"gravity_scale", p.gravityScale},
                             {"max_angle_degrees", p.maxAngleDegrees}});
    printJson(Json{{"rig_constraints", rig}, {"pendulum_bones", pendulums}});
}

void run(const RigArgs &args)
{
    const int operations = int(!args.lookAt.empty()) + int(!args.position.empty()) +
                           int(!args.pendulum.empty()) + int(!args.removeLookAt.empty()) +
                           int(!args.removePosition.empty()) + int(!args.removePendulum.empty());
    if (operations > 1)
        throw InputError("rig takes one of --look-at, --position, --pendulum, --remove-look-at, "
                         "--remove-position and --remove-pendulum");
    if (args.lookAt.empty() && (args.down || !args.target.empty()))
        throw InputError("--target and --down go with --look-at BONE");
    ClothingAsset asset = loadAssetFile(args.asset);
    if (operations == 0) {
        list(asset, args.json);
        return;
    }
    requireRange("--weight", args.weight, 0, 1);
    std::string report;
    if (!args.lookAt.empty()) {
        if (args.down == !args.target.empty())
            throw InputError("--look-at needs one of --target BONE[:x,y,z] and --down");
        RigConstraint c;
        c.bone = rigBone(asset, args.lookAt, "--look-at");
        if (!args.down) std::tie(c.target, c.point) = targetOf(asset, args.target);
        c.weight = args.weight;
        setRigConstraint(asset, c);
        report = "look-at on " + args.lookAt;
    } else if (!args.position.empty()) {
        RigConstraint c;
        c.kind = RigConstraintKind::Position;
        c.bone = rigBone(asset, args.position[0], "--position");
        c.target = rigBone(asset, args.position[1], "--position");
        c.weight = args.weight;
        setRigConstraint(asset, c);
        report = "position constraint between " + args.position[0] + " and " + args.position[1];
    } else if (!args.pendulum.empty()) {
        PendulumBone p;
        p.bone = rigBone(asset, args.pendulum, "--pendulum");
        p.length = args.length;
        p.damping = args.damping;
        p.gravityScale = args.gravityScale;
        p.maxAngleDegrees = args.maxAngle;
        setPendulum(asset, p);
        report = "pendulum on " + args.pendulum;
    } else if (!args.removeLookAt.empty()) {
        removeRigConstraint(asset, RigConstraintKind::LookAt,
                            rigBone(asset, args.removeLookAt, "--remove-look-at"));
        report = "removed the look-at on " + args.removeLookAt;
    } else if (!args.removePosition.empty()) {
        removeRigConstraint(asset, RigConstraintKind::Position,
                            rigBone(asset, args.removePosition[0], "--remove-position"),
                            rigBone(asset, args.removePosition[1], "--remove-position"));
        report = "removed the position constraint between " + args.removePosition[0] + " and " +
                 args.removePosition[1];
    } else {
        removePendulum(asset, rigBone(asset, args.removePendulum, "--remove-pendulum"));
        report = "removed the pendulum on " + args.removePendulum;
    }
    const std::string out = args.output.empty() ? args.asset : args.output;
    saveValidAsset(asset, out);
    if (args.json) {
        list(asset, true);
        return;
    }
    std::printf("%s\n%s: %zu rig constraints, %zu pendulum bones\n", report.c_str(), out.c_str(),
                asset.rigConstraints.size(), asset.pendulumBones.size());
}

const bool registered = registerCommand("rig", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "rig", "List, add or remove the bone dynamics: look-at and position constraints (the "
               "upper-jacket rig) and pendulum bones (a hood)");
    auto a = std::make_shared<RigArgs>();
    cmd->add_option("ASSET", a->asset, "Asset (.tweed or .tweedc), written in place")->required();
    cmd->add_option("--look-at", a->lookAt,
                    "Turn this bone towards --target's point or --down (replaces its look-at)");
    cmd->add_option("--target", a->target,
                    "--look-at: BONE or BONE:x,y,z, the point in that bone's frame (metres)");
    cmd->add_flag("--down", a->down, "--look-at: aim straight down");
    cmd->add_option("--position", a->position, "Keep bones A and B at their rest distance")
        ->expected(2);
    cmd->add_option("--weight", a->weight,
                    "--look-at, --position: share of the correction, 0..1 (default 1)");
    cmd->add_option("--pendulum", a->pendulum, "Add a pendulum on this bone (or change it)");
    cmd->add_option("--length", a->length, "--pendulum: metres from the bone to the particle");
    cmd->add_option("--damping", a->damping, "--pendulum: velocity lost per second, 0..1");
    cmd->add_option("--gravity-scale", a->gravityScale, "--pendulum: multiplies gravity");
    cmd->add_option("--max-angle", a->maxAngle,
                    "--pendulum: cone around the animated direction, degrees (0, 180]");
    cmd->add_option("--remove-look-at", a->removeLookAt, "Remove the look-at on this bone");
    cmd->add_option("--remove-position", a->removePosition,
                    "Remove the position constraint between bones A and B")
        ->expected(2);
    cmd->add_option("--remove-pendulum", a->removePendulum, "Remove the pendulum on this bone");
    cmd->add_option("-o,--output", a->output, "Write to this asset instead of ASSET");
    cmd->add_flag("--json", a->json, "Print the rig and the pendulums as JSON");
    cmd->callback([a] { run(*a); });
});

} // namespace
} // namespace tweed::cli
