// tweed-bench paint: brush latency on the 460K-triangle mesh of BENCHMARKS.md (Debian's
// assimp-testmodels Collada/human.zae welded and midpoint-subdivided twice). Times the picking
// hierarchy (build, refit, one pick), one brush dab end to end (pick, sphere query, visibility,
// dab) at 5 and 15 cm, a smoothing dab, the vertex graph, a gradient over the whole mesh and the
// mirror maps. Medians of repeats; the per-dab figures are medians over dabs at many points.
//
//   tweed-bench paint [--model FILE] [--runs N] [--dabs N] [--json]
#include "bench.h"

#include "tweed/meshproc/import.h"
#include "tweed/meshproc/paint.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/subdivide.h"
#include "tweed/meshproc/weld.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>

namespace tweed::bench {
namespace {

// The figures are this thread's CPU time: on a shared machine wall time mostly measures the
// neighbours. The run's total wall and CPU time are printed for comparison.
double medianCpuSeconds(int runs, const std::function<void()> &f)
{
    return medianSeconds(runs, f, threadCpuSeconds);
}

struct Row
{
    std::string name;
    double ms = 0;
    std::string note;
};

int run(const std::vector<std::string> &args)
{
    std::string model = "/usr/share/assimp/models/Collada/human.zae";
    int runs = 7, dabs = 200;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--model" && i + 1 < args.size())
            model = args[++i];
        else if (args[i] == "--runs" && i + 1 < args.size())
            runs = std::max(1, std::atoi(args[++i].c_str()));
        else if (args[i] == "--dabs" && i + 1 < args.size())
            dabs = std::max(1, std::atoi(args[++i].c_str()));
        else if (args[i] == "--json")
            json = true;
        else {
            std::fprintf(stderr, "unknown option %s\n", args[i].c_str());
            return 1;
        }
    }
    const auto wallStart = std::chrono::steady_clock::now();
    const double cpuStart = threadCpuNow();
    PhysicsGeometry mesh;
    try {
        // The 460K mesh exactly as the meshproc scenario makes it.
        mesh = weldGeometry(mergeAllMeshes(importCharacter(model)), {}, 0.0f);
        subdivide(mesh, {2, SubdivisionScheme::Midpoint});
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    const std::vector<Vec3> &positions = mesh.positions;
    const std::vector<uint32_t> &indices = mesh.indices;
    Vec3 lo = positions[0], hi = positions[0];
    for (const Vec3 &p : positions) {
        lo = minComponents(lo, p);
        hi = maxComponents(hi, p);
    }
    const Vec3 centre = (lo + hi) * 0.5f;
    const float diagonal = length(hi - lo);
    std::vector<Row> rows;

    SurfaceBvh bvh;
    rows.push_back({"BVH build",
                    1e3 * medianCpuSeconds(runs, [&] { bvh = SurfaceBvh(positions, indices); }), ""});
    // Refit to a deformed pose (a bend that grows with height), then back to the rest pose.
    std::vector<Vec3> bent = positions;
    for (Vec3 &p : bent)
        p.z += 0.05f * (p.y - lo.y) * (p.y - lo.y);
    {
        std::vector<double> t;
        for (int r = 0; r < runs; ++r) {
            t.push_back(threadCpuSeconds([&] { bvh.refit(bent); }));
            t.push_back(threadCpuSeconds([&] { bvh.refit(positions); }));
        }
        rows.push_back({"BVH refit", 1e3 * median(t), ""});
    }

    // Rays from a camera in front of the mesh through random points of its box; the brush
    // latencies are measured at the points these rays hit.
    const Vec3 eye = centre + Vec3{0, 0, 1.2f * diagonal};
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::vector<Vec3> directions;
    std::vector<SurfaceHit> hits;
    std::vector<double> pickTimes;
    for (int i = 0; i < 20 * dabs && int(hits.size()) < dabs; ++i) {
        const Vec3 target{lo.x + (hi.x - lo.x) * u(rng), lo.y + (hi.y - lo.y) * u(rng), centre.z};
        const Vec3 d = normalize(target - eye);
        SurfaceHit hit;
        const double t = threadCpuSeconds([&] { hit = bvh.raycast(eye, d); });
        if (hit.found()) {
            pickTimes.push_back(t);
            directions.push_back(d);
            hits.push_back(hit);
        }
    }
    if (hits.empty()) {
        std::fprintf(stderr, "paint: no ray hit the mesh\n");
        return 1;
    }
    rows.push_back(
        {"raycast pick (hit)", 1e3 * median(pickTimes), std::to_string(hits.size()) + " picks"});

    std::vector<float> values(positions.size(), 0.25f);
    const ViewPoint view{eye, normalize(centre - eye), false};
    for (const float radius : {0.05f, 0.15f}) {
        BrushSettings brush;
        brush.radius = radius;
        brush.value = 1.0f;
        brush.strength = 0.5f;
        std::vector<double> t, tSphere, tVisible;
        size_t candidates = 0, visible = 0, changed = 0;
        for (size_t i = 0; i < hits.size(); ++i) {
            std::vector<uint32_t> near, seen;
            ValueEdit edit;
            t.push_back(threadCpuSeconds([&] {
                const SurfaceHit hit = bvh.raycast(eye, directions[i]);
                tSphere.push_back(
                    threadCpuSeconds([&] { near = bvh.verticesInSphere(hit.point, radius); }));
                tVisible.push_back(
                    threadCpuSeconds([&] { seen = visibleVertices(bvh, positions, near, view); }));
                edit = brushDab(positions, values, seen, hit.point, brush);
            }));
            candidates += near.size();
            visible += seen.size();
            changed += edit.vertices.size();
        }
        char note[160];
        std::snprintf(note, sizeof note, "mean %zu in sphere, %zu visible, %zu changed",
                      candidates / hits.size(), visible / hits.size(), changed / hits.size());
        const std::string r = std::to_string(int(radius * 100 + 0.5f)) + " cm";
        rows.push_back({"brush dab end to end, " + r, 1e3 * median(t), note});
        rows.push_back({"  of which verticesInSphere, " + r, 1e3 * median(tSphere), ""});
        rows.push_back({"  of which visibleVertices, " + r, 1e3 * median(tVisible), ""});
    }

    VertexGraph graph;
    rows.push_back(
        {"vertex graph build",
         1e3 * medianCpuSeconds(runs, [&] { graph = buildVertexGraph(positions, indices); }),
         std::to_string(graph.neighbours.size()) + " neighbour entries"});

    for (const float radius : {0.05f, 0.15f}) {
        BrushSettings brush;
        brush.radius = radius;
        std::vector<double> t;
        for (size_t i = 0; i < hits.size(); ++i)
            t.push_back(threadCpuSeconds([&] {
                const SurfaceHit hit = bvh.raycast(eye, directions[i]);
                const std::vector<uint32_t> near = bvh.verticesInSphere(hit.point, radius);
                const std::vector<uint32_t> seen = visibleVertices(bvh, positions, near, view);
                (void)smoothDab(positions, values, graph, seen, hit.point, brush);
            }));
        rows.push_back(
            {"smooth dab end to end, " + std::to_string(int(radius * 100 + 0.5f)) + " cm",
             1e3 * median(t), ""});
    }

    const SurfaceHit from = hits.front(), to = hits.back();
    ValueEdit gradient;
    rows.push_back({"gradient over the whole mesh",
                    1e3 * medianCpuSeconds(std::min(runs, 5),
                                        [&] {
                                            gradient = gradientValues(positions, indices, graph,
                                                                      values, from, 0.0f, to, 1.0f);
                                        }),
                    std::to_string(gradient.vertices.size()) + " vertices changed"});
    std::vector<uint32_t> mirror;
    rows.push_back(
        {"mirror by position (x, 1e-5)",
         1e3 * medianCpuSeconds(std::min(runs, 5),
                             [&] { mirror = mirrorByPosition(positions, MirrorAxis::X, 1e-5f); }),
         std::to_string(std::count(mirror.begin(), mirror.end(), SurfaceHit::kNone)) +
             " unmatched"});
    rows.push_back({"mirror by topology (x, 1e-5)",
                    1e3 * medianCpuSeconds(std::min(runs, 3),
                                        [&] {
                                            mirror = mirrorByTopology(positions, indices, graph,
                                                                      MirrorAxis::X, 1e-5f);
                                        }),
                    std::to_string(std::count(mirror.begin(), mirror.end(), SurfaceHit::kNone)) +
                        " unmatched"});

    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    const double cpu = threadCpuNow() - cpuStart;
    if (json) {
        std::printf("{\"model\": \"%s\", \"vertices\": %zu, \"triangles\": %zu, \"rows\": [",
                    model.c_str(), positions.size(), indices.size() / 3);
        for (size_t i = 0; i < rows.size(); ++i)
            std::printf("%s{\"name\": \"%s\", \"cpu_ms\": %.5f}", i ? ", " : "",
                        rows[i].name.c_str() + rows[i].name.find_first_not_of(' '), rows[i].ms);
        std::printf("], \"wall_s\": %.2f, \"cpu_s\": %.2f}\n", wall, cpu);
        return 0;
    }
    std::printf("%s welded, midpoint-subdivided twice: %zu vertices, %zu triangles, box "
                "diagonal %.2f m; medians of thread CPU time (%d runs, %zu dabs); the whole run "
                "took %.1f s wall, %.1f s CPU\n\n",
                model.c_str(), positions.size(), indices.size() / 3, diagonal, runs, hits.size(),
                wall, cpu);
    std::printf("| %-40s | %10s | %s\n|---|---|---|\n", "operation", "ms", "");
    for (const Row &r : rows)
        std::printf("| %-40s | %10.4f | %s\n", r.name.c_str(), r.ms, r.note.c_str());
    return 0;
}

const bool registered = registerScenario(
    "paint", "painting on the 460K-triangle human: BVH, brush dab latency, smoothing, gradient",
    run);

} // namespace
} // namespace tweed::bench
