#include "tweed/sim/cloth_data.h"

#include "tweed/errors.h"
#include "tweed/mesh_edges.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <queue>
#include <string>
#include <unordered_map>

namespace tweed {
namespace {

constexpr uint8_t kShear = ClothData::kShear;
constexpr uint8_t kBend = ClothData::kBend;

void checkChannels(const PaintChannels &channels, size_t n, const char *what)
{
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        const auto &values = channels.floats[c];
        if (!values.empty() && values.size() != n)
            throw InputError(std::string(what) + ": channel " +
                             std::string(channelName(FloatChannel(c))) + " has " +
                             std::to_string(values.size()) + " values for " +
                             std::to_string(n) + " vertices");
        for (float x : values)
            if (!std::isfinite(x) || x < 0)
                throw InputError(std::string(what) + ": channel " +
                                 std::string(channelName(FloatChannel(c))) +
                                 " has a negative or non-finite value");
    }
}

void checkMesh(const PhysicsMesh &mesh)
{
    const size_t n = mesh.vertexCount();
    if (mesh.indices.size() % 3 != 0)
        throw InputError("physics mesh: index count " + std::to_string(mesh.indices.size()) +
                         " is not a multiple of 3");
    for (uint32_t i : mesh.indices)
        if (i >= n)
            throw InputError("physics mesh: triangle index " + std::to_string(i) +
                             " out of range (" + std::to_string(n) + " vertices)");
    for (size_t v = 0; v < n; ++v)
        if (!isFinite(mesh.positions[v]))
            throw InputError("physics mesh: vertex " + std::to_string(v) +
                             " has a non-finite position");
    if (!mesh.skin.empty() && mesh.skin.size() != n)
        throw InputError("physics mesh: " + std::to_string(mesh.skin.size()) +
                         " bone influences for " + std::to_string(n) + " vertices");
    if (!mesh.normals.empty() && mesh.normals.size() != n)
        throw InputError("physics mesh: " + std::to_string(mesh.normals.size()) +
                         " normals for " + std::to_string(n) + " vertices");
    checkChannels(mesh.channels, n, "physics mesh");
    if (mesh.tetrahedra.size() % 4 != 0)
        throw InputError("physics mesh: tetrahedron index count " +
                         std::to_string(mesh.tetrahedra.size()) + " is not a multiple of 4");
    for (uint32_t i : mesh.tetrahedra)
        if (i >= n)
            throw InputError("physics mesh: tetrahedron index " + std::to_string(i) +
                             " out of range (" + std::to_string(n) + " vertices)");
}

/// The four faces of each tetrahedron as triangles (their edges are the tetrahedra's edges).
std::vector<uint32_t> tetrahedronFaces(const std::vector<uint32_t> &tetrahedra)
{
    std::vector<uint32_t> faces;
    faces.reserve(tetrahedra.size() * 3);
    for (size_t t = 0; t + 3 < tetrahedra.size(); t += 4) {
        const uint32_t a = tetrahedra[t], b = tetrahedra[t + 1], c = tetrahedra[t + 2],
                       d = tetrahedra[t + 3];
        faces.insert(faces.end(), {a, b, c, a, b, d, a, c, d, b, c, d});
    }
    return faces;
}

std::vector<float> channelOrDefault(const PaintChannels &channels, size_t n, FloatChannel c)
{
    const auto &values = channels[c];
    return values.empty() ? std::vector<float>(n, defaultValue(c)) : values;
}

std::vector<float> channelOrDefault(const PhysicsMesh &mesh, FloatChannel c)
{
    return channelOrDefault(mesh.channels, mesh.vertexCount(), c);
}

// Pairs of vertices opposite each other across an interior edge, excluding pairs that are
// already mesh edges. A pair is shear when the edge it crosses is the longest edge of its
// triangles (the diagonal of a quad), bend otherwise.
std::vector<uint32_t> crossPairs(const std::vector<uint32_t> &indices,
                                 const std::vector<uint32_t> &edges,
                                 const std::vector<Vec3> &positions, std::vector<uint8_t> &kinds)
{
    std::unordered_map<uint64_t, std::vector<uint32_t>> opposite;
    std::unordered_map<uint64_t, int> notLongest;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)],
                           c = indices[t + size_t((k + 2) % 3)];
            if (a != b && c != a && c != b) {
                opposite[edgeKey(a, b)].push_back(c);
                const float ab = distance(positions[a], positions[b]);
                if (ab < distance(positions[b], positions[c]) ||
                    ab < distance(positions[c], positions[a]))
                    ++notLongest[edgeKey(a, b)];
            }
        }
    std::unordered_map<uint64_t, uint8_t> pairKind;
    std::vector<uint64_t> existing;
    for (size_t e = 0; e < edges.size(); e += 2)
        existing.push_back(edgeKey(edges[e], edges[e + 1]));
    std::vector<uint64_t> pairs;
    for (size_t e = 0; e < edges.size(); e += 2) {
        const auto it = opposite.find(edgeKey(edges[e], edges[e + 1]));
        if (it == opposite.end())
            continue;
        const auto &opp = it->second;
        const uint64_t crossed = edgeKey(edges[e], edges[e + 1]);
        const uint8_t kind = notLongest.count(crossed) ? kBend : kShear;
        for (size_t i = 0; i < opp.size(); ++i)
            for (size_t j = i + 1; j < opp.size(); ++j)
                if (opp[i] != opp[j]) {
                    const uint64_t key = edgeKey(opp[i], opp[j]);
                    pairs.push_back(key);
                    auto [it2, added] = pairKind.emplace(key, kind);
                    if (!added)
                        it2->second = std::min(it2->second, kind);
                }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    std::vector<uint32_t> result;
    for (uint64_t k : pairs)
        if (!std::binary_search(existing.begin(), existing.end(), k)) {
            result.push_back(uint32_t(k >> 32));
            result.push_back(uint32_t(k & 0xFFFFFFFFu));
            kinds.push_back(pairKind[k]);
        }
    return result;
}

