// Fuzz target: tile values to a board (tiles_from_values, tiles.h), the core
// check behind every board that crosses from JavaScript (read_board in
// cpp/wasm/js_convert.cpp) and behind parse_board_text.
//
// Input: byte 0 picks the count (below 0xE0: 16 values; else byte0 - 0xE0,
// 0 to 31), then count little-endian 64-bit values (zeros past the end). The
// same 8-byte words are read a second time as doubles through the bindings'
// number rule, copied here because js_convert.cpp builds only under Emscripten.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/tiles.h"
#include "fuzz_check.h"

using namespace g2048;

namespace {

bool tile_value(std::int64_t v) { return v == 0 || (v >= 2 && v <= 131072 && (v & (v - 1)) == 0); }

// js_convert.cpp read_board: a finite whole number within +-1e15, then the core check.
bool bindings_whole(double x, std::int64_t* out) {
  if (!(std::isfinite(x) && x == std::floor(x) && x >= -1e15 && x <= 1e15)) return false;
  *out = static_cast<std::int64_t>(x);
  return true;
}

void check_values(const std::vector<std::int64_t>& values) {
  Tiles sentinel;
  sentinel.exponent.fill(3);
  Tiles t = sentinel;
  std::string error;
  bool ok = tiles_from_values(values.data(), values.size(), &t, &error);
  int first_bad = -1;
  for (std::size_t i = 0; i < values.size() && first_bad < 0; ++i)
    if (!tile_value(values[i])) first_bad = static_cast<int>(i);
  // At most one 131072: no game makes two.
  bool two_max = std::count(values.begin(), values.end(), std::int64_t{131072}) > 1;
  bool want = values.size() == 16 && first_bad < 0 && !two_max;
  FUZZ_CHECK(ok == want, "count %zu, first bad cell %d, accepted %d", values.size(), first_bad, ok);
  if (!ok) {
    FUZZ_CHECK(t == sentinel, "a refused board changed the output");
    FUZZ_CHECK(fuzz::one_line_message(error), "refused without a one-line message");
    if (values.size() == 16 && first_bad >= 0)
      FUZZ_CHECK(error.find("at cell " + std::to_string(first_bad) + " ") != std::string::npos,
                 "message does not name cell %d: %s", first_bad, error.c_str());
  } else {
    std::array<std::int64_t, 16> back = tiles_to_values(t);
    for (int i = 0; i < 16; ++i) {
      FUZZ_CHECK(back[i] == values[i], "cell %d: %lld read as %lld", i, (long long)values[i],
                 (long long)back[i]);
      FUZZ_CHECK(t.exponent[i] <= kMaxExponent, "cell %d: exponent %d", i, t.exponent[i]);
    }
    if (fits_bitboard(t)) FUZZ_CHECK(from_bitboard(to_bitboard(t)) == t, "bitboard round trip");
    Board search = to_search_board(t);
    for (int i = 0; i < 16; ++i)
      FUZZ_CHECK((cell(search, i) == 0) == (values[i] == 0), "search board cell %d", i);
  }

  // The same values as board text: the same answer, the same message.
  bool printable = values.size() == 16;
  for (std::int64_t v : values) printable = printable && v >= 0 && v < 1000000000000;
  if (printable) {
    std::string text;
    for (std::int64_t v : values) text += (text.empty() ? "" : " ") + std::to_string(v);
    Tiles from_text = sentinel;
    std::string text_error;
    bool text_ok = parse_board_text(text, &from_text, &text_error);
    FUZZ_CHECK(text_ok == ok, "%s", text.c_str());
    FUZZ_CHECK(from_text == t, "%s", text.c_str());
    FUZZ_CHECK(text_error == error, "%s: %s vs %s", text.c_str(), text_error.c_str(),
               error.c_str());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  std::uint8_t pick = in.u8();
  std::size_t count = pick < 0xE0 ? 16 : pick - 0xE0;
  std::vector<std::uint64_t> words(count);
  for (auto& w : words) w = in.u64();

  std::vector<std::int64_t> values(count);
  for (std::size_t i = 0; i < count; ++i) std::memcpy(&values[i], &words[i], 8);
  check_values(values);

  // The bindings' path: numbers (doubles) that pass their rule, then the core.
  std::vector<std::int64_t> whole;
  for (std::size_t i = 0; i < count; ++i) {
    double x;
    std::memcpy(&x, &words[i], 8);
    std::int64_t v;
    if (!bindings_whole(x, &v)) break;  // the bindings refuse the board here
    FUZZ_CHECK(static_cast<double>(v) == x, "%.17g became %lld", x, (long long)v);
    whole.push_back(v);
  }
  if (whole.size() == count) check_values(whole);
  return 0;
}
