// A small, deterministic, fully populated ClothingAsset for tests: every field of every model
// struct holds a non-default value (except where the default is the meaningful value, e.g. the
// skin map's unbound entries and one collision plane fixed in model space), and the asset is
// valid: validateAsset() finds nothing. Usage:
//     const ClothingAsset asset = tweed::test::makeTestAsset();
//     const ClothingAsset shared = tweed::test::makeTestAsset({.sharedPhysicsMesh = true});
//
// The garment is a flat sheet hanging in front of a five-bone skeleton: graphics LoD 0 is a
// 5 x 4 vertex grid, LoD 1 a 3 x 3 grid; physics mesh 0 is a 3 x 3 grid 1 cm behind them and,
// unless the LoDs share it, physics mesh 1 (LoD 1's) a 2 x 2 grid. The skin maps are real
// bindings (evaluateSkinPoint on the physics mesh gives the graphics vertices back); the top
// row of graphics vertices is not simulated (Physics mask bit 0 clear) and therefore unbound.
// Every simulation setting is moved off its default inside its documented range, so the values
// are valid but not a fabric anyone would choose. Strings hold quotes, '#', ':' and UTF-8, one
// uv holds -0 and the channels a subnormal, to exercise the file formats.
#pragma once

#include "tweed/asset.h"
#include "tweed/math.h"

#include <cmath>
#include <string>
#include <vector>

namespace tweed::test {

struct TestAssetOptions
{
    /// true: both LoDs are driven by physics mesh 0 (one physics mesh in the asset); false:
    /// LoD 1 has its own, coarser physics mesh 1.
    bool sharedPhysicsMesh = false;
};

namespace detail {

/// Bone weights per grid row (exact binary fractions, so they sum to exactly 1).
inline BoneInfluence gridInfluence(int row, int rows)
{
    BoneInfluence inf;
    inf.bones = {2, 1, 3, 0};
    const float t = rows > 1 ? float(row) / float(rows - 1) : 0.0f;
    if (t < 0.25f)
        inf.weights = {1.0f, 0.0f, 0.0f, 0.0f};
    else if (t < 0.75f)
        inf.weights = {0.5f, 0.25f, 0.25f, 0.0f};
    else
        inf.weights = {0.25f, 0.5f, 0.125f, 0.125f};
    return inf;
}

/// Vertex (column, row) of a cols x rows grid over x in [-0.2, 0.2], y from 1.2 down to 0.9.
inline Vec3 gridPoint(int col, int row, int cols, int rows, float z)
{
    return {-0.2f + 0.4f * float(col) / float(cols - 1), 1.2f - 0.3f * float(row) / float(rows - 1),
            z};
}

/// Two counter-clockwise (facing +z) triangles per grid cell, row by row.
inline std::vector<uint32_t> gridIndices(int cols, int rows)
{
    std::vector<uint32_t> indices;
    for (int r = 0; r + 1 < rows; ++r)
        for (int c = 0; c + 1 < cols; ++c) {
            const uint32_t a = uint32_t(r * cols + c), b = a + 1, d = a + uint32_t(cols), e = d + 1;
            indices.insert(indices.end(), {a, d, b, b, d, e});
        }
    return indices;
}

/// Painted values that vary per vertex (valid for any grid size); the top row is pinned and
/// not simulated.
inline PaintChannels gridChannels(int cols, int rows)
{
    PaintChannels ch;
    ch.resize(size_t(cols * rows));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const size_t v = size_t(r * cols + c);
            const float t = float(r) / float(rows - 1);
            ch[FloatChannel::MaxDistance][v] = 0.07f * t + 0.001f * float(c);
            ch[FloatChannel::BackstopRadius][v] = 0.3f + 0.013f * float(v);
            ch[FloatChannel::BackstopDistance][v] = 0.02f / (1.0f + float(v));
            ch[FloatChannel::StiffnessScale][v] = 0.9f - 0.01f * float(c % 10);
            ch[FloatChannel::DampingScale][v] = 1.1f + 0.1f * t;
            ch[FloatChannel::WindScale][v] = 0.8f + 0.3f * t;
            ch[FloatChannel::MassScale][v] = 1.25f - 0.05f * float(r % 10);
            ch[MaskChannel::Physics][v] = r == 0 ? 0xFFFFFFFEu : 0x00000003u;
            ch[MaskChannel::LatchMaster][v] = 1u << (v % 3);
            ch[MaskChannel::LatchSlave][v] = 0x5u | (1u << (31 - v % 4));
        }
    // A subnormal and a value with a long shortest representation, for exact float round trips.
    ch[FloatChannel::BackstopRadius][1] = 1e-40f;
    ch[FloatChannel::BackstopDistance][2] = std::nextafter(0.1f, 1.0f);
    return ch;
}

/// (u, v, h) of point p over triangle (a, b, c) lying in the plane z = a.z with normal +z.
inline Vec3 planarCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c)
{
    const float det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    const float u = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / det;
    const float v = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / det;
    return {u, v, p.z - a.z};
}

