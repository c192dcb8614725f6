#include "import_guards.h"

#include "tweed/errors.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

namespace tweed::detail {
namespace {

std::string readPrefix(const std::string &path, size_t limit)
{
    std::ifstream in(path, std::ios::binary);
    std::string data(limit, '\0');
    in.read(data.data(), std::streamsize(limit));
    data.resize(size_t(in.gcount()));
    return data;
}

uint64_t fileSize(const std::string &path)
{
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    return in ? uint64_t(in.tellg()) : 0;
}

// OFF: "[ST][C][N][4][n]OFF", then vertex, face and edge counts. The reader reserves memory
// for the counts before reading them (OutOfMemory.off asks for 3.5 billion vertices).
void checkOff(const std::string &path)
{
    std::istringstream header(readPrefix(path, 4096));
    std::string token;
    std::vector<std::string> tokens;
    std::string line;
    while (tokens.size() < 3 && std::getline(header, line)) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        while (tokens.size() < 3 && words >> token)
            tokens.push_back(token);
    }
    if (tokens.size() < 3 || tokens[0].size() < 3 ||
        tokens[0].compare(tokens[0].size() - 3, 3, "OFF") != 0)
        return; // not the plain text form; the reader reports it
    const auto count = [](const std::string &s, uint64_t &out) {
        if (s.empty() || s.size() > 19 || !std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; }))
            return false;
        out = std::stoull(s);
        return true;
    };
    uint64_t vertices = 0, faces = 0;
    if (!count(tokens[1], vertices) || !count(tokens[2], faces))
        return;
    // A vertex takes at least "0 0 0\n", a face at least "3 0 1 2\n".
    const uint64_t size = fileSize(path);
    if (vertices > size / 6 + 1 || faces > size / 8 + 1)
        throw FileError(path, "the OFF header declares " + std::to_string(vertices) +
                                  " vertices and " + std::to_string(faces) +
                                  " faces, more than the file's " + std::to_string(size) +
                                  " bytes can hold (corrupt or truncated file)");
}

// PLY: the reader waits forever for the end of an unterminated header.
void checkPly(const std::string &path)
{
    const std::string data = readPrefix(path, 1 << 20);
    if (data.compare(0, 3, "ply") == 0 && data.find("end_header") == std::string::npos)
        throw FileError(path, "the PLY header is incomplete (no end_header; truncated file?)");
}

// MD5 (text): blocks in braces; the reader runs past the end of an unclosed block.
void checkMd5(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    int depth = 0;
    bool inString = false;
    char last = 0;
    for (std::istreambuf_iterator<char> it(in), end; it != end; ++it) {
        const char c = *it;
        if (c == '"')
            inString = !inString;
        else if (!inString && c == '{')
            ++depth;
        else if (!inString && c == '}')
            --depth;
        if (depth < 0)
            break;
        if (!std::isspace(static_cast<unsigned char>(c)))
            last = c;
    }
    if (depth != 0 || inString || (last != '}' && last != 0))
        throw FileError(path, "the MD5 file is incomplete (unbalanced braces; truncated file?)");
}

} // namespace

void checkReaderHazards(const std::string &path, const std::string &ext)
{
    if (ext == "off")
        checkOff(path);
    else if (ext == "ply")
        checkPly(path);
    else if (ext == "md5mesh" || ext == "md5anim" || ext == "md5camera")
        checkMd5(path);
}

} // namespace tweed::detail
