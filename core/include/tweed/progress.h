// Progress reporting and cancellation for long operations (import, mesh generation).
#pragma once

#include <functional>
#include <string_view>

namespace tweed {

/// Called with a fraction in [0, 1] and a short description of the current stage. Returning
/// false asks the operation to stop: it then throws tweed::Cancelled and changes nothing.
using ProgressCallback = std::function<bool(float fraction, std::string_view stage)>;

/// Reports progress; throws Cancelled when the callback asks to stop. A null callback is fine.
void reportProgress(const ProgressCallback &progress, float fraction, std::string_view stage);

} // namespace tweed
