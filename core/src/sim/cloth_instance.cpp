#include "cloth_instance_impl.h"
#include "flush_denormals.h"
#include "vertex_constraints.h"

#include "tweed/errors.h"
#include "tweed/sim/max_distance.h"
#include "tweed/skin_map.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <string>


namespace tweed {
namespace {

constexpr float kGravity = 9.81f;
constexpr float kAirDensity = 1.2f; // kg/m^3
/// The paper's s_damping: the share of a hard constraint's correction of a child that its parent's
/// velocity takes back. Below 1 every pass adds the rest as momentum; with compression limits and
/// many substeps that let a free corner fly up (compressionLimitWithManySubstepsStaysCalm).
constexpr float kFollowDamping = 1.0f;
/// With the edge chains, the hard sweep just before them gives back a little less (and adds 5% of
/// its corrections as momentum): at full strength a character's cloth, skinned, flew off to its
/// Max Distance everywhere (Testwuson.X's run at 4, 6 and 7 iterations: largest stretch 4.6, 9.5
/// and 4.7; with 0.95 under 1.6; 0.9 too, but the hang with chains at 1 x 3 went from 1.028 to
/// 1.033). The sweep after the iterations keeps the full exchange: with none there, the hang's
/// hem rose (compressionLimitWithManySubstepsStaysCalm failed).
constexpr float kChainsFollowDamping = 0.95f;
/// A phase of one block with fewer constraints than this runs on one thread; a larger one is
/// shared colour by colour, in pieces of kColourPiece constraints.
constexpr uint32_t kShareBlockConstraints = 4096;
constexpr uint32_t kColourPiece = 1024; // a multiple of ClothData::kBatchPadding
/// Vertices per piece of the per-vertex passes, and groups of hard-constraint trees.
constexpr uint32_t kVertexPiece = 1024;
constexpr uint32_t kHardGroups = 16; ///< at most
constexpr size_t kHardLevelPadding = 16; // the widest kernel's lanes (see sim::HardKernel)

using sim::Affine;
using sim::LambdaMode;
using sim::P4;
using sim::PhaseCounter;
using sim::PhaseCursor;
using sim::PhaseSchedule;
using sim::Rigid;
using sim::maxDistanceExcess;

Rigid rigidOf(const Mat4 &m)
{
    const Transform t = decompose(m);
    return {normalize(t.rotation), t.translation};
}

Rigid interpolate(const Rigid &a, const Rigid &b, float t)
{
    return {slerp(a.rotation, b.rotation, t), lerp(a.translation, b.translation, t)};
}

Affine affineOf(const Rigid &r)
{
    return {rotate(r.rotation, {1, 0, 0}), rotate(r.rotation, {0, 1, 0}),
            rotate(r.rotation, {0, 0, 1}), r.translation};
}

/// Cheap smooth deterministic noise in [-1, 1] for wind turbulence.
float windNoise(const Vec3 &p, float t)
{
    return std::sin(p.x * 7.1f + t * 1.3f) * std::sin(p.y * 5.3f - t * 0.7f) *
           std::sin(p.z * 6.7f + t * 1.1f + 0.5f);
}

} // namespace

// ------------------------------------------------------------------------------------------

std::shared_ptr<const ClothAssetData> buildClothAssetData(const ClothingAsset &asset, int lod,
                                                          const ClothBuildOptions &options)
{
    if (lod < 0 || size_t(lod) >= asset.lods.size())
        throw InputError("asset has no graphics LoD " + std::to_string(lod));
    const GraphicsLod &g = asset.lods[size_t(lod)];
    if (g.physicsMesh < 0 || size_t(g.physicsMesh) >= asset.physicsMeshes.size())
        throw InputError("graphics LoD " + std::to_string(lod) + " has no physics mesh");
    const PhysicsMesh &mesh = asset.physicsMeshes[size_t(g.physicsMesh)];
    const size_t bones = asset.skeleton.bones.size();
    for (const BoneInfluence &inf : mesh.skin)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (inf.weights[size_t(k)] != 0.0f && inf.bones[size_t(k)] >= bones)
                throw InputError("physics mesh: bone influence " +
                                 std::to_string(inf.bones[size_t(k)]) + " out of range");
    if (!g.skinMap.bindings.empty() && g.skinMap.bindings.size() != g.mesh.vertexCount())
        throw InputError("graphics LoD " + std::to_string(lod) + ": skin map has " +
                         std::to_string(g.skinMap.bindings.size()) + " bindings for " +
                         std::to_string(g.mesh.vertexCount()) + " vertices");
    for (const SkinBinding &b : g.skinMap.bindings)
        if (b.triangle != SkinMap::kUnbound && b.triangle >= mesh.triangleCount())
            throw InputError("graphics LoD " + std::to_string(lod) +
                             ": skin map refers to a missing physics triangle");
    if (!g.skinMap.tetraBindings.empty() && g.skinMap.tetraBindings.size() != g.mesh.vertexCount())
        throw InputError("graphics LoD " + std::to_string(lod) + ": tetra skin map has " +
                         std::to_string(g.skinMap.tetraBindings.size()) + " bindings for " +
                         std::to_string(g.mesh.vertexCount()) + " vertices");
    for (const TetraBinding &b : g.skinMap.tetraBindings)
        if (b.tetrahedron != SkinMap::kUnbound && b.tetrahedron >= mesh.tetrahedronCount())
            throw InputError("graphics LoD " + std::to_string(lod) +
                             ": skin map refers to a missing physics tetrahedron");
    auto data = std::make_shared<ClothAssetData>();
    data->cloth = buildClothData(mesh, options);
    data->collisionVolumes = asset.collisionVolumes;
    data->pendulumBones = asset.pendulumBones;
    data->rigConstraints = asset.rigConstraints;
    for (const Bone &b : asset.skeleton.bones) {
        data->boneParents.push_back(b.parent);
        data->boneBind.push_back(inverse(b.inverseBind));
    }
    data->skinMap = g.skinMap;
    data->graphicsPositions = g.mesh.positions;
    data->graphicsNormals = g.mesh.normals;
    data->graphicsSkin = g.mesh.skin;
    data->riders = buildRiderGuard(g, mesh);
    setRenderOutputs(*data, g.mesh, mesh);
    data->shells = buildShellCollision(asset, lod);
    return data;
}

ClothInstance::Impl::Impl(std::shared_ptr<const ClothData> cloth, const SimulationSettings &s,
                          const ClothInstanceOptions &options)
    : data(std::move(cloth)), pool(options.pool), kernelLanes(options.baselineKernels ? 4u : options.kernelLanes)
{
    n = data->vertexCount;
    const size_t count = size_t(n) + 1;
    pos.assign(count, P4{0, 0, 0, 0});
    prev = target0 = target1 = normal0 = normal1 = params = pos;
    invMass.assign(count, 0.0f);
    windFactor.assign(count, 0.0f);
    tetherAnchor.assign(count, n);
    tetherLength.assign(count, INFINITY);
    pinned.assign(n, 0);
    constraintParam.assign(data->constraintA.size(), 0.0f);
    lambda.assign(data->constraintA.size(), 0.0f);
    windNormals.assign(n, Vec3{});
    if (!pool && options.scheduler) {
        pool = std::dynamic_pointer_cast<SimThreadPool>(options.scheduler);
        if (!pool)
            dispatch = options.scheduler;
    }
    int threads = pool ? pool->threads() : dispatch ? std::max(1, dispatch->concurrency()) : 1;
    if (options.minVerticesPerThread > 0)
        threads = std::clamp(int(n / options.minVerticesPerThread), 1, threads);
    if (dispatch && threads > 1) {
        schedule = PhaseSchedule(dispatch.get());
        threads = 1; // one thread runs the update; phases go to the scheduler as jobs
    } else {
        schedule = PhaseSchedule(threads);
    }
    // Per vertex piece, whichever thread runs it (a piece's jobs may run at once on threads
    // we do not know; impulses summed piece by piece in one order are the same bits on any).
    threadFinishList.assign((n + kVertexPiece - 1) / kVertexPiece,
                            std::vector<uint32_t>(kVertexPiece));
    threadColliders.resize(size_t(threads));
    threadBounds.resize(size_t(threads));
    threadImpulses.resize(threadFinishList.size()); // per finish slot, as its vertex list
    buildHardLists();
    buildSlabRounds();
    for (uint32_t v = 0; v < n; ++v) {
        setXyz(target0[v], data->restPositions[v]);
        setXyz(normal0[v], data->restNormals[v]);
    }
    target1 = target0;
    normal1 = normal0;
    skinned = !data->skin.empty();
    setSettings(s);
}

uint32_t ClothInstance::Impl::hardGroupCount() const { return hardGroups; }

// The iterations' blocks on threads that own slabs of them (see sim::OrderedRounds), in place
// of a barrier after each phase: a block goes to the thread whose share of the per-vertex
// passes holds most of its vertices (so a slab's blocks stay in one core's cache); blocks that
// share a vertex conflict. Each thread runs its blocks phase by phase (blocks of one phase
// never conflict, so any order within a phase gives the same bits), and within a phase last
// those that share vertices with another thread's blocks: the neighbouring thread has then
// had longest to reach them. Not when a phase is shared colour by colour (one large block).
void ClothInstance::Impl::buildSlabRounds()
{
    const ClothData &c = *data;
    const uint32_t threads = uint32_t(schedule.threads());
    slabRounds = sim::OrderedRounds();
    if (threads == 1 || schedule.dispatching() || c.blocks.empty())
        return;
    for (const SolverPhase &phase : c.phases)
        if (sharedColourByColour(phase))
            return;
    const uint32_t blocks = uint32_t(c.blocks.size());
    std::vector<uint32_t> phaseOf(blocks, 0), owner(blocks, 0);
    for (uint32_t p = 0; p < c.phases.size(); ++p)
        for (uint32_t b = c.phases[p].blockBegin; b < c.phases[p].blockEnd; ++b)
            phaseOf[b] = p;
    // The blocks touching each vertex (at most a few), and each block's vertices per thread.
    std::vector<std::vector<uint32_t>> touching(n);
    std::vector<uint32_t> perThread(threads);
    for (uint32_t b = 0; b < blocks; ++b) {
        std::fill(perThread.begin(), perThread.end(), 0u);
        const ConstraintBlock &block = c.blocks[b];
        for (uint32_t i = c.solveColours[block.colourBegin].begin;
             i < c.solveColours[block.colourEnd - 1].end; ++i)
            for (const uint32_t v : {c.constraintA[i], c.constraintB[i]}) {
                if (v >= n) // the dummy: never moves
                    continue;
                if (touching[v].empty() || touching[v].back() != b) {
                    touching[v].push_back(b);
                    ++perThread[vertexOwner(v)];
                }
            }
        owner[b] = uint32_t(std::max_element(perThread.begin(), perThread.end()) -
                            perThread.begin());
    }
    std::vector<std::pair<uint32_t, uint32_t>> conflicts;
    std::vector<uint8_t> shared(blocks, 0); // conflicts with another thread's block
    for (const std::vector<uint32_t> &list : touching)
        for (size_t i = 0; i < list.size(); ++i)
            for (size_t j = i + 1; j < list.size(); ++j) {
                conflicts.push_back({list[i], list[j]});
                if (owner[list[i]] != owner[list[j]])
                    shared[list[i]] = shared[list[j]] = 1;
            }
    // Each block's level: past every block before it that it conflicts with (the phases, when
    // their blocks share no vertex, as ClothData promises), so that no order within a level
    // can put a block before one it waits for.
    std::vector<uint32_t> level = phaseOf;
    std::sort(conflicts.begin(), conflicts.end()); // by the earlier block (touching is in order)
    for (const auto &[a, b] : conflicts)
        level[b] = std::max(level[b], level[a] + 1);
    std::vector<uint32_t> order(blocks);
    for (uint32_t b = 0; b < blocks; ++b)
        order[b] = b;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return level[a] != level[b] ? level[a] < level[b] : shared[a] < shared[b];
    });
    slabRounds.build(order, owner, conflicts, int(threads), schedule.progress());
}

