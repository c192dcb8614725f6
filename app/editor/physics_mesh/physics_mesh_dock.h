// The Physics Mesh dock: which graphical LoD, which character meshes and submeshes make its
// garment, the path that builds its physics mesh (immediate, weld, simplify, iso-surface,
// custom mesh) with the settings that path uses, Generate (off the UI thread, one undo step),
// the generation report of the LoD and a viewport highlight of its bad skin-map bindings.
#pragma once

#include "long_operation.h"
#include "units.h"

#include "tweed/asset.h"
#include "tweed/meshproc/garment_map.h"

#include <QDockWidget>
#include <QStringList>

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

    /// Generates the LoD's physics mesh with the widgets' settings and garment.
    bool generate();
    /// Generates with settings and, when garmentMeshes differs from the LoD's current meshes,
    /// rebuilds its graphics mesh from them first. Runs off the UI thread with progress and
    /// Cancel; on success one undo step. Returns whether the document changed; on an error the
    /// user is told and nothing changes.
    bool generate(const GenerationSettings &settings, const QStringList &garmentMeshes);
    /// How the last generate(), addLodFromMesh() or setPhysicsSource() ended.
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
    /// Draws the bad bindings in the viewport (line layer "skinmap_bad").
    void setHighlightBadBindings(bool on);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onDocumentChanged(int what);
    void refreshLods();
    /// fromAsset: check the LoD's own meshes (else keep what the user checked).
    void refreshGarment(bool fromAsset);
    void refreshReport();
    void loadLodSettings();
    void updateVisibility();
    void updateHighlight();
    void browseCustomMesh();
    void fillAddLodMenu();
    void showFailure(const QString &title);
    /// generate(); ownMesh gives a LoD that shares a physics mesh one of its own.
    bool runGeneration(const GenerationSettings &settings, const QStringList &garmentMeshes,
                       bool ownMesh);
    QString lengthText(float metres) const;
    double lengthScale() const;

    const EditorContext &mContext;
    LengthUnit mUnit = LengthUnit::Centimetres;
    OperationOutcome mLastOutcome;
    BindingCheck mCheck;
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
    QLabel *mCustomLabel;
    QWidget *mCustomRow;
    QLineEdit *mCustomPath;
    QPushButton *mBrowse;
    QLabel *mNormalsLabel;
    QComboBox *mNormals;
    QPushButton *mGenerate;
    QLabel *mStatus;
    /// The undo index after the step mStatus reports; undoing that step clears the report.
    int mStatusUndoIndex = -1;

    QGroupBox *mReportBox;
    QFormLayout *mReportForm;
    std::vector<QLabel *> mReportNames;
    QLabel *mVertices, *mTriangles, *mComponents, *mBoundaryLoops, *mSurfaceError, *mMinAngle,
        *mEdgeSpread, *mSkinMap;
    QCheckBox *mHighlight;

    QAction *mGenerateAction;
};

} // namespace tweed::editor
