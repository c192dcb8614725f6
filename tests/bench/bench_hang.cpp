// The "hang" scenario of BENCHMARKS.md: an N x N cloth, 1 cm apart, hanging in the z = 0 plane
// from its pinned top row, every other vertex 1 kg, pushed by a static sphere of radius 0.25 L
// at (0, -0.1 L, 0.2 L). L = (N - 1) cm; the cloth spans x in [-L/2, L/2] and y in [0, L] with
// the pinned row at y = L, so the sphere pushes into the middle of its free bottom edge (with
// the pinned row at y = 0 instead, pinned vertices would sit inside the sphere and no solver
// could keep the edges next to them from stretching).
// Gravity -9.81 m/s^2, dt = 1/60 s, 10 iterations per step. Constraints: the grid's edges and
// one diagonal per quad (the triangle mesh's edges, the stretch group) and the pairs across
// every interior edge (the second diagonal and the bend pairs two vertices apart). Figure of
// merit: median step time / (N^2 x 10), collision and integration included; and the largest
// edge stretch after the run, with its edge's ends as (row, column), row 0 the pinned one.
// `--peer bullet` runs Bullet's soft body on the same vertices, masses, constraints and sphere.
// `--no-hard-limit` and `--no-tethers` turn off one of the two, `--no-hard` both.
#include "bench.h"
#include "../support/hang_scene.h"

#include "tweed/sim/cloth_instance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>


#ifdef TWEED_HAVE_BULLET
#include <BulletSoftBody/btSoftBody.h>
#include <BulletSoftBody/btSoftBodyRigidBodyCollisionConfiguration.h>
#include <BulletSoftBody/btSoftRigidDynamicsWorld.h>
#include <btBulletDynamicsCommon.h>
#endif

