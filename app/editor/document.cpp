#include "document.h"

#include "commands.h"

#include "tweed/asset_file.h"
#include "tweed/asset_queries.h"
#include "tweed/cooked.h"
#include "tweed/errors.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

namespace tweed::editor {

namespace {

/// The source reference's path as seen from a file saved in `folder`: relative, '/' separators.
std::string sourcePathFrom(const QString &characterPath, const QString &folder)
{
    return QDir(folder).relativeFilePath(characterPath).toStdString();
}

} // namespace

Document::Document(QObject *parent) : QObject(parent), mUndoStack(new QUndoStack(this))
{
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
            [this] { emit modifiedChanged(isModified()); });
}

Document::~Document() = default;

QString Document::displayName() const
{
    if (!mData.filePath.isEmpty()) return QFileInfo(mData.filePath).fileName();
    if (!mData.convertedFrom.isEmpty()) return QFileInfo(mData.convertedFrom).fileName();
    if (!mData.characterPath.isEmpty()) return QFileInfo(mData.characterPath).fileName();
    return tr("Untitled");
}

bool Document::isModified() const
{
    return mData.unsaved || !mUndoStack->isClean();
}

bool Document::isEmpty() const
{
    return mData.character.meshes.empty() && mData.asset.lods.empty();
}

void Document::replace(LoadedDocument loaded)
{
    const bool wasModified = isModified();
    const QString oldPath = mData.filePath;
    mUndoStack->clear();
    mData = std::move(loaded);
    mBindings.clear();
    emit changed(AllChanged);
    if (oldPath != mData.filePath) emit filePathChanged(mData.filePath);
    if (wasModified != isModified()) emit modifiedChanged(isModified());
}

void Document::clear()
{
    replace(LoadedDocument{});
}

void Document::setFilePath(const QString &path)
{
    if (mData.filePath == path) return;
    mData.filePath = path;
    emit filePathChanged(path);
}

void Document::save(const QString &path)
{
    tweed::ClothingAsset copy = mData.asset;
    const QString character = sourceCharacterPath();
    if (!character.isEmpty())
        copy.source.path = sourcePathFrom(character, QFileInfo(path).absolutePath());
    tweed::saveAsset(copy, QFileInfo(path).absoluteFilePath().toStdString());
    // Only once the file is written does the document take the new location.
    mData.asset.source = copy.source;
    const bool wasModified = isModified();
    mData.unsaved = false;
    setFilePath(QFileInfo(path).absoluteFilePath());
    mUndoStack->setClean();
    if (wasModified && !isModified()) emit modifiedChanged(false);
}

QString Document::sourceCharacterPath() const
{
    if (!mData.characterPath.isEmpty()) return mData.characterPath;
    // The character is missing: keep pointing where the asset's reference pointed.
    const QString assetFile = mData.filePath.isEmpty() ? mData.convertedFrom : mData.filePath;
    if (assetFile.isEmpty() || mData.asset.source.path.empty()) return {};
    return QDir::cleanPath(QFileInfo(assetFile).absoluteDir().absoluteFilePath(
        QString::fromStdString(mData.asset.source.path)));
}

void Document::exportCooked(const QString &path) const
{
    tweed::saveCooked(mData.asset, path.toStdString());
}

void Document::writeRecovery(const QString &path) const
{
    tweed::ClothingAsset copy = mData.asset;
    const QString character = sourceCharacterPath();
    if (!character.isEmpty())
        copy.source.path = sourcePathFrom(character, QFileInfo(path).absolutePath());
    tweed::saveAsset(copy, path.toStdString());
}

void Document::setSetting(const tweed::SettingField &field, double value)
{
    tweed::SimulationSettings settings = mData.asset.simulation;
    field.set(settings, value);
    if (settings == mData.asset.simulation) return;
    mUndoStack->push(new ChangeSettingsCommand(
        this, tr("Change %1").arg(QCoreApplication::translate("SimulationSettings", field.label)),
        settings, mData.asset.presetName, &field));
}

void Document::applyPreset(const tweed::FabricPreset &preset)
{
    mUndoStack->push(new ChangeSettingsCommand(
        this,
        tr("Apply fabric preset %1")
            .arg(QCoreApplication::translate("SimulationSettings", preset.label)),
        preset.settings, preset.name, nullptr));
}

void Document::resetSettings()
{
    if (mData.asset.simulation == tweed::SimulationSettings{} && mData.asset.presetName.empty())
        return;
    mUndoStack->push(new ChangeSettingsCommand(this, tr("Reset simulation settings"),
                                               tweed::SimulationSettings{}, std::string(),
                                               nullptr));
}

void Document::applyReimport(LoadedDocument reimported)
{
    mUndoStack->push(new SwapDataCommand(this, tr("Re-import character"), std::move(reimported)));
}

void Document::replaceAsset(tweed::ClothingAsset asset, const QString &text, Changes what)
{
    mUndoStack->push(new SwapAssetCommand(this, text, std::move(asset), what));
}

