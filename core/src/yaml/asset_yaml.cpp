// The .tweed format: the asset as YAML (schema in docs/formats.md). The writer produces the text
// itself, so the layout is fixed and byte-stable (one vertex per line, channels in rows, floats
// in their shortest round-trip form); the reader parses with yaml-cpp and converts every scalar
// itself with std::from_chars, so a float reads back to the very same bits.
#include "tweed/asset_file.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/validate.h"

#include <yaml-cpp/yaml.h>

#include <array>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <system_error>

namespace tweed {
namespace {

// =============================================================================================
// Migrations: kMigrations[i] upgrades a version i + 1 document in place to version i + 2. When
// the format changes, bump kAssetFormatVersion and append the upgrade of the previous version
// here (renamed keys, new keys with the value that keeps the old behaviour); the reader then
// runs every step from the file's version up to the current one before reading the document.
using Migration = void (*)(YAML::Node &root);

// 1 -> 2: garment submeshes have a layer role; before, every part built the physics mesh.
void addShellRoles(YAML::Node &root)
{
    const YAML::Node lods = root["lods"];
    if (!lods.IsSequence())
        return; // the reader reports it
    for (YAML::Node lod : lods) {
        if (!lod.IsMap() || !lod["mesh"].IsMap())
            continue;
        YAML::Node submeshes = lod["mesh"]["submeshes"];
        if (!submeshes.IsSequence())
            continue;
        for (YAML::Node sub : submeshes)
            if (sub.IsMap() && !sub["role"].IsDefined())
                sub["role"] = "shell";
    }
}

const std::array<Migration, kAssetFormatVersion - 1> kMigrations = {addShellRoles};

// =============================================================================================
// Writing

constexpr size_t kChannelValuesPerLine = 8;

void appendFloat(std::string &out, float v)
{
    if (std::isnan(v)) {
        out += ".nan";
        return;
    }
    if (std::isinf(v)) {
        out += v < 0 ? "-.inf" : ".inf";
        return;
    }
    char buf[32];
    const auto result = std::to_chars(buf, buf + sizeof buf, v); // shortest round-trip form
    out.append(buf, result.ptr);
}

template <class Int> void appendInt(std::string &out, Int v)
{
    char buf[24];
    const auto result = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, result.ptr);
}

void appendHex(std::string &out, uint32_t v)
{
    char buf[16] = {'0', 'x'};
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 8; ++i)
        buf[2 + i] = digits[(v >> (28 - 4 * i)) & 0xF];
    out.append(buf, 10);
}

bool isReservedWord(std::string_view s)
{
    std::string lower(s);
    for (char &c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    static const char *const words[] = {"null", "true", "false", "yes", "no",
                                        "on",   "off",  "y",     "n"};
    for (const char *w : words)
        if (lower == w) return true;
    return false;
}

/// Plain (unquoted) when that is unambiguous to any YAML reader: a letter or underscore, then
/// letters, digits, '_', '.', '-', '/' and single inner spaces. Anything else is double-quoted.
bool canBePlain(std::string_view s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    if (s.back() == ' ' || isReservedWord(s)) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
              c == '/' || c == ' ') ||
            static_cast<unsigned char>(c) >= 0x80)
            return false;
    return true;
}

