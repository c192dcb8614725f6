// Baked cloth-driven bones: a simulated clip as the animation of bones on the physics mesh,
// with the graphics mesh skinned to them (DESIGN.md, "Cloth-driven bones").
#include "tweed/meshproc/export.h"

#include "export_internal.h"

#include "tweed/errors.h"
#include "tweed/file_io.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <queue>
#include <set>

namespace tweed {

namespace {

// Pivots spread over the mesh by farthest-point sampling (deterministic: starts at vertex 0).
std::vector<uint32_t> farthestPoints(const std::vector<Vec3> &points, uint32_t count)
{
    std::vector<uint32_t> out;
    if (points.empty() || count == 0) return out;
    std::vector<float> nearest(points.size(), std::numeric_limits<float>::infinity());
    uint32_t next = 0;
    while (out.size() < count) {
        const uint32_t current = next;
        out.push_back(current);
        float best = -1;
        for (size_t i = 0; i < points.size(); ++i) {
            nearest[i] = std::min(nearest[i], lengthSquared(points[i] - points[current]));
            if (nearest[i] > best) {
                best = nearest[i];
                next = uint32_t(i);
            }
        }
        if (best <= 0) break;
    }
    return out;
}

// The geodesic Voronoi cells of the pivots over the mesh edges (multi-source Dijkstra): each
// vertex's nearest pivot along the mesh and its distance, and which cells touch. Along the mesh,
// so that a sleeve's vertices never take the bones of the body beside them.
struct PivotCells
{
    std::vector<uint32_t> owner; ///< per vertex: index into pivots
    std::vector<float> distance; ///< per vertex: metres along the mesh to its pivot
    std::vector<std::vector<uint32_t>> neighbours; ///< per pivot: pivots of touching cells
    std::vector<std::vector<uint32_t>> ring;       ///< per vertex: mesh neighbours
};

PivotCells pivotCells(const std::vector<Vec3> &points, const std::vector<uint32_t> &indices,
                      const std::vector<uint32_t> &pivots)
{
    PivotCells c;
    const size_t n = points.size();
    c.ring.resize(n);
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = indices[t + size_t(k)], b = indices[t + size_t((k + 1) % 3)];
            c.ring[a].push_back(b);
            c.ring[b].push_back(a);
        }
    for (auto &r : c.ring) {
        std::sort(r.begin(), r.end());
        r.erase(std::unique(r.begin(), r.end()), r.end());
    }
    c.owner.assign(n, std::numeric_limits<uint32_t>::max());
    c.distance.assign(n, std::numeric_limits<float>::infinity());
    using Item = std::pair<float, uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    for (size_t i = 0; i < pivots.size(); ++i) {
        c.owner[pivots[i]] = uint32_t(i);
        c.distance[pivots[i]] = 0;
        queue.push({0.0f, pivots[i]});
    }
    while (!queue.empty()) {
        const auto [d, v] = queue.top();
        queue.pop();
        if (d > c.distance[v]) continue;
        for (uint32_t w : c.ring[v]) {
            const float nd = d + distance(points[v], points[w]);
            if (nd < c.distance[w]) {
                c.distance[w] = nd;
                c.owner[w] = c.owner[v];
                queue.push({nd, w});
            }
        }
    }
    c.neighbours.resize(pivots.size());
    for (size_t v = 0; v < n; ++v)
        for (uint32_t w : c.ring[v]) {
            const uint32_t a = c.owner[v], b = c.owner[w];
            if (a != b && a < pivots.size() && b < pivots.size()) c.neighbours[a].push_back(b);
        }
    for (auto &r : c.neighbours) {
        std::sort(r.begin(), r.end());
        r.erase(std::unique(r.begin(), r.end()), r.end());
    }
    return c;
}

// Bone definitions on a sparse grid of pivots: the column and row points are the pivots of
// touching cells (most along `down`, and most across that), so each frame turns with the cloth
// at the grid's scale rather than with the wrinkles of one vertex ring.
std::vector<ClothBoneDefinition> gridBones(const std::vector<Vec3> &points,
                                           const std::vector<uint32_t> &pivots,
                                           const PivotCells &cells)
{
    const Vec3 down{0, -1, 0};
    std::vector<ClothBoneDefinition> out;
    for (size_t i = 0; i < pivots.size(); ++i) {
        const uint32_t p = pivots[i];
        ClothBoneDefinition d;
        d.pivot = d.column = d.row = p;
        float bestDown = -2;
        for (uint32_t q : cells.neighbours[i]) {
            const float along = dot(normalize(points[pivots[q]] - points[p]), down);
            if (along > bestDown) {
                bestDown = along;
                d.column = pivots[q];
            }
        }
        const Vec3 axis = normalize(points[d.column] - points[p]);
        float bestAcross = -1;
        for (uint32_t q : cells.neighbours[i]) {
            if (pivots[q] == d.column) continue;
            const float across = length(cross(normalize(points[pivots[q]] - points[p]), axis));
            if (across > bestAcross) {
                bestAcross = across;
                d.row = pivots[q];
            }
        }
        out.push_back(d);
    }
    return out;
}

// Solves the small symmetric system a x = b (n <= 5) by Gaussian elimination with pivoting;
// false when singular.
template <size_t N>
bool solve(std::array<std::array<double, N>, N> a, std::array<double, N> &b, size_t n)
{
    for (size_t c = 0; c < n; ++c) {
        size_t p = c;
        for (size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[p][c])) p = r;
        if (std::abs(a[p][c]) < 1e-300) return false;
        std::swap(a[p], a[c]);
        std::swap(b[p], b[c]);
        for (size_t r = 0; r < n; ++r) {
            if (r == c) continue;
            const double f = a[r][c] / a[c][c];
            for (size_t k = c; k < n; ++k)
                a[r][k] -= f * a[c][k];
            b[r] -= f * b[c];
        }
    }
    for (size_t c = 0; c < n; ++c)
        b[c] /= a[c][c];
    return true;
}

