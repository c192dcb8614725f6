#include "physics_mesh/physics_mesh_dock.h"

#include "asset_edits.h"
#include "document.h"
#include "editor_context.h"
#include "object_names.h"
#include "playback.h"
#include "preferences.h"
#include "prompts.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
#include "tweed/mesh_edges.h"
#include "tweed/meshproc/auto_setup.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/mesh_quality.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QHeaderView>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tweed::editor {

namespace {

const QString kBadLayer = QStringLiteral("skinmap_bad");
const QString kSkinnedDefectLayer = QStringLiteral("skinned_defects");

// Positions skinned with the playback's matrices (rest positions when they do not fit).
std::vector<Vec3> skinned(const std::vector<Vec3> &rest, const std::vector<BoneInfluence> &skin,
                          const std::vector<Mat4> &matrices)
{
    if (skin.size() != rest.size() || matrices.empty())
        return rest;
    for (const BoneInfluence &inf : skin)
        for (size_t s = 0; s < inf.bones.size(); ++s)
            if (inf.weights[s] > 0 && inf.bones[s] >= matrices.size())
                return rest;
    std::vector<Vec3> out;
    skinVertices(rest, skin, matrices, out);
    return out;
}

QDoubleSpinBox *makeLengthSpin(QWidget *parent, const char *name)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setObjectName(QString::fromLatin1(name));
    spin->setKeyboardTracking(false);
    return spin;
}

} // namespace

