// Installed trees. find_package(Tweed): installs the tweed_runtime component of this build into a
// temporary prefix, then configures, builds and runs a small consumer project against it. The
// desktop tool: installs the tweed component and runs the installed programs from there.
#include "game_test_support.h"

#include "make_test_asset.h"

#include "tweed/cooked.h"
#include "tweed/tweed_c.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace tweed;

class TestInstall : public QObject
{
    Q_OBJECT

private slots:
    void consumerBuildsAgainstInstalledTree();
    void desktopToolRunsFromItsPrefix();
};

void TestInstall::consumerBuildsAgainstInstalledTree()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = dir.filePath("prefix");
    const QString cmake = QStringLiteral(TWEED_CMAKE_COMMAND);
    test::ProcessResult r =
        test::runProcess(cmake, {"--install", QString::fromStdString(test::kBinaryDir), "--prefix",
                                 prefix, "--component", "tweed_runtime"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFile::exists(prefix + "/include/tweed/tweed_c.h"));
    QVERIFY(QFile::exists(prefix + "/include/tweed/sim/cloth_instance.h"));
    QVERIFY(
        !QFile::exists(prefix + "/include/tweed/asset_file.h")); // needs libyaml: not installed
    bool config = false, library = false, shared = false, soname = false, qtFree = true;
    const QString major = QString::fromUtf8(tweed_version()).section('.', 0, 1);
    for (QDirIterator it(prefix, QDir::Files | QDir::System, QDirIterator::Subdirectories);
         it.hasNext();) {
        const QString f = it.next();
        config = config || f.endsWith("/cmake/Tweed/TweedConfig.cmake");
        library = library || f.endsWith("/libtweed_runtime.a");
        shared = shared || f.endsWith("/libtweed_runtime.so." + QString::fromUtf8(tweed_version()));
        soname = soname || (f.endsWith("/libtweed_runtime.so." + major) && QFileInfo(f).isSymLink());
        qtFree = qtFree && !f.contains("Qt");
    }
    QVERIFY(config);
    QVERIFY(library);
    QVERIFY(shared);
    QVERIFY(soname);
    QVERIFY(qtFree);

    // The consumer: a game's CMake project, nothing from this source tree but the install.
    const QString build = dir.filePath("consumer-build");
    r = test::runProcess(cmake, {"-S", QStringLiteral(TWEED_CONSUMER_DIR), "-B", build, "-G",
                                 QStringLiteral(TWEED_CMAKE_GENERATOR),
                                 "-DCMAKE_PREFIX_PATH=" + prefix, "-DCMAKE_BUILD_TYPE=Release"});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    r = test::runProcess(cmake, {"--build", build});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());

    const QString asset = dir.filePath("sheet.tweedc");
    saveCooked(test::makeTestAsset(), asset.toStdString());
    r = test::runProcess(build + "/consumer", {asset});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    QVERIFY(r.out.contains("20 graphics vertices (C++), 20 (C)"));
    // The C program runs on the installed shared library (the build tree's RPATH points there).
    r = test::runProcess(build + "/consumer_c", {asset});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    QVERIFY(r.out.contains("consumer_c: 20 graphics vertices through libtweed_runtime.so"));
    r = test::runProcess("ldd", {build + "/consumer_c"});
    QVERIFY2(r.out.contains(prefix.toUtf8() + "/lib"), r.out.constData());
}

void TestInstall::desktopToolRunsFromItsPrefix()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = dir.filePath("prefix");
    test::ProcessResult r = test::runProcess(
        QStringLiteral(TWEED_CMAKE_COMMAND),
        {"--install", QString::fromStdString(test::kBinaryDir), "--prefix", prefix, "--component",
         "tweed"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    for (const char *file :
         {"bin/tweed", "bin/tweed-cli", "bin/tweed-player", "share/applications/tweed.desktop",
          "share/icons/hicolor/scalable/apps/tweed.svg", "share/mime/packages/tweed.xml",
          "share/tweed/sample/tweed_sample.gltf", "share/doc/tweed/guide/README.md",
          "share/doc/tweed/LICENSE"})
        QVERIFY2(QFile::exists(prefix + "/" + file), file);
#ifdef TWEED_HAVE_MAN_PAGES
    for (const char *page : {"tweed.1", "tweed-cli.1", "tweed-player.1"}) {
        QFile f(prefix + "/share/man/man1/" + page);
        QVERIFY2(f.open(QIODevice::ReadOnly), page);
        QVERIFY2(f.readAll().contains(".SH SYNOPSIS"), page); // made from the program's --help
    }
#endif

    // The desktop entry opens the installed editor on both asset types.
    QFile desktop(prefix + "/share/applications/tweed.desktop");
    QVERIFY(desktop.open(QIODevice::ReadOnly));
    const QByteArray entry = desktop.readAll();
    QVERIFY(entry.contains("\nExec=tweed %f\n"));
    QVERIFY(entry.contains("application/x-tweed;application/x-tweed-cooked;"));
    const QString validator = QStandardPaths::findExecutable("desktop-file-validate");
    if (!validator.isEmpty()) {
        r = test::runProcess(validator, {desktop.fileName()});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    }

    // Every program answers --version from its installed place.
    const QString version = QString::fromUtf8(tweed_version());
    for (const QString &program : {QStringLiteral("tweed-cli"), QStringLiteral("tweed-player")}) {
        r = test::runProcess(prefix + "/bin/" + program, {"--version"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.out).trimmed(), program + " " + version);
    }
    r = test::runProcess(prefix + "/bin/tweed", {"--version"}); // QT_QPA_PLATFORM=offscreen here
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), "Tweed " + version);

    // The installed tweed-cli makes an asset from the installed sample, and it validates.
    const QString asset = dir.filePath("coat.tweed");
    r = test::runProcess(prefix + "/bin/tweed-cli",
                         {"create", prefix + "/share/tweed/sample/tweed_sample.gltf", "--mesh",
                          "Coat", "-o", asset});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    r = test::runProcess(prefix + "/bin/tweed-cli", {"validate", asset});
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());

#ifdef TWEED_PYTHON
    // The installed Python module, from the prefix's dist-packages, reads that asset.
    QStringList modules;
    for (QDirIterator it(prefix, {"tweed*.so"}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        modules << it.next();
    QCOMPARE(modules.size(), 1);
    QVERIFY2(modules[0].contains("/python3/dist-packages/"), qPrintable(modules[0]));
    QProcess python;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PYTHONPATH", QFileInfo(modules[0]).path());
    python.setProcessEnvironment(env);
    python.start(QStringLiteral(TWEED_PYTHON),
                 {"-c", "import sys, tweed; a = tweed.load_asset(sys.argv[1]); "
                        "print(tweed.__version__, tweed.__file__, a.vertex_count())",
                  asset});
    QVERIFY(python.waitForFinished(120000));
    const QByteArray out = python.readAllStandardOutput();
    QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
    QVERIFY2(out.startsWith(version.toUtf8() + " " + prefix.toUtf8()), out.constData());
#endif
}

QTEST_GUILESS_MAIN(TestInstall)
#include "test_install.moc"
