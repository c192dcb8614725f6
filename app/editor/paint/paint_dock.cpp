#include "paint/paint_dock.h"

#include "object_names.h"
#include "paint/paint_widgets.h"

#include "document.h"
#include "editor_context.h"
#include "preferences.h"
#include "prompts.h"
#include "viewport/viewport.h"

#include "tweed/asset_queries.h"
#include "tweed/errors.h"
#include "tweed/meshproc/paint.h"

#include <QAction>
#include <QButtonGroup>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tweed::editor {

namespace {

constexpr int kMaskEntries = 3; // after the value channels: Physics, Latch Master, Latch Slave

bool isLength(FloatChannel c)
{
    return c == FloatChannel::MaxDistance || c == FloatChannel::BackstopRadius ||
           c == FloatChannel::BackstopDistance;
}

QDoubleSpinBox *makeSpin(QWidget *parent, const char *name)
{
    auto *spin = new QDoubleSpinBox(parent);
    spin->setObjectName(QString::fromLatin1(name));
    spin->setKeyboardTracking(false);
    return spin;
}

QComboBox *makeCombo(QWidget *parent, const char *name, int items)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(QString::fromLatin1(name));
    for (int i = 0; i < items; ++i)
        combo->addItem(QString());
    return combo;
}

} // namespace

