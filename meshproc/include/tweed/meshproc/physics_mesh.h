// Making a physics mesh: which graphics triangles take part and the whole path, from the
// settings' method (immediate, weld, simplify, iso-surface, custom) to a finished physics mesh.
// Each path has its header (weld.h, simplify.h, ...); errors are typed (InputError).
#pragma once

#include "tweed/asset.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/progress.h"

#include <string>
#include <vector>

namespace tweed {

/// Immediate: the selected graphics triangles as they are.
PhysicsGeometry immediateGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected);

/// Which graphics triangles take part: the chosen submeshes that are shells (riders follow
/// through the skin map, LayerRole) and, when asked, the Physics mask
/// (a triangle takes part when bit 0 is set on all three vertices). Throws InputError for an
/// unknown submesh name or channels of the wrong size.
std::vector<bool> selectTriangles(const GraphicsMesh &mesh, const PaintChannels &channels,
                                  const GenerationSettings &settings);

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
