// glTF exports: the physics meshes with their channels, the point cache and the player's
// frames; the target-space conversion and the glTF pieces the baked bones share.
#include "tweed/meshproc/export.h"

#include "export_internal.h"

#include "tweed/clip_simulation.h"
#include "tweed/errors.h"
#include "tweed/file_io.h"
#include "tweed/skin_map.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>

namespace tweed {

// ---- target space ------------------------------------------------------------------------

TargetSpace::TargetSpace(const ExportTransform &t)
{
    c = exportMatrix(t);
    cInverse = inverse(c);
    scale = t.scale;
    axes = exportMatrix({1.0f, t.upAxis, t.handedness});
    mirrored = t.handedness == Handedness::Left;
    identity = c == Mat4::identity();
}

std::vector<Vec3> TargetSpace::points(const std::vector<Vec3> &p) const
{
    if (identity) return p;
    std::vector<Vec3> out(p.size());
    for (size_t i = 0; i < p.size(); ++i)
        out[i] = point(p[i]);
    return out;
}

std::vector<Vec3> TargetSpace::directions(const std::vector<Vec3> &d) const
{
    if (identity) return d;
    std::vector<Vec3> out(d.size());
    for (size_t i = 0; i < d.size(); ++i)
        out[i] = direction(d[i]);
    return out;
}

std::vector<uint32_t> TargetSpace::triangles(const std::vector<uint32_t> &indices) const
{
    std::vector<uint32_t> out = indices;
    if (mirrored)
        for (size_t t = 0; t + 2 < out.size(); t += 3)
            std::swap(out[t + 1], out[t + 2]);
    return out;
}

// ---- shared glTF pieces ------------------------------------------------------------------

std::vector<int> addSkeletonNodes(gltf::Builder &b, const Skeleton &skeleton,
                                  const TargetSpace &space)
{
    std::vector<int> nodes(skeleton.bones.size());
    for (size_t i = 0; i < skeleton.bones.size(); ++i) {
        tinygltf::Node node;
        node.name = skeleton.bones[i].name;
        gltf::setTransform(node, space.conjugate(Mat4::fromTransform(skeleton.bones[i].restLocal)));
        nodes[i] = b.addNode(node);
        const int parent = skeleton.bones[i].parent;
        if (parent >= 0)
            b.model().nodes[size_t(nodes[size_t(parent)])].children.push_back(nodes[i]);
        else
            b.model().scenes[0].nodes.push_back(nodes[i]);
    }
    return nodes;
}

int addSkin(gltf::Builder &b, const std::vector<int> &joints, const std::vector<Mat4> &inverseBinds,
            const TargetSpace &space, const std::string &name)
{
    std::vector<Mat4> ibm(inverseBinds.size());
    for (size_t i = 0; i < ibm.size(); ++i)
        ibm[i] = space.conjugate(inverseBinds[i]);
    tinygltf::Skin skin;
    skin.name = name;
    skin.joints = joints;
    skin.inverseBindMatrices = b.matrices(ibm);
    b.model().skins.push_back(skin);
    return int(b.model().skins.size()) - 1;
}

void addGraphicsAttributes(gltf::Builder &b, tinygltf::Primitive &prim, const GraphicsMesh &mesh,
                           const std::vector<Vec3> &positions, const std::vector<Vec3> &normals,
                           const TargetSpace &space)
{
    prim.mode = TINYGLTF_MODE_TRIANGLES;
    prim.indices = b.indices(space.triangles(mesh.indices));
    prim.attributes["POSITION"] = b.vec3(space.points(positions), true);
    if (normals.size() == positions.size())
        prim.attributes["NORMAL"] = b.vec3(gltf::unitNormals(space.directions(normals)), false);
    if (mesh.uvs.size() == mesh.positions.size()) prim.attributes["TEXCOORD_0"] = b.vec2(mesh.uvs);
}

namespace {

// "max_distance" -> "_MAX_DISTANCE"
std::string attributeName(std::string_view channel)
{
    std::string s = "_";
    for (char ch : channel)
        s += char(std::toupper(static_cast<unsigned char>(ch)));
    return s;
}

bool isDistance(FloatChannel c)
{
    return c == FloatChannel::MaxDistance || c == FloatChannel::BackstopRadius ||
           c == FloatChannel::BackstopDistance;
}

void addChannels(gltf::Builder &b, tinygltf::Primitive &prim, const PaintChannels &channels,
                 size_t vertices, const TargetSpace &space)
{
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        std::vector<float> values = channels.floats[c];
        if (values.size() != vertices) continue;
        if (isDistance(FloatChannel(c)))
            for (float &v : values)
                v *= space.scale;
        prim.attributes[attributeName(channelName(FloatChannel(c)))] =
            b.floats(values, TINYGLTF_TYPE_SCALAR, false, TINYGLTF_TARGET_ARRAY_BUFFER);
    }
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        if (channels.masks[c].size() == vertices)
            prim.attributes[attributeName(channelName(MaskChannel(c)))] =
                b.uintPairs(channels.masks[c]);
}

tinygltf::Value number(double v)
{
    return tinygltf::Value(v);
}

tinygltf::Value vec3Value(const Vec3 &v)
{
    return tinygltf::Value(tinygltf::Value::Array{number(v.x), number(v.y), number(v.z)});
}

tinygltf::Value settingsValue(const SimulationSettings &s)
{
    tinygltf::Value::Object o;
    for (const SettingField &f : settingsFields()) {
        const double v = f.get(s);
        if (f.kind == SettingKind::Bool)
            o[f.key] = tinygltf::Value(v != 0);
        else if (f.kind == SettingKind::Float)
            o[f.key] = number(v);
        else
            o[f.key] = tinygltf::Value(int(v));
    }
    return tinygltf::Value(o);
}

std::string_view upAxisName(UpAxis a)
{
    return a == UpAxis::Z ? "z" : a == UpAxis::X ? "x" : "y";
}

} // namespace

