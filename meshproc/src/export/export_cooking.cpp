// Cooking options, the export transform, format names and the validation before export.
#include "tweed/meshproc/export.h"

#include "export_internal.h"

#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace tweed {

namespace {

// A number as printf's %g writes it ("0", "-2", "1e+07").
std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof(text), "%g", value);
    return text;
}

} // namespace

ExportTransform sourceExportTransform(const SourceUnits &units)
{
    ExportTransform t;
    t.scale = units.metresPerUnit > 0 && std::isfinite(units.metresPerUnit)
                  ? 1.0f / units.metresPerUnit
                  : 1.0f;
    t.upAxis = units.upAxis;
    return t;
}

Mat4 exportMatrix(const ExportTransform &transform)
{
    // Columns are where Tweed's x, y and z axes go in the target.
    Mat4 m;
    Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1};
    switch (transform.upAxis) {
    case UpAxis::Y:
        break;
    case UpAxis::Z: // (x, y, z) -> (x, -z, y)
        y = {0, 0, 1};
        z = {0, -1, 0};
        break;
    case UpAxis::X: // (x, y, z) -> (y, -x, z)
        x = {0, -1, 0};
        y = {1, 0, 0};
        break;
    }
    if (transform.handedness == Handedness::Left) {
        x.z = -x.z;
        y.z = -y.z;
        z.z = -z.z;
    }
    const Vec3 cols[3] = {x, y, z};
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r)
            m(r, c) = cols[c][r] * transform.scale;
    return m;
}

namespace {

CookingOptions profile(const char *name, uint32_t budget, int iterations, float hz,
                       float maxDistanceScale)
{
    CookingOptions o;
    o.platform = name;
    o.vertexBudget = budget;
    o.iterations = iterations;
    o.stepsPerSecond = hz;
    o.physicalLod.maxDistanceScale = maxDistanceScale;
    return o;
}

const std::array<CookingOptions, 4> &profiles()
{
    static const std::array<CookingOptions, 4> list{
        profile("desktop", 0, 0, 0, 1.0f),
        profile("console", 2000, 8, 0, 1.0f),
        profile("mobile", 600, 4, 30, 1.0f),
        profile("low", 250, 2, 30, 0.8f),
    };
    return list;
}

} // namespace

std::span<const CookingOptions> platformProfiles()
{
    return profiles();
}

const CookingOptions *findPlatformProfile(std::string_view name)
{
    for (const CookingOptions &o : profiles())
        if (o.platform == name) return &o;
    return nullptr;
}

