// tweed-bench: the benchmarks of tests/bench. Not a test: it measures and prints figures.
#include "bench.h"

#include <cstdio>
#include <map>

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
