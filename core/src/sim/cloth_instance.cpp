#include "tweed/sim/cloth_instance.h"

#include "constraint_kernels.h"
#include "flush_denormals.h"

#include "tweed/errors.h"
#include "tweed/skin_map.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>


namespace tweed {
namespace {

constexpr float kGravity = 9.81f;
constexpr float kAirDensity = 1.2f; // kg/m^3
constexpr float kTiny = 1e-20f;
/// The paper's s_damping: the share of a hard constraint's correction of a child that its parent's
/// velocity takes back. Below 1 every pass adds the rest as momentum; with compression limits and
/// many substeps that let a free corner fly up (compressionLimitWithManySubstepsStaysCalm).
constexpr float kFollowDamping = 1.0f;
/// A phase of one block with fewer constraints than this runs on one thread; a larger one is
/// shared colour by colour, in pieces of kColourPiece constraints.
constexpr uint32_t kShareBlockConstraints = 4096;
constexpr uint32_t kColourPiece = 1024; // a multiple of ClothData::kBatchPadding
/// Vertices per piece of the per-vertex passes, and groups of hard-constraint trees.
constexpr uint32_t kVertexPiece = 1024;
constexpr int kHardGroups = 16;
constexpr size_t kHardLevelPadding = 8; // the widest kernel's lanes (see sim::HardKernel)

/// Pieces of one parallel phase: each thread claims the pieces of its own share first (the same
/// share every phase, so a slab's data stays in one core's cache), then helps with the others'
/// unclaimed pieces, and leaves the phase when all are done. Since the pieces of a phase never
/// touch the same data, who runs which piece does not change a bit of the result; and a thread
/// the machine has descheduled holds up no more than the piece it took (the others take the
/// rest), unlike a barrier. One counter per cache line: a phase has the count of finished pieces
/// and, per thread, the pieces claimed in its share.
struct alignas(64) PhaseCounter
{
    std::atomic<uint32_t> value{0};
};

/// Where a thread is in the phases of one update.
struct PhaseCursor
{
    int thread = 0;
    uint32_t next = 0; ///< the phase number of the next parallelFor
};

using sim::LambdaMode;
using sim::P4;

inline Vec3 v3(const P4 &p) { return {p.x, p.y, p.z}; }
inline void setXyz(P4 &p, const Vec3 &v)
{
    p.x = v.x;
    p.y = v.y;
    p.z = v.z;
}

/// Rigid transform as rotation + translation.
struct Rigid
{
    Quat rotation;
    Vec3 translation;

    Vec3 apply(const Vec3 &p) const { return rotate(rotation, p) + translation; }
    Vec3 applyInverse(const Vec3 &p) const { return rotate(conjugate(rotation), p - translation); }
};

Rigid rigidOf(const Mat4 &m)
{
    const Transform t = decompose(m);
    return {normalize(t.rotation), t.translation};
}

Rigid interpolate(const Rigid &a, const Rigid &b, float t)
{
    return {slerp(a.rotation, b.rotation, t), lerp(a.translation, b.translation, t)};
}

/// x' = R x + t as a 3x4 matrix, for the per-vertex world-motion transform.
struct Affine
{
    Vec3 c0{1, 0, 0}, c1{0, 1, 0}, c2{0, 0, 1}, t{};
    Vec3 apply(const Vec3 &p) const { return c0 * p.x + c1 * p.y + c2 * p.z + t; }
};

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

/// Closest point to p in the Max Distance shape around target t with unit normal n: a ball of
/// radius r, or with bias b a capsule along n (b < 0) or a disc across n (b > 0), each of
/// extent r along its long direction.
Vec3 projectMaxDistance(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias)
{
    const Vec3 d = p - t;
    Vec3 core{};
    if (bias < 0) {
        const float h = r * -bias;
        core = n * std::clamp(dot(d, n), -h, h);
    } else if (bias > 0) {
        const float h = r * bias;
        const Vec3 tangential = d - n * dot(d, n);
        const float tl = length(tangential);
        core = tl > h ? tangential * (h / tl) : tangential;
    }
    const float radius = r * (1.0f - std::abs(bias));
    const Vec3 rel = d - core;
    const float len2 = lengthSquared(rel);
    if (len2 <= radius * radius)
        return p;
    const float len = std::sqrt(len2);
    return t + core + rel * (radius / len);
}

/// How far p is outside the Max Distance shape (<= 0 inside).
float maxDistanceExcess(const Vec3 &p, const Vec3 &t, const Vec3 &n, float r, float bias)
{
    return distance(projectMaxDistance(p, t, n, r, bias), p);
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
    auto data = std::make_shared<ClothAssetData>();
    data->cloth = buildClothData(mesh, options);
    data->collisionVolumes = asset.collisionVolumes;
    data->pendulumBones = asset.pendulumBones;
    for (const Bone &b : asset.skeleton.bones) {
        data->boneParents.push_back(b.parent);
        data->boneBind.push_back(inverse(b.inverseBind));
    }
    data->skinMap = g.skinMap;
    data->graphicsPositions = g.mesh.positions;
    data->graphicsNormals = g.mesh.normals;
    data->graphicsSkin = g.mesh.skin;
    data->riders = buildRiderGuard(g, mesh);
    return data;
}

struct ClothInstance::Impl
{
    std::shared_ptr<const ClothAssetData> asset;
    std::shared_ptr<const ClothData> data;
    SimulationSettings settings;
    PhysicalLod lod;
    std::shared_ptr<SimThreadPool> pool;
    std::vector<CollisionVolume> volumes;
    int threadCount = 1;
    std::unique_ptr<PhaseCounter[]> counters; ///< threadCount + 1 per phase (see PhaseCounter)
    size_t counterCapacity = 0;

