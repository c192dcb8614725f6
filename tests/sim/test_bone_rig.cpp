// The upper-jacket rig (seed 000): look-at and position constraints on a shoulder-and-chest
// skeleton made in code, directly and through a cloth instance, with known answers.
#include "make_test_asset.h"
#include "sim_test_meshes.h"

#include "tweed/cooked.h"
#include "tweed/tweed_c.h"

#include "tweed/sim/bone_rig.h"
#include "tweed/sim/cloth_instance.h"

#include <QTest>

using namespace tweed;
using namespace tweed::test;

namespace {

// Thorax 0; upper arms 1 (left) and 6 (right); shoulder pads 2 and 4 under the thorax, turned
// a little; chest bones 3 and 5 under the pads. Model-space rest matrices.
struct Jacket
{
    std::vector<int> parents{-1, 0, 0, 2, 0, 4, 0};
    std::vector<Mat4> bind;
    std::vector<RigConstraint> rig;

    Jacket()
    {
        const auto at = [](Vec3 p, float turn) {
            return Mat4::translation(p) * Mat4::rotation(axisAngle({0, 0, 1}, turn));
        };
        bind = {at({0, 1.40f, 0}, 0),           at({0.20f, 1.40f, 0}, -1.2f),
                at({0.12f, 1.45f, 0}, 0.3f),     at({0.11f, 1.28f, 0.06f}, 0.1f),
                at({-0.12f, 1.45f, 0}, -0.3f),   at({-0.11f, 1.28f, 0.06f}, -0.1f),
                at({-0.20f, 1.40f, 0}, 1.2f)};
        RigConstraint padL; // the left pad aims at a spot 6 cm along the left upper arm
        padL.bone = 2;
        padL.target = 1;
        padL.point = {0, 0.06f, 0.01f};
        RigConstraint padR = padL;
        padR.bone = 4;
        padR.target = 6;
        RigConstraint chestL; // the chest bones look straight down
        chestL.bone = 3;
        RigConstraint chestR = chestL;
        chestR.bone = 5;
        RigConstraint apart; // and keep their rest distance
        apart.kind = RigConstraintKind::Position;
        apart.bone = 3;
        apart.target = 5;
        rig = {padL, padR, chestL, chestR, apart};
    }

    /// Skinning matrices: the thorax leans and twists; the left arm is raised by `raise`
    /// radians about its shoulder joint, the right one lowered a little.
    std::vector<Mat4> pose(float raise) const
    {
        const Vec3 thorax = bind[0].column(3);
        const Mat4 body = Mat4::translation({0.02f, 0.01f, -0.03f}) * Mat4::translation(thorax) *
                          Mat4::rotation(axisAngle(normalize(Vec3{0.3f, 1, 0.2f}), 0.35f)) *
                          Mat4::translation(-thorax);
        const auto turnAbout = [&](int bone, const Vec3 &axis, float angle) {
            const Vec3 joint = bind[size_t(bone)].column(3);
            return Mat4::translation(joint) * Mat4::rotation(axisAngle(axis, angle)) *
                   Mat4::translation(-joint);
        };
        std::vector<Mat4> s(bind.size(), body);
        s[1] = body * turnAbout(1, {0, 0, 1}, raise);
        s[6] = body * turnAbout(6, {0, 0, 1}, 0.2f);
        return s;
    }

    std::vector<Mat4> globals(const std::vector<Mat4> &skinning) const
    {
        std::vector<Mat4> g(bind.size());
        for (size_t b = 0; b < bind.size(); ++b)
            g[b] = skinning[b] * bind[b];
        return g;
    }
};

float originDistance(const std::vector<Mat4> &g, int a, int b)
{
    return length(Vec3(g[size_t(a)].column(3)) - Vec3(g[size_t(b)].column(3)));
}

} // namespace

