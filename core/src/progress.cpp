#include "tweed/progress.h"

#include "tweed/errors.h"

namespace tweed {

void reportProgress(const ProgressCallback &progress, float fraction, std::string_view stage)
{
    if (progress && !progress(fraction, stage))
        throw Cancelled();
}

} // namespace tweed