// Greedy graph colouring of the pairs taken in `order`: colourOf per pair, so that no colour
// uses a vertex twice. Returns the colour count. `used` is scratch of 4 words per vertex, all
// zero, and left so.
uint32_t greedyColours(const std::vector<uint32_t> &pairs, const std::vector<uint32_t> &order,
                       std::vector<uint64_t> &used, std::vector<uint32_t> &colourOf)
{
    constexpr size_t kWords = 4; // up to 256 colours per vertex
    colourOf.assign(pairs.size() / 2, 0);
    uint32_t colourCount = 0;
    for (const uint32_t c : order) {
        const uint32_t a = pairs[2 * c], b = pairs[2 * c + 1];
        uint32_t colour = 0;
        for (size_t w = 0; w < kWords; ++w) {
            const uint64_t taken = used[a * kWords + w] | used[b * kWords + w];
            if (taken != ~uint64_t(0)) {
                colour = uint32_t(w * 64 + size_t(std::countr_one(taken)));
                break;
            }
            if (w + 1 == kWords)
                throw InputError("physics mesh: vertex " + std::to_string(a) +
                                 " has more than 256 constraints");
        }
        used[a * kWords + colour / 64] |= uint64_t(1) << (colour % 64);
        used[b * kWords + colour / 64] |= uint64_t(1) << (colour % 64);
        colourOf[c] = colour;
        colourCount = std::max(colourCount, colour + 1);
    }
    for (uint32_t v : pairs)
        for (size_t w = 0; w < kWords; ++w)
            used[v * kWords + w] = 0;
    return colourCount;
}

/// The offset from a pair's first vertex to its second.
int64_t pairOffset(const std::vector<uint32_t> &pairs, uint32_t c)
{
    return int64_t(pairs[2 * c + 1]) - int64_t(pairs[2 * c]);
}

/// The pairs colour by colour, each colour sorted by first vertex (byOffset: by offset from
/// first to second vertex, then by first vertex).
std::vector<uint32_t> colourOrder(const std::vector<uint32_t> &pairs,
                                  const std::vector<uint32_t> &colourOf, bool byOffset)
{
    std::vector<uint32_t> order(colourOf.size());
    for (size_t c = 0; c < order.size(); ++c)
        order[c] = uint32_t(c);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
        if (colourOf[x] != colourOf[y])
            return colourOf[x] < colourOf[y];
        if (byOffset && pairOffset(pairs, x) != pairOffset(pairs, y))
            return pairOffset(pairs, x) < pairOffset(pairs, y);
        return pairs[2 * x] < pairs[2 * y];
    });
    return order;
}

