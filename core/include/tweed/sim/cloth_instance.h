// The cloth run time: one simulated garment on one character, in the shape of APEX's
// ClothingActor. Three tiers as in Jolt's soft bodies: ClothAssetData (immutable, shared by
// every instance of an asset), SimulationSettings (a plain struct), and the ClothInstance's
// own state.
//
// The solver is extended position-based dynamics (Macklin, Mueller, Chentanez 2016, "XPBD:
// position-based simulation of compliant constrained dynamics") on Verlet particles, with
// distance constraints in two groups (stretch, shear/bend) batched by graph colour so that a
// colour runs in SIMD lanes and across threads, between two sweeps of APEX's hard constraints
// (top-down, moving the lower vertex; the first takes the step's sag out before the iterations
// start); then long-range tethers (Kim, Chentanez, Mueller 2012), collision, backstop and
// Max Distance last. Each frame is split into steps of a fixed rate with substeps, bone targets
// and collision volumes interpolated across them. Stepping allocates nothing. The constraints
// from a pinned vertex to a free one take the skinned pose's length each frame, and its hard
// constraints and tethers at least that: the simulation adds no stretch to the skinned pose's own
// next to the pins.
#pragma once

#include "tweed/asset.h"
#include "tweed/layer_guard.h"
#include "tweed/shell_collision.h"
#include "tweed/sim/cloth_data.h"
#include "tweed/sim/colliders.h"
#include "tweed/sim/mass_spring.h"
#include "tweed/sim/pendulum.h"
#include "tweed/sim/thread_pool.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tweed {

/// What one graphical LoD of an asset needs at run time, shared by every instance of it.
struct ClothAssetData
{
    std::shared_ptr<const ClothData> cloth;
    std::vector<CollisionVolume> collisionVolumes;
    std::vector<PendulumBone> pendulumBones;
    std::vector<RigConstraint> rigConstraints;
    std::vector<int> boneParents;
    std::vector<Mat4> boneBind; ///< model-space bind pose of each bone (inverse of inverseBind)
    // The graphics mesh the simulation drives, and how.
    SkinMap skinMap;
    std::vector<Vec3> graphicsPositions; ///< rest pose
    std::vector<Vec3> graphicsNormals;   ///< rest pose; may be empty
    std::vector<BoneInfluence> graphicsSkin;
    RiderGuard riders; ///< keeps the rider submeshes on their side of the simulated shell
    // Render-ready outputs (GraphicsOutput) and cloth-driven bones.
    std::vector<uint32_t> graphicsIndices; ///< three per triangle
    std::vector<Vec4> graphicsTangents;    ///< rest pose, w the bitangent sign; may be empty
    /// Per graphics vertex, the lowest-numbered vertex at the same rest position (recomputed
    /// normals are summed over such vertices so that seams stay closed); empty when no two
    /// vertices share a position.
    std::vector<uint32_t> graphicsWeld;
    std::vector<ClothBoneDefinition> clothBones; ///< the physics mesh's (PhysicsMesh::clothBones)
    ShellCollision shells; ///< keeps outer shells out of the inner ones (a cape over a coat)
};

/// How ClothInstance::deformGraphics makes its render-ready outputs.
struct GraphicsOutputOptions
{
    /// Normals recomputed from the deformed graphics triangles (area-weighted, summed over the
    /// vertices at the same rest position so that seams stay closed) instead of carried through
    /// the skin map (and the bones, for unbound vertices).
    bool recomputeNormals = false;
    /// Tangents, where the asset's graphics mesh has them.
    bool tangents = true;
};

/// The deformed graphics mesh, model space, one entry per graphics vertex.
struct GraphicsOutput
{
    std::vector<Vec3> positions;
    std::vector<Vec3> normals; ///< unit length
    /// Unit tangent (the skin map's stored tangent frame, orthogonal to the normal) and in w
    /// the bitangent sign (+1 or -1: bitangent = w * cross(normal, tangent)). Empty when the
    /// asset has no tangents or they were not asked for.
    std::vector<Vec4> tangents;
};

