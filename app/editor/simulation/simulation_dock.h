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

class SimulationController;
class Playback;

class SimulationDock : public QDockWidget
{
    Q_OBJECT

public:
    SimulationDock(SimulationController *controller, Playback *playback,
                   QWidget *parent = nullptr);

    /// Simulate (checkable), Play/Pause, Step and Reset as actions for a Simulation menu; the
    /// dock owns and translates them.
    QList<QAction *> menuActions() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateState();
    void applyWind();
    void showWind();

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
    QAction *mSimulateAction;
    QAction *mPlayAction;
    QAction *mStepAction;
    QAction *mResetAction;
};

} // namespace tweed::editor
