#include "viewport/scene_geometry.h"

#include "viewport/scene_materials.h"

#include "tweed/mesh.h"
#include "tweed/mesh_edges.h"
#include "tweed/sim/colliders.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace tweed::editor::scene {

using Qt3DCore::QAttribute;

void interleave(const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                QByteArray &out)
{
    out.resize(qsizetype(positions.size() * kSurfaceStride));
    auto *dst = reinterpret_cast<float *>(out.data());
    const bool hasNormals = normals.size() == positions.size();
    for (size_t i = 0; i < positions.size(); ++i) {
        const Vec3 &p = positions[i];
        const Vec3 n = hasNormals ? normals[i] : Vec3{0, 1, 0};
        dst[0] = p.x;
        dst[1] = p.y;
        dst[2] = p.z;
        dst[3] = n.x;
        dst[4] = n.y;
        dst[5] = n.z;
        dst += 6;
    }
}

QByteArray toByteArray(const std::vector<uint32_t> &values)
{
    return QByteArray(reinterpret_cast<const char *>(values.data()),
                      qsizetype(values.size() * sizeof(uint32_t)));
}

QByteArray toByteArray(const std::vector<Vec2> &values)
{
    QByteArray bytes(qsizetype(values.size() * 2 * sizeof(float)), Qt::Uninitialized);
    auto *dst = reinterpret_cast<float *>(bytes.data());
    for (const Vec2 &v : values) {
        *dst++ = v.x;
        *dst++ = v.y;
    }
    return bytes;
}

namespace {

// The triangle list as the geometry's index attribute (in a buffer of its own).
void addTriangleIndices(Qt3DCore::QGeometry *geometry, const std::vector<uint32_t> &indices)
{
    auto *indexBuffer = new Qt3DCore::QBuffer(geometry);
    indexBuffer->setData(toByteArray(indices));
    auto *index = new QAttribute(geometry);
    index->setAttributeType(QAttribute::IndexAttribute);
    index->setVertexBaseType(QAttribute::UnsignedInt);
    index->setBuffer(indexBuffer);
    index->setCount(uint(indices.size()));
    geometry->addAttribute(index);
}

} // namespace

Qt3DCore::QGeometry *makeSurfaceGeometry(Qt3DCore::QBuffer *vertices, uint32_t vertexCount,
                                         const std::vector<uint32_t> &indices,
                                         Qt3DCore::QNode *parent)
{
    auto *geometry = new Qt3DCore::QGeometry(parent);
    auto *position = new QAttribute(vertices, QAttribute::defaultPositionAttributeName(),
                                    QAttribute::Float, 3, vertexCount, 0, kSurfaceStride, geometry);
    auto *normal = new QAttribute(vertices, QAttribute::defaultNormalAttributeName(),
                                  QAttribute::Float, 3, vertexCount, 3 * sizeof(float),
                                  kSurfaceStride, geometry);
    geometry->addAttribute(position);
    geometry->addAttribute(normal);
    geometry->setBoundingVolumePositionAttribute(position);
    addTriangleIndices(geometry, indices);
    return geometry;
}

void setVertexCount(Qt3DCore::QGeometry *geometry, uint32_t vertexCount)
{
    for (QAttribute *attribute : geometry->attributes())
        if (attribute->attributeType() == QAttribute::VertexAttribute)
            attribute->setCount(vertexCount);
}

bool isClosedSurface(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    if (indices.size() < 12 || indices.size() % 3 != 0)
        return false;
    const std::vector<uint32_t> weld = weldEqualPositions(positions);
    std::vector<uint64_t> directed;
    directed.reserve(indices.size());
    double volume = 0;
    for (size_t t = 0; t < indices.size(); t += 3) {
        const uint32_t v[3] = {weld[indices[t]], weld[indices[t + 1]], weld[indices[t + 2]]};
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0])
            return false;
        for (int k = 0; k < 3; ++k)
            directed.push_back((uint64_t(v[k]) << 32) | v[(k + 1) % 3]);
        volume += double(dot(positions[indices[t]],
                             cross(positions[indices[t + 1]], positions[indices[t + 2]])));
    }
    std::sort(directed.begin(), directed.end());
    if (std::adjacent_find(directed.begin(), directed.end()) != directed.end())
        return false; // two triangles run an edge the same way (or three share it)
    for (uint64_t edge : directed)
        if (!std::binary_search(directed.begin(), directed.end(), (edge << 32) | (edge >> 32)))
            return false;
    return volume > 0;
}

std::vector<uint32_t> edgeIndices(const std::vector<uint32_t> &triangles)
{
    return uniqueEdges(triangles);
}

void LineList::add(const Vec3 &a, const Vec3 &b, const QColor &colorA, const QColor &colorB)
{
    for (const auto &[p, c] : {std::pair{a, colorA}, std::pair{b, colorB}}) {
        mData.insert(mData.end(), {p.x, p.y, p.z, float(c.redF()), float(c.greenF()),
                                   float(c.blueF()), float(c.alphaF())});
    }
}

LineEntity::LineEntity(const LineStyle &style, Qt3DCore::QNode *parent)
    : Qt3DCore::QEntity(parent), mBuffer(new Qt3DCore::QBuffer(this)),
      mGeometry(new Qt3DCore::QGeometry(this)), mRenderer(new Qt3DRender::QGeometryRenderer(this))
{
    constexpr int stride = 7 * sizeof(float);
    auto *position = new QAttribute(mBuffer, QAttribute::defaultPositionAttributeName(),
                                    QAttribute::Float, 3, 0, 0, stride, mGeometry);
    auto *color = new QAttribute(mBuffer, QAttribute::defaultColorAttributeName(),
                                 QAttribute::Float, 4, 0, 3 * sizeof(float), stride, mGeometry);
    mGeometry->addAttribute(position);
    mGeometry->addAttribute(color);
    mGeometry->setBoundingVolumePositionAttribute(position);
    mRenderer->setGeometry(mGeometry);
    mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    mRenderer->setVertexCount(0);
    addComponent(mRenderer);
    addComponent(makeLineMaterial(style, this));
}

