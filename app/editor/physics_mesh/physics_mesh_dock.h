// The Physics Mesh dock: which graphical LoD, which character meshes and submeshes make its
// garment, what each mesh is to it (body, shell or rider), the path that builds its physics
// mesh (immediate, weld, simplify, iso-surface, custom mesh) with the settings that path uses,
// Generate (off the UI thread, one undo step),
// the generation report of the LoD with its skinned-pose check, and a viewport highlight of its
// bad skin-map bindings and of the edges the bones alone tear.
#pragma once

#include "long_operation.h"
#include "units.h"

#include "tweed/asset.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/layers.h"
#include "tweed/meshproc/skinned_check.h"

#include <QDockWidget>
#include <QFutureWatcher>
#include <QStringList>

#include <map>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace tweed::editor {

struct EditorContext;

class PhysicsMeshDock : public QDockWidget
{
    Q_OBJECT

public:
    PhysicsMeshDock(const EditorContext &context, QWidget *parent = nullptr);

    /// The LoD shown and generated (also the simulation preview's LoD).
    int lod() const;
    void setLod(int lod);

    /// The settings as the widgets show them (lengths in metres).
    GenerationSettings settings() const;
    /// Shows settings in the widgets (the LoD's physics mesh's settings when the LoD changes).
    void setSettings(const GenerationSettings &settings);
    /// The character meshes checked as the garment of the LoD.
    QStringList garmentMeshes() const;
    void setGarmentMeshes(const QStringList &names);

    /// The meshes the layers table lists, in order: the character's meshes when the LoD's
    /// garment is made of them, else the LoD's own parts.
    QStringList layerMeshes() const;
    /// What mesh `name` is to the LoD's garment, as the table shows it (Body when it is no part).
    MeshRole layerRole(const QString &name) const;
    /// The table's choice of mesh `name` (null when it is not listed).
    QComboBox *layerRoleCombo(const QString &name) const;
    /// Makes mesh `name` the body (out of the garment), a shell (builds the physics mesh) or a
    /// rider (follows a shell): the garment and its physics mesh are rebuilt with the widgets'
    /// settings off the UI thread, as one undo step. Returns whether the document changed; a
    /// garment left without a shell is refused with a message.
    bool setLayerRole(const QString &name, MeshRole role);

    /// Generates the LoD's physics mesh with the widgets' settings and garment.
    bool generate();
    /// Generates with settings and, when garmentMeshes differs from the LoD's current meshes,
    /// rebuilds its graphics mesh from them first. Runs off the UI thread with progress and
    /// Cancel; on success one undo step. Returns whether the document changed; on an error the
    /// user is told and nothing changes.
    bool generate(const GenerationSettings &settings, const QStringList &garmentMeshes);
    /// Auto Setup (tweed/meshproc/auto_setup.h) from the source character and all its clips:
    /// the garment of LoD 0 as chosen (guessed when there is none), its physics mesh, paint,
    /// volumes, weights and settings, checked on every clip. Off the UI thread with progress
    /// and Cancel; on success the whole asset is replaced as one undo step and the report is
    /// shown in the panel. Returns whether the document changed.
    bool autoSetup();
    /// The report of the last Auto Setup as shown (empty before one).
    QString autoSetupReport() const;
    /// How the last generate(), autoSetup(), addLodFromMesh() or setPhysicsSource() ended.
    const OperationOutcome &lastOutcome() const { return mLastOutcome; }

    /// Appends a graphical LoD made of character mesh `mesh`; shareWith >= 0 shares that
    /// LoD's physics mesh, -1 generates its own with the current settings. Selects it.
    bool addLodFromMesh(int mesh, int shareWith);
    /// Makes lod share the physics mesh of LoD `other`, or, with other = -1, gives it its own
    /// (generated with the current settings) when it shares one.
    bool setPhysicsSource(int lod, int other);

