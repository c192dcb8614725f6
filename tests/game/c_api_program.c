/* The C interface from C: load a cooked garment (from a file and from memory), create an
 * instance, drive a few frames with a moving pose, and check what comes back; then the error
 * paths. Exit code 0 on success; each failure prints what went wrong. */
#include "tweed/tweed_c.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__,      \
                    #cond, tweed_last_error());                                                    \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

static char *readFile(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *data;
    long n;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = (char *)malloc((size_t)n);
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return data;
}

int main(int argc, char **argv)
{
    TweedAsset *asset = NULL, *fromMemory = NULL, *bad = NULL;
    TweedInstance *instance = NULL;
    uint32_t bones, physics, graphics, i, frame;
    TweedInstance *none = NULL;
    float *skinning, *pos, *nrm, *gpos, *gnrm, *firstY;
    float world[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    size_t size = 0;
    char *bytes;
    double maxMove = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s ASSET.tweedc\n", argv[0]);
        return 2;
    }
    CHECK(strlen(tweed_version()) > 0);
    CHECK(tweed_cooked_format_version() >= 1);

    CHECK(tweed_asset_load_file(argv[1], &asset) == TWEED_OK);
    if (!asset) return 1;
    bytes = readFile(argv[1], &size);
    CHECK(bytes != NULL);
    CHECK(tweed_asset_load_memory(bytes, size, "coat", &fromMemory) == TWEED_OK);
    CHECK(tweed_asset_bone_count(fromMemory) == tweed_asset_bone_count(asset));

    bones = tweed_asset_bone_count(asset);
    CHECK(bones > 0);
    CHECK(tweed_asset_lod_count(asset) == 1);
    CHECK(tweed_asset_find_bone(asset, tweed_asset_bone_name(asset, bones - 1)) ==
          (int32_t)(bones - 1));
    CHECK(tweed_asset_find_bone(asset, "no such bone") == -1);
    CHECK(tweed_asset_bone_parent(asset, 0) == -1);

    CHECK(tweed_instance_create(asset, 0, &instance) == TWEED_OK);
    if (!instance) return 1;
    physics = tweed_instance_physics_vertex_count(instance);
    graphics = tweed_instance_graphics_vertex_count(instance);
    CHECK(physics > 0);
    CHECK(graphics == tweed_asset_graphics_vertex_count(asset, 0));

    /* A pose: the rest pose (global = inverse of the inverse bind), the root moved upwards over
     * the frames; skinning matrices = translation, as the root carries every bone. */
    skinning = (float *)calloc((size_t)bones * 16, sizeof(float));
    pos = (float *)malloc(sizeof(float) * 3 * physics);
    nrm = (float *)malloc(sizeof(float) * 3 * physics);
    gpos = (float *)malloc(sizeof(float) * 3 * graphics);
    gnrm = (float *)malloc(sizeof(float) * 3 * graphics);
    firstY = (float *)malloc(sizeof(float) * physics);
    for (frame = 0; frame < 10; ++frame) {
        for (i = 0; i < bones; ++i) {
            float *m = skinning + 16 * i;
            memset(m, 0, sizeof(float) * 16);
            m[0] = m[5] = m[10] = m[15] = 1;
            m[13] = 0.02f * (float)frame; /* translation y */
        }
        CHECK(tweed_instance_set_skinning_matrices(instance, skinning, bones) == TWEED_OK);
        CHECK(tweed_instance_set_world_transform(instance, world) == TWEED_OK);
        CHECK(tweed_instance_set_wind(instance, 1.0f, 0.0f, 0.0f) == TWEED_OK);
        CHECK(tweed_instance_step(instance, 1.0f / 30.0f) == TWEED_OK);
        if (frame == 0) {
            CHECK(tweed_instance_physics_positions(instance, pos, physics) == TWEED_OK);
            for (i = 0; i < physics; ++i)
                firstY[i] = pos[3 * i + 1];
        }
    }
    CHECK(fabs(tweed_instance_simulated_time(instance) - 10.0 / 30.0) < 0.02);
    CHECK(tweed_instance_physics_positions(instance, pos, physics) == TWEED_OK);
    CHECK(tweed_instance_physics_normals(instance, nrm, physics) == TWEED_OK);
    CHECK(tweed_instance_graphics_mesh(instance, gpos, gnrm, graphics) == TWEED_OK);
    for (i = 0; i < 3 * graphics; ++i)
        CHECK(isfinite(gpos[i]) && isfinite(gnrm[i]));
    for (i = 0; i < graphics; ++i) {
        const double n = sqrt(gnrm[3 * i] * gnrm[3 * i] + gnrm[3 * i + 1] * gnrm[3 * i + 1] +
                              gnrm[3 * i + 2] * gnrm[3 * i + 2]);
        CHECK(fabs(n - 1.0) < 1e-3);
    }
    /* The garment followed the character up (0.18 m by the last frame), every vertex within
     * its Max Distance (at most 0.05 m on the sample) of its skinned position. */
    for (i = 0; i < physics; ++i) {
        const double moved = pos[3 * i + 1] - firstY[i];
        if (fabs(moved - 0.18) > maxMove) maxMove = fabs(moved - 0.18);
    }
    CHECK(maxMove < 0.1 + 1e-3);

    /* Two-way interaction: one impulse per collision volume, zero with the setting off (the
     * sample's default); the cloth is moving, so it is awake. */
    {
        const uint32_t volumes = tweed_instance_collision_volume_count(instance);
        float *impulses = (float *)malloc(sizeof(float) * 3 * (volumes + 1));
        CHECK(tweed_instance_volume_impulses(instance, impulses, volumes) == TWEED_OK);
        for (i = 0; i < 3 * volumes; ++i)
            CHECK(impulses[i] == 0.0f);
        if (volumes > 0)
            CHECK(tweed_instance_volume_impulses(instance, impulses, volumes - 1) ==
                  TWEED_ERROR_BUFFER_TOO_SMALL);
        CHECK(tweed_instance_volume_impulses(NULL, impulses, volumes) != TWEED_OK);
        CHECK(tweed_instance_sleeping(instance) == 0);
        free(impulses);
    }

    /* Error paths: no exception escapes, a code and a message come back. */
    CHECK(tweed_instance_physics_positions(instance, pos, physics - 1) ==
          TWEED_ERROR_BUFFER_TOO_SMALL);
    CHECK(strstr(tweed_last_error(), "vertices") != NULL);
    CHECK(tweed_instance_set_skinning_matrices(instance, skinning, bones + 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_instance_step(instance, -1.0f) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(strlen(tweed_last_error()) > 0);
    CHECK(tweed_instance_create(asset, 5, &none) == TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(none == NULL);
    CHECK(tweed_asset_load_file("/nonexistent/coat.tweedc", &bad) == TWEED_ERROR_FILE);
    CHECK(bad == NULL);
    CHECK(strstr(tweed_last_error(), "/nonexistent/coat.tweedc") != NULL);
    CHECK(tweed_asset_load_memory(bytes, size / 2, "half", &bad) == TWEED_ERROR_FILE);
    CHECK(strstr(tweed_last_error(), "half") != NULL);
    CHECK(tweed_asset_load_file(NULL, &bad) == TWEED_ERROR_INVALID_ARGUMENT);

    free(skinning);
    free(pos);
    free(nrm);
    free(gpos);
    free(gnrm);
    free(firstY);
    free(bytes);
    tweed_instance_destroy(instance);
    tweed_asset_destroy(fromMemory);
    tweed_asset_destroy(asset);
    if (failures == 0)
        printf("C interface: %u physics and %u graphics vertices, 10 frames, all checks passed\n",
               physics, graphics);
    return failures == 0 ? 0 : 1;
}
