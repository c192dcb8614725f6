// Worker threads the cloth solver splits its work across. One pool may serve many cloth
// instances, one update at a time. The solver cuts each phase into pieces that never touch the
// same data and threads claim them in any order, so results are bit-identical with any thread
// count. It is the default TaskScheduler.
#pragma once

#include "tweed/sim/task_scheduler.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tweed {

class SimThreadPool : public TaskScheduler
{
public:
    /// threads counts the calling thread: 2 starts one worker. Throws InputError below 1 or
    /// above 64.
    explicit SimThreadPool(int threads);
    ~SimThreadPool() override;
    SimThreadPool(const SimThreadPool &) = delete;
    SimThreadPool &operator=(const SimThreadPool &) = delete;

    int threads() const { return int(mWorkers.size()) + 1; }
    /// Runs region(thread, threads) on every thread (the caller is thread 0) and returns when
    /// all have finished. Calls from different threads are serialised.
    void run(const std::function<void(int, int)> &region);
    /// Like run, for a region that shares its work out so that any of the threads running it
    /// can finish it alone: the caller runs region(0, threads); a worker runs it only if it
    /// starts before the caller's has returned (a worker the machine has not scheduled, or
    /// that sleeps, is not waited for). Returns once the caller's region and those of the
    /// workers that started have returned.
    void runJoinable(const std::function<void(int, int)> &region);
    /// TaskScheduler: every thread claims jobs until none is left.
    int concurrency() const override { return threads(); }
    void run(uint32_t count, TaskFunction job) override;

private:
    void workerLoop(int index);
    /// Publishes a region to the workers; with `joinable`, until the caller closes it.
    void start(const std::function<void(int, int)> &region, bool joinable);

    /// A joinable run's entry: its job number times kEntryJob, plus kEntryClosed once the
    /// caller's region has returned, plus the workers that joined it.
    static constexpr uint64_t kEntryJob = 256, kEntryClosed = 128;

    std::vector<std::thread> mWorkers;
    std::mutex mRunMutex;
    const std::function<void(int, int)> *mRegion = nullptr;
    std::atomic<uint64_t> mJob{0};
    std::atomic<int> mPending{0};
    std::atomic<uint64_t> mEntry{0}; ///< the joinable run's (see kEntryJob)
    std::atomic<int> mLeft{0};       ///< the workers that joined it and returned
    std::atomic<bool> mStop{false};
};

} // namespace tweed
