// The network file: a versioned binary format for n-tuple networks, read
// natively and in WebAssembly from the same bytes. Little-endian throughout:
//
//   offset  size  field
//   0       8     magic "N2048NET"
//   8       4     version (1)
//   12      4     encoding: 1 = float32 weights; 2 = 16-bit weights (value =
//                 q x scale), stored as byte planes: the high bytes of every
//                 weight's zigzag code z = (q << 1) ^ (q >> 15), then the low
//                 bytes (gzip then packs the nearly constant high plane tightly);
//                 3 = the same 12-bit weights, sparse: a bitmap of the weights in
//                 use, then only their codes (see below); 4 = encoding 3 around
//                 a base: every weight is B plus its code's value, so the weights
//                 left out of the bitmap hold B (a network trained from an
//                 optimistic initial value keeps it in the weights play never
//                 reads, docs/results/2026-11-weights-play-reads.md); 5 and 6 =
//                 encodings 3 and 4 whose codes stand for levels of a table in
//                 the header (value = level(q) x scale: a log scale,
//                 WeightLevels in ntuple.h)
//   16      4     scale (float32; 1 for float32 weights)
//   20      4     tuple count T (1..64)
//   24      4     stage count S (1..8)
//   28      8*T   tuples: a length byte (1..7), then 7 bytes of cell numbers
//                 (0-15, row-major from the top-left), unused ones 255
//   ..      4*(S-1) stage starts: the largest tile's exponent where stage s begins
//   ..      8     weight count (must equal S x sum of 16^length; at most 2^30)
//   ..      8     encodings 3 to 6: V, the byte count of the codes below
//   ..      4     encodings 4 and 6: B, the base (a signed 32-bit code, -2048..2047)
//   ..      4*2047 encodings 5 and 6: the levels of codes 1 to 2047 (unsigned
//                 32-bit, rising from at least 1 to at most 2^24; level(0) = 0,
//                 level(-q) = -level(q))
//   ..      ...   weights, stage by stage, tuple by tuple, index = sum of
//                 cell k's exponent << 4k (cells in the order listed); with
//                 encoding 2, the two planes in that order; with encoding 3,
//                 a bitmap of count / 8 bytes (bit i % 8 of byte i / 8:
//                 weight i is not zero), then V bytes:
//                 each nonzero weight's zigzag code z in index order, one byte
//                 where z < 255, else 255 and z's two bytes, high first
//                 (255 <= z <= 4095; with encoding 4, up to 8191: a weight
//                 less the base, which must itself fit 12 bits). Most of a
//                 network's weights are zero (or B) and most codes are small,
//                 so gzip packs this tighter.
//   end-4   4     CRC-32 (IEEE, as zlib and gzip compute it) of all bytes before it
//
// Files are usually stored gzip-compressed (.gz); the native loader takes both,
// the browser decompresses with DecompressionStream before handing the bytes over.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/bytes.h"  // crc32, the file's checksum
#include "network/ntuple.h"

namespace g2048 {

constexpr std::uint32_t kNetworkFormatVersion = 1;
// The most weights a file may hold: 2^30, 8 tuples of 6 cells in 8 stages
// (2 GB of 16-bit weights). The header is checked against it, counting in 64
// bits, before anything is allocated: a forged header can neither ask a
// reader that trusts a claimed size for more, nor wrap a 32-bit size_t
// (WebAssembly) round to a small count.
constexpr std::uint64_t kMaxNetworkWeights = std::uint64_t{1} << 30;
enum class WeightEncoding : std::uint32_t {
  kFloat32 = 1,
  kInt16 = 2,
  kSparse12 = 3,
  kSparse12Based = 4,
  kSparse12Levels = 5,
  kSparse12BasedLevels = 6
};
inline bool is_sparse(WeightEncoding e) {
  return e >= WeightEncoding::kSparse12 && e <= WeightEncoding::kSparse12BasedLevels;
}
inline bool is_based(WeightEncoding e) {
  return e == WeightEncoding::kSparse12Based || e == WeightEncoding::kSparse12BasedLevels;
}
inline bool has_levels(WeightEncoding e) {
  return e == WeightEncoding::kSparse12Levels || e == WeightEncoding::kSparse12BasedLevels;
}

// Encoding 2's zigzag code: small magnitudes of either sign have a zero high byte.
inline std::uint16_t zigzag(std::int16_t q) {
  return static_cast<std::uint16_t>((static_cast<std::uint32_t>(q) << 1) ^ (q < 0 ? 0xFFFFu : 0u));
}
inline std::int16_t unzigzag(std::uint16_t z) {
  return static_cast<std::int16_t>((z >> 1) ^ -(z & 1));
}

std::vector<std::uint8_t> encode_network(const NTupleNetwork& net);  // float32
// int16; a network with levels is written as its values in floats (encoding 2
// has no table of levels).
std::vector<std::uint8_t> encode_network(const QuantizedNetwork& net);
// Encoding 3 (what ai2048 network --out writes, the shipped file's), or with a
// base other than 0 (a code, -2048..2047) encoding 4: the weights equal to it
// are left out. A network with levels is written as encoding 5 or 6.
std::vector<std::uint8_t> encode_network_sparse(const QuantizedNetwork& net, int base = 0);

// What a file holds: float weights (float32 files) or a quantised network.
struct DecodedNetwork {
  WeightEncoding encoding = WeightEncoding::kInt16;
  NTupleNetwork floats;        // float32 files
  QuantizedNetwork quantized;  // int16 and sparse files
  std::int32_t base = 0;       // encodings 4 and 6: the base (network_file.h); 0 otherwise
  // The search's form of either encoding.
  QuantizedNetwork to_quantized() const;
  // The trainer's form of either encoding.
  NTupleNetwork to_float() const;
};

// What the header says. header_bytes: where the weights begin; the file is
// header_bytes + weight_bytes + 4 (the checksum) bytes long.
struct NetworkHeader {
  NTupleLayout layout;
  WeightEncoding encoding = WeightEncoding::kInt16;
  float scale = 1.0f;
  std::size_t header_bytes = 0;
  std::size_t weight_bytes = 0;        // with encoding 3: the bitmap and the codes
  std::size_t code_bytes = 0;          // encodings 3 to 6: V; 0 otherwise
  std::int32_t base = 0;               // encodings 4 and 6: B; 0 otherwise
  std::optional<WeightLevels> levels;  // encodings 5 and 6, checked; none otherwise
};

// Reads the header from the first `available` bytes of a file of total_size
// bytes and checks that the size fits it; false and a one-line message if not.
bool read_network_header(const std::uint8_t* data, std::size_t available, std::size_t total_size,
                         NetworkHeader* out, std::string* error);

// Whether a 16-bit file's weights fit the search's 12 bits: every high byte
// of their zigzag codes below 16 (data: the whole file, its header read).
bool weights_fit_twelve_bits(const std::uint8_t* data, const NetworkHeader& h);

// Checks everything (magic, version, sizes, checksum) before allocating the
// weights; false and a one-line message on any fault.
bool decode_network(const std::uint8_t* data, std::size_t size, DecodedNetwork* out,
                    std::string* error);

}  // namespace g2048
