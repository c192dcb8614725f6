#include "simulation/simulation_dock.h"

#include "object_names.h"
#include "playback.h"
#include "simulation/debug_views.h"
#include "simulation/grab_tool.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tweed::editor {

SimulationDock::SimulationDock(SimulationController *controller, Playback *playback,
                               QWidget *parent)
    : QDockWidget(parent), mController(controller), mPlayback(playback)
{
    setObjectName(names::kSimulationDock);
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);

    mSimulate = new QCheckBox(body);
    mSimulate->setObjectName(names::kSimulationDockSimulateCheckBox);
    layout->addWidget(mSimulate);

    auto *buttons = new QHBoxLayout;
    const auto makeButton = [body, buttons](const char *name, QStyle::StandardPixmap icon) {
        auto *button = new QToolButton(body);
        button->setObjectName(QString::fromLatin1(name));
        button->setIcon(body->style()->standardIcon(icon));
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        buttons->addWidget(button);
        return button;
    };
    mPlay = makeButton(names::kSimulationDockPlayButton, QStyle::SP_MediaPlay);
    mStep = makeButton(names::kSimulationDockStepButton, QStyle::SP_MediaSeekForward);
    mReset = makeButton(names::kSimulationDockResetButton, QStyle::SP_MediaSkipBackward);
    buttons->addStretch();
    layout->addLayout(buttons);

    auto *form = new QFormLayout;
    mMotionLabel = new QLabel(body);
    mMotion = new QComboBox(body);
    mMotion->setObjectName(names::kSimulationDockMotionComboBox);
    for (int i = 0; i < 4; ++i)
        mMotion->addItem(QString());
    form->addRow(mMotionLabel, mMotion);
    mDirectionLabel = new QLabel(body);
    mDirection = new QDoubleSpinBox(body);
    mDirection->setObjectName(names::kSimulationDockWindDirectionSpinBox);
    mDirection->setRange(0, 360);
    mDirection->setWrapping(true);
    mDirection->setDecimals(0);
    mDirection->setSingleStep(15);
    mDirection->setSuffix(QStringLiteral(" °"));
    form->addRow(mDirectionLabel, mDirection);
    mElevationLabel = new QLabel(body);
    mElevation = new QDoubleSpinBox(body);
    mElevation->setObjectName(names::kSimulationDockWindElevationSpinBox);
    mElevation->setRange(-90, 90);
    mElevation->setDecimals(0);
    mElevation->setSingleStep(15);
    mElevation->setSuffix(QStringLiteral(" °"));
    form->addRow(mElevationLabel, mElevation);
    mStrengthLabel = new QLabel(body);
    mStrength = new QDoubleSpinBox(body);
    mStrength->setObjectName(names::kSimulationDockWindStrengthSpinBox);
    mStrength->setRange(0, 50);
    mStrength->setDecimals(1);
    mStrength->setSingleStep(0.5);
    form->addRow(mStrengthLabel, mStrength);
    layout->addLayout(form);

    const auto makeCheck = [body, layout](const char *name) {
        auto *box = new QCheckBox(body);
        box->setObjectName(QString::fromLatin1(name));
        layout->addWidget(box);
        return box;
    };
    mShowSkinned = makeCheck(names::kSimulationDockShowSkinnedCheckBox);
    mShowVelocities = makeCheck(names::kSimulationDockShowVelocitiesCheckBox);
    mShowStretch = makeCheck(names::kSimulationDockShowStretchCheckBox);
    // The check boxes are shortcuts to View > Debug Views: bound to the same actions.
    const std::pair<QCheckBox *, DebugViews::View> bound[] = {
        {mShowSkinned, DebugViews::SkinnedPositions},
        {mShowVelocities, DebugViews::Velocities},
        {mShowStretch, DebugViews::Stretch}};
    for (const auto &[box, view] : bound) {
        QAction *action = mController->debugViews()->action(view);
        box->setChecked(action->isChecked());
        connect(box, &QCheckBox::toggled, action, &QAction::setChecked);
        connect(action, &QAction::toggled, box, &QCheckBox::setChecked);
    }

    // The cache: its use, Bake Clip and Clear; then Grab and the Inspect readout.
    mCacheLabel = new QLabel(body);
    mCacheLabel->setObjectName(names::kSimulationDockCacheLabel);
    mCacheLabel->setWordWrap(true);
    layout->addWidget(mCacheLabel);
    auto *cacheButtons = new QHBoxLayout;
    const auto makeTextButton = [body, cacheButtons](const char *name) {
        auto *button = new QToolButton(body);
        button->setObjectName(QString::fromLatin1(name));
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        cacheButtons->addWidget(button);
        return button;
    };
    mBake = makeTextButton(names::kSimulationDockBakeButton);
    mClearCache = makeTextButton(names::kSimulationDockClearCacheButton);
    mGrab = makeTextButton(names::kSimulationDockGrabButton);
    mGrab->setCheckable(true);
    mGrab->setEnabled(false);
    cacheButtons->addStretch();
    layout->addLayout(cacheButtons);
    mInspect = new QLabel(body);
    mInspect->setObjectName(names::kSimulationDockInspectLabel);
    mInspect->setWordWrap(true);
    mInspect->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(mInspect);

    mStatus = new QLabel(body);
    mStatus->setObjectName(names::kSimulationDockStatusLabel);
    mStatus->setWordWrap(true);
    layout->addWidget(mStatus);
    layout->addStretch();
    setWidget(body);

    // The controller's wind is the truth; show it before listening to the spin boxes.
    showWind();

    const auto makeAction = [this](const char *name) {
        auto *action = new QAction(this);
        action->setObjectName(QString::fromLatin1(name));
        return action;
    };
    mSimulateAction = makeAction(names::kSimulationDockSimulateAction);
    mSimulateAction->setCheckable(true);
    mPlayAction = makeAction(names::kSimulationDockPlayAction);
    mStepAction = makeAction(names::kSimulationDockStepAction);
    mResetAction = makeAction(names::kSimulationDockResetAction);
    connect(mSimulateAction, &QAction::toggled, mController,
            &SimulationController::setSimulating);
    connect(mPlayAction, &QAction::triggered, mController,
            &SimulationController::togglePlaying);
    connect(mStepAction, &QAction::triggered, mController, &SimulationController::stepFrame);
    connect(mResetAction, &QAction::triggered, mController, &SimulationController::reset);

    connect(mSimulate, &QCheckBox::toggled, mController, &SimulationController::setSimulating);
    connect(mPlay, &QToolButton::clicked, mController, &SimulationController::togglePlaying);
    connect(mStep, &QToolButton::clicked, mController, &SimulationController::stepFrame);
    connect(mReset, &QToolButton::clicked, mController, &SimulationController::reset);
    for (QDoubleSpinBox *box : {mDirection, mElevation, mStrength})
        connect(box, &QDoubleSpinBox::valueChanged, this, &SimulationDock::applyWind);
    connect(mMotion, &QComboBox::currentIndexChanged, this, [this](int index) {
        mController->setMotion(SimulationController::Motion(index));
    });
    connect(mController, &SimulationController::motionChanged, this,
            [this](SimulationController::Motion motion) {
                const QSignalBlocker block(mMotion);
                mMotion->setCurrentIndex(int(motion));
            });
    connect(mController, &SimulationController::runningChanged, this,
            &SimulationDock::updateState);
    connect(mController, &SimulationController::simulatingChanged, this,
            &SimulationDock::updateState);
    connect(mController, &SimulationController::errorOccurred, this,
            &SimulationDock::updateState);
    connect(mPlayback, &Playback::playingChanged, this, &SimulationDock::updateState);
    connect(mController, &SimulationController::windChanged, this, &SimulationDock::showWind);
    connect(mController, &SimulationController::cacheChanged, this, &SimulationDock::showCache);
    connect(mPlayback, &Playback::clipChanged, this, &SimulationDock::showCache);
    connect(mBake, &QToolButton::clicked, this, &SimulationDock::bake);
    connect(mClearCache, &QToolButton::clicked, mController, &SimulationController::clearCache);
    retranslateUi();
}

