// Writing the sample character as glTF 2.0: a small JSON writer, the binary buffer, base64,
// and a PNG encoder for the coat's texture. No dependency beyond the C++ standard library.
#include "sample_character.h"
#include "sample_internal.h"

#include "tweed/file_io.h"

#include <charconv>
#include <cstring>

namespace tweed::sample {

namespace {

/// A JSON value kept in insertion order, so the output never depends on hashing.
struct Json
{
    enum class Type
    {
        Number,
        Integer,
        String,
        Bool,
        Array,
        Object
    };
    Type type = Type::Object;
    float number = 0; // glTF's floating-point data is single precision
    int64_t integer = 0;
    std::string text;
    std::vector<std::string> keys; // objects: keys[i] names items[i]
    std::vector<Json> items;

    static Json object() { return {}; }
    static Json array()
    {
        Json j;
        j.type = Type::Array;
        return j;
    }
    Json() = default;
    Json(float v) : type(Type::Number), number(v) {}
    Json(int v) : type(Type::Integer), integer(v) {}
    Json(size_t v) : type(Type::Integer), integer(int64_t(v)) {}
    Json(bool v) : type(Type::Bool), integer(v ? 1 : 0) {}
    Json(const char *v) : type(Type::String), text(v) {}
    Json(std::string v) : type(Type::String), text(std::move(v)) {}

    Json &set(const std::string &key, Json value)
    {
        keys.push_back(key);
        items.push_back(std::move(value));
        return *this;
    }
    Json &push(Json value)
    {
        items.push_back(std::move(value));
        return *this;
    }
    bool isScalar() const { return type != Type::Array && type != Type::Object; }
};

Json floats(std::initializer_list<float> values)
{
    Json j = Json::array();
    for (const float v : values)
        j.push(v);
    return j;
}

void writeString(std::string &out, const std::string &s)
{
    out += '"';
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    out += '"';
}

/// Two-space indentation; arrays of plain values stay on one line.
void writeJson(std::string &out, const Json &j, int indent)
{
    const std::string pad(size_t(indent + 2), ' ');
    switch (j.type) {
    case Json::Type::Number: {
        // Shortest text that reads back to the same float: exact and locale-independent.
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, j.number);
        out.append(buffer, result.ptr);
        break;
    }
    case Json::Type::Integer:
        out += std::to_string(j.integer);
        break;
    case Json::Type::Bool:
        out += j.integer ? "true" : "false";
        break;
    case Json::Type::String:
        writeString(out, j.text);
        break;
    case Json::Type::Array: {
        const bool flat = std::all_of(j.items.begin(), j.items.end(),
                                      [](const Json &item) { return item.isScalar(); });
        out += '[';
        for (size_t i = 0; i < j.items.size(); ++i) {
            out += i ? "," : "";
            if (flat) {
                out += i ? " " : "";
            } else {
                out += '\n';
                out += pad;
            }
            writeJson(out, j.items[i], indent + 2);
        }
        if (!flat && !j.items.empty()) out += '\n' + std::string(size_t(indent), ' ');
        out += ']';
        break;
    }
    case Json::Type::Object:
        out += '{';
        for (size_t i = 0; i < j.items.size(); ++i) {
            out += i ? ",\n" : "\n";
            out += pad;
            writeString(out, j.keys[i]);
            out += ": ";
            writeJson(out, j.items[i], indent + 2);
        }
        if (!j.items.empty()) out += '\n' + std::string(size_t(indent), ' ');
        out += '}';
        break;
    }
}

// glTF constants.
constexpr int kUnsignedByte = 5121;
constexpr int kUnsignedShort = 5123;
constexpr int kUnsignedInt = 5125;
constexpr int kFloat = 5126;
constexpr int kArrayBuffer = 34962;
constexpr int kElementArrayBuffer = 34963;

/// The binary buffer with its buffer views and accessors, one view per accessor, each view
/// starting on a four-byte boundary.
class Buffer
{
public:
    Json views = Json::array();
    Json accessors = Json::array();
    std::string bytes;

