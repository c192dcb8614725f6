// Consistency checks of an asset: indices in range, finite values within their bounds, matrices
// invertible, weights summing to one, skin map valid, settings in range. safetyProblems is what
// every reader (.tweed, .tweedc, and so the C API and the editor) refuses; validateAsset adds
// the checks of tidiness for `tweed-cli validate` and the editor.
#pragma once

#include "tweed/asset.h"

#include <string>
#include <vector>

namespace tweed {

/// Largest magnitude, per axis, of a position, a skin-map coordinate, a collision volume's
/// offset or size, a painted distance or a pendulum length, in metres. A garment 100 km from its
/// model's origin is a corrupt file, and squares of such values stay far inside a float.
constexpr float kMaxCoordinate = 1e5f;
/// Largest magnitude of an inverse bind matrix element, a bone's rest scale or a pendulum's
/// gravity scale.
constexpr float kMaxMatrixEntry = 1e6f;
/// Smallest magnitude of the determinant of an inverse bind matrix's linear part: below it the
/// matrix is taken as singular.
constexpr double kMinDeterminant = 1e-12;
/// Shortest edge of a physics triangle, metres: rest lengths divide.
constexpr float kMinEdgeLength = 1e-6f;
/// How far the bone weights of a vertex may sum away from 1.
constexpr double kWeightSumTolerance = 1e-3;

/// Every problem found, each a sentence naming where ("lod 0: vertex 12: weights sum to 0.7").
/// Empty when the asset is consistent. Starts with safetyProblems' list.
std::vector<std::string> validateAsset(const ClothingAsset &asset);

/// The checks that make an asset safe to simulate, which both file readers enforce:
/// structuralProblems, plus every number finite and within its range (settings within their
/// documented ranges, enumerations known), positions and skin-map coordinates within
/// kMaxCoordinate, inverse bind matrices invertible, bone weights non-negative and summing to
/// 1, painted values non-negative, physics triangles without repeated vertices or edges shorter
/// than kMinEdgeLength, so the solver and the skinning get finite input. Empty
/// when the asset is safe.
std::vector<std::string> safetyProblems(const ClothingAsset &asset);

/// The subset of safetyProblems that keeps code indexing the arrays in bounds: every index
/// (triangle vertex, weighted bone, bone parent, physics mesh, skin-map triangle, collision and
/// pendulum bone) in range, every enumeration known, every submesh inside its mesh and every
/// per-vertex array sized to its mesh, so code that indexes the arrays cannot read out of bounds.
std::vector<std::string> structuralProblems(const ClothingAsset &asset);

/// The checks of safetyProblems for collision volumes given at run time (a game's ragdoll
/// shapes): bone in range or -1, transform finite with a unit rotation, sizes positive and
/// within kMaxCoordinate. The shape must be a known one (not checked here).
std::vector<std::string> collisionVolumeProblems(const std::vector<CollisionVolume> &volumes,
                                                 size_t boneCount);

/// The reader's checks of rig constraints (bones in range and distinct, a look-at's target not
/// below the bone it turns, point finite, weight in [0, 1]), for edits made one at a time.
std::vector<std::string> rigConstraintProblems(const std::vector<RigConstraint> &rig,
                                               const Skeleton &skeleton);
/// The reader's checks of pendulum bones: bone in range, length, damping, gravity scale, cone.
std::vector<std::string> pendulumProblems(const std::vector<PendulumBone> &pendulums,
                                          size_t boneCount);

/// What a reader checks before it returns an asset, and a writer before it writes one.
enum class AssetChecks
{
    Safety,   ///< safetyProblems: the asset is safe to simulate (the default everywhere)
    Structure ///< structuralProblems only: for tools that list the problems themselves
};

/// safetyProblems or structuralProblems, as checks says.
std::vector<std::string> assetProblems(const ClothingAsset &asset, AssetChecks checks);
/// What both writers do first: throws InputError ("the asset cannot be written: " and the
/// problemSummary) when assetProblems finds any.
void checkWritable(const ClothingAsset &asset, AssetChecks checks);

/// One line for an error message: the first problem and how many more there are.
std::string problemSummary(const std::vector<std::string> &problems);

} // namespace tweed
