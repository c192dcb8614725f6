// The Collision Volumes dock: the asset's volumes as a list; adding an ellipsoid, sphere,
// capsule or tapered capsule on a bone (fitted to the bone's body vertices when it has any);
// removing and splitting; the selected volume's position, rotation and sizes in the user's
// length unit; fitting volumes to many bones at once; and the viewport gizmo's modes. Every
// edit is one undo step through Document::setCollisionVolumes().
#pragma once

#include "collision/collision_gizmo.h"
#include "selection.h"
#include "units.h"

#include "tweed/collision.h"

#include <QDockWidget>
#include <QList>

#include <array>
#include <memory>
#include <utility>
#include <vector>

#include "tweed/meshproc/volume_inside.h"

#include <vector>

class QAction;
template <typename T>
class QFutureWatcher;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QPushButton;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace tweed::editor {

class Document;
struct EditorContext;
class PointGizmo;
class RigPanel;

class CollisionDock : public QDockWidget
{
    Q_OBJECT

public:
    /// Uses the context's document, viewport, playback, preferences and prompts.
    CollisionDock(const EditorContext &context, QWidget *parent = nullptr);
    /// The "Collision Volumes" submenu of commands, for the Tools menu.
    QMenu *menu() const { return mMenu; }

    /// The selected volume (index into the asset's volumes), -1 for none.
    int currentVolume() const { return mVolume; }
    void setCurrentVolume(int index);
    /// The bone new volumes go on.
    int currentBone() const;
    void setCurrentBone(int bone);
    CollisionGizmo *gizmo() const { return mGizmo; }
    /// The gizmo of the look-at and pendulum points.
    PointGizmo *pointGizmo() const { return mPointGizmo; }

    /// Adds a volume of `shape` on the current bone; returns its index, -1 when there is no bone.
    int addVolume(tweed::CollisionShape shape);
    void removeCurrent();
    void splitCurrent();
    /// Fits volumes of the chosen shape to the checked bones (or the garment's bones), replacing
    /// earlier fits of those bones, as one step. Returns how many volumes were fitted.
    int autoFit();
    /// How far volume `index`'s surface lies outside the body (the character meshes that are
    /// not part of the garment) in the bind pose, metres, as the list's Protrusion column
    /// shows it; 0 without a body mesh.
    float protrusion(int index) const;
    /// The Protrusion column is being measured off the UI thread: its cells read "measuring"
    /// until the result is shown.
    bool measuringProtrusions() const;
    /// The list's columns.
    enum Column { NameColumn, ShapeColumn, BoneColumn, ProtrusionColumn };
    /// Bones whose weights move the garment (LoD 0) by at least the fit threshold.
    std::vector<int> garmentBones() const;

public slots:
    /// Follows the outliner: a volume selects it, a bone becomes the bone for new volumes.
    void showOutlinerItem(const tweed::editor::OutlinerItem &item);

protected:
    void changeEvent(QEvent *event) override;

private:
    enum class Field
    {
        PositionX,
        PositionY,
        PositionZ,
        Rotation,
        RadiusX,
        RadiusY,
        RadiusZ,
        Radius,
        Radius2,
        HalfHeight,
        Name
    };

    void retranslateUi();
    void documentChanged();
    void rebuildBones();
    void rebuildList();
    void updateProperties();
    void updateButtons();
    /// The pendulum (a hood's Verlet particle) on the chosen bone: its values, or Add.
    void updatePendulum();
    int pendulumIndex() const; ///< of the chosen bone's pendulum in the asset; -1 for none
    void addPendulum();
    void removePendulum();
    void editPendulum();
    void commitPendulums(std::vector<tweed::PendulumBone> pendulums, const QString &text);
    void updateModeButtons();
    void setLengthUnit(LengthUnit unit);
    void editField(Field field);
    /// Commits volumes as one step; field edits of one field in a row share a merge key.
    void commit(std::vector<tweed::CollisionVolume> volumes, const QString &text,
                int mergeKey = -1);
    int fieldMergeKey(Field field);
    void selectFromList();
    void showGizmo(CollisionGizmo::Mode mode);
    /// The character meshes volumes are fitted to: the one chosen in the Auto-Fit group (by
    /// default the largest skinned mesh that is not part of the garment: the body).
    std::vector<int> bodyMeshes() const;
    double lengthScale() const;