/// The thread whose share of the per-vertex passes holds vertex v.
uint32_t ClothInstance::Impl::vertexOwner(uint32_t v) const
{
    const uint32_t pieces = (n + kVertexPiece - 1) / kVertexPiece, piece = v / kVertexPiece;
    const uint32_t threads = uint32_t(schedule.threads());
    uint32_t share = 0;
    while (share + 1 < threads && PhaseSchedule::shareBegin(pieces, share + 1, threads) <= piece)
        ++share;
    return share;
}

void ClothInstance::Impl::buildHardLists()
{
    const ClothData &c = *data;
    const uint32_t stages = uint32_t(schedule.threads());
    // Groups: as many as fill a level of a group's stage with about kHardLevelPadding vertices
    // on average, at most kHardGroups. More groups shorten the pipeline's start and end; emptier
    // levels cost their padding (the hang at N = 128 on two threads: 16 groups padded every
    // level to twice its vertices, 6% more processor time than 4).
    uint32_t hardVertices = 0, levels = 0;
    for (uint32_t v = 0; v < n; ++v)
        if (c.hardParent[v] != ClothData::kNone) {
            ++hardVertices;
            levels = std::max(levels, c.hardDepth[v]);
        }
    const uint64_t perLevel = uint64_t(hardVertices) / (uint64_t(std::max(levels, 1u)) * stages);
    hardGroups = stages == 1 ? 1
                             : uint32_t(std::clamp<uint64_t>(
                                   (perLevel + kHardLevelPadding / 2) / kHardLevelPadding, 1,
                                   kHardGroups));
    const uint32_t groups = hardGroups;
    // Whole trees per group (contiguous in tree order, balanced by size).
    uint32_t trees = 0;
    for (uint32_t t : c.hardTree)
        if (t != ClothData::kNone)
            trees = std::max(trees, t + 1);
    std::vector<uint32_t> treeSize(trees, 0);
    for (uint32_t t : c.hardTree)
        if (t != ClothData::kNone)
            ++treeSize[t];
    std::vector<uint32_t> group(trees, 0);
    uint32_t total = 0;
    for (uint32_t s : treeSize)
        total += s;
    uint32_t acc = 0;
    for (uint32_t t = 0; t < trees; ++t) {
        group[t] = std::min(groups - 1, uint32_t(uint64_t(acc) * groups /
                                                 std::max<uint64_t>(total, 1)));
        acc += treeSize[t];
    }
    // Stages: a vertex goes to the stage of the thread owning it, or to its parent's when
    // that is later (a parent is final before its children). Siblings on one parent then
    // run in the order of their vertex indices on any thread count (a thread's share is a
    // run of indices, and a stage's list is sorted by depth, then index), so their
    // follow-the-leader updates sum to the same bits.
    std::vector<uint32_t> order, stage(n, 0);
    for (uint32_t v = 0; v < n; ++v)
        if (c.hardParent[v] != ClothData::kNone)
            order.push_back(v);
    // Top-down, each list level by level: a parent is always final before its children.
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return c.hardDepth[a] < c.hardDepth[b]; });
    std::vector<std::vector<uint32_t>> members(size_t(groups) * stages);
    for (uint32_t v : order) {
        stage[v] = std::max(stage[c.hardParent[v]], vertexOwner(v));
        members[group[c.hardTree[v]] * stages + stage[v]].push_back(v);
    }
    hardLists.assign(members.size(), {});
    for (size_t g = 0; g < members.size(); ++g) {
        const std::vector<uint32_t> &list = members[g];
        HardList &out = hardLists[g];
        for (size_t i = 0; i < list.size(); ++i) {
            const uint32_t v = list[i];
            out.child.push_back(v);
            out.parent.push_back(c.hardParent[v]);
            out.rest.push_back(c.hardRestLength[v]);
            const bool levelEnds =
                i + 1 == list.size() || c.hardDepth[list[i + 1]] != c.hardDepth[v];
            while (levelEnds && out.child.size() % kHardLevelPadding != 0) {
                out.child.push_back(n); // the immovable dummy: never corrected
                out.parent.push_back(n);
                out.rest.push_back(0.0f);
            }
        }
        out.distinctParents =
            sim::hardDistinctParents(out.parent.data(), uint32_t(out.parent.size()));
    }
}

void ClothInstance::Impl::setSettings(const SimulationSettings &input)
{
    // Clamp to the documented ranges: the solver is only promised stable inside them.
    SimulationSettings s = input;
    settingWarnings.clear();
    for (const SettingField &f : settingsFields()) {
        const double value = f.get(s);
        const double clamped = std::isfinite(value) ? std::clamp(value, f.min, f.max) : f.min;
        if (!(clamped == value)) {
            char buf[256];
            std::snprintf(buf, sizeof buf,
                          "setting %s is %g, outside its range [%g, %g]: clamped to %g", f.key,
                          value, f.min, f.max, clamped);
            settingWarnings.emplace_back(buf);
        }
        f.set(s, clamped);
    }
    settings = s;
    configure();
}

void ClothInstance::Impl::resetWarnings()
{
    status.warnings = settingWarnings;
    if (status.backstopsUnderMaxDistance > 0)
        status.warnings.push_back(
            std::to_string(status.backstopsUnderMaxDistance) +
            " vertices have a backstop radius smaller than their Max Distance: they can slip "
            "past the backstop sphere sideways and pull the cloth apart (paint a radius larger "
            "than Max Distance)");
}

