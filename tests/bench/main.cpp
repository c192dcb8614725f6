// tweed-bench: the benchmarks of tests/bench. Not a test: it measures and prints figures.
#include "bench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <time.h>

namespace tweed::bench {
namespace {

struct Entry
{
    std::string summary;
    Scenario run;
};

std::map<std::string, Entry> &scenarios()
{
    static std::map<std::string, Entry> s;
    return s;
}

} // namespace

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

double wallSeconds(const std::function<void()> &f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

static double clockSeconds(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

double threadCpuNow() { return clockSeconds(CLOCK_THREAD_CPUTIME_ID); }
double processCpuNow() { return clockSeconds(CLOCK_PROCESS_CPUTIME_ID); }

double threadCpuSeconds(const std::function<void()> &f)
{
    const double t0 = threadCpuNow();
    f();
    return threadCpuNow() - t0;
}

double medianSeconds(int runs, const std::function<void()> &f,
                     double (*timer)(const std::function<void()> &))
{
    std::vector<double> t;
    for (int r = 0; r < runs; ++r)
        t.push_back(timer(f));
    return median(t);
}

bool registerScenario(const std::string &name, const std::string &summary, Scenario run)
{
    scenarios()[name] = {summary, std::move(run)};
    return true;
}

} // namespace tweed::bench

int main(int argc, char **argv)
{
    using namespace tweed::bench;
    if (argc < 2 || !scenarios().count(argv[1])) {
        std::fprintf(stderr, "usage: tweed-bench SCENARIO [options]\nscenarios:\n");
        for (auto &[name, e] : scenarios())
            std::fprintf(stderr, "  %-12s %s\n", name.c_str(), e.summary.c_str());
        return 1;
    }
    return scenarios()[argv[1]].run(std::vector<std::string>(argv + 2, argv + argc));
}
