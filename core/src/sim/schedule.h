// Internal to the cloth solver: the schedule of one update across threads. An update is a fixed
// sequence of phases, the same on every thread; a phase is cut into pieces that never touch the
// same data, which the threads share out (parallelFor) and count without a barrier.
#pragma once

#include "flush_denormals.h"

#include "tweed/sim/task_scheduler.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

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
    uint32_t round = 0; ///< the rounds of OrderedRounds::run this thread has run
};

/// Lets a thread that has waited long sleep until another makes progress, instead of yielding
/// its core again and again: a thread the machine has descheduled then gets the core (and the
/// process's share of the machine) it needs to go on, which the yields took. Each change another
/// thread may wait for (a piece, stage or task finished) calls made(), which costs a fence and a
/// load while nobody sleeps.
class Progress
{
public:
    void made()
    {
        // Either a thread that registers as a sleeper after this fence sees the change in its
        // next check, or we see it registered and wake it (see Waiting::turn).
        std::atomic_thread_fence(std::memory_order_seq_cst);
        if (mSleepers.load(std::memory_order_relaxed) != 0) {
            mEpoch.fetch_add(1, std::memory_order_release);
            mEpoch.notify_all();
        }
    }

    /// A thread starts or ends its part of an update: a thread alone in it takes the others'
    /// work without waiting for them (see Waiting::patient).
    void enter() { mRunning.fetch_add(1, std::memory_order_relaxed); }
    void leave() { mRunning.fetch_sub(1, std::memory_order_relaxed); }

private:
    friend class Waiting;
    std::atomic<uint32_t> mEpoch{0}; ///< counts the changes made while a thread slept
    std::atomic<int> mSleepers{0};
    std::atomic<int> mRunning{0}; ///< threads in the update (see enter)
};

/// One wait of a thread for others: its loop checks its condition (and tries other work), and
/// calls turn() each time round while the condition fails. The first kWaitSpins turns pause
/// (about 50 us on Zen 4); the next registers the thread as a sleeper (the loop checks once
/// more), and each one after sleeps until another thread has made progress (see Progress).
/// Without a Progress, the turns after the pauses yield the core.
class Waiting
{
public:
    /// Pauses before sleeping. The threads wait on each other many times a step: on a busy
    /// machine, giving up the core after a few microseconds hands it to another process for a
    /// time slice, and spinning for long burns the time the thread waited for needs. The hang
    /// at N = 128 on two threads, with other work running, spins alternated (then yielding):
    /// 256 pauses 33-46 ns per vertex-iteration (median 41), 2,000 pauses 5.1-71 (median 40),
    /// 20,000 pauses 5.1-268 (median 217).
    static constexpr int kWaitSpins = 2000;
    /// Pauses (about 10 us) before a waiting thread takes work another thread owns: the owner,
    /// if it runs, takes it in a few microseconds from its own cache, where the other core
    /// runs it several times slower (on two threads the hang's hard constraints took four
    /// times their one-thread processor time, a third of their stages run by the other
    /// thread).
    static constexpr int kStealSpins = 400;

    explicit Waiting(Progress *progress) : mProgress(progress) {}
    ~Waiting() { wake(); }
    Waiting(const Waiting &) = delete;
    Waiting &operator=(const Waiting &) = delete;

    void turn()
    {
        if (mSpins < kWaitSpins) {
            ++mSpins;
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#endif
            return;
        }
        if (!mProgress) {
            std::this_thread::yield();
            return;
        }
        if (!mRegistered) {
            mProgress->mSleepers.fetch_add(1, std::memory_order_seq_cst);
            mSeen = mProgress->mEpoch.load(std::memory_order_acquire);
            mRegistered = true;
            return; // the caller checks once more before we sleep
        }
        mProgress->mEpoch.wait(mSeen, std::memory_order_acquire);
        mSeen = mProgress->mEpoch.load(std::memory_order_acquire);
    }

    /// Whether the wait is shorter than kStealSpins pauses, and another thread is in the
    /// update (a worker that has not joined it runs nothing of it).
    bool patient() const
    {
        return mSpins < kStealSpins && mProgress &&
               mProgress->mRunning.load(std::memory_order_relaxed) > 1;
    }

