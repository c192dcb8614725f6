// The second model (mass-spring), the pendulum bone, cloth-driven bones, self-collision and the
// asset-level run time (bones, skin map) on small cases with known answers.
#include "sim_test_meshes.h"

#include "tweed/errors.h"
#include "tweed/sim/cloth_bones.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/mass_spring.h"
#include "tweed/sim/pendulum.h"
#include "tweed/skin_map.h"

#include <QTest>

using namespace tweed;
using namespace tweed::test;

namespace {

MassSpringSystem twoMasses(float mass, float k, float stretch)
{
    MassSpringSystem s;
    s.positions = {{0, 0, 0}, {1.0f + stretch, 0, 0}};
    s.velocities = {{}, {}};
    s.inverseMass = {1.0f / mass, 1.0f / mass};
    Spring sp;
    sp.a = 0;
    sp.b = 1;
    sp.restLength = 1.0f;
    sp.stiffness = k;
    s.springs = {sp};
    s.gravity = {};
    return s;
}

} // namespace

class TestClothModels : public QObject
{
    Q_OBJECT

private slots:
    void rk4TwoMassSpringMatchesAnalyticPeriod_data()
    {
        QTest::addColumn<int>("integrator");
        QTest::newRow("rk4") << int(SpringIntegrator::RungeKutta4);
        QTest::newRow("midpoint") << int(SpringIntegrator::Midpoint);
    }

    void rk4TwoMassSpringMatchesAnalyticPeriod()
    {
        QFETCH(int, integrator);
        const float m = 0.5f, k = 200.0f;
        MassSpringSystem s = twoMasses(m, k, 0.1f);
        s.integrator = SpringIntegrator(integrator);
        // Two equal masses: the reduced mass is m/2, omega = sqrt(2k/m).
        const double period = 2 * M_PI / std::sqrt(2.0 * k / m);
        const float dt = 1.0f / 600;
        double lastCrossing = -1, firstCrossing = -1;
        int crossings = 0;
        float prevExt = 0.1f;
        for (int i = 1; i <= 3000; ++i) {
            stepMassSpring(s, dt);
            const float ext = distance(s.positions[0], s.positions[1]) - 1.0f;
            if (prevExt > 0 && ext <= 0) { // downward zero crossing, interpolated
                const double t = (double(i) - 1 + double(prevExt / (prevExt - ext))) * dt;
                if (firstCrossing < 0)
                    firstCrossing = t;
                lastCrossing = t;
                ++crossings;
            }
            prevExt = ext;
        }
        QVERIFY(crossings >= 5);
        const double measured = (lastCrossing - firstCrossing) / (crossings - 1);
        QVERIFY2(std::abs(measured - period) < 0.005 * period,
                 qPrintable(QString("%1 vs %2").arg(measured).arg(period)));
        // Undamped: the amplitude is kept (RK4 loses a little, midpoint gains a little).
        QVERIFY(std::abs(distance(s.positions[0], s.positions[1]) - 1.0f) < 0.11f);
    }

    void stiffSpringsAreSubsteppedNotExploded()
    {
        MassSpringSystem s = twoMasses(0.001f, 1e6f, 0.05f);
        s.maxForceEvaluations = 32; // 8 RK4 substeps
        const MassSpringReport r = stepMassSpring(s, 1.0f / 20);
        QCOMPARE(r.substeps, 8);
        QVERIFY(r.stiffnessScale < 1.0f);
        for (int i = 0; i < 100; ++i)
            stepMassSpring(s, 1.0f / 20);
        QVERIFY(allFinite(s.positions));
        QVERIFY(distance(s.positions[0], s.positions[1]) < 1.2f);
        QVERIFY_THROWS_EXCEPTION(InputError, stepMassSpring(s, 0.0f));
    }

    void provotLimitsStretch()
    {
        // A chain of soft springs hanging from a pinned particle stretches a lot without the
        // limit, at most 10% per spring with it.
        auto hang = [](float limit) {
            MassSpringSystem s;
            for (int i = 0; i < 6; ++i) {
                s.positions.push_back({0, -0.1f * float(i), 0});
                s.velocities.push_back({});
                s.inverseMass.push_back(i == 0 ? 0.0f : 10.0f);
                if (i > 0) {
                    Spring sp;
                    sp.a = uint32_t(i - 1);
                    sp.b = uint32_t(i);
                    sp.restLength = 0.1f;
                    sp.stiffness = 20.0f;
                    sp.damping = 0.05f;
                    s.springs.push_back(sp);
                }
            }
            s.provotLimit = limit;
            s.damping = 0.5f;
            for (int i = 0; i < 300; ++i)
                stepMassSpring(s, 1.0f / 60);
            float worst = 0;
            for (const Spring &sp : s.springs)
                worst = std::max(worst, distance(s.positions[sp.a], s.positions[sp.b]) / 0.1f);
            return worst;
        };
        QVERIFY(hang(0.0f) > 1.3f);
        QVERIFY(hang(1.1f) <= 1.1f + 1e-3f);
    }

