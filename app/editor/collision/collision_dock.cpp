#include "collision/collision_dock.h"

#include "collision/point_gizmo.h"
#include "collision/rig_panel.h"

#include "document.h"
#include "editor_context.h"
#include "long_operation.h"
#include "object_names.h"
#include "playback.h"
#include "preferences.h"
#include "prompts.h"
#include "viewport/viewport.h"

#include "tweed/cloth_measures.h"
#include "tweed/meshproc/collision_fit.h"
#include "tweed/errors.h"
#include "tweed/meshproc/garment_map.h"
#include "tweed/meshproc/volume_inside.h"
#include "tweed/sim/colliders.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFutureWatcher>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numbers>
#include <set>

namespace tweed::editor {
namespace {

// Every shape the solver knows; all but the plane (the last) can be fitted to the body.
constexpr CollisionShape kAddShapes[] = {
    CollisionShape::Ellipsoid, CollisionShape::Sphere, CollisionShape::Capsule,
    CollisionShape::TaperedCapsule, CollisionShape::Box, CollisionShape::Convex,
    CollisionShape::Plane};
constexpr int kAddShapeCount = int(std::size(kAddShapes));
constexpr int kFitShapeCount = kAddShapeCount - 1;
constexpr double kDegrees = 180.0 / std::numbers::pi;
constexpr float kDefaultSize = 0.05f; // metres, for a bone without body vertices

// Rotation as degrees about the parent's x, then y, then z axis (R = Rz * Ry * Rx).
Vec3 eulerDegrees(const Quat &q)
{
    const Mat4 r = Mat4::rotation(normalize(q));
    const double s = std::clamp(double(-r(2, 0)), -1.0, 1.0);
    const double ry = std::asin(s);
    double rx, rz;
    if (std::abs(s) > 0.99999) { // gimbal lock: put everything in x
        rz = 0;
        rx = std::atan2(-r(1, 2), r(1, 1));
    } else {
        rx = std::atan2(r(2, 1), r(2, 2));
        rz = std::atan2(r(1, 0), r(0, 0));
    }
    return {float(rx * kDegrees), float(ry * kDegrees), float(rz * kDegrees)};
}

Quat fromEulerDegrees(const Vec3 &d)
{
    const auto radians = [](float degrees) { return float(degrees / kDegrees); };
    return normalize(axisAngle({0, 0, 1}, radians(d.z)) * axisAngle({0, 1, 0}, radians(d.y)) *
                     axisAngle({1, 0, 0}, radians(d.x)));
}

QString shapeText(CollisionShape shape)
{
    switch (shape) {
    case CollisionShape::Ellipsoid:
        return CollisionDock::tr("Ellipsoid");
    case CollisionShape::Sphere:
        return CollisionDock::tr("Sphere");
    case CollisionShape::Capsule:
        return CollisionDock::tr("Capsule");
    case CollisionShape::TaperedCapsule:
        return CollisionDock::tr("Tapered capsule");
    case CollisionShape::Plane:
        return CollisionDock::tr("Plane");
    case CollisionShape::Box:
        return CollisionDock::tr("Box");
    case CollisionShape::Convex:
        return CollisionDock::tr("Convex");
    }
    return {};
}

QDoubleSpinBox *makeSpin(QWidget *parent, const QString &name)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setObjectName(name);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    return spin;
}

} // namespace

struct CollisionDock::ProtrusionBody
{
    std::vector<GraphicsMesh> meshes;
    std::unique_ptr<BodyMotion> motion; ///< null without a body that fits the skeleton
};

struct CollisionDock::ProtrusionRun
{
    quint64 generation = 0;
    std::shared_ptr<const ProtrusionBody> body;
    std::vector<CollisionVolume> volumes;
    std::vector<float> protrusions;
};

