// A scene of actors under a budget (ClothScene): physical LoD chosen by benefit and blended,
// zero-benefit actors stopped and still following their bones, graphical LoD switches that
// carry the state across physics meshes, and the engine's own job system (TaskScheduler)
// giving the same bits as the built-in pool.
#include "sim_test_garment.h"

#include "tweed/errors.h"
#include "tweed/mesh_distance.h"
#include "tweed/sim/cloth_scene.h"

#include <QTest>

#include <cstring>
#include <thread>

using namespace tweed;
using namespace tweed::test;

namespace {

/// An engine's job system as the tests imagine one: the jobs run on threads of its own (not
/// the caller's), in reverse order, split between `threads` threads.
class ReverseScheduler : public TaskScheduler
{
public:
    explicit ReverseScheduler(int threads) : mThreads(threads) {}
    int concurrency() const override { return mThreads; }
    void run(uint32_t count, TaskFunction job) override
    {
        ++runs;
        std::vector<std::thread> threads;
        for (int t = 0; t < mThreads; ++t)
            threads.emplace_back([&, t] {
                for (int64_t i = int64_t(count) - 1 - t; i >= 0; i -= mThreads)
                    job(uint32_t(i));
            });
        for (std::thread &t : threads)
            t.join();
    }
    int runs = 0;

private:
    int mThreads;
};

constexpr float kDt = 1.0f / 60;

std::shared_ptr<const ClothLodSet> garmentLods(int cols = 12, int rows = 16)
{
    return std::make_shared<ClothLodSet>(
        std::vector<std::shared_ptr<const ClothAssetData>>{makeJumpingGarment(cols, rows)},
        std::vector<int>{0});
}

/// Plays `frames` frames of the jumping clip on every actor, actor k `k * 0.1` s ahead.
void play(ClothScene &scene, const std::vector<ClothScene::ActorId> &actors, int first,
          int frames)
{
    for (int f = first; f < first + frames; ++f) {
        for (size_t k = 0; k < actors.size(); ++k)
            scene.setPose(actors[k], jumpingGarmentPose(float(f) * kDt + 0.1f * float(k)),
                          Mat4{});
        scene.update(kDt);
    }
}

/// Linear blend skinning of the garment's rest positions by `pose` (the skinned output).
std::vector<Vec3> skinned(const ClothData &c, const std::vector<Mat4> &pose)
{
    std::vector<Vec3> out(c.vertexCount);
    for (uint32_t v = 0; v < c.vertexCount; ++v) {
        Vec3 p{};
        for (int k = 0; k < kMaxBoneInfluences; ++k) {
            const float w = c.skin[v].weights[size_t(k)];
            if (w != 0)
                p += pose[c.skin[v].bones[size_t(k)]].transformPoint(c.restPositions[v]) * w;
        }
        out[v] = p;
    }
    return out;
}

float maxDifference(const std::vector<Vec3> &a, const std::vector<Vec3> &b)
{
    float d = 0;
    for (size_t i = 0; i < a.size(); ++i)
        d = std::max(d, distance(a[i], b[i]));
    return d;
}

} // namespace

