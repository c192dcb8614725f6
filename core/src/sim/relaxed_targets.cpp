#include "relaxed_targets.h"

#include "tweed/sim/cloth_data.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace tweed::sim {

namespace {
/// A coarse edge's limit: kRelaxedStretch x its ends' straight rest distance, but no less than
/// this share of the path of mesh edges it stands for (see buildLevels).
constexpr float kCoarsePath = 0.85f;
/// The coarsest level (at most 16 vertices unless pieces without edges stop the coarsening)
/// is swept to convergence: a free chain of k edges takes about k^2 sweeps.
constexpr int kCoarsestSweeps = 100;
} // namespace

void RelaxedTargets::buildLevels(size_t vertices, const std::vector<float> &rest, const std::vector<Vec3> &restPositions)
{
    mLevels.clear();
    constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
    // The finer graph: its vertices (mesh ids), edges and their path lengths.
    std::vector<uint32_t> verts(vertices), ga = mA, gb = mB;
    for (size_t v = 0; v < vertices; ++v)
        verts[v] = uint32_t(v);
    std::vector<float> glen = rest;
    std::vector<uint32_t> local(vertices, kNone), start, nb;
    std::vector<float> nbLen;
    while (verts.size() > 16) {
        const size_t m = verts.size();
        for (size_t i = 0; i < m; ++i)
            local[verts[i]] = uint32_t(i);
        start.assign(m + 1, 0);
        for (size_t k = 0; k < ga.size(); ++k) {
            ++start[local[ga[k]] + 1];
            ++start[local[gb[k]] + 1];
        }
        for (size_t i = 0; i < m; ++i)
            start[i + 1] += start[i];
        nb.resize(start[m]);
        nbLen.resize(start[m]);
        {
            std::vector<uint32_t> fill(start.begin(), start.end() - 1);
            for (size_t k = 0; k < ga.size(); ++k) {
                const uint32_t i = local[ga[k]], j = local[gb[k]];
                nb[fill[i]] = j;
                nbLen[fill[i]++] = glen[k];
                nb[fill[j]] = i;
                nbLen[fill[j]++] = glen[k];
            }
        }
        // A maximal independent set in vertex order; every other vertex joins its nearest
        // neighbour in the set.
        std::vector<uint32_t> cluster(m, kNone);
        std::vector<float> toCentre(m, 0.0f);
        size_t coarseCount = 0;
        for (size_t i = 0; i < m; ++i) {
            if (cluster[i] != kNone)
                continue;
            cluster[i] = uint32_t(i);
            ++coarseCount;
            for (uint32_t e = start[i]; e < start[i + 1]; ++e)
                if (cluster[nb[e]] == kNone || (cluster[nb[e]] != nb[e] && nbLen[e] < toCentre[nb[e]])) {
                    cluster[nb[e]] = uint32_t(i);
                    toCentre[nb[e]] = nbLen[e];
                }
        }
        if (coarseCount * 10 > m * 8)
            break; // hardly coarser (pieces without edges)
        Level level;
        // Coarse edges: the shortest path centre - ... - centre through one edge between two
        // regions.
        std::vector<std::pair<uint64_t, float>> joins;
        for (size_t k = 0; k < ga.size(); ++k) {
            const uint32_t i = local[ga[k]], j = local[gb[k]];
            uint32_t ci = cluster[i], cj = cluster[j];
            if (ci == cj)
                continue;
            if (ci > cj)
                std::swap(ci, cj);
            joins.push_back({(uint64_t(ci) << 32) | cj, toCentre[i] + glen[k] + toCentre[j]});
        }
        std::sort(joins.begin(), joins.end());
        std::vector<uint32_t> na, nbv;
        std::vector<float> nlen;
        for (size_t k = 0; k < joins.size(); ++k) {
            if (k > 0 && joins[k].first == joins[k - 1].first)
                continue; // sorted: the first is the shortest
            na.push_back(verts[joins[k].first >> 32]);
            nbv.push_back(verts[joins[k].first & 0xffffffffu]);
            nlen.push_back(joins[k].second);
            level.a.push_back(na.back());
            level.b.push_back(nbv.back());
            const float straight = distance(restPositions[na.back()], restPositions[nbv.back()]);
            level.limit.push_back(kRelaxedStretch *
                                  std::min(nlen.back(), std::max(straight, kCoarsePath * nlen.back())));
        }
        // Each other vertex follows its neighbours in the set, by inverse distance.
        level.from.push_back(0);
        for (size_t i = 0; i < m; ++i) {
            if (cluster[i] == i)
                continue;
            float total = 0;
            const size_t first = level.coarse.size();
            for (uint32_t e = start[i]; e < start[i + 1]; ++e)
                if (cluster[nb[e]] == nb[e]) {
                    const float w = 1.0f / std::max(nbLen[e], 1e-6f);
                    level.coarse.push_back(verts[nb[e]]);
                    level.weight.push_back(w);
                    total += w;
                }
            for (size_t w = first; w < level.weight.size(); ++w)
                level.weight[w] /= total;
            level.fine.push_back(verts[i]);
            level.from.push_back(uint32_t(level.coarse.size()));
        }
        std::vector<uint32_t> next;
        for (size_t i = 0; i < m; ++i)
            if (cluster[i] == i)
                next.push_back(verts[i]);
        verts = std::move(next);
        ga = std::move(na);
        gb = std::move(nbv);
        glen = std::move(nlen);
        mLevels.push_back(std::move(level));
    }
}