CollisionDock::CollisionDock(const EditorContext &context, QWidget *parent)
    : QDockWidget(parent), mContext(context), mDocument(context.document)
{
    setObjectName(names::kCollisionDock);
    mGizmo = new CollisionGizmo(mDocument, context.playback, context.viewport, this);
    mPointGizmo = new PointGizmo(mDocument, context.playback, context.viewport, this);

    auto *body = new QWidget;
    auto *layout = new QVBoxLayout(body);

    mProtrusionWatcher = new QFutureWatcher<ProtrusionRun>(this);
    connect(mProtrusionWatcher, &QFutureWatcherBase::finished, this,
            &CollisionDock::protrusionsMeasured);
    mList = new QTreeWidget(body);
    mList->setObjectName(names::kCollisionDockVolumeList);
    mList->setColumnCount(4);
    mList->setRootIsDecorated(false);
    mList->setUniformRowHeights(true);
    mList->setMinimumHeight(120);
    mList->header()->setStretchLastSection(true);
    layout->addWidget(mList);
    // How the viewport draws the volumes.
    auto *lookRow = new QHBoxLayout;
    mXRay = new QCheckBox(body);
    mXRay->setObjectName(names::kCollisionDockXRayCheckBox);
    mXRay->setChecked(context.viewport->isCollisionXRay());
    mWireframe = new QCheckBox(body);
    mWireframe->setObjectName(names::kCollisionDockWireframeCheckBox);
    mWireframe->setChecked(context.viewport->isCollisionWireframe());
    lookRow->addWidget(mXRay);
    lookRow->addWidget(mWireframe);
    lookRow->addStretch(1);
    layout->addLayout(lookRow);
    connect(mXRay, &QCheckBox::toggled, context.viewport, &Viewport::setCollisionXRay);
    connect(mWireframe, &QCheckBox::toggled, context.viewport, &Viewport::setCollisionWireframe);

    auto *boneRow = new QHBoxLayout;
    mBoneLabel = new QLabel(body);
    mBone = new QComboBox(body);
    mBone->setObjectName(names::kCollisionDockBoneComboBox);
    mBone->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    boneRow->addWidget(mBoneLabel);
    boneRow->addWidget(mBone, 1);
    layout->addLayout(boneRow);

    auto *addGrid = new QGridLayout;
    const char *addNames[kAddShapeCount] = {
        names::kCollisionDockAddEllipsoidButton, names::kCollisionDockAddSphereButton,
        names::kCollisionDockAddCapsuleButton,   names::kCollisionDockAddTaperedCapsuleButton,
        names::kCollisionDockAddBoxButton,       names::kCollisionDockAddConvexButton,
        names::kCollisionDockAddPlaneButton};
    for (int i = 0; i < kAddShapeCount; ++i) {
        mAdd[size_t(i)] = new QPushButton(body);
        mAdd[size_t(i)]->setObjectName(QString::fromLatin1(addNames[i]));
        addGrid->addWidget(mAdd[size_t(i)], i / 2, i % 2);
        connect(mAdd[size_t(i)], &QPushButton::clicked, this,
                [this, i] { addVolume(kAddShapes[i]); });
    }
    mRemove = new QPushButton(body);
    mRemove->setObjectName(names::kCollisionDockRemoveButton);
    addGrid->addWidget(mRemove, 4, 0);
    mSplit = new QPushButton(body);
    mSplit->setObjectName(names::kCollisionDockSplitButton);
    addGrid->addWidget(mSplit, 4, 1);
    layout->addLayout(addGrid);
    connect(mRemove, &QPushButton::clicked, this, &CollisionDock::removeCurrent);
    connect(mSplit, &QPushButton::clicked, this, &CollisionDock::splitCurrent);

    auto *modeRow = new QHBoxLayout;
    mGizmoLabel = new QLabel(body);
    modeRow->addWidget(mGizmoLabel);
    const char *modeNames[3] = {names::kCollisionDockMoveButton, names::kCollisionDockRotateButton,
                                names::kCollisionDockScaleButton};
    for (int i = 0; i < 3; ++i) {
        auto *button = new QToolButton(body);
        button->setObjectName(QString::fromLatin1(modeNames[i]));
        button->setCheckable(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        modeRow->addWidget(button);
        mModes[size_t(i)] = button;
        connect(button, &QToolButton::clicked, this,
                [this, i] { showGizmo(CollisionGizmo::Mode(i)); });
    }
    modeRow->addStretch();
    layout->addLayout(modeRow);

    // The selected volume.
    mPropertiesBox = new QGroupBox(body);
    mPropertiesBox->setObjectName(names::kCollisionDockPropertiesGroupBox);
    mForm = new QFormLayout(mPropertiesBox);
    mName = new QLineEdit(mPropertiesBox);
    mName->setObjectName(names::kCollisionDockNameLineEdit);
    mForm->addRow(new QLabel(mPropertiesBox), mName);
    connect(mName, &QLineEdit::editingFinished, this, [this] { editField(Field::Name); });
    mVolumeBone = new QLabel(mPropertiesBox);
    mVolumeBone->setObjectName(names::kCollisionDockVolumeBoneLabel);
    mForm->addRow(new QLabel(mPropertiesBox), mVolumeBone);
    const auto tripleRow = [this](std::array<QDoubleSpinBox *, 3> &spins, const char *prefix,
                                  Field first, bool sameField) {
        auto *row = new QWidget(mPropertiesBox);
        auto *h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        const char *axes[3] = {"X", "Y", "Z"};
        for (int a = 0; a < 3; ++a) {
            spins[size_t(a)] =
                makeSpin(row, QStringLiteral("CollisionDock_%1%2SpinBox")
                                  .arg(QLatin1String(prefix), QLatin1String(axes[a])));
            // Three in a row share a narrow dock: let them shrink below their text's width.
            spins[size_t(a)]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
            spins[size_t(a)]->setMinimumWidth(56);
            h->addWidget(spins[size_t(a)]);
            const Field field = sameField ? first : Field(int(first) + a);
            connect(spins[size_t(a)], &QDoubleSpinBox::valueChanged, this,
                    [this, field] { editField(field); });
        }
        mForm->addRow(new QLabel(mPropertiesBox), row);
        return row;
    };
    mPositionRow = tripleRow(mPosition, "Position", Field::PositionX, false);
    mRotationRow = tripleRow(mRotation, "Rotation", Field::Rotation, true);
    mRadiiRow = tripleRow(mRadii, "Radius", Field::RadiusX, false);
    for (QDoubleSpinBox *spin : mRotation) {
        spin->setRange(-180, 180);
        spin->setWrapping(true);
        spin->setDecimals(1);
        spin->setSingleStep(5);
        spin->setSuffix(QStringLiteral(" °"));
    }
    mRadius = makeSpin(mPropertiesBox, QString::fromLatin1(names::kCollisionDockRadiusSpinBox));
    mRadius2 = makeSpin(mPropertiesBox, QString::fromLatin1(names::kCollisionDockRadius2SpinBox));
    mHalfHeight =
        makeSpin(mPropertiesBox, QString::fromLatin1(names::kCollisionDockHalfHeightSpinBox));
    for (auto [spin, field] :
         {std::pair{mRadius, Field::Radius}, std::pair{mRadius2, Field::Radius2},
          std::pair{mHalfHeight, Field::HalfHeight}}) {
        mForm->addRow(new QLabel(mPropertiesBox), spin);
        // A copy: clang 14 cannot capture a structured binding.
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f = field] { editField(f); });
    }
    layout->addWidget(mPropertiesBox);

    // The pendulum on the chosen bone (a hood): a Verlet particle the bone looks at.
    mPendulumBox = new QGroupBox(body);
    mPendulumBox->setObjectName(names::kCollisionDockPendulumGroupBox);
    mPendulumForm = new QFormLayout(mPendulumBox);
    auto *pendulumButtons = new QHBoxLayout;
    mPendulumAdd = new QPushButton(mPendulumBox);
    mPendulumAdd->setObjectName(names::kCollisionDockPendulumAddButton);
    mPendulumRemove = new QPushButton(mPendulumBox);
    mPendulumRemove->setObjectName(names::kCollisionDockPendulumRemoveButton);
    pendulumButtons->addWidget(mPendulumAdd);
    pendulumButtons->addWidget(mPendulumRemove);
    mPendulumForm->addRow(pendulumButtons);
    const auto pendulumSpin = [this](const char *name, double lo, double hi, int decimals) {
        auto *spin = makeSpin(mPendulumBox, QString::fromLatin1(name));
        spin->setRange(lo, hi);
        spin->setDecimals(decimals);
        mPendulumForm->addRow(new QLabel(mPendulumBox), spin);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &CollisionDock::editPendulum);
        return spin;
    };
    mPendulumLength = pendulumSpin(names::kCollisionDockPendulumLengthSpinBox, 0.01, 5.0, 3);
    mPendulumDamping = pendulumSpin(names::kCollisionDockPendulumDampingSpinBox, 0.0, 1.0, 2);
    mPendulumGravity = pendulumSpin(names::kCollisionDockPendulumGravitySpinBox, -10.0, 10.0, 2);
    mPendulumAngle = pendulumSpin(names::kCollisionDockPendulumAngleSpinBox, 1.0, 180.0, 1);
    mPendulumPoint = new QPushButton(mPendulumBox);
    mPendulumPoint->setObjectName(names::kCollisionDockPendulumPointButton);
    mPendulumForm->addRow(mPendulumPoint);
    connect(mPendulumPoint, &QPushButton::clicked, this, [this] {
        mPointGizmo->setTarget(PointGizmo::Target::Pendulum, currentBone());
        mPointGizmo->activate();
    });
    connect(mPendulumAdd, &QPushButton::clicked, this, &CollisionDock::addPendulum);
    connect(mPendulumRemove, &QPushButton::clicked, this, &CollisionDock::removePendulum);
    layout->addWidget(mPendulumBox);

    // The rig on the chosen bone: look-at and position constraints.
    mRigPanel = new RigPanel(mDocument, mPointGizmo, body);
    layout->addWidget(mRigPanel);

    // Fitting many bones at once.
    mFitBox = new QGroupBox(body);
    mFitBox->setObjectName(names::kCollisionDockAutoFitGroupBox);
    auto *fit = new QVBoxLayout(mFitBox);
    mFitGarmentBones = new QCheckBox(mFitBox);
    mFitGarmentBones->setObjectName(names::kCollisionDockFitGarmentBonesCheckBox);
    fit->addWidget(mFitGarmentBones);
    mFitBones = new QListWidget(mFitBox);
    mFitBones->setObjectName(names::kCollisionDockFitBoneList);
    mFitBones->setMinimumHeight(100);
    fit->addWidget(mFitBones);
    connect(mFitGarmentBones, &QCheckBox::toggled, mFitBones, &QWidget::setDisabled);
    auto *fitForm = new QFormLayout;
    mFitMeshLabel = new QLabel(mFitBox);
    mFitMesh = new QComboBox(mFitBox);
    mFitMesh->setObjectName(names::kCollisionDockFitMeshComboBox);
    fitForm->addRow(mFitMeshLabel, mFitMesh);
    mFitShapeLabel = new QLabel(mFitBox);
    mFitShape = new QComboBox(mFitBox);
    mFitShape->setObjectName(names::kCollisionDockFitShapeComboBox);
    for (int i = 0; i < kFitShapeCount; ++i)
        mFitShape->addItem(QString(), int(kAddShapes[i]));
    fitForm->addRow(mFitShapeLabel, mFitShape);
    mFitPlanesLabel = new QLabel(mFitBox);
    mFitPlanes = new QSpinBox(mFitBox);
    mFitPlanes->setObjectName(names::kCollisionDockFitPlanesSpinBox);
    mFitPlanes->setRange(6, int(kMaxConvexPlanes));
    mFitPlanes->setValue(int(CollisionFitSettings{}.convexPlanes));
    fitForm->addRow(mFitPlanesLabel, mFitPlanes);
    mFitCoverageLabel = new QLabel(mFitBox);
    mFitCoverage = new QDoubleSpinBox(mFitBox);
    mFitCoverage->setObjectName(names::kCollisionDockFitCoverageSpinBox);
    mFitCoverage->setRange(50, 100);
    mFitCoverage->setDecimals(0);
    mFitCoverage->setValue(95);
    mFitCoverage->setSuffix(QStringLiteral(" %"));
    fitForm->addRow(mFitCoverageLabel, mFitCoverage);
    fit->addLayout(fitForm);
    mFitButton = new QPushButton(mFitBox);
    mFitButton->setObjectName(names::kCollisionDockAutoFitButton);
    fit->addWidget(mFitButton);
    connect(mFitButton, &QPushButton::clicked, this, &CollisionDock::autoFit);
    layout->addWidget(mFitBox);
    layout->addStretch();

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(names::kCollisionDockScrollArea);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(body);
    setWidget(scroll);

    // Tools > Collision Volumes.
    mMenu = new QMenu(this);
    mMenu->setObjectName(names::kCollisionDockMenu);
    const char *actionNames[kAddShapeCount] = {
        names::kCollisionDockAddEllipsoidAction, names::kCollisionDockAddSphereAction,
        names::kCollisionDockAddCapsuleAction,   names::kCollisionDockAddTaperedCapsuleAction,
        names::kCollisionDockAddBoxAction,       names::kCollisionDockAddConvexAction,
        names::kCollisionDockAddPlaneAction};
    for (int i = 0; i < kAddShapeCount; ++i) {
        mAddActions[size_t(i)] = mMenu->addAction(QString());
        mAddActions[size_t(i)]->setObjectName(QString::fromLatin1(actionNames[i]));
        connect(mAddActions[size_t(i)], &QAction::triggered, this, [this, i] {
            show();
            raise();
            addVolume(kAddShapes[i]);
        });
    }
    mMenu->addSeparator();
    mSplitAction = mMenu->addAction(QString());
    mSplitAction->setObjectName(names::kCollisionDockSplitAction);
    connect(mSplitAction, &QAction::triggered, this, &CollisionDock::splitCurrent);
    mRemoveAction = mMenu->addAction(QString());
    mRemoveAction->setObjectName(names::kCollisionDockRemoveAction);
    connect(mRemoveAction, &QAction::triggered, this, &CollisionDock::removeCurrent);
    mMenu->addSeparator();
    mFitAction = mMenu->addAction(QString());
    mFitAction->setObjectName(names::kCollisionDockAutoFitAction);
    connect(mFitAction, &QAction::triggered, this, [this] {
        show();
        raise();
        autoFit();
    });

    connect(mList, &QTreeWidget::itemSelectionChanged, this, &CollisionDock::selectFromList);
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what &
            (Document::CharacterChanged | Document::SkeletonChanged | Document::MeshesChanged))
            rebuildBones();
        if (what &
            (Document::CharacterChanged | Document::SkeletonChanged | Document::MeshesChanged)) {
            mBodyValid = false;
            mBody.reset();
            mProtrusions.clear();
            ++mBodyGeneration;
        }
        if (what & (Document::CollisionChanged | Document::CharacterChanged |
                    Document::SkeletonChanged | Document::MeshesChanged))
            rebuildList();
        updatePendulum();
    });
    connect(mGizmo, &CollisionGizmo::volumePicked, this,
            [this](int index) { setCurrentVolume(index); });
    connect(mGizmo, &CollisionGizmo::modeChanged, this, &CollisionDock::updateModeButtons);
    connect(context.viewport, &Viewport::toolChanged, this, &CollisionDock::updateModeButtons);
    connect(mBone, &QComboBox::currentIndexChanged, this, &CollisionDock::updateButtons);
    connect(mBone, &QComboBox::currentIndexChanged, this, &CollisionDock::updatePendulum);
    connect(mBone, &QComboBox::currentIndexChanged, this,
            [this] { mRigPanel->setBone(currentBone()); });
    updatePendulum();
    connect(context.preferences, &Preferences::lengthUnitChanged, this,
            &CollisionDock::setLengthUnit);
    mUnit = context.preferences->lengthUnit();

    retranslateUi();
    setLengthUnit(mUnit);
    rebuildBones();
    rebuildList();
    mRigPanel->setBone(currentBone());
}