    template <class T>
    int add(const std::vector<T> &data, int target, int componentType, const char *type,
            size_t count, Json min = {}, Json max = {})
    {
        while (bytes.size() % 4)
            bytes += '\0';
        Json view = Json::object();
        view.set("buffer", 0)
            .set("byteOffset", bytes.size())
            .set("byteLength", data.size() * sizeof(T));
        if (target) view.set("target", target);
        bytes.append(reinterpret_cast<const char *>(data.data()), data.size() * sizeof(T));
        views.push(std::move(view));
        Json accessor = Json::object();
        accessor.set("bufferView", views.items.size() - 1)
            .set("componentType", componentType)
            .set("count", count)
            .set("type", type);
        if (min.type == Json::Type::Array) {
            accessor.set("min", std::move(min));
            accessor.set("max", std::move(max));
        }
        accessors.push(std::move(accessor));
        return int(accessors.items.size() - 1);
    }
};

static_assert(sizeof(Vec3) == 12 && sizeof(Vec2) == 8 && sizeof(Quat) == 16 && sizeof(Mat4) == 64,
              "math types are written to the buffer as packed floats");

Json meshJson(Buffer &buffer, const SkinnedMesh &mesh, int material)
{
    Vec3 lo = mesh.positions.front(), hi = lo;
    for (const Vec3 &p : mesh.positions) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    const size_t n = mesh.positions.size();
    Json attributes = Json::object();
    attributes.set("POSITION", buffer.add(mesh.positions, kArrayBuffer, kFloat, "VEC3", n,
                                          floats({lo.x, lo.y, lo.z}), floats({hi.x, hi.y, hi.z})));
    attributes.set("NORMAL", buffer.add(mesh.normals, kArrayBuffer, kFloat, "VEC3", n));
    attributes.set("TEXCOORD_0", buffer.add(mesh.uvs, kArrayBuffer, kFloat, "VEC2", n));
    attributes.set("JOINTS_0", buffer.add(mesh.joints, kArrayBuffer, kUnsignedByte, "VEC4", n));
    attributes.set("WEIGHTS_0", buffer.add(mesh.weights, kArrayBuffer, kFloat, "VEC4", n));
    int indices;
    if (n <= 65535) {
        const std::vector<uint16_t> shorts(mesh.indices.begin(), mesh.indices.end());
        indices = buffer.add(shorts, kElementArrayBuffer, kUnsignedShort, "SCALAR", shorts.size());
    } else {
        indices = buffer.add(mesh.indices, kElementArrayBuffer, kUnsignedInt, "SCALAR",
                             mesh.indices.size());
    }
    Json primitive = Json::object();
    primitive.set("attributes", std::move(attributes))
        .set("indices", indices)
        .set("material", material);
    Json json = Json::object();
    json.set("name", mesh.name).set("primitives", Json::array().push(std::move(primitive)));
    return json;
}

Json material(const char *name, std::initializer_list<float> colour, float roughness, int texture,
              bool doubleSided)
{
    Json pbr = Json::object();
    pbr.set("baseColorFactor", floats(colour));
    if (texture >= 0) pbr.set("baseColorTexture", Json::object().set("index", texture));
    pbr.set("metallicFactor", 0.0f).set("roughnessFactor", roughness);
    Json json = Json::object();
    json.set("name", name).set("pbrMetallicRoughness", std::move(pbr));
    if (doubleSided) json.set("doubleSided", true);
    return json;
}

Json animationJson(Buffer &buffer, const AnimationClip &clip, int firstBoneNode)
{
    const std::vector<Key<Quat>> &reference = clip.tracks.front().rotations;
    std::vector<float> times;
    for (const auto &key : reference)
        times.push_back(float(key.time));
    const int input = buffer.add(times, 0, kFloat, "SCALAR", times.size(), floats({times.front()}),
                                 floats({times.back()}));
    Json channels = Json::array(), samplers = Json::array();
    auto addChannel = [&](int node, const char *path, int output) {
        Json sampler = Json::object();
        sampler.set("input", input).set("interpolation", "LINEAR").set("output", output);
        samplers.push(std::move(sampler));
        Json target = Json::object();
        target.set("node", node).set("path", path);
        Json channel = Json::object();
        channel.set("sampler", samplers.items.size() - 1).set("target", std::move(target));
        channels.push(std::move(channel));
    };
    for (const BoneTrack &track : clip.tracks) {
        if (!track.translations.empty()) {
            std::vector<Vec3> values;
            for (const auto &key : track.translations)
                values.push_back(key.value);
            addChannel(firstBoneNode + track.bone, "translation",
                       buffer.add(values, 0, kFloat, "VEC3", values.size()));
        }
        std::vector<Quat> values;
        for (const auto &key : track.rotations)
            values.push_back(key.value);
        addChannel(firstBoneNode + track.bone, "rotation",
                   buffer.add(values, 0, kFloat, "VEC4", values.size()));
    }
    Json json = Json::object();
    json.set("name", clip.name)
        .set("channels", std::move(channels))
        .set("samplers", std::move(samplers));
    return json;
}

uint32_t crc32(const std::string &bytes)
{
    static const auto table = [] {
        std::array<uint32_t, 256> t{};
        for (uint32_t n = 0; n < 256; ++n) {
            uint32_t c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    uint32_t c = 0xffffffffu;
    for (const char ch : bytes)
        c = table[(c ^ uint8_t(ch)) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

void appendBigEndian(std::string &out, uint32_t v)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out += char((v >> shift) & 0xff);
}

uint32_t hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

} // namespace

std::string base64(const std::string &bytes)
{
    static const char *alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t n = std::min<size_t>(3, bytes.size() - i);
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16;
        if (n > 1) v |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        if (n > 2) v |= uint32_t(uint8_t(bytes[i + 2]));
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += n > 1 ? alphabet[(v >> 6) & 63] : '=';
        out += n > 2 ? alphabet[v & 63] : '=';
    }
    return out;
}

std::string encodePng(int width, int height, const std::vector<uint8_t> &rgb)
{
    auto chunk = [](std::string &out, const char *type, const std::string &data) {
        appendBigEndian(out, uint32_t(data.size()));
        const std::string typed = type + data;
        out += typed;
        appendBigEndian(out, crc32(typed));
    };
    std::string png("\x89PNG\r\n\x1a\n", 8);
    std::string header;
    appendBigEndian(header, uint32_t(width));
    appendBigEndian(header, uint32_t(height));
    header += std::string("\x08\x02\x00\x00\x00", 5); // 8 bits, RGB, deflate, no interlace
    chunk(png, "IHDR", header);

    // Scanlines with filter type 0, in a zlib stream of stored (uncompressed) deflate blocks.
    std::string raw;
    const size_t rowBytes = size_t(width) * 3;
    for (int y = 0; y < height; ++y) {
        raw += '\0';
        raw.append(reinterpret_cast<const char *>(rgb.data()) + size_t(y) * rowBytes, rowBytes);
    }
    std::string zlib("\x78\x01", 2);
    for (size_t offset = 0; offset < raw.size() || offset == 0;) {
        const size_t n = std::min<size_t>(65535, raw.size() - offset);
        const bool last = offset + n == raw.size();
        zlib += char(last ? 1 : 0);
        zlib += char(n & 0xff);
        zlib += char(n >> 8);
        zlib += char(~n & 0xff);
        zlib += char((~n >> 8) & 0xff);
        zlib.append(raw, offset, n);
        offset += n;
        if (last) break;
    }
    uint32_t a = 1, b = 0;
    for (const char ch : raw) {
        a = (a + uint8_t(ch)) % 65521;
        b = (b + a) % 65521;
    }
    appendBigEndian(zlib, (b << 16) | a);
    chunk(png, "IDAT", zlib);
    chunk(png, "IEND", {});
    return png;
}

std::vector<uint8_t> tweedTexture(int size)
{
    // Herringbone twill: threads two pixels wide, a 2/2 twill whose diagonal turns every eight
    // threads; brown warp, olive weft, each thread its own shade, and a few light flecks.
    std::vector<uint8_t> rgb;
    rgb.reserve(size_t(size) * size_t(size) * 3);
    const int threads = size / 2;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const int tx = x / 2, ty = y / 2;
            const bool turned = (tx / 8) % 2 == 1;
            const int diagonal = ((turned ? tx - ty : tx + ty) % 4 + 4) % 4;
            const bool warp = diagonal < 2;
            const uint32_t shade = hash(uint32_t(warp ? tx : threads + ty)) % 25;
            float r, g, b;
            if (warp) {
                r = 104.0f + float(shade);
                g = 80.0f + float(shade) * 0.8f;
                b = 54.0f + float(shade) * 0.5f;
            } else {
                r = 78.0f + float(shade) * 0.7f;
                g = 90.0f + float(shade);
                b = 56.0f + float(shade) * 0.5f;
            }
            // Thread edges a little darker, so the weave reads.
            const bool edge = warp ? (x % 2 == 0) : (y % 2 == 0);
            const float light = edge ? 0.86f : 1.0f;
            const bool fleck = hash(uint32_t(y * size + x) + 977u) % 53 == 0;
            rgb.push_back(uint8_t(fleck ? 178 : r * light));
            rgb.push_back(uint8_t(fleck ? 150 : g * light));
            rgb.push_back(uint8_t(fleck ? 96 : b * light));
        }
    return rgb;
}

} // namespace tweed::sample

