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

/// Swaps the whole asset (a generated physics mesh, a new LoD).
class SwapAssetCommand : public QUndoCommand
{
public:
    SwapAssetCommand(Document *document, const QString &text, tweed::ClothingAsset asset,
                     Document::Changes what);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document *mDocument;
    tweed::ClothingAsset mAsset;
    Document::Changes mWhat;
};

/// One painting gesture: the values of some vertices of one channel of one LoD. Stores only
/// the touched vertices, so strokes on a huge mesh stay cheap to keep.
class PaintCommand : public QUndoCommand
{
public:
    PaintCommand(Document *document, const QString &text, int lod, int channel, bool mask,
                 std::vector<uint32_t> vertices, std::vector<float> values,
                 std::vector<uint32_t> masks);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document *mDocument;
    int mLod, mChannel;
    bool mMask;
    std::vector<uint32_t> mVertices;
    std::vector<float> mValues;    ///< float channels: the values not currently applied
    std::vector<uint32_t> mMasks;  ///< mask channels: the same
};

/// Replaces the collision volumes; edits with the same merge key merge (one step per drag).
class CollisionVolumesCommand : public QUndoCommand
{
public:
    CollisionVolumesCommand(Document *document, const QString &text,
                            std::vector<tweed::CollisionVolume> volumes, int mergeKey);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    Document *mDocument;
    std::vector<tweed::CollisionVolume> mOld, mNew;
    int mMergeKey;
};

} // namespace tweed::editor