// ---- gltf-physics ------------------------------------------------------------------------

ExportReport exportGltfPhysics(const ClothingAsset &asset, const std::string &path,
                               const ExportOptions &options, const std::vector<std::string> &lost)
{
    const TargetSpace space(options.transform);
    gltf::Builder b;
    ExportReport report;
    report.unrepresented = lost;

    const std::vector<int> boneNodes = addSkeletonNodes(b, asset.skeleton, space);
    const bool skinned = !asset.skeleton.bones.empty() &&
                         (options.maxBones == 0 || asset.skeleton.bones.size() <= options.maxBones);
    int skin = -1;
    if (skinned) {
        std::vector<Mat4> ibm;
        for (const Bone &bone : asset.skeleton.bones)
            ibm.push_back(bone.inverseBind);
        skin = addSkin(b, boneNodes, ibm, space, "skeleton");
    }
    for (const PendulumBone &p : asset.pendulumBones) {
        if (p.bone < 0 || size_t(p.bone) >= boneNodes.size()) continue;
        tinygltf::Value::Object o;
        o["length"] = number(p.length * space.scale);
        o["damping"] = number(p.damping);
        o["gravity_scale"] = number(p.gravityScale);
        o["max_angle_degrees"] = number(p.maxAngleDegrees);
        o["axis"] = vec3Value(space.direction({0, 1, 0}));
        tinygltf::Value::Object extras;
        extras["tweed_pendulum"] = tinygltf::Value(o);
        b.model().nodes[size_t(boneNodes[size_t(p.bone)])].extras = tinygltf::Value(extras);
    }

    auto addMeshNode = [&](tinygltf::Mesh mesh, bool withSkin, tinygltf::Value extras) {
        b.model().meshes.push_back(std::move(mesh));
        tinygltf::Node node;
        node.name = b.model().meshes.back().name;
        node.mesh = int(b.model().meshes.size()) - 1;
        if (withSkin) node.skin = skin;
        node.extras = std::move(extras);
        b.model().scenes[0].nodes.push_back(b.addNode(node));
        ++report.meshes;
    };

    for (size_t m = 0; m < asset.physicsMeshes.size(); ++m) {
        const PhysicsMesh &p = asset.physicsMeshes[m];
        tinygltf::Primitive prim;
        prim.mode = TINYGLTF_MODE_TRIANGLES;
        prim.indices = b.indices(space.triangles(p.indices));
        prim.attributes["POSITION"] = b.vec3(space.points(p.positions), true);
        if (p.normals.size() == p.vertexCount())
            prim.attributes["NORMAL"] =
                b.vec3(gltf::unitNormals(space.directions(p.normals)), false);
        const bool withSkin = skinned && p.skin.size() == p.vertexCount();
        if (withSkin) {
            prim.attributes["JOINTS_0"] = b.joints(p.skin);
            prim.attributes["WEIGHTS_0"] = b.weights(p.skin);
        }
        addChannels(b, prim, p.channels, p.vertexCount(), space);
        tinygltf::Mesh mesh;
        mesh.name = "physics_mesh_" + std::to_string(m);
        mesh.primitives.push_back(prim);
        tinygltf::Value::Object extras;
        extras["tweed_physics_mesh"] = tinygltf::Value(int(m));
        extras["generation_method"] = tinygltf::Value(std::string(methodName(p.settings.method)));
        addMeshNode(std::move(mesh), withSkin, tinygltf::Value(extras));
        report.vertices += uint32_t(p.vertexCount());
    }

    for (size_t l = 0; l < asset.lods.size(); ++l) {
        const GraphicsLod &lod = asset.lods[l];
        const GraphicsMesh &g = lod.mesh;
        tinygltf::Primitive prim;
        addGraphicsAttributes(b, prim, g, g.positions, g.normals, space);
        const bool withSkin = skinned && g.skin.size() == g.vertexCount();
        if (withSkin) {
            prim.attributes["JOINTS_0"] = b.joints(g.skin);
            prim.attributes["WEIGHTS_0"] = b.weights(g.skin);
        }
        addChannels(b, prim, lod.channels, g.vertexCount(), space);
        // The skin map: triangle (0xFFFFFFFF: unbound; as low and high 16 bits) and the (u, v, h)
        // of the position, normal and tangent points. Re-wound triangles swap the second and third
        // vertex: v' = 1 - u - v.
        if (lod.skinMap.bindings.size() == g.vertexCount()) {
            std::vector<uint32_t> triangle;
            std::vector<Vec3> uvh[3];
            for (const SkinBinding &sb : lod.skinMap.bindings) {
                triangle.push_back(sb.triangle);
                const Vec3 points[3] = {sb.position, sb.normal, sb.tangent};
                for (int k = 0; k < 3; ++k) {
                    Vec3 c = points[k];
                    if (space.mirrored) c.y = 1.0f - c.x - c.y;
                    c.z *= space.scale;
                    uvh[k].push_back(c);
                }
            }
            prim.attributes["_SKIN_MAP_TRIANGLE"] = b.uintPairs(triangle);
            prim.attributes["_SKIN_MAP_POSITION"] = b.vec3(uvh[0], false);
            prim.attributes["_SKIN_MAP_NORMAL"] = b.vec3(uvh[1], false);
            prim.attributes["_SKIN_MAP_TANGENT"] = b.vec3(uvh[2], false);
        }
        tinygltf::Mesh mesh;
        mesh.name = "graphics_lod_" + std::to_string(l);
        mesh.primitives.push_back(prim);
        tinygltf::Value::Object extras;
        extras["tweed_graphics_lod"] = tinygltf::Value(int(l));
        extras["physics_mesh"] = tinygltf::Value(lod.physicsMesh);
        addMeshNode(std::move(mesh), withSkin, tinygltf::Value(extras));
        report.vertices += uint32_t(g.vertexCount());
    }

    // Collision volumes: children of their bones (or scene roots when fixed in model space).
    // The node frame keeps the shape's conventions: ellipsoid radii along its local axes,
    // capsules along local y, a plane's normal along local y.
    const size_t volumes =
        options.maxCollisionVolumes > 0
            ? std::min<size_t>(options.maxCollisionVolumes, asset.collisionVolumes.size())
            : asset.collisionVolumes.size();
    Mat4 frameFix = space.axes;
    if (space.mirrored) frameFix = frameFix * Mat4::scaling({1, 1, -1});
    for (size_t i = 0; i < volumes; ++i) {
        const CollisionVolume &v = asset.collisionVolumes[i];
        Transform local = v.local;
        local.scale = {1, 1, 1};
        tinygltf::Node node;
        node.name = v.name;
        gltf::setTransform(node, space.conjugate(Mat4::fromTransform(local)) * frameFix);
        tinygltf::Value::Object shape;
        shape["shape"] = tinygltf::Value(std::string(shapeName(v.shape)));
        shape["radii"] = vec3Value(v.radii * space.scale);
        shape["radius"] = number(v.radius * space.scale);
        shape["radius2"] = number(v.radius2 * space.scale);
        shape["half_height"] = number(v.halfHeight * space.scale);
        tinygltf::Value::Object extras;
        extras["tweed_collision"] = tinygltf::Value(shape);
        node.extras = tinygltf::Value(extras);
        const int n = b.addNode(node);
        if (v.bone >= 0 && size_t(v.bone) < boneNodes.size())
            b.model().nodes[size_t(boneNodes[size_t(v.bone)])].children.push_back(n);
        else
            b.model().scenes[0].nodes.push_back(n);
    }

    tinygltf::Value::Object units;
    units["scale"] = number(space.scale);
    units["up_axis"] = tinygltf::Value(std::string(upAxisName(options.transform.upAxis)));
    units["handedness"] = tinygltf::Value(std::string(space.mirrored ? "left" : "right"));
    tinygltf::Value::Object extras;
    extras["tweed_asset"] = tinygltf::Value(asset.name);
    extras["preset"] = tinygltf::Value(asset.presetName);
    extras["units"] = tinygltf::Value(units);
    extras["simulation"] = settingsValue(asset.simulation);
    if (!lost.empty()) {
        tinygltf::Value::Array list;
        for (const std::string &s : lost)
            list.push_back(tinygltf::Value(s));
        extras["not_exported"] = tinygltf::Value(list);
    }
    b.model().scenes[0].name = asset.name;
    b.model().scenes[0].extras = tinygltf::Value(extras);
    report.nodes = uint32_t(b.model().nodes.size());
    b.write(path);
    return report;
}

