// The immutable, shared tier of the cloth solver (as Jolt's SoftBodySharedSettings): topology,
// distance constraints batched by graph colouring, rest lengths, tethers, the top-down hard
// constraints, edge-vertex flags and per-vertex painted values. Built once from a PhysicsMesh
// and shared (read-only) by every instance that simulates it.
#pragma once

#include "tweed/asset.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tweed {

/// A range [begin, end) of constraints no two of which share a vertex: one graph colour.
/// Ranges are padded with dummy constraints (both ends at ClothData::dummyVertex) to a
/// multiple of ClothData::kBatchPadding, so SIMD lanes and threads split them evenly.
struct ConstraintColour
{
    uint32_t begin = 0;
    uint32_t end = 0;
};

/// Colours [colourBegin, colourEnd) of ClothData::solveColours that run one after another and
/// touch only vertices no other block of the same phase touches: one thread's unit of work.
struct ConstraintBlock
{
    uint32_t colourBegin = 0;
    uint32_t colourEnd = 0;
};

/// Blocks [blockBegin, blockEnd) that may run at the same time; phases run in order, a
/// barrier between them.
struct SolverPhase
{
    uint32_t blockBegin = 0;
    uint32_t blockEnd = 0;
};

/// Options of buildClothData beyond what the physics mesh carries.
struct ClothBuildOptions
{
    /// Explicit vertex masses in kg (one per vertex); empty: area density times the vertex's
    /// share of the triangle area times the painted MassScale.
    std::vector<float> masses;
};

struct ClothData
{
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    static constexpr uint32_t kBatchPadding = 16;
    static constexpr uint8_t kStretch = 0, kShear = 1, kBend = 2, kPadding = 255;

    uint32_t vertexCount = 0;
    /// Index of an extra immovable vertex that padding constraints refer to (== vertexCount).
    uint32_t dummyVertex = 0;

    // Per vertex (vertexCount entries).
    std::vector<Vec3> restPositions;
    std::vector<Vec3> restNormals;
    std::vector<BoneInfluence> skin; ///< empty when the mesh is not skinned
    std::vector<float> area;           ///< m^2, a third of each adjacent triangle (wind)
    std::vector<float> massPerDensity; ///< kg per (kg/m^2): area share times MassScale
    std::vector<float> explicitMass;   ///< kg, from ClothBuildOptions::masses; may be empty
    std::vector<float> maxDistance;    ///< painted metres; 0 = fixed (follows its bones)
    std::vector<float> backstopRadius;
    std::vector<float> backstopDistance;
    std::vector<float> dampingScale;
    std::vector<float> windScale;
    std::vector<float> bendScale; ///< painted BendScale per vertex (the dihedral hinges')
    std::vector<uint8_t> fixed;  ///< 1 where maxDistance is 0
    std::vector<uint8_t> edge;   ///< 1 for edge vertices (see findEdgeVertices)
    std::vector<uint32_t> stretchCount; ///< stretch constraints per vertex

    // Distance constraints, structure of arrays, grouped by colour (padded).
    std::vector<uint32_t> constraintA, constraintB;
    /// Twice constraintA and B, in 16 bits, when every doubled index (the dummy's included)
    /// fits; else empty. The kernels read these (less memory, and base + 2i * 8 addresses a
    /// 16-byte particle without a shift).
    std::vector<uint16_t> constraintA16, constraintB16;
    std::vector<float> restLength;
    /// Stretch and shear: the mean painted StiffnessScale of the two ends; bend: the mean
    /// BendScale of the hinge edge the pair spans.
    std::vector<float> stiffnessScale;
    /// kStretch (mesh edge), kShear (across a quad's diagonal), kBend (across another edge)
    /// or kPadding; the mass-spring model gives each kind its own spring constant.
    std::vector<uint8_t> constraintKind;
    std::vector<ConstraintColour> stretchColours; ///< mesh edges
    std::vector<ConstraintColour> bendColours;    ///< across neighbouring triangles

