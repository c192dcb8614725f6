// The .tweedc format: the asset cooked for a game (layout in docs/formats.md). Every value is
// written and read byte by byte in little-endian order, so the bytes do not depend on the
// host; every count is checked against the bytes that remain before anything is allocated.
#include "tweed/cooked.h"
#include "tweed/crc32.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/validate.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstring>
#include <map>
#include <type_traits>

namespace tweed {
namespace {

constexpr char kMagic[8] = {'T', 'W', 'E', 'E', 'D', 'C', '\r', '\n'};
constexpr size_t kHeaderSize = 24;      // magic, version, flags, chunk bytes
constexpr size_t kChunkHeaderSize = 16; // tag, chunk version, payload bytes
constexpr size_t kTrailerSize = 4;      // CRC-32
constexpr uint32_t kChunkVersion = 1;   // every chunk but GLOD
// GLOD version 2 (format version 2) adds each submesh's layer role; version 1 reads as shells.
// GLOD version 3 (format version 4) adds the soft body's tetra skin map; before it, none.
constexpr uint32_t kLodChunkVersion = 3;
// PHYS version 2 (format version 4) adds the iso contraction and the soft body's tetrahedra.
constexpr uint32_t kPhysicsChunkVersion = 2;
// COLL version 2 (format version 3) adds box and convex shapes and each volume's planes.
// Format version 4 adds the bend_scale channel (PHYS and GLOD channels are named, so the chunk
// versions stay): a file without it reads it as its stiffness_scale, which scaled bending too.
constexpr uint32_t kCollisionChunkVersion = 2;

uint32_t newestChunkVersion(const std::array<char, 4> &tag);

using Tag = std::array<char, 4>;
constexpr Tag kInfo = {'I', 'N', 'F', 'O'};
constexpr Tag kSkeleton = {'S', 'K', 'E', 'L'};
constexpr Tag kPhysicsMesh = {'P', 'H', 'Y', 'S'};
constexpr Tag kLod = {'G', 'L', 'O', 'D'};
constexpr Tag kCollision = {'C', 'O', 'L', 'L'};
constexpr Tag kPendulum = {'P', 'E', 'N', 'D'};
constexpr Tag kSimulation = {'S', 'I', 'M', 'U'};
// Cloth-driven bones of one physics mesh (after the PHYS chunks; absent when it has none).
// Readers that predate it skip it; files without it read with no bones.
constexpr Tag kClothBones = {'C', 'B', 'O', 'N'};
// The upper-jacket rig (format version 4; after PEND, absent when the asset has none). Readers
// that predate it skip it; files without it read with no rig.
constexpr Tag kRig = {'R', 'I', 'G', 'C'};

uint32_t newestChunkVersion(const Tag &tag)
{
    return tag == kLod           ? kLodChunkVersion
           : tag == kCollision   ? kCollisionChunkVersion
           : tag == kPhysicsMesh ? kPhysicsChunkVersion
                                 : kChunkVersion;
}

/// Setting value kinds in the SIMU chunk (SettingKind's values).
constexpr uint8_t kKindFloat = 0, kKindInt = 1, kKindBool = 2, kKindEnum = 3;

std::string tagText(const Tag &tag)
{
    std::string s;
    for (char c : tag) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7F) {
            s += c;
        } else {
            static const char digits[] = "0123456789abcdef";
            s += "\\x";
            s += digits[u >> 4];
            s += digits[u & 0xF];
        }
    }
    return s;
}

// =============================================================================================
// Writing

class ByteWriter
{
public:
    std::string bytes;

    void u8(uint8_t v) { bytes += char(v); }
    void u16(uint16_t v)
    {
        u8(uint8_t(v));
        u8(uint8_t(v >> 8));
    }
    void u32(uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            u8(uint8_t(v >> (8 * i)));
    }
    void u64(uint64_t v)
    {
        for (int i = 0; i < 8; ++i)
            u8(uint8_t(v >> (8 * i)));
    }
    void i32(int32_t v) { u32(uint32_t(v)); }
    void f32(float v) { u32(std::bit_cast<uint32_t>(v)); }
    void vec3(const Vec3 &v)
    {
        f32(v.x);
        f32(v.y);
        f32(v.z);
    }
    void count(size_t n) { u32(uint32_t(n)); }
    void str(std::string_view s)
    {
        count(s.size());
        bytes += s;
    }
    void patchU64(size_t at, uint64_t v)
    {
        for (int i = 0; i < 8; ++i)
            bytes[at + size_t(i)] = char(uint8_t(v >> (8 * i)));
    }

