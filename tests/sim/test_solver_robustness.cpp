// Reproducers of the solver's robustness failures: the mass-spring model's overflow, NaN and
// stalls, stretch with a large edge Max Distance scale, and threads that really split a cloth.
#include "sim_test_garment.h"

#include "tweed/errors.h"
#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/mass_spring.h"

#include <QTest>

#include <cstring>

using namespace tweed;
using namespace tweed::test;

namespace {

MassSpringSystem twoMasses(float k, float c)
{
    MassSpringSystem s;
    s.positions = {{0, 0, 0}, {1.05f, 0, 0}};
    s.velocities = {{}, {1, 0, 0}};
    s.inverseMass = {1000.0f, 1000.0f};
    Spring sp;
    sp.a = 0;
    sp.b = 1;
    sp.restLength = 1.0f;
    sp.stiffness = k;
    sp.damping = c;
    s.springs = {sp};
    return s;
}

} // namespace

class TestSolverRobustness : public QObject
{
    Q_OBJECT

private slots:
    void massSpringWithHeavyDampingOnLightClothStaysFinite_data()
    {
        QTest::addColumn<int>("integrator");
        QTest::newRow("midpoint") << int(SpringIntegrator::Midpoint);
        QTest::newRow("rk4") << int(SpringIntegrator::RungeKutta4);
    }

    void massSpringWithHeavyDampingOnLightClothStaysFinite()
    {
        // The settings: they overflowed int(std::ceil(needed)) and every output was NaN.
        QFETCH(int, integrator);
        SimulationSettings s;
        s.model = int(SolverModel::MassSpring);
        s.springIntegrator = integrator;
        s.springDamping = 1000.0f;
        s.areaDensity = 0.001f;
        const auto garment = makeJumpingGarment(16, 12);
        const GarmentRun r = runGarment(garment, s, 60);
        QCOMPARE(r.nonFinite, 0u);
        QVERIFY(allFinite(r.positions));
        QVERIFY2(r.maxStretch < 2.0f, qPrintable(QString::number(r.maxStretch)));
        // The cap holds and the instance says the springs were softened to fit it.
        ClothInstance cloth(garment, s);
        QVERIFY(cloth.status().springNeededSubsteps > cloth.status().springSubsteps);
        QCOMPARE(cloth.status().springSubsteps,
                 integrator == int(SpringIntegrator::Midpoint) ? 16 : 8);
        QCOMPARE(cloth.status().warnings.size(), size_t(1));
        QVERIFY(cloth.status().warnings[0].find("mass-spring") != std::string::npos);
    }

    void hugeSpringStiffnessOrDampingIsBoundedNotStalled()
    {
        // 1e30 N/m would need 1e15 substeps; the step takes the cap and softens the springs.
        for (const auto integrator : {SpringIntegrator::Midpoint, SpringIntegrator::RungeKutta4})
            for (const auto &[k, c] :
                 {std::pair{1e30f, 0.0f}, std::pair{0.0f, 1e30f}, std::pair{1e30f, 1e30f}}) {
                MassSpringSystem s = twoMasses(k, c);
                s.integrator = integrator;
                const MassSpringStability stability = massSpringStability(s, 1.0f / 60);
                QVERIFY(stability.neededSubsteps > 1000000);
                const MassSpringReport r = stepMassSpring(s, 1.0f / 60);
                QCOMPARE(r.substeps, integrator == SpringIntegrator::Midpoint ? 16 : 8);
                QVERIFY(r.forceTerms <= uint64_t(s.maxForceEvaluations) * 3);
                QVERIFY(k == 0 || r.stiffnessScale < 1e-20f);
                QVERIFY(c == 0 || r.dampingScale < 1e-20f);
                for (int i = 0; i < 600; ++i)
                    stepMassSpring(s, 1.0f / 60);
                QVERIFY(allFinite(s.positions) && allFinite(s.velocities));
                // Stable: the softened spring neither explodes nor lets go.
                QVERIFY(distance(s.positions[0], s.positions[1]) < 1.1f);
            }
        // Values no setting can give are refused, not integrated.
        MassSpringSystem bad = twoMasses(INFINITY, 0);
        QVERIFY_THROWS_EXCEPTION(InputError, stepMassSpring(bad, 1.0f / 60));
        bad = twoMasses(1, 0);
        bad.inverseMass[1] = NAN;
        QVERIFY_THROWS_EXCEPTION(InputError, stepMassSpring(bad, 1.0f / 60));
    }

