// The units the editor shows lengths in (a preference; the asset is always in metres).
#pragma once

namespace tweed::editor {

/// Lengths as the user sees them.
enum class LengthUnit
{
    Centimetres,
    Metres
};

} // namespace tweed::editor
