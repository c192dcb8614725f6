// Internal to the cloth solver: the schedule of one update across threads. An update is a fixed
// sequence of phases, the same on every thread; a phase is cut into pieces that never touch the
// same data, which the threads share out (parallelFor) and count without a barrier.
#pragma once

#include "flush_denormals.h"

#include "tweed/sim/task_scheduler.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>

namespace tweed::sim {

/// Pieces of one parallel phase: each thread claims the pieces of its own share first (the same
/// share every phase, so a slab's data stays in one core's cache), then helps with the others'
/// unclaimed pieces, and leaves the phase when all are done. Since the pieces of a phase never
/// touch the same data, who runs which piece does not change a bit of the result; and a thread
/// the machine has descheduled holds up no more than the piece it took (the others take the
/// rest), unlike a barrier. One counter per cache line: a phase has the count of finished pieces
/// and, per thread, the pieces claimed in its share.
struct alignas(64) PhaseCounter
{
    std::atomic<uint32_t> value{0};
};

/// Where a thread is in the phases of one update.
struct PhaseCursor
{
    int thread = 0;
    uint32_t next = 0; ///< the phase number of the next parallelFor
};

/// The phase counters of an update on a fixed number of threads.
class PhaseSchedule
{
public:
    explicit PhaseSchedule(int threads = 1) : mThreads(threads) {}
    /// One thread runs the update and hands each phase's pieces to a foreign scheduler as jobs.
    explicit PhaseSchedule(TaskScheduler *dispatch) : mDispatch(dispatch) {}

    int threads() const { return mThreads; }
    bool dispatching() const { return mDispatch != nullptr; }

    /// The first of `count` pieces in a thread's share of a phase (see parallelFor).
    static uint32_t shareBegin(uint32_t count, uint32_t share, uint32_t threads)
    {
        return uint32_t(uint64_t(count) * share / threads);
    }

    /// Makes room for the counters of `phases` phases (allocates only when it needs more).
    void reserve(size_t phases)
    {
        if (mThreads > 1 && phases > mCapacity) {
            mCounters = std::make_unique<PhaseCounter[]>(phases * size_t(mThreads + 1));
            mCapacity = phases;
        }
    }

    /// Zeroes the counters of the first `phases` phases, before an update runs them.
    void reset(size_t phases)
    {
        reserve(phases); // allocated by the last reserve already
        for (size_t i = 0; i < phases * size_t(mThreads + 1); ++i)
            mCounters[i].value.store(0, std::memory_order_relaxed);
    }

    /// Takes the next `count` phases for a caller that counts its own work in them (see
    /// ClothInstance::Impl::hardPipeline): phase k's counter is at [k * (threads() + 1)].
    PhaseCounter *takePhases(PhaseCursor &cursor, uint32_t count)
    {
        PhaseCounter *first = &mCounters[size_t(cursor.next) * size_t(mThreads + 1)];
        cursor.next += count;
        return first;
    }

    // Runs work(i) for i in [0, count) as one phase (see PhaseCounter): every thread calls this
    // at the same point of the update, and returns once every piece is done.
    template <class Work>
    void parallelFor(PhaseCursor &cursor, uint32_t count, const Work &work)
    {
        if (mThreads == 1) {
            if (mDispatch && count > 1) {
                // Each job in the update's floating-point mode, whatever thread runs it.
                const auto job = [&work](uint32_t i) {
                    const FlushDenormals flush;
                    work(i);
                };
                mDispatch->run(count, TaskFunction(job));
                return;
            }
            for (uint32_t i = 0; i < count; ++i)
                work(i);
            return;
        }
        const uint32_t threads = uint32_t(mThreads);
        PhaseCounter *phase = &mCounters[size_t(cursor.next++) * (threads + 1)];
        std::atomic<uint32_t> &done = phase[0].value;
        for (uint32_t k = 0; k < threads; ++k) {
            // Its own share first, then the others' in turn.
            const uint32_t share = (uint32_t(cursor.thread) + k) % threads;
            const uint32_t begin = shareBegin(count, share, threads);
            const uint32_t size = shareBegin(count, share + 1, threads) - begin;
            std::atomic<uint32_t> &claimed = phase[1 + share].value;
            if (claimed.load(std::memory_order_relaxed) >= size)
                continue;
            for (;;) {
                const uint32_t i = claimed.fetch_add(1, std::memory_order_relaxed);
                if (i >= size)
                    break;
                work(begin + i);
                done.fetch_add(1, std::memory_order_release);
            }
        }
        waitUntil(done, count);
    }

    /// Spins briefly until the counter reaches `value`, then yields the core (the thread we
    /// wait for may need it).
    static void waitUntil(const std::atomic<uint32_t> &counter, uint32_t value)
    {
        for (int spins = 0; counter.load(std::memory_order_acquire) < value; ++spins) {
            if (spins < 256)
                pause();
            else
                std::this_thread::yield();
        }
    }

private:
    static void pause()
    {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }

    int mThreads = 1;
    TaskScheduler *mDispatch = nullptr; ///< owned by the instance (its options)
    std::unique_ptr<PhaseCounter[]> mCounters; ///< threads + 1 per phase (see PhaseCounter)
    size_t mCapacity = 0;
};

} // namespace tweed::sim
