// Render-ready outputs of a ClothInstance: the deformed graphics mesh with normals (carried by
// the skin map or recomputed from the deformed triangles, welded across seams) and tangents
// from the skin map's stored tangent frame; and the cloth-driven bones' matrices.
#include "cloth_instance_impl.h"

#include "tweed/errors.h"
#include "tweed/skin_map.h"

#include <cmath>

namespace tweed {
namespace {

/// Linear-blend skinning of one rest-pose vertex (position, normal and tangent direction).
void skinByBones(const ClothAssetData &a, std::span<const Mat4> skinning, size_t v, Vec3 &p,
                 Vec3 &nrm, Vec3 &tangent)
{
    if (a.graphicsSkin.size() != a.graphicsPositions.size() || skinning.empty())
        return;
    Vec3 sp{}, sn{}, st{};
    float total = 0;
    const BoneInfluence &inf = a.graphicsSkin[v];
    for (int k = 0; k < kMaxBoneInfluences; ++k) {
        const float w = inf.weights[size_t(k)];
        if (w == 0.0f)
            continue;
        const Mat4 &m = skinning[inf.bones[size_t(k)]];
        sp += m.transformPoint(p) * w;
        sn += m.transformVector(nrm) * w;
        st += m.transformVector(tangent) * w;
        total += w;
    }
    if (total > 0) {
        p = sp;
        nrm = normalize(sn);
        tangent = normalize(st);
    }
}

/// A unit vector perpendicular to n.
Vec3 anyPerpendicular(const Vec3 &n)
{
    const Vec3 helper = std::abs(n.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
    return normalize(helper - n * dot(n, helper));
}

} // namespace

void setRenderOutputs(ClothAssetData &data, const GraphicsMesh &graphics, const PhysicsMesh &physics)
{
    data.graphicsIndices = graphics.indices;
    data.graphicsTangents = graphics.tangents;
    data.clothBones = physics.clothBones;
    uint32_t groups = 0;
    const std::vector<uint32_t> groupOf = weldEqualPositions(graphics.positions, &groups);
    data.graphicsWeld.clear();
    if (groups == graphics.positions.size())
        return;
    // Group numbers follow first appearance: the first vertex of each group represents it.
    std::vector<uint32_t> first(groups, SkinMap::kUnbound);
    data.graphicsWeld.resize(groupOf.size());
    for (size_t v = 0; v < groupOf.size(); ++v) {
        if (first[groupOf[v]] == SkinMap::kUnbound)
            first[groupOf[v]] = uint32_t(v);
        data.graphicsWeld[v] = first[groupOf[v]];
    }
}

void deformGraphicsMesh(const ClothAssetData &a, const std::vector<Vec3> &physicsPositions,
                        const std::vector<Vec3> &physicsNormals, std::span<const Mat4> skinning,
                        const GraphicsOutputOptions &options, std::vector<Vec3> &positions,
                        std::vector<Vec3> *normals, std::vector<Vec4> *tangents)
{
    const size_t count = a.graphicsPositions.size();
    positions.resize(count);
    if (normals)
        normals->resize(count);
    const bool wantTangents = tangents && normals && a.graphicsTangents.size() == count;
    if (tangents)
        tangents->resize(wantTangents ? count : 0);
    const bool hasNormals = a.graphicsNormals.size() == count;
    const bool tetra = count > 0 && a.skinMap.tetraBindings.size() == count; // a soft body
    const bool hasMap = tetra || a.skinMap.bindings.size() == count;
    const bool recompute = normals && options.recomputeNormals;
    // Unbound vertices follow their bones.
    for (size_t v = 0; v < count; ++v) {
        if (hasMap && (tetra ? a.skinMap.tetraBindings[v].tetrahedron
                             : a.skinMap.bindings[v].triangle) != SkinMap::kUnbound)
            continue;
        Vec3 p = a.graphicsPositions[v], nrm = hasNormals ? a.graphicsNormals[v] : Vec3{0, 1, 0};
        Vec3 t = wantTangents ? Vec3{a.graphicsTangents[v].x, a.graphicsTangents[v].y,
                                     a.graphicsTangents[v].z}
                              : Vec3{1, 0, 0};
        skinByBones(a, skinning, v, p, nrm, t);
        positions[v] = p;
        if (normals)
            (*normals)[v] = nrm;
        if (wantTangents)
            (*tangents)[v] = {t.x, t.y, t.z, 0};
    }
    if (tetra) {
        applyTetraSkinMap(a.skinMap, a.cloth->tetrahedra, physicsPositions, positions, normals,
                          wantTangents ? tangents : nullptr);
    } else if (hasMap) {
        // Recomputed normals replace the carried ones below, except where a vertex has no area
        // around it: the skin map's normal stays there.
        applySkinMap(a.skinMap, a.cloth->indices, physicsPositions, physicsNormals, positions,
                     normals, wantTangents ? tangents : nullptr);
        keepRidersOnTheirSide(a.riders, a.skinMap, a.cloth->indices, physicsPositions,
                              physicsNormals, positions);
    }
    if (recompute) {
        std::vector<Vec3> &n = *normals;
        // Area-weighted sums over the deformed triangles, then over the vertices of a seam.
        const bool welded = !a.graphicsWeld.empty();
        thread_local std::vector<Vec3> sums;
        accumulateVertexNormals(positions, a.graphicsIndices, sums);
        if (welded)
            for (size_t v = 0; v < count; ++v)
                if (a.graphicsWeld[v] != v)
                    sums[a.graphicsWeld[v]] += sums[v];
        for (size_t v = 0; v < count; ++v) {
            const Vec3 s = normalize(sums[welded ? a.graphicsWeld[v] : v]);
            if (lengthSquared(s) > 0)
                n[v] = s;
        }
    }
    if (wantTangents) {
        // Orthogonal to the final normal (Gram-Schmidt); the sign comes from the rest pose.
        for (size_t v = 0; v < count; ++v) {
            const Vec3 &nrm = (*normals)[v];
            Vec4 &out = (*tangents)[v];
            Vec3 t{out.x, out.y, out.z};
            t = normalize(t - nrm * dot(nrm, t));
            if (lengthSquared(t) == 0.0f)
                t = anyPerpendicular(nrm);
            out = {t.x, t.y, t.z, a.graphicsTangents[v].w < 0 ? -1.0f : 1.0f};
        }
    }
}

void ClothInstance::deformGraphics(GraphicsOutput &out, const GraphicsOutputOptions &options) const
{
    if (!d->asset)
        throw InputError("cloth: deforming the graphics mesh needs an instance made from an asset");
    deformGraphicsMesh(*d->asset, positions(), normals(), d->skinning, options, out.positions,
                       &out.normals, options.tangents ? &out.tangents : nullptr);
    if (!options.tangents)
        out.tangents.clear();
}

void ClothInstance::clothBoneMatrices(std::vector<Mat4> &skinning, std::vector<Mat4> *frames) const
{
    if (!d->asset)
        throw InputError("cloth: cloth-driven bones need an instance made from an asset");
    clothDrivenBones(d->asset->clothBones, d->data->restPositions, positions(), skinning, frames);
}

} // namespace tweed
