// Physics mesh paths and the transfers between a graphics mesh and its physics mesh.
// Each path is a free function taking a settings struct; errors are typed (InputError).
#pragma once

#include "tweed/asset.h"
#include "tweed/progress.h"

#include <string>
#include <vector>

namespace tweed {

/// A physics mesh's geometry plus, for each physics vertex made from graphics vertices, the
/// graphics vertex it came from (kNoSource when it was created, e.g. by simplification).
struct PhysicsGeometry
{
    static constexpr uint32_t kNoSource = 0xFFFFFFFFu;
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
    std::vector<uint32_t> sourceVertex;
    /// The graphics vertices of the piece of surface each vertex stands for (those simplification
    /// collapsed into it): region[regionStart[v]] .. region[regionStart[v + 1] - 1]. Empty when
    /// not known; a vertex with a source vertex is at that vertex whatever its region.
    std::vector<uint32_t> regionStart;
    std::vector<uint32_t> region;

    size_t vertexCount() const { return positions.size(); }
    size_t triangleCount() const { return indices.size() / 3; }
};

/// Immediate: the selected graphics triangles as they are.
PhysicsGeometry immediateGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected);
/// Weld: vertices within settings.weldTolerance merged, never creating non-manifold vertices.
/// Triangles are glued across an edge only when exactly two consistently oriented, not folded
/// triangles meet there (or the graphics mesh already shared it), so coincident sheets and
/// sheets touching at a vertex stay apart. Triangles collapsed by the weld are dropped.
PhysicsGeometry weldGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected,
                             float tolerance);

/// Which graphics triangles take part: the chosen submeshes that are shells (riders follow
/// through the skin map, LayerRole) and, when asked, the Physics mask
/// (a triangle takes part when bit 0 is set on all three vertices). Throws InputError for an
/// unknown submesh name or channels of the wrong size.
std::vector<bool> selectTriangles(const GraphicsMesh &mesh, const PaintChannels &channels,
                                  const GenerationSettings &settings);

/// Completes a physics mesh from its geometry: bone weights, channels and normals transferred
/// from the graphics mesh, and the report's counts. Values follow the graphics surface, never
/// the air: a vertex with a source graphics vertex takes that vertex's values; a vertex with a
/// region (simplification) takes the values at the closest point of the graphics triangles
/// around its region; any other (iso-surface, custom mesh, subdivision) at the closest point of
/// the selected graphics surface, restricted to the part of the surface most of its physics
/// neighbours stand for when that is another part than the closest point's (parts: pieces not
/// joined by an edge or a shared position, or where the weights change sharply, by more than
/// half of the weight, across an edge). Weights and floats are interpolated barycentrically
/// (weights renormalised, the four largest kept), masks from the nearest vertex. Mesh normals: each connected component's
/// winding is turned to agree with the graphics normals (the outer side). Bone normals point away
/// from the closest bone segment of the bones that skin the garment.
PhysicsMesh makePhysicsMesh(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const Skeleton &skeleton, PhysicsGeometry geometry,
                            const GenerationSettings &settings);

/// Where each physics vertex reads the graphics mesh's paint channels: a graphics triangle's
/// corners and barycentric weights. Kept by the editor so that a brush stroke reaches the
/// physics mesh without a new closest-point search.
struct ChannelBinding
{
    std::vector<uint32_t> corners; ///< three graphics vertices per physics vertex
    std::vector<Vec3> bary;        ///< their weights, one per physics vertex
};
/// Binds physics's vertices to the closest points of the selected graphics surface (the
/// physics mesh's own generation settings select it), as makePhysicsMesh does for a vertex
/// without a source vertex or region (the part its neighbours stand for).
ChannelBinding bindChannels(const GraphicsMesh &mesh, const PaintChannels &channels,
                            const PhysicsMesh &physics);
/// The physics mesh's channels read from the graphics channels through the binding: floats
/// interpolated, masks from the nearest corner. Throws InputError when sizes do not match.
void applyChannelBinding(const ChannelBinding &binding, const PaintChannels &graphics,
                         PaintChannels &physics);

/// How a skin map is built.
struct SkinMapSettings
{
    /// A binding is "far" when the graphics vertex is more than this from its triangle, metres;
    /// 0 = half the physics mesh's mean edge length.
    float farDistance = 0.0f;
};

struct SkinMapReport
{
    uint32_t bound = 0;
    uint32_t farBindings = 0;
    float maxOffset = 0;                 ///< metres from a graphics vertex to its triangle
    std::vector<uint32_t> failedVertices; ///< no triangle with an overlapping latch mask
};

