// The C interface (tweed_c.h) over the C++ run time. Every entry point catches everything: no
// exception crosses the C boundary; failures leave a message in a thread-local string.
#include "tweed/tweed_c.h"

#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/cloth_scene.h"
#include "tweed/validate.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#ifndef TWEED_VERSION_STRING
#define TWEED_VERSION_STRING "unknown"
#endif

struct TweedAsset
{
    tweed::ClothingAsset asset;
    std::vector<std::shared_ptr<const tweed::ClothAssetData>> lods; ///< built at load time
    /// The LoDs with their state transfer maps, for scenes (built by the first actor).
    mutable std::once_flag lodSetBuilt;
    mutable std::shared_ptr<const tweed::ClothLodSet> lodSet;
};

struct TweedInstance
{
    const TweedAsset *asset = nullptr;
    std::shared_ptr<const tweed::ClothAssetData> data;
    std::unique_ptr<tweed::ClothInstance> cloth;
    std::vector<tweed::Vec3> graphicsPositions, graphicsNormals; ///< deformGraphics' buffers
    tweed::GraphicsOutput render;                 ///< tweed_instance_render_mesh's buffers
    tweed::GraphicsOutputOptions renderOptions;   ///< the normal mode
    std::vector<tweed::Mat4> boneSkinning, boneFrames; ///< cloth_bone_matrices' buffers
    std::vector<tweed::Mat4> skinning;
    tweed::Mat4 world;
    tweed::Vec3 wind;
    bool placed = false; ///< reset onto a pose at least once
};

struct TweedScheduler
{
    std::shared_ptr<tweed::TaskScheduler> scheduler;
};

struct TweedScene
{
    struct Actor
    {
        const TweedAsset *asset = nullptr;
        std::vector<tweed::Mat4> skinning;
        tweed::Mat4 world;
        std::vector<tweed::Vec3> graphicsPositions, graphicsNormals;
    };
    std::unique_ptr<tweed::ClothScene> scene;
    std::vector<Actor> actors; ///< by TweedActor; asset null where removed
};