    /// A chunk: header, then whatever body() writes; the payload size is patched in after.
    template <class F> void chunk(const Tag &tag, F body)
    {
        bytes.append(tag.data(), 4);
        u32(newestChunkVersion(tag));
        const size_t sizeAt = bytes.size();
        u64(0);
        body();
        patchU64(sizeAt, bytes.size() - sizeAt - 8);
    }
};

void writeTransform(ByteWriter &w, const Transform &t)
{
    w.vec3(t.translation);
    w.f32(t.rotation.x);
    w.f32(t.rotation.y);
    w.f32(t.rotation.z);
    w.f32(t.rotation.w);
    w.vec3(t.scale);
}

void writeVec3s(ByteWriter &w, const std::vector<Vec3> &v)
{
    w.count(v.size());
    for (const Vec3 &x : v)
        w.vec3(x);
}

/// A skin map: the count, then per binding its element (triangle or tetrahedron) and points.
template <class Binding>
void writeBindings(ByteWriter &w, const std::vector<Binding> &bindings, uint32_t Binding::*element)
{
    w.count(bindings.size());
    for (const Binding &b : bindings) {
        w.u32(b.*element);
        w.vec3(b.position);
        w.vec3(b.normal);
        w.vec3(b.tangent);
    }
}

void writeIndices(ByteWriter &w, const std::vector<uint32_t> &v)
{
    w.count(v.size());
    for (uint32_t x : v)
        w.u32(x);
}

void writeSkin(ByteWriter &w, const std::vector<BoneInfluence> &skin)
{
    w.count(skin.size());
    for (const BoneInfluence &b : skin) {
        for (uint16_t bone : b.bones)
            w.u16(bone);
        for (float weight : b.weights)
            w.f32(weight);
    }
}

void writeChannels(ByteWriter &w, const PaintChannels &channels)
{
    w.count(kFloatChannelCount);
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        w.str(channelName(FloatChannel(c)));
        w.count(channels.floats[c].size());
        for (float v : channels.floats[c])
            w.f32(v);
    }
    w.count(kMaskChannelCount);
    for (size_t c = 0; c < kMaskChannelCount; ++c) {
        w.str(channelName(MaskChannel(c)));
        w.count(channels.masks[c].size());
        for (uint32_t v : channels.masks[c])
            w.u32(v);
    }
}

