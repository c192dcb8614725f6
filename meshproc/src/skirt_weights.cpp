// Skirt weights (skirt_weights.h): one blend of bones for a region of garment off the body.
#include "tweed/meshproc/skirt_weights.h"

#include "tweed/errors.h"
#include "tweed/mesh_distance.h"

#include "mesh_internal.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

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

LayerWeights weightsFromLayerBeneath(const std::vector<Vec3> &positions, const std::vector<uint32_t> &indices,
                                     const std::vector<BoneInfluence> &skin,
                                     const std::vector<std::vector<Mat4>> &poses, float limit)
{
    const size_t n = positions.size();
    if (skin.size() != n) throw InputError("layer weights: the weights must have one entry per vertex");
    if (!(limit >= 1.0f) || !std::isfinite(limit))
        throw InputError("layer weights: the stretch limit must be at least 1");
    if (indices.size() % 3 != 0) throw InputError("layer weights: the index count is not a multiple of three");
    for (uint32_t i : indices)
        if (i >= n) throw InputError("layer weights: a triangle names a vertex beyond the positions");
    LayerWeights out;
    out.skin = skin;
    out.changed.assign(n, 0);
    // The connected pieces, by their triangles.
    std::vector<uint32_t> piece(n);
    std::iota(piece.begin(), piece.end(), 0u);
    auto root = [&](uint32_t v) {
        while (piece[v] != v) v = piece[v] = piece[piece[v]];
        return v;
    };
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        piece[root(indices[t + 1])] = root(indices[t]);
        piece[root(indices[t + 2])] = root(indices[t]);
    }
    std::vector<uint32_t> id(n, UINT32_MAX), ofRoot(n, UINT32_MAX);
    std::vector<std::vector<uint32_t>> triangles; // per piece, in the piece's own numbering
    std::vector<std::vector<uint32_t>> members;             // per piece, its vertices
    std::vector<uint32_t> local(n, 0);
    for (uint32_t v = 0; v < n; ++v) {
        const uint32_t r = root(v);
        if (ofRoot[r] == UINT32_MAX) {
            ofRoot[r] = uint32_t(members.size());
            members.emplace_back();
        }
        id[v] = ofRoot[r];
        local[v] = uint32_t(members[id[v]].size());
        members[id[v]].push_back(v);
    }
    const size_t pieces = members.size();
    if (pieces < 2) return out;
    triangles.resize(pieces);
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) triangles[id[indices[t]]].push_back(local[indices[t + size_t(k)]]);
    std::vector<std::vector<Vec3>> piecePositions(pieces);
    std::vector<std::vector<BoneInfluence>> pieceSkin(pieces);
    for (size_t p = 0; p < pieces; ++p)
        for (uint32_t v : members[p]) {
            piecePositions[p].push_back(positions[v]);
            pieceSkin[p].push_back(skin[v]);
        }
    // in[i][j]: vertices of piece i under piece j's surface; over[i][j]: over it (as
    // shellsInsideOut orders a garment's shells); on[i][j]: over it within a tenth of piece i's
    // size (its largest extent), lying on it rather than around it (a character's skin around
    // its eyes, Testwuson.X's body around its small inner pieces, which without this took their
    // weights and lost its legs' bones).
    std::vector<std::vector<uint64_t>> in(pieces, std::vector<uint64_t>(pieces, 0)), over = in, on = in;
    std::vector<float> reach(pieces, 0.0f);
    for (size_t i = 0; i < pieces; ++i) {
        Vec3 lo = piecePositions[i].front(), hi = lo;
        for (const Vec3 &p : piecePositions[i]) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        }
        reach[i] = 0.1f * std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
    }
    for (size_t j = 0; j < pieces; ++j) {
        if (triangles[j].empty()) continue;
        const MeshDistance surface(piecePositions[j], triangles[j]);
        for (size_t i = 0; i < pieces; ++i) {
            if (i == j) continue;
            for (uint32_t v : members[i]) {
                const SurfaceDistance s = surface.query(positions[v]);
                if (s.onOpenEdge) continue;
                in[i][j] += s.distance < 0;
                over[i][j] += s.distance > 0;
                on[i][j] += s.distance > 0 && s.distance <= reach[i];
            }
        }
    }
    // The largest stretch of each edge over the poses, for some weights.
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t(k + 1) % 3];
            edges.emplace_back(std::min(a, b), std::max(a, b));
        }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    auto pieceStretch = [&](const std::vector<BoneInfluence> &weights) {
        std::vector<float> largest(pieces, 1.0f);
        std::vector<Vec3> x;
        for (const std::vector<Mat4> &pose : poses) {
            skinVertices(positions, weights, pose, x);
            for (const auto &[a, b] : edges) {
                const float rest = distance(positions[a], positions[b]);
                if (rest > 0) largest[id[a]] = std::max(largest[id[a]], distance(x[a], x[b]) / rest);
            }
        }
        return largest;
    };
    const std::vector<float> before = pieceStretch(skin);
    std::vector<uint8_t> outer(pieces, 0);
    for (size_t i = 0; i < pieces; ++i) {
        // The pieces beneath this one, as one surface.
        std::vector<Vec3> beneathPositions;
        std::vector<uint32_t> beneathTriangles;
        std::vector<BoneInfluence> beneathSkin;
        for (size_t j = 0; j < pieces; ++j) {
            if (j == i || !(over[i][j] + in[j][i] > in[i][j] + over[j][i]) || !(2 * on[i][j] > members[i].size()))
                continue;
            const auto first = uint32_t(beneathPositions.size());
            beneathPositions.insert(beneathPositions.end(), piecePositions[j].begin(), piecePositions[j].end());
            beneathSkin.insert(beneathSkin.end(), pieceSkin[j].begin(), pieceSkin[j].end());
            for (uint32_t c : triangles[j]) beneathTriangles.push_back(first + c);
        }
        if (beneathTriangles.empty()) continue;
        outer[i] = 1;
        ++out.outerPieces;
        if (!(before[i] > limit)) continue;
        const std::vector<detail::SurfacePoint> at =
            detail::locateOnSurface(piecePositions[i], {}, beneathPositions, beneathTriangles, nullptr);
        for (size_t k = 0; k < members[i].size(); ++k)
            out.skin[members[i][k]] = detail::blendInfluences(beneathSkin, at[k].corners, at[k].bary);
    }
    // Kept per piece where it lowers the piece's largest stretch by a quarter of its excess.
    const std::vector<float> after = pieceStretch(out.skin);
    for (size_t i = 0; i < pieces; ++i) {
        if (!outer[i] || !(before[i] > limit)) continue;
        // Or where the rig carries it by other bones than the layer beneath: more than half of
        // its weight, on the mean, elsewhere (a cape given to the hands). Then its stretch is
        // the layer beneath's, which the repair of the whole mesh mends with it.
        double apart = 0;
        for (uint32_t v : members[i]) apart += double(detail::weightDistance(skin[v], out.skin[v]));
        const bool elsewhere = apart > double(detail::kSharpWeightChange) * double(members[i].size());
        const bool keep = after[i] - 1 < 0.75f * (before[i] - 1) || elsewhere;
        for (uint32_t v : members[i]) {
            if (!keep) out.skin[v] = skin[v];
            out.changed[v] = keep;
        }
        if (!keep) continue;
        ++out.keptPieces;
        out.stretchBefore = std::max(out.stretchBefore, before[i]);
        out.stretchAfter = std::max(out.stretchAfter, after[i]);
    }
    return out;
}

} // namespace tweed