namespace {

thread_local std::string tLastError;

TweedResult fail(TweedResult code, const std::string &message)
{
    tLastError = message;
    return code;
}

// Runs f, mapping C++ exceptions to result codes and messages.
template <class F> TweedResult guarded(F &&f)
{
    try {
        return f();
    } catch (const tweed::FileError &e) {
        return fail(TWEED_ERROR_FILE, e.what());
    } catch (const tweed::InputError &e) {
        return fail(TWEED_ERROR_INVALID_ARGUMENT, e.what());
    } catch (const std::bad_alloc &) {
        return fail(TWEED_ERROR_INTERNAL, "out of memory");
    } catch (const std::exception &e) {
        return fail(TWEED_ERROR_INTERNAL, std::string("internal error: ") + e.what());
    } catch (...) {
        return fail(TWEED_ERROR_INTERNAL, "internal error: unknown exception");
    }
}

/// Whether n floats are all finite: a NaN pose or wind would make every output NaN.
bool allFinite(const float *v, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

TweedResult notFinite(const char *function, const char *what)
{
    return fail(TWEED_ERROR_INVALID_ARGUMENT,
                std::string(function) + ": " + what + " holds a NaN or infinite value");
}

tweed::Mat4 toMat4(const float *m)
{
    tweed::Mat4 out;
    std::memcpy(out.m, m, sizeof(out.m));
    return out;
}

TweedResult nullArgument(const char *function, const char *what)
{
    return fail(TWEED_ERROR_INVALID_ARGUMENT, std::string(function) + ": " + what + " is null");
}

TweedResult loadInto(tweed::ClothingAsset asset, const std::string &name, TweedAsset **out)
{
    auto handle = std::make_unique<TweedAsset>();
    handle->asset = std::move(asset);
    // Building every LoD's run-time data here keeps the asset immutable (and thread-safe) later.
    for (size_t lod = 0; lod < handle->asset.lods.size(); ++lod) {
        try {
            handle->lods.push_back(handle->asset.lods[lod].physicsMesh >= 0
                                       ? tweed::buildClothAssetData(handle->asset, int(lod))
                                       : nullptr);
        } catch (const tweed::FileError &) {
            throw;
        } catch (const tweed::InputError &e) {
            // A mesh the solver cannot take (more constraints at a vertex than it colours):
            // a refusal of the file like any other.
            throw tweed::FileError(name, "lod " + std::to_string(lod) + ": " + e.what());
        }
    }
    *out = handle.release();
    return TWEED_OK;
}

TweedResult copyVertices(const std::vector<tweed::Vec3> &v, float *xyz, uint32_t capacity)
{
    if (capacity < v.size())
        return fail(TWEED_ERROR_BUFFER_TOO_SMALL, "room for " + std::to_string(capacity) +
                                                      " vertices, " + std::to_string(v.size()) +
                                                      " needed");
    for (size_t i = 0; i < v.size(); ++i) {
        xyz[3 * i] = v[i].x;
        xyz[3 * i + 1] = v[i].y;
        xyz[3 * i + 2] = v[i].z;
    }
    return TWEED_OK;
}

TweedCollisionVolume toC(const tweed::CollisionVolume &v)
{
    TweedCollisionVolume c{};
    c.shape = TweedShape(int(v.shape));
    c.bone = v.bone;
    const tweed::Transform &t = v.local;
    const float translation[3] = {t.translation.x, t.translation.y, t.translation.z};
    const float rotation[4] = {t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w};
    std::memcpy(c.translation, translation, sizeof translation);
    std::memcpy(c.rotation, rotation, sizeof rotation);
    c.radii[0] = v.radii.x;
    c.radii[1] = v.radii.y;
    c.radii[2] = v.radii.z;
    c.radius = v.radius;
    c.radius2 = v.radius2;
    c.half_height = v.halfHeight;
    static_assert(TWEED_MAX_CONVEX_PLANES == tweed::kMaxConvexPlanes);
    c.plane_count = uint32_t(std::min(v.planes.size(), tweed::kMaxConvexPlanes));
    for (uint32_t i = 0; i < c.plane_count; ++i) {
        const tweed::Vec4 &p = v.planes[i];
        const float plane[4] = {p.x, p.y, p.z, p.w};
        std::memcpy(c.planes[i], plane, sizeof plane);
    }
    return c;
}

tweed::CollisionVolume fromC(const TweedCollisionVolume &c, size_t index)
{
    tweed::CollisionVolume v;
    v.name = "game volume " + std::to_string(index);
    v.shape = tweed::CollisionShape(uint8_t(c.shape));
    v.bone = c.bone;
    v.local.translation = {c.translation[0], c.translation[1], c.translation[2]};
    v.local.rotation = {c.rotation[0], c.rotation[1], c.rotation[2], c.rotation[3]};
    v.radii = {c.radii[0], c.radii[1], c.radii[2]};
    v.radius = c.radius;
    v.radius2 = c.radius2;
    v.halfHeight = c.half_height;
    if (v.shape == tweed::CollisionShape::Convex)
        for (uint32_t i = 0; i < std::min<uint32_t>(c.plane_count, TWEED_MAX_CONVEX_PLANES); ++i)
            v.planes.push_back({c.planes[i][0], c.planes[i][1], c.planes[i][2], c.planes[i][3]});
    return v;
}

void copyMatrices(const std::vector<tweed::Mat4> &m, float *out)
{
    for (size_t i = 0; i < m.size(); ++i)
        std::memcpy(out + 16 * i, m[i].m, sizeof(float) * 16);
}

tweed::ClothFrame frameOf(const TweedInstance &instance, float dt)
{
    tweed::ClothFrame frame;
    frame.skinning = instance.skinning;
    frame.world = instance.world;
    frame.wind = instance.wind;
    frame.dt = dt;
    return frame;
}

const tweed::GraphicsLod *lodOf(const TweedAsset *asset, uint32_t lod)
{
    return asset && lod < asset->asset.lods.size() ? &asset->asset.lods[lod] : nullptr;
}

} // namespace

extern "C" {

const char *tweed_version(void)
{
    return TWEED_VERSION_STRING;
}

uint32_t tweed_cooked_format_version(void)
{
    return tweed::kCookedFormatVersion;
}

const char *tweed_last_error(void)
{
    return tLastError.c_str();
}

TweedResult tweed_asset_load_file(const char *path, TweedAsset **out)
{
    if (!path) return nullArgument("tweed_asset_load_file", "path");
    if (!out) return nullArgument("tweed_asset_load_file", "out");
    *out = nullptr;
    return guarded([&] { return loadInto(tweed::loadCooked(path), path, out); });
}

TweedResult tweed_asset_load_memory(const void *data, size_t size, const char *name,
                                    TweedAsset **out)
{
    if (!data && size > 0) return nullArgument("tweed_asset_load_memory", "data");
    if (!out) return nullArgument("tweed_asset_load_memory", "out");
    *out = nullptr;
    return guarded([&] {
        const std::string_view bytes(static_cast<const char *>(data), size);
        const std::string fileName = name ? name : "<memory>";
        return loadInto(tweed::readCooked(bytes, fileName), fileName, out);
    });
}

void tweed_asset_destroy(TweedAsset *asset)
{
    delete asset;
}

const char *tweed_asset_name(const TweedAsset *asset)
{
    return asset ? asset->asset.name.c_str() : nullptr;
}

uint32_t tweed_asset_bone_count(const TweedAsset *asset)
{
    return asset ? uint32_t(asset->asset.skeleton.bones.size()) : 0;
}

const char *tweed_asset_bone_name(const TweedAsset *asset, uint32_t bone)
{
    if (!asset || bone >= asset->asset.skeleton.bones.size()) return nullptr;
    return asset->asset.skeleton.bones[bone].name.c_str();
}

int32_t tweed_asset_find_bone(const TweedAsset *asset, const char *name)
{
    if (!asset || !name) return -1;
    return asset->asset.skeleton.find(name);
}

int32_t tweed_asset_bone_parent(const TweedAsset *asset, uint32_t bone)
{
    if (!asset || bone >= asset->asset.skeleton.bones.size()) return -1;
    return asset->asset.skeleton.bones[bone].parent;
}

TweedResult tweed_asset_inverse_bind_matrix(const TweedAsset *asset, uint32_t bone, float out[16])
{
    if (!asset) return nullArgument("tweed_asset_inverse_bind_matrix", "asset");
    if (!out) return nullArgument("tweed_asset_inverse_bind_matrix", "out");
    if (bone >= asset->asset.skeleton.bones.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_asset_inverse_bind_matrix: bone " +
                                                      std::to_string(bone) + " out of range");
    std::memcpy(out, asset->asset.skeleton.bones[bone].inverseBind.m, sizeof(float) * 16);
    return TWEED_OK;
}

uint32_t tweed_asset_lod_count(const TweedAsset *asset)
{
    return asset ? uint32_t(asset->asset.lods.size()) : 0;
}

uint32_t tweed_asset_graphics_vertex_count(const TweedAsset *asset, uint32_t lod)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    return l ? uint32_t(l->mesh.vertexCount()) : 0;
}

uint32_t tweed_asset_graphics_index_count(const TweedAsset *asset, uint32_t lod)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    return l ? uint32_t(l->mesh.indices.size()) : 0;
}

