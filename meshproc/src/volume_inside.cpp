#include "tweed/meshproc/volume_inside.h"

#include "tweed/cloth_measures.h"
#include "tweed/errors.h"
#include "tweed/sim/colliders.h"

#include "tweed/clip_simulation.h"

#include "mesh_internal.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace tweed {
namespace {

constexpr float kThinnest = 0.001f; // metres: no volume is made thinner
constexpr float kSmallest = 0.005f; // metres: a volume reaching less far is dropped
constexpr int kSamples = 256;       // surface points per check, as the measures take them
constexpr int kRounds = 200;        // shrinking steps at most
constexpr float kSplitGain = 1.25f; // two halves must hold this much more to replace one
constexpr int kCheckRounds = 12;    // shrink on the poses found sticking out, check again
constexpr int kPosesPerRound = 8;   // worst poses (of those sticking out) added per round
constexpr float kSampleSlack = 0.2f; // share of the thickness kept for between the samples
constexpr float kMostGiven = 0.2f;  // share of an axis's reach one end gives per step at most

// Signed distance to the union of the body surfaces (negative inside any of them).
float bodyDistance(const std::vector<MeshDistance> &body, const Vec3 &p)
{
    float d = INFINITY;
    for (const MeshDistance &surface : body)
        d = std::min(d, surface.query(p).distance);
    return d;
}
// The same, each surface's search starting from its triangle in `hints` (one per surface, the
// closest triangles of a point measured before near p), which get the closest triangles.
float bodyDistance(const std::vector<MeshDistance> &body, const Vec3 &p, uint32_t *hints)
{
    float d = INFINITY;
    for (size_t i = 0; i < body.size(); ++i)
        d = std::min(d, body[i].query(p, hints[i]).distance);
    return d;
}

// The same where it lies further than `bound` (at least 0) from every body surface; where it
// lies within `bound` of one, -INFINITY, found as soon as a triangle that near is.
float bodyDistanceBeyond(const std::vector<MeshDistance> &body, const Vec3 &p, uint32_t *hints,
                         float bound)
{
    float d = INFINITY;
    for (size_t i = 0; i < body.size(); ++i) {
        const std::optional<SurfaceDistance> s = body[i].queryBeyond(p, hints[i], bound);
        if (!s) return -INFINITY;
        d = std::min(d, s->distance);
    }
    return d;
}

// A volume's surface points in one pose: where each was last measured against the body, the
// distance found and the closest triangles (one per body surface), kept while the volume
// shrinks.
struct Measured
{
    std::vector<Vec3> at;
    std::vector<float> distance;
    std::vector<uint32_t> hints;
    /// Skip by the size of the distance only: the body's side of a point may flip where it
    /// passes through itself or is open.
    bool strict = false;
};

Mat4 boneGlobalIn(const std::vector<Mat4> &global, int bone)
{
    return bone >= 0 && size_t(bone) < global.size() ? global[size_t(bone)] : Mat4{};
}
Mat4 boneGlobalIn(const PosedBody &pose, int bone)
{
    return boneGlobalIn(pose.boneGlobal, bone);
}

// Keeps the sizes a shape does not use in step with the ones it does (as fitVolume leaves them).
void tidy(CollisionVolume &v)
{
    switch (v.shape) {
    case CollisionShape::Convex: {
        Vec3 reach{1e-3f, 1e-3f, 1e-3f};
        for (const Vec3 &c : convexCorners(v.planes))
            reach = maxComponents(reach, Vec3{std::abs(c.x), std::abs(c.y), std::abs(c.z)});
        v.radii = reach;
        [[fallthrough]];
    }
    case CollisionShape::Box:
    case CollisionShape::Ellipsoid:
        v.radius = v.radius2 = std::min(v.radii.x, v.radii.z);
        v.halfHeight = std::max(v.radii.y - v.radius, 0.0f);
        break;
    case CollisionShape::Sphere:
        v.radii = {v.radius, v.radius, v.radius};
        v.radius2 = v.radius;
        break;
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule: {
        if (v.shape == CollisionShape::Capsule) v.radius2 = v.radius;
        const float r = std::max(v.radius, v.radius2);
        v.radii = {r, v.halfHeight + r, r};
        break;
    }
    case CollisionShape::Plane:
        break;
    }
}

// Moves the volume's centre deeper into the body, within the volume as fitted: the centroid of
// a bone's vertices lies near the surface where the bone drives one side of the body only (a
// spine under the back), and a volume centred there can only be thin.
void recentre(CollisionVolume &v, const Mat4 &bone, const std::vector<MeshDistance> &body)
{
    const ColliderPose fitted = colliderPose(v, colliderFrame(v, bone), 0.0f);
    Vec3 c = fitted.origin;
    auto depth = [&body](const Vec3 &p) { return -bodyDistance(body, p); };
    float d = depth(c);
    for (int i = 0; i < 30; ++i) {
        SurfaceDistance nearest;
        for (const MeshDistance &surface : body) {
            const SurfaceDistance s = surface.query(c);
            if (s.distance < nearest.distance) nearest = s;
        }
        if (!std::isfinite(nearest.distance)) return;
        // Away from the nearest surface point (towards it when the centre is outside).
        Vec3 away = normalize(c - nearest.closest);
        if (nearest.distance > 0) away = -away;
        const Vec3 next = c + away * std::max(0.005f, 0.5f * std::abs(nearest.distance));
        const float nd = depth(next);
        if (!(nd > d + 1e-4f) || colliderDistance(fitted, next) > 0) break;
        c = next;
        d = nd;
    }
    const Transform boneFrame = decompose(bone);
    v.local.translation += rotate(conjugate(normalize(boneFrame.rotation)), c - fitted.origin);
}

// How far the volume reaches from its centre at most.
float reachOf(const CollisionVolume &v)
{
    return std::max({v.radii.x, v.radii.y, v.radii.z, v.radius, v.radius2, v.radius + v.halfHeight});
}

float sizeOf(const CollisionVolume &v)
{
    return v.shape == CollisionShape::Ellipsoid || v.shape == CollisionShape::Box ||
                   v.shape == CollisionShape::Convex
               ? v.radii.x * v.radii.y * v.radii.z
                                                : v.radius * v.radius * (v.radius + v.halfHeight);
}

// An axis of half-extent `extent` whose low and high ends come in by `low` and `high` metres
// (together at most down to `least`): the new half-extent; `shift` gets the centre's move
// along the axis (away from the end giving more).
float giveEnds(float extent, float low, float high, float least, float &shift)
{
    const float most = 2 * std::max(extent - least, 0.0f);
    if (low + high > most) {
        const float scale = most / (low + high);
        low *= scale;
        high *= scale;
    }
    shift = 0.5f * (low - high);
    return extent - 0.5f * (low + high);
}

// Shrinks `v` until no point of its surface lies outside the body by more than `thickness` in
// any of `poses`, or it is a millimetre thin. Each shape gives way at the end that sticks out,
// its centre (a capsule's axis) moving towards the other end: an ellipsoid and a box along
// their axes, a capsule in length at its caps and across its axis at its sides; a convex hull
// moves the faces that stick out.
// `memo` (one per pose, kept by the caller between calls on the same poses of a shrinking
// volume) holds what was measured.
CollisionVolume shrinkOn(CollisionVolume v, const std::vector<const PosedBody *> &poses,
                         float thickness, std::vector<Measured> &memo)
{
    // Per pose and surface point, where its distance to the body was last measured and what
    // it was: a point that moved less since then than the thickness less that distance is
    // still within the thickness (the distance changes no faster than the point moves). Where
    // the body passes through itself or is open, a point's side can flip without crossing the
    // surface: the caller finds it in its check over the motion and asks for the strict bound
    // (the size of the distance, which changes no faster than the point moves).
    memo.resize(poses.size());
    // Aimed a little inside the thickness: between the samples, a surface fitted close to the
    // body all round can stick out a little further than at them.
    const float aim = thickness * (1 - kSampleSlack);
    for (int round = 0; round < kRounds; ++round) {
        // How much each size must give: the excess of each point outside, shared among the
        // sizes by how much each one places that point.
        Vec3 fromLow, fromHigh; // metres each axis gives at its low and high end
        std::vector<float> planeShrink(v.planes.size(), 0.0f);
        float sphere = 0;
        bool lowSide = false, highSide = false; // a capsule's side gives below, above
        auto give = [&](int axis, float coordinate, float metres) {
            float &end = (coordinate < 0 ? fromLow : fromHigh)[axis];
            end = std::max(end, metres);
        };
        bool outside = false;
        for (size_t k = 0; k < poses.size(); ++k) {
            const PosedBody &pose = *poses[k];
            const Transform frame = colliderFrame(v, boneGlobalIn(pose, v.bone));
            const std::vector<Vec3> points = volumeSurfaceSamples(v, frame, pose.samples);
            Measured &m = memo[k];
            const size_t surfaces = pose.surfaces.size();
            if (m.at.size() != points.size()) {
                m.at = points;
                m.distance.assign(points.size(), INFINITY);
                m.hints.assign(points.size() * surfaces, UINT32_MAX);
            }
            for (size_t j = 0; j < points.size(); ++j) {
                const Vec3 &p = points[j];
                const float known = m.strict ? std::abs(m.distance[j]) : m.distance[j];
                if (known + distance(p, m.at[j]) <= aim) continue;
                m.at[j] = p;
                m.distance[j] = bodyDistance(pose.surfaces, p, &m.hints[j * surfaces]);
                const float excess = m.distance[j] - aim;
                if (!(excess > 0)) continue;
                outside = true;
                const Vec3 l = rotate(conjugate(frame.rotation), p - frame.translation);
                const float step = excess * 1.05f + 1e-4f;
                switch (v.shape) {
                case CollisionShape::Ellipsoid:
                case CollisionShape::Box:
                case CollisionShape::Capsule:
                case CollisionShape::TaperedCapsule: {
                    // Each axis gives way in proportion to its length and to how much the point
                    // lies along it, on the point's side only, so that the point comes in by
                    // `step` towards the centre: a long axis whose tip sticks out shortens
                    // from that end rather than a short one collapsing. A capsule's axes are
                    // its reach along (radii.y) and its radius across (radii.x, radii.z).
                    const Vec3 u{l.x / v.radii.x, l.y / v.radii.y, l.z / v.radii.z};
                    const float norm = std::max(lengthSquared(u), 1e-12f);
                    float along = 0;
                    for (int i = 0; i < 3; ++i)
                        along += u[i] * u[i] / norm * l[i] * l[i];
                    const float scale = step * length(l) / std::max(along, 1e-12f);
                    for (int i = 0; i < 3; ++i)
                        give(i, l[i], v.radii[i] * std::min(scale * u[i] * u[i] / norm, kMostGiven));
                    if (u.x != 0 || u.z != 0) (l.y < 0 ? lowSide : highSide) = true;
                    break;
                }
                case CollisionShape::Sphere:
                    sphere = std::max(sphere, step);
                    break;
                case CollisionShape::Convex: {
                    size_t face = 0;
                    float most = -INFINITY;
                    for (size_t i = 0; i < v.planes.size(); ++i) {
                        const Vec4 &q = v.planes[i];
                        const float d = q.x * l.x + q.y * l.y + q.z * l.z - q.w;
                        if (d > most) {
                            most = d;
                            face = i;
                        }
                    }
                    if (face < planeShrink.size())
                        planeShrink[face] = std::max(planeShrink[face], step);
                    break;
                }
                default:
                    break;
                }
            }
        }
        if (!outside) break;
        const CollisionVolume was = v;
        bool thinnest = false;
        switch (v.shape) {
        case CollisionShape::Convex:
            thinnest = true;
            for (size_t i = 0; i < v.planes.size(); ++i) {
                v.planes[i].w = std::max(kThinnest, v.planes[i].w - planeShrink[i]);
                thinnest = thinnest && v.planes[i].w <= kThinnest;
            }
            break;
        case CollisionShape::Ellipsoid:
        case CollisionShape::Box: {
            // Each end comes in by its give; the centre moves away from the end giving more.
            Vec3 shift;
            for (int i = 0; i < 3; ++i)
                v.radii[i] = giveEnds(v.radii[i], fromLow[i], fromHigh[i], kThinnest, shift[i]);
            v.local.translation += rotate(normalize(v.local.rotation), shift);
            thinnest = v.radii.x <= kThinnest && v.radii.y <= kThinnest && v.radii.z <= kThinnest;
            break;
        }
        case CollisionShape::Sphere:
            v.radius = std::max(kThinnest, v.radius - sphere);
            thinnest = v.radius <= kThinnest;
            break;
        case CollisionShape::Capsule:
        case CollisionShape::TaperedCapsule: {
            // The same along the axis (its length between the caps; what the length cannot
            // give, the radius gives) and across it (the axis moves away from the side giving
            // more, the radius shrinks by the rest); a tapered capsule's radius shrinks at the
            // end whose side gave.
            Vec3 shift;
            const float length = v.halfHeight;
            v.halfHeight = giveEnds(v.halfHeight, fromLow.y, fromHigh.y, 0.0f, shift.y);
            const float unused = 0.5f * (fromLow.y + fromHigh.y) - (length - v.halfHeight);
            const float least = std::min({v.radius, v.radius2, kThinnest});
            float radius = v.radius;
            for (int i : {0, 2})
                radius = std::min(radius, giveEnds(v.radius, fromLow[i], fromHigh[i],
                                                   kThinnest, shift[i]));
            const float shrink = std::max({v.radius - radius, unused, 0.0f});
            if (unused > 0) lowSide = highSide = true;
            if (v.shape == CollisionShape::Capsule || lowSide)
                v.radius = std::max(least, v.radius - shrink);
            if (v.shape == CollisionShape::TaperedCapsule && highSide)
                v.radius2 = std::max(least, v.radius2 - shrink);
            v.local.translation += rotate(normalize(v.local.rotation), shift);
            thinnest = std::max(v.radius, v.radius2) <= kThinnest && v.halfHeight <= 0;
            break;
        }
        case CollisionShape::Plane:
            break;
        }
        tidy(v);
        // As thin as it gets, too small to be kept, or unchanged (the sizes that would give
        // are as thin as they get): another round would find the same.
        const bool unchanged = v.radii == was.radii && v.radius == was.radius &&
                               v.local.translation == was.local.translation &&
                               v.radius2 == was.radius2 && v.halfHeight == was.halfHeight &&
                               v.planes == was.planes;
        if (thinnest || unchanged || reachOf(v) < kSmallest) break;
    }
    return v;
}

} // namespace