std::string writeBytes(const ClothingAsset &asset)
{
    ByteWriter w;
    w.bytes.append(kMagic, sizeof kMagic);
    w.u32(kCookedFormatVersion);
    w.u32(0); // flags: none defined
    w.u64(0); // chunk bytes, patched below

    w.chunk(kInfo, [&] {
        w.str(asset.name);
        w.str(asset.presetName);
        w.str(asset.source.path);
        w.str(asset.source.contentHash);
        w.f32(asset.source.units.metresPerUnit);
        w.u8(uint8_t(asset.source.units.upAxis));
    });

    w.chunk(kSkeleton, [&] {
        w.count(asset.skeleton.bones.size());
        for (const Bone &bone : asset.skeleton.bones) {
            w.str(bone.name);
            w.i32(bone.parent);
            writeTransform(w, bone.restLocal);
            for (float x : bone.inverseBind.m)
                w.f32(x);
        }
    });

    for (const PhysicsMesh &pm : asset.physicsMeshes)
        w.chunk(kPhysicsMesh, [&] {
            writeVec3s(w, pm.positions);
            writeIndices(w, pm.indices);
            writeSkin(w, pm.skin);
            writeVec3s(w, pm.normals);
            writeChannels(w, pm.channels);
            const GenerationSettings &g = pm.settings;
            w.u8(uint8_t(g.method));
            w.f32(g.weldTolerance);
            w.u32(g.targetVertices);
            w.f32(g.targetEdgeLength);
            w.f32(g.closeHolesBelow);
            w.u32(g.subdivisions);
            w.f32(g.voxelSize);
            w.f32(g.isoOffset);
            w.str(g.customMeshPath);
            w.u8(uint8_t(g.normals));
            w.count(g.submeshes.size());
            for (const std::string &s : g.submeshes)
                w.str(s);
            w.u8(g.usePhysicsMask ? 1 : 0);
            const GenerationReport &r = pm.report;
            w.u32(r.vertices);
            w.u32(r.triangles);
            w.u32(r.components);
            w.u32(r.boundaryLoops);
            w.f32(r.surfaceErrorMax);
            w.f32(r.surfaceErrorMean);
            w.f32(r.minAngleDegrees);
            w.f32(r.edgeLengthSpread);
            w.u32(r.skinMapFarBindings);
            w.f32(r.skinMapMaxOffset);
            w.u32(r.skinMapFailures);
            w.f32(g.isoContraction);
            writeIndices(w, pm.tetrahedra);
        });

    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const std::vector<ClothBoneDefinition> &bones = asset.physicsMeshes[p].clothBones;
        if (bones.empty()) continue;
        w.chunk(kClothBones, [&] {
            w.u32(uint32_t(p));
            w.count(bones.size());
            for (const ClothBoneDefinition &b : bones) {
                w.u32(b.pivot);
                w.u32(b.column);
                w.u32(b.row);
            }
        });
    }

    for (const GraphicsLod &lod : asset.lods)
        w.chunk(kLod, [&] {
            w.i32(lod.physicsMesh);
            const GraphicsMesh &mesh = lod.mesh;
            w.str(mesh.name);
            w.count(mesh.submeshes.size());
            for (const Submesh &s : mesh.submeshes) {
                w.str(s.name);
                w.str(s.material);
                w.str(s.baseColorTexture);
                w.u32(s.firstTriangle);
                w.u32(s.triangleCount);
                w.u8(uint8_t(s.role));
            }
            writeVec3s(w, mesh.positions);
            writeVec3s(w, mesh.normals);
            w.count(mesh.tangents.size());
            for (const Vec4 &t : mesh.tangents) {
                w.f32(t.x);
                w.f32(t.y);
                w.f32(t.z);
                w.f32(t.w);
            }
            w.count(mesh.uvs.size());
            for (const Vec2 &uv : mesh.uvs) {
                w.f32(uv.x);
                w.f32(uv.y);
            }
            writeSkin(w, mesh.skin);
            writeIndices(w, mesh.indices);
            writeChannels(w, lod.channels);
            writeBindings(w, lod.skinMap.bindings, &SkinBinding::triangle);
            writeBindings(w, lod.skinMap.tetraBindings, &TetraBinding::tetrahedron);
        });

    w.chunk(kCollision, [&] {
        w.count(asset.collisionVolumes.size());
        for (const CollisionVolume &cv : asset.collisionVolumes) {
            w.str(cv.name);
            w.u8(uint8_t(cv.shape));
            w.i32(cv.bone);
            writeTransform(w, cv.local);
            w.vec3(cv.radii);
            w.f32(cv.radius);
            w.f32(cv.radius2);
            w.f32(cv.halfHeight);
            w.count(cv.planes.size());
            for (const Vec4 &q : cv.planes)
                for (float x : {q.x, q.y, q.z, q.w})
                    w.f32(x);
        }
    });

    w.chunk(kPendulum, [&] {
        w.count(asset.pendulumBones.size());
        for (const PendulumBone &pb : asset.pendulumBones) {
            w.i32(pb.bone);
            w.f32(pb.length);
            w.f32(pb.damping);
            w.f32(pb.gravityScale);
            w.f32(pb.maxAngleDegrees);
        }
    });

    if (!asset.rigConstraints.empty())
        w.chunk(kRig, [&] {
            w.count(asset.rigConstraints.size());
            for (const RigConstraint &c : asset.rigConstraints) {
                w.u8(uint8_t(c.kind));
                w.i32(c.bone);
                w.i32(c.target);
                w.vec3(c.point);
                w.f32(c.weight);
            }
        });

    w.chunk(kSimulation, [&] {
        const auto fields = settingsFields();
        w.count(fields.size());
        for (const SettingField &f : fields) {
            w.str(f.key);
            switch (f.kind) {
            case SettingKind::Float:
                w.u8(kKindFloat);
                w.f32(asset.simulation.*f.floatMember);
                break;
            case SettingKind::Int:
                w.u8(kKindInt);
                w.i32(asset.simulation.*f.intMember);
                break;
            case SettingKind::Bool:
                w.u8(kKindBool);
                w.i32(asset.simulation.*f.boolMember ? 1 : 0);
                break;
            case SettingKind::Enum:
                w.u8(kKindEnum);
                w.i32(asset.simulation.*f.intMember);
                break;
            }
        }
    });

    w.patchU64(16, w.bytes.size() - kHeaderSize);
    w.u32(crc32(w.bytes));
    return std::move(w.bytes);
}