void RelaxedTargets::build(const ClothData &data)
{
    mA.clear();
    mB.clear();
    mLimit.clear();
    std::vector<float> rests;
    for (size_t e = 0; e + 1 < data.edges.size(); e += 2) {
        const uint32_t a = data.edges[e], b = data.edges[e + 1];
        const float rest = distance(data.restPositions[a], data.restPositions[b]);
        if (!(rest > 0))
            continue;
        mA.push_back(a);
        mB.push_back(b);
        mLimit.push_back(kRelaxedStretch * rest);
        rests.push_back(rest);
    }
    // Each vertex's edges (indices into mA), for the active set.
    const size_t vertices = data.restPositions.size();
    mEdgeStart.assign(vertices + 1, 0);
    for (size_t k = 0; k < mA.size(); ++k) {
        ++mEdgeStart[mA[k] + 1];
        ++mEdgeStart[mB[k] + 1];
    }
    for (size_t v = 0; v < vertices; ++v)
        mEdgeStart[v + 1] += mEdgeStart[v];
    mEdgeOf.resize(mEdgeStart[vertices]);
    std::vector<uint32_t> fill(mEdgeStart.begin(), mEdgeStart.end() - 1);
    for (size_t k = 0; k < mA.size(); ++k) {
        mEdgeOf[fill[mA[k]]++] = uint32_t(k);
        mEdgeOf[fill[mB[k]]++] = uint32_t(k);
    }
    buildLevels(vertices, rests, data.restPositions);
    mBuilt = true;
}

