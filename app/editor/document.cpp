#include "document.h"

#include "commands.h"

#include "tweed/asset_file.h"
#include "tweed/cooked.h"

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
    if (mData.filePath.isEmpty() || mData.asset.source.path.empty()) return {};
    return QDir::cleanPath(QFileInfo(mData.filePath)
                               .absoluteDir()
                               .absoluteFilePath(QString::fromStdString(mData.asset.source.path)));
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

void Document::assignSettings(const tweed::SimulationSettings &settings,
                              const std::string &presetName)
{
    mData.asset.simulation = settings;
    mData.asset.presetName = presetName;
    emit changed(SettingsChanged);
}

void Document::swapData(LoadedDocument &other)
{
    std::swap(mData.character, other.character);
    std::swap(mData.asset, other.asset);
    std::swap(mData.characterPath, other.characterPath);
    emit changed(AllChanged);
}

} // namespace tweed::editor
