// Internal to the cloth solver: the distance-constraint and hard-constraint kernels, compiled for SSE2 (the
// baseline), AVX2 and AVX-512, chosen at run time. Every path
// runs the same IEEE operations (add, sub, mul, div, max; no fused multiply-add) on each
// constraint, so results are bit-identical whichever path, lane or thread takes a constraint.
#pragma once

#include "particle.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

enum class LambdaMode { None, Init, Accumulate };

/// How the constraints of a batch of 16 (ClothData::kBatchPadding) find their particles: by
/// their indices (gathered and transposed one by one), or as a run of consecutive particles
/// that the kernels load and store as whole rows (no index loads; on AVX-512 a third of the
/// shuffles). A batch's constraints run the same operations either way (the same bits).
enum BatchLayout : uint8_t {
    kGathered = 0,
    kRunA = 1,        ///< ends A are consecutive particles: A of constraint i is A of the first + i
    kRunB = 2,        ///< the same for ends B
    kRunAB = 3,       ///< both
    kInterleaved = 4, ///< A of constraint i is A of the first + 2 i, and B is A + 1
};

/// The layout of each batch of 16 constraints of [0, count) (count a multiple of 16).
std::vector<uint8_t> batchLayouts(const uint32_t *ia, const uint32_t *ib, uint32_t count);

struct ColourArgs
{
    P4 *p = nullptr;
    const uint32_t *ia = nullptr, *ib = nullptr;
    const uint16_t *ia16 = nullptr, *ib16 = nullptr; ///< twice the same, for narrow kernels
    const float *rest = nullptr;  ///< read only with a compression limit
    /// Per constraint r^2 and 3 r^2 of the rest length r (see squareRests).
    const float *restSq = nullptr, *restSq3 = nullptr;
    /// Per constraint wA + wB, plus alphaTilde with XPBD (see weightSums).
    const float *weight = nullptr;
    const float *param = nullptr; ///< per constraint; unused when the colour is uniform
    float *lambda = nullptr;
    float uniformParam = 0;       ///< the parameter of every constraint of a uniform colour
    /// Per constraint, or null for none: the compression limit c (see ColourKernel).
    const float *compressionLimit = nullptr;
    /// Per batch of 16 constraints, its BatchLayout; null: every batch gathered.
    const uint8_t *layout = nullptr;
};

/// r^2 and 3 r^2 of rest lengths [begin, end), as the kernels multiply them (their
/// precomputed share of each constraint's operations); r^2 at least 1e-12 (1 um), so that
/// the kernels need no guard against a zero denominator.
void squareRests(const float *rest, size_t begin, size_t end, float *restSq, float *restSq3);

/// Per constraint of [0, count) the inverse masses' sum wA + wB (the particles' w) plus its
/// parameter (param[k], or uniformParam for all when param is null): alphaTilde with XPBD;
/// with PBD pass no param and 0, for wA + wB alone; 1 where that sum is 0 (both ends
/// immovable and no compliance: they never move; it keeps the denominators nonzero). Where
/// both ends are immovable the sum stays alphaTilde, which keeps the multiplier bounded. The particles' w and the parameters must
/// be those the kernels then see.
void weightSums(const P4 *p, const uint32_t *ia, const uint32_t *ib, size_t count,
                const float *param, float uniformParam, float *weight);

/// Solves constraints [begin, end) of one colour; begin and end are multiples of 16. A
/// constraint between particles A and B of rest length r is C = |d| - r with d = xB - xA, its
/// gradient the unit vector d / |d|; the projection needs r / |d|, which it takes from the
/// Pade approximant rho = (|d|^2 + 3 r^2) / (3 |d|^2 + r^2) instead of a square root (8% of
/// the hang benchmark's time). From a stretch s = |d| / r one rigid projection ends
/// |s - 1|^3 / (3 s^2 + 1) short of rest, never past it (5% stretched: 3e-5 of r short).
///   XPBD: dlambda = (-C - alphaTilde lambda) / (wA + wB + alphaTilde)   (param = alphaTilde)
///   PBD:  dlambda = -k C / (wA + wB)                                    (param = k)
/// then xA -= wA dlambda d / |d| and xB += wB dlambda d / |d|. With rho = num / den for r / |d|
/// and the lambda array holding mu = lambda / r, the kernel computes
///   f = dlambda / |d| = (-(den - num) - alphaTilde mu num) / (den (wA + wB + alphaTilde))
///   dmu = dlambda / r = f den / num.
/// (It takes r^2, 3 r^2 and wA + wB + alphaTilde precomputed per constraint: ColourArgs.)
/// With a compression limit c <= 1 a constraint is C = |d| - c r when |d| < c r, C = |d| - r
/// when |d| > r, and holds no force in between (f = dmu = 0): the fabric buckles there.
using ColourKernel = void (*)(const ColourArgs &args, uint32_t begin, uint32_t end);