/// Batch ends (two per batch of ClothData::kBatchPadding) that are runs of consecutive
/// vertices (see sim::BatchLayout), the pairs in `order`, each colour padded.
size_t runEnds(const std::vector<uint32_t> &pairs, const std::vector<uint32_t> &colourOf,
               const std::vector<uint32_t> &order)
{
    constexpr size_t kBatch = ClothData::kBatchPadding;
    size_t runs = 0;
    for (size_t k = 0; k < order.size();) {
        size_t e = k;
        while (e < order.size() && colourOf[order[e]] == colourOf[order[k]])
            ++e;
        for (size_t b = k; b + kBatch <= e; b += kBatch) { // a short last batch is padded
            const uint32_t *first = &pairs[2 * order[b]];
            bool pairsRun = true; // the interleaved layout: A 2 i apart, B = A + 1
            for (size_t i = 0; i < kBatch && pairsRun; ++i) {
                const uint32_t *pair = &pairs[2 * order[b + i]];
                pairsRun = pair[0] == first[0] + 2 * i && pair[1] == pair[0] + 1;
            }
            for (int end = 0; end < 2; ++end) {
                bool run = true;
                for (size_t i = 1; i < kBatch && run; ++i)
                    run = pairs[2 * order[b + i] + end] == first[end] + i;
                runs += run || pairsRun ? 1 : 0;
            }
        }
        k = e;
    }
    return runs;
}

// Colours the constraints (pairs) so that no colour uses a vertex twice, and appends them
// colour by colour, padded. Two colourings are tried: taking the pairs in their order, each
// colour sorted by first vertex for locality; and taking them by offset from first to second
// vertex (on a mesh stored row by row, a family of like edges colours alike and its batches
// are runs of consecutive particles, which the kernels load as whole rows). The second is kept
// where it makes an eighth more of the batch ends runs and three quarters of them in all (a
// regular grid); irregular meshes keep the first.
void colourConstraints(const std::vector<uint32_t> &pairs, const std::vector<float> &rest,
                       const std::vector<uint8_t> &kinds, std::vector<uint64_t> &used,
                       ClothData &out, std::vector<ConstraintColour> &colours)
{
    const size_t count = pairs.size() / 2;
    std::vector<uint32_t> inputOrder(count);
    for (size_t c = 0; c < count; ++c)
        inputOrder[c] = uint32_t(c);
    std::vector<uint32_t> colourOf;
    uint32_t colourCount = greedyColours(pairs, inputOrder, used, colourOf);
    std::vector<uint32_t> order = colourOrder(pairs, colourOf, false);
    std::vector<uint32_t> byOffset = inputOrder;
    std::stable_sort(byOffset.begin(), byOffset.end(), [&](uint32_t x, uint32_t y) {
        if (pairOffset(pairs, x) != pairOffset(pairs, y))
            return pairOffset(pairs, x) < pairOffset(pairs, y);
        return pairs[2 * x] < pairs[2 * y];
    });
    std::vector<uint32_t> offsetColourOf;
    const uint32_t offsetColourCount = greedyColours(pairs, byOffset, used, offsetColourOf);
    const std::vector<uint32_t> offsetOrder = colourOrder(pairs, offsetColourOf, true);
    const size_t runs = runEnds(pairs, colourOf, order);
    const size_t offsetRuns = runEnds(pairs, offsetColourOf, offsetOrder);
    const size_t ends = 2 * (count / ClothData::kBatchPadding);
    if (offsetRuns >= runs + ends / 8 && 4 * offsetRuns >= 3 * ends) {
        colourOf = std::move(offsetColourOf);
        colourCount = offsetColourCount;
        order = offsetOrder;
    }
    size_t k = 0;
    for (uint32_t colour = 0; colour < colourCount; ++colour) {
        ConstraintColour range;
        range.begin = uint32_t(out.constraintA.size());
        for (; k < count && colourOf[order[k]] == colour; ++k) {
            const uint32_t c = order[k];
            out.constraintA.push_back(pairs[2 * c]);
            out.constraintB.push_back(pairs[2 * c + 1]);
            out.restLength.push_back(rest[c]);
            out.constraintKind.push_back(kinds[c]);
        }
        while ((out.constraintA.size() - range.begin) % ClothData::kBatchPadding != 0) {
            out.constraintA.push_back(out.dummyVertex);
            out.constraintB.push_back(out.dummyVertex);
            out.restLength.push_back(0.0f);
            out.constraintKind.push_back(ClothData::kPadding);
        }
        range.end = uint32_t(out.constraintA.size());
        if (range.end > range.begin) {
            colours.push_back(range);
            out.solveColours.push_back(range);
        }
    }
}