double CollisionDock::lengthScale() const
{
    return mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
}

void CollisionDock::setLengthUnit(LengthUnit unit)
{
    mUnit = unit;
    const bool cm = unit == LengthUnit::Centimetres;
    const QString suffix = QLatin1Char(' ') + (cm ? tr("cm") : tr("m"));
    std::vector<QDoubleSpinBox *> lengths(mPosition.begin(), mPosition.end());
    lengths.insert(lengths.end(), mRadii.begin(), mRadii.end());
    lengths.insert(lengths.end(), {mRadius, mRadius2, mHalfHeight});
    for (QDoubleSpinBox *spin : lengths) {
        const QSignalBlocker block(spin);
        const bool isPosition =
            std::find(mPosition.begin(), mPosition.end(), spin) != mPosition.end();
        spin->setDecimals(cm ? 1 : 3);
        spin->setSingleStep(cm ? 0.5 : 0.005);
        spin->setRange(isPosition ? -10 * lengthScale() : 0.0, 10 * lengthScale());
        spin->setSuffix(suffix);
    }
    showProtrusions();
    updateProperties();
}

QString CollisionDock::protrusionText(float metres) const
{
    const bool cm = mUnit == LengthUnit::Centimetres;
    return locale().toString(double(metres) * lengthScale(), 'f', cm ? 1 : 3) + QLatin1Char(' ') +
           (cm ? tr("cm") : tr("m"));
}

void CollisionDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void CollisionDock::retranslateUi()
{
    mXRay->setText(tr("X-ray"));
    mXRay->setToolTip(tr("Show the collision volumes through the body that hides them"));
    mWireframe->setText(tr("Wireframe"));
    mWireframe->setToolTip(tr("Draw the collision volumes as their edges"));
    setWindowTitle(tr("Collision Volumes"));
    mList->setHeaderLabels({tr("Name"), tr("Shape"), tr("Bone"), tr("Protrusion")});
    mList->headerItem()->setToolTip(
        ProtrusionColumn,
        tr("How far the volume sticks out of the body, at most over the bind pose and every "
           "frame of every clip; more than the collision thickness pushes the cloth off the body"));
    mBoneLabel->setText(tr("Bone:"));
    mBone->setToolTip(tr("The bone new volumes are attached to (follows the bone selected in "
                         "the Outliner)"));
    const QString addTexts[kAddShapeCount] = {
        tr("Add Ellipsoid"), tr("Add Sphere"), tr("Add Capsule"), tr("Add Tapered Capsule"),
        tr("Add Box"),       tr("Add Convex"), tr("Add Plane")};
    for (size_t i = 0; i < size_t(kAddShapeCount); ++i) {
        mAdd[i]->setText(addTexts[i]);
        mAdd[i]->setToolTip(
            kAddShapes[i] == CollisionShape::Plane
                ? tr("Adds a plane through the chosen bone's origin; the side below its local "
                     "Y axis is solid")
            : kAddShapes[i] == CollisionShape::Convex
                ? tr("Adds the convex hull of the body vertices the chosen bone drives, "
                     "bounded by the number of planes set under Auto-Fit")
                : tr("Adds a volume on the chosen bone, fitted to the body vertices the bone "
                     "drives"));
        mAddActions[i]->setText(addTexts[i]);
    }
    mRemove->setText(tr("Remove"));
    mRemoveAction->setText(tr("Remove Collision Volume"));
    mSplit->setText(tr("Split"));
    mSplit->setToolTip(tr("Splits the selected ellipsoid into two along its longest axis"));
    mSplitAction->setText(tr("Split Collision Volume"));
    mGizmoLabel->setText(tr("Gizmo:"));
    mModes[0]->setText(tr("Move (W)"));
    mModes[1]->setText(tr("Rotate (E)"));
    mModes[2]->setText(tr("Scale (R)"));
    for (QToolButton *b : mModes)
        b->setToolTip(tr("Edit the selected volume with handles in the viewport; Esc during a "
                         "drag cancels it"));
    mPropertiesBox->setTitle(tr("Selected Volume"));
    const auto label = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(mForm->labelForField(field))) l->setText(text);
    };
    label(mName, tr("Name:"));
    label(mVolumeBone, tr("Bone:"));
    label(mPositionRow, tr("Position:"));
    label(mRotationRow, tr("Rotation:"));
    label(mRadiiRow, tr("Radii:"));
    label(mRadius, tr("Radius:"));
    label(mRadius2, tr("End radius:"));
    label(mHalfHeight, tr("Half height:"));
    mRadius2->setToolTip(tr("The tapered capsule's radius at its +Y end"));
    mHalfHeight->setToolTip(tr("Half the length of the capsule's axis, without the caps"));
    mFitBox->setTitle(tr("Auto-Fit"));
    mFitGarmentBones->setText(tr("All bones that skin the garment"));
    mFitShapeLabel->setText(tr("Shape:"));
    mFitMeshLabel->setText(tr("Body mesh:"));
    mFitMesh->setToolTip(tr("The mesh volumes are fitted to (also for Add): the body the "
                            "garment rests on"));
    mFitCoverageLabel->setText(tr("Coverage:"));
    mFitCoverage->setToolTip(tr("Share of each bone's weighted body vertices the volume holds"));
    mFitButton->setText(tr("Auto-Fit"));
    mFitAction->setText(tr("Auto-Fit Collision Volumes"));
    for (int i = 0; i < kFitShapeCount; ++i)
        mFitShape->setItemText(i, shapeText(kAddShapes[i]));
    mFitPlanesLabel->setText(tr("Convex planes:"));
    mFitPlanes->setToolTip(tr("How many planes bound a convex volume's hull (Add Convex and "
                              "Auto-Fit)"));
    mPendulumBox->setTitle(tr("Pendulum"));
    mPendulumBox->setToolTip(tr("A single particle the chosen bone looks at, swinging under "
                                "gravity and inertia within a cone (a hood)"));
    mPendulumAdd->setText(tr("Add Pendulum"));
    mPendulumRemove->setText(tr("Remove Pendulum"));
    const auto pendulumLabel = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(mPendulumForm->labelForField(field))) l->setText(text);
    };
    pendulumLabel(mPendulumLength, tr("Length:"));
    pendulumLabel(mPendulumDamping, tr("Damping:"));
    pendulumLabel(mPendulumGravity, tr("Gravity scale:"));
    pendulumLabel(mPendulumAngle, tr("Cone angle:"));
    mPendulumLength->setSuffix(tr(" m"));
    mPendulumAngle->setSuffix(tr(" °"));
    mPendulumLength->setToolTip(tr("From the bone's origin to the particle"));
    mPendulumDamping->setToolTip(tr("Share of the particle's velocity lost per second"));
    mPendulumGravity->setToolTip(tr("Multiplies the simulation's gravity on the particle"));
    mPendulumAngle->setToolTip(tr("Largest swing away from the animated direction"));
    mPendulumPoint->setText(tr("Move Pendulum Point"));
    mPendulumPoint->setToolTip(tr("Drag the pendulum's particle in the viewport: its distance "
                                  "from the bone is the length"));
    mMenu->setTitle(tr("&Collision Volumes"));
    rebuildList();
}