void ClothInstance::Impl::configure()
{
    const SimulationSettings &s = settings;
    const ClothData &c = *data;
    stepLength = 1.0f / s.stepsPerSecond;
    substepLength = stepLength / float(std::max(1, s.substeps));
    iterations = std::max(1, int(std::lround(float(s.iterations) *
                                             std::clamp(lod.iterationScale, 0.0f, 1.0f))));
    xpbd = s.useCompliance;
    const bool dihedralBending = s.bendingModel == int(BendingModel::Dihedral);
    const float lodScale = std::clamp(lod.maxDistanceScale, 0.0f, 1.0f);
    const float h = substepLength;
    // The physical LoD's cut: a share of the largest Max Distance taken off every one.
    float cut = 0.0f;
    if (lod.maxDistanceCut > 0.0f) {
        for (uint32_t v = 0; v < n; ++v)
            cut = std::max(cut, effectiveMaxDistance(c, v, s, lodScale));
        cut *= std::min(lod.maxDistanceCut, 1.0f);
    }
    status.backstopsUnderMaxDistance = 0;
    for (uint32_t v = 0; v < n; ++v) {
        const bool edge = c.edge[v] != 0;
        const float mass = c.explicitMass.empty() ? s.areaDensity * c.massPerDensity[v]
                                                  : c.explicitMass[v];
        const float radius = std::max(0.0f, effectiveMaxDistance(c, v, s, lodScale) - cut);
        const bool fixed = c.fixed[v] || pinned[v] || radius <= 0.0f;
        invMass[v] = fixed ? 0.0f : 1.0f / mass;
        pos[v].w = prev[v].w = invMass[v];
        const float damping = std::clamp(
            s.damping * c.dampingScale[v] * (edge ? s.edgeDampingScale : 1.0f), 0.0f, 1.0f);
        params[v] = {fixed ? 0.0f : radius, s.backstop ? c.backstopRadius[v] : 0.0f,
                     c.backstopDistance[v], std::pow(1.0f - damping, h)};
        if (!fixed && params[v].y > 0 && params[v].y < radius)
            ++status.backstopsUnderMaxDistance;
        windFactor[v] = fixed ? 0.0f
                              : c.area[v] * c.windScale[v] *
                                    (edge ? s.edgeWindScale : 1.0f) * invMass[v];
        const bool anchored = c.tetherAnchor[v] != ClothData::kNone;
        tetherAnchor[v] = anchored ? c.tetherAnchor[v] : n;
        tetherLength[v] = anchored ? c.tetherLength[v] * s.stretchLimit : INFINITY;
    }
    for (size_t k = 0; k < c.constraintA.size(); ++k) {
        const bool stretch = c.constraintKind[k] == ClothData::kStretch;
        const float scale = std::max(c.stiffnessScale[k], 1e-6f);
        if (xpbd) {
            const float compliance = stretch ? s.stretchCompliance : s.bendCompliance;
            // Padding constraints get 1 so their denominator is never zero.
            constraintParam[k] = c.constraintKind[k] == ClothData::kPadding
                                     ? 1.0f
                                     : compliance / scale / (h * h);
        } else {
            // Per-iteration stiffness made independent of the iteration count.
            const float k1 = std::clamp((stretch ? s.stretchStiffness : s.bendStiffness) *
                                            c.stiffnessScale[k],
                                        0.0f, 1.0f);
            constraintParam[k] = 1.0f - std::pow(1.0f - k1, 1.0f / float(iterations));
        }
        if (dihedralBending && c.constraintKind[k] == ClothData::kBend) // the hinges bend instead
            constraintParam[k] = xpbd ? 1e20f : 0.0f;
    }
    if (tetraVolumes.count() == 0 && !c.tetrahedra.empty())
        tetraVolumes.build(c.restPositions, c.tetrahedra);
    if (s.edgeChains && !edgeChainsBuilt) {
        // Only the edges across the hang (see EdgeChains::build).
        std::vector<float> fromFixed(c.tetherLength);
        for (uint32_t v = 0; v < n; ++v)
            if (c.tetherAnchor[v] == ClothData::kNone)
                fromFixed[v] = -1.0f;
        edgeChains.build(c.restPositions, c.constraintA, c.constraintB, c.constraintKind,
                         ClothData::kStretch, &fromFixed);
        edgeChainsBuilt = true;
    }
    if (dihedralBending && !dihedralBuilt) {
        dihedral.build(c.restPositions, c.indices);
        dihedralBuilt = true;
    }
    if (s.triangleCollision && !triangleCollisionBuilt) {
        triangleCollision.build(c.indices, c.restPositions);
        triangleCollisionBuilt = true;
    }
    // Batches of 16 constraints whose ends are all fixed (Max Distance 0 under the physical
    // LoD: triangles that are pure skinning) move nothing: the solver skips them.
    const uint32_t batches = uint32_t(c.constraintA.size() / 16);
    activeRunEnd.clear();
    activeRunBegin.clear();
    for (uint32_t k = 0; k < batches; ++k) {
        bool active = false;
        for (size_t i = size_t(k) * 16; i < size_t(k) * 16 + 16 && !active; ++i)
            active = invMass[c.constraintA[i]] > 0.0f || invMass[c.constraintB[i]] > 0.0f;
        if (!active)
            continue;
        if (!activeRunEnd.empty() && activeRunEnd.back() == k * 16) {
            activeRunEnd.back() += 16;
        } else {
            activeRunBegin.push_back(k * 16);
            activeRunEnd.push_back(k * 16 + 16);
        }
    }
    allBatchesActive = activeRunBegin.size() == 1 && activeRunBegin[0] == 0 &&
                       activeRunEnd[0] == batches * 16;
    batchLayout = sim::batchLayouts(c.constraintA.data(), c.constraintB.data(), batches * 16);
    if (std::all_of(batchLayout.begin(), batchLayout.end(),
                    [](uint8_t l) { return l == sim::kGathered; }))
        batchLayout.clear(); // the kernels without the layout tests
    tightVertices.clear();
    {
        std::vector<uint8_t> tight(n, 0);
        for (size_t e = 0; e + 1 < c.edges.size(); e += 2) {
            const uint32_t a = c.edges[e], b = c.edges[e + 1];
            const float rest = distance(c.restPositions[a], c.restPositions[b]);
            const float ra = params[a].x, rb = params[b].x;
            if (invMass[a] > 0 && rb - ra > rest)
                tight[a] = 1;
            if (invMass[b] > 0 && ra - rb > rest)
                tight[b] = 1;
        }
        // And the vertices next to them that are no looser: they would drag the first.
        std::vector<uint8_t> held = tight;
        for (size_t e = 0; e + 1 < c.edges.size(); e += 2) {
            const uint32_t a = c.edges[e], b = c.edges[e + 1];
            if (tight[a] && invMass[b] > 0 && params[b].x <= params[a].x)
                held[b] = 1;
            if (tight[b] && invMass[a] > 0 && params[a].x <= params[b].x)
                held[a] = 1;
        }
        for (uint32_t v = 0; v < n; ++v)
            if (held[v])
                tightVertices.push_back(v);
    }
    // A fixed vertex follows the skinned pose, whose edges skinning stretches or squeezes
    // (the sample's coat by up to 20% next to its pinned shoulders at rest). A constraint from
    // it to a movable vertex holding its rest length would pull or push that vertex off its
    // skinned place, and the vertex, held by its other fixed neighbours too, passes the strain
    // on to its movable neighbours: the simulation stretches the cloth beyond the skinned pose
    // where nothing moves it. These constraints take the skinned length instead.
    // Measured and not kept: the stretch constraints between two movable vertices whose Max
    // Distances add up to less than twice their rest length too. On the assets Auto Setup had
    // made, the sample's clips then matched their skinned pose (Jump 1.725 -> 1.664, its
    // edge 679-682 whose ends may move 13 and 6.5 mm), but Auto Setup's check, finding fewer
    // vertices at their limits, pinned fewer: after a new Auto Setup Jump's mean largest
    // stretch went 1.313 -> 1.376 (Max Distance hits 0.9% -> 4.0%), Testwuson's Run 1.574 /
    // 1.256 -> 1.666 / 1.270, the humanoid's RunTurn mean 2.129 -> 2.246.
    fixedEndConstraints.clear();
    for (size_t k = 0; k < c.constraintA.size(); ++k)
        if (c.constraintKind[k] != ClothData::kPadding &&
            (invMass[c.constraintA[k]] > 0.0f) != (invMass[c.constraintB[k]] > 0.0f))
            fixedEndConstraints.push_back(uint32_t(k));
    if (fixedEndConstraints.empty())
        skinnedRest.clear();
    else
        skinnedRest = c.restLength;
    // Where the skinned pose squeezes an edge between two movable vertices (an elbow's or an
    // armpit's fold, the coat's sides as the arms come down), the cloth may be as short as
    // its targets there: its constraints resist compression only beyond the targets' length.
    // Holding the rest length, they pushed the squeezed edges out again against the cloth held
    // near its targets, and the push went into the next short edges: the sample's Idle, whose
    // targets stretch 1.05 at most, read 1.15 on its edge 447-448 (2.7 cm, free, its
    // neighbours 4-6 cm; gravity, tethers, the hard limits, the backstop and the volumes'
    // thickness off changed nothing). Issue 22's table after Auto Setup, largest / mean
    // largest, before -> after: the sample's Walk 1.247 / 1.181 -> 1.220 / 1.133, Jump 1.550 /
    // 1.268 -> 1.550 / 1.249, Idle 1.161 / 1.152 -> 1.113 / 1.104; Testwuson's Run 1.251 /
    // 1.146 -> 1.238 / 1.099 and Walk 1.301 / 1.170 -> 1.199 / 1.073 (both now pass); the
    // humanoid's RunTurn 2.013 / 1.552 -> 1.599 / 1.476; huesitos 1.221 / 1.070 -> 1.226 /
    // 1.065 (the price: still passing); Max Distance hits rise on simple_skin 2.3 -> 3.4%,
    // Testwuson's Walk 0.7 -> 1.6%, the sample's Jump body poke-through 0.005 -> 0.03%.
    // Cost: every colour of a skinned garment takes the kernels' compression test, and the
    // limits are set each frame: `tweed-bench garment --frames 300` (the sample's whole coat,
    // no Auto Setup), solver ms per frame in three alternated pairs at load 7-9, 0.459-0.484
    // -> 0.499-0.550 (about +10%); its largest stretch 1.404 -> 1.409.
    // Measured and not kept: the stretch constraints alone (the sample's Idle 1.137 mean
    // largest, Walk 1.172); the bend constraints' rest lengths taken from the targets (Walk
    // 1.181 -> 1.164 mean largest, Idle unchanged).
    squeezeRest.clear();
    squeezeBase.clear();
    if (skinned)
        for (size_t k = 0; k < c.constraintA.size(); ++k)
            if (c.constraintKind[k] != ClothData::kPadding && c.restLength[k] > 0.0f &&
                invMass[c.constraintA[k]] > 0.0f && invMass[c.constraintB[k]] > 0.0f) {
                squeezeRest.resize(c.constraintA.size(), 0.0f);
                squeezeRest[k] = c.restLength[k];
            }
    const size_t constraints = c.constraintA.size();
    restSq.resize(constraints);
    restSq3.resize(constraints);
    sim::squareRests(c.restLength.data(), 0, constraints, restSq.data(), restSq3.data());
    skinnedRestSq = restSq;
    skinnedRestSq3 = restSq3;
    weightSum.resize(constraints);
    sim::weightSums(pos.data(), c.constraintA.data(), c.constraintB.data(), constraints,
                    xpbd ? constraintParam.data() : nullptr, 0.0f, weightSum.data());
    // A compression limit of 1 everywhere skips the kernels' test (the common case unskinned).
    compressionLimit.clear();
    if (s.stretchCompressionLimit < 1.0f || s.bendCompressionLimit < 1.0f ||
        !squeezeRest.empty()) {
        compressionLimit.resize(c.constraintA.size());
        for (size_t k = 0; k < c.constraintA.size(); ++k)
            compressionLimit[k] = c.constraintKind[k] == ClothData::kStretch
                                      ? s.stretchCompressionLimit
                                      : s.bendCompressionLimit; // padding: any value
        if (!squeezeRest.empty())
            squeezeBase = compressionLimit;
    }
    // Colours whose constraints share one parameter (unpainted stiffness) skip its loads;
    // padding takes any value (both its ends are immovable).
    colourParam.resize(c.solveColours.size());
    for (size_t k = 0; k < c.solveColours.size(); ++k) {
        const ConstraintColour &colour = c.solveColours[k];
        float value = NAN;
        bool uniform = true;
        for (uint32_t i = colour.begin; i < colour.end && uniform; ++i) {
            if (c.constraintKind[i] == ClothData::kPadding)
                continue;
            if (std::isnan(value))
                value = constraintParam[i];
            uniform = constraintParam[i] == value;
        }
        colourParam[k] = uniform && !std::isnan(value) ? value : NAN;
    }
    realConstraints = 0;
    for (const uint8_t kind : c.constraintKind)
        realConstraints += kind == ClothData::kPadding ? 0 : 1;
    hardConstraintCount = 0;
    for (const uint32_t parent : c.hardParent)
        hardConstraintCount += parent == ClothData::kNone ? 0 : 1;
    sleep.asleep = false; // new settings: simulate again
    sleep.still = 0;
    resetWarnings();
    status.springSubsteps = status.springNeededSubsteps = 0;
    if (s.model == int(SolverModel::MassSpring))
        configureSprings();
    schedule.reserve(phaseCount(maxStepsPerFrame()));
    positionsValid = normalsValid = false;
}