class TestBoneRig : public QObject
{
    Q_OBJECT

private slots:
    void lookAtsAimWithinAHundredthOfADegree()
    {
        const Jacket j;
        const BoneRig rig(j.rig, j.parents, j.bind);
        const Vec3 down{0, -1, 0};
        for (float raise : {0.0f, 0.6f, 1.3f}) {
            std::vector<Mat4> skinning = j.pose(raise);
            std::vector<Mat4> global = j.globals(skinning);
            if (raise > 1.0f) // the animation alone leaves the pads well off their spots
                QVERIFY(lookAtError(j.rig[0], j.bind, global, down) > 5.0f);
            rig.apply(skinning, global, down);
            for (size_t i = 0; i < 4; ++i) {
                const float error = lookAtError(j.rig[i], j.bind, global, down);
                QVERIFY2(error < 0.01f, qPrintable(QStringLiteral("constraint %1 at raise %2: "
                                                                  "%3 degrees")
                                                       .arg(i)
                                                       .arg(raise)
                                                       .arg(error)));
            }
            // The skinning matrices and the globals stay one pose.
            const std::vector<Mat4> again = j.globals(skinning);
            for (size_t b = 0; b < global.size(); ++b)
                for (int k = 0; k < 16; ++k)
                    QVERIFY(std::abs(again[b].m[size_t(k)] - global[b].m[size_t(k)]) < 1e-5f);
        }
    }

    void raisingTheArmLiftsThePadAndTheBonesBelowIt()
    {
        const Jacket j;
        const BoneRig rig(j.rig, j.parents, j.bind);
        std::vector<Mat4> low = j.pose(0.0f), high = j.pose(1.3f);
        std::vector<Mat4> gLow = j.globals(low), gHigh = j.globals(high);
        rig.apply(low, gLow, {0, -1, 0});
        rig.apply(high, gHigh, {0, -1, 0});
        // The pad's tip (10 cm along its aim) rises with the arm; the chest bone under it is
        // carried along (the pad turns about its origin, so the chest bone below swings out).
        const Vec3 tipLocal{0.1f, 0, 0};
        QVERIFY(gHigh[2].transformPoint(tipLocal).y > gLow[2].transformPoint(tipLocal).y + 0.01f);
        QVERIFY(length(Vec3(gHigh[3].column(3)) - Vec3(gLow[3].column(3))) > 0.005f);
        // The right side did not move between the two poses.
        QVERIFY(length(Vec3(gHigh[4].column(3)) - Vec3(gLow[4].column(3))) < 1e-6f);
    }

    void positionConstraintHoldsTheRestDistance()
    {
        const Jacket j;
        const float rest = originDistance(j.bind, 3, 5);
        const BoneRig rig(j.rig, j.parents, j.bind);
        std::vector<Mat4> skinning = j.pose(1.3f);
        std::vector<Mat4> global = j.globals(skinning);
        // The raised arm turns the left pad, which carries the left chest bone away.
        QVERIFY(std::abs(originDistance(global, 3, 5) - rest) < 1e-6f); // before the look-ats
        BoneRig aimsOnly({j.rig[0], j.rig[1], j.rig[2], j.rig[3]}, j.parents, j.bind);
        std::vector<Mat4> s2 = skinning, g2 = global;
        aimsOnly.apply(s2, g2, {0, -1, 0});
        QVERIFY(std::abs(originDistance(g2, 3, 5) - rest) > 0.005f);
        rig.apply(skinning, global, {0, -1, 0});
        QVERIFY(std::abs(originDistance(global, 3, 5) - rest) < 1e-5f);
        // Each side moved half of the way, along the line between them.
        const float leftMoved = length(Vec3(global[3].column(3)) - Vec3(g2[3].column(3)));
        const float rightMoved = length(Vec3(global[5].column(3)) - Vec3(g2[5].column(3)));
        QVERIFY(std::abs(leftMoved - rightMoved) < 1e-5f);
        // The chest bones still look down: the position constraint only moves them.
        QVERIFY(lookAtError(j.rig[2], j.bind, global, {0, -1, 0}) < 0.01f);
    }