// Weights w (>= 0, sum 1) over candidates minimising sum_f |sum_k w_k a[k][f] - t[f]|^2 plus a
// small pull towards w0: an active-set solve of the equality-constrained least squares.
std::array<float, 4> fitWeights(const std::vector<std::vector<Vec3>> &a, const std::vector<Vec3> &t,
                                const std::array<float, 4> &w0, size_t n)
{
    std::array<bool, 4> active{};
    for (size_t k = 0; k < n; ++k)
        active[k] = true;
    std::array<double, 4> best{};
    for (size_t k = 0; k < n; ++k)
        best[k] = w0[k];
    for (size_t round = 0; round < n; ++round) {
        std::array<size_t, 4> idx{};
        size_t m = 0;
        for (size_t k = 0; k < n; ++k)
            if (active[k]) idx[m++] = k;
        if (m == 0) break;
        // [G 1; 1 0] [w; lambda] = [h; 1]
        std::array<std::array<double, 5>, 5> g{};
        std::array<double, 5> h{};
        double trace = 0;
        for (size_t i = 0; i < m; ++i)
            for (size_t j = 0; j < m; ++j) {
                double s = 0;
                for (size_t f = 0; f < t.size(); ++f)
                    s += double(dot(a[idx[i]][f], a[idx[j]][f]));
                g[i][j] = s;
                if (i == j) trace += s;
            }
        const double reg = 1e-9 * (trace / double(m) + 1e-12);
        for (size_t i = 0; i < m; ++i) {
            double s = 0;
            for (size_t f = 0; f < t.size(); ++f)
                s += double(dot(a[idx[i]][f], t[f]));
            g[i][i] += reg;
            h[i] = s + reg * double(w0[idx[i]]);
            g[i][m] = g[m][i] = 1;
        }
        h[m] = 1;
        if (!solve<5>(g, h, m + 1)) break;
        size_t worst = m;
        for (size_t i = 0; i < m; ++i)
            if (h[i] < 0 && (worst == m || h[i] < h[worst])) worst = i;
        if (worst == m) {
            best = {};
            for (size_t i = 0; i < m; ++i)
                best[idx[i]] = h[i];
            break;
        }
        active[idx[worst]] = false;
    }
    std::array<float, 4> out{};
    double sum = 0;
    for (size_t k = 0; k < n; ++k)
        sum += std::max(0.0, best[k]);
    for (size_t k = 0; k < n; ++k)
        out[k] = sum > 0 ? float(std::max(0.0, best[k]) / sum) : w0[k];
    return out;
}

