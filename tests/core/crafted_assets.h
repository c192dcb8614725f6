// A corpus of crafted .tweedc files: damaged copies of the valid test asset (make_test_asset.h)
// that the run time's loader must refuse, or that must simulate with finite output. Each file
// has its lengths and CRC fixed up, so the damage reaches the checks behind the checksum.
//
// Also an independent implementation of the documented .tweedc layout (docs/formats.md): CRC-32
// bit by bit, chunk splitting and assembly, and a walker that finds fields inside chunks.
//
// Usage:
//     for (const tweed::test::CraftedAsset &c : tweed::test::craftedAssets()) ...
//         c.name     file name ("phys0-position-nan.tweedc")
//         c.bytes    the .tweedc bytes
//         c.refusal  text the load error must contain; empty when the file is valid
#pragma once

#include "make_test_asset.h"

#include "tweed/cooked.h"
#include "tweed/simulation_settings.h"

#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace tweed::test {

// --- The documented layout, implemented independently of core/src/cooked.cpp -----------------

/// CRC-32 (ISO-HDLC, as zlib), bit by bit.
inline uint32_t referenceCrc32(std::string_view bytes)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char b : bytes) {
        crc ^= b;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

inline uint64_t getLe(std::string_view bytes, size_t at, int size)
{
    uint64_t v = 0;
    for (int i = 0; i < size; ++i)
        v |= uint64_t(static_cast<unsigned char>(bytes[at + size_t(i)])) << (8 * i);
    return v;
}

inline void putLe(std::string &bytes, size_t at, uint64_t v, int size)
{
    for (int i = 0; i < size; ++i)
        bytes[at + size_t(i)] = char(uint8_t(v >> (8 * i)));
}

inline std::string le(uint64_t v, int size)
{
    std::string s(size_t(size), '\0');
    putLe(s, 0, v, size);
    return s;
}

struct Chunk
{
    std::string tag;
    uint32_t version = 1;
    std::string payload;
};

struct CookedFile
{
    std::string magic;
    uint32_t version = 0;
    uint32_t flags = 0;
    std::vector<Chunk> chunks;
};

/// Splits a cooked file by the layout in docs/formats.md, checking sizes and checksum.
inline CookedFile parse(const std::string &bytes)
{
    CookedFile f;
    f.magic = bytes.substr(0, 8);
    f.version = uint32_t(getLe(bytes, 8, 4));
    f.flags = uint32_t(getLe(bytes, 12, 4));
    const uint64_t chunkBytes = getLe(bytes, 16, 8);
    if (24 + chunkBytes + 4 != bytes.size()) throw std::runtime_error("size mismatch");
    if (referenceCrc32(std::string_view(bytes).substr(0, 24 + chunkBytes)) !=
        getLe(bytes, 24 + chunkBytes, 4))
        throw std::runtime_error("crc mismatch");
    size_t pos = 24;
    while (pos < 24 + chunkBytes) {
        Chunk c;
        c.tag = bytes.substr(pos, 4);
        c.version = uint32_t(getLe(bytes, pos + 4, 4));
        const uint64_t size = getLe(bytes, pos + 8, 8);
        c.payload = bytes.substr(pos + 16, size_t(size));
        pos += 16 + size_t(size);
        f.chunks.push_back(c);
    }
    return f;
}

/// Assembles a cooked file with correct sizes and checksum.
inline std::string assemble(const CookedFile &f)
{
    std::string body;
    for (const Chunk &c : f.chunks)
        body += c.tag + le(c.version, 4) + le(c.payload.size(), 8) + c.payload;
    std::string bytes = f.magic + le(f.version, 4) + le(f.flags, 4) + le(body.size(), 8) + body;
    return bytes + le(referenceCrc32(bytes), 4);
}

/// Recomputes the trailing CRC of a whole file (after edits that keep its length).
inline void fixCrc(std::string &bytes)
{
    const size_t content = bytes.size() - 4;
    bytes.replace(content, 4, le(referenceCrc32(std::string_view(bytes).substr(0, content)), 4));
}

inline Chunk &chunk(CookedFile &f, const std::string &tag, int nth = 0)
{
    for (Chunk &c : f.chunks)
        if (c.tag == tag && nth-- == 0) return c;
    throw std::runtime_error("no chunk " + tag);
}

inline std::string lengthPrefixed(const std::string &s)
{
    return le(s.size(), 4) + s;
}

/// Walks a chunk payload by the documented layout to find the offsets of fields.
struct Walker
{
    const std::string &payload;
    size_t pos = 0;

    uint32_t u32()
    {
        const auto v = uint32_t(getLe(payload, pos, 4));
        pos += 4;
        return v;
    }
    void str() { pos += u32(); }
    /// Skips an array of elementSize-byte elements; returns the offset of its first element.
    size_t array(size_t elementSize)
    {
        const uint32_t n = u32();
        const size_t first = pos;
        pos += n * elementSize;
        return first;
    }
    void channels()
    {
        for (int kind = 0; kind < 2; ++kind) { // float channels, then mask channels
            const uint32_t n = u32();
            for (uint32_t c = 0; c < n; ++c) {
                str();
                array(4);
            }
        }
    }
};

/// Offsets inside a PHYS payload.
struct PhysLayout
{
    size_t positions, indices, skin, normals, method;
};
inline PhysLayout physLayout(const std::string &payload)
{
    Walker w{payload};
    PhysLayout l{};
    l.positions = w.array(12);
    l.indices = w.array(4);
    l.skin = w.array(24);
    l.normals = w.array(12);
    w.channels();
    l.method = w.pos;
    return l;
}

/// Offsets inside a GLOD payload.
struct LodLayout
{
    size_t physicsMesh, positions, skin, indices, bindings;
};
inline LodLayout lodLayout(const std::string &payload)
{
    Walker w{payload};
    LodLayout l{};
    l.physicsMesh = w.pos;
    w.u32();
    w.str();
    const uint32_t submeshes = w.u32();
    for (uint32_t s = 0; s < submeshes; ++s) {
        w.str();
        w.str();
        w.str();
        w.pos += 9; // first triangle, triangle count, layer role
    }
    l.positions = w.array(12);
    w.array(12); // normals
    w.array(16); // tangents
    w.array(8);  // uvs
    l.skin = w.array(24);
    l.indices = w.array(4);
    w.channels();
    l.bindings = w.array(40);
    return l;
}

// --- The corpus --------------------------------------------------------------------------------

struct CraftedAsset
{
    std::string name;    ///< file name, ending in .tweedc
    std::string bytes;   ///< the whole file
    std::string refusal; ///< what the load error must contain; empty: valid, must simulate
};

inline std::vector<CraftedAsset> craftedAssets()
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<CraftedAsset> out;

    // Damage on the model, written with the structural checks only.
    auto model = [&](const std::string &name, const std::string &refusal,
                     const std::function<void(ClothingAsset &)> &edit) {
        ClothingAsset a = makeTestAsset();
        edit(a);
        out.push_back({name + ".tweedc", writeCooked(a, AssetChecks::Structure), refusal});
    };
    // Damage on the bytes of one chunk, sizes and CRC fixed up.
    const std::string valid = writeCooked(makeTestAsset());
    auto bytes = [&](const std::string &name, const std::string &refusal,
                     const std::function<void(CookedFile &)> &edit) {
        CookedFile f = parse(valid);
        edit(f);
        out.push_back({name + ".tweedc", assemble(f), refusal});
    };
    auto putF32 = [](std::string &p, size_t at, float v) {
        putLe(p, at, std::bit_cast<uint32_t>(v), 4);
    };

    // Positions: not finite, or absurdly far.
    const std::pair<const char *, float> badCoordinates[] = {{"nan", nan},     {"inf", inf},
                                                             {"neginf", -inf}, {"3e38", 3e38f},
                                                             {"1e7", -1e7f},   {"2e5", 2e5f}};
    for (int p = 0; p < 2; ++p)
        for (const auto &[what, v] : badCoordinates)
            model("phys" + std::to_string(p) + "-position-" + what,
                  std::isfinite(v) ? "from the origin" : "position is not finite",
                  [&, value = v](ClothingAsset &a) {
                      a.physicsMeshes[size_t(p)].positions[3].y = value;
                  });
    for (int l = 0; l < 2; ++l)
        for (const auto &[what, v] : badCoordinates)
            if (std::string(what) != "1e7" && std::string(what) != "neginf")
                model("lod" + std::to_string(l) + "-position-" + what,
                      std::isfinite(v) ? "from the origin" : "position is not finite",
                      [&, value = v](ClothingAsset &a) {
                          a.lods[size_t(l)].mesh.positions[5].x = value;
                      });
    model("phys0-normal-nan", "normal is not finite",
          [&](ClothingAsset &a) { a.physicsMeshes[0].normals[2].x = nan; });
    model("lod0-normal-inf", "normal is not finite",
          [&](ClothingAsset &a) { a.lods[0].mesh.normals[2].z = inf; });
    model("lod0-tangent-nan", "tangent is not finite",
          [&](ClothingAsset &a) { a.lods[0].mesh.tangents[3].w = nan; });
    model("lod1-uv-nan", "uv is not finite",
          [&](ClothingAsset &a) { a.lods[1].mesh.uvs[1].y = nan; });

    // Zero-length edges and triangles that repeat a vertex.
    model("phys0-zero-length-edge", "shorter than", [&](ClothingAsset &a) {
        a.physicsMeshes[0].positions[4] = a.physicsMeshes[0].positions[3];
    });
    model("phys0-tiny-edge", "shorter than", [&](ClothingAsset &a) {
        a.physicsMeshes[0].positions[4] = a.physicsMeshes[0].positions[3] + Vec3{1e-8f, 0, 0};
    });
    model("phys1-repeated-vertex", "repeats vertex",
          [&](ClothingAsset &a) { a.physicsMeshes[1].indices[1] = a.physicsMeshes[1].indices[0]; });

    // Bones: inverse bind matrices not finite, singular or huge; rest transforms.
    for (int b = 0; b < 5; ++b)
        model("bone" + std::to_string(b) + "-inverse-bind-nan", "inverse bind matrix is not finite",
              [&](ClothingAsset &a) { a.skeleton.bones[size_t(b)].inverseBind.m[b * 3] = nan; });
    model("bone2-inverse-bind-inf", "inverse bind matrix is not finite",
          [&](ClothingAsset &a) { a.skeleton.bones[2].inverseBind.m[13] = -inf; });
    model("bone1-inverse-bind-zero", "not invertible", [&](ClothingAsset &a) {
        a.skeleton.bones[1].inverseBind = Mat4::scaling({0, 0, 0});
    });
    model("bone2-inverse-bind-singular", "not invertible", [&](ClothingAsset &a) {
        Mat4 &m = a.skeleton.bones[2].inverseBind;
        for (int r = 0; r < 3; ++r)
            m(r, 1) = m(r, 0);
    });
    model("bone3-inverse-bind-flat", "not invertible", [&](ClothingAsset &a) {
        a.skeleton.bones[3].inverseBind = Mat4::scaling({1, 1e-7f, 1e-7f});
    });
    model("bone0-inverse-bind-huge", "more than",
          [&](ClothingAsset &a) { a.skeleton.bones[0].inverseBind.m[0] = 1e30f; });
    model("bone4-rest-nan", "rest transform is not finite",
          [&](ClothingAsset &a) { a.skeleton.bones[4].restLocal.translation.x = nan; });
    model("bone1-rest-rotation-zero", "not a unit quaternion", [&](ClothingAsset &a) {
        a.skeleton.bones[1].restLocal.rotation = {0, 0, 0, 0};
    });

    // Bone weights.
    const std::pair<const char *, std::array<float, 4>> badWeights[] = {
        {"nan", {nan, 0, 0, 0}},        {"inf", {inf, 0, 0, 0}},  {"negative", {1.5f, -0.5f, 0, 0}},
        {"half", {0.25f, 0.25f, 0, 0}}, {"double", {1, 1, 0, 0}}, {"zero", {0, 0, 0, 0}}};
    for (const auto &[what, w] : badWeights) {
        const std::string refusal = std::string(what) == "nan" || std::string(what) == "inf" ||
                                            std::string(what) == "negative"
                                        ? "negative or not finite"
                                        : "bone weights sum to";
        model(std::string("phys0-weights-") + what, refusal,
              [&, weights = w](ClothingAsset &a) { a.physicsMeshes[0].skin[5].weights = weights; });
        model(std::string("lod0-weights-") + what, refusal,
              [&, weights = w](ClothingAsset &a) { a.lods[0].mesh.skin[7].weights = weights; });
    }

    // Painted channels.
    model("phys0-max-distance-nan", "max_distance is not finite", [&](ClothingAsset &a) {
        a.physicsMeshes[0].channels[FloatChannel::MaxDistance][6] = nan;
    });
    model("phys0-max-distance-negative", "must not be negative", [&](ClothingAsset &a) {
        a.physicsMeshes[0].channels[FloatChannel::MaxDistance][6] = -1;
    });
    model("phys0-max-distance-huge", "more than", [&](ClothingAsset &a) {
        a.physicsMeshes[0].channels[FloatChannel::MaxDistance][6] = 1e30f;
    });
    model("phys1-backstop-radius-inf", "backstop_radius is not finite", [&](ClothingAsset &a) {
        a.physicsMeshes[1].channels[FloatChannel::BackstopRadius][1] = inf;
    });
    model("phys0-mass-scale-nan", "mass_scale is not finite",
          [&](ClothingAsset &a) { a.physicsMeshes[0].channels[FloatChannel::MassScale][4] = nan; });
    model("lod0-wind-scale-negative", "must not be negative",
          [&](ClothingAsset &a) { a.lods[0].channels[FloatChannel::WindScale][0] = -3; });
    // Valid extremes of the painted values: they must simulate.
    model("phys-mass-scale-zero", "", [&](ClothingAsset &a) {
        for (PhysicsMesh &pm : a.physicsMeshes)
            for (float &m : pm.channels[FloatChannel::MassScale])
                m = 0;
    });
    model("phys-stiffness-scale-zero", "", [&](ClothingAsset &a) {
        for (PhysicsMesh &pm : a.physicsMeshes)
            for (float &m : pm.channels[FloatChannel::StiffnessScale])
                m = 0;
    });
    model("phys-max-distance-large", "", [&](ClothingAsset &a) {
        for (PhysicsMesh &pm : a.physicsMeshes)
            for (float &m : pm.channels[FloatChannel::MaxDistance])
                m = 1e4f;
    });

    // A fan of 300 triangles: its hub vertex has more constraints than the solver colours.
    model("phys0-fan-300", "more than 256 constraints", [&](ClothingAsset &a) {
        PhysicsMesh &pm = a.physicsMeshes[0];
        const int rim = 300;
        pm.positions = {{0, 1.05f, 0.1f}};
        for (int i = 0; i < rim; ++i) {
            const float angle = 2 * kPi * float(i) / float(rim);
            pm.positions.push_back({0.2f * std::cos(angle), 1.05f + 0.2f * std::sin(angle), 0.1f});
        }
        pm.indices.clear();
        for (uint32_t i = 0; i < uint32_t(rim); ++i)
            pm.indices.insert(pm.indices.end(), {0, 1 + i, 1 + (i + 1) % uint32_t(rim)});
        pm.skin.assign(pm.positions.size(), pm.skin[0]);
        pm.normals.assign(pm.positions.size(), {0, 0, 1});
        pm.channels = detail::gridChannels(1, rim + 1);
    });

    // Skin maps: coordinates not finite or absurd.
    model("lod0-skin-map-position-nan", "coordinates are not finite",
          [&](ClothingAsset &a) { a.lods[0].skinMap.bindings[8].position.x = nan; });
    model("lod0-skin-map-normal-inf", "coordinates are not finite",
          [&](ClothingAsset &a) { a.lods[0].skinMap.bindings[8].normal.z = inf; });
    model("lod1-skin-map-tangent-nan", "coordinates are not finite",
          [&](ClothingAsset &a) { a.lods[1].skinMap.bindings[4].tangent.y = nan; });
    model("lod0-skin-map-offset-huge", "coordinates exceed",
          [&](ClothingAsset &a) { a.lods[0].skinMap.bindings[8].position.z = 3e38f; });
    model("lod1-skin-map-barycentric-huge", "coordinates exceed",
          [&](ClothingAsset &a) { a.lods[1].skinMap.bindings[4].position.x = -1e20f; });

    // Collision volumes and pendulum bones.
    model("collision0-radius-nan", "must be positive",
          [&](ClothingAsset &a) { a.collisionVolumes[0].radii.x = nan; });
    model("collision1-radius-zero", "must be positive",
          [&](ClothingAsset &a) { a.collisionVolumes[1].radius = 0; });
    model("collision2-radius-huge", "more than",
          [&](ClothingAsset &a) { a.collisionVolumes[2].radius = 1e30f; });
    model("collision3-half-height-negative", "must not be negative",
          [&](ClothingAsset &a) { a.collisionVolumes[3].halfHeight = -1; });
    model("collision4-translation-huge", "from its bone",
          [&](ClothingAsset &a) { a.collisionVolumes[4].local.translation.y = 1e30f; });
    model("collision0-rotation-zero", "not a unit quaternion", [&](ClothingAsset &a) {
        a.collisionVolumes[0].local.rotation = {0, 0, 0, 0};
    });
    model("collision1-transform-nan", "transform is not finite",
          [&](ClothingAsset &a) { a.collisionVolumes[1].local.translation.z = nan; });
    model("pendulum-length-zero", "length is 0",
          [&](ClothingAsset &a) { a.pendulumBones[0].length = 0; });
    model("pendulum-length-nan", "length is nan",
          [&](ClothingAsset &a) { a.pendulumBones[0].length = nan; });
    model("pendulum-damping-2", "damping is 2",
          [&](ClothingAsset &a) { a.pendulumBones[0].damping = 2; });
    model("pendulum-gravity-inf", "gravity scale is inf",
          [&](ClothingAsset &a) { a.pendulumBones[0].gravityScale = inf; });
    model("source-metres-per-unit-nan", "metres per unit",
          [&](ClothingAsset &a) { a.source.units.metresPerUnit = nan; });

    // Every setting out of range, not finite, and just past its bound; the bounds themselves
    // are valid and must simulate.
    for (const SettingField &f : settingsFields()) {
        const std::string key = f.key;
        const std::string range = "setting " + key + " is ";
        auto setting = [&](const std::string &what, const std::string &refusal, double value) {
            model("setting-" + key + "-" + what, refusal,
                  [&](ClothingAsset &a) { f.set(a.simulation, value); });
        };
        switch (f.kind) {
        case SettingKind::Float: {
            const double span = f.max - f.min;
            setting("below", range, f.min - 0.5 * span - 1);
            setting("above", range, f.max + 0.5 * span + 1);
            setting("just-above", range,
                    std::nextafter(float(f.max), std::numeric_limits<float>::infinity()));
            setting("nan", range + "nan", nan);
            setting("inf", range + "inf", inf);
            setting("min", "", f.min);
            setting("max", "", f.max);
            break;
        }
        case SettingKind::Int:
        case SettingKind::Enum:
            setting("below", range, f.min - 1);
            setting("above", range, f.max + 1);
            setting("huge", range, 2147483647.0);
            setting("min", "", f.min);
            setting("max", "", f.max);
            break;
        case SettingKind::Bool:
            break;
        }
    }
    // The reproducer: the mass-spring model at the ends of its ranges.
    model("settings-mass-spring-extreme", "", [&](ClothingAsset &a) {
        a.simulation.model = int(SolverModel::MassSpring);
        a.simulation.springIntegrator = int(SpringIntegrator::Midpoint);
        a.simulation.springDamping = 1000;
        a.simulation.areaDensity = 0.001f;
    });

    // Indices out of range, which the writer refuses: patched into the bytes.
    for (int p = 0; p < 2; ++p) {
        const std::string tag = "phys" + std::to_string(p);
        for (const uint32_t v : {9u, 1000000u, 0xFFFFFFFFu})
            bytes(tag + "-triangle-index-" + std::to_string(v), "is out of range",
                  [&](CookedFile &f) {
                      std::string &pl = chunk(f, "PHYS", p).payload;
                      putLe(pl, physLayout(pl).indices + 4, v, 4);
                  });
        for (const uint32_t bone : {5u, 65535u})
            bytes(tag + "-bone-index-" + std::to_string(bone), "is out of range",
                  [&](CookedFile &f) {
                      std::string &pl = chunk(f, "PHYS", p).payload;
                      putLe(pl, physLayout(pl).skin + 24 * 1, bone, 2);
                  });
    }
    bytes("lod0-triangle-index-20", "is out of range", [&](CookedFile &f) {
        std::string &pl = chunk(f, "GLOD", 0).payload;
        putLe(pl, lodLayout(pl).indices + 4 * 5, 20, 4);
    });
    bytes("lod1-bone-index-7", "is out of range", [&](CookedFile &f) {
        std::string &pl = chunk(f, "GLOD", 1).payload;
        putLe(pl, lodLayout(pl).skin + 24 * 3, 7, 2);
    });
    // Skin maps pointing past their physics mesh (8 triangles in mesh 0, 2 in mesh 1).
    const std::pair<int, uint32_t> pastTheMesh[] = {{0, 8}, {0, 1000}, {1, 2}, {1, 0xFFFFFFFEu}};
    for (const auto &[l, t] : pastTheMesh)
        bytes("lod" + std::to_string(l) + "-skin-map-triangle-" + std::to_string(t),
              "is out of range", [&, lod = l, triangle = t](CookedFile &f) {
                  std::string &pl = chunk(f, "GLOD", lod).payload;
                  putLe(pl, lodLayout(pl).bindings + 40 * 8, triangle, 4);
              });
    bytes("lod1-physics-mesh-5", "physics mesh index 5 is out of range", [&](CookedFile &f) {
        std::string &pl = chunk(f, "GLOD", 1).payload;
        putLe(pl, lodLayout(pl).physicsMesh, 5, 4);
    });
    bytes("lod0-physics-mesh-minus-2", "physics mesh index -2 is out of range", [&](CookedFile &f) {
        std::string &pl = chunk(f, "GLOD", 0).payload;
        putLe(pl, lodLayout(pl).physicsMesh, uint32_t(-2), 4);
    });
    // SKEL: bone 0's parent (after the bone count and bone 0's name).
    bytes("bone0-parent-3", "does not come before it", [&](CookedFile &f) {
        std::string &pl = chunk(f, "SKEL").payload;
        putLe(pl, 8 + getLe(pl, 4, 4), 3, 4);
    });
    // COLL: the first volume's bone (after the count, its name and its shape).
    bytes("collision0-bone-99", "bone index 99 is out of range", [&](CookedFile &f) {
        std::string &pl = chunk(f, "COLL").payload;
        putLe(pl, 8 + getLe(pl, 4, 4) + 1, 99, 4);
    });
    bytes("pendulum0-bone-99", "bone index 99 is out of range",
          [&](CookedFile &f) { putLe(chunk(f, "PEND").payload, 4, 99, 4); });

    // Cloth-driven bones (chunk CBON): a valid set simulates; a vertex past the mesh, a
    // physics mesh that does not exist, a set given twice and a count beyond the chunk are
    // refused.
    ClothingAsset boned = makeTestAsset();
    boned.physicsMeshes[0].clothBones = {{0, 3, 1}, {4, 7, 5}};
    boned.physicsMeshes[1].clothBones = {{0, 2, 1}};
    out.push_back({"cloth-bones-valid.tweedc", writeCooked(boned), ""});
    const std::string validBones = writeCooked(boned);
    auto boneBytes = [&](const std::string &name, const std::string &refusal,
                         const std::function<void(CookedFile &)> &edit) {
        CookedFile f = parse(validBones);
        edit(f);
        out.push_back({name + ".tweedc", assemble(f), refusal});
    };
    for (const uint32_t v : {9u, 0xFFFFFFFFu})
        boneBytes("phys0-cloth-bone-vertex-" + std::to_string(v), "is out of range",
                  [&, vertex = v](CookedFile &f) {
                      putLe(chunk(f, "CBON", 0).payload, 8 + 12 + 4, vertex, 4); // bone 1's column
                  });
    boneBytes("cloth-bones-mesh-7", "physics mesh 7 is not among",
              [&](CookedFile &f) { putLe(chunk(f, "CBON", 1).payload, 0, 7, 4); });
    boneBytes("cloth-bones-twice", "has its bones twice",
              [&](CookedFile &f) { putLe(chunk(f, "CBON", 1).payload, 0, 0, 4); });
    boneBytes("cloth-bones-count-huge", "cloth bones: count",
              [&](CookedFile &f) { putLe(chunk(f, "CBON", 0).payload, 4, 1000000, 4); });

    // Unknown enumeration values in the bytes.
    bytes("collision0-shape-12", "unknown collision shape 12", [&](CookedFile &f) {
        std::string &pl = chunk(f, "COLL").payload;
        putLe(pl, 8 + getLe(pl, 4, 4), 12, 1);
    });
    bytes("phys0-method-200", "unknown generation method 200", [&](CookedFile &f) {
        std::string &pl = chunk(f, "PHYS", 0).payload;
        putLe(pl, physLayout(pl).method, 200, 1);
    });
    bytes("info-up-axis-9", "unknown up axis 9", [&](CookedFile &f) {
        std::string &pl = chunk(f, "INFO").payload;
        putLe(pl, pl.size() - 1, 9, 1);
    });
    bytes("phys0-position-bits-nan", "position is not finite", [&](CookedFile &f) {
        std::string &pl = chunk(f, "PHYS", 0).payload;
        putF32(pl, physLayout(pl).positions + 12 * 2, std::bit_cast<float>(0x7F800001u));
    });

    // Truncations, wrong lengths and counts, missing and repeated chunks.
    for (const char *tag : {"INFO", "SKEL", "PHYS", "GLOD", "COLL", "PEND", "SIMU"}) {
        bytes(std::string("truncated-") + tag, " left", [&](CookedFile &f) {
            std::string &pl = chunk(f, tag).payload;
            pl.resize(pl.size() - 3);
        });
        bytes(std::string("extended-") + tag, "unexpected bytes at the end of the chunk",
              [&](CookedFile &f) { chunk(f, tag).payload += std::string(5, '\0'); });
    }
    for (const char *tag : {"INFO", "SKEL", "COLL", "PEND", "SIMU"}) {
        bytes(std::string("missing-") + tag, std::string("chunk ") + tag + " is missing",
              [&](CookedFile &f) {
                  for (size_t i = 0; i < f.chunks.size(); ++i)
                      if (f.chunks[i].tag == tag) f.chunks.erase(f.chunks.begin() + long(i));
              });
        bytes(std::string("twice-") + tag, "appears twice",
              [&](CookedFile &f) { f.chunks.push_back(chunk(f, tag)); });
    }
    bytes("phys0-position-count-huge", "count 4294967295", [&](CookedFile &f) {
        putLe(chunk(f, "PHYS", 0).payload, physLayout(chunk(f, "PHYS", 0).payload).positions - 4,
              0xFFFFFFFFu, 4);
    });
    // (The last binding's first bytes are then read as the tetra skin map's count.)
    bytes("lod0-binding-count-short", "tetra skin map bindings: count",
          [&](CookedFile &f) {
              std::string &pl = chunk(f, "GLOD", 0).payload;
              putLe(pl, lodLayout(pl).bindings - 4, 19, 4);
          });
    bytes("phys1-index-count-short", "bytes, only", [&](CookedFile &f) {
        std::string &pl = chunk(f, "PHYS", 1).payload;
        putLe(pl, physLayout(pl).indices - 4, 5, 4);
    });
    // Whole-file damage: the header's size and the chunk headers' sizes disagree.
    auto whole = [&](const std::string &name, const std::string &refusal,
                     const std::function<void(std::string &)> &edit) {
        std::string b = valid;
        edit(b);
        fixCrc(b);
        out.push_back({name + ".tweedc", b, refusal});
    };
    whole("chunk-size-too-large", "announces",
          [&](std::string &b) { putLe(b, 24 + 8, 1u << 30, 8); });
    whole("chunk-size-too-small", "chunk INFO: truncated value",
          [&](std::string &b) { putLe(b, 24 + 8, 3, 8); });
    whole("chunk-version-2", "chunk version 2", [&](std::string &b) { putLe(b, 24 + 4, 2, 4); });
    for (const size_t keep : {size_t(30), size_t(100), valid.size() / 2, valid.size() - 40}) {
        // Cut the content and restate the header's size, so only the chunks can notice.
        whole("cut-at-" + std::to_string(keep),
              keep < 24 + 16 ? "truncated chunk header" : "announces", [&](std::string &b) {
                  b = b.substr(0, keep) + le(0, 4);
                  putLe(b, 16, keep - 24, 8);
              });
    }
    return out;
}

} // namespace tweed::test