TweedResult tweed_asset_graphics_indices(const TweedAsset *asset, uint32_t lod, uint32_t *out,
                                         size_t capacity)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    if (!l)
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_asset_graphics_indices: no asset or no LoD " + std::to_string(lod));
    if (!out) return nullArgument("tweed_asset_graphics_indices", "out");
    if (capacity < l->mesh.indices.size())
        return fail(TWEED_ERROR_BUFFER_TOO_SMALL,
                    "room for " + std::to_string(capacity) + " indices, " +
                        std::to_string(l->mesh.indices.size()) + " needed");
    std::memcpy(out, l->mesh.indices.data(), l->mesh.indices.size() * sizeof(uint32_t));
    return TWEED_OK;
}

uint32_t tweed_asset_submesh_count(const TweedAsset *asset, uint32_t lod)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    return l ? uint32_t(l->mesh.submeshes.size()) : 0;
}

const char *tweed_asset_submesh_name(const TweedAsset *asset, uint32_t lod, uint32_t submesh)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    return l && submesh < l->mesh.submeshes.size() ? l->mesh.submeshes[submesh].name.c_str()
                                                   : nullptr;
}

TweedResult tweed_asset_submesh_info(const TweedAsset *asset, uint32_t lod, uint32_t submesh,
                                     uint32_t *first_triangle, uint32_t *triangle_count,
                                     TweedLayerRole *role)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    if (!l || submesh >= l->mesh.submeshes.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_asset_submesh_info: no asset, no LoD " +
                                                      std::to_string(lod) + " or no submesh " +
                                                      std::to_string(submesh));
    const tweed::Submesh &sub = l->mesh.submeshes[submesh];
    if (first_triangle) *first_triangle = sub.firstTriangle;
    if (triangle_count) *triangle_count = sub.triangleCount;
    if (role)
        *role = sub.role == tweed::LayerRole::Rider ? TWEED_LAYER_RIDER : TWEED_LAYER_SHELL;
    return TWEED_OK;
}

TweedResult tweed_instance_create(const TweedAsset *asset, uint32_t lod, TweedInstance **out)
{
    if (!asset) return nullArgument("tweed_instance_create", "asset");
    if (!out) return nullArgument("tweed_instance_create", "out");
    *out = nullptr;
    if (lod >= asset->lods.size() || !asset->lods[lod])
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_instance_create: the asset has no LoD " +
                                                      std::to_string(lod) + " with a physics mesh");
    return guarded([&] {
        auto instance = std::make_unique<TweedInstance>();
        instance->asset = asset;
        instance->data = asset->lods[lod];
        instance->cloth =
            std::make_unique<tweed::ClothInstance>(instance->data, asset->asset.simulation);
        instance->skinning.assign(asset->asset.skeleton.bones.size(), tweed::Mat4{});
        *out = instance.release();
        return TWEED_OK;
    });
}

void tweed_instance_destroy(TweedInstance *instance)
{
    delete instance;
}

TweedResult tweed_instance_set_skinning_matrices(TweedInstance *instance, const float *matrices,
                                                 uint32_t count)
{
    if (!instance) return nullArgument("tweed_instance_set_skinning_matrices", "instance");
    if (count != instance->skinning.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_instance_set_skinning_matrices: " + std::to_string(count) +
                        " matrices for " + std::to_string(instance->skinning.size()) + " bones");
    if (!matrices && count > 0)
        return nullArgument("tweed_instance_set_skinning_matrices", "matrices");
    if (count > 0 && !allFinite(matrices, 16 * size_t(count)))
        return notFinite("tweed_instance_set_skinning_matrices", "matrices");
    for (uint32_t b = 0; b < count; ++b)
        instance->skinning[b] = toMat4(matrices + 16 * b);
    return TWEED_OK;
}

TweedResult tweed_instance_set_bone_matrices(TweedInstance *instance, const float *matrices,
                                             uint32_t count)
{
    if (!instance) return nullArgument("tweed_instance_set_bone_matrices", "instance");
    const tweed::Skeleton &skeleton = instance->asset->asset.skeleton;
    if (count != skeleton.bones.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_instance_set_bone_matrices: " + std::to_string(count) +
                        " matrices for " + std::to_string(skeleton.bones.size()) + " bones");
    if (!matrices && count > 0) return nullArgument("tweed_instance_set_bone_matrices", "matrices");
    if (count > 0 && !allFinite(matrices, 16 * size_t(count)))
        return notFinite("tweed_instance_set_bone_matrices", "matrices");
    for (uint32_t b = 0; b < count; ++b)
        instance->skinning[b] = toMat4(matrices + 16 * b) * skeleton.bones[b].inverseBind;
    return TWEED_OK;
}

