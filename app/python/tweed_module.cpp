// The Python module `tweed`: characters, assets, settings by key, channels as numpy arrays,
// painting (meshproc/authoring.h, as tweed-cli paint), collision volumes, simulation with its
// per-frame measures, validation, conversion, cooking and exports. Errors raise tweed.Error
// (tweed.FileError for a file's problem) with the messages tweed-cli prints.
#include "tweed/asset_file.h"
#include "tweed/clip_simulation.h"
#include "tweed/cooked.h"
#include "tweed/meshproc/auto_setup.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"
#include "tweed/meshproc/export.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/authoring.h"
#include "tweed/meshproc/rig_edits.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/validate.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>

namespace py = pybind11;
using namespace tweed;

namespace {

// ---- conversions -------------------------------------------------------------------------

Vec3 toVec3(const std::array<float, 3> &a) { return {a[0], a[1], a[2]}; }
std::array<float, 3> fromVec3(const Vec3 &v) { return {v.x, v.y, v.z}; }

py::object settingValue(const SettingField &field, const SimulationSettings &settings)
{
    const double v = field.get(settings);
    switch (field.kind) {
    case SettingKind::Float:
        return py::float_(float(v));
    case SettingKind::Int:
        return py::int_(int(v));
    case SettingKind::Bool:
        return py::bool_(v != 0);
    case SettingKind::Enum:
        return py::str(settingValueText(field, settings));
    }
    return py::none();
}

// A value from Python: a str as tweed-cli set reads it ("5 cm", "mass_spring"), a bool, or a
// number in the setting's own unit.
void setSettingValue(SimulationSettings &settings, const std::string &key, const py::handle &value)
{
    if (py::isinstance<py::str>(value)) {
        setSetting(settings, key, value.cast<std::string>());
        return;
    }
    char text[64];
    if (py::isinstance<py::bool_>(value))
        std::snprintf(text, sizeof(text), "%s", value.cast<bool>() ? "true" : "false");
    else if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value))
        std::snprintf(text, sizeof(text), "%.17g", value.cast<double>());
    else
        throw InputError("setting " + key + ": a value is a number, a bool or a str, not " +
                         std::string(py::str(value.get_type().attr("__name__"))));
    setSetting(settings, key, text);
}

GraphicsLod &lodOf(ClothingAsset &asset, size_t lod)
{
    if (lod >= asset.lods.size())
        throw InputError("the asset has no graphics LoD " + std::to_string(lod) + " (it has " +
                         std::to_string(asset.lods.size()) + ")");
    GraphicsLod &l = asset.lods[lod];
    if (l.channels.vertexCount() != l.mesh.vertexCount()) l.channels.resize(l.mesh.vertexCount());
    return l;
}

py::dict volumeDict(const ClothingAsset &asset, const CollisionVolume &v)
{
    py::dict d;
    d["name"] = v.name;
    d["shape"] = std::string(shapeName(v.shape));
    d["bone"] = v.bone >= 0 && size_t(v.bone) < asset.skeleton.bones.size()
                    ? py::object(py::str(asset.skeleton.bones[size_t(v.bone)].name))
                    : py::object(py::none());
    d["position"] = fromVec3(v.local.translation);
    d["rotation"] = std::array<float, 4>{v.local.rotation.x, v.local.rotation.y,
                                         v.local.rotation.z, v.local.rotation.w};
    d["radii"] = fromVec3(v.radii);
    d["radius"] = v.radius;
    d["radius2"] = v.radius2;
    d["half_height"] = v.halfHeight;
    return d;
}

AnimationClip clipOf(const Character &character, const std::string &name, const Skeleton &to)
{
    const int c = character.findClip(name);
    if (c < 0) {
        std::string names;
        for (const AnimationClip &clip : character.clips)
            names += (names.empty() ? "" : ", ") + clip.name;
        throw InputError(character.sourcePath + ": no clip '" + name + "' (clips: " +
                         (names.empty() ? "none" : names) + ")");
    }
    return retargetClip(character.clips[size_t(c)], character.skeleton, to);
}