    void constraintsRunTopDownWhateverTheirOrder()
    {
        Jacket j;
        const BoneRig ordered(j.rig, j.parents, j.bind);
        std::reverse(j.rig.begin(), j.rig.end());
        const BoneRig reversed(j.rig, j.parents, j.bind);
        std::vector<Mat4> a = j.pose(0.9f), b = a;
        std::vector<Mat4> ga = j.globals(a), gb = ga;
        ordered.apply(a, ga, {0, -1, 0});
        reversed.apply(b, gb, {0, -1, 0});
        for (size_t bone = 0; bone < a.size(); ++bone)
            for (int k = 0; k < 16; ++k)
                QCOMPARE(a[bone].m[size_t(k)], b[bone].m[size_t(k)]);
    }

    void weightTurnsAShareOfTheWay()
    {
        Jacket j;
        j.rig = {j.rig[0]};
        std::vector<Mat4> skinning = j.pose(1.3f);
        std::vector<Mat4> global = j.globals(skinning);
        const float before = lookAtError(j.rig[0], j.bind, global, {0, -1, 0});
        j.rig[0].weight = 0.5f;
        const BoneRig half(j.rig, j.parents, j.bind);
        half.apply(skinning, global, {0, -1, 0});
        QVERIFY(std::abs(lookAtError(j.rig[0], j.bind, global, {0, -1, 0}) - before / 2) < 0.01f);
    }

    void theInstanceRunsTheRigFromTheAnimatedSkeleton()
    {
        // A small sheet skinned to the left chest bone; the instance's skinning matrices carry
        // the rig, recomputed from each frame's skeleton (as in-game IK would pose it).
        const Jacket j;
        PhysicsMesh mesh = makeGrid(3, 3, 0.02f, true);
        mesh.skin.resize(mesh.positions.size());
        for (BoneInfluence &inf : mesh.skin) {
            inf.bones = {3, 0, 0, 0};
            inf.weights = {1, 0, 0, 0};
        }
        auto data = std::make_shared<ClothAssetData>();
        data->cloth = buildClothData(mesh);
        data->boneParents = j.parents;
        data->boneBind = j.bind;
        data->rigConstraints = j.rig;
        ClothInstance cloth(data, SimulationSettings{});
        for (float raise : {0.2f, 1.3f}) {
            ClothFrame frame = frameAt(1.0f / 60);
            frame.skinning = j.pose(raise);
            cloth.update(frame);
            const std::vector<Mat4> global = j.globals(cloth.skinningMatrices());
            for (size_t i = 0; i < 4; ++i)
                QVERIFY(lookAtError(j.rig[i], j.bind, global, {0, -1, 0}) < 0.01f);
            QVERIFY(std::abs(originDistance(global, 3, 5) - originDistance(j.bind, 3, 5)) <
                    1e-5f);
        }
        // Down is the world's: with the character lying on its side, the chest bones aim along
        // the model's x axis.
        ClothFrame frame = frameAt(1.0f / 60, Mat4::rotation(axisAngle({0, 0, 1}, kPi / 2)));
        frame.skinning = j.pose(0.0f);
        cloth.update(frame);
        const std::vector<Mat4> global = j.globals(cloth.skinningMatrices());
        QVERIFY(lookAtError(j.rig[2], j.bind, global, {-1, 0, 0}) < 0.01f);
    }

