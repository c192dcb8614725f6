// Edits of the bone dynamics of an asset, one implementation for the editor, tweed-cli rig and
// the Python module: the upper-jacket rig (one look-at per bone, one position constraint per
// pair of bones) and the pendulum bones (one per bone). Each edit is checked as the asset
// reader checks it; a refused edit throws InputError naming the problem and changes nothing.
#pragma once

#include "tweed/asset.h"

#include <string>
#include <vector>

namespace tweed {

/// Index of the look-at on bone, or of the position constraint between bone and target (in
/// either order); -1 when there is none.
int findRigConstraint(const std::vector<RigConstraint> &rig, RigConstraintKind kind, int bone,
                      int target = -1);

/// Adds c, or replaces the look-at on its bone / the position constraint between its bones.
/// Returns its index.
size_t setRigConstraint(ClothingAsset &asset, const RigConstraint &c);

/// Removes the look-at on bone, or the position constraint between bone and target. Throws
/// InputError when there is none.
void removeRigConstraint(ClothingAsset &asset, RigConstraintKind kind, int bone, int target = -1);

/// Adds p, or replaces the pendulum on its bone. Returns its index.
size_t setPendulum(ClothingAsset &asset, const PendulumBone &p);
/// Removes the pendulum on bone; throws InputError when there is none.
void removePendulum(ClothingAsset &asset, int bone);

/// The bone of that name; throws InputError naming the option and the bone when there is none.
int rigBone(const ClothingAsset &asset, const std::string &name, const std::string &option);

/// One line per constraint and pendulum, for listings: "look_at Pad_L -> UpperArm_L at
/// [0, 0.06, 0]", "look_at Chest_L -> down", "position Chest_L <-> Chest_R (0.22 m)",
/// "pendulum Hood: 0.2 m, damping 0.1, gravity 1, cone 60 degrees".
std::vector<std::string> describeBoneDynamics(const ClothingAsset &asset);

} // namespace tweed