    /// After the waiting thread itself did some work: pause again before sleeping (no longer
    /// patient: the owners it took work from are late).
    void restart()
    {
        wake();
        mSpins = kStealSpins;
    }

private:
    void wake()
    {
        if (mRegistered)
            mProgress->mSleepers.fetch_sub(1, std::memory_order_relaxed);
        mRegistered = false;
    }

    Progress *mProgress;
    int mSpins = 0;
    bool mRegistered = false;
    uint32_t mSeen = 0;
};

/// The phase counters of an update on a fixed number of threads.
class PhaseSchedule
{
public:
    explicit PhaseSchedule(int threads = 1)
        : mThreads(threads), mProgress(threads > 1 ? std::make_unique<Progress>() : nullptr)
    {
    }
    /// One thread runs the update and hands each phase's pieces to a foreign scheduler as jobs.
    explicit PhaseSchedule(TaskScheduler *dispatch) : mDispatch(dispatch) {}

    int threads() const { return mThreads; }
    bool dispatching() const { return mDispatch != nullptr; }
    /// What the threads of an update wait on (null on one thread).
    Progress *progress() const { return mProgress.get(); }

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
        // Claims and runs one piece of `share`; false when none is left.
        const auto runOne = [&](uint32_t share) {
            std::atomic<uint32_t> &claimed = phase[1 + share].value;
            const uint32_t begin = shareBegin(count, share, threads);
            const uint32_t size = shareBegin(count, share + 1, threads) - begin;
            if (claimed.load(std::memory_order_relaxed) >= size)
                return false;
            const uint32_t i = claimed.fetch_add(1, std::memory_order_relaxed);
            if (i >= size)
                return false;
            work(begin + i);
            done.fetch_add(1, std::memory_order_release);
            mProgress->made();
            return true;
        };
        const uint32_t own = uint32_t(cursor.thread);
        while (runOne(own)) {
        }
        // Then the others' pieces, once their owners seem not to run (see Waiting::patient;
        // a phase with fewer pieces than threads at once: its owners are fixed by the count).
        Waiting wait(mProgress.get());
        while (done.load(std::memory_order_acquire) < count) {
            bool ran = false;
            if (count < threads || !wait.patient())
                for (uint32_t k = 1; k < threads && !ran; ++k)
                    ran = runOne((own + k) % threads);
            if (ran)
                wait.restart();
            else
                wait.turn();
        }
    }

private:
    int mThreads = 1;
    TaskScheduler *mDispatch = nullptr; ///< owned by the instance (its options)
    std::unique_ptr<PhaseCounter[]> mCounters; ///< threads + 1 per phase (see PhaseCounter)
    std::unique_ptr<Progress> mProgress; ///< on a heap of its own: the schedule moves
    size_t mCapacity = 0;
};

/// Tasks repeated in rounds, whose serial order is round by round, task by task (task 0 of
/// round 0, task 1 of round 0, ..., task 0 of round 1, ...): each task waits only for the tasks
/// it conflicts with (that touch data it touches) to reach the point the serial order puts
/// them at: a conflicting task before it in a round has run this round, one after it has run
/// the last round. So any two conflicting tasks run in the serial order on any number of
/// threads (the same bits), and no barrier parts the rounds: a thread goes on to its next task
/// while another is still on a task it does not conflict with (the solver's slabs: a thread
/// waits only at its slab's borders, and only when the neighbouring thread is behind). Each
/// task has an owner thread, which runs it in a fixed order among its own; a thread that has
/// to wait runs instead another's task that is ready and not yet taken, so a thread the
/// machine has descheduled holds up no more than the task it is on. Per task, on cache lines
/// of their own, the rounds it has run and the rounds taken.
class OrderedRounds
{
public:
    /// `owner` per task (a thread below `threads`); `conflicts`: pairs of tasks that touch the
    /// same data, in any order (repeats allowed). `order`: every task once, the order the
    /// threads run them in; it must put a task after every task before it in the serial order
    /// that it conflicts with (then the first task not run is always ready). The threads
    /// wait on `progress` (see Waiting).
    void build(const std::vector<uint32_t> &order, const std::vector<uint32_t> &owner,
               const std::vector<std::pair<uint32_t, uint32_t>> &conflicts, int threads,
               Progress *progress)
    {
        mProgress = progress;
        const uint32_t count = uint32_t(owner.size());
        mOrder = order;
        mOwned.assign(size_t(threads), {});
        for (const uint32_t t : order)
            mOwned[owner[t]].push_back(t);
        std::vector<std::vector<uint32_t>> lists(count);
        for (const auto &[a, b] : conflicts)
            if (a != b) {
                lists[a].push_back(b);
                lists[b].push_back(a);
            }
        mDependencyBegin.assign(1, 0);
        mDependencies.clear();
        for (std::vector<uint32_t> &list : lists) {
            std::sort(list.begin(), list.end());
            list.erase(std::unique(list.begin(), list.end()), list.end());
            mDependencies.insert(mDependencies.end(), list.begin(), list.end());
            mDependencyBegin.push_back(uint32_t(mDependencies.size()));
        }
        mDone = std::make_unique<PhaseCounter[]>(count);
        mTaken = std::make_unique<PhaseCounter[]>(count);
        mCount = count;
    }