PaintDock::PaintDock(const EditorContext &context, QWidget *parent)
    : QDockWidget(parent), mContext(context),
      mTool(new PaintTool(context.document, context.viewport, this)),
      mUnit(context.preferences->lengthUnit())
{
    setObjectName(names::kPaintDock);
    for (size_t c = 0; c < mChannels.size(); ++c) {
        const FloatChannel channel = FloatChannel(c);
        ChannelState &state = mChannels[c];
        if (isLength(channel)) {
            state.value = 0.05;
            state.secondValue = 0.0;
            state.rampMax = 0.1;
        } else {
            state.value = 1.0;
            state.secondValue = 0.0;
            state.rampMax = 2.0;
        }
    }

    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(names::kPaintDockScrollArea);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *body = new QWidget(scroll);
    auto *layout = new QVBoxLayout(body);

    mActivate = new QToolButton(body);
    mActivate->setObjectName(names::kPaintDockActivateButton);
    mActivate->setCheckable(true);
    mActivate->setToolButtonStyle(Qt::ToolButtonTextOnly);
    mActivate->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(mActivate);

    // Channel.
    mChannelGroup = new QGroupBox(body);
    mChannelGroup->setObjectName(names::kPaintDockChannelGroupBox);
    auto *channelForm = new QFormLayout(mChannelGroup);
    mChannelLabel = new QLabel(mChannelGroup);
    mChannel = makeCombo(mChannelGroup, names::kPaintDockChannelComboBox,
                         int(kFloatChannelCount) + kMaskEntries);
    channelForm->addRow(mChannelLabel, mChannel);
    mBitsLabel = new QLabel(mChannelGroup);
    mBits = new MaskBitsPicker(QString::fromLatin1(names::kPaintDockBitsPicker), mChannelGroup);
    channelForm->addRow(mBitsLabel, mBits);
    layout->addWidget(mChannelGroup);

    // Tool.
    mToolGroup = new QGroupBox(body);
    mToolGroup->setObjectName(names::kPaintDockToolGroupBox);
    auto *toolGrid = new QGridLayout(mToolGroup);
    mTools = new QButtonGroup(this);
    mTools->setExclusive(true);
    const char *toolNames[] = {names::kPaintDockBrushButton, names::kPaintDockSmoothButton,
                               names::kPaintDockFillButton,  names::kPaintDockGradientButton,
                               names::kPaintDockPickButton,  names::kPaintDockLassoButton,
                               names::kPaintDockBoxButton};
    for (int i = 0; i < 7; ++i) {
        auto *button = new QToolButton(mToolGroup);
        button->setObjectName(QString::fromLatin1(toolNames[i]));
        button->setCheckable(true);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        mTools->addButton(button, i);
        toolGrid->addWidget(button, i / 4, i % 4);
        mToolButtons[size_t(i)] = button;
    }
    mToolButtons[0]->setChecked(true);
    layout->addWidget(mToolGroup);

    // Brush.
    mBrushGroup = new QGroupBox(body);
    mBrushGroup->setObjectName(names::kPaintDockBrushGroupBox);
    auto *brushForm = new QFormLayout(mBrushGroup);
    mRadiusLabel = new QLabel(mBrushGroup);
    mRadius = makeSpin(mBrushGroup, names::kPaintDockRadiusSpinBox);
    brushForm->addRow(mRadiusLabel, mRadius);
    mStrengthLabel = new QLabel(mBrushGroup);
    mStrength = makeSpin(mBrushGroup, names::kPaintDockStrengthSpinBox);
    mStrength->setRange(0, 100);
    mStrength->setDecimals(0);
    mStrength->setSingleStep(5);
    mStrength->setSuffix(QStringLiteral(" %"));
    mStrength->setValue(100);
    brushForm->addRow(mStrengthLabel, mStrength);
    mFalloffLabel = new QLabel(mBrushGroup);
    auto *falloffRow = new QHBoxLayout;
    mFalloff = makeCombo(mBrushGroup, names::kPaintDockFalloffComboBox, 4);
    mFalloff->setCurrentIndex(int(Falloff::Smooth));
    mFalloffPreview = new FalloffPreview(mBrushGroup);
    mFalloffPreview->setObjectName(names::kPaintDockFalloffPreview);
    falloffRow->addWidget(mFalloff);
    falloffRow->addWidget(mFalloffPreview);
    brushForm->addRow(mFalloffLabel, falloffRow);
    mModeLabel = new QLabel(mBrushGroup);
    mMode = makeCombo(mBrushGroup, names::kPaintDockModeComboBox, 4);
    brushForm->addRow(mModeLabel, mMode);
    mValueLabel = new QLabel(mBrushGroup);
    mValue = makeSpin(mBrushGroup, names::kPaintDockValueSpinBox);
    brushForm->addRow(mValueLabel, mValue);
    mSecondValueLabel = new QLabel(mBrushGroup);
    mSecondValue = makeSpin(mBrushGroup, names::kPaintDockSecondValueSpinBox);
    brushForm->addRow(mSecondValueLabel, mSecondValue);
    layout->addWidget(mBrushGroup);

    // Fill.
    mFillGroup = new QGroupBox(body);
    mFillGroup->setObjectName(names::kPaintDockFillGroupBox);
    auto *fillForm = new QFormLayout(mFillGroup);
    mFillScopeLabel = new QLabel(mFillGroup);
    mFillScope = makeCombo(mFillGroup, names::kPaintDockFillScopeComboBox, 2);
    fillForm->addRow(mFillScopeLabel, mFillScope);
    mPaintThrough = new QCheckBox(mFillGroup);
    mPaintThrough->setObjectName(names::kPaintDockPaintThroughCheckBox);
    fillForm->addRow(mPaintThrough);
    layout->addWidget(mFillGroup);

    // Exponential mass gradient (Mass Scale).
    mMassGroup = new QGroupBox(body);
    mMassGroup->setObjectName(names::kPaintDockMassGradientGroupBox);
    auto *massForm = new QFormLayout(mMassGroup);
    mMassFactorLabel = new QLabel(mMassGroup);
    mMassFactor = new QDoubleSpinBox(mMassGroup);
    mMassFactor->setObjectName(names::kPaintDockMassFactorSpinBox);
    mMassFactor->setRange(1.0, 10.0);
    mMassFactor->setDecimals(2);
    mMassFactor->setSingleStep(0.1);
    mMassFactor->setValue(2.0);
    massForm->addRow(mMassFactorLabel, mMassFactor);
    mMassLevelsLabel = new QLabel(mMassGroup);
    mMassLevels = new QSpinBox(mMassGroup);
    mMassLevels->setObjectName(names::kPaintDockMassLevelsSpinBox);
    mMassLevels->setRange(1, 64);
    mMassLevels->setValue(4);
    massForm->addRow(mMassLevelsLabel, mMassLevels);
    mMassApply = new QPushButton(mMassGroup);
    mMassApply->setObjectName(names::kPaintDockMassGradientButton);
    massForm->addRow(mMassApply);
    connect(mMassApply, &QPushButton::clicked, this, &PaintDock::applyMassGradient);
    layout->addWidget(mMassGroup);

    // Symmetry.
    mMirrorGroup = new QGroupBox(body);
    mMirrorGroup->setObjectName(names::kPaintDockMirrorGroupBox);
    auto *mirrorForm = new QFormLayout(mMirrorGroup);
    mMirrorLabel = new QLabel(mMirrorGroup);
    mMirror = makeCombo(mMirrorGroup, names::kPaintDockMirrorComboBox, 4);
    mirrorForm->addRow(mMirrorLabel, mMirror);
    mMirrorMethodLabel = new QLabel(mMirrorGroup);
    mMirrorMethod = makeCombo(mMirrorGroup, names::kPaintDockMirrorMethodComboBox, 2);
    mirrorForm->addRow(mMirrorMethodLabel, mMirrorMethod);
    mToleranceLabel = new QLabel(mMirrorGroup);
    mTolerance = makeSpin(mMirrorGroup, names::kPaintDockMirrorToleranceSpinBox);
    mirrorForm->addRow(mToleranceLabel, mTolerance);
    layout->addWidget(mMirrorGroup);

    // Display.
    mDisplayGroup = new QGroupBox(body);
    mDisplayGroup->setObjectName(names::kPaintDockDisplayGroupBox);
    auto *displayForm = new QFormLayout(mDisplayGroup);
    mDisplayLabel = new QLabel(mDisplayGroup);
    mDisplay = makeCombo(mDisplayGroup, names::kPaintDockDisplayComboBox, 2);
    displayForm->addRow(mDisplayLabel, mDisplay);
    mRampMinLabel = new QLabel(mDisplayGroup);
    mRampMin = makeSpin(mDisplayGroup, names::kPaintDockRampMinSpinBox);
    displayForm->addRow(mRampMinLabel, mRampMin);
    mRampMaxLabel = new QLabel(mDisplayGroup);
    auto *maxRow = new QHBoxLayout;
    mRampMax = makeSpin(mDisplayGroup, names::kPaintDockRampMaxSpinBox);
    mRampFit = new QPushButton(mDisplayGroup);
    mRampFit->setObjectName(names::kPaintDockRampFitButton);
    maxRow->addWidget(mRampMax);
    maxRow->addWidget(mRampFit);
    displayForm->addRow(mRampMaxLabel, maxRow);
    layout->addWidget(mDisplayGroup);

    mStatus = new QLabel(body);
    mStatus->setObjectName(names::kPaintDockStatusLabel);
    mStatus->setWordWrap(true);
    layout->addWidget(mStatus);
    layout->addStretch();
    scroll->setWidget(body);
    setWidget(scroll);

    mPaintAction = new QAction(this);
    mPaintAction->setObjectName(names::kPaintDockPaintAction);
    mPaintAction->setCheckable(true);

    // Wiring: every control rebuilds the tool's settings.
    connect(mActivate, &QToolButton::toggled, this, &PaintDock::setActive);
    connect(mPaintAction, &QAction::toggled, this, [this](bool on) {
        if (on) {
            show();
            raise();
        }
        setActive(on);
    });
    connect(mTool, &PaintTool::activeChanged, this, [this](bool on) {
        const QSignalBlocker a(mActivate), b(mPaintAction);
        mActivate->setChecked(on);
        mPaintAction->setChecked(on);
        if (!on)
            showPhysicsOverlay(false);
    });
    connect(mChannel, &QComboBox::currentIndexChanged, this, [this] {
        showChannelState();
        updateEnabled();
        applySettings();
    });
    connect(mBits, &MaskBitsPicker::bitsChanged, this, &PaintDock::applySettings);
    connect(mTools, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on) {
            updateEnabled();
            applySettings();
        }
    });
    for (QDoubleSpinBox *spin : {mRadius, mStrength, mTolerance})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &PaintDock::applySettings);
    // The value fields and the ramp are remembered per channel, in metres or factors.
    const auto remember = [this](double ChannelState::*field, QDoubleSpinBox *spin) {
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, field, spin](double shown) {
            const PaintTarget t = target();
            if (!t.mask) {
                mChannels[size_t(t.channel)].*field = shown / valueScale();
                if (spin == mRampMin || spin == mRampMax)
                    mChannels[size_t(t.channel)].rampChosen = true;
            }
            applySettings();
        });
    };
    remember(&ChannelState::value, mValue);
    remember(&ChannelState::secondValue, mSecondValue);
    remember(&ChannelState::rampMin, mRampMin);
    remember(&ChannelState::rampMax, mRampMax);
    connect(mFalloff, &QComboBox::currentIndexChanged, this, [this](int index) {
        mFalloffPreview->setFalloff(Falloff(index));
        applySettings();
    });
    for (QComboBox *combo : {mMode, mFillScope, mMirror, mMirrorMethod})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            updateEnabled();
            applySettings();
        });
    connect(mDisplay, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (mTool->isActive())
            showPhysicsOverlay(index == 1);
        applySettings();
    });
    connect(mPaintThrough, &QCheckBox::toggled, this, &PaintDock::applySettings);
    connect(mRampFit, &QPushButton::clicked, this, &PaintDock::fitRamp);

    connect(mTool, &PaintTool::valuePicked, this, [this](float value) {
        mValue->setValue(value * valueScale());
        mStatus->setText(tr("Picked %1").arg(mValue->text()));
    });
    connect(mTool, &PaintTool::maskPicked, this, [this](uint32_t mask) {
        mBits->setBits(mask);
        mStatus->setText(tr("Picked mask 0x%1").arg(mask, 8, 16, QLatin1Char('0')));
    });
    connect(mTool, &PaintTool::radiusRequested, this, [this](float metres) {
        mRadius->setValue(metres * (mUnit == LengthUnit::Centimetres ? 100.0 : 1.0));
    });
    connect(mTool, &PaintTool::status, mStatus, &QLabel::setText);
    connect(mTool, &PaintTool::errorOccurred, this, [this](const QString &message) {
        mContext.prompts->showError(this, tr("Painting"), message);
    });
    connect(context.preferences, &Preferences::lengthUnitChanged, this,
            &PaintDock::setLengthUnit);
    // A new document: the ramp ranges fit its values again.
    connect(context.document, &Document::changed, this, [this](Document::Changes what) {
        if (what & (Document::CharacterChanged | Document::MeshesChanged)) {
            for (ChannelState &state : mChannels)
                state.rampChosen = false;
            showChannelState();
        }
        updateEnabled();
    });

    retranslateUi();
    showChannelState();
    updateEnabled();
    applySettings();
}