    uint32_t n = 0;
    // Per particle (n + 1: the last is the immovable dummy the padding constraints use).
    std::vector<P4> pos, prev;
    std::vector<P4> target0, target1; ///< skinned positions at the interval's start and end
    std::vector<P4> normal0, normal1; ///< skinned normals likewise
    std::vector<P4> params; ///< x Max Distance, y backstop radius, z backstop distance, w keep
    std::vector<float> invMass, windFactor;
    std::vector<uint32_t> tetherAnchor; ///< the dummy where a vertex has none
    std::vector<float> tetherLength;    ///< +inf where a vertex has no anchor
    std::vector<uint8_t> pinned;
    std::vector<float> constraintParam, lambda;
    std::vector<float> compressionLimit; ///< per constraint; empty when every limit is 1
    ClothStatus status;
    std::vector<std::string> settingWarnings; ///< of the last setSettings (see ClothStatus)
    uint64_t realConstraints = 0, hardConstraintCount = 0; ///< without padding
    std::vector<float> colourParam; ///< per solve colour: its parameter when uniform, else NaN
    /// Movable vertices held much tighter by Max Distance than a mesh neighbour (their radii
    /// differ by more than the edge's rest length, as between the free edge and the vertices
    /// next to it with a large edge Max Distance scale), and their no looser neighbours;
    /// sorted. They are projected into their Max Distance after every iteration too: projected
    /// only at the end of a substep, each drags its edge to many times its rest length, the
    /// looser neighbour following a substep later (the sample coat in Jump: 23.8 with an edge
    /// scale of 10, against 3.27 with 1; now 3.25).
    std::vector<uint32_t> tightVertices;
    bool baselineKernels = false;
    int iterations = 1;
    float stepLength = 1.0f / 60;
    float substepLength = 1.0f / 60;
    bool xpbd = true;

    // Hard constraints: per group and stage (group * threadCount + stage, see buildHardLists),
    // the vertices in top-down order, level by level (equal depth), each level padded with the
    // dummy particle (see sim::HardKernel).
    struct HardList
    {
        std::vector<uint32_t> child, parent;
        std::vector<float> rest;
    };
    std::vector<HardList> hardLists;

    // Pose and motion.
    std::vector<Mat4> skinning; ///< with pendulum bones applied
    std::vector<Mat4> boneGlobal;
    std::vector<PendulumState> pendulums;
    std::vector<std::vector<int>> pendulumChildren; ///< bones turned by each pendulum
    Rigid world0, world1;
    std::vector<Transform> volumeFrame0, volumeFrame1;
    Vec3 windWorld;
    std::vector<std::vector<ColliderPose>> threadColliders;
    std::vector<std::vector<sim::P4>> threadBounds; ///< the colliders' bounding spheres
    std::vector<std::vector<uint32_t>> threadFinishList; ///< scratch of finishVertices
    std::vector<Vec3> windNormals;
    bool skinned = false;
    bool started = false;
    double accumulator = 0;
    double time = 0;
    uint64_t steps = 0;

    // Mass-spring model state.
    MassSpringSystem springs;
    bool springsBuilt = false;

    // Read-back caches.
    mutable std::vector<Vec3> outPositions, outNormals, outTargets;
    mutable bool positionsValid = false, normalsValid = false, targetsValid = false;

    // Frame-constant values of the running update (read by every thread).
    struct FrameRun
    {
        int steps = 0;
        double span = 0; ///< seconds from the last step to the frame's end
        float alphaEnd = 0;
        bool wind = false;
        bool moved = false;
    } run;

    struct Substep
    {
        float alpha = 0;  ///< of the frame interval, for targets and volumes
        Vec3 gravity;     ///< model space
        Vec3 wind;        ///< model space, with gusts
        float time = 0;
        bool moved = false;
        Affine motion[2]; ///< world-motion transforms of ordinary and edge vertices
    };

    Impl(std::shared_ptr<const ClothData> cloth, const SimulationSettings &s,
         const ClothInstanceOptions &options)
        : data(std::move(cloth)), pool(options.pool), baselineKernels(options.baselineKernels)
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
        int threads = pool ? pool->threads() : 1;
        if (options.minVerticesPerThread > 0)
            threads = std::clamp(int(n / options.minVerticesPerThread), 1, threads);
        threadCount = threads;
        threadColliders.resize(size_t(threads));
        threadBounds.resize(size_t(threads));
        threadFinishList.assign(size_t(threads), std::vector<uint32_t>(kVertexPiece));
        buildHardLists();
        for (uint32_t v = 0; v < n; ++v) {
            setXyz(target0[v], data->restPositions[v]);
            setXyz(normal0[v], data->restNormals[v]);
        }
        target1 = target0;
        normal1 = normal0;
        skinned = !data->skin.empty();
        setSettings(s);
    }

    /// One list on one thread (rows of many trees interleave: more independent work per
    /// row); else groups of whole trees, each cut into one stage per thread (see hardPipeline).
    /// Trees are independent, so the results are the same.
    uint32_t hardGroupCount() const { return threadCount == 1 ? 1 : kHardGroups; }

