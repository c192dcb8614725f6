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
 *  - The shared library (libtweed_runtime.so, CMake target Tweed::tweed_runtime_shared) exports
 *    exactly the functions declared here.
 */
#ifndef TWEED_C_H
#define TWEED_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Everything declared here is exported from the shared library; the rest of it is hidden. */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
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

/* ---- the engine's job system, scenes of actors, physical and graphical LoD --------------- */
/* (C++: tweed/sim/task_scheduler.h and tweed/sim/cloth_scene.h; docs/runtime.md, "A scene") */

typedef struct TweedScheduler TweedScheduler;
typedef struct TweedScene TweedScene;
typedef uint32_t TweedActor;

/* One job of a batch; the engine calls it as job(job_context, index). */
typedef void (*TweedJobFunction)(const void *job_context, uint32_t index);
/* The engine's "run these jobs and wait": calls job(job_context, i) once for every i in
 * [0, count), in any order, on any threads, and returns when all have finished. The jobs are
 * independent; the results are the same bits however they run. */
typedef void (*TweedRunJobsCallback)(void *user_data, uint32_t count, TweedJobFunction job,
                                     const void *job_context);

/* A scheduler over the engine's job system; `concurrency` (>= 1) is how many jobs it runs at
 * once. user_data must stay valid while any scene or instance made with the scheduler lives. */
TweedResult tweed_scheduler_create(TweedRunJobsCallback run_jobs, uint32_t concurrency,
                                   void *user_data, TweedScheduler **out);
/* The built-in thread pool: `threads` (1..64) counts the calling thread. */
TweedResult tweed_scheduler_create_threads(uint32_t threads, TweedScheduler **out);
/* Scenes and instances made with it keep what they need; NULL is ignored. */
void tweed_scheduler_destroy(TweedScheduler *scheduler);
/* tweed_instance_create whose solver runs its parallel work through `scheduler`. */
TweedResult tweed_instance_create_scheduled(const TweedAsset *asset, uint32_t lod,
                                            TweedScheduler *scheduler, TweedInstance **out);

/* A scene of actors under one budget; its update runs the actors through `scheduler` (NULL:
 * the calling thread). One scene is used by one thread at a time. */
TweedResult tweed_scene_create(TweedScheduler *scheduler, TweedScene **out);
void tweed_scene_destroy(TweedScene *scene); /* NULL is ignored */
/* Vertex-iterations per frame (simulated vertices x iterations x substeps x steps); 0 =
 * unlimited (the default). */
TweedResult tweed_scene_set_budget(TweedScene *scene, uint64_t vertex_iterations_per_frame);
/* Seconds a physical LoD change takes (default 0.5). */
TweedResult tweed_scene_set_blend_time(TweedScene *scene, float seconds);
/* An actor of the asset at graphical LoD `lod`, benefit 1, rest pose. The asset must outlive
 * the scene. */
TweedResult tweed_scene_add_actor(TweedScene *scene, const TweedAsset *asset, uint32_t lod,
                                  TweedActor *out);
TweedResult tweed_scene_remove_actor(TweedScene *scene, TweedActor actor);
/* The game's benefit (screen size times importance, >= 0); 0 stops the actor at once. */
TweedResult tweed_scene_set_benefit(TweedScene *scene, TweedActor actor, float benefit);
/* The actor's pose and motion for the next update (as tweed_instance_set_*). */
TweedResult tweed_scene_set_skinning_matrices(TweedScene *scene, TweedActor actor,
                                              const float *matrices, uint32_t count);
TweedResult tweed_scene_set_world_transform(TweedScene *scene, TweedActor actor,
                                            const float matrix[16]);
TweedResult tweed_scene_set_wind(TweedScene *scene, TweedActor actor, float x, float y, float z);
/* Switches the actor's graphical LoD now; the simulated state moves to the new physics mesh. */
TweedResult tweed_scene_set_graphics_lod(TweedScene *scene, TweedActor actor, uint32_t lod);
/* Chooses every actor's physical LoD for the budget and advances the scene by dt >= 0. */
TweedResult tweed_scene_update(TweedScene *scene, float dt);

