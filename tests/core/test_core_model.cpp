// The core model's building blocks: math (inverse, decompose, slerp), skeleton sampling and
// skinning matrices, mesh-mesh skinning, the settings table and presets, stable names and the
// content hash.
#include "make_test_asset.h"

#include "tweed/asset.h"
#include "tweed/asset_queries.h"
#include "tweed/math.h"
#include "tweed/mesh_edges.h"
#include "tweed/simulation_settings.h"
#include "tweed/skeleton.h"
#include "tweed/skin_map.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>
#include <set>

using namespace tweed;

namespace {

float maxDiff(const Vec3 &a, const Vec3 &b)
{
    return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

/// Rotations q and -q are the same; compare what they do.
float rotationDiff(const Quat &a, const Quat &b)
{
    float d = 0;
    for (const Vec3 &v : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}})
        d = std::max(d, maxDiff(rotate(a, v), rotate(b, v)));
    return d;
}

float quatLength(const Quat &q)
{
    return std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
}

struct Random
{
    std::mt19937 rng{1234};
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }
    Vec3 vec(float lo, float hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    Quat rotation()
    {
        return axisAngle(normalize(vec(-1, 1) + Vec3{0, 0, 1e-3f}), uniform(-kPi, kPi));
    }
    Transform transform(bool mirrored)
    {
        Vec3 scale = vec(0.2f, 3.0f);
        if (mirrored) scale.y = -scale.y;
        return {vec(-5, 5), rotation(), scale};
    }
};

const Mat4 kIdentity;

} // namespace

class TestCoreModel : public QObject
{
    Q_OBJECT

private slots:
    // Each undirected edge once, as (lower, higher), sorted; a degenerate triangle's edge from a
    // vertex to itself is none.
    void uniqueEdgesOfAStrip()
    {
        const std::vector<uint32_t> indices = {2, 0, 1, 1, 3, 2, 3, 3, 4};
        const std::vector<uint32_t> expected = {0, 1, 0, 2, 1, 2, 1, 3, 2, 3, 3, 4};
        QCOMPARE(uniqueEdges(indices), expected);
        QCOMPARE(edgeKey(7, 3), edgeKey(3, 7));
        QCOMPARE(edgeKey(3, 7), (uint64_t(3) << 32) | 7u);
        QVERIFY(uniqueEdges({}).empty());
    }

    // --- math ---------------------------------------------------------------------------------

    void inverseUndoesTheMatrix()
    {
        Random r;
        for (int i = 0; i < 200; ++i) {
            const Mat4 m = Mat4::fromTransform(r.transform(i % 2 == 1));
            const Mat4 inv = inverse(m);
            QVERIFY(maxAbsDifference(inv * m, kIdentity) < 1e-5f);
            QVERIFY(maxAbsDifference(m * inv, kIdentity) < 1e-5f);
        }
        // A general (projective) matrix, too.
        Mat4 p;
        for (int k = 0; k < 16; ++k)
            p.m[k] = float((k * 7 + 3) % 11) - 5.0f + (k % 5 == 0 ? 9.0f : 0.0f);
        QVERIFY(maxAbsDifference(inverse(p) * p, kIdentity) < 1e-5f);
        // Singular: identity, as documented.
        QCOMPARE(inverse(Mat4::scaling({1, 0, 1})), kIdentity);
    }