/// Binds every graphics vertex to a physics triangle (honouring latch masks: a slave vertex binds
/// only to triangles whose master mask, the union of its corners', overlaps its slave mask) and
/// fills the skin-map fields of physics.report. The binding is made against
/// computeVertexNormals(physics.positions, physics.indices); applySkinMap with the normals the
/// same function gives for the deformed physics mesh reproduces the graphics mesh at rest.
SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics);
SkinMap buildSkinMap(const GraphicsMesh &mesh, const PaintChannels &channels, PhysicsMesh &physics,
                     const SkinMapSettings &settings, SkinMapReport *report);

// ---- Measuring ---------------------------------------------------------------------------

/// Topology and triangle quality of a triangle mesh.
struct MeshQuality
{
    uint32_t vertices = 0;  ///< vertices used by triangles
    uint32_t triangles = 0;
    uint32_t components = 0;    ///< edge-connected
    uint32_t boundaryLoops = 0;
    uint32_t nonManifoldEdges = 0;    ///< edges with more than two triangles
    uint32_t nonManifoldVertices = 0; ///< vertices whose triangles form more than one fan
    float minAngleDegrees = 0;
    float edgeLengthMean = 0;   ///< metres
    float edgeLengthSpread = 0; ///< standard deviation / mean
};
MeshQuality measureMeshQuality(const std::vector<Vec3> &positions,
                               const std::vector<uint32_t> &indices);

/// Distance between two surfaces as fractions of the reference's bounding-box diagonal: the
/// largest and mean over the vertices, edge midpoints and triangle centroids of each surface to
/// the other surface (both directions). On at most maxThreads threads (0 = one per hardware
/// thread); the figures are the same on any number.
struct SurfaceError
{
    float max = 0;
    float mean = 0;
};
SurfaceError measureSurfaceError(const std::vector<Vec3> &positions,
                                 const std::vector<uint32_t> &indices,
                                 const std::vector<Vec3> &referencePositions,
                                 const std::vector<uint32_t> &referenceIndices,
                                 size_t maxThreads = 0);

/// One boundary loop: its vertices in order and its length in metres.
struct BoundaryLoop
{
    std::vector<uint32_t> vertices;
    float length = 0;
};
std::vector<BoundaryLoop> boundaryLoops(const std::vector<Vec3> &positions,
                                        const std::vector<uint32_t> &indices);

// ---- Further paths -----------------------------------------------------------------------

struct SimplifySettings
{
    uint32_t targetVertices = 0; ///< 0 = derive from targetEdgeLength
    float targetEdgeLength = 0;  ///< metres, used when targetVertices is 0
    float maxNormalChangeDegrees = 60; ///< a collapse turning a triangle more is refused
    uint32_t relaxPasses = 3;    ///< edge-flip and tangential relaxation passes after collapsing
    bool measureError = true;    ///< fill SimplifyReport::error (costs a closest-point search)
    uint32_t threads = 0;        ///< at most this many threads (the error measure too), 0 = one
                                 ///< per hardware thread; the result is the same on any number
};

struct SimplifyReport
{
    uint32_t verticesBefore = 0, verticesAfter = 0;
    uint32_t trianglesBefore = 0, trianglesAfter = 0;
    uint32_t collapses = 0;
    uint32_t flips = 0;
    SurfaceError error;
    float minAngleDegrees = 0;
    float edgeLengthSpread = 0;
};

/// Quadric error (Garland-Heckbert) edge collapse to the target, with optimal placement, boundary
/// vertices kept on their boundary, no flipped normals and no non-manifold results, then passes
/// of edge flips and tangential relaxation projected back onto the input surface. The geometry
/// is changed in place; moved vertices lose their source vertex, and each vertex gets the region
/// of the input vertices collapsed into it (their source vertices and regions). Throws InputError when neither
/// target is set or a target is negative or not finite.
SimplifyReport simplify(PhysicsGeometry &geometry, const SimplifySettings &settings,
                        const ProgressCallback &progress = {});

enum class SubdivisionScheme : uint8_t { Midpoint, Loop };

struct SubdivideSettings
{
    uint32_t rounds = 1;
    SubdivisionScheme scheme = SubdivisionScheme::Midpoint;
};

struct SubdivideReport
{
    uint32_t verticesBefore = 0, verticesAfter = 0;
    uint32_t trianglesAfter = 0;
};

