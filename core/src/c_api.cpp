// The C interface (tweed_c.h) over the C++ run time. Every entry point catches everything: no
// exception crosses the C boundary; failures leave a message in a thread-local string.
#include "tweed/tweed_c.h"

#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/sim/cloth_instance.h"

#include <cmath>
#include <cstring>
#include <exception>
#include <memory>
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
};

struct TweedInstance
{
    const TweedAsset *asset = nullptr;
    std::shared_ptr<const tweed::ClothAssetData> data;
    std::unique_ptr<tweed::ClothInstance> cloth;
    std::vector<tweed::Vec3> graphicsPositions, graphicsNormals; ///< deformGraphics' buffers
    std::vector<tweed::Mat4> skinning;
    tweed::Mat4 world;
    tweed::Vec3 wind;
    bool placed = false; ///< reset onto a pose at least once
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

} // extern "C"
