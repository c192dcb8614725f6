// Shared by the fuzz harnesses: turning fuzzed bytes into a .tweedc whose envelope is right
// (lengths and checksum, docs/formats.md section 2), so that the fuzzer reaches the chunks'
// contents instead of stopping at the checksum, and the finding report.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "tweed/crc32.h"

namespace tweed::fuzz {

inline uint64_t readLe64(const char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | uint8_t(p[i]);
    return v;
}

inline void appendLe(std::string &out, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(char(uint8_t(v >> (8 * i))));
}

/// A .tweedc made of the chunks in `data`: a whole .tweedc (its header and checksum are
/// dropped) or bare chunks. Each chunk's payload size is cut to the bytes that follow, a
/// trailing piece shorter than a chunk header is dropped, and the header (magic, version 1, no
/// flags, chunk bytes) and the CRC-32 are written anew.
inline std::string fixUpCooked(const uint8_t *data, size_t size)
{
    constexpr char kMagic[8] = {'T', 'W', 'E', 'E', 'D', 'C', '\r', '\n'};
    std::string_view in(reinterpret_cast<const char *>(data), size);
    if (in.size() >= 28 && std::memcmp(in.data(), kMagic, 8) == 0)
        in = in.substr(24, in.size() - 28);
    std::string chunks;
    while (in.size() >= 16) {
        const uint64_t payload = std::min<uint64_t>(readLe64(in.data() + 8), in.size() - 16);
        chunks.append(in.substr(0, 8));
        appendLe(chunks, payload, 8);
        chunks.append(in.substr(16, size_t(payload)));
        in = in.substr(16 + size_t(payload));
    }
    std::string out(kMagic, sizeof kMagic);
    appendLe(out, 1, 4);
    appendLe(out, 0, 4);
    appendLe(out, chunks.size(), 8);
    out += chunks;
    appendLe(out, crc32(out), 4);
    return out;
}

/// Reports a broken invariant and aborts, which libFuzzer records as a crash with its input.
[[noreturn]] inline void finding(const std::string &what)
{
    std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

} // namespace tweed::fuzz
