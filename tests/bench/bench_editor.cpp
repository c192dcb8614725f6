// The editor's frame time: `tweed-bench editor [--frames N] [--rounds R] [--json] [--cache DIR]
// [--refit]`, run under a
// display (xvfb-run; add LIBGL_ALWAYS_SOFTWARE=1 for Mesa's llvmpipe). The real editor window
// (`tweed --frame-times N`, its own automation options) plays the sample's walk, once only
// playing and once simulating every frame, then plays Testwuson.X with 70 collision volumes
// fitted inside its body (tweed-cli create and volumes --auto-fit) hidden and shown in each
// look (x-ray, surface, wireframe), and simulating hidden and in x-ray; the same for the sample's
// coat with volumes fitted inside its body (playing and simulating). The looks of one character
// and mode take turns in one editor process (`--show-volumes off,xray,...`, ten frames a turn),
// so that each look's cost is measured against the volumes hidden under the same load; the
// report gives that cost as the median over rounds of each round's ratio. Beside each
// character, in the same round, the peer: a bare
// Qt3D window of the editor viewport's size drawing one rotating Phong sphere with as many
// vertices as the character's meshes (this executable started again with --peer). The fitted
// assets are kept in DIR (default ~/.cache/tweed-bench): the fit covers every clip and takes
// minutes, so only the first run (or --refit) pays for it. Each process
// reports the median interval of N frames (per look) after a second of warm-up and its CPU
// time per frame; rounds interleave the cases, and the report gives the median over rounds
// with the load average: on a shared machine compare the ratios of one run, not runs.
#include "bench.h"

#if TWEED_HAVE_EDITOR

#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DLogic/QFrameAction>
#include <Qt3DRender/QCamera>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace tweed::bench {
namespace {

struct Frames
{
    double ms = 0;    ///< median frame interval
    double cpuMs = 0; ///< process CPU time per frame
    int width = 0, height = 0;
    long vertices = 0;
    std::string renderer;
    bool ok = false;
};

// "tweed: frame times: median M ms, cpu C ms per frame, N frames, viewport WxH, V vertices
// drawn, renderer R" (the editor and the peer print the same line).
Frames parseFrames(const QString &output)
{
    static const QRegularExpression line(
        QStringLiteral("frame times: median ([0-9.]+) ms, cpu ([0-9.]+) ms per frame, [0-9]+ "
                       "frames, viewport ([0-9]+)x([0-9]+), ([0-9]+) vertices drawn, renderer "
                       "([^\\n]*)"));
    const QRegularExpressionMatch m = line.match(output);
    Frames f;
    if (!m.hasMatch())
        return f;
    f.ms = m.captured(1).toDouble();
    f.cpuMs = m.captured(2).toDouble();
    f.width = m.captured(3).toInt();
    f.height = m.captured(4).toInt();
    f.vertices = m.captured(5).toLong();
    f.renderer = m.captured(6).trimmed().toStdString();
    f.ok = true;
    return f;
}

// With several looks (`--show-volumes a,b,...`) the editor prints a line per look: "tweed:
// frame times (volumes LOOK): median M ms, cpu C ms per frame, N frames, viewport WxH, renderer
// R". The vertex count is not in it (`vertices` gives it).
Frames parseLookFrames(const QString &output, const QString &look, long vertices)
{
    static const QRegularExpression line(
        QStringLiteral("frame times \\(volumes ([a-z]+)\\): median ([0-9.]+) ms, cpu ([0-9.]+) ms "
                       "per frame, [0-9]+ frames, viewport ([0-9]+)x([0-9]+), renderer ([^\\n]*)"));
    Frames f;
    for (auto it = line.globalMatch(output); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.captured(1) != look)
            continue;
        f.ms = m.captured(2).toDouble();
        f.cpuMs = m.captured(3).toDouble();
        f.width = m.captured(4).toInt();
        f.height = m.captured(5).toInt();
        f.vertices = vertices;
        f.renderer = m.captured(6).trimmed().toStdString();
        f.ok = true;
    }
    return f;
}

