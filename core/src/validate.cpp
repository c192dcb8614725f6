// Consistency checks of an asset, in three tiers: the structural checks (indices and array
// sizes) guard every later array access; the safety checks (finite numbers within their ranges
// and bounds, invertible matrices, normalised weights) make the asset safe to simulate; the
// remaining checks find what is merely untidy. The readers refuse the first two tiers.
#include "tweed/validate.h"

#include "tweed/errors.h"
#include "tweed/sim/colliders.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

namespace tweed {
namespace {

/// Problems of one kind listed individually before they are only counted, so a broken mesh
/// of a million vertices yields a readable list.
constexpr size_t kMaxListed = 20;

std::string quoted(const std::string &s)
{
    return "\"" + s + "\"";
}

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// Collects the problems of one check over an array: the first kMaxListed as sentences, then
/// a count of the rest ("lod 0: 980 more vertices whose bone weights do not sum to 1").
class Check
{
public:
    Check(std::vector<std::string> &out, std::string where, std::string rest)
        : mOut(out), mWhere(std::move(where)), mRest(std::move(rest))
    {
    }
    void fail(const std::string &sentence)
    {
        if (mCount++ < kMaxListed) mOut.push_back(mWhere + ": " + sentence);
    }
    void finish()
    {
        if (mCount > kMaxListed)
            mOut.push_back(mWhere + ": " + std::to_string(mCount - kMaxListed) + " more " + mRest);
        mCount = 0;
    }

private:
    std::vector<std::string> &mOut;
    std::string mWhere;
    std::string mRest;
    size_t mCount = 0;
};

bool finite(const Vec2 &v)
{
    return std::isfinite(v.x) && std::isfinite(v.y);
}
bool finite(const Vec3 &v)
{
    return isFinite(v);
}
bool finite(const Vec4 &v)
{
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}
bool finite(const Quat &q)
{
    return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}
bool finite(const Transform &t)
{
    return finite(t.translation) && finite(t.rotation) && finite(t.scale);
}
bool finite(const Mat4 &m)
{
    for (float x : m.m)
        if (!std::isfinite(x)) return false;
    return true;
}
bool isUnit(const Quat &q)
{
    return std::abs(std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w) - 1.0f) <= 1e-3f;
}

// ---------------------------------------------------------------------------------------------
// Structural checks

void checkTriangles(std::vector<std::string> &out, const std::string &where,
                    const std::vector<uint32_t> &indices, size_t vertexCount)
{
    if (indices.size() % 3 != 0)
        out.push_back(where + ": index count " + std::to_string(indices.size()) +
                      " is not a multiple of 3");
    Check check(out, where, "out-of-range vertex indices");
    for (size_t i = 0; i < indices.size(); ++i)
        if (indices[i] >= vertexCount)
            check.fail("triangle " + std::to_string(i / 3) + ": vertex index " +
                       std::to_string(indices[i]) + " is out of range (" +
                       std::to_string(vertexCount) + " vertices)");
    check.finish();
}

template <class T>
void checkOptionalSize(std::vector<std::string> &out, const std::string &where,
                       const std::vector<T> &values, const char *what, size_t vertexCount)
{
    if (!values.empty() && values.size() != vertexCount)
        out.push_back(where + ": " + std::to_string(values.size()) + " " + what + " for " +
                      std::to_string(vertexCount) + " vertices");
}

void checkSkinBones(std::vector<std::string> &out, const std::string &where,
                    const std::vector<BoneInfluence> &skin, size_t boneCount)
{
    Check check(out, where, "vertices with out-of-range bone indices");
    for (size_t v = 0; v < skin.size(); ++v)
        for (int k = 0; k < kMaxBoneInfluences; ++k)
            if (skin[v].weights[size_t(k)] != 0.0f && skin[v].bones[size_t(k)] >= boneCount)
                check.fail("vertex " + std::to_string(v) + ": bone index " +
                           std::to_string(skin[v].bones[size_t(k)]) + " is out of range (" +
                           std::to_string(boneCount) + " bones)");
    check.finish();
}

void checkChannelSizes(std::vector<std::string> &out, const std::string &where,
                       const PaintChannels &channels, size_t vertexCount)
{
    auto check = [&](std::string_view name, size_t size) {
        if (size != vertexCount)
            out.push_back(where + ": channel " + std::string(name) + " has " +
                          std::to_string(size) + " values for " + std::to_string(vertexCount) +
                          " vertices");
    };
    for (size_t c = 0; c < kFloatChannelCount; ++c)
        check(channelName(FloatChannel(c)), channels.floats[c].size());
    for (size_t c = 0; c < kMaskChannelCount; ++c)
        check(channelName(MaskChannel(c)), channels.masks[c].size());
}

void checkVolumeBones(std::vector<std::string> &out, const std::vector<CollisionVolume> &volumes,
                      size_t boneCount)
{
    for (size_t i = 0; i < volumes.size(); ++i) {
        const CollisionVolume &cv = volumes[i];
        if (cv.bone < -1 || cv.bone >= int(boneCount))
            out.push_back("collision volume " + std::to_string(i) + " (" + quoted(cv.name) +
                          "): bone index " + std::to_string(cv.bone) + " is out of range (" +
                          std::to_string(boneCount) + " bones)");
    }
}

void checkPendulumBones(std::vector<std::string> &out, const std::vector<PendulumBone> &pendulums,
                        size_t boneCount)
{
    for (size_t i = 0; i < pendulums.size(); ++i) {
        const PendulumBone &pb = pendulums[i];
        if (pb.bone < 0 || size_t(pb.bone) >= boneCount)
            out.push_back("pendulum bone " + std::to_string(i) + ": bone index " +
                          std::to_string(pb.bone) + " is out of range (" +
                          std::to_string(boneCount) + " bones)");
    }
}

// The rig's bones: in range, two different bones, a look-at's point not on a bone it turns.
void checkRigBones(std::vector<std::string> &out, const std::vector<RigConstraint> &rig,
                   const Skeleton &skeleton)
{
    const int boneCount = int(skeleton.bones.size());
    const auto outOfRange = [&](int b) { return b < 0 || b >= boneCount; };
    for (size_t i = 0; i < rig.size(); ++i) {
        const RigConstraint &c = rig[i];
        const std::string where = "rig constraint " + std::to_string(i);
        const std::string range = " is out of range (" + std::to_string(boneCount) + " bones)";
        if (outOfRange(c.bone)) {
            out.push_back(where + ": bone index " + std::to_string(c.bone) + range);
            continue;
        }
        const bool down = c.kind == RigConstraintKind::LookAt && c.target == -1;
        if (!down && outOfRange(c.target)) {
            out.push_back(where + ": target bone index " + std::to_string(c.target) + range +
                          (c.kind == RigConstraintKind::Position ? " (a position constraint "
                                                                   "needs two bones)"
                                                                 : ""));
            continue;
        }
        if (c.target == c.bone) {
            out.push_back(where + ": bone " + std::to_string(c.bone) + " is its own target");
            continue;
        }
        if (c.kind != RigConstraintKind::LookAt || down) continue;
        // A look-at whose point moves with the bone would chase itself.
        for (int b = c.target; b >= 0 && b < boneCount; b = skeleton.bones[size_t(b)].parent) {
            if (b == c.bone) {
                out.push_back(where + ": target bone " + std::to_string(c.target) +
                              " is below bone " + std::to_string(c.bone) +
                              ", which turns it (a look-at aims at a bone it does not move)");
                break;
            }
            if (skeleton.bones[size_t(b)].parent >= b) break; // reported by the skeleton checks
        }
    }
}

void structural(const ClothingAsset &asset, std::vector<std::string> &out)
{
    // Enumerations outside their range would index the name tables out of bounds.
    if (size_t(asset.source.units.upAxis) > size_t(UpAxis::X))
        out.push_back("source: up axis " + std::to_string(int(asset.source.units.upAxis)) +
                      " is not a valid axis");
    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const GenerationSettings &g = asset.physicsMeshes[p].settings;
        if (size_t(g.method) > size_t(GenerationMethod::Tetrahedra))
            out.push_back("physics mesh " + std::to_string(p) + ": generation method " +
                          std::to_string(int(g.method)) + " is not a valid method");
        if (size_t(g.normals) > size_t(NormalSource::Bones))
            out.push_back("physics mesh " + std::to_string(p) + ": normal source " +
                          std::to_string(int(g.normals)) + " is not a valid source");
    }
    for (size_t i = 0; i < asset.collisionVolumes.size(); ++i)
        if (size_t(asset.collisionVolumes[i].shape) > size_t(CollisionShape::Convex))
            out.push_back("collision volume " + std::to_string(i) + ": shape " +
                          std::to_string(int(asset.collisionVolumes[i].shape)) +
                          " is not a valid shape");

