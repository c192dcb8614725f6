// Playing an animation clip through the cloth run time, frame by frame. This is the one way the
// tools drive a ClothInstance over a clip (tweed-player, the exports, the tests, and the
// editor's preview when it plays at a fixed rate), so that they all give bit-identical results:
//
//   frame 0:   instance.reset(pose at time 0)                      the cloth starts at rest
//   frame i:   instance.update(pose at time i / fps, dt = 1 / fps) for i >= 1
//
// Poses are sampled from the clip at time t, or at t modulo the clip's duration past its end
// (a clip loops). Without a clip the character stays in its rest pose. The character's world
// transform and the wind are constant over the clip.
#pragma once

#include "tweed/asset.h"
#include "tweed/sim/cloth_instance.h"

#include <memory>
#include <string>
#include <vector>

namespace tweed {

struct ClipSimulationSettings
{
    double framesPerSecond = 30.0;       ///< frames per second of clip time; > 0
    int lod = 0;                         ///< graphics LoD whose physics mesh is simulated
    PhysicalLod physicalLod;             ///< applied before the first frame
    Mat4 world;                          ///< the character's model-to-world transform
    Vec3 wind;                           ///< world-space wind velocity, m/s
    std::shared_ptr<SimThreadPool> pool; ///< null: simulate on the calling thread
};

/// `clip` re-indexed for the skeleton `to`, matching bones by name (a character file and an
/// asset may order their bones differently). Tracks of bones `to` lacks are dropped; their
/// names are appended to `missing` when it is given.
AnimationClip retargetClip(const AnimationClip &clip, const Skeleton &from, const Skeleton &to,
                           std::vector<std::string> *missing = nullptr);

/// Time of frame `frame` at `fps` in a clip of `duration` seconds: frame / fps, wrapped into
/// [0, duration] past the clip's end. A time within a microsecond past the end is the end (a
/// duration read from a file as a float lies a hair under a whole number of frames).
double clipFrameTime(int frame, double fps, double duration);

/// Frames after frame 0 that play `seconds` of a clip at `fps` (at least 1): the last at or
/// before its end, or the first past it when the end falls between frames. A duration a float's
/// rounding over a whole number of frames (1.6333334 s at 60 fps) does not add a frame past the
/// end, which wraps to the clip's start (a run's root jumps back to where it began).
int clipFramesToPlay(double seconds, double fps);

class ClipSimulation
{
public:
    /// `clip` must index the asset's skeleton (see retargetClip) and may be null (rest pose).
    /// Keeps a reference to neither. Throws InputError for a bad LoD, a clip with bones out of
    /// range or a frame rate that is not positive.
    ClipSimulation(const ClothingAsset &asset, const AnimationClip *clip,
                   const ClipSimulationSettings &settings = {});
    ~ClipSimulation();

    /// Frames covering the clip once: round(duration * fps) + 1; 1 without a clip.
    int clipFrameCount() const;
    /// Simulates the next frame (see the file comment).
    void advance();
    /// The frame simulated last; -1 before the first advance().
    int frame() const { return mFrame; }
    /// Clip time of frame().
    double time() const;

    const ClipSimulationSettings &settings() const { return mSettings; }
    ClothInstance &instance() { return *mInstance; }
    const ClothInstance &instance() const { return *mInstance; }
    const ClothAssetData &assetData() const { return *mData; }
    /// The character's skinning matrices of frame() (without the pendulum bones).
    const std::vector<Mat4> &skinning() const { return mSkinning; }
    /// Skinning matrices of any frame (the clip sampled at clipFrameTime).
    std::vector<Mat4> skinningAt(int frame) const;

private:
    Skeleton mSkeleton;
    AnimationClip mClip;
    bool mHasClip = false;
    ClipSimulationSettings mSettings;
    std::shared_ptr<const ClothAssetData> mData;
    std::unique_ptr<ClothInstance> mInstance;
    std::vector<Mat4> mSkinning;
    int mFrame = -1;
};

} // namespace tweed