// ---- simulated frames --------------------------------------------------------------------

std::vector<SimulatedFrame> simulateGraphicsFrames(const ClothingAsset &asset,
                                                   const ExportOptions &options,
                                                   std::vector<std::vector<Mat4>> *skinning,
                                                   std::vector<std::vector<Vec3>> *physics,
                                                   const ProgressCallback &progress)
{
    const int frames = exportFrameCount(options);
    if (const SimulatedClip *given = options.simulated.get();
        given && given->frames.size() >= size_t(frames) && given->skinning.size() >= size_t(frames) &&
        given->physics.size() >= size_t(frames)) {
        // Simulated already (the editor's cache): the same frames ClipSimulation would give.
        reportProgress(progress, 0.0f, "taking the simulated frames");
        const auto n = std::ptrdiff_t(frames);
        if (skinning) skinning->assign(given->skinning.begin(), given->skinning.begin() + n);
        if (physics) physics->assign(given->physics.begin(), given->physics.begin() + n);
        return {given->frames.begin(), given->frames.begin() + n};
    }
    ClipSimulationSettings settings;
    settings.framesPerSecond = options.framesPerSecond;
    settings.lod = options.lod;
    ClipSimulation sim(asset, options.clip ? &*options.clip : nullptr, settings);
    std::vector<SimulatedFrame> out;
    out.reserve(size_t(frames));
    for (int f = 0; f < frames; ++f) {
        reportProgress(progress, float(f) / float(frames), "simulating");
        sim.advance();
        SimulatedFrame frame;
        frame.frame = f;
        sim.instance().deformGraphics(frame.positions, &frame.normals);
        out.push_back(std::move(frame));
        if (skinning) skinning->push_back(sim.instance().skinningMatrices());
        if (physics) physics->push_back(sim.instance().positions());
    }
    return out;
}

