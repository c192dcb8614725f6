// Checks run before Assimp reads a file, for the damage its 5.2 readers do not survive:
// headers whose counts the reader trusts (OFF), an unterminated header it reads forever (PLY),
// a truncated text body it reads past the end of (MD5).
#pragma once

#include <string>

namespace tweed::detail {

/// Throws FileError when the file shows a defect that would crash or hang Assimp's reader for
/// the extension ext (lower case, no dot). Other files pass untouched.
void checkReaderHazards(const std::string &path, const std::string &ext);

} // namespace tweed::detail
