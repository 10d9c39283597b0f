#include "search/transposition_table.h"

#include <new>

namespace g2048 {

namespace {
constexpr int kFewestBits = 10;  // the smallest table settings allow
}  // namespace

void TranspositionTable::resize(int bits) {
  asked_bits_ = bits;
  entries_.reset();  // the old table's memory first
  Entry* block = nullptr;
  int b = bits;
  for (; b > kFewestBits; --b)
    if ((block = new (std::nothrow) Entry[std::size_t{1} << b])) break;
  if (!block) block = new Entry[std::size_t{1} << b];  // 16 KB
  entries_.reset(block);
  bits_ = b;
  size_ = std::size_t{1} << bits_;
  shift_ = 64 - bits_;
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
