// The simplifier's orderings: vertices along a Morton curve and keys sorted by radix passes.
#include "simplify_internal.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace tweed::simplify_detail {
namespace {

// Spreads the low 10 bits of x to every third bit.
uint32_t spreadBits(uint32_t x)
{
    x &= 0x3FF;
    x = (x | (x << 16)) & 0x030000FF;
    x = (x | (x << 8)) & 0x0300F00F;
    x = (x | (x << 4)) & 0x030C30C3;
    x = (x | (x << 2)) & 0x09249249;
    return x;
}

} // namespace

void sortByHighWord(std::span<uint64_t> keys, std::vector<uint64_t> &buffer)
{
    constexpr int kDigitBits = 11;
    constexpr uint32_t kBuckets = 1u << kDigitBits;
    if (buffer.size() < keys.size())
        buffer.resize(keys.size());
    uint64_t *from = keys.data(), *to = buffer.data();
    uint32_t histogram[kBuckets];
    for (int pass = 0; pass < 3; ++pass) {
        const int shift = 32 + kDigitBits * pass;
        std::fill_n(histogram, kBuckets, 0u);
        for (size_t i = 0; i < keys.size(); ++i)
            ++histogram[(from[i] >> shift) & (kBuckets - 1)];
        uint32_t start = 0;
        for (uint32_t &h : histogram)
            start += std::exchange(h, start);
        for (size_t i = 0; i < keys.size(); ++i)
            to[histogram[(from[i] >> shift) & (kBuckets - 1)]++] = from[i];
        std::swap(from, to);
    }
    std::copy(from, from + keys.size(), keys.data());
}

std::vector<uint32_t> mortonOrder(const std::vector<Vec3> &positions)
{
    Vec3 lo{kInfinite, kInfinite, kInfinite}, hi{-kInfinite, -kInfinite, -kInfinite};
    for (const Vec3 &p : positions)
        if (isFinite(p)) {
            lo = minComponents(lo, p);
            hi = maxComponents(hi, p);
        }
    const Vec3 extent = hi - lo;
    const float scale = 1023.0f / std::max({extent.x, extent.y, extent.z, 1e-30f});
    std::vector<uint64_t> keys(positions.size()), buffer;
    for (uint32_t v = 0; v < positions.size(); ++v) {
        const Vec3 q = isFinite(positions[v]) ? (positions[v] - lo) * scale : Vec3{};
        const uint32_t code = spreadBits(uint32_t(q.x)) | (spreadBits(uint32_t(q.y)) << 1) |
                              (spreadBits(uint32_t(q.z)) << 2);
        keys[v] = (uint64_t(code) << 32) | v;
    }
    sortByHighWord(keys, buffer); // stable: ties stay in index order
    std::vector<uint32_t> order(positions.size());
    for (size_t i = 0; i < keys.size(); ++i)
        order[i] = uint32_t(keys[i]);
    return order;
}

std::span<const uint64_t> keepSmallestSorted(std::span<uint64_t> keys, size_t count,
                                             std::vector<uint64_t> &buffer)
{
    // An 11-bit histogram of the cost's sign, exponent and 2 bits more (which keys pass it only
    // decides how many the sort below takes, not which it returns).
    constexpr int kShift = 53;
    constexpr uint32_t kBuckets = 1u << 11;
    uint32_t histogram[kBuckets] = {};
    for (const uint64_t key : keys)
        ++histogram[key >> kShift];
    uint32_t last = 0;
    for (size_t below = 0; last < kBuckets - 1 && below + histogram[last] < count; ++last)
        below += histogram[last];
    size_t kept = 0;
    for (const uint64_t key : keys) {
        keys[kept] = key;
        kept += (key >> kShift) <= last;
    }
    keys = keys.first(kept);
    // A short list (the last passes') is sorted faster by comparisons than by three passes
    // over the histograms; the keys are distinct, so the order is the same.
    if (kept <= 256) {
        std::sort(keys.begin(), keys.end());
        return keys.first(std::min(count, kept));
    }
    // Stable counting passes on the cost's low 21 bits (11, then 10), then on the top 11
    // bits, whose counts among the kept keys are the histogram's first buckets already: one
    // counting sweep fewer than sortByHighWord's three.
    if (buffer.size() < kept)
        buffer.resize(kept);
    uint64_t *from = keys.data(), *to = buffer.data();
    for (const auto &[shift, bits] : {std::pair{32, 11}, std::pair{43, 10}}) {
        const uint64_t mask = (uint64_t(1) << bits) - 1;
        uint32_t low[kBuckets];
        std::fill_n(low, size_t(1) << bits, 0u);
        for (size_t i = 0; i < kept; ++i)
            ++low[(from[i] >> shift) & mask];
        uint32_t start = 0;
        for (size_t b = 0; b < (size_t(1) << bits); ++b)
            start += std::exchange(low[b], start);
        for (size_t i = 0; i < kept; ++i)
            to[low[(from[i] >> shift) & mask]++] = from[i];
        std::swap(from, to);
    }
    uint32_t start = 0;
    for (uint32_t b = 0; b <= last; ++b)
        start += std::exchange(histogram[b], start);
    for (size_t i = 0; i < kept; ++i) // (two passes above: from is keys again)
        buffer[histogram[from[i] >> kShift]++] = from[i];
    return std::span<const uint64_t>(buffer.data(), std::min(count, kept));
}

} // namespace tweed::simplify_detail