class TestClothScene : public QObject
{
    Q_OBJECT

private slots:
    // More demand than budget: the actor of high benefit keeps full LoD, the other gets less,
    // and once blended the scene stays within the budget.
    void budgetGoesToBenefit()
    {
        ClothScene scene({.blendTime = 0.2f});
        const auto lods = garmentLods();
        const ClothScene::ActorId high = scene.addActor(lods, SimulationSettings{});
        const ClothScene::ActorId low = scene.addActor(lods, SimulationSettings{});
        scene.setBenefit(high, 1.0f);
        scene.setBenefit(low, 0.1f);
        play(scene, {high, low}, 0, 3); // unlimited: both at full LoD
        QCOMPARE(scene.actorStatus(high).level, 0);
        QCOMPARE(scene.actorStatus(low).level, 0);
        const uint64_t full = scene.actorStatus(high).fullCost;
        QVERIFY(full > 0);
        QCOMPARE(scene.stats().vertexIterations, 2 * full);
        QCOMPARE(scene.stats().simulatedActors, 2u);

        const uint64_t budget = full * 13 / 10;
        scene.setBudget(budget);
        play(scene, {high, low}, 3, 30); // 0.5 s: blended
        const ClothActorStatus &h = scene.actorStatus(high), &l = scene.actorStatus(low);
        QCOMPARE(h.level, 0);
        QVERIFY2(l.level > 0 && l.level < kSceneLodOff, qPrintable(QString::number(l.level)));
        QVERIFY(l.simulatedVertices < h.simulatedVertices);
        QVERIFY(l.cost < h.cost);
        QVERIFY2(scene.stats().vertexIterations <= budget,
                 qPrintable(QString("%1 > %2").arg(scene.stats().vertexIterations).arg(budget)));
        QCOMPARE(scene.stats().fullVertexIterations, 2 * full);
        // The low actor's least mobile vertices (small Max Distance, near the top) turned to
        // skinning first: every vertex still simulated may move further than every one that
        // stopped.
        const ClothInstance &cloth = scene.instance(low);
        const ClothData &c = cloth.data();
        float stoppedMax = 0, movingMin = INFINITY;
        const std::vector<Vec3> &targets = cloth.targetPositions();
        for (uint32_t v = 0; v < c.vertexCount; ++v) {
            if (c.fixed[v])
                continue;
            if (distance(cloth.positions()[v], targets[v]) < 1e-6f)
                stoppedMax = std::max(stoppedMax, c.maxDistance[v]);
            else
                movingMin = std::min(movingMin, c.maxDistance[v]);
        }
        QVERIFY2(stoppedMax > 0 && stoppedMax <= movingMin,
                 qPrintable(QString("%1 %2").arg(stoppedMax).arg(movingMin)));

        // Equal benefits under a budget below two full actors: both run at a lower LoD rather
        // than one on and one off.
        scene.setBenefit(low, 1.0f);
        play(scene, {high, low}, 33, 30);
        QVERIFY(scene.actorStatus(high).level > 0 && scene.actorStatus(low).level > 0);
        QVERIFY(scene.actorStatus(high).level < kSceneLodOff &&
                scene.actorStatus(low).level < kSceneLodOff);
        QVERIFY(scene.stats().vertexIterations <= budget);
    }

    // A benefit change moves the LoD over the blend time: linearly, never faster, and no
    // vertex jumps.
    void benefitChangeBlends()
    {
        const float blend = 0.5f;
        ClothScene scene({.blendTime = blend});
        const auto lods = garmentLods();
        const ClothScene::ActorId a = scene.addActor(lods, SimulationSettings{});
        const ClothScene::ActorId b = scene.addActor(lods, SimulationSettings{});
        play(scene, {a, b}, 0, 20);
        const uint64_t full = scene.actorStatus(a).fullCost;
        scene.setBudget(full * 13 / 10);
        scene.setBenefit(b, 0.1f);
        std::vector<Vec3> last = scene.instance(b).positions();
        float lastCut = scene.actorStatus(b).current.maxDistanceCut;
        QCOMPARE(lastCut, 0.0f);
        int frames = 0;
        float largestJump = 0;
        for (int f = 20; f < 80; ++f) {
            play(scene, {a, b}, f, 1);
            const ClothActorStatus &s = scene.actorStatus(b);
            const float cut = s.current.maxDistanceCut;
            QVERIFY2(cut - lastCut <= kDt / blend + 1e-6f,
                     qPrintable(QString("%1 -> %2").arg(lastCut).arg(cut)));
            if (cut != kSceneLodLevels[s.level].maxDistanceCut)
                ++frames;
            lastCut = cut;
            const std::vector<Vec3> &now = scene.instance(b).positions();
            largestJump = std::max(largestJump, maxDifference(last, now));
            last = now;
        }
        const float target = kSceneLodLevels[scene.actorStatus(b).level].maxDistanceCut;
        QVERIFY(target > 0);
        QCOMPARE(lastCut, target);
        // It took target / (dt / blend) frames, give or take one.
        const float expected = target * blend / kDt;
        QVERIFY2(std::abs(float(frames) - expected) <= 1.5f,
                 qPrintable(QString("%1 frames, %2 expected").arg(frames).arg(expected)));
        // The clip moves the garment up to 0.3 m in 0.25 s (2 cm a frame at the most); a pop
        // would move vertices by up to their Max Distance (5 cm) on top.
        QVERIFY2(largestJump < 0.05f, qPrintable(QString::number(largestJump)));
    }

