/* The C interface from C: load a cooked garment (from a file and from memory), create an
 * instance, drive a few frames with a moving pose, and check what comes back; the game-side
 * control (its own collision volumes, teleport, reset), the render-ready outputs and the
 * cloth-driven bones; then the error paths. Built twice: linked to the static library and to
 * libtweed_runtime.so. Exit code 0 on success; each failure prints what went wrong. */
#include "tweed/tweed_c.h"

#include "c_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *floats(size_t n)
{
    return (float *)calloc(n, sizeof(float));
}

static double length3(const float *v)
{
    return sqrt((double)v[0] * v[0] + (double)v[1] * v[1] + (double)v[2] * v[2]);
}

/* Mean height of the physics vertices after `frames` steps of `instance` in the rest pose. */
static double meanHeightAfter(TweedInstance *instance, uint32_t frames, float *pos, uint32_t physics)
{
    double sum = 0;
    uint32_t i;
    for (i = 0; i < frames; ++i)
        CHECK(tweed_instance_step(instance, 1.0f / 30.0f) == TWEED_OK);
    CHECK(tweed_instance_physics_positions(instance, pos, physics) == TWEED_OK);
    for (i = 0; i < physics; ++i)
        sum += pos[3 * i + 1];
    return sum / physics;
}

/* The game's own collision volumes, teleport and reset. */
static void gameSideControl(const TweedAsset *asset, uint32_t bones, uint32_t physics)
{
    TweedInstance *withFloor = NULL, *reference = NULL;
    TweedCollisionVolume volume, floorPlane;
    const uint32_t count = tweed_asset_collision_volume_count(asset);
    float *pos = floats(3 * (size_t)physics);
    float jump[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1};
    double lowest = 1e30, withPlane, without;
    uint32_t i;

    CHECK(tweed_instance_create(asset, 0, &withFloor) == TWEED_OK);
    CHECK(tweed_instance_create(asset, 0, &reference) == TWEED_OK);
    if (!withFloor || !reference) return;
    if (count > 0) {
        CHECK(tweed_asset_collision_volume(asset, 0, &volume) == TWEED_OK);
        CHECK(volume.bone >= -1 && volume.bone < (int32_t)bones);
    }
    CHECK(tweed_asset_collision_volume(asset, count, &volume) == TWEED_ERROR_INVALID_ARGUMENT);

    /* A floor (a plane, fixed in model space) at the height of the garment's lowest vertex
     * plus 5 cm lifts the hem: the mean height rises above that of an instance without it. */
    CHECK(tweed_instance_reset(withFloor) == TWEED_OK);
    CHECK(tweed_instance_physics_positions(withFloor, pos, physics) == TWEED_OK);
    for (i = 0; i < physics; ++i)
        if (pos[3 * i + 1] < lowest) lowest = pos[3 * i + 1];
    memset(&floorPlane, 0, sizeof floorPlane);
    floorPlane.shape = TWEED_SHAPE_PLANE;
    floorPlane.bone = -1;
    floorPlane.translation[1] = (float)lowest + 0.05f;
    floorPlane.rotation[3] = 1;
    CHECK(tweed_instance_set_collision_volumes(withFloor, &floorPlane, 1) == TWEED_OK);
    withPlane = meanHeightAfter(withFloor, 10, pos, physics);
    without = meanHeightAfter(reference, 10, pos, physics);
    CHECK(withPlane > without + 1e-4);

    /* The same floor as the top of a box and of a convex volume (six planes, the same box):
     * both lift the hem as the plane does. */
    {
        TweedCollisionVolume box = floorPlane, convex = floorPlane;
        static const float cube[6][4] = {{1, 0, 0, 10}, {-1, 0, 0, 10}, {0, 1, 0, 1},
                                         {0, -1, 0, 1}, {0, 0, 1, 10}, {0, 0, -1, 10}};
        box.shape = TWEED_SHAPE_BOX;
        box.translation[1] = floorPlane.translation[1] - 1.0f;
        box.radii[0] = 10;
        box.radii[1] = 1;
        box.radii[2] = 10;
        convex.shape = TWEED_SHAPE_CONVEX;
        convex.translation[1] = box.translation[1];
        convex.plane_count = 6;
        memcpy(convex.planes, cube, sizeof cube);
        CHECK(tweed_instance_reset(withFloor) == TWEED_OK);
        CHECK(tweed_instance_set_collision_volumes(withFloor, &box, 1) == TWEED_OK);
        CHECK(meanHeightAfter(withFloor, 10, pos, physics) > without + 1e-4);
        CHECK(tweed_instance_reset(withFloor) == TWEED_OK);
        CHECK(tweed_instance_set_collision_volumes(withFloor, &convex, 1) == TWEED_OK);
        CHECK(meanHeightAfter(withFloor, 10, pos, physics) > without + 1e-4);
        convex.plane_count = 2; /* no closed volume */
        CHECK(tweed_instance_set_collision_volumes(withFloor, &convex, 1) ==
              TWEED_ERROR_INVALID_ARGUMENT);
        CHECK(tweed_instance_set_collision_volumes(withFloor, &floorPlane, 1) == TWEED_OK);
    }

    /* Bad volumes are refused, naming the problem; the instance keeps its volumes. */
    volume = floorPlane;
    volume.shape = TWEED_SHAPE_SPHERE;
    volume.radius = -1;
    CHECK(tweed_instance_set_collision_volumes(withFloor, &volume, 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tweed_last_error(), "radius") != NULL);
    volume.radius = 0.1f;
    volume.bone = (int32_t)bones;
    CHECK(tweed_instance_set_collision_volumes(withFloor, &volume, 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tweed_last_error(), "out of range") != NULL);
    volume.bone = -1;
    volume.shape = (TweedShape)9;
    CHECK(tweed_instance_set_collision_volumes(withFloor, &volume, 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(tweed_last_error(), "shape 9") != NULL);
    volume.shape = TWEED_SHAPE_SPHERE;
    volume.rotation[3] = 0.5f;
    CHECK(tweed_instance_set_collision_volumes(withFloor, &volume, 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_instance_set_collision_volumes(withFloor, NULL, 1) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    CHECK(tweed_instance_restore_collision_volumes(withFloor) == TWEED_OK);
    CHECK(tweed_instance_set_collision_volumes(withFloor, NULL, 0) == TWEED_OK);

    /* A teleport 5 m away is not felt; reset puts the cloth back on the pose. */
    CHECK(tweed_instance_teleport(reference, jump) == TWEED_OK);
    CHECK(fabs(meanHeightAfter(reference, 1, pos, physics) - without) < 0.01);
    for (i = 0; i < 3 * physics; ++i)
        CHECK(isfinite(pos[i]));
    CHECK(tweed_instance_reset(reference) == TWEED_OK);
    free(pos);
    tweed_instance_destroy(withFloor);
    tweed_instance_destroy(reference);
}

/* Normals recomputed or from the skin map, tangents, and the cloth-driven bones. */
static void renderOutputsAndBones(const TweedAsset *asset, TweedInstance *instance,
                                  uint32_t physics, uint32_t graphics)
{
    float *gpos = floats(3 * (size_t)graphics), *carried = floats(3 * (size_t)graphics);
    float *recomputed = floats(3 * (size_t)graphics), *tangents = floats(4 * (size_t)graphics);
    float *pos = floats(3 * (size_t)physics);
    const uint32_t boneCount = tweed_asset_cloth_bone_count(asset, 0);
    float *skinning = floats(16 * (size_t)boneCount + 16), *frames = floats(16 * (size_t)boneCount + 16);
    double agreement = 0;
    uint32_t i, b, pivot = 0, column = 0, row = 0;

    CHECK(tweed_instance_set_normal_mode(instance, TWEED_NORMALS_FROM_SKIN_MAP) == TWEED_OK);
    CHECK(tweed_instance_render_mesh(instance, gpos, carried, NULL, graphics) == TWEED_OK);
    CHECK(tweed_instance_set_normal_mode(instance, TWEED_NORMALS_RECOMPUTED) == TWEED_OK);
    CHECK(tweed_instance_render_mesh(instance, gpos, recomputed, NULL, graphics) == TWEED_OK);
    for (i = 0; i < graphics; ++i) {
        const float *a = carried + 3 * i, *n = recomputed + 3 * i;
        CHECK(fabs(length3(n) - 1.0) < 1e-3);
        agreement += (double)a[0] * n[0] + (double)a[1] * n[1] + (double)a[2] * n[2];
    }
    /* Both face the same way on average (they differ where the skin map's normal is smooth
     * across folds the triangles show). */
    CHECK(agreement / graphics > 0.8);
    CHECK(tweed_instance_set_normal_mode(instance, (TweedNormalMode)7) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    if (tweed_asset_has_tangents(asset, 0)) {
        CHECK(tweed_instance_render_mesh(instance, gpos, recomputed, tangents, graphics) ==
              TWEED_OK);
        for (i = 0; i < graphics; ++i) {
            const float *t = tangents + 4 * i, *n = recomputed + 3 * i;
            CHECK(fabs(length3(t) - 1.0) < 1e-3);
            CHECK(fabs((double)t[0] * n[0] + (double)t[1] * n[1] + (double)t[2] * n[2]) < 1e-3);
            CHECK(t[3] == 1.0f || t[3] == -1.0f);
        }
    } else {
        CHECK(tweed_instance_render_mesh(instance, gpos, recomputed, tangents, graphics) ==
              TWEED_ERROR_INVALID_ARGUMENT);
    }
    CHECK(tweed_instance_set_normal_mode(instance, TWEED_NORMALS_FROM_SKIN_MAP) == TWEED_OK);

    /* Cloth bones: each frame sits on its pivot vertex, with orthonormal axes. */
    CHECK(boneCount > 0);
    CHECK(tweed_instance_cloth_bone_count(instance) == boneCount);
    CHECK(tweed_instance_physics_positions(instance, pos, physics) == TWEED_OK);
    CHECK(tweed_instance_cloth_bone_matrices(instance, skinning, frames, boneCount) == TWEED_OK);
    for (b = 0; b < boneCount; ++b) {
        const float *f = frames + 16 * b;
        CHECK(tweed_asset_cloth_bone(asset, 0, b, &pivot, &column, &row) == TWEED_OK);
        CHECK(pivot < physics && column < physics && row < physics);
        CHECK(f[12] == pos[3 * pivot] && f[13] == pos[3 * pivot + 1] && f[14] == pos[3 * pivot + 2]);
        CHECK(fabs(length3(f) - 1.0) < 1e-4 && fabs(length3(f + 4) - 1.0) < 1e-4);
        CHECK(fabs((double)f[0] * f[4] + (double)f[1] * f[5] + (double)f[2] * f[6]) < 1e-4);
        CHECK(skinning[16 * b + 15] == 1.0f);
    }
    CHECK(tweed_asset_cloth_bone(asset, 0, boneCount, &pivot, NULL, NULL) ==
          TWEED_ERROR_INVALID_ARGUMENT);
    if (boneCount > 0)
        CHECK(tweed_instance_cloth_bone_matrices(instance, skinning, NULL, boneCount - 1) ==
              TWEED_ERROR_BUFFER_TOO_SMALL);
    free(gpos);
    free(carried);
    free(recomputed);
    free(tangents);
    free(pos);
    free(skinning);
    free(frames);
}

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

    gameSideControl(asset, bones, physics);
    renderOutputsAndBones(asset, instance, physics, graphics);
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
