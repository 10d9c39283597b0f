#include "endgame/endgame_table.h"

#include <algorithm>

namespace g2048::endgame {

const std::vector<TableLayer>& EndgameTable::layers() const {
  if (!packed_) return layers_;
  std::call_once(packed_->expanded_once, [this] { packed_->expanded = packed_->states.expand(); });
  return packed_->expanded;
}

std::size_t EndgameTable::layer_count() const {
  return packed_ ? packed_->states.layer_count() : layers_.size();
}

std::uint64_t EndgameTable::states() const {
  if (packed_) return packed_->states.states();
  std::uint64_t n = 0;
  for (const auto& l : layers_) n += l.keys.size();
  return n;
}

float EndgameTable::rate(Board key) const {
  if (packed_) return packed_->states.rate(key);
  std::size_t layer = static_cast<std::size_t>(layer_of(formation_, key));
  if (layer >= layers_.size()) return -1.0f;
  const TableLayer& l = layers_[layer];
  auto it = std::lower_bound(l.keys.begin(), l.keys.end(), key);
  if (it == l.keys.end() || *it != key) return -1.0f;
  return l.rates[static_cast<std::size_t>(it - l.keys.begin())];
}

}  // namespace g2048::endgame
