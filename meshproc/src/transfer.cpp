// The transfers from a graphics mesh to a physics mesh: bone weights, paint channels and
// simulation normals.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/physics_mesh.h"

#include <cmath>
#include <numeric>

namespace tweed {
namespace detail {

BoneInfluence blendInfluences(const std::vector<BoneInfluence> &skin, const uint32_t corners[3],
                              const Vec3 &bary)
{
    // Up to 12 (bone, weight) pairs; equal bones summed, the four largest kept, renormalised.
    uint16_t bones[3 * kMaxBoneInfluences];
    float weights[3 * kMaxBoneInfluences];
    int n = 0;
    for (int k = 0; k < 3; ++k) {
        const float b = bary[k];
        if (b <= 0)
            continue;
        const BoneInfluence &inf = skin[corners[k]];
        for (int s = 0; s < kMaxBoneInfluences; ++s) {
            const float w = inf.weights[size_t(s)] * b;
            if (w <= 0)
                continue;
            int i = 0;
            while (i < n && bones[i] != inf.bones[size_t(s)])
                ++i;
            if (i == n) {
                bones[n] = inf.bones[size_t(s)];
                weights[n++] = 0;
            }
            weights[i] += w;
        }
    }
    // Insertion sort by decreasing weight (ties by bone), at most 12 entries.
    int order[3 * kMaxBoneInfluences];
    for (int i = 0; i < n; ++i) {
        int j = i;
        while (j > 0 && (weights[order[j - 1]] < weights[i] ||
                         (weights[order[j - 1]] == weights[i] && bones[order[j - 1]] > bones[i]))) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
    }
    BoneInfluence out;
    float total = 0;
    for (int s = 0; s < std::min(n, kMaxBoneInfluences); ++s)
        total += weights[order[s]];
    if (!(total > 0)) {
        out.weights[0] = 1; // no weight at all: rigidly on the first corner's first bone
        out.bones[0] = skin[corners[0]].bones[0];
        return out;
    }
    for (int s = 0; s < std::min(n, kMaxBoneInfluences); ++s) {
        out.bones[size_t(s)] = bones[order[s]];
        out.weights[size_t(s)] = weights[order[s]] / total;
    }
    return out;
}

void transferChannels(const PaintChannels &source, const std::vector<SurfacePoint> &points,
                      PaintChannels &out)
{
    const size_t n = points.size();
    out.resize(0);
    out.resize(n);
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        const std::vector<float> &src = source.floats[c];
        if (src.empty())
            continue;
        for (size_t i = 0; i < n; ++i) {
            const SurfacePoint &p = points[i];
            out.floats[c][i] = src[p.corners[0]] * p.bary.x + src[p.corners[1]] * p.bary.y +
                               src[p.corners[2]] * p.bary.z;
        }
    }
    for (size_t c = 0; c < kMaskChannelCount; ++c) {
        const std::vector<uint32_t> &src = source.masks[c];
        if (src.empty())
            continue;
        for (size_t i = 0; i < n; ++i)
            out.masks[c][i] = src[points[i].nearest()];
    }
}

std::vector<SurfacePoint> locateOnSurface(const std::vector<Vec3> &points,
                                          const std::vector<uint32_t> &sourceVertex,
                                          const std::vector<Vec3> &surfacePositions,
                                          const std::vector<uint32_t> &surfaceIndices,
                                          const std::vector<uint32_t> *triangles)
{
    std::vector<SurfacePoint> out(points.size());
    TriangleTree tree(surfacePositions, surfaceIndices, triangles);
    forEachRange(points.size(), 2048, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            SurfacePoint &sp = out[i];
            if (i < sourceVertex.size() && sourceVertex[i] < surfacePositions.size()) {
                sp.corners[0] = sp.corners[1] = sp.corners[2] = sourceVertex[i];
                sp.bary = {1, 0, 0};
                continue;
            }
            const ClosestHit hit = tree.closest(points[i]);
            if (!hit.found())
                throw InputError("no surface to transfer values from");
            for (int k = 0; k < 3; ++k)
                sp.corners[k] = surfaceIndices[3 * size_t(hit.triangle) + size_t(k)];
            sp.bary = hit.bary;
        }
    });
    return out;
}

} // namespace detail

