// Small meshes with known answers for the physics mesh tests, made in code.
#pragma once

#include "tweed/asset.h"
#include "tweed/clip_simulation.h"
#include "tweed/mesh.h"
#include "tweed/sim/colliders.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace tweed::test {

/// A two-bone spine along +y: bone 0 at the origin, bone 1 at (0, height, 0).
inline Skeleton makeSpine(float height)
{
    Skeleton s;
    Bone root;
    root.name = "root";
    Bone top;
    top.name = "top";
    top.parent = 0;
    top.restLocal.translation = {0, height, 0};
    top.inverseBind = Mat4::translation({0, -height, 0});
    s.bones = {root, top};
    return s;
}

/// Binds every bone at its rest pose: its inverse bind is the inverse of its rest global.
inline void bindAtRest(Skeleton &s)
{
    const std::vector<Mat4> global = s.restGlobal();
    for (size_t b = 0; b < global.size(); ++b)
        s.bones[b].inverseBind = inverse(global[b]);
}

/// A rotation track of `bone` about `axis`, keyed `keys` + 1 times evenly over `seconds`, by
/// `angle(t)` radians at time t.
inline BoneTrack rotationTrack(int bone, Vec3 axis, double seconds, int keys,
                               const std::function<float(double)> &angle)
{
    BoneTrack track;
    track.bone = bone;
    for (int k = 0; k <= keys; ++k) {
        const double t = seconds * k / keys;
        track.rotations.push_back({t, axisAngle(axis, angle(t))});
    }
    return track;
}

/// A clip of the one rotation track above.
inline AnimationClip rotationClip(const std::string &name, int bone, Vec3 axis, double seconds,
                                  int keys, const std::function<float(double)> &angle)
{
    AnimationClip clip;
    clip.name = name;
    clip.duration = seconds;
    clip.tracks.push_back(rotationTrack(bone, axis, seconds, keys, angle));
    return clip;
}