    void theCInterfaceReadsTheRigAndGivesTheRiggedMatrices()
    {
        const ClothingAsset model = test::makeTestAsset();
        const std::string bytes = writeCooked(model);
        TweedAsset *asset = nullptr;
        QCOMPARE(tweed_asset_load_memory(bytes.data(), bytes.size(), "rig", &asset), TWEED_OK);
        QCOMPARE(tweed_asset_rig_constraint_count(asset), uint32_t(3));
        TweedRigConstraint c{};
        QCOMPARE(tweed_asset_rig_constraint(asset, 1, &c), TWEED_OK);
        QCOMPARE(c.kind, int32_t(TWEED_RIG_LOOK_AT));
        QCOMPARE(c.bone, 2);
        QCOMPARE(c.target, -1);
        QCOMPARE(c.weight, 0.75f);
        QCOMPARE(tweed_asset_rig_constraint(asset, 0, &c), TWEED_OK);
        QCOMPARE(c.point[1], -0.02f);
        QCOMPARE(tweed_asset_rig_constraint(asset, 3, &c), TWEED_ERROR_INVALID_ARGUMENT);
        QVERIFY(std::string(tweed_last_error()).find("constraint 3 out of range (3 constraints)") !=
                std::string::npos);

        TweedInstance *instance = nullptr;
        QCOMPARE(tweed_instance_create(asset, 0, &instance), TWEED_OK);
        // The spine bends forward: the thigh's aim and the thigh-hood distance need the rig.
        const size_t bones = model.skeleton.bones.size();
        std::vector<Mat4> bind(bones);
        for (size_t b = 0; b < bones; ++b)
            bind[b] = inverse(model.skeleton.bones[b].inverseBind);
        const Vec3 hip = bind[1].column(3);
        const Mat4 bend = Mat4::translation(hip) * Mat4::rotation(axisAngle({1, 0, 0}, 0.6f)) *
                          Mat4::translation(-hip);
        std::vector<float> pose(16 * bones), rigged(16 * bones);
        for (size_t b = 0; b < bones; ++b) {
            const Mat4 m = b == 1 || b == 2 || b == 4 ? bend : Mat4{};
            std::copy(m.m, m.m + 16, pose.begin() + std::ptrdiff_t(16 * b));
        }
        QCOMPARE(tweed_instance_set_skinning_matrices(instance, pose.data(), uint32_t(bones)),
                 TWEED_OK);
        QCOMPARE(tweed_instance_step(instance, 1.0f / 60), TWEED_OK);
        QCOMPARE(tweed_instance_skinning_matrices(instance, rigged.data(), uint32_t(bones - 1)),
                 TWEED_ERROR_BUFFER_TOO_SMALL);
        QCOMPARE(tweed_instance_skinning_matrices(instance, rigged.data(), uint32_t(bones)),
                 TWEED_OK);
        std::vector<Mat4> global(bones);
        for (size_t b = 0; b < bones; ++b) {
            Mat4 s;
            std::copy(rigged.begin() + std::ptrdiff_t(16 * b),
                      rigged.begin() + std::ptrdiff_t(16 * b + 16), s.m);
            global[b] = s * bind[b];
        }
        // The rig as the library applies it (the hood, bone 4, then also follows its pendulum,
        // which turns it about its origin); the thigh and the hood at their rest distance.
        std::vector<int> parents;
        for (const Bone &b : model.skeleton.bones)
            parents.push_back(b.parent);
        std::vector<Mat4> expected(bones), expectedGlobal(bones);
        for (size_t b = 0; b < bones; ++b) {
            std::copy(pose.begin() + std::ptrdiff_t(16 * b),
                      pose.begin() + std::ptrdiff_t(16 * b + 16), expected[b].m);
            expectedGlobal[b] = expected[b] * bind[b];
        }
        BoneRig(model.rigConstraints, parents, bind).apply(expected, expectedGlobal, {0, -1, 0});
        for (size_t b = 0; b < bones; ++b) {
            QVERIFY(length(Vec3(global[b].column(3)) - Vec3(expectedGlobal[b].column(3))) < 1e-5f);
            if (b < 4)
                for (int k = 0; k < 16; ++k)
                    QVERIFY(std::abs(global[b].m[size_t(k)] - expectedGlobal[b].m[size_t(k)]) <
                            1e-5f);
        }
        QVERIFY(length(Vec3(global[3].column(3)) - Vec3(bend.transformPoint(bind[3].column(3)))) >
                0.01f); // the rig moved the thigh
        QVERIFY(std::abs(originDistance(global, 3, 4) - originDistance(bind, 3, 4)) < 1e-5f);
        tweed_instance_destroy(instance);
        tweed_asset_destroy(asset);
    }

    void unusableConstraintsAreSkipped()
    {
        Jacket j;
        RigConstraint self; // aims at its own child: would chase itself
        self.bone = 2;
        self.target = 3;
        RigConstraint missing;
        missing.bone = 42;
        j.rig = {self, missing};
        const BoneRig rig(j.rig, j.parents, j.bind);
        QVERIFY(rig.empty());
        QCOMPARE(boneSubtree(j.parents, 2), (std::vector<int>{2, 3}));
    }
};

QTEST_APPLESS_MAIN(TestBoneRig)
#include "test_bone_rig.moc"
