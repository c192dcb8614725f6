// Internal to the cloth solver: the distance-constraint kernel, compiled for SSE2 (the
// baseline) and AVX2, chosen at run time. (An AVX-512 path measured slower than AVX2 here: the
// transposes to and from particle rows cost more than the wider arithmetic saves.) Every path
// runs the same IEEE operations (add, sub, mul, div, max; no fused multiply-add) on each
// constraint, so results are bit-identical whichever path, lane or thread takes a constraint.
#pragma once

#include <cstdint>

namespace tweed::sim {

/// A particle or target: position and, in w, the inverse mass (targets: unused).
struct alignas(16) P4
{
    float x, y, z, w;
};

enum class LambdaMode { None, Init, Accumulate };

struct ColourArgs
{
    P4 *p = nullptr;
    const uint32_t *ia = nullptr, *ib = nullptr;
    const uint16_t *ia16 = nullptr, *ib16 = nullptr; ///< twice the same, for narrow kernels
    const float *rest = nullptr;
    const float *param = nullptr; ///< per constraint; unused when the colour is uniform
    float *lambda = nullptr;
    float uniformParam = 0;       ///< the parameter of every constraint of a uniform colour
};

/// Solves constraints [begin, end) of one colour; begin and end are multiples of 16. A
/// constraint between particles A and B of rest length r is C = (|d|^2 - r^2) / 2r with
/// d = xB - xA: it has the zeros of |d| - r and, near rest, its value and gradient (so a
/// compliance means the same), but needs no square root (7% of the hang benchmark's time).
/// Its step is Newton's for the square, which lands (s - 1)^2 / 2s past rest from a stretch s;
/// |grad C|^2 = |d|^2 / r^2 is held to 1/2 or more, so a crushed edge is pushed at most 6% past
/// its rest length instead of without bound.
///   XPBD: dlambda = (-C - alphaTilde lambda) / ((wA + wB) |grad C|^2 + alphaTilde)
///         (param = alphaTilde)
///   PBD:  dlambda = -k C / ((wA + wB) |grad C|^2)   (param = k)
/// then xA -= wA dlambda d / r, xB += wB dlambda d / r.
using ColourKernel = void (*)(const ColourArgs &args, uint32_t begin, uint32_t end);

/// The kernel for these modes on the widest path the processor has (baseline: SSE2 always);
/// narrowIndices reads the 16-bit constraint ends (less memory traffic on large meshes).
ColourKernel colourKernel(bool xpbd, LambdaMode mode, bool uniformParam, bool narrowIndices,
                          bool baseline);

/// Name of the path colourKernel(..., false) takes ("avx2" or "sse2").
const char *kernelPath();

} // namespace tweed::sim
