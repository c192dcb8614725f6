// The .tweed reader (schema in docs/formats.md): it parses with libyaml's events into a compact
// tree (yaml_document.h) and converts every scalar itself with std::from_chars, so a float the
// writer wrote reads back to the very same bits. Every problem names the file and where in the
// document it sits.
#include "tweed/asset_file.h"

#include "asset_yaml_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/validate.h"

#include "yaml_document.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <system_error>

namespace tweed {
namespace {

// =============================================================================================
// Older versions: the reader knows the document's version (TextReader::version) and reads what a
// later version added with the value that keeps the old behaviour, where the key is absent in an
// older document (getSince). When the format changes, bump kAssetFormatVersion and read the new
// key that way. Version 2 added each garment part's layer role: before it, every part was a
// shell. Version 3 added each physics mesh's cloth-driven bones (cloth_bones): before it, none.
// Version 4 added the upper-jacket rig (rig_constraints), the soft body (each physics mesh's
// tetrahedra, each LoD's tetra_skin_map and the generation's iso_contraction; before it: no
// rig, none, none and 0) and the bend_scale paint channel (before it, stiffness_scale scaled
// bending too, so an older document's bend_scale is its stiffness_scale).

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

    /// The document's format version (set once read; the current one until then).
    int version = kAssetFormatVersion;
    /// The line (from 1) of each setting read, so that a setting the load checks refuse (out
    /// of its range, as a value cut short is) is named with its line.
    std::map<std::string, int, std::less<>> settingLines;

    [[noreturn]] void fail(const yaml::Node &at, const Path *path, const std::string &what) const
    {
        std::string problem;
        const yaml::Mark mark = at.Mark();
        if (mark.line >= 0) problem = "line " + std::to_string(mark.line + 1) + ": ";
        if (path) {
            const std::string where = path->str();
            if (!where.empty()) problem += where + ": ";
        }
        throw FileError(mName, problem + what);
    }

    yaml::Node get(const yaml::Node &map, const char *key, const Path &path) const
    {
        if (!map.IsMap()) fail(map, &path, "expected a mapping of keys to values");
        const yaml::Node n = map[key];
        if (!n.IsDefined()) fail(map, &path, std::string("missing key '") + key + "'");
        return n;
    }

    /// A key format version `since` added: undefined in an older document (the caller reads
    /// the old behaviour then), required from that version on.
    yaml::Node getSince(int since, const yaml::Node &map, const char *key, const Path &path) const
    {
        if (version < since && map.IsMap() && !map[key].IsDefined()) return {};
        return get(map, key, path);
    }

    /// A sequence; every element read is charged to a budget of the text's size, so a document
    /// that expands through YAML aliases beyond what its text could spell out is refused
    /// instead of exhausting memory.
    const yaml::Node &sequence(const yaml::Node &n, const Path &path, size_t expected = 0)
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

    std::string_view scalar(const yaml::Node &n, const Path &path, const char *expected) const
    {
        if (!n.IsScalar()) fail(n, &path, std::string("expected ") + expected);
        return n.Scalar();
    }

    float number(const yaml::Node &n, const Path &path) const
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
            fail(n, &path,
                 "number " + std::string(n.Scalar()) + " is out of range for a 32-bit float");
        if (result.ec != std::errc() || result.ptr != s.data() + s.size() || s.empty() ||
            s[0] == '-' || s[0] == '+')
            fail(n, &path, "expected a number, found \"" + std::string(n.Scalar()) + "\"");
        return negative ? -v : v;
    }