PaintedSurface::PaintedSurface(const std::vector<uint32_t> &indices, uint32_t vertexCount,
                               Qt3DCore::QComponent *material, Qt3DCore::QNode *parent)
    : Qt3DCore::QEntity(parent), mBuffer(new Qt3DCore::QBuffer(this)), mVertexCount(vertexCount)
{
    constexpr int stride = 10 * sizeof(float);
    auto *geometry = new Qt3DCore::QGeometry(this);
    auto *position = new QAttribute(mBuffer, QAttribute::defaultPositionAttributeName(),
                                    QAttribute::Float, 3, vertexCount, 0, stride, geometry);
    geometry->addAttribute(position);
    geometry->addAttribute(new QAttribute(mBuffer, QAttribute::defaultNormalAttributeName(),
                                          QAttribute::Float, 3, vertexCount, 3 * sizeof(float),
                                          stride, geometry));
    geometry->addAttribute(new QAttribute(mBuffer, QAttribute::defaultColorAttributeName(),
                                          QAttribute::Float, 4, vertexCount, 6 * sizeof(float),
                                          stride, geometry));
    geometry->setBoundingVolumePositionAttribute(position);
    addTriangleIndices(geometry, indices);
    auto *renderer = new Qt3DRender::QGeometryRenderer(this);
    renderer->setGeometry(geometry);
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    renderer->setVertexCount(int(indices.size()));
    addComponent(renderer);
    addComponent(material);
    mBytes.fill(0, qsizetype(vertexCount) * stride);
    mBuffer->setData(mBytes);
}

void PaintedSurface::update(const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                            const std::vector<QColor> &colors)
{
    if (positions.size() != mVertexCount || normals.size() != mVertexCount ||
        colors.size() != mVertexCount)
        return;
    mBytes.resize(qsizetype(mVertexCount) * 10 * qsizetype(sizeof(float)));
    auto *out = reinterpret_cast<float *>(mBytes.data());
    for (size_t v = 0; v < mVertexCount; ++v, out += 10) {
        out[0] = positions[v].x;
        out[1] = positions[v].y;
        out[2] = positions[v].z;
        out[3] = normals[v].x;
        out[4] = normals[v].y;
        out[5] = normals[v].z;
        out[6] = float(colors[v].redF());
        out[7] = float(colors[v].greenF());
        out[8] = float(colors[v].blueF());
        out[9] = float(colors[v].alphaF());
    }
    mBuffer->setData(mBytes);
}

void LineEntity::setLines(const LineList &lines)
{
    const auto &data = lines.data();
    mBuffer->setData(QByteArray(reinterpret_cast<const char *>(data.data()),
                                qsizetype(data.size() * sizeof(float))));
    setVertexCount(mGeometry, lines.vertexCount());
    mRenderer->setVertexCount(int(lines.vertexCount()));
}

// Per instance: the volume's axes times its radii, its centre, and its colour.
constexpr int kOutlineInstanceFloats = 3 + 3 + 3 + 3 + 4;

VolumeOutlines::VolumeOutlines(const LineStyle &style, Qt3DCore::QNode *parent)
    : Qt3DCore::QEntity(parent), mBuffer(new Qt3DCore::QBuffer(this)),
      mInstanceBuffer(new Qt3DCore::QBuffer(this)), mGeometry(new Qt3DCore::QGeometry(this)),
      mRenderer(new Qt3DRender::QGeometryRenderer(this))
{
    CollisionVolume unit;
    unit.shape = CollisionShape::Sphere;
    unit.radius = 1;
    const std::vector<Vec3> points = collisionShapeOutline(unit, 1);
    mBuffer->setData(QByteArray(reinterpret_cast<const char *>(points.data()),
                                qsizetype(points.size() * sizeof(Vec3))));
    auto *position = new QAttribute(mBuffer, QAttribute::defaultPositionAttributeName(),
                                    QAttribute::Float, 3, uint(points.size()), 0, sizeof(Vec3),
                                    mGeometry);
    mGeometry->addAttribute(position);
    mGeometry->setBoundingVolumePositionAttribute(position);
    struct Field
    {
        const char *name;
        uint size;
    };
    uint offset = 0;
    for (const Field &f : {Field{"axisX", 3}, Field{"axisY", 3}, Field{"axisZ", 3},
                           Field{"centre", 3}, Field{"vertexColor", 4}}) {
        auto *attribute = new QAttribute(mInstanceBuffer, QString::fromLatin1(f.name),
                                         QAttribute::Float, f.size, 0, offset * sizeof(float),
                                         kOutlineInstanceFloats * sizeof(float), mGeometry);
        attribute->setDivisor(1);
        mGeometry->addAttribute(attribute);
        offset += f.size;
    }
    mRenderer->setGeometry(mGeometry);
    mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    mRenderer->setVertexCount(int(points.size()));
    mRenderer->setInstanceCount(0);
    LineStyle instanced = style;
    instanced.vertexColors = true;
    instanced.volumeFrames = true;
    addComponent(mRenderer);
    addComponent(makeLineMaterial(instanced, this));
}

void VolumeOutlines::setVolumes(const std::vector<Mat4> &frames, const std::vector<Vec3> &radii,
                                const std::vector<QColor> &colors)
{
    mData.clear();
    for (size_t i = 0; i < frames.size(); ++i) {
        const Mat4 &m = frames[i];
        for (int axis = 0; axis < 3; ++axis) {
            const float r = (&radii[i].x)[axis];
            mData.insert(mData.end(), {m.m[4 * axis] * r, m.m[4 * axis + 1] * r,
                                       m.m[4 * axis + 2] * r});
        }
        const QColor &c = colors[i];
        mData.insert(mData.end(), {m.m[12], m.m[13], m.m[14], float(c.redF()),
                                   float(c.greenF()), float(c.blueF()), float(c.alphaF())});
    }
    mInstanceBuffer->setData(QByteArray(reinterpret_cast<const char *>(mData.data()),
                                        qsizetype(mData.size() * sizeof(float))));
    for (QAttribute *attribute : mGeometry->attributes()) {
        if (attribute->buffer() == mInstanceBuffer)
            attribute->setCount(uint(frames.size()));
    }
    mRenderer->setInstanceCount(int(frames.size()));
}