PaintTarget PaintDock::target() const
{
    const int index = std::max(mChannel->currentIndex(), 0);
    if (index < int(kFloatChannelCount))
        return {false, index};
    return {true, index - int(kFloatChannelCount)};
}

bool PaintDock::targetIsLength() const
{
    const PaintTarget t = target();
    return !t.mask && isLength(FloatChannel(t.channel));
}

double PaintDock::valueScale() const
{
    return targetIsLength() && mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
}

void PaintDock::setLengthUnit(LengthUnit unit)
{
    mUnit = unit;
    showChannelState();
}

void PaintDock::showChannelState()
{
    const bool cm = mUnit == LengthUnit::Centimetres;
    const double lengthScale = cm ? 100.0 : 1.0;
    const QString lengthSuffix = cm ? tr(" cm") : tr(" m");
    mTool->setLengthUnit(lengthScale, cm ? tr("cm") : tr("m"));
    {
        const double metres = mTool->settings().brush.radius;
        const QSignalBlocker block(mRadius);
        mRadius->setDecimals(cm ? 1 : 3);
        mRadius->setRange(0.001 * lengthScale, 2.0 * lengthScale);
        mRadius->setSingleStep(cm ? 1.0 : 0.01);
        mRadius->setSuffix(lengthSuffix);
        mRadius->setValue(metres * lengthScale);
    }
    {
        const double metres = mTool->settings().mirrorTolerance;
        const QSignalBlocker block(mTolerance);
        mTolerance->setDecimals(cm ? 2 : 4);
        mTolerance->setRange(0.0, 0.1 * lengthScale);
        mTolerance->setSingleStep(cm ? 0.1 : 0.001);
        mTolerance->setSuffix(lengthSuffix);
        mTolerance->setValue(metres * lengthScale);
    }
    const PaintTarget t = target();
    if (t.mask)
        return;
    ChannelState &state = mChannels[size_t(t.channel)];
    if (!state.rampChosen) {
        // The first look at a channel fits the ramp to its values.
        fitRamp();
        state.rampChosen = false;
    }
    const bool length = targetIsLength();
    const double scale = valueScale();
    const QString suffix = length ? lengthSuffix : QString();
    const double top = length ? 10.0 : 100.0;
    const std::pair<QDoubleSpinBox *, double> spins[] = {{mValue, state.value},
                                                         {mSecondValue, state.secondValue},
                                                         {mRampMin, state.rampMin},
                                                         {mRampMax, state.rampMax}};
    for (const auto &[spin, value] : spins) {
        const QSignalBlocker block(spin);
        spin->setDecimals(length ? (cm ? 2 : 4) : 3);
        spin->setRange(0.0, top * scale);
        spin->setSingleStep(length ? (cm ? 0.5 : 0.005) : 0.1);
        spin->setSuffix(suffix);
        spin->setValue(value * scale);
    }
}

