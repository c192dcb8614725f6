// The baked cloth-driven bones as binary FBX 7.5, written by Tweed (Assimp 5.2's binary FBX
// writer leaves out the null records its own reader and Blender require, and Blender reads no
// text FBX). The layout is the public one: a header, node records (end offset, property count
// and property list length as 64-bit values, the name, typed properties, nested records closed
// by a null record), and the footer. Arrays are stored uncompressed (encoding 0).
//
// Content: a Null model for the asset holding the character's bones and the cloth bones as
// LimbNode models (with Skeleton node attributes), the mesh model with its geometry (control
// points, triangles, normals and uvs per vertex, one material), a Skin deformer with one
// Cluster per joint (indexes, weights, Transform, TransformLink), a BindPose, and one
// animation stack with a layer and linear Euler curves for every joint. GlobalSettings declare
// the export transform's unit and axes.
#include "export_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstring>

namespace tweed {

namespace {

constexpr uint32_t kFbxVersion = 7500;
constexpr size_t kNullRecord = 25; // the null record of FBX 7.5 (three 64-bit zeros and a byte)
constexpr int64_t kTicksPerSecond = 46186158000;

// Fixed file id, creation time and footer id: FBX SDK-based readers check that they belong
// together, and these are the ones Blender's exporter writes.
constexpr unsigned char kFileId[16] = {0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2,
                                       0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1};
constexpr const char *kCreationTime = "1970-01-01 10:00:00:000";
constexpr unsigned char kFooterId[16] = {0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66,
                                         0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e};
constexpr unsigned char kFooterMagic[16] = {0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e,
                                            0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b};

// Values and arrays are copied as they lie in memory.
static_assert(std::endian::native == std::endian::little,
              "the FBX writer needs a little-endian host");

// Builds the file in memory: begin() writes a record's header with its end offset, property
// count and property length zero, the property calls append typed values, and end() writes the
// three once they are known.
class FbxWriter
{
public:
    FbxWriter()
    {
        const char magic[] = "Kaydara FBX Binary  ";
        mOut.append(magic, sizeof(magic)); // with its terminating zero
        mOut.push_back('\x1a');
        mOut.push_back('\0');
        put<uint32_t>(kFbxVersion);
    }

    void begin(std::string_view name)
    {
        if (!mStack.empty() && !mStack.back().hasChildren) {
            mStack.back().hasChildren = true; // its property list ends here
            mStack.back().propsEnd = mOut.size();
        }
        Record r;
        r.start = mOut.size();
        put<uint64_t>(0);
        put<uint64_t>(0);
        put<uint64_t>(0);
        mOut.push_back(char(uint8_t(name.size())));
        mOut.append(name);
        r.propsStart = mOut.size();
        mStack.push_back(r);
    }

    /// Closes the record; nested records (or none at all, nor properties) end with a null record,
    /// as do AnimationStack and AnimationLayer always (as the FBX SDK writes them).
    void end(bool forceNull = false)
    {
        Record &r = mStack.back();
        if (!r.hasChildren) r.propsEnd = mOut.size();
        if (r.hasChildren || r.props == 0 || forceNull) mOut.append(kNullRecord, '\0');
        patch(r.start, uint64_t(mOut.size()));
        patch(r.start + 8, r.props);
        patch(r.start + 16, uint64_t(r.propsEnd - r.propsStart));
        mStack.pop_back();
    }

    void boolean(bool v) { prop('C', uint8_t(v ? 1 : 0)); }
    void i32(int32_t v) { prop('I', v); }
    void f64(double v) { prop('D', v); }
    void i64(int64_t v) { prop('L', v); }
    void str(std::string_view s) { bytes('S', s.data(), s.size()); }
    void raw(const void *data, size_t size) { bytes('R', data, size); }
    void f64s(const std::vector<double> &v) { array('d', v); }
    void f32s(const std::vector<float> &v) { array('f', v); }
    void i32s(const std::vector<int32_t> &v) { array('i', v); }
    void i64s(const std::vector<int64_t> &v) { array('l', v); }

