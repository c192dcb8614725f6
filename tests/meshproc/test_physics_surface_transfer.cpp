// Transfers that follow the graphics surface, not the air, and the skinned-pose check, on small
// characters made in code: a "hand" cylinder beside a "thigh" cylinder with bones of their own.
#include "physics_test_meshes.h"
#include "tweed/errors.h"
#include "tweed/meshproc/iso_surface.h"
#include "tweed/meshproc/physics_geometry.h"
#include "tweed/meshproc/physics_mesh.h"
#include "tweed/meshproc/simplify.h"
#include "tweed/meshproc/skin_map_build.h"
#include "tweed/meshproc/skinned_check.h"
#include "tweed/meshproc/transfer.h"
#include "tweed/meshproc/weld.h"
#include "tweed/skin_map.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

using namespace tweed;
using namespace tweed::test;

namespace {

constexpr float kRadius = 0.05f, kHeight = 0.3f;
constexpr uint16_t kHand = 0, kThigh = 1;

// An open cylinder around the vertical axis through (cx, 0, 0), rigidly on `bone`.
GraphicsMesh cylinder(float cx, uint16_t bone, int segments = 48, int rings = 30)
{
    GraphicsMesh m = makeTube(kRadius, kHeight, segments, rings, bone == kHand ? "hand" : "thigh");
    for (Vec3 &p : m.positions)
        p.x += cx;
    for (BoneInfluence &inf : m.skin) {
        inf = BoneInfluence{};
        inf.bones[0] = bone;
        inf.weights[0] = 1;
    }
    return m;
}

// The hand cylinder at x = -d, the thigh cylinder at x = +d; each bone's joint at the top of its
// cylinder.
GraphicsMesh handBesideThigh(float d)
{
    GraphicsMesh m = cylinder(-d, kHand);
    appendMesh(m, cylinder(d, kThigh));
    m.name = "hand and thigh";
    return m;
}

Skeleton handAndThighBones(float d)
{
    Skeleton s;
    for (const auto &[name, x] : {std::pair{"hand", -d}, std::pair{"thigh", d}}) {
        Bone b;
        b.name = name;
        b.restLocal.translation = {x, kHeight, 0};
        b.inverseBind = Mat4::translation({-x, -kHeight, 0});
        s.bones.push_back(b);
    }
    return s;
}

// The physics mesh's edge-connected components, one label per vertex.
std::vector<uint32_t> components(const std::vector<Vec3> &positions,
                                 const std::vector<uint32_t> &indices)
{
    std::vector<uint32_t> parent(positions.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (size_t t = 0; t < indices.size(); t += 3)
        for (int k = 1; k < 3; ++k) {
            const uint32_t a = find(indices[t]), b = find(indices[t + size_t(k)]);
            parent[std::max(a, b)] = std::min(a, b);
        }
    for (uint32_t v = 0; v < positions.size(); ++v)
        parent[v] = find(v);
    return parent;
}

// The bones with weight on a vertex.
std::set<uint16_t> bonesOf(const BoneInfluence &inf)
{
    std::set<uint16_t> out;
    for (int s = 0; s < kMaxBoneInfluences; ++s)
        if (inf.weights[size_t(s)] > 0) out.insert(inf.bones[size_t(s)]);
    return out;
}

// How many of points lie nearer a vertex of the other bone's cylinder than any of their own
// (bone: the one each point should follow).
int nearerTheOtherCylinder(const GraphicsMesh &g, const std::vector<Vec3> &points,
                           const std::vector<uint16_t> &bone)
{
    int count = 0;
    for (size_t i = 0; i < points.size(); ++i) {
        float own = 1e30f, other = 1e30f;
        for (size_t v = 0; v < g.positions.size(); ++v) {
            const float d = lengthSquared(g.positions[v] - points[i]);
            float &slot = g.skin[v].bones[0] == bone[i] ? own : other;
            slot = std::min(slot, d);
        }
        count += other < own;
    }
    return count;
}

} // namespace

class TestPhysicsSurfaceTransfer : public QObject
{
    Q_OBJECT

private slots:
    // The hand rests on the thigh: the two cylinders overlap by 1 cm, as skinned meshes
    // interpenetrate in a bind pose. Simplified, each piece of the physics mesh keeps its own
    // cylinder's bone, though some of its vertices lie nearer the other cylinder.
    void simplifiedCylindersKeepTheirBones()
    {
        const float d = kRadius - 0.005f;
        const GraphicsMesh g = handBesideThigh(d);
        GenerationSettings s;
        s.method = GenerationMethod::Simplify;
        s.weldTolerance = 1e-6f;
        s.targetVertices = 300;
        const PhysicsMesh pm = generatePhysicsMesh(g, {}, handAndThighBones(d), s);
        QCOMPARE(pm.report.components, 2u);
        const std::vector<uint32_t> piece = components(pm.positions, pm.indices);
        // Which bone each piece stands for: the piece holding the leftmost vertex is the hand.
        const uint32_t handPiece =
            piece[size_t(std::min_element(pm.positions.begin(), pm.positions.end(),
                                          [](const Vec3 &a, const Vec3 &b) { return a.x < b.x; }) -
                         pm.positions.begin())];
        std::vector<uint16_t> own(pm.vertexCount());
        for (size_t v = 0; v < pm.vertexCount(); ++v) {
            own[v] = piece[v] == handPiece ? kHand : kThigh;
            QCOMPARE(bonesOf(pm.skin[v]), std::set<uint16_t>{own[v]});
        }
        // The case the transfer must get right: vertices whose nearest graphics vertex is on
        // the other cylinder.
        QVERIFY(nearerTheOtherCylinder(g, pm.positions, own) > 0);

        // The skin map binds every graphics vertex to a triangle of its own cylinder.
        PhysicsMesh bound = pm;
        const SkinMap map = buildSkinMap(g, {}, bound);
        for (size_t v = 0; v < g.vertexCount(); ++v) {
            const uint32_t t = map.bindings[v].triangle;
            QVERIFY(t != SkinMap::kUnbound);
            QCOMPARE(own[pm.indices[3 * size_t(t)]], g.skin[v].bones[0]);
        }
    }