PhysicsMeshDock::PhysicsMeshDock(const EditorContext &context, QWidget *parent)
    : QDockWidget(parent), mContext(context)
{
    setObjectName(names::kPhysicsMeshDock);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(names::kPhysicsMeshDockScrollArea);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *body = new QWidget(scroll);
    body->setObjectName(names::kPhysicsMeshDockBody);
    auto *layout = new QVBoxLayout(body);

    // LoD: which one, where its physics mesh comes from, adding one.
    mLodBox = new QGroupBox(body);
    mLodBox->setObjectName(names::kPhysicsMeshDockLodGroupBox);
    auto *lodForm = new QFormLayout(mLodBox);
    mLodCombo = new QComboBox(mLodBox);
    mLodCombo->setObjectName(names::kPhysicsMeshDockLodComboBox);
    lodForm->addRow(mLodCombo);
    mAddLodButton = new QToolButton(mLodBox);
    mAddLodButton->setObjectName(names::kPhysicsMeshDockAddLodButton);
    mAddLodButton->setPopupMode(QToolButton::InstantPopup);
    mAddLodMenu = new QMenu(mAddLodButton);
    mAddLodMenu->setObjectName(names::kPhysicsMeshDockAddLodMenu);
    mAddLodButton->setMenu(mAddLodMenu);
    mSourceLabel = new QLabel(mLodBox);
    mSourceCombo = new QComboBox(mLodBox);
    mSourceCombo->setObjectName(names::kPhysicsMeshDockPhysicsSourceComboBox);
    lodForm->addRow(mSourceLabel, mSourceCombo);
    lodForm->addRow(mAddLodButton);
    layout->addWidget(mLodBox);

    // Garment: character meshes, submeshes, the Physics mask.
    mGarmentBox = new QGroupBox(body);
    mGarmentBox->setObjectName(names::kPhysicsMeshDockGarmentGroupBox);
    auto *garment = new QVBoxLayout(mGarmentBox);
    mMeshesLabel = new QLabel(mGarmentBox);
    garment->addWidget(mMeshesLabel);
    mMeshList = new QListWidget(mGarmentBox);
    mMeshList->setObjectName(names::kPhysicsMeshDockGarmentMeshList);
    mMeshList->setMaximumHeight(90);
    garment->addWidget(mMeshList);
    mSubmeshesLabel = new QLabel(mGarmentBox);
    garment->addWidget(mSubmeshesLabel);
    mSubmeshList = new QListWidget(mGarmentBox);
    mSubmeshList->setObjectName(names::kPhysicsMeshDockSubmeshList);
    mSubmeshList->setMaximumHeight(70);
    garment->addWidget(mSubmeshList);
    mPhysicsMask = new QCheckBox(mGarmentBox);
    mPhysicsMask->setObjectName(names::kPhysicsMeshDockPhysicsMaskCheckBox);
    garment->addWidget(mPhysicsMask);
    // Layers: each mesh as body, shell or rider (see refreshLayers).
    mLayersLabel = new QLabel(mGarmentBox);
    mLayersLabel->setWordWrap(true);
    garment->addWidget(mLayersLabel);
    mLayerTable = new QTableWidget(0, 2, mGarmentBox);
    mLayerTable->setObjectName(names::kPhysicsMeshDockLayerTable);
    mLayerTable->verticalHeader()->hide();
    mLayerTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    mLayerTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Fixed);
    mLayerTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mLayerTable->setSelectionMode(QAbstractItemView::NoSelection);
    mLayerTable->setMaximumHeight(180);
    garment->addWidget(mLayerTable);
    layout->addWidget(mGarmentBox);

    // Path and its settings.
    mPathBox = new QGroupBox(body);
    mPathBox->setObjectName(names::kPhysicsMeshDockPathGroupBox);
    mPathForm = new QFormLayout(mPathBox);
    mMethodLabel = new QLabel(mPathBox);
    mMethodCombo = new QComboBox(mPathBox);
    mMethodCombo->setObjectName(names::kPhysicsMeshDockMethodComboBox);
    for (GenerationMethod m : {GenerationMethod::Immediate, GenerationMethod::Weld,
                               GenerationMethod::Simplify, GenerationMethod::IsoSurface,
                               GenerationMethod::Custom, GenerationMethod::Tetrahedra})
        mMethodCombo->addItem(QString(), int(m));
    mPathForm->addRow(mMethodLabel, mMethodCombo);
    mWeldLabel = new QLabel(mPathBox);
    mWeld = makeLengthSpin(mPathBox, names::kPhysicsMeshDockWeldToleranceSpinBox);
    mPathForm->addRow(mWeldLabel, mWeld);
    mTargetLabel = new QLabel(mPathBox);
    mTargetKind = new QComboBox(mPathBox);
    mTargetKind->setObjectName(names::kPhysicsMeshDockTargetKindComboBox);
    mTargetKind->addItem(QString());
    mTargetKind->addItem(QString());
    mPathForm->addRow(mTargetLabel, mTargetKind);
    mTargetVerticesLabel = new QLabel(mPathBox);
    mTargetVertices = new QSpinBox(mPathBox);
    mTargetVertices->setObjectName(names::kPhysicsMeshDockTargetVerticesSpinBox);
    mTargetVertices->setRange(0, 10000000);
    mTargetVertices->setSingleStep(100);
    mTargetVertices->setValue(1000);
    mTargetVertices->setKeyboardTracking(false);
    mPathForm->addRow(mTargetVerticesLabel, mTargetVertices);
    mTargetEdgeLabel = new QLabel(mPathBox);
    mTargetEdge = makeLengthSpin(mPathBox, names::kPhysicsMeshDockTargetEdgeLengthSpinBox);
    mPathForm->addRow(mTargetEdgeLabel, mTargetEdge);
    mCloseHolesLabel = new QLabel(mPathBox);
    mCloseHoles = makeLengthSpin(mPathBox, names::kPhysicsMeshDockCloseHolesSpinBox);
    mPathForm->addRow(mCloseHolesLabel, mCloseHoles);
    mSubdivisionsLabel = new QLabel(mPathBox);
    mSubdivisions = new QSpinBox(mPathBox);
    mSubdivisions->setObjectName(names::kPhysicsMeshDockSubdivisionsSpinBox);
    mSubdivisions->setRange(0, 4);
    mPathForm->addRow(mSubdivisionsLabel, mSubdivisions);
    mVoxelLabel = new QLabel(mPathBox);
    mVoxel = makeLengthSpin(mPathBox, names::kPhysicsMeshDockVoxelSizeSpinBox);
    mPathForm->addRow(mVoxelLabel, mVoxel);
    mIsoOffsetLabel = new QLabel(mPathBox);
    mIsoOffset = makeLengthSpin(mPathBox, names::kPhysicsMeshDockIsoOffsetSpinBox);
    mPathForm->addRow(mIsoOffsetLabel, mIsoOffset);
    mIsoContractionLabel = new QLabel(mPathBox);
    mIsoContraction = new QDoubleSpinBox(mPathBox);
    mIsoContraction->setObjectName(names::kPhysicsMeshDockIsoContractionSpinBox);
    mIsoContraction->setKeyboardTracking(false);
    mIsoContraction->setRange(0, 1);
    mIsoContraction->setDecimals(2);
    mIsoContraction->setSingleStep(0.1);
    mPathForm->addRow(mIsoContractionLabel, mIsoContraction);
    mCustomLabel = new QLabel(mPathBox);
    mCustomRow = new QWidget(mPathBox);
    auto *customLayout = new QHBoxLayout(mCustomRow);
    customLayout->setContentsMargins(0, 0, 0, 0);
    mCustomPath = new QLineEdit(mCustomRow);
    mCustomPath->setObjectName(names::kPhysicsMeshDockCustomMeshLineEdit);
    customLayout->addWidget(mCustomPath, 1);
    mBrowse = new QPushButton(mCustomRow);
    mBrowse->setObjectName(names::kPhysicsMeshDockBrowseButton);
    customLayout->addWidget(mBrowse);
    mPathForm->addRow(mCustomLabel, mCustomRow);
    mNormalsLabel = new QLabel(mPathBox);
    mNormals = new QComboBox(mPathBox);
    mNormals->setObjectName(names::kPhysicsMeshDockNormalsComboBox);
    mNormals->addItem(QString(), int(NormalSource::Mesh));
    mNormals->addItem(QString(), int(NormalSource::Bones));
    mPathForm->addRow(mNormalsLabel, mNormals);
    layout->addWidget(mPathBox);
    // Long item texts must not widen the dock.
    for (QComboBox *combo : {mLodCombo, mSourceCombo, mMethodCombo, mTargetKind, mNormals}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }

    // The two actions sit below the scrolled settings (see the end of the constructor), so that
    // they stay in view however tall the garment's layers table grows.
    mGenerate = new QPushButton(this);
    mGenerate->setObjectName(names::kPhysicsMeshDockGenerateButton);
    mAutoSetup = new QPushButton(this);
    mAutoSetup->setObjectName(names::kPhysicsMeshDockAutoSetupButton);
    mStatus = new QLabel(body);
    mStatus->setObjectName(names::kPhysicsMeshDockStatusLabel);
    mStatus->setWordWrap(true);
    layout->addWidget(mStatus);
    mAutoSetupReport = new QLabel(body);
    mAutoSetupReport->setObjectName(names::kPhysicsMeshDockAutoSetupReportLabel);
    mAutoSetupReport->setWordWrap(true);
    mAutoSetupReport->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mAutoSetupReport->setVisible(false);
    layout->addWidget(mAutoSetupReport);

    // The report of the LoD's physics mesh.
    mReportBox = new QGroupBox(body);
    mReportBox->setObjectName(names::kPhysicsMeshDockReportGroupBox);
    mReportForm = new QFormLayout(mReportBox);
    const auto makeValue = [this](const char *name) {
        auto *label = new QLabel(mReportBox);
        label->setObjectName(QString::fromLatin1(name));
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
        auto *title = new QLabel(mReportBox);
        mReportNames.push_back(title);
        mReportForm->addRow(title, label);
        return label;
    };
    mVertices = makeValue(names::kPhysicsMeshDockVerticesLabel);
    mTriangles = makeValue(names::kPhysicsMeshDockTrianglesLabel);
    mComponents = makeValue(names::kPhysicsMeshDockComponentsLabel);
    mBoundaryLoops = makeValue(names::kPhysicsMeshDockBoundaryLoopsLabel);
    mSurfaceError = makeValue(names::kPhysicsMeshDockSurfaceErrorLabel);
    mMinAngle = makeValue(names::kPhysicsMeshDockMinAngleLabel);
    mEdgeSpread = makeValue(names::kPhysicsMeshDockEdgeSpreadLabel);
    mSkinMap = makeValue(names::kPhysicsMeshDockSkinMapLabel);
    mSkinMap->setWordWrap(true);
    mSkinnedStretch = makeValue(names::kPhysicsMeshDockSkinnedStretchLabel);
    mSkinnedWatcher = new QFutureWatcher<SkinnedCheckResult>(this);
    connect(mSkinnedWatcher, &QFutureWatcherBase::finished, this, &PhysicsMeshDock::showSkinnedCheck);
    mHighlight = new QCheckBox(mReportBox);
    mHighlight->setObjectName(names::kPhysicsMeshDockHighlightCheckBox);
    mReportForm->addRow(mHighlight);
    layout->addWidget(mReportBox);
    layout->addStretch();
    scroll->setWidget(body);
    auto *frame = new QWidget(this);
    frame->setObjectName(names::kPhysicsMeshDockFrame);
    auto *frameLayout = new QVBoxLayout(frame);
    frameLayout->setContentsMargins(0, 0, 0, 0);
    frameLayout->addWidget(scroll, 1);
    auto *actions = new QHBoxLayout;
    actions->setContentsMargins(6, 4, 6, 6);
    actions->addWidget(mGenerate);
    actions->addWidget(mAutoSetup);
    frameLayout->addLayout(actions);
    setWidget(frame);

    mGenerateAction = new QAction(this);
    mGenerateAction->setObjectName(names::kPhysicsMeshDockGenerateAction);
    connect(mGenerateAction, &QAction::triggered, this, [this] {
        show();
        raise();
        generate();
    });

    connect(mGenerate, &QPushButton::clicked, this, [this] { generate(); });
    connect(mAutoSetup, &QPushButton::clicked, this, [this] { autoSetup(); });
    connect(mLodCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (mUpdating)
            return;
        mContext.simulation->setLod(lod());
        refreshLods();
        refreshGarment(true);
        loadLodSettings();
        refreshReport();
        updateHighlight();
    });
    connect(mSourceCombo, &QComboBox::activated, this, [this](int index) {
        setPhysicsSource(lod(), mSourceCombo->itemData(index).toInt());
    });
    connect(mAddLodMenu, &QMenu::aboutToShow, this, &PhysicsMeshDock::fillAddLodMenu);
    connect(mMethodCombo, &QComboBox::currentIndexChanged, this, &PhysicsMeshDock::updateVisibility);
    connect(mTargetKind, &QComboBox::currentIndexChanged, this, &PhysicsMeshDock::updateVisibility);
    // The submeshes offered are those of the chosen meshes (one submesh per merged mesh).
    connect(mMeshList, &QListWidget::itemChanged, this, [this] {
        if (!mUpdating)
            refreshGarment(false);
    });
    connect(mBrowse, &QPushButton::clicked, this, &PhysicsMeshDock::browseCustomMesh);
    connect(mHighlight, &QCheckBox::toggled, this, &PhysicsMeshDock::updateHighlight);
    connect(mContext.playback, &Playback::poseChanged, this, [this] {
        if (mHighlight->isChecked())
            updateHighlight();
    });
    connect(mContext.document, &Document::changed, this,
            [this](Document::Changes what) { onDocumentChanged(int(what)); });
    // The status reports the last generation; once it is undone it reports nothing.
    connect(mContext.document->undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
        if (mStatusUndoIndex >= 0 && index < mStatusUndoIndex) {
            mStatus->clear();
            mStatusUndoIndex = -1;
        }
    });
    connect(mContext.preferences, &Preferences::lengthUnitChanged, this,
            &PhysicsMeshDock::setLengthUnit);

    mUnit = mContext.preferences->lengthUnit() == LengthUnit::Centimetres ? LengthUnit::Metres
                                                                           : LengthUnit::Centimetres;
    setLengthUnit(mContext.preferences->lengthUnit());
    retranslateUi();
    onDocumentChanged(Document::AllChanged);
}