// =============================================================================================
// Reading

/// Reads one chunk's payload; every read checks the bytes left and names the chunk on failure.
class ByteReader
{
public:
    ByteReader(std::string_view bytes, const std::string &fileName, std::string chunk)
        : mBytes(bytes), mFileName(fileName), mChunk(std::move(chunk))
    {
    }

    [[noreturn]] void fail(const std::string &what) const
    {
        throw FileError(mFileName, mChunk + ": " + what);
    }

    size_t remaining() const { return mBytes.size() - mPos; }
    void need(size_t n, const char *what) const
    {
        if (n > remaining())
            fail(std::string("truncated ") + what + ": needs " + std::to_string(n) +
                 " bytes, only " + std::to_string(remaining()) + " left");
    }

    uint8_t u8() { return take(1, "value")[0]; }
    uint16_t u16()
    {
        const unsigned char *p = take(2, "value");
        return uint16_t(p[0] | (p[1] << 8));
    }
    uint32_t u32()
    {
        const unsigned char *p = take(4, "value");
        return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    }
    int32_t i32() { return int32_t(u32()); }
    float f32() { return std::bit_cast<float>(u32()); }
    Vec3 vec3()
    {
        const float x = f32(), y = f32();
        return {x, y, f32()};
    }
    bool flag(const char *what)
    {
        const uint8_t v = u8();
        if (v > 1) fail(std::string(what) + " is " + std::to_string(v) + ", expected 0 or 1");
        return v == 1;
    }

    /// An element count, refused unless that many elements of elementSize bytes can follow,
    /// so a corrupt or malicious count never allocates more than the file holds.
    size_t count(size_t elementSize, const char *what)
    {
        const uint32_t n = u32();
        if (uint64_t(n) * elementSize > remaining())
            fail(std::string(what) + ": count " + std::to_string(n) + " needs " +
                 std::to_string(uint64_t(n) * elementSize) + " bytes, only " +
                 std::to_string(remaining()) + " left");
        return n;
    }
    /// A counted array of `T`s whose bytes in the file are their little-endian memory image (the
    /// writer's u32/f32/u16 fields in declaration order, no padding), read in one copy.
    template <class T> std::vector<T> packedArray(const char *what)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        static_assert(std::endian::native == std::endian::little,
                      "the .tweedc reader copies little-endian arrays as they are");
        const size_t n = count(sizeof(T), what);
        const unsigned char *p = take(n * sizeof(T), what);
        std::vector<T> v(n);
        if (n > 0) std::memcpy(v.data(), p, n * sizeof(T));
        return v;
    }

    std::string str(const char *what)
    {
        const size_t n = count(1, what);
        const unsigned char *p = take(n, what);
        return std::string(reinterpret_cast<const char *>(p), n);
    }

    void finish() const
    {
        if (remaining() != 0)
            fail(std::to_string(remaining()) + " unexpected bytes at the end of the chunk");
    }

private:
    const unsigned char *take(size_t n, const char *what)
    {
        need(n, what);
        const auto *p = reinterpret_cast<const unsigned char *>(mBytes.data()) + mPos;
        mPos += n;
        return p;
    }

    std::string_view mBytes;
    size_t mPos = 0;
    const std::string &mFileName;
    std::string mChunk;
};

template <class E> E readEnum(ByteReader &r, E last, const char *what)
{
    const uint8_t v = r.u8();
    if (v > uint8_t(last)) r.fail(std::string("unknown ") + what + " " + std::to_string(v));
    return E(v);
}

Transform readTransform(ByteReader &r)
{
    Transform t;
    t.translation = r.vec3();
    t.rotation.x = r.f32();
    t.rotation.y = r.f32();
    t.rotation.z = r.f32();
    t.rotation.w = r.f32();
    t.scale = r.vec3();
    return t;
}

// The bulk arrays are copied whole (ByteReader::packedArray): their file layout is their memory
// layout, which these assertions pin down.
static_assert(sizeof(Vec2) == 8 && sizeof(Vec3) == 12 && sizeof(Vec4) == 16);
static_assert(sizeof(BoneInfluence) == 24 && offsetof(BoneInfluence, weights) == 8);
static_assert(sizeof(SkinBinding) == 40 && offsetof(SkinBinding, position) == 4 &&
              offsetof(SkinBinding, normal) == 16 && offsetof(SkinBinding, tangent) == 28);