// The ramp covers 0 to the channel's largest value (or the default when it is all zero).
void PaintDock::fitRamp()
{
    const PaintTarget t = target();
    if (t.mask)
        return;
    const ClothingAsset &asset = mContext.document->asset();
    const int lod = mTool->settings().lod;
    ChannelState &state = mChannels[size_t(t.channel)];
    float top = 0;
    if (lod >= 0 && lod < int(asset.lods.size()))
        for (float v : asset.lods[size_t(lod)].channels[FloatChannel(t.channel)])
            top = std::max(top, v);
    if (top <= 0)
        top = isLength(FloatChannel(t.channel)) ? 0.1f : 2.0f;
    state.rampMin = 0;
    state.rampMax = top;
    state.rampChosen = true;
    const double scale = valueScale();
    {
        const QSignalBlocker a(mRampMin), b(mRampMax);
        mRampMin->setValue(state.rampMin * scale);
        mRampMax->setValue(state.rampMax * scale);
    }
    applySettings();
}

void PaintDock::applySettings()
{
    PaintSettings s = mTool->settings();
    s.target = target();
    s.bits = s.target.mask && MaskChannel(s.target.channel) == MaskChannel::Physics
                 ? 1u
                 : mBits->bits();
    s.tool = PaintToolKind(std::max(mTools->checkedId(), 0));
    const double lengthScale = mUnit == LengthUnit::Centimetres ? 100.0 : 1.0;
    s.brush.radius = float(mRadius->value() / lengthScale);
    s.brush.strength = float(mStrength->value() / 100.0);
    s.brush.falloff = Falloff(std::max(mFalloff->currentIndex(), 0));
    s.brush.mode = PaintMode(std::max(mMode->currentIndex(), 0));
    if (!s.target.mask) {
        const ChannelState &state = mChannels[size_t(s.target.channel)];
        s.brush.value = float(state.value);
        s.secondValue = float(state.secondValue);
        s.rampMin = float(state.rampMin);
        s.rampMax = float(std::max(state.rampMax, state.rampMin + 1e-6));
    }
    s.fillConnected = mFillScope->currentIndex() == 1;
    s.mirror = PaintMirror(std::max(mMirror->currentIndex(), 0));
    s.mirrorByTopology = mMirrorMethod->currentIndex() == 1;
    s.mirrorTolerance = float(mTolerance->value() / lengthScale);
    s.paintThrough = mPaintThrough->isChecked();
    s.showOnPhysics = mDisplay->currentIndex() == 1;
    mTool->setSettings(s);
}

