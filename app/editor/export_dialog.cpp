#include "export_dialog.h"

#include "document.h"
#include "long_operation.h"
#include "object_names.h"
#include "playback.h"
#include "prompts.h"
#include "simulation/simulation_controller.h"

#include "tweed/clip_simulation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace tweed::editor {

namespace {

constexpr int kNoLimitMax = 1000000;

QSpinBox *makeSpinBox(QWidget *parent, const char *name, int minimum, int maximum, int value)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(minimum, maximum);
    box->setValue(value);
    return box;
}

tweed::ExportFormat formatAt(const QComboBox *combo)
{
    return tweed::ExportFormat(combo->currentData().toInt());
}

} // namespace

ExportDialog::ExportDialog(const Document *document, Prompts *prompts, QWidget *parent)
    : QDialog(parent), mDocument(document), mPrompts(prompts)
{
    setObjectName("ExportDialog");
    if (!mPrompts) {
        mOwnPrompts = std::make_unique<Prompts>();
        mPrompts = mOwnPrompts.get();
    }
    const tweed::Character &character = mDocument->character();
    const tweed::ClothingAsset &asset = mDocument->asset();

    mFormat = new QComboBox(this);
    mFormat->setObjectName(names::kExportDialogFormatComboBox);
    for (auto format : {tweed::ExportFormat::GltfPhysics, tweed::ExportFormat::BakedBones,
                        tweed::ExportFormat::PointCache})
        mFormat->addItem(QString(), int(format));

    mPath = new QLineEdit(this);
    mPath->setObjectName(names::kExportDialogPathLineEdit);
    mPath->setMinimumWidth(320);
    mBrowse = new QPushButton(this);
    mBrowse->setObjectName(names::kExportDialogBrowseButton);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(mPath, 1);
    pathRow->addWidget(mBrowse);

    mClip = new QComboBox(this);
    mClip->setObjectName(names::kExportDialogClipComboBox);
    mClip->addItem(QString(), -1); // the rest pose
    for (size_t c = 0; c < character.clips.size(); ++c)
        mClip->addItem(QString::fromStdString(character.clips[c].name), int(c));
    if (mClip->count() > 1) mClip->setCurrentIndex(1);

    mFrames = makeSpinBox(this, names::kExportDialogFramesSpinBox, 0, 100000, 0);
    mFps = new QDoubleSpinBox(this);
    mFps->setObjectName(names::kExportDialogFpsSpinBox);
    mFps->setRange(1, 240);
    mFps->setDecimals(2);
    mFps->setValue(30);
    mLod = makeSpinBox(this, names::kExportDialogLodSpinBox, 0,
                       std::max(0, int(asset.lods.size()) - 1), 0);

    mUnits = new QComboBox(this);
    mUnits->setObjectName(names::kExportDialogUnitsComboBox);
    mUnits->addItem(QString());
    mUnits->addItem(QString());

    mClothBones = makeSpinBox(this, names::kExportDialogClothBonesSpinBox, 0, kNoLimitMax, 0);
    mMaxBones = makeSpinBox(this, names::kExportDialogMaxBonesSpinBox, 0, kNoLimitMax, 0);
    mMaxVolumes = makeSpinBox(this, names::kExportDialogMaxVolumesSpinBox, 0, kNoLimitMax, 0);
    mMaxMorphTargets =
        makeSpinBox(this, names::kExportDialogMaxMorphTargetsSpinBox, 0, kNoLimitMax, 0);
    // The size limit in MB (0: none); the estimate beside it.
    mMaxSize = makeSpinBox(this, names::kExportDialogMaxSizeSpinBox, 0, kNoLimitMax,
                           int(tweed::kDefaultExportMaxBytes >> 20));
    mSizeLabel = new QLabel(this);
    mSizeLabel->setObjectName(names::kExportDialogSizeLabel);
    mSizeLabel->setWordWrap(true);

    mProblemsLabel = new QLabel(this);
    mProblemsLabel->setObjectName(names::kExportDialogProblemsLabel);
    mProblemsLabel->setWordWrap(true);
    mProblems = new QListWidget(this);
    mProblems->setObjectName(names::kExportDialogProblemsList);
    mProblems->setWordWrap(true);
    mProblems->setMinimumHeight(90);
    mAllowLoss = new QCheckBox(this);
    mAllowLoss->setObjectName(names::kExportDialogAllowLossCheckBox);
    mUseCache = new QCheckBox(this);
    mUseCache->setObjectName(QStringLiteral("ExportDialog_UseCacheCheckBox"));
    mUseCache->setChecked(true);
    mUseCache->setVisible(false);
    mStatusLabel = new QLabel(this);
    mStatusLabel->setObjectName(names::kExportDialogStatusLabel);
    mStatusLabel->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(this);
    mExport = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    mExport->setObjectName(names::kExportDialogExportButton);
    mExport->setDefault(true);
    mClose = buttons->addButton(QString(), QDialogButtonBox::RejectRole);
    mClose->setObjectName(names::kExportDialogCloseButton);
    // Export is not a plain accept: it runs the export and closes only when it worked.
    connect(mExport, &QPushButton::clicked, this, &ExportDialog::exportNow);
    connect(mClose, &QPushButton::clicked, this, &QDialog::reject);

    auto *form = new QFormLayout;
    auto addRow = [this, form](QLabel *&label, QWidget *field, QLayout *layout = nullptr) {
        label = new QLabel(this);
        label->setBuddy(field);
        if (layout)
            form->addRow(label, layout);
        else
            form->addRow(label, field);
    };
    addRow(mFormatLabel, mFormat);
    addRow(mPathLabel, mPath, pathRow);
    addRow(mUnitsLabel, mUnits);
    addRow(mClipLabel, mClip);
    addRow(mFramesLabel, mFrames);
    addRow(mFpsLabel, mFps);
    addRow(mLodLabel, mLod);
    addRow(mClothBonesLabel, mClothBones);
    addRow(mMaxBonesLabel, mMaxBones);
    addRow(mMaxVolumesLabel, mMaxVolumes);
    addRow(mMaxMorphTargetsLabel, mMaxMorphTargets);
    addRow(mMaxSizeLabel, mMaxSize);
    form->addRow(QString(), mSizeLabel);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mProblemsLabel);
    layout->addWidget(mProblems, 1);
    layout->addWidget(mAllowLoss);
    layout->addWidget(mUseCache);
    layout->addWidget(mStatusLabel);
    layout->addWidget(buttons);

    mSuggested = suggestedPath();
    mPath->setText(mSuggested);

    connect(mBrowse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(mFormat, &QComboBox::currentIndexChanged, this, [this] {
        // Follow the format with the suggested name until the user typed their own.
        if (mPath->text() == mSuggested) {
            mSuggested = suggestedPath();
            mPath->setText(mSuggested);
        }
        updateState();
    });
    connect(mPath, &QLineEdit::textChanged, this, &ExportDialog::updateState);
    connect(mClip, &QComboBox::currentIndexChanged, this, &ExportDialog::updateState);
    connect(mUnits, &QComboBox::currentIndexChanged, this, &ExportDialog::updateState);
    connect(mAllowLoss, &QCheckBox::toggled, this, &ExportDialog::updateState);
    for (QSpinBox *box :
         {mFrames, mLod, mClothBones, mMaxBones, mMaxVolumes, mMaxMorphTargets, mMaxSize})
        connect(box, &QSpinBox::valueChanged, this, &ExportDialog::updateState);
    connect(mFps, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updateState);

    retranslateUi();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void ExportDialog::retranslateUi()
{
    setWindowTitle(tr("Export"));
    mFormatLabel->setText(tr("&Format:"));
    mFormat->setItemText(0, tr("glTF physics mesh (channels and collision volumes)"));
    mFormat->setItemText(1, tr("Baked cloth-driven bones (glTF, FBX, Collada)"));
    mFormat->setItemText(2, tr("Point cache (glTF morph targets)"));
    mFormat->setToolTip(tr("The physics mesh for engines with their own cloth, the simulated clip "
                           "as bone animation for engines without a cloth run time, or the "
                           "simulated garment per frame"));
    mPathLabel->setText(tr("&Output file:"));
    mPath->setToolTip(tr("A .gltf file (embedded buffer) or a binary .glb file; baked bones also "
                         "a binary .fbx or a Collada .dae file"));
    mBrowse->setText(tr("&Browse..."));
    mUnitsLabel->setText(tr("&Units:"));
    const tweed::SourceUnits &units = mDocument->asset().source.units;
    const QString up = units.upAxis == tweed::UpAxis::Z   ? QStringLiteral("Z")
                       : units.upAxis == tweed::UpAxis::X ? QStringLiteral("X")
                                                          : QStringLiteral("Y");
    mUnits->setItemText(0, tr("Metres, Y up (glTF's convention)"));
    mUnits->setItemText(
        1, tr("The source file's: %1 m per unit, %2 up").arg(double(units.metresPerUnit)).arg(up));
    mClipLabel->setText(tr("&Clip:"));
    mClip->setItemText(0, tr("Rest pose"));
    mFramesLabel->setText(tr("F&rames:"));
    mFrames->setSpecialValueText(tr("The clip once"));
    mFpsLabel->setText(tr("Frames per &second:"));
    mLodLabel->setText(tr("&Level of detail:"));
    mLod->setToolTip(tr("The graphics level of detail simulated and written"));
    mClothBonesLabel->setText(tr("Cloth &bones:"));
    mClothBones->setSpecialValueText(tr("The asset's set, else one per physics vertex"));
    mClothBones->setToolTip(tr("How many cloth-driven bones the bake places on the physics mesh"));
    mMaxBonesLabel->setText(tr("Target's &maximum bones:"));
    mMaxVolumesLabel->setText(tr("Target's maximum collision &volumes:"));
    mMaxMorphTargetsLabel->setText(tr("Target's maximum mor&ph targets:"));
    mMaxSizeLabel->setText(tr("Largest file si&ze:"));
    mMaxSize->setSuffix(tr(" MB"));
    mMaxSize->setToolTip(tr("Exports estimated larger than this are refused: a long clip at a "
                            "high frame rate with a bone per vertex makes gigabytes"));
    mMaxSize->setAccessibleName(tr("Largest file size in megabytes"));
    mSizeLabel->setAccessibleName(tr("Estimated file size"));
    for (QSpinBox *box : {mMaxBones, mMaxVolumes, mMaxMorphTargets, mMaxSize})
        box->setSpecialValueText(tr("No limit"));
    mAllowLoss->setText(tr("&Allow loss: export without what the target cannot represent"));
    mUseCache->setText(tr("Write the simulation cache's frames instead of simulating again"));
    mUseCache->setAccessibleName(tr("Write the cached frames"));
    mUseCache->setToolTip(tr("The frames as simulated in the viewport (with its wind, motion "
                             "and pre-roll); for the clip, frame rate and LoD they were "
                             "simulated with, as many frames as are cached"));
    mExport->setText(tr("&Export"));
    mClose->setText(tr("Close"));
    updateState();
}

QString ExportDialog::suggestedPath() const
{
    QString base = mDocument->filePath();
    if (base.isEmpty()) base = mDocument->characterPath();
    const QFileInfo info(base);
    const QString dir = base.isEmpty() ? QDir::homePath() : info.absolutePath();
    const QString name = base.isEmpty() ? QStringLiteral("untitled") : info.completeBaseName();
    const QString suffix = QString::fromUtf8(tweed::exportFormatName(formatAt(mFormat)).data());
    return dir + "/" + name + "_" + suffix + ".gltf";
}

QString ExportDialog::outputPath() const
{
    QString path = mPath->text().trimmed();
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) path += ".gltf";
    return path;
}

