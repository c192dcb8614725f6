// Loading characters and assets, and re-importing a changed character. Plain functions that
// run on a worker thread: they build a new LoadedDocument and never touch a Document.
#include "document.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/import.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cmath>
#include <limits>
#include <unordered_map>

namespace tweed::editor {

namespace {

/// The part [from, to] of a long operation's progress.
tweed::ProgressCallback subRange(const tweed::ProgressCallback &progress, float from, float to)
{
    if (!progress) return {};
    return [progress, from, to](float f, std::string_view stage) {
        return progress(from + (to - from) * f, stage);
    };
}

/// Nearest point among `points` for queries, through a uniform grid of buckets.
class NearestPoint
{
public:
    explicit NearestPoint(const std::vector<tweed::Vec3> &points) : mPoints(points)
    {
        if (points.empty()) return;
        tweed::Vec3 lo = points[0], hi = points[0];
        for (const auto &p : points) {
            lo = tweed::minComponents(lo, p);
            hi = tweed::maxComponents(hi, p);
        }
        const tweed::Vec3 size = hi - lo;
        const float volume =
            std::max(size.x, 1e-4f) * std::max(size.y, 1e-4f) * std::max(size.z, 1e-4f);
        // About two points per cell.
        mCell = std::max(std::cbrt(volume * 2.0f / float(points.size())), 1e-5f);
        mOrigin = lo;
        for (uint32_t i = 0; i < points.size(); ++i)
            mCells[key(cellOf(points[i]))].push_back(i);
    }

    /// Index of the nearest point (the points must not be empty).
    uint32_t find(const tweed::Vec3 &q) const
    {
        const auto c = cellOf(q);
        float best = std::numeric_limits<float>::max();
        uint32_t bestIndex = 0;
        // Grow the searched shell until the best found is closer than any unsearched cell.
        for (int r = 0;; ++r) {
            for (int x = c[0] - r; x <= c[0] + r; ++x)
                for (int y = c[1] - r; y <= c[1] + r; ++y)
                    for (int z = c[2] - r; z <= c[2] + r; ++z) {
                        if (std::max(
                                {std::abs(x - c[0]), std::abs(y - c[1]), std::abs(z - c[2])}) != r)
                            continue;
                        const auto it = mCells.find(key({x, y, z}));
                        if (it == mCells.end()) continue;
                        for (uint32_t i : it->second) {
                            const float d = tweed::lengthSquared(mPoints[i] - q);
                            if (d < best) {
                                best = d;
                                bestIndex = i;
                            }
                        }
                    }
            const float reach = float(r) * mCell;
            if (best < std::numeric_limits<float>::max() && best <= reach * reach) return bestIndex;
            if (r > 4096) // far outside the grid: fall back to every point
                break;
        }
        for (uint32_t i = 0; i < mPoints.size(); ++i) {
            const float d = tweed::lengthSquared(mPoints[i] - q);
            if (d < best) {
                best = d;
                bestIndex = i;
            }
        }
        return bestIndex;
    }

private:
    std::array<int, 3> cellOf(const tweed::Vec3 &p) const
    {
        const tweed::Vec3 d = (p - mOrigin) / mCell;
        return {int(std::floor(d.x)), int(std::floor(d.y)), int(std::floor(d.z))};
    }
    static uint64_t key(const std::array<int, 3> &c)
    {
        return (uint64_t(uint32_t(c[0]) & 0x1FFFFF) << 42) |
               (uint64_t(uint32_t(c[1]) & 0x1FFFFF) << 21) | uint64_t(uint32_t(c[2]) & 0x1FFFFF);
    }

    const std::vector<tweed::Vec3> &mPoints;
    tweed::Vec3 mOrigin;
    float mCell = 1;
    std::unordered_map<uint64_t, std::vector<uint32_t>> mCells;
};

/// A character made of the asset alone, shown when its source character is missing.
tweed::Character garmentOnlyCharacter(const tweed::ClothingAsset &asset)
{
    tweed::Character character;
    character.skeleton = asset.skeleton;
    character.sourceUnits = asset.source.units;
    if (!asset.lods.empty()) {
        character.meshes.push_back(asset.lods[0].mesh);
        character.meshSkinnedInSource.push_back(asset.lods[0].mesh.isSkinned());
    }
    return character;
}

/// The garment of a character none of whose meshes has skin weights (meshes placed on bone
/// nodes import rigidly skinned to their bone): its largest mesh by area, a first guess the
/// user changes in the Physics Mesh panel. -1 when a mesh has skin weights or none has
/// triangles.
int rigidGarmentGuess(const tweed::Character &character)
{
    int best = -1;
    double bestArea = 0;
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        const bool skinned = m < character.meshSkinnedInSource.size()
                                 ? bool(character.meshSkinnedInSource[m])
                                 : character.meshes[m].isSkinned();
        if (skinned) return -1;
        const tweed::GraphicsMesh &mesh = character.meshes[m];
        double area = 0;
        for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
            const tweed::Vec3 &a = mesh.positions[mesh.indices[t]];
            area += 0.5 * double(tweed::length(tweed::cross(mesh.positions[mesh.indices[t + 1]] - a,
                                                            mesh.positions[mesh.indices[t + 2]] - a)));
        }
        if (area > bestArea) {
            bestArea = area;
            best = int(m);
        }
    }
    return best;
}

