// The bundled sample character: a procedurally generated, skinned and animated humanoid wearing
// a long coat, written as glTF 2.0. The generator is deterministic: the same build gives the same
// bytes, which is how tests/meshproc/test_sample_character.cpp checks the committed file.
#pragma once

#include <string>

namespace tweed {

/// The complete sample character as one self-contained glTF 2.0 JSON document (buffer and
/// texture embedded as data URIs): meshes "Body", "Coat" and "CoatLining" skinned to a
/// 22-bone skeleton, and the clips "Walk", "Jump" and "Idle".
std::string generateSampleGltf();

/// Writes generateSampleGltf() to path. Throws FileError when the file cannot be written.
void writeSampleGltf(const std::string &path);

} // namespace tweed