    const size_t boneCount = asset.skeleton.bones.size();
    for (size_t b = 0; b < boneCount; ++b) {
        const Bone &bone = asset.skeleton.bones[b];
        if (bone.parent < -1 || bone.parent >= int(b))
            out.push_back("skeleton: bone " + std::to_string(b) + " (" + quoted(bone.name) +
                          "): parent " + std::to_string(bone.parent) +
                          " does not come before it (parents must precede their children)");
    }

    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const PhysicsMesh &pm = asset.physicsMeshes[p];
        const std::string where = "physics mesh " + std::to_string(p);
        const size_t n = pm.vertexCount();
        checkTriangles(out, where, pm.indices, n);
        checkOptionalSize(out, where, pm.skin, "bone influences", n);
        checkOptionalSize(out, where, pm.normals, "normals", n);
        checkSkinBones(out, where, pm.skin, boneCount);
        checkChannelSizes(out, where, pm.channels, n);
        for (size_t b = 0; b < pm.clothBones.size(); ++b) {
            const ClothBoneDefinition &d = pm.clothBones[b];
            const uint32_t worst = std::max({d.pivot, d.column, d.row});
            if (worst >= n)
                out.push_back(where + ": cloth bone " + std::to_string(b) + ": vertex " +
                              std::to_string(worst) + " is out of range (" + std::to_string(n) +
                              " vertices)");
        }
        if (pm.tetrahedra.size() % 4 != 0)
            out.push_back(where + ": " + std::to_string(pm.tetrahedra.size()) +
                          " tetrahedron indices are not a multiple of 4");
        Check tetra(out, where, "out-of-range tetrahedron vertices");
        for (size_t i = 0; i < pm.tetrahedra.size(); ++i)
            if (pm.tetrahedra[i] >= n)
                tetra.fail("tetrahedron " + std::to_string(i / 4) + ": vertex " +
                           std::to_string(pm.tetrahedra[i]) + " is out of range (" +
                           std::to_string(n) + " vertices)");
        tetra.finish();
    }

    for (size_t l = 0; l < asset.lods.size(); ++l) {
        const GraphicsLod &lod = asset.lods[l];
        const GraphicsMesh &mesh = lod.mesh;
        const std::string where = "lod " + std::to_string(l);
        const size_t n = mesh.vertexCount();
        checkTriangles(out, where, mesh.indices, n);
        checkOptionalSize(out, where, mesh.normals, "normals", n);
        checkOptionalSize(out, where, mesh.tangents, "tangents", n);
        checkOptionalSize(out, where, mesh.uvs, "uvs", n);
        checkOptionalSize(out, where, mesh.skin, "bone influences", n);
        checkSkinBones(out, where, mesh.skin, boneCount);
        for (size_t s = 0; s < mesh.submeshes.size(); ++s) {
            const Submesh &sub = mesh.submeshes[s];
            if (uint64_t(sub.firstTriangle) + sub.triangleCount > mesh.triangleCount())
                out.push_back(where + ": submesh " + std::to_string(s) + " (" + quoted(sub.name) +
                              "): triangles " + std::to_string(sub.firstTriangle) + " to " +
                              std::to_string(uint64_t(sub.firstTriangle) + sub.triangleCount) +
                              " exceed the mesh's " + std::to_string(mesh.triangleCount()) +
                              " triangles");
            if (sub.role != LayerRole::Shell && sub.role != LayerRole::Rider)
                out.push_back(where + ": submesh " + std::to_string(s) + " (" + quoted(sub.name) +
                              "): unknown layer role " + std::to_string(int(sub.role)));
        }
        checkChannelSizes(out, where, lod.channels, n);

        if (lod.physicsMesh < -1 || lod.physicsMesh >= int(asset.physicsMeshes.size())) {
            out.push_back(where + ": physics mesh index " + std::to_string(lod.physicsMesh) +
                          " is out of range (" + std::to_string(asset.physicsMeshes.size()) +
                          " physics meshes)");
            continue;
        }
        if (lod.physicsMesh == -1) {
            if (!lod.skinMap.bindings.empty() || !lod.skinMap.tetraBindings.empty())
                out.push_back(where + ": has a skin map but no physics mesh");
            continue;
        }
        if (!lod.skinMap.tetraBindings.empty()) { // a soft body's: tetra skinning
            if (!lod.skinMap.bindings.empty() || lod.skinMap.tetraBindings.size() != n)
                out.push_back(where + ": tetra skin map has " +
                              std::to_string(lod.skinMap.tetraBindings.size()) + " bindings for " +
                              std::to_string(n) + " vertices (and " +
                              std::to_string(lod.skinMap.bindings.size()) + " triangle bindings)");
            const size_t tets = asset.physicsMeshes[size_t(lod.physicsMesh)].tetrahedronCount();
            Check check(out, where + ": tetra skin map", "bindings with out-of-range tetrahedra");
            for (size_t v = 0; v < lod.skinMap.tetraBindings.size(); ++v) {
                const uint32_t t = lod.skinMap.tetraBindings[v].tetrahedron;
                if (t != SkinMap::kUnbound && t >= tets)
                    check.fail("vertex " + std::to_string(v) + ": tetrahedron " +
                               std::to_string(t) + " is out of range (physics mesh " +
                               std::to_string(lod.physicsMesh) + " has " + std::to_string(tets) +
                               " tetrahedra)");
            }
            check.finish();
            continue;
        }
        if (lod.skinMap.bindings.size() != n) {
            out.push_back(where + ": skin map has " + std::to_string(lod.skinMap.bindings.size()) +
                          " bindings for " + std::to_string(n) + " vertices");
        }
        const size_t triangles = asset.physicsMeshes[size_t(lod.physicsMesh)].triangleCount();
        Check check(out, where + ": skin map", "bindings with out-of-range triangles");
        for (size_t v = 0; v < lod.skinMap.bindings.size(); ++v) {
            const uint32_t t = lod.skinMap.bindings[v].triangle;
            if (t != SkinMap::kUnbound && t >= triangles)
                check.fail("vertex " + std::to_string(v) + ": triangle " + std::to_string(t) +
                           " is out of range (physics mesh " + std::to_string(lod.physicsMesh) +
                           " has " + std::to_string(triangles) + " triangles)");
        }
        check.finish();
    }

    checkVolumeBones(out, asset.collisionVolumes, boneCount);
    checkPendulumBones(out, asset.pendulumBones, boneCount);
    checkRigBones(out, asset.rigConstraints, asset.skeleton);
}

