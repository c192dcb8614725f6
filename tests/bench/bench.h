// tweed-bench's scenarios register themselves here: `tweed-bench NAME [options]`.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tweed::bench {

/// Runs a scenario with the arguments after its name; returns the process exit code.
using Scenario = std::function<int(const std::vector<std::string> &args)>;

/// Called from a static initialiser in each scenario's source file.
bool registerScenario(const std::string &name, const std::string &summary, Scenario run);

} // namespace tweed::bench
