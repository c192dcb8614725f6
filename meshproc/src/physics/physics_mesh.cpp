// Vertex selection, the immediate path and the dispatch of the whole generation path.
#include "mesh_internal.h"
#include "tweed/errors.h"
#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/custom_mesh.h"
#include "tweed/meshproc/holes.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/subdivide.h"
#include "tweed/meshproc/tetra_mesh.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/meshproc/weld.h"

#include <cmath>
#include <filesystem>
#include <string>

namespace tweed {

std::vector<bool> selectTriangles(const GraphicsMesh &mesh, const PaintChannels &channels,
                                  const GenerationSettings &settings)
{
    const size_t triCount = mesh.triangleCount();
    std::vector<bool> selected(triCount, true);
    if (!settings.submeshes.empty()) {
        std::fill(selected.begin(), selected.end(), false);
        for (const std::string &name : settings.submeshes) {
            const Submesh *found = nullptr;
            for (const Submesh &s : mesh.submeshes)
                if (s.name == name)
                    found = &s;
            if (!found) {
                std::string available;
                for (const Submesh &s : mesh.submeshes)
                    available += (available.empty() ? "" : ", ") + s.name;
                throw InputError("no submesh named \"" + name + "\" in mesh \"" + mesh.name +
                                 "\"; available: " + available);
            }
            for (uint32_t t = found->firstTriangle;
                 t < found->firstTriangle + found->triangleCount && t < triCount; ++t)
                selected[t] = true;
        }
    }
    // Riders follow the shell through the skin map; only shells build the physics mesh.
    for (const Submesh &s : mesh.submeshes)
        if (s.role == LayerRole::Rider)
            for (uint32_t t = s.firstTriangle; t < s.firstTriangle + s.triangleCount && t < triCount;
                 ++t)
                selected[t] = false;
    const std::vector<uint32_t> &mask = channels[MaskChannel::Physics];
    if (settings.usePhysicsMask && !mask.empty()) {
        if (mask.size() != mesh.vertexCount())
            throw InputError("the physics mask has " + std::to_string(mask.size()) +
                             " values for " + std::to_string(mesh.vertexCount()) + " vertices");
        for (size_t t = 0; t < triCount; ++t)
            for (int k = 0; k < 3; ++k)
                if (!(mask[mesh.indices[3 * t + size_t(k)]] & 1u))
                    selected[t] = false;
    }
    return selected;
}

PhysicsGeometry immediateGeometry(const GraphicsMesh &mesh, const std::vector<bool> &selected)
{
    const size_t triCount = mesh.triangleCount();
    if (!selected.empty() && selected.size() != triCount)
        throw InputError("triangle selection does not match the mesh");
    PhysicsGeometry out;
    std::vector<uint32_t> remap(mesh.vertexCount(), detail::kNone);
    for (size_t t = 0; t < triCount; ++t) {
        if (!selected.empty() && !selected[t])
            continue;
        for (int k = 0; k < 3; ++k) {
            const uint32_t g = mesh.indices[3 * t + size_t(k)];
            if (remap[g] == detail::kNone) {
                remap[g] = uint32_t(out.positions.size());
                out.positions.push_back(mesh.positions[g]);
                out.sourceVertex.push_back(g);
            }
            out.indices.push_back(remap[g]);
        }
    }
    return out;
}

void validateGenerationSettings(const GenerationSettings &s)
{
    auto distanceOk = [](float x) { return std::isfinite(x) && x >= 0; };
    if (!distanceOk(s.weldTolerance))
        throw InputError("the weld tolerance must be a finite distance of 0 or more");
    if (!distanceOk(s.targetEdgeLength))
        throw InputError("the target edge length must be a finite distance of 0 or more");
    if (!distanceOk(s.closeHolesBelow))
        throw InputError("the hole size must be a finite distance of 0 or more");
    if (!distanceOk(s.voxelSize))
        throw InputError("the voxel size must be a finite distance of 0 or more");
    if (!std::isfinite(s.isoOffset) || s.isoOffset < 0)
        throw InputError("the iso-surface offset must be a finite distance of 0 or more");
    if (!std::isfinite(s.isoContraction) || s.isoContraction < 0 || s.isoContraction > 1)
        throw InputError("the iso-surface contraction must be between 0 and 1");
    if (s.subdivisions > 4)
        throw InputError("at most 4 subdivision rounds (each multiplies the triangles by 4)");
    if (s.method == GenerationMethod::Simplify && s.targetVertices == 0 &&
        s.targetEdgeLength == 0)
        throw InputError("simplify needs a target vertex count or a target edge length above 0");
    if (s.method == GenerationMethod::Simplify && s.targetVertices > 0 && s.targetVertices < 4)
        throw InputError("a target of " + std::to_string(s.targetVertices) +
                         " vertices is too few for a cloth mesh (at least 4)");
    if (s.method == GenerationMethod::Custom && s.customMeshPath.empty())
        throw InputError("the custom method needs a mesh file");
}

PhysicsMesh generatePhysicsMesh(const GraphicsMesh &mesh, const PaintChannels &channels,
                                const Skeleton &skeleton, const GenerationSettings &settings,
                                const ProgressCallback &progress, const std::string &baseFolder)
{
    validateGenerationSettings(settings);
    reportProgress(progress, 0.0f, "selecting triangles");
    const std::vector<bool> selected = selectTriangles(mesh, channels, settings);
    std::vector<uint32_t> selectedIndices;
    for (size_t t = 0; t < selected.size(); ++t)
        if (selected[t])
            selectedIndices.insert(selectedIndices.end(), mesh.indices.begin() + long(3 * t),
                                   mesh.indices.begin() + long(3 * t + 3));
    if (selectedIndices.empty())
        throw InputError("no triangle of mesh \"" + mesh.name +
                         "\" is selected for the physics mesh (check the physics mask, the "
                         "chosen submeshes and that a shell is among them)");

    PhysicsGeometry geometry;
    reportProgress(progress, 0.1f, "building geometry");
    auto stage = [&](float from, float to) -> ProgressCallback {
        if (!progress)
            return {};
        return [&progress, from, to](float f, std::string_view what) {
            return progress(from + (to - from) * f, what);
        };
    };
    switch (settings.method) {
    case GenerationMethod::Immediate:
    case GenerationMethod::Weld:
    case GenerationMethod::Simplify: {
        geometry = settings.method == GenerationMethod::Immediate
                       ? immediateGeometry(mesh, selected)
                       : weldGeometry(mesh, selected, settings.weldTolerance);
        if (settings.closeHolesBelow > 0) {
            reportProgress(progress, 0.2f, "closing holes");
            closeHoles(geometry, {settings.closeHolesBelow, {}});
        }
        if (settings.subdivisions > 0) {
            reportProgress(progress, 0.25f, "subdividing");
            subdivide(geometry, {settings.subdivisions, SubdivisionScheme::Midpoint});
        }
        if (settings.method == GenerationMethod::Simplify) {
            SimplifySettings s;
            s.targetVertices = settings.targetVertices;
            s.targetEdgeLength = settings.targetEdgeLength;
            s.measureError = false; // measured below against the graphics surface
            simplify(geometry, s, stage(0.3f, 0.8f));
        }
        break;
    }
    case GenerationMethod::IsoSurface: {
        IsoSurfaceSettings s;
        s.voxelSize = settings.voxelSize;
        s.offset = settings.isoOffset;
        s.contraction = settings.isoContraction;
        s.simplify.targetVertices = settings.targetVertices;
        s.simplify.targetEdgeLength = settings.targetEdgeLength;
        s.simplify.measureError = false;
        geometry = isoSurface(mesh.positions, selectedIndices, boneSegments(skeleton, mesh.skin), s,
                              nullptr, stage(0.1f, 0.8f));
        break;
    }
    case GenerationMethod::Tetrahedra: {
        TetraMeshSettings s;
        s.voxelSize = settings.voxelSize;
        s.offset = settings.isoOffset;
        geometry = tetraMesh(mesh.positions, selectedIndices, s, nullptr, stage(0.1f, 0.8f));
        break;
    }
    case GenerationMethod::Custom: {
        std::string path = settings.customMeshPath;
        if (!baseFolder.empty() && !std::filesystem::path(path).is_absolute() &&
            std::filesystem::exists(std::filesystem::path(baseFolder) / path))
            path = (std::filesystem::path(baseFolder) / path).string();
        geometry = loadCustomMesh(path, settings.weldTolerance, mesh.positions, selectedIndices);
        if (settings.subdivisions > 0)
            subdivide(geometry, {settings.subdivisions, SubdivisionScheme::Midpoint});
        break;
    }
    }
    if (geometry.indices.empty())
        throw InputError("the physics mesh of \"" + mesh.name + "\" has no triangles");

    reportProgress(progress, 0.8f, "transferring weights and channels");
    PhysicsMesh physics = makePhysicsMesh(mesh, channels, skeleton, std::move(geometry), settings);
    reportProgress(progress, 0.9f, "measuring the surface error");
    const SurfaceError error =
        measureSurfaceError(physics.positions, physics.indices, mesh.positions, selectedIndices);
    physics.report.surfaceErrorMax = error.max;
    physics.report.surfaceErrorMean = error.mean;
    reportProgress(progress, 1.0f, "done");
    return physics;
}

} // namespace tweed
