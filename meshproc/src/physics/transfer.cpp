// The transfers from a graphics mesh to a physics mesh: bone weights, paint channels and
// simulation normals.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/transfer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

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

float weightDistance(const BoneInfluence &a, const BoneInfluence &b)
{
    auto weightOf = [](const BoneInfluence &inf, uint16_t bone) {
        float w = 0;
        for (int s = 0; s < kMaxBoneInfluences; ++s)
            if (inf.bones[size_t(s)] == bone && inf.weights[size_t(s)] > 0)
                w += inf.weights[size_t(s)];
        return w;
    };
    float d = 0;
    for (int s = 0; s < kMaxBoneInfluences; ++s) {
        if (a.weights[size_t(s)] > 0)
            d += std::abs(a.weights[size_t(s)] - weightOf(b, a.bones[size_t(s)]));
        if (b.weights[size_t(s)] > 0 && weightOf(a, b.bones[size_t(s)]) == 0)
            d += b.weights[size_t(s)];
    }
    return d;
}

std::vector<uint32_t> weightParts(const GraphicsMesh &mesh, const std::vector<uint32_t> *triangles)
{
    const size_t n = mesh.vertexCount();
    const size_t triCount = triangles ? triangles->size() : mesh.triangleCount();
    auto triangle = [&](size_t i) { return triangles ? size_t((*triangles)[i]) : i; };
    detail::DisjointSets sets(n);
    const bool skinned = mesh.skin.size() == n;
    auto join = [&](uint32_t a, uint32_t b) {
        if (skinned && weightDistance(mesh.skin[a], mesh.skin[b]) > kSharpWeightChange)
            return;
        sets.join(a, b);
    };
    std::vector<uint8_t> used(n, 0);
    for (size_t i = 0; i < triCount; ++i) {
        const uint32_t *f = &mesh.indices[3 * triangle(i)];
        for (int k = 0; k < 3; ++k) {
            used[f[k]] = 1;
            join(f[k], f[(k + 1) % 3]);
        }
    }
    // Vertices split only for UVs or normals (seams) are one place of the surface.
    std::vector<uint32_t> order;
    for (uint32_t v = 0; v < n; ++v)
        if (used[v])
            order.push_back(v);
    auto key = [&](uint32_t v) {
        const Vec3 &p = mesh.positions[v];
        return std::tuple(p.x, p.y, p.z, v);
    };
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
    for (size_t i = 1; i < order.size(); ++i)
        if (mesh.positions[order[i]] == mesh.positions[order[i - 1]])
            join(order[i - 1], order[i]);
    std::vector<uint32_t> label(n, kNone);
    for (uint32_t v = 0; v < n; ++v)
        if (used[v])
            label[v] = sets.find(v);
    return label;
}

