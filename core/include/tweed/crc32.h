// CRC-32 as in zlib, PNG and Ethernet (reflected polynomial 0xEDB88320, initial value and final
// XOR 0xFFFFFFFF): the check the .tweedc format ends with.
#pragma once

#include <cstdint>
#include <string_view>

namespace tweed {

/// The CRC-32 of the bytes; crc32("123456789") == 0xCBF43926.
uint32_t crc32(std::string_view bytes);

} // namespace tweed