// ---- point cache -------------------------------------------------------------------------

float pointCacheExcess(const ClothingAsset &asset, int lod,
                       const std::vector<SimulatedFrame> &frames,
                       const std::vector<std::vector<Mat4>> &skinning)
{
    const GraphicsLod &l = asset.lods[size_t(lod)];
    const GraphicsMesh &g = l.mesh;
    const PhysicsMesh &pm = asset.physicsMeshes[size_t(l.physicsMesh)];
    const std::vector<float> &maxDistance = pm.channels[FloatChannel::MaxDistance];
    const bool tetra = !l.skinMap.tetraBindings.empty(); // a soft body's tetra skinning
    const bool bound = (tetra ? l.skinMap.tetraBindings.size() : l.skinMap.bindings.size()) ==
                       g.vertexCount();
    // The part of each graphics vertex's bound that is the same in every frame: its triangle's
    // Max Distances as its coordinates weigh them (beyond the triangle too), and its offset,
    // which a turning normal can carry to the far side.
    std::vector<float> reach(g.vertexCount(), 0.0f);
    for (size_t v = 0; v < reach.size() && bound && tetra; ++v) {
        // A tetrahedron's corners weighted by the barycentric coordinates (no offset).
        const TetraBinding &b = l.skinMap.tetraBindings[v];
        if (b.tetrahedron == SkinMap::kUnbound) continue;
        const uint32_t *t = &pm.tetrahedra[4 * size_t(b.tetrahedron)];
        const float w[4] = {b.position.x, b.position.y, b.position.z,
                            1 - b.position.x - b.position.y - b.position.z};
        for (int k = 0; k < 4; ++k)
            reach[v] += std::abs(w[k]) *
                        (maxDistance.size() == pm.vertexCount() ? maxDistance[t[k]] : 0.0f);
    }
    for (size_t v = 0; v < reach.size() && bound && !tetra; ++v) {
        const SkinBinding &b = l.skinMap.bindings[v];
        if (b.triangle == SkinMap::kUnbound) continue;
        const uint32_t *t = &pm.indices[3 * size_t(b.triangle)];
        const float w[3] = {b.position.x, b.position.y, 1 - b.position.x - b.position.y};
        for (int k = 0; k < 3; ++k)
            reach[v] += std::abs(w[k]) *
                        (maxDistance.size() == pm.vertexCount() ? maxDistance[t[k]] : 0.0f);
        reach[v] += 2 * std::abs(b.position.z);
    }
    const bool skinned = g.skin.size() == g.vertexCount() && pm.skin.size() == pm.vertexCount();
    float worst = -std::numeric_limits<float>::infinity();
    std::vector<Vec3> graphicsSkinned = g.positions, physicsSkinned = pm.positions, mapped;
    std::vector<Vec3> physicsNormals = computeVertexNormals(pm.positions, pm.indices);
    for (size_t f = 0; f < frames.size() && f < skinning.size(); ++f) {
        if (skinned) {
            skinVertices(g.positions, g.skin, skinning[f], graphicsSkinned);
            skinVertices(pm.positions, pm.skin, skinning[f], physicsSkinned);
            physicsNormals = computeVertexNormals(physicsSkinned, pm.indices);
        }
        // Where the skin map puts each vertex when the cloth is merely skinned: its distance
        // from the vertex's own skinned position is the rest of the bound (the graphics vertex
        // and its triangle's corners may follow somewhat different weights).
        mapped = graphicsSkinned;
        if (bound)
            applySkinMap(l.skinMap, pm, physicsSkinned, physicsNormals, mapped, nullptr);
        // Single-precision rounding, as the solver's own check allows: 10 micrometres and a
        // millionth of the distance from the origin (far from it a float's step is larger).
        for (size_t v = 0; v < reach.size(); ++v)
            worst = std::max(worst, distance(frames[f].positions[v], graphicsSkinned[v]) -
                                        reach[v] - distance(mapped[v], graphicsSkinned[v]) - 1e-5f -
                                        1e-6f * length(graphicsSkinned[v]));
    }
    return std::isfinite(worst) ? worst : 0.0f;
}

