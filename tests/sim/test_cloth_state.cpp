// ClothInstance's state snapshots and grab: a restored state continues bit for bit as the
// uninterrupted run does; a grab pulls its vertex towards the target and, once cleared, leaves
// the cloth moving as one never grabbed; bad input is refused with the instance unchanged.
#include "sim_test_meshes.h"

#include "tweed/errors.h"
#include "tweed/sim/cloth_instance.h"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace tweed;
using namespace tweed::test;

namespace {

// A moving, windy frame: the world turns about y and travels, the wind gusts (the cloth's
// accumulator carries time, since 1/45 s is not a whole number of 1/60 s steps).
ClothFrame movingFrame(int frame)
{
    const float t = float(frame) / 45.0f;
    const Mat4 world = Mat4::translation({0.3f * t, 0.05f * std::sin(4 * t), 0}) *
                       Mat4::rotation(axisAngle({0, 1, 0}, 0.8f * t));
    return frameAt(1.0f / 45.0f, world, {3.0f, 0, 1.0f});
}

std::shared_ptr<const ClothData> gridData() { return buildClothData(makeGrid(12, 12, 0.04f)); }

SimulationSettings settings(SolverModel model = SolverModel::PositionBased)
{
    SimulationSettings s;
    s.model = int(model);
    s.windDrag = 1.0f;
    s.windTurbulence = 0.5f;
    return s;
}

std::unique_ptr<ClothInstance> makeCloth(std::shared_ptr<const ClothData> data,
                                         SolverModel model = SolverModel::PositionBased)
{
    auto cloth = std::make_unique<ClothInstance>(std::move(data), settings(model));
    CollisionVolume sphere;
    sphere.shape = CollisionShape::Sphere;
    sphere.radius = 0.1f;
    sphere.local.translation = {0.22f, -0.35f, 0.08f};
    cloth->setCollisionVolumes({sphere});
    ClothFrame first = movingFrame(0);
    first.dt = 0;
    cloth->reset(first);
    return cloth;
}

bool sameBits(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}

} // namespace

class TestClothState : public QObject
{
    Q_OBJECT

private slots:
    // 40 frames uninterrupted against 20, a saved state, 15 frames of something else, the
    // state restored and frames 21 to 40 again: the same bits every frame.
    void restoredStateContinuesBitForBit()
    {
        const auto data = gridData();
        auto straight = makeCloth(data);
        std::vector<std::vector<Vec3>> expected;
        for (int f = 1; f <= 40; ++f) {
            straight->update(movingFrame(f));
            expected.push_back(straight->positions());
        }

        auto cloth = makeCloth(data);
        for (int f = 1; f <= 20; ++f)
            cloth->update(movingFrame(f));
        const ClothInstance::State state = cloth->saveState();
        QVERIFY(!state.empty());
        QVERIFY(state.byteSize() >= 2 * cloth->positions().size() * sizeof(Vec3));
        for (int f = 0; f < 15; ++f) // another motion, another wind
            cloth->update(frameAt(1.0f / 30.0f, Mat4::translation({0, float(f), 0}), {0, 0, 9}));
        QVERIFY(!sameBits(cloth->positions(), expected[19]));
        cloth->restoreState(state);
        QVERIFY(sameBits(cloth->positions(), expected[19]));
        for (int f = 21; f <= 40; ++f) {
            cloth->update(movingFrame(f));
            if (!sameBits(cloth->positions(), expected[size_t(f - 1)]))
                QFAIL(qPrintable(QStringLiteral("frame %1 differs after the restore").arg(f)));
        }
        QCOMPARE(cloth->stepCount(), straight->stepCount());
        QCOMPARE(cloth->simulatedTime(), straight->simulatedTime());

        // Into a second instance of the same data: the same continuation.
        auto other = makeCloth(data);
        other->restoreState(state);
        for (int f = 21; f <= 40; ++f)
            other->update(movingFrame(f));
        QVERIFY(sameBits(other->positions(), expected.back()));
    }