// ---- the asset as Python sees it ---------------------------------------------------------

/// An asset and where it was loaded from (its source character resolves against it).
struct Asset
{
    ClothingAsset asset;
    std::string path;
};

py::array_t<float> floatArray(const std::vector<float> &values)
{
    py::array_t<float> a(py::ssize_t(values.size()));
    std::memcpy(a.mutable_data(), values.data(), values.size() * sizeof(float));
    return a;
}

py::array_t<uint32_t> maskArray(const std::vector<uint32_t> &values)
{
    py::array_t<uint32_t> a(py::ssize_t(values.size()));
    std::memcpy(a.mutable_data(), values.data(), values.size() * sizeof(uint32_t));
    return a;
}

py::object channel(Asset &self, const std::string &name, size_t lod)
{
    const ChannelRef ref = findChannel(name);
    GraphicsLod &l = lodOf(self.asset, lod);
    if (ref.floatChannel) return floatArray(l.channels[*ref.floatChannel]);
    return maskArray(l.channels[*ref.maskChannel]);
}

void setChannel(Asset &self, const std::string &name, const py::array &values, size_t lod)
{
    const ChannelRef ref = findChannel(name);
    GraphicsLod &l = lodOf(self.asset, lod);
    if (values.ndim() != 1 || size_t(values.shape(0)) != l.mesh.vertexCount())
        throw InputError("channel " + name + ": " + std::to_string(values.size()) +
                         " values for LoD " + std::to_string(lod) + ", which has " +
                         std::to_string(l.mesh.vertexCount()) + " graphics vertices");
    if (ref.floatChannel) {
        const auto a = py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(values);
        std::vector<float> v(a.data(), a.data() + a.size());
        for (size_t i = 0; i < v.size(); ++i)
            if (!std::isfinite(v[i]) || v[i] < 0 || v[i] > kMaxCoordinate)
                throw InputError("channel " + name + ": value " + std::to_string(v[i]) +
                                 " at vertex " + std::to_string(i) +
                                 " is not one it takes (0 to 100000)");
        l.channels[*ref.floatChannel] = std::move(v);
    } else {
        const auto a = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(values);
        std::vector<uint32_t> v(size_t(a.size()));
        for (size_t i = 0; i < v.size(); ++i) {
            if (a.data()[i] < 0 || a.data()[i] > int64_t(UINT32_MAX))
                throw InputError("mask " + name + ": value " + std::to_string(a.data()[i]) +
                                 " at vertex " + std::to_string(i) + " is not 0 to 4294967295");
            v[i] = uint32_t(a.data()[i]);
        }
        l.channels[*ref.maskChannel] = std::move(v);
    }
    refreshPhysicsChannels(self.asset, lod);
}

FloatChannel floatChannelNamed(const std::string &name)
{
    const ChannelRef ref = findChannel(name);
    if (!ref.floatChannel) throw InputError("channel " + name + " is a mask: only fill takes it");
    return *ref.floatChannel;
}

double channelNumber(const ChannelRef &ref, const py::handle &value)
{
    if (py::isinstance<py::str>(value)) return parseChannelValue(ref, value.cast<std::string>());
    return value.cast<double>();
}

void gradient(Asset &self, const std::string &name, const py::object &from, const py::object &to,
              const std::pair<py::object, py::object> &values, size_t lod)
{
    const ChannelRef ref = findChannel(name);
    const FloatChannel c = floatChannelNamed(name);
    const float a = float(channelNumber(ref, values.first));
    const float b = float(channelNumber(ref, values.second));
    const bool bones = py::isinstance<py::str>(from) && py::isinstance<py::str>(to) &&
                       self.asset.skeleton.find(from.cast<std::string>()) >= 0 &&
                       self.asset.skeleton.find(to.cast<std::string>()) >= 0;
    if (bones) {
        gradientBetweenBones(self.asset, lod, c, from.cast<std::string>(), a,
                             to.cast<std::string>(), b);
        return;
    }
    const auto height = [](const py::object &h) {
        return py::isinstance<py::str>(h) ? parseLength(h.cast<std::string>(), "gradient height")
                                          : h.cast<double>();
    };
    gradientByHeight(self.asset, lod, c, float(height(from)), a, float(height(to)), b);
}

