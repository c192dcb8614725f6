#include "command.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/import.h"

#include <filesystem>
#include <iostream>

namespace tweed::cli {

bool isAssetPath(const std::string &path)
{
    const std::string ext = fileExtension(path);
    return ext == "tweed" || ext == "tweedc";
}

ClothingAsset loadAssetFile(const std::string &path, AssetChecks checks)
{
    return withFile(path, [&] {
        if (fileExtension(path) == "tweedc") return loadCooked(path, checks);
        if (fileExtension(path) == "tweed") return loadAsset(path, checks);
        throw FileError(path, "not an asset: expected the extension .tweed or .tweedc");
    });
}

void saveAssetFile(const ClothingAsset &asset, const std::string &path)
{
    withFile(path, [&] {
        if (fileExtension(path) == "tweedc")
            saveCooked(asset, path);
        else if (fileExtension(path) == "tweed")
            saveAsset(asset, path);
        else
            throw FileError(path, "cannot save an asset here: use the extension .tweed or .tweedc");
    });
}

void saveValidAsset(const ClothingAsset &asset, const std::string &path)
{
    const std::vector<std::string> problems = validateAsset(asset);
    if (!problems.empty())
        throw FileError(path, "not written, the edited asset is not valid: " +
                                  problemSummary(problems));
    saveAssetFile(asset, path);
}

namespace {

Json utf8Json(const Json &json)
{
    if (json.is_string()) return textAsUtf8(json.get_ref<const std::string &>());
    if (json.is_array()) {
        Json out = Json::array();
        for (const Json &item : json)
            out.push_back(utf8Json(item));
        return out;
    }
    if (json.is_object()) {
        Json out = Json::object();
        for (auto it = json.begin(); it != json.end(); ++it)
            out[textAsUtf8(it.key())] = utf8Json(it.value());
        return out;
    }
    return json;
}

} // namespace

void printJson(const Json &json)
{
    std::cout << utf8Json(json).dump(2) << "\n";
}

std::string sourceCharacterPath(const ClothingAsset &asset, const std::string &assetPath)
{
    namespace fs = std::filesystem;
    const fs::path source(asset.source.path);
    if (source.empty() || source.is_absolute())
        return source.string();
    return (fs::path(assetPath).parent_path() / source).lexically_normal().string();
}

} // namespace tweed::cli
