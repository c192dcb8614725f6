// MDD and PC2 point caches (point_cache.h): fixed headers and raw 32-bit floats, MDD big-endian,
// PC2 little-endian.
#include "tweed/meshproc/point_cache.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <bit>
#include <cstring>

namespace tweed {
namespace {

constexpr char kPc2Magic[12] = {'P', 'O', 'I', 'N', 'T', 'C', 'A', 'C', 'H', 'E', '2', '\0'};

class Writer
{
public:
    explicit Writer(bool bigEndian) : mBigEndian(bigEndian) {}
    void u32(uint32_t v)
    {
        for (int i = 0; i < 4; ++i)
            mBytes.push_back(char(mBigEndian ? v >> (24 - 8 * i) : v >> (8 * i)));
    }
    void f32(float v) { u32(std::bit_cast<uint32_t>(v)); }
    void raw(const char *p, size_t n) { mBytes.append(p, n); }
    void frames(const PointCache &cache)
    {
        for (const std::vector<Vec3> &frame : cache.frames)
            for (const Vec3 &p : frame) {
                f32(p.x);
                f32(p.y);
                f32(p.z);
            }
    }
    const std::string &bytes() const { return mBytes; }

private:
    bool mBigEndian;
    std::string mBytes;
};

class Reader
{
public:
    Reader(std::string bytes, const std::string &path, bool bigEndian)
        : mBytes(std::move(bytes)), mPath(path), mBigEndian(bigEndian)
    {
    }
    uint32_t u32(const char *what)
    {
        need(4, what);
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const uint32_t b = uint8_t(mBytes[mPos + size_t(i)]);
            v |= mBigEndian ? b << (24 - 8 * i) : b << (8 * i);
        }
        mPos += 4;
        return v;
    }
    float f32(const char *what) { return std::bit_cast<float>(u32(what)); }
    std::string_view raw(size_t n, const char *what)
    {
        need(n, what);
        const std::string_view s(mBytes.data() + mPos, n);
        mPos += n;
        return s;
    }
    size_t remaining() const { return mBytes.size() - mPos; }
    /// frameCount frames of vertexCount points, checked against the bytes left first.
    void frames(PointCache &cache, uint32_t frameCount, uint32_t vertexCount)
    {
        const uint64_t bytes = uint64_t(frameCount) * vertexCount * 12;
        if (bytes != remaining())
            throw FileError(mPath, std::to_string(frameCount) + " frames of " +
                                       std::to_string(vertexCount) + " vertices need " +
                                       std::to_string(bytes) + " bytes of points, the file has " +
                                       std::to_string(remaining()));
        cache.frames.assign(frameCount, std::vector<Vec3>(vertexCount));
        for (std::vector<Vec3> &frame : cache.frames)
            for (Vec3 &p : frame) {
                p.x = f32("point");
                p.y = f32("point");
                p.z = f32("point");
            }
    }

private:
    void need(size_t n, const char *what) const
    {
        if (n > remaining())
            throw FileError(mPath, std::string("truncated: the ") + what + " is missing");
    }
    std::string mBytes;
    size_t mPos = 0;
    const std::string &mPath;
    bool mBigEndian;
};

uint32_t checkedVertexCount(const std::string &path, const PointCache &cache)
{
    const size_t n = cache.frames.empty() ? 0 : cache.frames[0].size();
    for (size_t f = 0; f < cache.frames.size(); ++f)
        if (cache.frames[f].size() != n)
            throw InputError(path + ": frame " + std::to_string(f) + " has " +
                             std::to_string(cache.frames[f].size()) + " vertices, frame 0 has " +
                             std::to_string(n));
    if (n > UINT32_MAX || cache.frames.size() > UINT32_MAX)
        throw InputError(path + ": too many vertices or frames for a point cache");
    return uint32_t(n);
}

} // namespace

void writeMdd(const std::string &path, const PointCache &cache)
{
    const uint32_t vertices = checkedVertexCount(path, cache);
    if (cache.times.size() != cache.frames.size())
        throw InputError(path + ": " + std::to_string(cache.times.size()) + " frame times for " +
                         std::to_string(cache.frames.size()) + " frames");
    Writer w(true);
    w.u32(uint32_t(cache.frames.size()));
    w.u32(vertices);
    for (float t : cache.times)
        w.f32(t);
    w.frames(cache);
    writeFileAtomically(path, w.bytes());
}

void writePc2(const std::string &path, const PointCache &cache)
{
    const uint32_t vertices = checkedVertexCount(path, cache);
    Writer w(false);
    w.raw(kPc2Magic, sizeof(kPc2Magic));
    w.u32(1);
    w.u32(vertices);
    w.f32(cache.startFrame);
    w.f32(cache.sampleRate);
    w.u32(uint32_t(cache.frames.size()));
    w.frames(cache);
    writeFileAtomically(path, w.bytes());
}

PointCache readMdd(const std::string &path)
{
    Reader r(readFileBytes(path), path, true);
    const uint32_t frames = r.u32("frame count"), vertices = r.u32("vertex count");
    if (uint64_t(frames) * 4 > r.remaining())
        throw FileError(path, "not an MDD file: " + std::to_string(frames) +
                                  " frames do not fit in its " + std::to_string(r.remaining()) +
                                  " bytes");
    PointCache cache;
    cache.times.resize(frames);
    for (float &t : cache.times)
        t = r.f32("frame time");
    r.frames(cache, frames, vertices);
    return cache;
}

PointCache readPc2(const std::string &path)
{
    Reader r(readFileBytes(path), path, false);
    if (r.raw(sizeof(kPc2Magic), "signature") != std::string_view(kPc2Magic, sizeof(kPc2Magic)))
        throw FileError(path, "not a PC2 file (no POINTCACHE2 signature)");
    if (const uint32_t version = r.u32("version"); version != 1)
        throw FileError(path, "PC2 version " + std::to_string(version) + ", only 1 is known");
    const uint32_t vertices = r.u32("vertex count");
    PointCache cache;
    cache.startFrame = r.f32("start frame");
    cache.sampleRate = r.f32("sample rate");
    const uint32_t frames = r.u32("frame count");
    r.frames(cache, frames, vertices);
    cache.times.resize(frames);
    for (uint32_t f = 0; f < frames; ++f)
        cache.times[f] = cache.startFrame + float(f) * cache.sampleRate;
    return cache;
}

} // namespace tweed
