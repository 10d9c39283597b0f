// The trainer's checkpoint (ai2048 train --checkpoint FILE --resume): three
// files, each versioned and each refused when damaged.
//   FILE             the float network, in the network file format
//                    (network/network_file.h: magic, version, CRC-32 checksum)
//   FILE.coherence   temporal coherence's sums: magic "N2048TC3" (the 3 is the
//                    version), the count (8 bytes), the (sum of errors, sum of
//                    |errors|) float pairs, then the CRC-32 of all before it
//   FILE.progress    how far training got: "version 1", then "games N",
//                    "moves N", "seconds S", and "crc C": the CRC-32 of the
//                    lines before it
// Each is written to FILE.tmp and renamed, so a crash leaves the old one whole.
// Native only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/large_pages.h"

namespace g2048 {

struct TrainProgress {
  std::uint64_t games = 0, moves = 0;
  double seconds = 0;
};

// Reading: true with *out; false when path is missing (*error untouched), or
// when it is damaged or of another version (*error set).
bool write_progress(const std::string& path, const TrainProgress& p);
bool read_progress(const std::string& path, TrainProgress* out, std::string* error);

// One (sum of errors, sum of |errors|) pair a weight, in large pages as the
// weights are (engine/large_pages.h).
using CoherenceSums = std::vector<std::array<float, 2>, LargePageAllocator<std::array<float, 2>>>;
bool write_coherence(const std::string& path, const CoherenceSums& sums);
// *sums must have the network's size; the file must match it.
bool read_coherence(const std::string& path, CoherenceSums* sums, std::string* error);

}  // namespace g2048
