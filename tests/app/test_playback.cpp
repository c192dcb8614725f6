// Playback: time, frames, looping, scrubbing, the pose it produces and root motion, on a small
// hand-made character whose animation is known exactly; and the PlaybackBar driving it.
#include "document.h"
#include "object_names.h"
#include "playback.h"
#include "viewport/playback_bar.h"

#include "tweed/mesh.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace tweed;
using namespace tweed::editor;

namespace {

constexpr double kRate = 30;        // keys per second of the walk clip
constexpr float kSpeed = 1.2f;      // metres per second the root travels along z
constexpr float kBob = 0.03f;       // vertical bob of the root, metres

// A tube 1.8 m tall on three bones. "Walk" (1 s, keys at 30 Hz): the root travels +z at
// kSpeed, sways in x and bobs in y; the spine sways. "Still" (2 s): two keys 2 s apart.
Character makeCharacter()
{
    Character c;
    c.skeleton.bones = {
        Bone{"Root", -1, {}, {}},
        Bone{"Spine", 0, {{0, 0.9f, 0}, {}, {1, 1, 1}}, Mat4::translation({0, -0.9f, 0})},
        Bone{"Head", 1, {{0, 0.6f, 0}, {}, {1, 1, 1}}, Mat4::translation({0, -1.5f, 0})},
    };
    GraphicsMesh m;
    m.name = "Body";
    constexpr int kRings = 8, kSegments = 8;
    for (int r = 0; r <= kRings; ++r) {
        const float y = 1.8f * float(r) / kRings;
        for (int s = 0; s < kSegments; ++s) {
            const float a = 2 * kPi * float(s) / kSegments;
            m.positions.push_back({0.2f * std::cos(a), y, 0.2f * std::sin(a)});
            m.normals.push_back({std::cos(a), 0, std::sin(a)});
            BoneInfluence inf;
            const float w = std::clamp((y - 0.6f) / 0.9f, 0.0f, 1.0f);
            inf.bones = {0, 1, 2, 0};
            inf.weights = {1 - w, w, 0, 0};
            m.skin.push_back(inf);
        }
    }
    for (uint32_t r = 0; r < kRings; ++r)
        for (uint32_t s = 0; s < kSegments; ++s) {
            const uint32_t a = r * kSegments + s, b = r * kSegments + (s + 1) % kSegments;
            m.indices.insert(m.indices.end(), {a, a + kSegments, b, b, a + kSegments, b + kSegments});
        }
    m.submeshes.push_back({"Body", "Skin", "", 0, uint32_t(m.triangleCount())});
    c.meshes.push_back(m);
    c.meshSkinnedInSource.push_back(true);

    AnimationClip walk{"Walk", 1.0, {}};
    BoneTrack root{0, {}, {}, {}}, spine{1, {}, {}, {}};
    for (int f = 0; f <= 30; ++f) {
        const double t = f / kRate;
        const float phase = 2 * kPi * float(t);
        root.translations.push_back(
            {t, Vec3{0.05f * std::sin(phase), kBob * std::sin(2 * phase), kSpeed * float(t)}});
        spine.rotations.push_back({t, axisAngle({0, 0, 1}, 0.3f * std::sin(phase))});
    }
    walk.tracks = {root, spine};
    AnimationClip still{"Still", 2.0, {BoneTrack{1, {}, {{0, Quat{}}, {2, Quat{}}}, {}}}};
    c.clips = {walk, still};
    return c;
}

Vec3 rootPosition(const Playback &playback) { return playback.globalPose()[0].column(3); }

} // namespace

class TestPlayback : public QObject
{
    Q_OBJECT

private:
    Document *mDocument = nullptr;
    Playback *mPlayback = nullptr;

private slots:
    void init()
    {
        mDocument = new Document(this);
        LoadedDocument loaded;
        loaded.character = makeCharacter();
        mDocument->replace(std::move(loaded));
        mPlayback = new Playback(mDocument, this);
    }
    void cleanup()
    {
        delete mPlayback;
        delete mDocument;
    }

    void startsOnTheFirstClip()
    {
        QCOMPARE(mPlayback->clipCount(), 2);
        QCOMPARE(mPlayback->clip(), 0);
        QCOMPARE(mPlayback->clipName(0), QStringLiteral("Walk"));
        QCOMPARE(mPlayback->time(), 0.0);
        QCOMPARE(mPlayback->frameRate(), kRate);
        QCOMPARE(mPlayback->frameCount(), 31);
        QCOMPARE(mPlayback->skinningMatrices().size(), size_t(3));
        QVERIFY(!mPlayback->isPlaying());
    }

    void emptyDocumentShowsNoClip()
    {
        Document empty;
        Playback playback(&empty);
        QCOMPARE(playback.clip(), -1);
        QCOMPARE(playback.duration(), 0.0);
        playback.play();
        QVERIFY(!playback.isPlaying());
        playback.stepFrame(1);
        QCOMPARE(playback.time(), 0.0);
    }

