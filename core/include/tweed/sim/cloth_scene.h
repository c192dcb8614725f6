// A scene of clothed actors under one budget, in the manner of APEX's clothing module: many
// actors share an asset; the game sets a budget (vertex-iterations per frame) and each actor's
// benefit (its screen size times importance); each frame the scene gives the budget to the
// actors with the most benefit by choosing their physical LoD, blends LoD changes over a set
// time, and runs all actors' work through one TaskScheduler. The game also picks each actor's
// graphical LoD; where LoDs have different physics meshes the simulated state moves across.
//
// Physical LoD levels (kSceneLodLevels): Max Distances cut from below first (a share of the
// largest one taken off every Max Distance, so the least mobile regions turn to pure skinning
// first), then fewer iterations, then off. An actor whose benefit is 0 stops at once and costs
// nothing until its output is asked for; it is then placed on its pose by skinning.
#pragma once

#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/task_scheduler.h"

#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <vector>

namespace tweed {

/// Where a vertex of one physics mesh lies on another: the closest triangle at rest and its
/// (u, v, h) over it (as a skin map binds graphics vertices, see evaluateSkinPoint).
struct StateTransferPoint
{
    uint32_t triangle = 0;
    Vec3 uvh;
};

/// The run-time data of every graphical LoD of an asset, shared by the actors of scenes, and
/// the maps that carry a simulated state between the LoDs' physics meshes.
class ClothLodSet
{
public:
    /// Builds every LoD (see buildClothAssetData) and the maps between LoDs whose physics
    /// meshes differ. Throws InputError for an asset that cannot simulate.
    explicit ClothLodSet(const ClothingAsset &asset, const ClothBuildOptions &options = {});
    /// From LoDs built already; physicsMesh gives each LoD's physics mesh (equal: shared).
    ClothLodSet(std::vector<std::shared_ptr<const ClothAssetData>> lods,
                std::vector<int> physicsMesh);

    int lodCount() const { return int(mLods.size()); }
    const std::shared_ptr<const ClothAssetData> &lod(int lod) const;
    /// Whether LoDs a and b simulate the same physics mesh (the state then carries over as is).
    bool samePhysicsMesh(int a, int b) const;
    /// For every physics vertex of LoD `to`, where it lies on LoD `from`'s physics mesh.
    const std::vector<StateTransferPoint> &transfer(int from, int to) const;
    /// Largest distance at rest between a vertex of `to` and its point on `from`'s mesh.
    float transferError(int from, int to) const;

private:
    void buildTransfers();

    std::vector<std::shared_ptr<const ClothAssetData>> mLods;
    std::vector<int> mPhysicsMesh;
    std::vector<std::vector<StateTransferPoint>> mTransfer; ///< [from * count + to]
    std::vector<float> mTransferError;
};

/// The physical LoD levels a scene chooses from, best first; the last is off (no vertex moves:
/// the actor stops once blended there).
inline constexpr PhysicalLod kSceneLodLevels[] = {
    {1.0f, 1.0f, 0.0f}, {1.0f, 1.0f, 0.25f}, {1.0f, 0.75f, 0.5f},
    {1.0f, 0.5f, 0.75f}, {1.0f, 0.25f, 1.0f},
};
inline constexpr int kSceneLodOff = int(std::size(kSceneLodLevels)) - 1;

struct ClothSceneOptions
{
    /// Runs the actors' updates (one job per simulated actor); null: the calling thread.
    std::shared_ptr<TaskScheduler> scheduler;
    /// Vertex-iterations per frame (simulated vertices x iterations x substeps x steps);
    /// 0 = unlimited.
    uint64_t budget = 0;
    /// Seconds a physical LoD change takes (Max Distance and iterations move linearly).
    float blendTime = 0.5f;
};

/// What the scene chose for an actor, and what it cost.
struct ClothActorStatus
{
    int level = 0;            ///< chosen level in kSceneLodLevels (kSceneLodOff: off)
    PhysicalLod current;      ///< the blended LoD the last update ran with
    bool simulated = false;   ///< the solver ran in the last update
    int graphicsLod = 0;
    uint64_t cost = 0;        ///< vertex-iterations of the last update
    uint64_t fullCost = 0;    ///< what level 0 would have cost
    uint32_t simulatedVertices = 0;
};

struct ClothSceneStats
{
    uint32_t actors = 0;
    uint32_t simulatedActors = 0;
    uint64_t vertexIterations = 0;   ///< of the last update, all actors
    uint64_t fullVertexIterations = 0; ///< what every actor with benefit at level 0 would cost
};

class ClothScene
{
public:
    using ActorId = uint32_t;

    explicit ClothScene(const ClothSceneOptions &options = {});
    ~ClothScene();
    ClothScene(const ClothScene &) = delete;
    ClothScene &operator=(const ClothScene &) = delete;

    /// An actor of `lods` at graphical LoD `graphicsLod`, in the rest pose, benefit 1. Throws
    /// InputError for a LoD out of range.
    ActorId addActor(std::shared_ptr<const ClothLodSet> lods, const SimulationSettings &settings,
                     int graphicsLod = 0);
    void removeActor(ActorId actor);
    uint32_t actorCount() const;

    void setBudget(uint64_t vertexIterationsPerFrame);
    uint64_t budget() const { return mOptions.budget; }
    /// Throws InputError for a negative or non-finite time.
    void setBlendTime(float seconds);
    /// Benefit >= 0 (finite); 0 stops the actor at once. Throws InputError otherwise.
    void setBenefit(ActorId actor, float benefit);
    /// The actor's pose for the next update: skinning matrices (empty: rest pose) and its
    /// model-to-world transform. Throws InputError for a wrong matrix count.
    void setPose(ActorId actor, std::span<const Mat4> skinning, const Mat4 &world);
    void setWind(ActorId actor, const Vec3 &wind);
    /// Switches the actor's graphical LoD now; a running simulation moves onto the new LoD's
    /// physics mesh (positions and velocities through the LoDs' transfer maps).
    void setGraphicsLod(ActorId actor, int lod);

    /// Chooses every actor's LoD for the budget, blends, and advances the simulated actors by
    /// dt through the scheduler. Throws InputError for a negative or non-finite dt.
    void update(float dt);

    const ClothActorStatus &actorStatus(ActorId actor) const;
    const ClothSceneStats &stats() const { return mStats; }
    /// The actor's cloth (its physics mesh and state); a stopped actor's is placed on its pose.
    const ClothInstance &instance(ActorId actor);
    /// The deformed graphics mesh of the actor's graphical LoD (see ClothInstance).
    void deformGraphics(ActorId actor, std::vector<Vec3> &positions, std::vector<Vec3> *normals);

private:
    struct Actor;
    Actor &actor(ActorId id) const;
    void chooseLevels(float dt);
    static void step(Actor &a, float dt);

    ClothSceneOptions mOptions;
    std::vector<std::unique_ptr<Actor>> mActors; ///< null where removed
    std::vector<Actor *> mRunning;               ///< scratch of update()
    ClothSceneStats mStats;
};

} // namespace tweed
