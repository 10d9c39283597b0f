#include "engine/tiles.h"

#include <algorithm>
#include <cstdlib>

namespace g2048 {

namespace {

// Plain slide of one line of exponents towards index 0, merging once per pair.
std::uint64_t slide_line(std::uint8_t* line) {
  std::uint8_t out[4] = {0, 0, 0, 0};
  int n = 0;
  bool last_merged = true;
  std::uint64_t gain = 0;
  for (int i = 0; i < 4; ++i) {
    if (line[i] == 0) continue;
    if (!last_merged && out[n - 1] == line[i]) {
      ++out[n - 1];
      gain += std::uint64_t{1} << out[n - 1];
      last_merged = true;
    } else {
      out[n++] = line[i];
      last_merged = false;
    }
  }
  for (int i = 0; i < 4; ++i) line[i] = out[i];
  return gain;
}

// Cell index of position k (0 = the cell the tiles slide towards) on line j.
int line_cell(int dir, int j, int k) {
  switch (dir) {
    case kUp: return 4 * k + j;
    case kDown: return 4 * (3 - k) + j;
    case kLeft: return 4 * j + k;
    default: return 4 * j + (3 - k);  // right
  }
}

MoveOutcome apply_move_plain(const Tiles& t, int dir) {
  MoveOutcome out{t, 0, false};
  for (int j = 0; j < 4; ++j) {
    std::uint8_t line[4];
    for (int k = 0; k < 4; ++k) line[k] = t.exponent[line_cell(dir, j, k)];
    out.gain += slide_line(line);
    for (int k = 0; k < 4; ++k) out.tiles.exponent[line_cell(dir, j, k)] = line[k];
  }
  out.moved = out.tiles != t;
  return out;
}

}  // namespace

bool tiles_from_values(const std::int64_t* values, std::size_t count, Tiles* out,
                       std::string* error) {
  if (count != 16) {
    *error = "a board needs 16 tile values, got " + std::to_string(count);
    return false;
  }
  Tiles t;
  for (int i = 0; i < 16; ++i) {
    std::int64_t v = values[i];
    int e = 0;
    if (v != 0) {
      while (e <= kMaxExponent && (std::int64_t{1} << e) < v) ++e;
      if (v < 2 || e > kMaxExponent || (std::int64_t{1} << e) != v) {
        *error = "bad tile value " + std::to_string(v) + " at cell " + std::to_string(i) +
                 " (row " + std::to_string(i / 4 + 1) + ", column " + std::to_string(i % 4 + 1) +
                 "): a tile is 0 or a power of two from 2 to 131072";
        return false;
      }
    }
    t.exponent[i] = static_cast<std::uint8_t>(e);
  }
  // A second 131072 would need the other 15 cells for its 16-tile chain: no
  // game reaches it, and merging two would leave the range a board holds.
  if (std::count(t.exponent.begin(), t.exponent.end(), kMaxExponent) > 1) {
    *error = "a board holds at most one 131072 tile (no game can make two)";
    return false;
  }
  *out = t;
  return true;
}

std::array<std::int64_t, 16> tiles_to_values(const Tiles& t) {
  std::array<std::int64_t, 16> v{};
  for (int i = 0; i < 16; ++i) v[i] = t.exponent[i] ? (std::int64_t{1} << t.exponent[i]) : 0;
  return v;
}

bool parse_board_text(const std::string& text, Tiles* out, std::string* error) {
  std::vector<std::int64_t> values;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (i < text.size() && text[i] != ',' && text[i] != ' ' && text[i] != '\t' &&
           text[i] != '\n' && text[i] != '\r')
      ++i;
    std::string token = text.substr(start, i - start);
    bool digits = token.size() <= 12;
    for (char d : token) digits = digits && d >= '0' && d <= '9';
    if (!digits) {
      *error = "board text has a value that is not a number: \"" + token + "\"";
      return false;
    }
    values.push_back(std::strtoll(token.c_str(), nullptr, 10));
  }
  return tiles_from_values(values.data(), values.size(), out, error);
}

