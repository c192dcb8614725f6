#include "swatch_dialog.h"

#include "accessibility.h"
#include "object_names.h"
#include "settings_text.h"

#include "tweed/simulation_settings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tweed::editor {

namespace {

QDoubleSpinBox *makeLength(QWidget *parent, const char *name, double value)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setDecimals(3);
    box->setRange(0.001, 100.0);
    box->setSingleStep(0.05);
    box->setValue(value);
    return box;
}

} // namespace

SwatchDialog::SwatchDialog(bool rope, QWidget *parent) : QDialog(parent), mRope(rope)
{
    setObjectName(rope ? names::kSwatchDialogRope : names::kSwatchDialogPatch);
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    const tweed::SwatchOptions defaults;
    mWidthLabel = new QLabel(this);
    mWidth = makeLength(this, names::kSwatchDialogWidthSpinBox, rope ? 0.02 : defaults.width);
    mHeightLabel = new QLabel(this);
    mHeight = makeLength(this, names::kSwatchDialogHeightSpinBox, rope ? 1.0 : defaults.height);
    mResolutionLabel = new QLabel(this);
    mResolution = new QSpinBox(this);
    mResolution->setObjectName(names::kSwatchDialogResolutionSpinBox);
    mResolution->setRange(1, 500);
    mResolution->setValue(defaults.resolution);
    mPinnedLabel = new QLabel(this);
    mPinned = new QComboBox(this);
    mPinned->setObjectName(names::kSwatchDialogPinnedComboBox);
    const std::vector<tweed::PinnedEdge> edges =
        rope ? std::vector{tweed::PinnedEdge::Top, tweed::PinnedEdge::None}
             : std::vector{tweed::PinnedEdge::Top, tweed::PinnedEdge::Left,
                           tweed::PinnedEdge::TopCorners, tweed::PinnedEdge::None};
    for (tweed::PinnedEdge edge : edges)
        mPinned->addItem(QString(), int(edge));
    mPresetLabel = new QLabel(this);
    mPreset = new QComboBox(this);
    mPreset->setObjectName(names::kSwatchDialogPresetComboBox);
    for (const tweed::FabricPreset &preset : tweed::fabricPresets())
        mPreset->addItem(QString(), QString::fromLatin1(preset.name));
    form->addRow(mWidthLabel, mWidth);
    form->addRow(mHeightLabel, mHeight);
    form->addRow(mResolutionLabel, mResolution);
    form->addRow(mPinnedLabel, mPinned);
    form->addRow(mPresetLabel, mPreset);
    for (QLabel *label : {mWidthLabel, mHeightLabel, mResolutionLabel, mPinnedLabel, mPresetLabel})
        label->setBuddy(form->itemAt(form->indexOf(label) + 1)->widget());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(names::kSwatchDialogButtonBox);
    buttons->button(QDialogButtonBox::Ok)->setObjectName(names::kSwatchDialogOkButton);
    buttons->button(QDialogButtonBox::Cancel)->setObjectName(names::kSwatchDialogCancelButton);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    retranslateUi();
}

tweed::SwatchOptions SwatchDialog::options() const
{
    tweed::SwatchOptions o;
    o.width = float(mWidth->value());
    o.height = float(mHeight->value());
    o.resolution = mResolution->value();
    o.pinned = tweed::PinnedEdge(mPinned->currentData().toInt());
    o.preset = mPreset->currentData().toString().toStdString();
    return o;
}

void SwatchDialog::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslateUi();
}

void SwatchDialog::retranslateUi()
{
    setWindowTitle(mRope ? tr("New Rope") : tr("New Cloth Patch"));
    mWidthLabel->setText(mRope ? tr("&Thickness:") : tr("&Width:"));
    mHeightLabel->setText(mRope ? tr("&Length:") : tr("&Height:"));
    mResolutionLabel->setText(mRope ? tr("&Segments:") : tr("&Resolution:"));
    mPinnedLabel->setText(mRope ? tr("Held &end:") : tr("Held &edge:"));
    mPresetLabel->setText(tr("&Fabric:"));
    for (QDoubleSpinBox *box : {mWidth, mHeight})
        box->setSuffix(tr(" m"));
    mWidth->setToolTip(mRope ? tr("The rope is a strip this wide, two vertices across")
                             : tr("The patch's width along x"));
    mHeight->setToolTip(mRope ? tr("The rope hangs from this height down to the ground")
                              : tr("The patch hangs from this height down to the ground"));
    mResolution->setToolTip(mRope ? tr("Segments along the rope")
                                  : tr("Quads along the patch's longer side"));
    mPinned->setToolTip(tr("The vertices the bone holds (Max Distance 0)"));
    for (int i = 0; i < mPinned->count(); ++i) {
        switch (tweed::PinnedEdge(mPinned->itemData(i).toInt())) {
        case tweed::PinnedEdge::Top:
            mPinned->setItemText(i, mRope ? tr("Top end") : tr("Top edge"));
            break;
        case tweed::PinnedEdge::Left:
            mPinned->setItemText(i, tr("Left edge"));
            break;
        case tweed::PinnedEdge::TopCorners:
            mPinned->setItemText(i, tr("Top corners"));
            break;
        case tweed::PinnedEdge::None:
            mPinned->setItemText(i, tr("None (falls freely)"));
            break;
        }
    }
    mPreset->setToolTip(tr("The fabric preset the simulation settings start from"));
    for (int i = 0; i < mPreset->count(); ++i)
        mPreset->setItemText(i, presetLabel(tweed::fabricPresets()[size_t(i)]));
    nameControls(this);
}

} // namespace tweed::editor