ClothingAsset cookAsset(const ClothingAsset &asset, const CookingOptions &options,
                        CookReport *report, const std::string &assetPath)
{
    if (options.vertexBudget > 0 && options.vertexBudget < 4)
        throw InputError("a vertex budget of " + std::to_string(options.vertexBudget) +
                         " is too small: a physics mesh needs at least 4 vertices");
    if (options.iterations < 0 || options.iterations > 1000)
        throw InputError("iterations must lie in 0..1000 (0 keeps the asset's)");
    if (options.substeps < 0 || options.substeps > 100)
        throw InputError("substeps must lie in 0..100 (0 keeps the asset's)");
    if (!(options.stepsPerSecond >= 0) || options.stepsPerSecond > 10000)
        throw InputError("steps per second must lie in 0..10000 (0 keeps the asset's)");
    const PhysicalLod &lod = options.physicalLod;
    if (!(lod.maxDistanceScale >= 0 && lod.maxDistanceScale <= 1) ||
        !(lod.iterationScale >= 0 && lod.iterationScale <= 1))
        throw InputError("the physical LoD scales must lie in [0, 1]");

    ClothingAsset out = asset;
    CookReport r;
    for (const PhysicsMesh &p : asset.physicsMeshes)
        r.verticesBefore.push_back(uint32_t(p.vertexCount()));
    if (options.vertexBudget > 0) {
        for (size_t m = 0; m < out.physicsMeshes.size(); ++m) {
            if (out.physicsMeshes[m].vertexCount() <= options.vertexBudget) continue;
            // Regenerate through the first LoD that uses this physics mesh, so its skin maps
            // (and those of LoDs sharing it) are rebuilt too.
            const auto lodIt =
                std::find_if(out.lods.begin(), out.lods.end(),
                             [&](const GraphicsLod &l) { return l.physicsMesh == int(m); });
            if (lodIt == out.lods.end())
                throw InputError("physics mesh " + std::to_string(m) +
                                 " has more vertices than the budget but no LoD uses it");
            GenerationSettings g = out.physicsMeshes[m].settings;
            if (g.method != GenerationMethod::IsoSurface) g.method = GenerationMethod::Simplify;
            g.targetVertices = options.vertexBudget;
            regeneratePhysicsMesh(out, size_t(lodIt - out.lods.begin()), g, {}, assetPath);
            if (out.physicsMeshes[m].vertexCount() > options.vertexBudget)
                throw InputError("physics mesh " + std::to_string(m) +
                                 " could not be simplified to " +
                                 std::to_string(options.vertexBudget) + " vertices (" +
                                 std::to_string(out.physicsMeshes[m].vertexCount()) + " remain)");
        }
    }
    SimulationSettings &s = out.simulation;
    if (options.iterations > 0) s.iterations = options.iterations;
    if (options.substeps > 0) s.substeps = options.substeps;
    if (options.stepsPerSecond > 0) s.stepsPerSecond = options.stepsPerSecond;
    s.iterations = std::max(1, int(std::lround(float(s.iterations) * lod.iterationScale)));
    s.maxDistanceScale *= lod.maxDistanceScale;
    for (const PhysicsMesh &p : out.physicsMeshes)
        r.verticesAfter.push_back(uint32_t(p.vertexCount()));
    r.iterations = s.iterations;
    r.substeps = s.substeps;
    r.stepsPerSecond = s.stepsPerSecond;
    if (report) *report = r;
    return out;
}

std::string_view exportFormatName(ExportFormat format)
{
    switch (format) {
    case ExportFormat::GltfPhysics:
        return "gltf-physics";
    case ExportFormat::BakedBones:
        return "baked-bones";
    case ExportFormat::PointCache:
        return "point-cache";
    }
    return "gltf-physics";
}

std::optional<ExportFormat> exportFormatFromName(std::string_view name)
{
    for (ExportFormat f :
         {ExportFormat::GltfPhysics, ExportFormat::BakedBones, ExportFormat::PointCache})
        if (exportFormatName(f) == name) return f;
    return std::nullopt;
}

std::vector<std::string> exportExtensions(ExportFormat format)
{
    // The baked bones are plain skinned animation, which FBX and Collada hold.
    if (format == ExportFormat::BakedBones) return {"gltf", "glb", "fbx", "dae"};
    // DCC tools read vertex animation as MDD and PC2 point caches.
    if (format == ExportFormat::PointCache) return {"gltf", "glb", "mdd", "pc2"};
    return {"gltf", "glb"};
}

int exportFrameCount(const ExportOptions &options)
{
    if (options.frames > 0) return options.frames;
    if (!options.clip) return 1;
    return int(std::lround(std::max(0.0, options.clip->duration) * options.framesPerSecond)) + 1;
}