    const EditorContext &mContext;
    Document *mDocument;
    CollisionGizmo *mGizmo;
    int mVolume = -1;
    LengthUnit mUnit = LengthUnit::Centimetres;
    bool mUpdating = false;

    // Merging of consecutive edits of one field.
    Field mLastField = Field::Name;
    int mLastFieldVolume = -1;
    int mLastFieldKey = -1;
    int mLastFieldIndex = -1;

    QString protrusionText(float metres) const;

    QTreeWidget *mList;
    /// The body in the bind pose and every frame of the character's clips, for the protrusion
    /// column (built on demand), and the protrusions measured on it so far, by volume.
    struct ProtrusionBody;
    struct ProtrusionRun;
    /// The body from copies of the document's body meshes, skeleton and clips (any thread).
    static std::shared_ptr<const ProtrusionBody>
    makeProtrusionBody(std::vector<tweed::GraphicsMesh> meshes, const tweed::Skeleton &skeleton,
                       const std::vector<tweed::AnimationClip> &clips);
    std::vector<tweed::GraphicsMesh> protrusionBodyMeshes() const;
    /// The known protrusion of a volume, or nullptr.
    const float *knownProtrusion(const tweed::CollisionVolume &volume) const;
    std::vector<tweed::CollisionVolume> unmeasuredVolumes() const;
    void rememberProtrusions(const std::vector<tweed::CollisionVolume> &volumes,
                             const std::vector<float> &protrusions) const;
    /// Measures the volumes the column does not know yet on a worker thread.
    void measureProtrusions();
    void protrusionsMeasured();
    /// Shows a row's protrusion (or that it is being measured).
    void showProtrusion(QTreeWidgetItem *item, const tweed::CollisionVolume &volume);
    void showProtrusions(); ///< every row's
    mutable std::shared_ptr<const ProtrusionBody> mBody;
    mutable std::vector<std::pair<tweed::CollisionVolume, float>> mProtrusions;
    mutable bool mBodyValid = false;
    /// Counts body changes: a measure started on an older body is not kept.
    quint64 mBodyGeneration = 0;
    QFutureWatcher<ProtrusionRun> *mProtrusionWatcher;
    bool mProtrusionsPending = false; ///< started, its result not taken yet
    QLabel *mBoneLabel;
    QComboBox *mBone;
    std::array<QPushButton *, 7> mAdd{};
    QPushButton *mRemove;
    QPushButton *mSplit;
    QLabel *mGizmoLabel;
    std::array<QToolButton *, 3> mModes{};

    QGroupBox *mPropertiesBox;
    QFormLayout *mForm;
    QLineEdit *mName;
    QLabel *mVolumeBone;
    std::array<QDoubleSpinBox *, 3> mPosition{};
    std::array<QDoubleSpinBox *, 3> mRotation{};
    std::array<QDoubleSpinBox *, 3> mRadii{};
    QDoubleSpinBox *mRadius;
    QDoubleSpinBox *mRadius2;
    QDoubleSpinBox *mHalfHeight;
    QWidget *mPositionRow, *mRotationRow, *mRadiiRow;

    QGroupBox *mFitBox;
    QLabel *mFitMeshLabel;
    QComboBox *mFitMesh;
    QCheckBox *mFitGarmentBones;
    QCheckBox *mXRay;      ///< volumes show through the body
    QCheckBox *mWireframe; ///< volumes drawn as edges
    QListWidget *mFitBones;
    QLabel *mFitShapeLabel;
    QComboBox *mFitShape;
    QLabel *mFitCoverageLabel;
    QDoubleSpinBox *mFitCoverage;
    QLabel *mFitPlanesLabel;
    QSpinBox *mFitPlanes;
    QGroupBox *mPendulumBox;
    QPushButton *mPendulumAdd, *mPendulumRemove, *mPendulumPoint;
    PointGizmo *mPointGizmo;
    RigPanel *mRigPanel;
    QFormLayout *mPendulumForm;
    QDoubleSpinBox *mPendulumLength, *mPendulumDamping, *mPendulumGravity, *mPendulumAngle;
    QPushButton *mFitButton;

    QMenu *mMenu;
    std::array<QAction *, 7> mAddActions{};
    QAction *mRemoveAction;
    QAction *mSplitAction;
    QAction *mFitAction;
};

} // namespace tweed::editor