    void overStretchedSpringTears()
    {
        MassSpringSystem s = twoMasses(1.0f, 10.0f, 0.0f);
        s.inverseMass[0] = 0; // pinned
        s.velocities[1] = {5, 0, 0}; // yanked away
        s.tearFactor = 1.5f;
        uint32_t torn = 0;
        for (int i = 0; i < 60 && !torn; ++i)
            torn += stepMassSpring(s, 1.0f / 60).tornSprings;
        QCOMPARE(torn, 1u);
        QVERIFY(!s.springs[0].active);
        // A torn spring no longer pulls: the free mass keeps flying away.
        const float before = distance(s.positions[0], s.positions[1]);
        for (int i = 0; i < 30; ++i)
            stepMassSpring(s, 1.0f / 60);
        QVERIFY(distance(s.positions[0], s.positions[1]) > before + 0.5f);
    }

    void massSpringModelRunsInTheInstance()
    {
        PhysicsMesh mesh = makeGrid(8, 8, 0.04f, true, 0.05f);
        SimulationSettings s;
        s.model = int(SolverModel::MassSpring);
        s.tearFactor = 0;
        ClothInstance cloth(buildClothData(mesh), s);
        cloth.reset(frameAt(0));
        for (int f = 0; f < 120; ++f) {
            cloth.update(frameAt(1.0f / 60, Mat4{}, {0, 0, 8}));
            QCOMPARE(cloth.measure().maxDistanceViolations, 0u);
        }
        QVERIFY(allFinite(cloth.positions()));
        QVERIFY(distance(cloth.positions()[63], mesh.positions[63]) > 0.005f);
        for (int c = 0; c < 8; ++c)
            QCOMPARE(cloth.positions()[size_t(c)], mesh.positions[size_t(c)]);
    }