void checkExportOptions(const ClothingAsset &asset, const std::string &path,
                        const ExportOptions &options)
{
    const std::string ext = fileExtension(path);
    const std::vector<std::string> exts = exportExtensions(options.format);
    if (std::find(exts.begin(), exts.end(), ext) == exts.end()) {
        std::string list;
        for (const std::string &e : exts)
            list += (list.empty() ? "." : ", .") + e;
        throw FileError(path, std::string("the ") + std::string(exportFormatName(options.format)) +
                                  " export writes " + list);
    }
    if (!(options.transform.scale > 0) || !(options.transform.scale <= 1e6f))
        throw InputError("the export scale must lie in (0, 1000000] target units per metre, not " +
                         shortNumber(options.transform.scale));
    if (options.format != ExportFormat::GltfPhysics) {
        if (options.lod < 0 || size_t(options.lod) >= asset.lods.size())
            throw InputError("the asset has no graphics LoD " + std::to_string(options.lod));
        if (asset.lods[size_t(options.lod)].physicsMesh < 0)
            throw InputError("graphics LoD " + std::to_string(options.lod) +
                             " has no physics mesh to simulate");
        if (!(options.framesPerSecond > 0) || !std::isfinite(options.framesPerSecond) ||
            options.framesPerSecond > 1000)
            throw InputError("frames per second must lie in (0, 1000]");
        if (options.frames < 0 || options.frames > 100000)
            throw InputError("the frame count must lie in 0..100000 (0: the clip once)");
    }
    if (options.format == ExportFormat::PointCache &&
        options.pointCacheMesh == PointCacheMesh::Physics && ext != "mdd" && ext != "pc2")
        throw FileError(path, "a point cache of the physics mesh is written as .mdd or .pc2; "
                              "glTF morph targets hold the graphics mesh");
}

uint32_t bakedClothBoneCount(const ClothingAsset &asset, const ExportOptions &options)
{
    if (options.lod < 0 || size_t(options.lod) >= asset.lods.size()) return 0;
    const int mesh = asset.lods[size_t(options.lod)].physicsMesh;
    if (mesh < 0) return 0;
    const PhysicsMesh &pm = asset.physicsMeshes[size_t(mesh)];
    const uint32_t physics = uint32_t(pm.vertexCount());
    if (options.clothBones == 0 && !pm.clothBones.empty()) return uint32_t(pm.clothBones.size());
    return options.clothBones > 0 ? std::min(options.clothBones, physics) : physics;
}

uint64_t estimateExportBytes(const ClothingAsset &asset, const std::string &path,
                             const ExportOptions &options)
{
    // Bytes per item of each writer's layout (binary sizes, and measured overheads of the JSON,
    // FBX records and Collada text per node, channel and key). A .gltf embeds its buffer in
    // base64 (4/3 of it).
    const std::string ext = fileExtension(path);
    auto gltf = [&](double buffer, double json) {
        return uint64_t((ext == "gltf" ? buffer * 4.0 / 3.0 : buffer) + json);
    };
    const double bones = double(asset.skeleton.bones.size());
    if (options.format == ExportFormat::GltfPhysics) {
        double buffer = 64.0 * bones,
               json = 4096 + 250 * bones + 400 * double(asset.collisionVolumes.size());
        for (const PhysicsMesh &p : asset.physicsMeshes) {
            buffer += double(p.vertexCount()) *
                          (60 + 4 * double(kFloatChannelCount + kMaskChannelCount)) +
                      12.0 * double(p.triangleCount());
            json += 3000;
        }
        for (const GraphicsLod &l : asset.lods) {
            buffer += double(l.mesh.vertexCount()) *
                          (100 + 4 * double(kFloatChannelCount + kMaskChannelCount)) +
                      12.0 * double(l.mesh.triangleCount());
            json += 3000;
        }
        return gltf(buffer, json);
    }
    if (options.lod < 0 || size_t(options.lod) >= asset.lods.size()) return 0;
    const GraphicsMesh &g = asset.lods[size_t(options.lod)].mesh;
    const double v = double(g.vertexCount()), t = double(g.triangleCount());
    const double frames = double(exportFrameCount(options));
    if (options.format == ExportFormat::PointCache && (ext == "mdd" || ext == "pc2")) {
        const int physics = asset.lods[size_t(options.lod)].physicsMesh;
        const double n = options.pointCacheMesh == PointCacheMesh::Physics && physics >= 0
                             ? double(asset.physicsMeshes[size_t(physics)].vertexCount())
                             : v;
        return uint64_t(32 + frames * (4 + 12 * n)); // a header, a time and the points per frame
    }
    if (options.format == ExportFormat::PointCache) // a morph target per frame, one-hot weights
        return gltf(v * 56 + 12 * t + frames * (24 * v + 4) + 4 * frames * frames,
                    4096 + 400 * frames);
    const double joints = bones + 1 + double(bakedClothBoneCount(asset, options));
    const double keys = (joints - 1) * frames; // every joint but the cloth bones' root
    if (ext == "fbx") // per joint its model, cluster, pose node, curves and connections
        return uint64_t(8192 + v * 100 + 12 * t + 6300 * joints + 72 * keys);
    if (ext == "dae") // a 4x4 matrix in text per key
        return uint64_t(8192 + v * 150 + 30 * t + 2000 * joints + 170 * keys);
    // The JSON per joint: its node, and the channels, samplers, accessors and buffer views of
    // its animation (a .gltf is pretty-printed, a .glb compact).
    return gltf(v * 56 + 12 * t + 64 * joints + 4 * frames + 28 * keys,
                4096 + (ext == "glb" ? 680 : 1250) * joints);
}