    template <class Int> Int integer(const yaml::Node &n, const Path &path) const
    {
        const std::string_view s = scalar(n, path, "an integer");
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
                 "integer " + std::string(s) + " is out of range (" +
                     std::to_string(std::numeric_limits<Int>::min()) + " to " +
                     std::to_string(std::numeric_limits<Int>::max()) + ")");
        if (result.ec != std::errc() || result.ptr != digits.data() + digits.size() ||
            digits.empty())
            fail(n, &path, "expected an integer, found \"" + std::string(s) + "\"");
        return v;
    }

    bool boolean(const yaml::Node &n, const Path &path) const
    {
        const std::string s(scalar(n, path, "true or false"));
        if (s == "true" || s == "True" || s == "TRUE") return true;
        if (s == "false" || s == "False" || s == "FALSE") return false;
        fail(n, &path, "expected true or false, found \"" + s + "\"");
    }

    std::string string(const yaml::Node &n, const Path &path) const
    {
        if (n.IsNull()) return {};
        return std::string(scalar(n, path, "a string"));
    }

    template <class E>
    E enumeration(const yaml::Node &n, const Path &path,
                  std::optional<E> (*fromName)(std::string_view), const char *what,
                  const char *expected) const
    {
        const std::string s(scalar(n, path, "a name"));
        const std::optional<E> e = fromName(s);
        if (!e)
            fail(n, &path,
                 std::string("unknown ") + what + " \"" + s + "\" (expected one of: " + expected +
                     ")");
        return *e;
    }

    Vec3 vec3(const yaml::Node &n, const Path &path)
    {
        sequence(n, path, 3);
        return {number(n[0], path[0]), number(n[1], path[1]), number(n[2], path[2])};
    }
    Quat quat(const yaml::Node &n, const Path &path)
    {
        sequence(n, path, 4);
        return {number(n[0], path[0]), number(n[1], path[1]), number(n[2], path[2]),
                number(n[3], path[3])};
    }

    template <class T, class F>
    std::vector<T> rows(const yaml::Node &n, const Path &path, F readOne)
    {
        sequence(n, path);
        std::vector<T> out;
        out.reserve(n.size());
        size_t i = 0;
        for (const yaml::Node &element : n) {
            out.push_back(readOne(element, path[i]));
            ++i;
        }
        return out;
    }

    std::vector<Vec3> vec3Rows(const yaml::Node &n, const Path &path)
    {
        return rows<Vec3>(n, path, [&](const yaml::Node &e, const Path &p) { return vec3(e, p); });
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
    int find(const yaml::Node &n, const Path &path) const
    {
        if (n.IsNull()) return -1;
        const std::string name(mReader.scalar(n, path, "a bone name or null"));
        const auto it = mIndex.find(name);
        if (it == mIndex.end()) mReader.fail(n, &path, "unknown bone \"" + name + "\"");
        return it->second;
    }

private:
    TextReader &mReader;
    std::map<std::string, int> mIndex;
};

Transform readTransform(TextReader &r, const yaml::Node &map, const Path &path)
{
    return {r.vec3(r.get(map, "translation", path), path / "translation"),
            r.quat(r.get(map, "rotation", path), path / "rotation"),
            r.vec3(r.get(map, "scale", path), path / "scale")};
}

std::vector<BoneInfluence> readSkin(TextReader &r, const yaml::Node &map, const Path &parent)
{
    const Path path = parent / "skin";
    return r.rows<BoneInfluence>(
        r.get(map, "skin", parent), path, [&](const yaml::Node &row, const Path &p) {
            r.sequence(row, p, 2 * kMaxBoneInfluences);
            BoneInfluence b;
            for (size_t k = 0; k < size_t(kMaxBoneInfluences); ++k) {
                b.bones[k] = r.integer<uint16_t>(row[k], p[k]);
                b.weights[k] = r.number(row[k + kMaxBoneInfluences], p[k + kMaxBoneInfluences]);
            }
            return b;
        });
}

std::vector<uint32_t> readTriangles(TextReader &r, const yaml::Node &map, const Path &parent)
{
    const Path path = parent / "triangles";
    const yaml::Node n = r.get(map, "triangles", parent);
    r.sequence(n, path);
    std::vector<uint32_t> indices;
    indices.reserve(n.size() * 3);
    size_t i = 0;
    for (const yaml::Node &row : n) {
        const Path p = path[i++];
        r.sequence(row, p, 3);
        for (size_t k = 0; k < 3; ++k)
            indices.push_back(r.integer<uint32_t>(row[k], p[k]));
    }
    return indices;
}

