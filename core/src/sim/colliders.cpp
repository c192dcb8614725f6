#include "tweed/sim/colliders.h"

#include "tweed/mesh_distance.h"

#include <algorithm>
#include <cmath>

namespace tweed {
namespace {

Vec3 toLocal(const ColliderPose &c, const Vec3 &p)
{
    const Vec3 d = p - c.origin;
    return {dot(d, c.axisX), dot(d, c.axisY), dot(d, c.axisZ)};
}

Vec3 toWorldDir(const ColliderPose &c, const Vec3 &v)
{
    return c.axisX * v.x + c.axisY * v.y + c.axisZ * v.z;
}

Vec3 toWorld(const ColliderPose &c, const Vec3 &l) { return c.origin + toWorldDir(c, l); }

// A unit vector perpendicular to the local y axis for points on the axis.
Vec3 radialOf(const Vec3 &l, float &rho)
{
    rho = std::sqrt(l.x * l.x + l.z * l.z);
    return rho > 1e-12f ? Vec3{l.x / rho, 0, l.z / rho} : Vec3{1, 0, 0};
}

// Local-space closest surface point and outward normal, and the signed distance.
struct Surface
{
    float distance;
    Vec3 point;
    Vec3 normal;
};

Surface sphereSurface(const Vec3 &l, const Vec3 &centre, float r)
{
    const Vec3 d = l - centre;
    const float len = length(d);
    const Vec3 n = len > 1e-12f ? d / len : Vec3{0, 1, 0};
    return {len - r, centre + n * r, n};
}

Surface taperedSurface(const Vec3 &l, float h, float r1, float r2)
{
    const float axisLength = 2 * h;
    const float s = axisLength > 0 ? (r1 - r2) / axisLength : 2.0f;
    if (std::abs(s) >= 1.0f) // one sphere contains the other
        return r1 >= r2 ? sphereSurface(l, {0, -h, 0}, r1) : sphereSurface(l, {0, h, 0}, r2);
    const float c = std::sqrt(1 - s * s);
    float rho;
    const Vec3 radial = radialOf(l, rho);
    // In the (axis, radial) half plane: side normal (s, c), tangent (c, -s) from sphere a.
    const float py = l.y + h;
    const float u = py * c - rho * s;
    if (u < 0)
        return sphereSurface(l, {0, -h, 0}, r1);
    if (u > axisLength * c)
        return sphereSurface(l, {0, h, 0}, r2);
    const float dist = py * s + rho * c - r1;
    const Vec3 n = Vec3{0, s, 0} + radial * c;
    return {dist, l - n * dist, n};
}

// The plane of least penetration: inside when every plane's distance is negative, and the
// surface point is the projection onto the plane whose distance is the largest.
Surface convexSurface(const Vec3 &l, const Vec4 *planes, uint32_t count)
{
    float best = -INFINITY;
    Vec3 normal{0, 1, 0};
    for (uint32_t i = 0; i < count; ++i) {
        const Vec3 n{planes[i].x, planes[i].y, planes[i].z};
        const float d = dot(n, l) - planes[i].w;
        if (d > best) {
            best = d;
            normal = n;
        }
    }
    if (best > 0) return {best, l, normal}; // outside: the distance is a lower bound
    return {best, l - normal * best, normal};
}

Surface boxSurface(const Vec3 &l, const Vec3 &half)
{
    const std::array<Vec4, 6> planes = boxPlanes(half);
    Surface s = convexSurface(l, planes.data(), 6);
    if (s.distance > 0) { // outside: the exact distance to the box
        const Vec3 q{std::clamp(l.x, -half.x, half.x), std::clamp(l.y, -half.y, half.y),
                     std::clamp(l.z, -half.z, half.z)};
        const float d = length(l - q);
        s = {d, q, d > 1e-12f ? (l - q) / d : s.normal};
    }
    return s;
}

Surface surfaceOf(const ColliderPose &c, const Vec3 &l)
{
    switch (c.shape) {
    case CollisionShape::Ellipsoid: {
        const Vec3 inv{1 / c.radii.x, 1 / c.radii.y, 1 / c.radii.z};
        const Vec3 u = mulComponents(l, inv);
        const float len = length(u);
        const Vec3 unit = len > 1e-12f ? u / len : Vec3{0, 1, 0};
        const Vec3 point = mulComponents(unit, c.radii);
        const float minRadius = std::min({c.radii.x, c.radii.y, c.radii.z});
        return {(len - 1) * minRadius, point, normalize(mulComponents(point, mulComponents(inv, inv)))};
    }
    case CollisionShape::Sphere:
        return sphereSurface(l, {}, c.radius);
    case CollisionShape::Capsule: {
        const float y = std::clamp(l.y, -c.halfHeight, c.halfHeight);
        return sphereSurface(l, {0, y, 0}, c.radius);
    }
    case CollisionShape::TaperedCapsule:
        return taperedSurface(l, c.halfHeight, c.radius, c.radius2);
    case CollisionShape::Plane:
        return {l.y - c.radius, {l.x, c.radius, l.z}, {0, 1, 0}};
    case CollisionShape::Box:
        return boxSurface(l, c.radii);
    case CollisionShape::Convex:
        return convexSurface(l, c.planes.data(), c.planeCount);
    }
    return {1, l, {0, 1, 0}};
}

} // namespace

Transform colliderFrame(const CollisionVolume &volume, const Mat4 &boneGlobal)
{
    Transform bone = decompose(boneGlobal);
    bone.scale = {1, 1, 1};
    Transform local = volume.local;
    local.scale = {1, 1, 1};
    Transform frame;
    frame.rotation = normalize(bone.rotation * local.rotation);
    frame.translation = bone.translation + rotate(bone.rotation, local.translation);
    return frame;
}

ColliderPose colliderPose(const CollisionVolume &volume, const Transform &frame, float thickness)
{
    ColliderPose p;
    p.shape = volume.shape;
    p.origin = frame.translation;
    p.axisX = rotate(frame.rotation, {1, 0, 0});
    p.axisY = rotate(frame.rotation, {0, 1, 0});
    p.axisZ = rotate(frame.rotation, {0, 0, 1});
    const float t = std::max(thickness, 0.0f);
    p.radii = {std::max(volume.radii.x, 1e-6f) + t, std::max(volume.radii.y, 1e-6f) + t,
               std::max(volume.radii.z, 1e-6f) + t};
    p.radius = std::max(volume.radius, 0.0f) + t;
    p.radius2 = std::max(volume.radius2, 0.0f) + t;
    p.halfHeight = std::max(volume.halfHeight, 0.0f);
    switch (volume.shape) {
    case CollisionShape::Ellipsoid:
        p.boundingRadius = std::max({p.radii.x, p.radii.y, p.radii.z});
        break;
    case CollisionShape::Sphere:
        p.boundingRadius = p.radius;
        break;
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule:
        p.boundingRadius = p.halfHeight + std::max(p.radius, p.radius2);
        break;
    case CollisionShape::Plane:
        p.radius = t; // the plane's surface lifted by the thickness
        p.boundingRadius = INFINITY;
        break;
    case CollisionShape::Box:
        p.boundingRadius = length(p.radii);
        break;
    case CollisionShape::Convex: {
        p.planeCount = uint32_t(std::min(volume.planes.size(), kMaxConvexPlanes));
        std::vector<Vec4> grown(volume.planes.begin(), volume.planes.begin() + p.planeCount);
        for (Vec4 &plane : grown)
            plane.w += t;
        std::copy(grown.begin(), grown.end(), p.planes.begin());
        const std::vector<Vec3> corners = convexCorners(grown);
        p.boundingRadius = corners.empty() ? INFINITY : 0.0f;
        for (const Vec3 &c : corners)
            p.boundingRadius = std::max(p.boundingRadius, length(c) * 1.0001f + 1e-6f);
        break;
    }
    }
    return p;
}

bool pushOutOfCollider(const ColliderPose &pose, Vec3 &p, Vec3 *normal)
{
    // Most vertices are nowhere near most volumes.
    if (lengthSquared(p - pose.origin) >= pose.boundingRadius * pose.boundingRadius)
        return false;
    const Vec3 l = toLocal(pose, p);
    const Surface s = surfaceOf(pose, l);
    if (!(s.distance < 0))
        return false;
    p = toWorld(pose, s.point);
    if (normal)
        *normal = toWorldDir(pose, s.normal);
    return true;
}

float colliderDistance(const ColliderPose &pose, const Vec3 &p)
{
    return surfaceOf(pose, toLocal(pose, p)).distance;
}

bool triangleContactShape(CollisionShape shape)
{
    return shape == CollisionShape::Sphere || shape == CollisionShape::Capsule ||
           shape == CollisionShape::TaperedCapsule || shape == CollisionShape::Ellipsoid;
}

namespace {

// The barycentric weights of q, a point on triangle abc (false when the triangle is degenerate).
bool baryOf(const Vec3 &q, const Vec3 &a, const Vec3 &b, const Vec3 &c, Vec3 &bary)
{
    const Vec3 v0 = b - a, v1 = c - a, v2 = q - a;
    const float d00 = dot(v0, v0), d01 = dot(v0, v1), d11 = dot(v1, v1);
    const float d20 = dot(v2, v0), d21 = dot(v2, v1);
    const float den = d00 * d11 - d01 * d01;
    if (!(den > 1e-12f * d00 * d11))
        return false;
    const float v = std::clamp((d11 * d20 - d01 * d21) / den, 0.0f, 1.0f);
    const float w = std::clamp((d00 * d21 - d01 * d20) / den, 0.0f, 1.0f - v);
    bary = {1 - v - w, v, w};
    return true;
}

// Out of a sphere of radius r around centre, from the triangle's point q: the direction from
// the centre, or the triangle's normal away from the centre when q is the centre.
Vec3 outOfSphere(const Vec3 &q, const Vec3 &centre, float r, const Vec3 &a, const Vec3 &b,
                 const Vec3 &c)
{
    const Vec3 d = q - centre;
    const float len = length(d);
    if (len > 1e-9f)
        return d * ((r - len) / len);
    Vec3 n = normalize(cross(b - a, c - a));
    if (dot(n, (a + b + c) / 3.0f - centre) < 0)
        n = -n;
    return n * r;
}

// The closest points of segments pq and uv (Ericson, Real-Time Collision Detection 5.1.9):
// the parameters s along pq and t along uv.
void closestSegments(const Vec3 &p, const Vec3 &q, const Vec3 &u, const Vec3 &v, float &s, float &t)
{
    const Vec3 d1 = q - p, d2 = v - u, r = p - u;
    const float a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    if (a <= 1e-20f && e <= 1e-20f) {
        s = t = 0;
        return;
    }
    if (a <= 1e-20f) {
        s = 0;
        t = std::clamp(f / e, 0.0f, 1.0f);
        return;
    }
    const float c = dot(d1, r);
    if (e <= 1e-20f) {
        t = 0;
        s = std::clamp(-c / a, 0.0f, 1.0f);
        return;
    }
    const float b = dot(d1, d2), denom = a * e - b * b;
    s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
    t = (b * s + f) / e;
    if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0f, 1.0f);
    } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0f, 1.0f);
    }
}

