// The undo commands of the document. Each swaps old and new values through a Document setter
// that emits changed(); widgets never write the model directly.
#pragma once

#include "document.h"

#include <QUndoCommand>

namespace tweed::editor {

/// Replaces the simulation settings (and the preset name). With a field, consecutive edits of
/// that field merge into one step, like Tiled's ChangeValue; without one (a preset) it never
/// merges.
class ChangeSettingsCommand : public QUndoCommand
{
public:
    ChangeSettingsCommand(Document *document, const QString &text,
                          const tweed::SimulationSettings &newSettings, std::string newPresetName,
                          const tweed::SettingField *field);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *mDocument;
    const tweed::SettingField *mField;
    tweed::SimulationSettings mOld, mNew;
    std::string mOldPreset, mNewPreset;
};

/// Swaps the whole character and asset (re-import): undo brings the previous ones back.
class SwapDataCommand : public QUndoCommand
{
public:
    SwapDataCommand(Document *document, const QString &text, LoadedDocument data);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document *mDocument;
    LoadedDocument mData;
};

} // namespace tweed::editor
