#include "endgame/packed_states.h"

#include <algorithm>

#include "endgame/endgame_table.h"

namespace g2048::endgame {

PackedStates::PackedStates(const Formation& f,
                           std::shared_ptr<const std::vector<std::uint8_t>> file, std::size_t high,
                           std::size_t low, std::vector<Layer> layers, std::vector<Block> blocks)
    : file_(std::move(file)),
      high_(high),
      low_(low),
      layers_(std::move(layers)),
      blocks_(std::move(blocks)),
      cells_(free_cells(f)),
      formation_(f) {}

std::uint64_t PackedStates::states() const {
  return layers_.empty() ? 0 : std::uint64_t{layers_.back().first_state} + layers_.back().count;
}

float PackedStates::rate_at(std::uint32_t state) const {
  const std::uint8_t* bytes = file_->data();
  return rate_from_bits(static_cast<unsigned>(bytes[high_ + state]) << 8 | bytes[low_ + state]);
}

Board PackedStates::key_of(std::uint64_t code) const {
  Board key = formation_.wall_pattern;
  for (std::size_t k = 0; k < cells_.size(); ++k)
    key |= static_cast<Board>(code >> (4 * k) & 0xF) << (4 * cells_[k]);
  return key;
}

float PackedStates::rate(Board key) const {
  if ((key & formation_.wall_mask) != formation_.wall_pattern) return -1.0f;
  std::size_t index = static_cast<std::size_t>(layer_of(formation_, key));
  if (index >= layers_.size() || layers_[index].count == 0) return -1.0f;
  const Layer& layer = layers_[index];
  std::uint32_t block_count = (layer.count + kBlock - 1) / kBlock;
  auto first = blocks_.begin() + layer.first_block;
  std::uint64_t code = key_code(key, cells_);
  // The last block whose first key is at most the key's code.
  auto after = std::upper_bound(first, first + block_count, code,
                                [](std::uint64_t c, const Block& b) { return c < b.code; });
  if (after == first) return -1.0f;
  const Block& block = *(after - 1);
  std::uint32_t state = static_cast<std::uint32_t>(after - 1 - first) * kBlock;
  std::uint32_t end = std::min(layer.count, state + kBlock);
  std::uint64_t at = block.code;
  const std::uint8_t* p = file_->data() + block.next;
  while (at < code && ++state < end) at += read_step(p);
  return at == code && state < end ? rate_at(layer.first_state + state) : -1.0f;
}

std::vector<TableLayer> PackedStates::expand() const {
  std::vector<TableLayer> out(layers_.size());
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const Layer& layer = layers_[i];
    TableLayer& l = out[i];
    l.keys.reserve(layer.count);
    l.rates.reserve(layer.count);
    std::uint64_t code = 0;
    const std::uint8_t* p = nullptr;
    for (std::uint32_t k = 0; k < layer.count; ++k) {
      if (k % kBlock == 0) {
        const Block& b = blocks_[layer.first_block + k / kBlock];
        code = b.code;
        p = file_->data() + b.next;
      } else {
        code += read_step(p);
      }
      l.keys.push_back(key_of(code));
      l.rates.push_back(rate_at(layer.first_state + k));
    }
  }
  return out;
}

}  // namespace g2048::endgame
