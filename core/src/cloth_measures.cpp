#include "tweed/cloth_measures.h"

#include "tweed/errors.h"
#include "tweed/sim/colliders.h"
#include "tweed/sim/max_distance.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>

namespace tweed {
namespace {

double share(uint64_t count, uint64_t total)
{
    return total ? double(count) / double(total) : 0.0;
}

// The triangles of `indices` with every corner in `range`, re-indexed from its first vertex.
std::vector<uint32_t> trianglesIn(const std::vector<uint32_t> &indices, const VertexRange &range)
{
    std::vector<uint32_t> out;
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        bool inside = true;
        for (int k = 0; k < 3; ++k)
            inside = inside && indices[t + size_t(k)] >= range.first &&
                     indices[t + size_t(k)] - range.first < range.count;
        if (inside)
            for (int k = 0; k < 3; ++k)
                out.push_back(indices[t + size_t(k)] - range.first);
    }
    return out;
}

void requireInMesh(const GraphicsMesh &mesh, const std::vector<VertexRange> &ranges,
                   const char *whose)
{
    for (const VertexRange &r : ranges)
        if (size_t(r.first) + r.count > mesh.vertexCount())
            throw InputError(std::string(whose) + " vertices lie outside the graphics mesh");
}

std::vector<Vec3> slice(const std::vector<Vec3> &positions, const VertexRange &range)
{
    return {positions.begin() + range.first, positions.begin() + range.first + range.count};
}

// A surface that is a set of ranges of the graphics mesh, in its skinned and simulated states.
// Its hierarchies are built at rest and refitted each frame (the topology stays).
struct LayerSurface
{
    std::vector<VertexRange> ranges;
    MeshDistance skinned, simulated;
    std::vector<Vec3> scratch;

    LayerSurface(const GraphicsMesh &mesh, std::vector<VertexRange> parts)
        : ranges(std::move(parts)), skinned(gather(mesh.positions), indicesOf(mesh)),
          simulated(gather(mesh.positions), indicesOf(mesh))
    {
    }
    std::vector<Vec3> gather(const std::vector<Vec3> &positions) const
    {
        std::vector<Vec3> out;
        gather(positions, out);
        return out;
    }
    void gather(const std::vector<Vec3> &positions, std::vector<Vec3> &out) const
    {
        out.clear();
        for (const VertexRange &r : ranges)
            out.insert(out.end(), positions.begin() + r.first,
                       positions.begin() + r.first + r.count);
    }
    std::vector<uint32_t> indicesOf(const GraphicsMesh &mesh) const
    {
        std::vector<uint32_t> out;
        uint32_t base = 0;
        for (const VertexRange &r : ranges) {
            for (uint32_t i : trianglesIn(mesh.indices, r))
                out.push_back(base + i);
            base += r.count;
        }
        return out;
    }
    void updateSkinned(const std::vector<Vec3> &skinnedPositions)
    {
        gather(skinnedPositions, scratch);
        skinned.refit(scratch);
    }
    void updateSimulated(const std::vector<Vec3> &simulatedPositions)
    {
        gather(simulatedPositions, scratch);
        simulated.refit(scratch);
    }
};

bool inside(const SurfaceDistance &s, float tolerance)
{
    return !s.onOpenEdge && s.distance < -tolerance;
}
bool outside(const SurfaceDistance &s, float tolerance)
{
    return !s.onOpenEdge && s.distance > tolerance;
}

Mat4 boneGlobalOf(const Skeleton &skeleton, const std::vector<Mat4> &skinning, int bone)
{
    if (bone < 0 || size_t(bone) >= skeleton.bones.size() || size_t(bone) >= skinning.size())
        return Mat4{};
    return skinning[size_t(bone)] * inverse(skeleton.bones[size_t(bone)].inverseBind);
}

} // namespace

double FrameMeasures::layerPokeThrough() const
{
    return share(layerPokes, layerVertices);
}
double FrameMeasures::shellPokeThrough() const
{
    return share(shellPokes, shellVertices);
}
double FrameMeasures::bodyPokeThrough() const
{
    return share(bodyPokes, bodyVertices);
}
double FrameMeasures::maxDistanceHitShare() const
{
    return share(maxDistanceHits, physicsVertices);
}

