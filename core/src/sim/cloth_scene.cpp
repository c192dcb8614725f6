#include "tweed/sim/cloth_scene.h"

#include "tweed/errors.h"
#include "tweed/mesh_distance.h"
#include "tweed/sim/max_distance.h"
#include "tweed/skin_map.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>

namespace tweed {

// --- ClothLodSet ---------------------------------------------------------------------------

ClothLodSet::ClothLodSet(const ClothingAsset &asset, const ClothBuildOptions &options)
{
    for (int i = 0; i < int(asset.lods.size()); ++i) {
        mLods.push_back(buildClothAssetData(asset, i, options));
        mPhysicsMesh.push_back(asset.lods[size_t(i)].physicsMesh);
    }
    if (mLods.empty())
        throw InputError("cloth scene: the asset has no graphical LoD");
    buildTransfers();
}

ClothLodSet::ClothLodSet(std::vector<std::shared_ptr<const ClothAssetData>> lods,
                         std::vector<int> physicsMesh)
    : mLods(std::move(lods)), mPhysicsMesh(std::move(physicsMesh))
{
    if (mLods.empty() || mLods.size() != mPhysicsMesh.size())
        throw InputError("cloth scene: " + std::to_string(mLods.size()) + " LoDs and " +
                         std::to_string(mPhysicsMesh.size()) + " physics mesh indices");
    for (const auto &lod : mLods)
        if (!lod || !lod->cloth)
            throw InputError("cloth scene: a LoD has no run-time data");
    buildTransfers();
}

const std::shared_ptr<const ClothAssetData> &ClothLodSet::lod(int lod) const
{
    if (lod < 0 || lod >= lodCount())
        throw InputError("cloth scene: graphical LoD " + std::to_string(lod) +
                         " out of range (the asset has " + std::to_string(lodCount()) + ")");
    return mLods[size_t(lod)];
}

bool ClothLodSet::samePhysicsMesh(int a, int b) const
{
    return mPhysicsMesh[size_t(a)] == mPhysicsMesh[size_t(b)];
}

const std::vector<StateTransferPoint> &ClothLodSet::transfer(int from, int to) const
{
    lod(from);
    lod(to);
    return mTransfer[size_t(from) * mLods.size() + size_t(to)];
}

float ClothLodSet::transferError(int from, int to) const
{
    lod(from);
    lod(to);
    return mTransferError[size_t(from) * mLods.size() + size_t(to)];
}

// Each vertex of `to` goes to the closest triangle of `from` at rest, with its (u, v, h) over
// it as a skin map binds a graphics vertex. A brute-force search, once per asset: physics
// meshes have a few thousand triangles.
void ClothLodSet::buildTransfers()
{
    const size_t count = mLods.size();
    mTransfer.assign(count * count, {});
    mTransferError.assign(count * count, 0.0f);
    for (size_t from = 0; from < count; ++from)
        for (size_t to = 0; to < count; ++to) {
            if (from == to || samePhysicsMesh(int(from), int(to)))
                continue;
            const ClothData &src = *mLods[from]->cloth, &dst = *mLods[to]->cloth;
            if (src.indices.size() < 3)
                throw InputError("cloth scene: LoD " + std::to_string(from) +
                                 "'s physics mesh has no triangle");
            std::vector<StateTransferPoint> &map = mTransfer[from * count + to];
            map.resize(dst.vertexCount);
            float &error = mTransferError[from * count + to];
            for (uint32_t v = 0; v < dst.vertexCount; ++v) {
                const Vec3 p = dst.restPositions[v];
                float best = INFINITY;
                uint32_t bestTriangle = 0;
                for (size_t t = 0; t + 2 < src.indices.size(); t += 3) {
                    int feature = 0;
                    const Vec3 q = closestOnTriangle(p, src.restPositions[src.indices[t]],
                                                     src.restPositions[src.indices[t + 1]],
                                                     src.restPositions[src.indices[t + 2]],
                                                     feature);
                    const float d = lengthSquared(q - p);
                    if (d < best) {
                        best = d;
                        bestTriangle = uint32_t(t / 3);
                    }
                }
                const uint32_t *tri = &src.indices[size_t(bestTriangle) * 3];
                const Vec3 &a = src.restPositions[tri[0]], &b = src.restPositions[tri[1]],
                           &c = src.restPositions[tri[2]];
                const Vec3 &na = src.restNormals[tri[0]], &nb = src.restNormals[tri[1]],
                           &nc = src.restNormals[tri[2]];
                const Vec3 uvh = skinPointCoordinates(p, a, b, c, na, nb, nc);
                map[v] = {bestTriangle, uvh};
                error = std::max(error, distance(evaluateSkinPoint(uvh, a, b, c, na, nb, nc), p));
            }
        }
}

// --- ClothScene ----------------------------------------------------------------------------

struct ClothScene::Actor
{
    std::shared_ptr<const ClothLodSet> lods;
    SimulationSettings settings;
    std::unique_ptr<ClothInstance> cloth;
    std::vector<Mat4> skinning, appliedSkinning; ///< the next update's pose, the last one's
    Mat4 world, appliedWorld;
    Vec3 wind;
    float benefit = 1.0f;
    /// Every movable vertex's Max Distance at full LoD, sorted (for the cost of a level).
    std::vector<float> radii;
    float largestRadius = 0;
    uint64_t levelCost[std::size(kSceneLodLevels)] = {};
    ClothActorStatus status;
    bool fresh = true;   ///< never updated: starts at its level without a blend
    bool running = false;
    bool resume = false; ///< placed on the pose by the next update, then blended in
    bool placed = false; ///< a stopped actor's cloth sits on the current pose
    std::exception_ptr error; ///< of its job in the running update