PaintChannels readChannels(TextReader &r, const yaml::Node &map, const Path &parent,
                           size_t vertexCount)
{
    const Path path = parent / "channels";
    const yaml::Node n = r.get(map, "channels", parent);
    PaintChannels channels;
    auto read = [&](std::string_view name, auto &values, auto readValue) {
        const std::string key(name);
        const Path p = path / key.c_str();
        const yaml::Node seq = r.get(n, key.c_str(), path);
        r.sequence(seq, p);
        if (seq.size() != vertexCount)
            r.fail(seq, &p,
                   "has " + std::to_string(seq.size()) + " values for " +
                       std::to_string(vertexCount) + " vertices");
        values.reserve(seq.size());
        size_t i = 0;
        for (const yaml::Node &e : seq)
            values.push_back(readValue(e, p[i++]));
    };
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        if (FloatChannel(c) == FloatChannel::BendScale &&
            !r.getSince(4, n, "bend_scale", path).IsDefined()) {
            channels[FloatChannel::BendScale] = channels[FloatChannel::StiffnessScale];
            continue;
        }
        read(channelName(FloatChannel(c)), channels.floats[c],
             [&](const yaml::Node &e, const Path &p) { return r.number(e, p); });
    }
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        read(channelName(MaskChannel(c)), channels.masks[c],
             [&](const yaml::Node &e, const Path &p) { return r.integer<uint32_t>(e, p); });
    return channels;
}

GraphicsMesh readGraphicsMesh(TextReader &r, const yaml::Node &map, const Path &path)
{
    GraphicsMesh mesh;
    mesh.name = r.string(r.get(map, "name", path), path / "name");
    const Path subPath = path / "submeshes";
    mesh.submeshes = r.rows<Submesh>(
        r.get(map, "submeshes", path), subPath, [&](const yaml::Node &n, const Path &p) {
            Submesh s;
            s.name = r.string(r.get(n, "name", p), p / "name");
            s.material = r.string(r.get(n, "material", p), p / "material");
            s.baseColorTexture =
                r.string(r.get(n, "base_color_texture", p), p / "base_color_texture");
            s.firstTriangle =
                r.integer<uint32_t>(r.get(n, "first_triangle", p), p / "first_triangle");
            s.triangleCount =
                r.integer<uint32_t>(r.get(n, "triangle_count", p), p / "triangle_count");
            const yaml::Node role = r.getSince(2, n, "role", p);
            s.role = role.IsDefined() ? r.enumeration<LayerRole>(role, p / "role", layerRoleFromName,
                                                                 "layer role", "shell, rider")
                                      : LayerRole::Shell;
            return s;
        });
    mesh.positions = r.vec3Rows(r.get(map, "positions", path), path / "positions");
    mesh.normals = r.vec3Rows(r.get(map, "normals", path), path / "normals");
    mesh.tangents = r.rows<Vec4>(r.get(map, "tangents", path), path / "tangents",
                                 [&](const yaml::Node &n, const Path &p) {
                                     r.sequence(n, p, 4);
                                     return Vec4{r.number(n[0], p[0]), r.number(n[1], p[1]),
                                                 r.number(n[2], p[2]), r.number(n[3], p[3])};
                                 });
    mesh.uvs = r.rows<Vec2>(r.get(map, "uvs", path), path / "uvs",
                            [&](const yaml::Node &n, const Path &p) {
                                r.sequence(n, p, 2);
                                return Vec2{r.number(n[0], p[0]), r.number(n[1], p[1])};
                            });
    mesh.skin = readSkin(r, map, path);
    mesh.indices = readTriangles(r, map, path);
    return mesh;
}

/// A skin map's rows: the element (triangle or tetrahedron, or `unbound`), then the three
/// points' coordinates.
template <class Binding, uint32_t Binding::*element>
std::vector<Binding> readBindings(TextReader &r, const yaml::Node &rows, const Path &path)
{
    return r.rows<Binding>(rows, path, [&](const yaml::Node &row, const Path &p) {
        r.sequence(row, p, 10);
        Binding b;
        const yaml::Node t = row[0];
        b.*element = t.IsScalar() && t.Scalar() == "unbound" ? SkinMap::kUnbound
                                                              : r.integer<uint32_t>(t, p[0]);
        Vec3 *points[] = {&b.position, &b.normal, &b.tangent};
        for (size_t i = 0; i < 9; ++i)
            (*points[i / 3])[int(i % 3)] = r.number(row[i + 1], p[i + 1]);
        return b;
    });
}