namespace tweed {

std::string generateSampleGltf()
{
    using namespace sample;
    const Skeleton skeleton = makeSkeleton();
    const Shape shape;
    const std::vector<SkinnedMesh> meshes = {makeBody(shape), makeGarment(shape, false),
                                             makeGarment(shape, true)};
    const std::vector<AnimationClip> clips = makeClips(skeleton);

    Buffer buffer;
    Json nodes = Json::array();
    for (int i = 0; i < BoneCount; ++i) {
        const Bone &bone = skeleton.bones[size_t(i)];
        Json node = Json::object();
        node.set("name", bone.name);
        Json children = Json::array();
        for (int c = 0; c < BoneCount; ++c)
            if (skeleton.bones[size_t(c)].parent == i) children.push(c);
        if (!children.items.empty()) node.set("children", std::move(children));
        const Vec3 &t = bone.restLocal.translation;
        node.set("translation", floats({t.x, t.y, t.z}));
        nodes.push(std::move(node));
    }
    std::vector<Mat4> inverseBind;
    Json joints = Json::array();
    for (int i = 0; i < BoneCount; ++i) {
        inverseBind.push_back(skeleton.bones[size_t(i)].inverseBind);
        joints.push(i);
    }
    Json skin = Json::object();
    skin.set("name", "Armature")
        .set("inverseBindMatrices", buffer.add(inverseBind, 0, kFloat, "MAT4", inverseBind.size()))
        .set("skeleton", int(Hips))
        .set("joints", std::move(joints));

    Json meshesJson = Json::array();
    Json sceneNodes = Json::array().push(int(Hips));
    for (size_t m = 0; m < meshes.size(); ++m) {
        meshesJson.push(meshJson(buffer, meshes[m], int(m)));
        // Skinned mesh nodes sit at the root: glTF ignores their own transforms.
        Json node = Json::object();
        node.set("name", meshes[m].name).set("mesh", m).set("skin", 0);
        sceneNodes.push(nodes.items.size());
        nodes.push(std::move(node));
    }
    Json animations = Json::array();
    for (const AnimationClip &clip : clips)
        animations.push(animationJson(buffer, clip, 0));

    constexpr int textureSize = 64;
    const std::string png = encodePng(textureSize, textureSize, tweedTexture(textureSize));

    Json gltf = Json::object();
    gltf.set("asset", Json::object()
                          .set("version", "2.0")
                          .set("generator", "Tweed sample character generator (resources/sample)"));
    gltf.set("scene", 0);
    gltf.set("scenes",
             Json::array().push(
                 Json::object().set("name", "TweedSample").set("nodes", std::move(sceneNodes))));
    gltf.set("nodes", std::move(nodes));
    gltf.set("skins", Json::array().push(std::move(skin)));
    gltf.set("meshes", std::move(meshesJson));
    gltf.set("materials",
             Json::array()
                 .push(material("Skin", {0.80f, 0.62f, 0.50f, 1.0f}, 0.7f, -1, false))
                 .push(material("Tweed", {1.0f, 1.0f, 1.0f, 1.0f}, 0.9f, 0, true))
                 .push(material("Lining", {0.36f, 0.08f, 0.1f, 1.0f}, 0.45f, -1, true)));
    gltf.set("textures", Json::array().push(Json::object().set("sampler", 0).set("source", 0)));
    gltf.set("samplers", Json::array().push(Json::object()
                                                .set("magFilter", 9729)
                                                .set("minFilter", 9987)
                                                .set("wrapS", 10497)
                                                .set("wrapT", 10497)));
    gltf.set("images", Json::array().push(Json::object()
                                              .set("name", "tweed")
                                              .set("uri", "data:image/png;base64," + base64(png))));
    gltf.set("animations", std::move(animations));
    gltf.set("accessors", std::move(buffer.accessors));
    gltf.set("bufferViews", std::move(buffer.views));
    gltf.set("buffers", Json::array().push(Json::object()
                                               .set("byteLength", buffer.bytes.size())
                                               .set("uri", "data:application/octet-stream;base64," +
                                                               base64(buffer.bytes))));
    std::string out;
    writeJson(out, gltf, 0);
    out += '\n';
    return out;
}

void writeSampleGltf(const std::string &path)
{
    writeFileAtomically(path, generateSampleGltf());
}

} // namespace tweed
