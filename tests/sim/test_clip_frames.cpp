// The frames a clip plays (clipFramesToPlay, clipFrameTime): a duration read from a file as a
// float, a hair over a whole number of frames (the layered humanoid's RunTurn, 98 frames at 60
// a second stored as 1.6333334 s), plays no frame past its end, which would wrap to the clip's
// start and jump a run's root back to where it began; a duration between frames plays the one
// past its end, as before.
#include "tweed/clip_simulation.h"

#include <QTest>

using namespace tweed;

class TestClipFrames : public QObject
{
    Q_OBJECT
private slots:
    void aFloatDurationPlaysNoFramePastItsEnd()
    {
        const double stored = 1.6333333740234375; // RunTurn as read from the glb: over 98 frames
        QVERIFY(stored * 60 > 98.0);              // what ceil turned into 99 frames
        QCOMPARE(clipFramesToPlay(stored, 60), 98);
        QCOMPARE(clipFramesToPlay(double(98.0f / 60.0f), 60), 98); // a hair under
        QCOMPARE(clipFramesToPlay(stored, 30), 49);
        // The last frame is the clip's end, not its start again.
        QCOMPARE(clipFrameTime(98, 60, stored), 98.0 / 60);
        const double idle = 3.033333251953125; // Idle as read from the glb: under 182 frames
        QVERIFY(idle * 60 < 182.0);
        QCOMPARE(clipFramesToPlay(idle, 60), 182);
        QCOMPARE(clipFrameTime(182, 60, idle), idle);
    }

    void aDurationBetweenFramesStillPlaysToItsEnd()
    {
        QCOMPARE(clipFramesToPlay(1.1, 60), 66);
        QCOMPARE(clipFramesToPlay(1.64, 60), 99); // 98.4 frames: the 99th covers the end
        QCOMPARE(clipFramesToPlay(0.0, 60), 1);
        // Past the end by more than a float's rounding, the time wraps as before.
        QVERIFY(std::abs(clipFrameTime(99, 60, 1.64) - (1.65 - 1.64)) < 1e-9);
        QVERIFY(std::abs(clipFrameTime(70, 60, 1.0) - 10.0 / 60) < 1e-9);
        QCOMPARE(clipFrameTime(30, 60, 1.0), 0.5);
    }
};

QTEST_GUILESS_MAIN(TestClipFrames)
#include "test_clip_frames.moc"
