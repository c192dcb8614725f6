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

namespace tweed {

std::string readFileBytes(const std::string &path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw FileError(path, "is a folder, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(path, std::string("cannot open: ") + std::strerror(errno));
    std::ostringstream out;
    out << in.rdbuf();
    if (in.bad())
        throw FileError(path, "read error");
    return std::move(out).str();
}

void writeFileAtomically(const std::string &path, std::string_view bytes)
{
    std::random_device rd;
    const std::string tmp = path + ".tmp-" + std::to_string(rd());
    FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw FileError(path, std::string("cannot write: ") + std::strerror(errno));
    const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    const bool flushed = std::fflush(f) == 0;
    const bool closed = std::fclose(f) == 0;
    if (!written || !flushed || !closed) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw FileError(path, "write failed: " + why);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw FileError(path, "cannot replace the file: " + ec.message());
    }
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