    /// The first of `count` pieces in a thread's share of a phase (see parallelFor).
    static uint32_t shareBegin(uint32_t count, uint32_t share, uint32_t threads)
    {
        return uint32_t(uint64_t(count) * share / threads);
    }

    /// The thread whose share of the per-vertex passes holds vertex v.
    uint32_t vertexOwner(uint32_t v) const
    {
        const uint32_t pieces = (n + kVertexPiece - 1) / kVertexPiece, piece = v / kVertexPiece;
        const uint32_t threads = uint32_t(threadCount);
        uint32_t share = 0;
        while (share + 1 < threads && shareBegin(pieces, share + 1, threads) <= piece)
            ++share;
        return share;
    }

    void buildHardLists()
    {
        const ClothData &c = *data;
        const uint32_t groups = hardGroupCount(), stages = uint32_t(threadCount);
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
        }
    }

    void setSettings(const SimulationSettings &input)
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

    void configure()
    {
        const SimulationSettings &s = settings;
        const ClothData &c = *data;
        stepLength = 1.0f / s.stepsPerSecond;
        substepLength = stepLength / float(std::max(1, s.substeps));
        iterations = std::max(1, int(std::lround(float(s.iterations) *
                                                 std::clamp(lod.iterationScale, 0.0f, 1.0f))));
        xpbd = s.useCompliance;
        const float lodScale = std::clamp(lod.maxDistanceScale, 0.0f, 1.0f);
        const float h = substepLength;
        for (uint32_t v = 0; v < n; ++v) {
            const bool edge = c.edge[v] != 0;
            const float mass = c.explicitMass.empty() ? s.areaDensity * c.massPerDensity[v]
                                                      : c.explicitMass[v];
            const float radius = c.maxDistance[v] * s.maxDistanceScale *
                                 (edge ? s.edgeMaxDistanceScale : 1.0f) * lodScale;
            const bool fixed = c.fixed[v] || pinned[v] || radius <= 0.0f;
            invMass[v] = fixed ? 0.0f : 1.0f / mass;
            pos[v].w = prev[v].w = invMass[v];
            const float damping = std::clamp(
                s.damping * c.dampingScale[v] * (edge ? s.edgeDampingScale : 1.0f), 0.0f, 1.0f);
            params[v] = {fixed ? 0.0f : radius, s.backstop ? c.backstopRadius[v] : 0.0f,
                         c.backstopDistance[v], std::pow(1.0f - damping, h)};
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
        }
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
        // A compression limit of 1 everywhere skips the kernels' test (the common case).
        compressionLimit.clear();
        if (s.stretchCompressionLimit < 1.0f || s.bendCompressionLimit < 1.0f) {
            compressionLimit.resize(c.constraintA.size());
            for (size_t k = 0; k < c.constraintA.size(); ++k)
                compressionLimit[k] = c.constraintKind[k] == ClothData::kStretch
                                          ? s.stretchCompressionLimit
                                          : s.bendCompressionLimit; // padding: any value
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
        status.warnings = settingWarnings;
        status.springSubsteps = status.springNeededSubsteps = 0;
        if (s.model == int(SolverModel::MassSpring))
            configureSprings();
        reserveCounters(phaseCount(maxStepsPerFrame()));
        positionsValid = normalsValid = false;
    }

    void configureSprings()
    {
        const ClothData &c = *data;
        const SimulationSettings &s = settings;
        if (!springsBuilt) {
            springs.springs.clear();
            for (size_t k = 0; k < c.constraintA.size(); ++k) {
                if (c.constraintKind[k] == ClothData::kPadding)
                    continue;
                Spring sp;
                sp.a = c.constraintA[k];
                sp.b = c.constraintB[k];
                sp.restLength = c.restLength[k];
                springs.springs.push_back(sp);
            }
            springs.positions.resize(n);
            springs.velocities.assign(n, Vec3{});
            for (uint32_t v = 0; v < n; ++v) {
                springs.positions[v] = v3(pos[v]);
                springs.velocities[v] = (v3(pos[v]) - v3(prev[v])) / substepLength;
            }
            springsBuilt = true;
        }
        size_t i = 0;
        for (size_t k = 0; k < c.constraintA.size(); ++k) {
            const uint8_t kind = c.constraintKind[k];
            if (kind == ClothData::kPadding)
                continue;
            Spring &sp = springs.springs[i++];
            sp.stiffness = (kind == ClothData::kStretch ? s.structuralSpring
                            : kind == ClothData::kShear ? s.shearSpring
                                                        : s.bendSpring) *
                           c.stiffnessScale[k];
            sp.damping = s.springDamping;
        }
        springs.inverseMass.assign(invMass.begin(), invMass.begin() + n);
        springs.damping = s.damping;
        springs.integrator = SpringIntegrator(s.springIntegrator);
        springs.provotLimit = s.provotLimit;
        springs.tearFactor = s.tearFactor;
        const MassSpringStability stability = massSpringStability(springs, stepLength);
        status.warnings = settingWarnings;
        status.springSubsteps = stability.substeps;
        status.springNeededSubsteps = stability.neededSubsteps;
        if (stability.stiffnessScale < 1.0f || stability.dampingScale < 1.0f) {
            char buf[320];
            std::snprintf(buf, sizeof buf,
                          "mass-spring: the springs need %d substeps per step to be stable; the "
                          "cost bound allows %d, so the stiffness runs at %.3g and the spring "
                          "damping at %.3g of the set values",
                          stability.neededSubsteps, stability.substeps,
                          double(stability.stiffnessScale), double(stability.dampingScale));
            status.warnings.emplace_back(buf);
        }
    }

    /// Work of `steps` position-based steps (see ClothStatus::lastUpdateWork).
    uint64_t positionBasedWork(int stepCount) const
    {
        const uint64_t perSubstep =
            uint64_t(iterations) * (realConstraints + tightVertices.size()) +
            (settings.hardStretchLimit ? 2 * hardConstraintCount : 0) + 2 * uint64_t(n) +
            (settings.selfCollision ? 27 * uint64_t(n) : 0);
        return uint64_t(stepCount) * uint64_t(std::max(1, settings.substeps)) * perSubstep;
    }

    // --- Frame inputs --------------------------------------------------------------------

    void takePose(const ClothFrame &frame, bool resetPendulums)
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
            for (size_t i = 0; i < asset->pendulumBones.size(); ++i) {
                const PendulumBone &pb = asset->pendulumBones[i];
                if (pb.bone < 0 || size_t(pb.bone) >= bones)
                    continue;
                const Quat q =
                    stepPendulum(pb, pendulums[i], boneGlobal[size_t(pb.bone)], gravity, frame.dt);
                const Vec3 o = boneGlobal[size_t(pb.bone)].column(3);
                const Mat4 correction =
                    Mat4::translation(o) * Mat4::rotation(q) * Mat4::translation(-o);
                for (int b : pendulumChildren[i]) {
                    skinning[size_t(b)] = correction * skinning[size_t(b)];
                    boneGlobal[size_t(b)] = correction * boneGlobal[size_t(b)];
                }
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
    void skinTargets(uint32_t b, uint32_t e)
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

    // --- Stepping ------------------------------------------------------------------------

    Substep makeSubstep(int step, int sub) const
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
    void poseColliders(const Substep &ctx, int thread)
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

    Vec3 targetAt(uint32_t v, float alpha) const
    {
        if (!skinned) // the rest pose: target1 is target0 (the same bits as the lerp)
            return v3(target0[v]);
        return lerp(v3(target0[v]), v3(target1[v]), alpha);
    }

    void integrate(uint32_t b, uint32_t e, const Substep &ctx)
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
        sim::integrateKernel(baselineKernels)(args, b, e);
    }

    void integrateVertex(uint32_t v, const Substep &ctx)
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
    Vec3 windAcceleration(uint32_t v, const Vec3 &x, const Vec3 &velocity, const Substep &ctx) const
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

    // Runs work(i) for i in [0, count) as one phase (see PhaseCounter): every thread calls this
    // at the same point of the update, and returns once every piece is done.
    template <class Work>
    void parallelFor(PhaseCursor &cursor, uint32_t count, const Work &work)
    {
        if (threadCount == 1) {
            for (uint32_t i = 0; i < count; ++i)
                work(i);
            return;
        }
        const uint32_t threads = uint32_t(threadCount);
        PhaseCounter *phase = &counters[size_t(cursor.next++) * (threads + 1)];
        std::atomic<uint32_t> &done = phase[0].value;
        for (uint32_t k = 0; k < threads; ++k) {
            // Its own share first, then the others' in turn.
            const uint32_t share = (uint32_t(cursor.thread) + k) % threads;
            const uint32_t begin = shareBegin(count, share, threads);
            const uint32_t size = shareBegin(count, share + 1, threads) - begin;
            std::atomic<uint32_t> &claimed = phase[1 + share].value;
            if (claimed.load(std::memory_order_relaxed) >= size)
                continue;
            for (;;) {
                const uint32_t i = claimed.fetch_add(1, std::memory_order_relaxed);
                if (i >= size)
                    break;
                work(begin + i);
                done.fetch_add(1, std::memory_order_release);
            }
        }
        waitUntil(done, count);
    }

    /// Spins briefly until the counter reaches `value`, then yields the core (the thread we
    /// wait for may need it).
    static void waitUntil(const std::atomic<uint32_t> &counter, uint32_t value)
    {
        for (int spins = 0; counter.load(std::memory_order_acquire) < value; ++spins) {
            if (spins < 256)
                pause();
            else
                std::this_thread::yield();
        }
    }

    // The hard constraints as a pipeline over the threads' shares of the vertices: thread s
    // takes stage s of each group in turn, once stage s - 1 of that group is done, so each
    // thread moves the vertices it integrates and solves (kept in its core's cache) and the
    // parents it reads from earlier stages are final. One phase counter per group counts its
    // finished stages; the last thread finishing the last group means all are done.
    void hardPipeline(PhaseCursor &cursor)
    {
        const uint32_t groups = hardGroupCount();
        if (threadCount == 1) {
            for (uint32_t g = 0; g < groups; ++g)
                hardConstraints(g);
            return;
        }
        const uint32_t threads = uint32_t(threadCount), stage = uint32_t(cursor.thread);
        PhaseCounter *first = &counters[size_t(cursor.next) * (threads + 1)];
        cursor.next += groups;
        for (uint32_t g = 0; g < groups; ++g) {
            std::atomic<uint32_t> &finished = first[size_t(g) * (threads + 1)].value;
            waitUntil(finished, stage);
            hardConstraints(g * threads + stage);
            finished.fetch_add(1, std::memory_order_release);
        }
        waitUntil(first[size_t(groups - 1) * (threads + 1)].value, threads);
    }

    static void pause()
    {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }

    /// Whether a phase is one block large enough to share colour by colour.
    bool sharedColourByColour(const SolverPhase &phase) const
    {
        const ClothData &c = *data;
        const ConstraintBlock &first = c.blocks[phase.blockBegin];
        const uint32_t size =
            c.solveColours[first.colourEnd - 1].end - c.solveColours[first.colourBegin].begin;
        return threadCount > 1 && phase.blockEnd - phase.blockBegin == 1 &&
               size >= kShareBlockConstraints;
    }

    /// Phases an update of `steps` steps runs at most (the PhaseCounters it needs).
    size_t phaseCount(int stepCount) const
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
        const size_t perSubstep =
            3 + 2 * size_t(hardGroupCount()) + size_t(iterations) * perIteration;
        return 2 + size_t(stepCount) * (1 + substeps * perSubstep);
    }