/// The deformed graphics mesh of `asset` for simulated physics positions and normals (one per
/// physics vertex) and skinning matrices (one per bone; empty: the rest pose): what
/// ClothInstance::deformGraphics computes, for callers that hold the physics state themselves.
/// `normals` may be null; `tangents` needs `normals`.
void deformGraphicsMesh(const ClothAssetData &asset, const std::vector<Vec3> &physicsPositions,
                        const std::vector<Vec3> &physicsNormals, std::span<const Mat4> skinning,
                        const GraphicsOutputOptions &options, std::vector<Vec3> &positions,
                        std::vector<Vec3> *normals, std::vector<Vec4> *tangents);

/// Builds the run-time data of graphics LoD `lod` (its physics mesh, skin map, the asset's
/// skeleton, collision volumes and pendulum bones). Throws InputError for a missing LoD or
/// physics mesh, or an inconsistent mesh.
std::shared_ptr<const ClothAssetData> buildClothAssetData(const ClothingAsset &asset, int lod = 0,
                                                          const ClothBuildOptions &options = {});

/// Inputs of one frame.
struct ClothFrame
{
    /// Skinning matrices (global pose times inverse bind), one per bone; empty: the rest pose.
    std::span<const Mat4> skinning;
    /// The character's model-to-world transform (rigid); the simulation runs in model space.
    Mat4 world;
    Vec3 wind;       ///< world-space wind velocity, m/s
    float dt = 0.0f; ///< seconds since the previous frame
};

/// Physical level of detail for characters far away.
struct PhysicalLod
{
    float maxDistanceScale = 1.0f; ///< 0..1, multiplies every Max Distance
    float iterationScale = 1.0f;   ///< 0..1, multiplies the iteration count (at least 1 remains)
    /// 0..1 of the cloth's largest Max Distance, taken off every Max Distance (those below it
    /// become 0, pure skinning): the least mobile regions stop first (see ClothScene).
    float maxDistanceCut = 0.0f;
};

struct ClothInstanceOptions
{
    /// Threads to split batches across; null runs on the calling thread only. Results are
    /// bit-identical with any pool.
    std::shared_ptr<SimThreadPool> pool;
    /// The engine's job system instead (see TaskScheduler), used when pool is null: each
    /// parallel phase of an update becomes one run() of independent jobs. A SimThreadPool given
    /// here is used as the pool. Results are the same bits as on one thread.
    std::shared_ptr<TaskScheduler> scheduler;
    /// Vertices each thread needs at least: a smaller cloth uses fewer of the pool's threads
    /// (below this work per phase, meeting the other threads costs more than it saves; measured
    /// on the hang benchmark and the sample coat). 0 uses every thread of the pool.
    uint32_t minVerticesPerThread = 2048;
    /// Runs the SSE2 constraint kernels even where AVX2 is available. The results are the same
    /// bits either way (tests compare the two); only the speed differs.
    bool baselineKernels = false;
    /// At most this many SIMD lanes for the kernels (4 SSE2, 8 AVX2, 16 AVX-512), of those the
    /// processor has; 0: the widest it has. The same bits on every path; for tests and
    /// benchmarks.
    uint32_t kernelLanes = 0;
};

/// Measurements of the current state against the current targets (for tools and tests).
struct ClothMeasurements
{
    float maxStretch = 0;  ///< largest mesh edge length over rest length
    /// The same of the skinned pose (the targets the bones give): the stretch the skinning
    /// itself brings, which the cloth follows where Max Distance holds it.
    float skinnedMaxStretch = 0;
    uint32_t maxDistanceViolations = 0; ///< vertices farther from their target than allowed
    uint32_t backstopViolations = 0;    ///< vertices inside their backstop sphere
    uint32_t penetrations = 0;          ///< vertices inside a (thickened) collision volume
    uint32_t nonFinite = 0;             ///< vertices with a NaN or infinite coordinate
};

