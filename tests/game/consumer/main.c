/* consumer_c ASSET.tweedc: a C11 program on libtweed_runtime.so (Tweed::tweed_runtime_shared):
 * load, step an instance with the game's own collision volume, read the render mesh back. */
#include <tweed/tweed_c.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    TweedAsset *asset = NULL;
    TweedInstance *cloth = NULL;
    TweedCollisionVolume floorPlane = {TWEED_SHAPE_PLANE, -1, {0, -10, 0}, {0, 0, 0, 1}, {0, 0, 0},
                                       0, 0, 0};
    uint32_t n;
    float *positions, *normals;
    int ok;
    if (argc < 2) return 2;
    if (tweed_asset_load_file(argv[1], &asset) != TWEED_OK ||
        tweed_instance_create(asset, 0, &cloth) != TWEED_OK ||
        tweed_instance_set_collision_volumes(cloth, &floorPlane, 1) != TWEED_OK ||
        tweed_instance_set_normal_mode(cloth, TWEED_NORMALS_RECOMPUTED) != TWEED_OK ||
        tweed_instance_step(cloth, 1.0f / 60.0f) != TWEED_OK) {
        fprintf(stderr, "%s\n", tweed_last_error());
        return 1;
    }
    n = tweed_instance_graphics_vertex_count(cloth);
    positions = (float *)malloc(sizeof(float) * 3 * n);
    normals = (float *)malloc(sizeof(float) * 3 * n);
    ok = n > 0 && tweed_instance_render_mesh(cloth, positions, normals, NULL, n) == TWEED_OK;
    printf("consumer_c: %u graphics vertices through libtweed_runtime.so %s\n", n, tweed_version());
    free(positions);
    free(normals);
    tweed_instance_destroy(cloth);
    tweed_asset_destroy(asset);
    return ok ? 0 : 1;
}
