// The solver's threads when the machine does not run them: an update on a pool whose worker is
// stopped (as a busy machine deschedules it) finishes on the calling thread alone, with the
// bits of one thread; and a thread waiting long for another sleeps rather than spin.
#include "sim_test_meshes.h"
#include "hang_scene.h"

#include "../../core/src/sim/schedule.h" // internal: the phases' waits

#include "tweed/sim/cloth_instance.h"
#include "tweed/sim/thread_pool.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <csignal>
#include <ctime>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace tweed;
using namespace tweed::test;

namespace {

#if defined(__linux__)
std::atomic<bool> gHeld{false}, gRelease{false};

/// A signal handler that keeps the thread it runs on until the test releases it.
void holdThread(int)
{
    gHeld.store(true);
    while (!gRelease.load()) {
        const timespec pause{0, 1000000};
        nanosleep(&pause, nullptr);
    }
}

/// Stops thread `tid` of this process (in holdThread) until release() or destruction.
class StoppedThread
{
public:
    explicit StoppedThread(long tid)
    {
        gHeld = false;
        gRelease = false;
        struct sigaction action = {};
        action.sa_handler = holdThread;
        sigemptyset(&action.sa_mask);
        sigaction(SIGUSR1, &action, &mOld);
        syscall(SYS_tgkill, long(getpid()), tid, SIGUSR1);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!gHeld.load() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ~StoppedThread()
    {
        release();
        sigaction(SIGUSR1, &mOld, nullptr);
    }
    StoppedThread(const StoppedThread &) = delete;
    StoppedThread &operator=(const StoppedThread &) = delete;
    bool held() const { return gHeld.load(); }
    void release() { gRelease.store(true); }

private:
    struct sigaction mOld = {};
};
#endif

} // namespace

class TestSolverThreads : public QObject
{
    Q_OBJECT

private slots:
    void updateFinishesWhileAWorkerIsStopped()
    {
#if !defined(__linux__)
        QSKIP("stops a thread with a signal (Linux)");
#else
        // The hang at N = 96 with the hard constraints (their pipeline's stages are each
        // thread's own) on a pool of two, whose worker waits in a signal handler through the
        // whole run: the calling thread takes every piece of work itself.
        const int n = 96;
        const PhysicsMesh mesh = test::hangMesh(n);
        const auto data = test::hangClothData(mesh);
        SimulationSettings s = test::hangSettings(2);
        QVERIFY(s.hardStretchLimit);
        auto run = [&](const std::shared_ptr<SimThreadPool> &pool) {
            ClothInstanceOptions o;
            o.pool = pool;
            ClothInstance cloth(data, s, o);
            [&] { QCOMPARE(cloth.threadCount(), pool ? pool->threads() : 1); }();
            ClothFrame frame = test::startHang(cloth, n);
            for (int step = 0; step < 20; ++step)
                cloth.update(frame);
            return cloth.positions();
        };
        const std::vector<Vec3> one = run(nullptr);
        QVERIFY(allFinite(one));
        auto pool = std::make_shared<SimThreadPool>(2);
        std::atomic<long> worker{0};
        pool->run([&](int thread, int) {
            if (thread == 1)
                worker = long(syscall(SYS_gettid));
        });
        QVERIFY(worker.load() != 0);
        std::vector<Vec3> two;
        {
            StoppedThread stopped(worker.load());
            QVERIFY(stopped.held());
            auto update = std::async(std::launch::async, [&] { return run(pool); });
            // One thread does it in well under a second; before, the calling thread waited
            // for the worker's stage of the hard constraints until the worker ran again.
            const bool finished =
                update.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
            stopped.release();
            two = update.get();
            QVERIFY2(finished, "the update waited for the stopped worker");
        }
        QCOMPARE(two.size(), one.size());
        QVERIFY(std::memcmp(two.data(), one.data(), one.size() * sizeof(Vec3)) == 0);
        // The worker, running again, joins the next updates and the bits stay the same.
        const std::vector<Vec3> again = run(pool);
        QVERIFY(std::memcmp(again.data(), one.data(), one.size() * sizeof(Vec3)) == 0);
#endif
    }

