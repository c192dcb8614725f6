// The skinned-pose check: what the bones alone do to a physics mesh's edges over a character's
// clips (or a procedural motion), next to what they do to the graphics mesh's own edges.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/skinned_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numeric>
#include <string>

namespace tweed {
namespace {

// Each edge of a triangle mesh once (lower vertex first), with its rest length; edges shorter
// than minLength (degenerate input) are left out: their ratio is noise.
struct EdgeList
{
    std::vector<uint32_t> ends; // two per edge
    std::vector<float> rest;
};

EdgeList edgesOf(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                 float minLength)
{
    std::vector<uint64_t> keys;
    keys.reserve(indices.size());
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k)
            keys.push_back(detail::edgeKey(indices[t + size_t(k)], indices[t + size_t(k + 1) % 3]));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    EdgeList out;
    for (uint64_t key : keys) {
        const uint32_t a = uint32_t(key >> 32), b = uint32_t(key);
        const float rest = distance(positions[a], positions[b]);
        if (a == b || !(rest >= minLength)) continue;
        out.ends.insert(out.ends.end(), {a, b});
        out.rest.push_back(rest);
    }
    return out;
}

// The bone with the largest weight.
uint16_t dominantBone(const BoneInfluence &inf)
{
    size_t best = 0;
    for (size_t s = 1; s < size_t(kMaxBoneInfluences); ++s)
        if (inf.weights[s] > inf.weights[best]) best = s;
    return inf.bones[best];
}

// Each physics edge's largest stretch over the poses and the pose where it was, and the
// graphics mesh's largest stretch over the same poses.
struct EdgeStretch
{
    EdgeList edges;
    std::vector<float> stretch;
    std::vector<uint32_t> pose;
    float graphicsMax = 1;
    uint32_t poses = 0;
    bool procedural = false;
    std::function<std::vector<Mat4>(size_t, int &, double &)> poseAt;
};

EdgeStretch stretchOverPoses(const Skeleton &skeleton, const std::vector<AnimationClip> &clips,
                             const GraphicsMesh &graphics, const PhysicsMesh &physics,
                             const SkinnedStretchSettings &settings)
{
    if (!(settings.framesPerSecond > 0) || settings.maxFramesPerClip == 0 ||
        !(settings.defectFactor >= 1))
        throw InputError("the skinned-pose check needs a frame rate and frame count above 0 and "
                         "a defect factor of 1 or more");
    if (physics.skin.size() != physics.vertexCount())
        throw InputError("the physics mesh has no bone weights to check");
    if (graphics.skin.size() != graphics.vertexCount())
        throw InputError("the graphics mesh \"" + graphics.name + "\" has no bone weights");
    const size_t boneCount = skeleton.bones.size();
    for (const std::vector<BoneInfluence> *skin : {&physics.skin, &graphics.skin})
        for (const BoneInfluence &inf : *skin)
            for (int s = 0; s < kMaxBoneInfluences; ++s)
                if (inf.weights[size_t(s)] > 0 && inf.bones[size_t(s)] >= boneCount)
                    throw InputError("a bone weight names bone " +
                                     std::to_string(inf.bones[size_t(s)]) + " of " +
                                     std::to_string(boneCount));

    EdgeStretch report;
    const float diagonal = std::max(detail::boundingDiagonal(graphics.positions, graphics.indices),
                                    detail::boundingDiagonal(physics.positions, physics.indices));
    const float minLength = 1e-4f * diagonal;
    report.edges = edgesOf(physics.positions, physics.indices, minLength);
    const EdgeList &physicsEdges = report.edges;
    const EdgeList graphicsEdges = edgesOf(graphics.positions, graphics.indices, minLength);

    // The poses: each clip sampled evenly (at most maxFramesPerClip frames), or, without clips,
    // each bone turned alone by +-45 degrees about each axis of its parent's space.
    struct ClipFrames
    {
        size_t first = 0, count = 0;
    };
    std::vector<ClipFrames> clipFrames;
    size_t poseCount = 0;
    for (const AnimationClip &clip : clips) {
        const double frames =
            std::ceil(std::max(clip.duration, 0.0) * settings.framesPerSecond) + 1;
        const size_t count = size_t(std::clamp(frames, 1.0, double(settings.maxFramesPerClip)));
        clipFrames.push_back({poseCount, count});
        poseCount += count;
    }
    report.procedural = clips.empty();
    if (report.procedural) poseCount = 6 * boneCount;
    report.poses = uint32_t(poseCount);
    const float angle = 45.0f * kPi / 180.0f;
    std::vector<Transform> rest(boneCount);
    for (size_t b = 0; b < boneCount; ++b)
        rest[b] = skeleton.bones[b].restLocal;
    // Pose p's skinning matrices, the clip's index (-1 for the procedural motion) and time.
    const bool procedural = report.procedural;
    auto pose = [&skeleton, &clips, clipFrames, rest, procedural, angle](size_t p, int &clip,
                                                                         double &time) {
        if (procedural) {
            std::vector<Transform> local = rest;
            const size_t bone = p / 6, axis = (p / 2) % 3;
            Vec3 direction;
            direction[int(axis)] = 1;
            local[bone].rotation =
                local[bone].rotation * axisAngle(direction, p % 2 ? angle : -angle);
            clip = -1;
            time = double(p);
            return skinningMatrices(skeleton, globalPose(skeleton, local));
        }
        size_t c = 0;
        while (p >= clipFrames[c].first + clipFrames[c].count)
            ++c;
        const size_t frame = p - clipFrames[c].first, count = clipFrames[c].count;
        clip = int(c);
        time = count > 1 ? clips[c].duration * double(frame) / double(count - 1) : 0.0;
        return skinningMatricesAt(skeleton, &clips[c], time);
    };

    // Per range of poses: each physics edge's largest stretch and where, the graphics figure;
    // merged in order, so the result is the same on any number of threads.
    struct Partial
    {
        std::vector<float> edgeStretch;
        std::vector<uint32_t> edgePose;
        float graphicsMax = 1;
    };
    const size_t physicsEdgeCount = physicsEdges.rest.size();
    std::vector<Partial> partials(detail::rangeCount(poseCount, 4));
    detail::forEachRange(poseCount, 4, [&](size_t range, size_t begin, size_t end) {
        Partial &part = partials[range];
        part.edgeStretch.assign(physicsEdgeCount, 0.0f);
        part.edgePose.assign(physicsEdgeCount, 0);
        std::vector<Vec3> skinned;
        for (size_t p = begin; p < end; ++p) {
            int clip = 0;
            double time = 0;
            const std::vector<Mat4> skinning = pose(p, clip, time);
            skinVertices(physics.positions, physics.skin, skinning, skinned);
            for (size_t e = 0; e < physicsEdgeCount; ++e) {
                const float s = distance(skinned[physicsEdges.ends[2 * e]],
                                         skinned[physicsEdges.ends[2 * e + 1]]) /
                                physicsEdges.rest[e];
                if (s > part.edgeStretch[e]) {
                    part.edgeStretch[e] = s;
                    part.edgePose[e] = uint32_t(p);
                }
            }
            skinVertices(graphics.positions, graphics.skin, skinning, skinned);
            for (size_t e = 0; e < graphicsEdges.rest.size(); ++e)
                part.graphicsMax =
                    std::max(part.graphicsMax, distance(skinned[graphicsEdges.ends[2 * e]],
                                                        skinned[graphicsEdges.ends[2 * e + 1]]) /
                                                   graphicsEdges.rest[e]);
        }
    });
    std::vector<float> &edgeStretch = report.stretch;
    std::vector<uint32_t> &edgePose = report.pose;
    edgeStretch.assign(physicsEdgeCount, 0.0f);
    edgePose.assign(physicsEdgeCount, 0);
    for (const Partial &part : partials) {
        if (part.edgeStretch.empty()) continue;
        report.graphicsMax = std::max(report.graphicsMax, part.graphicsMax);
        for (size_t e = 0; e < physicsEdgeCount; ++e)
            if (part.edgeStretch[e] > edgeStretch[e]) {
                edgeStretch[e] = part.edgeStretch[e];
                edgePose[e] = part.edgePose[e];
            }
    }

    report.poseAt = pose;
    return report;
}

} // namespace

