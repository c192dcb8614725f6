#include "mesh_internal.h"

#include <limits>
#include <numeric>
#include <queue>

namespace tweed::detail {

TriangleTree::TriangleTree(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                           const std::vector<uint32_t> *triangles)
    : mPositions(&positions), mIndices(&indices)
{
    if (triangles) {
        mTriangles = *triangles;
    } else {
        mTriangles.resize(indices.size() / 3);
        std::iota(mTriangles.begin(), mTriangles.end(), 0u);
    }
    if (mTriangles.empty())
        return;
    const size_t n = mTriangles.size();
    std::vector<Vec3> centroid(indices.size() / 3);
    std::vector<Vec3> lo(indices.size() / 3), hi(indices.size() / 3);
    for (uint32_t t : mTriangles) {
        const Vec3 &a = positions[indices[3 * t]], &b = positions[indices[3 * t + 1]],
                   &c = positions[indices[3 * t + 2]];
        lo[t] = minComponents(a, minComponents(b, c));
        hi[t] = maxComponents(a, maxComponents(b, c));
        centroid[t] = (lo[t] + hi[t]) * 0.5f;
    }
    mNodes.reserve(2 * n / 2 + 1);
    struct Task
    {
        uint32_t node, first, count;
    };
    std::vector<Task> tasks;
    mNodes.push_back({});
    tasks.push_back({0, 0, uint32_t(n)});
    constexpr uint32_t kLeafSize = 4;
    while (!tasks.empty()) {
        const Task task = tasks.back();
        tasks.pop_back();
        Vec3 nlo = lo[mTriangles[task.first]], nhi = hi[mTriangles[task.first]];
        Vec3 clo = centroid[mTriangles[task.first]], chi = clo;
        for (uint32_t i = task.first + 1; i < task.first + task.count; ++i) {
            const uint32_t t = mTriangles[i];
            nlo = minComponents(nlo, lo[t]);
            nhi = maxComponents(nhi, hi[t]);
            clo = minComponents(clo, centroid[t]);
            chi = maxComponents(chi, centroid[t]);
        }
        mNodes[task.node].lo = nlo;
        mNodes[task.node].hi = nhi;
        if (task.count <= kLeafSize) {
            mNodes[task.node].first = task.first;
            mNodes[task.node].count = task.count;
            continue;
        }
        const Vec3 ext = chi - clo;
        const int axis = ext.x >= ext.y && ext.x >= ext.z ? 0 : (ext.y >= ext.z ? 1 : 2);
        const uint32_t half = task.count / 2;
        auto begin = mTriangles.begin() + task.first;
        std::nth_element(begin, begin + half, begin + task.count, [&](uint32_t a, uint32_t b) {
            return centroid[a][axis] < centroid[b][axis];
        });
        const uint32_t left = uint32_t(mNodes.size());
        mNodes.push_back({});
        mNodes.push_back({});
        mNodes[task.node].first = left;
        mNodes[task.node].count = 0;
        tasks.push_back({left, task.first, half});
        tasks.push_back({left + 1, task.first + half, task.count - half});
    }
    // A leaf's triangles then lie in one run of memory, not behind two indirections.
    mCorners.resize(3 * n);
    for (size_t i = 0; i < n; ++i)
        for (size_t k = 0; k < 3; ++k)
            mCorners[3 * i + k] = positions[indices[3 * size_t(mTriangles[i]) + k]];
}

float boundingDiagonal(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    if (positions.empty())
        return 0;
    Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
    if (indices.empty()) {
        for (const Vec3 &p : positions) {
            lo = minComponents(lo, p);
            hi = maxComponents(hi, p);
        }
    } else {
        for (uint32_t i : indices) {
            lo = minComponents(lo, positions[i]);
            hi = maxComponents(hi, positions[i]);
        }
    }
    return distance(lo, hi);
}

double surfaceArea(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices)
{
    double area = 0;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        area += 0.5 * double(length(cross(positions[indices[t + 1]] - positions[indices[t]],
                                          positions[indices[t + 2]] - positions[indices[t]])));
    return area;
}

void compactVertices(std::vector<Vec3> &positions, std::vector<uint32_t> &indices,
                     std::vector<uint32_t> *perVertex)
{
    // Surviving vertices keep their relative order.
    std::vector<uint32_t> remap(positions.size(), kNone);
    for (uint32_t i : indices)
        remap[i] = 0;
    uint32_t next = 0;
    for (uint32_t v = 0; v < positions.size(); ++v) {
        if (remap[v] == kNone)
            continue;
        remap[v] = next;
        positions[next] = positions[v];
        if (perVertex && !perVertex->empty())
            (*perVertex)[next] = (*perVertex)[v];
        ++next;
    }
    positions.resize(next);
    if (perVertex && !perVertex->empty())
        perVertex->resize(next);
    for (uint32_t &i : indices)
        i = remap[i];
}

std::vector<std::vector<uint32_t>> neighbourLists(size_t n, const std::vector<uint32_t> &idx)
{
    std::vector<std::vector<uint32_t>> out(n);
    for (size_t t = 0; t + 2 < idx.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = idx[t + size_t(k)], b = idx[t + size_t((k + 1) % 3)];
            out[a].push_back(b);
            out[b].push_back(a);
        }
    for (auto &list : out) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    return out;
}

std::vector<std::pair<uint32_t, uint32_t>> edgeList(const std::vector<std::vector<uint32_t>> &nb)
{
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (uint32_t v = 0; v < nb.size(); ++v)
        for (uint32_t w : nb[v])
            if (v < w) edges.push_back({v, w});
    return edges;
}

std::vector<float> edgeDistances(const std::vector<Vec3> &p,
                                 const std::vector<std::vector<uint32_t>> &nb,
                                 const std::vector<uint8_t> &seed)
{
    std::vector<float> d(p.size(), std::numeric_limits<float>::infinity());
    using Item = std::pair<float, uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    for (uint32_t v = 0; v < p.size(); ++v)
        if (seed[v]) {
            d[v] = 0;
            queue.push({0.0f, v});
        }
    while (!queue.empty()) {
        const auto [dv, v] = queue.top();
        queue.pop();
        if (dv > d[v]) continue;
        for (uint32_t w : nb[v]) {
            const float dw = dv + distance(p[v], p[w]);
            if (dw < d[w]) {
                d[w] = dw;
                queue.push({dw, w});
            }
        }
    }
    return d;
}

} // namespace tweed::detail
