// Shells of one garment keep apart (DESIGN.md, "Garments in layers"): a cape over a coat is one
// physics mesh built from both, and the inner shell's simulated surface is a collider of the
// outer one: after the constraints of every substep, each outer-shell vertex found on the wrong
// side of the inner surface (the closest point's pseudo-normal decides) goes back out to a small
// clearance from it.
#pragma once

#include "tweed/asset.h"
#include "tweed/mesh_distance.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct ShellCollision
{
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    /// Per physics vertex: its shell's rank from the innermost (0), kNone for none.
    std::vector<uint32_t> shellOf;
    std::vector<uint32_t> vertices; ///< outer-shell physics vertices (rank 1 and up)
    std::vector<float> side;        ///< per vertex: +1 on the inner triangles' normal side
    std::vector<float> clearance;   ///< per vertex: metres kept from the inner surface
    /// Per rank: the physics triangles (three indices each) of the shells inside it.
    std::vector<std::vector<uint32_t>> innerIndices;
    bool empty() const { return vertices.empty(); }
};

/// The shells of graphics LoD `lod` of `asset`, innermost first (see garmentLayers), as ranks of
/// the physics mesh's vertices (each vertex takes the shell whose rest surface is nearest), and
/// the vertices of the outer shells with the side of the inner ones they keep. Empty when the
/// LoD has fewer than two shells. `thickness` caps the clearance (metres).
ShellCollision buildShellCollision(const ClothingAsset &asset, int lod, float thickness = 0.004f);

/// The inner shells' current surface as a collider of the outer ones, for one cloth instance.
class ShellCollider
{
public:
    /// `restPositions` are the physics mesh's.
    ShellCollider(const ShellCollision &shells, const std::vector<Vec3> &restPositions);
    /// Moves each movable outer-shell vertex (x, y, z, inverse mass per vertex, `stride` floats
    /// apart) that lies on the wrong side of an inner shell's surface, or nearer than its
    /// clearance, out to its clearance from the closest point; vertices beside an inner shell
    /// (closest to its open edge) are left alone. Returns the vertices moved.
    uint32_t apply(float *positions, size_t stride);

private:
    const ShellCollision *mShells;
    std::vector<MeshDistance> mInner; ///< per rank
    std::vector<Vec3> mPositions;
};

} // namespace tweed