// ---------------------------------------------------------------------------------------------
// Safety checks: what the solver and the skinning need to produce finite output. They index
// only where the structural checks passed (or check the index themselves).

std::string vec(const Vec3 &v)
{
    return "(" + num(v.x) + ", " + num(v.y) + ", " + num(v.z) + ")";
}

bool withinBound(const Vec3 &v, float bound)
{
    return std::abs(v.x) <= bound && std::abs(v.y) <= bound && std::abs(v.z) <= bound;
}

template <class T>
void checkFinite(std::vector<std::string> &out, const std::string &where,
                 const std::vector<T> &values, const char *what)
{
    Check check(out, where, std::string("vertices with a non-finite ") + what);
    for (size_t v = 0; v < values.size(); ++v)
        if (!finite(values[v]))
            check.fail("vertex " + std::to_string(v) + ": " + what + " is not finite");
    check.finish();
}

/// Positions: finite and within kMaxCoordinate of the origin on every axis.
void checkPositions(std::vector<std::string> &out, const std::string &where,
                    const std::vector<Vec3> &positions)
{
    Check check(out, where, "vertices with a bad position");
    for (size_t v = 0; v < positions.size(); ++v) {
        if (!finite(positions[v]))
            check.fail("vertex " + std::to_string(v) + ": position is not finite");
        else if (!withinBound(positions[v], kMaxCoordinate))
            check.fail("vertex " + std::to_string(v) + ": position " + vec(positions[v]) +
                       " is farther than " + num(kMaxCoordinate) + " m from the origin");
    }
    check.finish();
}