typedef struct TweedActorStatus
{
    uint32_t level;             /* physical LoD level, 0 = full ... tweed_scene_lod_levels()-1 = off */
    uint32_t graphics_lod;
    int32_t simulated;          /* 1 when the solver ran in the last update */
    uint32_t simulated_vertices;
    uint64_t cost;              /* vertex-iterations of the last update */
    uint64_t full_cost;         /* what level 0 would have cost */
    float max_distance_cut;     /* the blended LoD: share of the largest Max Distance cut off */
    float iteration_scale;
} TweedActorStatus;

typedef struct TweedSceneStats
{
    uint32_t actors;
    uint32_t simulated_actors;
    uint64_t vertex_iterations;      /* of the last update, all actors */
    uint64_t full_vertex_iterations; /* what every actor with benefit at full LoD would cost */
} TweedSceneStats;

uint32_t tweed_scene_lod_levels(void);
TweedResult tweed_scene_actor_status(const TweedScene *scene, TweedActor actor,
                                     TweedActorStatus *out);
TweedResult tweed_scene_stats(const TweedScene *scene, TweedSceneStats *out);
/* The actor's deformed graphics mesh (a stopped actor's is skinned to its pose when asked);
 * `normals` may be NULL. */
uint32_t tweed_scene_graphics_vertex_count(const TweedScene *scene, TweedActor actor);
TweedResult tweed_scene_graphics_mesh(TweedScene *scene, TweedActor actor, float *positions,
                                      float *normals, uint32_t capacity);
uint32_t tweed_scene_physics_vertex_count(const TweedScene *scene, TweedActor actor);
TweedResult tweed_scene_physics_positions(TweedScene *scene, TweedActor actor, float *xyz,
                                          uint32_t capacity);
/* ---- game-side control, render-ready outputs, cloth-driven bones ------------------------ */

/* Collision volume shapes (DESIGN.md, "Collision volumes"). */
typedef enum TweedShape
{
    TWEED_SHAPE_ELLIPSOID = 0,       /* radii along the local x, y, z axes */
    TWEED_SHAPE_SPHERE = 1,          /* radius */
    TWEED_SHAPE_CAPSULE = 2,         /* radius, half_height along local y */
    TWEED_SHAPE_TAPERED_CAPSULE = 3, /* radius at -half_height, radius2 at +half_height */
    TWEED_SHAPE_PLANE = 4,           /* local y is the normal; the half space below is solid */
    TWEED_SHAPE_BOX = 5,             /* half extents radii along the local x, y, z axes */
    TWEED_SHAPE_CONVEX = 6           /* the intersection of the half spaces in planes */
} TweedShape;

/* Most planes of a convex volume. */
#define TWEED_MAX_CONVEX_PLANES 32

/* A collision volume attached to a bone of the asset's skeleton (it moves with the pose given
 * to the instance), or fixed in model space (bone -1). Sizes in metres. */
typedef struct TweedCollisionVolume
{
    TweedShape shape;
    int32_t bone;         /* -1: fixed in model space */
    float translation[3]; /* relative to the bone */
    float rotation[4];    /* unit quaternion x, y, z, w, relative to the bone */
    float radii[3];       /* ellipsoid radii, box half extents */
    float radius;         /* sphere, capsule, tapered capsule at -half_height */
    float radius2;        /* tapered capsule at +half_height */
    float half_height;    /* capsules */
    uint32_t plane_count; /* convex: planes used, 4 to TWEED_MAX_CONVEX_PLANES */
    /* convex: local-space planes, unit normal x, y, z and offset w (metres); the solid is where
     * dot(normal, p) <= offset for every plane */
    float planes[TWEED_MAX_CONVEX_PLANES][4];
} TweedCollisionVolume;

/* The asset's own collision volumes (what a new instance collides with). */
uint32_t tweed_asset_collision_volume_count(const TweedAsset *asset);
TweedResult tweed_asset_collision_volume(const TweedAsset *asset, uint32_t index,
                                         TweedCollisionVolume *out);
/* Replaces the instance's collision volumes with the game's (ragdoll shapes, a vehicle seat);
 * count 0 removes them all. Refused (TWEED_ERROR_INVALID_ARGUMENT, the instance unchanged)
 * for an unknown shape, a bone out of range, a non-finite value, a rotation that is not a unit
 * quaternion or a size that is not positive. The next step feels no jump from the change. */
