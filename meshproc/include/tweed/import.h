// Reading characters with Assimp: meshes, skeleton, skin weights and animation clips,
// normalised to metres and Y-up.
#pragma once

#include "tweed/mesh.h"
#include "tweed/progress.h"

#include <string>
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
    std::vector<std::string> warnings;
};

/// Reads a character file of any format Assimp reads. Throws FileError naming the file and
/// the problem (missing, unreadable, no meshes, ...), or Cancelled.
Character importCharacter(const std::string &path, ImportReport *report = nullptr,
                          const ProgressCallback &progress = {});

/// File extensions Assimp can read, lower case without dots.
std::vector<std::string> importableExtensions();

} // namespace tweed