std::vector<BoneSegment> boneSegments(const Skeleton &skeleton, const std::vector<BoneInfluence> &skin)
{
    const size_t n = skeleton.bones.size();
    std::vector<bool> used(n, skin.empty());
    for (const BoneInfluence &inf : skin)
        for (int s = 0; s < kMaxBoneInfluences; ++s)
            if (inf.weights[size_t(s)] > 0 && inf.bones[size_t(s)] < n)
                used[inf.bones[size_t(s)]] = true;
    std::vector<Vec3> joint(n);
    for (size_t b = 0; b < n; ++b)
        joint[b] = inverse(skeleton.bones[b].inverseBind).column(3);
    std::vector<BoneSegment> segments;
    for (size_t b = 0; b < n; ++b) {
        const int parent = skeleton.bones[b].parent;
        // A bone's segment runs to each child; the parent's segment ends at the bone.
        if (used[b] || (parent >= 0 && used[size_t(parent)]))
            segments.push_back({parent >= 0 ? joint[size_t(parent)] : joint[b], joint[b]});
    }
    return segments;
}

ChannelBinding bindChannels(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const PhysicsMesh &physics)
{
    const std::vector<bool> selected = selectTriangles(mesh, channels, physics.settings);
    std::vector<uint32_t> triangles;
    for (uint32_t t = 0; t < selected.size(); ++t)
        if (selected[t])
            triangles.push_back(t);
    const std::vector<detail::SurfacePoint> points =
        detail::locateOnSurface(physics.positions, {}, mesh.positions, mesh.indices,
                                triangles.empty() ? nullptr : &triangles);
    ChannelBinding binding;
    binding.corners.reserve(3 * points.size());
    binding.bary.reserve(points.size());
    for (const detail::SurfacePoint &p : points) {
        binding.corners.insert(binding.corners.end(), p.corners, p.corners + 3);
        binding.bary.push_back(p.bary);
    }
    return binding;
}

void applyChannelBinding(const ChannelBinding &binding, const PaintChannels &graphics,
                         PaintChannels &physics)
{
    if (binding.corners.size() != 3 * binding.bary.size())
        throw InputError("the channel binding is inconsistent");
    if (graphics.vertexCount() == 0 && !binding.bary.empty()) {
        PaintChannels defaults;
        defaults.resize(*std::max_element(binding.corners.begin(), binding.corners.end()) + 1);
        applyChannelBinding(binding, defaults, physics);
        return;
    }
    const size_t vertexCount = graphics.vertexCount();
    for (uint32_t c : binding.corners)
        if (c >= vertexCount)
            throw InputError("the channel binding does not match the graphics mesh's vertices");
    std::vector<detail::SurfacePoint> points(binding.bary.size());
    for (size_t i = 0; i < points.size(); ++i) {
        std::copy_n(&binding.corners[3 * i], 3, points[i].corners);
        points[i].bary = binding.bary[i];
    }
    detail::transferChannels(graphics, points, physics);
}