BodyMotion::BodyMotion(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &body,
                       const std::vector<AnimationClip> &clips, double framesPerSecond)
{
    if (!(framesPerSecond > 0) || !std::isfinite(framesPerSecond))
        throw InputError("collision fit: the frames a second of the checked poses must be above 0");
    for (const GraphicsMesh *mesh : body) {
        if (!mesh || mesh->indices.empty()) continue;
        mMeshes.push_back(mesh);
        mRest.emplace_back(mesh->positions, mesh->indices);
        for (size_t i = 0; i + 2 < mesh->indices.size(); i += 3)
            for (int k = 0; k < 3; ++k)
                mLongestEdge = std::max(
                    mLongestEdge, distance(mesh->positions[mesh->indices[i + size_t(k)]],
                                           mesh->positions[mesh->indices[i + size_t(k + 1) % 3]]));
    }
    auto add = [&](const AnimationClip *clip, double t, int index) {
        mSkinning.push_back(skinningMatricesAt(skeleton, clip, t));
        std::vector<Mat4> global;
        global.reserve(skeleton.bones.size());
        for (size_t b = 0; b < skeleton.bones.size(); ++b)
            global.push_back(mSkinning.back()[b] * inverse(skeleton.bones[b].inverseBind));
        mBoneGlobal.push_back(std::move(global));
        mClip.push_back(index);
    };
    add(nullptr, 0.0, -1);
    for (size_t c = 0; c < clips.size(); ++c) {
        mClipNames.push_back(clips[c].name);
        const int frames = std::max(1, int(std::ceil(clips[c].duration * framesPerSecond)));
        for (int f = 0; f <= frames; ++f)
            add(&clips[c], clipFrameTime(f, framesPerSecond, clips[c].duration), int(c));
    }
}

