// The simulation cache: the frames a clip's simulation has produced, kept so that scrubbing
// and stepping show them without simulating again, each with the full solver state after it
// so that the simulation continues from any of them exactly as it ran. Qt-free; the
// SimulationController fills and reads it, the playback bar and the simulation dock show it.
#pragma once

#include "tweed/math.h"
#include "tweed/sim/cloth_instance.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace tweed::editor {

/// Measurements of one simulated frame, for the statistics dock.
struct SimulationFrameStats
{
    double time = 0;     ///< playback clip time of the frame, seconds
    double solverMs = 0; ///< wall-clock time of ClothInstance::update
    float maxStretch = 0;
    float skinnedMaxStretch = 0; ///< the skinned pose's own (see ClothMeasurements)
    /// Vertices held at their Max Distance limit (within 1%) this frame.
    uint32_t maxDistanceHits = 0;
    /// Vertices beyond their Max Distance (the solver should keep this at 0).
    uint32_t maxDistanceViolations = 0;
    /// Vertices inside a (thickened) collision volume after the solve.
    uint32_t contacts = 0;
    uint32_t nonFinite = 0;
};

/// One simulated frame: what is shown (the physics mesh, the deformed graphics mesh, the
/// skinned targets, all model space, and the frame's measurements) and the solver state after
/// it, from which the simulation continues (or a grab starts) exactly as it ran.
struct CachedFrame
{
    std::vector<Vec3> physics, targets, graphics, graphicsNormals;
    std::vector<Mat4> skinning; ///< the instance's, pendulum bones applied (for the exports)
    SimulationFrameStats stats;
    ClothInstance::State state;

    size_t byteSize() const;
};

/// Per clip, the frames 0 .. end() simulated in one run from the clip's start, in order. Every clip's frames share one byte budget: a frame that does
/// not fit is not kept (the cache then ends before it; the simulation runs on uncached).
class SimulationCache
{
public:
    /// 0 keeps nothing. Lowering it below what is kept drops frames from the clips' ends.
    void setBudget(size_t bytes);
    size_t budget() const { return mBudget; }
    /// Bytes kept over every clip.
    size_t bytes() const { return mBytes; }

    /// The last cached frame of `clip`; -1 when it has none.
    int end(int clip) const;
    /// Frames kept of `clip` (end() + 1).
    int frameCount(int clip) const { return end(clip) + 1; }
    bool contains(int clip, int frame) const { return frame >= 0 && frame <= end(clip); }
    /// The frame, or null when it is not cached.
    const CachedFrame *frame(int clip, int frame) const;
    /// Bytes of the frames of `clip` over their count: the mean size of one frame; 0 without
    /// frames.
    size_t bytesPerFrame(int clip) const;

    /// Appends frame end(clip) + 1. False (and nothing kept) when it does not fit the budget.
    bool append(int clip, CachedFrame frame);
    /// Forgets every clip's frames.
    void clear();
    /// Forgets the frames of one clip.
    void clear(int clip);
    /// Keeps frames 0 .. last of `clip`.
    void truncate(int clip, int last);

private:
    struct Clip
    {
        std::vector<CachedFrame> frames;
        size_t frameBytes = 0;
    };
    void recount();

    std::map<int, Clip> mClips;
    size_t mBudget = 0;
    size_t mBytes = 0;
};

} // namespace tweed::editor
