/* A scene through the C interface, from C: the sample garment on three actors under a budget,
 * run once on the calling thread and once through an engine's job system (a callback that runs
 * the jobs in reverse order); the same bits either way. The high-benefit actor gets full LoD,
 * the low one less; a zero-benefit actor stops and its output follows the bones. Exit code 0
 * on success; each failure prints what went wrong. */
#include "tweed/tweed_c.h"

#include "c_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The engine's job system: here, every job in reverse order on the calling thread. */
typedef struct Engine
{
    unsigned batches, jobs;
} Engine;

static void runJobs(void *user, uint32_t count, TweedJobFunction job, const void *context)
{
    Engine *engine = (Engine *)user;
    uint32_t i;
    ++engine->batches;
    for (i = count; i > 0; --i) {
        job(context, i - 1);
        ++engine->jobs;
    }
}

enum { kActors = 3, kFrames = 40 };

/* Runs the scene; fills positions (kActors x physics x 3 floats) and returns its stats. */
static void runScene(const TweedAsset *asset, TweedScheduler *scheduler, float *positions,
                     uint32_t physics, uint64_t budget, TweedActorStatus *status,
                     TweedSceneStats *stats)
{
    TweedScene *scene = NULL;
    TweedActor actors[kActors];
    const float benefit[kActors] = {1.0f, 0.1f, 0.5f};
    uint32_t bones = tweed_asset_bone_count(asset), a, b, frame;
    float *skinning = (float *)calloc((size_t)bones * 16, sizeof(float));
    CHECK(tweed_scene_create(scheduler, &scene) == TWEED_OK);
    CHECK(tweed_scene_set_blend_time(scene, 0.2f) == TWEED_OK);
    for (a = 0; a < kActors; ++a) {
        CHECK(tweed_scene_add_actor(scene, asset, 0, &actors[a]) == TWEED_OK);
        CHECK(tweed_scene_set_benefit(scene, actors[a], benefit[a]) == TWEED_OK);
    }
    for (frame = 0; frame < kFrames; ++frame) {
        if (frame == 10) CHECK(tweed_scene_set_budget(scene, budget) == TWEED_OK);
        for (a = 0; a < kActors; ++a) {
            for (b = 0; b < bones; ++b) {
                float *m = skinning + 16 * b;
                memset(m, 0, sizeof(float) * 16);
                m[0] = m[5] = m[10] = m[15] = 1;
                m[13] = 0.1f * sinf(0.2f * (float)frame + (float)a); /* the root bobs */
            }
            CHECK(tweed_scene_set_skinning_matrices(scene, actors[a], skinning, bones) ==
                  TWEED_OK);
        }
        CHECK(tweed_scene_update(scene, 1.0f / 60.0f) == TWEED_OK);
    }
    for (a = 0; a < kActors; ++a) {
        CHECK(tweed_scene_actor_status(scene, actors[a], &status[a]) == TWEED_OK);
        CHECK(tweed_scene_physics_vertex_count(scene, actors[a]) == physics);
        CHECK(tweed_scene_physics_positions(scene, actors[a], positions + 3 * physics * a,
                                            physics) == TWEED_OK);
    }
    CHECK(tweed_scene_stats(scene, stats) == TWEED_OK);
    /* Bad input is refused with a message. */
    CHECK(tweed_scene_set_benefit(scene, 99, 1.0f) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tweed_last_error(), "99") != NULL);
    CHECK(tweed_scene_set_benefit(scene, actors[0], -1.0f) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_scene_update(scene, -1.0f) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_scene_set_skinning_matrices(scene, actors[0], skinning, bones + 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_scene_set_graphics_lod(scene, actors[0], 7) == TWEED_ERROR_INVALID_ARGUMENT);

    /* Zero benefit: stopped at once, no cost, and the output follows the bones: moving the
     * root by 0.25 m moves every vertex by 0.25 m (a stopped actor is skinned only). */
    {
        float *before = (float *)malloc(sizeof(float) * 3 * physics);
        float *after = (float *)malloc(sizeof(float) * 3 * physics);
        uint32_t v;
        TweedActorStatus s;
        double worst = 0;
        CHECK(tweed_scene_set_benefit(scene, actors[1], 0.0f) == TWEED_OK);
        CHECK(tweed_scene_set_skinning_matrices(scene, actors[1], skinning, bones) == TWEED_OK);
        CHECK(tweed_scene_update(scene, 1.0f / 60.0f) == TWEED_OK);
        CHECK(tweed_scene_actor_status(scene, actors[1], &s) == TWEED_OK);
        CHECK(s.simulated == 0 && s.cost == 0 && s.level + 1 == tweed_scene_lod_levels());
        CHECK(tweed_scene_physics_positions(scene, actors[1], before, physics) == TWEED_OK);
        for (b = 0; b < bones; ++b) skinning[16 * b + 13] += 0.25f;
        CHECK(tweed_scene_set_skinning_matrices(scene, actors[1], skinning, bones) == TWEED_OK);
        CHECK(tweed_scene_update(scene, 1.0f / 60.0f) == TWEED_OK);
        CHECK(tweed_scene_physics_positions(scene, actors[1], after, physics) == TWEED_OK);
        for (v = 0; v < physics; ++v) {
            double d = fabs((double)after[3 * v + 1] - before[3 * v + 1] - 0.25) +
                       fabs((double)after[3 * v] - before[3 * v]) +
                       fabs((double)after[3 * v + 2] - before[3 * v + 2]);
            if (d > worst) worst = d;
        }
        CHECK(worst < 1e-4);
        free(before);
        free(after);
    }
    free(skinning);
    tweed_scene_destroy(scene);
}

