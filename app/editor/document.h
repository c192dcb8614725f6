// The editor's document: the source character, the authored clothing asset and the undo stack
// through which every edit goes. Views hold a const view of it and subscribe to changed().
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh.h"
#include "tweed/meshproc/paint.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/progress.h"
#include "tweed/simulation_settings.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

class QUndoStack;

namespace tweed::editor {

/// What loading a file produced, built off the UI thread and handed to Document::replace().
struct LoadedDocument
{
    /// When the asset's source character is missing: the asset's skeleton and garment only.
    tweed::Character character;
    tweed::ClothingAsset asset;
    QString filePath;      ///< the .tweed file; empty for a freshly imported character
    /// The cooked file (.tweedc) the asset was converted from; filePath stays empty, so saving
    /// asks where to write the .tweed.
    QString convertedFrom;
    QString characterPath; ///< absolute path of the character file; empty when missing
    QStringList warnings;  ///< things the user should know (missing source, import notes)
    bool unsaved = false;  ///< counts as modified when loaded (restored unsaved work)
};

/// Reads a character file (any format Assimp reads) and builds a first asset on it whose
/// garment is garmentMeshes (empty: every skinned mesh). Runs on any thread. Throws
/// tweed::FileError / InputError naming the file, or tweed::Cancelled.
LoadedDocument loadCharacterFile(const QString &path, const tweed::ProgressCallback &progress = {},
                                 const QStringList &garmentMeshes = {});
/// Reads a .tweed asset, or converts a cooked .tweedc one (LoadedDocument::convertedFrom), and
/// the source character it references (relative to the asset file); a missing source is a
/// warning, not an error. Same threading and errors as above.
LoadedDocument loadAssetFile(const QString &path, const tweed::ProgressCallback &progress = {});
/// loadAssetFile for .tweed and .tweedc files, loadCharacterFile for everything else.
LoadedDocument loadAnyFile(const QString &path, const tweed::ProgressCallback &progress = {},
                           const QStringList &garmentMeshes = {});
/// Whether a path names a .tweed or .tweedc asset (as opposed to a character file).
bool isAssetFile(const QString &path);

/// Re-imports the character at characterPath for `current`: keeps the authored data (painted
/// channels, transferred by nearest vertex; collision volumes and pendulum bones, remapped by
/// bone name; simulation settings; generation settings) and regenerates the physics meshes.
/// Runs on any thread; throws like loadCharacterFile.
LoadedDocument reimportCharacter(const LoadedDocument &current,
                                 const tweed::ProgressCallback &progress = {});

/// The key to Document's setters for the undo commands (commands.h): only those classes can
/// make one, so nothing else writes the model past the undo stack.
class CommandAccess
{
    CommandAccess() = default;
    friend class ChangeSettingsCommand;
    friend class SwapDataCommand;
    friend class SwapAssetCommand;
    friend class PaintCommand;
    friend class CollisionVolumesCommand;
};

class Document : public QObject
{
    Q_OBJECT

public:
    enum Change
    {
        CharacterChanged = 0x1,
        MeshesChanged = 0x2,
        PhysicsMeshChanged = 0x4,
        ChannelsChanged = 0x8,
        CollisionChanged = 0x10,
        SettingsChanged = 0x20,
        SkeletonChanged = 0x40,
        AllChanged = 0xFF
    };
    Q_DECLARE_FLAGS(Changes, Change)
    Q_FLAG(Changes)

    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    /// The source character: all its meshes (body and garment), skeleton, clips. Empty before
    /// anything is loaded or when an asset's source character is missing.
    const tweed::Character &character() const { return mData.character; }
    /// The authored asset (garment LoDs, physics meshes, volumes, settings).
    const tweed::ClothingAsset &asset() const { return mData.asset; }
    /// Character, asset and paths together (for re-import and tests).
    const LoadedDocument &data() const { return mData; }

    QUndoStack *undoStack() const { return mUndoStack; }

    /// The .tweed file; empty until the document is saved or when it came from a character.
    QString filePath() const { return mData.filePath; }
    /// Absolute path of the source character file; empty when missing.
    QString characterPath() const { return mData.characterPath; }
    /// The file name shown in the title: the .tweed file's, else the character's, else
    /// "Untitled".
    QString displayName() const;
    bool isModified() const;
    bool isEmpty() const;