int PhysicsMeshDock::lod() const
{
    return mLodCombo->currentIndex();
}

void PhysicsMeshDock::setLod(int lod)
{
    mLodCombo->setCurrentIndex(lod);
}

double PhysicsMeshDock::lengthScale() const
{
    return mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
}

QString PhysicsMeshDock::lengthText(float metres) const
{
    const QString unit = mUnit == LengthUnit::Centimetres ? tr("cm") : tr("m");
    return QStringLiteral("%1 %2").arg(locale().toString(metres * lengthScale(), 'f',
                                                         mUnit == LengthUnit::Centimetres ? 2 : 4),
                                       unit);
}

void PhysicsMeshDock::setLengthUnit(LengthUnit unit)
{
    if (unit == mUnit)
        return;
    const GenerationSettings current = settings();
    mUnit = unit;
    const bool cm = unit == LengthUnit::Centimetres;
    const QString suffix = QStringLiteral(" ") + (cm ? tr("cm") : tr("m"));
    for (QDoubleSpinBox *spin : {mWeld, mTargetEdge, mCloseHoles, mVoxel, mIsoOffset}) {
        spin->setDecimals(cm ? 4 : 6);
        spin->setRange(0, cm ? 1000.0 : 10.0);
        spin->setSingleStep(cm ? 0.1 : 0.001);
        spin->setSuffix(suffix);
    }
    setSettings(current);
    refreshReport();
}

GenerationSettings PhysicsMeshDock::settings() const
{
    // Only what the chosen path uses; the rest keeps its default so that equal meshes have
    // equal settings.
    const double scale = lengthScale();
    GenerationSettings s;
    s.method = GenerationMethod(mMethodCombo->currentData().toInt());
    const bool simplify = s.method == GenerationMethod::Simplify;
    const bool iso = s.method == GenerationMethod::IsoSurface;
    const bool tetra = s.method == GenerationMethod::Tetrahedra;
    const bool custom = s.method == GenerationMethod::Custom;
    const bool fromTriangles = s.method == GenerationMethod::Immediate ||
                               s.method == GenerationMethod::Weld || simplify;
    if (s.method == GenerationMethod::Weld || simplify || custom)
        s.weldTolerance = float(mWeld->value() / scale);
    if (simplify || iso) {
        const bool byCount = mTargetKind->currentIndex() == 0;
        s.targetVertices = byCount ? uint32_t(mTargetVertices->value()) : 0;
        s.targetEdgeLength = byCount ? 0.0f : float(mTargetEdge->value() / scale);
    }
    if (fromTriangles)
        s.closeHolesBelow = float(mCloseHoles->value() / scale);
    if (fromTriangles || custom)
        s.subdivisions = uint32_t(mSubdivisions->value());
    if (iso || tetra) {
        s.voxelSize = float(mVoxel->value() / scale);
        s.isoOffset = float(mIsoOffset->value() / scale);
    }
    if (iso)
        s.isoContraction = float(mIsoContraction->value());
    if (custom)
        s.customMeshPath = QDir::fromNativeSeparators(mCustomPath->text().trimmed()).toStdString();
    s.normals = NormalSource(mNormals->currentData().toInt());
    s.usePhysicsMask = mPhysicsMask->isChecked();
    // Every submesh checked is the same as none named (all).
    bool all = true;
    for (int i = 0; i < mSubmeshList->count(); ++i) {
        const QListWidgetItem *item = mSubmeshList->item(i);
        if (item->checkState() == Qt::Checked)
            s.submeshes.push_back(item->text().toStdString());
        else
            all = false;
    }
    if (all)
        s.submeshes.clear();
    return s;
}

