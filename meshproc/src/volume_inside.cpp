#include "tweed/meshproc/volume_inside.h"

#include "tweed/cloth_measures.h"
#include "tweed/errors.h"
#include "tweed/sim/colliders.h"

#include <algorithm>
#include <cmath>

namespace tweed {
namespace {

constexpr float kThinnest = 0.001f; // metres: no volume is made thinner
constexpr int kSamples = 1024;      // surface points per check in the bind pose
constexpr int kPoseSamples = 256;   // and in each pose of a clip
constexpr int kRounds = 200;        // shrinking steps at most
constexpr float kSplitGain = 1.25f; // two halves must hold this much more to replace one

// Signed distance to the union of the body surfaces (negative inside any of them).
float bodyDistance(const std::vector<MeshDistance> &body, const Vec3 &p)
{
    float d = INFINITY;
    for (const MeshDistance &surface : body)
        d = std::min(d, surface.query(p).distance);
    return d;
}

Mat4 boneGlobalIn(const PosedBody &pose, int bone)
{
    return bone >= 0 && size_t(bone) < pose.boneGlobal.size() ? pose.boneGlobal[size_t(bone)]
                                                              : Mat4{};
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

float sizeOf(const CollisionVolume &v)
{
    return v.shape == CollisionShape::Ellipsoid || v.shape == CollisionShape::Box ||
                   v.shape == CollisionShape::Convex
               ? v.radii.x * v.radii.y * v.radii.z
                                                : v.radius * v.radius * (v.radius + v.halfHeight);
}

} // namespace

std::vector<PosedBody> bodyPoses(const Skeleton &skeleton,
                                 const std::vector<const GraphicsMesh *> &body,
                                 const std::vector<AnimationClip> &clips, double step)
{
    if (!(step > 0) || !std::isfinite(step))
        throw InputError("collision fit: the time between checked poses must be above 0");
    auto pose = [&](const AnimationClip *clip, double t, int samples) {
        PosedBody posed;
        posed.samples = samples;
        const std::vector<Mat4> skinning = skinningMatricesAt(skeleton, clip, t);
        for (size_t b = 0; b < skeleton.bones.size(); ++b)
            posed.boneGlobal.push_back(skinning[b] * inverse(skeleton.bones[b].inverseBind));
        for (const GraphicsMesh *mesh : body) {
            if (!mesh || mesh->indices.empty()) continue;
            std::vector<Vec3> positions;
            skinVertices(mesh->positions, mesh->skin, skinning, positions);
            MeshDistance surface(mesh->positions, mesh->indices);
            surface.update(positions);
            posed.surfaces.push_back(std::move(surface));
        }
        return posed;
    };
    std::vector<PosedBody> out;
    out.push_back(pose(nullptr, 0.0, kSamples));
    for (const AnimationClip &clip : clips)
        for (double t = 0; t <= clip.duration + 1e-9; t += step)
            out.push_back(pose(&clip, t, kPoseSamples));
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

CollisionVolume shrinkInsideBody(const CollisionVolume &volume, const std::vector<PosedBody> &poses,
                                 float thickness)
{
    CollisionVolume v = volume;
    if (v.shape == CollisionShape::Plane || poses.empty() || poses.front().surfaces.empty())
        return v;
    recentre(v, boneGlobalIn(poses.front(), v.bone), poses.front().surfaces);
    for (int round = 0; round < kRounds; ++round) {
        // How much each size must give: the excess of each point outside, shared among the
        // sizes by how much each one places that point.
        Vec3 ellipsoid;
        std::vector<float> planeShrink(v.planes.size(), 0.0f);
        float sphere = 0, cap = 0, low = 0, high = 0;
        bool outside = false;
        for (const PosedBody &pose : poses)
            for (const Transform frame = colliderFrame(v, boneGlobalIn(pose, v.bone));
                 const Vec3 &p : volumeSurfaceSamples(v, frame, pose.samples)) {
                const float excess = bodyDistance(pose.surfaces, p) - thickness;
                if (!(excess > 0)) continue;
                outside = true;
                const Vec3 l = rotate(conjugate(frame.rotation), p - frame.translation);
                const float step = excess * 1.05f + 1e-4f;
                switch (v.shape) {
                case CollisionShape::Ellipsoid: {
                    const Vec3 u{l.x / v.radii.x, l.y / v.radii.y, l.z / v.radii.z};
                    const float norm = std::max(lengthSquared(u), 1e-12f);
                    for (int i = 0; i < 3; ++i)
                        ellipsoid[i] = std::max(ellipsoid[i], step * u[i] * u[i] / norm);
                    break;
                }
                case CollisionShape::Sphere:
                    sphere = std::max(sphere, step);
                    break;
                case CollisionShape::Box: { // the face the point lies on gives way
                    int a = 0;
                    for (int i = 1; i < 3; ++i)
                        if (std::abs(l[i]) / v.radii[i] > std::abs(l[a]) / v.radii[a]) a = i;
                    ellipsoid[a] = std::max(ellipsoid[a], step);
                    break;
                }
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
                default: // a capsule: its cap points give way in length, the others in radius
                    if (std::abs(l.y) > v.halfHeight && v.halfHeight > 0)
                        cap = std::max(cap, step);
                    else
                        (l.y < 0 ? low : high) = std::max(l.y < 0 ? low : high, step);
                    break;
                }
            }
        if (!outside) break;
        bool thinnest = false;
        switch (v.shape) {
        case CollisionShape::Convex:
            thinnest = true;
            for (size_t i = 0; i < v.planes.size(); ++i) {
                v.planes[i].w = std::max(kThinnest, v.planes[i].w - planeShrink[i]);
                thinnest = thinnest && v.planes[i].w <= kThinnest;
            }
            break;
        case CollisionShape::Box:
        case CollisionShape::Ellipsoid:
            for (int i = 0; i < 3; ++i)
                v.radii[i] = std::max(kThinnest, v.radii[i] - ellipsoid[i]);
            thinnest = v.radii.x <= kThinnest && v.radii.y <= kThinnest && v.radii.z <= kThinnest;
            break;
        case CollisionShape::Sphere:
            v.radius = std::max(kThinnest, v.radius - sphere);
            thinnest = v.radius <= kThinnest;
            break;
        case CollisionShape::Capsule:
            v.halfHeight = std::max(0.0f, v.halfHeight - cap);
            v.radius = std::max(kThinnest, v.radius - std::max(low, high));
            thinnest = v.radius <= kThinnest && v.halfHeight <= 0;
            break;
        case CollisionShape::TaperedCapsule:
            v.halfHeight = std::max(0.0f, v.halfHeight - cap);
            v.radius = std::max(kThinnest, v.radius - low);
            v.radius2 = std::max(kThinnest, v.radius2 - high);
            thinnest = v.radius <= kThinnest && v.radius2 <= kThinnest && v.halfHeight <= 0;
            break;
        case CollisionShape::Plane:
            break;
        }
        tidy(v);
        if (thinnest) break;
    }
    return v;
}

std::vector<CollisionVolume>
fitVolumesInside(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &meshes,
                 int bone, CollisionShape shape, const CollisionFitSettings &settings,
                 float thickness, InsideFitReport *report, const std::vector<PosedBody> *poses)
{
    if (!(thickness >= 0) || !std::isfinite(thickness))
        throw InputError("collision fit: the thickness must be a number of at least 0");
    const CollisionVolume fitted = fitVolume(skeleton, meshes, bone, shape, settings);
    const std::vector<PosedBody> bindOnly =
        poses ? std::vector<PosedBody>{} : bodyPoses(skeleton, meshes);
    const std::vector<PosedBody> &body = poses ? *poses : bindOnly;
    InsideFitReport r;
    r.protrusionBefore = volumeProtrusion(fitted, body);

    // Shrunk whole, or split in two along its length when the halves, shrunk, hold more.
    std::vector<CollisionVolume> out{shrinkInsideBody(fitted, body, thickness)};
    if (shape == CollisionShape::Ellipsoid) {
        const auto [first, second] = splitEllipsoid(fitted);
        std::vector<CollisionVolume> halves{shrinkInsideBody(first, body, thickness),
                                            shrinkInsideBody(second, body, thickness)};
        if (sizeOf(halves[0]) + sizeOf(halves[1]) > kSplitGain * sizeOf(out[0])) out = halves;
    }
    // A volume whose centre could not be brought inside the body is no volume of the body.
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const CollisionVolume &v) {
                                 return volumeProtrusion(v, body) > thickness + 1e-5f;
                             }),
              out.end());
    if (out.empty())
        throw InputError("collision fit: no " + std::string(shapeName(shape)) + " on bone '" +
                         fitted.name + "' lies inside the body");
    for (size_t i = 0; i < out.size(); ++i) {
        out[i].name = fitted.name + (i == 0 ? "" : " " + std::to_string(i + 1));
        r.protrusionAfter = std::max(r.protrusionAfter, volumeProtrusion(out[i], body));
    }
    r.split = out.size() > 1;
    if (report) *report = r;
    return out;
}

std::vector<CollisionVolume> fitVolumesInside(const Character &character, int bone,
                                              CollisionShape shape,
                                              const CollisionFitSettings &settings, float thickness,
                                              InsideFitReport *report,
                                              const std::vector<PosedBody> *poses)
{
    const std::vector<const GraphicsMesh *> meshes = fitMeshes(character, settings);
    return fitVolumesInside(character.skeleton, meshes, bone, shape, settings, thickness, report,
                            poses);
}

} // namespace tweed
