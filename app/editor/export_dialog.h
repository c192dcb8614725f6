// File > Export: the exports any engine can play (tweed/meshproc/export.h) — the glTF physics mesh with
// its channels and collision volumes, baked cloth-driven bones, a point cache. The dialog lists
// live what the chosen target cannot represent (checkExport) and the estimated file size, and
// exports only when nothing is lost (or the user ticked "allow loss") and the estimate is within
// the size limit (or the limit is off); the export runs off the UI thread (LongOperation).
#pragma once

#include "tweed/meshproc/export.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

namespace tweed::editor {

class Document;
class Prompts;

class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    /// `prompts` asks for the file and shows errors (the main window's, so tests can answer);
    /// null uses the standard dialogs.
    ExportDialog(const Document *document, Prompts *prompts, QWidget *parent = nullptr);
    ~ExportDialog() override;

    /// The options as the widgets set them (the clip retargeted to the asset's skeleton).
    tweed::ExportOptions options() const;
    /// Offers the simulation cache's frames of `clip` (simulated at `fps`, LoD `lod`): with
    /// "Write the cached frames" ticked, a simulated export of that clip, rate and LoD within
    /// them writes them instead of simulating again.
    void setSimulationCache(std::shared_ptr<const tweed::SimulatedClip> frames, int clip,
                            double fps, int lod);
    /// Whether the export writes the cached frames with the current options.
    bool usesCache() const;
    /// The output file as typed, with .gltf appended when it has no extension.
    QString outputPath() const;
    /// What the target cannot represent with the current options (the list shown).
    QStringList problems() const;
    /// The size of the file the current options would write (estimateExportBytes).
    uint64_t estimatedBytes() const;
    /// The report of the last successful export.
    const tweed::ExportReport &lastReport() const { return mReport; }

public slots:
    /// Runs the export with progress and Cancel; on success the dialog is accepted, on failure
    /// the error names the file and the problem and the dialog stays open.
    void exportNow();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void browse();
    /// Enables the widgets the format uses, refreshes the problem list and the Export button.
    void updateState();
    QString suggestedPath() const;

    const Document *mDocument;
    Prompts *mPrompts;
    std::unique_ptr<Prompts> mOwnPrompts;
    tweed::ExportReport mReport;
    QString mSuggested; ///< the path last suggested; followed when the format changes

    QLabel *mFormatLabel, *mPathLabel, *mClipLabel, *mFramesLabel, *mFpsLabel, *mLodLabel,
        *mUnitsLabel, *mClothBonesLabel, *mMaxBonesLabel, *mMaxVolumesLabel, *mMaxMorphTargetsLabel,
        *mMaxSizeLabel, *mSizeLabel, *mProblemsLabel, *mStatusLabel;
    QComboBox *mFormat, *mClip, *mUnits;
    QLineEdit *mPath;
    QPushButton *mBrowse, *mExport, *mClose;
    QSpinBox *mFrames, *mLod, *mClothBones, *mMaxBones, *mMaxVolumes, *mMaxMorphTargets, *mMaxSize;
    QDoubleSpinBox *mFps;
    QListWidget *mProblems;
    QCheckBox *mAllowLoss;
    QCheckBox *mUseCache;
    std::shared_ptr<const tweed::SimulatedClip> mCached;
    int mCachedClip = -1, mCachedLod = 0;
    double mCachedFps = 0;
};

/// Shows the export dialog for the document (modal). True when a file was written; its path in
/// `exportedPath` when given.
class SimulationController;

bool runExportDialog(const Document *document, Prompts *prompts, QWidget *parent,
                     QString *exportedPath = nullptr,
                     const SimulationController *simulation = nullptr);

} // namespace tweed::editor
