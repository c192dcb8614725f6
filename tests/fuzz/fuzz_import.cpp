// libFuzzer harness: character import through Assimp on the project's path (importCharacter:
// the reader-hazard guards, Assimp, then the conversion to Tweed's model). The first input byte
// picks the file extension, the rest is the file, written to a temporary folder of this
// process. Any input either throws InputError or gives a character whose meshes index only
// their own vertices and the skeleton's bones, with finite positions. The environment variable
// TWEED_FUZZ_IMPORT_SKIP lists extensions (comma-separated) not to fuzz: those with an open
// finding (tests/fuzz/crashes/README.md), so that a short run looks for new ones.
#include "fuzz_support.h"

#include "tweed/errors.h"
#include "tweed/meshproc/import.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <unistd.h>

// Assimp allocates what a corrupt file's counts ask for (gigabytes) and relies on
// std::bad_alloc, or on the memory being committed lazily, until it finds the file too short:
// a clean error without the sanitizers. Under AddressSanitizer such an allocation costs its
// shadow memory at once, and its operator new reports a failure as a crash. Here allocations
// over 2 GB fail, and these operators throw std::bad_alloc as the C++ library's do, so the
// harness sees what a user would.
extern "C" const char *__asan_default_options()
{
    return "allocator_may_return_null=1:max_allocation_size_mb=2048";
}
void *operator new(size_t size)
{
    if (void *p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void *operator new[](size_t size)
{
    return operator new(size);
}
void *operator new(size_t size, const std::nothrow_t &) noexcept
{
    return std::malloc(size ? size : 1);
}
void *operator new[](size_t size, const std::nothrow_t &) noexcept
{
    return std::malloc(size ? size : 1);
}
void operator delete(void *p) noexcept
{
    std::free(p);
}
void operator delete[](void *p) noexcept
{
    std::free(p);
}
void operator delete(void *p, size_t) noexcept
{
    std::free(p);
}
void operator delete[](void *p, size_t) noexcept
{
    std::free(p);
}

namespace {

// The formats a character comes in, and the simple ones the guards know.
constexpr const char *kExtensions[] = {"gltf", "glb", "fbx", "dae", "x",    "obj", "md5mesh",
                                       "smd",  "ply", "stl", "off", "ms3d", "b3d", "3ds"};
constexpr size_t kExtensionCount = sizeof kExtensions / sizeof kExtensions[0];

const std::filesystem::path &folder()
{
    static const std::filesystem::path dir = [] {
        const auto d = std::filesystem::temp_directory_path() /
                       ("tweed-fuzz-import-" + std::to_string(getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

bool skipped(const std::string &ext)
{
    static const std::string list = [] {
        const char *v = std::getenv("TWEED_FUZZ_IMPORT_SKIP");
        return "," + std::string(v ? v : "") + ",";
    }();
    return list.find("," + ext + ",") != std::string::npos;
}

void check(const tweed::Character &c)
{
    const size_t bones = c.skeleton.bones.size();
    for (const tweed::GraphicsMesh &m : c.meshes) {
        for (const uint32_t i : m.indices)
            if (i >= m.positions.size())
                tweed::fuzz::finding("mesh " + m.name + ": a triangle index is out of range");
        for (const tweed::Vec3 &p : m.positions)
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
                tweed::fuzz::finding("mesh " + m.name + ": a position is not finite");
        if (!m.skin.empty() && m.skin.size() != m.positions.size())
            tweed::fuzz::finding("mesh " + m.name + ": skin and positions differ in count");
        for (const tweed::BoneInfluence &inf : m.skin)
            for (size_t k = 0; k < inf.bones.size(); ++k)
                if (inf.weights[k] != 0.0f && inf.bones[k] >= bones)
                    tweed::fuzz::finding("mesh " + m.name + ": a weight names a missing bone");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const std::string ext = kExtensions[data[0] % kExtensionCount];
    if (skipped(ext)) return -1; // not added to the corpus
    const std::filesystem::path path = folder() / ("character." + ext);
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char *>(data + 1), std::streamsize(size - 1));
    }
    try {
        check(tweed::importCharacter(path.string()));
    } catch (const tweed::InputError &) {
    }
    std::filesystem::remove(path);
    return 0;
}