    void playAdvancesTime()
    {
        QSignalSpy playing(mPlayback, &Playback::playingChanged);
        QSignalSpy poses(mPlayback, &Playback::poseChanged);
        mPlayback->play();
        QVERIFY(mPlayback->isPlaying());
        QCOMPARE(playing.count(), 1);
        // Driven by the wall clock through the timer.
        QTRY_VERIFY_WITH_TIMEOUT(mPlayback->time() > 0.05, 5000);
        QVERIFY(poses.count() > 0);
        mPlayback->pause();
        QVERIFY(!mPlayback->isPlaying());
        const double paused = mPlayback->time();
        QTest::qWait(100);
        QCOMPARE(mPlayback->time(), paused);
    }

    void advanceScalesBySpeed()
    {
        mPlayback->advance(0.25);
        QCOMPARE(mPlayback->time(), 0.25);
        mPlayback->setSpeed(0.5);
        mPlayback->advance(0.25);
        QCOMPARE(mPlayback->time(), 0.375);
    }

    void stepMovesOneFrameAtTheClipRate()
    {
        mPlayback->play();
        mPlayback->stepFrame(1);
        QVERIFY(!mPlayback->isPlaying()); // stepping pauses
        QCOMPARE(mPlayback->time(), 1 / kRate);
        QCOMPARE(mPlayback->frame(), 1);
        mPlayback->stepFrame(1);
        QCOMPARE(mPlayback->frame(), 2);
        mPlayback->stepFrame(-1);
        QCOMPARE(mPlayback->time(), 1 / kRate);
        // From a time between frames, a step lands on a frame.
        mPlayback->setTime(0.51);
        mPlayback->stepFrame(1);
        QCOMPARE(mPlayback->time(), 16 / kRate);
    }

    void stepOnAClipWithSparseKeysUsesTheDefaultRate()
    {
        mPlayback->setClip(1);
        QCOMPARE(mPlayback->frameRate(), 30.0);
        mPlayback->stepFrame(1);
        QCOMPARE(mPlayback->time(), 1 / 30.0);
    }

    void loopWraps()
    {
        QVERIFY(mPlayback->isLooping());
        mPlayback->setTime(0.9);
        mPlayback->play();
        mPlayback->advance(0.25);
        QVERIFY(std::abs(mPlayback->time() - 0.15) < 1e-9);
        QVERIFY(mPlayback->isPlaying());
        // Stepping past the last frame wraps to the first.
        mPlayback->setTime(1.0);
        mPlayback->stepFrame(1);
        QCOMPARE(mPlayback->time(), 0.0);
        mPlayback->stepFrame(-1);
        QCOMPARE(mPlayback->time(), 1.0);
    }

    void withoutLoopPlaybackStopsAtTheEnd()
    {
        mPlayback->setLooping(false);
        mPlayback->setTime(0.9);
        mPlayback->play();
        mPlayback->advance(0.25);
        QCOMPARE(mPlayback->time(), 1.0);
        QVERIFY(!mPlayback->isPlaying());
        mPlayback->stepFrame(1);
        QCOMPARE(mPlayback->time(), 1.0);
        // Playing again from the end starts over.
        mPlayback->play();
        QCOMPARE(mPlayback->time(), 0.0);
        QVERIFY(mPlayback->isPlaying());
    }

    void scrubSetsTime()
    {
        QSignalSpy times(mPlayback, &Playback::timeChanged);
        mPlayback->setTime(0.5);
        QCOMPARE(mPlayback->time(), 0.5);
        QCOMPARE(times.count(), 1);
        QCOMPARE(times.takeFirst().at(0).toDouble(), 0.5);
        mPlayback->setTime(7.0);
        QCOMPARE(mPlayback->time(), 1.0);
        mPlayback->setTime(-1.0);
        QCOMPARE(mPlayback->time(), 0.0);
    }

    void switchingClipRestarts()
    {
        QSignalSpy clips(mPlayback, &Playback::clipChanged);
        mPlayback->setTime(0.5);
        mPlayback->setClip(1);
        QCOMPARE(clips.count(), 1);
        QCOMPARE(mPlayback->clip(), 1);
        QCOMPARE(mPlayback->time(), 0.0);
        QCOMPARE(mPlayback->duration(), 2.0);
        mPlayback->setClip(5); // out of range: ignored
        QCOMPARE(mPlayback->clip(), 1);
    }

    void skinnedPositionsChangeWithTime()
    {
        const GraphicsMesh &mesh = mDocument->character().meshes[0];
        std::vector<Vec3> a, b;
        mPlayback->setTime(0.25);
        skinVertices(mesh.positions, mesh.skin, mPlayback->skinningMatrices(), a);
        mPlayback->setTime(0.75);
        skinVertices(mesh.positions, mesh.skin, mPlayback->skinningMatrices(), b);
        float largest = 0;
        for (size_t v = 0; v < a.size(); ++v)
            largest = std::max(largest, distance(a[v], b[v]));
        // The spine sways +0.3 rad at 0.25 s and -0.3 rad at 0.75 s: the top ring moves by
        // decimetres.
        QVERIFY2(largest > 0.2f, qPrintable(QString::number(largest)));
        // The bottom ring follows the root only; in place it keeps its horizontal place.
        QVERIFY(std::abs(a[0].z - b[0].z) < 1e-5f);
    }