namespace tweed::bench {
namespace {

struct Options
{
    int n = 64;
    int threads = 1;
    int steps = 200;
    int substeps = 1;     ///< 10 iterations spent as substeps x iterations
    int iterations = 0;   ///< > 0: iterations per substep instead of 10 / substeps
    bool json = false;
    bool hard = true;     ///< the hard stretch limit
    bool tethers = true;  ///< the long-range tethers
    bool edgeChains = false; ///< the edge chains' direct solve (SimulationSettings::edgeChains)
    bool triangleCollision = false; ///< SimulationSettings::triangleCollision
    float stretchLimit = SimulationSettings{}.stretchLimit; ///< the hard limit's length / rest
    float compressionLimit = 1.0f; ///< both groups' compression limit (1: the default, none)
    float stretchCompliance = -1, bendCompliance = -1; ///< < 0: the scenario's
    uint32_t lanes = 0; ///< at most this many kernel lanes (4 SSE2, 8 AVX2, 16 AVX-512; 0 widest)
    std::string peer;     ///< "" for Tweed, "bullet"
};

struct Result
{
    double nsPerVertexIteration = 0;
    double cpuNsPerVertexIteration = 0; ///< process CPU time (all threads) per step, mean over the run
    double medianStepMs = 0;
    float maxStretch = 0;
    int maxStretchAt[4] = {0, 0, 0, 0}; ///< the most stretched edge's ends as row, column
    double constraintsPerVertex = 0;
    int threadsUsed = 1; ///< the pool's threads the cloth runs on (a small one uses fewer)
    /// FNV-1a of the final positions' bytes (Tweed only): a change that means to keep the
    /// results shows the same hash on any thread count and kernel path.
    uint64_t positionsHash = 0;
    bool finite = true;
};

// The largest edge stretch over the mesh's edges (`positions` indexed as the mesh) and where it
// sits; false when a length is not finite.
template <class Positions>
bool measureStretch(const Options &o, const PhysicsMesh &mesh, const ClothData &data,
                    const Positions &positions, Result &r)
{
    bool finite = true;
    r.maxStretch = 0;
    for (size_t e = 0; e + 1 < data.edges.size(); e += 2) {
        const uint32_t a = data.edges[e], b = data.edges[e + 1];
        const float len = distance(positions(a), positions(b));
        if (!std::isfinite(len))
            finite = false;
        const float stretch = len / distance(mesh.positions[a], mesh.positions[b]);
        if (stretch > r.maxStretch) {
            r.maxStretch = stretch;
            const int at[4] = {int(a) / o.n, int(a) % o.n, int(b) / o.n, int(b) % o.n};
            std::copy(at, at + 4, r.maxStretchAt);
        }
    }
    return finite;
}

// Runs o.steps steps, timing each on the wall clock (the median per vertex-iteration of a step)
// and the process's CPU time over all of them (the mean). The CPU time is read over the whole
// run because Linux adds another thread's time to the process clock only at that thread's next
// tick or switch: read around one step of under a millisecond, it missed the workers' share and
// read about the wall time on two threads.
template <class Step> Result timeSteps(const Options &o, Step &&step)
{
    std::vector<double> times;
    const double c0 = processCpuNow();
    for (int i = 0; i < o.steps; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        step();
        const auto t1 = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double>(t1 - t0).count());
    }
    const double cpu = (processCpuNow() - c0) / std::max(1, o.steps);
    const double vertexIterations = double(o.n) * o.n * 10;
    Result r;
    r.cpuNsPerVertexIteration = cpu * 1e9 / vertexIterations;
    r.medianStepMs = median(times) * 1e3;
    r.nsPerVertexIteration = median(times) * 1e9 / vertexIterations;
    return r;
}

Result runTweed(const Options &o)
{
    const PhysicsMesh mesh = test::hangMesh(o.n);
    auto data = test::hangClothData(mesh);
    SimulationSettings s = test::hangSettings(o.substeps, o.compressionLimit);
    if (o.iterations > 0)
        s.iterations = o.iterations;
    s.hardStretchLimit = o.hard;
    s.tethers = o.tethers;
    s.edgeChains = o.edgeChains;
    s.triangleCollision = o.triangleCollision;
    s.stretchLimit = o.stretchLimit;
    if (o.stretchCompliance >= 0)
        s.stretchCompliance = o.stretchCompliance;
    if (o.bendCompliance >= 0)
        s.bendCompliance = o.bendCompliance;
    ClothInstanceOptions options;
    options.kernelLanes = o.lanes;
    if (o.threads > 1)
        options.pool = std::make_shared<SimThreadPool>(o.threads);
    ClothInstance cloth(data, s, options);
    ClothFrame frame = test::startHang(cloth, o.n);
    Result r = timeSteps(o, [&] { cloth.update(frame); });
    const ClothMeasurements m = cloth.measure();
    const std::vector<Vec3> x = cloth.positions();
    measureStretch(o, mesh, *data, [&](uint32_t v) { return x[v]; }, r);
    r.positionsHash = 14695981039346656037ull;
    for (const Vec3 &v : x)
        for (const float f : {v.x, v.y, v.z}) {
            uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            for (int i = 0; i < 4; ++i)
                r.positionsHash = (r.positionsHash ^ ((bits >> (8 * i)) & 0xFFu)) * 1099511628211ull;
        }
    r.maxStretch = m.maxStretch; // the solver's own measure (the same edges)
    r.finite = m.nonFinite == 0;
    r.threadsUsed = cloth.threadCount();
    r.constraintsPerVertex =
        double(data->stretchConstraintCount + data->bendConstraintCount) / double(o.n * o.n);
    return r;
}

#ifdef TWEED_HAVE_BULLET
Result runBullet(const Options &o)
{
    const PhysicsMesh mesh = test::hangMesh(o.n);
    auto data = buildClothData(mesh); // the same constraint pairs
    btSoftBodyRigidBodyCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btSoftRigidDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
    world.setGravity(btVector3(0, -9.81f, 0));
    btSoftBodyWorldInfo &info = world.getWorldInfo();
    info.m_gravity = btVector3(0, -9.81f, 0);
    info.m_sparsesdf.Initialize();

    const int count = int(mesh.positions.size());
    std::vector<btVector3> x(static_cast<size_t>(count));
    std::vector<btScalar> masses(size_t(count), 1.0f);
    for (int i = 0; i < count; ++i) {
        const Vec3 &p = mesh.positions[size_t(i)];
        x[size_t(i)] = btVector3(p.x, p.y, p.z);
        if (i < o.n)
            masses[size_t(i)] = 0.0f;
    }
    auto *body = new btSoftBody(&info, count, x.data(), masses.data());
    for (size_t k = 0; k < data->constraintA.size(); ++k)
        if (data->constraintKind[k] != ClothData::kPadding)
            body->appendLink(int(data->constraintA[k]), int(data->constraintB[k]));
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
        body->appendFace(int(mesh.indices[t]), int(mesh.indices[t + 1]), int(mesh.indices[t + 2]));
    body->m_cfg.piterations = 10;
    body->m_cfg.kDP = 0.1f / 60; // the same damping share as Tweed's run
    body->getCollisionShape()->setMargin(0.001f);
    world.addSoftBody(body);

    const float L = float(o.n - 1) * 0.01f;
    btSphereShape sphereShape(0.25f * L);
    btTransform at;
    at.setIdentity();
    at.setOrigin(btVector3(0, -0.1f * L, 0.2f * L));
    btDefaultMotionState motion(at);
    btRigidBody sphere(btRigidBody::btRigidBodyConstructionInfo(0, &motion, &sphereShape));
    world.addRigidBody(&sphere);

    Result r = timeSteps(o, [&] { world.stepSimulation(1.0f / 60, 0); });
    r.finite = measureStretch(o, mesh, *data, [&](uint32_t v) {
        const btVector3 &p = body->m_nodes[int(v)].m_x;
        return Vec3{p.x(), p.y(), p.z()};
    }, r);
    r.constraintsPerVertex = double(body->m_links.size()) / double(count);
    world.removeRigidBody(&sphere);
    world.removeSoftBody(body);
    delete body;
    return r;
}
#endif

int run(const std::vector<std::string> &args)
{
    Options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "hang: %s needs a value\n", a.c_str());
                std::exit(1);
            }
            return args[++i];
        };
        if (a == "--n")
            o.n = std::stoi(next());
        else if (a == "--threads")
            o.threads = std::stoi(next());
        else if (a == "--steps")
            o.steps = std::stoi(next());
        else if (a == "--substeps")
            o.substeps = std::stoi(next());
        else if (a == "--iterations")
            o.iterations = std::stoi(next());
        else if (a == "--json")
            o.json = true;
        else if (a == "--no-hard")
            o.hard = o.tethers = false;
        else if (a == "--no-hard-limit")
            o.hard = false;
        else if (a == "--no-tethers")
            o.tethers = false;
        else if (a == "--edge-chains")
            o.edgeChains = true;
        else if (a == "--triangle-collision")
            o.triangleCollision = true;
        else if (a == "--stretch-limit")
            o.stretchLimit = std::stof(next());
        else if (a == "--compression-limit")
            o.compressionLimit = std::stof(next());
        else if (a == "--stretch-compliance" || a == "--bend-compliance") {
            const float value = std::stof(next());
            if (!(value >= 0.0f && std::isfinite(value))) {
                std::fprintf(stderr, "hang: %s needs a compliance >= 0 (m/N)\n", a.c_str());
                return 1;
            }
            (a == "--stretch-compliance" ? o.stretchCompliance : o.bendCompliance) = value;
        }
        else if (a == "--baseline-kernels")
            o.lanes = 4;
        else if (a == "--lanes")
            o.lanes = uint32_t(std::stoul(next()));
        else if (a == "--peer")
            o.peer = next();
        else {
            std::fprintf(stderr,
                         "usage: tweed-bench hang [--n N] [--threads T] [--steps S] "
                         "[--substeps 1|2|5|10 (any with --iterations)] [--iterations I] [--no-hard] [--no-hard-limit] [--no-tethers] "
                         "[--edge-chains] [--stretch-limit L] "
                         "[--compression-limit C] [--stretch-compliance C] [--bend-compliance C] "
                         "[--baseline-kernels] [--lanes 4|8|16] [--peer bullet] "
                         "[--json]\n");
            return 1;
        }
    }
    if (o.n < 4 || o.threads < 1 || o.steps < 1 || o.substeps < 1 || (o.iterations == 0 && 10 % o.substeps != 0) ||
        !(o.stretchLimit >= 1.0f && o.stretchLimit <= 2.0f) ||
        !(o.compressionLimit >= 0.0f && o.compressionLimit <= 1.0f)) {
        std::fprintf(stderr, "hang: N >= 4, threads >= 1, steps >= 1, substeps dividing 10 (any with --iterations), "
                             "stretch limit in [1, 2], compression limit in [0, 1]\n");
        return 1;
    }
    Result r;
    std::string solver = "tweed";
    const std::string kernels = clothKernelPath(o.lanes);
    if (o.peer == "bullet") {
#ifdef TWEED_HAVE_BULLET
        solver = "bullet";
        o.threads = 1;
        r = runBullet(o);
#else
        std::fprintf(stderr, "hang: built without Bullet\n");
        return 1;
#endif
    } else if (!o.peer.empty()) {
        std::fprintf(stderr, "hang: unknown peer '%s' (bullet)\n", o.peer.c_str());
        return 1;
    } else {
        r = runTweed(o);
    }
    if (o.json) {
        std::printf("{\"solver\": \"%s\", \"kernels\": \"%s\", \"n\": %d, \"threads\": %d, "
                    "\"threads_used\": %d, \"substeps\": %d, \"steps\": %d, \"compression_limit\": %.3f, "
                    "\"ns_per_vertex_iteration\": %.3f, "
                    "\"cpu_ns_per_vertex_iteration\": %.3f, \"median_step_ms\": %.4f, "
                    "\"max_stretch\": %.5f, \"max_stretch_at\": [%d, %d, %d, %d], "
                    "\"constraints_per_vertex\": %.3f, \"positions_hash\": \"%016llx\", \"finite\": %s}\n",
                    solver.c_str(), solver == "tweed" ? kernels.c_str() : "-", o.n, o.threads,
                    r.threadsUsed, o.substeps, o.steps, double(o.compressionLimit),
                    r.nsPerVertexIteration,
                    r.cpuNsPerVertexIteration, r.medianStepMs, r.maxStretch, r.maxStretchAt[0],
                    r.maxStretchAt[1], r.maxStretchAt[2], r.maxStretchAt[3], r.constraintsPerVertex,
                    static_cast<unsigned long long>(r.positionsHash), r.finite ? "true" : "false");
    } else {
        std::printf("%-7s %-5s N=%-4d threads=%d (used %d) substeps=%-2d  %8.2f ns/vertex-iteration "
                    "(cpu %.2f)  %8.3f ms/step  max stretch %.4f at (%d,%d)-(%d,%d)  "
                    "%.2f constraints/vertex  hash %016llx%s\n",
                    solver.c_str(), solver == "tweed" ? kernels.c_str() : "-", o.n, o.threads,
                    r.threadsUsed, o.substeps, r.nsPerVertexIteration,
                    r.cpuNsPerVertexIteration, r.medianStepMs, r.maxStretch, r.maxStretchAt[0],
                    r.maxStretchAt[1], r.maxStretchAt[2], r.maxStretchAt[3], r.constraintsPerVertex,
                    static_cast<unsigned long long>(r.positionsHash), r.finite ? "" : "  NON-FINITE");
    }
    return r.finite ? 0 : 2;
}

const bool registered =
    registerScenario("hang", "cloth solver: N x N hanging cloth and a sphere (BENCHMARKS.md)", run);

} // namespace
} // namespace tweed::bench