    // The same pair iso-surfaced at a voxel fine enough to keep them apart (a 2 cm gap) and
    // touching (one shell around both): no vertex takes the other cylinder's bone, and none
    // blends the two.
    void isoCylindersKeepTheirBones()
    {
        for (const float gap : {0.02f, 0.0f}) {
            const float d = kRadius + gap / 2;
            const GraphicsMesh g = handBesideThigh(d);
            GenerationSettings s;
            s.method = GenerationMethod::IsoSurface;
            s.voxelSize = 0.004f;
            s.targetVertices = 600;
            const PhysicsMesh pm = generatePhysicsMesh(g, {}, handAndThighBones(d), s);
            QVERIFY(pm.vertexCount() > 100);
            int checked = 0;
            for (size_t v = 0; v < pm.vertexCount(); ++v) {
                const std::set<uint16_t> bones = bonesOf(pm.skin[v]);
                QCOMPARE(bones.size(), size_t(1));
                if (std::abs(pm.positions[v].x) < 2 * s.voxelSize)
                    continue; // in the crevice between touching cylinders: either is right
                QCOMPARE(*bones.begin(), pm.positions[v].x < 0 ? kHand : kThigh);
                ++checked;
            }
            QVERIFY(checked > int(pm.vertexCount()) / 2);
        }
    }

