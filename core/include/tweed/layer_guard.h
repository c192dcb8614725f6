// Riders keep their side of the simulated shell (DESIGN.md, "Garments in layers"): after the
// skin map has placed a rider vertex on its physics triangle, two rings of triangles around that
// one are checked too, and the vertex is moved back to its side of any it has crossed, at its rest
// clearance from it (at most its signed offset h from its own triangle, as bound).
#pragma once

#include "tweed/asset.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct RiderGuard
{
    std::vector<uint32_t> riders;      ///< graphics vertices of rider submeshes bound by the skin map
    std::vector<float> clearance;      ///< per rider: distance to keep from the triangles around
    std::vector<uint32_t> aroundStart; ///< per rider + 1: offsets into around
    std::vector<uint32_t> around;      ///< per rider: two rings of physics triangles around its own
    bool empty() const { return riders.empty(); }
};

/// The guard of a LoD's riders over its physics mesh (rest positions); empty when the LoD has no
/// rider submesh or no skin map.
RiderGuard buildRiderGuard(const GraphicsLod &lod, const PhysicsMesh &physics);

/// Moves each rider in outPositions (already placed by applySkinMap) back to its side of the
/// simulated triangles around its own, at its clearance. physicsNormals orient the triangles.
void keepRidersOnTheirSide(const RiderGuard &guard, const SkinMap &map,
                           const std::vector<uint32_t> &physicsIndices,
                           const std::vector<Vec3> &physicsPositions,
                           const std::vector<Vec3> &physicsNormals, std::vector<Vec3> &outPositions);

/// The graphics vertices of lod's rider submeshes (true for a vertex used by a rider triangle).
std::vector<bool> riderVertices(const GraphicsMesh &mesh);

} // namespace tweed