    // Zero benefit stops an actor at once; it costs nothing, and its output (asked for) is the
    // skinned pose, following the bones frame after frame. Benefit back: it blends in again.
    void zeroBenefitStopsAndFollowsBones()
    {
        ClothScene scene;
        const auto lods = garmentLods();
        const ClothScene::ActorId a = scene.addActor(lods, SimulationSettings{});
        const ClothScene::ActorId b = scene.addActor(lods, SimulationSettings{});
        play(scene, {a, b}, 0, 30);
        QVERIFY(scene.actorStatus(b).simulated);
        const uint64_t stepsBefore = scene.instance(b).stepCount();
        scene.setBenefit(b, 0.0f);
        for (int f = 30; f < 40; ++f) {
            const std::vector<Mat4> pose = jumpingGarmentPose(float(f) * kDt + 0.1f);
            play(scene, {a, b}, f, 1);
            const ClothActorStatus &s = scene.actorStatus(b);
            QVERIFY(!s.simulated);
            QCOMPARE(s.cost, uint64_t(0));
            QCOMPARE(s.level, kSceneLodOff);
            QCOMPARE(scene.stats().simulatedActors, 1u);
            const ClothInstance &cloth = scene.instance(b);
            QCOMPARE(cloth.stepCount(), stepsBefore); // never stepped again
            const std::vector<Vec3> expected = skinned(cloth.data(), pose);
            QVERIFY2(maxDifference(cloth.positions(), expected) < 1e-5f,
                     qPrintable(QString::number(maxDifference(cloth.positions(), expected))));
        }
        QCOMPARE(scene.stats().vertexIterations, scene.actorStatus(a).cost);
        scene.setBenefit(b, 1.0f);
        play(scene, {a, b}, 40, 1);
        QVERIFY(scene.actorStatus(b).simulated);
        // From off, blending in (the default blend time is 0.5 s).
        QCOMPARE(scene.actorStatus(b).current.maxDistanceCut, 1.0f - kDt / 0.5f);
        play(scene, {a, b}, 41, 40);
        QCOMPARE(scene.actorStatus(b).current.maxDistanceCut, 0.0f);
        QVERIFY(scene.instance(b).stepCount() > stepsBefore);
        QVERIFY_THROWS_EXCEPTION(InputError, scene.setBenefit(b, -1.0f));
        QVERIFY_THROWS_EXCEPTION(InputError, scene.setBenefit(b, NAN));
        QVERIFY_THROWS_EXCEPTION(InputError, scene.update(-kDt));
        QVERIFY_THROWS_EXCEPTION(InputError, scene.setBenefit(99, 1.0f));
    }

    // An engine's scheduler (jobs in reverse, on its own threads) gives the built-in pool's
    // bits, for one big cloth whose phases it runs and for a scene whose actors it runs.
    void customSchedulerSameBits()
    {
        const auto garment = makeJumpingGarment(40, 40);
        SimulationSettings s;
        s.substeps = 2;
        auto run = [&](std::shared_ptr<TaskScheduler> scheduler) {
            ClothInstanceOptions o;
            o.scheduler = std::move(scheduler);
            o.minVerticesPerThread = 0;
            return runGarment(garment, s, 40, o).positions;
        };
        const auto alone = run(nullptr);
        auto reverse = std::make_shared<ReverseScheduler>(3);
        const auto foreign = run(reverse);
        QVERIFY(reverse->runs > 100); // the phases went through it
        const auto pool = run(std::make_shared<SimThreadPool>(2));
        QVERIFY(allFinite(alone));
        QVERIFY(std::memcmp(alone.data(), foreign.data(), alone.size() * sizeof(Vec3)) == 0);
        QVERIFY(std::memcmp(alone.data(), pool.data(), alone.size() * sizeof(Vec3)) == 0);

        auto scene = [&](std::shared_ptr<TaskScheduler> scheduler) {
            ClothScene sc({.scheduler = std::move(scheduler)});
            const auto lods = garmentLods();
            std::vector<ClothScene::ActorId> ids;
            for (int k = 0; k < 5; ++k)
                ids.push_back(sc.addActor(lods, s));
            play(sc, ids, 0, 30);
            std::vector<Vec3> all;
            for (ClothScene::ActorId id : ids)
                all.insert(all.end(), sc.instance(id).positions().begin(),
                           sc.instance(id).positions().end());
            return all;
        };
        const auto serial = scene(nullptr);
        auto sceneReverse = std::make_shared<ReverseScheduler>(2);
        const auto viaForeign = scene(sceneReverse);
        QCOMPARE(sceneReverse->runs, 30);
        const auto viaPool = scene(std::make_shared<SimThreadPool>(2));
        QVERIFY(std::memcmp(serial.data(), viaForeign.data(), serial.size() * sizeof(Vec3)) == 0);
        QVERIFY(std::memcmp(serial.data(), viaPool.data(), serial.size() * sizeof(Vec3)) == 0);
    }

