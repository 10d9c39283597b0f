// Shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp) and the seed writer.
//
// FUZZ_CHECK: an invariant the code under test promises. A violation prints
// what failed and aborts, so libFuzzer reports it as a crash and saves the
// input (sanitizers catch memory errors and undefined behaviour on their own).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#define FUZZ_CHECK(cond, ...)                                                                  \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      std::fprintf(stderr, "\nfuzz check failed at %s:%d: %s\n  ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, "" __VA_ARGS__);                                                    \
      std::fprintf(stderr, "\n");                                                              \
      std::abort();                                                                            \
    }                                                                                          \
  } while (0)

namespace fuzz {

// An error message the code returns: present, and one line.
inline bool one_line_message(const std::string& s) {
  return !s.empty() && s.find('\n') == std::string::npos;
}

// Reads fixed-size little-endian fields from the fuzz input; past the end it
// reads zeros, so every input, however short, decodes to something.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t u8() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t{u8()} << (8 * i);
    return v;
  }
  std::int64_t i64() {
    std::uint64_t u = u64();
    std::int64_t v;
    std::memcpy(&v, &u, 8);
    return v;
  }
  double f64() {
    std::uint64_t u = u64();
    double v;
    std::memcpy(&v, &u, 8);
    return v;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace fuzz