// Regions for the solver's blocks: about 512 vertices or more each (a power of two, at most
// 16), enough blocks to share among threads, few enough that the constraints between them stay
// a small share.
uint32_t regionCountFor(size_t vertices)
{
    uint32_t count = 1;
    while (count < 16 && size_t(count) * 2 * 512 <= vertices)
        count *= 2;
    return count;
}

// Slabs of equal vertex counts along the longest axis of the rest pose.
std::vector<uint32_t> slabRegions(const std::vector<Vec3> &positions, uint32_t regionCount)
{
    const size_t n = positions.size();
    std::vector<uint32_t> region(n, 0);
    if (regionCount == 1)
        return region;
    Vec3 lo = positions[0], hi = positions[0];
    for (const Vec3 &p : positions) {
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    const Vec3 extent = hi - lo;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : extent.y >= extent.z ? 1 : 2;
    auto coordinate = [&](uint32_t v) {
        const Vec3 &p = positions[v];
        return axis == 0 ? p.x : axis == 1 ? p.y : p.z;
    };
    std::vector<uint32_t> order(n);
    for (size_t v = 0; v < n; ++v)
        order[v] = uint32_t(v);
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        const float ca = coordinate(a), cb = coordinate(b);
        return ca != cb ? ca < cb : a < b;
    });
    for (size_t i = 0; i < n; ++i)
        region[order[i]] = uint32_t(i * regionCount / n);
    return region;
}

// Runs of consecutive vertex indices of equal counts: each region one stretch of memory.
std::vector<uint32_t> indexRegions(size_t n, uint32_t regionCount)
{
    std::vector<uint32_t> region(n);
    for (size_t v = 0; v < n; ++v)
        region[v] = uint32_t(v * regionCount / n);
    return region;
}

// Constraints whose ends lie in different regions (solved outside the regions' own blocks).
size_t crossingCount(const std::vector<uint32_t> &region, const std::vector<uint32_t> &pairs)
{
    size_t count = 0;
    for (size_t c = 0; c + 1 < pairs.size(); c += 2)
        count += region[pairs[c]] != region[pairs[c + 1]] ? 1 : 0;
    return count;
}

// The slabs, or runs of the vertex order when these cut no more constraints (a mesh stored row
// by row, say): a block's vertices then sit together in memory instead of one short run per
// row, which the cache rewards.
std::vector<uint32_t> solverRegions(const std::vector<Vec3> &positions,
                                    const std::vector<uint32_t> &stretch,
                                    const std::vector<uint32_t> &cross, uint32_t &regionCount)
{
    regionCount = regionCountFor(positions.size());
    std::vector<uint32_t> slabs = slabRegions(positions, regionCount);
    if (regionCount == 1)
        return slabs;
    std::vector<uint32_t> runs = indexRegions(positions.size(), regionCount);
    const size_t slabCut = crossingCount(slabs, stretch) + crossingCount(slabs, cross);
    const size_t runCut = crossingCount(runs, stretch) + crossingCount(runs, cross);
    return runCut <= slabCut ? runs : slabs;
}

