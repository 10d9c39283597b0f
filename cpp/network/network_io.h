// Network files on disk (native builds only: uses zlib). Reading takes plain
// and gzip-compressed files alike; writing compresses when the path ends in .gz.
// Writes go to a temporary file renamed into place, so a killed run never
// leaves a half-written checkpoint.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "network/network_file.h"

namespace g2048 {

bool read_network_bytes(const std::string& path, std::vector<std::uint8_t>* out,
                        std::string* error);
bool write_network_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes,
                         std::string* error);
bool load_network(const std::string& path, DecodedNetwork* out, std::string* error);

}  // namespace g2048