std::vector<std::string> checkExport(const ClothingAsset &asset, const std::string &path,
                                     const ExportOptions &options)
{
    std::vector<std::string> lost;
    if (options.format == ExportFormat::GltfPhysics) {
        const size_t n = asset.collisionVolumes.size();
        if (options.maxCollisionVolumes > 0 && n > options.maxCollisionVolumes)
            for (size_t i = options.maxCollisionVolumes; i < n; ++i)
                lost.push_back("collision volume '" + asset.collisionVolumes[i].name + "' (" +
                               std::to_string(i + 1) + " of " + std::to_string(n) +
                               "): the target supports " +
                               std::to_string(options.maxCollisionVolumes) + " volumes");
        if (options.maxBones > 0 && asset.skeleton.bones.size() > options.maxBones)
            lost.push_back("bone weights: the skeleton has " +
                           std::to_string(asset.skeleton.bones.size()) +
                           " bones, the target supports " + std::to_string(options.maxBones));
    } else {
        if (options.lod < 0 || size_t(options.lod) >= asset.lods.size())
            return lost; // exportAsset reports the bad LoD as an input error
        if (options.format == ExportFormat::BakedBones) {
            const uint32_t cloth = bakedClothBoneCount(asset, options);
            const size_t total = asset.skeleton.bones.size() + cloth;
            if (options.maxBones > 0 && total > options.maxBones)
                lost.push_back("bones: the bake needs " + std::to_string(total) + " (" +
                               std::to_string(asset.skeleton.bones.size()) + " character + " +
                               std::to_string(cloth) + " cloth bones), the target supports " +
                               std::to_string(options.maxBones) + "; lower --cloth-bones");
            // Assimp's Collada writer labels every file metres and Y up; the geometry follows
            // the export transform, the label not. (Tweed's FBX writer declares the transform.)
            const ExportTransform &t = options.transform;
            if (fileExtension(path) == "dae" &&
                (t.scale != 1.0f || t.upAxis != UpAxis::Y || t.handedness != Handedness::Right))
                lost.push_back("unit and axis labels: Collada files written through Assimp "
                               "declare metres, Y up, right-handed, while this export is not; an "
                               "engine that honours the label will scale or turn the garment. "
                               "Export with 1 unit per metre and Y up, or as FBX or glTF");
        } else {
            const int frames = exportFrameCount(options);
            if (options.maxMorphTargets > 0 && uint32_t(frames) > options.maxMorphTargets)
                lost.push_back("frames " + std::to_string(options.maxMorphTargets) + " to " +
                               std::to_string(frames - 1) + ": the target supports " +
                               std::to_string(options.maxMorphTargets) + " morph targets");
        }
    }
    return lost;
}

} // namespace tweed