// Colours the constraints block by block in solve order (see ClothData::phases).
void buildSolveOrder(ClothData &d, const std::vector<uint32_t> &stretch,
                     const std::vector<float> &stretchRest, const std::vector<uint32_t> &cross,
                     const std::vector<float> &crossRest, const std::vector<uint8_t> &crossKinds)
{
    const uint32_t k = d.regionCount;
    // Blocks: regions 0..k-1, boundaries k..2k-2 (between slab s and s + 1), the rest 2k-1.
    const uint32_t blockCount = 2 * k;
    auto blockOf = [&](uint32_t a, uint32_t b) {
        const uint32_t ra = d.region[a], rb = d.region[b];
        if (ra == rb)
            return ra;
        if (std::max(ra, rb) - std::min(ra, rb) == 1)
            return k + std::min(ra, rb);
        return 2 * k - 1;
    };
    struct Subset
    {
        std::vector<uint32_t> pairs;
        std::vector<float> rest;
        std::vector<uint8_t> kinds;
    };
    std::vector<Subset> stretchBlocks(blockCount), crossBlocks(blockCount);
    auto distribute = [&](const std::vector<uint32_t> &pairs, const std::vector<float> &rest,
                          const uint8_t *kinds, std::vector<Subset> &blocks) {
        for (size_t c = 0; c < rest.size(); ++c) {
            Subset &b = blocks[blockOf(pairs[2 * c], pairs[2 * c + 1])];
            b.pairs.insert(b.pairs.end(), {pairs[2 * c], pairs[2 * c + 1]});
            b.rest.push_back(rest[c]);
            b.kinds.push_back(kinds ? kinds[c] : ClothData::kStretch);
        }
    };
    distribute(stretch, stretchRest, nullptr, stretchBlocks);
    distribute(cross, crossRest, crossKinds.data(), crossBlocks);

    std::vector<uint32_t> phaseBlocks[4];
    for (uint32_t r = 0; r < k; ++r)
        phaseBlocks[0].push_back(r);
    for (uint32_t s = 0; s + 1 < k; ++s)
        phaseBlocks[1 + s % 2].push_back(k + s);
    phaseBlocks[3].push_back(2 * k - 1);
    std::vector<uint64_t> used(size_t(d.vertexCount) * 4, 0);
    for (const std::vector<uint32_t> &list : phaseBlocks) {
        SolverPhase phase;
        phase.blockBegin = uint32_t(d.blocks.size());
        for (uint32_t b : list) {
            ConstraintBlock block;
            block.colourBegin = uint32_t(d.solveColours.size());
            const Subset &st = stretchBlocks[b], &cr = crossBlocks[b];
            colourConstraints(cr.pairs, cr.rest, cr.kinds, used, d, d.bendColours);
            colourConstraints(st.pairs, st.rest, st.kinds, used, d, d.stretchColours);
            block.colourEnd = uint32_t(d.solveColours.size());
            if (block.colourEnd > block.colourBegin)
                d.blocks.push_back(block);
        }
        phase.blockEnd = uint32_t(d.blocks.size());
        if (phase.blockEnd > phase.blockBegin)
            d.phases.push_back(phase);
    }
}

/// The sine of the elevation from which a shortest path leaves a vertex upwards (about 15°).
constexpr float kUpwardPath = 0.25f;

struct Forest
{
    std::vector<uint32_t> anchor, parent, depth, tree;
    std::vector<float> distance;
};