void BodyMotion::positions(size_t pose, std::vector<std::vector<Vec3>> &out) const
{
    out.resize(mMeshes.size());
    for (size_t m = 0; m < mMeshes.size(); ++m)
        skinVertices(mMeshes[m]->positions, mMeshes[m]->skin, mSkinning[pose], out[m]);
}

PosedBody BodyMotion::posed(size_t pose) const
{
    PosedBody posed;
    posed.samples = kSamples;
    posed.boneGlobal = mBoneGlobal[pose];
    posed.surfaces = mRest;
    std::vector<std::vector<Vec3>> positions;
    this->positions(pose, positions);
    for (size_t m = 0; m < mMeshes.size(); ++m)
        posed.surfaces[m].refit(positions[m]);
    return posed;
}

std::vector<PosedBody> bodyPoses(const Skeleton &skeleton,
                                 const std::vector<const GraphicsMesh *> &body,
                                 const std::vector<AnimationClip> &clips, double step)
{
    if (!(step > 0) || !std::isfinite(step))
        throw InputError("collision fit: the time between checked poses must be above 0");
    std::vector<PosedBody> out;
    for (size_t c = 0; c <= clips.size(); ++c) {
        // The bind pose, then each clip alone at one frame every `step` seconds.
        const std::vector<AnimationClip> one =
            c == 0 ? std::vector<AnimationClip>{} : std::vector<AnimationClip>{clips[c - 1]};
        const BodyMotion motion(skeleton, body, one, 1.0 / step);
        for (size_t p = c == 0 ? 0 : 1; p < motion.poseCount(); ++p)
            out.push_back(motion.posed(p));
    }
    return out;
}

