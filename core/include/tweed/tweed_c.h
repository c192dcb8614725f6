/* Tweed's run time as a plain C interface, for engines that bind C (and for any language with a
 * C foreign-function interface). It wraps the C++ run time (tweed_runtime): load a cooked asset
 * (.tweedc), create cloth instances, feed them the character's pose, step them and read back the
 * simulated physics mesh and the deformed graphics mesh.
 *
 * Conventions:
 *  - Handles are opaque. An asset is immutable after loading and may be shared by any number of
 *    instances on any threads; it must outlive them. One instance is used by one thread at a
 *    time.
 *  - Functions that can fail return a TweedResult; on failure tweed_last_error() gives a message
 *    naming the problem (and the file), valid until the next failing call on the same thread.
 *    No C++ exception ever leaves this interface.
 *  - Matrices are 16 floats, column-major (m[column * 4 + row]), as in OpenGL and glTF.
 *  - Vertex arrays are 3 floats per vertex (x, y, z). Capacities count vertices.
 *  - Positions are in the character's model space, metres, Y up (the game applies its own
 *    model-to-world transform when rendering, as for any skinned mesh).
 *  - Bone indices are those of the asset's skeleton (tweed_asset_bone_name/find_bone).
 */
#ifndef TWEED_C_H
#define TWEED_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TweedAsset TweedAsset;
typedef struct TweedInstance TweedInstance;

typedef enum TweedResult
{
    TWEED_OK = 0,
    TWEED_ERROR_INVALID_ARGUMENT = 1, /* null handle or pointer, index out of range, bad value
                                         (a NaN or infinite matrix or wind included) */
    TWEED_ERROR_FILE = 2,             /* unreadable, corrupt or unsupported .tweedc, or one
                                         whose asset is not safe to simulate (docs/runtime.md,
                                         "What loading checks"); the message names the file,
                                         the chunk and the element */
    TWEED_ERROR_BUFFER_TOO_SMALL = 3, /* the caller's array has room for fewer vertices */
    TWEED_ERROR_INTERNAL = 4          /* anything else (out of memory, ...) */
} TweedResult;

/* Version of the library ("0.1.0") and the .tweedc format version it reads. */
const char *tweed_version(void);
uint32_t tweed_cooked_format_version(void);
/* Message of the last failed call on this thread; "" when none failed yet. */
const char *tweed_last_error(void);

/* ---- assets ---------------------------------------------------------------------------- */

/* Loads a cooked asset and refuses it (TWEED_ERROR_FILE) unless it is safe to simulate: every
 * number finite and in its range, indices in range, matrices invertible, weights normalised
 * (docs/runtime.md, "What loading checks"). */
TweedResult tweed_asset_load_file(const char *path, TweedAsset **out);
/* `name` appears in error messages (NULL: "<memory>"). The bytes are copied. */
TweedResult tweed_asset_load_memory(const void *data, size_t size, const char *name,
                                    TweedAsset **out);
void tweed_asset_destroy(TweedAsset *asset); /* NULL is ignored */

const char *tweed_asset_name(const TweedAsset *asset);
uint32_t tweed_asset_bone_count(const TweedAsset *asset);
/* NULL when out of range. */
const char *tweed_asset_bone_name(const TweedAsset *asset, uint32_t bone);
/* -1 when the asset has no bone of that name. */
int32_t tweed_asset_find_bone(const TweedAsset *asset, const char *name);
/* Parent of a bone, -1 for a root or an index out of range. */
int32_t tweed_asset_bone_parent(const TweedAsset *asset, uint32_t bone);
/* The bone's inverse bind matrix (model space to bone space at bind time). */
TweedResult tweed_asset_inverse_bind_matrix(const TweedAsset *asset, uint32_t bone, float out[16]);
/* Graphical levels of detail (0 is the most detailed) and their render meshes. */
uint32_t tweed_asset_lod_count(const TweedAsset *asset);
uint32_t tweed_asset_graphics_vertex_count(const TweedAsset *asset, uint32_t lod);
uint32_t tweed_asset_graphics_index_count(const TweedAsset *asset, uint32_t lod);
/* Copies the triangle indices (three per triangle); capacity counts indices. */
TweedResult tweed_asset_graphics_indices(const TweedAsset *asset, uint32_t lod, uint32_t *out,
                                         size_t capacity);