    uint32_t taskCount() const { return mCount; }

    /// Zeroes the rounds, before an update runs them (no thread running).
    void reset()
    {
        for (uint32_t t = 0; t < mCount; ++t) {
            mDone[t].value.store(0, std::memory_order_relaxed);
            mTaken[t].value.store(0, std::memory_order_relaxed);
        }
    }

    /// Runs round `cursor.round` (counted from the last reset) of the tasks `cursor.thread`
    /// owns, and of others' when it would wait: work(task, round), where round may be an
    /// earlier one (of a thread behind). Every thread runs every round, in order.
    template <class Work> void run(PhaseCursor &cursor, const Work &work)
    {
        const uint32_t round = cursor.round++;
        for (const uint32_t task : mOwned[size_t(cursor.thread)]) {
            Waiting wait(mProgress);
            while (!ready(task, round)) {
                if (mTaken[task].value.load(std::memory_order_relaxed) > round)
                    break; // another thread took it
                if (!wait.patient() && runAnother(round, work))
                    wait.restart();
                else
                    wait.turn();
            }
            tryRun(task, round, work);
        }
    }

    /// Waits until every task has run `rounds` rounds, running others' tasks meanwhile.
    template <class Work> void finish(uint32_t rounds, const Work &work)
    {
        for (uint32_t t = 0; t < mCount; ++t) {
            Waiting wait(mProgress);
            while (mDone[t].value.load(std::memory_order_acquire) < rounds) {
                if (!wait.patient() && runAnother(rounds - 1, work))
                    wait.restart();
                else
                    wait.turn();
            }
        }
    }

private:
    /// Whether `task` may run round `round`: its last round is done, and so is every round of
    /// a conflicting task the serial order puts before it.
    bool ready(uint32_t task, uint32_t round) const
    {
        if (mDone[task].value.load(std::memory_order_acquire) < round)
            return false;
        for (uint32_t k = mDependencyBegin[task]; k < mDependencyBegin[task + 1]; ++k) {
            const uint32_t other = mDependencies[k];
            if (mDone[other].value.load(std::memory_order_acquire) <
                (other < task ? round + 1 : round))
                return false;
        }
        return true;
    }

    /// Runs round `round` of `task` unless another thread has taken it.
    template <class Work> bool tryRun(uint32_t task, uint32_t round, const Work &work)
    {
        uint32_t expected = round;
        if (!mTaken[task].value.compare_exchange_strong(expected, round + 1,
                                                        std::memory_order_relaxed))
            return false;
        work(task, round);
        mDone[task].value.store(round + 1, std::memory_order_release);
        if (mProgress)
            mProgress->made();
        return true;
    }

    /// Runs one task of any thread that is ready and not taken, of a round up to `round`.
    template <class Work> bool runAnother(uint32_t round, const Work &work)
    {
        for (const uint32_t task : mOrder) {
            const uint32_t taken = mTaken[task].value.load(std::memory_order_relaxed);
            if (taken <= round && ready(task, taken) && tryRun(task, taken, work))
                return true;
        }
        return false;
    }

    std::vector<uint32_t> mOrder; ///< every task, in the order they run
    std::vector<std::vector<uint32_t>> mOwned; ///< per thread, its tasks in order
    std::vector<uint32_t> mDependencyBegin, mDependencies; ///< per task, the tasks it conflicts with
    std::unique_ptr<PhaseCounter[]> mDone;  ///< per task, the rounds it has run
    std::unique_ptr<PhaseCounter[]> mTaken; ///< per task, the rounds a thread has taken
    uint32_t mCount = 0;
    Progress *mProgress = nullptr; ///< the schedule's
};

} // namespace tweed::sim
