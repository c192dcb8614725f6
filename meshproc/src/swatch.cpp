#include "tweed/meshproc/swatch.h"

#include "tweed/errors.h"
#include "tweed/meshproc/authoring.h"
#include "tweed/meshproc/create_asset.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tweed {
namespace {

constexpr std::array<std::string_view, 4> kPinnedNames = {"top", "left", "top_corners", "none"};
constexpr int kMaxResolution = 500;

void checkOptions(const SwatchOptions &o, const char *what, const char *widthName,
                  const char *heightName)
{
    auto positive = [&](float v, const char *name) {
        if (!(v > 0.0f) || !std::isfinite(v) || v > 1000.0f)
            throw InputError(std::string(what) + ": the " + name +
                             " must be a length above 0 and at most 1000 m, not " +
                             std::to_string(v));
    };
    positive(o.width, widthName);
    positive(o.height, heightName);
    if (o.resolution < 1 || o.resolution > kMaxResolution)
        throw InputError(std::string(what) + ": the resolution must be 1 to " +
                         std::to_string(kMaxResolution) + " quads, not " +
                         std::to_string(o.resolution));
    if (!(o.maxDistance > 0.0f) || !std::isfinite(o.maxDistance))
        throw InputError(std::string(what) + ": the max distance must be a length above 0");
}

// Clips to play it with in the editor: the root bone held still, and swaying 10 cm from side to
// side once every two seconds.
std::vector<AnimationClip> swatchClips()
{
    AnimationClip hold;
    hold.name = "Hold";
    hold.duration = 10.0;
    hold.tracks.push_back({0, {{0.0, Vec3{}}, {hold.duration, Vec3{}}}, {}, {}});
    AnimationClip sway;
    sway.name = "Sway";
    sway.duration = 4.0;
    BoneTrack track;
    track.bone = 0;
    constexpr int kKeys = 32;
    for (int k = 0; k <= kKeys; ++k) {
        const double t = sway.duration * k / kKeys;
        track.translations.push_back(
            {t, Vec3{0.1f * float(std::sin(2.0 * double(kPi) * t / 2.0)), 0.0f, 0.0f}});
    }
    sway.tracks.push_back(track);
    return {hold, sway};
}

// nx x ny quads, (nx + 1) x (ny + 1) vertices, row 0 at the top (y = height), skinned to bone 0.
Swatch makeGridSwatch(const SwatchOptions &o, int nx, int ny, const std::string &name,
                      const ProgressCallback &progress)
{
    GraphicsMesh mesh;
    mesh.name = name;
    for (int r = 0; r <= ny; ++r)
        for (int c = 0; c <= nx; ++c) {
            const float u = float(c) / float(nx), v = float(r) / float(ny);
            mesh.positions.push_back({(u - 0.5f) * o.width, (1.0f - v) * o.height, 0.0f});
            mesh.normals.push_back({0, 0, 1});
            mesh.tangents.push_back({1, 0, 0, 1});
            mesh.uvs.push_back({u, v});
        }
    const auto id = [nx](int r, int c) { return uint32_t(r * (nx + 1) + c); };
    for (int r = 0; r < ny; ++r)
        for (int c = 0; c < nx; ++c)
            mesh.indices.insert(mesh.indices.end(), {id(r, c), id(r + 1, c), id(r + 1, c + 1),
                                                     id(r, c), id(r + 1, c + 1), id(r, c + 1)});
    BoneInfluence root;
    root.weights[0] = 1.0f;
    mesh.skin.assign(mesh.positions.size(), root);
    Submesh part;
    part.name = name;
    part.material = name;
    part.triangleCount = uint32_t(mesh.triangleCount());
    mesh.submeshes.push_back(part);

    Swatch out;
    Bone bone;
    bone.name = "root";
    out.character.skeleton.bones.push_back(bone);
    out.character.meshes.push_back(mesh);
    out.character.meshSkinnedInSource.push_back(true);
    out.character.clips = swatchClips();

    CreateAssetOptions create;
    create.garmentMeshes = {name};
    create.preset = o.preset;
    create.maxDistance = o.maxDistance;
    out.asset = createAsset(out.character, create, progress);
    std::vector<float> &maxDistance = out.asset.lods[0].channels[FloatChannel::MaxDistance];
    for (int r = 0; r <= ny; ++r)
        for (int c = 0; c <= nx; ++c) {
            const bool held = o.pinned == PinnedEdge::Top    ? r == 0
                              : o.pinned == PinnedEdge::Left ? c == 0
                              : o.pinned == PinnedEdge::TopCorners
                                  ? r == 0 && (c == 0 || c == nx)
                                  : false;
            if (held)
                maxDistance[id(r, c)] = 0.0f;
        }
    refreshPhysicsChannels(out.asset, 0);
    return out;
}

} // namespace

std::string_view pinnedEdgeName(PinnedEdge edge) { return kPinnedNames[size_t(edge)]; }

std::optional<PinnedEdge> pinnedEdgeFromName(std::string_view name)
{
    for (size_t i = 0; i < kPinnedNames.size(); ++i)
        if (kPinnedNames[i] == name)
            return PinnedEdge(i);
    return std::nullopt;
}

Swatch makeClothPatch(const SwatchOptions &options, const ProgressCallback &progress)
{
    checkOptions(options, "cloth patch", "width", "height");
    const float longer = std::max(options.width, options.height);
    const auto quads = [&](float side) {
        return std::max(1, int(std::lround(float(options.resolution) * side / longer)));
    };
    return makeGridSwatch(options, quads(options.width), quads(options.height), "cloth_patch",
                          progress);
}

Swatch makeRope(const SwatchOptions &options, const ProgressCallback &progress)
{
    checkOptions(options, "rope", "thickness", "length");
    if (options.pinned != PinnedEdge::Top && options.pinned != PinnedEdge::None)
        throw InputError("rope: it is held at its top end or not at all (top or none), not " +
                         std::string(pinnedEdgeName(options.pinned)));
    return makeGridSwatch(options, 1, options.resolution, "rope", progress);
}

} // namespace tweed