void PaintDock::applyMassGradient()
{
    const int lod = mTool->settings().lod;
    const auto &lods = mContext.document->asset().lods;
    if (lod < 0 || size_t(lod) >= lods.size()) return;
    const GraphicsLod &l = lods[size_t(lod)];
    std::vector<uint32_t> pins;
    const std::vector<float> &maxDistance = l.channels[FloatChannel::MaxDistance];
    for (size_t v = 0; v < maxDistance.size(); ++v)
        if (maxDistance[v] <= 0.0f) pins.push_back(uint32_t(v));
    try {
        const VertexGraph graph = buildVertexGraph(l.mesh.positions, l.mesh.indices);
        const ValueEdit edit =
            exponentialGradientValues(graph, l.channels[FloatChannel::MassScale], pins,
                                      float(mMassFactor->value()), uint32_t(mMassLevels->value()));
        if (!edit.vertices.empty())
            mContext.document->paintChannel(lod, FloatChannel::MassScale, edit,
                                            tr("Exponential Mass Gradient"));
        mStatus->setText(tr("%n vertices changed", nullptr, int(edit.vertices.size())));
    } catch (const InputError &error) {
        mContext.prompts->showError(this, tr("Mass Gradient"),
                                    QString::fromStdString(error.what()));
    }
}