void checkWeights(std::vector<std::string> &out, const std::string &where,
                  const std::vector<BoneInfluence> &skin)
{
    Check check(out, where, "vertices with bad bone weights");
    for (size_t v = 0; v < skin.size(); ++v) {
        double sum = 0;
        bool bad = false;
        for (float w : skin[v].weights) {
            if (!std::isfinite(w) || w < 0) {
                check.fail("vertex " + std::to_string(v) + ": bone weight " + num(w) +
                           " is negative or not finite");
                bad = true;
                break;
            }
            sum += w;
        }
        if (!bad && std::abs(sum - 1.0) > kWeightSumTolerance)
            check.fail("vertex " + std::to_string(v) + ": bone weights sum to " + num(sum) +
                       ", not 1");
    }
    check.finish();
}

void checkDegenerate(std::vector<std::string> &out, const std::string &where,
                     const std::vector<uint32_t> &indices)
{
    Check check(out, where, "triangles that repeat a vertex");
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        if (a == b || b == c || a == c)
            check.fail("triangle " + std::to_string(t / 3) + " repeats vertex " +
                       std::to_string(a == b || a == c ? a : b));
    }
    check.finish();
    if (indices.size() < 3) out.push_back(where + ": mesh has no triangles");
}

/// Edges between distinct vertices at (nearly) the same place: their rest length is a divisor.
void checkEdgeLengths(std::vector<std::string> &out, const std::string &where,
                      const PhysicsMesh &pm)
{
    Check check(out, where, "triangles with an edge shorter than " + num(kMinEdgeLength) + " m");
    const size_t n = pm.vertexCount();
    for (size_t t = 0; t + 2 < pm.indices.size(); t += 3) {
        for (size_t e = 0; e < 3; ++e) {
            const uint32_t a = pm.indices[t + e], b = pm.indices[t + (e + 1) % 3];
            if (a == b || a >= n || b >= n) continue; // reported elsewhere
            const float len = distance(pm.positions[a], pm.positions[b]);
            if (len < kMinEdgeLength) { // false for NaN: checkPositions reports those
                check.fail("triangle " + std::to_string(t / 3) + ": edge from vertex " +
                           std::to_string(a) + " to vertex " + std::to_string(b) + " is " +
                           num(len) + " m long, shorter than " + num(kMinEdgeLength) + " m");
                break;
            }
        }
    }
    check.finish();
}