// The point of triangle abc closest to segment pq, its feature (as closestOnTriangle's) and in
// `onSegment` the segment's point closest to it: the segment through the triangle, or the
// nearest of its ends to the triangle and of the triangle's edges to the segment.
Vec3 closestToSegment(const Vec3 &p, const Vec3 &q, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                      Vec3 &onSegment, int &feature)
{
    const Vec3 n = cross(b - a, c - a);
    const float dp = dot(p - a, n), dq = dot(q - a, n);
    if ((dp < 0) != (dq < 0) && dp != dq) {
        const Vec3 x = p + (q - p) * (dp / (dp - dq));
        Vec3 bary;
        if (baryOf(x, a, b, c, bary) && distance(a * bary.x + b * bary.y + c * bary.z, x) <=
                                            1e-6f * (1 + length(x))) {
            onSegment = x;
            feature = 6;
            return x;
        }
    }
    int f = 0;
    Vec3 best = closestOnTriangle(p, a, b, c, feature);
    onSegment = p;
    float bestD = lengthSquared(best - p);
    const Vec3 atQ = closestOnTriangle(q, a, b, c, f);
    if (lengthSquared(atQ - q) < bestD) {
        best = atQ;
        onSegment = q;
        bestD = lengthSquared(atQ - q);
        feature = f;
    }
    const Vec3 corner[3] = {a, b, c};
    for (int k = 0; k < 3; ++k) {
        float s, t;
        closestSegments(p, q, corner[k], corner[(k + 1) % 3], s, t);
        const Vec3 x = p + (q - p) * s, y = corner[k] + (corner[(k + 1) % 3] - corner[k]) * t;
        if (lengthSquared(y - x) < bestD) {
            best = y;
            onSegment = x;
            bestD = lengthSquared(y - x);
            feature = t <= 0 ? k : t >= 1 ? (k + 1) % 3 : 3 + k;
        }
    }
    return best;
}

} // namespace

