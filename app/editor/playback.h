// Animation playback for the editor: which clip, what time, playing or not, and the pose the
// viewport (and later the live simulation) shows. One Playback per document.
#pragma once

#include "tweed/math.h"
#include "tweed/skeleton.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <vector>

class QTimer;

namespace tweed::editor {

class Document;

/// Plays the source character's clips. Time runs in seconds of clip time; a tick advances it by
/// the wall-clock time since the last tick times speed(). The pose is recomputed whenever the
/// time, clip, root-motion mode or character changes, and poseChanged() is emitted once.
///
/// Root motion: the clip's motion bone is the topmost bone whose translation track moves
/// horizontally (the hips or a root bone). InPlace removes that bone's horizontal (x, z)
/// travel since the clip's start from the whole pose and keeps its vertical bob; Moving lets
/// the character travel and accumulates the travel of every completed loop, so a looping walk
/// walks on through the world.
class Playback : public QObject
{
    Q_OBJECT

public:
    enum class RootMotion { InPlace, Moving };
    Q_ENUM(RootMotion)

    Playback(Document *document, QObject *parent = nullptr);
    ~Playback() override;

    int clipCount() const;
    QString clipName(int index) const;
    /// The current clip's index, -1 when the character has no clips (the rest pose is shown).
    int clip() const { return mClip; }
    /// Clip time in seconds, in [0, duration()].
    double time() const { return mTime; }
    double duration() const;
    /// Key rate of the current clip in frames per second (the step of stepFrame()).
    double frameRate() const { return mFrameRate; }
    /// Index of the frame at time() (time * frameRate, rounded).
    int frame() const;
    int frameCount() const;

    bool isPlaying() const { return mPlaying; }
    double speed() const { return mSpeed; }
    bool isLooping() const { return mLooping; }
    RootMotion rootMotion() const { return mRootMotion; }
    /// The bone whose horizontal travel is root motion; -1 when the clip has none.
    int rootMotionBone() const { return mMotionBone; }

    /// Skinning matrices of the current pose (world-space: root motion included), the asset's
    /// rig applied (the pendulums need the simulation: see SimulationController).
    const std::vector<tweed::Mat4> &skinningMatrices() const { return mSkinning; }
    /// World-space bone matrices of the current pose (root motion included).
    const std::vector<tweed::Mat4> &globalPose() const { return mGlobal; }
    /// The root-motion part of the pose: the horizontal travel the clip has carried the
    /// character from its start; identity in place.
    const tweed::Mat4 &rootTransform() const { return mRootTransform; }

    /// The pose of the current clip at `seconds` (clamped into the clip) as on the clip's first
    /// pass: skinning matrices (world space) and the root-motion transform, as
    /// skinningMatrices() and rootTransform() give at that time before any loop. For the
    /// simulation cache, which simulates the frames of a clip's first pass.
    void poseAt(double seconds, std::vector<tweed::Mat4> &skinning, tweed::Mat4 &root) const;

    /// What one timer tick does: advances the clip by wallSeconds * speed(), wrapping when
    /// looping and stopping at the end otherwise. Public so tests can drive time exactly.
    void advance(double wallSeconds);

public slots:
    void play();
    void pause();
    void togglePlaying();
    /// Pauses and moves by `direction` frames at frameRate(); wraps when looping.
    void stepFrame(int direction);
    void setTime(double seconds);
    void setClip(int index);
    void setSpeed(double speed);
    void setLooping(bool loop);
    void setRootMotion(tweed::editor::Playback::RootMotion mode);

signals:
    void clipChanged(int index);
    void timeChanged(double seconds);
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void loopingChanged(bool loop);
    void rootMotionChanged(tweed::editor::Playback::RootMotion mode);
    /// The clip list changed (a new character).
    void clipsReset();
    void poseChanged();

private:
    const tweed::AnimationClip *currentClip() const;
    void characterChanged();
    void analyseClip();
    void tick();
    void updatePose();
    /// The asset's rig constraints applied to a pose, top-down (tweed::BoneRig).
    void applyRig(std::vector<tweed::Mat4> &skinning, std::vector<tweed::Mat4> &global) const;
    void computePose(double time, const tweed::Vec3 &loopTravel, std::vector<tweed::Mat4> &global,
                     tweed::Mat4 &root) const;

    Document *mDocument;
    QTimer *mTimer;
    QElapsedTimer mWallClock;
    int mClip = -1;
    double mTime = 0;
    double mFrameRate = 30;
    bool mPlaying = false;
    double mSpeed = 1;
    bool mLooping = true;
    RootMotion mRootMotion = RootMotion::InPlace;

    int mMotionBone = -1;
    tweed::Vec3 mMotionStart;    ///< the motion bone's model-space position at time 0
    tweed::Vec3 mMotionCycle;    ///< its horizontal travel over one pass of the clip
    tweed::Vec3 mLoopTravel;     ///< travel of the completed loops (Moving)

    std::vector<tweed::Mat4> mGlobal;
    std::vector<tweed::Mat4> mSkinning;
    tweed::Mat4 mRootTransform;
};

} // namespace tweed::editor
