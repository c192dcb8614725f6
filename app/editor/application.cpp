#include "application.h"

#include "main_window.h"
#include "prompts.h"
#include "simulation/simulation_controller.h"
#include "viewport/viewport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

namespace tweed::editor {

QString sampleCharacterPath()
{
    const QString appDir = QCoreApplication::applicationDirPath();
    const QStringList candidates = {
        appDir + "/../share/tweed/sample/tweed_sample.gltf",  // installed
        appDir + "/../../resources/sample/tweed_sample.gltf", // build/app/tweed in the repository
        QStringLiteral(TWEED_SAMPLE_CHARACTER),               // where this build found it
    };
    for (const QString &path : candidates)
        if (QFileInfo::exists(path)) return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    return {};
}

namespace {

double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// The editor's command line: its options, described in the language of the running
/// application.
struct CommandLine
{
    QCommandLineParser parser;
    const QCommandLineOption screenshot{
        "screenshot",
        QCoreApplication::translate("main",
                                    "Render, save a picture of the window to <path>, quit."),
        "path"};
    const QCommandLineOption startupReport{
        "startup-report",
        QCoreApplication::translate("main", "Print the start-up times to the error output.")};
    const QCommandLineOption empty{
        "empty", QCoreApplication::translate("main", "Start without opening a file.")};
    const QCommandLineOption frameTimes{
        "frame-times",
        QCoreApplication::translate("main",
                                    "Play the walk, print the median time of <count> frames "
                                    "and the CPU time per frame, quit."),
        "count"};
    const QCommandLineOption simulate{
        "simulate", QCoreApplication::translate(
                        "main", "Simulate while playing (every frame, without the cache).")};
    const QCommandLineOption volumes{
        "show-volumes",
        QCoreApplication::translate(
            "main", "Show the collision volumes (xray, surface or wireframe) or hide them (off). "
                    "With --frame-times, several looks separated by commas take turns every 10 "
                    "frames, each reported on a line of its own."),
        "look"};

    CommandLine()
    {
        parser.setApplicationDescription(
            QCoreApplication::translate("main", "Authoring tool for game character clothing."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addPositionalArgument(
            "file", QCoreApplication::translate("main",
                                                "A character file or a .tweed asset to open; "
                                                "the sample character when none is given."));
        for (const QCommandLineOption *option :
             {&screenshot, &startupReport, &empty, &frameTimes, &simulate, &volumes})
            parser.addOption(*option);
    }
};

/// The prompts of a run without a user (--screenshot, --frame-times): nothing waits for a
/// click; errors and warnings go to the error output, a question gets the answer that keeps
/// the run going without touching any file (no recovery, unsaved changes discarded).
class UnattendedPrompts : public Prompts
{
public:
    QString openFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return {};
    }
    QString saveFileName(QWidget *, const QString &, const QString &, const QString &) override
    {
        return {};
    }
    UnsavedAnswer askUnsaved(QWidget *, const QString &) override { return UnsavedAnswer::Discard; }
    bool askRestore(QWidget *, const QString &) override { return false; }
    void showError(QWidget *, const QString &title, const QString &message) override
    {
        std::fprintf(stderr, "tweed: %s: %s\n", qPrintable(title), qPrintable(message));
    }
    void showWarnings(QWidget *, const QString &title, const QStringList &warnings) override
    {
        for (const QString &warning : warnings)
            std::fprintf(stderr, "tweed: %s: %s\n", qPrintable(title), qPrintable(warning));
    }
};

void nameApplication()
{
    QCoreApplication::setApplicationName("Tweed");
    QCoreApplication::setOrganizationName("Tweed");
    QCoreApplication::setApplicationVersion(TWEED_VERSION);
}

} // namespace

bool onlyPrintsHelpOrVersion(int argc, const char *const argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QLatin1String arg(argv[i]);
        if (arg == QLatin1String("--"))
            break;
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help") ||
            arg == QLatin1String("-?") || arg == QLatin1String("--help-all") ||
            arg == QLatin1String("-v") || arg == QLatin1String("--version"))
            return true;
    }
    return false;
}

