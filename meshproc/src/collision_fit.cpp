#include "tweed/meshproc/collision_fit.h"

#include "tweed/errors.h"
#include "tweed/sim/colliders.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace tweed {
namespace {

using Matrix3 = std::array<std::array<double, 3>, 3>;

struct WeightedPoint
{
    Vec3 p;
    float w;
};

// The value below which `share` of the total weight lies (values and weights in parallel).
float weightedQuantile(std::vector<std::pair<float, float>> valueWeights, float share)
{
    std::sort(valueWeights.begin(), valueWeights.end());
    double total = 0;
    for (const auto &vw : valueWeights)
        total += vw.second;
    const double target = std::clamp(double(share), 0.0, 1.0) * total;
    double sum = 0;
    for (const auto &vw : valueWeights) {
        sum += vw.second;
        if (sum >= target - 1e-9 * total) return vw.first;
    }
    return valueWeights.back().first;
}

// Weighted share of points (in the volume's frame) inside the volume.
float shareInside(const CollisionVolume &volume, const std::vector<WeightedPoint> &points)
{
    const ColliderPose pose = colliderPose(volume, Transform{}, 0.0f);
    double inside = 0, total = 0;
    for (const WeightedPoint &q : points) {
        total += q.w;
        if (colliderDistance(pose, q.p) <= 1e-6f) inside += q.w;
    }
    return total > 0 ? float(inside / total) : 0.0f;
}

CollisionVolume scaled(CollisionVolume v, float s)
{
    for (Vec4 &q : v.planes)
        q.w *= s;
    v.radii *= s;
    v.radius *= s;
    v.radius2 *= s;
    v.halfHeight *= s;
    return v;
}

// The smallest uniform scale of `base` that holds `coverage` of the points.
float coveringScale(const CollisionVolume &base, const std::vector<WeightedPoint> &points,
                    float coverage)
{
    float hi = 1.0f;
    for (int i = 0; i < 40 && shareInside(scaled(base, hi), points) < coverage; ++i)
        hi *= 2.0f;
    float lo = 0.0f;
    for (int i = 0; i < 40; ++i) {
        const float mid = 0.5f * (lo + hi);
        if (shareInside(scaled(base, mid), points) >= coverage)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

// A quaternion whose rotation takes the unit axes to the columns x, y, z (orthonormal,
// right-handed).
Quat rotationFromAxes(const Vec3 &x, const Vec3 &y, const Vec3 &z)
{
    Mat4 m;
    for (int r = 0; r < 3; ++r) {
        m(r, 0) = x[r];
        m(r, 1) = y[r];
        m(r, 2) = z[r];
    }
    return normalize(decompose(m).rotation);
}

constexpr float kMinimumSize = 0.001f; // metres: no volume thinner than a millimetre

// The planes of a convex hull of the points (in their own frame, around the origin) limited to
// `count` planes: a box along the axes, then, one at a time, the plane among evenly spread
// directions that cuts deepest into the hull so far. Each plane holds the share `share` of the
// weighted points on its inner side (the outliers of the joints stay out, as for the box).
std::vector<Vec4> convexFitPlanes(const std::vector<WeightedPoint> &points, float share,
                                  uint32_t count)
{
    const auto support = [&](const Vec3 &d) {
        std::vector<std::pair<float, float>> values;
        values.reserve(points.size());
        for (const WeightedPoint &q : points)
            values.push_back({dot(q.p, d), q.w});
        return std::max(weightedQuantile(std::move(values), share), kMinimumSize);
    };
    std::vector<Vec4> planes;
    for (const Vec3 &d : {Vec3{1, 0, 0}, Vec3{-1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, -1, 0},
                          Vec3{0, 0, 1}, Vec3{0, 0, -1}})
        planes.push_back({d.x, d.y, d.z, support(d)});
    std::vector<std::pair<Vec3, float>> candidates;
    for (const Vec3 &d : sphereDirections(256))
        candidates.push_back({d, support(d)});
    while (planes.size() < count) {
        const std::vector<Vec3> corners = convexCorners(planes);
        float deepest = 1e-5f;
        int best = -1;
        for (size_t c = 0; c < candidates.size(); ++c) {
            float reach = -INFINITY;
            for (const Vec3 &corner : corners)
                reach = std::max(reach, dot(corner, candidates[c].first));
            if (reach - candidates[c].second > deepest) {
                deepest = reach - candidates[c].second;
                best = int(c);
            }
        }
        if (best < 0) break; // the hull is reached: more planes would cut nothing
        const auto &[d, offset] = candidates[size_t(best)];
        planes.push_back({d.x, d.y, d.z, offset});
    }
    return planes;
}

} // namespace

SymmetricEigen symmetricEigen3(const Matrix3 &input)
{
    Matrix3 a = input;
    Matrix3 v{};
    for (int i = 0; i < 3; ++i)
        v[i][i] = 1.0;
    for (int sweep = 0; sweep < 50; ++sweep) {
        const double off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        const double diag = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
        if (off <= 1e-30 * std::max(diag, 1e-300)) break;
        for (int p = 0; p < 2; ++p) {
            for (int q = p + 1; q < 3; ++q) {
                if (a[p][q] == 0.0) continue;
                // The rotation in the (p, q) plane that zeroes a[p][q].
                const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
                const double t =
                    (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1.0));
                const double c = 1.0 / std::sqrt(t * t + 1.0);
                const double s = t * c;
                for (int k = 0; k < 3; ++k) { // a = a * J
                    const double akp = a[k][p], akq = a[k][q];
                    a[k][p] = c * akp - s * akq;
                    a[k][q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; ++k) { // a = J^T * a
                    const double apk = a[p][k], aqk = a[q][k];
                    a[p][k] = c * apk - s * aqk;
                    a[q][k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; ++k) { // v = v * J: columns are the eigenvectors
                    const double vkp = v[k][p], vkq = v[k][q];
                    v[k][p] = c * vkp - s * vkq;
                    v[k][q] = s * vkp + c * vkq;
                }
            }
        }
    }
    std::array<int, 3> order{0, 1, 2};
    std::sort(order.begin(), order.end(), [&a](int i, int j) { return a[i][i] > a[j][j]; });
    SymmetricEigen result;
    for (int i = 0; i < 3; ++i) {
        const int c = order[size_t(i)];
        result.eigenvalues[size_t(i)] = a[c][c];
        result.eigenvectors[size_t(i)] =
            normalize(Vec3{float(v[0][c]), float(v[1][c]), float(v[2][c])});
    }
    // Right-handed: the third axis is the cross product of the first two.
    result.eigenvectors[2] = normalize(cross(result.eigenvectors[0], result.eigenvectors[1]));
    return result;
}

std::vector<const GraphicsMesh *> fitMeshes(const Character &character,
                                            const CollisionFitSettings &settings)
{
    std::vector<const GraphicsMesh *> meshes;
    if (settings.meshes.empty()) {
        for (const GraphicsMesh &mesh : character.meshes)
            if (mesh.isSkinned()) meshes.push_back(&mesh);
    } else {
        for (int m : settings.meshes) {
            if (m < 0 || size_t(m) >= character.meshes.size())
                throw InputError("collision fit: there is no mesh " + std::to_string(m));
            meshes.push_back(&character.meshes[size_t(m)]);
        }
    }
    return meshes;
}

CollisionVolume fitVolume(const Character &character, int bone, CollisionShape shape,
                          const CollisionFitSettings &settings, CollisionFitReport *report)
{
    const std::vector<const GraphicsMesh *> meshes = fitMeshes(character, settings);
    return fitVolume(character.skeleton, meshes, bone, shape, settings, report);
}

CollisionVolume fitVolume(const Skeleton &skeleton, const std::vector<const GraphicsMesh *> &meshes,
                          int bone, CollisionShape shape, const CollisionFitSettings &settings,
                          CollisionFitReport *report)
{
    if (bone < 0 || size_t(bone) >= skeleton.bones.size())
        throw InputError("collision fit: there is no bone " + std::to_string(bone));
    const std::string &boneName = skeleton.bones[size_t(bone)].name;
    if (shape == CollisionShape::Plane)
        throw InputError("collision fit: a plane cannot be fitted to bone '" + boneName + "'");
    if (!(settings.weightThreshold > 0 && settings.weightThreshold <= 1))
        throw InputError("collision fit: the weight threshold must lie in (0, 1]");
    if (!(settings.coverage > 0 && settings.coverage <= 1))
        throw InputError("collision fit: the coverage must lie in (0, 1]");
    if (shape == CollisionShape::Convex &&
        (settings.convexPlanes < 6 || settings.convexPlanes > kMaxConvexPlanes))
        throw InputError("collision fit: a convex volume has 6 to " +
                         std::to_string(kMaxConvexPlanes) + " planes, not " +
                         std::to_string(settings.convexPlanes));

    // The bone's vertices in model space (bind pose), weighted by the bone's weight.
    std::vector<WeightedPoint> points;
    for (const GraphicsMesh *mesh : meshes) {
        if (!mesh || mesh->skin.size() != mesh->positions.size()) continue;
        for (size_t v = 0; v < mesh->positions.size(); ++v) {
            const BoneInfluence &influence = mesh->skin[v];
            float w = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (influence.bones[size_t(k)] == bone) w += influence.weights[size_t(k)];
            if (w >= settings.weightThreshold) points.push_back({mesh->positions[v], w});
        }
    }
    if (points.empty())
        throw InputError("collision fit: bone '" + boneName +
                         "' drives no vertex with a weight of at least " +
                         std::to_string(settings.weightThreshold).substr(0, 4));

    // Weighted mean and covariance: the principal axes.
    double total = 0;
    double mean[3] = {0, 0, 0};
    for (const WeightedPoint &q : points) {
        total += q.w;
        for (int i = 0; i < 3; ++i)
            mean[i] += double(q.w) * q.p[i];
    }
    for (double &m : mean)
        m /= total;
    Matrix3 covariance{};
    for (const WeightedPoint &q : points) {
        const double d[3] = {q.p.x - mean[0], q.p.y - mean[1], q.p.z - mean[2]};
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                covariance[size_t(r)][size_t(c)] += q.w * d[r] * d[c];
    }
    for (auto &row : covariance)
        for (double &x : row)
            x /= total;
    const SymmetricEigen eigen = symmetricEigen3(covariance);
    const Vec3 centroid{float(mean[0]), float(mean[1]), float(mean[2])};

    // The bone's bind frame (scale ignored, as the simulation does).
    const Transform boneFrame = decompose(inverse(skeleton.bones[size_t(bone)].inverseBind));
    const Quat boneRotation = normalize(boneFrame.rotation);

    // Volume axes: y along the principal axis pointing away from the bone's origin, x the
    // second axis, z completing a right-handed frame.
    Vec3 axisY = eigen.eigenvectors[0];
    Vec3 axisX = eigen.eigenvectors[1];
    if (dot(axisY, centroid - boneFrame.translation) < 0) {
        axisY = -axisY;
        axisX = -axisX;
    }
    const Vec3 axisZ = normalize(cross(axisX, axisY));

    // Coordinates in that frame; the centre is the middle of the central `coverage` share
    // along each axis (robust against a few far vertices at the joints).
    const Vec3 axes[3] = {axisX, axisY, axisZ};
    const float tail = 0.5f * (1.0f - settings.coverage);
    Vec3 lower, upper;
    for (int a = 0; a < 3; ++a) {
        std::vector<std::pair<float, float>> values;
        values.reserve(points.size());
        for (const WeightedPoint &q : points)
            values.push_back({dot(q.p - centroid, axes[a]), q.w});
        lower[a] = weightedQuantile(values, tail);
        upper[a] = weightedQuantile(values, 1.0f - tail);
    }
    const Vec3 middle = (lower + upper) * 0.5f;
    const Vec3 half =
        maxComponents((upper - lower) * 0.5f, Vec3{kMinimumSize, kMinimumSize, kMinimumSize});
    const Vec3 centre = centroid + axisX * middle.x + axisY * middle.y + axisZ * middle.z;

    std::vector<WeightedPoint> local;
    local.reserve(points.size());
    for (const WeightedPoint &q : points) {
        const Vec3 d = q.p - centre;
        local.push_back({{dot(d, axisX), dot(d, axisY), dot(d, axisZ)}, q.w});
    }

    // A base shape of the right proportions, then the uniform scale that holds the share.
    CollisionVolume base;
    base.shape = shape;
    switch (shape) {
    case CollisionShape::Ellipsoid:
        base.radii = half;
        break;
    case CollisionShape::Sphere:
        base.radius = std::max({half.x, half.y, half.z});
        break;
    case CollisionShape::Capsule:
        base.radius = 0.5f * (half.x + half.z);
        base.radius2 = base.radius;
        base.halfHeight = std::max(half.y - base.radius, 0.0f);
        break;
    case CollisionShape::TaperedCapsule: {
        // Each end's radius from the vertices on its side of the centre.
        std::vector<std::pair<float, float>> below, above;
        for (const WeightedPoint &q : local)
            (q.p.y < 0 ? below : above).push_back({std::hypot(q.p.x, q.p.z), q.w});
        const float common = 0.5f * (half.x + half.z);
        base.radius = below.empty() ? common : weightedQuantile(below, settings.coverage);
        base.radius2 = above.empty() ? common : weightedQuantile(above, settings.coverage);
        base.radius = std::max(base.radius, kMinimumSize);
        base.radius2 = std::max(base.radius2, kMinimumSize);
        base.halfHeight = std::max(half.y - 0.5f * (base.radius + base.radius2), 0.0f);
        break;
    }
    case CollisionShape::Box:
        base.radii = half;
        break;
    case CollisionShape::Convex:
        // Around the middle of the box, so that the uniform scale below grows it evenly.
        base.planes = convexFitPlanes(local, 1.0f - tail, settings.convexPlanes);
        break;
    case CollisionShape::Plane:
        break;
    }
    const float scale = coveringScale(base, local, settings.coverage);
    CollisionVolume volume = scaled(base, scale);
    volume.name = boneName;
    volume.bone = bone;
    volume.radii = maxComponents(volume.radii, Vec3{kMinimumSize, kMinimumSize, kMinimumSize});
    volume.radius = std::max(volume.radius, kMinimumSize);
    volume.radius2 = std::max(volume.radius2, kMinimumSize);
    // The sizes the shape does not use describe the same volume roughly, so they are sensible
    // rather than scaled leftovers of the defaults.
    switch (shape) {
    case CollisionShape::Ellipsoid:
        volume.radius = volume.radius2 = std::min(volume.radii.x, volume.radii.z);
        volume.halfHeight = std::max(volume.radii.y - volume.radius, 0.0f);
        break;
    case CollisionShape::Sphere:
        volume.radii = {volume.radius, volume.radius, volume.radius};
        volume.radius2 = volume.radius;
        volume.halfHeight = 0;
        break;
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule: {
        if (shape == CollisionShape::Capsule) volume.radius2 = volume.radius;
        const float r = std::max(volume.radius, volume.radius2);
        volume.radii = {r, volume.halfHeight + r, r};
        break;
    }
    case CollisionShape::Box:
        volume.radius = volume.radius2 = std::min(volume.radii.x, volume.radii.z);
        volume.halfHeight = std::max(volume.radii.y - volume.radius, 0.0f);
        break;
    case CollisionShape::Convex: {
        // The other sizes: the half extents of the hull's bounding box.
        Vec3 reach{kMinimumSize, kMinimumSize, kMinimumSize};
        for (const Vec3 &c : convexCorners(volume.planes))
            reach = maxComponents(reach, Vec3{std::abs(c.x), std::abs(c.y), std::abs(c.z)});
        volume.radii = reach;
        volume.radius = volume.radius2 = std::min(reach.x, reach.z);
        volume.halfHeight = std::max(reach.y - volume.radius, 0.0f);
        break;
    }
    case CollisionShape::Plane:
        break;
    }

    const Quat modelRotation = rotationFromAxes(axisX, axisY, axisZ);
    volume.local.translation = rotate(conjugate(boneRotation), centre - boneFrame.translation);
    volume.local.rotation = normalize(conjugate(boneRotation) * modelRotation);
    volume.local.scale = {1, 1, 1};

    if (report) {
        report->vertices = uint32_t(points.size());
        report->coveredShare = shareInside(volume, local);
        report->principalStdDev = {float(std::sqrt(std::max(eigen.eigenvalues[0], 0.0))),
                                   float(std::sqrt(std::max(eigen.eigenvalues[1], 0.0))),
                                   float(std::sqrt(std::max(eigen.eigenvalues[2], 0.0)))};
    }
    return volume;
}

std::pair<CollisionVolume, CollisionVolume> splitEllipsoid(const CollisionVolume &volume)
{
    if (volume.shape != CollisionShape::Ellipsoid)
        throw InputError("collision volume '" + volume.name +
                         "' is not an ellipsoid; only ellipsoids can be split");
    int k = 0;
    for (int i = 1; i < 3; ++i)
        if (volume.radii[i] > volume.radii[k]) k = i;
    // Halves a quarter of the long radius from the centre with three quarters of it as their
    // radius: together they reach exactly as far as the original.
    constexpr float kCentre = 0.25f, kHalfLength = 0.75f;
    // The transverse growth t that covers the original at every u along the axis:
    // ((u - c) / b)^2 + (1 - u^2) / t^2 <= 1 for u in [0, 1) (the other half covers u < 0).
    float grow = 1.0f;
    for (int i = 0; i < 1000; ++i) {
        const float u = float(i) / 1000.0f;
        const float along = (u - kCentre) / kHalfLength;
        const float room = 1.0f - along * along;
        if (room > 1e-6f) grow = std::max(grow, std::sqrt((1.0f - u * u) / room));
    }
    grow *= 1.001f; // float headroom so the original's surface stays inside

    const float a = volume.radii[k];
    Vec3 axis;
    axis[k] = 1.0f;
    CollisionVolume first = volume, second = volume;
    for (int i = 0; i < 3; ++i)
        first.radii[i] = i == k ? kHalfLength * a : volume.radii[i] * grow;
    second.radii = first.radii;
    const Vec3 offset = rotate(volume.local.rotation, axis * (kCentre * a));
    first.local.translation = volume.local.translation - offset;
    second.local.translation = volume.local.translation + offset;
    first.name = volume.name + " 1";
    second.name = volume.name + " 2";
    return {first, second};
}

} // namespace tweed