SkinnedStretchReport measureSkinnedStretch(const Skeleton &skeleton,
                                           const std::vector<AnimationClip> &clips,
                                           const GraphicsMesh &graphics, const PhysicsMesh &physics,
                                           const SkinnedStretchSettings &settings)
{
    const EdgeStretch pass = stretchOverPoses(skeleton, clips, graphics, physics, settings);
    const EdgeList &physicsEdges = pass.edges;
    const std::vector<float> &edgeStretch = pass.stretch;
    const size_t physicsEdgeCount = edgeStretch.size(), boneCount = skeleton.bones.size();
    SkinnedStretchReport report;
    report.graphicsMaxStretch = pass.graphicsMax;
    report.poses = pass.poses;
    report.procedural = pass.procedural;
    const float limit = settings.defectFactor * report.graphicsMaxStretch;
    std::vector<size_t> defects;
    for (size_t e = 0; e < physicsEdgeCount; ++e) {
        report.physicsMaxStretch = std::max(report.physicsMaxStretch, edgeStretch[e]);
        if (edgeStretch[e] > limit) defects.push_back(e);
    }
    report.defectEdges = uint32_t(defects.size());
    std::stable_sort(defects.begin(), defects.end(),
                     [&](size_t a, size_t b) { return edgeStretch[a] > edgeStretch[b]; });
    std::vector<uint8_t> listed(physics.vertexCount(), 0);
    for (size_t e : defects) {
        for (int k = 0; k < 2; ++k)
            listed[physicsEdges.ends[2 * e + size_t(k)]] = 1;
        if (report.worst.size() >= settings.maxListed) continue;
        StretchedEdge s;
        s.a = physicsEdges.ends[2 * e];
        s.b = physicsEdges.ends[2 * e + 1];
        s.stretch = edgeStretch[e];
        int clip = 0;
        pass.poseAt(pass.pose[e], clip, s.time);
        s.clip = clip >= 0 ? clips[size_t(clip)].name : std::string("procedural motion");
        for (uint32_t v : {s.a, s.b}) {
            const uint16_t bone = dominantBone(physics.skin[v]);
            s.bones.push_back(bone < boneCount ? skeleton.bones[bone].name : std::to_string(bone));
        }
        report.worst.push_back(std::move(s));
    }
    for (uint32_t v = 0; v < listed.size(); ++v)
        if (listed[v]) report.defectVertices.push_back(v);
    return report;
}