namespace {

// A surface of revolution around local y: rings of (y, radius) with outward normals given by
// their (radial, axial) direction.
struct Ring
{
    float y, radius, normalRadial, normalAxial;
};

ShapeMesh revolve(const std::vector<Ring> &rings, int segments)
{
    ShapeMesh mesh;
    for (const Ring &ring : rings) {
        for (int s = 0; s <= segments; ++s) {
            const float a = 2 * kPi * float(s) / float(segments);
            const float c = std::cos(a), sn = std::sin(a);
            mesh.positions.push_back({ring.radius * c, ring.y, ring.radius * sn});
            mesh.normals.push_back(normalize(Vec3{ring.normalRadial * c, ring.normalAxial,
                                                  ring.normalRadial * sn}));
        }
    }
    const uint32_t row = uint32_t(segments + 1);
    for (uint32_t r = 0; r + 1 < rings.size(); ++r) {
        for (uint32_t s = 0; s < uint32_t(segments); ++s) {
            const uint32_t a = r * row + s, b = a + 1, c = a + row, d = c + 1;
            mesh.indices.insert(mesh.indices.end(), {a, c, b, b, c, d});
        }
    }
    return mesh;
}

// A hemisphere cap of radius r centred at y = centre, towards +y (sign 1) or -y (sign -1),
// from its pole to its equator (or the reverse for the lower cap).
void addCap(std::vector<Ring> &rings, float centre, float r, float sign, int steps)
{
    for (int i = 0; i <= steps; ++i) {
        const int k = sign > 0 ? steps - i : i; // bottom cap: pole first; top cap: equator first
        const float phi = 0.5f * kPi * float(k) / float(steps); // 0 at the equator
        rings.push_back({centre + sign * r * std::sin(phi), r * std::cos(phi), std::cos(phi),
                         sign * std::sin(phi)});
    }
}

// The faces of the convex volume `planes` bound: each plane's normal and the corners on it in
// order around their centre (counter-clockwise seen from outside).
std::vector<std::pair<Vec3, std::vector<Vec3>>> convexFaces(const std::vector<Vec4> &planes)
{
    // Where more than three planes meet, each triple gives the corner again.
    std::vector<Vec3> corners;
    for (const Vec3 &c : convexCorners(planes)) {
        const float tolerance = 1e-5f * (1 + length(c));
        if (std::none_of(corners.begin(), corners.end(), [&](const Vec3 &other) {
                return lengthSquared(other - c) <= tolerance * tolerance;
            }))
            corners.push_back(c);
    }
    std::vector<std::pair<Vec3, std::vector<Vec3>>> faces;
    for (const Vec4 &q : planes) {
        const Vec3 n{q.x, q.y, q.z};
        std::vector<Vec3> face;
        for (const Vec3 &c : corners)
            if (std::abs(dot(n, c) - q.w) < 1e-4f * (1 + std::abs(q.w))) face.push_back(c);
        if (face.size() < 3) continue;
        Vec3 centre;
        for (const Vec3 &c : face)
            centre += c;
        centre = centre / float(face.size());
        const Vec3 u = normalize(std::abs(n.x) < 0.9f ? cross(n, Vec3{1, 0, 0})
                                                      : cross(n, Vec3{0, 1, 0}));
        const Vec3 w = cross(n, u);
        std::sort(face.begin(), face.end(), [&](const Vec3 &a, const Vec3 &b) {
            return std::atan2(dot(a - centre, w), dot(a - centre, u)) <
                   std::atan2(dot(b - centre, w), dot(b - centre, u));
        });
        faces.emplace_back(n, std::move(face));
    }
    return faces;
}

// A box's or convex hull's faces.
std::vector<std::pair<Vec3, std::vector<Vec3>>> convexFaces(const CollisionVolume &volume)
{
    if (volume.shape == CollisionShape::Box) {
        const auto box = boxPlanes(volume.radii);
        return convexFaces(std::vector<Vec4>(box.begin(), box.end()));
    }
    return convexFaces(volume.planes);
}

// A closed polyline of `segments` segments around `centre` in the plane of u and v (an ellipse
// of semi-axes |u| and |v|), from angle `from` to `to` (radians), appended as segment pairs.
void addArc(std::vector<Vec3> &out, const Vec3 &centre, const Vec3 &u, const Vec3 &v, float from,
            float to, int segments)
{
    Vec3 previous = centre + u * std::cos(from) + v * std::sin(from);
    for (int s = 1; s <= segments; ++s) {
        const float a = from + (to - from) * float(s) / float(segments);
        const Vec3 p = centre + u * std::cos(a) + v * std::sin(a);
        out.push_back(previous);
        out.push_back(p);
        previous = p;
    }
}

} // namespace

bool isRoundShape(CollisionShape shape)
{
    return shape == CollisionShape::Ellipsoid || shape == CollisionShape::Sphere ||
           shape == CollisionShape::Capsule || shape == CollisionShape::TaperedCapsule;
}