/// Work of `steps` position-based steps (see ClothStatus::lastUpdateWork).
uint64_t ClothInstance::Impl::positionBasedWork(int stepCount) const
{
    const uint64_t perSubstep =
        uint64_t(iterations) * (realConstraints + tightVertices.size()) +
        (settings.edgeChains ? uint64_t(edgeChains.linkCount()) : 0) +
        (settings.hardStretchLimit ? 2 * hardConstraintCount : 0) + 2 * uint64_t(n) +
        (settings.selfCollision ? 27 * uint64_t(n) : 0) +
        (collidesTriangles() ? uint64_t(data->indices.size()) : 0);
    return uint64_t(stepCount) * uint64_t(std::max(1, settings.substeps)) * perSubstep;
}

void ClothInstance::Impl::takePose(const ClothFrame &frame, bool resetPendulums)
{
    const size_t bones = asset ? asset->boneBind.size() : 0;
    if (!frame.skinning.empty() && frame.skinning.size() != bones)
        throw InputError("cloth update: " + std::to_string(frame.skinning.size()) +
                         " skinning matrices for " + std::to_string(bones) + " bones");
    skinning.resize(bones);
    boneGlobal.resize(bones);
    for (size_t b = 0; b < bones; ++b) {
        skinning[b] = frame.skinning.empty() ? Mat4{} : frame.skinning[b];
        boneGlobal[b] = skinning[b] * asset->boneBind[b];
    }
    world1 = rigidOf(frame.world);
    windWorld = frame.wind;
    if (asset) {
        if (resetPendulums)
            for (PendulumState &p : pendulums)
                p.started = false;
        const Vec3 gravity =
            world1.applyInverse(world1.translation + Vec3{0, -kGravity * settings.gravityScale, 0});
        // The upper-jacket rig first, from the animated skeleton; then the pendulums.
        rig.apply(skinning, boneGlobal,
                  normalize(world1.applyInverse(world1.translation + Vec3{0, -1, 0})));
        for (size_t i = 0; i < asset->pendulumBones.size(); ++i) {
            const PendulumBone &pb = asset->pendulumBones[i];
            if (pb.bone < 0 || size_t(pb.bone) >= bones)
                continue;
            const Quat q =
                stepPendulum(pb, pendulums[i], boneGlobal[size_t(pb.bone)], gravity, frame.dt);
            const Vec3 o = boneGlobal[size_t(pb.bone)].column(3);
            moveBones(pendulumChildren[i],
                      Mat4::translation(o) * Mat4::rotation(q) * Mat4::translation(-o), skinning,
                      boneGlobal);
        }
    }
    volumeFrame1.resize(volumes.size());
    for (size_t i = 0; i < volumes.size(); ++i) {
        const int bone = volumes[i].bone;
        volumeFrame1[i] = colliderFrame(volumes[i], bone >= 0 && size_t(bone) < bones
                                                        ? boneGlobal[size_t(bone)]
                                                        : Mat4{});
    }
}

// Skinned targets and normals at the end of the frame, for vertices [b, e).
void ClothInstance::Impl::skinTargets(uint32_t b, uint32_t e)
{
    const ClothData &c = *data;
    for (uint32_t v = b; v < e; ++v) {
        const BoneInfluence &inf = c.skin[v];
        Vec3 p{}, nrm{};
        float total = 0;
        for (int k = 0; k < kMaxBoneInfluences; ++k) {
            const float w = inf.weights[size_t(k)];
            if (w == 0.0f)
                continue;
            const Mat4 &m = skinning[inf.bones[size_t(k)]];
            p += m.transformPoint(c.restPositions[v]) * w;
            nrm += m.transformVector(c.restNormals[v]) * w;
            total += w;
        }
        if (total == 0.0f) {
            p = c.restPositions[v];
            nrm = c.restNormals[v];
        }
        setXyz(target1[v], p);
        setXyz(normal1[v], normalize(nrm));
    }
}

ClothInstance::Impl::Substep ClothInstance::Impl::makeSubstep(int step, int sub) const
{
    Substep ctx;
    const int substeps = std::max(1, settings.substeps);
    const double t = double(step * substeps + sub + 1) * double(substepLength);
    const double tPrev = double(step * substeps + sub) * double(substepLength);
    ctx.alpha = float(std::min(1.0, t / run.span));
    const float alphaPrev = float(std::min(1.0, tPrev / run.span));
    const Rigid w = interpolate(world0, world1, ctx.alpha);
    ctx.gravity = rotate(conjugate(w.rotation), {0, -kGravity * settings.gravityScale, 0});
    ctx.time = float(time + t);
    if (run.wind) {
        const float f = settings.windGustFrequency * 2.0f * kPi;
        const float gust = 1.0f + settings.windGust * (0.6f * std::sin(f * ctx.time) +
                                                       0.4f * std::sin(2.3f * f * ctx.time + 1.3f));
        ctx.wind = rotate(conjugate(w.rotation), windWorld * gust);
    }
    ctx.moved = run.moved;
    if (run.moved) {
        // A point fixed in the world moves, in model space, by w^-1 * wPrev; each vertex
        // feels the chosen share of that motion.
        const Rigid wp = interpolate(world0, world1, alphaPrev);
        const Quat q = normalize(conjugate(w.rotation) * wp.rotation);
        const Vec3 tr = w.applyInverse(wp.translation);
        for (int edge = 0; edge < 2; ++edge) {
            const float scale = edge ? settings.edgeWorldMotionScale : 1.0f;
            const float lin = std::clamp(settings.worldLinearMotion * scale, 0.0f, 1.0f);
            const float ang = std::clamp(settings.worldAngularMotion * scale, 0.0f, 1.0f);
            ctx.motion[edge] = affineOf({slerp(Quat{}, q, ang), tr * lin});
        }
    }
    return ctx;
}

/// The collision volumes at the substep's time, in the thread's own list.
void ClothInstance::Impl::poseColliders(const Substep &ctx, int thread)
{
    std::vector<ColliderPose> &poses = threadColliders[size_t(thread)];
    poses.resize(volumes.size()); // no allocation after the first step
    for (size_t i = 0; i < volumes.size(); ++i) {
        const Transform f0 = volumeFrame0[i], f1 = volumeFrame1[i];
        Transform f;
        f.translation = lerp(f0.translation, f1.translation, ctx.alpha);
        f.rotation = slerp(f0.rotation, f1.rotation, ctx.alpha);
        poses[i] = colliderPose(volumes[i], f, settings.collisionThickness);
    }
    std::vector<sim::P4> &bounds = threadBounds[size_t(thread)];
    bounds.resize(poses.size());
    for (size_t i = 0; i < poses.size(); ++i) {
        const ColliderPose &pose = poses[i];
        bounds[i] = {pose.origin.x, pose.origin.y, pose.origin.z,
                     pose.boundingRadius * pose.boundingRadius};
    }
}

void ClothInstance::Impl::integrate(uint32_t b, uint32_t e, const Substep &ctx)
{
    if (ctx.moved || run.wind) {
        for (uint32_t v = b; v < e; ++v)
            integrateVertex(v, ctx);
        return;
    }
    sim::IntegrateArgs args; // the common case, in SIMD lanes: integrateVertex's arithmetic
    args.p = pos.data();
    args.prev = prev.data();
    args.target0 = target0.data();
    args.target1 = skinned ? target1.data() : nullptr;
    args.params = params.data();
    args.alpha = ctx.alpha;
    const float h2 = substepLength * substepLength;
    args.gravityStep[0] = ctx.gravity.x * h2;
    args.gravityStep[1] = ctx.gravity.y * h2;
    args.gravityStep[2] = ctx.gravity.z * h2;
    args.dummy = n;
    sim::integrateKernel(kernelLanes)(args, b, e);
}

void ClothInstance::Impl::integrateVertex(uint32_t v, const Substep &ctx)
{
    P4 &x = pos[v];
    P4 &p = prev[v];
    if (x.w == 0.0f) {
        const Vec3 t = targetAt(v, ctx.alpha);
        setXyz(x, t);
        setXyz(p, t);
        return;
    }
    const float h = substepLength;
    Vec3 xv = v3(x), pv = v3(p);
    if (ctx.moved) {
        const Affine &m = ctx.motion[data->edge[v] ? 1 : 0];
        xv = m.apply(xv);
        pv = m.apply(pv);
    }
    const Vec3 vel = (xv - pv) * params[v].w;
    Vec3 acc = ctx.gravity;
    if (run.wind)
        acc += windAcceleration(v, xv, vel / h, ctx);
    setXyz(p, xv);
    setXyz(x, xv + vel + acc * (h * h));
}

