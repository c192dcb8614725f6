// The settings sweep: every setting of the settings table at both ends of its documented range,
// alone and with the extremes of mass (area density) and time step (steps per second), under
// both models, and all at once, on a jumping garment made in code (sim_test_garment.h). Each
// run must stay finite, keep its largest stretch within the documented bound and cost no frame
// more than the documented multiple of the default settings' costliest frame (work counted by
// the solver, ClothStatus::lastUpdateWork; see docs/guide/simulation.md, "Cost and ranges").
// About 10 s of processor time.
#include "sim_test_garment.h"

#include "tweed/simulation_settings.h"

#include <QTest>

#include <utility>

using namespace tweed;
using namespace tweed::test;

namespace {

constexpr int kFrames = 30; // half a second: the jump's take-off and its top

/// Largest edge stretch the sweep allows anywhere (the sweep's worst measured 2.08).
constexpr float kStretchBound = 2.5f;
/// A frame's work at most this many times the default's costliest frame, one setting changed:
/// 16 substeps are 16 times the default's one (100 iterations alone are 10 times; the
/// mass-spring model stays below both with its cap of 32 force evaluations a step).
constexpr double kWorkBoundAlone = 16.0;
/// With steps_per_second at 480 (8 steps a frame instead of 1), alone or with the others.
constexpr double kWorkBoundCombined = 8 * kWorkBoundAlone;

} // namespace

class TestSettingsSweep : public QObject
{
    Q_OBJECT

private slots:
    void everySettingAtBothEndsOfItsRange()
    {
        const auto garment = makeJumpingGarment(12, 10);
        const GarmentRun reference = runGarment(garment, SimulationSettings{}, kFrames);
        QCOMPARE(reference.nonFinite, 0u);
        QVERIFY(reference.maxWork > 0);
        const SettingField *density = findSetting("area_density");
        const SettingField *rate = findSetting("steps_per_second");
        QVERIFY(density && rate);
        float worstStretch = 0;
        double worstWork = 0;
        int runs = 0;
        auto check = [&](const SimulationSettings &s, const QString &what, double workBound) {
            const GarmentRun o = runGarment(garment, s, kFrames);
            ++runs;
            QVERIFY2(o.nonFinite == 0, qPrintable(what + ": non-finite positions"));
            QVERIFY2(o.maxStretch <= kStretchBound,
                     qPrintable(what + QString(": stretch %1").arg(o.maxStretch)));
            const double work = double(o.maxWork) / double(reference.maxWork);
            QVERIFY2(work <= workBound, qPrintable(what + QString(": work x%1").arg(work)));
            worstStretch = std::max(worstStretch, o.maxStretch);
            worstWork = std::max(worstWork, work);
        };
        // Each setting alone, with either extreme of mass or of the time step, and with the
        // lightest cloth at the shortest step and the heaviest at the longest.
        const double none = -1;
        const std::pair<double, double> massAndRate[] = {{none, none},
                                                         {density->min, none},
                                                         {density->max, none},
                                                         {none, rate->min},
                                                         {none, rate->max},
                                                         {density->min, rate->max},
                                                         {density->max, rate->min}};
        for (const SettingField &f : settingsFields())
            for (const double end : {f.min, f.max})
                for (const auto &[mass, steps] : massAndRate)
                    for (const int model : {0, 1}) {
                        SimulationSettings s;
                        s.model = model;
                        f.set(s, end);
                        if (mass > 0) density->set(s, mass);
                        if (steps > 0) rate->set(s, steps);
                        check(s,
                              QString("%1 = %2 (model %3, density %4, steps %5)")
                                  .arg(f.key)
                                  .arg(end)
                                  .arg(s.model)
                                  .arg(mass)
                                  .arg(steps),
                              steps > 0 || &f == rate ? kWorkBoundCombined : kWorkBoundAlone);
                    }
        // Every setting at its lower end, then at its upper end, together.
        for (const bool upper : {false, true}) {
            SimulationSettings s;
            for (const SettingField &f : settingsFields())
                f.set(s, upper ? f.max : f.min);
            check(s, upper ? "all at their upper ends" : "all at their lower ends",
                  kWorkBoundCombined);
        }
        qInfo("%d runs: largest stretch %.3f (the defaults' %.3f), costliest frame %.1f x the "
              "default's",
              runs, double(worstStretch), double(reference.maxStretch), worstWork);
    }
};

QTEST_APPLESS_MAIN(TestSettingsSweep)
#include "test_settings_sweep.moc"