void checkChannelValues(std::vector<std::string> &out, const std::string &where,
                        const PaintChannels &channels)
{
    // Every float channel is a distance (metres) or a scale: none may be negative.
    for (size_t c = 0; c < kFloatChannelCount; ++c) {
        const std::string name(channelName(FloatChannel(c)));
        Check check(out, where, "vertices with a bad " + name);
        const std::vector<float> &values = channels.floats[c];
        for (size_t v = 0; v < values.size(); ++v) {
            if (!std::isfinite(values[v]))
                check.fail("vertex " + std::to_string(v) + ": " + name + " is not finite");
            else if (values[v] < 0)
                check.fail("vertex " + std::to_string(v) + ": " + name + " is " + num(values[v]) +
                           ", must not be negative");
            else if (values[v] > kMaxCoordinate)
                check.fail("vertex " + std::to_string(v) + ": " + name + " is " + num(values[v]) +
                           ", more than " + num(kMaxCoordinate));
        }
        check.finish();
    }
}

void checkGenerationNumbers(std::vector<std::string> &out, const std::string &where,
                            const GenerationSettings &g)
{
    const std::pair<const char *, float> lengths[] = {{"weld tolerance", g.weldTolerance},
                                                      {"target edge length", g.targetEdgeLength},
                                                      {"close-holes length", g.closeHolesBelow},
                                                      {"voxel size", g.voxelSize}};
    for (const auto &[what, value] : lengths)
        if (!std::isfinite(value) || value < 0)
            out.push_back(where + ": generation " + what + " is " + num(value) +
                          ", must be finite and not negative");
    if (!std::isfinite(g.isoOffset))
        out.push_back(where + ": generation iso-surface offset is not finite");
}

/// The determinant of a matrix's linear (upper 3 x 3) part, in double.
double linearDeterminant(const Mat4 &m)
{
    auto e = [&](int r, int c) { return double(m(r, c)); };
    return e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) -
           e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0)) +
           e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0));
}

