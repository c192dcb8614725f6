// tweed-cli qa ASSET [--json] [--html REPORT.html] [--thresholds FILE] [--fps F] [--threads T]:
// plays every clip of the source character on every LoD of the asset, takes the measures of
// good cloth (docs/measures.md) and exits with 1 when one is over its threshold.
#include "clip_measures.h"
#include "command.h"
#include "qa_report.h"

#include "tweed/clip_simulation.h"
#include "tweed/file_io.h"
#include "tweed/meshproc/auto_setup.h"
#include "tweed/meshproc/import.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace tweed::cli {
namespace {

struct QaOptions
{
    std::string asset;
    std::string html;
    std::string thresholds;
    double fps = 60;
    int threads = 1;
    bool json = false;
};

// The measures with a threshold, in output order, and their default limits (the targets of a
// garment that reads as cloth); nullopt: reported, never failed. The volume protrusion's
// default is the asset's collision thickness.
struct Threshold
{
    const char *key;
    std::optional<double> limit;
};

std::vector<Threshold> defaultThresholds(const ClothingAsset &asset)
{
    return {{"layer_poke_through", 0.0},
            {"shell_poke_through", 0.001},
            {"body_poke_through", 0.001},
            {"max_distance_hit_share", 0.05},
            {"volume_protrusion_m", double(asset.simulation.collisionThickness)},
            {"max_stretch", 1.25},
            {"mean_max_stretch", 1.10},
            {"skinned_max_stretch", std::nullopt},
            {"penetrations", std::nullopt},
            {"nonfinite", 0.0}};
}

// The thresholds file: a JSON object of measure keys to a number >= 0 or null (no limit).
void readThresholds(const std::string &path, std::vector<Threshold> &thresholds)
{
    Json json;
    try {
        json = Json::parse(readFileBytes(path));
    } catch (const Json::exception &e) {
        throw FileError(path, std::string("not valid JSON: ") + e.what());
    }
    if (!json.is_object()) throw FileError(path, "must hold a JSON object of measure: limit");
    for (const auto &[key, value] : json.items()) {
        Threshold *t = nullptr;
        std::string known;
        for (Threshold &candidate : thresholds) {
            if (key == candidate.key) t = &candidate;
            known += (known.empty() ? "" : ", ") + std::string(candidate.key);
        }
        if (!t) throw FileError(path, "unknown measure '" + key + "' (measures: " + known + ")");
        if (value.is_null())
            t->limit.reset();
        else if (value.is_number() && value.get<double>() >= 0 &&
                 std::isfinite(value.get<double>()))
            t->limit = value.get<double>();
        else
            throw FileError(path, "'" + key + "' must be a number of at least 0 or null");
    }
}

void qa(const QaOptions &o)
{
    if (!(o.fps > 0) || !std::isfinite(o.fps) || o.fps > 1000)
        throw InputError("qa: --fps must be above 0 and at most 1000, not " + numberText(o.fps));
    requireRange("qa: --threads", o.threads, 1, 64);
    const ClothingAsset asset = loadAssetFile(o.asset);
    std::vector<Threshold> thresholds = defaultThresholds(asset);
    if (!o.thresholds.empty()) readThresholds(o.thresholds, thresholds);
    if (asset.lods.empty()) throw FileError(o.asset, "the asset has no graphics LoD to check");
    const std::string sourcePath = sourceCharacterPath(asset, o.asset);
    if (sourcePath.empty())
        throw FileError(o.asset, "the asset names no source character to take clips from");
    if (!std::filesystem::exists(sourcePath))
        throw FileError(sourcePath, "source character of " + o.asset + " not found");
    const Character character = importCharacter(sourcePath);
    const std::vector<BodyMesh> body =
        withFile(sourcePath, [&] { return bodyMeshes(asset, character); });

    // Every clip that moves, retargeted; without one (no clips, or single poses only) the
    // procedural walk, jump and spin, as Auto Setup checks them, so that both judge the same
    // motion. A skeleton without a root bone to move leaves the rest pose.
    std::vector<std::optional<AnimationClip>> clips;
    for (const AnimationClip &clip : character.clips)
        if (clip.duration > 0)
            clips.push_back(retargetClip(clip, character.skeleton, asset.skeleton));
    if (clips.empty())
        for (AnimationClip &clip : proceduralClips(asset.skeleton))
            if (!clip.tracks.empty()) clips.push_back(std::move(clip));
    if (clips.empty()) clips.push_back(std::nullopt);

    std::shared_ptr<SimThreadPool> pool;
    if (o.threads > 1) pool = std::make_shared<SimThreadPool>(o.threads);
    std::vector<QaClipReport> reports;
    bool pass = true;
    for (size_t lod = 0; lod < asset.lods.size(); ++lod) {
        const GraphicsMesh &mesh = asset.lods[lod].mesh;
        for (const std::optional<AnimationClip> &clip : clips) {
            ClipSimulationSettings settings;
            settings.framesPerSecond = o.fps;
            settings.lod = int(lod);
            settings.pool = pool;
            const AnimationClip *c = clip ? &*clip : nullptr;
            ClipSimulation run =
                withFile(o.asset, [&] { return ClipSimulation(asset, c, settings); });
            ClothMeasurer measurer = withFile(o.asset, [&] {
                return ClothMeasurer(asset, int(lod), garmentLayers(asset, int(lod)), body);
            });
            const int frames = c ? clipFramesToPlay(c->duration, o.fps) : 1;
            run.advance(); // frame 0: the cloth at rest on the first pose
            QaClipReport report;
            report.lod = int(lod);
            report.clip = c ? c->name : "(rest pose)";
            // The worst frame so far (as ClipMeasures::worstFrame), kept for the picture.
            uint64_t worstPokes = 0;
            float worstStretch = -1;
            std::vector<Vec3> graphics;
            for (int f = 1; f <= frames; ++f) {
                run.advance();
                run.instance().deformGraphics(graphics, nullptr);
                const FrameMeasures &m =
                    measurer.add(graphics, run.skinning(), run.instance(), 1.0f);
                const uint64_t pokes = m.layerPokes + m.shellPokes + m.bodyPokes;
                if (f == 1 || pokes > worstPokes ||
                    (pokes == worstPokes && m.maxStretch > worstStretch)) {
                    worstPokes = pokes;
                    worstStretch = m.maxStretch;
                    if (o.html.empty()) continue;
                    report.worstFrame.clear();
                    for (const BodyMesh &b : body) {
                        QaMesh q{{}, b.indices, false};
                        skinVertices(b.positions, b.skin, run.skinning(), q.positions);
                        report.worstFrame.push_back(std::move(q));
                    }
                    report.worstFrame.push_back({graphics, mesh.indices, true});
                }
            }
            report.measures = measurer.result();
            Json entry{{"lod", lod}, {"clip", report.clip}, {"frames", frames}};
            entry.update(measuresJson(report.measures));
            for (const Threshold &t : thresholds)
                if (t.limit && entry[t.key].get<double>() > *t.limit)
                    report.failed.push_back(t.key);
            entry["pass"] = report.failed.empty();
            entry["failed"] = report.failed;
            pass = pass && report.failed.empty();
            report.values = entry;
            reports.push_back(std::move(report));
        }
    }

    Json limits = Json::object();
    for (const Threshold &t : thresholds)
        limits[t.key] = t.limit ? Json(*t.limit) : Json(nullptr);
    if (!o.html.empty()) writeQaReport(o.html, o.asset, pass, limits, reports);
    if (o.json) {
        Json out{
            {"file", o.asset}, {"pass", pass}, {"thresholds", limits}, {"clips", Json::array()}};
        for (const QaClipReport &r : reports)
            out["clips"].push_back(r.values);
        printJson(out);
    } else {
        std::printf("%s: %s\n", o.asset.c_str(), pass ? "pass" : "FAIL");
        for (const QaClipReport &r : reports) {
            const Json &v = r.values;
            std::printf("  LoD %d %-12s %4d frames  poke-through layer %.4f%% shell %.4f%% body "
                        "%.4f%%  at Max Distance %.2f%%  stretch %.3f (mean %.3f, skinned %.3f)  "
                        "volumes out %.4f m  penetrations %.2f  non-finite %.2f\n",
                        r.lod, r.clip.c_str(), v["frames"].get<int>(),
                        100 * v["layer_poke_through"].get<double>(),
                        100 * v["shell_poke_through"].get<double>(),
                        100 * v["body_poke_through"].get<double>(),
                        100 * v["max_distance_hit_share"].get<double>(),
                        v["max_stretch"].get<double>(), v["mean_max_stretch"].get<double>(),
                        v["skinned_max_stretch"].get<double>(),
                        v["volume_protrusion_m"].get<double>(), v["penetrations"].get<double>(),
                        v["nonfinite"].get<double>());
            for (const std::string &key : r.failed)
                std::fprintf(stderr, "%s: LoD %d clip %s: %s %g is over its threshold %g\n",
                             o.asset.c_str(), r.lod, r.clip.c_str(), key.c_str(),
                             v[key].get<double>(), limits[key].get<double>());
        }
    }
    if (!pass) setExitCode(1);
}

const bool registered = registerCommand("qa", [](CLI::App &app) {
    auto *cmd = app.add_subcommand(
        "qa",
        "Play every clip on every LoD, measure, and fail when a measure is over its threshold");
    auto o = std::make_shared<QaOptions>();
    cmd->add_option("ASSET", o->asset, "Asset (.tweed or .tweedc)")->required();
    cmd->add_flag("--json", o->json, "Machine-readable output");
    cmd->add_option("--html", o->html, "Write a self-contained HTML report with plots");
    cmd->add_option("--thresholds", o->thresholds,
                    "JSON file of measure: limit (null: no limit) replacing the defaults");
    cmd->add_option("--fps", o->fps, "Frames per second, above 0 and at most 1000 (default 60)");
    cmd->add_option("--threads", o->threads, "Solver threads, 1 to 64 (default 1)");
    cmd->callback([o] { qa(*o); });
});

} // namespace
} // namespace tweed::cli
