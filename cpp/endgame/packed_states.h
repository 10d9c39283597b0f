// A table file's states kept as the file spells them, for play: each layer's
// keys as LEB128 steps with every kBlock-th key whole in an index, and the
// 16-bit rates in the file's two byte planes. About 5.4 bytes a state, where
// expanded keys (8 bytes) and float rates (4) take 12, and the table keeps the
// file's own bytes, so no expanded copy stands beside them: the shipped file's
// 1.45 million states hold 7.8 MB instead of 17.4 MB plus the file's 6.3 MB
// (docs/results/2026-11-packed-table.md). decode_table_file builds one after
// it has checked every byte, so the reads below need no checks of their own.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "endgame/formation.h"

namespace g2048::endgame {

struct TableLayer;

class PackedStates {
 public:
  static constexpr std::uint32_t kBlock = 16;  // keys a step walk covers at most

  struct Layer {
    std::uint32_t first_state = 0;  // the index of its first state in the table
    std::uint32_t count = 0;
    std::uint32_t first_block = 0;  // its first entry in blocks
  };
  // A block's first key, whole, and where the step to its second key starts.
  struct Block {
    std::uint64_t code = 0;  // the free cells' exponents, 4 bits each, first cell lowest
    std::uint32_t next = 0;  // offset in the file's bytes
  };

  PackedStates() = default;
  // file: the whole file's bytes; high, low: the offsets of the table's rate
  // planes in it. layers and blocks as decode_table_file found them.
  PackedStates(const Formation& f, std::shared_ptr<const std::vector<std::uint8_t>> file,
               std::size_t high, std::size_t low, std::vector<Layer> layers,
               std::vector<Block> blocks);

  std::size_t layer_count() const { return layers_.size(); }
  std::uint64_t states() const;
  // The key's rate, exactly as an expanded table gives it; negative when absent.
  float rate(Board key) const;
  // Every layer expanded: sorted keys and float rates (tools and tests).
  std::vector<TableLayer> expand() const;

 private:
  float rate_at(std::uint32_t state) const;
  Board key_of(std::uint64_t code) const;

  std::shared_ptr<const std::vector<std::uint8_t>> file_;
  std::size_t high_ = 0, low_ = 0;
  std::vector<Layer> layers_;
  std::vector<Block> blocks_;
  std::vector<int> cells_;  // the free cells, ascending
  Formation formation_;
};

// A rate as the file stores it (16 bits, x 65535), as a float.
inline float rate_from_bits(unsigned bits) { return static_cast<float>(bits / 65535.0); }

// One LEB128 number from p onwards (checked already), p left after it.
inline std::uint64_t read_step(const std::uint8_t*& p) {
  std::uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    unsigned b = *p++;
    v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) return v;
  }
}

}  // namespace g2048::endgame
