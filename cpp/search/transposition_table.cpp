#include "search/transposition_table.h"

namespace g2048 {

void TranspositionTable::resize(int bits) {
  size_ = std::size_t{1} << bits;
  entries_.reset(new Entry[size_]);
  bits_ = bits;
  shift_ = 64 - bits;
  clear();
}

void TranspositionTable::clear() {
  // An empty entry holds key 0, the empty board, which is never a chance node
  // (a move leaves a tile), in scope 0, which next_scope never gives.
  for (std::size_t i = 0; i < size_; ++i) {
    entries_[i].check.store(0, std::memory_order_relaxed);
    entries_[i].data.store(0, std::memory_order_relaxed);
  }
  scope_ = 0;
}

std::uint16_t TranspositionTable::next_scope() {
  if (++scope_ == 0) {
    clear();
    scope_ = 1;
  }
  return scope_;
}

}  // namespace g2048
