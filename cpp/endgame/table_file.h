// The table file: a few endgame tables' chosen states in one versioned binary
// file, read natively and in WebAssembly from the same bytes (the browser
// decompresses the .gz first). Little-endian throughout:
//
//   offset  size  field
//   0       8     magic "N2048TBL"
//   8       4     version (2)
//   12      4     table count T (1..16)
//   then T tables, each:
//           1     formation name length L (1..15), then L bytes of the name
//           1     target exponent (5..10)
//           4     layer count N (1..4096)
//           4*N   states per layer, S in all
//           ...   the keys, layer after layer, each a LEB128 number: a layer's
//                 first key whole, every other one as its step from the key
//                 before (at least 1: keys strictly increase in a layer).
//                 A key is the free cells' exponents, 4 bits each, in cell
//                 order, the first cell in the low bits
//           S     the rates' high bytes, in key order (rate x 65535, rounded)
//           S     their low bytes
//   end-4   4     CRC-32 (IEEE) of all bytes before it
//
// A reader checks everything (magic, version, counts against the size, each
// key's layer and order, the checksum) before it allocates, and refuses any
// fault with a one-line message.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "endgame/endgame_table.h"

namespace g2048::endgame {

constexpr std::uint32_t kTableFormatVersion = 2;
constexpr std::uint64_t kMaxTableFileStates = std::uint64_t{1} << 26;

std::vector<std::uint8_t> encode_table_file(const std::vector<const EndgameTable*>& tables);

// The tables of a file's bytes, or false and a one-line error. The tables
// keep the bytes (packed_states.h): the second form shares them with no copy.
bool decode_table_file(const std::uint8_t* data, std::size_t size,
                       std::vector<std::shared_ptr<const EndgameTable>>* out, std::string* error);
bool decode_table_file(std::shared_ptr<const std::vector<std::uint8_t>> file,
                       std::vector<std::shared_ptr<const EndgameTable>>* out, std::string* error);

}  // namespace g2048::endgame