SkinMap readSkinMap(TextReader &r, const yaml::Node &map, const Path &parent)
{
    SkinMap skinMap;
    skinMap.bindings = readBindings<SkinBinding, &SkinBinding::triangle>(
        r, r.get(map, "skin_map", parent), parent / "skin_map");
    const yaml::Node tetra = r.getSince(4, map, "tetra_skin_map", parent);
    if (tetra.IsDefined())
        skinMap.tetraBindings = readBindings<TetraBinding, &TetraBinding::tetrahedron>(
            r, tetra, parent / "tetra_skin_map");
    return skinMap;
}

GenerationSettings readGeneration(TextReader &r, const yaml::Node &map, const Path &path)
{
    GenerationSettings g;
    g.method = r.enumeration<GenerationMethod>(r.get(map, "method", path), path / "method",
                                               methodFromName, "generation method",
                                               "immediate, weld, simplify, iso, custom, tetra");
    g.weldTolerance = r.number(r.get(map, "weld_tolerance", path), path / "weld_tolerance");
    g.targetVertices =
        r.integer<uint32_t>(r.get(map, "target_vertices", path), path / "target_vertices");
    g.targetEdgeLength =
        r.number(r.get(map, "target_edge_length", path), path / "target_edge_length");
    g.closeHolesBelow = r.number(r.get(map, "close_holes_below", path), path / "close_holes_below");
    g.subdivisions = r.integer<uint32_t>(r.get(map, "subdivisions", path), path / "subdivisions");
    g.voxelSize = r.number(r.get(map, "voxel_size", path), path / "voxel_size");
    g.isoOffset = r.number(r.get(map, "iso_offset", path), path / "iso_offset");
    const yaml::Node contraction = r.getSince(4, map, "iso_contraction", path);
    if (contraction.IsDefined())
        g.isoContraction = r.number(contraction, path / "iso_contraction");
    g.customMeshPath = r.string(r.get(map, "custom_mesh", path), path / "custom_mesh");
    g.normals = r.enumeration<NormalSource>(r.get(map, "normals", path), path / "normals",
                                            normalSourceFromName, "normal source", "mesh, bones");
    g.submeshes =
        r.rows<std::string>(r.get(map, "submeshes", path), path / "submeshes",
                            [&](const yaml::Node &n, const Path &p) { return r.string(n, p); });
    g.usePhysicsMask = r.boolean(r.get(map, "use_physics_mask", path), path / "use_physics_mask");
    return g;
}

GenerationReport readReport(TextReader &r, const yaml::Node &map, const Path &path)
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
    for (size_t i = 0; i < yaml::kUpAxisNames.size(); ++i)
        if (yaml::kUpAxisNames[i] == name)
            return UpAxis(i);
    return std::nullopt;
}