void PaintDock::updateEnabled()
{
    const PaintTarget t = target();
    const bool latch = t.mask && MaskChannel(t.channel) != MaskChannel::Physics;
    mBits->setVisible(latch);
    mBitsLabel->setVisible(latch);
    // Smoothing and gradients interpolate values: masks have none.
    for (PaintToolKind kind : {PaintToolKind::Smooth, PaintToolKind::Gradient})
        mToolButtons[size_t(kind)]->setEnabled(!t.mask);
    if (t.mask && (mTools->checkedId() == int(PaintToolKind::Smooth) ||
                   mTools->checkedId() == int(PaintToolKind::Gradient)))
        mToolButtons[size_t(PaintToolKind::Brush)]->setChecked(true);
    const PaintToolKind tool = PaintToolKind(std::max(mTools->checkedId(), 0));
    const bool gradient = tool == PaintToolKind::Gradient;
    mSecondValue->setEnabled(gradient);
    mSecondValueLabel->setEnabled(gradient);
    for (QWidget *w : {static_cast<QWidget *>(mValue), static_cast<QWidget *>(mValueLabel),
                       static_cast<QWidget *>(mRampMin), static_cast<QWidget *>(mRampMax),
                       static_cast<QWidget *>(mRampFit), static_cast<QWidget *>(mRampMinLabel),
                       static_cast<QWidget *>(mRampMaxLabel)})
        w->setEnabled(!t.mask);
    const bool mirror = mMirror->currentIndex() > 0;
    mMirrorMethod->setEnabled(mirror);
    mTolerance->setEnabled(mirror);
    const bool hasPhysics = [this] {
        return physicsMeshOf(mContext.document->asset(), mTool->settings().lod) != nullptr;
    }();
    mDisplay->setEnabled(hasPhysics);
    const bool painting = !mContext.document->asset().lods.empty();
    mActivate->setEnabled(painting);
    mPaintAction->setEnabled(painting);
}

