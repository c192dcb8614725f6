// libFuzzer harness: the .tweedc reader. The input is read as it is (header and checksum
// checks), then with its lengths and checksum fixed up (the chunks' contents). Any input
// either throws FileError or gives an asset whose cooked bytes read back and write the same.
#include "fuzz_support.h"

#include "tweed/cooked.h"
#include "tweed/errors.h"

#include <optional>

namespace {

std::optional<tweed::ClothingAsset> read(std::string_view bytes)
{
    try {
        return tweed::readCooked(bytes, "fuzz.tweedc");
    } catch (const tweed::FileError &) {
        return std::nullopt;
    }
}

void checkRoundTrip(const tweed::ClothingAsset &asset)
{
    const std::string first = tweed::writeCooked(asset);
    const std::optional<tweed::ClothingAsset> again = read(first);
    if (!again) tweed::fuzz::finding("the cooked bytes of an accepted asset are refused");
    if (tweed::writeCooked(*again) != first)
        tweed::fuzz::finding("write-read-write changed the cooked bytes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (const auto asset = read({reinterpret_cast<const char *>(data), size}))
        checkRoundTrip(*asset);
    if (const auto asset = read(tweed::fuzz::fixUpCooked(data, size))) checkRoundTrip(*asset);
    return 0;
}