// Quadratic drag against the wind relative to the vertex, along its normal, and lift along
// the tangential relative wind; the change of velocity never exceeds the relative velocity.
Vec3 ClothInstance::Impl::windAcceleration(uint32_t v, const Vec3 &x, const Vec3 &velocity,
                                           const Substep &ctx) const
{
    const float turbulence = 1.0f + settings.windTurbulence * windNoise(x, ctx.time);
    const Vec3 rel = ctx.wind * turbulence - velocity;
    const Vec3 nrm = windNormals[v];
    const float vn = dot(rel, nrm);
    const Vec3 tangential = rel - nrm * vn;
    const float k = 0.5f * kAirDensity * windFactor[v];
    Vec3 drag = nrm * (settings.windDrag * k * vn * std::abs(vn));
    Vec3 lift = tangential * (settings.windLift * k * std::abs(vn));
    const float h = substepLength;
    const float dragLimit = std::abs(vn) / h, liftLimit = length(tangential) / h;
    const float dl = length(drag), ll = length(lift);
    if (dl > dragLimit)
        drag *= dragLimit / dl;
    if (ll > liftLimit)
        lift *= liftLimit / ll;
    return drag + lift;
}

// The hard constraints as a pipeline over the threads' shares of the vertices: the stages of
// a group run in order (a stage's parents are final once the stages before it are done);
// groups are independent. Thread s takes stage s of each group in turn, so each thread moves
// the vertices it integrates and solves (kept in its core's cache); while its stage is not
// ready it runs any other stage that is, so no thread waits for one that is not running (a
// descheduled thread holds up only the stage it is on, and one thread can run them all).
// Per group, one phase counter counts its finished stages, the next its claimed ones; a stage
// runs once, whoever runs it, so the results are the same.
void ClothInstance::Impl::hardPipeline(PhaseCursor &cursor, float follow)
{
    const uint32_t groups = hardGroupCount();
    if (schedule.threads() == 1) {
        for (uint32_t g = 0; g < groups; ++g)
            hardConstraints(g, follow);
        return;
    }
    const uint32_t threads = uint32_t(schedule.threads()), stage = uint32_t(cursor.thread);
    PhaseCounter *first = schedule.takePhases(cursor, groups);
    auto finished = [&](uint32_t g) -> std::atomic<uint32_t> & {
        return first[size_t(g) * (threads + 1)].value;
    };
    auto claimed = [&](uint32_t g) -> std::atomic<uint32_t> & {
        return first[size_t(g) * (threads + 1) + 1].value;
    };
    // Runs stage s of group g if it is ready and nobody has taken it.
    auto tryStage = [&](uint32_t g, uint32_t s) {
        if (finished(g).load(std::memory_order_acquire) != s)
            return false;
        uint32_t expected = s;
        if (!claimed(g).compare_exchange_strong(expected, s + 1, std::memory_order_relaxed))
            return false;
        hardConstraints(g * threads + s, follow);
        finished(g).store(s + 1, std::memory_order_release);
        schedule.progress()->made();
        return true;
    };
    // Runs any ready stage; false when none is.
    auto runAnother = [&] {
        for (uint32_t g = 0; g < groups; ++g) {
            const uint32_t s = claimed(g).load(std::memory_order_relaxed);
            if (s < threads && tryStage(g, s))
                return true;
        }
        return false;
    };
    for (uint32_t g = 0; g < groups; ++g) {
        sim::Waiting wait(schedule.progress());
        while (claimed(g).load(std::memory_order_relaxed) <= stage && !tryStage(g, stage)) {
            if (!wait.patient() && runAnother())
                wait.restart();
            else
                wait.turn();
        }
    }
    for (uint32_t g = 0; g < groups; ++g) {
        sim::Waiting wait(schedule.progress());
        while (finished(g).load(std::memory_order_acquire) < threads) {
            if (!wait.patient() && runAnother())
                wait.restart();
            else
                wait.turn();
        }
    }
}

/// Whether a phase is one block large enough to share colour by colour.
bool ClothInstance::Impl::sharedColourByColour(const SolverPhase &phase) const
{
    const ClothData &c = *data;
    const ConstraintBlock &first = c.blocks[phase.blockBegin];
    const uint32_t size =
        c.solveColours[first.colourEnd - 1].end - c.solveColours[first.colourBegin].begin;
    return schedule.threads() > 1 && phase.blockEnd - phase.blockBegin == 1 &&
           size >= kShareBlockConstraints;
}

/// Phases an update of `steps` steps runs at most (the PhaseCounters it needs).
size_t ClothInstance::Impl::phaseCount(int stepCount) const
{
    const ClothData &c = *data;
    size_t perIteration = 0;
    for (const SolverPhase &phase : c.phases) {
        if (!sharedColourByColour(phase)) {
            ++perIteration;
            continue;
        }
        const ConstraintBlock &block = c.blocks[phase.blockBegin];
        for (uint32_t k = block.colourBegin; k < block.colourEnd; ++k)
            perIteration += (c.solveColours[k].end - c.solveColours[k].begin + kColourPiece - 1) /
                            kColourPiece;
    }
    if (!tightVertices.empty()) ++perIteration;
    const size_t substeps = size_t(std::max(1, settings.substeps));
    // integrate, hard (before and after, a phase per group), self-collision, finish
    const size_t dihedralPhase = settings.bendingModel == int(BendingModel::Dihedral) ? 1 : 0;
    const size_t volumePhase = tetraVolumes.count() > 0 ? 1 : 0;
    const size_t chainPhases = settings.edgeChains ? size_t(edgeChains.groupCount()) : 0;
    const size_t trianglePhase = collidesTriangles() ? 1 : 0;
    const size_t perSubstep =
        3 + trianglePhase + chainPhases + dihedralPhase + volumePhase + 2 * size_t(hardGroupCount()) + size_t(iterations) * perIteration;
    return 3 + size_t(stepCount) * (1 + substeps * perSubstep);
}

// Phase by phase (see ClothData::phases): threads take whole blocks. A phase of one large
// block is shared colour by colour instead, in pieces; a small one runs whole on one thread.
void ClothInstance::Impl::solveConstraints(PhaseCursor &seq, const Substep &ctx)
{
    const ClothData &c = *data;
    sim::ColourArgs args;
    args.p = pos.data();
    args.ia = c.constraintA.data();
    args.ib = c.constraintB.data();
    if (!c.constraintA16.empty()) {
        args.ia16 = c.constraintA16.data();
        args.ib16 = c.constraintB16.data();
    }
    const bool skinnedLengths = skinned && !skinnedRest.empty();
    args.rest = skinnedLengths ? skinnedRest.data() : c.restLength.data();
    args.restSq = skinnedLengths ? skinnedRestSq.data() : restSq.data();
    args.restSq3 = skinnedLengths ? skinnedRestSq3.data() : restSq3.data();
    args.weight = weightSum.data();
    args.param = constraintParam.data();
    args.lambda = lambda.data();
    if (!compressionLimit.empty())
        args.compressionLimit = compressionLimit.data();
    args.layout = batchLayout.empty() ? nullptr : batchLayout.data();
    auto modeOf = [&](int it) {
        return !xpbd || iterations == 1 ? LambdaMode::None
               : it == 0                ? LambdaMode::Init
                                        : LambdaMode::Accumulate;
    };
    if (slabRounds.taskCount() > 0 && tightVertices.empty()) {
        // Each thread its slab's blocks, waiting only for the blocks they share vertices with
        // (a round is an iteration; a thread may run a block of an earlier one).
        const uint32_t firstRound = seq.round;
        const auto block = [&](uint32_t b, uint32_t round) {
            const LambdaMode mode = modeOf(int(round - firstRound));
            sim::ColourArgs local = args;
            for (uint32_t k = c.blocks[b].colourBegin; k < c.blocks[b].colourEnd; ++k)
                solveColour(local, k, mode, c.solveColours[k].begin, c.solveColours[k].end);
        };
        for (int it = 0; it < iterations; ++it)
            slabRounds.run(seq, block);
        slabRounds.finish(seq.round, block);
        return;
    }
    for (int it = 0; it < iterations; ++it) {
        const LambdaMode mode = modeOf(it);
        for (const SolverPhase &phase : c.phases) {
            if (sharedColourByColour(phase)) {
                const ConstraintBlock &block = c.blocks[phase.blockBegin];
                for (uint32_t k = block.colourBegin; k < block.colourEnd; ++k) {
                    const ConstraintColour &colour = c.solveColours[k];
                    const uint32_t pieces =
                        (colour.end - colour.begin + kColourPiece - 1) / kColourPiece;
                    schedule.parallelFor(seq, pieces, [&](uint32_t i) {
                        sim::ColourArgs local = args;
                        const uint32_t b = colour.begin + i * kColourPiece;
                        solveColour(local, k, mode, b, std::min(colour.end, b + kColourPiece));
                    });
                }
                continue;
            }
            schedule.parallelFor(seq, phase.blockEnd - phase.blockBegin, [&](uint32_t i) {
                sim::ColourArgs local = args;
                const ConstraintBlock &block = c.blocks[phase.blockBegin + i];
                for (uint32_t k = block.colourBegin; k < block.colourEnd; ++k)
                    solveColour(local, k, mode, c.solveColours[k].begin, c.solveColours[k].end);
            });
        }
        if (!tightVertices.empty()) {
            const uint32_t count = uint32_t(tightVertices.size());
            schedule.parallelFor(seq, (count + kVertexPiece - 1) / kVertexPiece, [&](uint32_t i) {
                const uint32_t b = i * kVertexPiece, e = std::min(count, b + kVertexPiece);
                for (uint32_t k = b; k < e; ++k)
                    holdMaxDistance(tightVertices[k], ctx);
            });
        }
    }
}

void ClothInstance::Impl::solveChains(PhaseCursor &seq)
{
    const ClothData &c = *data;
    sim::EdgeChains::SolveArgs args;
    args.p = pos.data();
    args.rest = skinned && !skinnedRest.empty() ? skinnedRest.data() : c.restLength.data();
    args.param = constraintParam.data();
    args.xpbd = xpbd;
    constexpr uint32_t kChainPiece = 16;
    for (uint32_t g = 0; g < edgeChains.groupCount(); ++g) {
        const uint32_t b = edgeChains.groupBegin(g), e = edgeChains.groupBegin(g + 1);
        schedule.parallelFor(seq, (e - b + kChainPiece - 1) / kChainPiece, [&](uint32_t i) {
            edgeChains.solve(args, b + i * kChainPiece, std::min(e, b + (i + 1) * kChainPiece));
        });
    }
}

