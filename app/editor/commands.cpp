#include "commands.h"

namespace tweed::editor {

namespace {
// Command ids: settings edits of one field merge; the id encodes the field's table index.
constexpr int kSettingsIdBase = 1000;
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
    mDocument->assignSettings(mOld, mOldPreset);
}

void ChangeSettingsCommand::redo()
{
    mDocument->assignSettings(mNew, mNewPreset);
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
    mDocument->swapData(mData);
}

} // namespace tweed::editor