    /// Tools > Generate Physics Mesh.
    QAction *generateAction() const { return mGenerateAction; }
    void setLengthUnit(LengthUnit unit);
    /// The bad bindings of the current LoD, as highlighted.
    const BindingCheck &bindingCheck() const { return mCheck; }
    /// Draws the bad bindings in the viewport (line layer "skinmap_bad") and the physics edges
    /// the bones alone tear (line layer "skinned_defects").
    void setHighlightBadBindings(bool on);
    /// The skinned-pose check (skinned_check.h) of the current LoD's physics mesh over the
    /// character's clips: run in the background after each change of the physics mesh, shown in
    /// the report. Empty while it runs, without a physics mesh or bone weights.
    const std::optional<SkinnedStretchReport> &skinnedCheck() const { return mSkinnedCheck; }
    /// True while the skinned-pose check runs.
    bool skinnedCheckRunning() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onDocumentChanged(int what);
    void refreshLods();
    /// fromAsset: check the LoD's own meshes (else keep what the user checked).
    void refreshGarment(bool fromAsset);
    void refreshReport();
    void refreshLayers();
    /// What mesh `name` is to the LoD's garment in the document.
    MeshRole documentRole(const QString &name) const;
    void loadLodSettings();
    void updateVisibility();
    void updateHighlight();
    /// Starts the skinned-pose check when the LoD's physics mesh is not the one last checked.
    void checkSkinnedPose();
    void showSkinnedCheck();
    void browseCustomMesh();
    void fillAddLodMenu();
    void showFailure(const QString &title);
    /// generate(); ownMesh gives a LoD that shares a physics mesh one of its own.
    bool runGeneration(const GenerationSettings &settings, const QStringList &garmentMeshes,
                       bool ownMesh, const std::map<std::string, LayerRole> &roles = {});
    QString lengthText(float metres) const;
    double lengthScale() const;

    const EditorContext &mContext;
    LengthUnit mUnit = LengthUnit::Centimetres;
    OperationOutcome mLastOutcome;
    BindingCheck mCheck;
    /// What the skinned-pose check ran on, so that it runs again only when the mesh changes.
    struct SkinnedCheckKey
    {
        int lod = -1;
        std::vector<Vec3> positions;
        std::vector<BoneInfluence> skin;
        bool operator==(const SkinnedCheckKey &) const = default;
    };
    struct SkinnedCheckResult
    {
        SkinnedCheckKey key;
        std::optional<SkinnedStretchReport> report;
        QString error;
    };
    SkinnedCheckKey currentSkinnedKey() const;
    QFutureWatcher<SkinnedCheckResult> *mSkinnedWatcher;
    SkinnedCheckKey mSkinnedKey; ///< of mSkinnedCheck, or of the running check
    std::optional<SkinnedStretchReport> mSkinnedCheck;
    QString mSkinnedError;
    bool mSkinnedRunning = false;
    bool mUpdating = false;

    QGroupBox *mLodBox;
    QComboBox *mLodCombo;
    QLabel *mSourceLabel;
    QComboBox *mSourceCombo;
    QToolButton *mAddLodButton;
    QMenu *mAddLodMenu;

    QGroupBox *mGarmentBox;
    QLabel *mMeshesLabel;
    QListWidget *mMeshList;
    QLabel *mSubmeshesLabel;
    QListWidget *mSubmeshList;
    QCheckBox *mPhysicsMask;
    QLabel *mLayersLabel;
    QTableWidget *mLayerTable;

    QGroupBox *mPathBox;
    QFormLayout *mPathForm;
    QLabel *mMethodLabel;
    QComboBox *mMethodCombo;
    QLabel *mWeldLabel;
    QDoubleSpinBox *mWeld;
    QLabel *mTargetLabel;
    QComboBox *mTargetKind;
    QLabel *mTargetVerticesLabel;
    QSpinBox *mTargetVertices;
    QLabel *mTargetEdgeLabel;
    QDoubleSpinBox *mTargetEdge;
    QLabel *mCloseHolesLabel;
    QDoubleSpinBox *mCloseHoles;
    QLabel *mSubdivisionsLabel;
    QSpinBox *mSubdivisions;
    QLabel *mVoxelLabel;
    QDoubleSpinBox *mVoxel;
    QLabel *mIsoOffsetLabel;
    QDoubleSpinBox *mIsoOffset;
    QLabel *mIsoContractionLabel;
    QDoubleSpinBox *mIsoContraction;
    QLabel *mCustomLabel;
    QWidget *mCustomRow;
    QLineEdit *mCustomPath;
    QPushButton *mBrowse;
    QLabel *mNormalsLabel;
    QComboBox *mNormals;
    QPushButton *mGenerate;
    QPushButton *mAutoSetup;
    QLabel *mStatus;
    QLabel *mAutoSetupReport;
    /// The undo index after the step mStatus reports; undoing that step clears the report.
    int mStatusUndoIndex = -1;

    QGroupBox *mReportBox;
    QFormLayout *mReportForm;
    std::vector<QLabel *> mReportNames;
    QLabel *mVertices, *mTriangles, *mComponents, *mBoundaryLoops, *mSurfaceError, *mMinAngle,
        *mEdgeSpread, *mSkinMap, *mSkinnedStretch;
    QCheckBox *mHighlight;

    QAction *mGenerateAction;
};

} // namespace tweed::editor