    ClothFrame frame(float dt) const
    {
        ClothFrame f;
        f.skinning = skinning;
        f.world = world;
        f.wind = wind;
        f.dt = dt;
        return f;
    }

    void measureRadii()
    {
        const ClothData &c = cloth->data();
        const SimulationSettings &s = cloth->settings();
        radii.clear();
        largestRadius = 0;
        for (uint32_t v = 0; v < c.vertexCount; ++v) {
            const float r = c.fixed[v] ? 0.0f : effectiveMaxDistance(c, v, s, 1.0f);
            largestRadius = std::max(largestRadius, r);
            if (r > 0)
                radii.push_back(r);
        }
        std::sort(radii.begin(), radii.end());
    }

    /// Vertex-iterations of a frame of dt at level `level` (what ClothInstance::configure
    /// leaves movable under the level's cut, times iterations and substeps, per step).
    uint64_t costOf(const PhysicalLod &lod, float dt) const
    {
        const SimulationSettings &s = cloth->settings();
        const float cut = largestRadius * std::clamp(lod.maxDistanceCut, 0.0f, 1.0f);
        const size_t movable =
            size_t(radii.end() - std::upper_bound(radii.begin(), radii.end(), cut));
        const int iterations =
            std::max(1, int(std::lround(float(s.iterations) *
                                        std::clamp(lod.iterationScale, 0.0f, 1.0f))));
        const double steps = double(dt) * double(s.stepsPerSecond);
        return uint64_t(std::llround(double(movable) * iterations * std::max(1, s.substeps) *
                                     steps));
    }

    PhysicalLod applied; ///< what the cloth runs with

    /// Gives the cloth the current LoD (configuring it only when the LoD changed).
    void applyCurrent()
    {
        const PhysicalLod &c = status.current;
        if (c.maxDistanceScale != applied.maxDistanceScale ||
            c.iterationScale != applied.iterationScale ||
            c.maxDistanceCut != applied.maxDistanceCut) {
            cloth->setPhysicalLod(c);
            applied = c;
        }
    }