void PhysicsMeshDock::setSettings(const GenerationSettings &s)
{
    const double scale = lengthScale();
    mMethodCombo->setCurrentIndex(std::max(0, mMethodCombo->findData(int(s.method))));
    mWeld->setValue(s.weldTolerance * scale);
    if (s.targetVertices > 0) {
        mTargetKind->setCurrentIndex(0);
        mTargetVertices->setValue(int(std::min<uint32_t>(s.targetVertices, 10000000)));
    } else if (s.targetEdgeLength > 0) {
        mTargetKind->setCurrentIndex(1);
        mTargetEdge->setValue(s.targetEdgeLength * scale);
    }
    mCloseHoles->setValue(s.closeHolesBelow * scale);
    mSubdivisions->setValue(int(s.subdivisions));
    mVoxel->setValue(s.voxelSize * scale);
    mIsoOffset->setValue(s.isoOffset * scale);
    mIsoContraction->setValue(s.isoContraction);
    mCustomPath->setText(QString::fromStdString(s.customMeshPath));
    mNormals->setCurrentIndex(std::max(0, mNormals->findData(int(s.normals))));
    mPhysicsMask->setChecked(s.usePhysicsMask);
    for (int i = 0; i < mSubmeshList->count(); ++i) {
        QListWidgetItem *item = mSubmeshList->item(i);
        const std::string name = item->text().toStdString();
        const bool on = s.submeshes.empty() ||
                        std::find(s.submeshes.begin(), s.submeshes.end(), name) != s.submeshes.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    updateVisibility();
}

QStringList PhysicsMeshDock::layerMeshes() const
{
    QStringList names;
    for (int r = 0; r < mLayerTable->rowCount(); ++r)
        names << mLayerTable->item(r, 0)->text();
    return names;
}

QComboBox *PhysicsMeshDock::layerRoleCombo(const QString &name) const
{
    const int row = int(layerMeshes().indexOf(name));
    return row < 0 ? nullptr : qobject_cast<QComboBox *>(mLayerTable->cellWidget(row, 1));
}

MeshRole PhysicsMeshDock::layerRole(const QString &name) const
{
    const QComboBox *combo = layerRoleCombo(name);
    return combo ? MeshRole(combo->currentData().toInt()) : MeshRole::Body;
}

void PhysicsMeshDock::refreshLayers()
{
    const Document *doc = mContext.document;
    const ClothingAsset &asset = doc->asset();
    const int l = lod();
    const QStringList parts = garmentMeshNames(*doc, l);
    // The rows: the character's meshes when the garment is made of them (any of them may
    // become a part), else the LoD's own parts (shell or rider only).
    std::vector<std::pair<QString, MeshRole>> rows;
    const GraphicsMesh *mesh =
        l >= 0 && size_t(l) < asset.lods.size() ? &asset.lods[size_t(l)].mesh : nullptr;
    const auto roleOf = [this](const QString &name) { return documentRole(name); };
    if (!parts.isEmpty()) {
        for (const GraphicsMesh &m : doc->character().meshes)
            if (!m.indices.empty()) {
                const QString name = QString::fromStdString(m.name);
                rows.emplace_back(name, parts.contains(name) ? roleOf(name) : MeshRole::Body);
            }
    } else if (mesh) {
        for (const Submesh &sub : mesh->submeshes) {
            const QString name = QString::fromStdString(sub.name);
            rows.emplace_back(name, roleOf(name));
        }
    }
    // The same meshes: the choices are kept (one may be in the middle of its own signal).
    bool same = mLayerTable->rowCount() == int(rows.size());
    for (int r = 0; same && r < int(rows.size()); ++r)
        same = mLayerTable->item(r, 0)->text() == rows[size_t(r)].first &&
               mLayerTable->cellWidget(r, 1);
    if (same) {
        for (int r = 0; r < int(rows.size()); ++r) {
            auto *combo = static_cast<QComboBox *>(mLayerTable->cellWidget(r, 1));
            const QSignalBlocker block(combo);
            combo->setCurrentIndex(combo->findData(int(rows[size_t(r)].second)));
        }
        return;
    }
    mLayerTable->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const auto &[name, role] = rows[size_t(r)];
        auto *item = new QTableWidgetItem(name);
        mLayerTable->setItem(r, 0, item);
        auto *combo = new QComboBox(mLayerTable);
        combo->setObjectName(QStringLiteral("%1%2").arg(QLatin1String(names::kPhysicsMeshDockLayerRolePrefix)).arg(r));
        combo->setAccessibleName(tr("Role of mesh %1 (row %2)").arg(name).arg(r + 1));
        combo->addItem(tr("Body"), int(MeshRole::Body));
        combo->addItem(tr("Shell"), int(MeshRole::Shell));
        combo->addItem(tr("Rider"), int(MeshRole::Rider));
        combo->setItemData(0, tr("Part of the character: the cloth stays out of it"),
                           Qt::ToolTipRole);
        combo->setItemData(1, tr("Builds the physics mesh and is simulated"), Qt::ToolTipRole);
        combo->setItemData(2, tr("Follows a shell (a lining, a pocket) and keeps its side of it"),
                           Qt::ToolTipRole);
        // A garment not made of character meshes cannot give a part back to the body.
        if (parts.isEmpty())
            if (auto *model = qobject_cast<QStandardItemModel *>(combo->model()))
                model->item(0)->setEnabled(false);
        combo->setCurrentIndex(combo->findData(int(role)));
        connect(combo, &QComboBox::activated, this, [this, combo, name] {
            const auto wanted = MeshRole(combo->currentData().toInt());
            setLayerRole(name, wanted);
            refreshLayers(); // what is, also when refused or cancelled
        });
        mLayerTable->setCellWidget(r, 1, combo);
    }
    // The Role column fits its widest choice from the start (a table still hidden measures its
    // cell widgets too narrow).
    int roleWidth = mLayerTable->horizontalHeader()->sectionSizeHint(1);
    for (int r = 0; r < mLayerTable->rowCount(); ++r)
        if (QWidget *combo = mLayerTable->cellWidget(r, 1)) {
            combo->ensurePolished();
            roleWidth = std::max(roleWidth, combo->sizeHint().width());
        }
    mLayerTable->horizontalHeader()->resizeSection(1, roleWidth);
}

MeshRole PhysicsMeshDock::documentRole(const QString &name) const
{
    const ClothingAsset &asset = mContext.document->asset();
    const int l = lod();
    if (l >= 0 && size_t(l) < asset.lods.size())
        for (const Submesh &sub : asset.lods[size_t(l)].mesh.submeshes)
            if (QString::fromStdString(sub.name) == name)
                return sub.role == LayerRole::Rider ? MeshRole::Rider : MeshRole::Shell;
    return MeshRole::Body;
}

bool PhysicsMeshDock::setLayerRole(const QString &name, MeshRole role)
{
    Document *doc = mContext.document;
    const int l = lod();
    const QString title = tr("Set Layer Role");
    mLastOutcome = {};
    const QStringList meshes = layerMeshes();
    if (!meshes.contains(name)) {
        mLastOutcome = {OperationOutcome::Failed, tr("There is no mesh named %1.").arg(name)};
        showFailure(title);
        return false;
    }
    if (documentRole(name) == role) return false;
    QStringList garment = garmentMeshNames(*doc, l);
    const bool ofCharacter = !garment.isEmpty();
    if (!ofCharacter && role == MeshRole::Body) {
        mLastOutcome = {OperationOutcome::Failed,
                        tr("%1 is part of a garment not made of character meshes: it can be a "
                           "shell or a rider only.")
                            .arg(name)};
        showFailure(title);
        return false;
    }
    std::map<std::string, LayerRole> roles;
    bool shell = false;
    for (const QString &m : meshes) {
        const MeshRole r = m == name ? role : documentRole(m);
        if (r == MeshRole::Body) continue;
        roles[m.toStdString()] = r == MeshRole::Rider ? LayerRole::Rider : LayerRole::Shell;
        shell = shell || r == MeshRole::Shell;
    }
    if (!shell) {
        mLastOutcome = {OperationOutcome::Failed,
                        tr("The garment needs at least one shell to build its physics mesh.")};
        showFailure(title);
        return false;
    }
    GenerationSettings settings = this->settings();
    if (ofCharacter) {
        garment.clear();
        for (const QString &m : meshes)
            if (roles.count(m.toStdString())) garment << m;
        // A part new to the garment is simulated too when only some submeshes are chosen.
        const std::string part = name.toStdString();
        auto &chosen = settings.submeshes;
        chosen.erase(std::remove(chosen.begin(), chosen.end(), part), chosen.end());
        if (!chosen.empty() && role != MeshRole::Body) chosen.push_back(part);
    }
    return runGeneration(settings, garment, false, roles);
}

QStringList PhysicsMeshDock::garmentMeshes() const
{
    QStringList names;
    for (int i = 0; i < mMeshList->count(); ++i)
        if (mMeshList->item(i)->checkState() == Qt::Checked)
            names << mMeshList->item(i)->text();
    return names;
}

void PhysicsMeshDock::setGarmentMeshes(const QStringList &names)
{
    {
        const QSignalBlocker block(mMeshList);
        for (int i = 0; i < mMeshList->count(); ++i)
            mMeshList->item(i)->setCheckState(names.contains(mMeshList->item(i)->text())
                                                  ? Qt::Checked
                                                  : Qt::Unchecked);
    }
    refreshGarment(false);
}

void PhysicsMeshDock::updateVisibility()
{
    const auto m = GenerationMethod(mMethodCombo->currentData().toInt());
    const bool simplify = m == GenerationMethod::Simplify;
    const bool iso = m == GenerationMethod::IsoSurface;
    const bool custom = m == GenerationMethod::Custom;
    const bool fromTriangles = m == GenerationMethod::Immediate || m == GenerationMethod::Weld || simplify;
    const bool target = simplify || iso;
    const bool byCount = mTargetKind->currentIndex() == 0;
    mPathForm->setRowVisible(mWeld, m == GenerationMethod::Weld || simplify || custom);
    mPathForm->setRowVisible(mTargetKind, target);
    mPathForm->setRowVisible(mTargetVertices, target && byCount);
    mPathForm->setRowVisible(mTargetEdge, target && !byCount);
    mPathForm->setRowVisible(mCloseHoles, fromTriangles);
    mPathForm->setRowVisible(mSubdivisions, fromTriangles || custom);
    const bool tetra = m == GenerationMethod::Tetrahedra;
    mPathForm->setRowVisible(mVoxel, iso || tetra);
    mPathForm->setRowVisible(mIsoOffset, iso || tetra);
    mPathForm->setRowVisible(mIsoContraction, iso);
    mPathForm->setRowVisible(mCustomRow, custom);
}