double loadAverage()
{
    double load[1] = {0};
    return getloadavg(load, 1) == 1 ? load[0] : -1;
}

// Runs a program to its end (or for timeoutMs, no limit when 0); its error output (where both
// report) and exit status.
bool runProgram(const QString &program, const QStringList &args, const QString &configDir,
                QString *output, int timeoutMs = 600000)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // A fresh editor: no saved layout, preferences or autosave to recover.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), configDir + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), configDir + QStringLiteral("/cache"));
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForFinished(timeoutMs > 0 ? timeoutMs : -1)) {
        process.kill();
        process.waitForFinished();
        *output = QStringLiteral("timed out");
        return false;
    }
    *output = QString::fromLocal8Bit(process.readAll());
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

// The peer: a Qt3D window of the given size with one rotating Phong sphere of about `vertices`
// vertices (QSphereMesh has (rings + 1) * (slices + 1)), framed to fill about 60% of the
// view's height as the characters do.
int runPeer(int width, int height, long vertices, int frames, int samples)
{
    if (!qEnvironmentVariableIsSet("QT3D_RENDERER"))
        qputenv("QT3D_RENDERER", "opengl"); // the renderer the editor's viewport uses
    int argc = 1;
    char name[] = "tweed-bench";
    char *argv[] = {name, nullptr};
    QGuiApplication app(argc, argv);
    Qt3DExtras::Qt3DWindow window;
    if (samples >= 0) {
        // In the window's format and the default one, which Qt3D gives its context.
        QSurfaceFormat format = window.format();
        format.setSamples(samples);
        window.setFormat(format);
        QSurfaceFormat::setDefaultFormat(format);
    }
    window.resize(width, height);
    auto *root = new Qt3DCore::QEntity;
    auto *sphere = new Qt3DCore::QEntity(root);
    auto *mesh = new Qt3DExtras::QSphereMesh(sphere);
    const int side = std::max(3, int(std::lround(std::sqrt(double(vertices)))) - 1);
    mesh->setRings(side);
    mesh->setSlices(side);
    mesh->setRadius(1.0f);
    auto *transform = new Qt3DCore::QTransform(sphere);
    auto *material = new Qt3DExtras::QPhongMaterial(sphere);
    material->setDiffuse(QColor(190, 182, 172));
    sphere->addComponent(mesh);
    sphere->addComponent(transform);
    sphere->addComponent(material);
    window.camera()->lens()->setPerspectiveProjection(45.0f, float(width) / float(height), 0.1f,
                                                      100.0f);
    window.camera()->setPosition(QVector3D(0, 0, 4.3f));
    window.camera()->setViewCenter(QVector3D(0, 0, 0));

    QElapsedTimer clock, sinceStart;
    std::vector<double> ms;
    double cpu0 = 0;
    sinceStart.start();
    auto *frameAction = new Qt3DLogic::QFrameAction(root);
    float angle = 0;
    QObject::connect(frameAction, &Qt3DLogic::QFrameAction::triggered, &app, [&](float dt) {
        angle += 60.0f * dt;
        transform->setRotationY(angle);
        if (sinceStart.elapsed() < 1000)
            return;
        if (!clock.isValid()) {
            clock.start();
            cpu0 = processCpuNow();
            return;
        }
        ms.push_back(double(clock.nsecsElapsed()) * 1e-6);
        clock.restart();
        if (int(ms.size()) < frames)
            return;
        const double cpu = processCpuNow() - cpu0;
        std::printf("tweed-bench: frame times: median %.2f ms, cpu %.2f ms per frame, %d frames, "
                    "viewport %dx%d, %ld vertices drawn, renderer Qt3D\n",
                    median(ms), 1e3 * cpu / double(ms.size()), int(ms.size()), width, height,
                    long((side + 1) * (side + 1)));
        std::fflush(stdout);
        QCoreApplication::exit(0);
    });
    root->addComponent(frameAction);
    window.setRootEntity(root);
    window.show();
    return app.exec();
}