/// A YAML scalar for s. Bytes >= 0x80 are written as they are (UTF-8 text stays readable, and
/// yaml-cpp passes them through unchanged); control characters are escaped.
void appendString(std::string &out, std::string_view s)
{
    if (canBePlain(s)) {
        out += s;
        return;
    }
    out += '"';
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (u < 0x20 || u == 0x7F) {
                static const char digits[] = "0123456789abcdef";
                out += "\\x";
                out += digits[u >> 4];
                out += digits[u & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

class TextWriter
{
public:
    std::string text;

    /// The next line starts a new element of the enclosing sequence: its indentation ends in
    /// "- " one level up.
    void beginItem() { mItemPending = true; }
    void indent(int level)
    {
        if (mItemPending) {
            text.append(size_t(level - 1) * 2, ' ');
            text += "- ";
            mItemPending = false;
        } else {
            text.append(size_t(level) * 2, ' ');
        }
    }
    /// "key: " at the given level; the caller appends the value.
    void key(int level, std::string_view name)
    {
        indent(level);
        text += name;
        text += ": ";
    }
    void end() { text += '\n'; }

    void string(int level, std::string_view name, std::string_view value)
    {
        key(level, name);
        appendString(text, value);
        end();
    }
    void number(int level, std::string_view name, float value)
    {
        key(level, name);
        appendFloat(text, value);
        end();
    }
    template <class Int> void integer(int level, std::string_view name, Int value)
    {
        key(level, name);
        appendInt(text, value);
        end();
    }
    void boolean(int level, std::string_view name, bool value)
    {
        key(level, name);
        text += value ? "true" : "false";
        end();
    }
    void floats(std::initializer_list<float> values)
    {
        text += '[';
        bool first = true;
        for (float v : values) {
            if (!first) text += ", ";
            first = false;
            appendFloat(text, v);
        }
        text += ']';
    }
    void vec3(int level, std::string_view name, const Vec3 &v)
    {
        key(level, name);
        floats({v.x, v.y, v.z});
        end();
    }
    void quat(int level, std::string_view name, const Quat &q)
    {
        key(level, name);
        floats({q.x, q.y, q.z, q.w});
        end();
    }

    /// A per-element array, one element per line: "name: # comment" then "- [..]" rows.
    template <class T, class F>
    void rows(int level, std::string_view name, const std::vector<T> &values, const char *comment,
              F writeRow)
    {
        key(level, name);
        if (values.empty()) {
            text += "[]";
            end();
            return;
        }
        if (comment) {
            text += "# ";
            text += comment;
        } else {
            text.pop_back(); // no trailing space after "name:"
        }
        end();
        for (const T &v : values) {
            indent(level + 1);
            text += "- ";
            writeRow(v);
            end();
        }
    }

    /// A flow sequence of scalars wrapped into lines of kChannelValuesPerLine.
    template <class T, class F>
    void wrapped(int level, std::string_view name, const std::vector<T> &values, F writeValue)
    {
        key(level, name);
        text += '[';
        for (size_t i = 0; i < values.size(); ++i) {
            if (i > 0) {
                text += ',';
                if (i % kChannelValuesPerLine == 0) {
                    end();
                    indent(level + 1);
                } else {
                    text += ' ';
                }
            }
            writeValue(values[i]);
        }
        text += ']';
        end();
    }

private:
    bool mItemPending = false;
};

void writeTransform(TextWriter &w, int level, const Transform &t)
{
    w.vec3(level, "translation", t.translation);
    w.quat(level, "rotation", t.rotation);
    w.vec3(level, "scale", t.scale);
}

void writeSkin(TextWriter &w, int level, const std::vector<BoneInfluence> &skin)
{
    w.rows(level, "skin", skin, "per vertex: 4 bone indices, then their 4 weights",
           [&](const BoneInfluence &b) {
               w.text += '[';
               for (int k = 0; k < kMaxBoneInfluences; ++k) {
                   appendInt(w.text, b.bones[size_t(k)]);
                   w.text += ", ";
               }
               for (int k = 0; k < kMaxBoneInfluences; ++k) {
                   if (k > 0) w.text += ", ";
                   appendFloat(w.text, b.weights[size_t(k)]);
               }
               w.text += ']';
           });
}

void writeTriangles(TextWriter &w, int level, const std::vector<uint32_t> &indices)
{
    // Rows of three; the structural checks guarantee a multiple of three.
    w.key(level, "triangles");
    if (indices.empty()) {
        w.text += "[]";
        w.end();
        return;
    }
    w.text.pop_back();
    w.end();
    for (size_t i = 0; i + 2 < indices.size(); i += 3) {
        w.indent(level + 1);
        w.text += "- [";
        appendInt(w.text, indices[i]);
        w.text += ", ";
        appendInt(w.text, indices[i + 1]);
        w.text += ", ";
        appendInt(w.text, indices[i + 2]);
        w.text += ']';
        w.end();
    }
}

void writeVec3Rows(TextWriter &w, int level, std::string_view name, const std::vector<Vec3> &v)
{
    w.rows(level, name, v, nullptr, [&](const Vec3 &p) { w.floats({p.x, p.y, p.z}); });
}

void writeChannels(TextWriter &w, int level, const PaintChannels &channels)
{
    w.key(level, "channels");
    w.text.pop_back();
    w.end();
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        w.wrapped(level + 1, channelName(FloatChannel(c)), channels.floats[c],
                  [&](float v) { appendFloat(w.text, v); });
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        w.wrapped(level + 1, channelName(MaskChannel(c)), channels.masks[c],
                  [&](uint32_t v) { appendHex(w.text, v); });
}

void openSection(TextWriter &w, int level, std::string_view name, bool empty)
{
    w.key(level, name);
    if (empty)
        w.text += "[]";
    else
        w.text.pop_back();
    w.end();
}

std::string writeText(const ClothingAsset &asset)
{
    TextWriter w;
    const std::vector<Bone> &bones = asset.skeleton.bones;
    auto boneRef = [&](int bone) -> std::string {
        if (bone < 0) return "null";
        std::string s;
        appendString(s, bones[size_t(bone)].name);
        return s;
    };

    w.text += "# Tweed clothing asset; the format is described in docs/formats.md.\n";
    w.string(0, "format", "tweed");
    w.integer(0, "version", kAssetFormatVersion);
    w.string(0, "name", asset.name);
    w.string(0, "preset", asset.presetName);

    w.key(0, "source");
    w.text.pop_back();
    w.end();
    w.string(1, "path", asset.source.path);
    w.string(1, "content_hash", asset.source.contentHash);
    w.number(1, "metres_per_unit", asset.source.units.metresPerUnit);
    static const char *const axes[] = {"y", "z", "x"};
    w.string(1, "up_axis", axes[size_t(asset.source.units.upAxis)]);

    openSection(w, 0, "skeleton", bones.empty());
    for (const Bone &bone : bones) {
        w.beginItem();
        w.key(2, "name");
        appendString(w.text, bone.name);
        w.end();
        w.key(2, "parent");
        w.text += boneRef(bone.parent);
        w.end();
        writeTransform(w, 2, bone.restLocal);
        w.key(2, "inverse_bind");
        w.text += '[';
        for (int i = 0; i < 16; ++i) {
            if (i > 0) w.text += ", ";
            appendFloat(w.text, bone.inverseBind.m[i]);
        }
        w.text += "] # column-major";
        w.end();
    }

    openSection(w, 0, "lods", asset.lods.empty());
    for (const GraphicsLod &lod : asset.lods) {
        w.beginItem();
        w.key(2, "physics_mesh");
        if (lod.physicsMesh < 0)
            w.text += "null";
        else
            appendInt(w.text, lod.physicsMesh);
        w.end();
        const GraphicsMesh &mesh = lod.mesh;
        w.key(2, "mesh");
        w.text.pop_back();
        w.end();
        w.string(3, "name", mesh.name);
        openSection(w, 3, "submeshes", mesh.submeshes.empty());
        for (const Submesh &sub : mesh.submeshes) {
            w.beginItem();
            w.key(5, "name");
            appendString(w.text, sub.name);
            w.end();
            w.string(5, "material", sub.material);
            w.string(5, "base_color_texture", sub.baseColorTexture);
            w.integer(5, "first_triangle", sub.firstTriangle);
            w.integer(5, "triangle_count", sub.triangleCount);
            w.string(5, "role", layerRoleName(sub.role));
        }
        writeVec3Rows(w, 3, "positions", mesh.positions);
        writeVec3Rows(w, 3, "normals", mesh.normals);
        w.rows(3, "tangents", mesh.tangents, "x, y, z, handedness", [&](const Vec4 &t) {
            w.floats({t.x, t.y, t.z, t.w});
        });
        w.rows(3, "uvs", mesh.uvs, nullptr, [&](const Vec2 &uv) { w.floats({uv.x, uv.y}); });
        writeSkin(w, 3, mesh.skin);
        writeTriangles(w, 3, mesh.indices);
        writeChannels(w, 2, lod.channels);
        w.rows(2, "skin_map", lod.skinMap.bindings,
               "per graphics vertex: physics triangle, then (u, v, h) of position, normal point, "
               "tangent point",
               [&](const SkinBinding &b) {
                   w.text += '[';
                   if (b.triangle == SkinMap::kUnbound)
                       w.text += "unbound";
                   else
                       appendInt(w.text, b.triangle);
                   for (const Vec3 *p : {&b.position, &b.normal, &b.tangent})
                       for (int i = 0; i < 3; ++i) {
                           w.text += ", ";
                           appendFloat(w.text, (*p)[i]);
                       }
                   w.text += ']';
               });
    }

    openSection(w, 0, "physics_meshes", asset.physicsMeshes.empty());
    for (const PhysicsMesh &pm : asset.physicsMeshes) {
        w.beginItem();
        writeVec3Rows(w, 2, "positions", pm.positions);
        writeTriangles(w, 2, pm.indices);
        writeSkin(w, 2, pm.skin);
        writeVec3Rows(w, 2, "normals", pm.normals);
        writeChannels(w, 2, pm.channels);

        const GenerationSettings &g = pm.settings;
        w.key(2, "generation");
        w.text.pop_back();
        w.end();
        w.string(3, "method", methodName(g.method));
        w.number(3, "weld_tolerance", g.weldTolerance);
        w.integer(3, "target_vertices", g.targetVertices);
        w.number(3, "target_edge_length", g.targetEdgeLength);
        w.number(3, "close_holes_below", g.closeHolesBelow);
        w.integer(3, "subdivisions", g.subdivisions);
        w.number(3, "voxel_size", g.voxelSize);
        w.number(3, "iso_offset", g.isoOffset);
        w.string(3, "custom_mesh", g.customMeshPath);
        w.string(3, "normals", normalSourceName(g.normals));
        w.key(3, "submeshes");
        w.text += '[';
        for (size_t i = 0; i < g.submeshes.size(); ++i) {
            if (i > 0) w.text += ", ";
            appendString(w.text, g.submeshes[i]);
        }
        w.text += ']';
        w.end();
        w.boolean(3, "use_physics_mask", g.usePhysicsMask);

        const GenerationReport &r = pm.report;
        w.key(2, "report");
        w.text.pop_back();
        w.end();
        w.integer(3, "vertices", r.vertices);
        w.integer(3, "triangles", r.triangles);
        w.integer(3, "components", r.components);
        w.integer(3, "boundary_loops", r.boundaryLoops);
        w.number(3, "surface_error_max", r.surfaceErrorMax);
        w.number(3, "surface_error_mean", r.surfaceErrorMean);
        w.number(3, "min_angle_degrees", r.minAngleDegrees);
        w.number(3, "edge_length_spread", r.edgeLengthSpread);
        w.integer(3, "skin_map_far_bindings", r.skinMapFarBindings);
        w.number(3, "skin_map_max_offset", r.skinMapMaxOffset);
        w.integer(3, "skin_map_failures", r.skinMapFailures);
    }

    openSection(w, 0, "collision_volumes", asset.collisionVolumes.empty());
    for (const CollisionVolume &cv : asset.collisionVolumes) {
        w.beginItem();
        w.key(2, "name");
        appendString(w.text, cv.name);
        w.end();
        w.string(2, "shape", shapeName(cv.shape));
        w.key(2, "bone");
        w.text += boneRef(cv.bone);
        w.end();
        writeTransform(w, 2, cv.local);
        w.vec3(2, "radii", cv.radii);
        w.number(2, "radius", cv.radius);
        w.number(2, "radius2", cv.radius2);
        w.number(2, "half_height", cv.halfHeight);
    }

    openSection(w, 0, "pendulum_bones", asset.pendulumBones.empty());
    for (const PendulumBone &pb : asset.pendulumBones) {
        w.beginItem();
        w.key(2, "bone");
        w.text += boneRef(pb.bone);
        w.end();
        w.number(2, "length", pb.length);
        w.number(2, "damping", pb.damping);
        w.number(2, "gravity_scale", pb.gravityScale);
        w.number(2, "max_angle_degrees", pb.maxAngleDegrees);
    }

    w.key(0, "simulation");
    w.text.pop_back();
    w.end();
    for (const SettingField &f : settingsFields()) {
        switch (f.kind) {
        case SettingKind::Float:
            w.number(1, f.key, asset.simulation.*f.floatMember);
            break;
        case SettingKind::Int:
            w.integer(1, f.key, asset.simulation.*f.intMember);
            break;
        case SettingKind::Bool:
            w.boolean(1, f.key, asset.simulation.*f.boolMember);
            break;
        case SettingKind::Enum: {
            // Out-of-range values (which validation reports) are kept as numbers.
            const int v = asset.simulation.*f.intMember;
            if (v >= 0 && size_t(v) < f.enumNames.size())
                w.string(1, f.key, f.enumNames[size_t(v)]);
            else
                w.integer(1, f.key, v);
            break;
        }
        }
    }
    return std::move(w.text);
}

// =============================================================================================
// Reading

/// Where a node sits in the document ("lods[0].mesh.positions[3]"), built only on failure.
struct Path
{
    const Path *parent = nullptr;
    const char *key = nullptr; ///< map key; null for a sequence element
    size_t index = 0;

    std::string str() const
    {
        if (!parent) // the document itself
            return key ? key : "";
        std::string s = parent->str();
        if (key) {
            if (!s.empty()) s += '.';
            s += key;
        } else {
            s += '[' + std::to_string(index) + ']';
        }
        return s;
    }
    Path operator/(const char *k) const { return {this, k, 0}; }
    Path operator[](size_t i) const { return {this, nullptr, i}; }
};

class TextReader
{
public:
    TextReader(const std::string &name, size_t textSize) : mName(name), mBudget(textSize) {}

    [[noreturn]] void fail(const YAML::Node &at, const Path *path, const std::string &what) const
    {
        std::string problem;
        const YAML::Mark mark = at.Mark();
        if (mark.line >= 0) problem = "line " + std::to_string(mark.line + 1) + ": ";
        if (path) {
            const std::string where = path->str();
            if (!where.empty()) problem += where + ": ";
        }
        throw FileError(mName, problem + what);
    }

    YAML::Node get(const YAML::Node &map, const char *key, const Path &path) const
    {
        if (!map.IsMap()) fail(map, &path, "expected a mapping of keys to values");
        const YAML::Node n = map[key];
        if (!n.IsDefined()) fail(map, &path, std::string("missing key '") + key + "'");
        return n;
    }

    /// A sequence; every element read is charged to a budget of the text's size, so a document
    /// that expands through YAML aliases beyond what its text could spell out is refused
    /// instead of exhausting memory.
    const YAML::Node &sequence(const YAML::Node &n, const Path &path, size_t expected = 0)
    {
        if (!n.IsSequence()) fail(n, &path, "expected a sequence");
        const size_t size = n.size();
        if (expected && size != expected)
            fail(n, &path,
                 "expected " + std::to_string(expected) + " values, found " + std::to_string(size));
        if (size > mBudget)
            fail(n, &path, "the document expands beyond its own size (YAML aliases?)");
        mBudget -= size;
        return n;
    }

    const std::string &scalar(const YAML::Node &n, const Path &path, const char *expected) const
    {
        if (!n.IsScalar()) fail(n, &path, std::string("expected ") + expected);
        return n.Scalar();
    }

    float number(const YAML::Node &n, const Path &path) const
    {
        std::string_view s = scalar(n, path, "a number");
        if (s == ".nan" || s == ".NaN" || s == ".NAN")
            return std::numeric_limits<float>::quiet_NaN();
        const bool negative = !s.empty() && s[0] == '-';
        if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
        if (s == ".inf" || s == ".Inf" || s == ".INF")
            return negative ? -std::numeric_limits<float>::infinity()
                            : std::numeric_limits<float>::infinity();
        float v = 0;
        const auto result = std::from_chars(s.data(), s.data() + s.size(), v);
        if (result.ec == std::errc::result_out_of_range)
            fail(n, &path, "number " + n.Scalar() + " is out of range for a 32-bit float");
        if (result.ec != std::errc() || result.ptr != s.data() + s.size() || s.empty() ||
            s[0] == '-' || s[0] == '+')
            fail(n, &path, "expected a number, found \"" + n.Scalar() + "\"");
        return negative ? -v : v;
    }

    template <class Int> Int integer(const YAML::Node &n, const Path &path) const
    {
        const std::string &s = scalar(n, path, "an integer");
        std::string_view digits = s;
        int base = 10;
        if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
            digits.remove_prefix(2);
            base = 16;
        }
        Int v = 0;
        const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
        if (result.ec == std::errc::result_out_of_range)
            fail(n, &path,
                 "integer " + s + " is out of range (" +
                     std::to_string(std::numeric_limits<Int>::min()) + " to " +
                     std::to_string(std::numeric_limits<Int>::max()) + ")");
        if (result.ec != std::errc() || result.ptr != digits.data() + digits.size() ||
            digits.empty())
            fail(n, &path, "expected an integer, found \"" + s + "\"");
        return v;
    }

    bool boolean(const YAML::Node &n, const Path &path) const
    {
        const std::string &s = scalar(n, path, "true or false");
        if (s == "true" || s == "True" || s == "TRUE") return true;
        if (s == "false" || s == "False" || s == "FALSE") return false;
        fail(n, &path, "expected true or false, found \"" + s + "\"");
    }

    std::string string(const YAML::Node &n, const Path &path) const
    {
        if (n.IsNull()) return {};
        return scalar(n, path, "a string");
    }

    template <class E>
    E enumeration(const YAML::Node &n, const Path &path,
                  std::optional<E> (*fromName)(std::string_view), const char *what,
                  const char *expected) const
    {
        const std::string &s = scalar(n, path, "a name");
        const std::optional<E> e = fromName(s);
        if (!e)
            fail(n, &path,
                 std::string("unknown ") + what + " \"" + s + "\" (expected one of: " + expected +
                     ")");
        return *e;
    }

    Vec3 vec3(const YAML::Node &n, const Path &path)
    {
        sequence(n, path, 3);
        return {number(n[0], path[0]), number(n[1], path[1]), number(n[2], path[2])};
    }
    Quat quat(const YAML::Node &n, const Path &path)
    {
        sequence(n, path, 4);
        return {number(n[0], path[0]), number(n[1], path[1]), number(n[2], path[2]),
                number(n[3], path[3])};
    }

    template <class T, class F>
    std::vector<T> rows(const YAML::Node &n, const Path &path, F readOne)
    {
        sequence(n, path);
        std::vector<T> out;
        out.reserve(n.size());
        size_t i = 0;
        for (const YAML::Node &element : n) {
            out.push_back(readOne(element, path[i]));
            ++i;
        }
        return out;
    }

    std::vector<Vec3> vec3Rows(const YAML::Node &n, const Path &path)
    {
        return rows<Vec3>(n, path, [&](const YAML::Node &e, const Path &p) { return vec3(e, p); });
    }

    const std::string &name() const { return mName; }

private:
    const std::string &mName;
    size_t mBudget;
};

/// Bone references by name: "null" is no bone (-1).
class BoneNames
{
public:
    BoneNames(TextReader &r, const Skeleton &skeleton) : mReader(r)
    {
        for (size_t i = 0; i < skeleton.bones.size(); ++i)
            mIndex.emplace(skeleton.bones[i].name, int(i));
    }
    int find(const YAML::Node &n, const Path &path) const
    {
        if (n.IsNull()) return -1;
        const std::string &name = mReader.scalar(n, path, "a bone name or null");
        const auto it = mIndex.find(name);
        if (it == mIndex.end()) mReader.fail(n, &path, "unknown bone \"" + name + "\"");
        return it->second;
    }

private:
    TextReader &mReader;
    std::map<std::string, int> mIndex;
};

Transform readTransform(TextReader &r, const YAML::Node &map, const Path &path)
{
    return {r.vec3(r.get(map, "translation", path), path / "translation"),
            r.quat(r.get(map, "rotation", path), path / "rotation"),
            r.vec3(r.get(map, "scale", path), path / "scale")};
}

std::vector<BoneInfluence> readSkin(TextReader &r, const YAML::Node &map, const Path &parent)
{
    const Path path = parent / "skin";
    return r.rows<BoneInfluence>(
        r.get(map, "skin", parent), path, [&](const YAML::Node &row, const Path &p) {
            r.sequence(row, p, 2 * kMaxBoneInfluences);
            BoneInfluence b;
            for (size_t k = 0; k < size_t(kMaxBoneInfluences); ++k) {
                b.bones[k] = r.integer<uint16_t>(row[k], p[k]);
                b.weights[k] = r.number(row[k + kMaxBoneInfluences], p[k + kMaxBoneInfluences]);
            }
            return b;
        });
}

std::vector<uint32_t> readTriangles(TextReader &r, const YAML::Node &map, const Path &parent)
{
    const Path path = parent / "triangles";
    const YAML::Node n = r.get(map, "triangles", parent);
    r.sequence(n, path);
    std::vector<uint32_t> indices;
    indices.reserve(n.size() * 3);
    size_t i = 0;
    for (const YAML::Node &row : n) {
        const Path p = path[i++];
        r.sequence(row, p, 3);
        for (size_t k = 0; k < 3; ++k)
            indices.push_back(r.integer<uint32_t>(row[k], p[k]));
    }
    return indices;
}

PaintChannels readChannels(TextReader &r, const YAML::Node &map, const Path &parent,
                           size_t vertexCount)
{
    const Path path = parent / "channels";
    const YAML::Node n = r.get(map, "channels", parent);
    PaintChannels channels;
    auto read = [&](std::string_view name, auto &values, auto readValue) {
        const std::string key(name);
        const Path p = path / key.c_str();
        const YAML::Node seq = r.get(n, key.c_str(), path);
        r.sequence(seq, p);
        if (seq.size() != vertexCount)
            r.fail(seq, &p,
                   "has " + std::to_string(seq.size()) + " values for " +
                       std::to_string(vertexCount) + " vertices");
        values.reserve(seq.size());
        size_t i = 0;
        for (const YAML::Node &e : seq)
            values.push_back(readValue(e, p[i++]));
    };
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        read(channelName(FloatChannel(c)), channels.floats[c],
             [&](const YAML::Node &e, const Path &p) { return r.number(e, p); });
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        read(channelName(MaskChannel(c)), channels.masks[c],
             [&](const YAML::Node &e, const Path &p) { return r.integer<uint32_t>(e, p); });
    return channels;
}

GraphicsMesh readGraphicsMesh(TextReader &r, const YAML::Node &map, const Path &path)
{
    GraphicsMesh mesh;
    mesh.name = r.string(r.get(map, "name", path), path / "name");
    const Path subPath = path / "submeshes";
    mesh.submeshes = r.rows<Submesh>(
        r.get(map, "submeshes", path), subPath, [&](const YAML::Node &n, const Path &p) {
            Submesh s;
            s.name = r.string(r.get(n, "name", p), p / "name");
            s.material = r.string(r.get(n, "material", p), p / "material");
            s.baseColorTexture =
                r.string(r.get(n, "base_color_texture", p), p / "base_color_texture");
            s.firstTriangle =
                r.integer<uint32_t>(r.get(n, "first_triangle", p), p / "first_triangle");
            s.triangleCount =
                r.integer<uint32_t>(r.get(n, "triangle_count", p), p / "triangle_count");
            s.role = r.enumeration<LayerRole>(r.get(n, "role", p), p / "role", layerRoleFromName,
                                              "layer role", "shell, rider");
            return s;
        });
    mesh.positions = r.vec3Rows(r.get(map, "positions", path), path / "positions");
    mesh.normals = r.vec3Rows(r.get(map, "normals", path), path / "normals");
    mesh.tangents = r.rows<Vec4>(r.get(map, "tangents", path), path / "tangents",
                                 [&](const YAML::Node &n, const Path &p) {
                                     r.sequence(n, p, 4);
                                     return Vec4{r.number(n[0], p[0]), r.number(n[1], p[1]),
                                                 r.number(n[2], p[2]), r.number(n[3], p[3])};
                                 });
    mesh.uvs = r.rows<Vec2>(r.get(map, "uvs", path), path / "uvs",
                            [&](const YAML::Node &n, const Path &p) {
                                r.sequence(n, p, 2);
                                return Vec2{r.number(n[0], p[0]), r.number(n[1], p[1])};
                            });
    mesh.skin = readSkin(r, map, path);
    mesh.indices = readTriangles(r, map, path);
    return mesh;
}

SkinMap readSkinMap(TextReader &r, const YAML::Node &map, const Path &parent)
{
    SkinMap skinMap;
    skinMap.bindings =
        r.rows<SkinBinding>(r.get(map, "skin_map", parent), parent / "skin_map",
                            [&](const YAML::Node &row, const Path &p) {
                                r.sequence(row, p, 10);
                                SkinBinding b;
                                const YAML::Node t = row[0];
                                b.triangle = t.IsScalar() && t.Scalar() == "unbound"
                                                 ? SkinMap::kUnbound
                                                 : r.integer<uint32_t>(t, p[0]);
                                Vec3 *points[] = {&b.position, &b.normal, &b.tangent};
                                for (size_t i = 0; i < 9; ++i)
                                    (*points[i / 3])[int(i % 3)] = r.number(row[i + 1], p[i + 1]);
                                return b;
                            });
    return skinMap;
}

GenerationSettings readGeneration(TextReader &r, const YAML::Node &map, const Path &path)
{
    GenerationSettings g;
    g.method = r.enumeration<GenerationMethod>(r.get(map, "method", path), path / "method",
                                               methodFromName, "generation method",
                                               "immediate, weld, simplify, iso, custom");
    g.weldTolerance = r.number(r.get(map, "weld_tolerance", path), path / "weld_tolerance");
    g.targetVertices =
        r.integer<uint32_t>(r.get(map, "target_vertices", path), path / "target_vertices");
    g.targetEdgeLength =
        r.number(r.get(map, "target_edge_length", path), path / "target_edge_length");
    g.closeHolesBelow = r.number(r.get(map, "close_holes_below", path), path / "close_holes_below");
    g.subdivisions = r.integer<uint32_t>(r.get(map, "subdivisions", path), path / "subdivisions");
    g.voxelSize = r.number(r.get(map, "voxel_size", path), path / "voxel_size");
    g.isoOffset = r.number(r.get(map, "iso_offset", path), path / "iso_offset");
    g.customMeshPath = r.string(r.get(map, "custom_mesh", path), path / "custom_mesh");
    g.normals = r.enumeration<NormalSource>(r.get(map, "normals", path), path / "normals",
                                            normalSourceFromName, "normal source", "mesh, bones");
    g.submeshes =
        r.rows<std::string>(r.get(map, "submeshes", path), path / "submeshes",
                            [&](const YAML::Node &n, const Path &p) { return r.string(n, p); });
    g.usePhysicsMask = r.boolean(r.get(map, "use_physics_mask", path), path / "use_physics_mask");
    return g;
}

GenerationReport readReport(TextReader &r, const YAML::Node &map, const Path &path)
{
    GenerationReport rep;
    auto u32 = [&](const char *key) {
        return r.integer<uint32_t>(r.get(map, key, path), path / key);
    };
    auto f32 = [&](const char *key) { return r.number(r.get(map, key, path), path / key); };
    rep.vertices = u32("vertices");
    rep.triangles = u32("triangles");
    rep.components = u32("components");
    rep.boundaryLoops = u32("boundary_loops");
    rep.surfaceErrorMax = f32("surface_error_max");
    rep.surfaceErrorMean = f32("surface_error_mean");
    rep.minAngleDegrees = f32("min_angle_degrees");
    rep.edgeLengthSpread = f32("edge_length_spread");
    rep.skinMapFarBindings = u32("skin_map_far_bindings");
    rep.skinMapMaxOffset = f32("skin_map_max_offset");
    rep.skinMapFailures = u32("skin_map_failures");
    return rep;
}

std::optional<UpAxis> upAxisFromName(std::string_view name)
{
    if (name == "y") return UpAxis::Y;
    if (name == "z") return UpAxis::Z;
    if (name == "x") return UpAxis::X;
    return std::nullopt;
}

/// Settings are the one place where a missing key is not an error: it takes the setting's
/// default, so adding a setting (one row in settingsFields()) keeps every existing file
/// readable without a format version. Unknown keys are ignored as everywhere.
SimulationSettings readSimulation(TextReader &r, const YAML::Node &map, const Path &path)
{
    if (!map.IsMap()) r.fail(map, &path, "expected a mapping of keys to values");
    SimulationSettings s;
    for (const SettingField &f : settingsFields()) {
        const YAML::Node n = map[f.key];
        if (!n.IsDefined()) continue;
        const Path p = path / f.key;
        switch (f.kind) {
        case SettingKind::Float:
            s.*f.floatMember = r.number(n, p);
            break;
        case SettingKind::Int:
            s.*f.intMember = r.integer<int>(n, p);
            break;
        case SettingKind::Bool:
            s.*f.boolMember = r.boolean(n, p);
            break;
        case SettingKind::Enum: {
            const std::string &name = r.scalar(n, p, "a name");
            bool found = false;
            for (size_t i = 0; i < f.enumNames.size() && !found; ++i)
                if (name == f.enumNames[i]) {
                    s.*f.intMember = int(i);
                    found = true;
                }
            if (!found && !name.empty() &&
                (std::isdigit(static_cast<unsigned char>(name[0])) || name[0] == '-')) {
                s.*f.intMember = r.integer<int>(n, p); // a number written for an invalid value
                found = true;
            }
            if (!found) {
                std::string expected;
                for (const char *e : f.enumNames)
                    expected += (expected.empty() ? "" : ", ") + std::string(e);
                r.fail(n, &p,
                       "unknown " + std::string(f.key) + " \"" + name +
                           "\" (expected one of: " + expected + ")");
            }
            break;
        }
        }
    }
    return s;
}

ClothingAsset readDocument(TextReader &r, YAML::Node root)
{
    const Path top;
    if (!root.IsMap())
        r.fail(root, nullptr,
               "not a .tweed file: expected a YAML mapping starting with "
               "'format: tweed'");
    const YAML::Node format = root["format"];
    if (!format.IsDefined() || !format.IsScalar() || format.Scalar() != "tweed")
        r.fail(root, nullptr, "not a .tweed file: the key 'format: tweed' is missing");
    const int version = r.integer<int>(r.get(root, "version", top), top / "version");
    if (version > kAssetFormatVersion)
        r.fail(root["version"], nullptr,
               "format version " + std::to_string(version) +
                   " is newer than this program reads (up to version " +
                   std::to_string(kAssetFormatVersion) + "); update Tweed to open it");
    if (version < 1)
        r.fail(root["version"], nullptr,
               "format version " + std::to_string(version) + " is not valid (versions start at 1)");
    for (int v = version; v < kAssetFormatVersion; ++v)
        kMigrations[size_t(v - 1)](root);

    ClothingAsset asset;
    asset.name = r.string(r.get(root, "name", top), top / "name");
    asset.presetName = r.string(r.get(root, "preset", top), top / "preset");

    const Path sourcePath = top / "source";
    const YAML::Node source = r.get(root, "source", top);
    asset.source.path = r.string(r.get(source, "path", sourcePath), sourcePath / "path");
    asset.source.contentHash =
        r.string(r.get(source, "content_hash", sourcePath), sourcePath / "content_hash");
    asset.source.units.metresPerUnit =
        r.number(r.get(source, "metres_per_unit", sourcePath), sourcePath / "metres_per_unit");
    asset.source.units.upAxis =
        r.enumeration<UpAxis>(r.get(source, "up_axis", sourcePath), sourcePath / "up_axis",
                              upAxisFromName, "up axis", "y, z, x");

    // Bones may only name parents that come before them, so the name table grows as we go.
    const Path skeletonPath = top / "skeleton";
    const YAML::Node skeleton = r.get(root, "skeleton", top);
    r.sequence(skeleton, skeletonPath);
    std::map<std::string, int> boneIndex;
    size_t b = 0;
    for (const YAML::Node &n : skeleton) {
        const Path p = skeletonPath[b++];
        Bone bone;
        bone.name = r.string(r.get(n, "name", p), p / "name");
        const YAML::Node parent = r.get(n, "parent", p);
        if (!parent.IsNull()) {
            const Path parentPath = p / "parent";
            const std::string &parentName = r.scalar(parent, parentPath, "a bone name or null");
            const auto it = boneIndex.find(parentName);
            if (it == boneIndex.end())
                r.fail(parent, &parentPath,
                       "\"" + parentName +
                           "\" is not a bone listed before this one (parents "
                           "come before their children)");
            bone.parent = it->second;
        }
        bone.restLocal = readTransform(r, n, p);
        const Path ibPath = p / "inverse_bind";
        const YAML::Node ib = r.get(n, "inverse_bind", p);
        r.sequence(ib, ibPath, 16);
        for (size_t i = 0; i < 16; ++i)
            bone.inverseBind.m[i] = r.number(ib[i], ibPath[i]);
        if (!boneIndex.emplace(bone.name, int(asset.skeleton.bones.size())).second)
            r.fail(n, &p, "bone name \"" + bone.name + "\" is used twice; bones need unique names");
        asset.skeleton.bones.push_back(std::move(bone));
    }
    const BoneNames bones(r, asset.skeleton);

    const Path lodsPath = top / "lods";
    asset.lods = r.rows<GraphicsLod>(
        r.get(root, "lods", top), lodsPath, [&](const YAML::Node &n, const Path &p) {
            GraphicsLod lod;
            const YAML::Node pm = r.get(n, "physics_mesh", p);
            lod.physicsMesh = pm.IsNull() ? -1 : r.integer<int>(pm, p / "physics_mesh");
            lod.mesh = readGraphicsMesh(r, r.get(n, "mesh", p), p / "mesh");
            lod.channels = readChannels(r, n, p, lod.mesh.vertexCount());
            lod.skinMap = readSkinMap(r, n, p);
            return lod;
        });

    asset.physicsMeshes = r.rows<PhysicsMesh>(
        r.get(root, "physics_meshes", top), top / "physics_meshes",
        [&](const YAML::Node &n, const Path &p) {
            PhysicsMesh pm;
            pm.positions = r.vec3Rows(r.get(n, "positions", p), p / "positions");
            pm.indices = readTriangles(r, n, p);
            pm.skin = readSkin(r, n, p);
            pm.normals = r.vec3Rows(r.get(n, "normals", p), p / "normals");
            pm.channels = readChannels(r, n, p, pm.vertexCount());
            pm.settings = readGeneration(r, r.get(n, "generation", p), p / "generation");
            pm.report = readReport(r, r.get(n, "report", p), p / "report");
            return pm;
        });

    asset.collisionVolumes = r.rows<CollisionVolume>(
        r.get(root, "collision_volumes", top), top / "collision_volumes",
        [&](const YAML::Node &n, const Path &p) {
            CollisionVolume cv;
            cv.name = r.string(r.get(n, "name", p), p / "name");
            cv.shape = r.enumeration<CollisionShape>(
                r.get(n, "shape", p), p / "shape", shapeFromName, "collision shape",
                "ellipsoid, sphere, capsule, tapered_capsule, plane");
            cv.bone = bones.find(r.get(n, "bone", p), p / "bone");
            cv.local = readTransform(r, n, p);
            cv.radii = r.vec3(r.get(n, "radii", p), p / "radii");
            cv.radius = r.number(r.get(n, "radius", p), p / "radius");
            cv.radius2 = r.number(r.get(n, "radius2", p), p / "radius2");
            cv.halfHeight = r.number(r.get(n, "half_height", p), p / "half_height");
            return cv;
        });

    asset.pendulumBones = r.rows<PendulumBone>(
        r.get(root, "pendulum_bones", top), top / "pendulum_bones",
        [&](const YAML::Node &n, const Path &p) {
            PendulumBone pb;
            pb.bone = bones.find(r.get(n, "bone", p), p / "bone");
            pb.length = r.number(r.get(n, "length", p), p / "length");
            pb.damping = r.number(r.get(n, "damping", p), p / "damping");
            pb.gravityScale = r.number(r.get(n, "gravity_scale", p), p / "gravity_scale");
            pb.maxAngleDegrees =
                r.number(r.get(n, "max_angle_degrees", p), p / "max_angle_degrees");
            return pb;
        });

    asset.simulation = readSimulation(r, r.get(root, "simulation", top), top / "simulation");
    return asset;
}

} // namespace

std::string writeAssetText(const ClothingAsset &asset, AssetChecks checks)
{
    const std::vector<std::string> problems =
        checks == AssetChecks::Safety ? safetyProblems(asset) : structuralProblems(asset);
    if (!problems.empty())
        throw InputError("the asset cannot be written: " + problemSummary(problems));
    const std::vector<Bone> &bones = asset.skeleton.bones;
    for (size_t b = 0; b < bones.size(); ++b)
        for (size_t other = 0; other < b; ++other)
            if (bones[other].name == bones[b].name)
                throw InputError("the asset cannot be written: bones " + std::to_string(other) +
                                 " and " + std::to_string(b) + " share the name \"" +
                                 bones[b].name + "\"; .tweed files refer to bones by name");
    return writeText(asset);
}

ClothingAsset readAssetText(const std::string &text, const std::string &name, AssetChecks checks)
{
    TextReader reader(name, text.size());
    ClothingAsset asset;
    try {
        asset = readDocument(reader, YAML::Load(text));
    } catch (const YAML::Exception &e) {
        std::string problem;
        if (e.mark.line >= 0)
            problem = "line " + std::to_string(e.mark.line + 1) + ", column " +
                      std::to_string(e.mark.column + 1) + ": ";
        throw FileError(name, problem + e.msg);
    }
    // The load checks: what makes the asset safe to simulate (docs/runtime.md).
    const std::vector<std::string> problems =
        checks == AssetChecks::Safety ? safetyProblems(asset) : structuralProblems(asset);
    if (!problems.empty()) throw FileError(name, problemSummary(problems));
    return asset;
}

void saveAsset(const ClothingAsset &asset, const std::string &path)
{
    std::string text;
    try {
        text = writeAssetText(asset);
    } catch (const FileError &) {
        throw;
    } catch (const InputError &e) {
        throw FileError(path, e.what());
    }
    writeFileAtomically(path, text);
}

ClothingAsset loadAsset(const std::string &path, AssetChecks checks)
{
    return readAssetText(readFileBytes(path), path, checks);
}

} // namespace tweed
