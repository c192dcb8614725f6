// The Paint dock: which channel is painted (the seven value channels and the three masks, with
// a picker for the latch groups' bits), the tool (brush, smooth, fill, gradient, pick, lasso,
// box), the brush (radius, strength, falloff, mode, value), fills, symmetry, paint-through and
// how the channel is shown (on the garment or its physics mesh, ramp range). Owns the PaintTool.
#pragma once

#include "paint/paint_tool.h"
#include "units.h"

#include <QDockWidget>

#include <array>

class QAction;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace tweed::editor {

class FalloffPreview;
struct EditorContext;
class MaskBitsPicker;

class PaintDock : public QDockWidget
{
    Q_OBJECT

public:
    PaintDock(const EditorContext &context, QWidget *parent = nullptr);

    PaintTool *tool() const { return mTool; }
    /// Tools > Paint Channels: switches painting on and shows the dock.
    QAction *paintAction() const { return mPaintAction; }

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    /// Remembered per value channel: the value fields and the ramp range, metres or factors.
    struct ChannelState
    {
        double value = 0, secondValue = 0, rampMin = 0, rampMax = 0;
        bool rampChosen = false;
    };

    void retranslateUi();
    void setLengthUnit(LengthUnit unit);
    PaintTarget target() const;
    bool targetIsLength() const;
    double valueScale() const;
    /// The value fields and ramp show the current channel's state in the current unit.
    void showChannelState();
    void applySettings();
    void fitRamp();
    void setActive(bool active);
    void updateEnabled();
    void showPhysicsOverlay(bool show);
    /// The exponential mass gradient from the pinned region on the Mass Scale channel, one
    /// undo step.
    void applyMassGradient();

    const EditorContext &mContext;
    PaintTool *mTool;
    LengthUnit mUnit;
    std::array<ChannelState, tweed::kFloatChannelCount> mChannels{};
    bool mTurnedOnPhysicsOverlay = false;

    QToolButton *mActivate;
    QAction *mPaintAction;
    QGroupBox *mChannelGroup, *mToolGroup, *mBrushGroup, *mFillGroup, *mMirrorGroup,
        *mDisplayGroup;
    QLabel *mChannelLabel, *mBitsLabel;
    QComboBox *mChannel;
    MaskBitsPicker *mBits;
    QButtonGroup *mTools;
    std::array<QToolButton *, 7> mToolButtons{};
    QLabel *mRadiusLabel, *mStrengthLabel, *mFalloffLabel, *mModeLabel, *mValueLabel,
        *mSecondValueLabel;
    QDoubleSpinBox *mRadius, *mStrength, *mValue, *mSecondValue;
    QComboBox *mFalloff, *mMode;
    FalloffPreview *mFalloffPreview;
    QLabel *mFillScopeLabel;
    QComboBox *mFillScope;
    QLabel *mMirrorLabel, *mMirrorMethodLabel, *mToleranceLabel;
    QComboBox *mMirror, *mMirrorMethod;
    QDoubleSpinBox *mTolerance;
    QCheckBox *mPaintThrough;
    QLabel *mDisplayLabel, *mRampMinLabel, *mRampMaxLabel;
    QComboBox *mDisplay;
    QDoubleSpinBox *mRampMin, *mRampMax;
    QPushButton *mRampFit;
    QLabel *mStatus;
    QGroupBox *mMassGroup;
    QLabel *mMassFactorLabel, *mMassLevelsLabel;
    QDoubleSpinBox *mMassFactor;
    QSpinBox *mMassLevels;
    QPushButton *mMassApply;
};

} // namespace tweed::editor