    /// At most a twentieth of a second of steps per frame; longer frames drop time.
    int maxStepsPerFrame() const { return std::max(1, int(std::ceil(0.05 / double(stepLength)))); }

    void reserveCounters(size_t phases)
    {
        if (threadCount > 1 && phases > counterCapacity) {
            counters = std::make_unique<PhaseCounter[]>(phases * size_t(threadCount + 1));
            counterCapacity = phases;
        }
    }

    // Phase by phase (see ClothData::phases): threads take whole blocks. A phase of one large
    // block is shared colour by colour instead, in pieces; a small one runs whole on one thread.
    void solveConstraints(PhaseCursor &seq, const Substep &ctx)
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
        args.rest = c.restLength.data();
        args.param = constraintParam.data();
        args.lambda = lambda.data();
        if (!compressionLimit.empty())
            args.compressionLimit = compressionLimit.data();
        for (int it = 0; it < iterations; ++it) {
            const LambdaMode mode = !xpbd || iterations == 1 ? LambdaMode::None
                                    : it == 0                ? LambdaMode::Init
                                                             : LambdaMode::Accumulate;
            for (const SolverPhase &phase : c.phases) {
                if (sharedColourByColour(phase)) {
                    const ConstraintBlock &block = c.blocks[phase.blockBegin];
                    for (uint32_t k = block.colourBegin; k < block.colourEnd; ++k) {
                        const ConstraintColour &colour = c.solveColours[k];
                        const uint32_t pieces =
                            (colour.end - colour.begin + kColourPiece - 1) / kColourPiece;
                        parallelFor(seq, pieces, [&](uint32_t i) {
                            sim::ColourArgs local = args;
                            const uint32_t b = colour.begin + i * kColourPiece;
                            solveColour(local, k, mode, b, std::min(colour.end, b + kColourPiece));
                        });
                    }
                    continue;
                }
                parallelFor(seq, phase.blockEnd - phase.blockBegin, [&](uint32_t i) {
                    sim::ColourArgs local = args;
                    const ConstraintBlock &block = c.blocks[phase.blockBegin + i];
                    for (uint32_t k = block.colourBegin; k < block.colourEnd; ++k)
                        solveColour(local, k, mode, c.solveColours[k].begin, c.solveColours[k].end);
                });
            }
            if (!tightVertices.empty()) {
                const uint32_t count = uint32_t(tightVertices.size());
                parallelFor(seq, (count + kVertexPiece - 1) / kVertexPiece, [&](uint32_t i) {
                    const uint32_t b = i * kVertexPiece, e = std::min(count, b + kVertexPiece);
                    for (uint32_t k = b; k < e; ++k)
                        holdMaxDistance(tightVertices[k], ctx);
                });
            }
        }
    }

    void solveColour(sim::ColourArgs &args, uint32_t colour, LambdaMode mode, uint32_t b,
                     uint32_t e)
    {
        const float uniform = colourParam[colour];
        const bool isUniform = !std::isnan(uniform);
        args.uniformParam = isUniform ? uniform : 0.0f;
        sim::colourKernel(xpbd, mode, isUniform, args.ia16 != nullptr, baselineKernels)(args, b, e);
    }

    // Hard constraints: each vertex at most stretchLimit * rest from its parent, moving only
    // the vertex (the parent is final already: lists are sorted top-down). Dynamic
    // follow-the-leader (Mueller, Kim, Chentanez 2012, "Fast simulation of inextensible hair
    // and fur"): the parent's velocity takes the opposite of the child's correction.
    void hardConstraints(uint32_t listIndex)
    {
        const HardList &list = hardLists[listIndex];
        sim::HardArgs args;
        args.p = pos.data();
        args.prev = prev.data();
        args.child = list.child.data();
        args.parent = list.parent.data();
        args.rest = list.rest.data();
        args.limit = settings.stretchLimit;
        args.follow = kFollowDamping;
        sim::hardKernel(baselineKernels)(args, 0, uint32_t(list.child.size()));
    }

    /// Moves a movable vertex into its Max Distance shape at the substep's time.
    void holdMaxDistance(uint32_t v, const Substep &ctx)
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
    void finishVertices(uint32_t b, uint32_t e, const Substep &ctx, int thread)
    {
        const std::vector<ColliderPose> &poses = threadColliders[size_t(thread)];
        const std::vector<sim::P4> &bounds = threadBounds[size_t(thread)];
        uint32_t *list = threadFinishList[size_t(thread)].data();
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
        const sim::FinishKernel kernel = sim::finishKernel(baselineKernels);
        for (uint32_t piece = b; piece < e; piece += kVertexPiece) {
            const uint32_t count = kernel(args, piece, std::min(e, piece + kVertexPiece), list);
            for (uint32_t i = 0; i < count; ++i)
                finishVertex(list[i], ctx, poses);
        }
    }

    // Collision volumes, backstop and Max Distance for a movable vertex (tethered already).
    void finishVertex(uint32_t v, const Substep &ctx, const std::vector<ColliderPose> &poses)
    {
        const SimulationSettings &s = settings;
        const float bias = s.maxDistanceBias;
        {
            P4 &xp = pos[v];
            Vec3 x = v3(xp);
            for (const ColliderPose &pose : poses) {
                const Vec3 before = x;
                Vec3 nrm;
                if (pushOutOfCollider(pose, x, &nrm)) {
                    // A contact keeps the velocity's outward normal part and the tangential part
                    // less friction; pushing out of the volume itself adds no velocity (else a
                    // deep start or a fast volume would launch the cloth).
                    const Vec3 vel = before - v3(prev[v]);
                    const float vn = dot(vel, nrm);
                    const Vec3 tangential = vel - nrm * vn;
                    setXyz(prev[v],
                           x - tangential * (1.0f - s.friction) - nrm * std::max(vn, 0.0f));
                }
            }
            const P4 &prm = params[v];
            const Vec3 t = targetAt(v, ctx.alpha);
            Vec3 nrm{};
            if (prm.y > 0 || bias != 0.0f)
                nrm = normalize(lerp(v3(normal0[v]), v3(normal1[v]), ctx.alpha));
            const bool backstop = prm.y > 0;
            const Vec3 centre = t - nrm * (prm.z + prm.y);
            if (backstop) {
                const Vec3 delta = x - centre;
                const float len2 = lengthSquared(delta);
                if (len2 < prm.y * prm.y) {
                    const float len = std::sqrt(len2);
                    x = len > kTiny ? centre + delta * (prm.y / len) : centre + nrm * prm.y;
                }
            }
            x = projectMaxDistance(x, t, nrm, prm.x, bias);
            if (backstop) {
                // Max Distance may have pulled the vertex into the backstop sphere: move it
                // back along the segment towards the target, which is outside the sphere, to
                // the sphere's surface (inside both shapes, since the Max Distance shape is
                // convex and contains the target).
                const Vec3 delta = x - centre;
                if (lengthSquared(delta) < prm.y * prm.y * (1.0f - 1e-6f)) {
                    const Vec3 dir = x - t;
                    const Vec3 o = t - centre;
                    const float A = lengthSquared(dir), B = 2 * dot(o, dir),
                                C = lengthSquared(o) - prm.y * prm.y;
                    const float disc = B * B - 4 * A * C;
                    if (A > kTiny && disc >= 0) {
                        const float root = (-B - std::sqrt(disc)) / (2 * A);
                        x = t + dir * std::clamp(root, 0.0f, 1.0f);
                    } else {
                        x = t;
                    }
                }
            }
            setXyz(xp, x);
        }
    }

    void computeWindNormals()
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

    void region(int thread)
    {
        const sim::FlushDenormals flush;
        PhaseCursor seq;
        seq.thread = thread;
        const uint32_t pieces = (n + kVertexPiece - 1) / kVertexPiece;
        auto perVertex = [&](auto &&work) {
            parallelFor(seq, pieces, [&](uint32_t i) {
                work(i * kVertexPiece, std::min(n, (i + 1) * kVertexPiece));
            });
        };
        if (skinned)
            perVertex([&](uint32_t b, uint32_t e) { skinTargets(b, e); });
        const int substeps = std::max(1, settings.substeps);
        const int total = run.steps * substeps;
        Substep ctx = makeSubstep(0, 0);
        bool integrated = false; // by the previous substep's fused sweep
        for (int k = 0; k < total; ++k) {
            const int sub = k % substeps;
            if (!integrated) {
                if (run.wind && sub == 0)
                    parallelFor(seq, 1, [&](uint32_t) { computeWindNormals(); });
                perVertex([&](uint32_t b, uint32_t e) { integrate(b, e, ctx); });
            }
            poseColliders(ctx, thread);
            // The hard constraints run before the iterations too: one top-down sweep takes out
            // the sag the step's gravity put into every column, which Gauss-Seidel iterations
            // would only spread a few edges a sweep; the iterations then start near rest.
            if (settings.hardStretchLimit)
                hardPipeline(seq);
            solveConstraints(seq, ctx);
            if (settings.hardStretchLimit)
                hardPipeline(seq);
            if (settings.selfCollision && sub + 1 == substeps)
                parallelFor(seq, 1, [&](uint32_t) { selfCollide(); });
            // The next substep integrates in the same sweep, unless a step with wind follows
            // (its normals need every vertex finished first).
            const int next = k + 1;
            integrated = next < total && !(run.wind && next % substeps == 0);
            const Substep nextCtx = next < total ? makeSubstep(next / substeps, next % substeps)
                                                 : ctx;
            perVertex([&](uint32_t b, uint32_t e) {
                finishVertices(b, e, ctx, thread);
                if (integrated)
                    integrate(b, e, nextCtx);
            });
            ctx = nextCtx;
        }
        if (skinned) // else the targets are the rest pose, and never move
            perVertex([&](uint32_t b, uint32_t e) { advanceTargets(b, e); });
    }

    void advanceTargets(uint32_t b, uint32_t e)
    {
        const float a = run.alphaEnd;
        for (uint32_t v = b; v < e; ++v) {
            setXyz(target0[v], targetAt(v, a));
            setXyz(normal0[v], normalize(lerp(v3(normal0[v]), v3(normal1[v]), a)));
        }
    }

    // Mass-spring model: one explicit step per fixed step, then the same collision, backstop
    // and Max Distance projections as the position-based model.
    void massSpringSteps()
    {
        const sim::FlushDenormals flush;
        if (skinned)
            skinTargets(0, n);
        for (int step = 0; step < run.steps; ++step) {
            if (run.wind)
                computeWindNormals();
            const Substep ctx = makeSubstep(step, std::max(1, settings.substeps) - 1);
            poseColliders(ctx, 0);
            // Pinned vertices follow their targets; the others take the world motion.
            springs.externalAcceleration.resize(run.wind ? n : 0);
            for (uint32_t v = 0; v < n; ++v) {
                Vec3 &x = springs.positions[v];
                Vec3 &vel = springs.velocities[v];
                if (invMass[v] == 0.0f) {
                    // Pinned vertices are placed at the step's end and hold still during it.
                    x = targetAt(v, ctx.alpha);
                    vel = Vec3{};
                    continue;
                }
                if (run.moved) {
                    const Affine &m = ctx.motion[data->edge[v] ? 1 : 0];
                    const Vec3 before = x - vel * stepLength;
                    x = m.apply(x);
                    vel = (x - m.apply(before)) / stepLength;
                }
                vel *= std::pow(params[v].w, float(std::max(1, settings.substeps)));
                if (run.wind)
                    springs.externalAcceleration[v] = windAcceleration(v, x, vel, ctx);
            }
            springs.gravity = ctx.gravity;
            springs.damping = 0; // applied above through the per-vertex keep factors
            status.lastUpdateWork += stepMassSpring(springs, stepLength).forceTerms + n;
            for (uint32_t v = 0; v < n; ++v) {
                setXyz(prev[v], v3(pos[v]));
                setXyz(pos[v], springs.positions[v]);
            }
            finishVertices(0, n, ctx, 0);
            for (uint32_t v = 0; v < n; ++v) {
                if (invMass[v] == 0.0f)
                    continue;
                // Projections remove the velocity into the surface they pushed out of.
                const Vec3 moved = v3(pos[v]) - springs.positions[v];
                const float len = length(moved);
                if (len > 0) {
                    const Vec3 dir = moved / len;
                    const float into = dot(springs.velocities[v], dir);
                    if (into < 0)
                        springs.velocities[v] -= dir * into;
                }
                springs.positions[v] = v3(pos[v]);
            }
        }
        if (skinned)
            advanceTargets(0, n);
    }

    // Particle-particle self-collision with a spatial hash (Jacobi: corrections averaged,
    // applied after all pairs, so the order of pairs does not matter).
    std::vector<uint32_t> hashCellStart, hashSorted, hashCell;
    std::vector<Vec3> selfDelta;
    std::vector<uint16_t> selfCount;

    void selfCollide()
    {
        const ClothData &c = *data;
        const float thickness = settings.selfCollisionThickness;
        const float inv = 1.0f / thickness;
        uint32_t tableSize = 1;
        while (tableSize < 2 * n)
            tableSize <<= 1;
        hashCellStart.assign(tableSize + 1, 0);
        hashSorted.resize(n);
        hashCell.resize(n);
        selfDelta.assign(n, Vec3{});
        selfCount.assign(n, 0);
        auto cellOf = [&](int x, int y, int z) {
            return (uint32_t(x) * 73856093u ^ uint32_t(y) * 19349663u ^ uint32_t(z) * 83492791u) &
                   (tableSize - 1);
        };
        auto coords = [&](const P4 &p, int &x, int &y, int &z) {
            x = int(std::floor(p.x * inv));
            y = int(std::floor(p.y * inv));
            z = int(std::floor(p.z * inv));
        };
        for (uint32_t v = 0; v < n; ++v) {
            int x, y, z;
            coords(pos[v], x, y, z);
            hashCell[v] = cellOf(x, y, z);
            ++hashCellStart[hashCell[v] + 1];
        }
        for (uint32_t i = 0; i < tableSize; ++i)
            hashCellStart[i + 1] += hashCellStart[i];
        {
            std::vector<uint32_t> &fill = hashSorted;
            std::vector<uint32_t> cursor(hashCellStart.begin(), hashCellStart.end() - 1);
            for (uint32_t v = 0; v < n; ++v)
                fill[cursor[hashCell[v]]++] = v;
        }
        const float t2 = thickness * thickness;
        for (uint32_t i = 0; i < n; ++i) {
            int x, y, z;
            coords(pos[i], x, y, z);
            uint32_t cells[27];
            int count = 0;
            for (int dx = -1; dx <= 1; ++dx)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dz = -1; dz <= 1; ++dz)
                        cells[count++] = cellOf(x + dx, y + dy, z + dz);
            std::sort(cells, cells + count);
            count = int(std::unique(cells, cells + count) - cells);
            for (int k = 0; k < count; ++k)
                for (uint32_t s = hashCellStart[cells[k]]; s < hashCellStart[cells[k] + 1]; ++s) {
                    const uint32_t j = hashSorted[s];
                    if (j <= i)
                        continue;
                    const float wi = pos[i].w, wj = pos[j].w;
                    if (wi + wj == 0.0f)
                        continue;
                    const Vec3 delta = v3(pos[j]) - v3(pos[i]);
                    const float len2 = lengthSquared(delta);
                    if (len2 >= t2 || len2 < kTiny)
                        continue;
                    // Vertices close at rest (neighbours) are not collisions.
                    if (lengthSquared(c.restPositions[j] - c.restPositions[i]) < t2)
                        continue;
                    const float len = std::sqrt(len2);
                    const Vec3 corr = delta * ((thickness - len) / (len * (wi + wj)));
                    selfDelta[i] -= corr * wi;
                    selfDelta[j] += corr * wj;
                    ++selfCount[i];
                    ++selfCount[j];
                }
        }
        for (uint32_t v = 0; v < n; ++v)
            if (selfCount[v])
                setXyz(pos[v], v3(pos[v]) + selfDelta[v] / float(selfCount[v]));
    }
};