float volumeProtrusion(const CollisionVolume &volume, const std::vector<PosedBody> &poses)
{
    float worst = 0;
    for (const PosedBody &pose : poses) {
        if (pose.surfaces.empty()) continue;
        const Transform frame = colliderFrame(volume, boneGlobalIn(pose, volume.bone));
        for (const Vec3 &p : volumeSurfaceSamples(volume, frame, pose.samples))
            worst = std::max(worst, bodyDistance(pose.surfaces, p));
    }
    return worst;
}

float volumeProtrusion(const CollisionVolume &volume, const Skeleton &skeleton,
                       const std::vector<const GraphicsMesh *> &body)
{
    return volumeProtrusion(volume, bodyPoses(skeleton, body));
}

namespace {

// One volume followed over a motion's poses.
struct Followed
{
    const CollisionVolume *volume = nullptr;
    float limit = INFINITY; // poses where it sticks out more are listed
    /// Whether `worst` and `perGroup` are wanted: where not, they may come out lower (the
    /// points that could only raise them are not measured to the end).
    bool wantWorst = true, wantPerGroup = true;
    float worst = 0;
    std::vector<float> perGroup; // bind pose, then each clip
    std::vector<std::pair<float, size_t>> outside; // (protrusion, pose) beyond the limit
};

// Measures each volume in every pose of the motion as the measures do (the body posed once a
// pose for all volumes), the poses shared among the hardware threads.
void follow(std::vector<Followed> &volumes, const BodyMotion &motion, size_t stride = 1)
{
    // Every `stride`-th pose of each clip, and its last.
    std::vector<size_t> poses;
    for (size_t pose = 0; pose < motion.poseCount(); ++pose) {
        const bool lastOfClip =
            pose + 1 == motion.poseCount() || motion.clipOf(pose + 1) != motion.clipOf(pose);
        if (pose == 0 || pose % stride == 0 || lastOfClip) poses.push_back(pose);
    }
    for (Followed &f : volumes)
        f.perGroup.assign(motion.clipCount() + 1, 0.0f);
    // Per range of poses, the volumes as followed over it; merged in order.
    std::vector<Followed> fresh = volumes;
    for (Followed &f : fresh) {
        f.worst = 0;
        f.outside.clear();
    }
    std::vector<std::vector<Followed>> parts(detail::rangeCount(poses.size(), 8), fresh);
    detail::forEachRange(poses.size(), 8, [&](size_t range, size_t begin, size_t end) {
        std::vector<Followed> &part = parts[range];
        std::vector<MeshDistance> surfaces = motion.restSurfaces();
        std::vector<std::vector<Vec3>> positions;
        // Per volume, surface point and body surface, the closest triangle in the pose before.
        std::vector<std::vector<uint32_t>> hints(part.size());
        for (size_t i = begin; i < end; ++i) {
            const size_t pose = poses[i];
            motion.positions(pose, positions);
            for (size_t m = 0; m < surfaces.size(); ++m)
                surfaces[m].refit(positions[m]);
            const std::vector<Mat4> &global = motion.boneGlobal(pose);
            for (size_t k = 0; k < part.size(); ++k) {
                Followed &f = part[k];
                const CollisionVolume &v = *f.volume;
                const std::vector<Vec3> points = volumeSurfaceSamples(
                    v, colliderFrame(v, boneGlobalIn(global, v.bone)), kSamples);
                hints[k].resize(points.size() * surfaces.size(), UINT32_MAX);
                const size_t group = size_t(motion.clipOf(pose) + 1);
                // A point changes what follows from this pose (its clip's and the motion's
                // worst, the poses beyond the limit) only where it lies further out than the
                // pose's worst so far and than its clip's worst or the limit (of those wanted):
                // one within that of a body surface is passed as soon as a triangle that near
                // is found. (Not done: skipping a point by its distance in the pose before
                // plus how far it and the body moved since. That bounds the size of the
                // distance but not its side, which flips where the body passes through itself
                // or is open, and the points that cost most lie centimetres deep.)
                float known = f.limit;
                if (f.wantWorst) known = std::min(known, f.worst);
                if (f.wantPerGroup) known = std::min(known, f.perGroup[group]);
                float poseWorst = 0;
                for (size_t j = 0; j < points.size(); ++j)
                    if (const float d = bodyDistanceBeyond(surfaces, points[j],
                                                           &hints[k][j * surfaces.size()],
                                                           std::max(poseWorst, known));
                        std::isfinite(d))
                        poseWorst = std::max(poseWorst, d);
                f.perGroup[group] = std::max(f.perGroup[group], poseWorst);
                f.worst = std::max(f.worst, poseWorst);
                if (poseWorst > f.limit) f.outside.push_back({poseWorst, pose});
            }
        }
    });
    for (const std::vector<Followed> &part : parts)
        for (size_t k = 0; k < volumes.size(); ++k) {
            Followed &f = volumes[k];
            const Followed &p = part[k];
            for (size_t g = 0; g < f.perGroup.size(); ++g)
                f.perGroup[g] = std::max(f.perGroup[g], p.perGroup[g]);
            f.worst = std::max(f.worst, p.worst);
            f.outside.insert(f.outside.end(), p.outside.begin(), p.outside.end());
        }
}

} // namespace