void PhysicsMeshDock::onDocumentChanged(int what)
{
    refreshLods();
    if (what & (Document::CharacterChanged | Document::MeshesChanged |
                Document::PhysicsMeshChanged | Document::SkeletonChanged)) {
        refreshGarment(true);
        loadLodSettings();
    }
    refreshReport();
    updateHighlight();
}

void PhysicsMeshDock::refreshLods()
{
    const ClothingAsset &asset = mContext.document->asset();
    const QScopedValueRollback<bool> guard(mUpdating, true);
    const int current = std::clamp(mLodCombo->currentIndex(), 0,
                                   std::max(0, int(asset.lods.size()) - 1));
    mLodCombo->clear();
    for (size_t l = 0; l < asset.lods.size(); ++l)
        mLodCombo->addItem(tr("LoD %1 · %2 vertices")
                               .arg(l)
                               .arg(locale().toString(qulonglong(asset.lods[l].mesh.vertexCount()))));
    mLodCombo->setCurrentIndex(asset.lods.empty() ? -1 : current);
    if (!asset.lods.empty() && mContext.simulation->lod() != current)
        mContext.simulation->setLod(current);

    mSourceCombo->clear();
    const int l = lod();
    mSourceCombo->addItem(tr("Own physics mesh"), -1);
    for (int k = 0; k < int(asset.lods.size()); ++k)
        if (k != l && physicsMeshIndex(asset, k) >= 0)
            mSourceCombo->addItem(tr("Share the physics mesh of LoD %1").arg(k), k);
    mSourceCombo->setCurrentIndex(
        std::max(0, mSourceCombo->findData(physicsMeshSharedWith(asset, l))));

    const bool any = !asset.lods.empty();
    for (QWidget *w : {static_cast<QWidget *>(mLodBox), static_cast<QWidget *>(mGarmentBox),
                       static_cast<QWidget *>(mPathBox), static_cast<QWidget *>(mGenerate),
                       static_cast<QWidget *>(mReportBox)})
        w->setEnabled(any);
    mGenerateAction->setEnabled(any);
}

