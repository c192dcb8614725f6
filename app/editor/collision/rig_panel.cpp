#include "collision/rig_panel.h"

#include "collision/point_gizmo.h"
#include "document.h"
#include "object_names.h"

#include "tweed/errors.h"
#include "tweed/meshproc/rig_edits.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>

namespace tweed::editor {
namespace {

// The position constraint the panel shows for a bone: the first that drives it.
int partnerIndex(const std::vector<RigConstraint> &rig, int bone)
{
    for (size_t i = 0; i < rig.size(); ++i)
        if (rig[i].kind == RigConstraintKind::Position && rig[i].bone == bone) return int(i);
    return -1;
}

QDoubleSpinBox *makeSpin(QWidget *parent, const char *name, double lo, double hi, int decimals)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setObjectName(QLatin1String(name));
    spin->setKeyboardTracking(false);
    spin->setRange(lo, hi);
    spin->setDecimals(decimals);
    return spin;
}

} // namespace

RigPanel::RigPanel(Document *document, PointGizmo *gizmo, QWidget *parent)
    : QGroupBox(parent), mDocument(document), mGizmo(gizmo)
{
    setObjectName(QLatin1String(names::kRigPanelGroupBox));
    mForm = new QFormLayout(this);
    mAim = new QComboBox(this);
    mAim->setObjectName(QLatin1String(names::kRigPanelAimComboBox));
    mForm->addRow(new QLabel(this), mAim);
    auto *pointRow = new QWidget(this);
    auto *pointLayout = new QHBoxLayout(pointRow);
    pointLayout->setContentsMargins(0, 0, 0, 0);
    const char *pointNames[3] = {names::kRigPanelPointXSpinBox, names::kRigPanelPointYSpinBox,
                                 names::kRigPanelPointZSpinBox};
    for (size_t a = 0; a < 3; ++a) {
        mPoint[a] = makeSpin(pointRow, pointNames[a], -10, 10, 3);
        mPoint[a]->setSingleStep(0.01);
        pointLayout->addWidget(mPoint[a]);
        connect(mPoint[a], &QDoubleSpinBox::valueChanged, this, &RigPanel::editAim);
    }
    mForm->addRow(new QLabel(this), pointRow);
    mAimWeight = makeSpin(this, names::kRigPanelAimWeightSpinBox, 0, 1, 2);
    mAimWeight->setSingleStep(0.05);
    mForm->addRow(new QLabel(this), mAimWeight);
    mPointButton = new QPushButton(this);
    mPointButton->setObjectName(QLatin1String(names::kRigPanelPointButton));
    mForm->addRow(mPointButton);
    mPartner = new QComboBox(this);
    mPartner->setObjectName(QLatin1String(names::kRigPanelPartnerComboBox));
    mForm->addRow(new QLabel(this), mPartner);
    mPartnerWeight = makeSpin(this, names::kRigPanelPartnerWeightSpinBox, 0, 1, 2);
    mPartnerWeight->setSingleStep(0.05);
    mForm->addRow(new QLabel(this), mPartnerWeight);

    connect(mAim, &QComboBox::activated, this, &RigPanel::editAim);
    connect(mAimWeight, &QDoubleSpinBox::valueChanged, this, &RigPanel::editAim);
    connect(mPartner, &QComboBox::activated, this, &RigPanel::editPartner);
    connect(mPartnerWeight, &QDoubleSpinBox::valueChanged, this, &RigPanel::editPartner);
    connect(mPointButton, &QPushButton::clicked, this, [this] {
        mGizmo->setTarget(PointGizmo::Target::LookAt, mBone);
        mGizmo->activate();
    });
    connect(mDocument, &Document::changed, this, [this](Document::Changes what) {
        if (what & (Document::CharacterChanged | Document::SkeletonChanged)) rebuildBones();
        update();
    });
    retranslateUi();
    rebuildBones();
}

void RigPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QGroupBox::changeEvent(event);
}

void RigPanel::retranslateUi()
{
    setTitle(tr("Rig"));
    setToolTip(tr("Bones driven from the animated skeleton before the cloth: a look-at turns "
                  "the bone towards a point on another bone or straight down; a position "
                  "constraint keeps two bones at their rest distance"));
    const auto label = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(mForm->labelForField(field))) l->setText(text);
    };
    label(mAim, tr("Looks at:"));
    label(mPoint[0]->parentWidget(), tr("Point:"));
    label(mAimWeight, tr("Look-at weight:"));
    label(mPartner, tr("Keeps distance to:"));
    label(mPartnerWeight, tr("Distance weight:"));
    mAim->setToolTip(tr("Nothing, straight down, or a point on another bone"));
    const QString axes[3] = {tr("Point x on the target bone"), tr("Point y on the target bone"),
                             tr("Point z on the target bone")};
    for (size_t a = 0; a < 3; ++a) {
        mPoint[a]->setToolTip(axes[a]);
        mPoint[a]->setSuffix(tr(" m"));
    }
    mAimWeight->setToolTip(tr("Share of the turn applied: 1 aims exactly"));
    mPointButton->setText(tr("Move Look-At Point"));
    mPointButton->setToolTip(tr("Drag the look-at point in the viewport"));
    mPartner->setToolTip(tr("A bone kept at its rest distance from this one"));
    mPartnerWeight->setToolTip(tr("Share of the distance correction applied"));
    rebuildBones();
}

void RigPanel::setBone(int bone)
{
    if (bone == mBone) return;
    mBone = bone;
    rebuildBones();
}

