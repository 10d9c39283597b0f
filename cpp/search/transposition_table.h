// The expectimax search's transposition table: chance nodes' values keyed by
// board, with the depth and the 4-spawns they were searched with, and a scope
// (entries of other scopes never match). A searcher has its own; the threads
// of a threaded search share one (parallel_search.h), so its memory does not
// grow with the thread count.
//
// Threads read and write entries without a lock. An entry is two 64-bit words,
// the data and the key XOR the data (lockless hashing, Hyatt and Mann, 2002):
// an entry torn by two writes at once fails the key check and reads as a miss.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>

#include "engine/board.h"

namespace g2048 {

class TranspositionTable {
 public:
  static constexpr std::size_t kEntryBytes = 16;  // --table-bits documents it

  // 2^bits entries, all empty, or where memory is short the largest smaller
  // table that fits (a failed allocation must not abort the WebAssembly
  // module: with an 8x6 network a 2^22 table may not fit beside it). Not
  // while a search uses the table.
  void resize(int bits);
  // The size asked for, which callers compare with their settings.
  int bits() const { return asked_bits_; }
  // The size held: bits(), or fewer where memory was short.
  int held_bits() const { return bits_; }
  std::size_t bytes() const { return size_ * kEntryBytes; }

  // A new scope; entries of earlier scopes never match it. On wrap-around the
  // table is cleared, so old entries cannot take the new number. Not while a
  // search uses the table.
  std::uint16_t next_scope();

  // The value stored for b in scope, searched at least depth deep with at
  // least fours 4-spawns allowed below it; false when there is none.
  bool find(Board b, int depth, int fours, std::uint16_t scope, float* value) const {
    const Entry& e = entries_[slot(b)];
    std::uint64_t data = e.data.load(std::memory_order_relaxed);
    std::uint64_t check = e.check.load(std::memory_order_relaxed);
    if ((check ^ data) != b || (data >> 48) != scope ||
        static_cast<int>(data >> 32 & 0xFF) < depth || static_cast<int>(data >> 40 & 0xFF) < fours)
      return false;
    std::uint32_t bits = static_cast<std::uint32_t>(data);
    std::memcpy(value, &bits, sizeof bits);
    return true;
  }

  void store(Board b, float value, int depth, int fours, std::uint16_t scope) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    std::uint64_t data = bits | static_cast<std::uint64_t>(depth) << 32 |
                         static_cast<std::uint64_t>(fours) << 40 |
                         static_cast<std::uint64_t>(scope) << 48;
    Entry& e = entries_[slot(b)];
    e.data.store(data, std::memory_order_relaxed);
    e.check.store(b ^ data, std::memory_order_relaxed);
  }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;   // value bits, depth << 32, fours << 40, scope << 48
  };
  static_assert(sizeof(Entry) == kEntryBytes, "an entry is two words");

  std::size_t slot(Board b) const { return (b * 0x9E3779B97F4A7C15ULL) >> shift_; }
  void clear();

  std::unique_ptr<Entry[]> entries_;
  std::size_t size_ = 0;
  int bits_ = -1, asked_bits_ = -1;
  int shift_ = 64;
  std::uint16_t scope_ = 0;
};

}  // namespace g2048