    void volumeImpulsesAreTheSameBitsOnAnyThreads()
    {
        // Two-way interaction: the hang at N = 96 (nine vertex pieces) drapes over a sphere in
        // its middle, which touches rows of most pieces; the impulse the cloth reports on it is
        // summed piece by piece in a fixed order, whichever thread ran a piece, so every
        // thread count (and a second run, other timings) gives the bits of one thread.
        const int n = 96;
        const PhysicsMesh mesh = test::hangMesh(n);
        const auto data = test::hangClothData(mesh);
        SimulationSettings s = test::hangSettings(1);
        s.twoWayInteraction = true;
        auto run = [&](int threads) {
            ClothInstanceOptions o;
            if (threads > 1)
                o.pool = std::make_shared<SimThreadPool>(threads);
            o.minVerticesPerThread = 0;
            ClothInstance cloth(data, s, o);
            CollisionVolume sphere = test::hangSphere(n);
            const float L = float(n - 1) * 0.01f;
            sphere.radius = 0.4f * L;
            sphere.local.translation = {0.0f, 0.5f * L, 0.3f * L};
            cloth.setCollisionVolumes({sphere});
            ClothFrame frame;
            frame.dt = 1.0f / 60;
            cloth.reset(frame);
            std::vector<Vec3> impulses;
            for (int step = 0; step < 30; ++step) {
                cloth.update(frame);
                impulses.push_back(cloth.volumeImpulses().at(0));
            }
            return impulses;
        };
        const std::vector<Vec3> one = run(1);
        // The cloth lies on the sphere: it pushes it away from the cloth's plane (-z side).
        QVERIFY(one.back().z > 0);
        for (const int threads : {2, 3, 2}) {
            const std::vector<Vec3> many = run(threads);
            QVERIFY2(std::memcmp(many.data(), one.data(), one.size() * sizeof(Vec3)) == 0,
                     qPrintable(QString("%1 threads").arg(threads)));
        }
    }

    void aThreadWaitingLongSleeps()
    {
#if !defined(__linux__)
        QSKIP("reads a thread's processor time (Linux)");
#else
        // Two threads share a phase of two pieces; whichever takes piece 0 holds it for
        // 400 ms (as a thread the machine has descheduled), and the other, done with its own,
        // waits for it. It sleeps after about 50 us of spinning: well under 20 ms of processor
        // time, where a wait that yields its core again and again spent most of the 400 ms
        // (99 ms with seven other processes on two cores). Then a second phase
        // runs normally, on both threads.
        sim::PhaseSchedule schedule(2);
        schedule.reset(2);
        std::atomic<int> held{-1};
        double cpuMs[2] = {0, 0};
        std::vector<int> ran(64, 0);
        auto thread = [&](int t) {
            sim::PhaseCursor cursor;
            cursor.thread = t;
            timespec c0{}, c1{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
            schedule.parallelFor(cursor, 2, [&](uint32_t i) {
                if (i != 0)
                    return;
                held = t;
                std::this_thread::sleep_for(std::chrono::milliseconds(400));
            });
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
            cpuMs[t] = double(c1.tv_sec - c0.tv_sec) * 1e3 + double(c1.tv_nsec - c0.tv_nsec) * 1e-6;
            schedule.parallelFor(cursor, uint32_t(ran.size()), [&](uint32_t i) { ++ran[i]; });
        };
        std::thread other(thread, 1);
        thread(0);
        other.join();
        QVERIFY(held.load() == 0 || held.load() == 1);
        const double waiterMs = cpuMs[1 - held.load()];
        QVERIFY2(waiterMs < 20.0, qPrintable(QString("the waiting thread spent %1 ms").arg(waiterMs)));
        for (const int count : ran)
            QCOMPARE(count, 1);
#endif
    }

    void jobsFinishWhileAWorkerIsStopped()
    {
#if !defined(__linux__)
        QSKIP("stops a thread with a signal (Linux)");
#else
        // The pool as a TaskScheduler: with its worker stopped, the caller runs every job.
        SimThreadPool pool(2);
        std::atomic<long> worker{0};
        pool.run([&](int thread, int) {
            if (thread == 1)
                worker = long(syscall(SYS_gettid));
        });
        StoppedThread stopped(worker.load());
        QVERIFY(stopped.held());
        std::vector<int> ran(1000, 0);
        auto jobs = std::async(std::launch::async, [&] {
            pool.run(uint32_t(ran.size()), TaskFunction([&](uint32_t i) { ++ran[i]; }));
        });
        const bool finished = jobs.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
        stopped.release();
        jobs.get();
        QVERIFY2(finished, "the jobs waited for the stopped worker");
        for (const int count : ran)
            QCOMPARE(count, 1);
#endif
    }
};

QTEST_APPLESS_MAIN(TestSolverThreads)
#include "test_solver_threads.moc"
