// consumer ASSET.tweedc: the dozen lines of docs/runtime.md, in C++ and through the C interface.
#include <tweed/cooked.h>
#include <tweed/sim/cloth_instance.h>
#include <tweed/tweed_c.h>

#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    // C++: load, share the run-time data, create an instance, step, read back.
    const tweed::ClothingAsset asset = tweed::loadCooked(argv[1]);
    const auto data = tweed::buildClothAssetData(asset, 0);
    tweed::ClothInstance cloth(data, asset.simulation);
    const std::vector<tweed::Mat4> pose = tweed::skinningMatricesAt(asset.skeleton, nullptr, 0);
    tweed::ClothFrame frame;
    frame.skinning = pose;
    frame.dt = 1.0f / 60.0f;
    cloth.update(frame);
    std::vector<tweed::Vec3> positions, normals;
    cloth.deformGraphics(positions, &normals);

    // C: the same through opaque handles.
    TweedAsset *a = nullptr;
    TweedInstance *i = nullptr;
    if (tweed_asset_load_file(argv[1], &a) != TWEED_OK ||
        tweed_instance_create(a, 0, &i) != TWEED_OK) {
        std::fprintf(stderr, "%s\n", tweed_last_error());
        return 1;
    }
    tweed_instance_step(i, 1.0f / 60.0f);
    std::vector<float> xyz(3 * size_t(tweed_instance_graphics_vertex_count(i)));
    tweed_instance_graphics_mesh(i, xyz.data(), nullptr, tweed_instance_graphics_vertex_count(i));
    std::printf("consumer: %zu graphics vertices (C++), %zu (C), version %s\n", positions.size(),
                xyz.size() / 3, tweed_version());
    tweed_instance_destroy(i);
    tweed_asset_destroy(a);
    return positions.size() == xyz.size() / 3 && !positions.empty() ? 0 : 1;
}