void PhysicsMeshDock::refreshGarment(bool fromAsset)
{
    const Document *doc = mContext.document;
    const ClothingAsset &asset = doc->asset();
    const Character &character = doc->character();
    const int l = lod();
    const QScopedValueRollback<bool> guard(mUpdating, true);
    const QSignalBlocker block(mMeshList);
    // Keep what the user checked unless the LoD or its garment changed.
    QStringList checked = garmentMeshes();
    const QStringList partNames = garmentMeshNames(*doc, l);
    if (fromAsset)
        checked = partNames;
    mMeshList->clear();
    for (const GraphicsMesh &m : character.meshes) {
        if (m.indices.empty())
            continue;
        auto *item = new QListWidgetItem(QString::fromStdString(m.name), mMeshList);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(checked.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
    // The meshes can be chosen only when the garment is made of character meshes.
    mMeshList->setEnabled(!partNames.isEmpty());
    refreshLayers();

    // Submeshes: those of the meshes checked (one per merged mesh), else the LoD's own.
    QStringList submeshes;
    if (!partNames.isEmpty()) {
        submeshes = garmentMeshes();
    } else if (l >= 0 && size_t(l) < asset.lods.size()) {
        for (const Submesh &s : asset.lods[size_t(l)].mesh.submeshes)
            submeshes << QString::fromStdString(s.name);
    }
    QStringList unchecked;
    for (int i = 0; i < mSubmeshList->count(); ++i)
        if (mSubmeshList->item(i)->checkState() != Qt::Checked)
            unchecked << mSubmeshList->item(i)->text();
    mSubmeshList->clear();
    for (const QString &name : submeshes) {
        auto *item = new QListWidgetItem(name, mSubmeshList);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(unchecked.contains(name) ? Qt::Unchecked : Qt::Checked);
    }
}

void PhysicsMeshDock::loadLodSettings()
{
    const ClothingAsset &asset = mContext.document->asset();
    const int index = physicsMeshIndex(asset, lod());
    if (index >= 0)
        setSettings(asset.physicsMeshes[size_t(index)].settings);
    else
        updateVisibility();
}

void PhysicsMeshDock::refreshReport()
{
    const ClothingAsset &asset = mContext.document->asset();
    const int l = lod();
    const int index = physicsMeshIndex(asset, l);
    mCheck = checkBindings(asset, l);
    const QList<QLabel *> values{mVertices,   mTriangles, mComponents, mBoundaryLoops,
                                 mSurfaceError, mMinAngle, mEdgeSpread, mSkinMap};
    if (index < 0) {
        for (QLabel *label : values)
            label->setText(tr("–"));
        mSkinMap->setStyleSheet({});
        checkSkinnedPose();
        return;
    }
    const PhysicsMesh &physics = asset.physicsMeshes[size_t(index)];
    const GenerationReport &r = physics.report;
    const QLocale loc = locale();
    mVertices->setText(QString::number(physics.vertexCount()));
    mTriangles->setText(QString::number(physics.triangleCount()));
    mComponents->setText(QString::number(r.components));
    mBoundaryLoops->setText(QString::number(r.boundaryLoops));
    mSurfaceError->setText(tr("max %1 %, mean %2 %")
                               .arg(loc.toString(r.surfaceErrorMax * 100.0, 'f', 2),
                                    loc.toString(r.surfaceErrorMean * 100.0, 'f', 3)));
    mMinAngle->setText(tr("%1°").arg(loc.toString(r.minAngleDegrees, 'f', 1)));
    mEdgeSpread->setText(tr("%1 %").arg(loc.toString(r.edgeLengthSpread * 100.0, 'f', 0)));
    mSkinMap->setText(tr("%1 far, %2 failed, largest offset %3")
                          .arg(mCheck.far.size())
                          .arg(mCheck.failed.size())
                          .arg(lengthText(mCheck.maxOffset)));
    // Bad bindings stand out.
    mSkinMap->setStyleSheet(mCheck.far.empty() && mCheck.failed.empty()
                                ? QString()
                                : QStringLiteral("color: #d03030; font-weight: bold;"));
    checkSkinnedPose();
}

PhysicsMeshDock::SkinnedCheckKey PhysicsMeshDock::currentSkinnedKey() const
{
    const ClothingAsset &asset = mContext.document->asset();
    const int l = lod();
    const int index = physicsMeshIndex(asset, l);
    if (index < 0)
        return {};
    const PhysicsMesh &physics = asset.physicsMeshes[size_t(index)];
    return {l, physics.positions, physics.skin};
}

bool PhysicsMeshDock::skinnedCheckRunning() const
{
    // Until its result is shown: the watcher's finished signal comes after it stops running.
    return mSkinnedRunning;
}

void PhysicsMeshDock::checkSkinnedPose()
{
    SkinnedCheckKey key = currentSkinnedKey();
    if (key == mSkinnedKey)
        return; // checked or being checked; a running check of another mesh restarts when done
    if (skinnedCheckRunning())
        return;
    mSkinnedKey = std::move(key);
    mSkinnedCheck.reset();
    mSkinnedError.clear();
    if (mSkinnedKey.lod < 0) {
        showSkinnedCheck();
        return;
    }
    mSkinnedRunning = true;
    mSkinnedStretch->setText(tr("Checking the clips…"));
    mSkinnedStretch->setStyleSheet({});
    // The check reads copies, so the document may change while it runs.
    const Document *doc = mContext.document;
    mSkinnedWatcher->setFuture(QtConcurrent::run(
        [asset = doc->asset(), skeleton = doc->character().skeleton,
         clips = doc->character().clips, key = mSkinnedKey]() {
            SkinnedCheckResult result{key, {}, {}};
            try {
                result.report = checkSkinnedStretch(asset, size_t(key.lod), skeleton, clips);
            } catch (const std::exception &e) {
                result.error = QString::fromStdString(e.what());
            }
            return result;
        }));
}

void PhysicsMeshDock::showSkinnedCheck()
{
    if (mSkinnedWatcher->isFinished() && mSkinnedWatcher->future().resultCount() > 0) {
        SkinnedCheckResult result = mSkinnedWatcher->result();
        mSkinnedWatcher->setFuture({});
        mSkinnedRunning = false;
        if (!(result.key == currentSkinnedKey())) {
            // The physics mesh changed while it ran: check the new one.
            mSkinnedKey = {};
            checkSkinnedPose();
            return;
        }
        mSkinnedCheck = std::move(result.report);
        mSkinnedError = result.error;
    }
    const QLocale loc = locale();
    if (mSkinnedKey.lod < 0) {
        mSkinnedStretch->setText(tr("–"));
        mSkinnedStretch->setStyleSheet({});
    } else if (!mSkinnedError.isEmpty()) {
        mSkinnedStretch->setText(tr("Not checked: %1").arg(mSkinnedError));
        mSkinnedStretch->setStyleSheet({});
    } else if (!mSkinnedCheck) {
        mSkinnedStretch->setText(tr("Not checked: the garment has no bone weights"));
        mSkinnedStretch->setStyleSheet({});
    } else {
        const SkinnedStretchReport &r = *mSkinnedCheck;
        QString text = tr("largest %1 (graphics mesh %2) over %3")
                           .arg(loc.toString(r.physicsMaxStretch, 'f', 3),
                                loc.toString(r.graphicsMaxStretch, 'f', 3),
                                r.procedural ? tr("a procedural motion")
                                             : tr("the clips (%n poses)", nullptr, int(r.poses)));
        if (r.defect()) {
            // The worst torn edge, by vertices and bones, as the command line reports it.
            const StretchedEdge &worst = r.worst.front();
            QStringList bones;
            for (const std::string &bone : worst.bones)
                bones << QString::fromStdString(bone);
            text += tr("\nTorn by the bones: %n edges; worst: vertices %1-%2 (%3), %4 at %5 s",
                       nullptr, int(r.defectEdges))
                        .arg(worst.a)
                        .arg(worst.b)
                        .arg(bones.join(QStringLiteral(", ")),
                             QString::fromStdString(worst.clip),
                             loc.toString(worst.time, 'f', 2));
        }
        mSkinnedStretch->setText(text);
        mSkinnedStretch->setStyleSheet(r.defect() ? QStringLiteral("color: #d03030; font-weight: bold;")
                                                  : QString());
    }
    updateHighlight();
}

void PhysicsMeshDock::setHighlightBadBindings(bool on)
{
    mHighlight->setChecked(on);
}

void PhysicsMeshDock::updateHighlight()
{
    Viewport *viewport = mContext.viewport;
    const Document *doc = mContext.document;
    const ClothingAsset &asset = doc->asset();
    const int l = lod();
    const int index = physicsMeshIndex(asset, l);
    const bool torn = mSkinnedCheck && mSkinnedCheck->defect() && mSkinnedKey.lod == l;
    if (!mHighlight->isChecked() || index < 0 ||
        (mCheck.far.empty() && mCheck.failed.empty() && !torn)) {
        for (const QString &layer : {kBadLayer, kSkinnedDefectLayer})
            if (viewport->hasLines(layer))
                viewport->setLines(layer, {}, {}, true);
        return;
    }
    const GraphicsLod &g = asset.lods[size_t(l)];
    const PhysicsMesh &physics = asset.physicsMeshes[size_t(index)];
    const std::vector<Mat4> &matrices = mContext.playback->skinningMatrices();
    viewport->syncNow();

    // The garment as drawn: the character meshes it is made of, else skinned here.
    std::vector<Vec3> garment(g.mesh.vertexCount());
    bool drawn = false;
    const std::vector<GarmentPart> parts = garmentParts(doc->character(), g.mesh);
    if (!parts.empty()) {
        drawn = true;
        for (const GarmentPart &part : parts) {
            const std::vector<Vec3> &p = viewport->skinnedPositions(part.mesh);
            if (p.size() != part.count) {
                drawn = false;
                break;
            }
            std::copy(p.begin(), p.end(), garment.begin() + long(part.first));
        }
    }
    if (!drawn)
        garment = skinned(g.mesh.positions, g.mesh.skin, matrices);
    std::vector<Vec3> physicsNow = viewport->physicsPositions(index);
    if (physicsNow.size() != physics.vertexCount())
        physicsNow = skinned(physics.positions, physics.skin, matrices);

    std::vector<Vec3> ends;
    ends.reserve(2 * (mCheck.far.size() + mCheck.failed.size()));
    for (uint32_t v : mCheck.far) {
        const SkinBinding &b = g.skinMap.bindings[v];
        const uint32_t *tri = &physics.indices[3 * size_t(b.triangle)];
        const float u = b.position.x, w = b.position.y;
        const Vec3 bound = physicsNow[tri[0]] * u + physicsNow[tri[1]] * w +
                           physicsNow[tri[2]] * (1.0f - u - w);
        ends.push_back(garment[v]);
        ends.push_back(bound);
    }
    // A vertex that could not be bound points at the nearest physics vertex.
    for (uint32_t v : mCheck.failed) {
        float best = std::numeric_limits<float>::infinity();
        Vec3 nearest = garment[v];
        for (const Vec3 &p : physicsNow)
            if (const float d = lengthSquared(p - garment[v]); d < best) {
                best = d;
                nearest = p;
            }
        ends.push_back(garment[v]);
        ends.push_back(nearest);
    }
    std::vector<QColor> colors(ends.size(), QColor(230, 30, 30));
    viewport->setLines(kBadLayer, std::move(ends), std::move(colors), true);

    // The physics edges the bones alone tear: both ends among the check's defect vertices.
    std::vector<Vec3> tornEnds;
    if (torn && physics.positions.size() == physicsNow.size()) {
        const std::vector<uint32_t> &defects = mSkinnedCheck->defectVertices; // ascending
        const auto isDefect = [&](uint32_t v) {
            return std::binary_search(defects.begin(), defects.end(), v);
        };
        const std::vector<uint32_t> edges = uniqueEdges(physics.indices);
        for (size_t e = 0; e + 1 < edges.size(); e += 2)
            if (isDefect(edges[e]) && isDefect(edges[e + 1])) {
                tornEnds.push_back(physicsNow[edges[e]]);
                tornEnds.push_back(physicsNow[edges[e + 1]]);
            }
    }
    std::vector<QColor> tornColors(tornEnds.size(), QColor(255, 150, 0));
    viewport->setLines(kSkinnedDefectLayer, std::move(tornEnds), std::move(tornColors), true);
}

void PhysicsMeshDock::browseCustomMesh()
{
    const Document *doc = mContext.document;
    const QString assetFolder =
        doc->filePath().isEmpty() ? QString() : QFileInfo(doc->filePath()).absolutePath();
    const QString dir = !assetFolder.isEmpty() ? assetFolder
                        : !doc->characterPath().isEmpty()
                            ? QFileInfo(doc->characterPath()).absolutePath()
                            : QDir::homePath();
    const QString path = mContext.prompts->openFileName(
        this, tr("Custom Physics Mesh"), dir,
        tr("Meshes (*.obj *.fbx *.dae *.gltf *.glb *.ply *.stl);;All files (*)"));
    if (path.isEmpty())
        return;
    // Next to the asset the path is kept relative, so the asset can move with it.
    mCustomPath->setText(assetFolder.isEmpty() ? path : QDir(assetFolder).relativeFilePath(path));
}

void PhysicsMeshDock::fillAddLodMenu()
{
    mAddLodMenu->clear();
    const Document *doc = mContext.document;
    const ClothingAsset &asset = doc->asset();
    const Character &character = doc->character();
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        if (character.meshes[m].indices.empty())
            continue;
        QMenu *sub = mAddLodMenu->addMenu(QString::fromStdString(character.meshes[m].name));
        sub->setObjectName(QString::fromLatin1(names::kPhysicsMeshDockAddLodMenuPrefix) +
                           QString::fromStdString(character.meshes[m].name));
        QAction *own = sub->addAction(tr("Own physics mesh (current path settings)"));
        own->setObjectName(names::kPhysicsMeshDockAddLodOwnAction);
        connect(own, &QAction::triggered, this, [this, m] { addLodFromMesh(int(m), -1); });
        for (int k = 0; k < int(asset.lods.size()); ++k) {
            if (physicsMeshIndex(asset, k) < 0) continue;
            QAction *share = sub->addAction(tr("Share the physics mesh of LoD %1").arg(k));
            share->setObjectName(
                QString::fromLatin1(names::kPhysicsMeshDockAddLodShareActionPrefix) +
                QString::number(k));
            connect(share, &QAction::triggered, this, [this, m, k] { addLodFromMesh(int(m), k); });
        }
    }
}

void PhysicsMeshDock::showFailure(const QString &title)
{
    switch (mLastOutcome.status) {
    case OperationOutcome::Finished:
        break;
    case OperationOutcome::Cancelled:
        mStatus->setText(tr("Cancelled: nothing changed."));
        break;
    case OperationOutcome::Failed:
        mStatus->setText(tr("Failed: nothing changed."));
        mContext.prompts->showError(this, title, mLastOutcome.error);
        break;
    }
}

bool PhysicsMeshDock::generate()
{
    return generate(settings(), garmentMeshes());
}

bool PhysicsMeshDock::generate(const GenerationSettings &settings, const QStringList &garmentMeshes)
{
    return runGeneration(settings, garmentMeshes, false);
}

bool PhysicsMeshDock::runGeneration(const GenerationSettings &settings,
                                    const QStringList &garmentMeshes, bool ownMesh,
                                    const std::map<std::string, LayerRole> &roles)
{
    Document *doc = mContext.document;
    const int l = lod();
    const QString title = tr("Generate Physics Mesh");
    mLastOutcome = {};
    if (l < 0 || size_t(l) >= doc->asset().lods.size()) {
        mLastOutcome = {OperationOutcome::Failed, tr("There is no garment LoD to generate for.")};
        showFailure(title);
        return false;
    }
    if (mSubmeshList->count() > 0 && settings.submeshes.empty()) {
        bool any = false;
        for (int i = 0; i < mSubmeshList->count(); ++i)
            any |= mSubmeshList->item(i)->checkState() == Qt::Checked;
        if (!any) {
            mLastOutcome = {OperationOutcome::Failed,
                            tr("No submesh is chosen: check at least one submesh of the garment.")};
            showFailure(title);
            return false;
        }
    }
    const PhysicsMeshGeneration generation{l, settings, garmentMeshes, ownMesh, roles};
    if (generation.rebuildsGarment(*doc) && garmentMeshes.isEmpty()) {
        mLastOutcome = {OperationOutcome::Failed,
                        tr("No garment mesh is chosen: check at least one character mesh.")};
        showFailure(title);
        return false;
    }

    ClothingAsset generated;
    QElapsedTimer clock;
    clock.start();
    // The document cannot change meanwhile: the progress dialog is modal.
    mLastOutcome = LongOperation::run(
        this, tr("Generating the physics mesh…"),
        [&](const ProgressCallback &progress) { generated = generation.run(*doc, progress); });
    if (mLastOutcome.status != OperationOutcome::Finished) {
        if (mLastOutcome.status == OperationOutcome::Failed)
            mLastOutcome.error = tr("The physics mesh of LoD %1 was not generated: %2")
                                     .arg(l)
                                     .arg(mLastOutcome.error);
        showFailure(title);
        refreshLods();
        return false;
    }
    const size_t vertices = physicsMeshOf(generated, l)->vertexCount();
    generation.apply(*doc, std::move(generated),
                     roles.empty() ? tr("Generate physics mesh") : tr("Set layer roles"));
    mStatus->setText(tr("Generated %1 vertices in %2 s.")
                         .arg(vertices)
                         .arg(locale().toString(clock.elapsed() / 1000.0, 'f', 1)));
    mStatusUndoIndex = doc->undoStack()->index();
    return true;
}

bool PhysicsMeshDock::autoSetup()
{
    Document *doc = mContext.document;
    const QString title = tr("Auto Setup");
    mLastOutcome = {};
    const Character &character = doc->character();
    if (character.meshes.empty()) {
        mLastOutcome = {OperationOutcome::Failed,
                        tr("Auto Setup needs the source character: open a character or an asset "
                           "whose character file is found.")};
        showFailure(title);
        return false;
    }
    // The garment of LoD 0 as the user chose it, with its layers; guessed when there is none.
    AutoSetupOptions options;
    const ClothingAsset &current = doc->asset();
    if (!current.lods.empty())
        for (const Submesh &sub : current.lods.front().mesh.submeshes) {
            if (character.findMesh(sub.name) < 0)
                continue;
            options.create.garmentMeshes.push_back(sub.name);
            (sub.role == LayerRole::Rider ? options.create.riderMeshes
                                          : options.create.shellMeshes)
                .push_back(sub.name);
        }
    if (!current.presetName.empty())
        options.create.preset = current.presetName;
    options.create.assetPath = doc->filePath().toStdString();
    AutoSetupResult result;
    QElapsedTimer clock;
    clock.start();
    mLastOutcome = LongOperation::run(this, tr("Auto Setup…"), [&](const ProgressCallback &progress) {
        result = tweed::autoSetup(character, options, progress);
    });
    if (mLastOutcome.status != OperationOutcome::Finished) {
        if (mLastOutcome.status == OperationOutcome::Failed)
            mLastOutcome.error = tr("Auto Setup changed nothing: %1").arg(mLastOutcome.error);
        showFailure(title);
        return false;
    }
    // The asset keeps its name and where its character is.
    if (!current.source.path.empty())
        result.asset.source = current.source;
    if (!current.name.empty())
        result.asset.name = current.name;
    doc->replaceAsset(std::move(result.asset), tr("Auto Setup"), Document::AllChanged);
    setLod(0);
    QStringList lines;
    for (const std::string &line : describeAutoSetup(result.report))
        lines << QString::fromStdString(line);
    mAutoSetupReport->setText(lines.join(QLatin1Char('\n')));
    mAutoSetupReport->setVisible(true);
    mStatus->setText((result.report.pass() ? tr("Auto Setup done in %1 s: every clip passes the "
                                                "measures.")
                                           : tr("Auto Setup done in %1 s: %n measure(s) still "
                                                "fail.",
                                                nullptr, int(result.report.failures.size())))
                         .arg(locale().toString(clock.elapsed() / 1000.0, 'f', 1)));
    return true;
}

QString PhysicsMeshDock::autoSetupReport() const
{
    return mAutoSetupReport->text();
}

bool PhysicsMeshDock::addLodFromMesh(int mesh, int shareWith)
{
    Document *doc = mContext.document;
    const QString title = tr("Add LoD");
    mLastOutcome = {};
    const GenerationSettings generation = settings();
    ClothingAsset changed;
    size_t added = 0;
    mLastOutcome =
        LongOperation::run(this, tr("Adding a LoD…"), [&](const ProgressCallback &progress) {
            changed = withLodFromMesh(*doc, mesh, shareWith, generation, progress, added);
        });
    if (mLastOutcome.status != OperationOutcome::Finished) {
        if (mLastOutcome.status == OperationOutcome::Failed)
            mLastOutcome.error = tr("The LoD was not added: %1").arg(mLastOutcome.error);
        showFailure(title);
        return false;
    }
    applyAddedLod(*doc, std::move(changed), tr("Add LoD"));
    setLod(int(added));
    mStatus->setText(tr("Added LoD %1.").arg(added));
    return true;
}

bool PhysicsMeshDock::setPhysicsSource(int lodIndex, int other)
{
    Document *doc = mContext.document;
    mLastOutcome = {};
    if (lodIndex != lod())
        setLod(lodIndex);
    if (other < 0) {
        if (!isPhysicsMeshShared(doc->asset(), lodIndex)) return false;
        return runGeneration(settings(), garmentMeshes(), true);
    }
    try {
        return sharePhysicsMeshOf(*doc, lodIndex, other, tr("Share physics mesh"));
    } catch (const std::exception &e) {
        mLastOutcome = {OperationOutcome::Failed,
                        tr("LoD %1 cannot share the physics mesh of LoD %2: %3")
                            .arg(lodIndex)
                            .arg(other)
                            .arg(QString::fromStdString(e.what()))};
        showFailure(tr("Share Physics Mesh"));
        refreshLods();
        return false;
    }
}

void PhysicsMeshDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void PhysicsMeshDock::retranslateUi()
{
    setWindowTitle(tr("Physics Mesh"));
    mLodBox->setTitle(tr("Level of detail"));
    mAddLodButton->setText(tr("Add LoD from mesh…"));
    mAddLodButton->setToolTip(tr("A new graphical LoD made of one of the character's meshes"));
    mSourceLabel->setText(tr("Physics mesh"));
    mGarmentBox->setTitle(tr("Garment"));
    mMeshesLabel->setText(tr("Character meshes that make the garment:"));
    mSubmeshesLabel->setText(tr("Submeshes simulated:"));
    mPhysicsMask->setText(tr("Only vertices painted Physics on"));
    mLayersLabel->setText(tr("Layers: each mesh is the body, a shell (simulated) or a rider "
                             "(follows a shell)"));
    mLayerTable->setHorizontalHeaderLabels({tr("Mesh"), tr("Role")});
    mLayerTable->setAccessibleName(tr("Garment layers"));
    mPathBox->setTitle(tr("Path"));
    mMethodLabel->setText(tr("Method"));
    const QStringList methods{tr("Immediate"), tr("Weld"), tr("Simplify"), tr("Iso-surface"),
                              tr("Custom mesh"), tr("Soft body (tetrahedra)")};
    const QStringList methodTips{
        tr("The garment's triangles as they are"),
        tr("Vertices within the weld tolerance merged: seams are sewn"),
        tr("Welded, then reduced to the target with even triangles"),
        tr("One outer layer wrapped over a layered garment"),
        tr("Your own low-resolution mesh from a file"),
        tr("Tetrahedra filling the iso-surface, simulated as a soft body that keeps its volume")};
    for (int i = 0; i < methods.size(); ++i) {
        mMethodCombo->setItemText(i, methods[i]);
        mMethodCombo->setItemData(i, methodTips[i], Qt::ToolTipRole);
    }
    mWeldLabel->setText(tr("Weld tolerance"));
    mTargetLabel->setText(tr("Target"));
    mTargetKind->setItemText(0, tr("Vertex count"));
    mTargetKind->setItemText(1, tr("Edge length"));
    mTargetVerticesLabel->setText(tr("Target vertices"));
    mTargetEdgeLabel->setText(tr("Target edge length"));
    mCloseHolesLabel->setText(tr("Close holes below"));
    mCloseHoles->setToolTip(tr("Boundary loops shorter than this are closed; 0 keeps every hole"));
    mCloseHoles->setSpecialValueText(tr("Keep all holes"));
    mSubdivisionsLabel->setText(tr("Subdivisions"));
    mVoxelLabel->setText(tr("Voxel size"));
    mVoxel->setSpecialValueText(tr("Automatic"));
    mIsoOffsetLabel->setText(tr("Offset"));
    mIsoOffset->setSpecialValueText(tr("One voxel"));
    mIsoContractionLabel->setText(tr("Contraction"));
    mIsoContraction->setSpecialValueText(tr("Outer layer"));
    mIsoContraction->setToolTip(tr("Moves the outer layer inward; at 1 it lies on the medial "
                                   "surface of the layers it wraps"));
    mCustomLabel->setText(tr("Mesh file"));
    mBrowse->setText(tr("Browse…"));
    mNormalsLabel->setText(tr("Normals"));
    mNormals->setItemText(0, tr("From the mesh"));
    mNormals->setItemText(1, tr("From the bones"));
    mGenerate->setText(tr("Generate"));
    mGenerate->setToolTip(tr("Builds the LoD's physics mesh again; the paint is kept"));
    mAutoSetup->setText(tr("Auto Setup"));
    mAutoSetup->setAccessibleName(tr("Auto Setup"));
    mAutoSetup->setToolTip(tr("Chooses the layers, physics mesh, pinned region, Max Distance, "
                              "backstop, collision volumes, bone-weight repair and settings from "
                              "the character and all its clips, and checks every clip"));
    mAutoSetupReport->setAccessibleName(tr("Auto Setup report"));
    mReportBox->setTitle(tr("Report"));
    const QStringList names{tr("Vertices"),       tr("Triangles"),     tr("Components"),
                            tr("Boundary loops"), tr("Surface error"), tr("Smallest angle"),
                            tr("Edge-length spread"), tr("Skin map"), tr("Skinned stretch")};
    const QStringList tips{
        tr("Vertices of the physics mesh: its simulation cost"), tr("Triangles of the physics mesh"),
        tr("Separate pieces"), tr("Open edge loops: holes and the garment's openings"),
        tr("Distance to the graphics surface in % of the garment's bounding-box diagonal"),
        tr("The sharpest triangle corner; thin triangles make the cloth unstable"),
        tr("Standard deviation of the edge lengths over their mean"),
        tr("Graphics vertices bound far from their physics triangle, not bound at all, and the "
           "largest height above a triangle"),
        tr("The largest edge stretch the bones alone cause over the character's clips, next to "
           "the graphics mesh's own; edges torn far beyond it are drawn in orange")};
    for (size_t i = 0; i < mReportNames.size(); ++i) {
        mReportNames[i]->setText(names[int(i)]);
        mReportNames[i]->setToolTip(tips[int(i)]);
    }
    mHighlight->setText(tr("Highlight bad bindings and torn edges"));
    mGenerateAction->setText(tr("Generate Physics Mesh"));
    refreshLods();
    refreshReport();
}

} // namespace tweed::editor