TweedResult tweed_instance_set_world_transform(TweedInstance *instance, const float matrix[16])
{
    if (!instance) return nullArgument("tweed_instance_set_world_transform", "instance");
    if (!matrix) return nullArgument("tweed_instance_set_world_transform", "matrix");
    if (!allFinite(matrix, 16)) return notFinite("tweed_instance_set_world_transform", "matrix");
    instance->world = toMat4(matrix);
    return TWEED_OK;
}

TweedResult tweed_instance_teleport(TweedInstance *instance, const float matrix[16])
{
    if (!instance) return nullArgument("tweed_instance_teleport", "instance");
    if (!matrix) return nullArgument("tweed_instance_teleport", "matrix");
    if (!allFinite(matrix, 16)) return notFinite("tweed_instance_teleport", "matrix");
    return guarded([&] {
        instance->world = toMat4(matrix);
        instance->cloth->teleport(instance->world);
        return TWEED_OK;
    });
}

TweedResult tweed_instance_set_wind(TweedInstance *instance, float x, float y, float z)
{
    if (!instance) return nullArgument("tweed_instance_set_wind", "instance");
    const float wind[3] = {x, y, z};
    if (!allFinite(wind, 3)) return notFinite("tweed_instance_set_wind", "the wind");
    instance->wind = {x, y, z};
    return TWEED_OK;
}

TweedResult tweed_instance_set_physical_lod(TweedInstance *instance, float max_distance_scale,
                                            float iteration_scale)
{
    if (!instance) return nullArgument("tweed_instance_set_physical_lod", "instance");
    if (!(max_distance_scale >= 0 && max_distance_scale <= 1) ||
        !(iteration_scale >= 0 && iteration_scale <= 1))
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_instance_set_physical_lod: scales must lie in [0, 1]");
    return guarded([&] {
        instance->cloth->setPhysicalLod({max_distance_scale, iteration_scale});
        return TWEED_OK;
    });
}

TweedResult tweed_instance_reset(TweedInstance *instance)
{
    if (!instance) return nullArgument("tweed_instance_reset", "instance");
    return guarded([&] {
        instance->cloth->reset(frameOf(*instance, 0.0f));
        instance->placed = true;
        return TWEED_OK;
    });
}

TweedResult tweed_instance_step(TweedInstance *instance, float dt)
{
    if (!instance) return nullArgument("tweed_instance_step", "instance");
    return guarded([&] {
        if (!instance->placed) {
            instance->cloth->reset(frameOf(*instance, 0.0f));
            instance->placed = true;
        }
        instance->cloth->update(frameOf(*instance, dt));
        return TWEED_OK;
    });
}

uint32_t tweed_instance_physics_vertex_count(const TweedInstance *instance)
{
    return instance ? uint32_t(instance->cloth->positions().size()) : 0;
}

TweedResult tweed_instance_physics_positions(const TweedInstance *instance, float *xyz,
                                             uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_physics_positions", "instance");
    if (!xyz) return nullArgument("tweed_instance_physics_positions", "xyz");
    return copyVertices(instance->cloth->positions(), xyz, capacity);
}

TweedResult tweed_instance_physics_normals(const TweedInstance *instance, float *xyz,
                                           uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_physics_normals", "instance");
    if (!xyz) return nullArgument("tweed_instance_physics_normals", "xyz");
    return copyVertices(instance->cloth->normals(), xyz, capacity);
}

uint32_t tweed_instance_collision_volume_count(const TweedInstance *instance)
{
    return instance ? uint32_t(instance->cloth->volumeImpulses().size()) : 0;
}

TweedResult tweed_instance_volume_impulses(const TweedInstance *instance, float *xyz,
                                           uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_volume_impulses", "instance");
    if (!xyz) return nullArgument("tweed_instance_volume_impulses", "xyz");
    const std::vector<tweed::Vec3> &impulses = instance->cloth->volumeImpulses();
    if (capacity < impulses.size())
        return fail(TWEED_ERROR_BUFFER_TOO_SMALL, "room for " + std::to_string(capacity) +
                                                      " volumes, " +
                                                      std::to_string(impulses.size()) + " needed");
    return copyVertices(impulses, xyz, capacity);
}

int tweed_instance_sleeping(const TweedInstance *instance)
{
    return instance && instance->cloth->sleeping() ? 1 : 0;
}

uint32_t tweed_instance_graphics_vertex_count(const TweedInstance *instance)
{
    return instance ? uint32_t(instance->data->graphicsPositions.size()) : 0;
}

TweedResult tweed_instance_graphics_mesh(TweedInstance *instance, float *positions, float *normals,
                                         uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_graphics_mesh", "instance");
    if (!positions) return nullArgument("tweed_instance_graphics_mesh", "positions");
    if (capacity < instance->data->graphicsPositions.size())
        return copyVertices(instance->data->graphicsPositions, positions, capacity);
    if (normals && instance->renderOptions.recomputeNormals)
        return tweed_instance_render_mesh(instance, positions, normals, nullptr, capacity);
    return guarded([&] {
        instance->cloth->deformGraphics(instance->graphicsPositions,
                                        normals ? &instance->graphicsNormals : nullptr);
        copyVertices(instance->graphicsPositions, positions, capacity);
        if (normals) copyVertices(instance->graphicsNormals, normals, capacity);
        return TWEED_OK;
    });
}

double tweed_instance_simulated_time(const TweedInstance *instance)
{
    return instance ? instance->cloth->simulatedTime() : 0.0;
}

// ---- game-side control, render-ready outputs, cloth-driven bones --------------------------