std::vector<float> volumeProtrusions(const std::vector<CollisionVolume> &volumes,
                                     const BodyMotion &motion,
                                     std::vector<std::vector<float>> *perClip)
{
    std::vector<Followed> followed(volumes.size());
    for (size_t i = 0; i < volumes.size(); ++i)
        followed[i].volume = &volumes[i];
    // Planes protrude nowhere (no surface points); nothing to follow without a body.
    if (!motion.restSurfaces().empty()) follow(followed, motion);
    std::vector<float> out;
    if (perClip) perClip->clear();
    for (const Followed &f : followed) {
        out.push_back(f.worst);
        if (perClip)
            perClip->push_back(f.perGroup.empty()
                                   ? std::vector<float>(motion.clipCount(), 0.0f)
                                   : std::vector<float>(f.perGroup.begin() + 1, f.perGroup.end()));
    }
    return out;
}

float volumeProtrusion(const CollisionVolume &volume, const BodyMotion &motion,
                       std::vector<float> *perClip)
{
    std::vector<std::vector<float>> clips;
    const float out = volumeProtrusions({volume}, motion, perClip ? &clips : nullptr).front();
    if (perClip) *perClip = clips.front();
    return out;
}

CollisionVolume shrinkInsideBody(const CollisionVolume &volume, const std::vector<PosedBody> &poses,
                                 float thickness)
{
    CollisionVolume v = volume;
    if (v.shape == CollisionShape::Plane || poses.empty() || poses.front().surfaces.empty())
        return v;
    recentre(v, boneGlobalIn(poses.front(), v.bone), poses.front().surfaces);
    std::vector<const PosedBody *> pointers;
    for (const PosedBody &pose : poses)
        pointers.push_back(&pose);
    // No check over a motion follows: the strict bound throughout.
    std::vector<Measured> memo(poses.size());
    for (Measured &m : memo)
        m.strict = true;
    return shrinkOn(v, pointers, thickness, memo);
}

namespace {

// A volume being fitted over a motion: shrunk on the poses found sticking out so far.
struct Fitting
{
    CollisionVolume volume;
    std::vector<size_t> poses; // into the motion, the bind pose first
    std::vector<Measured> measured; // per pose of `poses`, as shrinkOn last measured it
    bool done = false;
    float worst = -1; // protrusion over the motion as last followed (-1: not followed since)
};

// The motion's poses with their surfaces, built when first asked for.
class PoseCache
{
public:
    explicit PoseCache(const BodyMotion &motion) : mMotion(motion) {}
    const PosedBody &operator[](size_t pose)
    {
        auto it = mPoses.find(pose);
        if (it == mPoses.end()) it = mPoses.emplace(pose, mMotion.posed(pose)).first;
        return it->second;
    }

private:
    const BodyMotion &mMotion;
    std::map<size_t, PosedBody> mPoses;
};

// Shrinks each volume on its poses (the bind pose first), then, round by round, checks them
// all on every pose of the motion (posing the body once for all) and shrinks each again on the
// worst poses where it sticks out, until none does.
// `progress` hears from `from` to `to` of the whole fit, a round at a time.
void fitOverMotion(std::vector<Fitting *> &fits, const BodyMotion &motion, PoseCache &cache,
                   float thickness, int rounds, size_t stride, const ProgressCallback &progress,
                   float from, float to)
{
    for (int round = 0; round < rounds; ++round) {
        reportProgress(progress, from + (to - from) * float(round) / float(rounds),
                       "fitting collision volumes");
        std::vector<Fitting *> open;
        std::vector<std::vector<const PosedBody *>> poses;
        for (Fitting *f : fits) {
            if (f->done) continue;
            open.push_back(f);
            poses.emplace_back();
            for (size_t p : f->poses)
                poses.back().push_back(&cache[p]);
        }
        // The volumes shrink independently: shared among the hardware threads, each taking the
        // next volume left.
        std::atomic<size_t> next{0};
        detail::forEachRange(open.size(), 1, [&](size_t, size_t, size_t) {
            for (size_t k; (k = next++) < open.size();) {
                Fitting &f = *open[k];
                f.volume = shrinkOn(f.volume, poses[k], thickness, f.measured);
                f.worst = -1;
            }
        });
        // Too small to be kept: not followed further.
        for (Fitting *f : open)
            f->done = reachOf(f->volume) < kSmallest;
        std::erase_if(open, [](const Fitting *f) { return f->done; });
        if (open.empty() || motion.poseCount() <= 1) break;
        std::vector<Followed> followed(open.size());
        for (size_t k = 0; k < open.size(); ++k) {
            followed[k].volume = &open[k]->volume;
            followed[k].limit = thickness;
            followed[k].wantWorst = stride == 1;
            followed[k].wantPerGroup = false;
        }
        follow(followed, motion, stride);
        for (size_t k = 0; k < open.size(); ++k) {
            Fitting &f = *open[k];
            f.worst = stride == 1 ? followed[k].worst : -1;
            std::vector<std::pair<float, size_t>> &out = followed[k].outside;
            std::sort(out.begin(), out.end(), std::greater<>());
            size_t added = 0;
            for (const auto &[protrusion, pose] : out) {
                if (added == size_t(kPosesPerRound)) break;
                const size_t at =
                    size_t(std::find(f.poses.begin(), f.poses.end(), pose) - f.poses.begin());
                if (at == f.poses.size()) {
                    f.poses.push_back(pose);
                    ++added;
                } else if (at < f.measured.size() && !f.measured[at].strict) {
                    // Shrunk on it, yet outside: measured again with the strict bound.
                    f.measured[at] = Measured{};
                    f.measured[at].strict = true;
                    ++added;
                }
            }
            // Inside everywhere, or as thin as it gets on the poses it failed.
            if (added == 0) f.done = true;
        }
    }
}

} // namespace

