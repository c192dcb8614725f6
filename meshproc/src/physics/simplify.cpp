// Simplification: Garland-Heckbert quadric error edge collapse with optimal placement on an
// indexed mesh with per-vertex corner lists; then edge flips and tangential relaxation for
// triangles a cloth solver likes.
//
// The collapses run in two phases. While the mesh is much larger than the target, passes collapse
// many cheap edges at once: each vertex caches its cheapest edge (recomputed only when its
// neighbourhood changed), a pass sorts the cheapest of these and collapses them in order as long
// as they do not touch a neighbourhood already changed in the pass (Wu and Kobbelt's independent
// sets, as in meshoptimizer). That is linear sweeps over compact arrays instead of a global heap
// of millions of stale entries. On a large mesh the first passes run in domains (pieces of the
// surface) on all threads at once, the vertices where domains meet held until the passes on the
// whole mesh. The last collapses, which decide the error, are made one at a time in exact cost
// order from a lazy priority queue.
//
// On large meshes the collapses wait on memory, not arithmetic, so the data is laid out for the
// cache: what the costs and checks read of a vertex (its quadric in single precision relative to
// its position, the position, the input normal) is one 64-byte line, its corners another, and
// the passes fetch the data of the candidates a few places ahead so that the misses overlap.
// On meshes that fit the cache the cost was mispredicted branches (a third of the cycles on
// human.zae): which neighbour comes twice in a fan, which triangle holds an edge, which child of
// a heap node is cheaper follow no pattern, so the loops testing them write every entry and
// advance by the test, or select, instead of branching.
//
// Where the time goes on human.zae to 2,000 vertices, one thread (SimplifyReport's phases):
// set-up 2.3 ms (ordering 0.9, quadrics and boundaries 1.4); the passes 11.9 ms, 10,444
// collapses in 56 passes over two domains, with 31,800 best-edge searches (17,400 for vertices
// whose best edge a collapse changed) and 14,400 of the 25,400 candidates taken skipped for
// lying in a ring already changed in their pass; the exact order 4.0 ms (queue 1.2, 2,000
// collapses 2.8; 10,200 of the 12,600 candidates popped were stale). Edge costs take about 40%
// of the instructions, the collapse checks 22%. By instructions (about 185M a call; callgrind
// with --toggle-collect='tweed::simplify(*' on tweed-bench meshproc --simplify-only
// --no-large --runs 1 --threads 1, which counts the same on a busy machine, where times vary
// 2x): set-up 16%, the passes 63% (best-edge searches 23%, collapses and their checks 23%, the sweeps,
// sorts and rings the rest), the exact order 14% (its queue 4%); no one line takes more than
// 2%. Measured and not kept (time on a loaded
// machine): one division and three products in the minimiser instead of three divisions (no
// change); placement at an end of the edge during the passes, as meshoptimizer places (passes
// 13.6 -> 15.8 ms, largest error 1.92e-3 -> 2.31e-3 of the diagonal); half of the collapses
// still to make per pass instead of a quarter (37 passes instead of 56, no faster, and the
// 460K-triangle mesh's smallest angle before relaxing 8.4 -> 5.1 degrees); fans in 32-byte
// blocks of seven corners (no gain); this file built for AVX2 (the same bits, no gain);
// keeping a neighbour's best edge to the survivor when it got no dearer (2 of 8,900 cases);
// each edge's cost kept per corner with the states of its two ends (a number each vertex
// renews at its collapses), so that a best-edge search and the exact phase's queue cost again
// only the edges whose ends changed: the same bits, 16% fewer edge costs (153K -> 129K) and
// 30% fewer instructions in the queue on human.zae, but 1.4% fewer instructions in all, no gain
// measurable in time, and the 460K-triangle mesh 1.3-1.6 times slower (12 bytes per corner
// written in no order, on a mesh that does not fit the cache); a best-edge search taking the
// neighbours shortest first, so that the length bound skips more (the same bits, 2.4% more
// instructions: few costs are skipped, the quadric error outweighs the length term); the fan
// checks four triangles at once, a triangle per lane (the same bits, 53% more instructions in
// them: a fan has about five triangles to check, so two groups of four, each with two 4x4
// transposes per corner set; no time gain).
//
// Since then (callgrind as above, per call on human.zae to 2,000 vertices): interior edges are
// costed four at a time in AVX2 lanes where the processor has them (simplify_lanes.h; 184M ->
// 177M with the cache below, the same bits as the two-lane path); the input's normals and area
// are measured on a second thread while the first orders the vertices (on two threads the
// calling thread's share 115M -> 112M; meshopt_simplify takes about 63M). Tried and reverted:
// each vertex keeping its second cheapest edge too, so that a neighbour whose best edge a
// collapse took, or a refused candidate, takes the second without a new search (best-edge
// searches 31,800 -> 24,000; 190M -> 184M). The cached costs are not always those a fresh
// search computes (an edge to a survivor is costed from the survivor's side, which rounds
// differently), so it changes some near ties: human.zae keeps its bits at 800 to 5,000 vertices,
// but the 460K-triangle mesh to 2,000 vertices read a largest error of 2.60e-3 of the diagonal
// instead of 2.07e-3: 3% fewer instructions do not pay for a worse result.
// Measured and not kept: the best-edge searches of a run of vertices costed together four at a
// time whatever vertex they start from (fuller lanes, but each lane's start vertex loaded and
// transposed too, and more spills: 177M -> 183M); the four-lane costs also built for AVX-512VL,
// whose 32 registers cut the spills (87 -> 38 stack accesses, 325 -> 291 instructions a call;
// valgrind lacks AVX-512 and the gain is under the noise of a loaded machine); fewer collapses in
// exact order (passes down to 1.25, 1.5 or 1.7 times the target instead of 2: no fewer
// instructions on human.zae, and the 460K-triangle mesh's largest error 2.35e-3 at 1.25).
//
// Where the instructions go now (callgrind as above, both calls of the bench, halved; about
// 182M a call): the domain passes 107M, of which collapse() 42M (13,400 calls, about 3,100
// instructions each: gathering the two fans 8.8M, the turn and angle checks 15M) and the
// best-edge searches 39M (31,400 searches of about three edges, about 1,240 instructions
// each, the four-lane costs 23M of all callers'); the set-up 18M (the quadrics and boundary
// test 13M); the exact order 22M (its queue's costs 6M); the report's measure of the output
// 3.7M, now 1.8M (measureTriangleQuality). No one function is the cost: 2.7 searches and one
// checked collapse per collapse are. meshopt_simplify (63M) keeps nothing per vertex between
// passes: each pass rebuilds a flat adjacency (offsets and (next, prev) pairs, a counting sort
// of the index buffer), costs every edge in float at its two ends (no solve), sorts them and
// collapses those whose ends are not locked, then remaps the index buffer. Matching it means
// that kind of pass (or costs without the double-precision solve) in the domain passes, which
// changes the output: the placement at an end was measured above (largest error 2.31e-3).
// Since then (callgrind as above, both bench calls: 364.1M -> 360.4M, the same output hashes):
// the pass sort counts the top cost bits once (keepSmallestSorted reuses its histogram: 13.6M
// -> 11.9M), and a collapse lists the survivor's ring from the two fans it gathered (ring()
// walked the new fan again: 7.0M, now 6.7M inside collapse; on a large mesh it also saves the
// fan's reloads). Per call the profile stays flat: collapse() 45M (turn and angle checks 15M,
// fans 9M, ring 3M), best-edge searches 39M (their own loops 19M: gathering neighbours,
// length terms, lanes; the four-lane costs the rest), set-up 18M, exact order 22M, pass
// sorts and sweeps 10M. Counted and not tried: corners in blocks of four per triangle (c & 3
// for c % 3) would save about 3M a call (the corner steps cost 6.6M) at 33% more corner
// memory on the 460K-triangle mesh, which waits on memory.
// Since then (callgrind as above, both bench calls: 360.4M -> 352.5M, about 176M a call; the
// same output hashes on human.zae and the 460K-triangle mesh): the set-up sums the face planes
// in SSE2 pairs (PlaneSum: set-up 17.8M -> 15.6M a call), and a best-edge search loads its
// first end's length data once and fetches only the neighbours it keeps (38.9M -> 37.9M).
// Tried and not kept: neighbours listed from next corners alone (see computeBest).
//
// M. Garland, P. Heckbert: Surface Simplification Using Quadric Error Metrics, SIGGRAPH 1997.
// Boundary edges get perpendicular constraint planes (Garland-Heckbert section 5), a collapse
// of an interior edge never joins two boundary vertices, and a vertex collapsing into a boundary
// vertex stays where the boundary vertex is, so hems, sleeves and necklines keep their shape.
// Boundary corners stay too, except on staircases of edges far shorter than the target (see
// kShortRim). No collapse makes a triangle with an angle under SimplifySettings::minAngleDegrees
// but where the input had such triangles, and none spreads them (see collapse).
//
// The quadrics are in simplify_quadric.h, the Morton and radix orderings in simplify_order.cpp,
// the post-passes (edge flips, relaxation) in simplify_post.cpp.
#include "mesh_internal.h"
#include "simplify_internal.h"
#include "simplify_lanes.h"
#include "tweed/errors.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/simplify.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>
#include <utility>