PhysicsMesh makePhysicsMesh(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const Skeleton &skeleton, PhysicsGeometry geometry,
                            const GenerationSettings &settings)
{
    const size_t n = geometry.positions.size();
    for (uint32_t i : geometry.indices)
        if (i >= n)
            throw InputError("physics mesh index out of range");
    if (!geometry.sourceVertex.empty() && geometry.sourceVertex.size() != n)
        throw InputError("physics mesh source vertices do not match its vertices");
    if (geometry.indices.empty())
        throw InputError("the physics mesh has no triangles");
    if (mesh.indices.empty())
        throw InputError("the graphics mesh \"" + mesh.name + "\" has no triangles");
    if (channels.vertexCount() != 0 && channels.vertexCount() != mesh.vertexCount())
        throw InputError("the paint channels do not match the graphics mesh's vertices");

    // Values come from the selected graphics triangles (all when nothing is selected).
    const std::vector<bool> selected = selectTriangles(mesh, channels, settings);
    std::vector<uint32_t> triangles;
    for (uint32_t t = 0; t < selected.size(); ++t)
        if (selected[t])
            triangles.push_back(t);
    const std::vector<uint32_t> *triangleSubset = triangles.empty() ? nullptr : &triangles;

    PhysicsMesh out;
    out.settings = settings;
    out.positions = std::move(geometry.positions);
    out.indices = std::move(geometry.indices);
    const std::vector<detail::SurfacePoint> points = detail::locateOnSurface(
        out.positions, geometry.sourceVertex, mesh.positions, mesh.indices, triangleSubset);

    if (mesh.isSkinned()) {
        out.skin.resize(n);
        for (size_t i = 0; i < n; ++i)
            out.skin[i] = detail::blendInfluences(mesh.skin, points[i].corners, points[i].bary);
    }
    PaintChannels source = channels;
    if (source.vertexCount() == 0)
        source.resize(mesh.vertexCount());
    detail::transferChannels(source, points, out.channels);

    // Outer side: turn each component's winding to agree with the graphics normals.
    const std::vector<Vec3> graphicsNormals =
        mesh.normals.size() == mesh.vertexCount() ? mesh.normals
                                                  : computeVertexNormals(mesh.positions, mesh.indices);
    {
        std::vector<uint32_t> comp(n);
        std::iota(comp.begin(), comp.end(), 0u);
        auto find = [&](uint32_t x) {
            while (comp[x] != x)
                x = comp[x] = comp[comp[x]];
            return x;
        };
        const size_t triCount = out.indices.size() / 3;
        for (size_t t = 0; t < triCount; ++t) {
            const uint32_t a = find(out.indices[3 * t]);
            for (int k = 1; k < 3; ++k) {
                const uint32_t b = find(out.indices[3 * t + size_t(k)]);
                if (a != b)
                    comp[std::max(a, b)] = std::min(a, b);
            }
        }
        std::vector<double> vote(n, 0.0);
        for (size_t t = 0; t < triCount; ++t) {
            const uint32_t *f = &out.indices[3 * t];
            const Vec3 area = cross(out.positions[f[1]] - out.positions[f[0]],
                                    out.positions[f[2]] - out.positions[f[0]]);
            Vec3 g;
            for (int k = 0; k < 3; ++k) {
                const detail::SurfacePoint &p = points[f[k]];
                for (int j = 0; j < 3; ++j)
                    g += graphicsNormals[p.corners[j]] * p.bary[j];
            }
            vote[find(f[0])] += double(dot(area, g));
        }
        for (size_t t = 0; t < triCount; ++t)
            if (vote[find(out.indices[3 * t])] < 0)
                std::swap(out.indices[3 * t + 1], out.indices[3 * t + 2]);
    }

    out.normals = computeVertexNormals(out.positions, out.indices);
    if (settings.normals == NormalSource::Bones) {
        const auto segments = boneSegments(skeleton, mesh.skin);
        for (size_t i = 0; i < n && !segments.empty(); ++i) {
            const Vec3 &p = out.positions[i];
            float best = std::numeric_limits<float>::infinity();
            Vec3 closest;
            for (const BoneSegment &seg : segments) {
                const Vec3 q = detail::closestOnSegment(p, seg.from, seg.to);
                const float d = lengthSquared(q - p);
                if (d < best) {
                    best = d;
                    closest = q;
                }
            }
            const Vec3 away = normalize(p - closest);
            if (lengthSquared(away) > 0)
                out.normals[i] = away;
        }
    }

    const MeshQuality quality = measureMeshQuality(out.positions, out.indices);
    out.report.vertices = uint32_t(n);
    out.report.triangles = uint32_t(out.indices.size() / 3);
    out.report.components = quality.components;
    out.report.boundaryLoops = quality.boundaryLoops;
    out.report.minAngleDegrees = quality.minAngleDegrees;
    out.report.edgeLengthSpread = quality.edgeLengthSpread;
    return out;
}

} // namespace tweed