static_assert(sizeof(TetraBinding) == 40 && offsetof(TetraBinding, position) == 4 &&
              offsetof(TetraBinding, normal) == 16 && offsetof(TetraBinding, tangent) == 28);

std::vector<Vec3> readVec3s(ByteReader &r, const char *what)
{
    return r.packedArray<Vec3>(what);
}

std::vector<uint32_t> readIndices(ByteReader &r)
{
    return r.packedArray<uint32_t>("indices");
}

std::vector<BoneInfluence> readSkin(ByteReader &r)
{
    return r.packedArray<BoneInfluence>("bone influences");
}

PaintChannels readChannels(ByteReader &r)
{
    PaintChannels channels;
    std::array<bool, kFloatChannelCount> seenFloat{};
    std::array<bool, kMaskChannelCount> seenMask{};
    // Channels are named so that a newer writer may add some: unknown names are skipped.
    const size_t floatCount = r.count(8, "float channels");
    for (size_t i = 0; i < floatCount; ++i) {
        const std::string name = r.str("channel name");
        const std::optional<FloatChannel> c = floatChannelFromName(name);
        std::vector<float> values = r.packedArray<float>("channel values");
        if (!c) continue;
        if (seenFloat[size_t(*c)]) r.fail("channel " + name + " appears twice");
        seenFloat[size_t(*c)] = true;
        channels[*c] = std::move(values);
    }
    const size_t maskCount = r.count(8, "mask channels");
    for (size_t i = 0; i < maskCount; ++i) {
        const std::string name = r.str("channel name");
        const std::optional<MaskChannel> c = maskChannelFromName(name);
        std::vector<uint32_t> values = r.packedArray<uint32_t>("channel values");
        if (!c) continue;
        if (seenMask[size_t(*c)]) r.fail("channel " + name + " appears twice");
        seenMask[size_t(*c)] = true;
        channels[*c] = std::move(values);
    }
    const size_t stiffness = size_t(FloatChannel::StiffnessScale);
    const size_t bend = size_t(FloatChannel::BendScale);
    if (!seenFloat[bend] && seenFloat[stiffness]) {
        channels.floats[bend] = channels.floats[stiffness];
        seenFloat[bend] = true;
    }
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        if (!seenFloat[c])
            r.fail("channel " + std::string(channelName(FloatChannel(c))) + " is missing");
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        if (!seenMask[c])
            r.fail("channel " + std::string(channelName(MaskChannel(c))) + " is missing");
    return channels;
}

void readInfo(ByteReader &r, ClothingAsset &asset)
{
    asset.name = r.str("asset name");
    asset.presetName = r.str("preset name");
    asset.source.path = r.str("source path");
    asset.source.contentHash = r.str("content hash");
    asset.source.units.metresPerUnit = r.f32();
    asset.source.units.upAxis = readEnum(r, UpAxis::X, "up axis");
}

void readSkeleton(ByteReader &r, Skeleton &skeleton)
{
    // A bone takes at least 4 (name length) + 4 + 40 + 64 bytes.
    skeleton.bones.resize(r.count(112, "bones"));
    for (Bone &bone : skeleton.bones) {
        bone.name = r.str("bone name");
        bone.parent = r.i32();
        bone.restLocal = readTransform(r);
        for (float &x : bone.inverseBind.m)
            x = r.f32();
    }
}