std::vector<BodyMesh> bodyMeshes(const ClothingAsset &asset, const Character &character,
                                 std::vector<std::string> *names,
                                 const std::vector<std::string> &bodyNames)
{
    std::set<std::string> garment;
    for (const GraphicsLod &lod : asset.lods)
        for (const Submesh &sub : lod.mesh.submeshes)
            garment.insert(sub.name);
    for (const std::string &name : bodyNames)
        if (character.findMesh(name) < 0)
            throw InputError("the character has no body mesh '" + name + "'");
    std::vector<int> boneOf(character.skeleton.bones.size());
    for (size_t b = 0; b < boneOf.size(); ++b)
        boneOf[b] = asset.skeleton.find(character.skeleton.bones[b].name);
    std::vector<BodyMesh> out;
    for (const GraphicsMesh &mesh : character.meshes) {
        const bool chosen = bodyNames.empty()
                                ? !garment.count(mesh.name)
                                : std::count(bodyNames.begin(), bodyNames.end(), mesh.name) > 0;
        if (!chosen || mesh.indices.empty()) continue;
        BodyMesh body{mesh.positions, mesh.indices, {}};
        bool complete = mesh.isSkinned();
        for (size_t v = 0; complete && v < mesh.skin.size(); ++v) {
            BoneInfluence inf{};
            float total = 0;
            for (int k = 0; k < kMaxBoneInfluences; ++k) {
                const size_t bone = mesh.skin[v].bones[size_t(k)];
                const float w = mesh.skin[v].weights[size_t(k)];
                if (w == 0 || bone >= boneOf.size() || boneOf[bone] < 0) continue;
                inf.bones[size_t(k)] = uint16_t(boneOf[bone]);
                inf.weights[size_t(k)] = w;
                total += w;
            }
            if (!(total > 0)) complete = false;
            for (float &w : inf.weights)
                w /= total;
            body.skin.push_back(inf);
        }
        if (!complete) body.skin.clear();
        out.push_back(std::move(body));
        if (names) names->push_back(mesh.name);
    }
    return out;
}

ClothLayers garmentLayers(const ClothingAsset &asset, int lod)
{
    if (lod < 0 || size_t(lod) >= asset.lods.size())
        throw InputError("asset has no graphics LoD " + std::to_string(lod));
    return garmentLayers(asset.lods[size_t(lod)].mesh);
}

ClothLayers garmentLayers(const GraphicsMesh &mesh)
{
    ClothLayers single;
    single.shells.push_back({0, uint32_t(mesh.vertexCount())});
    ClothLayers layers;
    std::vector<RiderLayer> riders;
    uint32_t next = 0; // parts hold consecutive vertices, in order (a merged garment)
    for (const Submesh &sub : mesh.submeshes) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (size_t t = sub.firstTriangle; t < size_t(sub.firstTriangle) + sub.triangleCount; ++t)
            for (size_t c = 0; c < 3 && 3 * t + c < mesh.indices.size(); ++c) {
                lo = std::min(lo, mesh.indices[3 * t + c]);
                hi = std::max(hi, mesh.indices[3 * t + c]);
            }
        if (lo == UINT32_MAX) continue;
        if (lo < next) return single;
        const VertexRange range{lo, hi - lo + 1};
        next = hi + 1;
        if (sub.role == LayerRole::Rider)
            riders.push_back({range, 0});
        else
            layers.shells.push_back(range);
    }
    if (layers.shells.empty()) return single;
    // Each rider rides on the shell it lies under at rest (ridersShells); then the shells
    // innermost first, by how they lie in each other at rest, the riders keeping theirs.
    const std::vector<size_t> shellOf = ridersShells(mesh, layers.shells, riders);
    const std::vector<size_t> order = shellsInsideOut(mesh, layers.shells);
    std::vector<VertexRange> ordered;
    for (size_t i : order)
        ordered.push_back(layers.shells[i]);
    for (size_t r = 0; r < riders.size(); ++r)
        riders[r].shell = int(std::find(order.begin(), order.end(), shellOf[r]) - order.begin());
    layers.shells = std::move(ordered);
    layers.riders = std::move(riders);
    return layers;
}

