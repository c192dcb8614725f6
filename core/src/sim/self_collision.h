// Internal to the cloth solver: particle-particle self-collision with a spatial hash.
#pragma once

#include "particle.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

/// Pushes apart particles closer than a thickness that were not that close at rest (Jacobi:
/// corrections averaged, applied after all pairs, so the order of pairs does not matter). Keeps
/// its hash table between calls.
class SelfCollision
{
public:
    /// Particles [0, n) of p (w: inverse mass) with their rest positions.
    void apply(P4 *p, const Vec3 *restPositions, uint32_t n, float thickness);

private:
    std::vector<uint32_t> hashCellStart, hashSorted, hashCell;
    std::vector<Vec3> selfDelta;
    std::vector<uint16_t> selfCount;
};

} // namespace tweed::sim
