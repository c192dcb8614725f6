// Skirt weights (skirtRegionWeights) on a skirt made in code: a tube from the hips whose lower
// rows follow the left leg on the left and the right leg on the right, as an automatic rig
// weights a long coat. The legs swing apart and tear it at the front and back; the region off
// the body takes one blend of bones, which no longer stretches it. A joint's bend (a leg and
// its own shin) gives no region. A cape over a coat, torn by the legs, takes the coat's weights
// (weightsFromLayerBeneath).
#include "physics_test_meshes.h"
#include "tweed/errors.h"
#include "tweed/meshproc/skirt_weights.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tweed;

namespace {

// Bones: 0 hips, 1 spine, 2 left leg, 3 left shin, 4 right leg, 5 right shin.
const std::vector<int> kParents{-1, 0, 0, 2, 0, 4};
constexpr float kHipJoint = 0.85f;
constexpr int kSegments = 32, kRings = 16;

struct Skirt
{
    std::vector<Vec3> positions;
    std::vector<uint32_t> indices;
    std::vector<BoneInfluence> skin;
};

// A coat and a cape over its back as one mesh: the coat a tube of radius 20 cm from y = 0.5 to
// 1.0 carried by the hips (bone 0); the cape a half tube of radius 24 cm behind it (z < 0), its
// lower rows weighted to the left leg on the left and the right leg on the right (bones
// `left` and `right`; 0 and 0: the hips carry it too). Both face outwards. `capeFirst` puts
// the cape's vertices first.
Skirt makeCoatAndCape(int left, int right, bool capeFirst = false)
{
    Skirt s;
    auto coat = [&] {
        const auto base = uint32_t(s.positions.size());
        for (int r = 0; r <= kRings; ++r)
            for (int i = 0; i < kSegments; ++i) {
                const float a = 2 * kPi * float(i) / kSegments;
                s.positions.push_back({0.2f * std::cos(a), 0.5f + 0.5f * float(r) / kRings, 0.2f * std::sin(a)});
                BoneInfluence inf{};
                inf.weights[0] = 1;
                s.skin.push_back(inf);
            }
        test::appendRingTriangles(s.indices, base, kRings + 1, kSegments);
    };
    auto cape = [&] {
        const auto base = uint32_t(s.positions.size());
        constexpr int across = kSegments / 2;
        for (int r = 0; r <= kRings; ++r)
            for (int i = 0; i <= across; ++i) {
                const float a = kPi + kPi * float(i) / across; // behind: z <= 0
                const Vec3 p{0.24f * std::cos(a), 0.5f + 0.5f * float(r) / kRings, 0.24f * std::sin(a)};
                s.positions.push_back(p);
                const float leg = std::clamp(1.6f * (1 - float(r) / kRings), 0.0f, 1.0f);
                BoneInfluence inf{};
                inf.bones = {0, uint16_t(p.x < 0 ? left : right), 0, 0};
                inf.weights = {1 - leg, leg, 0, 0};
                s.skin.push_back(inf);
            }
        for (int r = 0; r < kRings; ++r)
            for (int i = 0; i < across; ++i) {
                const uint32_t a = base + uint32_t(r * (across + 1) + i), b = a + uint32_t(across + 1);
                s.indices.insert(s.indices.end(), {a, b, b + 1, a, b + 1, a + 1});
            }
    };
    if (capeFirst) {
        cape();
        coat();
    } else {
        coat();
        cape();
    }
    return s;
}

// A tube of radius 20 cm from y = 1.0 to 0.5; below the top quarter the legs take the weight
// (bone `left` for x < 0, `right` for x >= 0).
Skirt makeSkirt(int left, int right)
{
    Skirt s;
    for (int r = 0; r <= kRings; ++r) {
        const float t = float(r) / kRings, y = 1.0f - 0.5f * t;
        for (int i = 0; i < kSegments; ++i) {
            const float a = 2 * kPi * float(i) / kSegments;
            const Vec3 p{0.2f * std::cos(a), y, 0.2f * std::sin(a)};
            s.positions.push_back(p);
            const float leg = std::clamp(1.6f * t, 0.0f, 1.0f);
            BoneInfluence inf{};
            inf.bones = {0, uint16_t(p.x < 0 ? left : right), 0, 0};
            inf.weights = {1 - leg, leg, 0, 0};
            s.skin.push_back(inf);
        }
    }
    test::appendRingTriangles(s.indices, 0, kRings + 1, kSegments, false);
    return s;
}

// The legs swung `angle` radians each way about the hip joints (left forward, right back).
std::vector<Mat4> legsApart(float angle)
{
    std::vector<Mat4> pose(kParents.size(), Mat4::identity());
    for (int leg : {2, 4}) {
        const float x = leg == 2 ? -0.09f : 0.09f, a = leg == 2 ? angle : -angle;
        const Mat4 swing = Mat4::translation({x, kHipJoint, 0}) * Mat4::rotation(axisAngle({1, 0, 0}, a)) *
                           Mat4::translation({-x, -kHipJoint, 0});
        pose[size_t(leg)] = pose[size_t(leg) + 1] = swing;
    }
    return pose;
}

// The largest stretch with `skin` over the legs' swing of the skirt's edges from ring `fromRing`
// down.
float largestStretch(const Skirt &s, const std::vector<BoneInfluence> &skin, int fromRing = 0)
{
    float worst = 1;
    std::vector<Vec3> x;
    for (float angle : {-0.5f, -0.25f, 0.25f, 0.5f}) {
        skinVertices(s.positions, skin, legsApart(angle), x);
        for (size_t i = 0; i < s.indices.size(); i += 3)
            for (int k = 0; k < 3; ++k) {
                const uint32_t a = s.indices[i + size_t(k)], b = s.indices[i + size_t(k + 1) % 3];
                if (std::min(a, b) < uint32_t(fromRing * kSegments)) continue;
                worst = std::max(worst, distance(x[a], x[b]) / distance(s.positions[a], s.positions[b]));
            }
    }
    return worst;
}

// The edges the swing stretches beyond 1.25, as seeds.
std::vector<std::pair<uint32_t, uint32_t>> seedsOf(const Skirt &s)
{
    std::vector<std::pair<uint32_t, uint32_t>> seeds;
    std::vector<Vec3> x;
    skinVertices(s.positions, s.skin, legsApart(0.5f), x);
    for (size_t i = 0; i < s.indices.size(); i += 3)
        for (int k = 0; k < 3; ++k) {
            const uint32_t a = s.indices[i + size_t(k)], b = s.indices[i + size_t(k + 1) % 3];
            if (distance(x[a], x[b]) > 1.25f * distance(s.positions[a], s.positions[b])) seeds.push_back({a, b});
        }
    return seeds;
}

// The rows below the top four are off the body.
std::vector<uint8_t> movableRows(const Skirt &s)
{
    std::vector<uint8_t> movable(s.positions.size(), 0);
    for (size_t v = 0; v < movable.size(); ++v) movable[v] = v >= size_t(4 * kSegments);
    return movable;
}

} // namespace

