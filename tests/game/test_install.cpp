// find_package(Tweed) from an installed tree: installs the tweed_runtime component of this build
// into a temporary prefix, then configures, builds and runs a small consumer project against it.
#include "game_test_support.h"

#include "make_test_asset.h"

#include "tweed/cooked.h"

#include <QDirIterator>
#include <QTemporaryDir>

using namespace tweed;

class TestInstall : public QObject
{
    Q_OBJECT

private slots:
    void consumerBuildsAgainstInstalledTree();
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
        !QFile::exists(prefix + "/include/tweed/asset_file.h")); // needs yaml-cpp: not installed
    bool config = false, library = false, qtFree = true;
    for (QDirIterator it(prefix, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString f = it.next();
        config = config || f.endsWith("/cmake/Tweed/TweedConfig.cmake");
        library = library || f.endsWith("/libtweed_runtime.a");
        qtFree = qtFree && !f.contains("Qt");
    }
    QVERIFY(config);
    QVERIFY(library);
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
}

QTEST_GUILESS_MAIN(TestInstall)
#include "test_install.moc"