/// Settings are the one place where a missing key is not an error: it takes the setting's
/// default, so adding a setting (one row in settingsFields()) keeps every existing file
/// readable without a format version. Unknown keys are ignored as everywhere.
SimulationSettings readSimulation(TextReader &r, const yaml::Node &map, const Path &path)
{
    if (!map.IsMap()) r.fail(map, &path, "expected a mapping of keys to values");
    SimulationSettings s;
    for (const SettingField &f : settingsFields()) {
        const yaml::Node n = map[f.key];
        if (!n.IsDefined()) continue;
        const Path p = path / f.key;
        if (n.Mark().line >= 0) r.settingLines[f.key] = n.Mark().line + 1;
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
            const std::string name(r.scalar(n, p, "a name"));
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

ClothingAsset readDocument(TextReader &r, yaml::Node root)
{
    const Path top;
    if (!root.IsMap())
        r.fail(root, nullptr,
               "not a .tweed file: expected a YAML mapping starting with "
               "'format: tweed'");
    const yaml::Node format = root["format"];
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
    r.version = version;

    ClothingAsset asset;
    asset.name = r.string(r.get(root, "name", top), top / "name");
    asset.presetName = r.string(r.get(root, "preset", top), top / "preset");

    const Path sourcePath = top / "source";
    const yaml::Node source = r.get(root, "source", top);
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
    const yaml::Node skeleton = r.get(root, "skeleton", top);
    r.sequence(skeleton, skeletonPath);
    std::map<std::string, int> boneIndex;
    size_t b = 0;
    for (const yaml::Node &n : skeleton) {
        const Path p = skeletonPath[b++];
        Bone bone;
        bone.name = r.string(r.get(n, "name", p), p / "name");
        const yaml::Node parent = r.get(n, "parent", p);
        if (!parent.IsNull()) {
            const Path parentPath = p / "parent";
            const std::string parentName(r.scalar(parent, parentPath, "a bone name or null"));
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
        const yaml::Node ib = r.get(n, "inverse_bind", p);
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
        r.get(root, "lods", top), lodsPath, [&](const yaml::Node &n, const Path &p) {
            GraphicsLod lod;
            const yaml::Node pm = r.get(n, "physics_mesh", p);
            lod.physicsMesh = pm.IsNull() ? -1 : r.integer<int>(pm, p / "physics_mesh");
            lod.mesh = readGraphicsMesh(r, r.get(n, "mesh", p), p / "mesh");
            lod.channels = readChannels(r, n, p, lod.mesh.vertexCount());
            lod.skinMap = readSkinMap(r, n, p);
            return lod;
        });

    asset.physicsMeshes = r.rows<PhysicsMesh>(
        r.get(root, "physics_meshes", top), top / "physics_meshes",
        [&](const yaml::Node &n, const Path &p) {
            PhysicsMesh pm;
            pm.positions = r.vec3Rows(r.get(n, "positions", p), p / "positions");
            pm.indices = readTriangles(r, n, p);
            pm.skin = readSkin(r, n, p);
            pm.normals = r.vec3Rows(r.get(n, "normals", p), p / "normals");
            pm.channels = readChannels(r, n, p, pm.vertexCount());
            const yaml::Node clothBones = r.getSince(3, n, "cloth_bones", p);
            if (clothBones.IsDefined())
                pm.clothBones = r.rows<ClothBoneDefinition>(
                    clothBones, p / "cloth_bones", [&](const yaml::Node &row, const Path &q) {
                        r.sequence(row, q, 3);
                        return ClothBoneDefinition{r.integer<uint32_t>(row[0], q[0]),
                                                   r.integer<uint32_t>(row[1], q[1]),
                                                   r.integer<uint32_t>(row[2], q[2])};
                    });
            const yaml::Node tetrahedra = r.getSince(4, n, "tetrahedra", p);
            if (tetrahedra.IsDefined()) {
                const std::vector<std::array<uint32_t, 4>> rows = r.rows<std::array<uint32_t, 4>>(
                    tetrahedra, p / "tetrahedra", [&](const yaml::Node &row, const Path &q) {
                        r.sequence(row, q, 4);
                        std::array<uint32_t, 4> t{};
                        for (size_t k = 0; k < 4; ++k)
                            t[k] = r.integer<uint32_t>(row[k], q[k]);
                        return t;
                    });
                for (const std::array<uint32_t, 4> &t : rows)
                    pm.tetrahedra.insert(pm.tetrahedra.end(), t.begin(), t.end());
            }
            pm.settings = readGeneration(r, r.get(n, "generation", p), p / "generation");
            pm.report = readReport(r, r.get(n, "report", p), p / "report");
            return pm;
        });

    asset.collisionVolumes = r.rows<CollisionVolume>(
        r.get(root, "collision_volumes", top), top / "collision_volumes",
        [&](const yaml::Node &n, const Path &p) {
            CollisionVolume cv;
            cv.name = r.string(r.get(n, "name", p), p / "name");
            cv.shape = r.enumeration<CollisionShape>(
                r.get(n, "shape", p), p / "shape", shapeFromName, "collision shape",
                "ellipsoid, sphere, capsule, tapered_capsule, plane, box, convex");
            cv.bone = bones.find(r.get(n, "bone", p), p / "bone");
            cv.local = readTransform(r, n, p);
            cv.radii = r.vec3(r.get(n, "radii", p), p / "radii");
            cv.radius = r.number(r.get(n, "radius", p), p / "radius");
            cv.radius2 = r.number(r.get(n, "radius2", p), p / "radius2");
            cv.halfHeight = r.number(r.get(n, "half_height", p), p / "half_height");
            // Convex volumes only: their planes (normal x, y, z, offset).
            if (n.IsMap() && n["planes"].IsDefined())
                cv.planes = r.rows<Vec4>(n["planes"], p / "planes",
                                         [&](const yaml::Node &q, const Path &qp) {
                                             r.sequence(q, qp, 4);
                                             return Vec4{r.number(q[0], qp[0]),
                                                         r.number(q[1], qp[1]),
                                                         r.number(q[2], qp[2]),
                                                         r.number(q[3], qp[3])};
                                         });
            return cv;
        });

    asset.pendulumBones = r.rows<PendulumBone>(
        r.get(root, "pendulum_bones", top), top / "pendulum_bones",
        [&](const yaml::Node &n, const Path &p) {
            PendulumBone pb;
            pb.bone = bones.find(r.get(n, "bone", p), p / "bone");
            pb.length = r.number(r.get(n, "length", p), p / "length");
            pb.damping = r.number(r.get(n, "damping", p), p / "damping");
            pb.gravityScale = r.number(r.get(n, "gravity_scale", p), p / "gravity_scale");
            pb.maxAngleDegrees =
                r.number(r.get(n, "max_angle_degrees", p), p / "max_angle_degrees");
            return pb;
        });

    const yaml::Node rig = r.getSince(4, root, "rig_constraints", top);
    if (rig.IsDefined())
        asset.rigConstraints = r.rows<RigConstraint>(
            rig, top / "rig_constraints", [&](const yaml::Node &n, const Path &p) {
                RigConstraint c;
                c.kind = r.enumeration<RigConstraintKind>(r.get(n, "kind", p), p / "kind",
                                                          rigKindFromName, "rig constraint kind",
                                                          "look_at, position");
                c.bone = bones.find(r.get(n, "bone", p), p / "bone");
                c.target = bones.find(r.get(n, "target", p), p / "target");
                c.point = r.vec3(r.get(n, "point", p), p / "point");
                c.weight = r.number(r.get(n, "weight", p), p / "weight");
                return c;
            });

    asset.simulation = readSimulation(r, r.get(root, "simulation", top), top / "simulation");
    return asset;
}

} // namespace

ClothingAsset readAssetText(const std::string &text, const std::string &name, AssetChecks checks)
{
    TextReader reader(name, text.size());
    ClothingAsset asset;
    try {
        const std::unique_ptr<yaml::Document> document = yaml::Document::parse(text);
        asset = readDocument(reader, document->root());
    } catch (const yaml::ParseError &e) {
        std::string problem;
        if (e.mark.line >= 0)
            problem = "line " + std::to_string(e.mark.line + 1) + ", column " +
                      std::to_string(e.mark.column + 1) + ": ";
        throw FileError(name, problem + e.msg);
    }
    // The load checks: what makes the asset safe to simulate (docs/runtime.md).
    const std::vector<std::string> problems = assetProblems(asset, checks);
    if (!problems.empty()) {
        std::string where;
        for (const auto &[key, line] : reader.settingLines)
            if (problems.front().starts_with("setting " + key + " "))
                where = "line " + std::to_string(line) + ": ";
        throw FileError(name, where + problemSummary(problems));
    }
    return asset;
}

ClothingAsset loadAsset(const std::string &path, AssetChecks checks)
{
    return readAssetText(readFileBytes(path), path, checks);
}

} // namespace tweed
