// The sample character's garment on its own walk: the asset `tweed-cli create SAMPLE --mesh Coat
// --pin-top 0.3` makes, played through ClipSimulation (the run the player, the exports and
// `tweed-cli simulate` make) at 60 fps, the clip looping, for --frames frames after the first.
// Per frame it times the solver (ClipSimulation::advance: the pose sampled from the clip, then
// ClothInstance::update) and the skin map (ClothInstance::deformGraphics, the graphics mesh's
// positions and normals) and reports their medians, and the solver's CPU time per frame, every
// thread's (on a shared machine wall time mostly measures the neighbours): what a game pays per
// garment and frame. That CPU figure is the process's CPU time over the whole run, less the
// calling thread's own time outside the solver, per frame: Linux adds a worker's time to the
// process clock only at its next tick or switch, so a reading around each short frame misses it.
// --batch-runs reports how many of the solver's constraint batches are runs of consecutive
// particles, in the asset's vertex order and in a particle order chosen for them (see
// reportBatchRuns). --set KEY=NUMBER changes a simulation setting of the asset (by its key in
// files; true and false as 1 and 0), to measure what an option costs.
#include "bench.h"
#include "../../core/src/sim/constraint_kernels.h" // internal: the batch layouts and the kernel

#include "tweed/clip_simulation.h"
#include "tweed/meshproc/create_asset.h"
#include "tweed/errors.h"
#include "tweed/simulation_settings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <memory>
#include <string>

