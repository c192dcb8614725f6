// Skirt weights: one blend of bones for a whole region of garment off the body, as games rig a
// skirt or a coat's tail (to the pelvis and the mean of both thighs), so that the bones carry it
// without tearing it.
#pragma once

#include "tweed/math.h"
#include "tweed/mesh.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tweed {

/// What skirtRegionWeights chose.
struct SkirtWeights
{
    std::vector<BoneInfluence> skin; ///< the new weights, one per vertex
    std::vector<uint32_t> region;    ///< per vertex, its region's number from 1, or 0
    uint32_t regions = 0;            ///< connected regions given one blend each
};

/// Gives each region of garment off the body that the bones tear between two sibling branches
/// (a skirt between the legs) one blend of bones: the mean of the region's own weights (`skin`),
/// so that the bones move the whole region with one affine transform, a convex blend of rigid
/// ones, which never stretches it (a skirt weighted to both legs follows their mean and
/// shortens where they part instead of tearing between them). A region grows from a seed edge
/// (an edge the bones stretch) whose ends' main bones hang on two sibling branches of a common
/// bone (not a joint's bend, where one is the other's ancestor), through `movable` vertices with
/// at least 90% of their weight on those branches or the common bone. A bone the four
/// influences cannot hold gives its weight to its parent (`parents`, one per bone, -1 for a
/// root). Within `blendWidth` metres of the region's edge (along the mesh's edges from the
/// vertices that are not movable) the weights go smoothly from the vertex's own to the
/// region's. Throws InputError for mismatched sizes, a vertex or bone out of range, or a
/// negative width.
SkirtWeights skirtRegionWeights(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                                const std::vector<BoneInfluence> &skin, const std::vector<int> &parents,
                                const std::vector<uint8_t> &movable,
                                const std::vector<std::pair<uint32_t, uint32_t>> &seedEdges, float blendWidth);

/// What weightsFromLayerBeneath chose.
struct LayerWeights
{
    std::vector<BoneInfluence> skin; ///< the new weights, one per vertex
    std::vector<uint8_t> changed;    ///< per vertex, 1 where it took the weights beneath it
    uint32_t outerPieces = 0;        ///< connected pieces found lying over another piece
    uint32_t keptPieces = 0;         ///< of those, the pieces that took the weights beneath
    float stretchBefore = 1, stretchAfter = 1; ///< largest skinned stretch of the kept pieces
};

/// An outer shell is carried by the layer it lies on (a cape over a coat follows the coat, as a
/// rigger copies the coat's weights onto the cape; a rig's automatic weights may give a cape
/// behind the body to the hands instead). The connected pieces of the mesh (rest `positions`,
/// triangle `indices`) that lie on another piece (more of their vertices over its surface,
/// and of its vertices under theirs, than the other way round; surfaces face the side their
/// counter-clockwise triangles do; and more than half of their vertices over it within a tenth
/// of their own size, not around it at a distance, as a character's skin around its eyes) take, at each vertex, the weights `skin` at the closest
/// point of the pieces beneath it. A piece keeps them only where its own weights stretch one of
/// its edges beyond `limit` in some pose (`poses`: skinning matrices) and either the new weights
/// lower its largest stretch over the poses by a quarter of its excess over 1, or its own
/// weights lie mostly on other bones (a mean weightDistance above 1: a cape the rig gave to the
/// hands). A cape the rig already carries well keeps its weights. Throws InputError for
/// mismatched sizes, an index out of range or a limit below 1.
LayerWeights weightsFromLayerBeneath(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                                     const std::vector<BoneInfluence> &skin,
                                     const std::vector<std::vector<Mat4>> &poses, float limit);

} // namespace tweed