void RelaxedTargets::apply(P4 *targets, const P4 *normals, uint32_t n,
                           std::span<const ColliderPose> volumes)
{
    mSkinned.resize(n);
    mX.resize(n);
    mLocked.assign(n, 0);
    for (uint32_t v = 0; v < n; ++v)
        mSkinned[v] = mX[v] = v3(targets[v]);
    // Never further in than the skinned place along the skinned normal.
    auto keepOut = [&](uint32_t v) {
        const Vec3 nrm = v3(normals[v]);
        const float inwards = dot(mX[v] - mSkinned[v], nrm);
        if (inwards < 0)
            mX[v] -= nrm * inwards;
    };
    // Out of every volume it entered; where the skinned place lies inside a volume already
    // (the thickness reaches past the garment), no deeper than it: moved out along the line to
    // its surface point until as deep as the skinned place (exact for spheres, capsules and
    // planes; for an ellipsoid, radially in its unit-sphere space, where its depth is linear),
    // so the target keeps its slide along the volume. Returns whether it moved.
    // It was put back on its skinned place, which undid the slide and tore its edges to the
    // targets drawn in around it: the sample's Jump read 1.647 on an edge its skinned pose
    // stretches 1.107, both ends held (qa, 60 fps; targets' largest / mean largest 1.647 /
    // 1.251 -> 1.550 / 1.232).
    auto keepOutOfVolumes = [&](uint32_t v) {
        const Vec3 before = mX[v];
        for (const ColliderPose &pose : volumes) {
            const float depth = colliderDistance(pose, mX[v]);
            if (depth >= 0)
                continue;
            const float skinnedDepth = colliderDistance(pose, mSkinned[v]);
            if (skinnedDepth >= 0) {
                pushOutOfCollider(pose, mX[v]);
            } else if (depth < skinnedDepth) {
                Vec3 surface = mX[v];
                pushOutOfCollider(pose, surface);
                mX[v] = surface + (mX[v] - surface) * (skinnedDepth / depth);
            }
        }
        keepOut(v);
        return !(mX[v] == before);
    };
    // Round one relaxes freely; the vertices the volumes then move are held where the volumes
    // put them, and round two relaxes the others around them (so their edges do not tear).
    // The active set: a sweep visits, in edge order, only the edges longer than their limit
    // when the round starts and the edges of a vertex moved since. Every other edge keeps the
    // round's starting length, within its limit, and the full sweep would skip it too, so the
    // result has the same bits as sweeping every edge (mEveryEdge, kept for the test). On the
    // sample's coat (`tweed-bench garment`) it visits about half the edges (the relaxation
    // spreads over 20-50% of the coat), but CPU falls only 4.6-5.0 -> 4.5-4.7 ms a frame: the
    // time goes into the edges it projects, whose sqrt and divide chain through the shared
    // vertices, not into the skipped ones.
    // Tried and not kept (relaxed targets' own largest stretch per frame on that coat, largest
    // / mean over 150 frames, against these 30 + 30 sweeps' 1.596 / 1.318):
    // - over-relaxation by 1.5 with 15 + 15 sweeps, 2.13 / 1.50; by 1.2 with 20 + 20, 1.69 /
    //   1.34; plain 15 + 15 sweeps, 1.71 / 1.38;
    // - round two going on from round one's result instead of the skinned pose, 30 + 10:
    //   1.59 / 1.31 for two thirds of the visits;
    // - a warm start: each frame from the skinned pose plus 0.9 x the last frame's offsets
    //   (kept out of the body and volumes), 5 + 3 sweeps (30 + 30 on the first frame): 1.56 /
    //   1.31 and CPU 1.5 ms a frame against 0.44 off (4.6-5.0 cold), but issue 22's table
    //   (QA_SETTINGS=relax_targets=true) went huesitos 1.221 -> 1.292 (fails), humanoid
    //   RunTurn 1.908 / 1.541 -> 1.960 / 1.596 with shell poke 0.32 -> 0.45% and body 0.34 ->
    //   0.39%, though the sample's Walk 1.247 -> 1.224 and Jump 1.648 -> 1.607. The decay
    //   keeps the few sweeps short of the cold solve on a still pose (a sheet's rows 1.09
    //   against 1.05), and a vertex a volume held slid round it over the frames.
    // Why the sample's Jump still reads 1.55 in its targets (qa after Auto Setup, 60 fps,
    // targets' largest / mean largest over the clip, the volume rule above in place): the
    // sweeps stop before they converge (every frame of every clip used all 30 + 30). With 60 +
    // 60 sweeps 1.453 / 1.178, with 300 + 300 1.286 / 1.113 (the cloth then 1.392 / 1.222:
    // it stretches beyond its targets too); neither the 1.05 limit nor pins hold it (pinned
    // targets move like the others). Tried and not kept: every other sweep in reverse edge
    // order, 1.881 / 1.261; round two going on from round one's result with 30 + 30 sweeps,
    // 1.547 / 1.210 but the cloth's mean largest on Walk 1.181 -> 1.184 and Idle 1.152 ->
    // 1.154; no rule against moving in along the normal, 2.592 (body poke-through 0.66%).
    // Doubling the sweeps doubles the cost, which Auto Setup's check pays on every clip.
    // So each round now starts coarse to fine (coarsePasses, buildLevels): coarser edge graphs
    // (a maximal independent set of the finer one's vertices, joined where their regions
    // touch; 900 -> 246 -> 72 -> 21 -> 8 vertices on the sample's coat) are swept coarsest
    // first, and each finer level's other vertices move with their coarse neighbours, so a
    // correction crosses the mesh in a few sweeps. Figures (the sample's Jump after main's Auto
    // Setup, `tweed-cli simulate --clip Jump`, 60 fps, targets' largest / mean largest, edge
    // visits a frame counting the coarse ones): the 30 + 30 sweeps above 1.550 / 1.232, 97k;
    // now 20 coarse + 20 sweeps a round, 1.403 / 1.154, 107k (the cloth's 1.403 / 1.172).
    // A 200-vertex strip stretched 1.3 along its length (sim.test_solver_options): 1.300 ->
    // 1.056. Tried on the way (Jump, same measure):
    // - each coarse edge limited by its path of mesh edges alone (centre, edge, centre): the
    //   path zig-zags, so the coarse levels only took in stretch beyond about 1.4: 10 coarse +
    //   30 sweeps 1.505 / 1.210, 30 + 30 1.488 / 1.200, 100 + 30 1.444 / 1.193;
    // - the straight rest distance alone: 2.881 / 1.280 (body poke-through 0.21%): where the
    //   rest surface curves it pulls the coarse targets through the body, which the rule
    //   against moving in then tears; at least 0.75 / 0.85 / 0.9 x the path: 1.434 / 1.153,
    //   1.415 / 1.160, 1.426 / 1.164 (10 coarse + 30);
    // - sweep counts with 0.85 (coarse + fine, largest / mean, visits): 20 + 30 1.383 /
    //   1.146; 40 + 20 1.352 / 1.147, 144k; 60 + 15 1.361 / 1.151, 162k; 30 + 10 1.415 /
    //   1.168, 90k;
    // - a fine step that the rule against moving in cut short scaled up (at most 4x, along
    //   the tangent planes) to reach the limit: 1.531 / 1.229 without the levels, 1.494 /
    //   1.204 with the path limits.
    // What is left is not chain length: with 300 fine sweeps the levels give 1.255 / 1.108
    // (1.286 / 1.113 without), and on Jump's frame 38 round one's worst edge reads 1.50 after
    // 30 sweeps and 1.25 after 300 with the levels too, with the rule against moving in
    // barely taking part (the scaling above). The mesh there is crumpled (the repair reports
    // 411 edges the bones squeeze below 0.83), where drawing in one edge stretches its
    // neighbours the other way.
    const size_t edges = mA.size(), words = (edges + 63) / 64;
    mVisits = 0;
    auto activate = [&](uint32_t v) {
        if (mMoved[v] & 1)
            return;
        mMoved[v] |= 1;
        for (uint32_t i = mEdgeStart[v]; i < mEdgeStart[v + 1]; ++i)
            mActive[mEdgeOf[i] / 64] |= uint64_t(1) << (mEdgeOf[i] % 64);
    };
    // Coarse to fine: each coarse level's edges swept from the round's start, coarsest first,
    // and each finer level's other vertices moved with their coarse neighbours; a vertex so
    // moved is marked 2 (checked against the volumes, its edges not yet active).
    auto coarsePasses = [&] {
        if (mLevels.empty())
            return;
        mStart.assign(mX.begin(), mX.end());
        for (size_t l = mLevels.size(); l-- > 0;) {
            const Level &level = mLevels[l];
            const int sweeps = l + 1 == mLevels.size() ? kCoarsestSweeps : kCoarseSweeps;
            for (int sweep = 0; sweep < sweeps; ++sweep) {
                bool any = false;
                mVisits += level.a.size();
                for (size_t k = 0; k < level.a.size(); ++k) {
                    const uint32_t a = level.a[k], b = level.b[k];
                    if (a >= n || b >= n || (mLocked[a] && mLocked[b]))
                        continue;
                    const Vec3 d = mX[b] - mX[a];
                    const float len = length(d);
                    if (!(len > level.limit[k]))
                        continue;
                    const float wa = mLocked[a] ? 0.0f : 1.0f, wb = mLocked[b] ? 0.0f : 1.0f;
                    const Vec3 step = d * ((len - level.limit[k]) / (len * (wa + wb)));
                    if (wa > 0) {
                        mX[a] += step;
                        keepOut(a);
                        mMoved[a] |= 2;
                    }
                    if (wb > 0) {
                        mX[b] -= step;
                        keepOut(b);
                        mMoved[b] |= 2;
                    }
                    any = true;
                }
                if (!any)
                    break;
            }
            for (size_t i = 0; i < level.fine.size(); ++i) {
                const uint32_t v = level.fine[i];
                if (v >= n || mLocked[v])
                    continue;
                Vec3 move{};
                bool moved = false;
                for (uint32_t w = level.from[i]; w < level.from[i + 1]; ++w) {
                    const uint32_t c = level.coarse[w];
                    if (c < n && mMoved[c]) {
                        move += (mX[c] - mStart[c]) * level.weight[w];
                        moved = true;
                    }
                }
                if (!moved)
                    continue;
                mX[v] = mStart[v] + move;
                keepOut(v);
                mMoved[v] |= 2;
            }
        }
    };
    for (int round = 0; round < kRounds; ++round) {
        mMoved.assign(n, 0);
        for (uint32_t v = 0; v < n; ++v)
            if (!mLocked[v])
                mX[v] = mSkinned[v];
        coarsePasses();
        mActive.assign(words, mEveryEdge ? ~uint64_t(0) : 0);
        if (!mEveryEdge)
            for (size_t k = 0; k < edges; ++k) {
                const uint32_t a = mA[k], b = mB[k];
                if (a < n && b < n && !(mLocked[a] && mLocked[b]) &&
                    length(mX[b] - mX[a]) > mLimit[k])
                    mActive[k / 64] |= uint64_t(1) << (k % 64);
            }
        for (int sweep = 0; sweep < kSweeps; ++sweep) {
            bool any = false;
            for (size_t w = 0; w < words; ++w) {
                // Edges activated behind the current one wait for the next sweep, as in a
                // full sweep in edge order.
                uint64_t ahead = ~uint64_t(0);
                for (uint64_t bits; (bits = mActive[w] & ahead) != 0;) {
                    const int i = std::countr_zero(bits);
                    ahead = i == 63 ? 0 : ~uint64_t(0) << (i + 1);
                    const size_t k = w * 64 + size_t(i);
                    if (k >= edges)
                        break;
                    ++mVisits;
                    const uint32_t a = mA[k], b = mB[k];
                    if (a >= n || b >= n || (mLocked[a] && mLocked[b]))
                        continue;
                    const Vec3 d = mX[b] - mX[a];
                    const float len = length(d);
                    if (!(len > mLimit[k]))
                        continue;
                    const float wa = mLocked[a] ? 0.0f : 1.0f, wb = mLocked[b] ? 0.0f : 1.0f;
                    const Vec3 step = d * ((len - mLimit[k]) / (len * (wa + wb)));
                    if (wa > 0) {
                        mX[a] += step;
                        keepOut(a);
                        activate(a);
                    }
                    if (wb > 0) {
                        mX[b] -= step;
                        keepOut(b);
                        activate(b);
                    }
                    any = true;
                }
            }
            if (!any)
                break;
        }
        bool held = false;
        for (uint32_t v = 0; v < n; ++v)
            if (mMoved[v] && keepOutOfVolumes(v) && round + 1 < kRounds) {
                mLocked[v] = 1;
                held = true;
            }
        if (!held)
            break;
    }
    // Where the humanoid's RunTurn pokes through with relaxed targets (qa, 60 fps, shell 0.318%,
    // body 0.335%): 460 of 478 shell offenders and 256 of 261 body offenders lie nearest a
    // pinned physics vertex, whose target slid a median 12 mm (cape over coat) and 6 mm; the
    // body points lie a median 6 cm from it (the legs through the pinned coat skirt). Tried
    // after the sweeps and not kept (RunTurn shell / body %, largest / mean largest; the
    // sample's Jump largest): each target lifted along its normal until no nearer any
    // neighbour's skinned tangent plane than its skinned place: 0.390 / 0.552, Jump 1.648 ->
    // 1.871; pinned targets kept in place (the free ones relaxed around them): 0.050 / 0.058
    // but 4.595 / 2.854 and Walk 1.707; pinned targets slid at most 5 mm: 0.148 / 0.116,
    // layer 0.036, 5.307 / 3.463; no target nearer a round volume than its skinned place:
    // 0.182 / 0.713, 3.438 / 2.258. Auto Setup leaves the setting off where it adds
    // poke-through (relaxedTargetsBetter).
    for (uint32_t v = 0; v < n; ++v)
        if (!(mX[v] == mSkinned[v]))
            setXyz(targets[v], mX[v]);
}

} // namespace tweed::sim
