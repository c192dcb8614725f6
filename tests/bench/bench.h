// tweed-bench's scenarios register themselves here: `tweed-bench NAME [options]`.
#pragma once

#include "tweed/meshproc/garment.h"
#include "tweed/meshproc/import.h"

#include <functional>
#include <string>
#include <vector>

namespace tweed::bench {

/// The median of the values (0 for none).
double median(std::vector<double> values);
/// Wall-clock seconds one call of f takes.
double wallSeconds(const std::function<void()> &f);
/// CPU seconds of the calling thread and of the whole process, now: on a shared machine wall
/// time mostly measures the neighbours.
double threadCpuNow();
double processCpuNow();
/// CPU seconds of the calling thread one call of f takes.
double threadCpuSeconds(const std::function<void()> &f);
/// The median of `runs` calls of f timed by `timer` (wallSeconds or threadCpuSeconds).
double medianSeconds(int runs, const std::function<void()> &f,
                     double (*timer)(const std::function<void()> &) = wallSeconds);

/// Runs a scenario with the arguments after its name; returns the process exit code.
using Scenario = std::function<int(const std::vector<std::string> &args)>;

/// Called from a static initialiser in each scenario's source file.
bool registerScenario(const std::string &name, const std::string &summary, Scenario run);

} // namespace tweed::bench
