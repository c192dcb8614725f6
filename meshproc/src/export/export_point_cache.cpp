// The point-cache export as MDD or PC2 (export.h, meshproc/point_cache.h): the simulated clip's
// frames of the deformed graphics mesh or of the physics mesh, in the export's units and axes.
#include "export_internal.h"

#include "tweed/file_io.h"
#include "tweed/meshproc/point_cache.h"

namespace tweed {

ExportReport exportPointCacheFile(const ClothingAsset &asset, const std::string &path,
                                  const ExportOptions &options, const ProgressCallback &progress)
{
    const TargetSpace space(options.transform);
    const bool physics = options.pointCacheMesh == PointCacheMesh::Physics;
    std::vector<std::vector<Vec3>> physicsFrames;
    const std::vector<SimulatedFrame> frames = simulateGraphicsFrames(
        asset, options, nullptr, physics ? &physicsFrames : nullptr, progress);

    PointCache cache;
    cache.startFrame = frames.empty() ? 0.0f : float(frames.front().frame);
    cache.sampleRate = 1.0f;
    for (size_t f = 0; f < frames.size(); ++f) {
        cache.times.push_back(float(double(frames[f].frame) / options.framesPerSecond));
        cache.frames.push_back(space.points(physics ? physicsFrames[f] : frames[f].positions));
    }
    if (fileExtension(path) == "mdd")
        writeMdd(path, cache);
    else
        writePc2(path, cache);

    ExportReport report;
    report.meshes = 1;
    report.vertices = cache.frames.empty() ? 0 : uint32_t(cache.frames[0].size());
    report.frames = uint32_t(cache.frames.size());
    return report;
}

} // namespace tweed
