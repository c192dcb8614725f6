// tweed-bench meshproc: the physics mesh paths on Debian's assimp-testmodels Collada/human.zae
// and on that mesh midpoint-subdivided twice (about 460K triangles), side by side with
// meshoptimizer's simplifier, OpenMesh's quadric decimater and CGAL's Garland-Heckbert edge
// collapse when they are installed. The peers that build their own mesh structure (OpenMesh,
// CGAL) are timed with that construction, as Tweed is timed with its own.
//
//   tweed-bench meshproc [--model FILE] [--target N] [--runs N] [--no-large] [--no-openmesh]
//                        [--no-cgal] [--simplify-only] [--threads N] [--cpu]
//
// --simplify-only leaves out the iso-surface path and the transfers (for profiling the
// simplifiers); --threads caps Tweed's threads (0, the default: one per hardware thread);
// --cpu times Tweed's simplifier and meshoptimizer's by the CPU seconds of the calling thread
// instead of wall time (steadier on a busy machine; meaningful for Tweed with --threads 1).
#include "bench.h"

#include "tweed/asset.h"
#include "tweed/meshproc/bone_segments.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/meshproc/import.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/mesh_quality.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/subdivide.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/meshproc/weld.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

#ifdef TWEED_HAVE_MESHOPTIMIZER
#include <meshoptimizer.h>
#endif
#ifdef TWEED_HAVE_OPENMESH
#include <OpenMesh/Core/Mesh/TriMesh_ArrayKernelT.hh>
#include <OpenMesh/Tools/Decimater/DecimaterT.hh>
#include <OpenMesh/Tools/Decimater/ModNormalFlippingT.hh>
#include <OpenMesh/Tools/Decimater/ModQuadricT.hh>
#endif
#ifdef TWEED_HAVE_CGAL
#include <CGAL/Simple_cartesian.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/Surface_mesh_simplification/Policies/Edge_collapse/Bounded_normal_change_filter.h>
#include <CGAL/Surface_mesh_simplification/Policies/Edge_collapse/GarlandHeckbert_plane_policies.h>
#include <CGAL/Surface_mesh_simplification/edge_collapse.h>
#endif