    // A flat sheet (weights changing linearly along x) over a lining 1 mm below it on bones of
    // its own, simplified together: every welded vertex lies in the region of exactly one
    // simplified vertex, and each simplified vertex's weights are those of its sources, blended:
    // only their bones, the linear weight at its place.
    void collapseChainKeepsTheWeightsOfItsSources()
    {
        GraphicsMesh g = makeGrid(40, 40, 0.01f);
        for (size_t v = 0; v < g.vertexCount(); ++v) {
            const float w = g.positions[v].x / 0.4f;
            g.skin.push_back({});
            g.skin.back().bones = {0, 1, 0, 0};
            g.skin.back().weights = {w, 1 - w, 0, 0};
        }
        GraphicsMesh lining = makeGrid(40, 40, 0.01f, -0.001f, true);
        for (size_t v = 0; v < lining.vertexCount(); ++v) {
            lining.skin.push_back({});
            lining.skin.back().bones = {2, 0, 0, 0};
            lining.skin.back().weights = {1, 0, 0, 0};
        }
        appendMesh(g, lining);
        PhysicsGeometry geometry = weldGeometry(g, {}, 1e-6f);
        const std::vector<uint32_t> welded = geometry.sourceVertex;
        SimplifySettings ss;
        ss.targetVertices = 120;
        ss.measureError = false;
        simplify(geometry, ss);
        QCOMPARE(geometry.regionStart.size(), geometry.vertexCount() + 1);
        QCOMPARE(size_t(geometry.regionStart.back()), geometry.region.size());
        std::vector<uint32_t> all(geometry.region);
        std::sort(all.begin(), all.end());
        std::vector<uint32_t> expected(welded);
        std::sort(expected.begin(), expected.end());
        QCOMPARE(all, expected); // each source in exactly one region
        int collapsed = 0;
        for (size_t v = 0; v < geometry.vertexCount(); ++v)
            collapsed += geometry.regionStart[v + 1] - geometry.regionStart[v] > 1;
        QVERIFY(collapsed > 100);

        Skeleton bones = makeSpine(1.0f);
        bones.bones.push_back(bones.bones[1]);
        bones.bones.back().name = "lining";
        const PhysicsGeometry kept = geometry;
        const PhysicsMesh pm = makePhysicsMesh(g, {}, bones, geometry, {});
        for (size_t v = 0; v < pm.vertexCount(); ++v) {
            std::set<uint16_t> sourceBones;
            for (uint32_t k = kept.regionStart[v]; k < kept.regionStart[v + 1]; ++k)
                for (uint16_t b : bonesOf(g.skin[kept.region[k]]))
                    sourceBones.insert(b);
            const std::set<uint16_t> taken = bonesOf(pm.skin[v]);
            QVERIFY(
                std::includes(sourceBones.begin(), sourceBones.end(), taken.begin(), taken.end()));
            if (taken.count(2) == 0) // the sheet: the linear weight where the vertex is
                QVERIFY(std::abs(boneWeight(pm.skin[v], 0) - pm.positions[v].x / 0.4f) < 1e-3f);
        }
    }

    // The check's figures on a welded physics mesh equal the graphics mesh's; one vertex of the
    // hand given the thigh's bone is a defect named by its vertex and bones.
    void skinnedCheckFlagsOneSwappedWeight()
    {
        const float d = 0.1f;
        const GraphicsMesh g = handBesideThigh(d);
        const Skeleton bones = handAndThighBones(d);
        GenerationSettings s;
        s.method = GenerationMethod::Weld;
        s.weldTolerance = 1e-6f;
        PhysicsMesh pm = generatePhysicsMesh(g, {}, bones, s);
        // A clip turning the hand about z by up to 60 degrees over a second.
        AnimationClip clip;
        clip.name = "wave";
        clip.duration = 1;
        BoneTrack track;
        track.bone = kHand;
        track.rotations = {{0.0, Quat{}}, {1.0, axisAngle({0, 0, 1}, 60.0f * kPi / 180.0f)}};
        clip.tracks.push_back(track);
        for (const std::vector<AnimationClip> &clips :
             {std::vector<AnimationClip>{}, std::vector<AnimationClip>{clip}}) {
            const SkinnedStretchReport fine = measureSkinnedStretch(bones, clips, g, pm);
            QCOMPARE(fine.procedural, clips.empty());
            QVERIFY(!fine.defect());
            QVERIFY(std::abs(fine.physicsMaxStretch - fine.graphicsMaxStretch) < 1e-4f);
        }

        // The hand's vertex nearest the thigh, rigid on the thigh instead.
        uint32_t swapped = 0;
        for (uint32_t v = 0; v < pm.vertexCount(); ++v)
            if (pm.positions[v].x > pm.positions[swapped].x && pm.positions[v].x < 0) swapped = v;
        pm.skin[swapped].bones[0] = kThigh;
        for (const std::vector<AnimationClip> &clips :
             {std::vector<AnimationClip>{}, std::vector<AnimationClip>{clip}}) {
            const SkinnedStretchReport r = measureSkinnedStretch(bones, clips, g, pm);
            QVERIFY(r.defect());
            QVERIFY(r.physicsMaxStretch > 1.5f * r.graphicsMaxStretch);
            QVERIFY(std::binary_search(r.defectVertices.begin(), r.defectVertices.end(), swapped));
            QVERIFY(!r.worst.empty());
            const StretchedEdge &worst = r.worst.front();
            QVERIFY(worst.a == swapped || worst.b == swapped);
            QCOMPARE(std::set<std::string>(worst.bones.begin(), worst.bones.end()),
                     (std::set<std::string>{"hand", "thigh"}));
            QCOMPARE(worst.clip, clips.empty() ? std::string("procedural motion") : clip.name);
            const std::string text = describeSkinnedStretch(r);
            QVERIFY(text.find(std::to_string(swapped)) != std::string::npos);
            QVERIFY(text.find("thigh") != std::string::npos);
        }
    }