std::vector<SurfacePoint> locatePhysicsVertices(const std::vector<Vec3> &positions,
                                                const std::vector<uint32_t> &indices,
                                                const std::vector<uint32_t> &sourceVertex,
                                                const std::vector<uint32_t> &regionStart,
                                                const std::vector<uint32_t> &region,
                                                const GraphicsMesh &mesh,
                                                const std::vector<uint32_t> *triangles)
{
    const size_t n = positions.size(), gn = mesh.vertexCount();
    const size_t triCount = triangles ? triangles->size() : mesh.triangleCount();
    auto triangle = [&](size_t i) { return triangles ? (*triangles)[i] : uint32_t(i); };
    std::vector<SurfacePoint> out(n);
    std::vector<uint8_t> placed(n, 0);
    for (size_t i = 0; i < n && i < sourceVertex.size(); ++i)
        if (sourceVertex[i] < gn) {
            SurfacePoint &sp = out[i];
            sp.corners[0] = sp.corners[1] = sp.corners[2] = sourceVertex[i];
            sp.bary = {1, 0, 0};
            placed[i] = 1;
        }

    // A simplified vertex: the closest point of the triangles around the graphics vertices
    // collapsed into it, never of another part that happens to be nearer in space.
    if (regionStart.size() == n + 1 && regionStart.back() == region.size()) {
        std::vector<uint32_t> aroundStart(gn + 1, 0), around;
        for (size_t i = 0; i < triCount; ++i)
            for (int k = 0; k < 3; ++k)
                ++aroundStart[mesh.indices[3 * size_t(triangle(i)) + size_t(k)] + 1];
        for (size_t v = 0; v < gn; ++v)
            aroundStart[v + 1] += aroundStart[v];
        around.resize(aroundStart.back());
        {
            std::vector<uint32_t> fill(aroundStart.begin(), aroundStart.end() - 1);
            for (size_t i = 0; i < triCount; ++i)
                for (int k = 0; k < 3; ++k)
                    around[fill[mesh.indices[3 * size_t(triangle(i)) + size_t(k)]]++] =
                        triangle(i);
        }
        forEachRange(n, 256, [&](size_t, size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i) {
                if (placed[i])
                    continue;
                float best = std::numeric_limits<float>::infinity();
                for (uint32_t k = regionStart[i]; k < regionStart[i + 1]; ++k) {
                    const uint32_t g = region[k];
                    if (g >= gn)
                        continue;
                    for (uint32_t a = aroundStart[g]; a < aroundStart[g + 1]; ++a) {
                        const uint32_t *f = &mesh.indices[3 * size_t(around[a])];
                        Vec3 bary;
                        const Vec3 q =
                            closestPointOnTriangle(positions[i], mesh.positions[f[0]],
                                                   mesh.positions[f[1]], mesh.positions[f[2]], bary);
                        const float d = lengthSquared(q - positions[i]);
                        if (d < best) {
                            best = d;
                            std::copy_n(f, 3, out[i].corners);
                            out[i].bary = bary;
                        }
                    }
                }
                placed[i] = best < std::numeric_limits<float>::infinity();
            }
        });
    }
    if (std::all_of(placed.begin(), placed.end(), [](uint8_t p) { return p != 0; }))
        return out;

    // Any other vertex: the closest point of the surface, then of the part its neighbours stand
    // for when most of them stand for another part than the closest point's (a vertex between
    // two parts that touch, such as a hand resting on a thigh, follows its own side).
    const TriangleTree tree(mesh.positions, mesh.indices, triangles);
    if (tree.empty())
        throw InputError("no surface to transfer values from");
    forEachRange(n, 2048, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            if (placed[i])
                continue;
            const ClosestHit hit = tree.closest(positions[i]);
            if (!hit.found())
                throw InputError("no surface to transfer values from");
            std::copy_n(&mesh.indices[3 * size_t(hit.triangle)], 3, out[i].corners);
            out[i].bary = hit.bary;
        }
    });
    const std::vector<uint32_t> part = weightParts(mesh, triangles);
    std::vector<uint32_t> label(n);
    for (size_t i = 0; i < n; ++i)
        label[i] = part[out[i].nearest()];
    std::vector<uint32_t> ringStart(n + 1, 0), ring;
    for (size_t c = 0; c < indices.size(); ++c)
        ringStart[indices[c] + 1] += 2;
    for (size_t v = 0; v < n; ++v)
        ringStart[v + 1] += ringStart[v];
    ring.resize(ringStart.back());
    {
        std::vector<uint32_t> fill(ringStart.begin(), ringStart.end() - 1);
        for (size_t c = 0; c < indices.size(); ++c) {
            const size_t t = c - c % 3;
            const uint32_t v = indices[c];
            ring[fill[v]++] = indices[t + (c - t + 1) % 3];
            ring[fill[v]++] = indices[t + (c - t + 2) % 3];
        }
    }
    std::vector<uint32_t> next = label;
    std::vector<std::pair<uint32_t, uint32_t>> counts; // (part, neighbours in it)
    for (int round = 0; round < 3; ++round) {
        bool changed = false;
        for (size_t i = 0; i < n; ++i) {
            if (placed[i])
                continue;
            counts.clear();
            for (uint32_t k = ringStart[i]; k < ringStart[i + 1]; ++k) {
                const uint32_t l = label[ring[k]];
                auto it = std::find_if(counts.begin(), counts.end(),
                                       [&](const auto &c) { return c.first == l; });
                if (it == counts.end())
                    counts.push_back({l, 1});
                else
                    ++it->second;
            }
            const uint32_t total = ringStart[i + 1] - ringStart[i];
            for (const auto &[l, count] : counts)
                if (l != label[i] && 2 * count > total) {
                    next[i] = l;
                    changed = true;
                }
        }
        label = next;
        if (!changed)
            break;
    }
    forEachRange(n, 256, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            if (placed[i] || label[i] == part[out[i].nearest()])
                continue;
            const uint32_t want = label[i];
            const ClosestHit hit = tree.closest(positions[i], [&](uint32_t t) {
                const uint32_t *f = &mesh.indices[3 * size_t(t)];
                return part[f[0]] == want || part[f[1]] == want || part[f[2]] == want;
            });
            if (hit.found()) {
                std::copy_n(&mesh.indices[3 * size_t(hit.triangle)], 3, out[i].corners);
                out[i].bary = hit.bary;
            }
        }
    });
    return out;
}

} // namespace detail

ChannelBinding bindChannels(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const PhysicsMesh &physics)
{
    const std::vector<bool> selected = selectTriangles(mesh, channels, physics.settings);
    std::vector<uint32_t> triangles;
    for (uint32_t t = 0; t < selected.size(); ++t)
        if (selected[t])
            triangles.push_back(t);
    const std::vector<detail::SurfacePoint> points =
        detail::locatePhysicsVertices(physics.positions, physics.indices, {}, {}, {}, mesh,
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
    const std::vector<detail::SurfacePoint> points = detail::locatePhysicsVertices(
        geometry.positions, geometry.indices, geometry.sourceVertex, geometry.regionStart,
        geometry.region, mesh, triangleSubset);
    out.positions = std::move(geometry.positions);
    out.indices = std::move(geometry.indices);
    out.tetrahedra = std::move(geometry.tetrahedra); // a soft body's surface already faces out

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
    if (out.tetrahedra.empty()) {
        detail::DisjointSets sets(n);
        auto find = [&](uint32_t x) { return sets.find(x); };
        const size_t triCount = out.indices.size() / 3;
        for (size_t t = 0; t < triCount; ++t)
            for (int k = 1; k < 3; ++k)
                sets.join(out.indices[3 * t], out.indices[3 * t + size_t(k)]);
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
            const Vec3 away = awayFromBones(out.positions[i], segments);
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
