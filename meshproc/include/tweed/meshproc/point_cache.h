// The vertex-animation files digital content creation tools read: MDD (LightWave's; Blender's
// Mesh Cache modifier, 3ds Max, Houdini) and PC2 (3ds Max's Point Cache 2; the same readers).
// The point-cache export (export.h, a .mdd or .pc2 path) writes them; the readers are for tools
// and tests.
#pragma once

#include "tweed/math.h"

#include <string>
#include <vector>

namespace tweed {

/// A point cache: the same vertices in every frame.
struct PointCache
{
    /// MDD: each frame's time in seconds. PC2: the frame numbers, startFrame + i * sampleRate.
    std::vector<float> times;
    float startFrame = 0; ///< PC2 only
    float sampleRate = 1; ///< PC2 only: frames between samples
    std::vector<std::vector<Vec3>> frames; ///< [frame][vertex]
};

/// MDD: big-endian frame count, vertex count, the frames' times in seconds, then per frame the
/// vertices' x y z as 32-bit floats. Written atomically; throws FileError, or InputError when
/// the frames differ in vertex count or the times do not match them.
void writeMdd(const std::string &path, const PointCache &cache);
/// PC2: "POINTCACHE2\0", version 1, vertex count, start frame, sample rate, frame count (little
/// endian), then per frame the vertices as 32-bit floats. Same errors as writeMdd.
void writePc2(const std::string &path, const PointCache &cache);

/// Read back; FileError naming the problem (not such a file, truncated, sizes that disagree).
PointCache readMdd(const std::string &path);
PointCache readPc2(const std::string &path);

} // namespace tweed