void checkBones(std::vector<std::string> &out, const Skeleton &skeleton)
{
    const std::vector<Bone> &bones = skeleton.bones;
    for (size_t b = 0; b < bones.size(); ++b) {
        const std::string where =
            "skeleton: bone " + std::to_string(b) + " (" + quoted(bones[b].name) + ")";
        const Transform &rest = bones[b].restLocal;
        if (!finite(rest))
            out.push_back(where + ": rest transform is not finite");
        else if (!isUnit(rest.rotation))
            out.push_back(where + ": rest rotation is not a unit quaternion");
        else if (!withinBound(rest.translation, kMaxCoordinate) ||
                 !withinBound(rest.scale, kMaxMatrixEntry))
            out.push_back(where + ": rest translation or scale is beyond its bound (" +
                          num(kMaxCoordinate) + " m, " + num(kMaxMatrixEntry) + ")");
        const Mat4 &ib = bones[b].inverseBind;
        if (!finite(ib)) {
            out.push_back(where + ": inverse bind matrix is not finite");
            continue;
        }
        float largest = 0;
        for (float x : ib.m)
            largest = std::max(largest, std::abs(x));
        const double det = linearDeterminant(ib);
        if (largest > kMaxMatrixEntry)
            out.push_back(where + ": inverse bind matrix has an element of " + num(largest) +
                          ", more than " + num(kMaxMatrixEntry));
        else if (!(std::abs(det) >= kMinDeterminant))
            out.push_back(where + ": inverse bind matrix is not invertible (determinant " +
                          num(det) + ")");
    }
}

void checkCollisionVolumes(std::vector<std::string> &out,
                           const std::vector<CollisionVolume> &volumes)
{
    for (size_t i = 0; i < volumes.size(); ++i) {
        const CollisionVolume &cv = volumes[i];
        const std::string where =
            "collision volume " + std::to_string(i) + " (" + quoted(cv.name) + ")";
        if (!finite(cv.local))
            out.push_back(where + ": transform is not finite");
        else if (!isUnit(cv.local.rotation))
            out.push_back(where + ": rotation is not a unit quaternion");
        else if (!withinBound(cv.local.translation, kMaxCoordinate))
            out.push_back(where + ": translation " + vec(cv.local.translation) +
                          " is farther than " + num(kMaxCoordinate) + " m from its bone");
        auto positive = [&](const char *what, float v) {
            if (!(std::isfinite(v) && v > 0))
                out.push_back(where + ": " + what + " is " + num(v) + ", must be positive");
            else if (v > kMaxCoordinate)
                out.push_back(where + ": " + what + " is " + num(v) + " m, more than " +
                              num(kMaxCoordinate) + " m");
        };
        auto nonNegative = [&](const char *what, float v) {
            if (!(std::isfinite(v) && v >= 0))
                out.push_back(where + ": " + what + " is " + num(v) + ", must not be negative");
            else if (v > kMaxCoordinate)
                out.push_back(where + ": " + what + " is " + num(v) + " m, more than " +
                              num(kMaxCoordinate) + " m");
        };
        switch (cv.shape) {
        case CollisionShape::Ellipsoid:
            positive("radius x", cv.radii.x);
            positive("radius y", cv.radii.y);
            positive("radius z", cv.radii.z);
            break;
        case CollisionShape::Sphere:
            positive("radius", cv.radius);
            break;
        case CollisionShape::Capsule:
            positive("radius", cv.radius);
            nonNegative("half height", cv.halfHeight);
            break;
        case CollisionShape::TaperedCapsule:
            positive("radius", cv.radius);
            positive("second radius", cv.radius2);
            nonNegative("half height", cv.halfHeight);
            break;
        case CollisionShape::Plane:
            break;
        case CollisionShape::Box:
            positive("half extent x", cv.radii.x);
            positive("half extent y", cv.radii.y);
            positive("half extent z", cv.radii.z);
            break;
        case CollisionShape::Convex:
            if (const std::string problem = convexPlanesProblem(cv.planes); !problem.empty())
                out.push_back(where + ": " + problem);
            break;
        default: // reported by the structural checks
            break;
        }
    }
}

void checkPendulums(std::vector<std::string> &out, const std::vector<PendulumBone> &pendulums)
{
    for (size_t i = 0; i < pendulums.size(); ++i) {
        const PendulumBone &pb = pendulums[i];
        const std::string where = "pendulum bone " + std::to_string(i);
        if (!(std::isfinite(pb.length) && pb.length > 0 && pb.length <= kMaxCoordinate))
            out.push_back(where + ": length is " + num(pb.length) + ", must lie in (0, " +
                          num(kMaxCoordinate) + "] m");
        if (!(pb.damping >= 0 && pb.damping <= 1))
            out.push_back(where + ": damping is " + num(pb.damping) + ", must lie in [0, 1]");
        if (!(std::abs(pb.gravityScale) <= kMaxMatrixEntry))
            out.push_back(where + ": gravity scale is " + num(pb.gravityScale) +
                          ", must be finite and within +-" + num(kMaxMatrixEntry));
        if (!(pb.maxAngleDegrees > 0 && pb.maxAngleDegrees <= 180))
            out.push_back(where + ": maximum angle is " + num(pb.maxAngleDegrees) +
                          " degrees, must lie in (0, 180]");
    }
}