std::vector<size_t> ridersShells(const GraphicsMesh &mesh, const std::vector<VertexRange> &shells,
                                 const std::vector<RiderLayer> &riders)
{
    std::vector<size_t> out(riders.size(), 0);
    if (shells.size() < 2) return out;
    requireInMesh(mesh, shells, "a shell's");
    for (const RiderLayer &rider : riders)
        requireInMesh(mesh, {rider.vertices}, "a rider's");
    // votes[r][j]: vertices of rider r whose nearest shell surface above them is shell j's.
    std::vector<std::vector<uint64_t>> votes(riders.size(),
                                             std::vector<uint64_t>(shells.size(), 0));
    std::vector<MeshDistance> surfaces;
    for (const VertexRange &r : shells)
        surfaces.emplace_back(slice(mesh.positions, r), trianglesIn(mesh.indices, r));
    for (size_t r = 0; r < riders.size(); ++r) {
        const VertexRange &range = riders[r].vertices;
        for (uint32_t v = range.first; v < range.first + range.count; ++v) {
            size_t best = shells.size();
            float bestDistance = INFINITY;
            for (size_t j = 0; j < shells.size(); ++j) {
                if (surfaces[j].empty()) continue;
                const SurfaceDistance s = surfaces[j].query(mesh.positions[v]);
                if (inside(s, 0.0f) && -s.distance < bestDistance) {
                    bestDistance = -s.distance;
                    best = j;
                }
            }
            if (best < shells.size()) ++votes[r][best];
        }
        // The most votes win; none (a rider under no shell): the first shell part.
        out[r] = size_t(std::max_element(votes[r].begin(), votes[r].end()) - votes[r].begin());
    }
    return out;
}

std::vector<size_t> shellsInsideOut(const GraphicsMesh &mesh, const std::vector<VertexRange> &shells)
{
    const size_t n = shells.size();
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i)
        order[i] = i;
    if (n < 2) return order;
    requireInMesh(mesh, shells, "a shell's");
    // in[i][j]: vertices of shell i under shell j's surface; out[i][j]: over it.
    std::vector<std::vector<uint64_t>> in(n, std::vector<uint64_t>(n, 0)), out = in;
    for (size_t j = 0; j < n; ++j) {
        const MeshDistance surface(slice(mesh.positions, shells[j]),
                                   trianglesIn(mesh.indices, shells[j]));
        if (surface.empty()) continue;
        for (size_t i = 0; i < n; ++i) {
            if (i == j) continue;
            for (uint32_t v = shells[i].first; v < shells[i].first + shells[i].count; ++v) {
                const SurfaceDistance s = surface.query(mesh.positions[v]);
                if (inside(s, 0.0f)) ++in[i][j];
                if (outside(s, 0.0f)) ++out[i][j];
            }
        }
    }
    // A shell is inside another when its vertices lie under it and the other's over it more
    // than the other way round; the shell inside the most others is the innermost.
    std::vector<int> insideOf(n, 0);
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j)
            if (i != j && in[i][j] + out[j][i] > out[i][j] + in[j][i]) ++insideOf[i];
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return insideOf[a] > insideOf[b]; });
    return order;
}