namespace tweed {
namespace {

using namespace simplify_detail;

using detail::kNone;

// 16 bytes, so more of the heap stays in cache. Versions wrap at 2^15; a stale candidate taken
// for a current one only costs ordering, since every collapse is re-checked when it is popped.
struct Candidate
{
    float cost;
    uint32_t a, b;
    uint16_t versionA;
    uint16_t versionB : 15;
    uint16_t deferred : 1; ///< already put back once for making a poor triangle
    bool operator<(const Candidate &o) const { return cost > o.cost; } // min-heap
};

// Quality (2 sqrt(3) area / sum of squared edges) below which a triangle counts as a sliver:
// about a 9 degree smallest angle. A collapse making one is deferred once (collapses elsewhere
// may change the neighbourhood first), then made if it keeps the angle bound.
constexpr float kSliverQuality = 0.25f;
// Weight of the squared edge length added to a collapse's quadric error (a sum of squared
// distances to planes), per unit of the quadric's plane weight (a face counts 1). The term
// grows with the quadric, so it weighs the same against it however finely the input is
// tessellated and however far the collapses have gone. To 2,000 vertices, a fixed weight (0.1)
// left human.zae a largest error of 2.45e-3 of the diagonal (mean 0.250e-3), and its copy
// subdivided twice, with 16 times the planes per area, 3.04e-3 and an edge-length spread of
// 0.74; this weight gives 1.92 (0.232), 2.16 and 0.65.
constexpr double kLengthWeightPerPlane = 0.00125;
// Weight of a boundary edge's constraint plane, in faces.
constexpr double kBoundaryWeight = 4.0;
// A boundary edge shorter than kShortRim target edge lengths may collapse even between two
// corners, when the vertex it removes lies within kRimTolerance target edge lengths of the
// boundary that is left: the rims of iso-surfaces are staircases of short edges turning by 45
// or 90 degrees, and keeping them all made needles between them and the coarse interior.
constexpr float kShortRim = 0.25f, kRimTolerance = 0.1f;
// A pass collapses at most 1/kPassShare of the vertices still to go, from as many cheapest
// candidates; the exact phase makes the collapses below kExactFactor times the target.
constexpr uint32_t kPassShare = 4;
constexpr uint32_t kExactFactor = 2;
// The passes stop within 1/kPassSlack of their goal and leave the rest to the next phase (the
// passes on the whole mesh, then the exact phase): the last passes make a few collapses each
// and cost a sweep over every vertex each, and the exact phase orders those collapses better
// (the 460K-triangle human.zae to 2,000 vertices: largest error 2.30e-3 of the diagonal
// without the slack, 1.85e-3 with it).
constexpr uint32_t kPassSlack = 16;
// Short of the target, the exact phase tries its refused edges again up to kRetries times.
constexpr uint32_t kRetries = 8;
// The first passes run in up to kMaxDomains domains of at least kDomainVertices vertices at once
// (a power of two, so that two or four threads share them evenly).
constexpr uint32_t kDomainVertices = 6000, kMaxDomains = 4;
// The set-up and the exact phase's queue run on as many threads as get this many vertices (or
// faces) each.
constexpr size_t kMinPerThread = 4096;

class Simplifier
{
    // A live triangle around a vertex: its corner at the vertex and the two other vertices.
    struct FanTriangle
    {
        uint32_t corner, x, y;
    };

    // What one worker of the collapses writes besides the mesh: its scratch lists, its marks on
    // vertices, its counters.
    struct Workspace
    {
        std::vector<uint32_t> merged;        ///< the survivor's new fan
        std::vector<FanTriangle> fanA, fanB; ///< the fans of the edge being collapsed
        std::vector<uint32_t> neighbours;    ///< computeBest's, afterCollapse's, buildQueue's
        std::vector<uint64_t> sortBuffer;
        std::vector<uint32_t> ring; ///< ring()'s, or the survivor's ring of the last collapse
        uint32_t ringSize = 0;      ///< (the latter's length)
        std::vector<float> costs;   ///< pushCandidates'
        std::vector<uint32_t> mark; ///< per vertex: the stamp of the last walk that met it
        uint32_t stamp = 0;
        uint32_t alive = 0; ///< live vertices in the worker's part of the mesh
        uint32_t collapses = 0;
        double largestCost = 0;
    };

public:
    // Also measures the input's area (for the target), on another thread with its normals.
    Simplifier(PhysicsGeometry &g, const SimplifySettings &s, double &area)
        : mGeometry(g), mSettings(s)
    {
        const size_t n = g.positions.size(), t = g.indices.size() / 3;
        // Vertices renumbered along a Morton curve and triangles sorted by their first vertex,
        // so that neighbours lie close in memory: on large meshes the collapses are bound by
        // cache misses on the quadrics and corner lists, not by arithmetic. (The order on one
        // thread, the input's normals and area on another: neither needs the other.)
        std::vector<Vec3> normals;
        detail::forEachRange(
            2, 1,
            [&](size_t, size_t begin, size_t end) {
                for (size_t task = begin; task < end; ++task)
                    if (task == 0) {
                        mOrder = mortonOrder(g.positions);
                    } else {
                        normals = computeVertexNormals(g.positions, g.indices);
                        area = detail::surfaceArea(g.positions, g.indices);
                    }
            },
            s.threads);
        std::vector<uint32_t> newIndex(n);
        mVert.resize(n);
        for (uint32_t v = 0; v < n; ++v) {
            newIndex[mOrder[v]] = v;
            mVert[v].pos = g.positions[mOrder[v]];
            mVert[v].reference = normals[mOrder[v]];
        }
        {
            std::vector<uint32_t> start(n + 1, 0);
            auto first = [&](size_t f) {
                return std::min({newIndex[g.indices[3 * f]], newIndex[g.indices[3 * f + 1]],
                                 newIndex[g.indices[3 * f + 2]]});
            };
            for (size_t f = 0; f < t; ++f)
                ++start[first(f) + 1];
            for (size_t v = 0; v < n; ++v)
                start[v + 1] += start[v];
            mCorners.assign(3 * t, kNone);
            for (size_t f = 0; f < t; ++f) {
                const uint32_t to = start[first(f)]++;
                for (int k = 0; k < 3; ++k)
                    mCorners[3 * size_t(to) + size_t(k)] =
                        newIndex[g.indices[3 * f + size_t(k)]];
            }
        }
        // Each vertex's corners in corner order; a vertex with many starts in an overflow list.
        mFans.assign(n, FanBlock{});
        mOverflow.resize(n);
        {
            std::vector<uint32_t> valence(n, 0);
            for (uint32_t c = 0; c < 3 * t; ++c)
                ++valence[mCorners[c]];
            for (uint32_t v = 0; v < n; ++v)
                if (valence[v] > kInline) {
                    mFans[v].count = kOverflow;
                    mOverflow[v].reserve(valence[v]);
                }
        }
        for (uint32_t c = 0; c < 3 * t; ++c) {
            const uint32_t v = mCorners[c];
            FanBlock &fan = mFans[v];
            if (fan.count & kOverflow)
                mOverflow[v].push_back(c);
            else
                fan.corners[fan.count] = c;
            ++fan.count;
        }
        mVersion.assign(n, 0);
        mBoundary.assign(n, 0);
        mAlive.assign(n, 0);
        mMoved.assign(n, 0);
        mMergedInto.resize(n);
        std::iota(mMergedInto.begin(), mMergedInto.end(), 0u);
        mFrozen.assign(n, 0);
        mMain.mark.assign(n, 0);
        mCosMax = float(std::cos(double(s.maxNormalChangeDegrees) * double(kPi) / 180.0));
        const double sine = std::sin(double(s.minAngleDegrees) * double(kPi) / 180.0);
        mMinSinSquared = float(sine * sine);
    }

    // The target edge length, the scale of what counts as a short boundary edge.
    void setEdgeLength(float length)
    {
        mShortRim2 = kShortRim * kShortRim * length * length;
        mRimTolerance2 = kRimTolerance * kRimTolerance * length * length;
    }

    uint32_t aliveVertices() const { return mMain.alive; }
    uint32_t collapses() const { return mMain.collapses; }
    double largestCost() const { return mMain.largestCost; }

    void initialise()
    {
        // Face quadrics, and which vertices lie on a boundary. The faces are not weighted by
        // area: the input's own tessellation is denser where it has detail, so its small faces
        // count as much as large ones and the detail keeps more vertices. Against area weights
        // that lowers the mean distance to the input by a fifth on human.zae and by a third on
        // it subdivided (like CGAL's classic quadrics); the length term still evens the edges.
        // (Each vertex's quadric and boundary test on all threads: a vertex sums its faces in
        // corner order, which is the order of the faces, so the bits do not depend on the
        // number of threads.)
        const size_t t = mCorners.size() / 3, n = mVert.size();
        std::vector<Vec3> faceNormals(t); // zero for a face without area
        // (and the input's smallest angle, per range)
        std::vector<float> smallest(detail::rangeCount(t, kMinPerThread, mSettings.threads), 1);
        detail::forEachRange(
            t, kMinPerThread,
            [&](size_t part, size_t begin, size_t end) {
                float least = 1;
                for (size_t f = begin; f < end; ++f) {
                    const Vec3 &a = pos(mCorners[3 * f]), &b = pos(mCorners[3 * f + 1]),
                               &c = pos(mCorners[3 * f + 2]);
                    const Vec3 n2 = cross(b - a, c - a);
                    const float len = length(n2);
                    faceNormals[f] = len > 0 ? n2 / len : Vec3{};
                    least = std::min(least, sinSquaredMinAngle(a, b, c));
                }
                smallest[part] = least;
            },
            mSettings.threads);
        mFloorSinSquared =
            std::min(mMinSinSquared, *std::min_element(smallest.begin(), smallest.end()));
        // The vertices on a boundary edge, found by counting how often each neighbour comes in
        // the fan (without the searches forEachBoundaryEdge makes, which mispredict): only
        // those need it.
        std::vector<uint8_t> onBoundary(n, 0);
        detail::forEachRange(
            n, kMinPerThread,
            [&](size_t, size_t begin, size_t end) {
                std::vector<uint32_t> times(n, 0);
                for (uint32_t v = uint32_t(begin); v < end; ++v) {
                    const uint32_t *corners = fanCorners(v);
                    // (summed in double precision, rounded to single once)
                    PlaneSum sum(Quadric::load(mVert[v].quadric));
                    for (uint32_t i = 0; i < fanSize(v); ++i) {
                        const uint32_t c = corners[i], f = c / 3;
                        const Vec3 &normal = faceNormals[f];
                        if (lengthSquared(normal) > 0)
                            sum.add(normal,
                                    -double(dot(normal, pos(mCorners[3 * f]) - pos(v))));
                        ++times[mCorners[nextCorner(c)]];
                        ++times[mCorners[prevCorner(c)]];
                    }
                    sum.quadric().store(mVert[v].quadric);
                    bool once = false;
                    for (uint32_t i = 0; i < fanSize(v); ++i)
                        for (const uint32_t w :
                             {mCorners[nextCorner(corners[i])], mCorners[prevCorner(corners[i])]}) {
                            once |= times[w] == 1;
                            times[w] = 0;
                        }
                    onBoundary[v] = once;
                }
            },
            mSettings.threads);
        for (uint32_t v = 0; v < n; ++v) {
            if (fanSize(v) == 0)
                continue;
            mAlive[v] = 1;
            ++mMain.alive;
            if (!onBoundary[v])
                continue;
            // An edge (v, w) is a boundary edge when exactly one triangle holds it.
            uint32_t ends[2] = {kNone, kNone};
            int boundaryEdges = 0;
            forEachBoundaryEdge(v, [&](uint32_t w, uint32_t corner) {
                if (boundaryEdges < 2)
                    ends[boundaryEdges] = w;
                ++boundaryEdges;
                if (v < w) // each boundary edge's constraint plane once
                    addBoundaryPlane(v, w, corner);
            });
            if (boundaryEdges == 2) {
                // A corner: the boundary turns by more than 25 degrees here.
                const Vec3 in = normalize(pos(v) - pos(ends[0])),
                           out = normalize(pos(ends[1]) - pos(v));
                mBoundary[v] = dot(in, out) < std::cos(25.0f * kPi / 180.0f) ? kCorner
                                                                                         : kBoundary;
            } else if (boundaryEdges > 0) {
                mBoundary[v] = kCorner; // several boundaries meet: keep it
            }
        }
    }