/// Bone index of `bone` in `from`, looked up by name in `to`; -1 when gone.
int remapBone(int bone, const tweed::Skeleton &from, const tweed::Skeleton &to)
{
    if (bone < 0 || bone >= int(from.bones.size())) return -1;
    return to.find(from.bones[size_t(bone)].name);
}

} // namespace

bool isAssetFile(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == "tweed" || suffix == "tweedc";
}

LoadedDocument loadCharacterFile(const QString &path, const tweed::ProgressCallback &progress,
                                 const QStringList &garmentMeshes)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    LoadedDocument result;
    tweed::ImportReport report;
    result.character =
        tweed::importCharacter(absolute.toStdString(), &report, subRange(progress, 0.0f, 0.5f));
    tweed::CreateAssetOptions options;
    for (const QString &mesh : garmentMeshes)
        options.garmentMeshes.push_back(mesh.toStdString());
    if (options.garmentMeshes.empty())
        if (const int guess = rigidGarmentGuess(result.character); guess >= 0) {
            const std::string &name = result.character.meshes[size_t(guess)].name;
            options.garmentMeshes.push_back(name);
            result.warnings << Document::tr(
                                   "No mesh has skin weights: the %n mesh(es) follow their bones "
                                   "rigidly. %1, the largest, was taken as the garment; choose "
                                   "the garment meshes in the Physics Mesh panel.",
                                   nullptr, int(result.character.meshes.size()))
                                   .arg(QString::fromStdString(name));
        }
    result.asset = tweed::createAsset(result.character, options, subRange(progress, 0.5f, 1.0f));
    if (result.asset.name.empty())
        result.asset.name = QFileInfo(path).completeBaseName().toStdString();
    result.characterPath = absolute;
    // Not modified: a fresh asset is what importing the file again gives, nothing to lose.
    for (const auto &w : report.warnings)
        result.warnings << QString::fromStdString(w);
    return result;
}

LoadedDocument loadAssetFile(const QString &path, const tweed::ProgressCallback &progress)
{
    const QFileInfo info(path);
    LoadedDocument result;
    tweed::reportProgress(progress, 0.0f, "reading asset");
    // A cooked asset holds everything an asset does; it is edited as one and saved as .tweed.
    if (info.suffix().toLower() == "tweedc") {
        result.asset = tweed::loadCooked(info.absoluteFilePath().toStdString());
        result.convertedFrom = info.absoluteFilePath();
    } else {
        result.asset = tweed::loadAsset(info.absoluteFilePath().toStdString());
        result.filePath = info.absoluteFilePath();
    }
    const QString source = QString::fromStdString(result.asset.source.path);
    const QString characterPath =
        source.isEmpty() ? QString() : QDir::cleanPath(info.absoluteDir().absoluteFilePath(source));
    if (!characterPath.isEmpty() && QFileInfo::exists(characterPath)) {
        tweed::ImportReport report;
        result.character = tweed::importCharacter(characterPath.toStdString(), &report,
                                                  subRange(progress, 0.2f, 1.0f));
        result.characterPath = characterPath;
        const std::string hash =
            tweed::contentHash(tweed::readFileBytes(characterPath.toStdString()));
        if (!result.asset.source.contentHash.empty() && hash != result.asset.source.contentHash)
            result.warnings << Document::tr(
                                   "The source character %1 has changed since the asset was "
                                   "made; File > Re-import Character brings the changes in.")
                                   .arg(characterPath);
    } else {
        result.character = garmentOnlyCharacter(result.asset);
        result.warnings << Document::tr("The source character %1 is missing; showing the asset's "
                                        "garment only.")
                               .arg(characterPath.isEmpty() ? Document::tr("(none)")
                                                            : characterPath);
    }
    tweed::reportProgress(progress, 1.0f, "done");
    return result;
}

LoadedDocument loadAnyFile(const QString &path, const tweed::ProgressCallback &progress,
                           const QStringList &garmentMeshes)
{
    return isAssetFile(path) ? loadAssetFile(path, progress)
                             : loadCharacterFile(path, progress, garmentMeshes);
}