int main(int argc, char **argv)
{
    TweedAsset *asset = NULL;
    TweedScheduler *engine = NULL, *pool = NULL, *bad = NULL;
    Engine counts = {0, 0};
    TweedActorStatus serialStatus[kActors], engineStatus[kActors], poolStatus[kActors];
    TweedSceneStats serialStats, engineStats, poolStats;
    uint32_t physics;
    uint64_t budget;
    float *serial, *viaEngine, *viaPool;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ASSET.tweedc\n", argv[0]);
        return 2;
    }
    CHECK(tweed_asset_load_file(argv[1], &asset) == TWEED_OK);
    if (!asset) return 1;
    {
        TweedInstance *probe = NULL;
        CHECK(tweed_instance_create(asset, 0, &probe) == TWEED_OK);
        physics = tweed_instance_physics_vertex_count(probe);
        tweed_instance_destroy(probe);
    }
    CHECK(physics > 0);
    serial = (float *)malloc(sizeof(float) * 3 * physics * kActors);
    viaEngine = (float *)malloc(sizeof(float) * 3 * physics * kActors);
    viaPool = (float *)malloc(sizeof(float) * 3 * physics * kActors);

    /* Unlimited first, to learn an actor's full cost; then a budget of two actors. */
    runScene(asset, NULL, serial, physics, 0, serialStatus, &serialStats);
    CHECK(serialStats.simulated_actors == kActors);
    budget = serialStatus[0].full_cost * 2;
    CHECK(budget > 0);
    runScene(asset, NULL, serial, physics, budget, serialStatus, &serialStats);
    CHECK(serialStatus[0].level == 0);
    CHECK(serialStatus[1].level > 0); /* the least benefit: less than full */
    CHECK(serialStatus[1].cost < serialStatus[0].cost);
    CHECK(serialStats.vertex_iterations <= budget);
    CHECK(serialStats.full_vertex_iterations > serialStats.vertex_iterations);

    CHECK(tweed_scheduler_create(runJobs, 4, &counts, &engine) == TWEED_OK);
    CHECK(tweed_scheduler_create_threads(2, &pool) == TWEED_OK);
    runScene(asset, engine, viaEngine, physics, budget, engineStatus, &engineStats);
    CHECK(counts.batches > 0 && counts.jobs >= counts.batches);
    runScene(asset, pool, viaPool, physics, budget, poolStatus, &poolStats);
    CHECK(memcmp(serial, viaEngine, sizeof(float) * 3 * physics * kActors) == 0);
    CHECK(memcmp(serial, viaPool, sizeof(float) * 3 * physics * kActors) == 0);
    CHECK(engineStats.vertex_iterations == serialStats.vertex_iterations);
    CHECK(tweed_scheduler_create(NULL, 1, NULL, &bad) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_scheduler_create(runJobs, 0, &counts, &bad) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_scheduler_create_threads(0, &bad) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(bad == NULL);

    tweed_scheduler_destroy(engine);
    tweed_scheduler_destroy(pool);
    free(serial);
    free(viaEngine);
    free(viaPool);
    tweed_asset_destroy(asset);
    if (failures == 0)
        printf("C scene: %d actors of %u physics vertices, budget %llu of %llu vertex-iterations, "
               "levels %u %u %u, all checks passed\n",
               kActors, physics, (unsigned long long)serialStats.vertex_iterations,
               (unsigned long long)serialStats.full_vertex_iterations, serialStatus[0].level,
               serialStatus[1].level, serialStatus[2].level);
    return failures == 0 ? 0 : 1;
}