void ClothInstance::Impl::solveColour(sim::ColourArgs &args, uint32_t colour, LambdaMode mode,
                                      uint32_t b, uint32_t e)
{
    const float uniform = colourParam[colour];
    const bool isUniform = !std::isnan(uniform);
    args.uniformParam = isUniform ? uniform : 0.0f;
    const sim::ColourKernel kernel =
        sim::colourKernel(xpbd, mode, isUniform, args.ia16 != nullptr, kernelLanes);
    if (allBatchesActive) {
        kernel(args, b, e);
        return;
    }
    // Runs of batches with a movable end (a constraint touches nothing outside itself within
    // its colour, so skipping the others changes no position).
    size_t k = size_t(std::upper_bound(activeRunEnd.begin(), activeRunEnd.end(), b) -
                      activeRunEnd.begin());
    for (; k < activeRunBegin.size() && activeRunBegin[k] < e; ++k)
        kernel(args, std::max(b, activeRunBegin[k]), std::min(e, activeRunEnd[k]));
}

// Hard constraints: each vertex at most stretchLimit * rest from its parent, moving only
// the vertex (the parent is final already: lists are sorted top-down). Dynamic
// follow-the-leader (Mueller, Kim, Chentanez 2012, "Fast simulation of inextensible hair
// and fur"): the parent's velocity takes the opposite of the child's correction.
void ClothInstance::Impl::hardConstraints(uint32_t listIndex, float follow)
{
    const HardList &list = hardLists[listIndex];
    sim::HardArgs args;
    args.p = pos.data();
    args.prev = prev.data();
    args.child = list.child.data();
    args.parent = list.parent.data();
    args.rest = list.rest.data();
    args.limit = settings.stretchLimit;
    args.follow = follow;
    args.distinctParents = list.distinctParents.data();
    sim::hardKernel(kernelLanes)(args, 0, uint32_t(list.child.size()));
}

/// Moves a movable vertex into its Max Distance shape at the substep's time.
void ClothInstance::Impl::holdMaxDistance(uint32_t v, const Substep &ctx)
{
    const float bias = settings.maxDistanceBias;
    const Vec3 nrm =
        bias != 0.0f ? normalize(lerp(v3(normal0[v]), v3(normal1[v]), ctx.alpha)) : Vec3{};
    setXyz(pos[v],
           projectMaxDistance(v3(pos[v]), targetAt(v, ctx.alpha), nrm, params[v].x, bias));
}

// Tethers, collision volumes, backstop and Max Distance (last, so it always holds). The
// kernel takes the tethers and screens out the vertices that need nothing more (most of
// them); the rest go through finishVertex.
void ClothInstance::Impl::finishVertices(uint32_t b, uint32_t e, const Substep &ctx, int thread)
{
    const std::vector<ColliderPose> &poses = threadColliders[size_t(thread)];
    const std::vector<sim::P4> &bounds = threadBounds[size_t(thread)];
    const size_t slot = size_t(b / kVertexPiece); // b starts a piece (or all, on one thread)
    uint32_t *list = threadFinishList[slot].data();
    sim::FinishArgs args;
    args.p = pos.data();
    args.target0 = target0.data();
    args.target1 = skinned ? target1.data() : nullptr; // else the rest pose, held still
    args.alpha = ctx.alpha;
    // An anchor is fixed: it sits on its target (read from there, since another thread
    // may already have moved it on to the next substep).
    args.tetherAnchor = settings.tethers ? tetherAnchor.data() : nullptr;
    args.tetherLength = tetherLength.data();
    args.params = params.data();
    args.maxDistanceBiased = settings.maxDistanceBias != 0.0f;
    args.bounds = bounds.data();
    args.boundCount = uint32_t(bounds.size());
    args.dummy = n;
    const sim::FinishKernel kernel = sim::finishKernel(kernelLanes);
    Vec3 *impulses = nullptr;
    if (settings.twoWayInteraction) {
        std::vector<Vec3> &slotImpulses = threadImpulses[slot];
        slotImpulses.resize(volumes.size(), Vec3{}); // no allocation after the first step
        impulses = slotImpulses.data();
    }
    for (uint32_t piece = b; piece < e; piece += kVertexPiece) {
        const uint32_t count = kernel(args, piece, std::min(e, piece + kVertexPiece), list);
        for (uint32_t i = 0; i < count; ++i)
            finishVertex(list[i], ctx, poses, impulses);
    }
    if (grabVertex >= int64_t(b) && grabVertex < int64_t(e)) {
        applyGrab(uint32_t(grabVertex));
        holdMaxDistance(uint32_t(grabVertex), ctx);
    }
}

// Collision volumes, backstop and Max Distance for a movable vertex (tethered already).
void ClothInstance::Impl::finishVertex(uint32_t v, const Substep &ctx,
                                       const std::vector<ColliderPose> &poses, Vec3 *impulses)
{
    const float bias = settings.maxDistanceBias;
    Vec3 x = v3(pos[v]);
    for (size_t i = 0; i < poses.size(); ++i) {
        const Vec3 velocity = x - v3(prev[v]);
        sim::applyCollision(poses[i], settings.friction, x, prev[v]);
        if (impulses && invMass[v] > 0) // what the cloth gains, the volume loses
            impulses[i] -= ((x - v3(prev[v])) - velocity) / (invMass[v] * substepLength);
    }
    const P4 &prm = params[v]; // x Max Distance, y backstop radius, z backstop distance
    const Vec3 t = targetAt(v, ctx.alpha);
    Vec3 nrm{};
    if (prm.y > 0 || bias != 0.0f)
        nrm = normalize(lerp(v3(normal0[v]), v3(normal1[v]), ctx.alpha));
    const bool backstop = prm.y > 0;
    const Vec3 centre = sim::backstopCentre(t, nrm, prm.y, prm.z);
    if (backstop)
        sim::applyBackstop(centre, nrm, prm.y, x);
    sim::applyMaxDistance(t, nrm, prm.x, bias, x);
    if (backstop) {
        sim::keepOutOfBackstop(t, nrm, centre, prm.y, x);
        if (bias != 0.0f) { // the circle keeps x's distance from t, not a biased shape
            sim::applyMaxDistance(t, nrm, prm.x, bias, x);
            sim::retreatOutOfBackstop(t, centre, prm.y, x);
        }
    }
    setXyz(pos[v], x);
}

void ClothInstance::Impl::computeWindNormals()
{
    const ClothData &c = *data;
    for (Vec3 &nrm : windNormals)
        nrm = Vec3{};
    for (size_t t = 0; t + 2 < c.indices.size(); t += 3) {
        const uint32_t a = c.indices[t], b = c.indices[t + 1], cc = c.indices[t + 2];
        const Vec3 nrm = cross(v3(pos[b]) - v3(pos[a]), v3(pos[cc]) - v3(pos[a]));
        windNormals[a] += nrm;
        windNormals[b] += nrm;
        windNormals[cc] += nrm;
    }
    for (Vec3 &nrm : windNormals)
        nrm = normalize(nrm);
}

void ClothInstance::Impl::region(int thread)
{
    const sim::FlushDenormals flush;
    struct Part // this thread's part of the update (see sim::Progress::enter)
    {
        sim::Progress *progress;
        explicit Part(sim::Progress *p) : progress(p)
        {
            if (progress)
                progress->enter();
        }
        ~Part()
        {
            if (progress)
                progress->leave();
        }
    } part(schedule.progress());
    PhaseCursor seq;
    seq.thread = thread;
    const uint32_t pieces = (n + kVertexPiece - 1) / kVertexPiece;
    auto perVertex = [&](auto &&work) {
        schedule.parallelFor(seq, pieces, [&](uint32_t i) {
            work(i * kVertexPiece, std::min(n, (i + 1) * kVertexPiece));
        });
    };
    if (skinned) {
        perVertex([&](uint32_t b, uint32_t e) { skinTargets(b, e); });
        if (settings.relaxTargets)
            schedule.parallelFor(seq, 1, [&](uint32_t) { relaxTargets(); });
        // The constraints, hard constraints and tethers from fixed vertices take the skinned
        // lengths where those are longer (see configure).
        const uint32_t count = uint32_t(fixedEndConstraints.size());
        const uint32_t lengthPieces = (count + kVertexPiece - 1) / kVertexPiece;
        const uint32_t hard = settings.hardStretchLimit ? uint32_t(hardLists.size()) : 0;
        const uint32_t tethers = settings.tethers ? pieces : 0;
        const uint32_t squeezed = squeezeRest.empty() ? 0 : uint32_t(squeezeRest.size());
        const uint32_t squeezePieces = (squeezed + kVertexPiece - 1) / kVertexPiece;
        schedule.parallelFor(seq, lengthPieces + hard + tethers + squeezePieces, [&](uint32_t i) {
            if (i < lengthPieces)
                holdSkinnedLengths(i * kVertexPiece, std::min(count, (i + 1) * kVertexPiece));
            else if (i < lengthPieces + hard)
                holdSkinnedHardLengths(hardLists[i - lengthPieces]);
            else if (i < lengthPieces + hard + tethers)
                holdSkinnedTethers((i - lengthPieces - hard) * kVertexPiece,
                                   std::min(n, (i - lengthPieces - hard + 1) * kVertexPiece));
            else {
                const uint32_t j = i - lengthPieces - hard - tethers;
                holdSkinnedSqueeze(j * kVertexPiece, std::min(squeezed, (j + 1) * kVertexPiece));
            }
        });
    }
    const int substeps = std::max(1, settings.substeps);
    const int total = run.steps * substeps;
    Substep ctx = makeSubstep(0, 0);
    bool integrated = false; // by the previous substep's fused sweep
    for (int k = 0; k < total; ++k) {
        const int sub = k % substeps;
        if (!integrated) {
            if (run.wind && sub == 0)
                schedule.parallelFor(seq, 1, [&](uint32_t) { computeWindNormals(); });
            perVertex([&](uint32_t b, uint32_t e) { integrate(b, e, ctx); });
        }
        poseColliders(ctx, thread);
        // The hard constraints run before the iterations too: one top-down sweep takes out
        // the sag the step's gravity put into every column, which Gauss-Seidel iterations
        // would only spread a few edges a sweep; the iterations then start near rest.
        if (settings.hardStretchLimit)
            hardPipeline(seq, settings.edgeChains ? kChainsFollowDamping : kFollowDamping);
        // The edge chains next: the stretch left along rows, whose ends the sweeps would draw
        // in a few edges a sweep, goes in one pass (see edge_chains.h).
        if (settings.edgeChains)
            solveChains(seq);
        solveConstraints(seq, ctx);
        if (settings.bendingModel == int(BendingModel::Dihedral))
            schedule.parallelFor(seq, 1, [&](uint32_t) {
                const float bend = std::clamp(settings.bendStiffness, 0.0f, 1.0f);
                const float perSweep = 1.0f - std::pow(1.0f - bend, 1.0f / float(iterations));
                for (int i = 0; i < iterations; ++i)
                    dihedral.solve(pos.data(), perSweep, data->bendScale.data());
            });
        if (tetraVolumes.count() > 0) // a soft body keeps its volume (its edges are stretch)
            schedule.parallelFor(seq, 1, [&](uint32_t) {
                tetraVolumes.beginSubstep();
                for (int i = 0; i < iterations; ++i)
                    tetraVolumes.solve(pos.data(), settings.volumeCompliance, substepLength);
            });
        if (settings.hardStretchLimit)
            hardPipeline(seq, kFollowDamping);
        if (settings.selfCollision && sub + 1 == substeps)
            schedule.parallelFor(seq, 1, [&](uint32_t) {
                    selfCollision.apply(pos.data(), data->restPositions.data(), n,
                                        settings.selfCollisionThickness);
                });
        // The triangles out of the volumes, before the per-vertex pass (whose Max Distance
        // comes last, so it always holds).
        if (collidesTriangles())
            schedule.parallelFor(seq, 1, [&](uint32_t) {
                triangleCollision.apply(pos.data(), prev.data(), threadColliders[size_t(thread)],
                                        settings.collisionThickness);
            });
        // The next substep integrates in the same sweep, unless a step with wind follows
        // (its normals need every vertex finished first) or the shells collide (the inner
        // shells' surface is final only when every vertex is).
        const int next = k + 1;
        integrated = next < total && !(run.wind && next % substeps == 0) && !shellCollider;
        const Substep nextCtx = next < total ? makeSubstep(next / substeps, next % substeps)
                                             : ctx;
        perVertex([&](uint32_t b, uint32_t e) {
            finishVertices(b, e, ctx, thread);
            if (integrated)
                integrate(b, e, nextCtx);
        });
        // Outer shells out of the inner ones as they end the substep (see shell_collision.h).
        if (shellCollider)
            schedule.parallelFor(seq, 1, [&](uint32_t) { shellCollider->apply(&pos[0].x, 4); });
        ctx = nextCtx;
    }
    if (skinned) // else the targets are the rest pose, and never move
        perVertex([&](uint32_t b, uint32_t e) { advanceTargets(b, e); });
}

