// Shells keep apart: the inner shell's simulated surface as a collider of the outer one.
#include "tweed/shell_collision.h"

#include "tweed/cloth_measures.h"
#include "tweed/mesh_distance.h"

#include <algorithm>
#include <cmath>

namespace tweed {

ShellCollision buildShellCollision(const ClothingAsset &asset, int lod, float thickness)
{
    ShellCollision out;
    if (lod < 0 || size_t(lod) >= asset.lods.size()) return out;
    const GraphicsLod &g = asset.lods[size_t(lod)];
    if (g.physicsMesh < 0 || size_t(g.physicsMesh) >= asset.physicsMeshes.size()) return out;
    const PhysicsMesh &physics = asset.physicsMeshes[size_t(g.physicsMesh)];
    const ClothLayers layers = garmentLayers(asset, lod);
    const size_t shellCount = layers.shells.size();
    if (shellCount < 2) return out;
    const GraphicsMesh &mesh = g.mesh;
    const size_t pv = physics.vertexCount(), tris = physics.triangleCount();

    // Each physics vertex takes the shell whose rest surface is nearest.
    std::vector<MeshDistance> surfaces;
    for (const VertexRange &r : layers.shells) {
        std::vector<Vec3> positions(mesh.positions.begin() + r.first,
                                    mesh.positions.begin() + r.first + r.count);
        std::vector<uint32_t> indices;
        for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
            bool in = true;
            for (int k = 0; k < 3; ++k)
                in = in && mesh.indices[t + size_t(k)] >= r.first &&
                     mesh.indices[t + size_t(k)] - r.first < r.count;
            if (in)
                for (int k = 0; k < 3; ++k)
                    indices.push_back(mesh.indices[t + size_t(k)] - r.first);
        }
        surfaces.emplace_back(positions, indices);
    }
    out.shellOf.assign(pv, ShellCollision::kNone);
    for (size_t v = 0; v < pv; ++v) {
        float best = INFINITY;
        for (size_t s = 0; s < shellCount; ++s) {
            if (surfaces[s].empty()) continue;
            const float d = std::abs(surfaces[s].query(physics.positions[v]).distance);
            if (d < best) {
                best = d;
                out.shellOf[v] = uint32_t(s);
            }
        }
    }
    // A triangle belongs to the shell of its three corners.
    std::vector<uint32_t> triShell(tris, ShellCollision::kNone);
    for (size_t t = 0; t < tris; ++t) {
        const uint32_t *f = &physics.indices[3 * t];
        if (f[0] >= pv || f[1] >= pv || f[2] >= pv) continue;
        if (out.shellOf[f[0]] == out.shellOf[f[1]] && out.shellOf[f[0]] == out.shellOf[f[2]])
            triShell[t] = out.shellOf[f[0]];
    }
    out.innerIndices.resize(shellCount);
    for (uint32_t rank = 1; rank < shellCount; ++rank) {
        std::vector<uint32_t> &inner = out.innerIndices[rank];
        for (size_t t = 0; t < tris; ++t)
            if (triShell[t] < rank)
                inner.insert(inner.end(), physics.indices.begin() + 3 * long(t),
                             physics.indices.begin() + 3 * long(t) + 3);
        if (inner.empty()) continue;
        const MeshDistance surface(physics.positions, inner);
        for (size_t v = 0; v < pv; ++v) {
            if (out.shellOf[v] != rank) continue;
            // The side it lies on at rest (outside, unless the shells were made crossing);
            // beside the inner shell (below a coat's hem) it is outside.
            const SurfaceDistance s = surface.query(physics.positions[v]);
            const bool inside = !s.onOpenEdge && s.distance < 0;
            const float rest = std::abs(s.distance);
            if (!(rest > 1e-5f) || !std::isfinite(rest)) continue; // on it: sewn there
            out.vertices.push_back(uint32_t(v));
            out.side.push_back(inside ? -1.0f : 1.0f);
            out.clearance.push_back(std::min(0.5f * rest, thickness));
        }
    }
    if (out.vertices.empty()) return ShellCollision{};
    return out;
}

ShellCollider::ShellCollider(const ShellCollision &shells, const std::vector<Vec3> &restPositions)
    : mShells(&shells), mPositions(restPositions)
{
    for (const std::vector<uint32_t> &indices : shells.innerIndices)
        mInner.emplace_back(restPositions, indices);
}

uint32_t ShellCollider::apply(float *positions, size_t stride)
{
    const ShellCollision &shells = *mShells;
    for (size_t v = 0; v < mPositions.size(); ++v) {
        const float *q = positions + v * stride;
        mPositions[v] = {q[0], q[1], q[2]};
    }
    for (MeshDistance &inner : mInner)
        if (!inner.empty()) inner.update(mPositions);
    uint32_t moved = 0;
    for (size_t i = 0; i < shells.vertices.size(); ++i) {
        const uint32_t v = shells.vertices[i];
        float *q = positions + size_t(v) * stride;
        if (!(q[3] > 0)) continue; // fixed: follows its bones
        const uint32_t rank = shells.shellOf[v];
        if (rank >= mInner.size() || mInner[rank].empty()) continue;
        const Vec3 p{q[0], q[1], q[2]};
        const SurfaceDistance s = mInner[rank].query(p);
        const float side = shells.side[i], need = shells.clearance[i];
        // (At its clearance already, within rounding: left as it is.)
        if (s.onOpenEdge || !std::isfinite(s.distance) || side * s.distance >= 0.999f * need)
            continue;
        // Out along the direction from the closest point to its side.
        const Vec3 away = p - s.closest;
        const float len = length(away);
        if (!(len > 1e-7f)) continue;
        const Vec3 out = away * ((s.distance < 0 ? -1.0f : 1.0f) * side / len);
        const Vec3 target = s.closest + out * need;
        if (!isFinite(target)) continue;
        q[0] = target.x;
        q[1] = target.y;
        q[2] = target.z;
        ++moved;
    }
    return moved;
}

} // namespace tweed