tweed::ExportOptions ExportDialog::options() const
{
    const tweed::ClothingAsset &asset = mDocument->asset();
    const tweed::Character &character = mDocument->character();
    tweed::ExportOptions o;
    o.format = formatAt(mFormat);
    o.transform = mUnits->currentIndex() == 1 ? tweed::sourceExportTransform(asset.source.units)
                                              : tweed::ExportTransform{};
    o.lod = mLod->value();
    const int clip = mClip->currentData().toInt();
    if (clip >= 0 && size_t(clip) < character.clips.size())
        o.clip =
            tweed::retargetClip(character.clips[size_t(clip)], character.skeleton, asset.skeleton);
    o.frames = mFrames->value();
    o.framesPerSecond = mFps->value();
    o.clothBones = uint32_t(mClothBones->value());
    o.maxBones = uint32_t(mMaxBones->value());
    o.maxCollisionVolumes = uint32_t(mMaxVolumes->value());
    o.maxMorphTargets = uint32_t(mMaxMorphTargets->value());
    o.allowLoss = mAllowLoss->isChecked();
    o.maxBytes = uint64_t(mMaxSize->value()) << 20;
    if (usesCache())
        o.simulated = mCached;
    return o;
}

void ExportDialog::setSimulationCache(std::shared_ptr<const tweed::SimulatedClip> frames,
                                      int clip, double fps, int lod)
{
    mCached = std::move(frames);
    mCachedClip = clip;
    mCachedFps = fps;
    mCachedLod = lod;
    mUseCache->setVisible(mCached != nullptr);
    if (mCached)
        mUseCache->setText(
            tr("Write the simulation cache's frames instead of simulating again (%1 cached)")
                .arg(mCached->frames.size()));
    updateState();
}