/// Binds every simulated graphics vertex to the physics triangle under it.
inline SkinMap bindGrid(const GraphicsMesh &mesh, const PaintChannels &channels,
                        const PhysicsMesh &physics)
{
    SkinMap map;
    map.bindings.resize(mesh.vertexCount());
    for (size_t v = 0; v < mesh.vertexCount(); ++v) {
        SkinBinding &bind = map.bindings[v];
        if ((channels[MaskChannel::Physics][v] & 1u) == 0) {
            bind.triangle = SkinMap::kUnbound;
            continue;
        }
        const Vec3 p = mesh.positions[v];
        for (size_t t = 0; t < physics.triangleCount(); ++t) {
            const Vec3 &a = physics.positions[physics.indices[t * 3]];
            const Vec3 &b = physics.positions[physics.indices[t * 3 + 1]];
            const Vec3 &c = physics.positions[physics.indices[t * 3 + 2]];
            const Vec3 uvh = planarCoordinates(p, a, b, c);
            if (uvh.x < -1e-5f || uvh.y < -1e-5f || uvh.x + uvh.y > 1 + 1e-5f) continue;
            bind.triangle = uint32_t(t);
            bind.position = uvh;
            bind.normal = planarCoordinates(p + mesh.normals[v] * 0.01f, a, b, c);
            const Vec4 &tg = mesh.tangents[v];
            bind.tangent = planarCoordinates(p + Vec3{tg.x, tg.y, tg.z} * 0.01f, a, b, c);
            break;
        }
    }
    return map;
}

inline GraphicsMesh gridGraphicsMesh(const std::string &name, int cols, int rows)
{
    GraphicsMesh mesh;
    mesh.name = name;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const Vec3 p = gridPoint(c, r, cols, rows, 0.11f);
            mesh.positions.push_back(p);
            mesh.normals.push_back(normalize(Vec3{0.1f * p.x, 0.05f, 1.0f}));
            mesh.tangents.push_back({1.0f, 0.0f, -0.1f * p.x, r % 2 ? -1.0f : 1.0f});
            mesh.uvs.push_back({float(c) / float(cols - 1), float(r) / float(rows - 1)});
            mesh.skin.push_back(gridInfluence(r, rows));
        }
    mesh.uvs[0].x = -0.0f; // the sign of zero must survive the file formats too
    mesh.indices = gridIndices(cols, rows);
    return mesh;
}

inline PhysicsMesh gridPhysicsMesh(int cols, int rows, GenerationMethod method)
{
    PhysicsMesh pm;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            pm.positions.push_back(gridPoint(c, r, cols, rows, 0.1f));
            pm.normals.push_back({0.0f, 0.0f, 1.0f});
            pm.skin.push_back(gridInfluence(r, rows));
        }
    pm.indices = gridIndices(cols, rows);
    pm.channels = gridChannels(cols, rows);

    GenerationSettings &g = pm.settings;
    g.method = method;
    g.weldTolerance = 2e-5f;
    g.targetVertices = uint32_t(cols * rows);
    g.targetEdgeLength = 0.2f / float(cols - 1);
    g.closeHolesBelow = 0.05f;
    g.subdivisions = 1;
    g.voxelSize = 0.01f;
    g.isoOffset = -0.002f;
    g.customMeshPath = "meshes/custom sheet.obj";
    g.normals = NormalSource::Bones;
    g.submeshes = {"coat_front", "coat_lining"};
    g.usePhysicsMask = false;

    GenerationReport &rep = pm.report;
    rep.vertices = uint32_t(pm.vertexCount());
    rep.triangles = uint32_t(pm.triangleCount());
    rep.components = 1;
    rep.boundaryLoops = 1;
    rep.surfaceErrorMax = 0.0125f;
    rep.surfaceErrorMean = 0.003f;
    rep.minAngleDegrees = 45.0f;
    rep.edgeLengthSpread = 0.17f;
    rep.skinMapFarBindings = 2;
    rep.skinMapMaxOffset = 0.011f;
    rep.skinMapFailures = 3;
    return pm;
}

