// The simulation dock: simulate on/off, play/pause, step and reset of the live preview, the
// procedural world motion, the wind, and shortcuts to three of View > Debug Views (skinned
// positions, velocities, stretch).
#pragma once

#include <QDockWidget>
#include <QList>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QToolButton;

namespace tweed::editor {

class GrabTool;
class SimulationController;
class Playback;
class Viewport;

class SimulationDock : public QDockWidget
{
    Q_OBJECT

public:
    SimulationDock(SimulationController *controller, Playback *playback,
                   QWidget *parent = nullptr);

    /// Simulate (checkable), Play/Pause, Step and Reset as actions for a Simulation menu; the
    /// dock owns and translates them.
    QList<QAction *> menuActions() const;

    /// The Grab button makes `tool` the viewport's tool; its Inspect readout shows in the
    /// dock. Without a call the button stays disabled.
    void setGrabTool(GrabTool *tool, Viewport *viewport);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateState();
    void applyWind();
    void showWind();
    void showCache();
    void bake();

    SimulationController *mController;
    Playback *mPlayback;
    QCheckBox *mSimulate;
    QToolButton *mPlay;
    QToolButton *mStep;
    QToolButton *mReset;
    QLabel *mMotionLabel;
    QComboBox *mMotion;
    QLabel *mDirectionLabel;
    QDoubleSpinBox *mDirection;
    QLabel *mElevationLabel;
    QDoubleSpinBox *mElevation;
    QLabel *mStrengthLabel;
    QDoubleSpinBox *mStrength;
    QLabel *mStatus;
    QCheckBox *mShowSkinned;
    QCheckBox *mShowVelocities;
    QCheckBox *mShowStretch;
    QLabel *mCacheLabel;
    QToolButton *mBake;
    QToolButton *mClearCache;
    QToolButton *mGrab;
    QLabel *mInspect;
    GrabTool *mGrabTool = nullptr;
    Viewport *mViewport = nullptr;
    QAction *mSimulateAction;
    QAction *mPlayAction;
    QAction *mStepAction;
    QAction *mResetAction;
};

} // namespace tweed::editor