    // The hand resting on the thigh, iso-surfaced in one shell: a clip that lifts the hand
    // away tears the shell between them, and that region is reported with both bones. Apart
    // (3 cm, each in its own shell) nothing is fused, and neither is the welded pair.
    void isoSurfaceFusingHandAndThighIsReported()
    {
        AnimationClip lift;
        lift.name = "lift";
        lift.duration = 1;
        BoneTrack track;
        track.bone = kHand;
        for (const float gap : {0.0f, 0.03f}) {
            const float d = kRadius + gap / 2;
            track.translations = {{0.0, Vec3{-d, kHeight, 0}}, {1.0, Vec3{-d - 0.1f, kHeight, 0}}};
            lift.tracks = {track};
            const GraphicsMesh g = handBesideThigh(d);
            const Skeleton bones = handAndThighBones(d);
            GenerationSettings s;
            s.method = GenerationMethod::IsoSurface;
            s.voxelSize = 0.004f;
            s.targetVertices = 600;
            const PhysicsMesh iso = generatePhysicsMesh(g, {}, bones, s);
            const std::vector<FusedRegion> fused = findFusedRegions(bones, {lift}, g, {}, iso);
            if (gap > 0) {
                QVERIFY(fused.empty());
                continue;
            }
            QVERIFY(!fused.empty());
            QCOMPARE(fused.front().bones, (std::vector<std::string>{"hand", "thigh"}));
            QVERIFY(fused.front().stretch > 1.5f);
            for (const FusedRegion &r : fused)
                for (uint32_t t : r.triangles) {
                    // Each fused triangle lies in the crevice between the cylinders.
                    Vec3 centre;
                    for (int k = 0; k < 3; ++k)
                        centre += iso.positions[iso.indices[3 * size_t(t) + size_t(k)]] / 3.0f;
                    QVERIFY(std::abs(centre.x) < 0.03f);
                }
            QVERIFY(describeFusedRegion(fused.front()).find("hand, thigh") != std::string::npos);
            s.method = GenerationMethod::Weld;
            const PhysicsMesh welded = generatePhysicsMesh(g, {}, bones, s);
            QVERIFY(findFusedRegions(bones, {lift}, g, {}, welded).empty());
        }
    }