class TestSkirtWeights : public QObject
{
    Q_OBJECT
private slots:
    void aSkirtTornBetweenTheLegsTakesOneBlend()
    {
        const Skirt s = makeSkirt(2, 4);
        const auto seeds = seedsOf(s);
        QVERIFY(!seeds.empty());
        // Below the band (rings 8 and down, more than 10 cm along the surface from the rows on
        // the body) the swing tears the skirt.
        const float before = largestStretch(s, s.skin, 8);
        QVERIFY2(before > 1.5f, qPrintable(QString::number(double(before))));
        const SkirtWeights out = skirtRegionWeights(s.positions, s.indices, s.skin, kParents, movableRows(s), seeds, 0.1f);
        QCOMPARE(out.regions, 1u);
        // Only movable vertices are in the region, and the weights of the others are kept.
        const std::vector<uint8_t> movable = movableRows(s);
        for (size_t v = 0; v < s.positions.size(); ++v) {
            if (!movable[v]) {
                QCOMPARE(out.region[v], 0u);
                QVERIFY(out.skin[v] == s.skin[v]);
            } else {
                QCOMPARE(out.region[v], 1u);
            }
        }
        // Beyond the band every vertex takes the same blend: both legs alike.
        const BoneInfluence &hem = out.skin.back();
        QVERIFY(std::abs(test::boneWeight(hem, 2) - test::boneWeight(hem, 4)) < 1e-3f);
        QVERIFY(test::boneWeight(hem, 2) > 0.2f);
        for (size_t v = size_t(8 * kSegments); v < s.positions.size(); ++v)
            for (uint16_t b : {0, 2, 4})
                QVERIFY(std::abs(test::boneWeight(out.skin[v], b) - test::boneWeight(hem, b)) < 1e-5f);
        // There the blend, the mean of the legs' rigid motions, no longer stretches it; nor does
        // the band stretch the skirt more than its own weights did.
        const float after = largestStretch(s, out.skin, 8);
        QVERIFY2(after < 1.01f, qPrintable(QString::number(double(after))));
        QVERIFY(largestStretch(s, out.skin) <= largestStretch(s, s.skin) + 1e-4f);
    }

    void aJointsBendGivesNoRegion()
    {
        // The same skirt weighted to the left leg on the left and its own shin on the right:
        // one bone is the other's ancestor, a bend rather than two branches parting.
        Skirt s = makeSkirt(2, 3);
        std::vector<std::pair<uint32_t, uint32_t>> seeds;
        for (size_t i = 0; i < s.indices.size(); i += 3)
            seeds.push_back({s.indices[i], s.indices[i + 1]});
        const SkirtWeights out = skirtRegionWeights(s.positions, s.indices, s.skin, kParents, movableRows(s), seeds, 0.1f);
        QCOMPARE(out.regions, 0u);
        QVERIFY(out.skin == s.skin);
    }