// Shortest paths along mesh edges from the nearest fixed vertex (Dijkstra, ties broken by
// vertex index so the result is deterministic): each vertex's anchor and path length, for the
// tethers. The hard constraints' forest runs as vertically as the mesh allows: where a vertex's
// shortest path leaves it upwards (kUpwardPath), its parent is, among its neighbours nearer the
// fixed vertices, the one most straight above it (gravity pulls along -Y). Under gravity a chain
// of hard constraints hangs straight down, so a chain that zig-zags, as shortest paths on an
// irregular mesh do, pulls the cloth beside it sideways and stretches the edges between chains.
// Paths that leave sideways (a sheet pinned along its side) keep their shortest path.
Forest shortestPathForest(const std::vector<Vec3> &positions, const std::vector<uint32_t> &edges,
                          const std::vector<uint8_t> &fixed)
{
    const size_t n = positions.size();
    std::vector<std::vector<uint32_t>> neighbours(n);
    for (size_t e = 0; e < edges.size(); e += 2) {
        neighbours[edges[e]].push_back(edges[e + 1]);
        neighbours[edges[e + 1]].push_back(edges[e]);
    }
    Forest f;
    f.anchor.assign(n, ClothData::kNone);
    f.parent.assign(n, ClothData::kNone);
    f.depth.assign(n, 0);
    f.tree.assign(n, ClothData::kNone);
    f.distance.assign(n, INFINITY);
    using Item = std::pair<float, uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    uint32_t trees = 0;
    for (size_t v = 0; v < n; ++v)
        if (fixed[v]) {
            f.anchor[v] = uint32_t(v);
            f.tree[v] = trees++;
            f.distance[v] = 0;
            queue.push({0.0f, uint32_t(v)});
        }
    std::vector<uint8_t> done(n, 0);
    std::vector<uint32_t> settled; // in order of path length
    while (!queue.empty()) {
        const auto [d, v] = queue.top();
        queue.pop();
        if (done[v])
            continue;
        done[v] = 1;
        settled.push_back(v);
        for (uint32_t w : neighbours[v]) {
            if (fixed[w] || done[w])
                continue;
            const float nd = d + distance(positions[v], positions[w]);
            if (nd < f.distance[w] || (nd == f.distance[w] && v < f.parent[w])) {
                f.distance[w] = nd;
                f.parent[w] = v;
                f.anchor[w] = f.anchor[v];
                f.tree[w] = f.tree[v];
                queue.push({nd, w});
            }
        }
    }
    auto upward = [&](uint32_t from, uint32_t to) {
        const Vec3 d = positions[to] - positions[from];
        return d.y / std::max(length(d), 1e-30f);
    };
    for (const uint32_t v : settled) {
        if (fixed[v])
            continue;
        if (upward(v, f.parent[v]) >= kUpwardPath) {
            float mostUpward = -INFINITY;
            for (const uint32_t w : neighbours[v])
                if (f.distance[w] < f.distance[v] && upward(v, w) > mostUpward) {
                    mostUpward = upward(v, w);
                    f.parent[v] = w;
                }
        }
        f.tree[v] = f.tree[f.parent[v]];
        f.depth[v] = f.depth[f.parent[v]] + 1;
    }
    return f;
}

} // namespace

std::vector<uint8_t> findEdgeVertices(const std::vector<uint32_t> &indices, size_t vertexCount)
{
    std::unordered_map<uint64_t, int> triangleCount;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)];
            if (a != b)
                ++triangleCount[edgeKey(a, b)];
        }
    std::vector<uint32_t> degree(vertexCount, 0);
    std::vector<uint8_t> edge(vertexCount, 0);
    for (const auto &[key, count] : triangleCount) {
        const uint32_t a = uint32_t(key >> 32), b = uint32_t(key & 0xFFFFFFFFu);
        ++degree[a];
        ++degree[b];
        if (count == 1)
            edge[a] = edge[b] = 1;
    }
    for (size_t v = 0; v < vertexCount; ++v)
        if (degree[v] < 4)
            edge[v] = 1;
    return edge;
}

