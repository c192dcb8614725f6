#include "viewport/playback_bar.h"

#include "object_names.h"
#include "playback.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QToolButton>

#include <cmath>

namespace tweed::editor {

namespace {
// The timeline slider counts milliseconds so scrubbing is smooth between frames.
constexpr double kSliderUnitsPerSecond = 1000.0;
// Height of the cache's band along the bottom of the timeline, pixels.
constexpr int kCacheStripHeight = 4;

/// The cached range as a band along the timeline's groove, over the slider (it takes no
/// mouse input).
class CacheStrip : public QWidget
{
public:
    explicit CacheStrip(QSlider *slider) : QWidget(slider), mSlider(slider)
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
    }
    int cached = 0, frames = 0;

    void place()
    {
        QStyleOptionSlider option;
        option.initFrom(mSlider);
        option.orientation = Qt::Horizontal;
        option.minimum = mSlider->minimum();
        option.maximum = mSlider->maximum();
        const QRect groove = mSlider->style()->subControlRect(QStyle::CC_Slider, &option,
                                                              QStyle::SC_SliderGroove, mSlider);
        setGeometry(groove.left(), mSlider->height() - kCacheStripHeight, groove.width(),
                    kCacheStripHeight);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        if (cached <= 0 || frames <= 0)
            return;
        QPainter painter(this);
        const int last = std::max(1, frames - 1);
        const double share = std::min(1.0, double(cached - 1) / double(last));
        const int w = std::max(2, int(std::lround(share * width())));
        painter.fillRect(QRect(0, 0, w, height()), QColor(255, 140, 0));
    }

private:
    QSlider *mSlider;
};
} // namespace

PlaybackBar::PlaybackBar(Playback *playback, QWidget *parent)
    : QWidget(parent), mPlayback(playback), mClipCombo(new QComboBox(this)),
      mStepBackButton(new QToolButton(this)), mPlayButton(new QToolButton(this)),
      mStepForwardButton(new QToolButton(this)), mTimeline(new QSlider(Qt::Horizontal, this)),
      mTimeLabel(new QLabel(this)), mLoopCheck(new QCheckBox(this)),
      mSpeedSpin(new QDoubleSpinBox(this)), mRootMotionCheck(new QCheckBox(this))
{
    setObjectName(QStringLiteral("PlaybackBar"));
    mClipCombo->setObjectName(names::kPlaybackBarClipComboBox);
    mStepBackButton->setObjectName(names::kPlaybackBarStepBackButton);
    mPlayButton->setObjectName(names::kPlaybackBarPlayButton);
    mStepForwardButton->setObjectName(names::kPlaybackBarStepForwardButton);
    mTimeline->setObjectName(names::kPlaybackBarTimelineSlider);
    mTimeLabel->setObjectName(names::kPlaybackBarTimeLabel);
    mLoopCheck->setObjectName(names::kPlaybackBarLoopCheckBox);
    mSpeedSpin->setObjectName(names::kPlaybackBarSpeedSpinBox);
    mRootMotionCheck->setObjectName(names::kPlaybackBarRootMotionCheckBox);
    mCacheStrip = new CacheStrip(mTimeline);
    mCacheStrip->setObjectName(names::kPlaybackBarCacheStrip);
    mTimeline->installEventFilter(this);

    mClipCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    mClipCombo->setMinimumContentsLength(10);
    mStepBackButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    mStepForwardButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    mStepBackButton->setAutoRepeat(true);
    mStepForwardButton->setAutoRepeat(true);
    mTimeline->setMinimumWidth(160);
    mTimeLabel->setMinimumWidth(mTimeLabel->fontMetrics().horizontalAdvance(
        QStringLiteral("00.00 / 00.00 s  000 / 000")));
    mSpeedSpin->setRange(0.05, 4.0);
    mSpeedSpin->setSingleStep(0.25);
    mSpeedSpin->setDecimals(2);
    mSpeedSpin->setValue(mPlayback->speed());
    mLoopCheck->setChecked(mPlayback->isLooping());
    mRootMotionCheck->setChecked(mPlayback->rootMotion() == Playback::RootMotion::Moving);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(mClipCombo);
    layout->addWidget(mStepBackButton);
    layout->addWidget(mPlayButton);
    layout->addWidget(mStepForwardButton);
    layout->addWidget(mTimeline, 1);
    layout->addWidget(mTimeLabel);
    layout->addWidget(mLoopCheck);
    layout->addWidget(mSpeedSpin);
    layout->addWidget(mRootMotionCheck);

    connect(mClipCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!mUpdating)
            mPlayback->setClip(index);
    });
    connect(mPlayButton, &QToolButton::clicked, mPlayback, &Playback::togglePlaying);
    connect(mStepBackButton, &QToolButton::clicked, this, [this] { mPlayback->stepFrame(-1); });
    connect(mStepForwardButton, &QToolButton::clicked, this, [this] { mPlayback->stepFrame(1); });
    connect(mTimeline, &QSlider::valueChanged, this, [this](int value) {
        if (!mUpdating)
            mPlayback->setTime(value / kSliderUnitsPerSecond);
    });
    // Scrubbing pauses, as in every animation tool.
    connect(mTimeline, &QSlider::sliderPressed, mPlayback, &Playback::pause);
    connect(mLoopCheck, &QCheckBox::toggled, mPlayback, &Playback::setLooping);
    connect(mSpeedSpin, &QDoubleSpinBox::valueChanged, mPlayback, &Playback::setSpeed);
    connect(mRootMotionCheck, &QCheckBox::toggled, this, [this](bool moving) {
        mPlayback->setRootMotion(moving ? Playback::RootMotion::Moving
                                        : Playback::RootMotion::InPlace);
    });

    connect(mPlayback, &Playback::clipsReset, this, &PlaybackBar::rebuildClips);
    connect(mPlayback, &Playback::clipChanged, this, [this](int index) {
        const QSignalBlocker blocker(mClipCombo);
        mClipCombo->setCurrentIndex(index);
        updateTime();
    });
    connect(mPlayback, &Playback::timeChanged, this, &PlaybackBar::updateTime);
    connect(mPlayback, &Playback::playingChanged, this, &PlaybackBar::updatePlaying);
    connect(mPlayback, &Playback::loopingChanged, mLoopCheck, &QCheckBox::setChecked);
    connect(mPlayback, &Playback::speedChanged, this, [this](double speed) {
        const QSignalBlocker blocker(mSpeedSpin);
        mSpeedSpin->setValue(speed);
    });
    connect(mPlayback, &Playback::rootMotionChanged, this, [this](Playback::RootMotion mode) {
        const QSignalBlocker blocker(mRootMotionCheck);
        mRootMotionCheck->setChecked(mode == Playback::RootMotion::Moving);
    });

    retranslateUi();
    rebuildClips();
}

void PlaybackBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

bool PlaybackBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == mTimeline && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        static_cast<CacheStrip *>(mCacheStrip)->place();
    return QWidget::eventFilter(watched, event);
}

void PlaybackBar::setCachedFrames(int cachedFrames, int frameCount)
{
    auto *strip = static_cast<CacheStrip *>(mCacheStrip);
    mCachedFrames = std::max(0, cachedFrames);
    mCacheFrameCount = std::max(0, frameCount);
    strip->cached = mCachedFrames;
    strip->frames = mCacheFrameCount;
    strip->place();
    strip->update();
    retranslateUi();
}

void PlaybackBar::retranslateUi()
{
    mClipCombo->setToolTip(tr("Animation clip"));
    mStepBackButton->setToolTip(tr("Step one frame back"));
    mStepForwardButton->setToolTip(tr("Step one frame forward"));
    mTimeline->setToolTip(
        mCachedFrames > 0
            ? tr("Clip time: drag to scrub. Simulation cached for frames 0 to %1 of %2 (the "
                 "orange band)")
                  .arg(mCachedFrames - 1)
                  .arg(std::max(0, mCacheFrameCount - 1))
            : tr("Clip time: drag to scrub"));
    mCacheStrip->setAccessibleName(tr("Simulation cache range"));
    mCacheStrip->setToolTip(tr("Frames kept in the simulation cache"));
    mLoopCheck->setText(tr("Loop"));
    mLoopCheck->setToolTip(tr("Start the clip over when it ends"));
    mSpeedSpin->setSuffix(tr(" \u00d7", "playback speed multiplier"));
    mSpeedSpin->setToolTip(tr("Playback speed"));
    mRootMotionCheck->setText(tr("Root motion"));
    mRootMotionCheck->setToolTip(
        tr("Let the character travel through the world; off keeps it walking in place"));
    // Names that do not change with the state (the play button's tool tip does).
    mClipCombo->setAccessibleName(tr("Clip"));
    mStepBackButton->setAccessibleName(tr("Step Back"));
    mPlayButton->setAccessibleName(tr("Play or Pause"));
    mPlayButton->setAccessibleDescription(tr("Start or stop playing the clip"));
    mStepForwardButton->setAccessibleName(tr("Step Forward"));
    mTimeline->setAccessibleName(tr("Timeline"));
    mTimeLabel->setAccessibleName(tr("Time"));
    mSpeedSpin->setAccessibleName(tr("Playback Speed"));
    updatePlaying();
    updateTime();
    if (mClipCombo->count() == 0)
        rebuildClips();
}

void PlaybackBar::rebuildClips()
{
    mUpdating = true;
    mClipCombo->clear();
    for (int i = 0; i < mPlayback->clipCount(); ++i) {
        const QString name = mPlayback->clipName(i);
        mClipCombo->addItem(name.isEmpty() ? tr("Clip %1").arg(i + 1) : name);
    }
    if (mClipCombo->count() == 0)
        mClipCombo->addItem(tr("(no clips: rest pose)"));
    mClipCombo->setCurrentIndex(std::max(0, mPlayback->clip()));
    const bool hasClip = mPlayback->clip() >= 0;
    for (QWidget *w : {static_cast<QWidget *>(mClipCombo), static_cast<QWidget *>(mPlayButton),
                       static_cast<QWidget *>(mStepBackButton),
                       static_cast<QWidget *>(mStepForwardButton),
                       static_cast<QWidget *>(mTimeline)})
        w->setEnabled(hasClip);
    mUpdating = false;
    updateTime();
}

void PlaybackBar::updateTime()
{
    mUpdating = true;
    mTimeline->setRange(0, int(std::lround(mPlayback->duration() * kSliderUnitsPerSecond)));
    mTimeline->setValue(int(std::lround(mPlayback->time() * kSliderUnitsPerSecond)));
    mTimeline->setSingleStep(std::max(1, int(std::lround(kSliderUnitsPerSecond /
                                                         mPlayback->frameRate()))));
    mUpdating = false;
    mTimeLabel->setText(tr("%1 / %2 s  %3 / %4", "time / duration, frame / last frame")
                            .arg(mPlayback->time(), 0, 'f', 2)
                            .arg(mPlayback->duration(), 0, 'f', 2)
                            .arg(mPlayback->frame())
                            .arg(std::max(0, mPlayback->frameCount() - 1)));
}

void PlaybackBar::updatePlaying()
{
    const bool playing = mPlayback->isPlaying();
    mPlayButton->setIcon(
        style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    mPlayButton->setToolTip(playing ? tr("Pause") : tr("Play"));
}

} // namespace tweed::editor