TweedResult tweed_instance_set_collision_volumes(TweedInstance *instance,
                                                 const TweedCollisionVolume *volumes,
                                                 uint32_t count);
/* Back to the asset's own collision volumes. */
TweedResult tweed_instance_restore_collision_volumes(TweedInstance *instance);

/* Where the graphics normals come from: carried through the skin map from the simulated normals
 * (the default), or recomputed from the deformed graphics triangles (area-weighted; vertices at
 * the same rest position, the two sides of a seam, share one normal). */
typedef enum TweedNormalMode
{
    TWEED_NORMALS_FROM_SKIN_MAP = 0,
    TWEED_NORMALS_RECOMPUTED = 1
} TweedNormalMode;
TweedResult tweed_instance_set_normal_mode(TweedInstance *instance, TweedNormalMode mode);
/* 1 when the LoD's graphics mesh has tangents (tweed_instance_render_mesh gives them), else 0. */
int tweed_asset_has_tangents(const TweedAsset *asset, uint32_t lod);
/* The deformed graphics mesh ready to render: positions and normals (3 floats per vertex) and
 * tangents (4 floats per vertex: unit tangent orthogonal to the normal, then the bitangent sign
 * +1 or -1, bitangent = sign * cross(normal, tangent)). `normals` and `tangents` may be NULL;
 * tangents need an asset with tangents (TWEED_ERROR_INVALID_ARGUMENT otherwise). */
TweedResult tweed_instance_render_mesh(TweedInstance *instance, float *positions, float *normals,
                                       float *tangents, uint32_t capacity);

/* Cloth-driven bones (stored in the asset per physics mesh; seed 000's method): bones whose
 * frames follow the simulated cloth, for engines that skin the garment on the GPU with them
 * (the weights come from the baked export, tweed-cli export --format baked-bones). */
uint32_t tweed_asset_cloth_bone_count(const TweedAsset *asset, uint32_t lod);
/* The bone's pivot, column and row physics vertices; any output pointer may be NULL. */
TweedResult tweed_asset_cloth_bone(const TweedAsset *asset, uint32_t lod, uint32_t bone,
                                   uint32_t *pivot, uint32_t *column, uint32_t *row);
uint32_t tweed_instance_cloth_bone_count(const TweedInstance *instance);
/* Per cloth bone of the current state: its skinning matrix (current frame times the inverse of
 * its rest frame) and its model-space frame, 16 floats each; either array may be NULL.
 * Capacity counts matrices. The same bits as the offline bake's. */
TweedResult tweed_instance_cloth_bone_matrices(TweedInstance *instance, float *skinning,
                                               float *frames, uint32_t capacity);

/* The upper-jacket rig (seed 000): look-at and position constraints the instance applies to
 * each step's skeleton, top-down, then the pendulum bones, then the cloth. */
typedef enum TweedRigKind
{
    TWEED_RIG_LOOK_AT = 0, /* the bone turns its rest aim towards target's point (or down) */
    TWEED_RIG_POSITION = 1 /* the bone and target are kept at their rest distance */
} TweedRigKind;
typedef struct TweedRigConstraint
{
    int32_t kind;     /* TweedRigKind */
    int32_t bone;     /* the driven bone */
    int32_t target;   /* look-at: the bone carrying the point, -1 straight down; position: the
                       * other bone */
    float point[3];   /* look-at: the point in target's frame, metres */
    float weight;     /* 0..1 share of the correction */
} TweedRigConstraint;
uint32_t tweed_asset_rig_constraint_count(const TweedAsset *asset);
TweedResult tweed_asset_rig_constraint(const TweedAsset *asset, uint32_t index,
                                       TweedRigConstraint *out);
/* The skinning matrices of the last step with the rig and the pendulum bones applied (16
 * floats per bone, column-major): what the character's other meshes skinned to those bones
 * (the body under the jacket, the hood) are drawn with. Capacity counts matrices. */
TweedResult tweed_instance_skinning_matrices(const TweedInstance *instance, float *matrices,
                                             uint32_t capacity);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* TWEED_C_H */
