// Internal to the .tweed format (schema in docs/formats.md): what its reader
// (asset_yaml_reader.cpp) and its writer (asset_yaml_writer.cpp) share.
#pragma once

#include "tweed/mesh.h"

#include <array>
#include <string_view>

namespace tweed::yaml {

/// The names of the UpAxis values in source.up_axis, in the enum's order.
constexpr std::array<std::string_view, 3> kUpAxisNames = {"y", "z", "x"};

} // namespace tweed::yaml