std::vector<BoneFit> fitBonesInside(const Skeleton &skeleton,
                                    const std::vector<const GraphicsMesh *> &meshes,
                                    const std::vector<int> &bones, CollisionShape shape,
                                    const CollisionFitSettings &settings, float thickness,
                                    const BodyMotion *motion, const ProgressCallback &progress)
{
    if (!(thickness >= 0) || !std::isfinite(thickness))
        throw InputError("collision fit: the thickness must be a number of at least 0");
    const std::optional<BodyMotion> bindOnly =
        motion ? std::nullopt : std::optional<BodyMotion>(std::in_place, skeleton, meshes);
    const BodyMotion &body = motion ? *motion : *bindOnly;
    PoseCache cache(body);
    const PosedBody &bind = cache[0];

    // Per bone: fitVolume's volume, then it whole and its halves (an ellipsoid's), recentred.
    std::vector<BoneFit> out(bones.size());
    std::vector<CollisionVolume> fitted;
    std::vector<size_t> fittedOf(bones.size(), SIZE_MAX);
    std::vector<std::array<Fitting, 3>> fits(bones.size());
    std::vector<Fitting *> all;
    for (size_t b = 0; b < bones.size(); ++b) {
        out[b].bone = bones[b];
        try {
            fitted.push_back(fitVolume(skeleton, meshes, bones[b], shape, settings));
        } catch (const InputError &error) {
            out[b].error = error.what();
            continue;
        }
        fittedOf[b] = fitted.size() - 1;
        std::vector<CollisionVolume> start{fitted.back()};
        if (shape == CollisionShape::Ellipsoid) {
            const auto [first, second] = splitEllipsoid(fitted.back());
            start.push_back(first);
            start.push_back(second);
        }
        for (size_t i = 0; i < start.size(); ++i) {
            Fitting &f = fits[b][i];
            f.volume = start[i];
            if (shape != CollisionShape::Plane && !bind.surfaces.empty())
                recentre(f.volume, boneGlobalIn(bind, f.volume.bone), bind.surfaces);
            f.poses = {0};
            all.push_back(&f);
        }
        for (size_t i = start.size(); i < 3; ++i)
            fits[b][i].done = true;
    }
    const std::vector<float> before = volumeProtrusions(fitted, body);
    // The bind pose and two rounds on every fourth frame of the clips decide the splits; the
    // chosen go on, checked on every fourth frame, then on every frame.
    fitOverMotion(all, body, cache, thickness, 3, 4, progress, 0.1f, 0.4f);
    for (Fitting *f : all)
        f->done = false;
    all.clear();
    std::vector<std::vector<Fitting *>> chosen(bones.size());
    for (size_t b = 0; b < bones.size(); ++b) {
        if (fittedOf[b] == SIZE_MAX) continue;
        std::array<Fitting, 3> &f = fits[b];
        if (shape == CollisionShape::Ellipsoid &&
            sizeOf(f[1].volume) + sizeOf(f[2].volume) > kSplitGain * sizeOf(f[0].volume))
            chosen[b] = {&f[1], &f[2]};
        else
            chosen[b] = {&f[0]};
        all.insert(all.end(), chosen[b].begin(), chosen[b].end());
    }
    // Coarse to fine: on every fourth frame until none sticks out there, then on every frame.
    fitOverMotion(all, body, cache, thickness, kCheckRounds, 4, progress, 0.4f, 0.6f);
    for (Fitting *f : all)
        f->done = false;
    fitOverMotion(all, body, cache, thickness, kCheckRounds, 1, progress, 0.6f, 0.95f);
    // Those the rounds left unchecked since their last shrink (but too small to be kept).
    std::vector<CollisionVolume> unchecked;
    std::erase_if(all, [](const Fitting *f) { return reachOf(f->volume) < kSmallest; });
    for (Fitting *f : all)
        if (f->worst < 0) unchecked.push_back(f->volume);
    const std::vector<float> checked = volumeProtrusions(unchecked, body);
    for (size_t i = 0, k = 0; i < all.size(); ++i)
        if (all[i]->worst < 0) all[i]->worst = checked[k++];

    for (size_t b = 0; b < bones.size(); ++b) {
        if (fittedOf[b] == SIZE_MAX) continue;
        InsideFitReport &r = out[b].report;
        r.protrusionBefore = before[fittedOf[b]];
        r.posesPerClip.assign(body.clipCount(), 0);
        const std::string &name = fitted[fittedOf[b]].name;
        for (const Fitting *f : chosen[b]) {
            for (size_t p : f->poses)
                if (body.clipOf(p) >= 0)
                    ++r.posesPerClip[size_t(body.clipOf(p))];
                else
                    r.bindPoseShrinks = 1;
            // A volume whose centre could not be brought inside the body, or that shrank to a
            // point, is no volume of it.
            if (f->worst > thickness + 1e-5f || reachOf(f->volume) < kSmallest) continue;
            out[b].volumes.push_back(f->volume);
            r.protrusions.push_back(f->worst);
            r.protrusionAfter = std::max(r.protrusionAfter, f->worst);
        }
        if (out[b].volumes.empty())
            out[b].error = "collision fit: no " + std::string(shapeName(shape)) + " on bone '" +
                           name + "' lies inside the body";
        for (size_t i = 0; i < out[b].volumes.size(); ++i)
            out[b].volumes[i].name = name + (i == 0 ? "" : " " + std::to_string(i + 1));
        r.split = out[b].volumes.size() > 1;
    }
    return out;
}

std::vector<BoneFit> fitBonesInside(const Character &character, const std::vector<int> &bones,
                                    CollisionShape shape, const CollisionFitSettings &settings,
                                    float thickness, const ProgressCallback &progress)
{
    const std::vector<const GraphicsMesh *> meshes = fitMeshes(character, settings);
    const BodyMotion motion(character.skeleton, meshes, character.clips);
    return fitBonesInside(character.skeleton, meshes, bones, shape, settings, thickness, &motion,
                          progress);
}