    void aCapeTornByTheLegsTakesTheCoatsWeights()
    {
        for (bool capeFirst : {false, true}) {
            const Skirt s = makeCoatAndCape(2, 4, capeFirst);
            const uint32_t capeVertices = uint32_t((kRings + 1) * (kSegments / 2 + 1));
            const uint32_t firstCape = capeFirst ? 0 : uint32_t((kRings + 1) * kSegments);
            auto onCape = [&](size_t v) { return v >= firstCape && v < firstCape + capeVertices; };
            const float before = largestStretch(s, s.skin);
            QVERIFY2(before > 1.5f, qPrintable(QString::number(double(before))));
            std::vector<std::vector<Mat4>> poses;
            for (float angle : {-0.5f, -0.25f, 0.25f, 0.5f}) poses.push_back(legsApart(angle));
            const LayerWeights out = weightsFromLayerBeneath(s.positions, s.indices, s.skin, poses, 1.2f);
            QCOMPARE(out.outerPieces, 1u);
            QCOMPARE(out.keptPieces, 1u);
            for (size_t v = 0; v < s.positions.size(); ++v) {
                QCOMPARE(bool(out.changed[v]), onCape(v));
                // The coat keeps its weights; the cape takes the coat's: the hips alone.
                if (!onCape(v)) QVERIFY(out.skin[v] == s.skin[v]);
                else QVERIFY(std::abs(test::boneWeight(out.skin[v], 0) - 1) < 1e-5f);
            }
            QVERIFY2(std::abs(out.stretchBefore - before) < 1e-4f, qPrintable(QString::number(double(out.stretchBefore))));
            QVERIFY2(out.stretchAfter < 1.001f, qPrintable(QString::number(double(out.stretchAfter))));
            QVERIFY(largestStretch(s, out.skin) < 1.001f);
        }
    }

    void aCapeTheBonesCarryKeepsItsWeights()
    {
        // The cape on the hips as the coat is: nothing stretches, so nothing changes; the
        // coat lies under the cape, never over it.
        const Skirt s = makeCoatAndCape(0, 0);
        std::vector<std::vector<Mat4>> poses{legsApart(0.5f)};
        const LayerWeights out = weightsFromLayerBeneath(s.positions, s.indices, s.skin, poses, 1.2f);
        QCOMPARE(out.outerPieces, 1u);
        QCOMPARE(out.keptPieces, 0u);
        QVERIFY(out.skin == s.skin);
        QVERIFY(std::none_of(out.changed.begin(), out.changed.end(), [](uint8_t c) { return c != 0; }));
        // A torn skirt around a small piece far inside it (a tube of radius 2 cm on the spine,
        // 18 cm under it) lies around it, not on it: it keeps its own weights.
        Skirt around = makeSkirt(2, 4);
        const auto base = uint32_t(around.positions.size());
        for (int r = 0; r <= 4; ++r)
            for (int i = 0; i < 8; ++i) {
                const float a = 2 * kPi * float(i) / 8;
                around.positions.push_back({0.02f * std::cos(a), 0.6f + 0.1f * float(r), 0.02f * std::sin(a)});
                BoneInfluence inf{};
                inf.bones[0] = 1;
                inf.weights[0] = 1;
                around.skin.push_back(inf);
            }
        test::appendRingTriangles(around.indices, base, 5, 8);
        const LayerWeights inner = weightsFromLayerBeneath(around.positions, around.indices, around.skin, poses, 1.2f);
        QCOMPARE(inner.outerPieces, 0u);
        QVERIFY(inner.skin == around.skin);
        // One piece alone lies over nothing: the torn skirt keeps its weights.
        const Skirt skirt = makeSkirt(2, 4);
        const LayerWeights alone = weightsFromLayerBeneath(skirt.positions, skirt.indices, skirt.skin, poses, 1.2f);
        QCOMPARE(alone.outerPieces, 0u);
        QVERIFY(alone.skin == skirt.skin);
    }

    void badInputIsRefused()
    {
        const Skirt s = makeSkirt(2, 4);
        const std::vector<uint8_t> movable = movableRows(s);
        QVERIFY_THROWS_EXCEPTION(InputError, skirtRegionWeights(s.positions, s.indices, {}, kParents, movable, {}, 0.1f));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 skirtRegionWeights(s.positions, s.indices, s.skin, kParents, movable, {}, -1.0f));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 skirtRegionWeights(s.positions, s.indices, s.skin, {-1, 0}, movable, {}, 0.1f));
        QVERIFY_THROWS_EXCEPTION(
            InputError, skirtRegionWeights(s.positions, s.indices, s.skin, kParents, movable,
                                           {{0, uint32_t(s.positions.size())}}, 0.1f));
        const std::vector<std::vector<Mat4>> poses{legsApart(0.5f)};
        QVERIFY_THROWS_EXCEPTION(InputError, weightsFromLayerBeneath(s.positions, s.indices, {}, poses, 1.2f));
        QVERIFY_THROWS_EXCEPTION(InputError, weightsFromLayerBeneath(s.positions, s.indices, s.skin, poses, 0.9f));
        QVERIFY_THROWS_EXCEPTION(InputError, weightsFromLayerBeneath(s.positions, {0, 1, uint32_t(s.positions.size())},
                                                                     s.skin, poses, 1.2f));
    }
};

QTEST_GUILESS_MAIN(TestSkirtWeights)
#include "test_skirt_weights.moc"