    // Convenience: a record holding one value.
    template <typename F> void single(std::string_view name, F &&value)
    {
        begin(name);
        value(*this);
        end();
    }

    std::string finish()
    {
        mOut.append(kNullRecord, '\0'); // the end of the top-level records
        mOut.append(reinterpret_cast<const char *>(kFooterId), 16);
        mOut.append(4, '\0');
        const size_t pad = 16 - mOut.size() % 16; // 1 to 16 bytes to a 16-byte boundary
        mOut.append(pad, '\0');
        put<uint32_t>(kFbxVersion);
        mOut.append(120, '\0');
        mOut.append(reinterpret_cast<const char *>(kFooterMagic), 16);
        return std::move(mOut);
    }

private:
    struct Record
    {
        size_t start = 0, propsStart = 0, propsEnd = 0;
        uint64_t props = 0;
        bool hasChildren = false;
    };

    template <typename T> void put(T v)
    {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T)); // FBX is little-endian, as the host (asserted above)
        mOut.append(b, sizeof(T));
    }
    void patch(size_t at, uint64_t v) { std::memcpy(mOut.data() + at, &v, 8); }
    template <typename T> void prop(char type, T v)
    {
        mOut.push_back(type);
        put<T>(v);
        ++mStack.back().props;
    }
    void bytes(char type, const void *data, size_t size)
    {
        mOut.push_back(type);
        put<uint32_t>(uint32_t(size));
        mOut.append(static_cast<const char *>(data), size);
        ++mStack.back().props;
    }
    template <typename T> void array(char type, const std::vector<T> &v)
    {
        mOut.push_back(type);
        put<uint32_t>(uint32_t(v.size()));
        put<uint32_t>(0); // encoding: plain
        put<uint32_t>(uint32_t(v.size() * sizeof(T)));
        mOut.append(reinterpret_cast<const char *>(v.data()), v.size() * sizeof(T));
        ++mStack.back().props;
    }

    std::string mOut;
    std::vector<Record> mStack;
};

// One P record of a Properties70 block: name, type, label, flags, then the values.
template <typename F>
void property(FbxWriter &w, std::string_view name, std::string_view type, std::string_view label,
              std::string_view flags, F &&values)
{
    w.begin("P");
    w.str(name);
    w.str(type);
    w.str(label);
    w.str(flags);
    values(w);
    w.end();
}

void intProperty(FbxWriter &w, std::string_view name, int32_t v)
{
    property(w, name, "int", "Integer", "", [&](FbxWriter &x) { x.i32(v); });
}
void enumProperty(FbxWriter &w, std::string_view name, int32_t v)
{
    property(w, name, "enum", "", "", [&](FbxWriter &x) { x.i32(v); });
}
void doubleProperty(FbxWriter &w, std::string_view name, double v)
{
    property(w, name, "double", "Number", "", [&](FbxWriter &x) { x.f64(v); });
}
void timeProperty(FbxWriter &w, std::string_view name, int64_t v)
{
    property(w, name, "KTime", "Time", "", [&](FbxWriter &x) { x.i64(v); });
}
void vectorProperty(FbxWriter &w, std::string_view name, const std::array<double, 3> &v)
{
    property(w, name, name, "", "A", [&](FbxWriter &x) {
        for (double c : v)
            x.f64(c);
    });
}

void intRecord(FbxWriter &w, std::string_view name, int32_t v)
{
    w.single(name, [&](FbxWriter &x) { x.i32(v); });
}
void stringRecord(FbxWriter &w, std::string_view name, std::string_view v)
{
    w.single(name, [&](FbxWriter &x) { x.str(v); });
}

