// Which of a network's weights a player's searches read: one bit a weight,
// set from any thread. `ai2048 selfplay --reads FILE` records them, and
// `ai2048 network --keep-read FILE` keeps only those, giving the rest one
// common value (the file's base, network_file.h): the weights that training
// reached but play never reads cost the download without changing a move
// (docs/results/2026-11-weights-play-reads.md).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace g2048 {

class WeightReads {
 public:
  explicit WeightReads(std::size_t weights)
      : size_(weights), words_(new std::atomic<std::uint64_t>[(weights + 63) / 64]()) {}

  std::size_t size() const { return size_; }
  void mark(std::size_t i) {
    std::atomic<std::uint64_t>& word = words_[i >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    // Most reads find the bit set already: a plain load keeps the line shared.
    if (!(word.load(std::memory_order_relaxed) & bit))
      word.fetch_or(bit, std::memory_order_relaxed);
  }
  bool read(std::size_t i) const {
    return words_[i >> 6].load(std::memory_order_relaxed) >> (i & 63) & 1;
  }
  std::size_t count() const;
  // Adds o's reads (the same network's).
  void merge(const WeightReads& o);

  // The file: magic "N2048RDS", the weight count (u64), the bitmap (bit i % 8
  // of byte i / 8: weight i read), CRC-32 of all bytes before it.
  std::vector<std::uint8_t> encode() const;
  // False and a one-line message when the bytes are not a reads file.
  static bool decode(const std::uint8_t* data, std::size_t size, std::unique_ptr<WeightReads>* out,
                     std::string* error);

 private:
  std::size_t size_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> words_;
};

}  // namespace g2048