bool ExportDialog::usesCache() const
{
    if (!mCached || !mUseCache->isChecked() || formatAt(mFormat) == tweed::ExportFormat::GltfPhysics)
        return false;
    const int clip = mClip->currentData().toInt();
    if (clip != mCachedClip || mLod->value() != mCachedLod ||
        std::abs(mFps->value() - mCachedFps) > 1e-9)
        return false;
    const tweed::Character &character = mDocument->character();
    if (clip < 0 || size_t(clip) >= character.clips.size())
        return false;
    const int needed =
        mFrames->value() > 0
            ? mFrames->value()
            : int(std::lround(std::max(0.0, character.clips[size_t(clip)].duration) * mCachedFps)) + 1;
    return size_t(needed) <= mCached->frames.size();
}

QStringList ExportDialog::problems() const
{
    QStringList result;
    if (mDocument->asset().lods.empty()) return result;
    for (const std::string &s :
         tweed::checkExport(mDocument->asset(), outputPath().toStdString(), options()))
        result << QString::fromStdString(s);
    return result;
}

uint64_t ExportDialog::estimatedBytes() const
{
    if (mDocument->asset().lods.empty()) return 0;
    return tweed::estimateExportBytes(mDocument->asset(), outputPath().toStdString(), options());
}

void ExportDialog::updateState()
{
    const tweed::ExportFormat format = formatAt(mFormat);
    const bool simulated = format != tweed::ExportFormat::GltfPhysics;
    for (QWidget *w : {static_cast<QWidget *>(mClip), static_cast<QWidget *>(mFrames),
                       static_cast<QWidget *>(mFps), static_cast<QWidget *>(mLod)})
        w->setEnabled(simulated);
    mClothBones->setEnabled(format == tweed::ExportFormat::BakedBones);
    mMaxBones->setEnabled(format != tweed::ExportFormat::PointCache);
    mMaxVolumes->setEnabled(format == tweed::ExportFormat::GltfPhysics);
    mMaxMorphTargets->setEnabled(format == tweed::ExportFormat::PointCache);

    const QStringList lost = problems();
    mProblems->clear();
    mProblems->addItems(lost);
    mProblemsLabel->setText(lost.isEmpty() ? tr("The target represents everything in the asset.")
                                           : tr("The target cannot represent:"));

    const bool hasGarment = !mDocument->asset().lods.empty();
    const bool hasPath = !outputPath().isEmpty();
    const bool allowed = lost.isEmpty() || mAllowLoss->isChecked();
    const uint64_t estimate = hasGarment && hasPath ? estimatedBytes() : 0;
    const uint64_t limit = uint64_t(mMaxSize->value()) << 20;
    const bool withinLimit = limit == 0 || estimate <= limit;
    const QString size = QLocale().formattedDataSize(qint64(estimate));
    mSizeLabel->setText(estimate > 0 ? tr("Estimated size: %1").arg(size) : QString());
    mExport->setEnabled(hasGarment && hasPath && allowed && withinLimit);
    if (!hasGarment)
        mStatusLabel->setText(tr("The document has no garment to export."));
    else if (!hasPath)
        mStatusLabel->setText(tr("Choose the file to write."));
    else if (!allowed)
        mStatusLabel->setText(
            tr("Tick \"Allow loss\" to export without what is listed, or change the options."));
    else if (!withinLimit)
        mStatusLabel->setText(tr("The file would be about %1, more than the size limit: export "
                                 "fewer frames, a lower frame rate or fewer cloth bones, or raise "
                                 "the limit.")
                                  .arg(size));
    else
        mStatusLabel->clear();
}

