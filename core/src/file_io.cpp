#include "tweed/file_io.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#if defined(_WIN32)
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace tweed {
namespace {

namespace fs = std::filesystem;

constexpr const char *kTempInfix = ".tmp-";

// True for "<target's file name>.tmp-<digits>", the temporary names writeFileAtomically uses.
bool isTempOf(const std::string &name, const std::string &targetName)
{
    const std::string prefix = targetName + kTempInfix;
    return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
           std::all_of(name.begin() + std::ptrdiff_t(prefix.size()), name.end(),
                       [](unsigned char c) { return c >= '0' && c <= '9'; });
}

// Removes the temporary files a killed save to path left behind. Runs before writing, so the
// space they hold is free for the new file.
void removeStaleTemps(const fs::path &path)
{
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    const std::string targetName = path.filename().string();
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (!isTempOf(it->path().filename().string(), targetName)) continue;
        std::error_code ignored; // a temp that cannot be removed costs space, not correctness
        fs::remove(it->path(), ignored);
    }
}

enum class WriteResult
{
    Done,
    CannotCreate,
    Failed
};

// Writes bytes to a new file at tmp and flushes them to the disk; errno tells why not.
WriteResult writeAndSync(const std::string &tmp, std::string_view bytes)
{
#if defined(_WIN32)
    FILE *f = std::fopen(tmp.c_str(), "wbx");
    if (!f) return WriteResult::CannotCreate;
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() &&
              std::fflush(f) == 0 && _commit(_fileno(f)) == 0;
    const int error = errno;
    ok = std::fclose(f) == 0 && ok;
    if (!ok) errno = error;
    return ok ? WriteResult::Done : WriteResult::Failed;
#else
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) return WriteResult::CannotCreate;
    size_t done = 0;
    bool ok = true;
    while (ok && done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n > 0)
            done += size_t(n);
        else if (n < 0 && errno == EINTR)
            continue;
        else
            ok = false; // n == 0 cannot happen for a regular file; errno tells the rest
    }
    ok = ok && ::fsync(fd) == 0;
    const int error = errno;
    ok = ::close(fd) == 0 && ok;
    if (!ok) errno = error;
    return ok ? WriteResult::Done : WriteResult::Failed;
#endif
}

// Makes the rename itself durable: without it a power cut can bring back the old directory
// entry. Best effort: some file systems cannot sync a directory, and the file is in place.
void syncFolder([[maybe_unused]] const fs::path &path)
{
#if !defined(_WIN32)
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
#endif
}

} // namespace

std::string readFileBytes(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw FileError(path, "is a folder, not a file");
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    // A regular file: one allocation of its size and one read (a growing stream copied the
    // bytes twice). Anything whose size is unknown (a pipe, /proc) is read as a stream.
    const std::streamoff size = in.tellg();
    if (size <= 0) {
        in.clear();
        in.seekg(0);
        std::ostringstream out;
        out << in.rdbuf();
        if (in.bad())
            throw FileError(path, "read error");
        return std::move(out).str();
    }
    std::string bytes(size_t(size), '\0');
    in.seekg(0);
    in.read(bytes.data(), size);
    if (in.bad() || in.gcount() != size) // it shrank while being read
        throw FileError(path, "read error");
    return bytes;
}

void writeFileAtomically(const std::string &path, std::string_view bytes)
{
    removeStaleTemps(path);
    std::random_device rd;
    std::string tmp;
    WriteResult result = WriteResult::CannotCreate;
    for (int attempt = 0; attempt < 16 && result != WriteResult::Done; ++attempt) {
        tmp = path + kTempInfix + std::to_string(rd());
        result = writeAndSync(tmp, bytes);
        if (result == WriteResult::CannotCreate && errno == EEXIST)
            continue; // another save's temp has this name: draw again
        if (result != WriteResult::Done) {
            const std::string why = std::strerror(errno);
            if (result == WriteResult::Failed) std::remove(tmp.c_str());
            throw FileError(
                path,
                (result == WriteResult::CannotCreate ? "cannot write: " : "write failed: ") + why);
        }
    }
    if (result != WriteResult::Done)
        throw FileError(path, "cannot write: no free temporary name next to the file");
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw FileError(path, "cannot replace the file: " + ec.message());
    }
    syncFolder(path);
}

void saveFileAtomically(const std::string &path, const std::function<std::string()> &makeBytes)
{
    std::string bytes;
    try {
        bytes = makeBytes();
    } catch (const FileError &) {
        throw;
    } catch (const InputError &e) {
        throw FileError(path, e.what());
    }
    writeFileAtomically(path, bytes);
}

std::string fileExtension(const std::string &path)
{
    std::string ext = std::filesystem::path(path).extension().string();
    if (!ext.empty() && ext[0] == '.')
        ext.erase(0, 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

} // namespace tweed