ExportReport exportPointCache(const ClothingAsset &asset, const std::string &path,
                              const ExportOptions &options, const ProgressCallback &progress)
{
    const TargetSpace space(options.transform);
    const GraphicsMesh &g = asset.lods[size_t(options.lod)].mesh;
    std::vector<std::vector<Mat4>> skinning;
    std::vector<SimulatedFrame> frames =
        simulateGraphicsFrames(asset, options, &skinning, nullptr, progress);
    ExportReport report;
    report.unrepresented = checkExport(asset, path, options);
    if (options.maxMorphTargets > 0 && frames.size() > options.maxMorphTargets)
        frames.resize(options.maxMorphTargets);
    report.cacheMaxExcess = pointCacheExcess(asset, options.lod, frames, skinning);

    gltf::Builder b;
    tinygltf::Primitive prim;
    addGraphicsAttributes(b, prim, g, g.positions, g.normals, space);
    const std::vector<Vec3> base = space.points(g.positions);
    const std::vector<Vec3> baseNormals = gltf::unitNormals(space.directions(g.normals));
    const bool withNormals = g.normals.size() == g.vertexCount();
    for (const SimulatedFrame &f : frames) {
        std::vector<Vec3> delta = space.points(f.positions);
        for (size_t i = 0; i < delta.size(); ++i)
            delta[i] -= base[i];
        std::map<std::string, int> target;
        target["POSITION"] = b.vec3(delta, true);
        if (withNormals) {
            std::vector<Vec3> dn = gltf::unitNormals(space.directions(f.normals));
            for (size_t i = 0; i < dn.size(); ++i)
                dn[i] -= baseNormals[i];
            target["NORMAL"] = b.vec3(dn, false);
        }
        prim.targets.push_back(target);
    }
    tinygltf::Mesh mesh;
    mesh.name = g.name.empty() ? "garment" : g.name;
    mesh.primitives.push_back(prim);
    mesh.weights.assign(frames.size(), 0.0);
    tinygltf::Value::Array targetNames;
    for (const SimulatedFrame &f : frames)
        targetNames.push_back(tinygltf::Value("frame " + std::to_string(f.frame)));
    tinygltf::Value::Object meshExtras;
    meshExtras["targetNames"] = tinygltf::Value(targetNames);
    mesh.extras = tinygltf::Value(meshExtras);
    b.model().meshes.push_back(mesh);
    tinygltf::Node node;
    node.name = mesh.name;
    node.mesh = 0;
    b.model().scenes[0].nodes.push_back(b.addNode(node));

    // One-hot weights per key: frame f shows target f alone (step interpolation).
    const size_t n = frames.size();
    std::vector<float> times(n), weights(n * n, 0.0f);
    for (size_t f = 0; f < n; ++f) {
        times[f] = float(double(frames[f].frame) / options.framesPerSecond);
        weights[f * n + f] = 1.0f;
    }
    tinygltf::Animation anim;
    anim.name = options.clip ? options.clip->name : "rest";
    tinygltf::AnimationSampler sampler;
    sampler.input = b.floats(times, TINYGLTF_TYPE_SCALAR, true);
    sampler.output = b.floats(weights, TINYGLTF_TYPE_SCALAR, false);
    sampler.interpolation = "STEP";
    anim.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = 0;
    channel.target_node = 0;
    channel.target_path = "weights";
    anim.channels.push_back(channel);
    b.model().animations.push_back(anim);

    report.meshes = 1;
    report.vertices = uint32_t(g.vertexCount());
    report.nodes = 1;
    report.frames = uint32_t(n);
    report.morphTargets = uint32_t(n);
    b.write(path);
    return report;
}

