// Whole-file reads and atomic writes.
#pragma once

#include <string>
#include <string_view>

namespace tweed {

/// The file's bytes. Throws FileError ("cannot open", "is a directory", ...).
std::string readFileBytes(const std::string &path);
/// Writes to "<path>.tmp-<random>" in the same folder, flushes, then renames over path, so an
/// interrupted write never leaves a truncated file. Throws FileError.
void writeFileAtomically(const std::string &path, std::string_view bytes);
/// Lower-case extension without the dot ("tweed", "gltf").
std::string fileExtension(const std::string &path);

} // namespace tweed