    void setCurrent(const PhysicalLod &lod)
    {
        status.current = lod;
        applyCurrent();
    }
};

namespace {

/// Moves value towards target by at most step.
float approach(float value, float target, float step)
{
    return value < target ? std::min(target, value + step) : std::max(target, value - step);
}

void checkBlendTime(float seconds)
{
    if (!(seconds >= 0) || !std::isfinite(seconds))
        throw InputError("cloth scene: the blend time must be a finite number of seconds >= 0");
}

} // namespace

ClothScene::ClothScene(const ClothSceneOptions &options) : mOptions(options)
{
    checkBlendTime(options.blendTime);
}

ClothScene::~ClothScene() = default;

ClothScene::Actor &ClothScene::actor(ActorId id) const
{
    if (id >= mActors.size() || !mActors[id])
        throw InputError("cloth scene: no actor " + std::to_string(id));
    return *mActors[id];
}

ClothScene::ActorId ClothScene::addActor(std::shared_ptr<const ClothLodSet> lods,
                                         const SimulationSettings &settings, int graphicsLod)
{
    if (!lods)
        throw InputError("cloth scene: an actor needs an asset");
    auto a = std::make_unique<Actor>();
    a->cloth = std::make_unique<ClothInstance>(lods->lod(graphicsLod), settings);
    a->lods = std::move(lods);
    a->settings = settings;
    a->status.graphicsLod = graphicsLod;
    a->measureRadii();
    for (size_t i = 0; i < mActors.size(); ++i)
        if (!mActors[i]) {
            mActors[i] = std::move(a);
            return ActorId(i);
        }
    mActors.push_back(std::move(a));
    return ActorId(mActors.size() - 1);
}

void ClothScene::removeActor(ActorId id)
{
    actor(id);
    mActors[id].reset();
}

uint32_t ClothScene::actorCount() const
{
    uint32_t count = 0;
    for (const auto &a : mActors)
        count += a ? 1 : 0;
    return count;
}

void ClothScene::setBudget(uint64_t vertexIterationsPerFrame)
{
    mOptions.budget = vertexIterationsPerFrame;
}

void ClothScene::setBlendTime(float seconds)
{
    checkBlendTime(seconds);
    mOptions.blendTime = seconds;
}

void ClothScene::setBenefit(ActorId id, float benefit)
{
    Actor &a = actor(id);
    if (!(benefit >= 0) || !std::isfinite(benefit))
        throw InputError("cloth scene: actor " + std::to_string(id) +
                         ": the benefit must be a finite number >= 0");
    a.benefit = benefit;
    if (benefit == 0 && a.running) { // off at once: the resources are free this frame
        a.running = false;
        a.placed = false;
        a.setCurrent(kSceneLodLevels[kSceneLodOff]);
        a.status.level = kSceneLodOff;
    }
}

void ClothScene::setPose(ActorId id, std::span<const Mat4> skinning, const Mat4 &world)
{
    Actor &a = actor(id);
    const size_t expected = a.lods->lod(a.status.graphicsLod)->boneBind.size();
    if (!skinning.empty() && skinning.size() != expected)
        throw InputError("cloth scene: actor " + std::to_string(id) + ": " +
                         std::to_string(skinning.size()) + " skinning matrices for " +
                         std::to_string(expected) + " bones");
    a.skinning.assign(skinning.begin(), skinning.end());
    a.world = world;
    a.placed = false;
}

void ClothScene::setWind(ActorId id, const Vec3 &wind)
{
    if (!isFinite(wind))
        throw InputError("cloth scene: actor " + std::to_string(id) + ": the wind is not finite");
    actor(id).wind = wind;
}

void ClothScene::setGraphicsLod(ActorId id, int lod)
{
    Actor &a = actor(id);
    const int from = a.status.graphicsLod;
    auto data = a.lods->lod(lod);
    if (lod == from)
        return;
    auto next = std::make_unique<ClothInstance>(data, a.settings);
    next->setPhysicalLod(a.status.current);
    a.applied = a.status.current;
    if (a.running && !a.fresh) {
        // The new cloth starts on the pose the old one last ran with, then takes its state.
        ClothFrame f;
        f.skinning = a.appliedSkinning;
        f.world = a.appliedWorld;
        f.wind = a.wind;
        next->reset(f);
        const std::vector<Vec3> &pos = a.cloth->positions();
        const std::vector<Vec3> vel = a.cloth->velocities();
        if (a.lods->samePhysicsMesh(from, lod)) {
            next->setState(pos, vel);
        } else {
            const std::vector<Vec3> &nrm = a.cloth->normals();
            const std::vector<uint32_t> &indices = a.cloth->data().indices;
            const std::vector<StateTransferPoint> &map = a.lods->transfer(from, lod);
            std::vector<Vec3> newPos(map.size()), newVel(map.size());
            for (size_t v = 0; v < map.size(); ++v) {
                const uint32_t *t = &indices[size_t(map[v].triangle) * 3];
                const Vec3 &uvh = map[v].uvh;
                newPos[v] = evaluateSkinPoint(uvh, pos[t[0]], pos[t[1]], pos[t[2]], nrm[t[0]],
                                              nrm[t[1]], nrm[t[2]]);
                newVel[v] = vel[t[0]] * uvh.x + vel[t[1]] * uvh.y +
                            vel[t[2]] * (1.0f - uvh.x - uvh.y);
            }
            next->setState(newPos, newVel);
        }
    }
    a.cloth = std::move(next);
    a.status.graphicsLod = lod;
    a.placed = false;
    a.measureRadii();
}

// The budget goes to the actors in order of benefit: each takes the best level within its
// share of what is left (its benefit over the benefit left), so that actors of similar benefit
// both run at a lower level rather than one on and one off; what the shares leave over then
// raises the levels again, best benefit first.
void ClothScene::chooseLevels(float dt)
{
    std::vector<Actor *> order;
    for (const auto &a : mActors)
        if (a && a->benefit > 0)
            order.push_back(a.get());
    std::stable_sort(order.begin(), order.end(),
                     [](const Actor *x, const Actor *y) { return x->benefit > y->benefit; });
    double benefitLeft = 0;
    for (Actor *a : order) {
        for (int level = 0; level <= kSceneLodOff; ++level)
            a->levelCost[level] = a->costOf(kSceneLodLevels[level], dt);
        a->status.fullCost = a->levelCost[0];
        a->status.level = 0;
        benefitLeft += a->benefit;
    }
    if (mOptions.budget == 0)
        return;
    double left = double(mOptions.budget), reserved = 0;
    for (Actor *a : order) {
        const double share = left * a->benefit / std::max(benefitLeft, 1e-30);
        int level = 0;
        while (level < kSceneLodOff && double(a->levelCost[level]) > share)
            ++level;
        a->status.level = level;
        // The share of an actor that cannot run even at the lowest level is kept for the
        // raising below (best benefit first), not handed to the actors of less benefit.
        const double spent = level == kSceneLodOff ? share : double(a->levelCost[level]);
        left -= spent;
        if (level == kSceneLodOff)
            reserved += share;
        benefitLeft -= a->benefit;
    }
    left += reserved;
    for (Actor *a : order)
        while (a->status.level > 0 && double(a->levelCost[a->status.level - 1] -
                                             a->levelCost[a->status.level]) <= left) {
            left -= double(a->levelCost[a->status.level - 1] - a->levelCost[a->status.level]);
            --a->status.level;
        }
}

void ClothScene::update(float dt)
{
    if (!(dt >= 0) || !std::isfinite(dt))
        throw InputError("cloth scene: dt must be a finite non-negative number of seconds");
    chooseLevels(dt);
    const float blendStep = mOptions.blendTime > 0 ? dt / mOptions.blendTime : INFINITY;
    mRunning.clear();
    mStats = {};
    for (const auto &owned : mActors) {
        if (!owned)
            continue;
        Actor &a = *owned;
        ++mStats.actors;
        a.status.simulated = false;
        a.status.cost = 0;
        a.status.simulatedVertices = 0;
        if (a.benefit == 0) {
            a.status.level = kSceneLodOff;
            a.status.fullCost = 0;
            a.running = false;
            a.fresh = false;
            continue;
        }
        mStats.fullVertexIterations += a.status.fullCost;
        const PhysicalLod &target = kSceneLodLevels[a.status.level];
        if (!a.running) {
            if (a.status.level == kSceneLodOff)
                continue;
            // Starts (or resumes) on the pose; a resumed actor blends in from off.
            a.running = true;
            a.resume = !a.fresh;
            a.setCurrent(a.fresh ? target : kSceneLodLevels[kSceneLodOff]);
            a.fresh = false;
        }
        PhysicalLod next = a.status.current;
        next.maxDistanceCut = approach(next.maxDistanceCut, target.maxDistanceCut, blendStep);
        next.iterationScale = approach(next.iterationScale, target.iterationScale, blendStep);
        next.maxDistanceScale = approach(next.maxDistanceScale, target.maxDistanceScale, blendStep);
        if (a.status.level == kSceneLodOff && next.maxDistanceCut >= 1.0f) {
            // Blended down to nothing movable: pure skinning from now on.
            a.running = false;
            a.placed = false;
            a.setCurrent(next);
            continue;
        }
        a.status.current = next; // applied by the job (setPhysicalLod configures: per actor)
        a.status.cost = a.costOf(next, dt);
        mStats.vertexIterations += a.status.cost;
        ++mStats.simulatedActors;
        a.status.simulated = true;
        mRunning.push_back(&a);
    }
    // A job never lets an exception out (the engine's scheduler may be C); the first is
    // rethrown once all have run.
    auto job = [this, dt](uint32_t i) {
        Actor &a = *mRunning[i];
        try {
            step(a, dt);
        } catch (...) {
            a.error = std::current_exception();
        }
    };
    if (mOptions.scheduler)
        mOptions.scheduler->run(uint32_t(mRunning.size()), TaskFunction(job));
    else
        for (uint32_t i = 0; i < mRunning.size(); ++i)
            job(i);
    for (Actor *a : mRunning)
        if (a->error) {
            const std::exception_ptr error = a->error;
            a->error = nullptr;
            std::rethrow_exception(error);
        }
}

void ClothScene::step(Actor &a, float dt)
{
    {
        const ClothFrame frame = a.frame(dt);
        a.applyCurrent();
        if (a.resume) {
            a.cloth->reset(frame);
            a.resume = false;
        } else {
            a.cloth->update(frame);
        }
        a.status.simulatedVertices = a.cloth->simulatedVertexCount();
        a.appliedSkinning = a.skinning;
        a.appliedWorld = a.world;
    }
}

const ClothActorStatus &ClothScene::actorStatus(ActorId id) const { return actor(id).status; }

const ClothInstance &ClothScene::instance(ActorId id)
{
    Actor &a = actor(id);
    if (!a.running && !a.placed) {
        // Costs nothing until asked: then the cloth is put on the pose by skinning.
        a.cloth->reset(a.frame(0.0f));
        a.appliedSkinning = a.skinning;
        a.appliedWorld = a.world;
        a.placed = true;
    }
    return *a.cloth;
}

void ClothScene::deformGraphics(ActorId id, std::vector<Vec3> &positions,
                                std::vector<Vec3> *normals)
{
    instance(id).deformGraphics(positions, normals);
}

} // namespace tweed
