// The simplifier's edge costs four at a time in AVX2 lanes (simplify_lanes.cpp), chosen at run
// time where the processor has AVX2: the same operations as the scalar and SSE2 code, lane by
// lane and without fused multiply-adds, so the costs are the same to the bit on every path.
#pragma once

namespace tweed::simplify_detail {

// Whether interiorEdgeCosts4 runs here (an x86-64 processor with AVX2), unless turned off by
// setFourLanes(false) (the tests compare the paths).
bool fourLanes();
void setFourLanes(bool on);

// The costs of collapsing the interior edges (a, b[i]) to the optimum of their summed quadric,
// as the simplifier's scalar and two-lane costs give them: the quadric's error there plus
// lengthTerms[i]. Each end is the simplifier's 64-byte line of vertex data: its quadric relative
// to its position (a00 a01 a02 a11 a12 a22 b0 b1 b2 c) in single precision, then the position.
void interiorEdgeCosts4(const float *a, const float *const b[4], const double lengthTerms[4],
                        float costs[4]);

} // namespace tweed::simplify_detail
