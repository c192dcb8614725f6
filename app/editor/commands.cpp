#include "commands.h"

namespace tweed::editor {

namespace {
// Command ids: settings edits of one field merge; the id encodes the field's table index.
constexpr int kSettingsIdBase = 1000;
// Collision volume edits of one gizmo drag merge: one id for all, the merge key decides.
constexpr int kCollisionId = 900;
} // namespace

ChangeSettingsCommand::ChangeSettingsCommand(Document *document, const QString &text,
                                             const tweed::SimulationSettings &newSettings,
                                             std::string newPresetName,
                                             const tweed::SettingField *field)
    : QUndoCommand(text), mDocument(document), mField(field), mOld(document->asset().simulation),
      mNew(newSettings), mOldPreset(document->asset().presetName),
      mNewPreset(std::move(newPresetName))
{
}

void ChangeSettingsCommand::undo()
{
    mDocument->assignSettings({}, mOld, mOldPreset);
}

void ChangeSettingsCommand::redo()
{
    mDocument->assignSettings({}, mNew, mNewPreset);
}

int ChangeSettingsCommand::id() const
{
    if (!mField) return -1;
    return kSettingsIdBase + int(mField - tweed::settingsFields().data());
}

bool ChangeSettingsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const ChangeSettingsCommand *>(other);
    if (o->mField != mField || o->mDocument != mDocument) return false;
    mNew = o->mNew;
    mNewPreset = o->mNewPreset;
    // Back to where it started: the step disappears from the history.
    if (mNew == mOld && mNewPreset == mOldPreset) setObsolete(true);
    return true;
}

SwapDataCommand::SwapDataCommand(Document *document, const QString &text, LoadedDocument data)
    : QUndoCommand(text), mDocument(document), mData(std::move(data))
{
}

void SwapDataCommand::swap()
{
    mDocument->swapData({}, mData);
}

SwapAssetCommand::SwapAssetCommand(Document *document, const QString &text,
                                   tweed::ClothingAsset asset, Document::Changes what)
    : QUndoCommand(text), mDocument(document), mAsset(std::move(asset)), mWhat(what)
{
}

void SwapAssetCommand::swap()
{
    mDocument->swapAsset({}, mAsset, mWhat);
}

PaintCommand::PaintCommand(Document *document, const QString &text, int lod, int channel,
                           bool mask, std::vector<uint32_t> vertices, std::vector<float> values,
                           std::vector<uint32_t> masks)
    : QUndoCommand(text), mDocument(document), mLod(lod), mChannel(channel), mMask(mask),
      mVertices(std::move(vertices)), mValues(std::move(values)), mMasks(std::move(masks))
{
}

void PaintCommand::swap()
{
    mDocument->swapChannelValues({}, mLod, mChannel, mMask, mVertices, mValues, mMasks);
}

CollisionVolumesCommand::CollisionVolumesCommand(Document *document, const QString &text,
                                                 std::vector<tweed::CollisionVolume> volumes,
                                                 int mergeKey)
    : QUndoCommand(text), mDocument(document), mOld(document->asset().collisionVolumes),
      mNew(std::move(volumes)), mMergeKey(mergeKey)
{
}

void CollisionVolumesCommand::undo()
{
    std::vector<tweed::CollisionVolume> volumes = mOld;
    mDocument->swapCollisionVolumes({}, volumes);
}

void CollisionVolumesCommand::redo()
{
    std::vector<tweed::CollisionVolume> volumes = mNew;
    mDocument->swapCollisionVolumes({}, volumes);
}

int CollisionVolumesCommand::id() const
{
    return mMergeKey >= 0 ? kCollisionId : -1;
}

bool CollisionVolumesCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const CollisionVolumesCommand *>(other);
    if (o->mMergeKey != mMergeKey || o->mDocument != mDocument) return false;
    mNew = o->mNew;
    if (mNew == mOld) setObsolete(true);
    return true;
}

} // namespace tweed::editor