// Skinning matrix of every joint (character bones, the static root, cloth bones) at a frame.
std::vector<Mat4> jointSkinning(const BakedBones &baked, size_t frame)
{
    std::vector<Mat4> m = baked.characterSkinning[frame];
    m.push_back(Mat4::identity());
    m.insert(m.end(), baked.clothSkinning[frame].begin(), baked.clothSkinning[frame].end());
    return m;
}

// Joints are in the same hemisphere from key to key, so linear interpolation takes the short way.
void makeContinuous(std::vector<Quat> &q)
{
    for (size_t i = 1; i < q.size(); ++i) {
        const Quat &p = q[i - 1];
        if (p.x * q[i].x + p.y * q[i].y + p.z * q[i].z + p.w * q[i].w < 0)
            q[i] = {-q[i].x, -q[i].y, -q[i].z, -q[i].w};
    }
}

} // namespace

std::vector<ClothBoneDefinition> makeClothBoneSet(const PhysicsMesh &mesh, uint32_t count)
{
    const uint32_t n = uint32_t(mesh.vertexCount());
    if (count == 0 || count >= n) {
        std::vector<uint32_t> pivots(n);
        for (uint32_t v = 0; v < n; ++v)
            pivots[v] = v;
        return makeClothBones(mesh.positions, mesh.indices, pivots);
    }
    const std::vector<uint32_t> pivots = farthestPoints(mesh.positions, count);
    return gridBones(mesh.positions, pivots, pivotCells(mesh.positions, mesh.indices, pivots));
}