void CollisionDock::rebuildBones()
{
    const Skeleton &skeleton = mDocument->asset().skeleton.bones.empty()
                                   ? mDocument->character().skeleton
                                   : mDocument->asset().skeleton;
    const QString previous = mBone->currentText();
    std::set<QString> checked;
    for (int i = 0; i < mFitBones->count(); ++i)
        if (mFitBones->item(i)->checkState() == Qt::Checked)
            checked.insert(mFitBones->item(i)->text());
    {
        const QSignalBlocker block(mBone);
        mBone->clear();
        mFitBones->clear();
        for (size_t b = 0; b < skeleton.bones.size(); ++b) {
            const QString name = QString::fromStdString(skeleton.bones[b].name);
            mBone->addItem(name, int(b));
            auto *item = new QListWidgetItem(name, mFitBones);
            item->setData(Qt::UserRole, int(b));
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(checked.count(name) ? Qt::Checked : Qt::Unchecked);
        }
        const int keep = mBone->findText(previous);
        mBone->setCurrentIndex(keep >= 0 ? keep : (mBone->count() > 0 ? 0 : -1));
    }
    // The body: by default the largest skinned mesh that is not part of the garment.
    const Character &character = mDocument->character();
    std::set<int> garment;
    for (const GraphicsLod &lod : mDocument->asset().lods)
        for (const GarmentPart &part : garmentParts(character, lod.mesh))
            garment.insert(part.mesh);
    const QString previousMesh = mFitMesh->currentText();
    mFitMesh->clear();
    int body = -1;
    size_t bodySize = 0;
    for (size_t m = 0; m < character.meshes.size(); ++m) {
        const GraphicsMesh &mesh = character.meshes[m];
        if (!mesh.isSkinned()) continue;
        mFitMesh->addItem(QString::fromStdString(mesh.name), int(m));
        const size_t size = mesh.vertexCount() + (garment.count(int(m)) ? 0 : size_t(1) << 40);
        if (body < 0 || size > bodySize) {
            body = mFitMesh->count() - 1;
            bodySize = size;
        }
    }
    const int keepMesh = mFitMesh->findText(previousMesh);
    mFitMesh->setCurrentIndex(keepMesh >= 0 ? keepMesh : body);
    updateButtons();
}

std::shared_ptr<const CollisionDock::ProtrusionBody>
CollisionDock::makeProtrusionBody(std::vector<GraphicsMesh> meshes, const Skeleton &skeleton,
                                  const std::vector<AnimationClip> &clips)
{
    auto body = std::make_shared<ProtrusionBody>();
    body->meshes = std::move(meshes);
    std::vector<const GraphicsMesh *> pointers;
    for (const GraphicsMesh &m : body->meshes)
        pointers.push_back(&m);
    try {
        // Over the clips as Auto-Fit and Auto Setup fit and `tweed-cli qa` measures.
        if (!pointers.empty())
            body->motion = std::make_unique<BodyMotion>(skeleton, pointers, clips);
    } catch (const std::exception &) {
        body->motion.reset(); // a body that does not fit the skeleton: no protrusion to show
    }
    return body;
}

std::vector<GraphicsMesh> CollisionDock::protrusionBodyMeshes() const
{
    // The body: the character meshes no garment LoD was made of (as the measures take it).
    const Character &character = mDocument->character();
    std::vector<std::string> names;
    tweed::bodyMeshes(mDocument->asset(), character, &names);
    std::vector<GraphicsMesh> body;
    for (const std::string &name : names)
        if (const int m = character.findMesh(name); m >= 0)
            body.push_back(character.meshes[size_t(m)]);
    return body;
}

const float *CollisionDock::knownProtrusion(const CollisionVolume &volume) const
{
    if (mBodyValid && (!mBody || !mBody->motion)) {
        static const float none = 0.0f;
        return &none;
    }
    for (const auto &[v, out] : mProtrusions)
        if (v == volume) return &out;
    return nullptr;
}

std::vector<CollisionVolume> CollisionDock::unmeasuredVolumes() const
{
    std::vector<CollisionVolume> missing;
    for (const CollisionVolume &v : mDocument->asset().collisionVolumes)
        if (!knownProtrusion(v) && std::find(missing.begin(), missing.end(), v) == missing.end())
            missing.push_back(v);
    return missing;
}

void CollisionDock::rememberProtrusions(const std::vector<CollisionVolume> &volumes,
                                        const std::vector<float> &protrusions) const
{
    if (mProtrusions.size() > 4 * mDocument->asset().collisionVolumes.size() + 16)
        mProtrusions.clear();
    for (size_t i = 0; i < volumes.size() && i < protrusions.size(); ++i)
        if (!knownProtrusion(volumes[i])) mProtrusions.push_back({volumes[i], protrusions[i]});
}

float CollisionDock::protrusion(int index) const
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    if (index < 0 || size_t(index) >= volumes.size()) return 0;
    if (!mBodyValid) {
        mBody = makeProtrusionBody(protrusionBodyMeshes(), mDocument->asset().skeleton,
                                   mDocument->character().clips);
        mBodyValid = true;
    }
    // Measured here what the worker has not measured yet (all missing at once).
    if (const std::vector<CollisionVolume> missing = unmeasuredVolumes(); !missing.empty())
        rememberProtrusions(missing, volumeProtrusions(missing, *mBody->motion));
    const float *out = knownProtrusion(volumes[size_t(index)]);
    return out ? *out : 0.0f;
}

bool CollisionDock::measuringProtrusions() const
{
    return mProtrusionsPending;
}

void CollisionDock::measureProtrusions()
{
    if (mProtrusionsPending) return; // measured again when the result is in
    std::vector<CollisionVolume> missing = unmeasuredVolumes();
    if (missing.empty()) return;
    // The worker reads copies (or the body made before, which nothing changes), so the
    // document may change while it runs.
    std::shared_ptr<const ProtrusionBody> body = mBodyValid ? mBody : nullptr;
    std::vector<GraphicsMesh> meshes;
    if (!body) meshes = protrusionBodyMeshes();
    mProtrusionsPending = true;
    mProtrusionWatcher->setFuture(QtConcurrent::run(
        [generation = mBodyGeneration, body = std::move(body), meshes = std::move(meshes),
         skeleton = mDocument->asset().skeleton, clips = mDocument->character().clips,
         missing = std::move(missing)]() mutable {
            ProtrusionRun run;
            run.generation = generation;
            run.body = body ? body : makeProtrusionBody(std::move(meshes), skeleton, clips);
            run.protrusions.assign(missing.size(), 0.0f);
            if (run.body->motion) {
                try {
                    run.protrusions = volumeProtrusions(missing, *run.body->motion);
                } catch (const std::exception &) {
                }
            }
            run.volumes = std::move(missing);
            return run;
        }));
}

void CollisionDock::protrusionsMeasured()
{
    if (!mProtrusionsPending) return;
    mProtrusionsPending = false;
    if (mProtrusionWatcher->future().resultCount() > 0) {
        ProtrusionRun run = mProtrusionWatcher->result();
        mProtrusionWatcher->setFuture({});
        // Measured on the body as it still is: kept.
        if (run.generation == mBodyGeneration) {
            if (!mBodyValid) {
                mBody = run.body;
                mBodyValid = true;
            }
            rememberProtrusions(run.volumes, run.protrusions);
            showProtrusions();
        }
    }
    // Volumes edited (or another body) while it ran.
    measureProtrusions();
}

