// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by a constant and
// mixed by two multiply-xorshift rounds. Small, fast, and the same sequence on
// every build (native and WebAssembly), which the seeded games depend on.
#pragma once

#include <cstdint>

namespace g2048 {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n) for n < 2^32: the top 32 bits scaled by n (multiply-shift).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

}  // namespace g2048
