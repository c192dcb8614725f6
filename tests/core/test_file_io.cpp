// Atomic saves: a save killed at any moment leaves the old file or the new one, whole; the next
// save removes the temporary files it left; a full disk fails cleanly.
#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tweed;
namespace fs = std::filesystem;

namespace {

// Temporary files of target in its folder.
std::vector<std::string> tempsOf(const std::string &target)
{
    std::vector<std::string> found;
    const std::string prefix = fs::path(target).filename().string() + ".tmp-";
    for (const auto &entry : fs::directory_iterator(fs::path(target).parent_path()))
        if (entry.path().filename().string().rfind(prefix, 0) == 0)
            found.push_back(entry.path().string());
    return found;
}

void writePlain(const std::string &path, const std::string &bytes)
{
    FILE *f = std::fopen(path.c_str(), "wb");
    QVERIFY(f);
    QCOMPARE(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
    QCOMPARE(std::fclose(f), 0);
}

// A recognisable whole version: its number in the first byte, then that byte repeated.
std::string version(char id, size_t size)
{
    return std::string(size, id);
}

bool isWholeVersion(const std::string &bytes, size_t size)
{
    return bytes.size() == size && bytes.find_first_not_of(bytes[0]) == std::string::npos;
}

} // namespace

class TestFileIo : public QObject
{
    Q_OBJECT

private slots:
    void writesAndReplaces()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("a.tweed").toStdString();
        writeFileAtomically(path, "first");
        QCOMPARE(readFileBytes(path), std::string("first"));
        writeFileAtomically(path, "second, longer");
        QCOMPARE(readFileBytes(path), std::string("second, longer"));
        QVERIFY(tempsOf(path).empty());
        // A folder that does not exist: the error names the file, nothing is created.
        const std::string missing = dir.filePath("no/such/folder/a.tweed").toStdString();
        try {
            writeFileAtomically(missing, "x");
            QFAIL("wrote into a missing folder");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), missing);
            QVERIFY(e.problem().rfind("cannot write: ", 0) == 0);
        }
    }

    // The save of saveAsset and saveCooked: a document that cannot be written fails with a
    // FileError naming the file, and the old file stays as it was.
    void saveNamesTheFileOfAWriterError()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("a.tweedc").toStdString();
        saveFileAtomically(path, [] { return std::string("old"); });
        QCOMPARE(readFileBytes(path), std::string("old"));
        try {
            saveFileAtomically(path, []() -> std::string {
                throw InputError("the asset cannot be written: no physics mesh");
            });
            QFAIL("saved a document its writer refused");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), path);
            QCOMPARE(e.problem(), std::string("the asset cannot be written: no physics mesh"));
        }
        // A FileError of the writer passes unchanged.
        try {
            saveFileAtomically(path, []() -> std::string { throw FileError("b.png", "gone"); });
            QFAIL("saved a document its writer refused");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), std::string("b.png"));
        }
        QCOMPARE(readFileBytes(path), std::string("old"));
        QVERIFY(tempsOf(path).empty());
    }

    // Only the temporary files of the same target are removed, and only names the saves use.
    void staleTempsOfTheTargetAreRemoved()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("a.tweed").toStdString();
        const std::string folder = dir.path().toStdString() + "/";
        for (const char *name : {"a.tweed.tmp-12345", "a.tweed.tmp-0", "a.tweed.tmp-x1",
                                 "a.tweedc.tmp-7", "b.tweed.tmp-9", "a.tweed.tmp-"})
            writePlain(folder + name, "left over");
        writeFileAtomically(path, "new");
        QCOMPARE(readFileBytes(path), std::string("new"));
        QVERIFY(!fs::exists(folder + "a.tweed.tmp-12345"));
        QVERIFY(!fs::exists(folder + "a.tweed.tmp-0"));
        for (const char *kept :
             {"a.tweed.tmp-x1", "a.tweedc.tmp-7", "b.tweed.tmp-9", "a.tweed.tmp-"})
            QVERIFY2(fs::exists(folder + kept), kept);
    }

    // A writer process saving two versions in turn is killed at random moments: the file is
    // always one whole version, and the next save leaves no temporary file.
    void killDuringSave()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("coat.tweed").toStdString();
        constexpr size_t kSize = 4 << 20;
        writeFileAtomically(path, version('0', kSize));
        std::mt19937 random(20261127);
        std::uniform_int_distribution<int> delayUs(0, 20000);
        int killedWithTemps = 0;
        constexpr int kRuns = 30;
        for (int run = 0; run < kRuns; ++run) {
            // The writer says when its versions are built, so that the delay falls among its
            // saves however slowly a loaded machine starts it.
            int ready[2];
            QCOMPARE(pipe(ready), 0);
            const pid_t child = fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                const std::string a = version('a', kSize), b = version('b', kSize);
                if (write(ready[1], "r", 1) != 1) _exit(4);
                for (unsigned i = 0;; ++i) {
                    try {
                        writeFileAtomically(path, i % 2 ? a : b);
                    } catch (...) {
                        _exit(3);
                    }
                }
            }
            close(ready[1]); // a writer that dies unready ends the read
            char byte = 0;
            const ssize_t got = read(ready[0], &byte, 1);
            close(ready[0]);
            QCOMPARE(got, ssize_t(1));
            usleep(useconds_t(delayUs(random)));
            QCOMPARE(kill(child, SIGKILL), 0);
            int status = 0;
            QCOMPARE(waitpid(child, &status, 0), child);
            QVERIFY2(WIFSIGNALED(status), "the writer stopped on its own (a failed save)");
            const std::string bytes = readFileBytes(path);
            QVERIFY2(isWholeVersion(bytes, kSize),
                     qPrintable(QString("run %1: %2 bytes").arg(run).arg(bytes.size())));
            if (!tempsOf(path).empty()) ++killedWithTemps;
        }
        // The kills did hit saves in the middle (the test is not vacuous)...
        QVERIFY2(killedWithTemps > 0, "no kill left a temporary file");
        // ...and the next save cleans up after them.
        writeFileAtomically(path, version('c', kSize));
        QVERIFY(isWholeVersion(readFileBytes(path), kSize));
        QCOMPARE(readFileBytes(path)[0], 'c');
        QVERIFY(tempsOf(path).empty());
        qInfo("%d of %d kills left temporary files", killedWithTemps, kRuns);
    }

    // On a full disk (a 64 KiB tmpfs) a save fails naming the file, the old file stays whole and
    // no temporary file remains; stale temporary files do not keep the disk full.
    void fullDisk()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string mountPoint = dir.path().toStdString();
        if (geteuid() != 0) QSKIP("mounting a small tmpfs needs root; full-disk test skipped");
        if (mount("tmpfs", mountPoint.c_str(), "tmpfs", 0, "size=64k") != 0)
            QSKIP(qPrintable(QString("cannot mount a tmpfs here (%1); full-disk test skipped")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno)))));
        struct Unmount
        {
            std::string at;
            ~Unmount() { umount2(at.c_str(), MNT_DETACH); }
        } unmount{mountPoint};

        const std::string path = mountPoint + "/coat.tweed";
        writeFileAtomically(path, version('o', 16 << 10));
        try {
            writeFileAtomically(path, version('n', 100 << 10));
            QFAIL("100 KiB were written to a 64 KiB disk");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), path);
            QVERIFY2(e.problem().find(std::strerror(ENOSPC)) != std::string::npos, e.what());
        }
        QVERIFY(isWholeVersion(readFileBytes(path), 16 << 10));
        QCOMPARE(readFileBytes(path)[0], 'o');
        QVERIFY(tempsOf(path).empty());

        // A killed save's temporary file fills most of the disk; the next save still fits.
        writePlain(path + ".tmp-42", version('x', 40 << 10));
        writeFileAtomically(path, version('m', 40 << 10));
        QCOMPARE(readFileBytes(path)[0], 'm');
        QVERIFY(tempsOf(path).empty());
    }
};

QTEST_GUILESS_MAIN(TestFileIo)
#include "test_file_io.moc"
