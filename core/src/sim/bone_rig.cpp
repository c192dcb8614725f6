#include "tweed/sim/bone_rig.h"

#include "tweed/sim/pendulum.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tweed {

std::vector<int> boneSubtree(const std::vector<int> &parents, int bone)
{
    std::vector<int> bones;
    std::vector<uint8_t> inside(parents.size(), 0);
    for (size_t b = 0; b < parents.size(); ++b) {
        const int parent = parents[b];
        if (int(b) == bone || (parent >= 0 && size_t(parent) < b && inside[size_t(parent)])) {
            inside[b] = 1;
            bones.push_back(int(b));
        }
    }
    return bones;
}

void moveBones(const std::vector<int> &moved, const Mat4 &correction,
               std::vector<Mat4> &skinning, std::vector<Mat4> &boneGlobal)
{
    for (int b : moved) {
        skinning[size_t(b)] = correction * skinning[size_t(b)];
        boneGlobal[size_t(b)] = correction * boneGlobal[size_t(b)];
    }
}

namespace {

// The constraint's aim at the given pose: the point (model space) or, for straight down, none.
Vec3 aimPoint(const RigConstraint &c, const std::vector<Mat4> &global)
{
    return global[size_t(c.target)].transformPoint(c.point);
}

// The rest aim in the bone's own frame: zero when undefined.
Vec3 restAimLocal(const RigConstraint &c, const std::vector<Mat4> &bind, const Vec3 &down)
{
    const Mat4 &rest = bind[size_t(c.bone)];
    const Vec3 world =
        c.target < 0 ? down : aimPoint(c, bind) - Vec3(rest.column(3));
    if (!(lengthSquared(world) > 1e-12f))
        return {};
    return normalize(inverse(rest).transformVector(normalize(world)));
}

bool nestedIn(const std::vector<int> &subtree, int bone)
{
    return std::find(subtree.begin(), subtree.end(), bone) != subtree.end();
}

// The rotation turning unit a to unit b, scaled down to the share weight of its angle.
Quat weightedTurn(const Vec3 &a, const Vec3 &b, float weight)
{
    const Quat full = rotationBetween(a, b);
    return weight >= 1.0f ? full : slerp(Quat{}, full, std::max(weight, 0.0f));
}

} // namespace

BoneRig::BoneRig(const std::vector<RigConstraint> &constraints, const std::vector<int> &parents,
                 const std::vector<Mat4> &bindGlobal)
{
    const int bones = int(std::min(parents.size(), bindGlobal.size()));
    const auto inRange = [&](int b) { return b >= 0 && b < bones; };
    // The rest pose's down is the model's -y (the rest pose stands upright).
    const Vec3 restDown{0, -1, 0};
    std::vector<Step> steps;
    std::vector<std::pair<int, int>> keys; // (deepest bone moved, kind)
    for (const RigConstraint &c : constraints) {
        Step s;
        s.constraint = c;
        if (!inRange(c.bone) || (c.kind == RigConstraintKind::Position && !inRange(c.target)) ||
            (c.target >= 0 && !inRange(c.target)) || c.target == c.bone)
            continue;
        s.moved = boneSubtree(parents, c.bone);
        if (c.kind == RigConstraintKind::LookAt) {
            if (c.target >= 0 && nestedIn(s.moved, c.target))
                continue; // it would chase itself
            s.aimLocal = restAimLocal(c, bindGlobal, restDown);
            if (lengthSquared(s.aimLocal) == 0.0f)
                continue;
            keys.emplace_back(c.bone, 0);
        } else {
            s.movedTarget = boneSubtree(parents, c.target);
            s.nested = nestedIn(s.moved, c.target) ? 1 : nestedIn(s.movedTarget, c.bone) ? -1 : 0;
            s.restDistance = length(Vec3(bindGlobal[size_t(c.target)].column(3)) -
                                    Vec3(bindGlobal[size_t(c.bone)].column(3)));
            keys.emplace_back(std::max(c.bone, c.target), 1);
        }
        steps.push_back(std::move(s));
    }
    std::vector<size_t> order(steps.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return keys[a] < keys[b]; });
    for (size_t i : order)
        mSteps.push_back(std::move(steps[i]));
}

void BoneRig::apply(std::vector<Mat4> &skinning, std::vector<Mat4> &boneGlobal,
                    const Vec3 &down) const
{
    for (const Step &s : mSteps) {
        const RigConstraint &c = s.constraint;
        const Vec3 a = boneGlobal[size_t(c.bone)].column(3);
        if (c.kind == RigConstraintKind::LookAt) {
            const Vec3 want = c.target < 0 ? down : aimPoint(c, boneGlobal) - a;
            const Vec3 aim = normalize(boneGlobal[size_t(c.bone)].transformVector(s.aimLocal));
            if (!(lengthSquared(want) > 1e-12f) || lengthSquared(aim) == 0.0f)
                continue; // the point sits on the origin: keep the animated aim
            const Quat q = weightedTurn(aim, normalize(want), c.weight);
            moveBones(s.moved, Mat4::translation(a) * Mat4::rotation(q) * Mat4::translation(-a),
                      skinning, boneGlobal);
        } else {
            const Vec3 b = boneGlobal[size_t(c.target)].column(3);
            const float d = length(b - a);
            if (!(d > 1e-9f))
                continue; // no direction to move along
            // Positive: too far apart; each side moves its share towards the other.
            const Vec3 gap = (b - a) * ((d - s.restDistance) / d * std::clamp(c.weight, 0.0f, 1.0f));
            if (s.nested == 1) {
                moveBones(s.movedTarget, Mat4::translation(-gap), skinning, boneGlobal);
            } else if (s.nested == -1) {
                moveBones(s.moved, Mat4::translation(gap), skinning, boneGlobal);
            } else {
                moveBones(s.moved, Mat4::translation(gap * 0.5f), skinning, boneGlobal);
                moveBones(s.movedTarget, Mat4::translation(gap * -0.5f), skinning, boneGlobal);
            }
        }
    }
}

float lookAtError(const RigConstraint &c, const std::vector<Mat4> &bindGlobal,
                  const std::vector<Mat4> &boneGlobal, const Vec3 &down)
{
    const Vec3 aimLocal = restAimLocal(c, bindGlobal, {0, -1, 0});
    const Vec3 a = boneGlobal[size_t(c.bone)].column(3);
    const Vec3 want = normalize(c.target < 0 ? down : aimPoint(c, boneGlobal) - a);
    const Vec3 aim = normalize(boneGlobal[size_t(c.bone)].transformVector(aimLocal));
    // atan2 keeps its precision near 0, where acos of a float dot loses it.
    return std::atan2(length(cross(aim, want)), dot(aim, want)) * 180.0f / kPi;
}

} // namespace tweed