    void matrixProductComposesTransforms()
    {
        Random r;
        for (int i = 0; i < 50; ++i) {
            const Transform ta = r.transform(false), tb = r.transform(true);
            const Mat4 a = Mat4::fromTransform(ta), b = Mat4::fromTransform(tb);
            const Vec3 p = r.vec(-2, 2);
            QVERIFY(maxDiff((a * b).transformPoint(p), a.transformPoint(b.transformPoint(p))) <
                    1e-4f);
            // fromTransform: translation + rotation * (scale * p)
            QVERIFY(maxDiff(a.transformPoint(p),
                            ta.translation + rotate(ta.rotation, mulComponents(ta.scale, p))) <
                    1e-4f);
            QVERIFY(maxDiff(a.transformVector(p), rotate(ta.rotation, mulComponents(ta.scale, p))) <
                    1e-4f);
            QCOMPARE(transpose(transpose(a)), a);
            const Mat4 rot = Mat4::rotation(ta.rotation);
            QVERIFY(maxAbsDifference(transpose(rot) * rot, kIdentity) < 1e-5f);
        }
        QCOMPARE(Mat4::translation({1, 2, 3}).transformPoint({1, 1, 1}), Vec3(2, 3, 4));
        QCOMPARE(Mat4::scaling({1, 2, 3}).transformPoint({1, 1, 1}), Vec3(1, 2, 3));
        QCOMPARE(Mat4::translation({1, 2, 3}).column(3), Vec3(1, 2, 3));
    }

