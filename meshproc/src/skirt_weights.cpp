// Skirt weights (skirt_weights.h): one blend of bones for a region of garment off the body.
#include "tweed/meshproc/skirt_weights.h"

#include "tweed/errors.h"

#include "mesh_internal.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tweed {
namespace {

// Weights by bone, summed.
using BoneWeights = std::map<int, double>;

void addInfluence(BoneWeights &w, const BoneInfluence &inf, double scale)
{
    for (int k = 0; k < kMaxBoneInfluences; ++k)
        if (inf.weights[size_t(k)] > 0) w[int(inf.bones[size_t(k)])] += scale * inf.weights[size_t(k)];
}

// Four influences at most: the deepest bone beyond four gives its weight to its parent (a
// skirt's lower legs to the thighs, then to the pelvis), so that no side loses its share.
BoneInfluence foldToInfluence(BoneWeights w, const std::vector<int> &parents)
{
    auto depth = [&](int b) {
        int d = 0;
        for (int p = parents[size_t(b)]; p >= 0 && d <= int(parents.size()); p = parents[size_t(p)]) ++d;
        return d;
    };
    std::erase_if(w, [](const auto &p) { return !(p.second > 0); });
    while (w.size() > size_t(kMaxBoneInfluences)) {
        auto deepest = w.begin();
        for (auto it = w.begin(); it != w.end(); ++it)
            if (depth(it->first) > depth(deepest->first) ||
                (depth(it->first) == depth(deepest->first) && it->second < deepest->second))
                deepest = it;
        const int parent = parents[size_t(deepest->first)];
        const double weight = deepest->second;
        w.erase(deepest);
        if (parent >= 0) w[parent] += weight;
    }
    double total = 0;
    for (const auto &p : w) total += p.second;
    BoneInfluence inf{};
    size_t k = 0;
    for (const auto &p : w) {
        inf.bones[k] = uint16_t(p.first);
        inf.weights[k] = total > 0 ? float(p.second / total) : 0.0f;
        ++k;
    }
    return inf;
}

} // namespace

SkirtWeights skirtRegionWeights(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                                const std::vector<BoneInfluence> &skin, const std::vector<int> &parents,
                                const std::vector<uint8_t> &movable,
                                const std::vector<std::pair<uint32_t, uint32_t>> &seedEdges, float blendWidth)
{
    const size_t n = positions.size();
    if (skin.size() != n || movable.size() != n)
        throw InputError("skirt weights: the weights and movable lists must have one entry per vertex");
    if (!(blendWidth >= 0) || !std::isfinite(blendWidth))
        throw InputError("skirt weights: the blend width must be a distance of 0 or more");
    for (const BoneInfluence &inf : skin)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (inf.weights[size_t(k)] > 0 && inf.bones[size_t(k)] >= parents.size())
                throw InputError("skirt weights: a weight names a bone the skeleton lacks");
    for (uint32_t i : indices)
        if (i >= n) throw InputError("skirt weights: a triangle names a vertex beyond the positions");

    SkirtWeights out;
    out.skin = skin;
    out.region.assign(n, 0);
    const auto nb = detail::neighbourLists(n, indices);
    auto mainBone = [&](uint32_t v) {
        int best = -1;
        float most = 0;
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (skin[v].weights[size_t(k)] > most) {
                most = skin[v].weights[size_t(k)];
                best = int(skin[v].bones[size_t(k)]);
            }
        return best;
    };
    auto chain = [&](int b) { // the bone and its ancestors, root last
        std::vector<int> up;
        for (; b >= 0 && up.size() <= parents.size(); b = parents[size_t(b)]) up.push_back(b);
        return up;
    };
    // A bone's subtree membership: bone -> the bone under `root` it hangs from (or root).
    auto under = [&](int b, int root) {
        int child = -1;
        for (; b >= 0; child = b, b = parents[size_t(b)])
            if (b == root) return child < 0 ? root : child;
        return -2;
    };
    // The regions: movable vertices connected to a seed edge whose ends the bones carry on two
    // sibling branches (a skirt between the legs; not a joint's bend, where one end's bone is
    // the other's ancestor), through vertices carried by those branches or their common bone.
    std::vector<uint32_t> label(n, UINT32_MAX);
    for (const auto &[a, b] : seedEdges) {
        if (a >= n || b >= n)
            throw InputError("skirt weights: a seed edge names a vertex beyond the positions");
        if (!movable[a] || !movable[b] || label[a] != UINT32_MAX || label[b] != UINT32_MAX) continue;
        const int ba = mainBone(a), bb = mainBone(b);
        if (ba < 0 || bb < 0 || ba == bb) continue;
        const std::vector<int> ua = chain(ba), ub = chain(bb);
        int common = -1;
        for (int x : ua)
            if (std::find(ub.begin(), ub.end(), x) != ub.end()) {
                common = x;
                break;
            }
        if (common < 0 || common == ba || common == bb) continue;
        const int sideA = under(ba, common), sideB = under(bb, common);
        auto carried = [&](uint32_t v) { // its weights on the two branches and their common bone
            float onBranches = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k) {
                const float w = skin[v].weights[size_t(k)];
                if (!(w > 0)) continue;
                const int side = under(int(skin[v].bones[size_t(k)]), common);
                if (side == common || side == sideA || side == sideB) onBranches += w;
            }
            return onBranches >= 0.9f;
        };
        if (!carried(a) || !carried(b)) continue;
        const uint32_t id = out.regions++;
        std::vector<uint32_t> stack{a, b};
        label[a] = label[b] = id;
        while (!stack.empty()) {
            const uint32_t v = stack.back();
            stack.pop_back();
            for (uint32_t w : nb[v])
                if (movable[w] && label[w] == UINT32_MAX && carried(w)) {
                    label[w] = id;
                    stack.push_back(w);
                }
        }
    }
    if (out.regions == 0) return out;
    // Each region's mean weights (each vertex counts by the length of its edges, so that a
    // finely meshed part does not outweigh the rest).
    std::vector<BoneWeights> sum(out.regions);
    for (size_t v = 0; v < n; ++v) {
        if (label[v] == UINT32_MAX) continue;
        double length = 0;
        for (uint32_t w : nb[v]) length += double(distance(positions[v], positions[w]));
        addInfluence(sum[label[v]], skin[v], length > 0 ? length : 1.0);
    }
    std::vector<BoneInfluence> mean(out.regions);
    for (uint32_t r = 0; r < out.regions; ++r) {
        mean[r] = foldToInfluence(sum[r], parents);
    }
    // Blend from the region's edge: along the edges from the vertices that are not movable.
    std::vector<uint8_t> outside(n, 0);
    for (size_t v = 0; v < n; ++v) outside[v] = !movable[v];
    const std::vector<float> along = detail::edgeDistances(positions, nb, outside);
    for (size_t v = 0; v < n; ++v) {
        if (label[v] == UINT32_MAX) continue;
        float t = blendWidth > 0 ? std::min(1.0f, along[v] / blendWidth) : 1.0f;
        if (!std::isfinite(t)) t = 1.0f;
        t = t * t * (3 - 2 * t); // smooth at both ends of the band
        BoneWeights w;
        addInfluence(w, skin[v], 1.0 - double(t));
        addInfluence(w, mean[label[v]], double(t));
        const BoneInfluence blended = foldToInfluence(std::move(w), parents);
        out.region[v] = label[v] + 1;
        out.skin[v] = blended;
    }
    return out;
}

} // namespace tweed
