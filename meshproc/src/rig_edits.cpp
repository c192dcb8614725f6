#include "tweed/meshproc/rig_edits.h"

#include "tweed/errors.h"
#include "tweed/validate.h"

#include <cstdio>

namespace tweed {

int findRigConstraint(const std::vector<RigConstraint> &rig, RigConstraintKind kind, int bone,
                      int target)
{
    for (size_t i = 0; i < rig.size(); ++i) {
        const RigConstraint &c = rig[i];
        if (c.kind != kind) continue;
        if (kind == RigConstraintKind::LookAt ? c.bone == bone
                                              : (c.bone == bone && c.target == target) ||
                                                    (c.bone == target && c.target == bone))
            return int(i);
    }
    return -1;
}

size_t setRigConstraint(ClothingAsset &asset, const RigConstraint &c)
{
    std::vector<RigConstraint> rig = asset.rigConstraints;
    const int at = findRigConstraint(rig, c.kind, c.bone, c.target);
    if (at >= 0)
        rig[size_t(at)] = c;
    else
        rig.push_back(c);
    const std::vector<std::string> problems = rigConstraintProblems(rig, asset.skeleton);
    if (!problems.empty()) throw InputError(problems.front());
    asset.rigConstraints = std::move(rig);
    return at >= 0 ? size_t(at) : asset.rigConstraints.size() - 1;
}

namespace {

std::string boneName(const ClothingAsset &asset, int bone)
{
    return bone >= 0 && size_t(bone) < asset.skeleton.bones.size()
               ? asset.skeleton.bones[size_t(bone)].name
               : "bone " + std::to_string(bone);
}

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace

void removeRigConstraint(ClothingAsset &asset, RigConstraintKind kind, int bone, int target)
{
    const int at = findRigConstraint(asset.rigConstraints, kind, bone, target);
    if (at < 0)
        throw InputError(kind == RigConstraintKind::LookAt
                             ? "no look-at constraint on " + boneName(asset, bone)
                             : "no position constraint between " + boneName(asset, bone) +
                                   " and " + boneName(asset, target));
    asset.rigConstraints.erase(asset.rigConstraints.begin() + at);
}

size_t setPendulum(ClothingAsset &asset, const PendulumBone &p)
{
    const std::vector<std::string> problems = pendulumProblems({p}, asset.skeleton.bones.size());
    if (!problems.empty()) // "pendulum bone 0: ..."
        throw InputError("pendulum on " + boneName(asset, p.bone) +
                         problems.front().substr(problems.front().find(':')));
    auto &list = asset.pendulumBones;
    for (size_t i = 0; i < list.size(); ++i)
        if (list[i].bone == p.bone) {
            list[i] = p;
            return i;
        }
    list.push_back(p);
    return list.size() - 1;
}

void removePendulum(ClothingAsset &asset, int bone)
{
    auto &list = asset.pendulumBones;
    for (size_t i = 0; i < list.size(); ++i)
        if (list[i].bone == bone) {
            list.erase(list.begin() + std::ptrdiff_t(i));
            return;
        }
    throw InputError("no pendulum on " + boneName(asset, bone));
}

int rigBone(const ClothingAsset &asset, const std::string &name, const std::string &option)
{
    const int b = asset.skeleton.find(name);
    if (b < 0) throw InputError(option + ": no bone '" + name + "' in the asset's skeleton");
    return b;
}

std::vector<std::string> describeBoneDynamics(const ClothingAsset &asset)
{
    std::vector<std::string> out;
    const std::vector<Mat4> rest = asset.skeleton.restGlobal();
    for (const RigConstraint &c : asset.rigConstraints) {
        std::string line = std::string(rigKindName(c.kind)) + " " + boneName(asset, c.bone);
        if (c.kind == RigConstraintKind::LookAt) {
            line += c.target < 0 ? " -> down"
                                 : " -> " + boneName(asset, c.target) + " at [" +
                                       number(c.point.x) + ", " + number(c.point.y) + ", " +
                                       number(c.point.z) + "]";
        } else {
            line += " <-> " + boneName(asset, c.target);
            if (size_t(std::max(c.bone, c.target)) < rest.size())
                line += " (" +
                        number(length(Vec3(rest[size_t(c.bone)].column(3)) -
                                      Vec3(rest[size_t(c.target)].column(3)))) +
                        " m)";
        }
        if (c.weight != 1.0f) line += ", weight " + number(c.weight);
        out.push_back(line);
    }
    for (const PendulumBone &p : asset.pendulumBones)
        out.push_back("pendulum " + boneName(asset, p.bone) + ": " + number(p.length) +
                      " m, damping " + number(p.damping) + ", gravity " +
                      number(p.gravityScale) + ", cone " + number(p.maxAngleDegrees) +
                      " degrees");
    return out;
}

} // namespace tweed