    void decomposeRecoversTheTransform()
    {
        Random r;
        std::vector<Transform> cases;
        for (int i = 0; i < 200; ++i)
            cases.push_back(r.transform(false));
        // Each branch of the quaternion extraction: small angle (trace > 0) and half turns
        // about x, y and z (trace < 0, a different diagonal element largest each time).
        for (const Vec3 &axis : {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}, Vec3{1, 1, 0}})
            for (float angle : {0.1f, kPi * 0.999f, kPi})
                cases.push_back({{1, 2, 3}, axisAngle(axis, angle), {2, 0.5f, 1}});
        for (const Transform &t : cases) {
            const Transform d = decompose(Mat4::fromTransform(t));
            QVERIFY(maxDiff(d.translation, t.translation) < 1e-5f);
            QVERIFY2(maxDiff(d.scale, t.scale) < 1e-4f, "scale");
            QVERIFY2(rotationDiff(d.rotation, t.rotation) < 1e-4f, "rotation");
            QVERIFY(std::abs(quatLength(d.rotation) - 1) < 1e-5f);
        }
        // Mirrored: one negative scale and a proper rotation that rebuild the same matrix.
        for (int i = 0; i < 100; ++i) {
            const Mat4 m = Mat4::fromTransform(r.transform(true));
            const Transform d = decompose(m);
            QVERIFY(d.scale.x * d.scale.y * d.scale.z < 0);
            QVERIFY(maxAbsDifference(Mat4::fromTransform(d), m) < 1e-4f);
        }
    }

    void slerpInterpolatesAlongTheShortestArc()
    {
        const Quat a = axisAngle({0, 0, 1}, 0);
        const Quat b = axisAngle({0, 0, 1}, kPi / 2);
        QVERIFY(rotationDiff(slerp(a, b, 0), a) < 1e-6f);
        QVERIFY(rotationDiff(slerp(a, b, 1), b) < 1e-6f);
        QVERIFY(rotationDiff(slerp(a, b, 0.5f), axisAngle({0, 0, 1}, kPi / 4)) < 1e-6f);
        QVERIFY(rotationDiff(slerp(a, b, 0.25f), axisAngle({0, 0, 1}, kPi / 8)) < 1e-6f);
        // -b is the same rotation: the path must not go the long way round.
        const Quat negB{-b.x, -b.y, -b.z, -b.w};
        QVERIFY(rotationDiff(slerp(a, negB, 0.5f), axisAngle({0, 0, 1}, kPi / 4)) < 1e-6f);
        // Nearly equal rotations (the linear branch) stay unit length and in between.
        const Quat c = axisAngle({1, 0, 0}, 0.01f);
        const Quat mid = slerp(a, c, 0.5f);
        QVERIFY(std::abs(quatLength(mid) - 1) < 1e-6f);
        QVERIFY(rotationDiff(mid, axisAngle({1, 0, 0}, 0.005f)) < 1e-6f);
        Random r;
        for (int i = 0; i < 100; ++i) {
            const Quat p = r.rotation(), q = r.rotation();
            QVERIFY(std::abs(quatLength(slerp(p, q, r.uniform(0, 1))) - 1) < 1e-5f);
        }
    }

    void componentMinMaxIgnoreNaN()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(minComponents({1, -2, 3}, {0, 5, -4}), Vec3(0, -2, -4));
        QCOMPARE(maxComponents({1, -2, 3}, {0, 5, -4}), Vec3(1, 5, 3));
        // As std::fmin/fmax: a NaN on either side gives the number.
        for (float x : {-1.5f, 0.0f, 2.0f}) {
            QCOMPARE(minNumber(nan, x), x);
            QCOMPARE(minNumber(x, nan), x);
            QCOMPARE(maxNumber(nan, x), x);
            QCOMPARE(maxNumber(x, nan), x);
            QCOMPARE(minNumber(x, x + 1), std::fmin(x, x + 1));
            QCOMPARE(maxNumber(x + 1, x), std::fmax(x + 1, x));
        }
        QVERIFY(std::isnan(minNumber(nan, nan)));
    }

    void normalizeHandlesZero()
    {
        QCOMPARE(normalize(Vec3{}), Vec3{});
        QCOMPARE(normalize(Vec3{0, 3, 4}), Vec3(0, 0.6f, 0.8f));
        QCOMPARE(normalize(Quat{0, 0, 0, 0}), Quat{});
    }

    // --- skeleton -----------------------------------------------------------------------------

    void skeletonRestPoseAndFind()
    {
        const ClothingAsset asset = test::makeTestAsset();
        const Skeleton &s = asset.skeleton;
        QCOMPARE(s.find("Hood"), 4);
        QCOMPARE(s.find("Bip01 Spine"), 1);
        QCOMPARE(s.find("nobody"), -1);
        const std::vector<Mat4> rest = s.restGlobal();
        QCOMPARE(rest.size(), size_t(5));
        // Hood = Root * Spine * Spine1 * Hood locals.
        const Mat4 chain =
            Mat4::fromTransform(s.bones[0].restLocal) * Mat4::fromTransform(s.bones[1].restLocal) *
            Mat4::fromTransform(s.bones[2].restLocal) * Mat4::fromTransform(s.bones[4].restLocal);
        QVERIFY(maxAbsDifference(rest[4], chain) < 1e-6f);
    }

    void sampledPoseInterpolatesKeys()
    {
        Skeleton s;
        s.bones.push_back({"root", -1, {{0, 1, 0}, {}, {1, 1, 1}}, {}});
        s.bones.push_back({"arm", 0, {{1, 0, 0}, {}, {2, 2, 2}}, {}});
        AnimationClip clip;
        clip.name = "wave";
        clip.duration = 2;
        BoneTrack track;
        track.bone = 1;
        track.translations = {{0.5, {0, 0, 0}}, {1.5, {2, 0, 0}}};
        track.rotations = {{0.5, {}}, {1.5, axisAngle({0, 0, 1}, kPi / 2)}};
        clip.tracks.push_back(track);
        BoneTrack ignored; // a track of a bone the skeleton does not have
        ignored.bone = 7;
        ignored.translations = {{0, {9, 9, 9}}};
        clip.tracks.push_back(ignored);

        const std::vector<Transform> mid = sampleLocalPose(s, clip, 1.0);
        QCOMPARE(mid.size(), size_t(2));
        QCOMPARE(mid[0], s.bones[0].restLocal); // no track: rest
        QVERIFY(maxDiff(mid[1].translation, {1, 0, 0}) < 1e-6f);
        QVERIFY(rotationDiff(mid[1].rotation, axisAngle({0, 0, 1}, kPi / 4)) < 1e-6f);
        QCOMPARE(mid[1].scale, Vec3(2, 2, 2)); // no scale keys: rest

        // Before the first key, after the last and outside the clip: clamped.
        QCOMPARE(sampleLocalPose(s, clip, 0.0)[1].translation, Vec3(0, 0, 0));
        QCOMPARE(sampleLocalPose(s, clip, -3.0)[1].translation, Vec3(0, 0, 0));
        QCOMPARE(sampleLocalPose(s, clip, 1.75)[1].translation, Vec3(2, 0, 0));
        QCOMPARE(sampleLocalPose(s, clip, 10.0)[1].translation, Vec3(2, 0, 0));
        QVERIFY(maxDiff(sampleLocalPose(s, clip, 0.75)[1].translation, {0.5f, 0, 0}) < 1e-6f);

        // The global pose composes parents first.
        const std::vector<Mat4> global = globalPose(s, mid);
        QVERIFY(maxDiff(global[1].transformPoint({0, 0, 0}), {1, 1, 0}) < 1e-6f);
        QVERIFY(maxDiff(global[1].transformVector({1, 0, 0}),
                        {std::sqrt(2.0f), std::sqrt(2.0f), 0}) < 1e-5f);
    }

    void skinningMatricesAreIdentityAtRest()
    {
        const ClothingAsset asset = test::makeTestAsset();
        for (const Mat4 &m : skinningMatricesAt(asset.skeleton, nullptr, 0))
            QVERIFY(maxAbsDifference(m, kIdentity) < 1e-5f);
        for (const Mat4 &m : skinningMatrices(asset.skeleton, asset.skeleton.restGlobal()))
            QVERIFY(maxAbsDifference(m, kIdentity) < 1e-5f);

        // Moving the root moves every bone's skinned vertices with it.
        AnimationClip clip;
        clip.duration = 1;
        BoneTrack track;
        track.bone = 0;
        const Vec3 moved = asset.skeleton.bones[0].restLocal.translation + Vec3{0.5f, 0, 0};
        track.translations = {{0, moved}};
        clip.tracks.push_back(track);
        const std::vector<Mat4> skinning = skinningMatricesAt(asset.skeleton, &clip, 0.5);
        QCOMPARE(skinning.size(), size_t(5));
        for (const Mat4 &m : skinning)
            QVERIFY(maxDiff(m.transformPoint({0.1f, 1.0f, 0.1f}), {0.6f, 1.0f, 0.1f}) < 1e-5f);
    }

    // --- mesh-mesh skinning -------------------------------------------------------------------

    void skinPointCoordinatesInvertEvaluation()
    {
        // Points up to half a triangle away, over triangles whose vertex normals differ by up
        // to ~50 degrees: the inverse must be exact (to float precision) for every one.
        Random r;
        int tested = 0;
        for (int i = 0; i < 3000; ++i) {
            const Vec3 a = r.vec(-1, 1), b = r.vec(-1, 1), c = r.vec(-1, 1);
            const Vec3 face = normalize(cross(b - a, c - a));
            const float area = length(cross(b - a, c - a));
            if (area < 0.1f) continue; // skip slivers
            const Vec3 na = normalize(face + r.vec(-0.5f, 0.5f));
            const Vec3 nb = normalize(face + r.vec(-0.5f, 0.5f));
            const Vec3 nc = normalize(face + r.vec(-0.5f, 0.5f));
            const Vec3 uvh{r.uniform(-0.1f, 0.8f), r.uniform(-0.1f, 0.8f), r.uniform(-0.5f, 0.5f)};
            const Vec3 p = evaluateSkinPoint(uvh, a, b, c, na, nb, nc);
            const Vec3 found = skinPointCoordinates(p, a, b, c, na, nb, nc);
            QVERIFY2(maxDiff(evaluateSkinPoint(found, a, b, c, na, nb, nc), p) < 1e-5f,
                     std::to_string(i).c_str());
            ++tested;
        }
        QVERIFY(tested > 2500);
        // The corners and the normal offset.
        const Vec3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0}, n{0, 0, 1};
        QCOMPARE(evaluateSkinPoint({1, 0, 0}, a, b, c, n, n, n), a);
        QCOMPARE(evaluateSkinPoint({0, 1, 0}, a, b, c, n, n, n), b);
        QCOMPARE(evaluateSkinPoint({0, 0, 0}, a, b, c, n, n, n), c);
        QVERIFY(maxDiff(evaluateSkinPoint({0.25f, 0.25f, 0.5f}, a, b, c, n, n, n),
                        {0.25f, 0.5f, 0.5f}) < 1e-6f);
        QVERIFY(maxDiff(skinPointCoordinates({0.25f, 0.5f, -0.3f}, a, b, c, n, n, n),
                        {0.25f, 0.25f, -0.3f}) < 1e-6f);
    }

    void skinMapReproducesTheGraphicsMesh()
    {
        const ClothingAsset asset = test::makeTestAsset();
        for (const GraphicsLod &lod : asset.lods) {
            const PhysicsMesh &pm = asset.physicsMeshes[size_t(lod.physicsMesh)];
            const Vec3 marker{7, 7, 7};
            std::vector<Vec3> positions(lod.mesh.vertexCount(), marker);
            std::vector<Vec3> normals(lod.mesh.vertexCount(), marker);
            applySkinMap(lod.skinMap, pm.indices, pm.positions, pm.normals, positions, &normals);
            for (size_t v = 0; v < positions.size(); ++v) {
                if (lod.skinMap.bindings[v].triangle == SkinMap::kUnbound) {
                    QCOMPARE(positions[v], marker); // left for bone skinning
                    QCOMPARE(normals[v], marker);
                    continue;
                }
                QVERIFY(maxDiff(positions[v], lod.mesh.positions[v]) < 1e-5f);
                QVERIFY(maxDiff(normals[v], lod.mesh.normals[v]) < 1e-4f);
            }
            // Moving the physics mesh moves the bound graphics vertices rigidly with it.
            std::vector<Vec3> shifted = pm.positions;
            for (Vec3 &p : shifted)
                p += Vec3{0, 0, 0.25f};
            applySkinMap(lod.skinMap, pm.indices, shifted, pm.normals, positions, nullptr);
            for (size_t v = 0; v < positions.size(); ++v)
                if (lod.skinMap.bindings[v].triangle != SkinMap::kUnbound)
                    QVERIFY(maxDiff(positions[v], lod.mesh.positions[v] + Vec3{0, 0, 0.25f}) <
                            1e-5f);
        }
    }

    // --- settings -----------------------------------------------------------------------------

    void everyDefaultLiesInItsRange()
    {
        const SimulationSettings defaults;
        QVERIFY(checkSettings(defaults).empty());
        std::set<std::string> keys;
        for (const SettingField &f : settingsFields()) {
            const double v = f.get(defaults);
            QVERIFY2(v >= f.min && v <= f.max, f.key);
            QVERIFY2(f.min < f.max, f.key);
            QVERIFY2(keys.insert(f.key).second, f.key); // unique
            QCOMPARE(findSetting(f.key), &f);
            QVERIFY(std::string(f.label).size() > 0 && std::string(f.help).size() > 0);
            for (char ch : std::string(f.key))
                QVERIFY2(std::islower(static_cast<unsigned char>(ch)) || ch == '_', f.key);
            switch (f.kind) {
            case SettingKind::Float:
                QVERIFY(f.floatMember && !f.intMember && !f.boolMember);
                break;
            case SettingKind::Int:
                QVERIFY(f.intMember && !f.floatMember && !f.boolMember);
                break;
            case SettingKind::Bool:
                QVERIFY(f.boolMember && !f.floatMember && !f.intMember);
                break;
            case SettingKind::Enum:
                QVERIFY(f.intMember && !f.enumNames.empty());
                QCOMPARE(f.max, double(f.enumNames.size() - 1));
                break;
            }
        }
        QCOMPARE(findSetting("no_such_setting"), nullptr);
    }

    void eachFieldOwnsOneMember()
    {
        // Setting one field changes that field only: no two rows share a member.
        const SimulationSettings defaults;
        for (const SettingField &f : settingsFields()) {
            SimulationSettings s;
            const double other = f.get(defaults) < f.max ? f.max : f.min;
            f.set(s, other);
            QCOMPARE(float(f.get(s)), float(other));
            QVERIFY2(!(s == defaults), f.key);
            for (const SettingField &g : settingsFields())
                if (&g != &f)
                    QVERIFY2(g.get(s) == g.get(defaults),
                             (std::string(f.key) + " / " + g.key).c_str());
        }
    }

    void checkSettingsNamesTheBadSetting()
    {
        SimulationSettings s;
        s.damping = 1.5f;
        s.substeps = 0;
        s.stretchStiffness = std::nanf("");
        s.model = 5;
        const std::vector<std::string> problems = checkSettings(s);
        QCOMPARE(problems.size(), size_t(4));
        QCOMPARE(problems[0], std::string("setting model is 5, outside its range [0, 1]"));
        QCOMPARE(problems[1], std::string("setting substeps is 0, outside its range [1, 16]"));
        QCOMPARE(problems[2], std::string("setting damping is 1.5, outside its range [0, 1]"));
        QVERIFY(problems[3].find("stretch_stiffness is nan") != std::string::npos);
    }

    void presetsExistAndAreValid()
    {
        std::set<std::string> names;
        for (const FabricPreset &p : fabricPresets()) {
            names.insert(p.name);
            QCOMPARE(findPreset(p.name), &p);
            QVERIFY2(checkSettings(p.settings).empty(), p.name);
            QVERIFY(std::string(p.label).size() > 0);
        }
        for (const char *name : {"tweed", "silk", "rubber", "leather", "down_jacket", "veil"})
            QVERIFY2(names.count(name), name);
        QCOMPARE(findPreset("denim_from_the_future"), nullptr);
        // Fabrics differ from each other: silk is lighter and floppier than leather.
        const SimulationSettings &silk = findPreset("silk")->settings;
        const SimulationSettings &leather = findPreset("leather")->settings;
        QVERIFY(silk.areaDensity < leather.areaDensity);
        QVERIFY(silk.bendCompliance > leather.bendCompliance);
        const auto presets = fabricPresets();
        for (size_t i = 0; i < presets.size(); ++i)
            for (size_t j = i + 1; j < presets.size(); ++j)
                QVERIFY(!(presets[i].settings == presets[j].settings));
    }

    // --- names and hashes ---------------------------------------------------------------------

    void namesRoundTrip()
    {
        std::set<std::string_view> seen;
        for (size_t c = 0; c < kFloatChannelCount; ++c) {
            const std::string_view name = channelName(FloatChannel(c));
            QCOMPARE(floatChannelFromName(name), std::optional<FloatChannel>(FloatChannel(c)));
            QVERIFY(!maskChannelFromName(name));
            QVERIFY(seen.insert(name).second);
        }
        for (size_t c = 0; c < kMaskChannelCount; ++c) {
            const std::string_view name = channelName(MaskChannel(c));
            QCOMPARE(maskChannelFromName(name), std::optional<MaskChannel>(MaskChannel(c)));
            QVERIFY(!floatChannelFromName(name));
            QVERIFY(seen.insert(name).second);
        }
        QCOMPARE(channelName(FloatChannel::MaxDistance), std::string_view("max_distance"));
        QCOMPARE(channelName(MaskChannel::LatchSlave), std::string_view("latch_slave"));
        QVERIFY(!floatChannelFromName("Max_Distance"));
        QVERIFY(!floatChannelFromName(""));
        for (int s = 0; s <= int(CollisionShape::Plane); ++s)
            QCOMPARE(shapeFromName(shapeName(CollisionShape(s))),
                     std::optional<CollisionShape>(CollisionShape(s)));
        for (int m = 0; m <= int(GenerationMethod::Custom); ++m)
            QCOMPARE(methodFromName(methodName(GenerationMethod(m))),
                     std::optional<GenerationMethod>(GenerationMethod(m)));
        for (int n = 0; n <= int(NormalSource::Bones); ++n)
            QCOMPARE(normalSourceFromName(normalSourceName(NormalSource(n))),
                     std::optional<NormalSource>(NormalSource(n)));
        QVERIFY(!shapeFromName("cube"));
    }

    void channelDefaults()
    {
        PaintChannels ch;
        ch.resize(3);
        QCOMPARE(ch.vertexCount(), size_t(3));
        QCOMPARE(ch[FloatChannel::MaxDistance], std::vector<float>(3, 0.0f));
        QCOMPARE(ch[FloatChannel::BackstopDistance], std::vector<float>(3, 0.0f));
        QCOMPARE(ch[FloatChannel::MassScale], std::vector<float>(3, 1.0f));
        QCOMPARE(ch[MaskChannel::Physics], std::vector<uint32_t>(3, kDefaultMask));
        ch[FloatChannel::WindScale][1] = 5;
        ch.resize(4); // keeps values, defaults the new vertex
        QCOMPARE(ch[FloatChannel::WindScale], (std::vector<float>{1, 5, 1, 1}));
    }

    void contentHashIsFnv1a64()
    {
        QCOMPARE(contentHash(""), std::string("fnv1a64:cbf29ce484222325"));
        QCOMPARE(contentHash("a"), std::string("fnv1a64:af63dc4c8601ec8c"));
        QCOMPARE(contentHash("foobar"), std::string("fnv1a64:85944171f73967e8"));
        const std::string bytes("\0\xff tweed", 8);
        QCOMPARE(contentHash(bytes), contentHash(std::string(bytes)));
        QVERIFY(contentHash("tweed") != contentHash("twee"));
    }

    // LoD 0 and 2 share physics mesh 0, LoD 1 has mesh 1, LoD 3 none, LoD 4 an index past the
    // end.
    void physicsMeshOfALod()
    {
        ClothingAsset asset;
        asset.physicsMeshes.resize(2);
        asset.physicsMeshes[1].positions.resize(5);
        asset.lods.resize(5);
        asset.lods[0].physicsMesh = 0;
        asset.lods[1].physicsMesh = 1;
        asset.lods[2].physicsMesh = 0;
        asset.lods[4].physicsMesh = 2;
        const ClothingAsset &view = asset;

        QVERIFY(physicsMeshAt(view, 1) == &asset.physicsMeshes[1]);
        QVERIFY(!physicsMeshAt(view, 2));
        QVERIFY(!physicsMeshAt(view, -1));
        const std::vector<int> index{0, 1, 0, -1, -1};
        const std::vector<int> sharedWith{-1, -1, 0, -1, -1};
        const std::vector<bool> shared{true, false, true, false, false};
        for (int l = 0; l < 5; ++l) {
            QCOMPARE(physicsMeshIndex(view, l), index[size_t(l)]);
            QVERIFY(physicsMeshOf(view, l) == physicsMeshAt(view, index[size_t(l)]));
            QCOMPARE(physicsMeshSharedWith(view, l), sharedWith[size_t(l)]);
            QCOMPARE(isPhysicsMeshShared(view, l), bool(shared[size_t(l)]));
        }
        for (int l : {-1, 5}) {
            QCOMPARE(physicsMeshIndex(view, l), -1);
            QVERIFY(!physicsMeshOf(view, l));
            QCOMPARE(physicsMeshSharedWith(view, l), -1);
            QVERIFY(!isPhysicsMeshShared(view, l));
        }
        physicsMeshOf(asset, 1)->positions.resize(7); // the mutable overload reaches the mesh
        QCOMPARE(asset.physicsMeshes[1].positions.size(), size_t(7));
    }
};

QTEST_GUILESS_MAIN(TestCoreModel)
#include "test_core_model.moc"