uint32_t tweed_asset_collision_volume_count(const TweedAsset *asset)
{
    return asset ? uint32_t(asset->asset.collisionVolumes.size()) : 0;
}

TweedResult tweed_asset_collision_volume(const TweedAsset *asset, uint32_t index,
                                         TweedCollisionVolume *out)
{
    if (!asset) return nullArgument("tweed_asset_collision_volume", "asset");
    if (!out) return nullArgument("tweed_asset_collision_volume", "out");
    if (index >= asset->asset.collisionVolumes.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_asset_collision_volume: volume " +
                                                      std::to_string(index) + " out of range (" +
                                                      std::to_string(asset->asset.collisionVolumes.size()) +
                                                      " volumes)");
    *out = toC(asset->asset.collisionVolumes[index]);
    return TWEED_OK;
}

TweedResult tweed_instance_set_collision_volumes(TweedInstance *instance,
                                                 const TweedCollisionVolume *volumes,
                                                 uint32_t count)
{
    if (!instance) return nullArgument("tweed_instance_set_collision_volumes", "instance");
    if (!volumes && count > 0) return nullArgument("tweed_instance_set_collision_volumes", "volumes");
    return guarded([&] {
        std::vector<tweed::CollisionVolume> list;
        list.reserve(count);
        for (uint32_t i = 0; i < count; ++i) {
            if (int(volumes[i].shape) < TWEED_SHAPE_ELLIPSOID ||
                int(volumes[i].shape) > TWEED_SHAPE_CONVEX)
                return fail(TWEED_ERROR_INVALID_ARGUMENT,
                            "tweed_instance_set_collision_volumes: volume " + std::to_string(i) +
                                ": shape " + std::to_string(int(volumes[i].shape)) +
                                " is not a valid shape");
            list.push_back(fromC(volumes[i], i));
        }
        const std::vector<std::string> problems =
            tweed::collisionVolumeProblems(list, instance->asset->asset.skeleton.bones.size());
        if (!problems.empty())
            return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_instance_set_collision_volumes: " +
                                                          tweed::problemSummary(problems));
        instance->cloth->setCollisionVolumes(list);
        return TWEED_OK;
    });
}

TweedResult tweed_instance_restore_collision_volumes(TweedInstance *instance)
{
    if (!instance) return nullArgument("tweed_instance_restore_collision_volumes", "instance");
    return guarded([&] {
        instance->cloth->setCollisionVolumes(instance->data->collisionVolumes);
        return TWEED_OK;
    });
}

TweedResult tweed_instance_set_normal_mode(TweedInstance *instance, TweedNormalMode mode)
{
    if (!instance) return nullArgument("tweed_instance_set_normal_mode", "instance");
    if (mode != TWEED_NORMALS_FROM_SKIN_MAP && mode != TWEED_NORMALS_RECOMPUTED)
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_instance_set_normal_mode: mode " +
                                                      std::to_string(int(mode)) +
                                                      " is not a normal mode");
    instance->renderOptions.recomputeNormals = mode == TWEED_NORMALS_RECOMPUTED;
    return TWEED_OK;
}

int tweed_asset_has_tangents(const TweedAsset *asset, uint32_t lod)
{
    const tweed::GraphicsLod *l = lodOf(asset, lod);
    return l && !l->mesh.tangents.empty() && l->mesh.tangents.size() == l->mesh.vertexCount();
}

TweedResult tweed_instance_render_mesh(TweedInstance *instance, float *positions, float *normals,
                                       float *tangents, uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_render_mesh", "instance");
    if (!positions) return nullArgument("tweed_instance_render_mesh", "positions");
    const size_t count = instance->data->graphicsPositions.size();
    if (tangents && instance->data->graphicsTangents.size() != count)
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_instance_render_mesh: the asset's graphics mesh has no tangents");
    if (capacity < count) return copyVertices(instance->data->graphicsPositions, positions, capacity);
    return guarded([&] {
        tweed::GraphicsOutputOptions options = instance->renderOptions;
        options.tangents = tangents != nullptr;
        instance->cloth->deformGraphics(instance->render, options);
        copyVertices(instance->render.positions, positions, capacity);
        if (normals) copyVertices(instance->render.normals, normals, capacity);
        if (tangents)
            for (size_t i = 0; i < count; ++i) {
                const tweed::Vec4 &t = instance->render.tangents[i];
                const float xyzw[4] = {t.x, t.y, t.z, t.w};
                std::memcpy(tangents + 4 * i, xyzw, sizeof xyzw);
            }
        return TWEED_OK;
    });
}

uint32_t tweed_asset_cloth_bone_count(const TweedAsset *asset, uint32_t lod)
{
    return asset && lod < asset->lods.size() && asset->lods[lod]
               ? uint32_t(asset->lods[lod]->clothBones.size())
               : 0;
}

TweedResult tweed_asset_cloth_bone(const TweedAsset *asset, uint32_t lod, uint32_t bone,
                                   uint32_t *pivot, uint32_t *column, uint32_t *row)
{
    if (bone >= tweed_asset_cloth_bone_count(asset, lod))
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_asset_cloth_bone: no asset, no LoD " + std::to_string(lod) +
                        " with a physics mesh, or no cloth bone " + std::to_string(bone));
    const tweed::ClothBoneDefinition &d = asset->lods[lod]->clothBones[bone];
    if (pivot) *pivot = d.pivot;
    if (column) *column = d.column;
    if (row) *row = d.row;
    return TWEED_OK;
}