CollisionVolume makeVolume(const ClothingAsset &asset, const std::string &shapeName,
                           const std::string &bone, const std::array<float, 3> &position,
                           const std::optional<std::array<float, 3>> &radii,
                           const std::optional<float> &radius, const std::optional<float> &radius2,
                           const std::optional<float> &halfHeight, const std::string &name)
{
    CollisionVolume v;
    const std::optional<CollisionShape> shape = shapeFromName(shapeName);
    if (!shape)
        throw InputError("no volume shape '" + shapeName +
                         "'; the shapes are ellipsoid, sphere, capsule, tapered_capsule, plane, "
                         "box, convex");
    v.shape = *shape;
    v.bone = asset.skeleton.find(bone);
    if (v.bone < 0) throw InputError("no bone '" + bone + "' in the asset's skeleton");
    v.local.translation = toVec3(position);
    if (radii) v.radii = toVec3(*radii);
    if (radius) v.radius = *radius;
    v.radius2 = radius2 ? *radius2 : v.radius;
    if (halfHeight) v.halfHeight = *halfHeight;
    v.name = name.empty() ? bone + " " + shapeName : name;
    for (const CollisionVolume &other : asset.collisionVolumes)
        if (other.name == v.name)
            throw InputError("there is already a collision volume named '" + v.name + "'");
    return v;
}

// Every edit is checked as a whole before it replaces the asset: an asset the reader would
// refuse never stays in the object.
template <class Edit> void checkedEdit(Asset &self, Edit &&edit)
{
    ClothingAsset copy = self.asset;
    edit(copy);
    const std::vector<std::string> problems = safetyProblems(copy);
    if (!problems.empty())
        throw InputError("the edit would make the asset unsafe to simulate: " +
                         problemSummary(problems));
    self.asset = std::move(copy);
}

py::dict simulate(const Asset &self, const Character &character, const std::string &clipName,
                  int frames, double fps, size_t lod)
{
    std::optional<AnimationClip> clip;
    if (!clipName.empty()) clip = clipOf(character, clipName, self.asset.skeleton);
    ClipSimulationSettings settings;
    settings.framesPerSecond = fps;
    settings.lod = int(lod);
    ClipSimulation run(self.asset, clip ? &*clip : nullptr, settings);
    const int n = frames > 0 ? frames : run.clipFrameCount();
    if (n > 1000000) throw InputError("frames must be at most 1000000");
    std::vector<float> stretch, skinned;
    std::vector<uint32_t> maxDistance, backstop, penetrations, nonFinite;
    {
        py::gil_scoped_release release;
        for (int f = 0; f < n; ++f) {
            run.advance();
            const ClothMeasurements m = run.instance().measure();
            stretch.push_back(m.maxStretch);
            skinned.push_back(m.skinnedMaxStretch);
            maxDistance.push_back(m.maxDistanceViolations);
            backstop.push_back(m.backstopViolations);
            penetrations.push_back(m.penetrations);
            nonFinite.push_back(m.nonFinite);
        }
    }
    py::dict d;
    d["frames"] = n;
    d["fps"] = fps;
    d["clip"] = clipName;
    d["max_stretch"] = floatArray(stretch);
    d["skinned_max_stretch"] = floatArray(skinned);
    d["max_distance_violations"] = maskArray(maxDistance);
    d["backstop_violations"] = maskArray(backstop);
    d["penetrations"] = maskArray(penetrations);
    d["nonfinite"] = maskArray(nonFinite);
    d["positions"] = [&] {
        const std::vector<Vec3> &p = run.instance().positions();
        py::array_t<float> a({py::ssize_t(p.size()), py::ssize_t(3)});
        std::memcpy(a.mutable_data(), p.data(), p.size() * sizeof(Vec3));
        return a;
    }();
    return d;
}