    // The passes down to `until` vertices, first in domains at once, then on the whole mesh
    // (which the exact phase then takes on to `target`).
    void runPasses(uint32_t until, uint32_t target, const ProgressCallback &progress)
    {
        mProgressStart = mMain.alive;
        mProgressTarget = target;
        resetPassCache();
        const bool cached = runDomainPasses(until, progress);
        runPasses(mMain, 0, uint32_t(mVert.size()), until,
                  {&progress, mProgressStart - mMain.alive, 1}, cached);
    }

private:
    // What the progress callback is told: `done` collapses made before the worker started, and
    // each of the worker's own counting `weight` times (the first domain's collapses stand for
    // those of all domains).
    struct PassProgress
    {
        const ProgressCallback *callback = nullptr;
        uint32_t done = 0, weight = 1;
    };

    void report(const ProgressCallback &progress, uint32_t done) const
    {
        reportProgress(progress,
                       float(done) / float(std::max(1u, mProgressStart - mProgressTarget)),
                       "simplifying");
    }

    // The first passes, in domains at once: runs of consecutive vertices (in Morton order, so
    // each is one compact piece of the surface), each collapsed by its own worker while every
    // vertex next to another domain stays as it is. A collapse then only touches triangles,
    // fans and vertices of its own domain, so the workers share nothing they write. Each domain
    // is collapsed down to about its share of `until` (plus its frozen vertices, which the passes
    // on the whole mesh then take). The domains depend on the mesh alone, so the result is the
    // same on any number of threads.
    bool runDomainPasses(uint32_t until, const ProgressCallback &progress)
    {
        const uint32_t n = uint32_t(mVert.size());
        uint32_t domains = 1;
        while (2 * domains <= kMaxDomains && n / (2 * domains) >= kDomainVertices)
            domains *= 2;
        if (domains == 1 || mMain.alive <= until)
            return false;
        auto domainOf = [&](uint32_t v) { return uint32_t(uint64_t(v) * domains / n); };
        auto firstOf = [&](uint32_t d) {
            return uint32_t((uint64_t(d) * n + domains - 1) / domains);
        };
        for (size_t c = 0; c < mCorners.size(); c += 3) {
            const uint32_t a = mCorners[c], b = mCorners[c + 1], e = mCorners[c + 2];
            if (domainOf(a) != domainOf(b) || domainOf(a) != domainOf(e))
                mFrozen[a] = mFrozen[b] = mFrozen[e] = 1;
        }
        // Each domain's movable vertices go down to the density of `until` on the whole mesh.
        struct Domain
        {
            uint32_t alive = 0, frozen = 0, until = 0, collapses = 0;
            double largestCost = 0;
        };
        std::vector<Domain> parts(domains);
        for (uint32_t v = 0; v < n; ++v) {
            parts[domainOf(v)].alive += mAlive[v];
            parts[domainOf(v)].frozen += mAlive[v] & mFrozen[v];
        }
        for (Domain &d : parts)
            d.until = d.frozen + uint32_t(uint64_t(until) * (d.alive - d.frozen) / mMain.alive);
        detail::forEachRange(
            domains, 1,
            [&](size_t, size_t begin, size_t end) {
                Workspace ws;
                ws.mark.assign(n, 0);
                for (size_t d = begin; d < end; ++d) {
                    Domain &part = parts[d];
                    ws.alive = part.alive;
                    ws.collapses = 0;
                    ws.largestCost = 0;
                    // (only the first domain reports, from the calling thread)
                    const PassProgress own{d == 0 && progress ? &progress : nullptr, 0, domains};
                    runPasses(ws, firstOf(uint32_t(d)), firstOf(uint32_t(d + 1)), part.until, own);
                    part.alive = ws.alive;
                    part.collapses = ws.collapses;
                    part.largestCost = ws.largestCost;
                }
            },
            mSettings.threads);
        mMain.alive = 0;
        for (const Domain &d : parts) {
            mMain.alive += d.alive;
            mMain.collapses += d.collapses;
            mMain.largestCost = std::max(mMain.largestCost, d.largestCost);
        }
        // The passes on the whole mesh go on from the domains' cache: the frozen vertices and
        // their neighbours (whose best edges left the frozen out) find their best edges again.
        for (uint32_t v = 0; v < n; ++v)
            if (mAlive[v] && mFrozen[v]) {
                markDirty(v);
                for (const uint32_t x : ring(mMain, v))
                    markDirty(x);
            }
        mFrozen.assign(n, 0);
        mLocked.assign(n, 0); // (the passes count from 1 again)
        return true;
    }

    void resetPassCache()
    {
        const size_t n = mVert.size();
        mBestCost.assign(n, kInfinite);
        mBestPartner.assign(n, kNone);
        mFloorCost.assign(n, -kInfinite);
        mFloorPartner.assign(n, 0);
        mLocked.assign(n, 0);
        mBestDeferred.assign(n, 0);
        mDirty.assign(n, 0);
    }

    // Collapses in passes of independent cheap edges among the live vertices of [first, last)
    // that are not frozen, until the worker's count of live vertices is down to `until` (or no
    // pass makes progress).
    void runPasses(Workspace &ws, uint32_t first, uint32_t last, uint32_t until,
                   const PassProgress &progress, bool cached = false)
    {
        const uint32_t start = ws.alive;
        std::vector<uint32_t> active, dirty;
        std::vector<uint64_t> order;
        for (uint32_t v = first; v < last; ++v)
            if (mAlive[v] && !mFrozen[v])
                active.push_back(v);
        if (!cached)
            computeBestOf(ws, active);
        uint32_t pass = 0;
        const uint32_t slack = until / kPassSlack;
        while (ws.alive > until + slack) {
            // The best edges of the vertices whose neighbourhood the last pass changed, in
            // vertex order (that is Morton order, so neighbours share cache lines): one sweep
            // drops the dead from the active list, which is in that order, and lists them.
            // (The sweeps write every entry and advance by the test, without branches on it. The
            // lists only grow, so that no pass fills them with zeros first.)
            growTo(dirty, active.size());
            size_t alive = 0, dirtyCount = 0;
            for (const uint32_t v : active) {
                active[alive] = v;
                alive += mAlive[v];
                dirty[dirtyCount] = v;
                dirtyCount += mAlive[v] & mDirty[v];
                mDirty[v] = 0;
            }
            active.resize(alive);
            computeBestOf(ws, std::span(dirty.data(), dirtyCount));
            // Candidates as (cost, vertex) keys: costs are not negative, so their bits order
            // like the floats, and ties go to the lower vertex.
            growTo(order, active.size());
            size_t candidates = 0;
            for (const uint32_t v : active) {
                order[candidates] = sortKey(mBestCost[v], v);
                candidates += mBestCost[v] < kInfinite;
            }
            if (candidates == 0)
                break;
            // Up to a share of the collapses still to make, from as many cheapest candidates.
            const uint32_t budget = std::max(1u, (ws.alive - until) / kPassShare);
            const std::span<const uint64_t> chosen = keepSmallestSorted(
                std::span(order.data(), candidates), budget, ws.sortBuffer);
            ++pass;
            uint32_t done = 0;
            for (size_t i = 0; i < chosen.size(); ++i) {
                // The candidates are scattered over the mesh: fetch what the checks of the ones
                // a few places ahead will read first, so that the misses overlap.
                if (i + 16 < chosen.size()) {
                    const uint32_t u = uint32_t(chosen[i + 16]);
                    __builtin_prefetch(&mBestPartner[u]);
                    __builtin_prefetch(&mLocked[u]);
                    __builtin_prefetch(&mFans[u]);
                }
                if (i + 8 < chosen.size() && mBestPartner[uint32_t(chosen[i + 8])] != kNone) {
                    const uint32_t u = uint32_t(chosen[i + 8]), uw = mBestPartner[u];
                    __builtin_prefetch(&mLocked[uw]);
                    __builtin_prefetch(&mFans[uw]);
                    for (uint32_t x : {u, uw}) {
                        __builtin_prefetch(&mVert[x]);
                    }
                }
                const uint32_t v = uint32_t(chosen[i]);
                const uint32_t w = mBestPartner[v];
                if (mLocked[v] == pass || mLocked[w] == pass)
                    continue;
                const float cost = mBestCost[v];
                const Outcome o = collapse(ws, v, w, cost, mBestDeferred[v]);
                if (o == Outcome::Refused) {
                    // The next edge of v in cost order, until its neighbourhood changes.
                    mFloorCost[v] = cost;
                    mFloorPartner[v] = w;
                    computeBest(ws, v, false);
                } else if (o == Outcome::Sliver) {
                    mBestCost[v] = deferredCost(ws, cost);
                    mBestDeferred[v] = 1;
                } else {
                    afterCollapse(ws, v, w, pass);
                    ++done;
                }
            }
            if (done == 0)
                break;
            if (progress.callback && *progress.callback)
                report(*progress.callback, progress.done + progress.weight * (start - ws.alive));
        }
    }

