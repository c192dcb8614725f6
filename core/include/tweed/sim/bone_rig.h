// The upper-jacket rig of seed 000: look-at and position constraints that drive bones from the
// animated skeleton each frame, before the pendulum bones and the cloth, so that whatever moved
// the skeleton (animation, in-game IK) moves the jacket too.
#pragma once

#include "tweed/collision.h"
#include "tweed/math.h"

#include <vector>

namespace tweed {

/// The bone and its descendants, in skeleton order (parents come before their children).
std::vector<int> boneSubtree(const std::vector<int> &parents, int bone);

/// Turns the bones in `moved` by `correction` (a model-space transform applied on the left).
void moveBones(const std::vector<int> &moved, const Mat4 &correction,
               std::vector<Mat4> &skinning, std::vector<Mat4> &boneGlobal);

/// A rig prepared for one skeleton. Constraints run top-down: ordered by the deepest bone they
/// move (a look-at moves its bone, a position constraint both of its bones; parents come before
/// children in a skeleton), a look-at before a position constraint on the same bone, otherwise
/// in the asset's order. So a shoulder pad is aimed before the bones below it look down, and
/// the left and right bones look down before they are held at their distance.
class BoneRig
{
public:
    BoneRig() = default;
    /// bindGlobal: each bone's model-space rest matrix. Constraints whose bones are out of range
    /// or whose rest aim is undefined (the point on the bone's origin) are skipped; the load
    /// checks report them (validate.h).
    BoneRig(const std::vector<RigConstraint> &constraints, const std::vector<int> &parents,
            const std::vector<Mat4> &bindGlobal);

    bool empty() const { return mSteps.empty(); }

    /// Applies the constraints to the posed skeleton: skinning[b] * bind[b] == boneGlobal[b]
    /// before and after. down: the world's down in model space (unit).
    void apply(std::vector<Mat4> &skinning, std::vector<Mat4> &boneGlobal,
               const Vec3 &down) const;

private:
    struct Step
    {
        RigConstraint constraint;
        std::vector<int> moved;       ///< bone's subtree
        std::vector<int> movedTarget; ///< position: target's subtree
        int nested = 0;  ///< position: 1 when target is below bone, -1 when bone is below target
        Vec3 aimLocal;   ///< look-at: the rest aim in the bone's frame (straight-down aims too)
        float restDistance = 0; ///< position
    };
    std::vector<Step> mSteps;
};

/// The angle in degrees between bone's rest aim, as posed in boneGlobal, and the direction from
/// its origin to the constraint's point (or down); what a look-at brings to 0.
float lookAtError(const RigConstraint &c, const std::vector<Mat4> &bindGlobal,
                  const std::vector<Mat4> &boneGlobal, const Vec3 &down);

} // namespace tweed
