// Test helper: the FileError a call throws, or nothing when it succeeds.
#pragma once

#include "tweed/errors.h"

#include <optional>

namespace tweed::test {

template <class F> std::optional<FileError> fileErrorOf(F f)
{
    try {
        f();
    } catch (const FileError &e) {
        return e;
    }
    return std::nullopt;
}

} // namespace tweed::test