void CollisionDock::showProtrusions()
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    for (int i = 0; i < mList->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = mList->topLevelItem(i);
        const int index = item->data(0, Qt::UserRole).toInt();
        if (index >= 0 && size_t(index) < volumes.size())
            showProtrusion(item, volumes[size_t(index)]);
    }
}

void CollisionDock::showProtrusion(QTreeWidgetItem *item, const CollisionVolume &volume)
{
    const float *out = knownProtrusion(volume);
    if (!out) {
        item->setText(ProtrusionColumn, tr("measuring…"));
        item->setData(ProtrusionColumn, Qt::UserRole, QVariant());
        item->setForeground(ProtrusionColumn, mList->palette().brush(QPalette::PlaceholderText));
        return;
    }
    item->setText(ProtrusionColumn, protrusionText(*out));
    item->setData(ProtrusionColumn, Qt::UserRole, double(*out));
    // Out of the body by more than the thickness: the cloth is pushed off the body.
    if (*out > mDocument->asset().simulation.collisionThickness)
        item->setForeground(ProtrusionColumn, QColor(220, 60, 60));
    else
        item->setForeground(ProtrusionColumn, mList->palette().brush(QPalette::Text));
}

void CollisionDock::rebuildList()
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    const Skeleton &skeleton = mDocument->asset().skeleton;
    if (mVolume >= int(volumes.size())) mVolume = int(volumes.size()) - 1;
    {
        const QSignalBlocker block(mList);
        mList->clear();
        for (size_t i = 0; i < volumes.size(); ++i) {
            const CollisionVolume &v = volumes[i];
            const QString bone = v.bone >= 0 && size_t(v.bone) < skeleton.bones.size()
                                     ? QString::fromStdString(skeleton.bones[size_t(v.bone)].name)
                                     : tr("(model space)");
            auto *item = new QTreeWidgetItem(
                mList, {QString::fromStdString(v.name), shapeText(v.shape), bone});
            item->setData(0, Qt::UserRole, int(i));
            item->setTextAlignment(ProtrusionColumn, Qt::AlignRight | Qt::AlignVCenter);
            showProtrusion(item, v);
        }
        if (mVolume >= 0) mList->setCurrentItem(mList->topLevelItem(mVolume));
    }
    mGizmo->setVolume(mVolume);
    updateProperties();
    updateButtons();
    measureProtrusions();
}

void CollisionDock::updateButtons()
{
    const bool hasBone = currentBone() >= 0;
    for (size_t i = 0; i < size_t(kAddShapeCount); ++i) {
        mAdd[i]->setEnabled(hasBone);
        mAddActions[i]->setEnabled(hasBone);
    }
    const auto &volumes = mDocument->asset().collisionVolumes;
    const bool selected = mVolume >= 0 && size_t(mVolume) < volumes.size();
    mRemove->setEnabled(selected);
    mRemoveAction->setEnabled(selected);
    const bool ellipsoid = selected && volumes[size_t(mVolume)].shape == CollisionShape::Ellipsoid;
    mSplit->setEnabled(ellipsoid);
    mSplitAction->setEnabled(ellipsoid);
    const bool hasSkeleton = mBone->count() > 0;
    mFitButton->setEnabled(hasSkeleton);
    mFitAction->setEnabled(hasSkeleton);
    updateModeButtons();
}

void CollisionDock::updateModeButtons()
{
    const bool active = mGizmo->isActive();
    const bool selected = mVolume >= 0;
    for (int i = 0; i < 3; ++i) {
        mModes[size_t(i)]->setEnabled(selected);
        mModes[size_t(i)]->setChecked(active && selected && int(mGizmo->mode()) == i);
    }
}

void CollisionDock::updateProperties()
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    const bool valid = mVolume >= 0 && size_t(mVolume) < volumes.size();
    mPropertiesBox->setEnabled(valid);
    if (!valid) return;
    mUpdating = true;
    const CollisionVolume &v = volumes[size_t(mVolume)];
    const Skeleton &skeleton = mDocument->asset().skeleton;
    mName->setText(QString::fromStdString(v.name));
    mVolumeBone->setText(v.bone >= 0 && size_t(v.bone) < skeleton.bones.size()
                             ? QString::fromStdString(skeleton.bones[size_t(v.bone)].name)
                             : tr("(model space)"));
    const double s = lengthScale();
    const Vec3 euler = eulerDegrees(v.local.rotation);
    // Keep the shown angles when they describe the same rotation (Euler angles are not
    // unique; a spin box must not jump while it is being edited).
    const Quat shown = fromEulerDegrees(
        {float(mRotation[0]->value()), float(mRotation[1]->value()), float(mRotation[2]->value())});
    const Quat target = normalize(v.local.rotation);
    const bool sameRotation = std::abs(shown.x * target.x + shown.y * target.y +
                                       shown.z * target.z + shown.w * target.w) > 0.99999f;
    for (int a = 0; a < 3; ++a) {
        const QSignalBlocker b1(mPosition[size_t(a)]), b2(mRotation[size_t(a)]),
            b3(mRadii[size_t(a)]);
        mPosition[size_t(a)]->setValue(v.local.translation[a] * s);
        if (!sameRotation) mRotation[size_t(a)]->setValue(euler[a]);
        mRadii[size_t(a)]->setValue(v.radii[a] * s);
    }
    for (auto [spin, value] : {std::pair{mRadius, v.radius}, std::pair{mRadius2, v.radius2},
                               std::pair{mHalfHeight, v.halfHeight}}) {
        const QSignalBlocker block(spin);
        spin->setValue(value * s);
    }
    const bool radii = v.shape == CollisionShape::Ellipsoid || v.shape == CollisionShape::Box;
    const bool capsule =
        v.shape == CollisionShape::Capsule || v.shape == CollisionShape::TaperedCapsule;
    if (auto *l = qobject_cast<QLabel *>(mForm->labelForField(mRadiiRow)))
        l->setText(v.shape == CollisionShape::Box ? tr("Half extents:") : tr("Radii:"));
    mForm->setRowVisible(mRadiiRow, radii);
    mForm->setRowVisible(mRadius, v.shape == CollisionShape::Sphere || capsule);
    mForm->setRowVisible(mRadius2, v.shape == CollisionShape::TaperedCapsule);
    mForm->setRowVisible(mHalfHeight, capsule);
    mUpdating = false;
}

int CollisionDock::pendulumIndex() const
{
    const int bone = currentBone();
    const auto &pendulums = mDocument->asset().pendulumBones;
    for (size_t i = 0; i < pendulums.size(); ++i)
        if (pendulums[i].bone == bone && bone >= 0) return int(i);
    return -1;
}

