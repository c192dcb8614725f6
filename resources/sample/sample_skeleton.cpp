// The sample character's skeleton and its three animation clips.
#include "sample_internal.h"

#include <algorithm>
#include <cmath>

namespace tweed::sample {

namespace {

constexpr float kDeg = kPi / 180.0f;
constexpr int kFramesPerSecond = 30;

struct JointSpec
{
    const char *name;
    int parent;
    Vec3 position; // model space, bind pose
};

// Left arm: 45 degrees below the horizontal (A pose), upper arm 28 cm, forearm 25 cm.
const Vec3 kLeftArm{0.70710678f, -0.70710678f, 0.0f};
const Vec3 kLeftUpperArm{0.185f, 1.41f, -0.01f};
const Vec3 kLeftLowerArm = kLeftUpperArm + kLeftArm * 0.28f;
const Vec3 kLeftHand = kLeftLowerArm + kLeftArm * 0.25f;

Vec3 mirrored(const Vec3 &v)
{
    return {-v.x, v.y, v.z};
}

const JointSpec kJoints[BoneCount] = {
    {"Hips", -1, {0.0f, 0.95f, 0.0f}},
    {"Spine", Hips, {0.0f, 1.04f, 0.0f}},
    {"Spine1", Spine, {0.0f, 1.15f, 0.0f}},
    {"Chest", Spine1, {0.0f, 1.27f, 0.0f}},
    {"Neck", Chest, {0.0f, 1.46f, 0.0f}},
    {"Head", Neck, {0.0f, 1.56f, 0.01f}},
    {"LeftShoulder", Chest, {0.035f, 1.415f, -0.005f}},
    {"LeftUpperArm", LeftShoulder, kLeftUpperArm},
    {"LeftLowerArm", LeftUpperArm, kLeftLowerArm},
    {"LeftHand", LeftLowerArm, kLeftHand},
    {"RightShoulder", Chest, {-0.035f, 1.415f, -0.005f}},
    {"RightUpperArm", RightShoulder, mirrored(kLeftUpperArm)},
    {"RightLowerArm", RightUpperArm, mirrored(kLeftLowerArm)},
    {"RightHand", RightLowerArm, mirrored(kLeftHand)},
    {"LeftUpperLeg", Hips, {0.095f, 0.905f, 0.0f}},
    {"LeftLowerLeg", LeftUpperLeg, {0.095f, 0.49f, 0.005f}},
    {"LeftFoot", LeftLowerLeg, {0.1f, 0.085f, -0.01f}},
    {"LeftToes", LeftFoot, {0.1f, 0.025f, 0.125f}},
    {"RightUpperLeg", Hips, {-0.095f, 0.905f, 0.0f}},
    {"RightLowerLeg", RightUpperLeg, {-0.095f, 0.49f, 0.005f}},
    {"RightFoot", RightLowerLeg, {-0.1f, 0.085f, -0.01f}},
    {"RightToes", RightFoot, {-0.1f, 0.025f, 0.125f}},
};

Quat rotX(float degrees)
{
    return axisAngle({1, 0, 0}, degrees * kDeg);
}
Quat rotY(float degrees)
{
    return axisAngle({0, 1, 0}, degrees * kDeg);
}
Quat rotZ(float degrees)
{
    return axisAngle({0, 0, 1}, degrees * kDeg);
}

/// Von Mises bump: 1 at angle centre, smoothly periodic, narrower for larger kappa.
float bump(float angle, float centre, float kappa)
{
    return std::exp(kappa * (std::cos(angle - centre) - 1.0f));
}

/// One frame of a clip: local rotations of every bone and the hips' offset from its rest place.
struct Pose
{
    std::array<Quat, BoneCount> rotation{};
    Vec3 hipsOffset;
};

/// Pose parameters shared by the clips, in degrees unless noted.
struct Limbs
{
    float hipsYaw = 0, hipsRoll = 0, hipsPitch = 0;
    float spineLean = 0, chestLean = 0, spineYaw = 0, headPitch = 0, headYaw = 0;
    float thighForward[2] = {0, 0}; ///< world pitch of the thigh, forward positive; [left, right]
    float knee[2] = {0, 0};         ///< knee flexion
    float footExtra[2] = {0, 0};    ///< foot pitch on top of keeping the sole level, toes down +
    float armForward[2] = {0, 0};   ///< upper arm swing, forward positive
    float armLower[2] = {25, 25};   ///< how far the arms come down from the A pose
    float elbow[2] = {15, 15};      ///< elbow flexion
    float shoulderRaise[2] = {0, 0};
};

Pose poseFromLimbs(const Limbs &l)
{
    Pose pose;
    const Quat hips = rotY(l.hipsYaw) * rotZ(l.hipsRoll) * rotX(l.hipsPitch);
    pose.rotation[Hips] = hips;
    pose.rotation[Spine] = rotY(l.spineYaw * 0.25f) * rotX(l.spineLean * 0.5f);
    pose.rotation[Spine1] = rotY(l.spineYaw * 0.35f) * rotX(l.spineLean * 0.5f);
    pose.rotation[Chest] = rotY(l.spineYaw * 0.4f) * rotX(l.chestLean);
    // The neck and head turn back towards the direction of travel.
    const float bodyYaw = l.hipsYaw + l.spineYaw;
    pose.rotation[Neck] = rotY(-0.4f * bodyYaw + 0.5f * l.headYaw) * rotX(0.4f * l.headPitch);
    pose.rotation[Head] = rotY(-0.6f * bodyYaw + 0.5f * l.headYaw) * rotX(0.6f * l.headPitch);
    for (int s = 0; s < 2; ++s) {
        const float sign = s == 0 ? 1.0f : -1.0f; // left side is +x
        const int offset = s == 0 ? 0 : RightShoulder - LeftShoulder;
        const int legOffset = s == 0 ? 0 : RightUpperLeg - LeftUpperLeg;
        pose.rotation[LeftShoulder + offset] = rotZ(sign * l.shoulderRaise[s]);
        pose.rotation[LeftUpperArm + offset] = rotX(-l.armForward[s]) * rotZ(-sign * l.armLower[s]);
        // Elbows bend forward: about the axis across the forearm and the model's +z.
        const Vec3 arm = armDirection(s == 0 ? 1 : -1);
        pose.rotation[LeftLowerArm + offset] = axisAngle(cross(arm, {0, 0, 1}), l.elbow[s] * kDeg);
        pose.rotation[LeftHand + offset] =
            axisAngle(cross(arm, {0, 0, 1}), 0.3f * l.elbow[s] * kDeg);
        // Thighs are posed in model space (hanging straight under a rolled pelvis), the rest of
        // the leg relative to them; the foot keeps its sole level unless told otherwise.
        const Quat thighWorld = rotY(0.5f * l.hipsYaw) * rotX(-l.thighForward[s]);
        pose.rotation[LeftUpperLeg + legOffset] = conjugate(hips) * thighWorld;
        pose.rotation[LeftLowerLeg + legOffset] = rotX(l.knee[s]);
        pose.rotation[LeftFoot + legOffset] = rotX(l.thighForward[s] - l.knee[s] + l.footExtra[s]);
        // Toes stay on the ground while the heel lifts.
        pose.rotation[LeftToes + legOffset] = rotX(-std::max(0.0f, l.footExtra[s]));
    }
    return pose;
}

std::vector<Mat4> poseMatrices(const Skeleton &skeleton, const Pose &pose)
{
    std::vector<Transform> local(skeleton.bones.size());
    for (size_t i = 0; i < local.size(); ++i) {
        local[i] = skeleton.bones[i].restLocal;
        local[i].rotation = pose.rotation[i];
    }
    local[Hips].translation += pose.hipsOffset;
    return skinningMatrices(skeleton, globalPose(skeleton, local));
}

/// Where the soles are in a pose: the lowest height of heel, ball and toe tip of both feet,
/// and the average depth (z) of the balls of the feet.
struct Soles
{
    float lowest = 0;
    float ballDepth = 0;
};

Soles soles(const Skeleton &skeleton, const Pose &pose)
{
    const std::vector<Mat4> skin = poseMatrices(skeleton, pose);
    Soles result;
    result.lowest = 1e9f;
    for (const float side : {1.0f, -1.0f}) {
        const int foot = side > 0 ? LeftFoot : RightFoot;
        const int toes = side > 0 ? LeftToes : RightToes;
        for (const float across : {-0.035f, 0.035f}) {
            const float x = side * 0.1f + across;
            const Vec3 heel = skin[foot].transformPoint({x, 0.0f, -0.07f});
            const Vec3 ball = skin[foot].transformPoint({x, 0.0f, 0.11f});
            const Vec3 tip = skin[toes].transformPoint({x, 0.0f, 0.19f});
            result.lowest = std::min({result.lowest, heel.y, ball.y, tip.y});
            result.ballDepth += ball.z * 0.25f;
        }
    }
    return result;
}

/// Moves the hips so the lowest point of the feet touches the floor (y = 0), and with
/// plantFeet also so the balls of the feet keep their rest depth.
void groundPose(const Skeleton &skeleton, Pose &pose, bool plantFeet)
{
    const Soles rest = soles(skeleton, Pose{});
    const Soles now = soles(skeleton, pose);
    pose.hipsOffset.y -= now.lowest - rest.lowest;
    if (plantFeet) pose.hipsOffset.z -= now.ballDepth - rest.ballDepth;
}

/// A believable walk in place: heel strike of the left foot at a quarter cycle.
Pose walkPose(const Skeleton &skeleton, float phase)
{
    Limbs l;
    const float s = std::sin(phase), c = std::cos(phase);
    l.hipsYaw = -5.0f * s;
    l.hipsRoll = -3.0f * c;
    l.spineYaw = 9.0f * s;
    l.spineLean = 3.0f;
    l.chestLean = 1.0f;
    l.headPitch = -2.0f + 1.0f * std::cos(2 * phase);
    for (int side = 0; side < 2; ++side) {
        const float p = side == 0 ? phase : phase + kPi; // the right leg half a cycle later
        const float sp = std::sin(p);
        l.thighForward[side] = 5.0f + 20.0f * sp;
        // Big flexion in the swing (toe-off at 3/4 cycle), a small one taking the load.
        l.knee[side] = 4.0f + 52.0f * bump(p, 1.5f * kPi + 1.0f, 2.5f) +
                       12.0f * bump(p, 0.5f * kPi + 0.6f, 5.0f);
        l.footExtra[side] =
            16.0f * bump(p, 1.5f * kPi - 0.1f, 6.0f) - 10.0f * bump(p, 0.5f * kPi, 6.0f);
        // Each arm swings with the opposite leg.
        l.armForward[side] = -18.0f * sp;
        l.elbow[side] = 15.0f - 8.0f * sp;
    }
    Pose pose = poseFromLimbs(l);
    pose.hipsOffset = {0.02f * -c, 0.0f, 0.0f};
    groundPose(skeleton, pose, false);
    return pose;
}

/// Cubic Hermite through keys with Catmull-Rom tangents (zero at the ends).
float spline(const std::vector<float> &times, const std::vector<float> &values, float t)
{
    if (t <= times.front()) return values.front();
    if (t >= times.back()) return values.back();
    size_t i = 0;
    while (t > times[i + 1])
        ++i;
    auto tangent = [&](size_t k) {
        if (k == 0 || k + 1 == times.size()) return 0.0f;
        return (values[k + 1] - values[k - 1]) / (times[k + 1] - times[k - 1]);
    };
    const float h = times[i + 1] - times[i];
    const float u = (t - times[i]) / h;
    const float u2 = u * u, u3 = u2 * u;
    return (2 * u3 - 3 * u2 + 1) * values[i] + (u3 - 2 * u2 + u) * h * tangent(i) +
           (-2 * u3 + 3 * u2) * values[i + 1] + (u3 - u2) * h * tangent(i + 1);
}

constexpr float kJumpTakeOff = 0.62f;
constexpr float kJumpLanding = 1.05f;
constexpr float kJumpDuration = 1.5f;

/// A standing jump: crouch, arms back; take-off with the arms thrown up; airborne with the
/// legs tucked a little; landing on the toes, absorbing, standing up again.
Pose jumpGroundedPose(const Skeleton &skeleton, float t)
{
    static const std::vector<float> times = {0.0f, 0.12f,        0.45f, kJumpTakeOff, 0.74f,
                                             0.9f, kJumpLanding, 1.22f, kJumpDuration};
    static const std::vector<float> crouch = {0, 0.05f, 1.0f, 0.0f, 0.3f, 0.35f, 0.1f, 0.75f, 0};
    static const std::vector<float> arms = {0, 0.0f, -1.0f, 1.0f, 0.8f, 0.5f, 0.3f, -0.2f, 0};
    static const std::vector<float> lean = {0, 0.05f, 1.0f, 0.1f, 0.1f, 0.15f, 0.3f, 0.8f, 0};
    static const std::vector<float> toes = {0, 0, 0, 1.0f, 0.7f, 0.5f, 0.3f, 0, 0};
    const float c = spline(times, crouch, t), a = spline(times, arms, t);
    const float ln = spline(times, lean, t), pf = spline(times, toes, t);
    Limbs l;
    l.hipsPitch = 15.0f * ln;
    l.spineLean = 12.0f * ln;
    l.chestLean = 4.0f * ln;
    l.headPitch = -30.0f * ln;
    for (int side = 0; side < 2; ++side) {
        l.thighForward[side] = 62.0f * c;
        l.knee[side] = 108.0f * c;
        l.footExtra[side] = 38.0f * pf;
        l.armForward[side] = a > 0 ? 95.0f * a : 50.0f * a;
        l.armLower[side] = 25.0f - 10.0f * std::max(0.0f, a);
        l.elbow[side] = 12.0f + 25.0f * std::abs(a);
        l.shoulderRaise[side] = 8.0f * std::max(0.0f, a);
    }
    Pose pose = poseFromLimbs(l);
    groundPose(skeleton, pose, true);
    return pose;
}

Pose jumpPose(const Skeleton &skeleton, float t)
{
    Pose pose = jumpGroundedPose(skeleton, t);
    if (t > kJumpTakeOff && t < kJumpLanding) {
        // Ballistic flight between take-off and landing (g = 9.81 m/s^2, about 22 cm high);
        // the feet leave and meet the floor where the grounded poses put them.
        const Pose off = jumpGroundedPose(skeleton, kJumpTakeOff);
        const Pose on = jumpGroundedPose(skeleton, kJumpLanding);
        const float u = (t - kJumpTakeOff) / (kJumpLanding - kJumpTakeOff);
        const float base = off.hipsOffset.y + (on.hipsOffset.y - off.hipsOffset.y) * u;
        pose.hipsOffset.y = base + 0.5f * 9.81f * (t - kJumpTakeOff) * (kJumpLanding - t);
    }
    return pose;
}

/// Standing, breathing, shifting the weight a little.
Pose idlePose(const Skeleton &skeleton, float phase)
{
    Limbs l;
    const float breath = std::sin(phase);
    l.chestLean = -1.2f * breath;
    l.spineLean = 1.0f - 0.6f * breath;
    l.hipsRoll = 1.2f * std::sin(phase);
    l.spineYaw = 1.5f * std::sin(phase + 0.7f);
    l.headYaw = 5.0f * std::sin(phase + 1.3f);
    l.headPitch = 1.5f * std::sin(2 * phase);
    for (int side = 0; side < 2; ++side) {
        const float sign = side == 0 ? 1.0f : -1.0f;
        l.thighForward[side] = 2.0f;
        l.knee[side] = 4.0f + 2.0f * sign * std::sin(phase);
        l.footExtra[side] = 0.0f;
        l.shoulderRaise[side] = 1.5f * (0.5f + 0.5f * breath);
        l.armForward[side] = 2.5f * std::sin(phase + 1.0f + sign * 0.4f);
        l.armLower[side] = 24.0f - 0.8f * breath;
        l.elbow[side] = 13.0f + 2.0f * std::sin(phase + 0.5f);
    }
    Pose pose = poseFromLimbs(l);
    pose.hipsOffset = {0.012f * std::sin(phase), 0.0f, 0.0f};
    groundPose(skeleton, pose, true);
    return pose;
}

/// Samples a pose function at 30 fps into a clip: rotation keys for every bone, translation
/// keys for the hips. Quaternions keep to one hemisphere so interpolation takes the short way;
/// a cyclic clip ends on exactly its first pose.
template <class PoseAt>
AnimationClip sampleClip(const Skeleton &skeleton, const std::string &name, int frames, bool cyclic,
                         PoseAt poseAt)
{
    AnimationClip clip;
    clip.name = name;
    clip.duration = double(frames) / kFramesPerSecond;
    std::vector<Pose> poses;
    for (int k = 0; k <= frames; ++k)
        poses.push_back(cyclic && k == frames ? poses.front() : poseAt(k));
    for (int bone = 0; bone < BoneCount; ++bone) {
        BoneTrack track;
        track.bone = bone;
        for (int k = 0; k <= frames; ++k) {
            const double time = double(float(k) / float(kFramesPerSecond));
            Quat q = normalize(poses[size_t(k)].rotation[size_t(bone)]);
            if (!track.rotations.empty()) {
                const Quat &prev = track.rotations.back().value;
                if (prev.x * q.x + prev.y * q.y + prev.z * q.z + prev.w * q.w < 0)
                    q = {-q.x, -q.y, -q.z, -q.w};
            }
            track.rotations.push_back({time, q});
            if (bone == Hips)
                track.translations.push_back({time, skeleton.bones[Hips].restLocal.translation +
                                                        poses[size_t(k)].hipsOffset});
        }
        clip.tracks.push_back(std::move(track));
    }
    return clip;
}

} // namespace

Vec3 armDirection(int side)
{
    return side > 0 ? kLeftArm : mirrored(kLeftArm);
}

Skeleton makeSkeleton()
{
    Skeleton skeleton;
    for (const JointSpec &joint : kJoints) {
        Bone bone;
        bone.name = joint.name;
        bone.parent = joint.parent;
        bone.restLocal.translation =
            joint.parent < 0 ? joint.position : joint.position - kJoints[joint.parent].position;
        skeleton.bones.push_back(bone);
    }
    for (int i = 0; i < BoneCount; ++i)
        skeleton.bones[size_t(i)].inverseBind = Mat4::translation(-kJoints[i].position);
    return skeleton;
}

Vec3 jointPosition(int bone)
{
    return kJoints[bone].position;
}

std::vector<AnimationClip> makeClips(const Skeleton &skeleton)
{
    constexpr int walkFrames = 33; // 1.1 s
    constexpr int jumpFrames = int(kJumpDuration * kFramesPerSecond);
    constexpr int idleFrames = 90; // 3 s
    std::vector<AnimationClip> clips;
    clips.push_back(sampleClip(skeleton, "Walk", walkFrames, true, [&](int k) {
        return walkPose(skeleton, 2.0f * kPi * float(k) / float(walkFrames));
    }));
    clips.push_back(sampleClip(skeleton, "Jump", jumpFrames, false, [&](int k) {
        return jumpPose(skeleton, float(k) / float(kFramesPerSecond));
    }));
    clips.push_back(sampleClip(skeleton, "Idle", idleFrames, true, [&](int k) {
        return idlePose(skeleton, 2.0f * kPi * float(k) / float(idleFrames));
    }));
    return clips;
}

} // namespace tweed::sample