void checkRigValues(std::vector<std::string> &out, const std::vector<RigConstraint> &rig)
{
    for (size_t i = 0; i < rig.size(); ++i) {
        const RigConstraint &c = rig[i];
        const std::string where = "rig constraint " + std::to_string(i);
        if (!finite(c.point))
            out.push_back(where + ": point is not finite");
        else if (!withinBound(c.point, kMaxCoordinate))
            out.push_back(where + ": point exceeds " + num(kMaxCoordinate) + " m");
        if (!(c.weight >= 0 && c.weight <= 1))
            out.push_back(where + ": weight is " + num(c.weight) + ", must lie in [0, 1]");
    }
}

void safety(const ClothingAsset &asset, std::vector<std::string> &out)
{
    if (!std::isfinite(asset.source.units.metresPerUnit) || asset.source.units.metresPerUnit <= 0)
        out.push_back("source: metres per unit is " + num(asset.source.units.metresPerUnit) +
                      ", must be positive");

    checkBones(out, asset.skeleton);

    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const PhysicsMesh &pm = asset.physicsMeshes[p];
        const std::string where = "physics mesh " + std::to_string(p);
        checkDegenerate(out, where, pm.indices);
        checkPositions(out, where, pm.positions);
        checkEdgeLengths(out, where, pm);
        checkFinite(out, where, pm.normals, "normal");
        checkWeights(out, where, pm.skin);
        checkChannelValues(out, where, pm.channels);
        checkGenerationNumbers(out, where, pm.settings);
    }

    for (size_t l = 0; l < asset.lods.size(); ++l) {
        const GraphicsLod &lod = asset.lods[l];
        const GraphicsMesh &mesh = lod.mesh;
        const std::string where = "lod " + std::to_string(l);
        checkPositions(out, where, mesh.positions);
        checkFinite(out, where, mesh.normals, "normal");
        checkFinite(out, where, mesh.tangents, "tangent");
        checkFinite(out, where, mesh.uvs, "uv");
        checkWeights(out, where, mesh.skin);
        checkChannelValues(out, where, lod.channels);
        Check check(out, where + ": skin map", "bindings with bad coordinates");
        // The triangle bindings, or a soft body's tetra bindings (barycentric coordinates).
        auto coordinates = [&](const auto &bindings) {
            for (size_t v = 0; v < bindings.size(); ++v) {
                const auto &b = bindings[v];
                if (!finite(b.position) || !finite(b.normal) || !finite(b.tangent))
                    check.fail("vertex " + std::to_string(v) + ": coordinates are not finite");
                else if (!withinBound(b.position, kMaxCoordinate) ||
                         !withinBound(b.normal, kMaxCoordinate) ||
                         !withinBound(b.tangent, kMaxCoordinate))
                    check.fail("vertex " + std::to_string(v) + ": coordinates exceed " +
                               num(kMaxCoordinate));
            }
        };
        coordinates(lod.skinMap.bindings);
        coordinates(lod.skinMap.tetraBindings);
        check.finish();
    }

    checkCollisionVolumes(out, asset.collisionVolumes);
    checkPendulums(out, asset.pendulumBones);
    checkRigValues(out, asset.rigConstraints);

    for (const std::string &problem : checkSettings(asset.simulation))
        out.push_back(problem);
}

// ---------------------------------------------------------------------------------------------
// The rest of validateAsset's report: problems of tidiness that simulate and render safely.

