// The run time's parallel work goes through this small interface, so that a game engine can run
// it on its own job system: "run these N jobs and wait". The built-in thread pool
// (SimThreadPool) is one implementation and the default. Jobs handed to a scheduler never
// depend on each other, so any order, any threads, and any number of threads give the same
// bits (tests/sim/test_cloth_scene.cpp runs them in reverse order and on foreign threads).
#pragma once

#include <cstdint>
#include <type_traits>

namespace tweed {

/// A non-owning reference to a callable job(index): cheap to pass, never allocates.
class TaskFunction
{
public:
    template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, TaskFunction>>>
    TaskFunction(const F &f) // NOLINT(google-explicit-constructor): passed like a std::function
        : mContext(&f), mCall([](const void *context, uint32_t i) {
              (*static_cast<const F *>(context))(i);
          })
    {
    }
    /// A C callback and its context (the C API's scheduler callbacks).
    TaskFunction(void (*call)(const void *, uint32_t), const void *context)
        : mContext(context), mCall(call)
    {
    }
    void operator()(uint32_t i) const { mCall(mContext, i); }

private:
    const void *mContext;
    void (*mCall)(const void *, uint32_t);
};

class TaskScheduler
{
public:
    virtual ~TaskScheduler() = default;
    /// Jobs the scheduler can run at the same time (at least 1): a hint for how finely the run
    /// time cuts its work.
    virtual int concurrency() const = 0;
    /// Runs job(i) for every i in [0, count) and returns when all have finished. The jobs are
    /// independent: they may run in any order, on any threads, at once or one after another.
    /// A job never calls run() on the same scheduler.
    virtual void run(uint32_t count, TaskFunction job) = 0;
};

} // namespace tweed