PhysicsMesh readPhysicsMesh(ByteReader &r, uint32_t chunkVersion)
{
    PhysicsMesh pm;
    pm.positions = readVec3s(r, "positions");
    pm.indices = readIndices(r);
    pm.skin = readSkin(r);
    pm.normals = readVec3s(r, "normals");
    pm.channels = readChannels(r);
    GenerationSettings &g = pm.settings;
    g.method = readEnum(r, GenerationMethod::Tetrahedra, "generation method");
    g.weldTolerance = r.f32();
    g.targetVertices = r.u32();
    g.targetEdgeLength = r.f32();
    g.closeHolesBelow = r.f32();
    g.subdivisions = r.u32();
    g.voxelSize = r.f32();
    g.isoOffset = r.f32();
    g.customMeshPath = r.str("custom mesh path");
    g.normals = readEnum(r, NormalSource::Bones, "normal source");
    g.submeshes.resize(r.count(4, "generation submeshes"));
    for (std::string &s : g.submeshes)
        s = r.str("submesh name");
    g.usePhysicsMask = r.flag("use physics mask");
    GenerationReport &rep = pm.report;
    rep.vertices = r.u32();
    rep.triangles = r.u32();
    rep.components = r.u32();
    rep.boundaryLoops = r.u32();
    rep.surfaceErrorMax = r.f32();
    rep.surfaceErrorMean = r.f32();
    rep.minAngleDegrees = r.f32();
    rep.edgeLengthSpread = r.f32();
    rep.skinMapFarBindings = r.u32();
    rep.skinMapMaxOffset = r.f32();
    rep.skinMapFailures = r.u32();
    if (chunkVersion >= 2) {
        g.isoContraction = r.f32();
        pm.tetrahedra = r.packedArray<uint32_t>("tetrahedra");
    }
    return pm;
}

GraphicsLod readLod(ByteReader &r, uint32_t chunkVersion)
{
    GraphicsLod lod;
    lod.physicsMesh = r.i32();
    GraphicsMesh &mesh = lod.mesh;
    mesh.name = r.str("mesh name");
    const bool roles = chunkVersion >= 2;
    mesh.submeshes.resize(r.count(roles ? 21 : 20, "submeshes"));
    for (Submesh &s : mesh.submeshes) {
        s.name = r.str("submesh name");
        s.material = r.str("material name");
        s.baseColorTexture = r.str("texture path");
        s.firstTriangle = r.u32();
        s.triangleCount = r.u32();
        if (roles) {
            const uint8_t role = r.u8();
            if (role > uint8_t(LayerRole::Rider))
                r.fail("submesh \"" + s.name + "\": unknown layer role " + std::to_string(role));
            s.role = LayerRole(role);
        }
    }
    mesh.positions = readVec3s(r, "positions");
    mesh.normals = readVec3s(r, "normals");
    mesh.tangents = r.packedArray<Vec4>("tangents");
    mesh.uvs = r.packedArray<Vec2>("uvs");
    mesh.skin = readSkin(r);
    mesh.indices = readIndices(r);
    lod.channels = readChannels(r);
    lod.skinMap.bindings = r.packedArray<SkinBinding>("skin map bindings");
    if (chunkVersion >= 3)
        lod.skinMap.tetraBindings = r.packedArray<TetraBinding>("tetra skin map bindings");
    return lod;
}

std::vector<CollisionVolume> readCollision(ByteReader &r, uint32_t chunkVersion)
{
    // name length 4 + shape 1 + bone 4 + transform 40 + radii 12 + three floats 12
    // (+ plane count 4 from version 2)
    const bool planes = chunkVersion >= 2;
    std::vector<CollisionVolume> volumes(r.count(planes ? 77 : 73, "collision volumes"));
    for (CollisionVolume &cv : volumes) {
        cv.name = r.str("volume name");
        cv.shape = readEnum(r, planes ? CollisionShape::Convex : CollisionShape::Plane,
                            "collision shape");
        cv.bone = r.i32();
        cv.local = readTransform(r);
        cv.radii = r.vec3();
        cv.radius = r.f32();
        cv.radius2 = r.f32();
        cv.halfHeight = r.f32();
        if (planes) {
            cv.planes.resize(r.count(16, "convex planes"));
            for (Vec4 &q : cv.planes)
                q = {r.f32(), r.f32(), r.f32(), r.f32()};
        }
    }
    return volumes;
}

std::vector<PendulumBone> readPendulums(ByteReader &r)
{
    std::vector<PendulumBone> bones(r.count(20, "pendulum bones"));
    for (PendulumBone &pb : bones) {
        pb.bone = r.i32();
        pb.length = r.f32();
        pb.damping = r.f32();
        pb.gravityScale = r.f32();
        pb.maxAngleDegrees = r.f32();
    }
    return bones;
}

std::vector<RigConstraint> readRig(ByteReader &r)
{
    std::vector<RigConstraint> rig(r.count(25, "rig constraints"));
    for (RigConstraint &c : rig) {
        c.kind = readEnum(r, RigConstraintKind::Position, "rig constraint kind");
        c.bone = r.i32();
        c.target = r.i32();
        c.point = r.vec3();
        c.weight = r.f32();
    }
    return rig;
}