    // The order the solver runs them in. The mesh is cut into `regionCount` regions of equal
    // vertex counts: slabs along the rest pose's longest axis, or runs of consecutive vertex
    // indices when these cut no more constraints (better for the cache). Phase 0 holds one block per region
    // (the constraints inside it: bend colours, then stretch colours, so that stretch, which
    // shows most, is solved last); phases 1 and 2 the
    // constraints between neighbouring slabs (even, then odd boundaries, so the blocks of a
    // phase share no vertex); a last phase the few constraints spanning more than two slabs.
    // Each thread takes the blocks of its slab and waits only for blocks sharing vertices with
    // them (no barrier per colour or phase); any thread count gives each constraint the same values.
    std::vector<ConstraintColour> solveColours; ///< every colour range, in solve order
    std::vector<ConstraintBlock> blocks;
    std::vector<SolverPhase> phases;
    uint32_t regionCount = 1;
    std::vector<uint32_t> region; ///< per vertex, its region
    uint32_t stretchConstraintCount = 0; ///< real (unpadded) counts
    uint32_t bendConstraintCount = 0;

    // Tethers and hard constraints, from the shortest-path forest over the mesh edges rooted at
    // the fixed vertices. Per vertex; kNone where no fixed vertex is reachable.
    std::vector<uint32_t> tetherAnchor; ///< nearest fixed vertex along the mesh
    std::vector<float> tetherLength;    ///< geodesic rest distance to it, metres
    /// The next vertex towards the fixed vertices; where the path rises, the neighbour nearer
    /// them most straight above (see shortestPathForest in cloth_data.cpp).
    std::vector<uint32_t> hardParent;
    std::vector<float> hardRestLength;  ///< rest length of the edge to hardParent
    std::vector<uint32_t> hardDepth;    ///< edges from the tree's fixed root (0 for fixed vertices)
    std::vector<uint32_t> hardTree;     ///< index of the tree (one per fixed vertex), or kNone

    std::vector<uint32_t> indices; ///< triangles, for normals and the skin map
    /// A soft body's tetrahedra (four indices each; their edges are stretch constraints and
    /// each keeps its volume); empty for cloth.
    std::vector<uint32_t> tetrahedra;
    /// Mesh edges (pairs, a < b) as in the stretch group, for measuring stretch.
    std::vector<uint32_t> edges;
};

/// Builds the shared data. Throws InputError for an inconsistent mesh (indices out of range,
/// channel sizes that do not match, non-finite positions) or masses that are not positive.
std::shared_ptr<const ClothData> buildClothData(const PhysicsMesh &mesh,
                                                const ClothBuildOptions &options = {});

/// A copy of `data` with newly painted per-vertex channels (physics-mesh vertices; an empty
/// channel takes its default): Max Distance, backstop, stiffness, damping, wind and mass scales,
/// and what follows from them (fixed flags, masses, per-constraint stiffness, tethers and hard
/// constraints). Topology and constraints are kept; masks are not used by the solver. Throws
/// InputError for a channel whose size is not vertexCount or with a negative or non-finite value.
std::shared_ptr<const ClothData> withChannels(const ClothData &data, const PaintChannels &channels);

/// Edge vertices: on an open boundary of the mesh, or with fewer than four stretch
/// constraints (mesh edges). They get the edge scales of SimulationSettings.
std::vector<uint8_t> findEdgeVertices(const std::vector<uint32_t> &indices, size_t vertexCount);

/// Mass gradient helper: per-vertex MassScale values growing linearly with the geodesic
/// distance from the free edge, from 1 at the vertices farthest from any fixed vertex to
/// `ratio` at the fixed ones (heavier near the pins keeps long garments from stretching).
/// Vertices with no fixed vertex reachable get 1. Throws InputError when ratio is not positive.
std::vector<float> massGradient(const PhysicsMesh &mesh, float ratio);

} // namespace tweed