void ExportDialog::browse()
{
    // Baked bones can also be written as FBX (Tweed's writer) and Collada (Assimp's).
    QString filter = tr("glTF (*.gltf);;Binary glTF (*.glb)");
    if (formatAt(mFormat) == tweed::ExportFormat::BakedBones)
        filter += ";;" + tr("FBX (*.fbx);;Collada (*.dae)");
    const QString path = mPrompts->saveFileName(
        this, tr("Export"), outputPath().isEmpty() ? mSuggested : outputPath(), filter);
    if (!path.isEmpty()) mPath->setText(path);
}

void ExportDialog::exportNow()
{
    // Refused while something would be lost without "allow loss" (the button is disabled then).
    updateState();
    if (!mExport->isEnabled()) return;
    const QString path = outputPath();
    const std::string file = path.toStdString();
    const tweed::ExportOptions o = options();
    // The worker exports its own copy: nothing it reads can change under it.
    const tweed::ClothingAsset asset = mDocument->asset();
    tweed::ExportReport report;
    const QString name = QFileInfo(path).fileName();
    const OperationOutcome outcome = LongOperation::run(
        this, tr("Exporting %1").arg(name), [&](const tweed::ProgressCallback &progress) {
            report = tweed::exportAsset(asset, file, o, progress);
        });
    switch (outcome.status) {
    case OperationOutcome::Finished:
        mReport = report;
        mPath->setText(path);
        accept();
        break;
    case OperationOutcome::Cancelled:
        mStatusLabel->setText(tr("Export cancelled; %1 was not written.").arg(name));
        break;
    case OperationOutcome::Failed: {
        const QString native = QDir::toNativeSeparators(path);
        const QString message = outcome.error.contains(path) || outcome.error.contains(native)
                                    ? outcome.error
                                    : tr("%1: %2").arg(native, outcome.error);
        mPrompts->showError(this, tr("Cannot export %1").arg(name), message);
        break;
    }
    }
}

bool runExportDialog(const Document *document, Prompts *prompts, QWidget *parent,
                     QString *exportedPath, const SimulationController *simulation)
{
    ExportDialog dialog(document, prompts, parent);
    if (simulation && simulation->playback()->clip() >= 0)
        dialog.setSimulationCache(simulation->cachedClip(), simulation->playback()->clip(),
                                  simulation->playback()->frameRate(), simulation->lod());
    if (dialog.exec() != QDialog::Accepted) return false;
    if (exportedPath) *exportedPath = dialog.outputPath();
    return true;
}

} // namespace tweed::editor