SimulationSettings readSimulation(ByteReader &r)
{
    // Settings are keyed so that settings added later read as their defaults from older files
    // and newer files' extra settings are skipped.
    SimulationSettings s;
    const size_t n = r.count(9, "settings");
    for (size_t i = 0; i < n; ++i) {
        const std::string key = r.str("setting key");
        const uint8_t kind = r.u8();
        const uint32_t bits = r.u32();
        if (kind > kKindEnum)
            r.fail("setting " + key + " has unknown kind " + std::to_string(kind));
        const SettingField *f = findSetting(key);
        if (!f) continue;
        if (kind != uint8_t(f->kind))
            r.fail("setting " + key + " has kind " + std::to_string(kind) + ", expected " +
                   std::to_string(int(f->kind)));
        switch (f->kind) {
        case SettingKind::Float:
            s.*f->floatMember = std::bit_cast<float>(bits);
            break;
        case SettingKind::Int:
        case SettingKind::Enum:
            s.*f->intMember = int32_t(bits);
            break;
        case SettingKind::Bool:
            if (bits > 1)
                r.fail("setting " + key + " is " + std::to_string(bits) + ", expected 0 or 1");
            s.*f->boolMember = bits == 1;
            break;
        }
    }
    return s;
}

/// The chunk that holds what a problem of safetyProblems names ("physics mesh 0: ...").
Tag chunkOf(std::string_view problem)
{
    const std::pair<std::string_view, Tag> prefixes[] = {
        {"source", kInfo}, {"skeleton", kSkeleton},          {"physics mesh", kPhysicsMesh},
        {"lod", kLod},     {"collision volume", kCollision}, {"pendulum bone", kPendulum},
        {"rig constraint", kRig}};
    if (problem.starts_with("physics mesh") && problem.find(": cloth bone ") != problem.npos)
        return kClothBones;
    for (const auto &[prefix, tag] : prefixes)
        if (problem.starts_with(prefix)) return tag;
    return kSimulation; // "setting ..."
}

uint32_t readLe32(std::string_view bytes, size_t at)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v |= uint32_t(static_cast<unsigned char>(bytes[at + size_t(i)])) << (8 * i);
    return v;
}

uint64_t readLe64(std::string_view bytes, size_t at)
{
    return uint64_t(readLe32(bytes, at)) | uint64_t(readLe32(bytes, at + 4)) << 32;
}

