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
    /// TaskScheduler: every thread claims jobs until none is left.
    int concurrency() const override { return threads(); }
    void run(uint32_t count, TaskFunction job) override;

private:
    void workerLoop(int index);

    std::vector<std::thread> mWorkers;
    std::mutex mRunMutex;
    const std::function<void(int, int)> *mRegion = nullptr;
    std::atomic<uint64_t> mJob{0};
    std::atomic<int> mPending{0};
    std::atomic<bool> mStop{false};
};

} // namespace tweed