void ClothInstance::Impl::holdSkinnedLengths(uint32_t b, uint32_t e)
{
    const ClothData &c = *data;
    for (uint32_t i = b; i < e; ++i) {
        const uint32_t k = fixedEndConstraints[i];
        skinnedRest[k] = distance(v3(target1[c.constraintA[k]]), v3(target1[c.constraintB[k]]));
        sim::squareRests(skinnedRest.data(), k, k + 1, skinnedRestSq.data(),
                         skinnedRestSq3.data());
    }
}

void ClothInstance::Impl::holdSkinnedSqueeze(uint32_t b, uint32_t e)
{
    sim::SqueezeArgs args;
    args.target = target1.data();
    args.ia = data->constraintA.data();
    args.ib = data->constraintB.data();
    args.rest = squeezeRest.data();
    args.base = squeezeBase.data();
    args.limit = compressionLimit.data();
    sim::squeezeKernel(kernelLanes)(args, b, e);
}

void ClothInstance::Impl::holdSkinnedHardLengths(HardList &list)
{
    // Every entry, not only those hanging from a fixed vertex: a free child held to its rest
    // length from a free parent where the skinned pose stretches that edge (the Max Distance
    // shapes hold both near the skinned pose) puts the whole shortfall into the edges across
    // the trees, which the final top-down sweep leaves as it is (the sample's Jump: 1.74 on
    // an edge the skinned pose stretches 1.25).
    for (size_t i = 0; i < list.child.size(); ++i) {
        const uint32_t v = list.child[i], parent = list.parent[i];
        if (v == n) // the padding's immovable dummy
            continue;
        list.rest[i] = std::max(data->hardRestLength[v],
                                distance(v3(target1[v]), v3(target1[parent])));
    }
}

void ClothInstance::Impl::holdSkinnedTethers(uint32_t b, uint32_t e)
{
    const ClothData &c = *data;
    for (uint32_t v = b; v < e; ++v)
        if (tetherAnchor[v] != n)
            tetherLength[v] =
                std::max(c.tetherLength[v], distance(v3(target1[v]), v3(target1[tetherAnchor[v]]))) *
                settings.stretchLimit;
}

void ClothInstance::Impl::relaxTargets()
{
    if (!settings.relaxTargets)
        return;
    if (!relaxedTargets.built())
        relaxedTargets.build(*data);
    std::vector<ColliderPose> &poses = relaxPoses;
    poses.resize(volumes.size()); // no allocation after the first frame
    for (size_t i = 0; i < volumes.size() && i < volumeFrame1.size(); ++i)
        poses[i] = colliderPose(volumes[i], volumeFrame1[i], settings.collisionThickness);
    relaxedTargets.apply(target1.data(), normal1.data(), n, poses);
}

void ClothInstance::Impl::advanceTargets(uint32_t b, uint32_t e)
{
    const float a = run.alphaEnd;
    for (uint32_t v = b; v < e; ++v) {
        setXyz(target0[v], targetAt(v, a));
        setXyz(normal0[v], normalize(lerp(v3(normal0[v]), v3(normal1[v]), a)));
    }
}


// ------------------------------------------------------------------------------------------

const char *clothKernelPath(uint32_t lanes) { return sim::kernelPath(lanes); }

ClothInstance::ClothInstance(std::shared_ptr<const ClothAssetData> asset,
                             const SimulationSettings &settings,
                             const ClothInstanceOptions &options)
{
    if (!asset || !asset->cloth)
        throw InputError("cloth instance: no asset data");
    d = std::make_unique<Impl>(asset->cloth, settings, options);
    d->asset = asset;
    d->volumes = asset->collisionVolumes;
    d->volumeImpulses.assign(d->volumes.size(), Vec3{});
    d->pendulums.resize(asset->pendulumBones.size());
    // The bones each pendulum turns: its own and every descendant (parents come first).
    for (const PendulumBone &pb : asset->pendulumBones)
        d->pendulumChildren.push_back(boneSubtree(asset->boneParents, pb.bone));
    d->rig = BoneRig(asset->rigConstraints, asset->boneParents, asset->boneBind);
    d->skinned = !d->data->skin.empty() && !asset->boneBind.empty();
    if (!asset->shells.empty() && asset->shells.shellOf.size() == d->n)
        d->shellCollider = std::make_unique<ShellCollider>(asset->shells, d->data->restPositions);
}

ClothInstance::ClothInstance(std::shared_ptr<const ClothData> cloth,
                             const SimulationSettings &settings,
                             const ClothInstanceOptions &options)
{
    if (!cloth)
        throw InputError("cloth instance: no cloth data");
    d = std::make_unique<Impl>(std::move(cloth), settings, options);
    d->skinned = false;
}

ClothInstance::~ClothInstance() = default;

void ClothInstance::setSettings(const SimulationSettings &settings)
{
    const bool wasSprings = d->settings.model == int(SolverModel::MassSpring);
    d->setSettings(settings);
    const bool isSprings = d->settings.model == int(SolverModel::MassSpring);
    if (wasSprings && !isSprings) {
        // Back to position-based: the Verlet state takes the spring model's velocities.
        for (uint32_t v = 0; v < d->n; ++v)
            setXyz(d->prev[v], v3(d->pos[v]) - d->springs.velocities[v] * d->substepLength);
    }
    if (!isSprings)
        d->springsBuilt = false;
}

const SimulationSettings &ClothInstance::settings() const { return d->settings; }

void ClothInstance::setCollisionVolumes(const std::vector<CollisionVolume> &volumes)
{
    d->volumes = volumes;
    d->volumeImpulses.assign(volumes.size(), Vec3{});
    const size_t bones = d->boneGlobal.size();
    d->volumeFrame0.resize(volumes.size());
    d->volumeFrame1.resize(volumes.size());
    for (size_t i = 0; i < volumes.size(); ++i) {
        const int bone = volumes[i].bone;
        d->volumeFrame1[i] = colliderFrame(
            volumes[i], bone >= 0 && size_t(bone) < bones ? d->boneGlobal[size_t(bone)] : Mat4{});
        d->volumeFrame0[i] = d->volumeFrame1[i];
    }
}

void ClothInstance::setPhysicalLod(const PhysicalLod &lod)
{
    d->lod = lod;
    d->configure();
}

void ClothInstance::setChannels(const PaintChannels &physicsChannels)
{
    Impl &s = *d;
    s.data = withChannels(*s.data, physicsChannels);
    s.buildHardLists();
    s.configure();
    // Max Distance holds at once: each vertex moves into its new shape around the current
    // target, its previous position by the same amount (no velocity is added or lost).
    for (uint32_t v = 0; v < s.n; ++v) {
        const Vec3 x = v3(s.pos[v]), t = v3(s.target0[v]);
        const Vec3 moved = s.invMass[v] == 0.0f
                               ? t
                               : projectMaxDistance(x, t, normalize(v3(s.normal0[v])),
                                                    s.params[v].x, s.settings.maxDistanceBias);
        setXyz(s.prev[v], v3(s.prev[v]) + (moved - x));
        setXyz(s.pos[v], moved);
        if (s.springsBuilt)
            s.springs.positions[v] = moved;
    }
    s.positionsValid = s.normalsValid = false;
}