ClothingAsset readBytes(std::string_view bytes, const std::string &name, AssetChecks checks)
{
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw FileError(name, "not a .tweedc file (the magic bytes \"TWEEDC\" are missing)");
    if (bytes.size() < kHeaderSize + kTrailerSize)
        throw FileError(name, "file is truncated: " + std::to_string(bytes.size()) +
                                  " bytes is shorter than the header");
    const uint32_t version = readLe32(bytes, 8);
    if (version > kCookedFormatVersion)
        throw FileError(name, "format version " + std::to_string(version) +
                                  " is newer than this program reads (up to version " +
                                  std::to_string(kCookedFormatVersion) +
                                  "); update Tweed or "
                                  "the game's reader to open it");
    if (version < 1) throw FileError(name, "format version 0 is not valid (versions start at 1)");
    const uint32_t flags = readLe32(bytes, 12);
    if (flags != 0)
        throw FileError(name,
                        "unsupported flags " + std::to_string(flags) + " (version 1 defines none)");
    const uint64_t chunkBytes = readLe64(bytes, 16);
    const uint64_t expected = kHeaderSize + kTrailerSize;
    if (chunkBytes > bytes.size() - expected)
        throw FileError(name, "file is truncated: the header announces " +
                                  std::to_string(chunkBytes + expected) + " bytes, the file has " +
                                  std::to_string(bytes.size()));
    if (chunkBytes < bytes.size() - expected)
        throw FileError(name, std::to_string(bytes.size() - expected - chunkBytes) +
                                  " unexpected bytes after the checksum");
    const size_t contentSize = kHeaderSize + size_t(chunkBytes);
    if (crc32(bytes.substr(0, contentSize)) != readLe32(bytes, contentSize))
        throw FileError(name, "checksum mismatch: the file is damaged");

    ClothingAsset asset;
    std::map<Tag, int> seen;
    int physicsIndex = 0, lodIndex = 0;
    size_t pos = kHeaderSize;
    while (pos < contentSize) {
        if (contentSize - pos < kChunkHeaderSize)
            throw FileError(name, "truncated chunk header at byte " + std::to_string(pos));
        Tag tag;
        std::memcpy(tag.data(), bytes.data() + pos, 4);
        const uint32_t chunkVersion = readLe32(bytes, pos + 4);
        const uint64_t size = readLe64(bytes, pos + 8);
        pos += kChunkHeaderSize;
        if (size > contentSize - pos)
            throw FileError(name, "chunk " + tagText(tag) + " at byte " +
                                      std::to_string(pos - kChunkHeaderSize) + " announces " +
                                      std::to_string(size) + " bytes, only " +
                                      std::to_string(contentSize - pos) + " follow");
        const std::string_view payload = bytes.substr(pos, size_t(size));
        pos += size_t(size);

        const bool known = tag == kInfo || tag == kSkeleton || tag == kPhysicsMesh || tag == kLod ||
                           tag == kCollision || tag == kPendulum || tag == kSimulation ||
                           tag == kClothBones || tag == kRig;
        if (!known) continue; // a newer writer's addition: skipped
        std::string label = "chunk " + tagText(tag);
        if (tag == kPhysicsMesh)
            label += " " + std::to_string(physicsIndex);
        else if (tag == kLod)
            label += " " + std::to_string(lodIndex);
        const uint32_t newest = newestChunkVersion(tag);
        if (chunkVersion < 1 || chunkVersion > newest)
            throw FileError(name, label + ": chunk version " + std::to_string(chunkVersion) +
                                      " is not supported (this reader knows version " +
                                      std::to_string(newest) + ")");
        if (++seen[tag] > 1 && tag != kPhysicsMesh && tag != kLod && tag != kClothBones)
            throw FileError(name, label + " appears twice");

        ByteReader r(payload, name, label);
        if (tag == kInfo) {
            readInfo(r, asset);
        } else if (tag == kSkeleton) {
            readSkeleton(r, asset.skeleton);
        } else if (tag == kPhysicsMesh) {
            asset.physicsMeshes.push_back(readPhysicsMesh(r, chunkVersion));
            ++physicsIndex;
        } else if (tag == kLod) {
            asset.lods.push_back(readLod(r, chunkVersion));
            ++lodIndex;
        } else if (tag == kClothBones) {
            const uint32_t mesh = r.u32();
            if (mesh >= asset.physicsMeshes.size())
                r.fail("physics mesh " + std::to_string(mesh) + " is not among the " +
                       std::to_string(asset.physicsMeshes.size()) + " before it");
            std::vector<ClothBoneDefinition> &bones = asset.physicsMeshes[mesh].clothBones;
            if (!bones.empty())
                r.fail("physics mesh " + std::to_string(mesh) + " has its bones twice");
            bones.resize(r.count(12, "cloth bones"));
            for (ClothBoneDefinition &b : bones) {
                b.pivot = r.u32();
                b.column = r.u32();
                b.row = r.u32();
            }
        } else if (tag == kCollision) {
            asset.collisionVolumes = readCollision(r, chunkVersion);
        } else if (tag == kPendulum) {
            asset.pendulumBones = readPendulums(r);
        } else if (tag == kRig) {
            asset.rigConstraints = readRig(r);
        } else {
            asset.simulation = readSimulation(r);
        }
        r.finish();
    }
    for (const Tag &required : {kInfo, kSkeleton, kCollision, kPendulum, kSimulation})
        if (!seen.count(required))
            throw FileError(name, "chunk " + tagText(required) + " is missing");

    // The load checks: what makes the asset safe to simulate (docs/runtime.md).
    const std::vector<std::string> problems = assetProblems(asset, checks);
    if (!problems.empty())
        throw FileError(name, "chunk " + tagText(chunkOf(problems.front())) + ": " +
                                  problemSummary(problems));
    return asset;
}

} // namespace

std::string writeCooked(const ClothingAsset &asset, AssetChecks checks)
{
    checkWritable(asset, checks);
    return writeBytes(asset);
}

ClothingAsset readCooked(std::string_view bytes, const std::string &name, AssetChecks checks)
{
    return readBytes(bytes, name, checks);
}

void saveCooked(const ClothingAsset &asset, const std::string &path)
{
    saveFileAtomically(path, [&] { return writeCooked(asset); });
}

ClothingAsset loadCooked(const std::string &path, AssetChecks checks)
{
    return readCooked(readFileBytes(path), path, checks);
}

} // namespace tweed
