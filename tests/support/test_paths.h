// Where the tests find the sample character, Debian's assimp-testmodels and the build.
#pragma once

#include <string>

namespace tweed::test {

inline const std::string kSourceDir = TWEED_SOURCE_DIR;
inline const std::string kBinaryDir = TWEED_BINARY_DIR;
inline const std::string kSampleCharacter = TWEED_SAMPLE_CHARACTER;
/// Debian's assimp-testmodels (package assimp-testmodels), e.g. kTestModels + "/Collada/human.zae"
inline const std::string kTestModels = TWEED_TESTMODELS_DIR;

} // namespace tweed::test