    // Locks the ring of the survivor of collapsing v and w for the rest of the pass (its costs
    // and the geometry the checks see changed), finds the survivor's best edge, and marks the
    // neighbours whose best edge must be found again before the next pass: those whose best edge
    // went to either vertex of the collapse or that had one refused or deferred. Only the edges
    // to the survivor changed cost, so any other neighbour just compares its edge to the
    // survivor. The survivor's edges above it (its best) and those below it that a neighbour
    // compares are costed together from the survivor, in pairs of lanes (costed one at a time
    // from each neighbour, most of the latter took a whole scalar evaluation each).
    void afterCollapse(Workspace &ws, uint32_t v, uint32_t w, uint32_t pass)
    {
        const uint32_t a = mAlive[v] ? v : w, b = a == v ? w : v;
        mLocked[a] = pass;
        const std::span<const uint32_t> neighbours = survivorRing(ws);
        for (const uint32_t x : neighbours) { // read below, after the survivor's costs
            __builtin_prefetch(&mDirty[x]);
            __builtin_prefetch(&mBestPartner[x]);
            __builtin_prefetch(&mFloorCost[x]);
        }
        // Nothing around the survivor changes again in this pass (its ring is locked), so its
        // best edge is found now, from the ring at hand.
        std::vector<uint32_t> &costed = ws.neighbours;
        growTo(costed, neighbours.size());
        size_t count = 0;
        for (const uint32_t x : neighbours) {
            if (mFrozen[x])
                continue;
            mLocked[x] = pass;
            bool compare = false;
            if (!mDirty[x]) {
                const uint32_t p = mBestPartner[x];
                if (p == a || p == b || mBestDeferred[x] || mFloorCost[x] != -kInfinite)
                    markDirty(x);
                else
                    compare = x < a && !(costLowerBound(x, a) > mBestCost[x]);
            }
            costed[count] = x;
            count += (x > a) | compare;
        }
        mFloorCost[a] = -kInfinite;
        mFloorPartner[a] = 0;
        float best = kInfinite;
        uint32_t partner = kNone;
        // (as chooseBest's, for the edges above the survivor)
        forEachEdgeCost(
            a, std::span(costed.data(), count),
            [&](size_t i, double length) { return costed[i] > a && float(length) > best; },
            [&](size_t i, float cost) {
                const uint32_t x = costed[i];
                if (x > a) {
                    const bool cheaper = (cost < best) | ((cost == best) & (x < partner));
                    best = cheaper ? cost : best;
                    partner = cheaper ? x : partner;
                } else if (cost < mBestCost[x] || (cost == mBestCost[x] && a < mBestPartner[x])) {
                    mBestCost[x] = cost;
                    mBestPartner[x] = a;
                }
            });
        mBestCost[a] = best;
        mBestPartner[a] = partner;
        mBestDeferred[a] = 0;
    }

    // v's neighbours, each once, in the order its fan meets them (without branches on which
    // come twice, which follows no pattern a branch predictor learns). Valid until the next call.
    std::span<const uint32_t> ring(Workspace &ws, uint32_t v)
    {
        if (ws.ring.size() < 2 * fanSize(v))
            ws.ring.resize(2 * fanSize(v));
        uint32_t *const ring = ws.ring.data();
        uint32_t *const mark = ws.mark.data();
        uint32_t count = 0;
        const uint32_t stamp = ++ws.stamp;
        auto visit = [&](uint32_t x) {
            ring[count] = x;
            count += mark[x] != stamp;
            mark[x] = stamp;
        };
        forEachCorner(v, [&](uint32_t c) {
            // (two calls, not a loop over the pair: GCC does not unroll that at -O2)
            visit(mCorners[nextCorner(c)]);
            visit(mCorners[prevCorner(c)]);
        });
        return {ring, count};
    }

    // The ring of the survivor of the worker's last collapse, which collapse listed (the same
    // as ring(ws, survivor), without walking its fan again). Valid until the next ring().
    static std::span<const uint32_t> survivorRing(const Workspace &ws)
    {
        return {ws.ring.data(), ws.ringSize};
    }

    void markDirty(uint32_t v) { mDirty[v] = 1; }

    // Working lists that only grow: a list used for n entries at a time is resized (its new
    // entries written as zeros) only when n exceeds every earlier n.
    template <class T> static void growTo(std::vector<T> &list, size_t n)
    {
        if (list.size() < n)
            list.resize(n);
    }

    static uint64_t sortKey(float cost, uint32_t v)
    {
        uint32_t bits;
        std::memcpy(&bits, &cost, sizeof bits);
        return (uint64_t(bits) << 32) | v;
    }

public:
    // The candidates of the exact phase: every edge once (from its lower vertex), costed on all
    // threads and listed in vertex order.
    void buildQueue()
    {
        const size_t n = mVert.size();
        std::vector<std::vector<Candidate>> parts(
            detail::rangeCount(n, kMinPerThread, mSettings.threads));
        detail::forEachRange(
            n, kMinPerThread,
            [&](size_t part, size_t begin, size_t end) {
                Workspace ws;
                ws.mark.assign(n, 0);
                std::vector<Candidate> &out = parts[part];
                for (uint32_t v = uint32_t(begin); v < end; ++v) {
                    if (!mAlive[v])
                        continue;
                    const std::span<const uint32_t> neighbours = ring(ws, v);
                    std::vector<uint32_t> &above = ws.neighbours;
                    growTo(above, neighbours.size());
                    size_t count = 0;
                    for (const uint32_t w : neighbours) {
                        above[count] = w;
                        count += w > v;
                    }
                    pushCandidates(ws, v, std::span(above.data(), count), out);
                }
            },
            mSettings.threads);
        mHeap.clear();
        mHeap.reserve(3 * size_t(mMain.alive));
        for (const std::vector<Candidate> &part : parts)
            mHeap.insert(mHeap.end(), part.begin(), part.end());
        std::make_heap(mHeap.begin(), mHeap.end());
    }

    void run(uint32_t target, const ProgressCallback &progress)
    {
        uint32_t sinceReport = 0;
        for (uint32_t round = 0;; ++round) {
            const uint32_t before = mMain.collapses;
            while (mMain.alive > target && !mHeap.empty()) {
                const Candidate cand = popCandidate();
                if (!mAlive[cand.a] || !mAlive[cand.b] ||
                    uint16_t(mVersion[cand.a]) != cand.versionA ||
                    (mVersion[cand.b] & 0x7FFF) != cand.versionB)
                    continue;
                tryCollapse(cand);
                if (progress && ++sinceReport == 1024) {
                    sinceReport = 0;
                    report(progress, mProgressStart - mMain.alive);
                }
            }
            // A refused collapse is not queued again when collapses around it change the
            // triangles its checks saw (only its own ends' collapses renew its edges): short of
            // the target, the refused edges still there are costed and tried again, as long as
            // that makes collapses (kRetries times at most).
            if (mMain.alive <= target || mRefused.empty() || mMain.collapses == before ||
                round == kRetries)
                break;
            std::vector<std::pair<uint32_t, uint32_t>> refused;
            refused.swap(mRefused);
            std::sort(refused.begin(), refused.end());
            refused.erase(std::unique(refused.begin(), refused.end()), refused.end());
            for (const auto &[a, b] : refused)
                if (mAlive[a] && mAlive[b])
                    mHeap.push_back({edgeCost(a, b), a, b, uint16_t(mVersion[a]),
                                     uint16_t(mVersion[b] & 0x7FFF), 1});
            std::make_heap(mHeap.begin(), mHeap.end());
        }
    }

    // Takes the cheapest candidate off the heap, as std::pop_heap does (the hole goes down along
    // the cheaper child to the bottom, then the last candidate rises from there), but choosing
    // each child without a branch: which is cheaper follows no pattern.
    Candidate popCandidate()
    {
        Candidate *const heap = mHeap.data();
        const Candidate top = heap[0], last = mHeap.back();
        const ptrdiff_t size = ptrdiff_t(mHeap.size()) - 1; // without the last
        ptrdiff_t hole = 0, child = 0;
        while (child < (size - 1) / 2) {
            child = 2 * (child + 1);
            child -= heap[child] < heap[child - 1];
            heap[hole] = heap[child];
            hole = child;
        }
        if ((size & 1) == 0 && child == (size - 2) / 2) {
            child = 2 * (child + 1);
            heap[hole] = heap[child - 1];
            hole = child - 1;
        }
        for (ptrdiff_t parent = (hole - 1) / 2; hole > 0 && heap[parent] < last;
             parent = (hole - 1) / 2) {
            heap[hole] = heap[parent];
            hole = parent;
        }
        heap[hole] = last;
        mHeap.pop_back();
        return top;
    }

    // Writes the surviving mesh back, dropping dead triangles and unused vertices.
    void finish(std::vector<Quadric> &quadrics, std::vector<uint8_t> &boundary,
                std::vector<Vec3> &references)
    {
        PhysicsGeometry &g = mGeometry;
        g.indices.clear();
        for (size_t f = 0; f < mCorners.size() / 3; ++f)
            if (mCorners[3 * f] != kNone)
                for (size_t k = 0; k < 3; ++k)
                    g.indices.push_back(mCorners[3 * f + k]);
        std::vector<uint32_t> remap(mVert.size(), kNone);
        std::vector<Vec3> positions;
        std::vector<uint32_t> source;
        quadrics.clear();
        boundary.clear();
        references.clear();
        for (uint32_t &i : g.indices) {
            if (remap[i] == kNone) {
                remap[i] = uint32_t(positions.size());
                positions.push_back(pos(i));
                source.push_back(mMoved[i] || mOrder[i] >= g.sourceVertex.size()
                                     ? PhysicsGeometry::kNoSource
                                     : g.sourceVertex[mOrder[i]]);
                // The quadric of absolute positions, for the relaxation.
                quadrics.push_back(Quadric::load(mVert[i].quadric).shifted(-pos(i)));
                boundary.push_back(mBoundary[i]);
                references.push_back(mVert[i].reference);
            }
            i = remap[i];
        }
        // The region of each survivor: the source vertices (and regions) of every input vertex
        // collapsed into it, sorted and each once.
        const size_t n = mVert.size();
        std::vector<uint32_t> root(mMergedInto);
        for (uint32_t v = 0; v < n; ++v) {
            uint32_t r = root[v];
            while (root[r] != r)
                r = root[r];
            root[v] = r;
        }
        const bool inputRegions = g.regionStart.size() == g.sourceVertex.size() + 1 &&
                                  !g.sourceVertex.empty();
        // Counted per survivor, then filled (linear; each survivor's list sorted on its own).
        auto forEachSource = [&](auto &&f) {
            for (uint32_t v = 0; v < n; ++v) {
                const uint32_t out = remap[root[v]], in = mOrder[v];
                if (out == kNone || in >= g.sourceVertex.size())
                    continue;
                if (g.sourceVertex[in] != PhysicsGeometry::kNoSource)
                    f(out, g.sourceVertex[in]);
                if (inputRegions)
                    for (uint32_t k = g.regionStart[in]; k < g.regionStart[in + 1]; ++k)
                        f(out, g.region[k]);
            }
        };
        std::vector<uint32_t> start(positions.size() + 1, 0);
        forEachSource([&](uint32_t out, uint32_t) { ++start[out + 1]; });
        for (size_t v = 0; v < positions.size(); ++v)
            start[v + 1] += start[v];
        std::vector<uint32_t> region(start.back());
        {
            std::vector<uint32_t> fill(start.begin(), start.end() - 1);
            forEachSource([&](uint32_t out, uint32_t graphics) { region[fill[out]++] = graphics; });
        }
        // Sorted and each once (a region composed from input regions may name a vertex twice).
        size_t kept = 0;
        for (size_t v = 0; v < positions.size(); ++v) {
            const auto first = region.begin() + long(start[v]), last = region.begin() + long(start[v + 1]);
            std::sort(first, last);
            const size_t count = size_t(std::unique(first, last) - first);
            std::copy_n(first, count, region.begin() + long(kept));
            start[v] = uint32_t(kept);
            kept += count;
        }
        start.back() = uint32_t(kept);
        region.resize(kept);
        if (region.empty())
            start.clear();
        g.regionStart.swap(start);
        g.region.swap(region);
        g.positions.swap(positions);
        g.sourceVertex.swap(source);
    }

private:

