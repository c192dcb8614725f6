#include "application.h"

#include "main_window.h"
#include "viewport/viewport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QTimer>

#include <cstdio>
#include <memory>

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

int runEditor(int argc, char *argv[])
{
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName("Tweed");
    QApplication::setOrganizationName("Tweed");
    QApplication::setApplicationVersion(TWEED_VERSION);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Authoring tool for game character clothing."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        "file", QCoreApplication::translate("main", "A character file or a .tweed asset to open; "
                                                    "the sample character when none is given."));
    const QCommandLineOption screenshot(
        "screenshot",
        QCoreApplication::translate("main",
                                    "Render, save a picture of the window to <path>, quit."),
        "path");
    parser.addOption(screenshot);

    const QCommandLineOption startupReport(
        "startup-report",
        QCoreApplication::translate("main", "Print the start-up times to the error output."));
    parser.addOption(startupReport);
    const QCommandLineOption empty(
        "empty", QCoreApplication::translate("main", "Start without opening a file."));
    parser.addOption(empty);
    parser.process(app);

    MainWindow window;
    window.show();

    // Start-up time: launch to the first rendered frame, and to the first frame that shows the
    // opened file.
    const bool report = parser.isSet(startupReport) || parser.isSet(screenshot);
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

    // Load once the window is up, so the progress dialog has a parent on screen.
    QTimer::singleShot(0, &window, [&window, &parser, &empty, screenshotPath, takeScreenshot,
                                    startup] {
        if (!window.offerRecovery() && !parser.isSet(empty)) {
            const QStringList files = parser.positionalArguments();
            QString path = files.isEmpty() ? sampleCharacterPath() : files.first();
            if (path.isEmpty())
                std::fprintf(stderr, "tweed: the sample character was not found\n");
            else if (window.openFile(path))
                window.playWalkClip();
        }
        startup->loaded = true;
        if (!screenshotPath.isEmpty()) takeScreenshot();
    });

    return app.exec();
}

} // namespace tweed::editor