std::vector<Vec3> collisionShapeOutline(const CollisionVolume &volume, float planeSize)
{
    // Enough for a smooth-looking ring; every segment costs the software rasteriser a quad.
    constexpr int kRing = 16;
    std::vector<Vec3> out;
    const Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
    switch (volume.shape) {
    case CollisionShape::Ellipsoid:
    case CollisionShape::Sphere: {
        const Vec3 r = volume.shape == CollisionShape::Sphere
                           ? Vec3{volume.radius, volume.radius, volume.radius}
                           : volume.radii;
        addArc(out, {}, x * r.x, z * r.z, 0, 2 * kPi, kRing);
        addArc(out, {}, x * r.x, y * r.y, 0, 2 * kPi, kRing);
        addArc(out, {}, z * r.z, y * r.y, 0, 2 * kPi, kRing);
        break;
    }
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule: {
        const float r1 = volume.radius;
        const float r2 = volume.shape == CollisionShape::Capsule ? volume.radius : volume.radius2;
        const Vec3 bottom = y * -volume.halfHeight, top = y * volume.halfHeight;
        addArc(out, bottom, x * r1, z * r1, 0, 2 * kPi, kRing);
        addArc(out, top, x * r2, z * r2, 0, 2 * kPi, kRing);
        for (const Vec3 &side : {x, z}) {
            addArc(out, top, side * r2, y * r2, 0, kPi, kRing / 2);
            addArc(out, bottom, side * r1, y * r1, kPi, 2 * kPi, kRing / 2);
            for (float sign : {-1.0f, 1.0f}) {
                out.push_back(bottom + side * (sign * r1));
                out.push_back(top + side * (sign * r2));
            }
        }
        break;
    }
    case CollisionShape::Box:
    case CollisionShape::Convex:
        for (const auto &face : convexFaces(volume)) {
            const std::vector<Vec3> &corners = face.second;
            for (size_t i = 0; i < corners.size(); ++i) {
                out.push_back(corners[i]);
                out.push_back(corners[(i + 1) % corners.size()]);
            }
        }
        break;
    case CollisionShape::Plane: {
        const float h = 0.5f * planeSize;
        const Vec3 c[4] = {{-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h}};
        for (int i = 0; i < 4; ++i)
            out.insert(out.end(), {c[i], c[(i + 1) % 4]});
        out.insert(out.end(), {{-h, 0, 0}, {h, 0, 0}, {0, 0, -h}, {0, 0, h}});
        break;
    }
    }
    return out;
}

ShapeMesh collisionShapeMesh(const CollisionVolume &volume, float planeSize)
{
    // Smooth enough for a translucent overlay; in software GL triangle set-up is much of the
    // cost of showing dozens of volumes.
    constexpr int kSegments = 12;
    constexpr int kCapSteps = 4;
    ShapeMesh mesh;
    switch (volume.shape) {
    case CollisionShape::Ellipsoid:
    case CollisionShape::Sphere: {
        std::vector<Ring> rings;
        constexpr int kStacks = 8;
        for (int i = 0; i <= kStacks; ++i) {
            const float phi = kPi * (float(i) / kStacks - 0.5f);
            rings.push_back({std::sin(phi), std::cos(phi), std::cos(phi), std::sin(phi)});
        }
        mesh = revolve(rings, kSegments);
        const Vec3 r = volume.shape == CollisionShape::Sphere
                           ? Vec3{volume.radius, volume.radius, volume.radius}
                           : volume.radii;
        for (Vec3 &p : mesh.positions)
            p = mulComponents(p, r);
        // Normals of a scaled sphere: scale by the inverse radii.
        for (Vec3 &n : mesh.normals)
            n = normalize(Vec3{n.x / std::max(r.x, 1e-6f), n.y / std::max(r.y, 1e-6f),
                               n.z / std::max(r.z, 1e-6f)});
        break;
    }
    case CollisionShape::Capsule:
    case CollisionShape::TaperedCapsule: {
        const float r1 = volume.radius;
        const float r2 = volume.shape == CollisionShape::Capsule ? volume.radius : volume.radius2;
        std::vector<Ring> rings;
        addCap(rings, -volume.halfHeight, r1, -1, kCapSteps);
        addCap(rings, volume.halfHeight, r2, 1, kCapSteps);
        mesh = revolve(rings, kSegments);
        break;
    }
    case CollisionShape::Box:
    case CollisionShape::Convex: {
        for (const auto &[n, face] : convexFaces(volume)) {
            const uint32_t first = uint32_t(mesh.positions.size());
            for (const Vec3 &c : face) {
                mesh.positions.push_back(c);
                mesh.normals.push_back(n);
            }
            for (uint32_t i = 1; i + 1 < uint32_t(face.size()); ++i)
                mesh.indices.insert(mesh.indices.end(), {first, first + i, first + i + 1});
        }
        break;
    }
    case CollisionShape::Plane: {
        const float h = 0.5f * planeSize;
        // Both sides, each facing its way (volumes draw front faces only).
        mesh.positions = {{-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h},
                          {-h, 0, -h}, {h, 0, -h}, {h, 0, h}, {-h, 0, h}};
        mesh.normals.assign(4, Vec3{0, 1, 0});
        mesh.normals.resize(8, Vec3{0, -1, 0});
        mesh.indices = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7};
        break;
    }
    }
    return mesh;
}

