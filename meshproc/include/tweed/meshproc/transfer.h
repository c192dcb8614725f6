// From a physics mesh's geometry to a physics mesh: bone weights, paint channels and normals
// transferred from the graphics surface, and the channel binding the editor keeps for painting.
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/physics_geometry.h"

#include <cstdint>
#include <vector>

namespace tweed {

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

} // namespace tweed
