// tweed-sample-generator: writes the sample character (see sample_character.h) to a glTF file.
#include "sample_character.h"

#include <exception>
#include <iostream>

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " <output.gltf>\n"
                  << "Writes Tweed's procedurally generated sample character as glTF 2.0.\n";
        return 1;
    }
    try {
        tweed::writeSampleGltf(argv[1]);
    } catch (const std::exception &e) {
        std::cerr << e.what() << '\n';
        return 2;
    }
    return 0;
}
