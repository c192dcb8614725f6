// libFuzzer harness: the .tweed reader (YAML). Any input either throws FileError or gives an
// asset whose text, read back and written again, is the same bytes (write-read-write identity);
// the reader's own parse of the writer's subset of YAML and libyaml's agree on it.
#include "fuzz_support.h"

#include "tweed/asset_file.h"
#include "tweed/errors.h"
#include "yaml_document.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace tweed;
    const std::string text(reinterpret_cast<const char *>(data), size);
    if (const std::string d = yaml::Document::differenceFromLibyaml(text); !d.empty())
        fuzz::finding("the subset parser and libyaml differ: " + d);
    ClothingAsset asset;
    try {
        asset = readAssetText(text, "fuzz.tweed");
    } catch (const FileError &) {
        return 0;
    }
    const std::string first = writeAssetText(asset);
    ClothingAsset again;
    try {
        again = readAssetText(first, "written.tweed");
    } catch (const FileError &e) {
        fuzz::finding(std::string("the written text of an accepted asset is refused: ") + e.what());
    }
    if (writeAssetText(again) != first) fuzz::finding("write-read-write changed the text");
    return 0;
}