    // A graphical LoD switch between physics meshes of different resolutions: the new mesh
    // starts on the old simulated surface (within the transfer map's error at rest), with the
    // old velocities, and moves on without a pop.
    void graphicalLodSwitchCarriesState()
    {
        // LoD 0: 13 x 13 vertices 2 cm apart; LoD 1: 7 x 7 vertices 4 cm apart over the same
        // square, so LoD 1's vertex (i, j) sits on LoD 0's vertex (2i, 2j).
        auto lods = std::make_shared<ClothLodSet>(
            std::vector<std::shared_ptr<const ClothAssetData>>{makeJumpingGarment(13, 13, 0.02f),
                                                               makeJumpingGarment(7, 7, 0.04f)},
            std::vector<int>{0, 1});
        QVERIFY(lods->transfer(0, 1).size() == 49);
        QVERIFY(lods->transferError(0, 1) < 1e-5f);
        QVERIFY(lods->transfer(0, 0).empty());
        const int switchFrame = 20;
        ClothScene switching, reference;
        const ClothScene::ActorId a = switching.addActor(lods, SimulationSettings{});
        const ClothScene::ActorId r = reference.addActor(lods, SimulationSettings{});
        play(switching, {a}, 0, switchFrame - 1);
        const std::vector<Vec3> before = switching.instance(a).positions();
        play(switching, {a}, switchFrame - 1, 1);
        play(reference, {r}, 0, switchFrame + 1);
        const std::vector<Vec3> oldPos = switching.instance(a).positions();
        const std::vector<Vec3> oldVel = switching.instance(a).velocities();
        std::vector<uint32_t> oldIndices = switching.instance(a).data().indices;
        float speed = 0;
        for (const Vec3 &v : oldVel)
            speed = std::max(speed, length(v));
        QVERIFY(speed > 0.2f); // mid-jump: the state matters

        switching.setGraphicsLod(a, 1);
        QCOMPARE(switching.actorStatus(a).graphicsLod, 1);
        const ClothInstance &now = switching.instance(a);
        QCOMPARE(now.data().vertexCount, 49u);
        // On the old simulated surface, within the map's error.
        MeshDistance oldSurface(oldPos, oldIndices);
        const std::vector<Vec3> newVel = now.velocities();
        for (uint32_t i = 0; i < 7; ++i)
            for (uint32_t j = 0; j < 7; ++j) {
                const uint32_t v = j * 7 + i, old = (2 * j) * 13 + 2 * i;
                const float off = std::abs(oldSurface.query(now.positions()[v]).distance);
                QVERIFY2(off <= lods->transferError(0, 1) + 1e-5f, qPrintable(QString::number(off)));
                QVERIFY2(distance(now.positions()[v], oldPos[old]) < 1e-4f,
                         qPrintable(QString::number(distance(now.positions()[v], oldPos[old]))));
                QVERIFY2(distance(newVel[v], oldVel[old]) < 1e-3f * std::max(1.0f, speed),
                         qPrintable(QString::number(distance(newVel[v], oldVel[old]))));
            }
        // The frame after: the coarse mesh moves on as the fine one does, with no pop: its
        // vertices accelerate no more in this frame than the fine mesh's run that did not
        // switch (second differences of position over the frames before and after).
        play(switching, {a}, switchFrame, 1);
        const std::vector<Vec3> &after = switching.instance(a).positions();
        const std::vector<Vec3> &fine = reference.instance(r).positions();
        float accel = 0, fineAccel = 0;
        for (uint32_t i = 0; i < 7; ++i)
            for (uint32_t j = 0; j < 7; ++j) {
                const uint32_t v = j * 7 + i, old = (2 * j) * 13 + 2 * i;
                accel = std::max(accel, length(after[v] - oldPos[old] * 2.0f + before[old]));
                fineAccel = std::max(fineAccel, length(fine[old] - oldPos[old] * 2.0f + before[old]));
            }
        QVERIFY2(accel < 2.0f * fineAccel + 1e-3f,
                 qPrintable(QString("%1 against %2").arg(accel).arg(fineAccel)));
        // Back to LoD 0 (the same way), and bad input refused.
        switching.setGraphicsLod(a, 0);
        QCOMPARE(switching.instance(a).data().vertexCount, 169u);
        QVERIFY(allFinite(switching.instance(a).positions()));
        QVERIFY_THROWS_EXCEPTION(InputError, switching.setGraphicsLod(a, 2));
    }
};

QTEST_GUILESS_MAIN(TestClothScene)
#include "test_cloth_scene.moc"