    // Calls f(c) for each live corner of v, dropping the corners of dead triangles on the way
    // (a collapse leaves them in the fans of the vertices it does not rebuild).
    template <class F> void forEachCorner(uint32_t v, F &&f)
    {
        uint32_t *corners = fanCorners(v);
        const uint32_t n = fanSize(v);
        uint32_t kept = 0;
        for (uint32_t i = 0; i < n; ++i) {
            const uint32_t c = corners[i];
            if (mCorners[c] == kNone) // a dead triangle
                continue;
            corners[kept++] = c;
            f(c);
        }
        if (kept != n)
            mFans[v].count = kept | (mFans[v].count & kOverflow);
    }

    uint32_t fanSize(uint32_t v) const { return mFans[v].count & ~kOverflow; }
    uint32_t *fanCorners(uint32_t v)
    {
        FanBlock &fan = mFans[v];
        return fan.count & kOverflow ? mOverflow[v].data() : fan.corners;
    }
    void setFan(uint32_t v, std::span<const uint32_t> corners)
    {
        FanBlock &fan = mFans[v];
        const uint32_t n = uint32_t(corners.size());
        if (n <= kInline) {
            std::copy(corners.begin(), corners.end(), fan.corners);
            fan.count = n;
            return;
        }
        mOverflow[v].assign(corners.begin(), corners.end());
        fan.count = n | kOverflow;
    }

    // Calls f(w, corner) for each boundary edge (v, w); corner is a corner of v's triangle on it.
    template <class F> void forEachBoundaryEdge(uint32_t v, F &&f)
    {
        // Neighbours beyond 64 (never seen on cloth) are not examined.
        uint32_t others[64], cornerOf[64], count[64];
        int n = 0;
        forEachCorner(v, [&](uint32_t c) {
            for (uint32_t w : {mCorners[nextCorner(c)], mCorners[prevCorner(c)]}) {
                int i = 0;
                while (i < n && others[i] != w)
                    ++i;
                if (i == n) {
                    if (n == 64)
                        continue;
                    others[n] = w;
                    cornerOf[n] = c;
                    count[n++] = 0;
                }
                ++count[i];
            }
        });
        for (int i = 0; i < n; ++i)
            if (count[i] == 1)
                f(others[i], cornerOf[i]);
    }

    void addBoundaryPlane(uint32_t v, uint32_t w, uint32_t corner)
    {
        const uint32_t t = corner / 3;
        const Vec3 &a = pos(mCorners[3 * t]), &b = pos(mCorners[3 * t + 1]),
                   &c = pos(mCorners[3 * t + 2]);
        const Vec3 faceNormal = normalize(cross(b - a, c - a));
        const Vec3 e = pos(w) - pos(v);
        const Vec3 n = normalize(cross(e, faceNormal));
        if (lengthSquared(n) == 0)
            return;
        // Weighted like a few faces, so boundaries keep their place.
        addQuadric(v, Quadric::plane(n, 0.0, kBoundaryWeight));
        addQuadric(w, Quadric::plane(n, -double(dot(n, pos(v) - pos(w))), kBoundaryWeight));
    }

    // Interior edges: the quadric's optimum. A boundary vertex stays where it is when an
    // interior one joins it, and a boundary edge collapses onto the endpoint with the smaller
    // error, so boundary vertices are always vertices of the input boundary. Corners stay, but
    // for those joined by a short rim edge (see kShortRim).
    // q is the edge's quadric relative to a; the result is absolute.
    Vec3 placement(uint32_t a, uint32_t b, const Quadric &q) const
    {
        if (mBoundary[a] != mBoundary[b])
            return mBoundary[a] > mBoundary[b] ? pos(a) : pos(b);
        if (mBoundary[a] != kInterior)
            return q.eval(Vec3{}) <= q.eval(pos(b) - pos(a)) ? pos(a) : pos(b);
        return interiorPlacement(pos(a), pos(b), q);
    }
    template <class V, class Q> static V interiorPlacement(const V &a, const V &b, const Q &q)
    {
        return a + q.minimiser((b - a) * 0.5f);
    }

    // The sum of the quadrics of a and b, relative to a; qa is a's, loaded.
    Quadric edgeQuadric(const Quadric &qa, uint32_t a, uint32_t b) const
    {
        Quadric q = qa;
        q += Quadric::load(mVert[b].quadric).shifted(pos(a) - pos(b));
        return q;
    }
    Quadric edgeQuadric(uint32_t a, uint32_t b) const
    {
        return edgeQuadric(Quadric::load(mVert[a].quadric), a, b);
    }

    // The weight of the length term of collapsing a and b: their quadrics' total plane weight
    // (the trace of the summed quadric's matrix, which a shift leaves alone), summed in the
    // order edgeQuadric's sum has.
    double lengthWeight(uint32_t a, uint32_t b) const
    {
        const float *qa = mVert[a].quadric, *qb = mVert[b].quadric;
        const double trace = (double(qa[0]) + double(qb[0])) + (double(qa[3]) + double(qb[3])) +
                             (double(qa[5]) + double(qb[5]));
        return kLengthWeightPerPlane * trace;
    }

    // A small length term orders collapses where the quadric is flat (planar regions) from the
    // shortest edge up, which evens out the edge lengths a cloth solver wants.
    double lengthTerm(uint32_t a, uint32_t b) const
    {
        return lengthWeight(a, b) * double(lengthSquared(pos(a) - pos(b)));
    }
    // What lengthTerm reads of a, loaded once for all of a's edges (the compiler reloads it
    // for each edge otherwise: the cost callbacks write floats it cannot tell apart from a's
    // line). The same operations in the same order, so the same bits.
    struct LengthEnd
    {
        double a00, a11, a22;
        Vec3 pos;
    };
    LengthEnd lengthEnd(uint32_t a) const
    {
        const float *q = mVert[a].quadric;
        return {double(q[0]), double(q[3]), double(q[5]), pos(a)};
    }
    double lengthTerm(const LengthEnd &a, uint32_t b) const
    {
        const float *qb = mVert[b].quadric;
        const double trace =
            (a.a00 + double(qb[0])) + (a.a11 + double(qb[3])) + (a.a22 + double(qb[5]));
        return kLengthWeightPerPlane * trace * double(lengthSquared(a.pos - pos(b)));
    }

    // No more than edgeCost (its quadric error is not negative, and rounding keeps the order),
    // at the price of an edge length: a neighbour this bound already rules out is skipped.
    // (Adding each end's own least quadric error, c - b.A^-1.b, cached per vertex, skips
    // little more: an input vertex's planes all pass through it, so only survivors have more
    // than 0. On human.zae to 2,000 vertices the length skipped 25.6K of 317K evaluations and
    // the minima 3.1K more, 1%: not worth a solve per collapse.)
    float costLowerBound(uint32_t a, uint32_t b) const { return float(lengthTerm(a, b)); }

    float edgeCost(uint32_t a, uint32_t b) const
    {
        return edgeCost(Quadric::load(mVert[a].quadric), a, b, lengthTerm(a, b));
    }
    // With a's quadric loaded and the edge's lengthTerm, which the callers costing all of a's
    // edges have at hand.
    float edgeCost(const Quadric &qa, uint32_t a, uint32_t b, double lengthTerm) const
    {
        const Quadric q = edgeQuadric(qa, a, b);
        const Vec3 p = placement(a, b, q);
        return float(q.eval(p - pos(a)) + lengthTerm);
    }
#if TWEED_SIMPLIFY_TWO_LANES
    // That of the edges (a, b0) and (a, b1) of three interior vertices, in two lanes; qa and pa
    // are a's quadric and position in both. (Four edges at once in single precision took 3%
    // fewer instructions on human.zae to 2,000 vertices, with no time gain measurable on a
    // loaded machine, and the changed order left the 460K-triangle human a 7.1 degree smallest
    // angle where these costs leave 8.7.)
    void interiorEdgeCosts(const Quadric2 &qa, const Vec3x2 &pa, uint32_t b0, uint32_t b1,
                           Double2 lengthTerms, float costs[2]) const
    {
        const Vec3x2 pb = lanes(pos(b0), pos(b1));
        Quadric2 q = qa;
        q += loadQuadrics(mVert[b0], mVert[b1]).shifted(pa - pb);
        const Vec3x2 p = interiorPlacement(pa, pb, q);
        alignas(16) float out[4];
        _mm_store_ps(out, Float2(q.eval(p - pa) + lengthTerms).v);
        costs[0] = out[0], costs[1] = out[1];
    }
#endif

    void addQuadric(uint32_t v, const Quadric &q)
    {
        Quadric sum = Quadric::load(mVert[v].quadric);
        sum += q;
        sum.store(mVert[v].quadric);
    }

    // The candidates (a, w) of each w of others, in that order, added to out; with `heap`, each
    // pushed on that heap.
    void pushCandidates(Workspace &ws, uint32_t a, std::span<const uint32_t> others,
                        std::vector<Candidate> &out, bool heap = false)
    {
        std::vector<float> &costs = ws.costs;
        growTo(costs, others.size());
        forEachEdgeCost(
            a, others, [](size_t, double) { return false; },
            [&](size_t i, float cost) { costs[i] = cost; });
        for (size_t i = 0; i < others.size(); ++i) {
            out.push_back({costs[i], a, others[i], uint16_t(mVersion[a]),
                           uint16_t(mVersion[others[i]] & 0x7FFF), 0});
            if (heap)
                std::push_heap(out.begin(), out.end());
        }
    }