namespace {

/// Each vertex's mesh neighbours, sorted.
std::vector<std::vector<uint32_t>> vertexNeighbours(const std::vector<uint32_t> &edges, size_t n)
{
    std::vector<std::vector<uint32_t>> out(n);
    for (size_t e = 0; e + 1 < edges.size(); e += 2) {
        out[edges[e]].push_back(edges[e + 1]);
        out[edges[e + 1]].push_back(edges[e]);
    }
    for (auto &list : out)
        std::sort(list.begin(), list.end());
    return out;
}

// A bend pair (a, b) spans the hinge edge whose ends both neighbour a and b: its scale is the
// mean painted BendScale of the hinge's vertices, so that a line of vertices painted 0 lets the
// cloth fold along it. Pairs without such neighbours take the mean of their own ends.
float hingeBendScale(const std::vector<std::vector<uint32_t>> &neighbours,
                     const std::vector<float> &bend, uint32_t a, uint32_t b)
{
    const std::vector<uint32_t> &na = neighbours[a], &nb = neighbours[b];
    float sum = 0;
    int count = 0;
    for (size_t i = 0, j = 0; i < na.size() && j < nb.size();) {
        if (na[i] < nb[j]) {
            ++i;
        } else if (nb[j] < na[i]) {
            ++j;
        } else {
            sum += bend[na[i]];
            ++count;
            ++i;
            ++j;
        }
    }
    return count ? sum / float(count) : 0.5f * (bend[a] + bend[b]);
}

// The painted values and everything derived from them: fixed flags, masses, per-constraint
// stiffness and the shortest-path forest (tethers, hard constraints) rooted at the fixed
// vertices. Needs the topology, the areas and the coloured constraints.
void applyPaint(ClothData &d, const PaintChannels &channels)
{
    const size_t n = d.vertexCount;
    d.maxDistance = channelOrDefault(channels, n, FloatChannel::MaxDistance);
    d.backstopRadius = channelOrDefault(channels, n, FloatChannel::BackstopRadius);
    d.backstopDistance = channelOrDefault(channels, n, FloatChannel::BackstopDistance);
    d.dampingScale = channelOrDefault(channels, n, FloatChannel::DampingScale);
    d.windScale = channelOrDefault(channels, n, FloatChannel::WindScale);
    const std::vector<float> massScale = channelOrDefault(channels, n, FloatChannel::MassScale);
    const std::vector<float> stiffness =
        channelOrDefault(channels, n, FloatChannel::StiffnessScale);
    d.bendScale = channelOrDefault(channels, n, FloatChannel::BendScale);
    const std::vector<float> &bend = d.bendScale;

    d.fixed.resize(n);
    for (size_t v = 0; v < n; ++v)
        d.fixed[v] = d.maxDistance[v] == 0.0f ? 1 : 0;
    d.massPerDensity.resize(n);
    for (size_t v = 0; v < n; ++v)
        d.massPerDensity[v] = d.area[v] * std::max(massScale[v], 1e-3f);
    d.stiffnessScale.resize(d.constraintA.size());
    const std::vector<std::vector<uint32_t>> neighbours = vertexNeighbours(d.edges, n);
    for (size_t k = 0; k < d.constraintA.size(); ++k) {
        const uint32_t a = d.constraintA[k], b = d.constraintB[k];
        if (d.constraintKind[k] == ClothData::kPadding)
            d.stiffnessScale[k] = 1.0f;
        else if (d.constraintKind[k] == ClothData::kBend)
            d.stiffnessScale[k] = hingeBendScale(neighbours, bend, a, b);
        else
            d.stiffnessScale[k] = 0.5f * (stiffness[a] + stiffness[b]);
    }

    const Forest forest = shortestPathForest(d.restPositions, d.edges, d.fixed);
    d.tetherAnchor = forest.anchor;
    d.tetherLength = forest.distance;
    d.hardParent = forest.parent;
    d.hardDepth = forest.depth;
    d.hardTree = forest.tree;
    d.hardRestLength.assign(n, 0.0f);
    for (size_t v = 0; v < n; ++v) {
        if (d.tetherAnchor[v] == ClothData::kNone)
            d.tetherLength[v] = 0.0f;
        if (forest.parent[v] != ClothData::kNone)
            d.hardRestLength[v] = distance(d.restPositions[v], d.restPositions[forest.parent[v]]);
    }
}

} // namespace

