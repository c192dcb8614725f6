// Internal to the cloth solver: the state of a ClothInstance and the pieces of its update, in
// the manner of Jolt's SoftBodyMotionProperties. The definitions live by subject:
// cloth_instance.cpp (set-up, frame inputs, the update's schedule, integration, distance and
// hard constraints, the per-vertex pass), vertex_constraints.h (the per-vertex constraints),
// mass_spring.cpp (stepping the mass-spring model), self_collision.cpp and schedule.h.
#pragma once

#include "constraint_kernels.h"
#include "dihedral_bending.h"
#include "edge_chains.h"
#include "relaxed_targets.h"
#include "tetra_volume.h"
#include "schedule.h"
#include "self_collision.h"
#include "triangle_collision.h"

#include "tweed/sim/bone_rig.h"
#include "tweed/sim/cloth_instance.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tweed {
namespace sim {

/// Rigid transform as rotation + translation.
struct Rigid
{
    Quat rotation;
    Vec3 translation;

    Vec3 apply(const Vec3 &p) const { return rotate(rotation, p) + translation; }
    Vec3 applyInverse(const Vec3 &p) const { return rotate(conjugate(rotation), p - translation); }
};

/// x' = R x + t as a 3x4 matrix, for the per-vertex world-motion transform.
struct Affine
{
    Vec3 c0{1, 0, 0}, c1{0, 1, 0}, c2{0, 0, 1}, t{};
    Vec3 apply(const Vec3 &p) const { return c0 * p.x + c1 * p.y + c2 * p.z + t; }
};

} // namespace sim

/// Fills the render-output part of `data` (indices, tangents, the seam welding, the cloth
/// bones) from the LoD's graphics mesh and its physics mesh (cloth_outputs.cpp).
void setRenderOutputs(ClothAssetData &data, const GraphicsMesh &graphics, const PhysicsMesh &physics);

struct ClothInstance::Impl
{
    using P4 = sim::P4;
    using Rigid = sim::Rigid;
    using Affine = sim::Affine;
    using PhaseCursor = sim::PhaseCursor;