LoadedDocument reimportCharacter(const LoadedDocument &current,
                                 const tweed::ProgressCallback &progress)
{
    if (current.characterPath.isEmpty())
        throw tweed::InputError(
            Document::tr("The document has no source character to re-import.").toStdString());
    const tweed::ClothingAsset &old = current.asset;
    LoadedDocument result;
    result.characterPath = current.characterPath;
    result.filePath = current.filePath;
    tweed::ImportReport report;
    result.character = tweed::importCharacter(current.characterPath.toStdString(), &report,
                                              subRange(progress, 0.0f, 0.4f));

    // Rebuild LoD 0 from the same garment meshes with the same generation settings.
    tweed::CreateAssetOptions options;
    const tweed::GraphicsLod *oldLod = old.lods.empty() ? nullptr : &old.lods[0];
    if (oldLod) {
        for (const auto &sub : oldLod->mesh.submeshes)
            if (result.character.findMesh(sub.name) >= 0) options.garmentMeshes.push_back(sub.name);
        if (oldLod->physicsMesh >= 0 && oldLod->physicsMesh < int(old.physicsMeshes.size()))
            options.generation = old.physicsMeshes[size_t(oldLod->physicsMesh)].settings;
    }
    if (tweed::findPreset(old.presetName)) options.preset = old.presetName;
    tweed::ClothingAsset asset =
        tweed::createAsset(result.character, options, subRange(progress, 0.4f, 0.7f));

    // The authored data: settings, names, volumes, pendulum bones and the rig (by bone name).
    asset.name = old.name;
    asset.simulation = old.simulation;
    asset.presetName = old.presetName;
    asset.collisionVolumes.clear();
    for (tweed::CollisionVolume v : old.collisionVolumes) {
        const int bone = remapBone(v.bone, old.skeleton, asset.skeleton);
        if (v.bone >= 0 && bone < 0) {
            result.warnings << Document::tr("Collision volume %1 was dropped: its bone is gone.")
                                   .arg(QString::fromStdString(v.name));
            continue;
        }
        v.bone = bone;
        asset.collisionVolumes.push_back(v);
    }
    asset.pendulumBones.clear();
    for (tweed::PendulumBone p : old.pendulumBones) {
        p.bone = remapBone(p.bone, old.skeleton, asset.skeleton);
        if (p.bone >= 0) asset.pendulumBones.push_back(p);
    }
    asset.rigConstraints.clear();
    for (tweed::RigConstraint c : old.rigConstraints) {
        const bool down = c.kind == tweed::RigConstraintKind::LookAt && c.target < 0;
        c.bone = remapBone(c.bone, old.skeleton, asset.skeleton);
        c.target = down ? -1 : remapBone(c.target, old.skeleton, asset.skeleton);
        if (c.bone >= 0 && (down || c.target >= 0) &&
            tweed::rigConstraintProblems({c}, asset.skeleton).empty())
            asset.rigConstraints.push_back(c);
    }
    if (old.lods.size() > 1)
        result.warnings << Document::tr(
            "Only the most detailed LoD was re-imported; %n other LoD(s) "
            "were dropped.",
            nullptr, int(old.lods.size() - 1));

    // Painted channels follow the nearest old vertex, then the physics mesh is regenerated
    // from them.
    if (oldLod && !asset.lods.empty() && oldLod->mesh.vertexCount() > 0 &&
        oldLod->channels.vertexCount() == oldLod->mesh.vertexCount()) {
        tweed::GraphicsLod &lod = asset.lods[0];
        const NearestPoint nearest(oldLod->mesh.positions);
        tweed::PaintChannels channels;
        channels.resize(lod.mesh.vertexCount());
        for (size_t v = 0; v < lod.mesh.vertexCount(); ++v) {
            // Unchanged vertices keep their own values (seams have several vertices at one
            // position, which the nearest-point search cannot tell apart).
            const tweed::Vec3 &p = lod.mesh.positions[v];
            const uint32_t from = v < oldLod->mesh.vertexCount() && oldLod->mesh.positions[v] == p
                                      ? uint32_t(v)
                                      : nearest.find(p);
            for (size_t c = 0; c < tweed::kFloatChannelCount; ++c)
                channels.floats[c][v] = oldLod->channels.floats[c][from];
            for (size_t c = 0; c < tweed::kMaskChannelCount; ++c)
                channels.masks[c][v] = oldLod->channels.masks[c][from];
        }
        lod.channels = std::move(channels);
        if (lod.physicsMesh >= 0)
            tweed::regeneratePhysicsMesh(asset, 0, options.generation,
                                         subRange(progress, 0.7f, 1.0f));
    }
    result.asset = std::move(asset);
    result.asset.source.path = old.source.path;
    for (const auto &w : report.warnings)
        result.warnings << QString::fromStdString(w);
    tweed::reportProgress(progress, 1.0f, "done");
    return result;
}

} // namespace tweed::editor