std::vector<FusedRegion> findFusedRegions(const Skeleton &skeleton,
                                          const std::vector<AnimationClip> &clips,
                                          const GraphicsMesh &graphics,
                                          const PaintChannels &channels, const PhysicsMesh &physics,
                                          const SkinnedStretchSettings &settings)
{
    const EdgeStretch pass = stretchOverPoses(skeleton, clips, graphics, physics, settings);
    // Which part of the graphics surface each physics vertex stands for.
    const std::vector<bool> selected = selectTriangles(graphics, channels, physics.settings);
    std::vector<uint32_t> triangles;
    for (uint32_t t = 0; t < selected.size(); ++t)
        if (selected[t]) triangles.push_back(t);
    const std::vector<uint32_t> *subset = triangles.empty() ? nullptr : &triangles;
    const std::vector<detail::SurfacePoint> points = detail::locatePhysicsVertices(
        physics.positions, physics.indices, {}, {}, {}, graphics, subset);
    const std::vector<uint32_t> part = detail::weightParts(graphics, subset);

    // Where a physics vertex stands on the surface, at rest or skinned as the graphics mesh's
    // triangles carry it.
    auto onSurface = [&](uint32_t v, const std::vector<Vec3> &at) {
        const detail::SurfacePoint &p = points[v];
        return at[p.corners[0]] * p.bary.x + at[p.corners[1]] * p.bary.y +
               at[p.corners[2]] * p.bary.z;
    };
    // The joining edges, stretched beyond the garment's own figure, whose ends stand for
    // different parts, or for surface points more than kBridgeFactor times farther apart than
    // the edge is long, or for surface points the bones move apart beyond the garment's figure
    // too: such an edge spans a crease or a gap of one part (an iso-surface over the cleft
    // between two legs that meet at the hips), as no path along the surface stretches so.
    const float limit = kFusedMargin * pass.graphicsMax;
    const size_t n = physics.vertexCount();
    std::vector<uint64_t> fusedEdges;
    std::vector<size_t> sameSide; // stretched edges within one part, to follow over the poses
    for (size_t e = 0; e < pass.stretch.size(); ++e) {
        const uint32_t a = pass.edges.ends[2 * e], b = pass.edges.ends[2 * e + 1];
        if (!(pass.stretch[e] > limit)) continue;
        if (part[points[a].nearest()] != part[points[b].nearest()] ||
            distance(onSurface(a, graphics.positions), onSurface(b, graphics.positions)) >
                kBridgeFactor * pass.edges.rest[e])
            fusedEdges.push_back(detail::edgeKey(a, b));
        else
            sameSide.push_back(e);
    }
    if (!sameSide.empty()) {
        std::vector<float> rest(sameSide.size()), worst(sameSide.size(), 0.0f);
        for (size_t i = 0; i < sameSide.size(); ++i) {
            const uint32_t *ends = &pass.edges.ends[2 * sameSide[i]];
            rest[i] = distance(onSurface(ends[0], graphics.positions),
                               onSurface(ends[1], graphics.positions));
        }
        std::vector<Vec3> skinned;
        for (size_t p = 0; p < pass.poses; ++p) {
            int clip = 0;
            double time = 0;
            skinVertices(graphics.positions, graphics.skin, pass.poseAt(p, clip, time), skinned);
            for (size_t i = 0; i < sameSide.size(); ++i) {
                const uint32_t *ends = &pass.edges.ends[2 * sameSide[i]];
                worst[i] = std::max(
                    worst[i], distance(onSurface(ends[0], skinned), onSurface(ends[1], skinned)));
            }
        }
        for (size_t i = 0; i < sameSide.size(); ++i)
            if (worst[i] > limit * rest[i]) {
                const uint32_t *ends = &pass.edges.ends[2 * sameSide[i]];
                fusedEdges.push_back(detail::edgeKey(ends[0], ends[1]));
            }
    }
    if (fusedEdges.empty()) return {};
    std::sort(fusedEdges.begin(), fusedEdges.end());
    // Regions: the triangles holding a joining edge, connected through the vertices they share.
    detail::DisjointSets sets(n);
    auto find = [&](uint32_t x) { return sets.find(x); };
    std::vector<uint32_t> fusedTriangles;
    for (uint32_t t = 0; t < physics.triangleCount(); ++t) {
        const uint32_t *f = &physics.indices[3 * size_t(t)];
        bool holds = false;
        for (int k = 0; k < 3; ++k)
            holds |= std::binary_search(fusedEdges.begin(), fusedEdges.end(),
                                        detail::edgeKey(f[k], f[(k + 1) % 3]));
        if (!holds) continue;
        fusedTriangles.push_back(t);
        for (int k = 1; k < 3; ++k)
            sets.join(f[0], f[k]);
    }
    std::vector<FusedRegion> regions;
    std::vector<uint32_t> regionOf(n, detail::kNone);
    for (uint32_t t : fusedTriangles) {
        const uint32_t root = find(physics.indices[3 * size_t(t)]);
        if (regionOf[root] == detail::kNone) {
            regionOf[root] = uint32_t(regions.size());
            regions.emplace_back();
        }
        regions[regionOf[root]].triangles.push_back(t);
    }
    for (size_t e = 0; e < pass.stretch.size(); ++e) {
        const uint32_t a = pass.edges.ends[2 * e], b = pass.edges.ends[2 * e + 1];
        if (!std::binary_search(fusedEdges.begin(), fusedEdges.end(), detail::edgeKey(a, b)))
            continue;
        FusedRegion &r = regions[regionOf[find(a)]];
        r.stretch = std::max(r.stretch, pass.stretch[e]);
        for (uint32_t v : {a, b}) {
            const uint16_t bone = dominantBone(physics.skin[v]);
            const std::string name =
                bone < skeleton.bones.size() ? skeleton.bones[bone].name : std::to_string(bone);
            if (std::find(r.bones.begin(), r.bones.end(), name) == r.bones.end())
                r.bones.push_back(name);
        }
    }
    for (FusedRegion &r : regions)
        std::sort(r.bones.begin(), r.bones.end());
    std::stable_sort(
        regions.begin(), regions.end(),
        [](const FusedRegion &a, const FusedRegion &b) { return a.stretch > b.stretch; });
    return regions;
}