    void clothBoneFramesAreOrthonormalAndReproducePositions()
    {
        const PhysicsMesh mesh = makeGrid(5, 5, 0.1f);
        const std::vector<uint32_t> pivots{0, 6, 12, 18};
        const auto bones = makeClothBones(mesh.positions, mesh.indices, pivots);
        QCOMPARE(bones.size(), pivots.size());
        for (const ClothBoneDefinition &b : bones)
            QCOMPARE(b.column, b.pivot + 5); // straight down the column
        // Move the cloth rigidly (rotate and translate) and bend one corner.
        const Mat4 motion = Mat4::translation({0.3f, -0.2f, 0.5f}) *
                            Mat4::rotation(axisAngle(normalize(Vec3{1, 2, 3}), 0.7f));
        std::vector<Vec3> current;
        for (const Vec3 &p : mesh.positions)
            current.push_back(motion.transformPoint(p));
        std::vector<Mat4> skinning;
        clothDrivenBones(bones, mesh.positions, current, skinning);
        for (size_t i = 0; i < bones.size(); ++i) {
            const Mat4 frame = clothBoneFrame(current[bones[i].pivot], current[bones[i].column],
                                              current[bones[i].row]);
            const Vec3 x = frame.column(0), y = frame.column(1), z = frame.column(2);
            QVERIFY(std::abs(length(x) - 1) < 1e-5f && std::abs(length(y) - 1) < 1e-5f &&
                    std::abs(length(z) - 1) < 1e-5f);
            QVERIFY(std::abs(dot(x, y)) < 1e-5f && std::abs(dot(y, z)) < 1e-5f &&
                    std::abs(dot(x, z)) < 1e-5f);
            QVERIFY(dot(cross(x, y), z) > 0.999f); // right-handed
            // Skinning the rest pose with the bone gives the current positions.
            for (uint32_t v : {bones[i].pivot, bones[i].column, bones[i].row, 24u})
                QVERIFY(distance(skinning[i].transformPoint(mesh.positions[v]), current[v]) <
                        1e-4f);
        }
        // Degenerate input stays finite.
        const Mat4 f = clothBoneFrame({0, 0, 0}, {0, 0, 0}, {0, 0, 0});
        for (float x : f.m)
            QVERIFY(std::isfinite(x));
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 makeClothBones(mesh.positions, mesh.indices, {999}));
    }

    void pendulumSwingsDownWithinItsCone()
    {
        PendulumBone bone;
        bone.bone = 0;
        bone.length = 0.3f;
        bone.damping = 0.8f;
        bone.maxAngleDegrees = 45.0f;
        PendulumState state;
        // The animated bone points sideways (+y of the bone along world +x).
        const Mat4 global = Mat4::translation({0, 1, 0}) * Mat4::rotation(axisAngle({0, 0, 1}, -kPi / 2));
        Quat q;
        for (int i = 0; i < 600; ++i)
            q = stepPendulum(bone, state, global, {0, -9.81f, 0}, 1.0f / 60);
        const Vec3 animated = normalize(global.column(1));
        const Vec3 dir = normalize(state.particle - global.column(3));
        QVERIFY(std::abs(distance(state.particle, global.column(3)) - 0.3f) < 1e-4f);
        // Gravity pulls it down as far as the 45 degree cone lets it.
        QVERIFY(std::abs(std::acos(std::clamp(dot(dir, animated), -1.0f, 1.0f)) - kPi / 4) < 1e-3f);
        QVERIFY(dir.y < -0.6f);
        // The returned rotation turns the animated axis onto the particle.
        QVERIFY(distance(rotate(q, animated), dir) < 1e-4f);
    }

    void selfCollisionKeepsLayersApart()
    {
        // A free sheet falls onto a pinned sheet 3 cm below it and lands a third of a second
        // later. (Its vertices then balance on the other's vertices, an unstable equilibrium:
        // frictionless, the sheet slides off it in the end, as the smallest rounding tips it.)
        PhysicsMesh a = makeGrid(6, 6, 0.02f, false);
        PhysicsMesh mesh;
        for (int layer = 0; layer < 2; ++layer) {
            const uint32_t base = uint32_t(mesh.positions.size());
            for (const Vec3 &p : a.positions)
                mesh.positions.push_back({p.x, layer ? 0.03f : 0.0f, p.y});
            for (uint32_t i : a.indices)
                mesh.indices.push_back(base + i);
        }
        mesh.channels.resize(mesh.positions.size());
        for (size_t v = 0; v < mesh.positions.size(); ++v)
            mesh.channels[FloatChannel::MaxDistance][v] = v < a.positions.size() ? 0.0f : 1.0f;
        auto run = [&](bool self) {
            SimulationSettings s;
            s.selfCollision = self;
            s.selfCollisionThickness = 0.01f;
            s.substeps = 2;
            ClothInstance cloth(buildClothData(mesh), s);
            cloth.reset(frameAt(0));
            for (int f = 0; f < 20; ++f)
                cloth.update(frameAt(1.0f / 60));
            float closest = 1e9f, highest = -1e9f;
            for (size_t i = 0; i < a.positions.size(); ++i)
                for (size_t j = a.positions.size(); j < mesh.positions.size(); ++j)
                    closest = std::min(closest, distance(cloth.positions()[i], cloth.positions()[j]));
            for (size_t j = a.positions.size(); j < mesh.positions.size(); ++j)
                highest = std::max(highest, cloth.positions()[j].y);
            return std::pair{closest, highest};
        };
        QVERIFY(run(false).second < -0.05f); // falls straight through the pinned sheet
        const auto [closest, highest] = run(true);
        QVERIFY(closest > 0.008f);          // rests on it, a thickness apart
        QVERIFY(highest > 0.0f && highest < 0.03f);
    }

    void assetInstanceFollowsBonesAndDrivesGraphics()
    {
        // A skeleton of one bone, a sheet skinned to it, a graphics mesh bound 1 cm in front.
        ClothingAsset asset;
        Bone root;
        root.name = "root";
        asset.skeleton.bones = {root};
        PhysicsMesh mesh = makeGrid(4, 4, 0.1f, true, 0.05f);
        for (size_t v = 0; v < mesh.positions.size(); ++v) {
            BoneInfluence inf;
            inf.weights[0] = 1;
            mesh.skin.push_back(inf);
        }
        GraphicsLod lod;
        lod.physicsMesh = 0;
        lod.mesh.positions = {{0.05f, -0.05f, 0.01f}, {2, 2, 2}};
        lod.mesh.normals = {{0, 0, 1}, {0, 0, 1}};
        BoneInfluence inf;
        inf.weights[0] = 1;
        lod.mesh.skin = {inf, inf};
        SkinBinding bound;
        bound.triangle = 0; // (0, 4, 5)
        bound.position = skinPointCoordinates(lod.mesh.positions[0], mesh.positions[0],
                                              mesh.positions[4], mesh.positions[5], {0, 0, 1},
                                              {0, 0, 1}, {0, 0, 1});
        bound.normal = {bound.position.x, bound.position.y, bound.position.z + 1};
        SkinBinding unbound;
        unbound.triangle = SkinMap::kUnbound;
        lod.skinMap.bindings = {bound, unbound};
        asset.physicsMeshes = {mesh};
        asset.lods = {lod};
        auto data = buildClothAssetData(asset, 0);
        ClothInstance cloth(data, SimulationSettings{});
        const Mat4 moved = Mat4::translation({0, 0.5f, 0});
        std::vector<Mat4> skinning{moved};
        ClothFrame frame = frameAt(0);
        frame.skinning = skinning;
        cloth.reset(frame);
        std::vector<Vec3> gp;
        cloth.deformGraphics(gp, nullptr);
        QVERIFY(distance(gp[0], moved.transformPoint(lod.mesh.positions[0])) < 1e-4f);
        QVERIFY(distance(gp[1], moved.transformPoint(lod.mesh.positions[1])) < 1e-6f);
        // Animate the bone upwards over a second; vertices stay within Max Distance of it.
        for (int f = 1; f <= 60; ++f) {
            skinning[0] = Mat4::translation({0, 0.5f + 0.01f * float(f), 0});
            frame = frameAt(1.0f / 60);
            frame.skinning = skinning;
            cloth.update(frame);
            QCOMPARE(cloth.measure().maxDistanceViolations, 0u);
        }
        QVERIFY(distance(cloth.positions()[0], skinning[0].transformPoint(mesh.positions[0])) < 1e-5f);
        QVERIFY_THROWS_EXCEPTION(InputError, buildClothAssetData(asset, 3));
        std::vector<Mat4> wrong(2);
        frame.skinning = wrong;
        QVERIFY_THROWS_EXCEPTION(InputError, cloth.update(frame));
    }

    void measureReportsTheSkinnedPoseStretch()
    {
        // A 4 x 4 sheet 10 cm apart, its top two rows on bone 0 and its bottom two on bone 1.
        ClothingAsset asset;
        Bone top, bottom;
        top.name = "top";
        bottom.name = "bottom";
        asset.skeleton.bones = {top, bottom};
        PhysicsMesh mesh = makeGrid(4, 4, 0.1f, true, 0.05f);
        for (size_t v = 0; v < mesh.positions.size(); ++v) {
            BoneInfluence inf;
            inf.bones[0] = v < 8 ? 0 : 1;
            inf.weights[0] = 1;
            mesh.skin.push_back(inf);
        }
        GraphicsLod lod;
        lod.physicsMesh = 0;
        asset.physicsMeshes = {mesh};
        asset.lods = {lod};
        ClothInstance cloth(buildClothAssetData(asset, 0), SimulationSettings{});
        // The rest pose stretches nothing.
        std::vector<Mat4> skinning(2);
        ClothFrame frame = frameAt(0);
        frame.skinning = skinning;
        cloth.reset(frame);
        QVERIFY(std::abs(cloth.measure().skinnedMaxStretch - 1.0f) < 1e-6f);
        // Bone 1 moves 5 cm down: the skinned pose's edges between rows 1 and 2 grow from 10
        // to 15 cm (the diagonals less), whatever the simulated cloth does.
        skinning[1] = Mat4::translation({0, -0.05f, 0});
        frame = frameAt(1.0f / 60);
        frame.skinning = skinning;
        cloth.update(frame);
        const ClothMeasurements m = cloth.measure();
        QVERIFY2(std::abs(m.skinnedMaxStretch - 1.5f) < 1e-5f,
                 qPrintable(QString::number(double(m.skinnedMaxStretch))));
        QVERIFY(m.maxStretch < m.skinnedMaxStretch); // the solver resists it
    }
};

QTEST_GUILESS_MAIN(TestClothModels)
#include "test_cloth_models.moc"