std::vector<CollisionVolume>
fitVolumesInside(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &meshes,
                 int bone, CollisionShape shape, const CollisionFitSettings &settings,
                 float thickness, InsideFitReport *report, const BodyMotion *motion)
{
    if (bone < 0 || size_t(bone) >= skeleton.bones.size())
        throw InputError("collision fit: there is no bone " + std::to_string(bone));
    BoneFit fit =
        std::move(fitBonesInside(skeleton, meshes, {bone}, shape, settings, thickness, motion)
                      .front());
    if (!fit.error.empty()) throw InputError(fit.error);
    if (report) *report = fit.report;
    return fit.volumes;
}

std::vector<CollisionVolume> fitVolumesInside(const Character &character, int bone,
                                              CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report, const BodyMotion *motion)
{
    const std::vector<const GraphicsMesh *> meshes = fitMeshes(character, settings);
    return fitVolumesInside(character.skeleton, meshes, bone, shape, settings, thickness, report,
                            motion);
}

namespace {

constexpr float kThinnestSegment = 0.002f; // metres: a thinner bone-segment capsule is dropped
constexpr float kSegmentCore = 0.3f; // a segment capsule's share of the nearest garment distance

// A skinned garment point near a capsule, in the capsule's frame: its distance from the axis
// and its place along it.
struct Obstacle
{
    float radial, along;
};

// The longest stretch of [-half, half] that no interval of `blocked` covers (open intervals,
// so a stretch may touch them), as [from, to]; false when they cover all of it.
bool longestFree(std::vector<std::pair<float, float>> &blocked, float half, float &from, float &to)
{
    std::sort(blocked.begin(), blocked.end());
    float start = -half, best = -1;
    auto consider = [&](float a, float b) {
        if (b >= a && b - a > best) {
            best = b - a;
            from = a;
            to = b;
        }
    };
    for (const auto &[a, b] : blocked) {
        if (a > half) break;
        if (a >= start) consider(start, a);
        start = std::max(start, b);
    }
    if (start <= half) consider(start, half);
    return best >= 0;
}

} // namespace

namespace {

void checkGarment(const std::vector<Vec3> &positions, const std::vector<BoneInfluence> &skin,
                  float thickness)
{
    if (!(thickness >= 0) || !std::isfinite(thickness))
        throw InputError("collision fit: the collision thickness must be 0 or more");
    if (skin.size() != positions.size())
        throw InputError("collision fit: the garment needs one set of bone weights per vertex");
}

} // namespace

std::vector<CollisionVolume> boneSegmentCapsules(const Skeleton &skeleton,
                                                 const std::vector<Vec3> &positions,
                                                 const std::vector<BoneInfluence> &skin,
                                                 float thickness)
{
    checkGarment(positions, skin, thickness);
    const std::vector<Mat4> rest = skeleton.restGlobal();
    std::set<int> carrying;
    for (const BoneInfluence &inf : skin)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (inf.weights[size_t(k)] >= 0.3f) carrying.insert(inf.bones[size_t(k)]);
    std::vector<CollisionVolume> out;
    for (size_t b = 0; b < skeleton.bones.size(); ++b) {
        const int parent = skeleton.bones[b].parent;
        if (parent < 0 || !carrying.count(parent)) continue;
        const Vec3 from = rest[size_t(parent)].transformPoint({0, 0, 0});
        const Vec3 to = rest[b].transformPoint({0, 0, 0});
        const float len = distance(from, to);
        if (len < 1e-3f) continue;
        // The closest garment vertex to the segment bounds the radius.
        float nearest = INFINITY;
        const Vec3 axis = (to - from) * (1.0f / len);
        for (const Vec3 &p : positions) {
            const float s = std::clamp(dot(p - from, axis), 0.0f, len);
            nearest = std::min(nearest, distance(p, from + axis * s));
        }
        // A core, not the limb: the cloth over it is free within its Max Distance and lies off
        // its skinned place (Testwuson.X's legs a median 15 cm in Walk and Run, with capsules at
        // 0.6 or 0.3 alike: the stiff cloth undoes the skinning's squeeze and stretch of the
        // pelvis, 0.78-1.19 in Walk's first frame, and the legs swing on that lever); a capsule
        // that reaches near the skin meets that cloth, and its push-out after the last
        // constraint sweep tears the edge. A third of the way to the garment or less it rarely
        // does (Testwuson.X Run, largest / mean largest stretch, by share of the nearest
        // distance: 0.6 gave 1.574 / 1.256, 0.5 1.534 / 1.224, 0.45 1.681 / 1.206, 0.4 1.486 /
        // 1.184, 0.3 1.252 / 1.166, 0.2 1.246 / 1.159, no capsules 1.271 / 1.157; Walk 1.375 /
        // 1.205 at 0.6, 1.422 / 1.188 at 0.3, its largest a start transient at frame 2).
        const float radius = std::min(kSegmentCore * nearest - thickness, 0.25f * len);
        if (!(radius > kThinnestSegment)) continue;
        CollisionVolume v;
        v.name = skeleton.bones[size_t(parent)].name + " segment " + skeleton.bones[b].name;
        v.shape = CollisionShape::Capsule;
        v.bone = parent;
        v.radius = v.radius2 = radius;
        v.halfHeight = std::max(0.0f, 0.5f * len - radius);
        // The capsule's local y along the segment, centred on it, in the parent bone's frame.
        const Vec3 y{0, 1, 0};
        const Vec3 c = cross(y, axis);
        const float angle = std::acos(std::clamp(dot(y, axis), -1.0f, 1.0f));
        Transform model;
        model.translation = (from + to) * 0.5f;
        model.rotation = length(c) > 1e-6f ? axisAngle(normalize(c), angle)
                                           : (dot(y, axis) > 0 ? Quat{} : axisAngle({1, 0, 0}, kPi));
        // Relative to the parent's rigid frame, as the simulation places volumes (a bone's scale,
        // such as an armature's 100 from centimetres, does not scale its volumes).
        const Transform bone = colliderFrame(v, rest[size_t(parent)]);
        const Quat back = conjugate(bone.rotation);
        v.local.translation = rotate(back, model.translation - bone.translation);
        v.local.rotation = normalize(back * model.rotation);
        out.push_back(v);
    }
    return out;
}