uint32_t tweed_instance_cloth_bone_count(const TweedInstance *instance)
{
    return instance ? uint32_t(instance->data->clothBones.size()) : 0;
}

TweedResult tweed_instance_cloth_bone_matrices(TweedInstance *instance, float *skinning,
                                               float *frames, uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_cloth_bone_matrices", "instance");
    const size_t count = instance->data->clothBones.size();
    if (capacity < count)
        return fail(TWEED_ERROR_BUFFER_TOO_SMALL, "room for " + std::to_string(capacity) +
                                                      " matrices, " + std::to_string(count) +
                                                      " needed");
    return guarded([&] {
        instance->cloth->clothBoneMatrices(instance->boneSkinning, &instance->boneFrames);
        if (skinning) copyMatrices(instance->boneSkinning, skinning);
        if (frames) copyMatrices(instance->boneFrames, frames);
        return TWEED_OK;
    });
}

uint32_t tweed_asset_rig_constraint_count(const TweedAsset *asset)
{
    return asset ? uint32_t(asset->asset.rigConstraints.size()) : 0;
}

TweedResult tweed_asset_rig_constraint(const TweedAsset *asset, uint32_t index,
                                       TweedRigConstraint *out)
{
    if (!asset) return nullArgument("tweed_asset_rig_constraint", "asset");
    if (!out) return nullArgument("tweed_asset_rig_constraint", "out");
    const auto &rig = asset->asset.rigConstraints;
    if (index >= rig.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_asset_rig_constraint: constraint " + std::to_string(index) +
                        " out of range (" + std::to_string(rig.size()) + " constraints)");
    const tweed::RigConstraint &c = rig[index];
    out->kind = int32_t(c.kind);
    out->bone = c.bone;
    out->target = c.target;
    out->point[0] = c.point.x;
    out->point[1] = c.point.y;
    out->point[2] = c.point.z;
    out->weight = c.weight;
    return TWEED_OK;
}

TweedResult tweed_instance_skinning_matrices(const TweedInstance *instance, float *matrices,
                                             uint32_t capacity)
{
    if (!instance) return nullArgument("tweed_instance_skinning_matrices", "instance");
    if (!matrices) return nullArgument("tweed_instance_skinning_matrices", "matrices");
    const std::vector<tweed::Mat4> &m = instance->cloth->skinningMatrices();
    if (capacity < m.size())
        return fail(TWEED_ERROR_BUFFER_TOO_SMALL, "room for " + std::to_string(capacity) +
                                                      " matrices, " + std::to_string(m.size()) +
                                                      " needed");
    copyMatrices(m, matrices);
    return TWEED_OK;
}

} // extern "C"

// ---- the engine's job system, scenes of actors ----------------------------------------------

namespace {

/// The engine's job system behind the C callbacks.
class CallbackScheduler : public tweed::TaskScheduler
{
public:
    CallbackScheduler(TweedRunJobsCallback runJobs, uint32_t concurrency, void *user)
        : mRun(runJobs), mConcurrency(concurrency), mUser(user)
    {
    }
    int concurrency() const override { return int(mConcurrency); }
    void run(uint32_t count, tweed::TaskFunction job) override
    {
        if (count > 0)
            mRun(mUser, count, &callJob, &job);
    }

private:
    static void callJob(const void *context, uint32_t index)
    {
        (*static_cast<const tweed::TaskFunction *>(context))(index);
    }

    TweedRunJobsCallback mRun;
    uint32_t mConcurrency;
    void *mUser;
};

std::shared_ptr<tweed::TaskScheduler> schedulerOf(const TweedScheduler *scheduler)
{
    return scheduler ? scheduler->scheduler : nullptr;
}

/// The scene's actor, or null (and the error set) when the handle or actor is bad.
TweedScene::Actor *sceneActor(const TweedScene *scene, TweedActor actor, const char *function)
{
    if (!scene) {
        nullArgument(function, "scene");
        return nullptr;
    }
    if (actor >= scene->actors.size() || !scene->actors[actor].asset) {
        fail(TWEED_ERROR_INVALID_ARGUMENT,
             std::string(function) + ": the scene has no actor " + std::to_string(actor));
        return nullptr;
    }
    return const_cast<TweedScene::Actor *>(&scene->actors[actor]);
}

TweedResult setScenePose(TweedScene *scene, TweedActor id)
{
    return guarded([&] {
        const TweedScene::Actor &a = scene->actors[id];
        scene->scene->setPose(id, a.skinning, a.world);
        return TWEED_OK;
    });
}

} // namespace

extern "C" {

TweedResult tweed_scheduler_create(TweedRunJobsCallback run_jobs, uint32_t concurrency,
                                   void *user_data, TweedScheduler **out)
{
    if (!out) return nullArgument("tweed_scheduler_create", "out");
    *out = nullptr;
    if (!run_jobs) return nullArgument("tweed_scheduler_create", "run_jobs");
    if (concurrency < 1 || concurrency > 1024)
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    "tweed_scheduler_create: concurrency must be between 1 and 1024, not " +
                        std::to_string(concurrency));
    return guarded([&] {
        auto handle = std::make_unique<TweedScheduler>();
        handle->scheduler = std::make_shared<CallbackScheduler>(run_jobs, concurrency, user_data);
        *out = handle.release();
        return TWEED_OK;
    });
}