namespace tweed::bench {
namespace {

struct Geometry
{
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
};

uint32_t usedVertices(const std::vector<uint32_t> &indices, size_t n)
{
    std::vector<bool> used(n, false);
    uint32_t count = 0;
    for (uint32_t i : indices)
        if (!used[i]) {
            used[i] = true;
            ++count;
        }
    return count;
}

struct Row
{
    std::string name;
    double ms = 0;
    uint32_t vertices = 0, triangles = 0;
    SurfaceError error;
    MeshQuality quality;
};

void printRow(const Row &r)
{
    std::printf("| %-34s | %9.1f | %6u | %6u | %5.2f / %5.3f | %5.1f | %5.3f | %u |\n", r.name.c_str(),
                r.ms, r.vertices, r.triangles, 1e3 * r.error.max, 1e3 * r.error.mean,
                r.quality.minAngleDegrees, r.quality.edgeLengthSpread,
                r.quality.nonManifoldEdges + r.quality.nonManifoldVertices);
    std::fflush(stdout);
}

Row measure(const std::string &name, double secondsTaken, const Geometry &input,
            const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    Row r;
    r.name = name;
    r.ms = 1e3 * secondsTaken;
    r.vertices = usedVertices(indices, positions.size());
    r.triangles = uint32_t(indices.size() / 3);
    r.error = measureSurfaceError(positions, indices, input.positions, input.indices);
    r.quality = measureMeshQuality(positions, indices);
    return r;
}

#ifdef TWEED_HAVE_CGAL
// CGAL's edge collapse with Garland-Heckbert plane quadrics (cost and optimal placement) and the
// bounded normal change filter, stopped when the vertex count reaches the target.
Geometry cgalSimplify(const Geometry &input, uint32_t target, uint32_t *rejectedFaces)
{
    using Kernel = CGAL::Simple_cartesian<double>;
    using Mesh = CGAL::Surface_mesh<Kernel::Point_3>;
    namespace SMS = CGAL::Surface_mesh_simplification;
    Mesh mesh;
    std::vector<Mesh::Vertex_index> vh;
    vh.reserve(input.positions.size());
    for (const Vec3 &p : input.positions)
        vh.push_back(mesh.add_vertex(Kernel::Point_3(p.x, p.y, p.z)));
    *rejectedFaces = 0;
    for (size_t i = 0; i < input.indices.size(); i += 3)
        if (mesh.add_face(vh[input.indices[i]], vh[input.indices[i + 1]],
                          vh[input.indices[i + 2]]) == Mesh::null_face())
            ++*rejectedFaces; // would make the mesh non-manifold
    // Each collapse removes one vertex; the predicate sees the mesh before the next one.
    const auto stop = [&mesh, target](const auto &, const auto &, std::size_t, std::size_t) {
        return mesh.number_of_vertices() <= target;
    };
    SMS::GarlandHeckbert_plane_policies<Mesh, Kernel> policies(mesh);
    SMS::edge_collapse(mesh, stop,
                       CGAL::parameters::get_cost(policies.get_cost())
                           .get_placement(policies.get_placement())
                           .filter(SMS::Bounded_normal_change_filter<>()));
    mesh.collect_garbage();
    Geometry out;
    out.positions.reserve(mesh.number_of_vertices());
    for (const Mesh::Vertex_index v : mesh.vertices()) {
        const Kernel::Point_3 &p = mesh.point(v);
        out.positions.push_back({float(p.x()), float(p.y()), float(p.z())});
    }
    for (const Mesh::Face_index f : mesh.faces())
        for (const Mesh::Vertex_index v : CGAL::vertices_around_face(mesh.halfedge(f), mesh))
            out.indices.push_back(uint32_t(v.idx()));
    return out;
}
#endif

void simplifyRows(const std::string &label, const Geometry &input, uint32_t target, int runs,
                  uint32_t threads, bool cpu, bool openMesh, bool cgal)
{
    const auto timer = cpu ? threadCpuSeconds : wallSeconds;
    std::printf("\n%s: %zu vertices, %zu triangles (smallest angle %.1f°), to %u vertices "
                "(median of %d runs%s)\n\n",
                label.c_str(), input.positions.size(), input.indices.size() / 3,
                double(measureMeshQuality(input.positions, input.indices).minAngleDegrees),
                target, runs, cpu ? ", Tweed and meshoptimizer in thread CPU ms" : "");
    std::printf("| %-34s | %9s | %6s | %6s | %13s | %5s | %5s | %s |\n", "simplifier", "ms",
                "verts", "tris", "error e-3", "min°", "sprd", "non-manifold");
    std::printf("|---|---|---|---|---|---|---|---|\n");

    // Tweed's outputs' hashes (positions and triangles), printed under the table: a change meant
    // to keep the output the same shows the same hashes.
    std::string outputHashes, phases;
    for (uint32_t relax : {0u, 3u}) {
        SimplifySettings s;
        s.targetVertices = target;
        s.relaxPasses = relax;
        s.measureError = false;
        s.threads = threads;
        PhysicsGeometry out;
        // Each phase's median over the runs (wall ms), so that a change shows where it saved.
        std::vector<double> setup, passes, exact, finish;
        const double t = medianSeconds(runs, [&] {
            out = PhysicsGeometry{input.positions, input.indices, {}};
            const SimplifyReport r = simplify(out, s);
            setup.push_back(r.secondsSetup);
            passes.push_back(r.secondsPasses);
            exact.push_back(r.secondsExact);
            finish.push_back(r.secondsFinish);
        }, timer);
        char line[200];
        std::snprintf(line, sizeof line,
                      "%s%u relax passes: set-up %.2f, passes %.2f, exact order %.2f, rest %.2f",
                      phases.empty() ? "" : "; ", relax, 1e3 * median(setup), 1e3 * median(passes),
                      1e3 * median(exact), 1e3 * median(finish));
        phases += line;
        printRow(measure(relax ? "tweed simplify (+3 relax passes)" : "tweed simplify (collapse only)",
                         t, input, out.positions, out.indices));
        const std::string bytes =
            std::string(reinterpret_cast<const char *>(out.positions.data()),
                        out.positions.size() * sizeof(Vec3)) +
            std::string(reinterpret_cast<const char *>(out.indices.data()),
                        out.indices.size() * sizeof(uint32_t));
        outputHashes += (outputHashes.empty() ? "" : ", ") + std::to_string(relax) +
                        " relax passes " + contentHash(bytes);
    }

#ifdef TWEED_HAVE_MESHOPTIMIZER
    {
        // meshoptimizer targets an index count: find the one that lands on the vertex target.
        std::vector<uint32_t> dest(input.indices.size());
        size_t targetIndices = size_t(target) * 6;
        size_t count = 0;
        for (int attempt = 0; attempt < 6; ++attempt) {
            count = meshopt_simplify(dest.data(), input.indices.data(), input.indices.size(),
                                     &input.positions[0].x, input.positions.size(), sizeof(Vec3),
                                     targetIndices, 1.0f, 0, nullptr);
            dest.resize(std::max(count, dest.size()));
            const uint32_t v = usedVertices({dest.begin(), dest.begin() + long(count)},
                                            input.positions.size());
            if (v == 0 || std::abs(int(v) - int(target)) <= int(target) / 100)
                break;
            targetIndices = size_t(double(targetIndices) * double(target) / double(v)) / 3 * 3;
        }
        const double t = medianSeconds(runs, [&] {
            count = meshopt_simplify(dest.data(), input.indices.data(), input.indices.size(),
                                     &input.positions[0].x, input.positions.size(), sizeof(Vec3),
                                     targetIndices, 1.0f, 0, nullptr);
        }, timer);
        printRow(measure("meshoptimizer meshopt_simplify", t, input, input.positions,
                         {dest.begin(), dest.begin() + long(count)}));
    }
#endif
#ifdef TWEED_HAVE_OPENMESH
    if (openMesh) {
        using Mesh = OpenMesh::TriMesh_ArrayKernelT<>;
        Mesh result;
        const double t = medianSeconds(std::min(runs, 1 + int(input.indices.size() < 300000) * 2), [&] {
            Mesh mesh;
            std::vector<Mesh::VertexHandle> vh;
            vh.reserve(input.positions.size());
            for (const Vec3 &p : input.positions)
                vh.push_back(mesh.add_vertex(Mesh::Point(p.x, p.y, p.z)));
            for (size_t i = 0; i < input.indices.size(); i += 3)
                mesh.add_face(vh[input.indices[i]], vh[input.indices[i + 1]], vh[input.indices[i + 2]]);
            mesh.request_face_normals(); // the normal-flipping module needs them
            mesh.update_face_normals();
            OpenMesh::Decimater::DecimaterT<Mesh> decimater(mesh);
            OpenMesh::Decimater::ModQuadricT<Mesh>::Handle quadric;
            OpenMesh::Decimater::ModNormalFlippingT<Mesh>::Handle flipping;
            decimater.add(quadric);
            decimater.add(flipping);
            decimater.initialize();
            decimater.decimate_to(target);
            mesh.garbage_collection();
            result = mesh;
        });
        Geometry g;
        for (auto v : result.vertices()) {
            const auto p = result.point(v);
            g.positions.push_back({p[0], p[1], p[2]});
        }
        for (auto f : result.faces())
            for (auto v : result.fv_range(f))
                g.indices.push_back(uint32_t(v.idx()));
        printRow(measure("OpenMesh Decimater (quadric+normal)", t, input, g.positions, g.indices));
    }
#else
    (void)openMesh;
#endif
#ifdef TWEED_HAVE_CGAL
    if (cgal) {
        Geometry result;
        uint32_t rejected = 0;
        const double t = medianSeconds(std::min(runs, 1 + int(input.indices.size() < 300000) * 2),
                                       [&] { result = cgalSimplify(input, target, &rejected); });
        if (rejected > 0)
            std::printf("(CGAL left out %u non-manifold input triangles)\n", rejected);
        printRow(measure("CGAL edge collapse (GH+normal)", t, input, result.positions,
                         result.indices));
    }
#else
    (void)cgal;
#endif
    std::printf("\ntweed output, %s\n", outputHashes.c_str());
    std::printf("tweed phases (median wall ms), %s\n", phases.c_str());
}

int run(const std::vector<std::string> &args)
{
    std::string model = "/usr/share/assimp/models/Collada/human.zae";
    uint32_t target = 2000;
    int runs = 5;
    bool large = true, openMesh = true, cgal = true, simplifyOnly = false, cpu = false;
    uint32_t threads = 0;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--model" && i + 1 < args.size())
            model = args[++i];
        else if (args[i] == "--target" && i + 1 < args.size())
            target = uint32_t(std::atoi(args[++i].c_str()));
        else if (args[i] == "--runs" && i + 1 < args.size())
            runs = std::max(1, std::atoi(args[++i].c_str()));
        else if (args[i] == "--threads" && i + 1 < args.size())
            threads = uint32_t(std::max(0, std::atoi(args[++i].c_str())));
        else if (args[i] == "--cpu")
            cpu = true;
        else if (args[i] == "--simplify-only")
            simplifyOnly = true;
        else if (args[i] == "--no-large")
            large = false;
        else if (args[i] == "--no-openmesh")
            openMesh = false;
        else if (args[i] == "--no-cgal")
            cgal = false;
        else {
            std::fprintf(stderr, "unknown option %s\n", args[i].c_str());
            return 1;
        }
    }
    Character character;
    try {
        character = importCharacter(model);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    const GraphicsMesh merged = mergeAllMeshes(character);
    PhysicsGeometry welded;
    const double weldSeconds =
        medianSeconds(runs, [&] { welded = weldGeometry(merged, {}, 0.0f); });
    const double weldTolSeconds =
        medianSeconds(runs, [&] { (void)weldGeometry(merged, {}, 1e-5f); });
    std::printf("%s: %zu graphics vertices, %zu triangles; weld by position %.1f ms, with "
                "tolerance 1e-5 %.1f ms -> %zu vertices\n",
                model.c_str(), merged.positions.size(), merged.indices.size() / 3,
                1e3 * weldSeconds, 1e3 * weldTolSeconds, welded.positions.size());
    Geometry human{welded.positions, welded.indices};
    simplifyRows("human", human, target, runs, threads, cpu, openMesh, cgal);

    // The iso-surface path at 1/128 of the diagonal, surface at +2 voxels, simplified to the
    // target; then the transfers onto the result.
    if (!simplifyOnly) {
        IsoSurfaceSettings iso; // voxel 0: 1/128 of the diagonal; offset 0: one voxel
        IsoSurfaceReport report;
        PhysicsGeometry layer;
        const std::vector<BoneSegment> body = boneSegments(character.skeleton, {});
        iso.simplify.targetVertices = target;
        iso.simplify.measureError = false;
        const double t = medianSeconds(runs, [&] {
            layer = isoSurface(human.positions, human.indices, body, iso, &report);
        });
        std::printf("\niso-surface path on human (voxel 1/128 of the diagonal, grid %ux%ux%u, "
                    "offset 1 voxel): %.1f ms total (field %.1f, extract %.1f, simplify %.1f); "
                    "%u shell triangles, %u kept, %zu vertices after simplifying\n",
                    report.gridX, report.gridY, report.gridZ, 1e3 * t, 1e3 * report.secondsField,
                    1e3 * report.secondsExtract, 1e3 * report.secondsSimplify,
                    report.extractedTriangles, report.keptTriangles, layer.vertexCount());

        GraphicsMesh graphics = merged;
        PhysicsGeometry simplified{human.positions, human.indices, {}};
        SimplifySettings s;
        s.targetVertices = target;
        s.measureError = false;
        simplify(simplified, s);
        PhysicsMesh pm;
        const double tt = medianSeconds(runs, [&] {
            pm = makePhysicsMesh(graphics, {}, character.skeleton, simplified, {});
        });
        SkinMap map;
        const double ts = medianSeconds(runs, [&] { map = buildSkinMap(graphics, {}, pm); });
        std::printf("transfers onto the %u-vertex mesh: weights/channels/normals %.1f ms; skin map "
                    "of %zu graphics vertices %.1f ms (%u far, %u failed, largest offset %.4f m)\n",
                    target, 1e3 * tt, graphics.positions.size(), 1e3 * ts,
                    pm.report.skinMapFarBindings, pm.report.skinMapFailures, pm.report.skinMapMaxOffset);
    }

    if (large) {
        PhysicsGeometry big = welded;
        const double subdivideSeconds =
            wallSeconds([&] { subdivide(big, {2, SubdivisionScheme::Midpoint}); });
        std::printf("\nmidpoint subdivision x2: %.1f ms\n", 1e3 * subdivideSeconds);
        // The subdivided mesh as a triangle soup (every corner its own vertex), welded again.
        GraphicsMesh soup;
        soup.positions.reserve(big.indices.size());
        for (const uint32_t v : big.indices) {
            soup.indices.push_back(uint32_t(soup.positions.size()));
            soup.positions.push_back(big.positions[v]);
        }
        PhysicsGeometry rewelded;
        const double soupSeconds = wallSeconds([&] { rewelded = weldGeometry(soup, {}, 1e-5f); });
        std::printf("weld of it as a soup of %zu vertices, tolerance 1e-5: %.1f ms -> %zu "
                    "vertices (mesh had %zu)\n",
                    soup.positions.size(), 1e3 * soupSeconds, rewelded.positions.size(),
                    big.positions.size());
        simplifyRows("human subdivided twice", {big.positions, big.indices}, target,
                     std::max(1, runs / 2), threads, cpu, openMesh, cgal);
    }
    return 0;
}

const bool registered = registerScenario(
    "meshproc", "physics mesh paths on human.zae and a 460K mesh, next to meshoptimizer/OpenMesh/CGAL",
    run);

} // namespace
} // namespace tweed::bench