// Makes `target` with `create` (tweed-cli create's arguments after the character, without -o)
// and then `fit` (tweed-cli volumes' arguments after the asset). The fit covers every frame of
// every clip and takes minutes (Testwuson.X: over 20 under load), so its result is kept in
// `cacheDir`, keyed by the character file's contents and path and both argument lists, and used
// again while tweed-cli still reads it (unless `refit`).
bool makeFittedAsset(const QString &cli, const QString &character, const QStringList &create,
                     const QStringList &fit, const QString &target, const QString &cacheDir,
                     bool refit, QString *output)
{
    QFile source(character);
    if (!source.open(QIODevice::ReadOnly)) {
        *output = QStringLiteral("cannot read ") + character;
        return false;
    }
    QCryptographicHash hash(QCryptographicHash::Sha1);
    hash.addData(&source);
    // The asset names its character by a path relative to itself: one made from another copy
    // of the character (another checkout's sample) would open without it and draw nothing.
    hash.addData((QFileInfo(character).absoluteFilePath() + QLatin1Char('\0') +
                  create.join(QLatin1Char('\n')) + QLatin1Char('\0') +
                  fit.join(QLatin1Char('\n')))
                     .toUtf8());
    const QString cached = cacheDir + QLatin1Char('/') +
                           QString::fromLatin1(hash.result().toHex()) +
                           QStringLiteral(".tweed");
    const QString workDir = QFileInfo(target).absolutePath();
    QFile::remove(target);
    if (!refit && QFileInfo::exists(cached) && QFile::copy(cached, target) &&
        runProgram(cli, {QStringLiteral("volumes"), target}, workDir, output)) {
        std::fprintf(stderr, "editor: %s: the volumes fitted before (%s)\n",
                     qPrintable(QFileInfo(character).fileName()), qPrintable(cached));
        return true;
    }
    QFile::remove(target);
    std::fprintf(stderr, "editor: %s: fitting the volumes over every clip (minutes; kept in %s)\n",
                 qPrintable(QFileInfo(character).fileName()), qPrintable(cacheDir));
    if (!runProgram(cli, QStringList{QStringLiteral("create"), character, QStringLiteral("-o"), target} + create,
                    workDir, output) ||
        !runProgram(cli, QStringList{QStringLiteral("volumes"), target} + fit, workDir, output, 0))
        return false;
    if (QDir().mkpath(cacheDir)) {
        QFile::remove(cached);
        QFile::copy(target, cached);
    }
    return true;
}

struct Case
{
    const char *key, *label;
    QString file; ///< empty: the sample
    QStringList options;
    const char *look = nullptr;     ///< the volumes' look (off, xray, ...); nullptr: none given
    const char *baseline = nullptr; ///< the same case with the volumes hidden
};

// The cases that one editor process measures together: the same file and options, each with a
// look (they take turns); a case without a look is measured alone.
bool sameRun(const Case &a, const Case &b)
{
    return a.look && b.look && a.file == b.file && a.options == b.options;
}

// The vertices of an asset's character meshes (`tweed-cli info`), for the peer's sphere when the
// editor's line does not give them.
long assetVertices(const QString &cli, const QString &asset, const QString &workDir)
{
    QString output;
    if (!runProgram(cli, {QStringLiteral("info"), asset}, workDir, &output))
        return 0;
    static const QRegularExpression mesh(QStringLiteral("\\n  mesh .* ([0-9]+) vertices"));
    long vertices = 0;
    for (auto it = mesh.globalMatch(output); it.hasNext();)
        vertices += it.next().captured(1).toLong();
    return vertices;
}

