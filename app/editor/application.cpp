#include "application.h"

#include "mainwindow.h"
#include "viewport/viewport.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QTimer>

#include <cstdio>

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
    parser.process(app);

    MainWindow window;
    window.show();

    // Launch to first rendered frame, reported once (the start-up time).
    QObject::connect(window.viewport(), &Viewport::frameRendered, &window, [&sinceLaunch] {
        static bool reported = false;
        if (!reported)
            std::fprintf(stderr, "tweed: first frame rendered %lld ms after launch\n",
                         static_cast<long long>(sinceLaunch.elapsed()));
        reported = true;
    });

    const QString screenshotPath = parser.isSet(screenshot) ? parser.value(screenshot) : QString();
    auto takeScreenshot = [&window, screenshotPath] {
        // Let the walk get going and the viewport render it, then capture.
        QTimer::singleShot(1000, &window, [&window, screenshotPath] {
            const QImage image = window.grabWithViewport();
            const bool ok = !image.isNull() && image.save(screenshotPath);
            std::fprintf(stderr,
                         ok ? "tweed: screenshot saved to %s\n"
                            : "tweed: cannot save the screenshot to %s\n",
                         qPrintable(screenshotPath));
            QCoreApplication::exit(ok ? 0 : 1);
        });
    };

    // Load once the window is up, so the progress dialog has a parent on screen.
    QTimer::singleShot(0, &window, [&window, &parser, screenshotPath, takeScreenshot] {
        if (!window.offerRecovery()) {
            const QStringList files = parser.positionalArguments();
            QString path = files.isEmpty() ? sampleCharacterPath() : files.first();
            if (path.isEmpty())
                std::fprintf(stderr, "tweed: the sample character was not found\n");
            else if (window.openFile(path))
                window.playWalkClip();
        }
        if (!screenshotPath.isEmpty()) takeScreenshot();
    });

    return app.exec();
}

} // namespace tweed::editor