TweedResult tweed_scheduler_create_threads(uint32_t threads, TweedScheduler **out)
{
    if (!out) return nullArgument("tweed_scheduler_create_threads", "out");
    *out = nullptr;
    return guarded([&] {
        auto handle = std::make_unique<TweedScheduler>();
        handle->scheduler = std::make_shared<tweed::SimThreadPool>(int(std::min(threads, 65u)));
        *out = handle.release();
        return TWEED_OK;
    });
}

void tweed_scheduler_destroy(TweedScheduler *scheduler)
{
    delete scheduler;
}

TweedResult tweed_instance_create_scheduled(const TweedAsset *asset, uint32_t lod,
                                            TweedScheduler *scheduler, TweedInstance **out)
{
    const TweedResult made = tweed_instance_create(asset, lod, out);
    if (made != TWEED_OK || !scheduler)
        return made;
    return guarded([&] {
        tweed::ClothInstanceOptions options;
        options.scheduler = scheduler->scheduler;
        (*out)->cloth = std::make_unique<tweed::ClothInstance>((*out)->data,
                                                               asset->asset.simulation, options);
        return TWEED_OK;
    });
}

TweedResult tweed_scene_create(TweedScheduler *scheduler, TweedScene **out)
{
    if (!out) return nullArgument("tweed_scene_create", "out");
    *out = nullptr;
    return guarded([&] {
        auto handle = std::make_unique<TweedScene>();
        tweed::ClothSceneOptions options;
        options.scheduler = schedulerOf(scheduler);
        handle->scene = std::make_unique<tweed::ClothScene>(options);
        *out = handle.release();
        return TWEED_OK;
    });
}

void tweed_scene_destroy(TweedScene *scene)
{
    delete scene;
}

TweedResult tweed_scene_set_budget(TweedScene *scene, uint64_t vertex_iterations_per_frame)
{
    if (!scene) return nullArgument("tweed_scene_set_budget", "scene");
    scene->scene->setBudget(vertex_iterations_per_frame);
    return TWEED_OK;
}

TweedResult tweed_scene_set_blend_time(TweedScene *scene, float seconds)
{
    if (!scene) return nullArgument("tweed_scene_set_blend_time", "scene");
    return guarded([&] {
        scene->scene->setBlendTime(seconds);
        return TWEED_OK;
    });
}

TweedResult tweed_scene_add_actor(TweedScene *scene, const TweedAsset *asset, uint32_t lod,
                                  TweedActor *out)
{
    if (!scene) return nullArgument("tweed_scene_add_actor", "scene");
    if (!asset) return nullArgument("tweed_scene_add_actor", "asset");
    if (!out) return nullArgument("tweed_scene_add_actor", "out");
    if (lod >= asset->lods.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT, "tweed_scene_add_actor: the asset has no LoD " +
                                                      std::to_string(lod));
    return guarded([&] {
        std::call_once(asset->lodSetBuilt, [asset] {
            std::vector<int> physicsMesh;
            for (const tweed::GraphicsLod &g : asset->asset.lods)
                physicsMesh.push_back(g.physicsMesh);
            for (const auto &data : asset->lods)
                if (!data)
                    throw tweed::InputError("tweed_scene_add_actor: the asset has a LoD "
                                            "without a physics mesh");
            asset->lodSet = std::make_shared<tweed::ClothLodSet>(asset->lods, physicsMesh);
        });
        const TweedActor id =
            scene->scene->addActor(asset->lodSet, asset->asset.simulation, int(lod));
        if (id >= scene->actors.size())
            scene->actors.resize(size_t(id) + 1);
        TweedScene::Actor &a = scene->actors[id];
        a = {};
        a.asset = asset;
        a.skinning.assign(asset->asset.skeleton.bones.size(), tweed::Mat4{});
        scene->scene->setPose(id, a.skinning, a.world);
        *out = id;
        return TWEED_OK;
    });
}

TweedResult tweed_scene_remove_actor(TweedScene *scene, TweedActor actor)
{
    TweedScene::Actor *a = sceneActor(scene, actor, "tweed_scene_remove_actor");
    if (!a) return TWEED_ERROR_INVALID_ARGUMENT;
    return guarded([&] {
        scene->scene->removeActor(actor);
        *a = {};
        return TWEED_OK;
    });
}

TweedResult tweed_scene_set_benefit(TweedScene *scene, TweedActor actor, float benefit)
{
    if (!sceneActor(scene, actor, "tweed_scene_set_benefit")) return TWEED_ERROR_INVALID_ARGUMENT;
    return guarded([&] {
        scene->scene->setBenefit(actor, benefit);
        return TWEED_OK;
    });
}

TweedResult tweed_scene_set_skinning_matrices(TweedScene *scene, TweedActor actor,
                                              const float *matrices, uint32_t count)
{
    const char *function = "tweed_scene_set_skinning_matrices";
    TweedScene::Actor *a = sceneActor(scene, actor, function);
    if (!a) return TWEED_ERROR_INVALID_ARGUMENT;
    if (count != a->skinning.size())
        return fail(TWEED_ERROR_INVALID_ARGUMENT,
                    std::string(function) + ": " + std::to_string(count) + " matrices for " +
                        std::to_string(a->skinning.size()) + " bones");
    if (!matrices && count > 0) return nullArgument(function, "matrices");
    if (count > 0 && !allFinite(matrices, 16 * size_t(count)))
        return notFinite(function, "matrices");
    for (uint32_t b = 0; b < count; ++b)
        a->skinning[b] = toMat4(matrices + 16 * b);
    return setScenePose(scene, actor);
}