/// Splits each triangle into four per round. Loop smooths interior vertices and keeps boundary
/// curves on the boundary (the cubic B-spline rule); Midpoint keeps the shape exactly.
SubdivideReport subdivide(PhysicsGeometry &geometry, const SubdivideSettings &settings);

struct CloseHolesSettings
{
    float maxLength = 0; ///< metres: loops shorter than this are closed
    std::vector<uint32_t> loops; ///< indices into boundaryLoops() closed in addition
};

struct CloseHolesReport
{
    std::vector<BoundaryLoop> loops; ///< every boundary loop before closing
    uint32_t closed = 0;
    uint32_t trianglesAdded = 0;
    float minAngleDegrees = 0; ///< smallest angle of the added triangles (0 when none added)
};

/// Closes the chosen boundary loops by ear clipping, always cutting the ear with the best
/// smallest angle; the others (a garment's real openings) stay open.
CloseHolesReport closeHoles(PhysicsGeometry &geometry, const CloseHolesSettings &settings);

/// A bone's bind-pose segment (parent joint to joint), model space.
struct BoneSegment
{
    Vec3 from, to;
};
/// The segments of the bones that skin a mesh (all bones when skin is empty).
std::vector<BoneSegment> boneSegments(const Skeleton &skeleton, const std::vector<BoneInfluence> &skin);

struct IsoSurfaceSettings
{
    float voxelSize = 0; ///< metres; 0 = 1/128 of the bounding-box diagonal
    float offset = 0;    ///< metres from the garment to the extracted surface; 0 = one voxel
    float maxLayerGap = 0; ///< metres: layers closer than this collapse to the outer one;
                           ///< 0 = 4 voxels plus twice the offset
    SimplifySettings simplify; ///< with no target: an edge length of two voxels
};

struct IsoSurfaceReport
{
    uint32_t gridX = 0, gridY = 0, gridZ = 0;
    uint32_t extractedTriangles = 0; ///< the whole shell around the garment
    uint32_t keptTriangles = 0;      ///< its outer layer, after closing gaps and removing slivers
    uint32_t droppedComponents = 0;  ///< small pieces of the outer layer left out
    SimplifyReport simplify;
    double secondsField = 0, secondsExtract = 0, secondsSimplify = 0;
};

/// One single outer layer over a (possibly multi-layered, open) garment. An unsigned distance
/// field of the triangles is extracted at the offset with surface nets, which wraps every layer
/// in a closed shell. Of that shell only the faces that look away from the body (the closest
/// bone segment; the vertical axis through the garment's centre when there are no bones) and
/// are not covered by another layer within maxLayerGap further out are kept: one open sheet
/// following the outer silhouette, whatever holes the garment has, since no inside/outside test
/// is made. Pieces under 2% of the faces are dropped, non-manifold vertices split, gaps with a
/// perimeter under 6 voxels closed (single faces the layer choice dropped, not openings), the
/// rim smoothed and the slivers that leaves collapsed or flipped; then the sheet is simplified.
/// Throws InputError for a non-positive or absurd voxel size.
PhysicsGeometry isoSurface(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                           const std::vector<BoneSegment> &body, const IsoSurfaceSettings &settings,
                           IsoSurfaceReport *report = nullptr,
                           const ProgressCallback &progress = {});

struct CustomMeshReport
{
    uint32_t vertices = 0, triangles = 0;
    SurfaceError distanceToGraphics; ///< how far the custom mesh is from the graphics surface
};

/// A physics mesh read from its own file (any format importCharacter reads; every mesh of the
/// file, welded), placed in the character's space. Throws FileError for a missing or unreadable
/// file and InputError for one without triangles.
PhysicsGeometry loadCustomMesh(const std::string &path, float weldTolerance,
                               const std::vector<Vec3> &graphicsPositions,
                               const std::vector<uint32_t> &graphicsIndices,
                               CustomMeshReport *report = nullptr);

// ---- The skinned-pose check -----------------------------------------------------------------

struct SkinnedStretchSettings
{
    double framesPerSecond = 30;    ///< samples per second of each clip
    uint32_t maxFramesPerClip = 240; ///< a longer clip is sampled at this many even times
    /// A physics edge stretched more than this times the graphics mesh's largest stretch is a
    /// defect: the weights tear the physics mesh where the graphics surface holds together.
    /// The bones stretch a physics edge that follows its graphics surface about as much as the
    /// graphics edges there (a longer chord across a joint a little more), not 1.5 times.
    float defectFactor = 1.5f;
    size_t maxListed = 5; ///< defect edges described in SkinnedStretchReport::worst
};