bool triangleContact(const ColliderPose &pose, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                     TriangleContact &contact)
{
    const Vec3 la = toLocal(pose, a), lb = toLocal(pose, b), lc = toLocal(pose, c);
    int feature = 0;
    Vec3 q, push;
    switch (pose.shape) {
    case CollisionShape::Sphere:
        q = closestOnTriangle({}, la, lb, lc, feature);
        if (feature < 3 || !(lengthSquared(q) < pose.radius * pose.radius))
            return false;
        push = outOfSphere(q, {}, pose.radius, la, lb, lc);
        break;
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule: {
        const float h = pose.halfHeight;
        Vec3 axis;
        q = closestToSegment({0, -h, 0}, {0, h, 0}, la, lb, lc, axis, feature);
        const float r = pose.shape == CollisionShape::Capsule || h <= 0
                            ? pose.radius
                            : pose.radius + (pose.radius2 - pose.radius) * (axis.y + h) / (2 * h);
        if (feature < 3 || !(lengthSquared(q - axis) < r * r))
            return false;
        push = outOfSphere(q, axis, r, la, lb, lc);
        break;
    }
    case CollisionShape::Ellipsoid: {
        const Vec3 inv{1 / pose.radii.x, 1 / pose.radii.y, 1 / pose.radii.z};
        const Vec3 ua = mulComponents(la, inv), ub = mulComponents(lb, inv),
                   uc = mulComponents(lc, inv);
        const Vec3 u = closestOnTriangle({}, ua, ub, uc, feature);
        if (feature < 3 || !(lengthSquared(u) < 1.0f))
            return false;
        push = mulComponents(outOfSphere(u, {}, 1.0f, ua, ub, uc), pose.radii);
        q = mulComponents(u, pose.radii);
        break;
    }
    default:
        return false;
    }
    if (!baryOf(q, la, lb, lc, contact.bary))
        return false;
    contact.push = toWorldDir(pose, push);
    return true;
}

