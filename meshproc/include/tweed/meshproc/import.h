// Reading characters with Assimp: meshes, skeleton, skin weights and animation clips,
// normalised to metres and Y-up.
#pragma once

#include "tweed/mesh.h"
#include "tweed/progress.h"

#include <string>
#include <string_view>
#include <vector>

namespace tweed {

struct ImportReport
{
    std::string format;            ///< Assimp's name of the importer used
    uint32_t verticesOverFourInfluences = 0; ///< vertices that lost influences to the limit of 4
    float largestDroppedWeight = 0; ///< largest total weight removed from one vertex
    /// Bones bound in another pose than the file's node pose; their rest pose is the bind pose.
    uint32_t bonesMovedToBindPose = 0;
    /// Vertices of skinned meshes without any weight; they are bound to their mesh's node.
    uint32_t unweightedVertices = 0;
    /// Triangles dropped because they repeat a vertex or have no area at float precision.
    uint32_t degenerateTriangles = 0;
    /// Names (meshes, nodes, materials, clips) that were not valid UTF-8, read as Latin-1.
    uint32_t namesConvertedFromLatin1 = 0;
    std::vector<std::string> warnings;
};

/// Reads a character file of any format Assimp reads. Throws FileError naming the file and
/// the problem (missing, unreadable, no meshes, ...), or Cancelled.
Character importCharacter(const std::string &path, ImportReport *report = nullptr,
                          const ProgressCallback &progress = {});

/// Text from a file as UTF-8: valid UTF-8 is returned unchanged; each byte that does not start
/// a valid UTF-8 sequence is read as Latin-1 (0xE6 becomes "\u00e6"), so Latin-1 names keep their
/// letters and the result is always valid UTF-8.
std::string textAsUtf8(std::string_view text);
/// True when text is valid UTF-8 (RFC 3629: no overlong forms, surrogates or code points past
/// U+10FFFF).
bool isValidUtf8(std::string_view text);

/// File extensions Assimp can read, lower case without dots.
std::vector<std::string> importableExtensions();

} // namespace tweed