namespace {

// A round volume's vertex: its proxy's corner in the volume's frame, the frame (three axes and
// the origin), the scale from the frame to the shape's space (1 / radii for an ellipsoid, which
// is a unit sphere there), the shape there (radius at -y, radius at +y, half height, and the
// proxy's diameter: how far back a ray starts outside it) and whether it is selected.
constexpr int kRoundFloats = 3 + 12 + 3 + 4 + 1;
constexpr int kRoundStride = kRoundFloats * sizeof(float);

// The shape's radii along x, y and z (ellipsoids and spheres), never 0.
Vec3 ellipsoidRadii(const CollisionVolume &c)
{
    const Vec3 r =
        c.shape == CollisionShape::Sphere ? Vec3{c.radius, c.radius, c.radius} : c.radii;
    return maxComponents(r, Vec3{1e-6f, 1e-6f, 1e-6f});
}

// A capsule's radii at -y and +y, never 0.
std::pair<float, float> capsuleRadii(const CollisionVolume &c)
{
    const float r1 = std::max(c.radius, 1e-6f);
    return {r1, c.shape == CollisionShape::Capsule ? r1 : std::max(c.radius2, 1e-6f)};
}

RoundVolumeProxy proxyOf(const std::vector<Vec4> &planes)
{
    RoundVolumeProxy proxy;
    for (const auto &face : convexFaces(planes)) {
        std::vector<uint32_t> ids;
        for (const Vec3 &c : face.second) {
            // The faces share their corners bit for bit (convexFaces lists each once).
            const auto it = std::find_if(proxy.corners.begin(), proxy.corners.end(),
                                         [&](const Vec3 &o) { return o.x == c.x && o.y == c.y && o.z == c.z; });
            ids.push_back(uint32_t(it - proxy.corners.begin()));
            if (it == proxy.corners.end()) proxy.corners.push_back(c);
        }
        for (size_t i = 1; i + 1 < ids.size(); ++i)
            proxy.triangles.insert(proxy.triangles.end(), {ids[0], ids[i], ids[i + 1]});
    }
    return proxy;
}

// The proxy of the unit sphere: an octagonal prism around `axis`, its planes a little outside
// the sphere (by 2%, so that no silhouette pixel is lost where a plane touches).
const RoundVolumeProxy &unitSphereProxy(int axis)
{
    static const std::array<RoundVolumeProxy, 3> proxies = [] {
        constexpr float kOffset = 1.02f;
        std::array<RoundVolumeProxy, 3> out;
        for (int a = 0; a < 3; ++a) {
            std::vector<Vec4> planes;
            for (float sign : {-1.0f, 1.0f}) {
                Vec4 q{0, 0, 0, kOffset};
                (&q.x)[a] = sign;
                planes.push_back(q);
            }
            for (int k = 0; k < 8; ++k) {
                const float angle = float(k) * 0.25f * kPi;
                Vec4 q{0, 0, 0, kOffset};
                (&q.x)[(a + 1) % 3] = std::cos(angle);
                (&q.x)[(a + 2) % 3] = std::sin(angle);
                planes.push_back(q);
            }
            out[size_t(a)] = proxyOf(planes);
        }
        return out;
    }();
    return proxies[size_t(axis)];
}

} // namespace

RoundVolumeProxy roundVolumeProxy(const CollisionVolume &volume)
{
    if (volume.shape == CollisionShape::Ellipsoid || volume.shape == CollisionShape::Sphere) {
        // Around the shortest axis: the octagon hugs the largest outline, and a flat
        // ellipsoid (a disc) seen face on.
        const Vec3 r = ellipsoidRadii(volume);
        RoundVolumeProxy proxy =
            unitSphereProxy(r.x <= r.y && r.x <= r.z ? 0 : r.y <= r.z ? 1 : 2);
        for (Vec3 &c : proxy.corners)
            c = mulComponents(c, r);
        return proxy;
    }
    // The hull of a sphere of radius r1 at -h and one of r2 at +h reaches r1 - h n.y or
    // r2 + h n.y along the unit direction n (its support function).
    const auto [r1, r2] = capsuleRadii(volume);
    const float h = volume.halfHeight;
    const float pad = 0.01f * (h + std::max(r1, r2));
    std::vector<Vec4> planes;
    const auto add = [&](const Vec3 &n) {
        planes.push_back({n.x, n.y, n.z, std::max(r1 - h * n.y, r2 + h * n.y) + pad});
    };
    add({0, 1, 0});
    add({0, -1, 0});
    const float s = 1 / std::sqrt(2.0f);
    for (int k = 0; k < 8; ++k) {
        const float a = float(k) * 0.25f * kPi;
        const Vec3 side{std::cos(a), 0, std::sin(a)};
        add(side);
        if (k % 2 == 0) {
            add({side.x * s, s, side.z * s});
            add({side.x * s, -s, side.z * s});
        }
    }
    return proxyOf(planes);
}

std::vector<Vec3> ellipsoidOutlineProxy(const Vec3 &radii, const Vec3 &eye, const Vec3 *parallel)
{
    // In the space where the ellipsoid is the unit sphere (an affine map: planes, tangent
    // cones and the eye's projection of a plane's region onto the screen stay what they are),
    // the view cone touches the sphere along a circle; the octagon around that circle, in its
    // plane, covers the outline that circle projects to.
    const Vec3 r = maxComponents(radii, Vec3{1e-6f, 1e-6f, 1e-6f}); // as ellipsoidRadii
    const Vec3 scale{1 / r.x, 1 / r.y, 1 / r.z};
    Vec3 toward; // from the centre towards the eye, unit length
    float offset = 0, radius = 1;
    if (parallel) {
        const Vec3 d = mulComponents(*parallel, scale);
        if (!(dot(d, d) > 0)) return {};
        toward = normalize(d) * -1.0f;
    } else {
        const Vec3 e = mulComponents(eye, scale);
        // Within 1.2 radii the cone is too wide (and inside there is none): the prism is used.
        const float d2 = dot(e, e);
        if (!(d2 > 1.44f) || !std::isfinite(d2)) return {};
        const float d = std::sqrt(d2);
        toward = e * (1 / d);
        offset = 1 / d;
        radius = std::sqrt(1 - 1 / d2);
    }
    const Vec3 other = std::abs(toward.x) < 0.6f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    const Vec3 u = normalize(cross(toward, other));
    const Vec3 w = cross(toward, u); // u x w = toward: counter-clockwise seen from the eye
    // The octagon's sides touch a circle 1% larger (no silhouette pixel lost). A hexagon or a
    // square (fewer shared inner edges, whose 4x4 blocks llvmpipe shades once per triangle)
    // measured the same frame time (scene_materials.h): not kept.
    const float reach = 1.01f * radius / std::cos(kPi / 8);
    // Moved along the view rays into the plane that touches the sphere at its point nearest
    // the eye: the whole shape lies behind it, so that its depth orders the volumes (x-ray)
    // and the layers behind the nearest fail the depth test before their program runs.
    const float toFront = parallel ? 1.0f : (1 / offset - 1) / (1 / offset - offset);
    const Vec3 e = toward * (parallel ? 0.0f : 1 / offset);
    std::vector<Vec3> corners;
    for (int k = 0; k < 8; ++k) {
        const float a = (float(k) + 0.5f) * 0.25f * kPi;
        const Vec3 onCircle = toward * offset + (u * std::cos(a) + w * std::sin(a)) * reach;
        const Vec3 unit = parallel ? onCircle + toward : e + (onCircle - e) * toFront;
        corners.push_back(mulComponents(unit, r));
    }
    return corners;
}