// "name\0\1Class", the binary form of an object's name.
std::string objectName(const std::string &name, std::string_view cls)
{
    std::string out = name;
    out.push_back('\0');
    out.push_back('\1');
    out.append(cls);
    return out;
}

// The start of an object record: id, "name\0\1Class", subclass.
void beginObject(FbxWriter &w, std::string_view record, int64_t id, const std::string &name,
                 std::string_view cls, std::string_view subclass)
{
    w.begin(record);
    w.i64(id);
    w.str(objectName(name, cls));
    w.str(subclass);
}

std::vector<double> matrixValues(const Mat4 &m)
{
    return std::vector<double>(m.m, m.m + 16); // column-major, as FBX stores matrices
}

// Euler angles in degrees for FBX's default rotation order XYZ (R = Rz * Ry * Rx), of the two
// solutions and their turns by 360 degrees the one nearest `previous`, so curves do not jump.
std::array<double, 3> eulerXyz(const Quat &q, const std::array<double, 3> *previous)
{
    const double x = q.x, y = q.y, z = q.z, w = q.w;
    const double r00 = 1 - 2 * (y * y + z * z), r10 = 2 * (x * y + w * z),
                 r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x),
                 r22 = 1 - 2 * (x * x + y * y), r11 = 1 - 2 * (x * x + z * z),
                 r12 = 2 * (y * z - w * x);
    const double rad = 180.0 / double(kPi);
    std::array<double, 3> a;
    a[1] = std::asin(std::clamp(-r20, -1.0, 1.0));
    if (std::abs(r20) < 1 - 1e-9) {
        a[0] = std::atan2(r21, r22);
        a[2] = std::atan2(r10, r00);
    } else { // gimbal lock: the x and z rotations share an axis; x takes it all
        a[0] = std::atan2(-r12, r11);
        a[2] = 0;
    }
    for (double &c : a)
        c *= rad;
    if (!previous) return a;
    const std::array<double, 3> b{a[0] + 180, 180 - a[1], a[2] + 180};
    auto nearest = [&](std::array<double, 3> e, double &cost) {
        cost = 0;
        for (int i = 0; i < 3; ++i) {
            e[size_t(i)] += 360 * std::round(((*previous)[size_t(i)] - e[size_t(i)]) / 360);
            cost += std::abs(e[size_t(i)] - (*previous)[size_t(i)]);
        }
        return e;
    };
    double ca = 0, cb = 0;
    const std::array<double, 3> na = nearest(a, ca), nb = nearest(b, cb);
    return cb < ca ? nb : na;
}

// The KTime of a key.
int64_t fbxTime(double seconds)
{
    return int64_t(std::llround(seconds * double(kTicksPerSecond)));
}

// FBX's TimeMode for a frame rate (its fixed rates, else 14, custom).
int32_t timeMode(double fps)
{
    const std::pair<double, int32_t> modes[] = {{120, 1}, {100, 2}, {60, 3},  {50, 4},  {48, 5},
                                                {30, 6},  {25, 10}, {24, 11}, {96, 15}, {72, 16}};
    for (const auto &[rate, mode] : modes)
        if (std::abs(fps - rate) < 1e-9) return mode;
    return 14;
}

// An axis of the target as FBX's (index, sign).
std::pair<int32_t, int32_t> axisOf(const Vec3 &v)
{
    for (int32_t i = 0; i < 3; ++i)
        if (std::abs(v[size_t(i)]) > 0.5f) return {i, v[size_t(i)] > 0 ? 1 : -1};
    return {0, 1};
}

} // namespace