std::shared_ptr<const ClothData> buildClothData(const PhysicsMesh &mesh,
                                                const ClothBuildOptions &options)
{
    checkMesh(mesh);
    const size_t n = mesh.vertexCount();
    if (!options.masses.empty()) {
        if (options.masses.size() != n)
            throw InputError("cloth: " + std::to_string(options.masses.size()) +
                             " masses for " + std::to_string(n) + " vertices");
        for (float m : options.masses)
            if (!(m > 0) || !std::isfinite(m))
                throw InputError("cloth: vertex masses must be positive and finite");
    }
    auto data = std::make_shared<ClothData>();
    ClothData &d = *data;
    d.vertexCount = uint32_t(n);
    d.dummyVertex = uint32_t(n);
    d.restPositions = mesh.positions;
    d.restNormals = mesh.normals.empty() ? computeVertexNormals(mesh.positions, mesh.indices)
                                         : mesh.normals;
    d.skin = mesh.skin;
    d.indices = mesh.indices;
    d.explicitMass = options.masses;

    // A third of each triangle's area to each of its corners.
    std::vector<float> area(n, 0.0f);
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        const uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
        const float triangle = 0.5f * length(cross(mesh.positions[b] - mesh.positions[a],
                                                   mesh.positions[c] - mesh.positions[a]));
        for (uint32_t v : {a, b, c})
            area[v] += triangle / 3.0f;
    }
    float meanArea = 0;
    for (float a : area)
        meanArea += a;
    meanArea = n ? meanArea / float(n) : 0.0f;
    for (size_t v = 0; v < n; ++v)
        // A vertex without triangles (or with degenerate ones) still needs a mass.
        d.area.push_back(area[v] > 0 ? area[v] : meanArea > 0 ? meanArea : 1e-4f);

    d.tetrahedra = mesh.tetrahedra;
    // A soft body's stretch constraints are the edges of its tetrahedra (the surface's among
    // them); its closed surface has no rim, so no vertex gets the edge scales.
    d.edges = uniqueEdges(d.tetrahedra.empty() ? mesh.indices : tetrahedronFaces(d.tetrahedra));
    d.edge = d.tetrahedra.empty() ? findEdgeVertices(mesh.indices, n) : std::vector<uint8_t>(n, 0);
    d.stretchCount.assign(n, 0);
    for (uint32_t v : d.edges)
        ++d.stretchCount[v];

    auto restLengths = [&](const std::vector<uint32_t> &pairs) {
        std::vector<float> rest;
        for (size_t c = 0; c + 1 < pairs.size(); c += 2)
            rest.push_back(distance(mesh.positions[pairs[c]], mesh.positions[pairs[c + 1]]));
        return rest;
    };
    std::vector<uint8_t> kinds;
    const std::vector<uint32_t> cross = crossPairs(mesh.indices, d.edges, mesh.positions, kinds);
    d.stretchConstraintCount = uint32_t(d.edges.size() / 2);
    d.bendConstraintCount = uint32_t(cross.size() / 2);
    d.region = solverRegions(mesh.positions, d.edges, cross, d.regionCount);
    buildSolveOrder(d, d.edges, restLengths(d.edges), cross, restLengths(cross), kinds);
    if (d.dummyVertex < 0x8000u)
        for (size_t k = 0; k < d.constraintA.size(); ++k) {
            d.constraintA16.push_back(uint16_t(2 * d.constraintA[k]));
            d.constraintB16.push_back(uint16_t(2 * d.constraintB[k]));
        }

    applyPaint(d, mesh.channels);
    return data;
}

std::shared_ptr<const ClothData> withChannels(const ClothData &data, const PaintChannels &channels)
{
    checkChannels(channels, data.vertexCount, "cloth channels");
    auto copy = std::make_shared<ClothData>(data);
    applyPaint(*copy, channels);
    return copy;
}

std::vector<float> massGradient(const PhysicsMesh &mesh, float ratio)
{
    if (!(ratio > 0) || !std::isfinite(ratio))
        throw InputError("mass gradient: the ratio must be positive, not " +
                         std::to_string(ratio));
    checkMesh(mesh);
    const size_t n = mesh.vertexCount();
    const std::vector<float> maxDistance = channelOrDefault(mesh, FloatChannel::MaxDistance);
    std::vector<uint8_t> fixed(n);
    for (size_t v = 0; v < n; ++v)
        fixed[v] = maxDistance[v] == 0.0f ? 1 : 0;
    const Forest forest = shortestPathForest(mesh.positions, uniqueEdges(mesh.indices), fixed);
    float farthest = 0;
    for (size_t v = 0; v < n; ++v)
        if (forest.anchor[v] != ClothData::kNone)
            farthest = std::max(farthest, forest.distance[v]);
    std::vector<float> scale(n, 1.0f);
    for (size_t v = 0; v < n; ++v)
        if (forest.anchor[v] != ClothData::kNone && farthest > 0)
            scale[v] = 1.0f + (ratio - 1.0f) * (1.0f - forest.distance[v] / farthest);
    return scale;
}

} // namespace tweed