void PaintDock::setActive(bool active)
{
    if (active && mContext.document->asset().lods.empty()) {
        active = false;
        mStatus->setText(tr("Open a character to paint its garment"));
    }
    mTool->setActive(active);
    {
        const QSignalBlocker a(mActivate), b(mPaintAction);
        mActivate->setChecked(mTool->isActive());
        mPaintAction->setChecked(mTool->isActive());
    }
    showPhysicsOverlay(mTool->isActive() && mDisplay->currentIndex() == 1);
}

// Colours on the physics mesh need its overlay: shown while painting there (the View menu's
// check mark follows the viewport).
void PaintDock::showPhysicsOverlay(bool show)
{
    if (show == mTurnedOnPhysicsOverlay)
        return;
    Viewport *viewport = mContext.viewport;
    const bool visible = viewport->isOverlayVisible(Viewport::Overlay::PhysicsMesh);
    if (show && visible)
        return; // already on: the user's choice, left alone
    if (!show && !visible) {
        mTurnedOnPhysicsOverlay = false;
        return;
    }
    viewport->setOverlayVisible(Viewport::Overlay::PhysicsMesh, show);
    mTurnedOnPhysicsOverlay = show;
}

void PaintDock::closeEvent(QCloseEvent *event)
{
    setActive(false);
    QDockWidget::closeEvent(event);
}