std::vector<Vec3> convexCorners(const std::vector<Vec4> &planes)
{
    std::vector<Vec3> corners;
    const size_t n = planes.size();
    const auto normal = [&](size_t i) { return Vec3{planes[i].x, planes[i].y, planes[i].z}; };
    for (size_t i = 0; i < n; ++i)
        for (size_t j = i + 1; j < n; ++j)
            for (size_t k = j + 1; k < n; ++k) {
                const Vec3 a = normal(i), b = normal(j), c = normal(k);
                const Vec3 bc = cross(b, c);
                const float det = dot(a, bc);
                if (std::abs(det) < 1e-6f) continue;
                // Cramer: the point where the three planes meet.
                const Vec3 p = (bc * planes[i].w + cross(c, a) * planes[j].w +
                                cross(a, b) * planes[k].w) /
                               det;
                bool inside = true;
                for (size_t m = 0; m < n && inside; ++m)
                    inside = dot(normal(m), p) - planes[m].w <= 1e-5f * (1 + std::abs(planes[m].w));
                if (inside) corners.push_back(p);
            }
    // Bounded only when no direction leaves every plane behind; the candidate directions of an
    // unbounded intersection are the edges' directions (cross products of two normals).
    for (size_t i = 0; i < n && !corners.empty(); ++i)
        for (size_t j = i + 1; j < n && !corners.empty(); ++j) {
            const Vec3 d = cross(normal(i), normal(j));
            if (lengthSquared(d) < 1e-10f) continue;
            for (const Vec3 &dir : {d, -d}) {
                bool escapes = true;
                for (size_t m = 0; m < n && escapes; ++m)
                    escapes = dot(normal(m), dir) <= 1e-6f;
                if (escapes) corners.clear();
            }
        }
    return corners;
}

std::string convexPlanesProblem(const std::vector<Vec4> &planes)
{
    if (planes.size() < 4)
        return "a convex volume needs at least 4 planes, it has " + std::to_string(planes.size());
    if (planes.size() > kMaxConvexPlanes)
        return "a convex volume has at most " + std::to_string(kMaxConvexPlanes) +
               " planes, it has " + std::to_string(planes.size());
    for (size_t i = 0; i < planes.size(); ++i) {
        const Vec4 &p = planes[i];
        const float len = std::sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
        if (!std::isfinite(len) || std::abs(len - 1) > 1e-3f)
            return "plane " + std::to_string(i) + "'s normal is not unit length";
        if (!std::isfinite(p.w) || std::abs(p.w) > 1e4f)
            return "plane " + std::to_string(i) + "'s offset is not a finite distance";
    }
    if (convexCorners(planes).empty())
        return "the planes do not enclose a bounded volume";
    return {};
}

std::array<Vec4, 6> boxPlanes(const Vec3 &half)
{
    return {{{1, 0, 0, half.x},  {-1, 0, 0, half.x}, {0, 1, 0, half.y},
            {0, -1, 0, half.y}, {0, 0, 1, half.z},  {0, 0, -1, half.z}}};
}

} // namespace tweed