    // Two legs that meet at the hips: one strip folded into a U, its two sides `gap` apart, the
    // left side on bone "left" and the right on "right" with the weights changing evenly along
    // the strip (one part: no sharp change anywhere). A clip moves the left side away. Where the
    // sides are 3 mm apart the iso-surface bridges the gap between them: its edges across the
    // opening stand for surface points a gap apart though they are shorter, and the clip tears
    // them (55 times here); that region is reported with both bones. 3 cm apart it bridges no
    // gap (the shell only rounds the U's inner corners, which the clip opens: under 2 times),
    // and the welded strip follows its surface.
    void isoSurfaceBridgingACreaseIsReported()
    {
        constexpr float height = 0.15f, depth = 0.05f;
        constexpr int along = 64, across = 12;
        for (const float gap : {0.003f, 0.03f}) {
            const float length = 2 * height + gap;
            GraphicsMesh g = makeGrid(along, across, 1.0f);
            g.name = "folded strip";
            for (size_t v = 0; v < g.positions.size(); ++v) {
                const float s = g.positions[v].x * length / float(along);
                const float z = g.positions[v].y * depth / float(across);
                if (s < height)
                    g.positions[v] = {-gap / 2, height - s, z};
                else if (s < height + gap)
                    g.positions[v] = {s - height - gap / 2, 0, z};
                else
                    g.positions[v] = {gap / 2, s - height - gap, z};
                g.normals[v] = {};
            }
            g.skin.resize(g.positions.size());
            for (size_t v = 0; v < g.skin.size(); ++v) {
                const float right = float(v % (along + 1)) / float(along);
                g.skin[v].bones = {0, 1, 0, 0};
                g.skin[v].weights = {1 - right, right, 0, 0};
            }
            Skeleton bones;
            for (const auto &[name, x] :
                 {std::pair{"left", -gap / 2}, std::pair{"right", gap / 2}}) {
                Bone b;
                b.name = name;
                b.restLocal.translation = {x, height / 2, depth / 2};
                b.inverseBind = Mat4::translation(-b.restLocal.translation);
                bones.bones.push_back(b);
            }
            AnimationClip apart;
            apart.name = "apart";
            apart.duration = 1;
            BoneTrack track;
            track.bone = 0;
            const Vec3 rest = bones.bones[0].restLocal.translation;
            track.translations = {{0.0, rest}, {1.0, rest - Vec3{0.1f, 0, 0}}};
            apart.tracks = {track};

            GenerationSettings s;
            s.method = GenerationMethod::IsoSurface;
            s.voxelSize = 0.002f;
            s.targetVertices = 800;
            const PhysicsMesh iso = generatePhysicsMesh(g, {}, bones, s);
            const std::vector<FusedRegion> fused = findFusedRegions(bones, {apart}, g, {}, iso);
            if (gap > 0.01f) {
                // At most the inner corners of the U, where the shell rounds the bend.
                for (const FusedRegion &r : fused)
                    QVERIFY(r.stretch < 2.0f);
                continue;
            }
            QVERIFY(!fused.empty());
            QCOMPARE(fused.front().bones, (std::vector<std::string>{"left", "right"}));
            QVERIFY(fused.front().stretch > 2.0f);
            for (const FusedRegion &r : fused)
                for (uint32_t t : r.triangles)
                    for (int k = 0; k < 3; ++k) {
                        // Each fused triangle spans the gap between the sides.
                        const Vec3 &p = iso.positions[iso.indices[3 * size_t(t) + size_t(k)]];
                        QVERIFY(std::abs(p.x) < gap / 2 + 0.006f);
                    }
            s.method = GenerationMethod::Weld;
            const PhysicsMesh welded = generatePhysicsMesh(g, {}, bones, s);
            QVERIFY(findFusedRegions(bones, {apart}, g, {}, welded).empty());
        }
    }

    // A voxel far too small is refused with the node count it would make, not an overflowed one.
    void tinyVoxelIsRefusedWithItsCount()
    {
        const GraphicsMesh g = handBesideThigh(0.1f);
        IsoSurfaceSettings s;
        s.voxelSize = 1e-9f;
        try {
            isoSurface(g.positions, g.indices, {}, s);
            QFAIL("a voxel of 1e-9 m was accepted");
        } catch (const InputError &e) {
            const std::string what = e.what();
            QVERIFY2(what.find("e+") != std::string::npos, what.c_str());
            QVERIFY2(what.find("nodes") != std::string::npos, what.c_str());
            QVERIFY2(what.find("-9") == std::string::npos, what.c_str());
        }
    }

    void skinnedCheckRefusesMeshesWithoutWeights()
    {
        const GraphicsMesh g = handBesideThigh(0.1f);
        PhysicsMesh pm = generatePhysicsMesh(g, {}, handAndThighBones(0.1f), {});
        PhysicsMesh unweighted = pm;
        unweighted.skin.clear();
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 measureSkinnedStretch(handAndThighBones(0.1f), {}, g, unweighted));
        Skeleton one = handAndThighBones(0.1f);
        one.bones.pop_back();
        QVERIFY_THROWS_EXCEPTION(InputError, measureSkinnedStretch(one, {}, g, pm));
    }
};

QTEST_APPLESS_MAIN(TestPhysicsSurfaceTransfer)
#include "test_physics_surface_transfer.moc"
