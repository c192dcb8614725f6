// Skinning repair (auto_setup.h): smooths the physics mesh's bone weights along the surface
// where the skinned pose over the clips stretches beyond the limit.
#include "tweed/meshproc/auto_setup.h"

#include "tweed/errors.h"

#include "mesh_internal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace tweed {
namespace {

// Bone weights as sparse lists, for smoothing.
using Weights = std::vector<std::pair<int, float>>;

Weights toWeights(const BoneInfluence &inf)
{
    Weights w;
    for (int k = 0; k < kMaxBoneInfluences; ++k)
        if (inf.weights[size_t(k)] > 0) w.push_back({int(inf.bones[size_t(k)]), inf.weights[size_t(k)]});
    return w;
}

BoneInfluence toInfluence(Weights w)
{
    std::sort(w.begin(), w.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    if (w.size() > size_t(kMaxBoneInfluences)) w.resize(size_t(kMaxBoneInfluences));
    float total = 0;
    for (const auto &p : w) total += p.second;
    BoneInfluence inf{};
    for (size_t k = 0; k < w.size(); ++k) {
        inf.bones[k] = uint16_t(w[k].first);
        inf.weights[k] = total > 0 ? w[k].second / total : 0;
    }
    return inf;
}

} // namespace

using detail::edgeList;
using detail::neighbourLists;

SkinRepairReport repairSkinWeights(const std::vector<Vec3> &positions,
                                   const std::vector<uint32_t> &indices,
                                   std::vector<BoneInfluence> &skin,
                                   const std::vector<std::vector<Mat4>> &poses, float limit,
                                   const std::vector<float> &resistance, int maxIterations)
{
    const size_t n = positions.size();
    if (skin.size() != n)
        throw InputError("skinning repair: " + std::to_string(skin.size()) + " bone weights for " +
                         std::to_string(n) + " vertices");
    if (!resistance.empty() && resistance.size() != n)
        throw InputError("skinning repair: " + std::to_string(resistance.size()) +
                         " resistances for " + std::to_string(n) + " vertices");
    if (!(limit >= 1.0f) || !std::isfinite(limit))
        throw InputError("skinning repair: the stretch limit must be at least 1");
    if (indices.size() % 3 != 0)
        throw InputError("skinning repair: the index count is not a multiple of three");
    for (uint32_t i : indices)
        if (i >= n) throw InputError("skinning repair: vertex index " + std::to_string(i) + " out of range");
    for (const std::vector<Mat4> &pose : poses)
        for (const BoneInfluence &inf : skin)
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (inf.weights[size_t(k)] > 0 && inf.bones[size_t(k)] >= pose.size())
                    throw InputError("skinning repair: bone " + std::to_string(inf.bones[size_t(k)]) +
                                     " outside the pose's " + std::to_string(pose.size()) + " bones");
    SkinRepairReport report;
    if (n == 0 || poses.empty()) return report;

    const auto nb = neighbourLists(n, indices);
    const auto edges = edgeList(nb);
    if (edges.empty()) return report;
    std::vector<std::vector<uint32_t>> incident(n);
    std::vector<float> rest(edges.size());
    for (size_t e = 0; e < edges.size(); ++e) {
        incident[edges[e].first].push_back(uint32_t(e));
        incident[edges[e].second].push_back(uint32_t(e));
        rest[e] = distance(positions[edges[e].first], positions[edges[e].second]);
    }
    // Every vertex skinned in every pose, updated where the weights change.
    const size_t P = poses.size();
    std::vector<Vec3> x(P * n);
    auto skinOne = [&](size_t v) {
        for (size_t p = 0; p < P; ++p) {
            Vec3 sum{};
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (const float w = skin[v].weights[size_t(k)]; w > 0)
                    sum = sum + poses[p][skin[v].bones[size_t(k)]].transformPoint(positions[v]) * w;
            x[p * n + v] = sum;
        }
    };
    std::vector<float> stretch(edges.size(), 1.0f);
    auto measure = [&](size_t e) {
        float s = 1;
        if (rest[e] > 1e-6f)
            for (size_t p = 0; p < P; ++p)
                s = std::max(s, distance(x[p * n + edges[e].first], x[p * n + edges[e].second]) / rest[e]);
        stretch[e] = s;
    };
    for (size_t v = 0; v < n; ++v) skinOne(v);
    for (size_t e = 0; e < edges.size(); ++e) measure(e);
    auto worstAndOver = [&] {
        float worst = 1;
        size_t over = 0;
        for (float s : stretch) {
            worst = std::max(worst, s);
            over += s > limit;
        }
        return std::pair{worst, over};
    };
    auto [worst, over] = worstAndOver();
    report.before = report.after = worst;

    std::vector<float> resist(n, 0.0f);
    for (size_t v = 0; v < resistance.size(); ++v) resist[v] = std::clamp(resistance[v], 0.0f, 1.0f);
    const std::vector<BoneInfluence> original = skin;
    auto resistance0 = [&](size_t v) { return resistance.empty() ? 0.0f : std::clamp(resistance[v], 0.0f, 1.0f); };
    std::vector<BoneInfluence> bestSkin = skin;
    float bestWorst = worst;
    size_t bestOver = over;
    int stale = 0;
    std::vector<float> heat(n), grown(n);
    std::vector<uint8_t> dirty(edges.size(), 0);
    for (int it = 0; it < maxIterations && over > 0; ++it) {
        // The region: the over-stretched edges' vertices and rings around them, more rings
        // while the stretch persists, the diffusion fading with the rings.
        std::fill(heat.begin(), heat.end(), 0.0f);
        for (size_t e = 0; e < edges.size(); ++e)
            if (stretch[e] > limit) heat[edges[e].first] = heat[edges[e].second] = 1;
        const int rings = std::min(2 + it / 8, 6);
        for (int r = 0; r < rings; ++r) {
            grown = heat;
            for (size_t v = 0; v < n; ++v)
                if (heat[v] > 0)
                    for (uint32_t w : nb[v]) grown[w] = std::max(grown[w], 0.85f * heat[v]);
            heat.swap(grown);
        }
        // Steps of diffusion (Jacobi): each vertex of the region moves towards its neighbours'
        // mean; where the stretch persists, the resistance wears off.
        std::vector<BoneInfluence> next;
        std::map<int, float> sum;
        bool changed = false;
        for (int sweep = 0; sweep < 3; ++sweep) {
            next = skin;
            for (size_t v = 0; v < n; ++v) {
                const float a = 0.5f * heat[v] * (1.0f - resist[v]);
                if (!(a > 0.01f) || nb[v].empty()) continue;
                sum.clear();
                for (const auto &[b, w] : toWeights(skin[v])) sum[b] += (1 - a) * w;
                const float share = a / float(nb[v].size());
                for (uint32_t u : nb[v])
                    for (const auto &[b, w] : toWeights(skin[u])) sum[b] += share * w;
                next[v] = toInfluence(Weights(sum.begin(), sum.end()));
                changed |= !(next[v] == skin[v]);
                if (sweep == 0 && resist[v] < 1.0f) resist[v] = std::max(0.5f * resistance0(v), 0.95f * resist[v]);
            }
            skin.swap(next);
        }
        if (!changed) break;
        for (size_t v = 0; v < n; ++v)
            if (heat[v] > 0) {
                skinOne(v);
                for (uint32_t e : incident[v]) dirty[e] = 1;
            }
        for (size_t e = 0; e < edges.size(); ++e)
            if (dirty[e]) {
                measure(e);
                dirty[e] = 0;
            }
        std::tie(worst, over) = worstAndOver();
        report.iterations = it + 1;
        if (worst < bestWorst - 1e-4f || (worst <= bestWorst && over < bestOver)) {
            bestWorst = worst;
            bestOver = over;
            bestSkin = skin;
            stale = 0;
        } else if (++stale >= 40) {
            break; // no progress: the best weights found stand
        }
    }
    skin = bestSkin;
    report.after = bestWorst;
    for (size_t v = 0; v < n; ++v) report.changedVertices += !(skin[v] == original[v]);
    return report;
}

} // namespace tweed