/// Every setting moved off its default: a quarter of the way towards the end of its range,
/// booleans flipped, integers and enumerations one step.
inline SimulationSettings tweakedSettings()
{
    SimulationSettings s;
    for (const SettingField &f : settingsFields()) {
        const double d = f.get(s);
        switch (f.kind) {
        case SettingKind::Bool:
            f.set(s, d != 0 ? 0.0 : 1.0);
            break;
        case SettingKind::Enum:
        case SettingKind::Int:
            f.set(s, d < f.max ? d + 1 : d - 1);
            break;
        case SettingKind::Float:
            f.set(s, d < f.max ? d + (f.max - d) * 0.25 : d - (d - f.min) * 0.25);
            break;
        }
    }
    return s;
}

} // namespace detail

inline ClothingAsset makeTestAsset(const TestAssetOptions &options = {})
{
    using namespace detail;
    ClothingAsset asset;
    asset.name = "Jacket \"Alan\" #1: wool \xc3\xa9t\xc3\xa9"; // quotes, colon, hash, UTF-8
    asset.source.path = "characters/alan wake.fbx";
    asset.source.contentHash = "fnv1a64:0123456789abcdef";
    asset.source.units = {0.01f, UpAxis::Z};

    struct BoneDef
    {
        const char *name;
        int parent;
        Vec3 translation;
        Quat rotation;
        Vec3 scale;
    };
    const BoneDef boneDefs[] = {
        {"Root", -1, {0.0f, 0.9f, 0.05f}, axisAngle({0, 1, 0}, 0.1f), {1, 1, 1}},
        {"Bip01 Spine", 0, {0.0f, 0.1f, 0.0f}, axisAngle({1, 0, 0}, -0.05f), {1, 1, 1}},
        {"Bip01 Spine1", 1, {0.0f, 0.15f, -0.01f}, axisAngle({0, 0, 1}, 0.02f), {1, 1, 1}},
        {"Bip01 L Thigh", 0, {0.1f, -0.05f, 0.0f}, axisAngle({1, 0, 0}, kPi), {1, 1, 1}},
        {"Hood", 2, {0.0f, 0.25f, -0.08f}, axisAngle({1, 1, 0}, 0.3f), {1.25f, 1.25f, 1.25f}},
    };
    for (const BoneDef &def : boneDefs) {
        Bone bone;
        bone.name = def.name;
        bone.parent = def.parent;
        bone.restLocal = {def.translation, def.rotation, def.scale};
        asset.skeleton.bones.push_back(bone);
    }
    const std::vector<Mat4> rest = asset.skeleton.restGlobal();
    for (size_t b = 0; b < rest.size(); ++b)
        asset.skeleton.bones[b].inverseBind = inverse(rest[b]);

    asset.physicsMeshes.push_back(gridPhysicsMesh(3, 3, GenerationMethod::Simplify));
    if (!options.sharedPhysicsMesh)
        asset.physicsMeshes.push_back(gridPhysicsMesh(2, 2, GenerationMethod::IsoSurface));

    const int lodGrid[2][2] = {{5, 4}, {3, 3}};
    for (int l = 0; l < 2; ++l) {
        GraphicsLod lod;
        const int cols = lodGrid[l][0], rows = lodGrid[l][1];
        lod.mesh = gridGraphicsMesh("coat_lod" + std::to_string(l), cols, rows);
        const uint32_t triangles = uint32_t(lod.mesh.triangleCount());
        lod.mesh.submeshes.push_back(
            {"coat_front", "Wool \"tweed\"", "textures/wool_diffuse.png", 0, triangles - 4});
        lod.mesh.submeshes.push_back(
            {"coat_lining", "Lining: silk #2", "textures/lining.png", triangles - 4, 4,
             LayerRole::Rider});
        lod.channels = gridChannels(cols, rows);
        lod.physicsMesh = options.sharedPhysicsMesh ? 0 : l;
        lod.skinMap =
            bindGrid(lod.mesh, lod.channels, asset.physicsMeshes[size_t(lod.physicsMesh)]);
        asset.lods.push_back(std::move(lod));
    }

    CollisionVolume chest;
    chest.name = "chest";
    chest.shape = CollisionShape::Ellipsoid;
    chest.bone = 2;
    chest.local = {{0.0f, 0.1f, 0.05f}, axisAngle({0, 0, 1}, 0.2f), {1, 1, 1}};
    chest.radii = {0.15f, 0.2f, 0.1f};
    chest.radius = 0.18f;
    chest.radius2 = 0.16f;
    chest.halfHeight = 0.05f;
    CollisionVolume head = chest;
    head.name = "head";
    head.shape = CollisionShape::Sphere;
    head.bone = 4;
    head.local = {{0.0f, 0.08f, 0.0f}, {}, {1, 1, 1}};
    head.radius = 0.11f;
    CollisionVolume thigh = chest;
    thigh.name = "l_thigh";
    thigh.shape = CollisionShape::Capsule;
    thigh.bone = 3;
    thigh.radius = 0.07f;
    thigh.halfHeight = 0.2f;
    CollisionVolume arm = chest;
    arm.name = "r_upper_arm";
    arm.shape = CollisionShape::TaperedCapsule;
    arm.bone = 1;
    arm.local.rotation = axisAngle({0, 0, 1}, kPi / 2);
    arm.radius = 0.05f;
    arm.radius2 = 0.035f;
    arm.halfHeight = 0.15f;
    CollisionVolume floor = chest;
    floor.name = "floor";
    floor.shape = CollisionShape::Plane;
    floor.bone = -1; // fixed in model space
    floor.local = {{0.0f, -0.001f, 0.0f}, {}, {1, 1, 1}};
    // A box and a convex inside the head sphere: stored and read like any volume, and no
    // change to where the cloth can go.
    CollisionVolume jaw = head;
    jaw.name = "jaw";
    jaw.shape = CollisionShape::Box;
    jaw.local = {{0.0f, 0.06f, 0.01f}, axisAngle({0, 1, 0}, 0.3f), {1, 1, 1}};
    jaw.radii = {0.05f, 0.03f, 0.04f};
    CollisionVolume skull = head;
    skull.name = "skull";
    skull.shape = CollisionShape::Convex;
    skull.planes = {{1, 0, 0, 0.05f},  {-1, 0, 0, 0.05f}, {0, 1, 0, 0.06f}, {0, -1, 0, 0.04f},
                    {0, 0, 1, 0.05f},  {0, 0, -1, 0.05f}, {0.6f, 0.8f, 0, 0.06f},
                    {-0.6f, 0.8f, 0, 0.06f}};
    asset.collisionVolumes = {chest, head, thigh, arm, floor, jaw, skull};

    PendulumBone hood;
    hood.bone = 4;
    hood.length = 0.25f;
    hood.damping = 0.2f;
    hood.gravityScale = 0.8f;
    hood.maxAngleDegrees = 45.0f;
    asset.pendulumBones.push_back(hood);

    // The rig: the thigh aims at a point on the spine, the upper spine looks down (at 3/4
    // strength), the thigh and the hood keep their distance.
    RigConstraint aim;
    aim.bone = 3;
    aim.target = 1;
    aim.point = {0.05f, -0.02f, 0.01f};
    RigConstraint down;
    down.bone = 2;
    down.weight = 0.75f;
    RigConstraint apart;
    apart.kind = RigConstraintKind::Position;
    apart.bone = 3;
    apart.target = 4;
    asset.rigConstraints = {aim, down, apart};

    asset.simulation = tweakedSettings();
    asset.presetName = "tweed";
    return asset;
}

} // namespace tweed::test
