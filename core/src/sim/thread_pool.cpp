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

void SpinBarrier::wait()
{
    if (mThreads <= 1)
        return;
    const uint32_t generation = mGeneration.load(std::memory_order_acquire);
    if (mArrived.fetch_add(1, std::memory_order_acq_rel) + 1 == uint32_t(mThreads)) {
        mArrived.store(0, std::memory_order_relaxed);
        mGeneration.fetch_add(1, std::memory_order_seq_cst);
        if (mSleepers.load(std::memory_order_seq_cst) > 0)
            mGeneration.notify_all();
        return;
    }
    // Spin briefly (the other thread is usually microseconds away), then sleep in the kernel:
    // on a machine with more threads than cores, spinning would starve the thread we wait for.
    for (int spins = 0; spins < 2000; ++spins) {
        if (mGeneration.load(std::memory_order_acquire) != generation)
            return;
        TWEED_PAUSE();
    }
    mSleepers.fetch_add(1, std::memory_order_seq_cst);
    while (mGeneration.load(std::memory_order_seq_cst) == generation)
        mGeneration.wait(generation, std::memory_order_seq_cst);
    mSleepers.fetch_sub(1, std::memory_order_relaxed);
}

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
