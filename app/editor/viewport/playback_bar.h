// The transport bar under the viewport: clip picker, play/pause, frame steps, timeline, loop,
// speed and root motion, all bound to a Playback.
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QToolButton;

namespace tweed::editor {

class Playback;

class PlaybackBar : public QWidget
{
    Q_OBJECT

public:
    PlaybackBar(Playback *playback, QWidget *parent = nullptr);

    /// The simulation cache's range, drawn along the timeline: frames 0 .. cachedFrames - 1 of
    /// frameCount. 0 draws none (an empty or invalidated cache).
    void setCachedFrames(int cachedFrames, int frameCount);
    int cachedFrames() const { return mCachedFrames; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslateUi();
    void rebuildClips();
    void updateTime();
    void updatePlaying();

    Playback *mPlayback;
    QComboBox *mClipCombo;
    QToolButton *mStepBackButton;
    QToolButton *mPlayButton;
    QToolButton *mStepForwardButton;
    QSlider *mTimeline;
    QLabel *mTimeLabel;
    QCheckBox *mLoopCheck;
    QDoubleSpinBox *mSpeedSpin;
    QCheckBox *mRootMotionCheck;
    QWidget *mCacheStrip;
    int mCachedFrames = 0;
    int mCacheFrameCount = 0;
    bool mUpdating = false;
};

} // namespace tweed::editor