// ------------------------------------------------------------------------------------------

const char *clothKernelPath() { return sim::kernelPath(); }

ClothInstance::ClothInstance(std::shared_ptr<const ClothAssetData> asset,
                             const SimulationSettings &settings,
                             const ClothInstanceOptions &options)
{
    if (!asset || !asset->cloth)
        throw InputError("cloth instance: no asset data");
    d = std::make_unique<Impl>(asset->cloth, settings, options);
    d->asset = asset;
    d->volumes = asset->collisionVolumes;
    d->pendulums.resize(asset->pendulumBones.size());
    // The bones each pendulum turns: its own and every descendant (parents come first).
    for (const PendulumBone &pb : asset->pendulumBones) {
        std::vector<int> bones;
        std::vector<uint8_t> inside(asset->boneParents.size(), 0);
        for (size_t b = 0; b < asset->boneParents.size(); ++b) {
            const int parent = asset->boneParents[b];
            if (int(b) == pb.bone || (parent >= 0 && inside[size_t(parent)])) {
                inside[b] = 1;
                bones.push_back(int(b));
            }
        }
        d->pendulumChildren.push_back(std::move(bones));
    }
    d->skinned = !d->data->skin.empty() && !asset->boneBind.empty();
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
    if (s.skinned)
        s.skinTargets(0, s.n);
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
    } else if (s.threadCount > 1) {
        const size_t phases = s.phaseCount(steps);
        s.reserveCounters(phases); // allocated by configure() already
        for (size_t i = 0; i < phases * size_t(s.threadCount + 1); ++i)
            s.counters[i].value.store(0, std::memory_order_relaxed);
        s.pool->run([&s](int t, int) {
            if (t < s.threadCount) // the pool may have more threads than this cloth uses
                s.region(t);
        });
    } else {
        s.region(0);
    }
    if (s.settings.model != int(SolverModel::MassSpring))
        s.status.lastUpdateWork = s.positionBasedWork(steps);
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