void RigPanel::rebuildBones()
{
    const QSignalBlocker blockAim(mAim), blockPartner(mPartner);
    mAim->clear();
    mPartner->clear();
    mAim->addItem(tr("Nothing"), kNone);
    mAim->addItem(tr("Straight down"), kDown);
    mPartner->addItem(tr("Nothing"), kNone);
    const Skeleton &skeleton = mDocument->asset().skeleton;
    std::vector<int> parents;
    for (const Bone &b : skeleton.bones)
        parents.push_back(b.parent);
    std::vector<uint8_t> below(skeleton.bones.size(), 0); // the bone's subtree: it turns them
    for (size_t b = 0; b < skeleton.bones.size(); ++b)
        below[b] = int(b) == mBone || (parents[b] >= 0 && size_t(parents[b]) < b &&
                                       below[size_t(parents[b])]);
    for (size_t b = 0; b < skeleton.bones.size(); ++b) {
        const QString name = QString::fromStdString(skeleton.bones[b].name);
        if (!below[b]) mAim->addItem(name, int(b));
        if (int(b) != mBone) mPartner->addItem(name, int(b));
    }
    update();
}

void RigPanel::update()
{
    mUpdating = true;
    const auto &rig = mDocument->asset().rigConstraints;
    const int aim = mBone >= 0 ? findRigConstraint(rig, RigConstraintKind::LookAt, mBone) : -1;
    const int partner = mBone >= 0 ? partnerIndex(rig, mBone) : -1;
    {
        const QSignalBlocker block(mAim);
        mAim->setCurrentIndex(
            std::max(0, mAim->findData(aim < 0 ? kNone : rig[size_t(aim)].target)));
    }
    {
        const QSignalBlocker block(mPartner);
        mPartner->setCurrentIndex(
            std::max(0, mPartner->findData(partner < 0 ? kNone : rig[size_t(partner)].target)));
    }
    for (size_t a = 0; a < 3; ++a) {
        const QSignalBlocker block(mPoint[a]);
        mPoint[a]->setValue(aim < 0 ? 0.0 : double(rig[size_t(aim)].point[int(a)]));
        mPoint[a]->setEnabled(aim >= 0 && rig[size_t(aim)].target >= 0);
    }
    {
        const QSignalBlocker block(mAimWeight);
        mAimWeight->setValue(aim < 0 ? 1.0 : double(rig[size_t(aim)].weight));
    }
    {
        const QSignalBlocker block(mPartnerWeight);
        mPartnerWeight->setValue(partner < 0 ? 1.0 : double(rig[size_t(partner)].weight));
    }
    mAim->setEnabled(mBone >= 0);
    mPartner->setEnabled(mBone >= 0);
    mAimWeight->setEnabled(aim >= 0);
    mPointButton->setEnabled(aim >= 0 && rig[size_t(aim)].target >= 0);
    mPartnerWeight->setEnabled(partner >= 0);
    mUpdating = false;
}

void RigPanel::editAim()
{
    if (mUpdating || mBone < 0) return;
    const int target = mAim->currentData().toInt();
    ClothingAsset asset = mDocument->asset();
    const int existing = findRigConstraint(asset.rigConstraints, RigConstraintKind::LookAt, mBone);
    try {
        if (target == kNone) {
            if (existing < 0) return;
            removeRigConstraint(asset, RigConstraintKind::LookAt, mBone);
            mDocument->replaceAsset(std::move(asset), tr("Remove Look-At"),
                                    Document::CollisionChanged);
            return;
        }
        RigConstraint c;
        c.bone = mBone;
        c.target = target == kDown ? -1 : target;
        if (existing >= 0 && asset.rigConstraints[size_t(existing)].target == c.target)
            c.point = {float(mPoint[0]->value()), float(mPoint[1]->value()),
                       float(mPoint[2]->value())};
        c.weight = float(mAimWeight->value());
        if (existing >= 0 && asset.rigConstraints[size_t(existing)] == c) return;
        setRigConstraint(asset, c);
        mDocument->replaceAsset(std::move(asset),
                                existing < 0 ? tr("Add Look-At") : tr("Edit Look-At"),
                                Document::CollisionChanged);
    } catch (const InputError &) {
        update(); // a choice the asset refuses: the panel shows the asset again
    }
}

void RigPanel::editPartner()
{
    if (mUpdating || mBone < 0) return;
    const int target = mPartner->currentData().toInt();
    ClothingAsset asset = mDocument->asset();
    const int existing = partnerIndex(asset.rigConstraints, mBone);
    try {
        if (existing >= 0) {
            const RigConstraint old = asset.rigConstraints[size_t(existing)];
            if (target == old.target && float(mPartnerWeight->value()) == old.weight) return;
            asset.rigConstraints.erase(asset.rigConstraints.begin() + existing);
        }
        if (target == kNone) {
            if (existing < 0) return;
            mDocument->replaceAsset(std::move(asset), tr("Remove Position Constraint"),
                                    Document::CollisionChanged);
            return;
        }
        RigConstraint c;
        c.kind = RigConstraintKind::Position;
        c.bone = mBone;
        c.target = target;
        c.weight = float(mPartnerWeight->value());
        setRigConstraint(asset, c);
        mDocument->replaceAsset(std::move(asset),
                                existing < 0 ? tr("Add Position Constraint")
                                             : tr("Edit Position Constraint"),
                                Document::CollisionChanged);
    } catch (const InputError &) {
        update();
    }
}

} // namespace tweed::editor
