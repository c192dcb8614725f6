#include "tweed/sim/thread_pool.h"

#include "tweed/errors.h"

#include <string>

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
#include <immintrin.h>
#define TWEED_PAUSE() _mm_pause()
#else
#define TWEED_PAUSE() ((void)0)
#endif

namespace tweed {

SimThreadPool::SimThreadPool(int threads)
{
    if (threads < 1 || threads > 64)
        throw InputError("solver threads must be between 1 and 64, not " +
                         std::to_string(threads));
    for (int i = 1; i < threads; ++i)
        mWorkers.emplace_back([this, i] { workerLoop(i); });
}

SimThreadPool::~SimThreadPool()
{
    mStop.store(true);
    mJob.fetch_add(1);
    mJob.notify_all();
    for (std::thread &t : mWorkers)
        t.join();
}

// mJob counts the runs, twice over: its lowest bit says whether the run is joinable, so that
// a worker reads both at once (a late worker may find the next run already started).
void SimThreadPool::start(const std::function<void(int, int)> &region, bool joinable)
{
    mRegion = &region;
    const uint64_t job = (mJob.load(std::memory_order_relaxed) | 1) + 1 + (joinable ? 1 : 0);
    if (joinable) {
        mLeft.store(0, std::memory_order_relaxed);
        mEntry.store((job >> 1) * kEntryJob, std::memory_order_relaxed);
    } else {
        mPending.store(threads() - 1, std::memory_order_relaxed);
    }
    mJob.store(job, std::memory_order_release);
    mJob.notify_all();
}

namespace {
/// Spins, then sleeps, until `counter` reaches `value` (its writers notify it): a worker the
/// machine has descheduled gets the core the yields of a spinning wait took.
void waitFor(const std::atomic<int> &counter, int value)
{
    for (int spins = 0; spins < 4000; ++spins) {
        if (counter.load(std::memory_order_acquire) == value)
            return;
        TWEED_PAUSE();
    }
    for (int seen = counter.load(std::memory_order_acquire); seen != value;
         seen = counter.load(std::memory_order_acquire))
        counter.wait(seen, std::memory_order_acquire);
}
} // namespace

void SimThreadPool::run(const std::function<void(int, int)> &region)
{
    std::lock_guard lock(mRunMutex);
    const int n = threads();
    if (n == 1) {
        region(0, 1);
        return;
    }
    start(region, false);
    region(0, n);
    waitFor(mPending, 0);
    mRegion = nullptr;
}

void SimThreadPool::runJoinable(const std::function<void(int, int)> &region)
{
    std::lock_guard lock(mRunMutex);
    const int n = threads();
    if (n == 1) {
        region(0, 1);
        return;
    }
    start(region, true);
    region(0, n);
    // Closed: a worker that has not joined yet no longer will; those that have, we wait for.
    const uint64_t entry = mEntry.fetch_or(kEntryClosed, std::memory_order_acq_rel);
    const int joined = int(entry % kEntryClosed);
    waitFor(mLeft, joined);
    mRegion = nullptr;
}

void SimThreadPool::run(uint32_t count, TaskFunction job)
{
    if (count <= 1 || threads() == 1) {
        for (uint32_t i = 0; i < count; ++i)
            job(i);
        return;
    }
    struct Claim
    {
        std::atomic<uint32_t> next{0};
        uint32_t count;
        TaskFunction job;
    } claim{{}, count, job};
    Claim *c = &claim; // one pointer: the std::function stores it without allocating
    runJoinable([c](int, int) {
        for (uint32_t i = c->next.fetch_add(1); i < c->count; i = c->next.fetch_add(1))
            c->job(i);
    });
}

void SimThreadPool::workerLoop(int index)
{
    uint64_t seen = 0;
    while (true) {
        // Spin a little before sleeping, for runs that follow at once (the steps of a frame,
        // one instance after another). Since an update does not wait for a worker that is late
        // (runJoinable), spinning longer buys nothing: 20,000 pauses (about 0.5 ms) spun 20%
        // of the hang's samples on two threads of a busy machine, most of it while the
        // calling thread was descheduled between updates; 2,000 (about 50 us) used 15% less
        // processor time over the run, and the step time stayed within noise (8.5 against
        // 8.7 ns per vertex-iteration, medians of six).
        uint64_t job = mJob.load(std::memory_order_acquire);
        for (int spins = 0; job == seen && spins < 2000; ++spins) {
            TWEED_PAUSE();
            job = mJob.load(std::memory_order_acquire);
        }
        while (job == seen) {
            mJob.wait(seen, std::memory_order_acquire);
            job = mJob.load(std::memory_order_acquire);
        }
        seen = job;
        if (mStop.load())
            return;
        if ((job & 1) == 0) { // run: every worker runs the region
            (*mRegion)(index, threads());
            mPending.fetch_sub(1, std::memory_order_acq_rel);
            mPending.notify_one(); // cheap while the caller spins (no waiter)
            continue;
        }
        // runJoinable: join unless the caller has closed the run (or started a later one).
        uint64_t entry = mEntry.load(std::memory_order_acquire);
        bool joined = false;
        while (!joined && entry / kEntryJob == job >> 1 && (entry & kEntryClosed) == 0)
            joined = mEntry.compare_exchange_weak(entry, entry + 1, std::memory_order_acq_rel,
                                                  std::memory_order_acquire);
        if (joined) {
            (*mRegion)(index, threads());
            mLeft.fetch_add(1, std::memory_order_release);
            mLeft.notify_one();
        }
    }
}

} // namespace tweed