    // Calls f(i, edgeCost(a, ws[i])) for each i but those skip(i, lengthTerm) rules out, in
    // no set order: the edges between interior vertices (most) are costed in pairs, in SIMD
    // lanes, the first of a pair waiting for the second. (Inlined, so that chooseBest keeps its
    // best edge in registers: as a call, chooseBest took 7% more instructions.)
    template <class Skip, class F>
    [[gnu::always_inline]] void forEachEdgeCost(uint32_t a, std::span<const uint32_t> ws,
                                                Skip &&skip, F &&f) const
    {
        const Quadric qa = Quadric::load(mVert[a].quadric);
        const LengthEnd end = lengthEnd(a);
        if (mFourLanes) {
            // Interior edges four at a time (the last group filled up with its last edge).
            size_t index[4];
            const float *ends[4];
            double lengths[4];
            int n = 0;
            auto flush = [&] {
                for (int k = n; k < 4; ++k)
                    ends[k] = ends[n - 1], lengths[k] = lengths[n - 1];
                float costs[4];
                interiorEdgeCosts4(mVert[a].quadric, ends, lengths, costs);
                for (int k = 0; k < n; ++k)
                    f(index[k], costs[k]);
                n = 0;
            };
            const bool interiorA = mBoundary[a] == kInterior;
            for (size_t i = 0; i < ws.size(); ++i) {
                const uint32_t w = ws[i];
                const double length = lengthTerm(end, w);
                if (skip(i, length))
                    continue;
                if (!interiorA || mBoundary[w] != kInterior) {
                    f(i, edgeCost(qa, a, w, length));
                    continue;
                }
                index[n] = i, ends[n] = mVert[w].quadric, lengths[n] = length;
                if (++n == 4)
                    flush();
            }
            if (n > 0)
                flush();
            return;
        }
#if TWEED_SIMPLIFY_TWO_LANES
        const Quadric2 qaLanes = bothLanes(qa);
        const Vec3x2 paLanes = lanes(pos(a), pos(a));
#endif
        size_t waiting = ws.size();
        double waitingLength = 0;
        for (size_t i = 0; i < ws.size(); ++i) {
            const uint32_t w = ws[i];
            // (the lengthTerm of costLowerBound, kept for the cost)
            const double length = lengthTerm(end, w);
            if (skip(i, length))
                continue;
            if (!TWEED_SIMPLIFY_TWO_LANES || mBoundary[a] != kInterior ||
                mBoundary[w] != kInterior) {
                f(i, edgeCost(qa, a, w, length));
            }
#if TWEED_SIMPLIFY_TWO_LANES
            else if (waiting == ws.size()) {
                waiting = i;
                waitingLength = length;
            } else {
                float costs[2];
                interiorEdgeCosts(qaLanes, paLanes, ws[waiting], w,
                                  _mm_setr_pd(waitingLength, length), costs);
                f(waiting, costs[0]);
                f(i, costs[1]);
                waiting = ws.size();
            }
#endif
        }
        if (waiting != ws.size())
            f(waiting, edgeCost(qa, a, ws[waiting], waitingLength));
    }

    // v's cheapest edge to a higher-numbered neighbour (each edge is then some vertex's once),
    // in (cost, neighbour) order after v's floor: the last edge of v refused since its
    // neighbourhood changed (a fresh neighbourhood resets the floor).
    void computeBest(Workspace &ws, uint32_t v, bool fresh = true)
    {
        // The neighbours first (a list of its own, so that afterCollapse's survives; no caller
        // holds marks), fetching their data, so that the misses overlap instead of each stalling
        // a cost evaluation.
        if (ws.neighbours.size() < 2 * fanSize(v))
            ws.neighbours.resize(2 * fanSize(v));
        uint32_t *const neighbours = ws.neighbours.data();
        const uint32_t *const corners = mCorners.data();
        uint32_t count = 0;
        // Without branches on the data (which neighbour comes twice follows no pattern a branch
        // predictor learns): each is written, and kept when above v, not seen before and not
        // frozen.
        const uint32_t stamp = ++ws.stamp;
        uint32_t *const seen = ws.mark.data();
        const uint8_t *const frozen = mFrozen.data();
        auto visit = [&](uint32_t w) {
            const bool keep = (w > v) & (seen[w] != stamp) & !frozen[w];
            seen[w] = stamp;
            neighbours[count] = w;
            count += keep;
        };
        forEachCorner(v, [&](uint32_t c) {
            visit(corners[nextCorner(c)]); // (as in ring)
            visit(corners[prevCorner(c)]);
        });
        // (Tried and not kept: an interior vertex listing its neighbours from the next corners
        // alone, each once without the marks, where set-up found every interior fan closed and
        // oriented (each neighbour once as next, once as previous corner; collapses keep
        // that). The searches went 37.9M -> 33.1M instructions a call on human.zae, the same
        // output, but the set-up's check of the fans cost 3.1M: 1% in all, for an assumption
        // that, if ever wrong, changes best edges silently.)
        // (only the kept ones, about a quarter of those met, as every one met was before)
        for (uint32_t i = 0; i < count; ++i)
            __builtin_prefetch(&mVert[neighbours[i]]);
        chooseBest(v, std::span(neighbours, count), fresh);
    }

    // computeBest's choice among v's neighbours above v.
    void chooseBest(uint32_t v, std::span<const uint32_t> neighbours, bool fresh)
    {
        if (fresh) {
            mFloorCost[v] = -kInfinite;
            mFloorPartner[v] = 0;
        }
        const float floorCost = mFloorCost[v];
        const uint32_t floorPartner = mFloorPartner[v];
        float best = kInfinite;
        uint32_t partner = kNone;
        // The choice does not depend on the order forEachEdgeCost takes: it is the least
        // (cost, neighbour). Edges that cannot win are skipped (costLowerBound; ties go to the
        // lower neighbour, so only a strict bound).
        forEachEdgeCost(
            v, neighbours, [&](size_t, double length) { return float(length) > best; },
            [&](size_t i, float cost) {
                const uint32_t w = neighbours[i];
                if (cost < floorCost || (cost == floorCost && w <= floorPartner))
                    return;
                const bool cheaper = (cost < best) | ((cost == best) & (w < partner));
                best = cheaper ? cost : best;
                partner = cheaper ? w : partner;
            });
        mBestCost[v] = best;
        mBestPartner[v] = partner;
        mBestDeferred[v] = 0;
    }

    // computeBest of each live vertex of the list, fetching the data of the ones a few places
    // ahead.
    void computeBestOf(Workspace &ws, std::span<const uint32_t> vertices)
    {
        for (size_t i = 0; i < vertices.size(); ++i) {
            if (i + 8 < vertices.size()) {
                __builtin_prefetch(&mFans[vertices[i + 8]]);
                __builtin_prefetch(&mVert[vertices[i + 8]]);
            }
            if (i + 4 < vertices.size()) { // its fan, fetched four places ago: its triangles
                const uint32_t u = vertices[i + 4];
                const uint32_t *corners = fanCorners(u);
                for (uint32_t k = 0; k < std::min(fanSize(u), 8u); k += 2)
                    __builtin_prefetch(&mCorners[corners[k] / 3 * 3]);
            }
            if (mAlive[vertices[i]])
                computeBest(ws, vertices[i]);
        }
    }

    // A collapse making a sliver is put back once with a higher cost, so that collapses
    // elsewhere may first change the neighbourhood (and the sliver may not be needed).
    static float deferredCost(const Workspace &ws, float cost)
    {
        return std::max(cost * 4, float(ws.largestCost)) + 1e-30f;
    }

    void tryCollapse(const Candidate &cand)
    {
        const Outcome o = collapse(mMain, cand.a, cand.b, cand.cost, cand.deferred);
        if (o == Outcome::Sliver) {
            Candidate later = cand;
            later.cost = deferredCost(mMain, cand.cost);
            later.deferred = 1;
            mHeap.push_back(later);
            std::push_heap(mHeap.begin(), mHeap.end());
        } else if (o == Outcome::Collapsed) {
            // New candidates for the survivor's edges.
            const uint32_t a = mAlive[cand.a] ? cand.a : cand.b;
            pushCandidates(mMain, a, survivorRing(mMain), mHeap, true);
        } else {
            mRefused.emplace_back(std::min(cand.a, cand.b), std::max(cand.a, cand.b));
        }
    }

    enum class Outcome { Collapsed, Refused, Sliver };