/// What the solver made of its settings, and what the last update cost.
struct ClothStatus
{
    /// Settings the solver could not take as given, one sentence each: a value outside its
    /// documented range or not finite (clamped into the range), or mass-spring stiffness or
    /// damping softened to the model's cost bound (see MassSpringSystem); and paint the solver
    /// cannot do well: backstop spheres smaller than their vertices' Max Distance. Renewed
    /// whenever the settings, channels or pins change; empty when everything runs as set.
    std::vector<std::string> warnings;
    /// Work of the last update in elementary solver terms, a measure of cost that does not
    /// depend on the machine: position-based, per substep, iterations x (constraints + vertices
    /// projected into Max Distance between iterations) + hard constraints per sweep + 2 per
    /// vertex (integration and the final projections) + 27 per vertex with self-collision;
    /// mass-spring, per step, MassSpringReport::forceTerms (force evaluations x (springs +
    /// particles), passes of the deformation limit and tearing over the springs) + 1 per
    /// particle.
    uint64_t lastUpdateWork = 0;
    int lastUpdateSteps = 0;      ///< fixed steps the last update ran
    int springSubsteps = 0;       ///< mass-spring: substeps per step (0 for position-based)
    int springNeededSubsteps = 0; ///< mass-spring: substeps stability needs without the cap
    /// Movable vertices whose backstop sphere is smaller than their Max Distance (one of the
    /// warnings, as a count for tools that word it themselves).
    uint32_t backstopsUnderMaxDistance = 0;
};

/// The constraint kernels ClothInstance runs on this processor for a lane limit (see
/// ClothInstanceOptions::kernelLanes): "avx512", "avx2" or "sse2"; "scalar" off x86.
const char *clothKernelPath(uint32_t lanes = 0);

class ClothInstance
{
public:
    /// From an asset's run-time data: bones, collision volumes and the skin map included.
    ClothInstance(std::shared_ptr<const ClothAssetData> asset, const SimulationSettings &settings,
                  const ClothInstanceOptions &options = {});
    /// A bare cloth with no skeleton (targets stay at the rest pose) and no collision volumes.
    ClothInstance(std::shared_ptr<const ClothData> cloth, const SimulationSettings &settings,
                  const ClothInstanceOptions &options = {});
    ~ClothInstance();
    ClothInstance(const ClothInstance &) = delete;
    ClothInstance &operator=(const ClothInstance &) = delete;

    /// Replaces the settings (outside the documented ranges they are clamped); keeps the state.
    void setSettings(const SimulationSettings &settings);
    const SimulationSettings &settings() const;
    /// Replaces the collision volumes (e.g. while an artist edits them). Bones index the
    /// skeleton; volumes with bone -1 are fixed in model space.
    void setCollisionVolumes(const std::vector<CollisionVolume> &volumes);
    void setPhysicalLod(const PhysicalLod &lod);
    /// Takes newly painted physics-mesh channels (see withChannels) while running: positions
    /// and velocities are kept, vertices are moved inside their new Max Distance at once, and
    /// the next update uses the new values. Throws InputError for a channel of the wrong size or
    /// with a negative or non-finite value (the instance is then unchanged).
    void setChannels(const PaintChannels &physicsChannels);
    /// Vertices that become fixed (zero inverse mass) in addition to those with Max Distance 0.
    void setPinned(uint32_t vertex, bool pinned);

    /// Advances the simulation by frame.dt: whole steps of the fixed rate run now, the rest of
    /// the time is carried to the next frame. Throws InputError for a negative or non-finite
    /// dt or a wrong number of skinning matrices.
    void update(const ClothFrame &frame);
    /// Puts every vertex on its skinned position for this frame's pose, at rest, and takes the
    /// world transform without any world motion.
    void reset(const ClothFrame &frame);
    /// The character jumps to `world`: the next update feels no motion from the jump.
    void teleport(const Mat4 &world);

    /// Everything an update reads from and writes to besides the asset and settings: positions,
    /// previous positions (the velocities), the skinned targets and normals of the interval,
    /// pendulum bones, the world and collision-volume frames, the carried time. Opaque; copied
    /// by value. Restoring a state taken from this instance (same asset, settings and channels)
    /// makes the following updates bit-identical to those after the moment it was taken.
    class State
    {
    public:
        State();
        ~State();
        State(const State &other);
        State &operator=(const State &other);
        State(State &&) noexcept;
        State &operator=(State &&) noexcept;
        /// Bytes the state holds (for memory budgets).
        size_t byteSize() const;
        bool empty() const;