void saveByExtension(const ClothingAsset &asset, const std::string &path)
{
    const std::vector<std::string> problems = validateAsset(asset);
    if (!problems.empty())
        throw FileError(path, "not written, the asset is not valid: " + problemSummary(problems));
    const std::string ext = fileExtension(path);
    if (ext == "tweedc")
        saveCooked(asset, path);
    else if (ext == "tweed")
        saveAsset(asset, path);
    else
        throw FileError(path, "cannot save an asset here: use the extension .tweed or .tweedc");
}

Asset loadByExtension(const std::string &path)
{
    const std::string ext = fileExtension(path);
    if (ext == "tweedc") return {loadCooked(path), path};
    if (ext == "tweed") return {loadAsset(path), path};
    throw FileError(path, "not an asset: use the extension .tweed or .tweedc");
}

} // namespace

PYBIND11_MODULE(tweed, m)
{
    m.doc() = "Tweed: author game character clothing from scripts (characters, assets, settings, "
              "painted channels, collision volumes, simulation, validation and exports).";
    m.attr("__version__") = TWEED_VERSION;

    static py::exception<InputError> error(m, "Error");
    static py::exception<FileError> fileError(m, "FileError", error.ptr());
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const FileError &e) {
            fileError(e.what());
        } catch (const InputError &e) {
            error(e.what());
        } catch (const Cancelled &e) {
            PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
        }
    });

    py::class_<Character, std::shared_ptr<Character>>(
        m, "Character", "A character file as imported: meshes, skeleton and clips.")
        .def_property_readonly("path", [](const Character &c) { return c.sourcePath; },
                               "The file it was read from.")
        .def_property_readonly(
            "mesh_names",
            [](const Character &c) {
                std::vector<std::string> names;
                for (const GraphicsMesh &mesh : c.meshes)
                    names.push_back(mesh.name);
                return names;
            },
            "Names of its meshes, in file order.")
        .def_property_readonly(
            "bone_names",
            [](const Character &c) {
                std::vector<std::string> names;
                for (const Bone &b : c.skeleton.bones)
                    names.push_back(b.name);
                return names;
            },
            "Names of its bones.")
        .def_property_readonly(
            "clip_names",
            [](const Character &c) {
                std::vector<std::string> names;
                for (const AnimationClip &clip : c.clips)
                    names.push_back(clip.name);
                return names;
            },
            "Names of its animation clips.");

    m.def(
        "load_character",
        [](const std::string &path) {
            py::gil_scoped_release release;
            return std::make_shared<Character>(importCharacter(path));
        },
        py::arg("path"), "Reads a character file (any format Assimp reads). Raises FileError.");

    py::class_<Asset>(m, "Asset", "A clothing asset: graphics LoDs, physics meshes, painted "
                                  "channels, collision volumes and simulation settings.")
        .def_property_readonly("path", [](const Asset &a) { return a.path; },
                               "Where it was loaded from or last saved ('' for a new one).")
        .def_property_readonly("lod_count", [](const Asset &a) { return a.asset.lods.size(); },
                               "Number of graphics LoDs.")
        .def(
            "vertex_count",
            [](Asset &a, size_t lod) { return lodOf(a.asset, lod).mesh.vertexCount(); },
            py::arg("lod") = 0, "Graphics vertices of a LoD (the length of its channels).")
        .def(
            "physics_vertex_count",
            [](Asset &a, size_t lod) {
                const int p = lodOf(a.asset, lod).physicsMesh;
                return p >= 0 ? a.asset.physicsMeshes[size_t(p)].vertexCount() : size_t(0);
            },
            py::arg("lod") = 0, "Vertices of the physics mesh the LoD simulates.")
        .def_property_readonly(
            "bone_names",
            [](const Asset &a) {
                std::vector<std::string> names;
                for (const Bone &b : a.asset.skeleton.bones)
                    names.push_back(b.name);
                return names;
            },
            "Names of the asset's bones.")
        // Settings
        .def_static(
            "setting_keys",
            [] {
                std::vector<std::string> keys;
                for (const SettingField &f : settingsFields())
                    keys.push_back(f.key);
                return keys;
            },
            "Every simulation setting's key, as the settings table lists them.")
        .def(
            "setting",
            [](const Asset &a, const std::string &key) {
                const SettingField *f = findSetting(key);
                if (!f) throw InputError("no setting '" + key + "'");
                return settingValue(*f, a.asset.simulation);
            },
            py::arg("key"),
            "A setting's value in its unit (metres, Hz, ...); enums as their names.")
        .def(
            "setting_unit",
            [](const Asset &, const std::string &key) {
                const SettingField *f = findSetting(key);
                if (!f) throw InputError("no setting '" + key + "'");
                return std::string(f->unit);
            },
            py::arg("key"), "A setting's unit ('' for a plain number).")
        .def(
            "set",
            [](Asset &a, const py::kwargs &values) {
                SimulationSettings s = a.asset.simulation;
                for (const auto &[key, value] : values)
                    setSettingValue(s, key.cast<std::string>(), value);
                a.asset.simulation = s;
            },
            "Sets settings by key: asset.set(damping=0.2, collision_thickness='5 mm'). Strings "
            "take units as tweed-cli set does; numbers are in the setting's unit. All or none "
            "change.")
        // Channels
        .def("channel", &channel, py::arg("name"), py::arg("lod") = 0,
             "A painted channel of a LoD, one value per graphics vertex: float32 (metres or a "
             "scale) or uint32 for a mask. A copy.")
        .def("set_channel", &setChannel, py::arg("name"), py::arg("values"), py::arg("lod") = 0,
             "Replaces a channel (one value per graphics vertex); the physics mesh follows.")
        .def(
            "fill",
            [](Asset &a, const std::string &name, const py::object &value, size_t lod) {
                const ChannelRef ref = findChannel(name);
                fillChannel(a.asset, lod, ref, channelNumber(ref, value));
            },
            py::arg("name"), py::arg("value"), py::arg("lod") = 0,
            "Sets every vertex of the channel; distances also as text ('5 cm').")
        .def("gradient", &gradient, py::arg("name"), py::arg("start"), py::arg("end"),
             py::arg("values"), py::arg("lod") = 0,
             "A gradient from start to end, two heights (metres or '1.2 m': linear in height) or "
             "two bone names (measured along the surface), with values (a, b) at its ends.")
        .def(
            "smooth",
            [](Asset &a, const std::string &name, int passes, size_t lod) {
                smoothChannel(a.asset, lod, floatChannelNamed(name), passes);
            },
            py::arg("name"), py::arg("passes") = 1, py::arg("lod") = 0,
            "Moves every vertex to the mean of its neighbours, `passes` times.")
        .def(
            "from_weights",
            [](Asset &a, const std::string &name, const std::vector<std::string> &bones,
               const std::pair<py::object, py::object> &values, size_t lod) {
                const ChannelRef ref = findChannel(name);
                channelFromWeights(a.asset, lod, floatChannelNamed(name), bones,
                                   float(channelNumber(ref, values.first)),
                                   float(channelNumber(ref, values.second)));
            },
            py::arg("name"), py::arg("bones"), py::arg("values"), py::arg("lod") = 0,
            "a + (b - a) * w per vertex, w its summed skin weight on the bones.")
        // Collision volumes
        .def_property_readonly(
            "volumes",
            [](const Asset &a) {
                py::list l;
                for (const CollisionVolume &v : a.asset.collisionVolumes)
                    l.append(volumeDict(a.asset, v));
                return l;
            },
            "The collision volumes, as dicts (name, shape, bone, position, rotation, radii, "
            "radius, radius2, half_height).")
        .def(
            "add_volume",
            [](Asset &a, const std::string &shape, const std::string &bone,
               const std::array<float, 3> &position,
               const std::optional<std::array<float, 3>> &radii, const std::optional<float> &radius,
               const std::optional<float> &radius2, const std::optional<float> &halfHeight,
               const std::string &name) {
                const CollisionVolume v = makeVolume(a.asset, shape, bone, position, radii, radius,
                                                     radius2, halfHeight, name);
                checkedEdit(a, [&](ClothingAsset &c) { c.collisionVolumes.push_back(v); });
                return v.name;
            },
            py::arg("shape"), py::arg("bone"), py::arg("position") = std::array<float, 3>{0, 0, 0},
            py::arg("radii") = py::none(), py::arg("radius") = py::none(),
            py::arg("radius2") = py::none(), py::arg("half_height") = py::none(),
            py::arg("name") = "",
            "Adds a volume on a bone (position relative to it, metres); returns its name.")
        .def(
            "remove_volume",
            [](Asset &a, const std::string &name) {
                auto &volumes = a.asset.collisionVolumes;
                const auto it = std::find_if(volumes.begin(), volumes.end(),
                                             [&](const CollisionVolume &v) { return v.name == name; });
                if (it == volumes.end()) throw InputError("no collision volume named '" + name + "'");
                volumes.erase(it);
            },
            py::arg("name"), "Removes the volume of that name.")
        .def(
            "auto_fit",
            [](Asset &a, const Character &character, const std::vector<std::string> &bones,
               const std::vector<std::string> &bodyMeshes) {
                std::vector<std::string> report;
                checkedEdit(a, [&](ClothingAsset &c) {
                    report = fitBodyVolumes(c, character, bodyMeshes, bones);
                });
                return report;
            },
            py::arg("character"), py::arg("bones") = std::vector<std::string>{},
            py::arg("body_meshes") = std::vector<std::string>{},
            "Fits ellipsoids inside the body on the bones (default: every bone that carries "
            "the garment), as tweed-cli volumes --auto-fit does; a fit replaces the bone's "
            "earlier one. Returns the report: each volume's protrusion, each bone skipped.")
        // Bone dynamics: the upper-jacket rig and the pendulum bones (as tweed-cli rig)
        .def_property_readonly(
            "rig", [](const Asset &a) { return describeBoneDynamics(a.asset); },
            "The rig constraints and the pendulum bones, one line each.")
        .def(
            "look_at",
            [](Asset &a, const std::string &bone, const std::optional<std::string> &target,
               const std::array<float, 3> &point, float weight) {
                RigConstraint c;
                c.bone = rigBone(a.asset, bone, "bone");
                if (target) c.target = rigBone(a.asset, *target, "target");
                c.point = {point[0], point[1], point[2]};
                c.weight = weight;
                checkedEdit(a, [&](ClothingAsset &edited) { setRigConstraint(edited, c); });
            },
            py::arg("bone"), py::arg("target") = py::none(),
            py::arg("point") = std::array<float, 3>{0, 0, 0}, py::arg("weight") = 1.0f,
            "Turns bone towards point (metres, in target's frame), or straight down when target "
            "is None; replaces the bone's earlier look-at.")
        .def(
            "keep_distance",
            [](Asset &a, const std::string &bone, const std::string &other, float weight) {
                RigConstraint c;
                c.kind = RigConstraintKind::Position;
                c.bone = rigBone(a.asset, bone, "bone");
                c.target = rigBone(a.asset, other, "other");
                c.weight = weight;
                checkedEdit(a, [&](ClothingAsset &edited) { setRigConstraint(edited, c); });
            },
            py::arg("bone"), py::arg("other"), py::arg("weight") = 1.0f,
            "Keeps the two bones at their rest distance (a position constraint).")
        .def(
            "remove_look_at",
            [](Asset &a, const std::string &bone) {
                removeRigConstraint(a.asset, RigConstraintKind::LookAt,
                                    rigBone(a.asset, bone, "bone"));
            },
            py::arg("bone"))
        .def(
            "remove_distance",
            [](Asset &a, const std::string &bone, const std::string &other) {
                removeRigConstraint(a.asset, RigConstraintKind::Position,
                                    rigBone(a.asset, bone, "bone"), rigBone(a.asset, other, "other"));
            },
            py::arg("bone"), py::arg("other"))
        .def(
            "set_pendulum",
            [](Asset &a, const std::string &bone, float length, float damping, float gravityScale,
               float maxAngle) {
                PendulumBone p;
                p.bone = rigBone(a.asset, bone, "bone");
                p.length = length;
                p.damping = damping;
                p.gravityScale = gravityScale;
                p.maxAngleDegrees = maxAngle;
                checkedEdit(a, [&](ClothingAsset &edited) { setPendulum(edited, p); });
            },
            py::arg("bone"), py::arg("length") = PendulumBone{}.length,
            py::arg("damping") = PendulumBone{}.damping,
            py::arg("gravity_scale") = PendulumBone{}.gravityScale,
            py::arg("max_angle_degrees") = PendulumBone{}.maxAngleDegrees,
            "Adds a pendulum on the bone (a hood), or changes its values.")
        .def(
            "remove_pendulum",
            [](Asset &a, const std::string &bone) {
                removePendulum(a.asset, rigBone(a.asset, bone, "bone"));
            },
            py::arg("bone"))
        // Checks, simulation, files
        .def("validate", [](const Asset &a) { return validateAsset(a.asset); },
             "Every consistency problem, one sentence each; empty when valid.")
        .def("simulate", &simulate, py::arg("character"), py::arg("clip") = "",
             py::arg("frames") = 0, py::arg("fps") = 30.0, py::arg("lod") = 0,
             "Simulates a clip of the character (or the rest pose for clip='') and returns "
             "per-frame measures as arrays (max_stretch, skinned_max_stretch, "
             "max_distance_violations, backstop_violations, penetrations, nonfinite) and the "
             "last frame's physics positions.")
        .def(
            "save",
            [](Asset &a, const std::string &path) {
                saveByExtension(a.asset, path);
                a.path = path;
            },
            py::arg("path"),
            "Validates, then writes atomically as .tweed or .tweedc by extension.")
        .def(
            "cook",
            [](const Asset &a, const std::string &platform) {
                CookingOptions options;
                if (!findPlatformProfile(platform))
                    throw InputError("no platform '" + platform +
                                     "'; the platforms are desktop, console, mobile, low");
                options = *findPlatformProfile(platform);
                return Asset{cookAsset(a.asset, options, nullptr, a.path), ""};
            },
            py::arg("platform") = "desktop",
            "A copy cooked for a platform profile (desktop, console, mobile, low).")
        .def(
            "export",
            [](const Asset &a, const std::string &path, const std::string &format,
               const std::shared_ptr<Character> &character, const std::string &clip, int frames,
               double fps, const std::string &mesh, bool allowLoss) {
                const bool dcc = format == "mdd" || format == "pc2";
                const auto f = dcc ? ExportFormat::PointCache : exportFormatFromName(format);
                if (!f)
                    throw InputError("no export format '" + format + "'; the formats are "
                                     "gltf-physics, baked-bones, point-cache, mdd, pc2");
                ExportOptions o;
                o.format = *f;
                o.frames = frames;
                o.framesPerSecond = fps;
                o.allowLoss = allowLoss;
                if (mesh != "graphics" && mesh != "physics")
                    throw InputError("mesh must be graphics or physics, not '" + mesh + "'");
                o.pointCacheMesh = mesh == "physics" ? PointCacheMesh::Physics
                                                     : PointCacheMesh::Graphics;
                if (dcc) o.transform = sourceExportTransform(a.asset.source.units);
                if (!clip.empty()) {
                    if (!character) throw InputError("a clip needs the character");
                    o.clip = clipOf(*character, clip, a.asset.skeleton);
                }
                py::gil_scoped_release release;
                const ExportReport r = exportAsset(a.asset, path, o);
                return std::make_pair(r.frames, r.vertices);
            },
            py::arg("path"), py::arg("format") = "gltf-physics", py::arg("character") = nullptr,
            py::arg("clip") = "", py::arg("frames") = 0, py::arg("fps") = 30.0,
            py::arg("mesh") = "graphics", py::arg("allow_loss") = false,
            "Exports as tweed-cli export does; returns (frames, vertices) written.");

    m.def(
        "create_asset",
        [](const Character &character, const std::vector<std::string> &meshes,
           const std::string &method, uint32_t targetVertices, const std::string &preset,
           float maxDistance, float pinTop) {
            CreateAssetOptions o;
            o.garmentMeshes = meshes;
            o.preset = preset;
            o.maxDistance = maxDistance;
            o.pinnedTop = pinTop;
            const std::optional<GenerationMethod> g = methodFromName(method);
            if (g) o.generation.method = *g;
            if (!g)
                throw InputError("no method '" + method +
                                 "'; the methods are immediate, weld, simplify, iso, custom");
            if (targetVertices > 0) o.generation.targetVertices = targetVertices;
            py::gil_scoped_release release;
            return Asset{createAsset(character, o), ""};
        },
        py::arg("character"), py::arg("meshes") = std::vector<std::string>{},
        py::arg("method") = "weld", py::arg("target_vertices") = 0, py::arg("preset") = "tweed",
        py::arg("max_distance") = 0.05f, py::arg("pin_top") = 0.0f,
        "A first asset from a character, as tweed-cli create makes it.");
    m.def(
        "auto_setup",
        [](const Character &character, const std::vector<std::string> &meshes,
           const std::vector<std::string> &shells, const std::vector<std::string> &riders,
           const std::vector<std::string> &bodyMeshes, const std::string &preset, int rounds) {
            AutoSetupOptions o;
            o.create.garmentMeshes = meshes;
            o.create.shellMeshes = shells;
            o.create.riderMeshes = riders;
            o.create.preset = preset;
            o.bodyMeshes = bodyMeshes;
            o.rounds = rounds;
            AutoSetupResult r;
            {
                py::gil_scoped_release release;
                r = autoSetup(character, o);
            }
            py::dict report;
            report["pass"] = r.report.pass();
            report["body"] = r.report.body;
            report["shells"] = r.report.shells;
            report["riders"] = r.report.riders;
            report["body_from_bones"] = r.report.bodyFromBones;
            report["procedural_motion"] = r.report.proceduralMotion;
            report["physics_vertices"] = r.report.physicsVertices;
            report["pinned_vertices"] = r.report.pinnedVertices;
            report["repaired_vertices"] = r.report.repairedVertices;
            report["skinned_stretch_before"] = r.report.skinnedStretchBefore;
            report["skinned_stretch_after"] = r.report.skinnedStretchAfter;
            report["substeps"] = r.report.substeps;
            report["iterations"] = r.report.iterations;
            report["rounds"] = r.report.rounds;
            report["actions"] = r.report.actions;
            report["failures"] = r.report.failures;
            py::list clips;
            for (const AutoSetupClip &c : r.report.clips) {
                py::dict clip;
                clip["clip"] = c.name;
                clip["layer_poke_through"] = c.measures.sum.layerPokeThrough();
                clip["body_poke_through"] = c.measures.sum.bodyPokeThrough();
                clip["max_distance_hit_share"] = c.measures.sum.maxDistanceHitShare();
                clip["max_stretch"] = c.measures.sum.maxStretch;
                clip["mean_max_stretch"] = c.measures.meanMaxStretch;
                clips.append(clip);
            }
            report["clips"] = clips;
            return py::make_tuple(Asset{std::move(r.asset), ""}, report);
        },
        py::arg("character"), py::arg("meshes") = std::vector<std::string>{},
        py::arg("shells") = std::vector<std::string>{},
        py::arg("riders") = std::vector<std::string>{},
        py::arg("body_meshes") = std::vector<std::string>{}, py::arg("preset") = "tweed",
        py::arg("rounds") = AutoSetupOptions{}.rounds,
        "Auto Setup, as tweed-cli create --auto does: returns (asset, report), the report a "
        "dict of what it chose and the measures of every clip's check.");
    m.def("load_asset", &loadByExtension, py::arg("path"),
          "Reads a .tweed or .tweedc file. Raises FileError naming the problem.");
    m.def(
        "convert",
        [](const std::string &in, const std::string &out) {
            saveByExtension(loadByExtension(in).asset, out);
        },
        py::arg("source"), py::arg("target"), "Converts between .tweed and .tweedc by extension.");
}