BakedBones bakeClothBones(const ClothingAsset &asset, const ExportOptions &options,
                          const ProgressCallback &progress)
{
    if (options.lod < 0 || size_t(options.lod) >= asset.lods.size())
        throw InputError("the asset has no graphics LoD " + std::to_string(options.lod));
    const GraphicsLod &lod = asset.lods[size_t(options.lod)];
    if (lod.physicsMesh < 0)
        throw InputError("graphics LoD " + std::to_string(options.lod) + " has no physics mesh");
    const PhysicsMesh &pm = asset.physicsMeshes[size_t(lod.physicsMesh)];
    const GraphicsMesh &g = lod.mesh;
    const size_t nChar = asset.skeleton.bones.size();

    BakedBones baked;
    std::vector<std::vector<Vec3>> physics;
    const ProgressCallback simProgress =
        progress
            ? ProgressCallback([&](float f, std::string_view s) { return progress(f * 0.7f, s); })
            : ProgressCallback{};
    baked.simulated =
        simulateGraphicsFrames(asset, options, &baked.characterSkinning, &physics, simProgress);
    const size_t frames = baked.simulated.size();

    // The bones: the asset's own set, else made for the asked count.
    const uint32_t n = uint32_t(pm.vertexCount());
    baked.bones = options.clothBones == 0 && !pm.clothBones.empty()
                      ? pm.clothBones
                      : makeClothBoneSet(pm, options.clothBones);
    std::vector<uint32_t> pivots;
    bool everyVertex = baked.bones.size() == n;
    for (const ClothBoneDefinition &d : baked.bones) {
        everyVertex = everyVertex && d.pivot == pivots.size();
        pivots.push_back(d.pivot);
    }
    if (nChar + 1 + pivots.size() > 65535)
        throw InputError("the bake would need " + std::to_string(nChar + 1 + pivots.size()) +
                         " joints; at most 65535 fit: lower the cloth bone count");
    PivotCells cells;
    if (!everyVertex) cells = pivotCells(pm.positions, pm.indices, pivots);
    baked.restFrames.resize(baked.bones.size());
    for (size_t i = 0; i < baked.bones.size(); ++i) {
        const ClothBoneDefinition &d = baked.bones[i];
        baked.restFrames[i] =
            clothBoneFrame(pm.positions[d.pivot], pm.positions[d.column], pm.positions[d.row]);
    }
    // The run time's code (ClothInstance::clothBoneMatrices): the same bits in a game.
    baked.frames.resize(frames);
    baked.clothSkinning.resize(frames);
    for (size_t f = 0; f < frames; ++f)
        clothDrivenBones(baked.bones, pm.positions, physics[f], baked.clothSkinning[f],
                         &baked.frames[f]);
    reportProgress(progress, 0.75f, "fitting weights");

    // Weights.
    std::vector<int> boneOfVertex(n, -1);
    for (size_t i = 0; i < pivots.size(); ++i)
        boneOfVertex[pivots[i]] = int(i);
    std::vector<std::vector<Mat4>> skin(frames);
    for (size_t f = 0; f < frames; ++f)
        skin[f] = jointSkinning(baked, f);
    const uint16_t rootJoint = uint16_t(nChar);
    baked.skin.resize(g.vertexCount());
    const bool bound = lod.skinMap.bindings.size() == g.vertexCount();
    for (size_t v = 0; v < g.vertexCount(); ++v) {
        BoneInfluence &inf = baked.skin[v];
        if (!bound || lod.skinMap.bindings[v].triangle == SkinMap::kUnbound) {
            if (g.skin.size() == g.vertexCount())
                inf = g.skin[v];
            else
                inf = BoneInfluence{{rootJoint, 0, 0, 0}, {1, 0, 0, 0}};
            continue;
        }
        // Candidates and starting weights: the bound triangle's corners when every physics
        // vertex has a bone, else the nearest pivots by inverse distance.
        std::array<uint16_t, 4> joints{};
        std::array<float, 4> w0{};
        size_t count = 0;
        const SkinBinding &sb = lod.skinMap.bindings[v];
        if (everyVertex) {
            const float u = sb.position.x, w = sb.position.y;
            const float bary[3] = {u, w, 1.0f - u - w};
            for (int k = 0; k < 3; ++k) {
                joints[count] = uint16_t(
                    nChar + 1 + size_t(boneOfVertex[pm.indices[3 * sb.triangle + size_t(k)]]));
                w0[count++] = std::clamp(bary[k], 0.0f, 1.0f);
            }
        } else {
            // The nearest pivots along the mesh: the cells of the bound triangle's corners and
            // of their ring neighbours, by distance to the pivot through that vertex.
            std::array<std::pair<float, uint32_t>, 4> nearest;
            nearest.fill({std::numeric_limits<float>::infinity(), 0});
            auto consider = [&](uint32_t vertex) {
                const uint32_t pivot = cells.owner[vertex];
                if (pivot >= pivots.size()) return;
                const float d =
                    cells.distance[vertex] + distance(pm.positions[vertex], g.positions[v]);
                for (auto &entry : nearest)
                    if (std::isfinite(entry.first) && entry.second == pivot) {
                        entry.first = std::min(entry.first, d);
                        std::sort(nearest.begin(), nearest.end());
                        return;
                    }
                if (d < nearest[3].first) {
                    nearest[3] = {d, pivot};
                    std::sort(nearest.begin(), nearest.end());
                }
            };
            for (int k = 0; k < 3; ++k) {
                const uint32_t corner = pm.indices[3 * sb.triangle + size_t(k)];
                consider(corner);
                for (uint32_t w : cells.ring[corner])
                    consider(w);
            }
            for (const auto &[d, i] : nearest) {
                if (!std::isfinite(d)) break;
                joints[count] = uint16_t(nChar + 1 + i);
                w0[count++] = 1.0f / std::max(d, 1e-4f);
            }
        }
        float sum = 0;
        for (size_t k = 0; k < count; ++k)
            sum += w0[k];
        for (size_t k = 0; k < count; ++k)
            w0[k] = sum > 0 ? w0[k] / sum : 1.0f / float(count);
        std::vector<std::vector<Vec3>> a(count, std::vector<Vec3>(frames));
        std::vector<Vec3> target(frames);
        for (size_t f = 0; f < frames; ++f) {
            target[f] = baked.simulated[f].positions[v];
            for (size_t k = 0; k < count; ++k)
                a[k][f] = skin[f][joints[k]].transformPoint(g.positions[v]);
        }
        const std::array<float, 4> w = fitWeights(a, target, w0, count);
        for (size_t k = 0; k < 4; ++k) {
            inf.bones[k] = k < count ? joints[k] : 0;
            inf.weights[k] = k < count ? w[k] : 0.0f;
        }
    }

    // How well the bones reproduce the simulation.
    double total = 0;
    for (size_t f = 0; f < frames; ++f) {
        const std::vector<Vec3> p = skinBakedFrame(asset, baked, options.lod, f);
        for (size_t v = 0; v < p.size(); ++v) {
            const float e = distance(p[v], baked.simulated[f].positions[v]);
            baked.maxError = std::max(baked.maxError, e);
            total += e;
        }
    }
    const size_t samples = frames * g.vertexCount();
    baked.meanError = samples > 0 ? float(total / double(samples)) : 0.0f;
    return baked;
}