uint32_t writeBakedBonesFbx(const ClothingAsset &asset, const BakedBones &baked,
                            const std::string &path, const ExportOptions &options)
{
    const TargetSpace space(options.transform);
    const GraphicsMesh &g = asset.lods[size_t(options.lod)].mesh;
    const Skeleton &skeleton = asset.skeleton;
    const size_t nChar = skeleton.bones.size();
    const size_t joints = nChar + 1 + baked.bones.size();
    const size_t frames = baked.simulated.size();
    const size_t nv = g.vertexCount();
    const BakedNames names = bakedNames(asset, baked, options.lod);

    // Object ids; 0 is the scene.
    int64_t nextId = 1000;
    auto newId = [&] { return nextId++; };
    const int64_t rootId = newId(), meshModelId = newId(), geometryId = newId(),
                  materialId = newId(), skinId = newId(), poseId = newId(), stackId = newId(),
                  layerId = newId();
    std::vector<int64_t> modelId(joints), attributeId(joints), clusterId(joints), parentId(joints);
    for (size_t j = 0; j < joints; ++j) {
        modelId[j] = newId();
        attributeId[j] = newId();
        clusterId[j] = newId();
    }
    std::vector<Mat4> local(joints);
    for (size_t j = 0; j < joints; ++j) {
        if (j < nChar) {
            const int parent = skeleton.bones[j].parent;
            parentId[j] = parent >= 0 ? modelId[size_t(parent)] : rootId;
            local[j] = space.conjugate(Mat4::fromTransform(skeleton.bones[j].restLocal));
        } else if (j == nChar) {
            parentId[j] = rootId;
        } else {
            parentId[j] = modelId[nChar];
            local[j] = space.conjugate(baked.restFrames[j - nChar - 1]);
        }
    }
    const std::vector<Mat4> inverseBinds = bakedInverseBinds(skeleton, baked);
    std::vector<Mat4> inverseBindTarget(joints), bindGlobal(joints);
    for (size_t j = 0; j < joints; ++j) {
        inverseBindTarget[j] = space.conjugate(inverseBinds[j]);
        bindGlobal[j] = inverse(inverseBindTarget[j]);
    }

    // The animation: per joint but the static root, translation, rotation (Euler degrees) and,
    // when any key scales, scale; each a curve node with three curves.
    std::vector<int64_t> keyTimes(frames);
    for (size_t f = 0; f < frames; ++f)
        keyTimes[f] = fbxTime(double(baked.simulated[f].frame) / options.framesPerSecond);
    struct Channel
    {
        size_t joint;
        const char *property;  // "Lcl Translation", ...
        const char *shortName; // "T", "R", "S"
        std::array<std::vector<float>, 3> values;
        int64_t nodeId = 0;
        std::array<int64_t, 3> curveIds{};
    };
    std::vector<Channel> channels;
    for (size_t j = 0; j < joints; ++j) {
        if (j == nChar) continue;
        Channel t{j, "Lcl Translation", "T", {}}, r{j, "Lcl Rotation", "R", {}},
            s{j, "Lcl Scaling", "S", {}};
        bool scaled = false;
        std::array<double, 3> previous{};
        for (size_t f = 0; f < frames; ++f) {
            const Transform x = decompose(space.conjugate(bakedJointLocal(skeleton, baked, j, f)));
            const std::array<double, 3> e =
                eulerXyz(normalize(x.rotation), f > 0 ? &previous : nullptr);
            previous = e;
            for (size_t c = 0; c < 3; ++c) {
                t.values[c].push_back(x.translation[c]);
                r.values[c].push_back(float(e[c]));
                s.values[c].push_back(x.scale[c]);
                scaled = scaled || std::abs(x.scale[c] - 1) > 1e-5f;
            }
        }
        channels.push_back(std::move(t));
        channels.push_back(std::move(r));
        if (scaled) channels.push_back(std::move(s));
    }
    for (Channel &c : channels) {
        c.nodeId = newId();
        for (int64_t &id : c.curveIds)
            id = newId();
    }

    FbxWriter w;
    const std::string creator = "Tweed";
    w.begin("FBXHeaderExtension");
    intRecord(w, "FBXHeaderVersion", 1003);
    intRecord(w, "FBXVersion", int32_t(kFbxVersion));
    intRecord(w, "EncryptionType", 0);
    w.begin("CreationTimeStamp");
    intRecord(w, "Version", 1000);
    for (const auto &[field, value] : {std::pair<const char *, int32_t>{"Year", 1970},
                                       {"Month", 1},
                                       {"Day", 1},
                                       {"Hour", 10},
                                       {"Minute", 0},
                                       {"Second", 0},
                                       {"Millisecond", 0}})
        intRecord(w, field, value);
    w.end();
    stringRecord(w, "Creator", creator);
    w.end();
    w.single("FileId", [](FbxWriter &x) { x.raw(kFileId, sizeof(kFileId)); });
    stringRecord(w, "CreationTime", kCreationTime);
    stringRecord(w, "Creator", creator);

    // Units and axes of the target: UnitScaleFactor is centimetres per file unit.
    const double fps = options.framesPerSecond;
    const int64_t start = frames > 0 ? keyTimes.front() : 0;
    const int64_t stop = frames > 0 ? keyTimes.back() : 0;
    w.begin("GlobalSettings");
    intRecord(w, "Version", 1000);
    w.begin("Properties70");
    const auto [upAxis, upSign] = axisOf(space.direction({0, 1, 0}));
    const auto [frontAxis, frontSign] = axisOf(space.direction({0, 0, 1}));
    const auto [coordAxis, coordSign] = axisOf(space.direction({1, 0, 0}));
    intProperty(w, "UpAxis", upAxis);
    intProperty(w, "UpAxisSign", upSign);
    intProperty(w, "FrontAxis", frontAxis);
    intProperty(w, "FrontAxisSign", frontSign);
    intProperty(w, "CoordAxis", coordAxis);
    intProperty(w, "CoordAxisSign", coordSign);
    intProperty(w, "OriginalUpAxis", upAxis);
    intProperty(w, "OriginalUpAxisSign", upSign);
    doubleProperty(w, "UnitScaleFactor", 100.0 / double(options.transform.scale));
    doubleProperty(w, "OriginalUnitScaleFactor", 100.0 / double(options.transform.scale));
    enumProperty(w, "TimeMode", timeMode(fps));
    timeProperty(w, "TimeSpanStart", start);
    timeProperty(w, "TimeSpanStop", stop);
    doubleProperty(w, "CustomFrameRate", fps);
    w.end();
    w.end();

    w.begin("Documents");
    intRecord(w, "Count", 1);
    w.begin("Document");
    w.i64(newId());
    w.str("Scene");
    w.str("Scene");
    w.begin("RootNode");
    w.i64(0);
    w.end();
    w.end();
    w.end();
    w.begin("References");
    w.end();

    // Definitions: how many objects of each type follow.
    const std::pair<const char *, size_t> counts[] = {
        {"GlobalSettings", 1},
        {"NodeAttribute", joints},
        {"Geometry", 1},
        {"Model", joints + 2},
        {"Material", 1},
        {"Deformer", joints + 1},
        {"Pose", 1},
        {"AnimationStack", 1},
        {"AnimationLayer", 1},
        {"AnimationCurveNode", channels.size()},
        {"AnimationCurve", channels.size() * 3},
    };
    size_t total = 0;
    for (const auto &entry : counts)
        total += entry.second;
    w.begin("Definitions");
    intRecord(w, "Version", 100);
    intRecord(w, "Count", int32_t(total));
    for (const auto &[type, count] : counts) {
        w.begin("ObjectType");
        w.str(type);
        intRecord(w, "Count", int32_t(count));
        w.end();
    }
    w.end();

    w.begin("Objects");
    for (size_t j = 0; j < joints; ++j) {
        beginObject(w, "NodeAttribute", attributeId[j], names.joints[j], "NodeAttribute",
                    "LimbNode");
        w.begin("Properties70");
        doubleProperty(w, "Size", 1.0);
        w.end();
        stringRecord(w, "TypeFlags", "Skeleton");
        w.end();
    }

    // The geometry: control points are the graphics vertices, triangles end with a negated
    // index, normals and uvs per control point.
    beginObject(w, "Geometry", geometryId, names.mesh, "Geometry", "Mesh");
    w.begin("Properties70");
    w.end();
    intRecord(w, "GeometryVersion", 124);
    {
        const std::vector<Vec3> positions = space.points(g.positions);
        std::vector<double> v;
        v.reserve(3 * nv);
        for (const Vec3 &p : positions)
            v.insert(v.end(), {double(p.x), double(p.y), double(p.z)});
        w.single("Vertices", [&](FbxWriter &x) { x.f64s(v); });
        const std::vector<uint32_t> indices = space.triangles(g.indices);
        std::vector<int32_t> polygons(indices.begin(), indices.end());
        for (size_t i = 2; i < polygons.size(); i += 3)
            polygons[i] = ~polygons[i];
        w.single("PolygonVertexIndex", [&](FbxWriter &x) { x.i32s(polygons); });
    }
    if (g.normals.size() == nv) {
        const std::vector<Vec3> normals = gltf::unitNormals(space.directions(g.normals));
        std::vector<double> n;
        n.reserve(3 * nv);
        for (const Vec3 &d : normals)
            n.insert(n.end(), {double(d.x), double(d.y), double(d.z)});
        w.begin("LayerElementNormal");
        w.i32(0);
        intRecord(w, "Version", 101);
        stringRecord(w, "Name", "");
        stringRecord(w, "MappingInformationType", "ByVertice");
        stringRecord(w, "ReferenceInformationType", "Direct");
        w.single("Normals", [&](FbxWriter &x) { x.f64s(n); });
        w.end();
    }
    if (g.uvs.size() == nv) {
        std::vector<double> uv;
        uv.reserve(2 * nv);
        for (const Vec2 &t : g.uvs)
            uv.insert(uv.end(), {double(t.x), double(t.y)});
        w.begin("LayerElementUV");
        w.i32(0);
        intRecord(w, "Version", 101);
        stringRecord(w, "Name", "UVMap");
        stringRecord(w, "MappingInformationType", "ByVertice");
        stringRecord(w, "ReferenceInformationType", "Direct");
        w.single("UV", [&](FbxWriter &x) { x.f64s(uv); });
        w.end();
    }
    w.begin("LayerElementMaterial");
    w.i32(0);
    intRecord(w, "Version", 101);
    stringRecord(w, "Name", "");
    stringRecord(w, "MappingInformationType", "AllSame");
    stringRecord(w, "ReferenceInformationType", "IndexToDirect");
    w.single("Materials", [](FbxWriter &x) { x.i32s({0}); });
    w.end();
    w.begin("Layer");
    w.i32(0);
    intRecord(w, "Version", 100);
    for (const char *element : {"LayerElementNormal", "LayerElementUV", "LayerElementMaterial"}) {
        if (std::string_view(element) == "LayerElementNormal" && g.normals.size() != nv) continue;
        if (std::string_view(element) == "LayerElementUV" && g.uvs.size() != nv) continue;
        w.begin("LayerElement");
        stringRecord(w, "Type", element);
        intRecord(w, "TypedIndex", 0);
        w.end();
    }
    w.end();
    w.end(); // Geometry

    // Models: the asset's Null, the mesh, the joints.
    auto model = [&](int64_t id, const std::string &name, std::string_view type, const Mat4 &m) {
        beginObject(w, "Model", id, name, "Model", type);
        intRecord(w, "Version", 232);
        w.begin("Properties70");
        const Transform t = decompose(m);
        vectorProperty(w, "Lcl Translation",
                       {double(t.translation.x), double(t.translation.y), double(t.translation.z)});
        vectorProperty(w, "Lcl Rotation", eulerXyz(normalize(t.rotation), nullptr));
        vectorProperty(w, "Lcl Scaling", {double(t.scale.x), double(t.scale.y), double(t.scale.z)});
        intProperty(w, "DefaultAttributeIndex", 0);
        enumProperty(w, "InheritType", 1);
        w.end();
        intRecord(w, "MultiLayer", 0);
        intRecord(w, "MultiTake", 0);
        w.single("Shading", [](FbxWriter &x) { x.boolean(true); });
        stringRecord(w, "Culling", "CullingOff");
        w.end();
    };
    model(rootId, names.root, "Null", Mat4::identity());
    model(meshModelId, names.mesh, "Mesh", Mat4::identity());
    for (size_t j = 0; j < joints; ++j)
        model(modelId[j], names.joints[j], "LimbNode", local[j]);

    beginObject(w, "Material", materialId, names.mesh, "Material", "");
    intRecord(w, "Version", 102);
    stringRecord(w, "ShadingModel", "phong");
    intRecord(w, "MultiLayer", 0);
    w.begin("Properties70");
    w.end();
    w.end();

    // The skin: one cluster per joint, weights per control point.
    beginObject(w, "Deformer", skinId, names.mesh, "Deformer", "Skin");
    intRecord(w, "Version", 101);
    w.single("Link_DeformAcuracy", [](FbxWriter &x) { x.f64(50.0); });
    w.end();
    std::vector<std::vector<int32_t>> clusterIndexes(joints);
    std::vector<std::vector<double>> clusterWeights(joints);
    for (size_t v = 0; v < nv; ++v)
        for (size_t k = 0; k < kMaxBoneInfluences; ++k)
            if (baked.skin[v].weights[k] > 0) {
                clusterIndexes[baked.skin[v].bones[k]].push_back(int32_t(v));
                clusterWeights[baked.skin[v].bones[k]].push_back(baked.skin[v].weights[k]);
            }
    for (size_t j = 0; j < joints; ++j) {
        beginObject(w, "Deformer", clusterId[j], names.joints[j], "SubDeformer", "Cluster");
        intRecord(w, "Version", 100);
        w.begin("UserData");
        w.str("");
        w.str("");
        w.end();
        w.single("Indexes", [&](FbxWriter &x) { x.i32s(clusterIndexes[j]); });
        w.single("Weights", [&](FbxWriter &x) { x.f64s(clusterWeights[j]); });
        // As files store them: Transform is the inverse bind matrix (the joint's bind matrix
        // inverted times the mesh's, which is the identity), TransformLink the joint's bind
        // matrix and TransformAssociateModel the asset's root (the identity).
        w.single("Transform", [&](FbxWriter &x) { x.f64s(matrixValues(inverseBindTarget[j])); });
        w.single("TransformLink", [&](FbxWriter &x) { x.f64s(matrixValues(bindGlobal[j])); });
        w.single("TransformAssociateModel",
                 [](FbxWriter &x) { x.f64s(matrixValues(Mat4::identity())); });
        w.end();
    }

    beginObject(w, "Pose", poseId, names.root, "Pose", "BindPose");
    stringRecord(w, "Type", "BindPose");
    intRecord(w, "Version", 100);
    intRecord(w, "NbPoseNodes", int32_t(joints + 2));
    auto poseNode = [&](int64_t id, const Mat4 &m) {
        w.begin("PoseNode");
        w.single("Node", [&](FbxWriter &x) { x.i64(id); });
        w.single("Matrix", [&](FbxWriter &x) { x.f64s(matrixValues(m)); });
        w.end();
    };
    poseNode(rootId, Mat4::identity());
    poseNode(meshModelId, Mat4::identity());
    for (size_t j = 0; j < joints; ++j)
        poseNode(modelId[j], bindGlobal[j]);
    w.end();

    const std::string clipName = options.clip ? options.clip->name : "rest";
    beginObject(w, "AnimationStack", stackId, clipName, "AnimStack", "");
    w.begin("Properties70");
    timeProperty(w, "LocalStart", start);
    timeProperty(w, "LocalStop", stop);
    timeProperty(w, "ReferenceStart", start);
    timeProperty(w, "ReferenceStop", stop);
    w.end();
    w.end(true);
    beginObject(w, "AnimationLayer", layerId, "BaseLayer", "AnimLayer", "");
    w.end(true);
    const char *components[3] = {"d|X", "d|Y", "d|Z"};
    for (const Channel &c : channels) {
        beginObject(w, "AnimationCurveNode", c.nodeId, c.shortName, "AnimCurveNode", "");
        w.begin("Properties70");
        for (size_t k = 0; k < 3; ++k)
            property(w, components[k], "Number", "", "A",
                     [&](FbxWriter &x) { x.f64(c.values[k].empty() ? 0.0 : c.values[k][0]); });
        w.end();
        w.end();
    }
    const std::vector<int32_t> keyFlags{4 | (1 << 8) | (1 << 13) | (1 << 14)}; // linear keys
    const std::vector<float> keyData{0.0f, 0.0f, 9.419963346924634e-30f, 0.0f};
    const std::vector<int32_t> keyRefCount{int32_t(frames)};
    for (const Channel &c : channels)
        for (size_t k = 0; k < 3; ++k) {
            beginObject(w, "AnimationCurve", c.curveIds[k], "", "AnimCurve", "");
            w.single("Default",
                     [&](FbxWriter &x) { x.f64(c.values[k].empty() ? 0.0 : c.values[k][0]); });
            intRecord(w, "KeyVer", 4008);
            w.single("KeyTime", [&](FbxWriter &x) { x.i64s(keyTimes); });
            w.single("KeyValueFloat", [&](FbxWriter &x) { x.f32s(c.values[k]); });
            w.single("KeyAttrFlags", [&](FbxWriter &x) { x.i32s(keyFlags); });
            w.single("KeyAttrDataFloat", [&](FbxWriter &x) { x.f32s(keyData); });
            w.single("KeyAttrRefCount", [&](FbxWriter &x) { x.i32s(keyRefCount); });
            w.end();
        }
    w.end(); // Objects

    w.begin("Connections");
    auto connect = [&](int64_t child, int64_t parent, std::string_view property = {}) {
        w.begin("C");
        w.str(property.empty() ? "OO" : "OP");
        w.i64(child);
        w.i64(parent);
        if (!property.empty()) w.str(property);
        w.end();
    };
    connect(rootId, 0);
    connect(meshModelId, rootId);
    for (size_t j = 0; j < joints; ++j) {
        connect(modelId[j], parentId[j]);
        connect(attributeId[j], modelId[j]);
    }
    connect(geometryId, meshModelId);
    connect(materialId, meshModelId);
    connect(skinId, geometryId);
    for (size_t j = 0; j < joints; ++j) {
        connect(clusterId[j], skinId);
        connect(modelId[j], clusterId[j]);
    }
    connect(layerId, stackId);
    for (const Channel &c : channels) {
        connect(c.nodeId, layerId);
        connect(c.nodeId, modelId[c.joint], c.property);
        for (size_t k = 0; k < 3; ++k)
            connect(c.curveIds[k], c.nodeId, components[k]);
    }
    w.end();

    w.begin("Takes");
    stringRecord(w, "Current", clipName);
    w.begin("Take");
    w.str(clipName);
    stringRecord(w, "FileName", clipName + ".tak");
    w.begin("LocalTime");
    w.i64(start);
    w.i64(stop);
    w.end();
    w.begin("ReferenceTime");
    w.i64(start);
    w.i64(stop);
    w.end();
    w.end();
    w.end();

    writeFileAtomically(path, w.finish());
    return uint32_t(joints + 2);
}

} // namespace tweed