    // A state of another cloth or an empty one is refused; the instance is unchanged.
    void foreignStateRefused()
    {
        auto cloth = makeCloth(gridData());
        for (int f = 1; f <= 5; ++f)
            cloth->update(movingFrame(f));
        const std::vector<Vec3> before = cloth->positions();
        ClothInstance small(buildClothData(makeGrid(4, 4, 0.04f)), settings());
        small.reset(frameAt(0));
        QVERIFY_THROWS_EXCEPTION(InputError, cloth->restoreState(small.saveState()));
        QVERIFY_THROWS_EXCEPTION(InputError, cloth->restoreState(ClothInstance::State{}));
        QVERIFY(sameBits(cloth->positions(), before));
    }

    void grabPullsAndReleases_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("position-based") << int(SolverModel::PositionBased);
        QTest::newRow("mass-spring") << int(SolverModel::MassSpring);
    }

    // In either solver model, the grabbed vertex goes towards the target, further with a
    // stiffer spring; cleared, the cloth moves on as an identical one never grabbed does from
    // the same state.
    void grabPullsAndReleases()
    {
        QFETCH(int, model);
        const auto data = gridData();
        const uint32_t corner = 12 * 12 - 1; // the free bottom corner
        auto pulled = [&](float stiffness) {
            auto cloth = makeCloth(data, SolverModel(model));
            const Vec3 start = cloth->positions()[corner];
            const Vec3 target = start + Vec3{0, 0.15f, 0.25f}; // within the sheet's reach
            cloth->setGrab(corner, target, stiffness);
            if (cloth->grabbedVertex() != int(corner))
                return INFINITY;
            for (int f = 1; f <= 20; ++f)
                cloth->update(frameAt(1.0f / 30.0f));
            return distance(cloth->positions()[corner], target);
        };
        const float free = pulled(0.0f), soft = pulled(0.02f), stiff = pulled(200.0f);
        QVERIFY2(soft < free - 0.01f && stiff < soft && stiff < 0.05f,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(free).arg(soft).arg(stiff)));

        auto grabbed = makeCloth(data, SolverModel(model));
        grabbed->setGrab(corner, grabbed->positions()[corner] + Vec3{0.2f, 0, 0.2f}, 500.0f);
        for (int f = 1; f <= 10; ++f)
            grabbed->update(frameAt(1.0f / 30.0f));
        grabbed->clearGrab();
        QCOMPARE(grabbed->grabbedVertex(), -1);
        auto never = makeCloth(data, SolverModel(model));
        never->restoreState(grabbed->saveState());
        for (int f = 1; f <= 10; ++f) {
            grabbed->update(frameAt(1.0f / 30.0f));
            never->update(frameAt(1.0f / 30.0f));
        }
        QVERIFY(sameBits(grabbed->positions(), never->positions()));

        // A fixed vertex does not move; the mass is the vertex's.
        auto fixed = makeCloth(data, SolverModel(model));
        const Vec3 top = fixed->positions()[0];
        fixed->setGrab(0, top + Vec3{0, 0, 0.5f}, 1e4f);
        fixed->update(frameAt(1.0f / 30.0f));
        QCOMPARE(fixed->positions()[0], top);
        QVERIFY(fixed->vertexMass(corner) > 0);
        QCOMPARE(fixed->vertexMass(100000), 0.0f);

        QVERIFY_THROWS_EXCEPTION(InputError, fixed->setGrab(100000, top, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, fixed->setGrab(1, Vec3{NAN, 0, 0}, 1));
        QVERIFY_THROWS_EXCEPTION(InputError, fixed->setGrab(1, top, -1));
        QCOMPARE(fixed->grabbedVertex(), 0);
    }
};

QTEST_GUILESS_MAIN(TestClothState)
#include "test_cloth_state.moc"