void SimulationDock::setGrabTool(GrabTool *tool, Viewport *viewport)
{
    mGrabTool = tool;
    mViewport = viewport;
    mGrab->setEnabled(tool && viewport);
    if (!tool || !viewport)
        return;
    viewport->setControlDragTool(tool);
    connect(mGrab, &QToolButton::toggled, this, [this](bool on) {
        if (on && mViewport->tool() != mGrabTool)
            mViewport->setTool(mGrabTool);
        else if (!on && mViewport->tool() == mGrabTool)
            mViewport->setTool(nullptr);
    });
    connect(viewport, &Viewport::toolChanged, this, [this](ViewportTool *active) {
        const QSignalBlocker block(mGrab);
        mGrab->setChecked(active == mGrabTool);
        if (active != mGrabTool)
            mInspect->clear();
    });
    connect(tool, &GrabTool::inspected, mInspect, &QLabel::setText);
}

void SimulationDock::showCache()
{
    const SimulationCache &cache = mController->cache();
    const int clip = mPlayback->clip();
    const double megabytes = double(cache.bytes()) / (1024.0 * 1024.0);
    const double budget = double(mController->cacheBudget()) / (1024.0 * 1024.0);
    if (clip < 0) {
        mCacheLabel->setText(tr("Cache: needs an animation clip"));
    } else {
        mCacheLabel->setText(tr("Cache: %1 of %2 frames of this clip; %3 MB of %4 MB used")
                                 .arg(cache.frameCount(clip))
                                 .arg(mPlayback->frameCount())
                                 .arg(megabytes, 0, 'f', 1)
                                 .arg(budget, 0, 'f', 0));
    }
    mBake->setEnabled(clip >= 0);
    mClearCache->setEnabled(cache.bytes() > 0);
}

void SimulationDock::bake()
{
    mController->bakeClip(this);
    updateState();
}