// ---- the player's frames -----------------------------------------------------------------

void writeGarmentFramesGltf(const ClothingAsset &asset, int lod,
                            const std::vector<SimulatedFrame> &frames, const std::string &path)
{
    if (lod < 0 || size_t(lod) >= asset.lods.size())
        throw InputError("the asset has no graphics LoD " + std::to_string(lod));
    const std::string ext = fileExtension(path);
    if (ext != "gltf" && ext != "glb") throw FileError(path, "frames are written as .gltf or .glb");
    const GraphicsMesh &g = asset.lods[size_t(lod)].mesh;
    const TargetSpace space(ExportTransform{});
    gltf::Builder b;
    for (const SimulatedFrame &f : frames) {
        if (f.positions.size() != g.vertexCount())
            throw InputError("frame " + std::to_string(f.frame) + " has " +
                             std::to_string(f.positions.size()) + " vertices, the mesh " +
                             std::to_string(g.vertexCount()));
        tinygltf::Primitive prim;
        addGraphicsAttributes(b, prim, g, f.positions, f.normals, space);
        tinygltf::Mesh mesh;
        mesh.name = "frame " + std::to_string(f.frame);
        mesh.primitives.push_back(prim);
        b.model().meshes.push_back(mesh);
        tinygltf::Node node;
        node.name = mesh.name;
        node.mesh = int(b.model().meshes.size()) - 1;
        tinygltf::Value::Object extras;
        extras["frame"] = tinygltf::Value(f.frame);
        node.extras = tinygltf::Value(extras);
        b.model().scenes[0].nodes.push_back(b.addNode(node));
    }
    b.write(path);
}