std::string board_text(const Tiles& t) {
  std::string s;
  auto v = tiles_to_values(t);
  for (int i = 0; i < 16; ++i) {
    if (i) s += ',';
    s += std::to_string(v[i]);
  }
  return s;
}

int max_exponent(const Tiles& t) {
  int m = 0;
  for (auto e : t.exponent) m = e > m ? e : m;
  return m;
}

int count_empty(const Tiles& t) {
  int n = 0;
  for (auto e : t.exponent) n += e == 0;
  return n;
}

bool fits_bitboard(const Tiles& t) { return max_exponent(t) <= 15; }

Board to_bitboard(const Tiles& t) {
  Board b = 0;
  for (int i = 0; i < 16; ++i) b |= Board(t.exponent[i] & 0xF) << (4 * i);
  return b;
}

Tiles from_bitboard(Board b) {
  Tiles t;
  for (int i = 0; i < 16; ++i) t.exponent[i] = static_cast<std::uint8_t>(cell(b, i));
  return t;
}

MoveOutcome apply_move(const Tiles& t, int dir) {
  if (dir < 0 || dir >= kNumDirs) return MoveOutcome{t, 0, false};
  // The bitboard is exact while no 32768 is on the board (no pair can overflow).
  if (max_exponent(t) < 15) {
    Board b = to_bitboard(t);
    Board after = move(b, dir);
    return MoveOutcome{from_bitboard(after), move_gain(b, dir), after != b};
  }
  return apply_move_plain(t, dir);
}

int legal_moves_mask(const Tiles& t) {
  int mask = 0;
  for (int d = 0; d < kNumDirs; ++d)
    if (apply_move(t, d).moved) mask |= 1 << d;
  return mask;
}

bool spawn(Tiles* t, Rng& rng) {
  int empty = count_empty(*t);
  if (empty == 0) return false;
  std::uint32_t pick = rng.below(static_cast<std::uint32_t>(empty));
  std::uint8_t exponent = rng.below(10) == 0 ? 2 : 1;
  for (int i = 0; i < 16; ++i) {
    if (t->exponent[i] != 0) continue;
    if (pick == 0) {
      t->exponent[i] = exponent;
      return true;
    }
    --pick;
  }
  return false;
}

Tiles new_game(Rng& rng) {
  Tiles t;
  spawn(&t, rng);
  spawn(&t, rng);
  return t;
}

Board to_search_board(const Tiles& t) {
  int top = max_exponent(t);
  if (top <= 15) return to_bitboard(t);
  // label[e]: the exponent e is shown as in the search. Shift the tiles at and
  // above a gap down by one until the largest fits; prefer gaps of two or more
  // levels, so a tile the search makes from smaller ones rarely meets a big one.
  bool present[kMaxExponent + 1] = {};
  for (auto e : t.exponent) present[e] = true;
  int label[kMaxExponent + 1];
  for (int e = 0; e <= kMaxExponent; ++e) label[e] = e;
  auto used = [&](int level) {
    for (int e = 1; e <= kMaxExponent; ++e)
      if (present[e] && label[e] == level) return true;
    return false;
  };
  for (int guard = 0; guard < 8 && label[top] > 15; ++guard) {
    int shift_from = -1;
    for (int want_gap = 2; want_gap >= 1 && shift_from < 0; --want_gap) {
      for (int level = label[top]; level > want_gap && shift_from < 0; --level) {
        bool gap = used(level);
        for (int g = 1; g <= want_gap; ++g) gap = gap && !used(level - g);
        if (gap) shift_from = level;
      }
    }
    if (shift_from < 0) break;  // no gap: a full board of distinct tiles (no move)
    for (int e = 1; e <= kMaxExponent; ++e)
      if (present[e] && label[e] >= shift_from) --label[e];
  }
  Board b = 0;
  for (int i = 0; i < 16; ++i) {
    int l = label[t.exponent[i]];
    b |= Board(l > 15 ? 15 : l) << (4 * i);
  }
  return b;
}

}  // namespace g2048
