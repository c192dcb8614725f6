#include "simulation/simulation_cache.h"

namespace tweed::editor {

namespace {

size_t bytesOf(const std::vector<Vec3> &v) { return v.size() * sizeof(Vec3); }

} // namespace

size_t CachedFrame::byteSize() const
{
    return sizeof(CachedFrame) + bytesOf(physics) + bytesOf(targets) + bytesOf(graphics) +
           bytesOf(graphicsNormals) + skinning.size() * sizeof(Mat4) + state.byteSize();
}

void SimulationCache::setBudget(size_t bytes)
{
    mBudget = bytes;
    while (mBytes > mBudget) {
        // Drop from the end of the clip holding the most frames.
        auto largest = mClips.end();
        for (auto it = mClips.begin(); it != mClips.end(); ++it)
            if (largest == mClips.end() || it->second.frames.size() > largest->second.frames.size())
                largest = it;
        if (largest == mClips.end() || largest->second.frames.empty())
            break;
        truncate(largest->first, int(largest->second.frames.size()) - 2);
    }
}

int SimulationCache::end(int clip) const
{
    const auto it = mClips.find(clip);
    return it == mClips.end() ? -1 : int(it->second.frames.size()) - 1;
}

const CachedFrame *SimulationCache::frame(int clip, int frame) const
{
    const auto it = mClips.find(clip);
    if (it == mClips.end() || frame < 0 || size_t(frame) >= it->second.frames.size())
        return nullptr;
    return &it->second.frames[size_t(frame)];
}

size_t SimulationCache::bytesPerFrame(int clip) const
{
    const auto it = mClips.find(clip);
    if (it == mClips.end() || it->second.frames.empty())
        return 0;
    return it->second.frameBytes / it->second.frames.size();
}

bool SimulationCache::append(int clip, CachedFrame frame)
{
    const size_t added = frame.byteSize();
    if (mBytes + added > mBudget)
        return false;
    Clip &c = mClips[clip];
    c.frameBytes += added;
    c.frames.push_back(std::move(frame));
    mBytes += added;
    return true;
}

void SimulationCache::clear()
{
    mClips.clear();
    mBytes = 0;
}

void SimulationCache::clear(int clip)
{
    mClips.erase(clip);
    recount();
}

void SimulationCache::truncate(int clip, int last)
{
    const auto it = mClips.find(clip);
    if (it == mClips.end() || last + 1 >= int(it->second.frames.size()))
        return;
    if (last < 0) {
        mClips.erase(it);
    } else {
        Clip &c = it->second;
        c.frames.resize(size_t(last) + 1);
        c.frameBytes = 0;
        for (const CachedFrame &f : c.frames)
            c.frameBytes += f.byteSize();
    }
    recount();
}

void SimulationCache::recount()
{
    mBytes = 0;
    for (const auto &[clip, c] : mClips)
        mBytes += c.frameBytes;
}

} // namespace tweed::editor
