// Internal to the cloth solver: bending as the dihedral angle between neighbouring triangles
// (APEX's ortho bending), an alternative to the distance constraints across them. Each hinge
// is an edge shared by two triangles, with the angle between their normals at rest; the
// position-based projection uses the angle's gradients of Bridson, Marino and Fedkiw,
// "Simulation of clothing with folds and wrinkles" (2003).
#pragma once

#include "particle.h"

#include <cstdint>
#include <vector>

namespace tweed::sim {

/// The signed angle (radians, -pi..pi) between the normals of triangles (a, b, c) and (b, a, d)
/// about the edge a -> b; 0 when they lie flat in one plane.
float dihedralAngle(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d);
/// Bridson et al.'s vectors u: the angle's gradients are -u[0..3] for c, d, a and b (in that
/// order). Returns false for a degenerate hinge.
bool hingeVectors(const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d, Vec3 u[4]);
/// x wrapped into -pi..pi.
float wrapAngle(float x);

class DihedralBending
{
public:
    /// The hinges of a triangle mesh: every edge shared by exactly two triangles, its rest
    /// angle taken from `rest`.
    void build(const std::vector<Vec3> &rest, const std::vector<uint32_t> &indices);
    size_t hingeCount() const { return mRestAngle.size(); }
    float restAngle(size_t hinge) const { return mRestAngle[hinge]; }

    /// One Gauss-Seidel sweep over the hinges: each moves its four particles (weighted by their
    /// inverse masses in w) a share `stiffness` (0..1) of the way back to its rest angle, times
    /// the mean of `vertexScale` (painted BendScale, may be null) over the hinge edge's ends.
    void solve(P4 *pos, float stiffness, const float *vertexScale = nullptr) const;
    /// The hinge's four vertices: the edge's a, b, then the opposite c and d.
    const uint32_t *vertices(size_t hinge) const { return &mVertices[4 * hinge]; }

private:
    std::vector<uint32_t> mVertices; ///< per hinge: edge a, b, then the opposite c and d
    std::vector<float> mRestAngle;
};

} // namespace tweed::sim