int runEditor(int argc, char *argv[])
{
    // Help and version need no display: answered without a window system, so that
    // `tweed --version` works on a headless machine or over ssh.
    if (onlyPrintsHelpOrVersion(argc, argv)) {
        QCoreApplication app(argc, argv);
        nameApplication();
        CommandLine commandLine;
        commandLine.parser.process(app); // prints and exits
        return 0;
    }
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    QApplication app(argc, argv);
    nameApplication();

    CommandLine commandLine;
    QCommandLineParser &parser = commandLine.parser;
    const QCommandLineOption &screenshot = commandLine.screenshot;
    const QCommandLineOption &startupReport = commandLine.startupReport;
    const QCommandLineOption &empty = commandLine.empty;
    const QCommandLineOption &frameTimes = commandLine.frameTimes;
    const QCommandLineOption &simulate = commandLine.simulate;
    const QCommandLineOption &volumes = commandLine.volumes;
    parser.process(app);

    MainWindow window;
    // A screenshot or a frame-time run has nobody to answer a box: a file that cannot be
    // opened is reported on the error output and ends the run with exit code 1.
    const bool unattended = parser.isSet(screenshot) || parser.isSet(frameTimes);
    if (unattended)
        window.setPrompts(std::make_unique<UnattendedPrompts>());
    window.show();

    // Start-up time: launch to the first rendered frame, and to the first frame that shows the
    // opened file.
    const bool report = parser.isSet(startupReport) || parser.isSet(screenshot);
    if (report)
        std::fprintf(stderr, "tweed: renderer %s\n", qPrintable(window.viewport()->rendererLabel()));
    struct Startup
    {
        bool firstFrame = false, loaded = false, documentFrame = false;
    };
    auto startup = std::make_shared<Startup>();
    QObject::connect(window.viewport(), &Viewport::frameRendered, &window,
                     [&sinceLaunch, startup, report] {
                         const auto ms = static_cast<long long>(sinceLaunch.elapsed());
                         if (!startup->firstFrame && report)
                             std::fprintf(stderr, "tweed: first frame %lld ms after launch\n", ms);
                         startup->firstFrame = true;
                         if (startup->loaded && !startup->documentFrame && report)
                             std::fprintf(stderr,
                                          "tweed: first frame showing the file %lld ms after "
                                          "launch\n",
                                          ms);
                         startup->documentFrame = startup->documentFrame || startup->loaded;
                     });

    const QString screenshotPath = parser.isSet(screenshot) ? parser.value(screenshot) : QString();
    auto takeScreenshot = [&window, &sinceLaunch, screenshotPath] {
        // Let the walk get going and the viewport render it, then capture.
        QTimer::singleShot(1000, &window, [&window, &sinceLaunch, screenshotPath] {
            const QImage image = window.grabWithViewport();
            const bool ok = !image.isNull() && image.save(screenshotPath);
            std::fprintf(stderr,
                         ok ? "tweed: screenshot saved to %s %lld ms after launch\n"
                            : "tweed: cannot save the screenshot to %s\n",
                         qPrintable(screenshotPath), static_cast<long long>(sinceLaunch.elapsed()));
            std::fprintf(stderr, "tweed: %.1f ms per frame, %.2f ms skinning\n",
                         window.viewport()->lastFrameMs(), window.viewport()->lastSkinningMs());
            QCoreApplication::exit(ok ? 0 : 1);
        });
    };

    bool frameCountOk = true;
    const int frameCount = parser.isSet(frameTimes) ? parser.value(frameTimes).toInt(&frameCountOk)
                                                    : 0;
    if (!frameCountOk || frameCount < 0) {
        std::fprintf(stderr, "tweed: --frame-times needs a frame count, not \"%s\"\n",
                     qPrintable(parser.value(frameTimes)));
        return 2;
    }
    const QStringList volumeLooks = parser.value(volumes).split(QLatin1Char(','));
    const QString volumeLook = volumeLooks.first();
    for (const QString &look : volumeLooks) {
        if (parser.isSet(volumes) && look != QLatin1String("xray") &&
            look != QLatin1String("surface") && look != QLatin1String("wireframe") &&
            look != QLatin1String("off")) {
            std::fprintf(stderr,
                         "tweed: --show-volumes takes xray, surface, wireframe or off, not \"%s\"\n",
                         qPrintable(look));
            return 2;
        }
    }
    if (volumeLooks.size() > 1 && !parser.isSet(frameTimes)) {
        std::fprintf(stderr, "tweed: several looks for --show-volumes need --frame-times\n");
        return 2;
    }
    // The view options apply once the file is open and playing.
    auto applyViewOptions = [&window, &parser, &simulate, &volumes, volumeLook] {
        if (parser.isSet(volumes)) {
            Viewport *viewport = window.viewport();
            viewport->setCollisionXRay(volumeLook == QLatin1String("xray"));
            viewport->setCollisionWireframe(volumeLook == QLatin1String("wireframe"));
            viewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes,
                                        volumeLook != QLatin1String("off"));
        }
        if (parser.isSet(simulate)) {
            window.simulation()->setCacheBudget(0);
            window.simulation()->setSimulating(true);
        }
    };
    // Several looks taking turns (--show-volumes a,b,...): each look for kTurn frames after
    // kSettle frames that rebuild and settle it, until each has had frameCount frames. On a
    // shared machine the load drifts over seconds; turns of a few hundred milliseconds give
    // every look the same share of it, so that their difference is the volumes' own cost.
    auto measureLooks = [&window, frameCount, volumeLooks] {
        constexpr int kTurn = 10, kSettle = 3;
        struct Turns
        {
            std::vector<std::vector<double>> ms;
            std::vector<double> cpu;
            int look = -1, frame = 0;
            QElapsedTimer clock;
            double cpu0 = 0;
        };
        auto turns = std::make_shared<Turns>();
        turns->ms.resize(size_t(volumeLooks.size()));
        turns->cpu.assign(size_t(volumeLooks.size()), 0.0);
        QTimer::singleShot(1000, &window, [&window, turns, frameCount, volumeLooks] {
            QObject::connect(
                window.viewport(), &Viewport::frameRendered, &window,
                [&window, turns, frameCount, volumeLooks] {
                    if (turns->look >= 0 && turns->frame >= kSettle) {
                        turns->cpu[size_t(turns->look)] += processCpuSeconds() - turns->cpu0;
                        turns->ms[size_t(turns->look)].push_back(
                            double(turns->clock.nsecsElapsed()) * 1e-6);
                    }
                    ++turns->frame;
                    if (turns->look < 0 || turns->frame >= kSettle + kTurn) {
                        turns->look = (turns->look + 1) % int(volumeLooks.size());
                        turns->frame = 0;
                        if (int(turns->ms.back().size()) >= frameCount) {
                            const QSize size = window.viewport()->renderSize();
                            for (size_t i = 0; i < turns->ms.size(); ++i) {
                                std::vector<double> ms = turns->ms[i];
                                std::sort(ms.begin(), ms.end());
                                std::fprintf(
                                    stderr,
                                    "tweed: frame times (volumes %s): median %.2f ms, cpu %.2f "
                                    "ms per frame, %d frames, viewport %dx%d, renderer %s\n",
                                    qPrintable(volumeLooks[qsizetype(i)]), ms[ms.size() / 2],
                                    1e3 * turns->cpu[i] / double(ms.size()), int(ms.size()),
                                    size.width(), size.height(),
                                    qPrintable(window.viewport()->rendererLabel()));
                            }
                            QCoreApplication::exit(0);
                            return;
                        }
                        const QString &look = volumeLooks[turns->look];
                        Viewport *viewport = window.viewport();
                        viewport->setCollisionXRay(look == QLatin1String("xray"));
                        viewport->setCollisionWireframe(look == QLatin1String("wireframe"));
                        viewport->setOverlayVisible(Viewport::Overlay::CollisionVolumes,
                                                    look != QLatin1String("off"));
                    }
                    turns->cpu0 = processCpuSeconds();
                    turns->clock.restart();
                });
        });
    };
    auto measureFrames = [&window, frameCount] {
        // Frame intervals after a second of warm-up (shaders compiled, textures uploaded), with
        // the process's CPU time over the same frames: on a busy machine the wall time mostly
        // measures the neighbours.
        struct Measure
        {
            std::vector<double> ms;
            QElapsedTimer clock;
            double cpu0 = 0;
        };
        auto measure = std::make_shared<Measure>();
        QTimer::singleShot(1000, &window, [&window, measure, frameCount] {
            measure->clock.start();
            measure->cpu0 = processCpuSeconds();
            QObject::connect(window.viewport(), &Viewport::frameRendered, &window,
                             [&window, measure, frameCount] {
                                 measure->ms.push_back(double(measure->clock.nsecsElapsed()) * 1e-6);
                                 measure->clock.restart();
                                 if (int(measure->ms.size()) < frameCount + 1)
                                     return;
                                 const double cpu = processCpuSeconds() - measure->cpu0;
                                 std::vector<double> ms(measure->ms.begin() + 1, measure->ms.end());
                                 std::sort(ms.begin(), ms.end());
                                 const QSize size = window.viewport()->renderSize();
                                 std::fprintf(stderr,
                                              "tweed: frame times: median %.2f ms, cpu %.2f ms "
                                              "per frame, %d frames, viewport %dx%d, %zu "
                                              "vertices drawn, renderer %s\n",
                                              ms[ms.size() / 2], 1e3 * cpu / double(ms.size() + 1),
                                              int(ms.size()), size.width(), size.height(),
                                              window.viewport()->characterVertexCount(),
                                              qPrintable(window.viewport()->rendererLabel()));
                                 QCoreApplication::exit(0);
                             });
        });
    };

    // Load once the window is up, so the progress dialog has a parent on screen.
    QTimer::singleShot(0, &window, [&window, &parser, &empty, screenshotPath, takeScreenshot,
                                    startup, applyViewOptions, measureFrames, measureLooks,
                                    volumeLooks, frameCount,
                                    unattended] {
        if (!window.offerRecovery() && !parser.isSet(empty)) {
            const QStringList files = parser.positionalArguments();
            QString path = files.isEmpty() ? sampleCharacterPath() : files.first();
            if (path.isEmpty())
                std::fprintf(stderr, "tweed: the sample character was not found\n");
            else if (window.openFile(path))
                window.playWalkClip();
            else if (unattended) {
                QCoreApplication::exit(1); // the error is on the error output
                return;
            }
        }
        startup->loaded = true;
        applyViewOptions();
        if (frameCount > 0 && volumeLooks.size() > 1)
            measureLooks();
        else if (frameCount > 0)
            measureFrames();
        if (!screenshotPath.isEmpty()) takeScreenshot();
    });

    return app.exec();
}

} // namespace tweed::editor
