#include "training/carousel.h"

#include <algorithm>
#include <utility>

#include "engine/rng.h"

namespace g2048 {

Carousel::Carousel(std::vector<int> exponents, std::size_t capacity)
    : exponents_(std::move(exponents)),
      capacity_(std::max<std::size_t>(1, capacity)),
      kept_(exponents_.size()),
      next_slot_(exponents_.size(), 0) {}

Carousel::Start Carousel::next(std::uint64_t pick_seed) {
  Start start;
  start.stage = next_stage_;
  if (start.stage > 0 && kept_[start.stage - 1].empty()) start.stage = 0;
  if (start.stage > 0) {
    const std::vector<Board>& kept = kept_[start.stage - 1];
    Rng pick(pick_seed);
    start.board = kept[pick.below(static_cast<std::uint32_t>(kept.size()))];
  }
  next_stage_ = (start.stage + 1) % (stages() + 1);
  return start;
}

void Carousel::record(const std::vector<Board>& path, Board start) {
  const int start_exponent = start ? max_exponent(start) : 0;
  for (int k = 0; k < stages(); ++k) {
    const int e = exponents_[k];
    if (start_exponent >= e) continue;
    // The largest tile only grows along a game: the first board holding the
    // tile splits the path in two.
    auto first = std::partition_point(path.begin(), path.end(),
                                      [e](Board b) { return max_exponent(b) < e; });
    if (first == path.end()) break;  // nor any larger tile of the list
    std::vector<Board>& kept = kept_[k];
    if (kept.size() < capacity_) {
      kept.push_back(*first);
    } else {
      kept[next_slot_[k]] = *first;
      next_slot_[k] = (next_slot_[k] + 1) % capacity_;
    }
  }
}

std::size_t Carousel::boards(int stage) const {
  return stage >= 1 && stage <= stages() ? kept_[stage - 1].size() : 0;
}

}  // namespace g2048