std::vector<Vec3> volumeSurfaceSamples(const CollisionVolume &volume, const Transform &frame,
                                       int samples)
{
    if (volume.shape == CollisionShape::Plane) return {};
    const ColliderPose pose = colliderPose(volume, frame, 0.0f);
    if (volume.shape == CollisionShape::Box || volume.shape == CollisionShape::Convex) {
        // Rays from the centre of the corners to the nearest plane they cross.
        std::vector<Vec4> planes(pose.planes.begin(), pose.planes.begin() + pose.planeCount);
        if (volume.shape == CollisionShape::Box) {
            const auto box = boxPlanes(pose.radii);
            planes.assign(box.begin(), box.end());
        }
        const std::vector<Vec3> corners = convexCorners(planes);
        if (corners.empty()) return {};
        Vec3 centre;
        for (const Vec3 &c : corners)
            centre += c;
        centre = centre / float(corners.size());
        std::vector<Vec3> out;
        for (const Vec3 &d : sphereDirections(std::max(samples, 32))) {
            float t = INFINITY;
            for (const Vec4 &q : planes) {
                const Vec3 n{q.x, q.y, q.z};
                const float along = dot(n, d);
                if (along > 1e-6f) t = std::min(t, (q.w - dot(n, centre)) / along);
            }
            if (!std::isfinite(t)) continue;
            const Vec3 l = centre + d * t;
            out.push_back(pose.origin + pose.axisX * l.x + pose.axisY * l.y + pose.axisZ * l.z);
        }
        return out;
    }
    // Points just off the axis, pushed out to the nearest surface point: stations along a
    // capsule's axis, the centre of an ellipsoid or sphere.
    const bool capsule =
        volume.shape == CollisionShape::Capsule || volume.shape == CollisionShape::TaperedCapsule;
    const float r = std::max({pose.radius, pose.radius2, 1e-4f});
    const int stations =
        capsule ? std::clamp(int(std::ceil(2.0f * pose.halfHeight / r)) + 1, 2, 16) : 1;
    const std::vector<Vec3> directions =
        sphereDirections(std::max(32, std::max(samples, 1) / stations));
    const float eps = 1e-4f * r;
    std::vector<Vec3> out;
    out.reserve(directions.size() * size_t(stations));
    for (int s = 0; s < stations; ++s) {
        const float along =
            stations == 1 ? 0.0f : pose.halfHeight * (2.0f * float(s) / float(stations - 1) - 1.0f);
        const Vec3 centre = pose.origin + pose.axisY * along;
        for (const Vec3 &d : directions) {
            // An ellipsoid's points spread by its radii (evenly in its unit-sphere space, so
            // the tips of a long one are sampled too).
            const Vec3 l =
                volume.shape == CollisionShape::Ellipsoid ? mulComponents(d, pose.radii) : d;
            Vec3 p = centre + (pose.axisX * l.x + pose.axisY * l.y + pose.axisZ * l.z) * eps;
            if (pushOutOfCollider(pose, p)) out.push_back(p);
        }
    }
    return out;
}

float volumeProtrusion(const CollisionVolume &volume, const Mat4 &boneGlobal,
                       const MeshDistance &body, int samples)
{
    if (body.empty()) return 0;
    float worst = 0;
    for (const Vec3 &p : volumeSurfaceSamples(volume, colliderFrame(volume, boneGlobal), samples))
        worst = std::max(worst, body.query(p).distance);
    return worst;
}

struct ClothMeasurer::Impl
{
    const GraphicsMesh *mesh = nullptr;
    Skeleton skeleton;
    std::vector<CollisionVolume> volumes;
    ClothLayers layers;
    ClothMeasureSettings settings;
    std::vector<LayerSurface> shells;
    std::unique_ptr<LayerSurface> shellsTogether; ///< of several shells
    LayerSurface *garment = nullptr; ///< every shell, for the body (the one shell, or together)
    std::vector<BodyMesh> body;
    std::vector<MeshDistance> bodySurfaces;
    std::vector<FrameMeasures> frames;
    FrameOffenders offenders;
    std::vector<Vec3> skinned;
    std::vector<std::vector<Vec3>> bodyPosed;
    // The closest triangles found in the frame before, where each query starts: per graphics
    // vertex against its shell (skinned, simulated) and against each inner shell; per body
    // vertex against the garment (skinned, simulated); per volume, surface point and body mesh.
    std::vector<uint32_t> riderHints[2];
    std::vector<std::vector<uint32_t>> shellHints[2];
    std::vector<std::vector<uint32_t>> bodyHints[2];
    std::vector<std::vector<uint32_t>> volumeHints;
    // The skinning of the frame added last, and the frame the body surfaces were posed in
    // (SIZE_MAX: at rest).
    std::vector<Mat4> lastSkinning;
    size_t bodyPosedFrame = SIZE_MAX;