/* Layer role of a garment part (DESIGN.md, "Garments in layers"): a shell builds the physics
 * mesh; a rider (lining, pocket, button) follows the simulated shell and stays on its side. */
typedef enum TweedLayerRole
{
    TWEED_LAYER_SHELL = 0,
    TWEED_LAYER_RIDER = 1
} TweedLayerRole;

/* The parts (submeshes) of a LoD's render mesh, in triangle order: one per character mesh. */
uint32_t tweed_asset_submesh_count(const TweedAsset *asset, uint32_t lod);
/* NULL when out of range. */
const char *tweed_asset_submesh_name(const TweedAsset *asset, uint32_t lod, uint32_t submesh);
/* The part's triangles [first_triangle, first_triangle + triangle_count) and its layer role;
 * any output pointer may be NULL. */
TweedResult tweed_asset_submesh_info(const TweedAsset *asset, uint32_t lod, uint32_t submesh,
                                     uint32_t *first_triangle, uint32_t *triangle_count,
                                     TweedLayerRole *role);

/* ---- instances ------------------------------------------------------------------------- */

/* A simulated garment of graphics LoD `lod`, starting in the rest pose. */
TweedResult tweed_instance_create(const TweedAsset *asset, uint32_t lod, TweedInstance **out);
void tweed_instance_destroy(TweedInstance *instance); /* NULL is ignored */

/* The character's pose for the next step, either as skinning matrices (global pose times
 * inverse bind) or as model-space global bone matrices; `count` must be the bone count. */
TweedResult tweed_instance_set_skinning_matrices(TweedInstance *instance, const float *matrices,
                                                 uint32_t count);
TweedResult tweed_instance_set_bone_matrices(TweedInstance *instance, const float *matrices,
                                             uint32_t count);
/* The character's model-to-world transform (rigid); the cloth feels its motion. */
TweedResult tweed_instance_set_world_transform(TweedInstance *instance, const float matrix[16]);
/* The character jumps: sets the world transform without the cloth feeling the motion. */
TweedResult tweed_instance_teleport(TweedInstance *instance, const float matrix[16]);
/* World-space wind velocity, m/s. */
TweedResult tweed_instance_set_wind(TweedInstance *instance, float x, float y, float z);
/* Physical level of detail: both scales in [0, 1] (1 = full quality). */
TweedResult tweed_instance_set_physical_lod(TweedInstance *instance, float max_distance_scale,
                                            float iteration_scale);
/* Puts the cloth on the current pose, at rest (also done by the first step). */
TweedResult tweed_instance_reset(TweedInstance *instance);
/* Advances by dt seconds (>= 0) towards the current pose, world transform and wind. The first
 * step after creation resets the cloth onto the pose first. */
TweedResult tweed_instance_step(TweedInstance *instance, float dt);

uint32_t tweed_instance_physics_vertex_count(const TweedInstance *instance);
/* Simulated physics mesh: positions and (area-weighted) normals, model space. */
TweedResult tweed_instance_physics_positions(const TweedInstance *instance, float *xyz,
                                             uint32_t capacity);
TweedResult tweed_instance_physics_normals(const TweedInstance *instance, float *xyz,
                                           uint32_t capacity);
uint32_t tweed_instance_graphics_vertex_count(const TweedInstance *instance);
/* The deformed graphics mesh; `normals` may be NULL. */
TweedResult tweed_instance_graphics_mesh(TweedInstance *instance, float *positions, float *normals,
                                         uint32_t capacity);
/* Seconds simulated so far. */
double tweed_instance_simulated_time(const TweedInstance *instance);
/* Two-way interaction (the asset's two_way_interaction setting): the impulse, N s in world
 * space, the cloth gave each of its collision volumes during the last step, 3 floats per volume
 * in the asset's order; zeros when the setting is off. */
uint32_t tweed_instance_collision_volume_count(const TweedInstance *instance);
TweedResult tweed_instance_volume_impulses(const TweedInstance *instance, float *xyz,
                                           uint32_t capacity);
/* 1 when the cloth sleeps (the asset's sleep_speed setting): it came to rest and is not
 * simulated until its bones, world transform or wind change; else 0. */
int tweed_instance_sleeping(const TweedInstance *instance);

#ifdef __cplusplus
}
#endif

#endif /* TWEED_C_H */