    private:
        friend class ClothInstance;
        struct Data;
        std::unique_ptr<Data> d;
    };
    /// A copy of the running state (see State).
    State saveState() const;
    /// Puts back a state from saveState() of this instance, or of one built from the same
    /// asset data. Throws InputError for an empty state or one of a different vertex count or
    /// constraint count (the instance is then unchanged). Keeps any grab (setGrab).
    void restoreState(const State &state);

    /// Pulls physics vertex `vertex` towards the model-space point `target` through a spring
    /// of `stiffness` newtons per metre (solved implicitly after each substep's constraints, so
    /// any stiffness is stable; Max Distance still holds the vertex). One grab
    /// at a time; it lasts until clearGrab(). Position-based model only (the mass-spring model
    /// ignores it). Throws InputError for a vertex out of range, a non-finite target or a
    /// negative or non-finite stiffness.
    void setGrab(uint32_t vertex, const Vec3 &target, float stiffness);
    void clearGrab();
    /// The grabbed vertex, -1 when none.
    int grabbedVertex() const;
    /// Mass of a physics vertex in kg (area density times its area share, or the painted mass),
    /// whether or not it is fixed; 0 for a vertex out of range.
    float vertexMass(uint32_t vertex) const;

    /// Threads the solver runs on (see ClothInstanceOptions::minVerticesPerThread); with a
    /// foreign TaskScheduler, the scheduler's concurrency when the cloth is large enough.
    int threadCount() const;
    /// Vertices the solver moves (the others have Max Distance 0 under the physical LoD, or are
    /// fixed or pinned, and follow the skinning).
    uint32_t simulatedVertexCount() const;
    /// Iterations per substep under the physical LoD.
    int iterationCount() const;
    /// Velocity of every physics vertex (model space, m/s) as the solver carries it.
    std::vector<Vec3> velocities() const;
    /// Takes positions and velocities (one per physics vertex, model space) as the state, e.g.
    /// carried over from another physics mesh (ClothScene's graphical LoD switch). Throws
    /// InputError for a wrong count or a non-finite value (the instance is then unchanged).
    void setState(std::span<const Vec3> positions, std::span<const Vec3> velocities);
    /// Simulated physics mesh in model space (one entry per physics vertex).
    const std::vector<Vec3> &positions() const;
    /// Area-weighted vertex normals of the simulated mesh.
    const std::vector<Vec3> &normals() const;
    /// The skinned (animated) positions the simulation follows, at the simulation's time.
    const std::vector<Vec3> &targetPositions() const;
    /// Skinning matrices of the last frame with the pendulum bones applied.
    const std::vector<Mat4> &skinningMatrices() const;
    /// The deformed graphics mesh: bound vertices through the skin map, unbound ones by their
    /// bones. Needs the asset constructor; otherwise throws InputError.
    void deformGraphics(std::vector<Vec3> &positions, std::vector<Vec3> *normals) const;
    /// The deformed graphics mesh with normals and tangents, ready to render (see
    /// GraphicsOutputOptions). Needs the asset constructor; otherwise throws InputError.
    void deformGraphics(GraphicsOutput &out, const GraphicsOutputOptions &options = {}) const;
    /// The cloth-driven bones of the asset (ClothAssetData::clothBones) for the current state:
    /// per bone its skinning matrix (current frame times the inverse of the rest frame, for
    /// GPU skinning with the rest frames' inverses as inverse bind matrices) and, when `frames`
    /// is given, its model-space frame. The same code as the offline bake (clothDrivenBones).
    void clothBoneMatrices(std::vector<Mat4> &skinning, std::vector<Mat4> *frames = nullptr) const;

    ClothMeasurements measure() const;
    /// Warnings about the settings and the cost of the last update (see ClothStatus).
    const ClothStatus &status() const;
    /// Two-way interaction (SimulationSettings::twoWayInteraction): the impulse (N s, world
    /// space) the cloth gave each collision volume during the last update, in the order of the
    /// volumes; zeros when the option is off or nothing touched.
    const std::vector<Vec3> &volumeImpulses() const;
    /// Whether the cloth sleeps (SimulationSettings::sleepSpeed): it has come to rest and is not
    /// simulated until its bones, its world transform or the wind change.
    bool sleeping() const;
    /// Time simulated so far and steps taken.
    double simulatedTime() const;
    uint64_t stepCount() const;
    const ClothData &data() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace tweed