namespace tweed::bench {
namespace {

struct Options
{
    std::string character = TWEED_SAMPLE_CHARACTER;
    std::string mesh = "Coat";
    std::string clip = "Walk";
    int frames = 600;
    int threads = 1;
    bool json = false;
    bool batchRuns = false;
    std::vector<std::pair<const SettingField *, double>> settings; ///< --set KEY=VALUE
};

struct Result
{
    double solverMs = 0, skinningMs = 0; ///< medians per frame
    double solverCpuMs = 0; ///< the solver's CPU time per frame, every thread's, over the run
    uint32_t physicsVertices = 0;
    size_t graphicsVertices = 0;
    int threadsUsed = 1;
    float maxStretch = 0;
    uint64_t maxDistanceViolations = 0, nonFinite = 0; ///< over all frames
    /// FNV-1a of the last frame's physics positions' bytes: a change that means to keep the
    /// results shows the same hash (as the hang's).
    uint64_t positionsHash = 0;
};

/// Particle numbers (per vertex, the dummy last) in the order the solve order first reaches
/// them: for each batch of 16 constraints whose ends A are all unnumbered, those in lane order,
/// then likewise its ends B; the rest after. Such a batch is a run on both ends.
std::vector<uint32_t> firstTouchOrder(const ClothData &d)
{
    const uint32_t n = d.vertexCount;
    std::vector<uint32_t> number(n + 1, ClothData::kNone);
    number[n] = n;
    uint32_t next = 0;
    auto fresh = [&](const uint32_t *ends) {
        for (uint32_t i = 0; i < 16; ++i)
            if (ends[i] == n || number[ends[i]] != ClothData::kNone)
                return false;
        return true;
    };
    for (uint32_t k = 0; k < d.constraintA.size(); k += 16)
        for (const uint32_t *ends : {&d.constraintA[k], &d.constraintB[k]})
            if (fresh(ends))
                for (uint32_t i = 0; i < 16; ++i)
                    number[ends[i]] = next++;
    for (uint32_t v = 0; v < n; ++v)
        if (number[v] == ClothData::kNone)
            number[v] = next++;
    return number;
}

struct OrderFigures
{
    double bothEnds = 0, oneEnd = 0; ///< shares of the batches
    double kernelNs = 0;             ///< per constraint, thread CPU time
    uint64_t hash = 0;               ///< of the positions after the timed passes, per vertex
};

/// The batch layouts of the constraints with particles numbered by `number`, and the
/// distance-constraint kernel (XPBD, the widest path) over every colour from the rest pose
/// stretched by 1%, 40 passes per timing, the median of 21.
OrderFigures orderFigures(const ClothData &d, const std::vector<uint32_t> &number)
{
    const uint32_t n = d.vertexCount;
    const size_t m = d.constraintA.size();
    std::vector<uint32_t> a(m), b(m);
    std::vector<uint16_t> a16(m), b16(m);
    for (size_t i = 0; i < m; ++i) {
        a[i] = number[d.constraintA[i]];
        b[i] = number[d.constraintB[i]];
        a16[i] = uint16_t(2 * a[i]); // used only when the asset's doubled ends fit in 16 bits
        b16[i] = uint16_t(2 * b[i]);
    }
    const std::vector<uint8_t> layouts = sim::batchLayouts(a.data(), b.data(), uint32_t(m));
    OrderFigures f;
    for (uint8_t l : layouts) {
        f.bothEnds += l == sim::kRunAB || l == sim::kInterleaved ? 1 : 0;
        f.oneEnd += l == sim::kRunA || l == sim::kRunB ? 1 : 0;
    }
    f.bothEnds /= double(layouts.size());
    f.oneEnd /= double(layouts.size());
    std::vector<sim::P4> p(n + 1), start(n + 1);
    for (uint32_t v = 0; v < n; ++v) {
        const Vec3 r = d.restPositions[v] * 1.01f;
        start[number[v]] = {r.x, r.y, r.z, d.fixed[v] ? 0.0f : 1.0f};
    }
    std::vector<float> lambda(m);
    sim::ColourArgs args;
    args.p = p.data();
    args.ia = a.data();
    args.ib = b.data();
    args.ia16 = d.constraintA16.empty() ? nullptr : a16.data();
    args.ib16 = d.constraintA16.empty() ? nullptr : b16.data();
    args.rest = d.restLength.data();
    args.lambda = lambda.data();
    args.uniformParam = 1e-6f;
    std::vector<float> restSq(m), restSq3(m), weight(m);
    sim::squareRests(d.restLength.data(), 0, m, restSq.data(), restSq3.data());
    sim::weightSums(start.data(), a.data(), b.data(), m, nullptr, args.uniformParam,
                    weight.data());
    args.restSq = restSq.data();
    args.restSq3 = restSq3.data();
    args.weight = weight.data();
    args.layout = layouts.data();
    const sim::ColourKernel kernel = sim::colourKernel(true, sim::LambdaMode::Accumulate, true,
                                                       args.ia16 != nullptr, 0);
    constexpr int kPasses = 40;
    f.kernelNs = 1e9 / double(kPasses) / double(m) * medianSeconds(21, [&] {
        p = start;
        std::fill(lambda.begin(), lambda.end(), 0.0f);
        for (int pass = 0; pass < kPasses; ++pass)
            for (const ConstraintColour &c : d.solveColours)
                kernel(args, c.begin, c.end);
    }, threadCpuSeconds);
    f.hash = 1469598103934665603ull; // FNV-1a over the bits
    for (uint32_t v = 0; v < n; ++v)
        for (float x : {p[number[v]].x, p[number[v]].y, p[number[v]].z}) {
            uint32_t bits;
            std::memcpy(&bits, &x, sizeof bits);
            f.hash = (f.hash ^ bits) * 1099511628211ull;
        }
    return f;
}

/// Prints the batch figures of the asset's vertex order and of firstTouchOrder. Each particle
/// is in one run at most, and no two batches of a garment's colouring share the same 16
/// particles in the same lanes (a grid's do), so at most vertexCount / 16 of the batches' ends
/// can be runs whatever the order. Returns false when the two orders' positions differ.
bool reportBatchRuns(const ClothData &d)
{
    std::vector<uint32_t> asset(d.vertexCount + 1);
    for (uint32_t v = 0; v <= d.vertexCount; ++v)
        asset[v] = v;
    const size_t batches = d.constraintA.size() / 16;
    std::printf("%u particles, %zu batches of 16 constraints; at most %.1f%% of their ends can "
                "be runs\n",
                d.vertexCount, batches, 100.0 * double(d.vertexCount / 16) / double(2 * batches));
    const OrderFigures before = orderFigures(d, asset), after = orderFigures(d, firstTouchOrder(d));
    for (const auto &[name, f] : {std::pair{"asset order", before}, {"first-touch order", after}})
        std::printf("  %-18s runs on both ends %5.1f%%, on one end %5.1f%%; kernel %.3f ns per "
                    "constraint\n",
                    name, 100.0 * f.bothEnds, 100.0 * f.oneEnd, f.kernelNs);
    if (before.hash != after.hash)
        std::fprintf(stderr, "garment: the reordered particles end elsewhere\n");
    return before.hash == after.hash;
}

Result runGarment(const Options &o)
{
    const Character character = importCharacter(o.character);
    CreateAssetOptions create;
    create.garmentMeshes = {o.mesh};
    create.pinnedTop = 0.3f;
    ClothingAsset asset = createAsset(character, create);
    for (const auto &[field, value] : o.settings)
        field->set(asset.simulation, value);
    if (const std::vector<std::string> problems = checkSettings(asset.simulation); !problems.empty())
        throw InputError(problems.front());
    const int clipIndex = character.findClip(o.clip);
    if (clipIndex < 0)
        throw InputError("no clip '" + o.clip + "' in " + o.character);
    const AnimationClip clip =
        retargetClip(character.clips[size_t(clipIndex)], character.skeleton, asset.skeleton);
    ClipSimulationSettings settings;
    settings.framesPerSecond = 60;
    if (o.threads > 1)
        settings.pool = std::make_shared<SimThreadPool>(o.threads);
    ClipSimulation run(asset, &clip, settings);
    run.advance(); // frame 0: the cloth at rest on the first pose
    if (o.batchRuns && !reportBatchRuns(run.instance().data()))
        throw std::runtime_error("batch-runs check failed");

    using Clock = std::chrono::steady_clock;
    std::vector<double> solver, skinning;
    std::vector<Vec3> positions, normals;
    Result r;
    double outsideSolverCpu = 0; // the calling thread's, outside ClipSimulation::advance
    const double runCpu0 = processCpuNow();
    for (int f = 0; f < o.frames; ++f) {
        const auto t0 = Clock::now();
        run.advance();
        const auto t1 = Clock::now();
        const double outside0 = threadCpuNow();
        run.instance().deformGraphics(positions, &normals);
        const auto t2 = Clock::now();
        solver.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        skinning.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        const ClothMeasurements m = run.instance().measure();
        r.maxStretch = std::max(r.maxStretch, m.maxStretch);
        r.maxDistanceViolations += m.maxDistanceViolations;
        r.nonFinite += m.nonFinite;
        outsideSolverCpu += threadCpuNow() - outside0;
    }
    r.solverCpuMs = 1e3 * (processCpuNow() - runCpu0 - outsideSolverCpu) / o.frames;
    r.positionsHash = 14695981039346656037ull;
    for (const Vec3 &v : run.instance().positions())
        for (const float f : {v.x, v.y, v.z}) {
            uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            for (int i = 0; i < 4; ++i)
                r.positionsHash = (r.positionsHash ^ ((bits >> (8 * i)) & 0xFFu)) * 1099511628211ull;
        }
    r.solverMs = median(solver);
    r.skinningMs = median(skinning);
    r.physicsVertices = run.instance().data().vertexCount;
    r.graphicsVertices = positions.size();
    r.threadsUsed = run.instance().threadCount();
    return r;
}

int run(const std::vector<std::string> &args)
{
    Options o;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        const bool valued = i + 1 < args.size();
        if (a == "--character" && valued)
            o.character = args[++i];
        else if (a == "--mesh" && valued)
            o.mesh = args[++i];
        else if (a == "--clip" && valued)
            o.clip = args[++i];
        else if (a == "--frames" && valued)
            o.frames = std::atoi(args[++i].c_str());
        else if (a == "--threads" && valued)
            o.threads = std::atoi(args[++i].c_str());
        else if (a == "--json")
            o.json = true;
        else if (a == "--batch-runs")
            o.batchRuns = true;
        else if (a == "--set" && valued) {
            const std::string kv = args[++i];
            const size_t eq = kv.find('=');
            const SettingField *field = findSetting(kv.substr(0, eq));
            char *end = nullptr;
            const double value =
                eq == std::string::npos ? 0.0 : std::strtod(kv.c_str() + eq + 1, &end);
            if (!field || eq == std::string::npos || end == kv.c_str() + eq + 1 || *end) {
                std::fprintf(stderr, "garment: --set wants KEY=NUMBER with a setting's key "
                                     "(true/false as 1/0), not '%s'\n", kv.c_str());
                return 1;
            }
            o.settings.emplace_back(field, value);
        } else {
            std::fprintf(stderr, "usage: tweed-bench garment [--character FILE] [--mesh NAME] "
                                 "[--clip NAME] [--frames N] [--threads T] [--json] "
                                 "[--batch-runs] [--set KEY=NUMBER]...\n");
            return 1;
        }
    }
    if (o.frames < 1 || o.threads < 1) {
        std::fprintf(stderr, "garment: frames >= 1, threads >= 1\n");
        return 1;
    }
    Result r;
    try {
        r = runGarment(o);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "garment: %s\n", e.what());
        return 1;
    }
    if (o.json) {
        std::printf("{\"mesh\": \"%s\", \"clip\": \"%s\", \"frames\": %d, \"threads\": %d, "
                    "\"threads_used\": %d, \"physics_vertices\": %u, \"graphics_vertices\": %zu, "
                    "\"solver_ms\": %.4f, \"solver_cpu_ms\": %.4f, \"skinning_ms\": %.4f, \"ms_per_frame\": %.4f, "
                    "\"max_stretch\": %.4f, \"max_distance_violations\": %llu, "
                    "\"nonfinite\": %llu, \"positions_hash\": \"%016llx\"}\n",
                    o.mesh.c_str(), o.clip.c_str(), o.frames, o.threads, r.threadsUsed,
                    r.physicsVertices, r.graphicsVertices, r.solverMs, r.solverCpuMs, r.skinningMs,
                    r.solverMs + r.skinningMs, double(r.maxStretch),
                    static_cast<unsigned long long>(r.maxDistanceViolations),
                    static_cast<unsigned long long>(r.nonFinite),
                    static_cast<unsigned long long>(r.positionsHash));
    } else {
        std::printf("%s on %s (%u physics vertices, %d thread(s)): %.3f ms per frame, solver "
                    "%.3f (CPU %.3f) + skin map %.3f; largest stretch %.3f; hash %016llx\n",
                    o.mesh.c_str(), o.clip.c_str(), r.physicsVertices, r.threadsUsed,
                    r.solverMs + r.skinningMs, r.solverMs, r.solverCpuMs, r.skinningMs,
                    double(r.maxStretch), static_cast<unsigned long long>(r.positionsHash));
    }
    if (r.maxDistanceViolations != 0 || r.nonFinite != 0) {
        std::fprintf(stderr, "garment: %llu Max Distance violations, %llu non-finite values\n",
                     static_cast<unsigned long long>(r.maxDistanceViolations),
                     static_cast<unsigned long long>(r.nonFinite));
        return 2;
    }
    return 0;
}

const bool registered = registerScenario(
    "garment", "cloth run time: the sample's coat on its walk, solver and skin map per frame", run);

} // namespace
} // namespace tweed::bench