    std::shared_ptr<const ClothAssetData> asset;
    std::shared_ptr<const ClothData> data;
    SimulationSettings settings;
    PhysicalLod lod;
    std::shared_ptr<SimThreadPool> pool;
    std::shared_ptr<TaskScheduler> dispatch; ///< a foreign scheduler (see PhaseSchedule)
    std::vector<CollisionVolume> volumes;
    sim::PhaseSchedule schedule; ///< its thread count is the instance's
    /// The solver's blocks as tasks of the iterations on threads that own slabs of them (see
    /// buildSlabRounds); none when the phases run them instead.
    sim::OrderedRounds slabRounds;

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
    /// The constraints between a fixed and a movable vertex (padding aside), and per constraint
    /// the rest lengths the kernels use when the cloth is skinned: those constraints take the
    /// length the skinned pose gives them each frame (see holdSkinnedLengths), the others their
    /// rest length.
    std::vector<uint32_t> fixedEndConstraints;
    /// Per constraint, its rest length where it lies between two movable vertices of a skinned
    /// cloth (stretch and bend; where the skinned pose squeezes one, it may be as short: see
    /// holdSkinnedSqueeze), else 0; empty when none does. squeezeBase: the limits the settings
    /// give them.
    std::vector<float> squeezeRest, squeezeBase;
    std::vector<float> skinnedRest;
    /// The kernels' precomputed terms (see sim::ColourArgs): r^2 and 3 r^2 of the rest
    /// lengths and of skinnedRest, and per constraint wA + wB (+ alphaTilde with XPBD).
    std::vector<float> restSq, restSq3, skinnedRestSq, skinnedRestSq3, weightSum;
    ClothStatus status;
    std::vector<std::string> settingWarnings; ///< of the last setSettings (see ClothStatus)
    /// status.warnings from the settings and the paint, before any the mass-spring model adds.
    void resetWarnings();
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
    uint32_t kernelLanes = 0; ///< see ClothInstanceOptions::kernelLanes
    /// Runs [begin, end) of consecutive batches of 16 constraints with a movable end, in
    /// order (solveColour skips the batches whose ends are all fixed).
    std::vector<uint32_t> activeRunBegin, activeRunEnd;
    bool allBatchesActive = true;
    /// Per batch of 16 constraints (see sim::BatchLayout); empty when every batch is gathered.
    std::vector<uint8_t> batchLayout;
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
        /// Per entry; follows the skinned pose's length where that is longer (see
        /// holdSkinnedHardLengths).
        std::vector<float> rest;
        std::vector<uint8_t> distinctParents; ///< see sim::hardDistinctParents
    };
    std::vector<HardList> hardLists;
    uint32_t hardGroups = 1; ///< see buildHardLists

    // Pose and motion.
    std::vector<Mat4> skinning; ///< with pendulum bones applied
    std::vector<Mat4> boneGlobal;
    std::vector<PendulumState> pendulums;
    std::vector<std::vector<int>> pendulumChildren; ///< bones turned by each pendulum
    BoneRig rig; ///< the upper-jacket rig, applied before the pendulums
    Rigid world0, world1;
    std::vector<Transform> volumeFrame0, volumeFrame1;
    Vec3 windWorld;
    std::vector<std::vector<ColliderPose>> threadColliders;
    std::vector<std::vector<sim::P4>> threadBounds; ///< the colliders' bounding spheres
    /// Scratch of finishVertices, per vertex piece.
    std::vector<std::vector<uint32_t>> threadFinishList;
    std::vector<Vec3> windNormals;
    bool skinned = false;
    bool started = false;
    double accumulator = 0;
    double time = 0;
    uint64_t steps = 0;

    // The grab (ClothInstance::setGrab): a vertex pulled towards a model-space point.
    int64_t grabVertex = -1;
    Vec3 grabTarget;
    float grabStiffness = 0;
    /// Pulls the grabbed vertex v (after a substep's constraints; Max Distance follows).
    void applyGrab(uint32_t v);

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

    // Self-collision's hash table, kept between steps.
    sim::SelfCollision selfCollision;
    /// The triangles' collision with the volumes (see triangle_collision.h).
    sim::TriangleCollision triangleCollision;
    bool triangleCollisionBuilt = false;
    bool collidesTriangles() const
    {
        return settings.triangleCollision && triangleCollisionBuilt && !volumes.empty();
    }
    /// The inner shells as colliders of the outer ones (null with fewer than two shells).
    std::unique_ptr<ShellCollider> shellCollider;

    // Solver options (see SimulationSettings, "Solver options").
    sim::DihedralBending dihedral; ///< built when the dihedral bending model is first chosen
    bool dihedralBuilt = false;
    sim::EdgeChains edgeChains; ///< the stretch constraints' chains (see solveChains)
    bool edgeChainsBuilt = false;
    sim::RelaxedTargets relaxedTargets; ///< see relaxTargets
    std::vector<ColliderPose> relaxPoses; ///< the volumes at the frame's end, for relaxTargets
    sim::TetraVolumes tetraVolumes; ///< a soft body's tetrahedra (none for cloth)
    std::vector<std::vector<Vec3>> threadImpulses; ///< two-way: per vertex piece, per volume
    std::vector<Vec3> volumeImpulses;              ///< two-way: of the last update, world space
    struct Sleep
    {
        bool asleep = false;
        double still = 0; ///< seconds every vertex has been slower than the sleep speed
        std::vector<Vec3> last; ///< the positions at the end of the last frame
        std::vector<Mat4> skinning; ///< the inputs it fell asleep with
        Mat4 world;
        Vec3 wind;
    } sleep;
    /// Whether the cloth sleeps through this frame's input (and wakes it when the input moved).
    bool sleepsThrough(const ClothFrame &frame);
    /// After a frame's steps: the COM damping, the impulses on the volumes, falling asleep.
    void afterSteps(const ClothFrame &frame, int steps);

    Impl(std::shared_ptr<const ClothData> cloth, const SimulationSettings &s,
         const ClothInstanceOptions &options);

    // --- Set-up (cloth_instance.cpp) -----------------------------------------------------

    /// One list on one thread (rows of many trees interleave: more independent work per
    /// row); else groups of whole trees (as many as buildHardLists chose), each cut into one
    /// stage per thread (see hardPipeline). Trees are independent, so the results are the same.
    uint32_t hardGroupCount() const;
    uint32_t vertexOwner(uint32_t v) const;
    void buildHardLists();
    void buildSlabRounds();
    void setSettings(const SimulationSettings &input);
    void configure();
    uint64_t positionBasedWork(int stepCount) const;

    // --- Frame inputs (cloth_instance.cpp) -----------------------------------------------

    void takePose(const ClothFrame &frame, bool resetPendulums);
    void skinTargets(uint32_t b, uint32_t e);
    void advanceTargets(uint32_t b, uint32_t e);
    /// Sets the rest length of fixedEndConstraints [b, e) to their ends' distance at the
    /// frame's end (target1).
    void holdSkinnedLengths(uint32_t b, uint32_t e);
    /// The compression limits of constraints [b, e) (multiples of 16) with a squeezeRest: no
    /// more than their ends' distance at the frame's end (target1) over their rest length.
    void holdSkinnedSqueeze(uint32_t b, uint32_t e);
    /// The same for every entry of a hard list, where the skinned pose stretches it.
    void holdSkinnedHardLengths(HardList &list);
    /// The tether lengths of vertices [b, e): at least their distance from their anchor in the
    /// skinned pose at the frame's end, times the stretch limit.
    void holdSkinnedTethers(uint32_t b, uint32_t e);

    // --- Stepping (cloth_instance.cpp) ---------------------------------------------------

    Substep makeSubstep(int step, int sub) const;
    void poseColliders(const Substep &ctx, int thread);

    Vec3 targetAt(uint32_t v, float alpha) const
    {
        if (!skinned) // the rest pose: target1 is target0 (the same bits as the lerp)
            return v3(target0[v]);
        return lerp(v3(target0[v]), v3(target1[v]), alpha);
    }

    void integrate(uint32_t b, uint32_t e, const Substep &ctx);
    void integrateVertex(uint32_t v, const Substep &ctx);
    Vec3 windAcceleration(uint32_t v, const Vec3 &x, const Vec3 &velocity,
                          const Substep &ctx) const;
    void computeWindNormals();
    void hardPipeline(PhaseCursor &cursor, float follow);
    bool sharedColourByColour(const SolverPhase &phase) const;
    size_t phaseCount(int stepCount) const;
    /// At most a twentieth of a second of steps per frame; longer frames drop time.
    int maxStepsPerFrame() const { return std::max(1, int(std::ceil(0.05 / double(stepLength)))); }
    void solveConstraints(PhaseCursor &seq, const Substep &ctx);
    void solveColour(sim::ColourArgs &args, uint32_t colour, sim::LambdaMode mode, uint32_t b,
                     uint32_t e);
    void hardConstraints(uint32_t listIndex, float follow);
    /// One direct solve of every edge chain, group by group (see edge_chains.h).
    void solveChains(PhaseCursor &seq);
    /// With SimulationSettings::relaxTargets, the frame's end targets (target1) drawn towards
    /// their rest lengths, the body kept out (see relaxed_targets.h); after skinTargets.
    void relaxTargets();
    void holdMaxDistance(uint32_t v, const Substep &ctx);
    void finishVertices(uint32_t b, uint32_t e, const Substep &ctx, int thread);
    void finishVertex(uint32_t v, const Substep &ctx, const std::vector<ColliderPose> &poses,
                      Vec3 *impulses);
    /// The position-based update of one thread (see sim::PhaseSchedule).
    void region(int thread);

    // --- The mass-spring model (mass_spring.cpp) -----------------------------------------

    void configureSprings();
    void massSpringSteps();
};

} // namespace tweed