std::vector<Vec3> skinBakedFrame(const ClothingAsset &asset, const BakedBones &baked, int lod,
                                 size_t frame)
{
    const GraphicsMesh &g = asset.lods.at(size_t(lod)).mesh;
    const std::vector<Mat4> m = jointSkinning(baked, frame);
    std::vector<Vec3> out(g.vertexCount());
    for (size_t v = 0; v < out.size(); ++v) {
        const BoneInfluence &inf = baked.skin[v];
        Vec3 p;
        for (size_t k = 0; k < 4; ++k)
            if (inf.weights[k] != 0)
                p += m[inf.bones[k]].transformPoint(g.positions[v]) * inf.weights[k];
        out[v] = p;
    }
    return out;
}

Mat4 bakedJointLocal(const Skeleton &skeleton, const BakedBones &baked, size_t joint, size_t frame)
{
    const size_t nChar = skeleton.bones.size();
    if (joint == nChar) return Mat4::identity();
    if (joint > nChar) return baked.frames[frame][joint - nChar - 1];
    const std::vector<Mat4> &sk = baked.characterSkinning[frame];
    auto global = [&](size_t i) { return sk[i] * inverse(skeleton.bones[i].inverseBind); };
    const int parent = skeleton.bones[joint].parent;
    return parent >= 0 ? inverse(global(size_t(parent))) * global(joint) : global(joint);
}

std::vector<Mat4> bakedInverseBinds(const Skeleton &skeleton, const BakedBones &baked)
{
    std::vector<Mat4> ibm;
    for (const Bone &bone : skeleton.bones)
        ibm.push_back(bone.inverseBind);
    ibm.push_back(Mat4::identity());
    for (const Mat4 &rest : baked.restFrames)
        ibm.push_back(inverse(rest));
    return ibm;
}

std::string clothBoneName(const ClothBoneDefinition &bone)
{
    return "cloth_" + std::to_string(bone.pivot);
}

std::vector<std::string> uniqueNames(const std::vector<std::string> &names)
{
    std::set<std::string> taken;
    std::vector<std::string> out;
    out.reserve(names.size());
    for (const std::string &name : names) {
        std::string candidate = name;
        for (int n = 2; taken.count(candidate); ++n)
            candidate = name + "_" + std::to_string(n);
        taken.insert(candidate);
        out.push_back(candidate);
    }
    return out;
}

BakedNames bakedNames(const ClothingAsset &asset, const BakedBones &baked, int lod)
{
    std::vector<std::string> all;
    for (const Bone &bone : asset.skeleton.bones)
        all.push_back(bone.name);
    all.push_back("cloth_bones");
    for (const ClothBoneDefinition &bone : baked.bones)
        all.push_back(clothBoneName(bone));
    const std::string &mesh = asset.lods.at(size_t(lod)).mesh.name;
    all.push_back(mesh.empty() ? "garment" : mesh);
    all.push_back(asset.name.empty() ? "tweed" : asset.name);
    all = uniqueNames(all);
    BakedNames names;
    names.root = all.back();
    all.pop_back();
    names.mesh = all.back();
    all.pop_back();
    names.joints = std::move(all);
    return names;
}