int ClothInstance::threadCount() const { return d->threadCount; }

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
    const ClothAssetData &a = *d->asset;
    const size_t count = a.graphicsPositions.size();
    positions.resize(count);
    if (normals)
        normals->resize(count);
    const bool hasNormals = a.graphicsNormals.size() == count;
    const bool hasSkin = a.graphicsSkin.size() == count && !d->skinning.empty();
    const bool hasMap = a.skinMap.bindings.size() == count;
    // Unbound vertices follow their bones.
    for (size_t v = 0; v < count; ++v) {
        if (hasMap && a.skinMap.bindings[v].triangle != SkinMap::kUnbound)
            continue;
        Vec3 p = a.graphicsPositions[v], nrm = hasNormals ? a.graphicsNormals[v] : Vec3{0, 1, 0};
        if (hasSkin) {
            Vec3 sp{}, sn{};
            float total = 0;
            const BoneInfluence &inf = a.graphicsSkin[v];
            for (int k = 0; k < kMaxBoneInfluences; ++k) {
                const float w = inf.weights[size_t(k)];
                if (w == 0.0f)
                    continue;
                const Mat4 &m = d->skinning[inf.bones[size_t(k)]];
                sp += m.transformPoint(p) * w;
                sn += m.transformVector(nrm) * w;
                total += w;
            }
            if (total > 0) {
                p = sp;
                nrm = normalize(sn);
            }
        }
        positions[v] = p;
        if (normals)
            (*normals)[v] = nrm;
    }
    if (hasMap) {
        applySkinMap(a.skinMap, d->data->indices, this->positions(), this->normals(), positions,
                     normals);
        keepRidersOnTheirSide(a.riders, a.skinMap, d->data->indices, this->positions(),
                              this->normals(), positions);
    }
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
            const Vec3 centre = t - nrm * (prm.z + prm.y);
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
double ClothInstance::simulatedTime() const { return d->time; }
uint64_t ClothInstance::stepCount() const { return d->steps; }
const ClothData &ClothInstance::data() const { return *d->data; }

} // namespace tweed