/// An open tube around the y axis (two openings), `segments` around and `rings` high, with the
/// seam column duplicated like a UV seam. Normals point outward; bone 1's weight is y / height.
inline GraphicsMesh makeTube(float radius, float height, int segments, int rings,
                             const std::string &name = "tube")
{
    GraphicsMesh m;
    m.name = name;
    for (int r = 0; r <= rings; ++r) {
        const float y = height * float(r) / float(rings);
        for (int s = 0; s <= segments; ++s) {
            const float a = 2 * kPi * float(s) / float(segments);
            m.positions.push_back({radius * std::cos(a), y, radius * std::sin(a)});
            m.normals.push_back({std::cos(a), 0, std::sin(a)});
            m.uvs.push_back({float(s) / float(segments), float(r) / float(rings)});
            BoneInfluence inf;
            inf.bones = {0, 1, 0, 0};
            inf.weights = {1 - y / height, y / height, 0, 0};
            m.skin.push_back(inf);
        }
    }
    const uint32_t row = uint32_t(segments + 1);
    for (uint32_t r = 0; r < uint32_t(rings); ++r)
        for (uint32_t s = 0; s < uint32_t(segments); ++s) {
            const uint32_t a = r * row + s, b = a + 1, c = a + row, d = c + 1;
            // Counter-clockwise seen from outside.
            m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
        }
    m.submeshes.push_back({name, "cloth", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

/// An nx by ny grid of quads in the z = z0 plane, each quad with its own four vertices (a
/// triangle soup as an exporter splitting every face would write), normals +z.
inline GraphicsMesh makeSoupGrid(int nx, int ny, float cell, float z0 = 0, bool flip = false)
{
    GraphicsMesh m;
    m.name = "grid";
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const uint32_t base = uint32_t(m.positions.size());
            for (int k = 0; k < 4; ++k) {
                const float x = cell * float(i + (k & 1)), y = cell * float(j + (k >> 1));
                m.positions.push_back({x, y, z0});
                m.normals.push_back({0, 0, flip ? -1.0f : 1.0f});
            }
            if (flip)
                m.indices.insert(m.indices.end(), {base, base + 2, base + 1, base + 1, base + 2,
                                                   base + 3});
            else
                m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base + 1, base + 3,
                                                   base + 2});
        }
    m.submeshes.push_back({"grid", "", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

/// An indexed nx by ny grid in the z = z0 plane (vertices shared between quads).
inline GraphicsMesh makeGrid(int nx, int ny, float cell, float z0 = 0, bool flip = false)
{
    GraphicsMesh m;
    m.name = "grid";
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            m.positions.push_back({cell * float(i), cell * float(j), z0});
            m.normals.push_back({0, 0, flip ? -1.0f : 1.0f});
        }
    const uint32_t row = uint32_t(nx + 1);
    for (uint32_t j = 0; j < uint32_t(ny); ++j)
        for (uint32_t i = 0; i < uint32_t(nx); ++i) {
            const uint32_t a = j * row + i, b = a + 1, c = a + row, d = c + 1;
            if (flip)
                m.indices.insert(m.indices.end(), {a, c, b, b, c, d});
            else
                m.indices.insert(m.indices.end(), {a, b, c, b, d, c});
        }
    m.submeshes.push_back({"grid", "", "", 0, uint32_t(m.indices.size() / 3)});
    return m;
}

/// Weight of a bone in an influence (0 when absent).
inline float boneWeight(const BoneInfluence &inf, uint16_t bone)
{
    float w = 0;
    for (int k = 0; k < kMaxBoneInfluences; ++k)
        if (inf.bones[size_t(k)] == bone)
            w += inf.weights[size_t(k)];
    return w;
}

/// Appends b to a as a further submesh.
inline void appendMesh(GraphicsMesh &a, const GraphicsMesh &b)
{
    const uint32_t base = uint32_t(a.positions.size());
    const uint32_t firstTriangle = uint32_t(a.indices.size() / 3);
    a.positions.insert(a.positions.end(), b.positions.begin(), b.positions.end());
    a.normals.insert(a.normals.end(), b.normals.begin(), b.normals.end());
    a.uvs.insert(a.uvs.end(), b.uvs.begin(), b.uvs.end());
    a.skin.insert(a.skin.end(), b.skin.begin(), b.skin.end());
    for (uint32_t i : b.indices)
        a.indices.push_back(base + i);
    for (Submesh s : b.submeshes) {
        s.firstTriangle += firstTriangle;
        a.submeshes.push_back(s);
    }
}

inline float maxDistanceBetween(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    float worst = 0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        worst = std::max(worst, distance(a[i], b[i]));
    return worst;
}

/// A vertex rigidly skinned to `bone`.
inline BoneInfluence rigidInfluence(int bone)
{
    BoneInfluence inf;
    inf.bones[0] = uint16_t(bone);
    inf.weights[0] = 1;
    return inf;
}

/// The triangles of `rows` rings of `segments` vertices each, numbered ring by ring from
/// `base`, each ring closed on itself: two triangles per quad, wound (ring j, ring j + 1,
/// around) so that a tube whose rings go up and around from x towards z faces outwards;
/// `flip` reverses them.
inline void appendRingTriangles(std::vector<uint32_t> &indices, uint32_t base, int rows,
                                int segments, bool flip = false)
{
    for (int j = 0; j + 1 < rows; ++j)
        for (int i = 0; i < segments; ++i) {
            const uint32_t a = base + uint32_t(j * segments + i);
            const uint32_t b = base + uint32_t((j + 1) * segments + i);
            const uint32_t c = base + uint32_t((j + 1) * segments + (i + 1) % segments);
            const uint32_t d = base + uint32_t(j * segments + (i + 1) % segments);
            if (flip)
                indices.insert(indices.end(), {a, c, b, a, d, c});
            else
                indices.insert(indices.end(), {a, b, c, a, c, d});
        }
}

/// How deep the skinned garment (its vertices and the midpoints of its triangles' edges) comes
/// inside the volumes' collision surfaces (each grown by `thickness`), metres (0 when it stays
/// out), in the bind pose and every frame of every clip at 60 frames a second.
inline float deepestInsideVolumes(const std::vector<CollisionVolume> &volumes,
                                  const Skeleton &skeleton, const std::vector<Vec3> &positions,
                                  const std::vector<uint32_t> &indices,
                                  const std::vector<BoneInfluence> &skin,
                                  const std::vector<AnimationClip> &clips, float thickness)
{
    float deepest = 0;
    std::vector<Vec3> x;
    auto check = [&](const AnimationClip *clip, double t) {
        const std::vector<Mat4> skinning = skinningMatricesAt(skeleton, clip, t);
        skinVertices(positions, skin, skinning, x);
        for (size_t i = 0; i + 2 < indices.size(); i += 3)
            for (size_t k = 0; k < 3; ++k)
                x.push_back((x[indices[i + k]] + x[indices[i + (k + 1) % 3]]) * 0.5f);
        for (const CollisionVolume &v : volumes) {
            const size_t b = size_t(v.bone);
            const Mat4 global = skinning[b] * inverse(skeleton.bones[b].inverseBind);
            const ColliderPose pose = colliderPose(v, colliderFrame(v, global), thickness);
            for (const Vec3 &p : x)
                deepest = std::max(deepest, -colliderDistance(pose, p));
        }
    };
    check(nullptr, 0);
    for (const AnimationClip &clip : clips) {
        const int frames = std::max(1, int(std::ceil(clip.duration * 60)));
        for (int f = 0; f <= frames; ++f)
            check(&clip, clipFrameTime(f, 60, clip.duration));
    }
    return deepest;
}

} // namespace tweed::test