void Document::checkLod(int lod) const
{
    if (lod < 0 || size_t(lod) >= mData.asset.lods.size())
        throw tweed::InputError("there is no graphics LoD " + std::to_string(lod));
}

void Document::paintChannel(int lod, tweed::FloatChannel channel, const tweed::ValueEdit &edit,
                            const QString &text)
{
    checkLod(lod);
    const tweed::GraphicsLod &l = mData.asset.lods[size_t(lod)];
    if (edit.vertices.size() != edit.values.size())
        throw tweed::InputError("a paint edit needs one value per vertex");
    for (uint32_t v : edit.vertices)
        if (v >= l.mesh.vertexCount())
            throw tweed::InputError("painted vertex " + std::to_string(v) + " does not exist");
    if (edit.vertices.empty()) return;
    mUndoStack->push(new PaintCommand(this, text, lod, int(channel), false, edit.vertices,
                                      edit.values, {}));
}

void Document::paintMask(int lod, tweed::MaskChannel channel, const std::vector<uint32_t> &vertices,
                         const std::vector<uint32_t> &masks, const QString &text)
{
    checkLod(lod);
    const tweed::GraphicsLod &l = mData.asset.lods[size_t(lod)];
    if (vertices.size() != masks.size())
        throw tweed::InputError("a mask edit needs one mask per vertex");
    for (uint32_t v : vertices)
        if (v >= l.mesh.vertexCount())
            throw tweed::InputError("painted vertex " + std::to_string(v) + " does not exist");
    if (vertices.empty()) return;
    mUndoStack->push(new PaintCommand(this, text, lod, int(channel), true, vertices, {}, masks));
}

void Document::setCollisionVolumes(std::vector<tweed::CollisionVolume> volumes,
                                   const QString &text, int mergeKey)
{
    if (volumes == mData.asset.collisionVolumes && mergeKey < 0) return;
    mUndoStack->push(new CollisionVolumesCommand(this, text, std::move(volumes), mergeKey));
}

const tweed::ChannelBinding &Document::channelBinding(int lod) const
{
    checkLod(lod);
    mBindings.resize(mData.asset.lods.size());
    std::optional<tweed::ChannelBinding> &binding = mBindings[size_t(lod)];
    if (!binding) {
        const tweed::GraphicsLod &l = mData.asset.lods[size_t(lod)];
        if (const tweed::PhysicsMesh *physics = physicsMeshOf(mData.asset, lod))
            binding = tweed::bindChannels(l.mesh, l.channels, *physics);
        else
            binding.emplace();
    }
    return *binding;
}

void Document::refreshPhysicsChannels(int lod)
{
    tweed::PhysicsMesh *physics = physicsMeshOf(mData.asset, lod);
    if (!physics) return;
    const tweed::ChannelBinding &binding = channelBinding(lod);
    if (binding.bary.size() != physics->vertexCount()) return;
    tweed::applyChannelBinding(binding, mData.asset.lods[size_t(lod)].channels, physics->channels);
}

void Document::swapChannelValues(CommandAccess, int lod, int channel, bool mask,
                                 const std::vector<uint32_t> &vertices, std::vector<float> &values,
                                 std::vector<uint32_t> &masks)
{
    tweed::GraphicsLod &l = mData.asset.lods[size_t(lod)];
    if (l.channels.vertexCount() != l.mesh.vertexCount())
        l.channels.resize(l.mesh.vertexCount());
    if (mask) {
        std::vector<uint32_t> &target = l.channels.masks[size_t(channel)];
        for (size_t i = 0; i < vertices.size(); ++i)
            std::swap(target[vertices[i]], masks[i]);
    } else {
        std::vector<float> &target = l.channels.floats[size_t(channel)];
        for (size_t i = 0; i < vertices.size(); ++i)
            std::swap(target[vertices[i]], values[i]);
    }
    refreshPhysicsChannels(lod);
    emit changed(ChannelsChanged);
}

void Document::swapAsset(CommandAccess, tweed::ClothingAsset &other, Changes what)
{
    std::swap(mData.asset, other);
    mBindings.clear();
    emit changed(what);
}

void Document::swapCollisionVolumes(CommandAccess, std::vector<tweed::CollisionVolume> &other)
{
    std::swap(mData.asset.collisionVolumes, other);
    emit changed(CollisionChanged);
}

void Document::assignSettings(CommandAccess, const tweed::SimulationSettings &settings,
                              const std::string &presetName)
{
    mData.asset.simulation = settings;
    mData.asset.presetName = presetName;
    emit changed(SettingsChanged);
}

void Document::swapData(CommandAccess, LoadedDocument &other)
{
    std::swap(mData.character, other.character);
    std::swap(mData.asset, other.asset);
    std::swap(mData.characterPath, other.characterPath);
    mBindings.clear();
    emit changed(AllChanged);
}

} // namespace tweed::editor
