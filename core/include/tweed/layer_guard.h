// Riders keep their side of the simulated shell (DESIGN.md, "Garments in layers"). After the
// skin map has placed a rider vertex on its physics triangle, it is checked against two sets of
// triangles and moved back to its side of any it has crossed, at its rest clearance from them:
// - the physics triangles sharing a corner with its own (at most its signed offset h from its
//   own triangle, as bound);
// - the triangle of the shell's own graphics mesh (the surface that is seen and measured)
//   nearest it at rest. The shell's graphics mesh is placed by the
//   skin map too, yet it is not the physics surface: where the physics mesh bends sharply, a
//   graphics triangle spanning the bend cuts the corner, over a rider that keeps its side of
//   every physics triangle.
#pragma once

#include "tweed/asset.h"

#include <cstdint>
#include <vector>

namespace tweed {

/// Per rider, the triangles (of some index list) it keeps its side of and the clearance it
/// keeps from them.
struct RiderSides
{
    std::vector<float> clearance;      ///< per rider; negative: none kept
    std::vector<uint32_t> aroundStart; ///< per rider + 1: offsets into around
    std::vector<uint32_t> around;      ///< triangles, by index into the list
};

struct RiderGuard
{
    std::vector<uint32_t> riders; ///< graphics vertices of rider submeshes bound by the skin map
    /// Per rider: the side of its graphics shell it lies on at rest, -1 under it (a lining),
    /// +1 over it. (Its side of the physics triangles is the sign of its bound offset h.)
    std::vector<float> shellSide;
    RiderSides physics; ///< triangles of the physics mesh
    RiderSides shell;   ///< triangles of shellIndices
    /// The graphics triangles of the shells riders ride on (indices into the graphics mesh).
    std::vector<uint32_t> shellIndices;
    bool empty() const { return riders.empty(); }
};

/// The guard of a LoD's riders over its physics mesh and the graphics shell each rides on (see
/// garmentLayers), at rest; empty when the LoD has no rider submesh or no skin map.
RiderGuard buildRiderGuard(const GraphicsLod &lod, const PhysicsMesh &physics);

/// Moves each rider in outPositions (the whole graphics mesh, already placed by applySkinMap)
/// back to its side of the simulated physics triangles around its own and of the graphics
/// shell's triangles around it, at its clearances. physicsNormals orient the physics triangles;
/// the shell's triangles are oriented by their winding.
void keepRidersOnTheirSide(const RiderGuard &guard, const SkinMap &map,
                           const std::vector<uint32_t> &physicsIndices,
                           const std::vector<Vec3> &physicsPositions,
                           const std::vector<Vec3> &physicsNormals, std::vector<Vec3> &outPositions);

/// The graphics vertices of lod's rider submeshes (true for a vertex used by a rider triangle).
std::vector<bool> riderVertices(const GraphicsMesh &mesh);

} // namespace tweed