void PaintDock::retranslateUi()
{
    setWindowTitle(tr("Paint"));
    mActivate->setText(tr("Paint"));
    mActivate->setAccessibleName(tr("Paint Tool"));
    mActivate->setToolTip(tr("Paint in the viewport with the left mouse button; Alt and the "
                             "other buttons still move the camera"));
    mPaintAction->setText(tr("&Paint Channels"));
    mChannelGroup->setTitle(tr("Channel"));
    mChannelLabel->setText(tr("Channel"));
    const QString channels[] = {tr("Max Distance"),     tr("Backstop Radius"),
                                tr("Backstop Distance"), tr("Stiffness Scale"),
                                tr("Damping Scale"),     tr("Wind Scale"),
                                tr("Mass Scale"),        tr("Bend Scale"),
                                tr("Physics (on/off)"),
                                tr("Latch Master"),      tr("Latch Slave")};
    for (int i = 0; i < mChannel->count(); ++i)
        mChannel->setItemText(i, channels[i]);
    mChannel->setToolTip(tr("The per-vertex channel to paint"));
    mBitsLabel->setText(tr("Groups"));
    mBits->setToolTip(tr("The latch groups (bits) the tools set or clear"));
    mToolGroup->setTitle(tr("Tool"));
    const QString tools[] = {tr("Brush"), tr("Smooth"), tr("Fill"), tr("Gradient"),
                             tr("Pick"),  tr("Lasso"),  tr("Box")};
    const QString toolTips[] = {
        tr("Drag over the garment to paint the value"),
        tr("Drag to even out the values under the brush"),
        tr("Click to give the whole garment (or the connected piece) the value"),
        tr("Click the start, then the end: values blend from Value to End value along the "
           "surface"),
        tr("Click to take the value under the cursor"),
        tr("Draw a loop around vertices to give them the value"),
        tr("Drag a rectangle around vertices to give them the value")};
    for (size_t i = 0; i < mToolButtons.size(); ++i) {
        mToolButtons[i]->setText(tools[i]);
        mToolButtons[i]->setToolTip(toolTips[i]);
    }
    mBrushGroup->setTitle(tr("Brush"));
    mRadiusLabel->setText(tr("Radius"));
    mRadius->setToolTip(tr("The brush radius in the scene ([ and ] in the viewport)"));
    mStrengthLabel->setText(tr("Strength"));
    mStrength->setToolTip(tr("How far one dab moves a value towards its target at the centre"));
    mFalloffLabel->setText(tr("Falloff"));
    const QString falloffs[] = {tr("Constant"), tr("Linear"), tr("Smooth"), tr("Sharp")};
    for (int i = 0; i < 4; ++i)
        mFalloff->setItemText(i, falloffs[i]);
    mFalloff->setToolTip(tr("How the brush weakens from its centre to its rim"));
    mModeLabel->setText(tr("Mode"));
    const QString modes[] = {tr("Set"), tr("Add"), tr("Subtract"), tr("Multiply")};
    for (int i = 0; i < 4; ++i)
        mMode->setItemText(i, modes[i]);
    mMode->setToolTip(tr("Values: set to, add, subtract or multiply by Value.\nMasks: set the "
                         "groups exactly, add them, remove them or keep only them"));
    mValueLabel->setText(tr("Value"));
    mValue->setToolTip(tr("What the tools paint (the gradient's start value)"));
    mSecondValueLabel->setText(tr("End value"));
    mSecondValue->setToolTip(tr("The gradient's value at its end point"));
    mFillGroup->setTitle(tr("Reach"));
    mFillScopeLabel->setText(tr("Fill"));
    mFillScope->setItemText(0, tr("Whole mesh"));
    mFillScope->setItemText(1, tr("Connected region"));
    mFillScope->setToolTip(tr("Fill the whole garment, or only the piece under the cursor"));
    mPaintThrough->setText(tr("Paint through"));
    mPaintThrough->setToolTip(tr("Also paint vertices hidden behind other parts of the garment; "
                                 "otherwise only what the camera sees changes"));
    mMassGroup->setTitle(tr("Mass Gradient"));
    mMassFactorLabel->setText(tr("Factor per level"));
    mMassFactor->setToolTip(tr("How many times as heavy each level is as the one below it"));
    mMassLevelsLabel->setText(tr("Levels"));
    mMassLevels->setToolTip(tr("How many levels (edge rings out from the pinned vertices) "
                               "grow heavier; the rest keep a Mass Scale of 1"));
    mMassApply->setText(tr("Apply Exponential Mass Gradient"));
    mMassApply->setToolTip(tr("Sets the Mass Scale channel: heaviest at the pinned vertices "
                              "(Max Distance 0), each level lighter by the factor"));
    mMirrorGroup->setTitle(tr("Symmetry"));
    mMirrorLabel->setText(tr("Mirror"));
    const QString mirrors[] = {tr("Off"), tr("X"), tr("Y"), tr("Z")};
    for (int i = 0; i < 4; ++i)
        mMirror->setItemText(i, mirrors[i]);
    mMirror->setToolTip(tr("Paint the mirror image across the character's plane too"));
    mMirrorMethodLabel->setText(tr("Match"));
    mMirrorMethod->setItemText(0, tr("By position"));
    mMirrorMethod->setItemText(1, tr("By topology"));
    mMirrorMethod->setToolTip(tr("Find mirror vertices by position within the tolerance, or "
                                 "follow the mesh's connections for meshes that are not placed "
                                 "exactly symmetrically"));
    mToleranceLabel->setText(tr("Tolerance"));
    mTolerance->setToolTip(tr("How far a mirrored vertex may be from its partner's mirror "
                              "image"));
    mDisplayGroup->setTitle(tr("Display"));
    mDisplayLabel->setText(tr("Show on"));
    mDisplay->setItemText(0, tr("Graphics mesh"));
    mDisplay->setItemText(1, tr("Physics mesh"));
    mDisplay->setToolTip(tr("Colour the garment, or the physics mesh that simulates it"));
    mRampMinLabel->setText(tr("Ramp from"));
    mRampMin->setToolTip(tr("The value shown dark blue"));
    mRampMaxLabel->setText(tr("Ramp to"));
    mRampMax->setToolTip(tr("The value shown red"));
    mRampFit->setText(tr("Fit"));
    mRampFit->setToolTip(tr("Fit the ramp to the channel's values"));
    showChannelState();
}

void PaintDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}

} // namespace tweed::editor
