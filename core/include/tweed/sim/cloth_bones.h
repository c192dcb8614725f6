// Cloth-driven bones: bone matrices computed from simulated vertices, so a game without a cloth
// run time can play a baked simulation through ordinary skinning. Each bone has its pivot at a
// vertex, its x axis down the column (towards a second vertex) and its y axis across the row
// (towards a third vertex), orthonormalised; z = x cross y.
#pragma once

#include "tweed/math.h"

#include <cstdint>
#include <vector>

namespace tweed {

struct ClothBoneDefinition
{
    uint32_t pivot = 0;  ///< the vertex at the bone's origin
    uint32_t column = 0; ///< the next vertex down the column: the x axis
    uint32_t row = 0;    ///< a neighbour across the row: the y axis after orthonormalising
    friend bool operator==(const ClothBoneDefinition &, const ClothBoneDefinition &) = default;
};

/// The orthonormal frame (model-space matrix) of one bone. Degenerate input (coincident or
/// collinear points) falls back to a perpendicular axis instead of producing NaN.
Mat4 clothBoneFrame(const Vec3 &pivot, const Vec3 &column, const Vec3 &row);

/// Skinning matrices (current frame times the inverse of the rest frame), one per definition:
/// applied to a rest-pose vertex rigidly bound to the bone, they give its current position.
/// `frames`, when given, receives the current model-space frames (clothBoneFrame). What the run
/// time's ClothInstance::clothBoneMatrices and the offline bake (meshproc's bakeClothBones)
/// both compute, so their matrices are the same bits. Throws InputError for indices out of
/// range or arrays of different sizes.
void clothDrivenBones(const std::vector<ClothBoneDefinition> &bones,
                      const std::vector<Vec3> &restPositions,
                      const std::vector<Vec3> &currentPositions, std::vector<Mat4> &out,
                      std::vector<Mat4> *frames = nullptr);

/// Definitions for the given pivot vertices of a mesh: the column vertex is the mesh neighbour
/// most along `down`, the row vertex the neighbour most perpendicular to it. Throws InputError
/// when a pivot is out of range or has fewer than two neighbours.
std::vector<ClothBoneDefinition> makeClothBones(const std::vector<Vec3> &restPositions,
                                                const std::vector<uint32_t> &indices,
                                                const std::vector<uint32_t> &pivots,
                                                const Vec3 &down = {0, -1, 0});

} // namespace tweed