std::vector<CollisionVolume> capsulesOutOfSkinned(const std::vector<CollisionVolume> &volumes,
                                                  const Skeleton &skeleton,
                                                  const std::vector<Vec3> &positions,
                                                  const std::vector<uint32_t> &indices,
                                                  const std::vector<BoneInfluence> &skin,
                                                  float thickness, const BodyMotion &motion,
                                                  SegmentFitReport *report)
{
    checkGarment(positions, skin, thickness);
    SegmentFitReport unused;
    SegmentFitReport &r = report ? *report : unused;
    r = {};
    std::vector<CollisionVolume> out;
    for (const CollisionVolume &v : volumes) {
        if (v.shape != CollisionShape::Capsule)
            throw InputError("collision fit: \"" + v.name + "\" is not a capsule");
        if (v.bone < 0 || size_t(v.bone) >= skeleton.bones.size())
            throw InputError("collision fit: \"" + v.name + "\" is on no bone of the skeleton");
        out.push_back(v);
    }
    for (size_t pose = 0; pose < motion.poseCount(); ++pose)
        if (motion.boneGlobal(pose).size() != skeleton.bones.size())
            throw InputError("collision fit: the motion is of another skeleton");

    // The skinned garment over the motion: its vertices and edge midpoints near each capsule's
    // collision surface, in the capsule's frame.
    r.posesPerClip.assign(motion.clipCount(), 0);
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    {
        std::set<std::pair<uint32_t, uint32_t>> seen;
        for (size_t i = 0; i + 2 < indices.size(); i += 3)
            for (size_t k = 0; k < 3; ++k) {
                const uint32_t a = indices[i + k], b = indices[i + (k + 1) % 3];
                if (a < positions.size() && b < positions.size())
                    seen.insert({std::min(a, b), std::max(a, b)});
            }
        edges.assign(seen.begin(), seen.end());
    }
    std::vector<std::vector<Obstacle>> around(out.size());
    std::vector<Mat4> skinning(skeleton.bones.size());
    std::vector<Vec3> x, points;
    for (size_t pose = 0; pose < motion.poseCount(); ++pose) {
        const std::vector<Mat4> &global = motion.boneGlobal(pose);
        for (size_t b = 0; b < skinning.size() && b < global.size(); ++b)
            skinning[b] = global[b] * skeleton.bones[b].inverseBind;
        skinVertices(positions, skin, skinning, x);
        points = x;
        for (const auto &[a, b] : edges) points.push_back((x[a] + x[b]) * 0.5f);
        bool inside = false;
        for (size_t i = 0; i < out.size(); ++i) {
            const CollisionVolume &v = out[i];
            const Transform frame = colliderFrame(v, global[size_t(v.bone)]);
            const Quat back = conjugate(frame.rotation);
            const float reach = v.radius + thickness, bound = v.halfHeight + reach;
            for (const Vec3 &p : points) {
                const Vec3 d = p - frame.translation;
                if (lengthSquared(d) >= bound * bound) continue;
                const Vec3 l = rotate(back, d);
                const float radial = std::sqrt(l.x * l.x + l.z * l.z);
                if (radial >= reach) continue;
                around[i].push_back({radial, l.y});
                const float along = std::max(0.0f, std::abs(l.y) - v.halfHeight);
                const float depth = reach - std::sqrt(radial * radial + along * along);
                if (depth > 0) {
                    inside = true;
                    if (depth > r.deepestBefore) {
                        r.deepestBefore = depth;
                        r.deepestCapsule = v.name;
                    }
                }
            }
        }
        if (inside && motion.clipOf(pose) >= 0) ++r.posesPerClip[size_t(motion.clipOf(pose))];
    }

    // Each capsule as large as it can be (radius squared times length, and its caps) with no
    // point inside its collision surface: at each radius, the longest stretch of the segment
    // the points leave free.
    std::vector<CollisionVolume> kept;
    std::vector<std::pair<float, float>> blocked;
    for (size_t i = 0; i < out.size(); ++i) {
        CollisionVolume v = out[i];
        float bestSize = -1, bestRadius = 0, bestFrom = 0, bestTo = 0;
        for (float radius = v.radius; radius > kThinnestSegment; radius *= 0.92f) {
            const float reach = radius + thickness;
            blocked.clear();
            for (const Obstacle &o : around[i])
                if (o.radial < reach) {
                    const float w = std::sqrt(reach * reach - o.radial * o.radial);
                    blocked.push_back({o.along - w, o.along + w});
                }
            float a = 0, b = 0;
            if (!longestFree(blocked, v.halfHeight, a, b)) continue;
            const float size = radius * radius * ((b - a) + 4.0f / 3.0f * radius);
            if (size > bestSize) {
                bestSize = size;
                bestRadius = radius;
                bestFrom = a;
                bestTo = b;
            }
            if (blocked.empty()) break;
        }
        if (bestSize < 0) {
            ++r.dropped;
            continue;
        }
        if (bestRadius != v.radius || bestFrom != -v.halfHeight || bestTo != v.halfHeight) {
            ++r.changed;
            v.radius = v.radius2 = bestRadius;
            v.local.translation =
                v.local.translation + rotate(v.local.rotation, Vec3{0, 0.5f * (bestFrom + bestTo), 0});
            v.halfHeight = 0.5f * (bestTo - bestFrom);
        }
        kept.push_back(v);
    }
    return kept;
}

} // namespace tweed
