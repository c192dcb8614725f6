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

void SimThreadPool::run(const std::function<void(int, int)> &region)
{
    std::lock_guard lock(mRunMutex);
    const int n = threads();
    if (n == 1) {
        region(0, 1);
        return;
    }
    mRegion = &region;
    mPending.store(n - 1, std::memory_order_relaxed);
    mJob.fetch_add(1, std::memory_order_release);
    mJob.notify_all();
    region(0, n);
    int spins = 0;
    while (mPending.load(std::memory_order_acquire) != 0) {
        if (++spins < 4000)
            TWEED_PAUSE();
        else
            std::this_thread::yield();
    }
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
    run([c](int, int) {
        for (uint32_t i = c->next.fetch_add(1); i < c->count; i = c->next.fetch_add(1))
            c->job(i);
    });
}

void SimThreadPool::workerLoop(int index)
{
    uint64_t seen = 0;
    while (true) {
        // Spin a little before sleeping: frames come every few milliseconds.
        uint64_t job = mJob.load(std::memory_order_acquire);
        for (int spins = 0; job == seen && spins < 20000; ++spins) {
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
        (*mRegion)(index, threads());
        mPending.fetch_sub(1, std::memory_order_acq_rel);
    }
}

} // namespace tweed