void CollisionDock::updatePendulum()
{
    const int index = pendulumIndex();
    mPendulumAdd->setEnabled(index < 0 && currentBone() >= 0);
    mPendulumRemove->setEnabled(index >= 0);
    mPendulumPoint->setEnabled(index >= 0);
    for (QDoubleSpinBox *spin :
         {mPendulumLength, mPendulumDamping, mPendulumGravity, mPendulumAngle})
        spin->setEnabled(index >= 0);
    if (index < 0) return;
    const PendulumBone &p = mDocument->asset().pendulumBones[size_t(index)];
    for (auto [spin, value] :
         {std::pair{mPendulumLength, p.length}, std::pair{mPendulumDamping, p.damping},
          std::pair{mPendulumGravity, p.gravityScale},
          std::pair{mPendulumAngle, p.maxAngleDegrees}}) {
        const QSignalBlocker block(spin);
        spin->setValue(double(value));
    }
}

void CollisionDock::commitPendulums(std::vector<PendulumBone> pendulums, const QString &text)
{
    ClothingAsset asset = mDocument->asset();
    if (asset.pendulumBones == pendulums) return;
    asset.pendulumBones = std::move(pendulums);
    mDocument->replaceAsset(std::move(asset), text, Document::CollisionChanged);
}

void CollisionDock::addPendulum()
{
    if (pendulumIndex() >= 0 || currentBone() < 0) return;
    auto pendulums = mDocument->asset().pendulumBones;
    PendulumBone p;
    p.bone = currentBone();
    pendulums.push_back(p);
    commitPendulums(std::move(pendulums), tr("Add Pendulum"));
}

void CollisionDock::removePendulum()
{
    const int index = pendulumIndex();
    if (index < 0) return;
    auto pendulums = mDocument->asset().pendulumBones;
    pendulums.erase(pendulums.begin() + index);
    commitPendulums(std::move(pendulums), tr("Remove Pendulum"));
}

void CollisionDock::editPendulum()
{
    const int index = pendulumIndex();
    if (index < 0) return;
    auto pendulums = mDocument->asset().pendulumBones;
    PendulumBone &p = pendulums[size_t(index)];
    p.length = float(mPendulumLength->value());
    p.damping = float(mPendulumDamping->value());
    p.gravityScale = float(mPendulumGravity->value());
    p.maxAngleDegrees = float(mPendulumAngle->value());
    commitPendulums(std::move(pendulums), tr("Edit Pendulum"));
}

int CollisionDock::currentBone() const
{
    return mBone->currentIndex() >= 0 ? mBone->currentData().toInt() : -1;
}

void CollisionDock::setCurrentBone(int bone)
{
    const int index = mBone->findData(bone);
    if (index >= 0) mBone->setCurrentIndex(index);
}

void CollisionDock::setCurrentVolume(int index)
{
    const auto &volumes = mDocument->asset().collisionVolumes;
    if (index < 0 || size_t(index) >= volumes.size()) index = -1;
    mVolume = index;
    {
        const QSignalBlocker block(mList);
        mList->setCurrentItem(index >= 0 ? mList->topLevelItem(index) : nullptr);
        if (index < 0) mList->clearSelection();
    }
    mGizmo->setVolume(index);
    ViewportSelection selection;
    if (index >= 0) selection.collisionVolumes = {index};
    mContext.viewport->setSelection(selection);
    updateProperties();
    updateButtons();
}

void CollisionDock::selectFromList()
{
    QTreeWidgetItem *item = mList->currentItem();
    setCurrentVolume(item ? item->data(0, Qt::UserRole).toInt() : -1);
    if (mVolume >= 0) showGizmo(mGizmo->mode());
}

void CollisionDock::showGizmo(CollisionGizmo::Mode mode)
{
    mGizmo->setMode(mode);
    if (mVolume >= 0) {
        mGizmo->activate();
        // Editing volumes that cannot be seen makes no sense: show them (the View menu's
        // check mark follows the viewport).
        mContext.viewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes, true);
    }
    updateModeButtons();
}

void CollisionDock::showOutlinerItem(const OutlinerItem &item)
{
    if (item.kind == OutlinerItem::CollisionVolume)
        setCurrentVolume(item.index);
    else if (item.kind == OutlinerItem::Bone)
        setCurrentBone(item.index);
}

std::vector<int> CollisionDock::bodyMeshes() const
{
    if (mFitMesh->currentIndex() < 0) return {};
    return {mFitMesh->currentData().toInt()};
}

std::vector<int> CollisionDock::garmentBones() const
{
    const auto &lods = mDocument->asset().lods;
    if (lods.empty()) return {};
    const CollisionFitSettings defaults;
    std::set<int> bones;
    for (const BoneInfluence &influence : lods[0].mesh.skin)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (influence.weights[size_t(k)] >= defaults.weightThreshold)
                bones.insert(influence.bones[size_t(k)]);
    return {bones.begin(), bones.end()};
}

void CollisionDock::commit(std::vector<CollisionVolume> volumes, const QString &text, int mergeKey)
{
    mDocument->setCollisionVolumes(std::move(volumes), text, mergeKey);
}

int CollisionDock::addVolume(CollisionShape shape)
{
    const int bone = currentBone();
    const Skeleton &skeleton = mDocument->asset().skeleton;
    if (bone < 0 || size_t(bone) >= skeleton.bones.size()) return -1;
    CollisionVolume volume;
    CollisionFitSettings settings;
    settings.meshes = bodyMeshes();
    settings.convexPlanes = uint32_t(mFitPlanes->value());
    try {
        if (shape == CollisionShape::Plane) { // through the bone's origin, normal along its y
            volume.shape = shape;
            volume.bone = bone;
        } else {
            volume = fitVolume(mDocument->character(), bone, shape, settings);
        }
    } catch (const InputError &) {
        // No body vertices on this bone: a small volume at the bone's origin.
        volume = CollisionVolume{};
        volume.shape = shape;
        volume.bone = bone;
        volume.radii = {kDefaultSize, kDefaultSize, kDefaultSize};
        volume.radius = volume.radius2 = volume.halfHeight = kDefaultSize;
        if (shape == CollisionShape::Convex) { // an octahedron-cut box of the default size
            const auto box = boxPlanes(volume.radii);
            volume.planes.assign(box.begin(), box.end());
            for (const Vec3 &d : {Vec3{1, 1, 1}, Vec3{-1, 1, 1}, Vec3{1, -1, 1}, Vec3{1, 1, -1}})
                for (const Vec3 &n : {normalize(d), -normalize(d)})
                    volume.planes.push_back({n.x, n.y, n.z, 1.2f * kDefaultSize});
        }
    }
    // "<Bone> <Shape>", numbered when taken.
    auto volumes = mDocument->asset().collisionVolumes;
    const std::string base =
        skeleton.bones[size_t(bone)].name + " " + shapeText(shape).toStdString();
    std::string name = base;
    for (int n = 2; std::any_of(volumes.begin(), volumes.end(),
                                [&name](const CollisionVolume &v) { return v.name == name; });
         ++n)
        name = base + " " + std::to_string(n);
    volume.name = name;
    volumes.push_back(volume);
    const int index = int(volumes.size()) - 1;
    commit(std::move(volumes), tr("Add %1").arg(shapeText(shape)));
    setCurrentVolume(index);
    showGizmo(mGizmo->mode());
    return index;
}