/// The kernel for these modes on the widest path of at most `lanes` lanes the processor has
/// (0 or 16: AVX-512, AVX2 or SSE2, the widest the processor has; 8: at most AVX2; 4: SSE2
/// always; see
/// ClothInstanceOptions::kernelLanes); narrowIndices reads the 16-bit constraint ends (less
/// memory traffic on large meshes).
ColourKernel colourKernel(bool xpbd, LambdaMode mode, bool uniformParam, bool narrowIndices,
                          uint32_t lanes);

struct HardArgs
{
    P4 *p = nullptr, *prev = nullptr;
    const uint32_t *child = nullptr, *parent = nullptr;
    const float *rest = nullptr; ///< of the edge from child to parent
    float limit = 1;             ///< the stretch limit factor
    float follow = 0;            ///< share of a correction the parent's velocity takes back
    /// Per batch of 16 entries, nonzero where the batch's parents are 16 different particles
    /// (see hardDistinctParents); null: none taken as such.
    const uint8_t *distinctParents = nullptr;
};

/// Per batch of 16 of the hard entries [0, count) (count a multiple of 16), 1 where their
/// parents are 16 different particles: the kernels then move the parents' previous positions
/// in a batch, as they do the children.
std::vector<uint8_t> hardDistinctParents(const uint32_t *parent, uint32_t count);

/// Hard constraints [begin, end) of a list sorted top-down and cut into levels, each padded to
/// a multiple of 16 entries (the widest path's lanes) (child and parent both the immovable dummy particle) so that no
/// entry of a batch is the parent of another: a movable child more than limit * rest from its
/// parent moves to that distance, and the parent's previous position moves by follow times the
/// child's correction (in list order, so siblings add up the same whichever path runs them).
using HardKernel = void (*)(const HardArgs &args, uint32_t begin, uint32_t end);

/// The hard-constraint kernel on the path colourKernel takes for `lanes`.
HardKernel hardKernel(uint32_t lanes);

struct FinishArgs
{
    P4 *p = nullptr;
    const P4 *target0 = nullptr;
    const P4 *target1 = nullptr; ///< null: the targets hold still (target0 is the target)
    float alpha = 0;             ///< of the way from target0 to target1
    const uint32_t *tetherAnchor = nullptr; ///< per particle; null: no tethers
    const float *tetherLength = nullptr;    ///< per particle; +inf for none
    const P4 *params = nullptr;  ///< per particle: x Max Distance radius, y backstop radius
    bool maxDistanceBiased = false; ///< the Max Distance shape is no sphere: never screened out
    const P4 *bounds = nullptr;  ///< per collider: centre and, in w, squared bounding radius
    uint32_t boundCount = 0;
    uint32_t dummy = 0;          ///< the immovable particle, filling a short last batch
};

/// The first part of the end-of-substep pass over particles [begin, end): every movable one
/// more than its tether length from its anchor's target moves to that distance (towards it);
/// then the particles that may need the rest (inside a collider's bounding sphere, with a
/// backstop, or outside a spherical Max Distance) are listed in `rest`, in order. Returns how
/// many. The others need nothing more: the tests are those the rest would make, bit for bit.
using FinishKernel = uint32_t (*)(const FinishArgs &args, uint32_t begin, uint32_t end,
                                  uint32_t *rest);

FinishKernel finishKernel(uint32_t lanes);

struct IntegrateArgs
{
    P4 *p = nullptr, *prev = nullptr;
    const P4 *target0 = nullptr, *target1 = nullptr, *params = nullptr; ///< as FinishArgs
    float alpha = 0;
    float gravityStep[3] = {0, 0, 0}; ///< gravity times the substep's length squared
    uint32_t dummy = 0;
};

/// Verlet step of particles [begin, end) without wind or world motion: a movable particle
/// moves on by its last displacement times its keep factor (params w) plus gravityStep, and
/// its previous position becomes its current one; a fixed particle and its previous position
/// go to its target.
using IntegrateKernel = void (*)(const IntegrateArgs &args, uint32_t begin, uint32_t end);

IntegrateKernel integrateKernel(uint32_t lanes);

struct SqueezeArgs
{
    const P4 *target = nullptr; ///< the particles' targets (the dummy's too)
    const uint32_t *ia = nullptr, *ib = nullptr;
    /// Per constraint: its rest length where its limit follows its targets, else 0.
    const float *rest = nullptr;
    const float *base = nullptr; ///< per constraint: its limit from the settings
    float *limit = nullptr;
};

/// Compression limits of constraints [begin, end) (multiples of 16): where rest is positive,
/// std::min(base, distance(target A, target B) / rest), else base (a batch of such alone is
/// left as it is: limit must start as base); the same operations (sub, mul, add, sqrt, div)
/// as that scalar expression, so the same bits on every path.
using SqueezeKernel = void (*)(const SqueezeArgs &args, uint32_t begin, uint32_t end);

SqueezeKernel squeezeKernel(uint32_t lanes);

/// Name of the path the kernels take for `lanes` ("avx512", "avx2" or "sse2"; "scalar" off x86).
const char *kernelPath(uint32_t lanes = 0);

} // namespace tweed::sim