// Shows the controller's wind (set here or elsewhere) without applying it back.
void SimulationDock::showWind()
{
    const QSignalBlocker blockDirection(mDirection), blockElevation(mElevation),
        blockStrength(mStrength);
    const Vec3 d = mController->windDirection();
    if (length(d) > 0) {
        constexpr double degrees = 180.0 / std::numbers::pi;
        // Straight up or down the compass direction is undefined: keep the shown one.
        if (std::abs(d.y) < 0.9999f)
            mDirection->setValue(std::fmod(std::atan2(d.z, d.x) * degrees + 360.0, 360.0));
        mElevation->setValue(std::asin(std::clamp(double(d.y), -1.0, 1.0)) * degrees);
    }
    mStrength->setValue(mController->windSpeed());
}

void SimulationDock::applyWind()
{
    constexpr double radians = std::numbers::pi / 180.0;
    const double azimuth = mDirection->value() * radians;
    const double elevation = mElevation->value() * radians;
    const Vec3 direction{float(std::cos(elevation) * std::cos(azimuth)),
                         float(std::sin(elevation)),
                         float(std::cos(elevation) * std::sin(azimuth))};
    mController->setWind(direction, float(mStrength->value()));
}

void SimulationDock::updateState()
{
    {
        const QSignalBlocker block(mSimulate);
        mSimulate->setChecked(mController->isSimulating());
        const QSignalBlocker blockAction(mSimulateAction);
        mSimulateAction->setChecked(mController->isSimulating());
    }
    const bool running = mController->isRunning();
    mPlayAction->setText(running ? tr("&Pause Simulation") : tr("&Play Simulation"));
    mPlay->setText(running ? tr("Pause") : tr("Play"));
    mPlay->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause
                                                 : QStyle::SP_MediaPlay));
    mPlay->setToolTip(running ? tr("Pause the clip and the simulation")
                              : tr("Simulate the garment while the clip plays"));
    mStatus->setText(mController->lastError());
}

QList<QAction *> SimulationDock::menuActions() const
{
    return {mSimulateAction, mPlayAction, mStepAction, mResetAction};
}

void SimulationDock::retranslateUi()
{
    setWindowTitle(tr("Simulation"));
    mSimulateAction->setText(tr("S&imulate Garment"));
    mStepAction->setText(tr("S&tep One Frame"));
    mResetAction->setText(tr("&Reset Simulation"));
    mSimulate->setText(tr("Simulate the garment"));
    mSimulate->setToolTip(tr("Show the simulated garment instead of the skinned one"));
    mStep->setText(tr("Step"));
    mStep->setToolTip(tr("Simulate one frame of the clip"));
    mReset->setText(tr("Reset"));
    mReset->setToolTip(tr("Put the garment back on its skinned pose, at rest"));
    mMotionLabel->setText(tr("World motion"));
    mMotion->setItemText(int(SimulationController::Motion::None), tr("None (the clip only)"));
    mMotion->setItemText(int(SimulationController::Motion::WalkCircle), tr("Walk in a circle"));
    mMotion->setItemText(int(SimulationController::Motion::Jump), tr("Jump"));
    mMotion->setItemText(int(SimulationController::Motion::Spin), tr("Spin"));
    mMotion->setToolTip(tr("Moves the character through the world on top of the clip, or on "
                           "its own when the character has no clip"));
    mShowSkinned->setText(tr("Show skinned positions"));
    mShowSkinned->setToolTip(tr("A line from each simulated vertex to where skinning puts it"));
    mShowVelocities->setText(tr("Show velocities"));
    mShowVelocities->setToolTip(tr("Each vertex's motion over the next tenth of a second"));
    mShowStretch->setText(tr("Show stretch"));
    mShowStretch->setToolTip(tr("Edges coloured by length over rest length: blue compressed, "
                                "green at rest, red stretched by 10% or more"));
    mDirectionLabel->setText(tr("Wind direction"));
    mDirection->setToolTip(tr("Compass direction the wind blows towards: 0° is +X, 90° is +Z"));
    mElevationLabel->setText(tr("Wind elevation"));
    mElevation->setToolTip(tr("Angle of the wind above the ground plane"));
    mStrengthLabel->setText(tr("Wind strength"));
    mStrength->setSuffix(tr(" m/s"));
    mStrength->setToolTip(tr("Wind speed in metres per second"));
    mBake->setText(tr("Bake Clip"));
    mBake->setAccessibleName(tr("Bake Clip"));
    mBake->setToolTip(tr("Simulate the whole clip into the cache, with progress and Cancel"));
    mClearCache->setText(tr("Clear Cache"));
    mClearCache->setAccessibleName(tr("Clear Cache"));
    mClearCache->setToolTip(tr("Forget every cached frame"));
    mGrab->setText(tr("Grab"));
    mGrab->setAccessibleName(tr("Grab the cloth"));
    mGrab->setToolTip(tr("Drag the simulated cloth with the left mouse button (Esc cancels); "
                         "hover a vertex while paused to inspect it. Ctrl + drag grabs the "
                         "cloth with any tool"));
    mCacheLabel->setAccessibleName(tr("Simulation cache use"));
    mInspect->setAccessibleName(tr("Inspected vertex"));
    showCache();
    updateState();
}

void SimulationDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDockWidget::changeEvent(event);
}

} // namespace tweed::editor