void ClothInstance::setPinned(uint32_t vertex, bool pinned)
{
    if (vertex >= d->n)
        throw InputError("cloth: vertex " + std::to_string(vertex) + " out of range");
    d->pinned[vertex] = pinned ? 1 : 0;
    d->configure();
}

void ClothInstance::reset(const ClothFrame &frame)
{
    Impl &s = *d;
    s.takePose(frame, true);
    if (s.skinned) {
        s.skinTargets(0, s.n);
        s.relaxTargets();
    }
    for (uint32_t v = 0; v < s.n; ++v) {
        s.target0[v] = s.target1[v];
        s.normal0[v] = s.normal1[v];
        setXyz(s.pos[v], v3(s.target0[v]));
        setXyz(s.prev[v], v3(s.target0[v]));
    }
    s.world0 = s.world1;
    s.volumeFrame0 = s.volumeFrame1;
    s.accumulator = 0;
    s.started = true;
    s.springsBuilt = false;
    s.sleep = {};
    if (s.settings.model == int(SolverModel::MassSpring))
        s.configureSprings();
    s.positionsValid = s.normalsValid = s.targetsValid = false;
}

void ClothInstance::teleport(const Mat4 &world)
{
    d->world0 = d->world1 = rigidOf(world);
}

void ClothInstance::update(const ClothFrame &frame)
{
    Impl &s = *d;
    if (!(frame.dt >= 0) || !std::isfinite(frame.dt))
        throw InputError("cloth update: dt must be a finite non-negative number of seconds");
    if (!s.started) {
        reset(frame);
        return;
    }
    s.takePose(frame, false);
    if (s.volumeFrame0.size() != s.volumeFrame1.size())
        s.volumeFrame0 = s.volumeFrame1;
    if (s.sleepsThrough(frame))
        return;
    s.accumulator += frame.dt;
    const double h = double(s.stepLength);
    const int maxSteps = s.maxStepsPerFrame();
    int steps = int(std::floor(s.accumulator / h + 1e-6));
    if (steps > maxSteps) {
        s.accumulator = double(maxSteps) * h;
        steps = maxSteps;
    }
    s.run.steps = steps;
    s.run.span = s.accumulator;
    s.status.lastUpdateWork = 0;
    s.status.lastUpdateSteps = steps;
    for (std::vector<Vec3> &impulses : s.threadImpulses)
        std::fill(impulses.begin(), impulses.end(), Vec3{});
    s.volumeImpulses.assign(s.volumes.size(), Vec3{});
    if (steps == 0)
        return;
    s.run.alphaEnd = float(std::min(1.0, double(steps) * h / s.accumulator));
    s.run.wind = lengthSquared(s.windWorld) > 0 && (s.settings.windDrag > 0 || s.settings.windLift > 0);
    const Rigid &a = s.world0, &b = s.world1;
    s.run.moved = !(a.translation == b.translation && a.rotation == b.rotation);

    if (s.settings.model == int(SolverModel::MassSpring)) {
        if (!s.springsBuilt)
            s.configureSprings();
        s.massSpringSteps();
    } else if (s.schedule.threads() > 1) {
        s.schedule.reset(s.phaseCount(steps));
        s.slabRounds.reset();
        // Every piece of work of region() can be taken by any thread: a worker that has not
        // started by the time the calling thread has finished the update is not waited for.
        s.pool->runJoinable([&s](int t, int) {
            if (t < s.schedule.threads()) // the pool may have more threads than this cloth uses
                s.region(t);
        });
    } else {
        s.region(0);
    }
    if (s.settings.model != int(SolverModel::MassSpring))
        s.status.lastUpdateWork = s.positionBasedWork(steps);
    s.afterSteps(frame, steps);
    s.world0 = interpolate(s.world0, s.world1, s.run.alphaEnd);
    for (size_t i = 0; i < s.volumeFrame0.size(); ++i) {
        s.volumeFrame0[i].translation =
            lerp(s.volumeFrame0[i].translation, s.volumeFrame1[i].translation, s.run.alphaEnd);
        s.volumeFrame0[i].rotation =
            slerp(s.volumeFrame0[i].rotation, s.volumeFrame1[i].rotation, s.run.alphaEnd);
    }
    s.accumulator -= double(steps) * h;
    s.time += double(steps) * h;
    s.steps += uint64_t(steps);
    s.positionsValid = s.normalsValid = s.targetsValid = false;
}

int ClothInstance::threadCount() const
{
    return d->schedule.dispatching() ? d->dispatch->concurrency() : d->schedule.threads();
}

uint32_t ClothInstance::simulatedVertexCount() const
{
    uint32_t count = 0;
    for (uint32_t v = 0; v < d->n; ++v)
        count += d->invMass[v] > 0.0f ? 1 : 0;
    return count;
}

int ClothInstance::iterationCount() const { return d->iterations; }

std::vector<Vec3> ClothInstance::velocities() const
{
    const Impl &s = *d;
    std::vector<Vec3> out(s.n);
    if (s.springsBuilt) {
        for (uint32_t v = 0; v < s.n; ++v)
            out[v] = s.springs.velocities[v];
        return out;
    }
    for (uint32_t v = 0; v < s.n; ++v)
        out[v] = (v3(s.pos[v]) - v3(s.prev[v])) / s.substepLength;
    return out;
}

void ClothInstance::setState(std::span<const Vec3> positions, std::span<const Vec3> velocities)
{
    Impl &s = *d;
    if (positions.size() != s.n || velocities.size() != s.n)
        throw InputError("cloth state: " + std::to_string(positions.size()) + " positions and " +
                         std::to_string(velocities.size()) + " velocities for " +
                         std::to_string(s.n) + " vertices");
    for (uint32_t v = 0; v < s.n; ++v)
        if (!isFinite(positions[v]) || !isFinite(velocities[v]))
            throw InputError("cloth state: vertex " + std::to_string(v) +
                             " has a NaN or infinite position or velocity");
    for (uint32_t v = 0; v < s.n; ++v) {
        setXyz(s.pos[v], positions[v]);
        setXyz(s.prev[v], positions[v] - velocities[v] * s.substepLength);
        if (s.springsBuilt) {
            s.springs.positions[v] = positions[v];
            s.springs.velocities[v] = velocities[v];
        }
    }
    s.started = true;
    s.positionsValid = s.normalsValid = false;
}

const std::vector<Vec3> &ClothInstance::positions() const
{
    if (!d->positionsValid) {
        d->outPositions.resize(d->n);
        for (uint32_t v = 0; v < d->n; ++v)
            d->outPositions[v] = v3(d->pos[v]);
        d->positionsValid = true;
    }
    return d->outPositions;
}

const std::vector<Vec3> &ClothInstance::normals() const
{
    if (!d->normalsValid) {
        d->outNormals = computeVertexNormals(positions(), d->data->indices);
        d->normalsValid = true;
    }
    return d->outNormals;
}

const std::vector<Vec3> &ClothInstance::targetPositions() const
{
    if (!d->targetsValid) {
        d->outTargets.resize(d->n);
        for (uint32_t v = 0; v < d->n; ++v)
            d->outTargets[v] = v3(d->target0[v]);
        d->targetsValid = true;
    }
    return d->outTargets;
}

const std::vector<Mat4> &ClothInstance::skinningMatrices() const { return d->skinning; }

void ClothInstance::deformGraphics(std::vector<Vec3> &positions,
                                   std::vector<Vec3> *normals) const
{
    if (!d->asset)
        throw InputError("cloth: deforming the graphics mesh needs an instance made from an asset");
    deformGraphicsMesh(*d->asset, this->positions(), this->normals(), d->skinning, {}, positions,
                       normals, nullptr);
}

ClothMeasurements ClothInstance::measure() const
{
    const Impl &s = *d;
    const ClothData &c = *s.data;
    ClothMeasurements m;
    for (size_t e = 0; e + 1 < c.edges.size(); e += 2) {
        const uint32_t a = c.edges[e], b = c.edges[e + 1];
        const float rest = distance(c.restPositions[a], c.restPositions[b]);
        if (rest <= 0)
            continue;
        m.maxStretch = std::max(m.maxStretch, distance(v3(s.pos[a]), v3(s.pos[b])) / rest);
        m.skinnedMaxStretch =
            std::max(m.skinnedMaxStretch, distance(v3(s.target0[a]), v3(s.target0[b])) / rest);
    }
    std::vector<ColliderPose> poses;
    for (size_t i = 0; i < s.volumes.size() && i < s.volumeFrame0.size(); ++i)
        poses.push_back(colliderPose(s.volumes[i], s.volumeFrame0[i], s.settings.collisionThickness));
    for (uint32_t v = 0; v < s.n; ++v) {
        const Vec3 x = v3(s.pos[v]);
        if (!isFinite(x)) {
            ++m.nonFinite;
            continue;
        }
        const Vec3 t = v3(s.target0[v]);
        const Vec3 nrm = normalize(v3(s.normal0[v]));
        const P4 &prm = s.params[v];
        const float tolerance = 1e-5f + 1e-5f * prm.x;
        if (s.pos[v].w == 0.0f ? distance(x, t) > tolerance
                               : maxDistanceExcess(x, t, nrm, prm.x, s.settings.maxDistanceBias) >
                                     tolerance)
            ++m.maxDistanceViolations;
        if (prm.y > 0) {
            const Vec3 centre = sim::backstopCentre(t, nrm, prm.y, prm.z);
            if (distance(x, centre) < prm.y - 1e-5f)
                ++m.backstopViolations;
        }
        for (const ColliderPose &p : poses)
            if (colliderDistance(p, x) < -1e-4f) {
                ++m.penetrations;
                break;
            }
    }
    return m;
}

const ClothStatus &ClothInstance::status() const { return d->status; }
const std::vector<Vec3> &ClothInstance::volumeImpulses() const { return d->volumeImpulses; }
bool ClothInstance::sleeping() const { return d->sleep.asleep; }
double ClothInstance::simulatedTime() const { return d->time; }
uint64_t ClothInstance::stepCount() const { return d->steps; }
const ClothData &ClothInstance::data() const { return *d->data; }

} // namespace tweed
