// The .tweed writer: the asset as YAML (schema in docs/formats.md). It produces the text
// itself, so the layout is fixed and byte-stable (one vertex per line, channels in rows, floats
// in their shortest round-trip form, which the reader turns back into the very same bits).
#include "tweed/asset_file.h"

#include "asset_yaml_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/validate.h"

#include <charconv>
#include <cmath>

namespace tweed {
namespace {

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
/// the reader takes back any byte that is not UTF-8 unchanged, yaml_document.cpp); control
/// characters are escaped.
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
    w.string(1, "up_axis", yaml::kUpAxisNames[size_t(asset.source.units.upAxis)]);

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
        // A skin map's rows: the element (or unbound), then the three points' coordinates.
        auto bindingRow = [&](uint32_t element, const Vec3 &position, const Vec3 &normal,
                              const Vec3 &tangent) {
            w.text += '[';
            if (element == SkinMap::kUnbound)
                w.text += "unbound";
            else
                appendInt(w.text, element);
            for (const Vec3 *p : {&position, &normal, &tangent})
                for (int i = 0; i < 3; ++i) {
                    w.text += ", ";
                    appendFloat(w.text, (*p)[i]);
                }
            w.text += ']';
        };
        w.rows(2, "skin_map", lod.skinMap.bindings,
               "per graphics vertex: physics triangle, then (u, v, h) of position, normal point, "
               "tangent point",
               [&](const SkinBinding &b) { bindingRow(b.triangle, b.position, b.normal, b.tangent); });
        w.rows(2, "tetra_skin_map", lod.skinMap.tetraBindings,
               "per graphics vertex of a soft body: tetrahedron, then the barycentric b0, b1, b2 "
               "of position, normal point, tangent point",
               [&](const TetraBinding &b) {
                   bindingRow(b.tetrahedron, b.position, b.normal, b.tangent);
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
        w.rows(2, "cloth_bones", pm.clothBones, "pivot, column, row vertex",
               [&](const ClothBoneDefinition &b) {
                   w.text += '[';
                   appendInt(w.text, b.pivot);
                   w.text += ", ";
                   appendInt(w.text, b.column);
                   w.text += ", ";
                   appendInt(w.text, b.row);
                   w.text += ']';
               });
        std::vector<std::array<uint32_t, 4>> tetrahedra(pm.tetrahedronCount());
        for (size_t t = 0; t < tetrahedra.size(); ++t)
            std::copy_n(&pm.tetrahedra[4 * t], 4, tetrahedra[t].begin());
        w.rows(2, "tetrahedra", tetrahedra, "a soft body's: four vertices each",
               [&](const std::array<uint32_t, 4> &t) {
                   w.text += '[';
                   for (size_t k = 0; k < 4; ++k) {
                       if (k > 0)
                           w.text += ", ";
                       appendInt(w.text, t[k]);
                   }
                   w.text += ']';
               });

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
        w.number(3, "iso_contraction", g.isoContraction);
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
        if (cv.shape == CollisionShape::Convex)
            w.rows(2, "planes", cv.planes, "normal x, y, z, offset",
                   [&](const Vec4 &q) { w.floats({q.x, q.y, q.z, q.w}); });
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

    openSection(w, 0, "rig_constraints", asset.rigConstraints.empty());
    for (const RigConstraint &c : asset.rigConstraints) {
        w.beginItem();
        w.string(2, "kind", rigKindName(c.kind));
        w.key(2, "bone");
        w.text += boneRef(c.bone);
        w.end();
        w.key(2, "target");
        w.text += boneRef(c.target);
        w.end();
        w.vec3(2, "point", c.point);
        w.number(2, "weight", c.weight);
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

} // namespace

std::string writeAssetText(const ClothingAsset &asset, AssetChecks checks)
{
    checkWritable(asset, checks);
    const std::vector<Bone> &bones = asset.skeleton.bones;
    for (size_t b = 0; b < bones.size(); ++b)
        for (size_t other = 0; other < b; ++other)
            if (bones[other].name == bones[b].name)
                throw InputError("the asset cannot be written: bones " + std::to_string(other) +
                                 " and " + std::to_string(b) + " share the name \"" +
                                 bones[b].name + "\"; .tweed files refer to bones by name");
    return writeText(asset);
}

void saveAsset(const ClothingAsset &asset, const std::string &path)
{
    saveFileAtomically(path, [&] { return writeAssetText(asset); });
}

} // namespace tweed