/// A physics edge the bones stretch: its vertices, largest stretch, where, and each vertex's
/// dominant bone.
struct StretchedEdge
{
    uint32_t a = 0, b = 0;
    float stretch = 1;
    std::string clip; ///< "procedural motion" without clips
    double time = 0;  ///< seconds into the clip
    std::vector<std::string> bones;
};

struct SkinnedStretchReport
{
    float physicsMaxStretch = 1;  ///< largest skinned length / rest length of a physics edge
    float graphicsMaxStretch = 1; ///< the same over the graphics mesh's edges
    uint32_t poses = 0;
    bool procedural = false;       ///< no clips: each bone turned alone, +-45 degrees per axis
    uint32_t defectEdges = 0;      ///< physics edges above defectFactor times the graphics figure
    std::vector<uint32_t> defectVertices; ///< their vertices, ascending
    std::vector<StretchedEdge> worst;     ///< the worst of them, worst first
    bool defect() const { return defectEdges > 0; }
};

/// The largest edge stretch the bones alone (linear-blend skinning, no solver) cause on the
/// physics mesh and on the graphics mesh, over every clip (sampled at settings.framesPerSecond,
/// at most maxFramesPerClip times each) or, without clips, a procedural motion (each bone alone
/// turned by -45 and +45 degrees about the three axes). Clips must index skeleton (see
/// retargetClip). Edges shorter than 1e-4 of the diagonal are left out. Throws InputError when
/// either mesh has no bone weights or a weight names a bone the skeleton lacks. The result is
/// the same on any number of threads.
SkinnedStretchReport measureSkinnedStretch(const Skeleton &skeleton,
                                           const std::vector<AnimationClip> &clips,
                                           const GraphicsMesh &graphics, const PhysicsMesh &physics,
                                           const SkinnedStretchSettings &settings = {});
/// One line for a user: both figures and, for a defect, the worst edges with their vertices,
/// bones, clip and time.
std::string describeSkinnedStretch(const SkinnedStretchReport &report);

/// A region where a physics mesh joins parts of the garment that the bones move apart (an
/// iso-surface wrapping a hand resting on a thigh in one shell).
struct FusedRegion
{
    std::vector<uint32_t> triangles; ///< physics triangles holding a joining edge, ascending
    std::vector<std::string> bones;  ///< the dominant bones of the joining edges' ends, sorted
    float stretch = 1;               ///< the largest stretch of its joining edges
};

/// An edge joins two parts when the bones stretch it more than this times the graphics mesh's
/// own largest stretch: beyond what the garment's surface ever does (with a little room for a
/// chord or an offset surface).
constexpr float kFusedMargin = 1.05f;

/// The regions where physics (an iso-surface or a custom mesh of graphics) joins parts of the
/// selected graphics surface that the bones move apart: edges whose ends stand for different
/// parts (pieces not joined by an edge or shared position, or split where weights change
/// sharply; see makePhysicsMesh) and that the bones stretch beyond kFusedMargin times the
/// graphics mesh's largest stretch over the same poses (as measureSkinnedStretch). Regions are
/// the triangles holding such edges, connected through shared vertices; worst first. Throws as
/// measureSkinnedStretch.
std::vector<FusedRegion> findFusedRegions(const Skeleton &skeleton,
                                          const std::vector<AnimationClip> &clips,
                                          const GraphicsMesh &graphics,
                                          const PaintChannels &channels,
                                          const PhysicsMesh &physics,
                                          const SkinnedStretchSettings &settings = {});
/// One line: its size, stretch, bones and first triangles.
std::string describeFusedRegion(const FusedRegion &region);

// ---- The whole path ----------------------------------------------------------------------

/// Throws InputError for an absurd setting (negative or non-finite tolerance, size or target,
/// simplify without a target, custom without a path).
void validateGenerationSettings(const GenerationSettings &settings);

/// Runs the path settings.method names on the selected triangles of mesh: the geometry, then
/// makePhysicsMesh, the report's measurements (surface error against the selected graphics
/// surface, smallest angle, edge-length spread) and the skin map is left to the caller.
/// A relative customMeshPath is looked up in baseFolder first, then as given.
PhysicsMesh generatePhysicsMesh(const GraphicsMesh &mesh, const PaintChannels &channels,
                                const Skeleton &skeleton, const GenerationSettings &settings,
                                const ProgressCallback &progress = {},
                                const std::string &baseFolder = {});

} // namespace tweed