    /// Replaces everything with a loaded file; clears the undo history. The caller asks the
    /// user about unsaved changes first. Modified afterwards when loaded.unsaved is set.
    void replace(LoadedDocument loaded);
    /// Back to an empty document.
    void clear();

    /// Saves atomically as .tweed; the source reference becomes relative to the new location.
    /// Marks the document clean. Throws tweed::FileError.
    void save(const QString &path);
    /// Writes the cooked run-time file. Throws tweed::FileError.
    void exportCooked(const QString &path) const;
    /// Writes a recovery copy of the asset (for autosave) without changing the file path or the
    /// modified state. Throws tweed::FileError.
    void writeRecovery(const QString &path) const;

    // Edits: each pushes one named undo command.

    /// Sets one simulation setting; consecutive edits of the same field merge into one step.
    void setSetting(const tweed::SettingField &field, double value);
    /// Replaces every simulation setting with a fabric preset's, as one step.
    void applyPreset(const tweed::FabricPreset &preset);
    /// Resets every simulation setting to its default (no preset), as one step.
    void resetSettings();
    /// Swaps in a re-imported character and asset (see reimportCharacter()), as one step.
    void applyReimport(LoadedDocument reimported);

    /// Replaces the whole asset as one step named `text` (a generated physics mesh, a new LoD);
    /// `what` says what changed for the views.
    void replaceAsset(tweed::ClothingAsset asset, const QString &text, Changes what);

    /// One painting gesture on LoD lod's graphics channel: the edited vertices get the new
    /// values, and the physics mesh's channels follow at once (through channelBinding()).
    /// Nothing happens for an empty edit. Throws tweed::InputError for a bad LoD or vertex.
    void paintChannel(int lod, tweed::FloatChannel channel, const tweed::ValueEdit &edit,
                      const QString &text);
    /// The same for a mask channel: vertices[i] gets masks[i].
    void paintMask(int lod, tweed::MaskChannel channel, const std::vector<uint32_t> &vertices,
                   const std::vector<uint32_t> &masks, const QString &text);

    /// Replaces the collision volumes as one step. Consecutive calls with the same mergeKey
    /// (>= 0, e.g. one per gizmo drag) merge into a single step, which disappears when the
    /// volumes end where they started (a cancelled drag).
    void setCollisionVolumes(std::vector<tweed::CollisionVolume> volumes, const QString &text,
                             int mergeKey = -1);
    /// A fresh key for setCollisionVolumes' merging.
    int newMergeKey() { return ++mLastMergeKey; }

    /// Where the physics mesh's vertices read LoD lod's graphics channels; built on first use
    /// after the meshes changed.
    const tweed::ChannelBinding &channelBinding(int lod) const;

    // The undo commands' way in: they swap values and emit changed(). Only they can make the
    // CommandAccess key these take.
    void assignSettings(CommandAccess, const tweed::SimulationSettings &settings,
                        const std::string &presetName);
    void swapData(CommandAccess, LoadedDocument &other);
    void swapAsset(CommandAccess, tweed::ClothingAsset &other, Changes what);
    void swapCollisionVolumes(CommandAccess, std::vector<tweed::CollisionVolume> &other);
    /// Writes values (or masks) at vertices of LoD lod's channel, returns the old ones in place.
    void swapChannelValues(CommandAccess, int lod, int channel, bool mask,
                           const std::vector<uint32_t> &vertices, std::vector<float> &values,
                           std::vector<uint32_t> &masks);

signals:
    /// The one signal views subscribe to.
    void changed(tweed::editor::Document::Changes what);
    void filePathChanged(const QString &filePath);
    void modifiedChanged(bool modified);

private:
    void setFilePath(const QString &path);
    /// Where the source character is (or, when missing, was expected), absolute.
    QString sourceCharacterPath() const;

    /// The physics mesh's channels of LoD lod read again from its graphics channels.
    void refreshPhysicsChannels(int lod);
    void checkLod(int lod) const;

    LoadedDocument mData;
    QUndoStack *mUndoStack;
    int mLastMergeKey = 0;
    /// Per LoD; empty until first needed, cleared when meshes change.
    mutable std::vector<std::optional<tweed::ChannelBinding>> mBindings;
};

} // namespace tweed::editor

Q_DECLARE_OPERATORS_FOR_FLAGS(tweed::editor::Document::Changes)