// A volume's proxy and what the vertex shader needs of it, kept while its shape is unchanged.
struct RoundVolumes::Cached
{
    CollisionShape shape = CollisionShape::Plane;
    Vec3 radii;
    float radius = 0, radius2 = 0, halfHeight = 0;
    RoundVolumeProxy proxy;
    Vec3 scale{1, 1, 1};
    float shape4[4] = {};
    float extent = 0; ///< the proxy's farthest corner from the centre
    bool ellipsoid = false;
    Vec3 radiiOfEllipsoid;

    bool sameShape(const CollisionVolume &c) const
    {
        return c.shape == shape && c.radii.x == radii.x && c.radii.y == radii.y &&
               c.radii.z == radii.z && c.radius == radius && c.radius2 == radius2 &&
               c.halfHeight == halfHeight;
    }
    void set(const CollisionVolume &c)
    {
        shape = c.shape;
        radii = c.radii;
        radius = c.radius;
        radius2 = c.radius2;
        halfHeight = c.halfHeight;
        proxy = roundVolumeProxy(c);
        ellipsoid = c.shape == CollisionShape::Ellipsoid || c.shape == CollisionShape::Sphere;
        if (ellipsoid) {
            const Vec3 r = ellipsoidRadii(c);
            radiiOfEllipsoid = r;
            scale = {1 / r.x, 1 / r.y, 1 / r.z};
            shape4[0] = shape4[1] = 1;
            shape4[2] = 0;
        } else {
            const auto [r1, r2] = capsuleRadii(c);
            scale = {1, 1, 1};
            shape4[0] = r1;
            shape4[1] = r2;
            shape4[2] = c.halfHeight;
        }
        // No two points of the proxy lie further apart than twice its farthest corner from
        // the centre, which is inside it.
        float farthest = 0;
        extent = 0;
        for (const Vec3 &p : proxy.corners) {
            farthest = std::max(farthest, length(mulComponents(p, scale)));
            extent = std::max(extent, length(p));
        }
        shape4[3] = 2.05f * farthest;
    }
};

// The static mesh of RoundVolumes' ellipsoid instances: per corner its position (the
// outline's corner number in x) and its kind (0 outline, 1 prism); the outline's fan, then the
// unit prism around x (kEllipsoidInstanceVertex in scene_materials.cpp).
constexpr int kInstanceCornerFloats = 4;
constexpr int kInstanceFloats = 3 + 3 + 3 + 3 + 3 + 2;
constexpr uint32_t kOutlineCorners = 8;

RoundVolumes::RoundVolumes(Qt3DCore::QComponent *material, Qt3DCore::QNode *parent,
                           bool ellipsoidInstances)
    : Qt3DCore::QEntity(parent), mBuffer(new Qt3DCore::QBuffer(this)),
      mIndexBuffer(new Qt3DCore::QBuffer(this)), mGeometry(new Qt3DCore::QGeometry(this)),
      mRenderer(new Qt3DRender::QGeometryRenderer(this))
{
    if (ellipsoidInstances) {
        mInstanceBuffer = new Qt3DCore::QBuffer(this);
        const RoundVolumeProxy &prism = unitSphereProxy(0);
        std::vector<float> corners;
        std::vector<uint32_t> indices;
        for (uint32_t k = 0; k < kOutlineCorners; ++k)
            corners.insert(corners.end(), {float(k), 0, 0, 0});
        for (const Vec3 &c : prism.corners)
            corners.insert(corners.end(), {c.x, c.y, c.z, 1});
        for (uint32_t k = 1; k + 1 < kOutlineCorners; ++k)
            indices.insert(indices.end(), {0, k, k + 1});
        for (uint32_t t : prism.triangles)
            indices.push_back(kOutlineCorners + t);
        mBuffer->setData(QByteArray(reinterpret_cast<const char *>(corners.data()),
                                    qsizetype(corners.size() * sizeof(float))));
        mIndexBuffer->setData(toByteArray(indices));
        const uint cornerCount = uint(corners.size() / kInstanceCornerFloats);
        constexpr uint cornerStride = kInstanceCornerFloats * sizeof(float);
        auto *position = new QAttribute(mBuffer, QStringLiteral("unitCorner"), QAttribute::Float,
                                        3, cornerCount, 0, cornerStride, mGeometry);
        mGeometry->addAttribute(position);
        mGeometry->addAttribute(new QAttribute(mBuffer, QStringLiteral("cornerKind"),
                                               QAttribute::Float, 1, cornerCount,
                                               3 * sizeof(float), cornerStride, mGeometry));
        // Its bounds are the unit mesh's, computed once (the viewport culls nothing).
        mGeometry->setBoundingVolumePositionAttribute(position);
        struct Field
        {
            const char *name;
            uint size;
        };
        uint offset = 0;
        for (const Field &f : {Field{"frameX", 3}, Field{"frameY", 3}, Field{"frameZ", 3},
                               Field{"frameOrigin", 3}, Field{"radii", 3}, Field{"drawMode", 2}}) {
            auto *attribute = new QAttribute(mInstanceBuffer, QString::fromLatin1(f.name),
                                             QAttribute::Float, f.size, 0,
                                             offset * sizeof(float),
                                             kInstanceFloats * sizeof(float), mGeometry);
            attribute->setDivisor(1);
            mGeometry->addAttribute(attribute);
            offset += f.size;
        }
        auto *index = new QAttribute(mGeometry);
        index->setAttributeType(QAttribute::IndexAttribute);
        index->setVertexBaseType(QAttribute::UnsignedInt);
        index->setBuffer(mIndexBuffer);
        index->setCount(uint(indices.size()));
        mGeometry->addAttribute(index);
        mRenderer->setGeometry(mGeometry);
        mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
        mRenderer->setVertexCount(int(indices.size()));
        mRenderer->setInstanceCount(0);
        addComponent(mRenderer);
        addComponent(material);
        return;
    }
    struct Field
    {
        const char *name;
        uint size;
    };
    uint offset = 0;
    for (const Field &f : {Field{"localPosition", 3}, Field{"frameX", 3}, Field{"frameY", 3},
                           Field{"frameZ", 3}, Field{"frameOrigin", 3}, Field{"shapeScale", 3},
                           Field{"shape", 4}, Field{"selected", 1}}) {
        auto *attribute = new QAttribute(mBuffer, QString::fromLatin1(f.name), QAttribute::Float,
                                         f.size, 0, offset * sizeof(float), kRoundStride,
                                         mGeometry);
        mGeometry->addAttribute(attribute);
        if (offset == 0)
            mGeometry->setBoundingVolumePositionAttribute(attribute);
        offset += f.size;
    }
    auto *index = new QAttribute(mGeometry);
    index->setAttributeType(QAttribute::IndexAttribute);
    index->setVertexBaseType(QAttribute::UnsignedInt);
    index->setBuffer(mIndexBuffer);
    mGeometry->addAttribute(index);
    mRenderer->setGeometry(mGeometry);
    mRenderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    mRenderer->setVertexCount(0);
    addComponent(mRenderer);
    addComponent(material);
}

