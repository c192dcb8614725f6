// Applying a skin map (mesh-mesh skinning): the simulated physics mesh drives the graphics mesh.
#pragma once

#include "tweed/asset.h"

#include <vector>

namespace tweed {

/// Graphics positions (and normals, when outNormals is not null, and the unit tangent
/// directions into the x, y, z of outTangents, when it is not null) from simulated physics
/// positions and normals. Vertices whose binding is kUnbound keep the values already in the
/// output arrays (the caller fills them by bone skinning first). Output arrays must have one
/// entry per binding.
void applySkinMap(const SkinMap &map, const std::vector<uint32_t> &physicsIndices,
                  const std::vector<Vec3> &physicsPositions, const std::vector<Vec3> &physicsNormals,
                  std::vector<Vec3> &outPositions, std::vector<Vec3> *outNormals,
                  std::vector<Vec4> *outTangents = nullptr);

/// APEX's tetra skinning: graphics positions (and normals, tangent directions, as in
/// applySkinMap) from the simulated positions of a soft body's vertices; `tetrahedra` has four
/// indices per tetrahedron. Vertices bound to kUnbound keep the values already in the outputs.
void applyTetraSkinMap(const SkinMap &map, const std::vector<uint32_t> &tetrahedra,
                       const std::vector<Vec3> &physicsPositions, std::vector<Vec3> &outPositions,
                       std::vector<Vec3> *outNormals, std::vector<Vec4> *outTangents = nullptr);

/// Either of the two above, as the physics mesh asks: tetra skinning for a soft body.
void applySkinMap(const SkinMap &map, const PhysicsMesh &physics,
                  const std::vector<Vec3> &physicsPositions, const std::vector<Vec3> &physicsNormals,
                  std::vector<Vec3> &outPositions, std::vector<Vec3> *outNormals,
                  std::vector<Vec4> *outTangents = nullptr);

/// Barycentric coordinates (b0, b1, b2; b3 = 1 - their sum) of p in tetrahedron (a, b, c, d),
/// outside it too (some then negative); the centroid's for a flat tetrahedron.
Vec3 tetraCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c, const Vec3 &d);
/// a*b0 + b*b1 + c*b2 + d*(1 - b0 - b1 - b2).
inline Vec3 evaluateTetraPoint(const Vec3 &bary, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                               const Vec3 &d)
{
    return d + (a - d) * bary.x + (b - d) * bary.y + (c - d) * bary.z;
}

/// The (u, v, h) coordinates of point p over triangle (a, b, c) with vertex normals
/// (na, nb, nc): the inverse of evaluateSkinPoint, found by a few Newton steps.
Vec3 skinPointCoordinates(const Vec3 &p, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                          const Vec3 &na, const Vec3 &nb, const Vec3 &nc);
/// a*u + b*v + c*(1-u-v) + h * normalize(na*u + nb*v + nc*(1-u-v)).
Vec3 evaluateSkinPoint(const Vec3 &uvh, const Vec3 &a, const Vec3 &b, const Vec3 &c,
                       const Vec3 &na, const Vec3 &nb, const Vec3 &nc);

} // namespace tweed