    void stableStiffSpringsAreSubsteppedHonestly()
    {
        // Within the cap the substep count follows the stiffness: h * omega <= 2.5 for RK4 with
        // omega = sqrt(2 k w) (Gershgorin), and no softening.
        MassSpringSystem s = twoMasses(500.0f, 0.0f); // omega = sqrt(2 500 1000) = 1000 rad/s
        const MassSpringReport r = stepMassSpring(s, 1.0f / 60);
        QCOMPARE(r.neededSubsteps, 7); // ceil(1000 / 60 / 2.5)
        QCOMPARE(r.substeps, r.neededSubsteps);
        QCOMPARE(r.stiffnessScale, 1.0f);
        QCOMPARE(r.dampingScale, 1.0f);
    }

    void settingsOutsideTheirRangesAreClampedWithAWarning()
    {
        SimulationSettings s;
        s.structuralSpring = 1e30f;
        s.springDamping = NAN;
        ClothInstance cloth(makeJumpingGarment(8, 8), s);
        QCOMPARE(cloth.settings().structuralSpring, 1e6f);
        QCOMPARE(cloth.settings().springDamping, 0.0f);
        QCOMPARE(cloth.status().warnings.size(), size_t(2));
        QVERIFY(cloth.status().warnings[0].find("structural_spring") != std::string::npos);
        cloth.setSettings(SimulationSettings{});
        QVERIFY(cloth.status().warnings.empty());
    }

    void largeEdgeMaxDistanceScaleKeepsStretchBounded()
    {
        // With edge_max_distance_scale 10 the free edge may move 10 times farther than the
        // vertices next to it; projected only at the end of each substep, those dragged their
        // edges to many times their rest length (the sample coat in Jump: 23.8; here 4.5).
        const auto garment = makeJumpingGarment(20, 16, 0.01f, false);
        SimulationSettings s;
        const float normal = runGarment(garment, s, 90).maxStretch;
        s.edgeMaxDistanceScale = 10.0f;
        const GarmentRun wide = runGarment(garment, s, 90);
        QCOMPARE(wide.nonFinite, 0u);
        QVERIFY2(wide.maxStretch < 1.2f * normal,
                 qPrintable(QString("%1 against %2").arg(wide.maxStretch).arg(normal)));
    }

    void threadsThatReallySplitGiveTheSameBits()
    {
        // 48 x 40 = 1,920 vertices: one thread with the default threshold (2,048 per thread);
        // a threshold of 256 splits it across every thread of the pool.
        const auto garment = makeJumpingGarment(48, 40, 0.01f);
        SimulationSettings s;
        s.substeps = 2;
        s.iterations = 4;
        s.selfCollision = true;
        s.edgeMaxDistanceScale = 4.0f; // Max Distance between the iterations, too
        std::vector<Vec3> reference;
        for (const int threads : {1, 2, 4}) {
            ClothInstanceOptions o;
            if (threads > 1) o.pool = std::make_shared<SimThreadPool>(threads);
            QCOMPARE(ClothInstance(garment, s, o).threadCount(), 1);
            o.minVerticesPerThread = 256;
            const GarmentRun r = runGarment(garment, s, 40, o);
            QCOMPARE(r.threads, threads);
            QCOMPARE(r.nonFinite, 0u);
            if (reference.empty()) reference = r.positions;
            QCOMPARE(r.positions.size(), reference.size());
            QVERIFY2(std::memcmp(r.positions.data(), reference.data(),
                                 reference.size() * sizeof(Vec3)) == 0,
                     qPrintable(QString("%1 threads").arg(threads)));
        }
    }
};

QTEST_APPLESS_MAIN(TestSolverRobustness)
#include "test_solver_robustness.moc"
