// Whole-file reads and atomic writes.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace tweed {

/// The file's bytes. Throws FileError ("cannot open", "is a directory", ...).
std::string readFileBytes(const std::string &path);
/// Writes to "<path>.tmp-<random digits>" in the same folder, syncs it to the disk, renames it
/// over path and syncs the folder, so an interrupted write or a power cut leaves the old file or
/// the new one, whole. Temporary files of path that a killed save left are removed first (saves
/// to one path must not run at the same time). Throws FileError; on failure the old file is
/// untouched and no temporary file remains.
void writeFileAtomically(const std::string &path, std::string_view bytes);
/// Saves the bytes that makeBytes returns with writeFileAtomically. An InputError that
/// makeBytes throws (a document that cannot be written) becomes a FileError naming path; a
/// FileError passes unchanged. Nothing is written when makeBytes throws.
void saveFileAtomically(const std::string &path, const std::function<std::string()> &makeBytes);
/// Lower-case extension without the dot ("tweed", "gltf").
std::string fileExtension(const std::string &path);

} // namespace tweed