    // Poses the body surfaces by `skinning` as the frame `frame`'s.
    void poseBody(const std::vector<Mat4> &skinning, size_t frame)
    {
        bodyPosed.resize(body.size());
        for (size_t b = 0; b < body.size(); ++b) {
            const BodyMesh &m = body[b];
            std::vector<Vec3> &posed = bodyPosed[b];
            if (m.skin.empty())
                posed = m.positions;
            else
                skinVertices(m.positions, m.skin, skinning, posed);
            bodySurfaces[b].refit(posed);
        }
        bodyPosedFrame = frame;
    }
};

ClothMeasurer::ClothMeasurer(const ClothingAsset &asset, int lod, ClothLayers layers,
                             std::vector<BodyMesh> body, const ClothMeasureSettings &settings)
    : d(std::make_unique<Impl>())
{
    if (lod < 0 || size_t(lod) >= asset.lods.size())
        throw InputError("asset has no graphics LoD " + std::to_string(lod));
    d->mesh = &asset.lods[size_t(lod)].mesh;
    d->skeleton = asset.skeleton;
    d->volumes = asset.collisionVolumes;
    d->settings = settings;
    const size_t n = d->mesh->vertexCount();
    auto check = [n](const VertexRange &r, const std::string &what) {
        if (size_t(r.first) + r.count > n)
            throw InputError(what + ": vertices " + std::to_string(r.first) + " to " +
                             std::to_string(size_t(r.first) + r.count) +
                             " outside the graphics mesh of " + std::to_string(n) + " vertices");
    };
    for (size_t i = 0; i < layers.shells.size(); ++i)
        check(layers.shells[i], "shell " + std::to_string(i));
    for (size_t i = 0; i < layers.riders.size(); ++i) {
        check(layers.riders[i].vertices, "rider " + std::to_string(i));
        if (layers.riders[i].shell < 0 || size_t(layers.riders[i].shell) >= layers.shells.size())
            throw InputError("rider " + std::to_string(i) + " rides on shell " +
                             std::to_string(layers.riders[i].shell) + ", which is not listed");
    }
    for (size_t b = 0; b < body.size(); ++b) {
        const BodyMesh &m = body[b];
        const std::string what = "body mesh " + std::to_string(b);
        if (!m.skin.empty() && m.skin.size() != m.positions.size())
            throw InputError(what + ": " + std::to_string(m.skin.size()) + " skin weights for " +
                             std::to_string(m.positions.size()) + " vertices");
        for (const BoneInfluence &inf : m.skin)
            for (int k = 0; k < kMaxBoneInfluences; ++k)
                if (inf.weights[size_t(k)] != 0 &&
                    inf.bones[size_t(k)] >= asset.skeleton.bones.size())
                    throw InputError(what + ": bone " + std::to_string(inf.bones[size_t(k)]) +
                                     " outside the skeleton");
        d->bodySurfaces.emplace_back(m.positions, m.indices);
    }
    for (const VertexRange &r : layers.shells)
        d->shells.emplace_back(*d->mesh, std::vector<VertexRange>{r});
    if (layers.shells.size() > 1) {
        d->shellsTogether = std::make_unique<LayerSurface>(*d->mesh, layers.shells);
        d->garment = d->shellsTogether.get();
    } else if (!d->shells.empty()) {
        d->garment = &d->shells.front();
    }
    for (auto &hints : d->riderHints)
        hints.assign(n, UINT32_MAX);
    for (auto &hints : d->shellHints)
        hints.assign(d->shells.size(), std::vector<uint32_t>(n, UINT32_MAX));
    for (auto &hints : d->bodyHints)
        for (const BodyMesh &m : body)
            hints.emplace_back(m.positions.size(), UINT32_MAX);
    d->volumeHints.resize(d->volumes.size());
    d->layers = std::move(layers);
    d->body = std::move(body);
}

ClothMeasurer::~ClothMeasurer() = default;
ClothMeasurer::ClothMeasurer(ClothMeasurer &&) noexcept = default;
ClothMeasurer &ClothMeasurer::operator=(ClothMeasurer &&) noexcept = default;