    // The checks that keep the mesh a manifold with unflipped, non-degenerate triangles; then
    // the collapse of b into a (or a into b, when b is the boundary vertex).
    Outcome collapse(Workspace &ws, uint32_t a, uint32_t b, float cost, bool deferredAlready)
    {
        const bool corners = mBoundary[a] == kCorner && mBoundary[b] == kCorner;
        if (corners && !(lengthSquared(pos(a) - pos(b)) <= mShortRim2))
            return Outcome::Refused;
        if (mBoundary[b] > mBoundary[a])
            std::swap(a, b);
        // Each fan is walked once; the checks below read the copies.
        std::vector<FanTriangle> &fanA = ws.fanA, &fanB = ws.fanB;
        uint32_t *const mark = ws.mark.data();
        gatherFan(a, fanA, mark);
        gatherFan(b, fanB, mark);

        // a's neighbours; the triangles on the edge and their opposite vertices.
        // (Without branches on the data here and in the link condition: which triangles hold
        // the edge or share a neighbour follows no pattern a branch predictor learns.)
        const uint32_t stamp = ++ws.stamp;
        // The third entries take the writes of the other triangles.
        uint32_t opposite[3] = {kNone, kNone, kNone}, edgeTriangle[3] = {kNone, kNone, kNone};
        int edgeTris = 0;
        for (const FanTriangle &t : fanA) {
            mark[t.x] = stamp;
            mark[t.y] = stamp;
            const int onEdge = (t.x == b) | (t.y == b);
            const int slot = 2 - onEdge * (2 - std::min(edgeTris, 2));
            opposite[slot] = t.x ^ t.y ^ b; // the one that is not b, on the edge
            edgeTriangle[slot] = t.corner / 3;
            edgeTris += onEdge;
        }
        if (edgeTris == 0 || edgeTris > 2)
            return Outcome::Refused;
        const bool boundaryEdge = edgeTris == 1;
        if (mBoundary[a] != kInterior && mBoundary[b] != kInterior && !boundaryEdge)
            return Outcome::Refused; // would pinch the surface between two boundaries
        // Link condition: the common neighbours of a and b are exactly the opposite vertices.
        bool linked = false;
        auto common = [&](uint32_t z) {
            return (z != a) & (mark[z] == stamp) & (z != opposite[0]) & (z != opposite[1]);
        };
        for (const FanTriangle &t : fanB)
            linked |= common(t.x) | common(t.y); // (as in ring)
        if (linked)
            return Outcome::Refused;
        if (int(fanA.size() + fanB.size()) - 2 * edgeTris <= 0)
            return Outcome::Refused;
        if (edgeTris == 2) {
            // Both (a, c, d) and (b, c, d) existing would leave a duplicate triangle
            // (the tetrahedron case of the link condition).
            auto hasTriangle = [&](const std::vector<FanTriangle> &fan) {
                bool found = false;
                for (const FanTriangle &t : fan)
                    found |= ((t.x == opposite[0]) & (t.y == opposite[1])) |
                             ((t.x == opposite[1]) & (t.y == opposite[0]));
                return found;
            };
            if (hasTriangle(fanA) && hasTriangle(fanB))
                return Outcome::Refused;
        }
        const Quadric q = edgeQuadric(a, b);
        const Vec3 p = placement(a, b, q);
        if (corners && !(boundaryEdge && rimCornerRemovable(p == pos(a) ? fanB : fanA, p)))
            return Outcome::Refused;
        // No flipped or degenerate triangle; note the smallest angle the collapse would make
        // (as a squared sine) and the worst quality.
        float worstQuality = 1, worstAngle = 1;
        uint32_t under = 0; // triangles under the angle bound
        auto turnsTooMuch = [&](const std::vector<FanTriangle> &fan, uint32_t v, uint32_t other) {
            // (locals: the captured ones are reloaded, and worstQuality stored, every triangle)
            float worst = worstQuality, angle = worstAngle;
            uint32_t count = under;
            const VertexData *const vert = mVert.data();
            const Vec3 to = p;
            const float cosMax = mCosMax;
            for (const FanTriangle &t : fan) {
                const uint32_t x = t.x, y = t.y;
                if (x == other || y == other)
                    continue;
                const FanTurn m = fanTurn(vert[x], vert[y], vert[v], vert[other], to);
                // Bounded change per collapse, and never facing against the input surface (so
                // small turns cannot add up to a flip).
                if (!(m.la > 1e-12f * m.edges) || m.turn < cosMax * m.lb * m.la ||
                    !(m.facing > 0))
                    return true;
                // 1 for an equilateral triangle, 0 for a degenerate one.
                worst = std::min(worst, 2 * std::sqrt(3.0f) * m.la / m.edges);
                const float s2 = sinSquaredAfter(m);
                angle = std::min(angle, s2);
                count += s2 < mMinSinSquared;
            }
            worstQuality = worst;
            worstAngle = angle;
            under = count;
            return false;
        };
        if (turnsTooMuch(fanA, a, b) || turnsTooMuch(fanB, b, a))
            return Outcome::Refused;
        // The angle bound: no triangle with a smaller angle than the bound, unless the collapse
        // replaces as many such triangles at least (so that the input's own slivers do not
        // block every collapse around them, nor spread) and none of the new ones is worse than
        // the worst it replaces; or it leaves fewer of them, none worse than the input's
        // smallest angle (on human.zae subdivided twice, strips of 5-degree input needles were
        // left whole by the first rule alone: each collapse in them made an angle a little
        // under theirs). So the output has no angle under the bound's or the input's smallest,
        // and no more triangles under the bound than the input.
        if (under > 0) {
            const auto [around, aroundUnder] = anglesAround(fanA, a, fanB, b);
            if (under > aroundUnder ||
                worstAngle < (under < aroundUnder ? mFloorSinSquared : around))
                return Outcome::Refused;
        }
        if (worstQuality < kSliverQuality && !deferredAlready)
            return Outcome::Sliver;

        // Collapse: kill the edge's triangles, move b's corners to a, join the corner lists (in
        // the order the walks of a and b met them).
        for (int i = 0; i < edgeTris; ++i)
            std::fill_n(&mCorners[3 * size_t(edgeTriangle[i])], 3, kNone);
        // The survivor's ring (its neighbours each once, in the order its new fan meets them, as
        // ring() lists them) is listed on the way, from the fans at hand, for the caller: a
        // live triangle of either fan has neither end of the edge among its other two vertices.
        std::vector<uint32_t> &mergedFan = ws.merged;
        growTo(mergedFan, fanA.size() + fanB.size());
        growTo(ws.ring, 2 * (fanA.size() + fanB.size()));
        uint32_t *const ring = ws.ring.data();
        size_t merged = 0;
        uint32_t ringCount = 0;
        const uint32_t ringStamp = ++ws.stamp;
        auto visit = [&](uint32_t x, bool live) { // (as in ring, for live triangles only)
            ring[ringCount] = x;
            ringCount += live & (mark[x] != ringStamp);
            mark[x] = live ? ringStamp : mark[x];
        };
        for (const std::vector<FanTriangle> *fan : {&fanB, &fanA})
            for (auto t = fan->rbegin(); t != fan->rend(); ++t) {
                const bool live = mCorners[t->corner] != kNone;
                mCorners[t->corner] = live ? a : kNone;
                mergedFan[merged] = t->corner;
                merged += live;
                visit(t->x, live);
                visit(t->y, live);
            }
        ws.ringSize = ringCount;
        setFan(b, {});
        setFan(a, std::span(mergedFan.data(), merged));
        // An unmoved vertex is still at its input position.
        mMoved[a] = mMoved[a] || !(p == pos(a)) || mMoved[b];
        q.shifted(p - pos(a)).store(mVert[a].quadric); // relative to its new position
        mVert[a].pos = p;
        mVert[a].reference = normalize(mVert[a].reference + mVert[b].reference);
        mBoundary[a] = std::max(mBoundary[a], mBoundary[b]);
        mAlive[b] = 0;
        mMergedInto[b] = a;
        --ws.alive;
        ++mVersion[a];
        ++ws.collapses;
        ws.largestCost = std::max(ws.largestCost, double(cost));
        return Outcome::Collapsed;
    }

    // The smallest angle (as a squared sine) of the triangles of the two fans (those a collapse
    // of a and b replaces), and how many of them are under the bound (each once: the edge's
    // triangles are in both fans).
    std::pair<float, uint32_t> anglesAround(const std::vector<FanTriangle> &fanA, uint32_t a,
                                            const std::vector<FanTriangle> &fanB,
                                            uint32_t b) const
    {
        float worst = 1;
        uint32_t under = 0;
        for (const auto &[fan, v] : {std::pair{&fanA, a}, std::pair{&fanB, b}})
            for (const FanTriangle &t : *fan) {
                const float s2 = sinSquaredMinAngle(pos(v), pos(t.x), pos(t.y));
                worst = std::min(worst, s2);
                under += (s2 < mMinSinSquared) & !(v == b && (t.x == a || t.y == a));
            }
        return {worst, under};
    }

    // Whether the boundary corner with this fan may go when its boundary edge collapses to p (the
    // other end's position): it lies on exactly two boundary edges (not where boundaries meet),
    // and within the rim tolerance of the segment from p to its other boundary neighbour.
    bool rimCornerRemovable(const std::vector<FanTriangle> &fan, const Vec3 &p) const
    {
        uint32_t ends[2] = {kNone, kNone};
        int boundaryEdges = 0;
        for (const FanTriangle &t : fan)
            for (uint32_t w : {t.x, t.y}) {
                int count = 0;
                for (const FanTriangle &u : fan)
                    count += (u.x == w) + (u.y == w);
                if (count == 1 && boundaryEdges++ < 2)
                    ends[boundaryEdges - 1] = w;
            }
        if (boundaryEdges != 2)
            return false;
        const uint32_t corner = mCorners[fan.front().corner];
        const Vec3 other = pos(pos(ends[0]) == p ? ends[1] : ends[0]);
        const Vec3 e = other - p, d = pos(corner) - p;
        const float t = std::clamp(dot(d, e) / std::max(lengthSquared(e), 1e-30f), 0.0f, 1.0f);
        return lengthSquared(d - e * t) <= mRimTolerance2;
    }

    void gatherFan(uint32_t v, std::vector<FanTriangle> &fan, const uint32_t *mark)
    {
        fan.clear();
        forEachCorner(v, [&](uint32_t c) {
            const uint32_t x = mCorners[nextCorner(c)], y = mCorners[prevCorner(c)];
            // The checks read these.
            __builtin_prefetch(&mVert[x]);
            __builtin_prefetch(&mark[x]);
            __builtin_prefetch(&mVert[y]);
            __builtin_prefetch(&mark[y]);
            fan.push_back({c, x, y});
        });
    }

