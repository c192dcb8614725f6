// Edges of a triangle mesh: the key of an undirected edge and the list of unique edges.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tweed {

/// One key per undirected edge: the lower vertex index in the high 32 bits.
inline uint64_t edgeKey(uint32_t a, uint32_t b)
{
    // min and max rather than a branch: which end is lower follows no pattern.
    return (uint64_t(std::min(a, b)) << 32) | std::max(a, b);
}

/// The unique edges of a triangle list (three indices per triangle) as pairs (a, b), a < b,
/// sorted by (a, b). An edge from a vertex to itself (a degenerate triangle's) is no edge.
std::vector<uint32_t> uniqueEdges(const std::vector<uint32_t> &indices);

} // namespace tweed