const FrameMeasures &ClothMeasurer::add(const ClipSimulation &run)
{
    std::vector<Vec3> graphics;
    run.instance().deformGraphics(graphics, nullptr);
    return add(graphics, run.skinning(), run.instance(),
               std::clamp(run.settings().physicalLod.maxDistanceScale, 0.0f, 1.0f));
}

const FrameMeasures &ClothMeasurer::add(const std::vector<Vec3> &graphics,
                                        const std::vector<Mat4> &skinning,
                                        const ClothInstance &cloth, float lodMaxDistanceScale)
{
    Impl &s = *d;
    const GraphicsMesh &mesh = *s.mesh;
    if (graphics.size() != mesh.vertexCount())
        throw InputError("measures: " + std::to_string(graphics.size()) +
                         " graphics positions for a mesh of " + std::to_string(mesh.vertexCount()) +
                         " vertices");
    const float tol = s.settings.pokeTolerance;
    const bool record = s.settings.recordOffenders;
    FrameOffenders &off = s.offenders;
    off = {};
    FrameMeasures f;
    const size_t frameIndex = s.frames.size();
    s.lastSkinning = skinning;

    // What the skinned pose gives this frame: known from an earlier pass over the clip, or
    // measured (and kept when asked to).
    const SkinnedPoseMeasures::Frame *known = nullptr;
    SkinnedPoseMeasures::Frame *keep = nullptr;
    if (SkinnedPoseMeasures *cache = s.settings.skinnedPose) {
        const size_t pairs = s.shells.size() * (s.shells.size() - std::min<size_t>(s.shells.size(), 1)) / 2;
        if (frameIndex < cache->frames.size() && cache->frames[frameIndex].skinning == skinning &&
            cache->frames[frameIndex].riders.size() == s.layers.riders.size() &&
            cache->frames[frameIndex].shells.size() == pairs &&
            cache->frames[frameIndex].body.size() == s.body.size()) {
            known = &cache->frames[frameIndex];
        } else {
            if (cache->frames.size() <= frameIndex) cache->frames.resize(frameIndex + 1);
            keep = &cache->frames[frameIndex];
            *keep = {};
            keep->skinning = skinning;
            keep->riders.resize(s.layers.riders.size());
            keep->body.resize(s.body.size());
            keep->bodyPoints.resize(s.body.size());
        }
    }

    // The garment's skinned pose: what its own bone weights make of this frame.
    if (!known) {
        if (mesh.isSkinned())
            skinVertices(mesh.positions, mesh.skin, skinning, s.skinned);
        else
            s.skinned = mesh.positions;
        for (LayerSurface &shell : s.shells)
            shell.updateSkinned(s.skinned);
        if (s.shellsTogether) s.shellsTogether->updateSkinned(s.skinned);
    }
    for (LayerSurface &shell : s.shells)
        shell.updateSimulated(graphics);
    if (s.shellsTogether) s.shellsTogether->updateSimulated(graphics);

    for (size_t r = 0; r < s.layers.riders.size(); ++r) {
        const RiderLayer &rider = s.layers.riders[r];
        const LayerSurface &shell = s.shells[size_t(rider.shell)];
        f.layerVertices += rider.vertices.count;
        auto measure = [&](uint32_t v) {
            // Within the tolerance of the shell decides it: not outside by more.
            const std::optional<SurfaceDistance> at =
                shell.simulated.queryBeyond(graphics[v], s.riderHints[1][v], tol);
            if (at && outside(*at, tol)) {
                ++f.layerPokes;
                if (record) off.riders.push_back(v);
            }
        };
        if (known) {
            for (uint32_t v : known->riders[r]) measure(v);
            continue;
        }
        for (uint32_t v = rider.vertices.first; v < rider.vertices.first + rider.vertices.count;
             ++v)
            if (inside(shell.skinned.query(s.skinned[v], s.riderHints[0][v]), 0.0f)) {
                if (keep) keep->riders[r].push_back(v);
                measure(v);
            }
    }
    size_t pair = 0;
    for (size_t inner = 0; inner < s.shells.size(); ++inner)
        for (size_t outer = inner + 1; outer < s.shells.size(); ++outer, ++pair) {
            const VertexRange &r = s.layers.shells[outer];
            f.shellVertices += r.count;
            auto measure = [&](uint32_t v) {
                const std::optional<SurfaceDistance> at = s.shells[inner].simulated.queryBeyond(
                    graphics[v], s.shellHints[1][inner][v], tol);
                if (at && inside(*at, tol)) {
                    ++f.shellPokes;
                    if (record) off.shells.push_back(v);
                }
            };
            if (known) {
                for (uint32_t v : known->shells[pair]) measure(v);
                continue;
            }
            if (keep) keep->shells.emplace_back();
            for (uint32_t v = r.first; v < r.first + r.count; ++v)
                if (!inside(s.shells[inner].skinned.query(s.skinned[v], s.shellHints[0][inner][v]),
                            0.0f)) {
                    if (keep) keep->shells.back().push_back(v);
                    measure(v);
                }
        }

    // The body, posed; only vertices near the garment can be inside it.
    auto measureBody = [&](size_t b, uint32_t v, const Vec3 &p) {
        ++f.bodyVertices;
        const std::optional<SurfaceDistance> at =
            s.garment->simulated.queryBeyond(p, s.bodyHints[1][b][v], tol);
        if (at && outside(*at, tol)) {
            ++f.bodyPokes;
            if (record) off.body.push_back(p);
        }
    };
    if (known) {
        for (size_t b = 0; b < s.body.size() && s.garment; ++b)
            for (size_t i = 0; i < known->body[b].size(); ++i)
                measureBody(b, known->body[b][i], known->bodyPoints[b][i]);
    } else {
        Vec3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
        for (const VertexRange &r : s.layers.shells)
            for (uint32_t v = r.first; v < r.first + r.count; ++v) {
                lo = minComponents(lo, s.skinned[v]);
                hi = maxComponents(hi, s.skinned[v]);
            }
        s.poseBody(skinning, frameIndex);
        for (size_t b = 0; b < s.body.size() && s.garment; ++b) {
            const std::vector<Vec3> &posed = s.bodyPosed[b];
            for (size_t v = 0; v < posed.size(); ++v) {
                const Vec3 &p = posed[v];
                if (p.x < lo.x || p.y < lo.y || p.z < lo.z || p.x > hi.x || p.y > hi.y || p.z > hi.z)
                    continue;
                if (!inside(s.garment->skinned.query(p, s.bodyHints[0][b][v]), 0.0f)) continue;
                if (keep) {
                    keep->body[b].push_back(uint32_t(v));
                    keep->bodyPoints[b].push_back(p);
                }
                measureBody(b, uint32_t(v), p);
            }
        }
    }

    // Collision volumes against the body: the deepest-inside body mesh decides.
    if (s.settings.measureVolumes && !s.volumes.empty() && s.bodyPosedFrame != frameIndex)
        s.poseBody(skinning, frameIndex);
    for (size_t i = 0; i < s.volumes.size() && s.settings.measureVolumes; ++i) {
        if (s.bodySurfaces.empty()) break;
        const CollisionVolume &volume = s.volumes[i];
        const Transform frame =
            colliderFrame(volume, boneGlobalOf(s.skeleton, skinning, volume.bone));
        const std::vector<Vec3> points = volumeSurfaceSamples(volume, frame);
        std::vector<uint32_t> &hints = s.volumeHints[i];
        hints.resize(points.size() * s.bodySurfaces.size(), UINT32_MAX);
        for (size_t j = 0; j < points.size(); ++j) {
            // A point within the largest protrusion so far of any body surface cannot raise it.
            float nearest = INFINITY;
            bool within = false;
            for (size_t b = 0; b < s.bodySurfaces.size() && !within; ++b) {
                const std::optional<SurfaceDistance> at = s.bodySurfaces[b].queryBeyond(
                    points[j], hints[j * s.bodySurfaces.size() + b], f.volumeProtrusion);
                within = !at;
                if (at) nearest = std::min(nearest, at->distance);
            }
            if (!within && std::isfinite(nearest))
                f.volumeProtrusion = std::max(f.volumeProtrusion, nearest);
        }
    }

    // The cloth itself.
    const ClothMeasurements m = cloth.measure();
    f.maxStretch = m.maxStretch;
    f.skinnedMaxStretch = m.skinnedMaxStretch;
    f.maxDistanceViolations = m.maxDistanceViolations;
    f.penetrations = m.penetrations;
    f.nonFinite = m.nonFinite;
    for (const Vec3 &p : graphics)
        if (!isFinite(p)) ++f.nonFinite;
    const ClothData &data = cloth.data();
    const std::vector<Vec3> &x = cloth.positions();
    const std::vector<Vec3> &t = cloth.targetPositions();
    const SimulationSettings &settings = cloth.settings();
    std::vector<Vec3> normals;
    if (settings.maxDistanceBias != 0) normals = computeVertexNormals(t, data.indices);
    f.physicsVertices = data.vertexCount;
    for (uint32_t v = 0; v < data.vertexCount && v < x.size() && v < t.size(); ++v) {
        const float r = effectiveMaxDistance(data, v, settings, lodMaxDistanceScale);
        if (!(r > 0) || data.fixed[v]) continue;
        const Vec3 n = normals.empty() ? Vec3{0, 1, 0} : normalize(normals[v]);
        const Vec3 inner =
            projectMaxDistance(x[v], t[v], n, s.settings.hitShare * r, settings.maxDistanceBias);
        if (distance(inner, x[v]) > 0) {
            ++f.maxDistanceHits;
            if (record) off.atLimit.push_back(v);
        }
    }
    s.frames.push_back(f);
    return s.frames.back();
}