RoundVolumes::~RoundVolumes() = default;

void RoundVolumes::setVolumes(const std::vector<RoundVolume> &volumes)
{
    // Paused with the camera still, the viewport sets the same volumes again: nothing is
    // re-sent (a changed buffer costs Qt3D about 0.2 ms a frame on its pool and the UI thread).
    bool changed = !mFilled || volumes.size() != mCache.size();
    mCache.resize(volumes.size());
    mModels.resize(volumes.size());
    mSelected.resize(volumes.size());
    for (size_t i = 0; i < volumes.size(); ++i) {
        if (!mCache[i].sameShape(volumes[i].volume)) {
            mCache[i].set(volumes[i].volume);
            changed = true;
        }
        changed = changed || mSelected[i] != volumes[i].selected ||
                  std::memcmp(mModels[i].m, volumes[i].model.m, sizeof(mModels[i].m)) != 0;
        mModels[i] = volumes[i].model;
        mSelected[i] = volumes[i].selected;
    }
    if (changed)
        fill();
}

void RoundVolumes::setEye(const Vec3 &eye, const Vec3 *orthographicDirection)
{
    // While playing, the viewport sets the same eye before the new poses: one fill a frame.
    const auto same = [](const Vec3 &a, const Vec3 &b) {
        return a.x == b.x && a.y == b.y && a.z == b.z;
    };
    if (mFilled && same(eye, mEye) && mOrthographic == (orthographicDirection != nullptr) &&
        (!orthographicDirection || same(*orthographicDirection, mParallel)))
        return;
    mEye = eye;
    mOrthographic = orthographicDirection != nullptr;
    if (orthographicDirection) mParallel = *orthographicDirection;
    fill();
}

std::vector<bool> RoundVolumes::hiddenVolumes(const std::vector<std::vector<Vec3>> &outlines) const
{
    // A volume is left out where an ellipsoid drawn as its outline hides all of it: every
    // corner of what it draws and of its proxy (which holds its shape) lies inside the view
    // cone of that ellipsoid (of the ellipsoid shrunk by 2%, so that its ray cast finds it on
    // every pixel of the hidden volume) and behind the plane of the circle along which the cone
    // touches it. Every point of the ellipsoid seen from the eye lies in front of that plane,
    // and so does its outline's plane (ellipsoidOutlineProxy): the hidden volume loses the
    // depth test on every pixel, with x-ray (the outline's depth) or without (the shape's).
    // In the space where the ellipsoid is the unit sphere the test is a few dot products per
    // corner. Only volumes drawn earlier (nearer) and not left out themselves hide others.
    const size_t n = mCache.size();
    std::vector<bool> hidden(n, false);
    struct Occluder
    {
        Mat4 toUnit;   ///< world to the space where the ellipsoid is the unit sphere
        Vec3 eye;      ///< the eye there (perspective)
        Vec3 toward;   ///< unit, from the centre towards the eye (or against the view)
        float contour; ///< the plane of the touching circle: dot(p, toward) == contour
    };
    std::vector<Occluder> occluders;
    std::vector<Vec3> corners;
    constexpr float kShrink = 0.98f;
    for (uint32_t v : mOrder) {
        const Cached &c = mCache[v];
        corners.clear();
        for (const std::vector<Vec3> *set : {&outlines[v], &c.proxy.corners})
            for (const Vec3 &p : *set)
                corners.push_back(mModels[v].transformPoint(p));
        const auto hides = [&](const Occluder &o) {
            for (const Vec3 &world : corners) {
                const Vec3 p = o.toUnit.transformPoint(world);
                if (!(dot(p, o.toward) < o.contour)) return false;
                // The view line through p passes the centre closer than the shrunk radius;
                // measured from p, not from the eye, which in a thin ellipsoid's space lies
                // thousands of radii away.
                const Vec3 d = mOrthographic ? o.toward : normalize(p - o.eye);
                const float along = dot(p, d);
                if (!(dot(p, p) - along * along < kShrink * kShrink)) return false;
            }
            return true;
        };
        if (std::any_of(occluders.begin(), occluders.end(), hides)) {
            hidden[v] = true;
            continue;
        }
        if (outlines[v].empty())
            continue;
        Occluder o;
        const Mat4 toLocal = inverse(mModels[v]);
        Mat4 scale;
        scale.m[0] = c.scale.x;
        scale.m[5] = c.scale.y;
        scale.m[10] = c.scale.z;
        o.toUnit = scale * toLocal;
        if (mOrthographic) {
            o.toward = normalize(o.toUnit.transformVector(mParallel)) * -1.0f;
            o.contour = 0;
        } else {
            o.eye = o.toUnit.transformPoint(mEye);
            const float d2 = dot(o.eye, o.eye);
            o.toward = o.eye * (1 / std::sqrt(d2));
            o.contour = 1 / std::sqrt(d2);
        }
        occluders.push_back(o);
    }
    return hidden;
}