ExportReport exportBakedBones(const ClothingAsset &asset, const std::string &path,
                              const ExportOptions &options, const ProgressCallback &progress)
{
    const BakedBones baked = bakeClothBones(asset, options, progress);
    const TargetSpace space(options.transform);
    const GraphicsMesh &g = asset.lods[size_t(options.lod)].mesh;
    const Skeleton &skeleton = asset.skeleton;
    const size_t nChar = skeleton.bones.size();
    const size_t frames = baked.simulated.size();

    ExportReport report;
    report.unrepresented = checkExport(asset, path, options);
    report.meshes = 1;
    report.vertices = uint32_t(g.vertexCount());
    report.frames = uint32_t(frames);
    report.bones = uint32_t(nChar + 1 + baked.bones.size());
    report.bakeMaxError = baked.maxError;
    report.bakeMeanError = baked.meanError;
    if (!(baked.maxError <= kMaxBakeError)) {
        char error[512];
        std::snprintf(error, sizeof(error),
                      "the simulated garment: the baked bones place it up to %.1f mm from the "
                      "simulation (more than %.0f mm); use more cloth bones (--cloth-bones, 0: "
                      "one per physics vertex) or a point cache",
                      double(baked.maxError) * 1000.0, double(kMaxBakeError) * 1000.0);
        report.unrepresented.push_back(error);
        if (!options.allowLoss) throw lossError(path, options, {error});
    }
    const std::string ext = fileExtension(path);
    if (ext == "fbx" || ext == "dae") {
        report.nodes = ext == "fbx" ? writeBakedBonesFbx(asset, baked, path, options)
                                    : writeBakedBonesCollada(asset, baked, path, options);
        return report;
    }

    gltf::Builder b;
    std::vector<int> joints = addSkeletonNodes(b, skeleton, space);
    tinygltf::Node root;
    root.name = "cloth_bones";
    const int rootNode = b.addNode(root);
    b.model().scenes[0].nodes.push_back(rootNode);
    joints.push_back(rootNode);
    for (size_t i = 0; i < baked.bones.size(); ++i) {
        tinygltf::Node node;
        node.name = clothBoneName(baked.bones[i]);
        gltf::setTransform(node, space.conjugate(baked.restFrames[i]));
        const int n = b.addNode(node);
        b.model().nodes[size_t(rootNode)].children.push_back(n);
        joints.push_back(n);
    }
    const int skin = addSkin(b, joints, bakedInverseBinds(skeleton, baked), space, "baked");

    tinygltf::Primitive prim;
    addGraphicsAttributes(b, prim, g, g.positions, g.normals, space);
    prim.attributes["JOINTS_0"] = b.joints(baked.skin);
    prim.attributes["WEIGHTS_0"] = b.weights(baked.skin);
    tinygltf::Mesh mesh;
    mesh.name = g.name.empty() ? "garment" : g.name;
    mesh.primitives.push_back(prim);
    b.model().meshes.push_back(mesh);
    tinygltf::Node meshNode;
    meshNode.name = mesh.name;
    meshNode.mesh = 0;
    meshNode.skin = skin;
    b.model().scenes[0].nodes.push_back(b.addNode(meshNode));

    // The animation: local TRS of every joint per frame.
    std::vector<float> times(frames);
    for (size_t f = 0; f < frames; ++f)
        times[f] = float(double(baked.simulated[f].frame) / options.framesPerSecond);
    tinygltf::Animation anim;
    anim.name = options.clip ? options.clip->name : "rest";
    const int input = b.floats(times, TINYGLTF_TYPE_SCALAR, true);
    auto addChannel = [&](int node, const char *path_, int output) {
        tinygltf::AnimationSampler s;
        s.input = input;
        s.output = output;
        s.interpolation = "LINEAR";
        anim.samplers.push_back(s);
        tinygltf::AnimationChannel c;
        c.sampler = int(anim.samplers.size()) - 1;
        c.target_node = node;
        c.target_path = path_;
        anim.channels.push_back(c);
    };
    for (size_t j = 0; j < joints.size(); ++j) {
        if (j == nChar) continue; // the static root of the cloth bones
        std::vector<Vec3> t(frames), s(frames);
        std::vector<Quat> r(frames);
        bool scaled = false;
        for (size_t f = 0; f < frames; ++f) {
            const Transform x = decompose(space.conjugate(bakedJointLocal(skeleton, baked, j, f)));
            t[f] = x.translation;
            r[f] = normalize(x.rotation);
            s[f] = x.scale;
            scaled = scaled || std::abs(x.scale.x - 1) > 1e-5f || std::abs(x.scale.y - 1) > 1e-5f ||
                     std::abs(x.scale.z - 1) > 1e-5f;
        }
        makeContinuous(r);
        addChannel(joints[j], "translation", b.vec3(t, false, 0));
        addChannel(joints[j], "rotation", b.quats(r));
        if (scaled) addChannel(joints[j], "scale", b.vec3(s, false, 0));
    }
    b.model().animations.push_back(anim);

    tinygltf::Value::Object extras;
    extras["tweed_asset"] = tinygltf::Value(asset.name);
    extras["bake_max_error"] = tinygltf::Value(double(baked.maxError * space.scale));
    extras["bake_mean_error"] = tinygltf::Value(double(baked.meanError * space.scale));
    b.model().scenes[0].extras = tinygltf::Value(extras);

    report.nodes = uint32_t(b.model().nodes.size());
    b.write(path);
    return report;
}

} // namespace tweed