    void rootMotionInPlaceKeepsTheRootHorizontallyFixed()
    {
        QCOMPARE(mPlayback->rootMotion(), Playback::RootMotion::InPlace);
        QCOMPARE(mPlayback->rootMotionBone(), 0);
        const Vec3 start = rootPosition(*mPlayback);
        float bob = 0;
        for (double t : {0.1, 0.3, 0.5, 0.77, 1.0}) {
            mPlayback->setTime(t);
            const Vec3 p = rootPosition(*mPlayback);
            QVERIFY(std::abs(p.x - start.x) < 1e-5f);
            QVERIFY(std::abs(p.z - start.z) < 1e-5f);
            bob = std::max(bob, std::abs(p.y - start.y));
        }
        QVERIFY(bob > 0.5f * kBob); // the vertical bob stays
        QCOMPARE(mPlayback->rootTransform(), Mat4::identity());
    }

    void rootMotionMovingTravelsAndAccumulatesLoops()
    {
        mPlayback->setRootMotion(Playback::RootMotion::Moving);
        mPlayback->setTime(0.5);
        QVERIFY(std::abs(rootPosition(*mPlayback).z - 0.5f * kSpeed) < 1e-4f);
        QVERIFY(std::abs(mPlayback->rootTransform().column(3).z - 0.5f * kSpeed) < 1e-4f);
        // Through the end of the clip and on: the character keeps walking.
        mPlayback->play();
        mPlayback->advance(0.75); // to 0.25 of the second pass
        QVERIFY(std::abs(mPlayback->time() - 0.25) < 1e-9);
        QVERIFY2(std::abs(rootPosition(*mPlayback).z - 1.25f * kSpeed) < 1e-3f,
                 qPrintable(QString::number(rootPosition(*mPlayback).z)));
        // Back in place, the travel is gone.
        mPlayback->setRootMotion(Playback::RootMotion::InPlace);
        QVERIFY(std::abs(rootPosition(*mPlayback).z) < 1e-5f);
    }

    void newCharacterResetsTheClips()
    {
        QSignalSpy reset(mPlayback, &Playback::clipsReset);
        mPlayback->setClip(1);
        mDocument->clear();
        QCOMPARE(reset.count(), 1);
        QCOMPARE(mPlayback->clip(), -1);
        QVERIFY(mPlayback->skinningMatrices().empty());
    }

    void barDrivesPlayback()
    {
        PlaybackBar bar(mPlayback);
        bar.show();
        auto *combo = bar.findChild<QComboBox *>(names::kPlaybackBarClipComboBox);
        auto *play = bar.findChild<QToolButton *>(names::kPlaybackBarPlayButton);
        auto *back = bar.findChild<QToolButton *>(names::kPlaybackBarStepBackButton);
        auto *forward = bar.findChild<QToolButton *>(names::kPlaybackBarStepForwardButton);
        auto *slider = bar.findChild<QSlider *>(names::kPlaybackBarTimelineSlider);
        auto *loop = bar.findChild<QCheckBox *>(names::kPlaybackBarLoopCheckBox);
        auto *speed = bar.findChild<QDoubleSpinBox *>(names::kPlaybackBarSpeedSpinBox);
        auto *root = bar.findChild<QCheckBox *>(names::kPlaybackBarRootMotionCheckBox);
        auto *label = bar.findChild<QLabel *>(names::kPlaybackBarTimeLabel);
        QVERIFY(combo && play && back && forward && slider && loop && speed && root && label);

        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->itemText(1), QStringLiteral("Still"));
        play->click();
        QVERIFY(mPlayback->isPlaying());
        play->click();
        QVERIFY(!mPlayback->isPlaying());
        mPlayback->setTime(0);
        forward->click();
        QCOMPARE(mPlayback->frame(), 1);
        QCOMPARE(slider->value(), int(std::lround(1000 / kRate)));
        back->click();
        QCOMPARE(mPlayback->frame(), 0);
        slider->setValue(500);
        QCOMPARE(mPlayback->time(), 0.5);
        QVERIFY(label->text().contains(QStringLiteral("0.50")));
        loop->click();
        QVERIFY(!mPlayback->isLooping());
        speed->setValue(2.0);
        QCOMPARE(mPlayback->speed(), 2.0);
        root->click();
        QCOMPARE(mPlayback->rootMotion(), Playback::RootMotion::Moving);
        combo->setCurrentIndex(1);
        QCOMPARE(mPlayback->clip(), 1);
        QCOMPARE(slider->maximum(), 2000);
    }
};

QTEST_MAIN(TestPlayback)
#include "test_playback.moc"