TweedResult tweed_scene_set_world_transform(TweedScene *scene, TweedActor actor,
                                            const float matrix[16])
{
    const char *function = "tweed_scene_set_world_transform";
    TweedScene::Actor *a = sceneActor(scene, actor, function);
    if (!a) return TWEED_ERROR_INVALID_ARGUMENT;
    if (!matrix) return nullArgument(function, "matrix");
    if (!allFinite(matrix, 16)) return notFinite(function, "matrix");
    a->world = toMat4(matrix);
    return setScenePose(scene, actor);
}

TweedResult tweed_scene_set_wind(TweedScene *scene, TweedActor actor, float x, float y, float z)
{
    if (!sceneActor(scene, actor, "tweed_scene_set_wind")) return TWEED_ERROR_INVALID_ARGUMENT;
    const float wind[3] = {x, y, z};
    if (!allFinite(wind, 3)) return notFinite("tweed_scene_set_wind", "the wind");
    return guarded([&] {
        scene->scene->setWind(actor, {x, y, z});
        return TWEED_OK;
    });
}

TweedResult tweed_scene_set_graphics_lod(TweedScene *scene, TweedActor actor, uint32_t lod)
{
    if (!sceneActor(scene, actor, "tweed_scene_set_graphics_lod"))
        return TWEED_ERROR_INVALID_ARGUMENT;
    return guarded([&] {
        scene->scene->setGraphicsLod(actor, int(std::min(lod, uint32_t(INT32_MAX))));
        return TWEED_OK;
    });
}

TweedResult tweed_scene_update(TweedScene *scene, float dt)
{
    if (!scene) return nullArgument("tweed_scene_update", "scene");
    return guarded([&] {
        scene->scene->update(dt);
        return TWEED_OK;
    });
}

uint32_t tweed_scene_lod_levels(void)
{
    return uint32_t(tweed::kSceneLodOff + 1);
}

TweedResult tweed_scene_actor_status(const TweedScene *scene, TweedActor actor,
                                     TweedActorStatus *out)
{
    if (!sceneActor(scene, actor, "tweed_scene_actor_status")) return TWEED_ERROR_INVALID_ARGUMENT;
    if (!out) return nullArgument("tweed_scene_actor_status", "out");
    const tweed::ClothActorStatus &s = scene->scene->actorStatus(actor);
    out->level = uint32_t(s.level);
    out->graphics_lod = uint32_t(s.graphicsLod);
    out->simulated = s.simulated ? 1 : 0;
    out->simulated_vertices = s.simulatedVertices;
    out->cost = s.cost;
    out->full_cost = s.fullCost;
    out->max_distance_cut = s.current.maxDistanceCut;
    out->iteration_scale = s.current.iterationScale;
    return TWEED_OK;
}

TweedResult tweed_scene_stats(const TweedScene *scene, TweedSceneStats *out)
{
    if (!scene) return nullArgument("tweed_scene_stats", "scene");
    if (!out) return nullArgument("tweed_scene_stats", "out");
    const tweed::ClothSceneStats &s = scene->scene->stats();
    out->actors = s.actors;
    out->simulated_actors = s.simulatedActors;
    out->vertex_iterations = s.vertexIterations;
    out->full_vertex_iterations = s.fullVertexIterations;
    return TWEED_OK;
}

uint32_t tweed_scene_graphics_vertex_count(const TweedScene *scene, TweedActor actor)
{
    if (!scene || actor >= scene->actors.size() || !scene->actors[actor].asset) return 0;
    const TweedAsset &asset = *scene->actors[actor].asset;
    const int lod = scene->scene->actorStatus(actor).graphicsLod;
    return uint32_t(asset.lods[size_t(lod)]->graphicsPositions.size());
}

TweedResult tweed_scene_graphics_mesh(TweedScene *scene, TweedActor actor, float *positions,
                                      float *normals, uint32_t capacity)
{
    const char *function = "tweed_scene_graphics_mesh";
    TweedScene::Actor *a = sceneActor(scene, actor, function);
    if (!a) return TWEED_ERROR_INVALID_ARGUMENT;
    if (!positions) return nullArgument(function, "positions");
    return guarded([&] {
        scene->scene->deformGraphics(actor, a->graphicsPositions,
                                     normals ? &a->graphicsNormals : nullptr);
        const TweedResult copied = copyVertices(a->graphicsPositions, positions, capacity);
        if (copied != TWEED_OK || !normals) return copied;
        return copyVertices(a->graphicsNormals, normals, capacity);
    });
}

uint32_t tweed_scene_physics_vertex_count(const TweedScene *scene, TweedActor actor)
{
    if (!scene || actor >= scene->actors.size() || !scene->actors[actor].asset) return 0;
    const TweedAsset &asset = *scene->actors[actor].asset;
    const int lod = scene->scene->actorStatus(actor).graphicsLod;
    return asset.lods[size_t(lod)]->cloth->vertexCount;
}

TweedResult tweed_scene_physics_positions(TweedScene *scene, TweedActor actor, float *xyz,
                                          uint32_t capacity)
{
    if (!sceneActor(scene, actor, "tweed_scene_physics_positions"))
        return TWEED_ERROR_INVALID_ARGUMENT;
    if (!xyz) return nullArgument("tweed_scene_physics_positions", "xyz");
    return guarded([&] { return copyVertices(scene->scene->instance(actor).positions(), xyz, capacity); });
}

} // extern "C"