std::string describeFusedRegion(const FusedRegion &r)
{
    char head[96];
    std::snprintf(head, sizeof head, "%zu triangles stretched up to %.2fx joining bones ",
                  r.triangles.size(), double(r.stretch));
    std::string out = head;
    for (size_t i = 0; i < r.bones.size(); ++i)
        out += (i ? ", " : "") + r.bones[i];
    out += " (triangles";
    for (size_t i = 0; i < r.triangles.size() && i < 8; ++i)
        out += " " + std::to_string(r.triangles[i]);
    out += r.triangles.size() > 8 ? " ...)" : ")";
    return out;
}

std::string describeSkinnedStretch(const SkinnedStretchReport &r)
{
    char head[160];
    std::snprintf(head, sizeof head,
                  "the bones alone stretch the physics mesh's edges up to %.3fx, the graphics "
                  "mesh's up to %.3fx",
                  double(r.physicsMaxStretch), double(r.graphicsMaxStretch));
    std::string out = head;
    if (r.worst.empty()) return out;
    out += "; " + std::to_string(r.defectEdges) + " edges (" +
           std::to_string(r.defectVertices.size()) + " vertices) far above it, the worst:";
    for (const StretchedEdge &e : r.worst) {
        char line[96];
        std::snprintf(line, sizeof line, " vertices %u-%u %.2fx", e.a, e.b, double(e.stretch));
        out += line;
        out += " (bones " + e.bones[0] + ", " + e.bones[1] + "; " + e.clip;
        if (e.clip != "procedural motion") {
            char at[32];
            std::snprintf(at, sizeof at, " at %.2f s", e.time);
            out += at;
        }
        out += ")";
        if (&e != &r.worst.back()) out += ";";
    }
    return out;
}

} // namespace tweed