void CollisionDock::removeCurrent()
{
    auto volumes = mDocument->asset().collisionVolumes;
    if (mVolume < 0 || size_t(mVolume) >= volumes.size()) return;
    const int removed = mVolume;
    volumes.erase(volumes.begin() + removed);
    const int next = std::min(removed, int(volumes.size()) - 1);
    commit(std::move(volumes), tr("Remove Collision Volume"));
    setCurrentVolume(next);
}

void CollisionDock::splitCurrent()
{
    auto volumes = mDocument->asset().collisionVolumes;
    if (mVolume < 0 || size_t(mVolume) >= volumes.size()) return;
    try {
        const auto [first, second] = splitEllipsoid(volumes[size_t(mVolume)]);
        volumes[size_t(mVolume)] = first;
        volumes.insert(volumes.begin() + mVolume + 1, second);
    } catch (const InputError &error) {
        mContext.prompts->showError(this, tr("Cannot split the volume"),
                                      QString::fromStdString(error.what()));
        return;
    }
    const int index = mVolume;
    commit(std::move(volumes), tr("Split Collision Volume"));
    setCurrentVolume(index);
}

int CollisionDock::autoFit()
{
    std::vector<int> bones;
    if (mFitGarmentBones->isChecked()) {
        bones = garmentBones();
    } else {
        for (int i = 0; i < mFitBones->count(); ++i)
            if (mFitBones->item(i)->checkState() == Qt::Checked)
                bones.push_back(mFitBones->item(i)->data(Qt::UserRole).toInt());
    }
    if (bones.empty()) {
        mContext.prompts->showError(
            this, tr("Auto-Fit"),
            mFitGarmentBones->isChecked()
                ? tr("No bone skins the garment: the asset has no skinned garment.")
                : tr("No bone is checked: check the bones to fit volumes to."));
        return 0;
    }
    const auto shape = CollisionShape(mFitShape->currentData().toInt());
    CollisionFitSettings settings;
    settings.meshes = bodyMeshes();
    settings.coverage = float(mFitCoverage->value() / 100.0);
    settings.convexPlanes = uint32_t(mFitPlanes->value());
    const Character character = mDocument->character();
    const float thickness = mDocument->asset().simulation.collisionThickness;
    std::vector<CollisionVolume> fitted;
    QStringList skipped;
    const OperationOutcome outcome = LongOperation::run(
        this, tr("Fitting collision volumes..."), [&](const ProgressCallback &progress) {
            // Inside the body within the collision thickness in the bind pose and every frame
            // of every clip (as Auto Setup fits them), split where one volume cannot follow it.
            for (BoneFit &fit : fitBonesInside(character, bones, shape, settings, thickness,
                                               progress)) {
                if (!fit.error.empty()) skipped << QString::fromStdString(fit.error);
                for (CollisionVolume &v : fit.volumes)
                    fitted.push_back(std::move(v));
            }
        });
    if (outcome.status == OperationOutcome::Cancelled) return 0;
    if (outcome.status == OperationOutcome::Failed) {
        mContext.prompts->showError(this, tr("Auto-Fit"), outcome.error);
        return 0;
    }
    if (fitted.empty()) {
        mContext.prompts->showError(this, tr("Auto-Fit"),
                                      tr("No volume could be fitted:\n%1").arg(skipped.join('\n')));
        return 0;
    }
    // A fit replaces the earlier fit of its bone (same bone, named after the bone).
    auto volumes = mDocument->asset().collisionVolumes;
    int first = -1;
    for (const CollisionVolume &v : fitted) {
        const auto same =
            std::find_if(volumes.begin(), volumes.end(), [&v](const CollisionVolume &o) {
                return o.bone == v.bone && o.name == v.name;
            });
        int index;
        if (same != volumes.end()) {
            *same = v;
            index = int(same - volumes.begin());
        } else {
            volumes.push_back(v);
            index = int(volumes.size()) - 1;
        }
        if (first < 0) first = index;
    }
    commit(std::move(volumes), tr("Auto-Fit Collision Volumes"));
    setCurrentVolume(first);
    if (!skipped.isEmpty()) mContext.prompts->showWarnings(this, tr("Auto-Fit"), skipped);
    return int(fitted.size());
}

int CollisionDock::fieldMergeKey(Field field)
{
    const int index = mDocument->undoStack()->index();
    if (field != mLastField || mVolume != mLastFieldVolume || index != mLastFieldIndex ||
        mLastFieldKey < 0) {
        mLastField = field;
        mLastFieldVolume = mVolume;
        mLastFieldKey = mDocument->newMergeKey();
    }
    return mLastFieldKey;
}

void CollisionDock::editField(Field field)
{
    if (mUpdating) return;
    auto volumes = mDocument->asset().collisionVolumes;
    if (mVolume < 0 || size_t(mVolume) >= volumes.size()) return;
    CollisionVolume &v = volumes[size_t(mVolume)];
    const float s = float(1.0 / lengthScale());
    QString text;
    switch (field) {
    case Field::PositionX:
    case Field::PositionY:
    case Field::PositionZ: {
        const int a = int(field) - int(Field::PositionX);
        v.local.translation[a] = float(mPosition[size_t(a)]->value()) * s;
        text = tr("Move Collision Volume");
        break;
    }
    case Field::Rotation:
        v.local.rotation =
            fromEulerDegrees({float(mRotation[0]->value()), float(mRotation[1]->value()),
                              float(mRotation[2]->value())});
        text = tr("Rotate Collision Volume");
        break;
    case Field::RadiusX:
    case Field::RadiusY:
    case Field::RadiusZ: {
        const int a = int(field) - int(Field::RadiusX);
        v.radii[a] = std::max(float(mRadii[size_t(a)]->value()) * s, 0.001f);
        text = tr("Resize Collision Volume");
        break;
    }
    case Field::Radius:
        v.radius = std::max(float(mRadius->value()) * s, 0.001f);
        if (v.shape == CollisionShape::Capsule) v.radius2 = v.radius;
        text = tr("Resize Collision Volume");
        break;
    case Field::Radius2:
        v.radius2 = std::max(float(mRadius2->value()) * s, 0.001f);
        text = tr("Resize Collision Volume");
        break;
    case Field::HalfHeight:
        v.halfHeight = float(mHalfHeight->value()) * s;
        text = tr("Resize Collision Volume");
        break;
    case Field::Name: {
        const std::string name = mName->text().trimmed().toStdString();
        if (name.empty() || name == v.name) {
            mName->setText(QString::fromStdString(v.name));
            return;
        }
        v.name = name;
        text = tr("Rename Collision Volume");
        break;
    }
    }
    if (volumes == mDocument->asset().collisionVolumes) return;
    const int key = field == Field::Name ? -1 : fieldMergeKey(field);
    commit(std::move(volumes), text, key);
    mLastFieldIndex = mDocument->undoStack()->index();
}

} // namespace tweed::editor