    PhysicsGeometry &mGeometry;
    std::vector<uint32_t> mOrder; ///< input vertex of each working vertex
    const SimplifySettings &mSettings;
    // Corners, three per triangle: the vertex (kNone for every corner of a dead triangle).
    std::vector<uint32_t> mCorners;
    // Each vertex's corners (live ones, and dead ones not yet dropped), in its own 64-byte block
    // when there are at most kInline of them, else in the vertex's overflow list (one per
    // vertex, so that workers on different parts of the mesh never share one): reading
    // a fan is one load, after which its triangles load side by side (a linked list through the
    // corners made a chain of cache misses, the largest cost of the collapses on large meshes).
    static constexpr uint32_t kInline = 15, kOverflow = 0x80000000u;
    struct alignas(64) FanBlock
    {
        uint32_t count = 0; ///< with kOverflow set: the corners are in mOverflow[vertex]
        uint32_t corners[kInline];
    };
    std::vector<FanBlock> mFans;
    std::vector<std::vector<uint32_t>> mOverflow;
    Workspace mMain; ///< that of the whole mesh
    // The data of a working vertex that the costs and checks read, in one cache line: its
    // quadric in single precision relative to its position (small entries, so float keeps the
    // precision the costs need), the position, and the input surface's normal near it.
    struct alignas(64) VertexData
    {
        float quadric[10];
        Vec3 pos;
        Vec3 reference;
    };
    static_assert(sizeof(VertexData) == 64);
    static_assert(offsetof(VertexData, pos) == 10 * sizeof(float)); // (interiorEdgeCosts4's layout)
    // What collapse's checks read of a fan triangle (v, x, y) when v moves to p: the lengths of
    // its normal before and after, the sum of its squared edges after, the dot of the normals
    // (turn), and that of the normal after with the input surface's near it (facing).
    struct FanTurn
    {
        float lb, la, edges, turn, facing;
        float la2, e0, e1, e2; ///< la squared; the squared edges after (x-y, x-p, y-p)
    };
    // The squared sine of the smallest angle of the triangle after (see sinSquaredMinAngle).
    static float sinSquaredAfter(const FanTurn &m)
    {
        const float longest = std::max({m.e0, m.e1, m.e2}),
                    shortest = std::min({m.e0, m.e1, m.e2});
        const float denominator = longest * (m.edges - longest - shortest);
        return denominator > 0 ? std::min(1.0f, m.la2 / denominator) : 0.0f;
    }
#if TWEED_SIMPLIFY_TWO_LANES
    // The same in SSE lanes, x, y and z side by side: every lane rounds as the scalar code's
    // operation on that component, and the dot products add their lanes in the scalar order.
    static FanTurn fanTurn(const VertexData &x, const VertexData &y, const VertexData &v,
                           const VertexData &other, const Vec3 &p)
    {
        // (lane 3 is what follows in the line: never read)
        auto position = [](const VertexData &d) { return _mm_loadu_ps(&d.pos.x); };
        auto reference = [](const VertexData &d) { // loaded from within the line, then rotated
            const __m128 r = _mm_loadu_ps(&d.pos.z);
            return _mm_shuffle_ps(r, r, _MM_SHUFFLE(0, 3, 2, 1));
        };
        auto cross = [](__m128 a, __m128 b) {
            const __m128 aYzx = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 0, 2, 1)),
                         aZxy = _mm_shuffle_ps(a, a, _MM_SHUFFLE(3, 1, 0, 2)),
                         bYzx = _mm_shuffle_ps(b, b, _MM_SHUFFLE(3, 0, 2, 1)),
                         bZxy = _mm_shuffle_ps(b, b, _MM_SHUFFLE(3, 1, 0, 2));
            return _mm_sub_ps(_mm_mul_ps(aYzx, bZxy), _mm_mul_ps(aZxy, bYzx));
        };
        // (x0 + y0) + z0 ... of the products of four pairs, in four lanes.
        auto dots = [](__m128 r0, __m128 r1, __m128 r2, __m128 r3) {
            _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
            return _mm_add_ps(_mm_add_ps(r0, r1), r2);
        };
        const __m128 px = position(x), py = position(y), pv = position(v),
                     pp = _mm_setr_ps(p.x, p.y, p.z, 0);
        const __m128 before = cross(_mm_sub_ps(px, pv), _mm_sub_ps(py, pv));
        const __m128 xp = _mm_sub_ps(px, pp), yp = _mm_sub_ps(py, pp), xy = _mm_sub_ps(px, py);
        const __m128 after = cross(xp, yp);
        const __m128 ref = _mm_add_ps(
            _mm_add_ps(_mm_add_ps(reference(x), reference(y)), reference(v)), reference(other));
        alignas(16) float d0[4], d1[4], roots[4];
        const __m128 first = dots(_mm_mul_ps(before, before), _mm_mul_ps(after, after),
                                  _mm_mul_ps(xy, xy), _mm_mul_ps(xp, xp));
        _mm_store_ps(d0, first);
        _mm_store_ps(roots, _mm_sqrt_ps(first));
        _mm_store_ps(d1, dots(_mm_mul_ps(yp, yp), _mm_mul_ps(before, after),
                              _mm_mul_ps(after, ref), _mm_setzero_ps()));
        return {roots[0], roots[1], d0[2] + d0[3] + d1[0], d1[1], d1[2],
                d0[1], d0[2], d0[3], d1[0]};
    }
#else
    static FanTurn fanTurn(const VertexData &x, const VertexData &y, const VertexData &v,
                           const VertexData &other, const Vec3 &p)
    {
        const Vec3 before = cross(x.pos - v.pos, y.pos - v.pos);
        const Vec3 after = cross(x.pos - p, y.pos - p);
        const Vec3 reference = x.reference + y.reference + v.reference + other.reference;
        const float e0 = lengthSquared(x.pos - y.pos), e1 = lengthSquared(x.pos - p),
                    e2 = lengthSquared(y.pos - p);
        return {length(before), length(after), e0 + e1 + e2, dot(before, after),
                dot(after, reference), lengthSquared(after), e0, e1, e2};
    }
#endif
#if TWEED_SIMPLIFY_TWO_LANES
    // The quadrics of two vertices in two lanes (the loads of four floats at a time read past
    // the quadric into the position, which the line holds).
    static Quadric2 loadQuadrics(const VertexData &v0, const VertexData &v1)
    {
        __m128d d[12];
        auto convert = [&](int i) { // (an explicit loop of three is not unrolled at -O2)
            const __m128 lo = _mm_unpacklo_ps(_mm_loadu_ps(v0.quadric + i),
                                              _mm_loadu_ps(v1.quadric + i)),
                         hi = _mm_unpackhi_ps(_mm_loadu_ps(v0.quadric + i),
                                              _mm_loadu_ps(v1.quadric + i));
            d[i] = _mm_cvtps_pd(lo), d[i + 1] = _mm_cvtps_pd(_mm_movehl_ps(lo, lo));
            d[i + 2] = _mm_cvtps_pd(hi), d[i + 3] = _mm_cvtps_pd(_mm_movehl_ps(hi, hi));
        };
        convert(0), convert(4), convert(8);
        Quadric2 q;
        q.a00 = d[0], q.a01 = d[1], q.a02 = d[2], q.a11 = d[3], q.a12 = d[4], q.a22 = d[5];
        q.b0 = d[6], q.b1 = d[7], q.b2 = d[8], q.c = d[9];
        return q;
    }
#endif
    std::vector<VertexData> mVert;
    const Vec3 &pos(uint32_t v) const { return mVert[v].pos; }
    std::vector<uint32_t> mVersion;
    std::vector<uint8_t> mBoundary, mAlive, mMoved;
    /// The vertex each collapsed vertex went into (itself while alive): the pieces of the input
    /// each survivor stands for, for the transfers.
    std::vector<uint32_t> mMergedInto;
    std::vector<Candidate> mHeap;
    std::vector<std::pair<uint32_t, uint32_t>> mRefused; ///< the exact phase's refused edges
    // The passes' cache: each vertex's cheapest edge to a higher-numbered neighbour.
    std::vector<float> mBestCost, mFloorCost;
    std::vector<uint32_t> mBestPartner, mFloorPartner, mLocked;
    std::vector<uint8_t> mBestDeferred, mDirty;
    std::vector<uint8_t> mFrozen; ///< during the domain passes: next to another domain
    uint32_t mProgressStart = 0, mProgressTarget = 0; ///< live vertices before the passes, target
    const bool mFourLanes = fourLanes(); ///< edge costs four at a time (simplify_lanes.h)
    float mCosMax = 0.5f;
    float mMinSinSquared = 0;   ///< the angle bound, as a squared sine
    float mFloorSinSquared = 0; ///< the lower of the bound and the input's smallest angle
    float mShortRim2 = 0, mRimTolerance2 = 0;
};

} // namespace

SimplifyReport simplify(PhysicsGeometry &geometry, const SimplifySettings &settings,
                        const ProgressCallback &progress)
{
    if (!std::isfinite(settings.targetEdgeLength) || settings.targetEdgeLength < 0)
        throw InputError("the target edge length must be a finite distance of 0 or more");
    if (settings.targetVertices == 0 && settings.targetEdgeLength == 0)
        throw InputError("simplify needs a target vertex count or a target edge length above 0");
    if (!(settings.maxNormalChangeDegrees > 0 && settings.maxNormalChangeDegrees <= 180))
        throw InputError("the largest normal change must be between 0 and 180 degrees");
    if (!(settings.minAngleDegrees >= 0 && settings.minAngleDegrees <= 30))
        throw InputError("the smallest angle bound must be between 0 and 30 degrees");
    for (uint32_t i : geometry.indices)
        if (i >= geometry.positions.size())
            throw InputError("simplify: vertex index out of range");

    SimplifyReport report;
    report.verticesBefore = uint32_t(geometry.positions.size());
    report.trianglesBefore = uint32_t(geometry.triangleCount());
    const std::vector<Vec3> inputPositions =
        settings.measureError ? geometry.positions : std::vector<Vec3>{};
    const std::vector<uint32_t> inputIndices =
        settings.measureError ? geometry.indices : std::vector<uint32_t>{};

    using Clock = std::chrono::steady_clock;
    auto since = [](Clock::time_point t0) {
        return std::chrono::duration<double>(Clock::now() - t0).count();
    };
    Clock::time_point t0 = Clock::now();
    double area = 0;
    Simplifier s(geometry, settings, area);
    // Equilateral triangles of the target edge L: area / (sqrt(3)/4 L^2) triangles, about half
    // as many vertices.
    uint32_t target = settings.targetVertices;
    double edgeLength = settings.targetEdgeLength;
    if (target == 0)
        target = uint32_t(
            std::clamp(2.0 * area / (std::sqrt(3.0) * edgeLength * edgeLength), 4.0, 4e9));
    else
        edgeLength = std::sqrt(2.0 * area / (std::sqrt(3.0) * double(target)));

    s.setEdgeLength(float(edgeLength));
    s.initialise();
    report.secondsSetup = since(t0);
    t0 = Clock::now();
    s.runPasses(std::max(target, kExactFactor * target), target, progress);
    report.secondsPasses = since(t0);
    t0 = Clock::now();
    s.buildQueue();
    s.run(target, progress);
    report.secondsExact = since(t0);
    t0 = Clock::now();
    std::vector<Quadric> quadrics;
    std::vector<uint8_t> boundary;
    std::vector<Vec3> references;
    s.finish(quadrics, boundary, references);
    report.collapses = s.collapses();

    const float cosMax = float(std::cos(double(settings.maxNormalChangeDegrees) * kPi / 180.0));
    // How much quadric error a flip or a move may add: a small share of the collapses' largest.
    // (At 5%, the passes raised human.zae's largest distance to the input at 2,000 vertices from
    // 1.92e-3 to 2.04e-3 of the diagonal; at 2%, to 1.93e-3, with nearly the same evening out.)
    const double bound = 0.02 * s.largestCost();
    for (uint32_t pass = 0; pass < settings.relaxPasses; ++pass) {
        report.flips += flipEdges(geometry, quadrics, references, bound, cosMax);
        relaxVertices(geometry, quadrics, boundary, references, bound, cosMax);
    }
    if (settings.relaxPasses > 0)
        report.flips += flipEdges(geometry, quadrics, references, bound, cosMax);
    report.secondsFinish = since(t0);

    report.targetVertices = target;
    report.verticesAfter = uint32_t(geometry.positions.size());
    report.trianglesAfter = uint32_t(geometry.triangleCount());
    const MeshQuality q = measureTriangleQuality(geometry.positions, geometry.indices);
    report.minAngleDegrees = q.minAngleDegrees;
    report.edgeLengthSpread = q.edgeLengthSpread;
    if (settings.measureError)
        report.error = measureSurfaceError(geometry.positions, geometry.indices, inputPositions,
                                           inputIndices, settings.threads);
    return report;
}

} // namespace tweed