const FrameOffenders &ClothMeasurer::lastOffenders() const
{
    return d->offenders;
}

const std::vector<MeshDistance> &ClothMeasurer::posedBody()
{
    if (!d->frames.empty() && d->bodyPosedFrame != d->frames.size() - 1)
        d->poseBody(d->lastSkinning, d->frames.size() - 1);
    return d->bodySurfaces;
}

ClipMeasures ClothMeasurer::result() const
{
    ClipMeasures c;
    c.frames = int(d->frames.size());
    c.perFrame = d->frames;
    double stretchSum = 0;
    uint64_t worstPokes = 0;
    float worstStretch = -1;
    for (size_t i = 0; i < d->frames.size(); ++i) {
        const FrameMeasures &f = d->frames[i];
        FrameMeasures &s = c.sum;
        s.layerPokes += f.layerPokes;
        s.layerVertices += f.layerVertices;
        s.shellPokes += f.shellPokes;
        s.shellVertices += f.shellVertices;
        s.bodyPokes += f.bodyPokes;
        s.bodyVertices += f.bodyVertices;
        s.maxDistanceHits += f.maxDistanceHits;
        s.physicsVertices += f.physicsVertices;
        s.volumeProtrusion = std::max(s.volumeProtrusion, f.volumeProtrusion);
        s.maxStretch = std::max(s.maxStretch, f.maxStretch);
        s.skinnedMaxStretch = std::max(s.skinnedMaxStretch, f.skinnedMaxStretch);
        s.maxDistanceViolations += f.maxDistanceViolations;
        s.penetrations += f.penetrations;
        s.nonFinite += f.nonFinite;
        stretchSum += f.maxStretch;
        // The most poke-through, then the largest stretch.
        const uint64_t pokes = f.layerPokes + f.shellPokes + f.bodyPokes;
        if (c.worstFrame < 0 || pokes > worstPokes ||
            (pokes == worstPokes && f.maxStretch > worstStretch)) {
            c.worstFrame = int(i);
            worstPokes = pokes;
            worstStretch = f.maxStretch;
        }
    }
    if (c.frames > 0) {
        c.meanMaxStretch = stretchSum / c.frames;
        c.penetrationsPerFrame = double(c.sum.penetrations) / c.frames;
        c.nonFinitePerFrame = double(c.sum.nonFinite) / c.frames;
        c.violationsPerFrame = double(c.sum.maxDistanceViolations) / c.frames;
    }
    return c;
}

} // namespace tweed