// ---- dispatch ----------------------------------------------------------------------------

ExportReport exportAsset(const ClothingAsset &asset, const std::string &path,
                         const ExportOptions &options, const ProgressCallback &progress)
{
    checkExportOptions(asset, path, options);
    const std::vector<std::string> lost = checkExport(asset, path, options);
    if (!lost.empty() && !options.allowLoss) throw lossError(path, options, lost);
    const uint64_t estimate = estimateExportBytes(asset, path, options);
    if (options.maxBytes > 0 && estimate > options.maxBytes) {
        auto mb = [](uint64_t bytes) { return std::to_string((bytes + (1 << 19)) >> 20) + " MB"; };
        throw InputError(path + ": the " + std::string(exportFormatName(options.format)) +
                         " export would write about " + mb(estimate) + " (" +
                         std::to_string(exportFrameCount(options)) +
                         " frames), more than the limit of " + mb(options.maxBytes) +
                         "; export fewer frames, a lower frame rate or fewer cloth bones, or "
                         "raise the limit (--max-size MB, --force)");
    }
    ExportReport report = [&] {
        switch (options.format) {
        case ExportFormat::GltfPhysics:
            return exportGltfPhysics(asset, path, options, lost);
        case ExportFormat::PointCache: {
            const std::string ext = fileExtension(path);
            return ext == "mdd" || ext == "pc2"
                       ? exportPointCacheFile(asset, path, options, progress)
                       : exportPointCache(asset, path, options, progress);
        }
        case ExportFormat::BakedBones:
            return exportBakedBones(asset, path, options, progress);
        }
        throw InputError("unknown export format");
    }();
    report.estimatedBytes = estimate;
    return report;
}

InputError lossError(const std::string &path, const ExportOptions &options,
                     const std::vector<std::string> &lost)
{
    std::string message = "the " + std::string(exportFormatName(options.format)) + " export to " +
                          path + " cannot represent:";
    for (const std::string &s : lost)
        message += "\n  - " + s;
    message += "\n(export anyway with allowLoss / --allow-loss)";
    return InputError(message);
}
} // namespace tweed