int run(const std::vector<std::string> &args)
{
    int frames = 60, rounds = 3, peerSamples = -1;
    bool json = false, refit = false;
    QStringList only;
    QString cacheDir = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                       QStringLiteral("/tweed-bench");
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--frames" && i + 1 < args.size())
            frames = std::atoi(args[++i].c_str());
        else if (args[i] == "--cache" && i + 1 < args.size())
            cacheDir = QString::fromStdString(args[++i]);
        else if (args[i] == "--cases" && i + 1 < args.size())
            only = QString::fromStdString(args[++i]).split(QLatin1Char(','));
        else if (args[i] == "--peer-samples" && i + 1 < args.size())
            peerSamples = std::atoi(args[++i].c_str());
        else if (args[i] == "--refit")
            refit = true;
        else if (args[i] == "--rounds" && i + 1 < args.size())
            rounds = std::atoi(args[++i].c_str());
        else if (args[i] == "--json")
            json = true;
        else if (args[i] == "--peer" && i + 5 < args.size())
            return runPeer(std::atoi(args[i + 1].c_str()), std::atoi(args[i + 2].c_str()),
                           std::atol(args[i + 3].c_str()), std::atoi(args[i + 4].c_str()),
                           std::atoi(args[i + 5].c_str()));
        else {
            std::fprintf(stderr, "usage: tweed-bench editor [--frames N] [--rounds R] [--json] "
                                 "[--cache DIR] [--refit] [--cases KEY,...] [--peer-samples N]\n"
                                 "  --cache DIR: where the fitted assets are kept (default "
                                 "%s)\n  --refit: fit the volumes anew\n"
                                 "  --cases: only these cases (their keys, as --json names "
                                 "them)\n  --peer-samples N: the peer with N samples per pixel "
                                 "(default Qt3D's own, 4)\n",
                         qPrintable(cacheDir));
            return 1;
        }
    }
    if (frames < 5 || rounds < 1) {
        std::fprintf(stderr, "editor: --frames at least 5, --rounds at least 1\n");
        return 1;
    }
    if (!qEnvironmentVariableIsSet("DISPLAY") && !qEnvironmentVariableIsSet("WAYLAND_DISPLAY")) {
        std::fprintf(stderr, "editor: no display; run it under xvfb-run -a -s \"-screen 0 "
                             "1600x1000x24\" (with LIBGL_ALWAYS_SOFTWARE=1 for llvmpipe)\n");
        return 1;
    }
    int argc = 1;
    char name[] = "tweed-bench";
    char *argv[] = {name, nullptr};
    QCoreApplication app(argc, argv); // for QProcess
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "editor: cannot make a temporary folder\n");
        return 1;
    }
    const QString editor = QStringLiteral(TWEED_EDITOR_PATH);
    const QString cli = QStringLiteral(TWEED_CLI_PATH);
    const QString self = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();

    // Testwuson.X with volumes fitted inside its body on every bone that carries it, and the
    // sample's coat with volumes fitted inside its body.
    const QString wuson = QStringLiteral(TWEED_TESTMODELS_DIR "/X/Testwuson.X");
    const QString asset = dir.filePath(QStringLiteral("testwuson.tweed"));
    const QString sample = dir.filePath(QStringLiteral("sample.tweed"));
    QString output;
    if (!makeFittedAsset(cli, wuson, {},
                         {QStringLiteral("--auto-fit"), QStringLiteral("--body-mesh"),
                          QStringLiteral("Wuson")},
                         asset, cacheDir, refit, &output)) {
        std::fprintf(stderr, "editor: cannot make the Testwuson.X asset: %s\n", qPrintable(output));
        return 1;
    }
    if (!makeFittedAsset(cli, QStringLiteral(TWEED_SAMPLE_CHARACTER),
                         {QStringLiteral("--mesh"), QStringLiteral("Coat"), QStringLiteral("--mesh"),
                          QStringLiteral("CoatLining")},
                         {QStringLiteral("--auto-fit"), QStringLiteral("--body-mesh"),
                          QStringLiteral("Body")},
                         sample, cacheDir, refit, &output)) {
        std::fprintf(stderr, "editor: cannot make the sample asset: %s\n", qPrintable(output));
        return 1;
    }
    const QString simulate = QStringLiteral("--simulate");

    const QString count = QString::number(frames);
    std::vector<Case> cases = {
        {"sample_playing", "sample, playing", {}, {}},
        {"sample_simulating", "sample, simulating", {}, {simulate}},
        {"testwuson_volumes_off", "Testwuson.X, volumes hidden", asset, {}, "off"},
        {"testwuson_volumes_xray", "Testwuson.X, volumes x-ray", asset, {}, "xray",
         "testwuson_volumes_off"},
        {"testwuson_volumes_surface", "Testwuson.X, volumes surface", asset, {}, "surface",
         "testwuson_volumes_off"},
        {"testwuson_volumes_wireframe", "Testwuson.X, volumes wireframe", asset, {}, "wireframe",
         "testwuson_volumes_off"},
        {"testwuson_simulating_volumes_off", "Testwuson.X simulating, hidden", asset, {simulate},
         "off"},
        {"testwuson_simulating_volumes_xray", "Testwuson.X simulating, x-ray", asset, {simulate},
         "xray", "testwuson_simulating_volumes_off"},
        {"sample_volumes_off", "sample's volumes hidden", sample, {}, "off"},
        {"sample_volumes_xray", "sample's volumes x-ray", sample, {}, "xray", "sample_volumes_off"},
        {"sample_volumes_wireframe", "sample's volumes wireframe", sample, {}, "wireframe",
         "sample_volumes_off"},
        {"sample_simulating_volumes_off", "sample simulating, hidden", sample, {simulate}, "off"},
        {"sample_simulating_volumes_xray", "sample simulating, x-ray", sample, {simulate}, "xray",
         "sample_simulating_volumes_off"},
    };
    if (!only.isEmpty()) {
        std::erase_if(cases, [&only](const Case &c) {
            return !only.contains(QString::fromLatin1(c.key));
        });
        if (cases.empty()) {
            std::fprintf(stderr, "editor: --cases names no case\n");
            return 1;
        }
    }
    // Per case, and per character for the peer ("peer:" + file), the rounds' figures.
    std::map<std::string, std::vector<Frames>> results;
    const double loadBefore = loadAverage();
    std::string renderer;
    std::map<QString, long> verticesOf; // per asset, for the peer of a run of several looks
    for (int round = 0; round < rounds; ++round) {
        std::map<QString, Frames> viewOf; // the first case of each character gives the size
        for (size_t i = 0; i < cases.size(); ++i) {
            const Case &c = cases[i];
            if (std::any_of(cases.begin(), cases.begin() + std::ptrdiff_t(i),
                            [&c](const Case &o) { return sameRun(o, c); }))
                continue; // measured with an earlier case of its run
            std::vector<const Case *> run;
            QStringList looks;
            for (const Case &o : cases) {
                if (&o == &c || sameRun(o, c)) {
                    run.push_back(&o);
                    if (o.look)
                        looks << QString::fromLatin1(o.look);
                }
            }
            QStringList editorArgs = c.options;
            if (!looks.isEmpty())
                editorArgs << QStringLiteral("--show-volumes") << looks.join(QLatin1Char(','));
            editorArgs << QStringLiteral("--frame-times") << count;
            if (!c.file.isEmpty())
                editorArgs.prepend(c.file);
            runProgram(editor, editorArgs, dir.path(), &output);
            std::vector<Frames> measured;
            if (run.size() == 1) {
                measured.push_back(parseFrames(output));
            } else {
                if (!verticesOf.count(c.file))
                    verticesOf[c.file] = assetVertices(cli, c.file, dir.path());
                for (const Case *o : run)
                    measured.push_back(parseLookFrames(output, QString::fromLatin1(o->look),
                                                       verticesOf[c.file]));
            }
            for (size_t k = 0; k < run.size(); ++k) {
                const Frames &f = measured[k];
                if (!f.ok) {
                    std::fprintf(stderr, "editor: %s: no frame times from the editor:\n%s\n",
                                 run[k]->key, qPrintable(output));
                    return 1;
                }
                renderer = f.renderer;
                results[run[k]->key].push_back(f);
            }
            if (viewOf.count(c.file))
                continue;
            const Frames &f = measured.front();
            viewOf[c.file] = f;
            runProgram(self,
                       {QStringLiteral("editor"), QStringLiteral("--peer"),
                        QString::number(f.width), QString::number(f.height),
                        QString::number(f.vertices), count, QString::number(peerSamples)},
                       dir.path(), &output);
            const Frames peer = parseFrames(output);
            if (!peer.ok) {
                std::fprintf(stderr, "editor: no frame times from the Qt3D peer:\n%s\n",
                             qPrintable(output));
                return 1;
            }
            results["peer:" + c.file.toStdString()].push_back(peer);
        }
    }
    const double loadAfter = loadAverage();

    const auto medianOf = [&results](const std::string &key, double Frames::*field) {
        std::vector<double> v;
        for (const Frames &f : results[key])
            v.push_back(f.*field);
        return median(v);
    };
    // A look's cost against the volumes hidden: the median over rounds of each round's ratio
    // (both measured in the same process, taking turns), in percent.
    const auto costOf = [&results](const Case &c, double Frames::*field) {
        const std::vector<Frames> &shown = results[c.key], &hidden = results[c.baseline];
        std::vector<double> v;
        for (size_t r = 0; r < shown.size() && r < hidden.size(); ++r)
            v.push_back(100 * (shown[r].*field / hidden[r].*field - 1));
        return median(v);
    };
    if (json) {
        std::printf("{\"renderer\": \"%s\", \"frames\": %d, \"rounds\": %d, \"load_before\": "
                    "%.2f, \"load_after\": %.2f",
                    renderer.c_str(), frames, rounds, loadBefore, loadAfter);
        for (const Case &c : cases) {
            const std::string peer = "peer:" + c.file.toStdString();
            std::printf(", \"%s\": {\"ms\": %.2f, \"cpu_ms\": %.2f, \"peer_ms\": %.2f, "
                        "\"peer_cpu_ms\": %.2f, \"vertices\": %ld}",
                        c.key, medianOf(c.key, &Frames::ms), medianOf(c.key, &Frames::cpuMs),
                        medianOf(peer, &Frames::ms), medianOf(peer, &Frames::cpuMs),
                        results[c.key].front().vertices);
            if (c.baseline && results.count(c.baseline))
                std::printf(", \"%s_cost\": {\"ms_percent\": %.1f, \"cpu_percent\": %.1f}", c.key,
                            costOf(c, &Frames::ms), costOf(c, &Frames::cpuMs));
        }
        std::printf("}\n");
        return 0;
    }
    const Frames &first = results[cases.front().key].front();
    std::printf("The editor window under %s, viewport %dx%d; %d frames per run, median of %d "
                "rounds; load average %.1f before, %.1f after\n",
                renderer.c_str(), first.width, first.height, frames, rounds, loadBefore,
                loadAfter);
    std::printf("  %-32s %9s %9s | %9s %9s | %7s %7s\n", "", "ms/frame", "cpu ms", "peer ms",
                "peer cpu", "ms/peer", "cpu/peer");
    for (const Case &c : cases) {
        const std::string peer = "peer:" + c.file.toStdString();
        const double ms = medianOf(c.key, &Frames::ms), cpu = medianOf(c.key, &Frames::cpuMs);
        const double peerMs = medianOf(peer, &Frames::ms), peerCpu = medianOf(peer, &Frames::cpuMs);
        std::printf("  %-32s %9.1f %9.1f | %9.1f %9.1f | %7.2f %7.2f", c.label, ms, cpu, peerMs,
                    peerCpu, ms / peerMs, cpu / peerCpu);
        if (c.baseline && results.count(c.baseline))
            std::printf("   volumes cost %+.0f%% (cpu %+.0f%%)", costOf(c, &Frames::ms),
                        costOf(c, &Frames::cpuMs));
        std::printf("\n");
    }
    std::printf("  (peer: a bare Qt3D window of the same size, %s, one Phong sphere of as many "
                "vertices as the character:",
                peerSamples < 0 ? "Qt3D's samples per pixel"
                                : qPrintable(QStringLiteral("%1 samples per pixel").arg(peerSamples)));
    for (const auto &[key, runs] : results)
        if (key.rfind("peer:", 0) == 0)
            std::printf(" %ld", runs.front().vertices);
    std::printf(")\n");
    return 0;
}

const bool registered = registerScenario(
    "editor", "the editor window's frame time (sample playing and simulating; Testwuson.X's "
              "volumes hidden and shown) beside a bare Qt3D window of one mesh; under xvfb-run",
    run);

} // namespace
} // namespace tweed::bench

#endif