void tidiness(const ClothingAsset &asset, std::vector<std::string> &out)
{
    if (asset.lods.empty()) out.push_back("asset has no graphics LoD");

    const std::vector<Bone> &bones = asset.skeleton.bones;
    for (size_t b = 0; b < bones.size(); ++b)
        for (size_t other = 0; other < b; ++other)
            if (bones[other].name == bones[b].name) {
                out.push_back("skeleton: bone " + std::to_string(b) + " (" + quoted(bones[b].name) +
                              "): bone " + std::to_string(other) +
                              " has the same name; files refer to bones by name");
                break;
            }

    for (size_t p = 0; p < asset.physicsMeshes.size(); ++p) {
        const GenerationSettings &g = asset.physicsMeshes[p].settings;
        if (g.method == GenerationMethod::Custom && g.customMeshPath.empty())
            out.push_back("physics mesh " + std::to_string(p) +
                          ": generation method custom needs a custom mesh path");
    }

    for (size_t l = 0; l < asset.lods.size(); ++l) {
        const GraphicsMesh &mesh = asset.lods[l].mesh;
        const std::string where = "lod " + std::to_string(l);
        checkDegenerate(out, where, mesh.indices);

        // Submeshes cover the triangles in order, without gaps or overlaps.
        uint64_t next = 0;
        for (size_t s = 0; s < mesh.submeshes.size(); ++s) {
            const Submesh &sub = mesh.submeshes[s];
            if (sub.firstTriangle != next)
                out.push_back(where + ": submesh " + std::to_string(s) + " (" + quoted(sub.name) +
                              ") starts at triangle " + std::to_string(sub.firstTriangle) +
                              ", expected " + std::to_string(next) +
                              " (submeshes cover the triangles in order)");
            next = uint64_t(sub.firstTriangle) + sub.triangleCount;
        }
        uint64_t covered = 0;
        for (const Submesh &sub : mesh.submeshes)
            covered += sub.triangleCount;
        if (covered != mesh.triangleCount())
            out.push_back(where + ": submeshes cover " + std::to_string(covered) + " of " +
                          std::to_string(mesh.triangleCount()) + " triangles");
        if (!mesh.submeshes.empty() &&
            std::none_of(mesh.submeshes.begin(), mesh.submeshes.end(),
                         [](const Submesh &sub) { return sub.role == LayerRole::Shell; }))
            out.push_back(where + ": every submesh is a rider; a garment needs a shell to build "
                                  "its physics mesh from");
    }

    for (size_t i = 0; i < asset.pendulumBones.size(); ++i)
        for (size_t other = 0; other < i; ++other)
            if (asset.pendulumBones[other].bone == asset.pendulumBones[i].bone) {
                out.push_back("pendulum bone " + std::to_string(i) +
                              ": turns the same bone as pendulum bone " + std::to_string(other));
                break;
            }
}

} // namespace

std::vector<std::string> rigConstraintProblems(const std::vector<RigConstraint> &rig,
                                               const Skeleton &skeleton)
{
    std::vector<std::string> out;
    checkRigBones(out, rig, skeleton);
    checkRigValues(out, rig);
    return out;
}

std::vector<std::string> pendulumProblems(const std::vector<PendulumBone> &pendulums,
                                          size_t boneCount)
{
    std::vector<std::string> out;
    checkPendulumBones(out, pendulums, boneCount);
    checkPendulums(out, pendulums);
    return out;
}

std::vector<std::string> collisionVolumeProblems(const std::vector<CollisionVolume> &volumes,
                                                 size_t boneCount)
{
    std::vector<std::string> out;
    checkVolumeBones(out, volumes, boneCount);
    checkCollisionVolumes(out, volumes);
    return out;
}

std::vector<std::string> structuralProblems(const ClothingAsset &asset)
{
    std::vector<std::string> out;
    structural(asset, out);
    return out;
}

std::vector<std::string> safetyProblems(const ClothingAsset &asset)
{
    std::vector<std::string> out;
    structural(asset, out);
    safety(asset, out);
    return out;
}

std::vector<std::string> assetProblems(const ClothingAsset &asset, AssetChecks checks)
{
    return checks == AssetChecks::Safety ? safetyProblems(asset) : structuralProblems(asset);
}

void checkWritable(const ClothingAsset &asset, AssetChecks checks)
{
    const std::vector<std::string> problems = assetProblems(asset, checks);
    if (!problems.empty())
        throw InputError("the asset cannot be written: " + problemSummary(problems));
}

std::string problemSummary(const std::vector<std::string> &problems)
{
    if (problems.empty()) return {};
    std::string s = problems.front();
    if (problems.size() > 1)
        s += " (and " + std::to_string(problems.size() - 1) + " more problems)";
    return s;
}

std::vector<std::string> validateAsset(const ClothingAsset &asset)
{
    std::vector<std::string> out = safetyProblems(asset);
    tidiness(asset, out);
    return out;
}

} // namespace tweed