void RoundVolumes::fill()
{
    mFilled = true;
    // Nearest first by the distance from the eye to the proxy's bounding sphere.
    const size_t n = mCache.size();
    std::vector<uint32_t> order(n);
    std::vector<float> nearest(n);
    std::vector<std::vector<Vec3>> outlines(n);
    mHoldsEye.assign(n, false);
    for (size_t i = 0; i < n; ++i) {
        order[i] = uint32_t(i);
        const Vec3 centre{mModels[i].m[12], mModels[i].m[13], mModels[i].m[14]};
        nearest[i] = length(centre - mEye) - mCache[i].extent;
        // The model is rigid, so its inverse is cheap enough.
        const Mat4 toLocal = inverse(mModels[i]);
        const Vec3 eye = toLocal.transformPoint(mEye);
        if (mCache[i].ellipsoid) {
            const Vec3 parallel = toLocal.transformVector(mParallel);
            outlines[i] = ellipsoidOutlineProxy(mCache[i].radiiOfEllipsoid, eye,
                                                mOrthographic ? &parallel : nullptr);
            if (!outlines[i].empty()) continue;
        }
        if (nearest[i] < 0) {
            // Inside the proxy (convex, wound counter-clockwise seen from outside) when
            // behind every face's plane.
            const std::vector<Vec3> &c = mCache[i].proxy.corners;
            const std::vector<uint32_t> &t = mCache[i].proxy.triangles;
            bool inside = true;
            for (size_t k = 0; inside && k + 2 < t.size(); k += 3)
                inside = dot(cross(c[t[k + 1]] - c[t[k]], c[t[k + 2]] - c[t[k]]),
                             eye - c[t[k]]) < 0;
            mHoldsEye[i] = inside;
        }
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return nearest[a] < nearest[b]; });
    mOrder = std::move(order);
    mHidden = hiddenVolumes(outlines);
    if (mInstanceBuffer) {
        fillInstances(outlines);
        return;
    }

    std::vector<uint32_t> first(n);
    uint32_t corners = 0;
    for (size_t i = 0; i < n; ++i) {
        first[i] = corners;
        corners += uint32_t(outlines[i].empty() ? mCache[i].proxy.corners.size()
                                                : outlines[i].size());
    }
    mBytes.resize(qsizetype(corners * kRoundStride));
    auto *out = reinterpret_cast<float *>(mBytes.data());
    for (size_t i = 0; i < n; ++i) {
        const Mat4 &m = mModels[i];
        const Cached &c = mCache[i];
        for (const Vec3 &p : outlines[i].empty() ? c.proxy.corners : outlines[i]) {
            const float values[kRoundFloats] = {
                p.x, p.y, p.z, m.m[0], m.m[1], m.m[2], m.m[4], m.m[5], m.m[6], m.m[8], m.m[9],
                m.m[10], m.m[12], m.m[13], m.m[14], c.scale.x, c.scale.y, c.scale.z,
                c.shape4[0], c.shape4[1], c.shape4[2], c.shape4[3], mSelected[i] ? 1.0f : 0.0f};
            std::memcpy(out, values, sizeof(values));
            out += kRoundFloats;
        }
    }
    // An outline is a fan; a proxy that holds the eye has no front face in view: its
    // triangles are turned, so that its back faces draw (the ray cast finds the shape from any
    // point of the proxy).
    std::vector<uint32_t> indices;
    for (uint32_t v : mOrder) {
        if (mHidden[v])
            continue;
        if (!outlines[v].empty()) {
            for (uint32_t k = 1; k + 1 < uint32_t(outlines[v].size()); ++k)
                indices.insert(indices.end(), {first[v], first[v] + k, first[v] + k + 1});
            continue;
        }
        const std::vector<uint32_t> &t = mCache[v].proxy.triangles;
        for (size_t k = 0; k + 2 < t.size(); k += 3) {
            indices.push_back(first[v] + t[k]);
            indices.push_back(first[v] + t[mHoldsEye[v] ? k + 2 : k + 1]);
            indices.push_back(first[v] + t[mHoldsEye[v] ? k + 1 : k + 2]);
        }
    }
    mBuffer->setData(mBytes);
    mIndexBuffer->setData(toByteArray(indices));
    for (QAttribute *attribute : mGeometry->attributes()) {
        if (attribute->attributeType() == QAttribute::IndexAttribute)
            attribute->setCount(uint(indices.size()));
    }
    setVertexCount(mGeometry, corners);
    mRenderer->setVertexCount(int(indices.size()));
}

void RoundVolumes::fillInstances(const std::vector<std::vector<Vec3>> &outlines)
{
    std::vector<float> data;
    data.reserve(mOrder.size() * kInstanceFloats);
    for (uint32_t v : mOrder) {
        if (mHidden[v])
            continue;
        const Mat4 &m = mModels[v];
        const Vec3 r = mCache[v].radiiOfEllipsoid;
        // The axes turned so that x is the shortest (the prism's axis, as roundVolumeProxy).
        const int a = r.x <= r.y && r.x <= r.z ? 0 : r.y <= r.z ? 1 : 2;
        const float mode = !outlines[v].empty() ? 0.0f : mHoldsEye[v] ? 2.0f : 1.0f;
        for (int j = 0; j < 3; ++j) {
            const int axis = (a + j) % 3;
            data.insert(data.end(), {m.m[4 * axis], m.m[4 * axis + 1], m.m[4 * axis + 2]});
        }
        data.insert(data.end(), {m.m[12], m.m[13], m.m[14], (&r.x)[a], (&r.x)[(a + 1) % 3],
                                 (&r.x)[(a + 2) % 3], mode, mSelected[v] ? 1.0f : 0.0f});
    }
    mInstanceBuffer->setData(QByteArray(reinterpret_cast<const char *>(data.data()),
                                        qsizetype(data.size() * sizeof(float))));
    const uint count = uint(data.size() / kInstanceFloats);
    for (QAttribute *attribute : mGeometry->attributes()) {
        if (attribute->buffer() == mInstanceBuffer)
            attribute->setCount(count);
    }
    mRenderer->setInstanceCount(int(count));
}

} // namespace tweed::editor::scene
