// Fuzz target: board text (parse_board_text, tiles.h), the way the CLI's
// `suggest BOARD` and trace files read boards, then what the engine makes of a
// board it accepted: the text it prints, the bitboard, the search board and
// the four moves (checked against tests/cpp/reference_rules.h).
#include <algorithm>
#include <string>
#include <vector>

#include "../cpp/reference_rules.h"
#include "engine/board.h"
#include "engine/tiles.h"
#include "fuzz_check.h"

using namespace g2048;

namespace {

bool separator(char c) { return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool tile_value(std::int64_t v) { return v == 0 || (v >= 2 && v <= 131072 && (v & (v - 1)) == 0); }

int search_legal_mask(Board b) {
  int mask = 0;
  for (int d = 0; d < kNumDirs; ++d)
    if (move(b, d) != b) mask |= 1 << d;
  return mask;
}

// What the search is promised about any board it is handed (tiles.h):
// to_search_board keeps empty cells empty, equal tiles equal, different tiles
// different and in the same order, and so the legal moves; exact while every
// tile fits the bitboard. A full board of 16 different tiles has no move and
// no gap to relabel into: there only empty cells are promised.
void check_board(const Tiles& t) {
  for (int i = 0; i < 16; ++i)
    FUZZ_CHECK(t.exponent[i] <= kMaxExponent, "cell %d: %d", i, t.exponent[i]);
  std::array<std::int64_t, 16> values = tiles_to_values(t);
  for (int i = 0; i < 16; ++i)
    FUZZ_CHECK(tile_value(values[i]), "cell %d: %lld", i, (long long)values[i]);

  // Printed text reads back as the same board, and prints the same again.
  std::string text = board_text(t), error;
  Tiles again;
  FUZZ_CHECK(parse_board_text(text, &again, &error), "%s: %s", text.c_str(), error.c_str());
  FUZZ_CHECK(again == t, "%s", text.c_str());
  FUZZ_CHECK(board_text(again) == text, "%s", text.c_str());

  int mask = legal_moves_mask(t);
  FUZZ_CHECK(game_over(t) == (mask == 0), "%s: moves %d", text.c_str(), mask);
  reference::Values ref = values;
  Board search = to_search_board(t);
  if (fits_bitboard(t)) {
    FUZZ_CHECK(from_bitboard(to_bitboard(t)) == t, "%s", text.c_str());
    FUZZ_CHECK(search == to_bitboard(t), "%s", text.c_str());
  }
  for (int i = 0; i < 16; ++i)
    FUZZ_CHECK((cell(search, i) == 0) == (t.exponent[i] == 0), "%s", text.c_str());
  if (mask != 0) {
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        FUZZ_CHECK((t.exponent[i] < t.exponent[j]) == (cell(search, i) < cell(search, j)),
                   "%s: cells %d %d", text.c_str(), i, j);
      }
    FUZZ_CHECK(search_legal_mask(search) == mask, "%s: %d vs %d", text.c_str(),
               search_legal_mask(search), mask);
  }

  // Each move against the plain reference, in tile values.
  for (int d = 0; d < kNumDirs; ++d) {
    MoveOutcome out = apply_move(t, d);
    reference::Moved want = reference::move(ref, d);
    FUZZ_CHECK(out.moved == want.moved, "%s dir %d", text.c_str(), d);
    FUZZ_CHECK(out.moved == ((mask >> d & 1) != 0), "%s dir %d", text.c_str(), d);
    FUZZ_CHECK(tiles_to_values(out.tiles) == want.board, "%s dir %d", text.c_str(), d);
    FUZZ_CHECK(out.gain == static_cast<std::uint64_t>(want.gain), "%s dir %d", text.c_str(), d);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  Tiles t;
  std::string error;
  if (!parse_board_text(text, &t, &error)) {
    FUZZ_CHECK(fuzz::one_line_message(error), "refused without a one-line message");
    return 0;
  }
  // Accepted text: 16 numbers of digits between separators, cell by cell.
  std::vector<std::string> tokens;
  std::string token;
  for (char c : text + ",") {
    if (separator(c)) {
      if (!token.empty()) tokens.push_back(token);
      token.clear();
    } else {
      FUZZ_CHECK(c >= '0' && c <= '9', "accepted a board with '%c'", c);
      token += c;
    }
  }
  FUZZ_CHECK(tokens.size() == 16, "accepted %zu values", tokens.size());
  std::array<std::int64_t, 16> values = tiles_to_values(t);
  for (int i = 0; i < 16; ++i)
    FUZZ_CHECK(std::strtoll(tokens[i].c_str(), nullptr, 10) == values[i], "cell %d: %s", i,
               tokens[i].c_str());
  check_board(t);

  // The boards a move makes from it are boards the engine goes on with.
  for (int d = 0; d < kNumDirs; ++d) {
    MoveOutcome out = apply_move(t, d);
    // An accepted board holds at most one 131072, so no move goes past it.
    FUZZ_CHECK(max_exponent(out.tiles) <= kMaxExponent, "%s dir %d", text.c_str(), d);
    // A move may make a second 131072 (from two 65536s), which is no board to
    // go on with; any other outcome is.
    if (std::count(out.tiles.exponent.begin(), out.tiles.exponent.end(), kMaxExponent) > 1)
      continue;
    check_board(out.tiles);
  }
  return 0;
}
