#include "engine/board.h"

#include <mutex>

namespace g2048 {

namespace {

RowTables g_tables;
std::once_flag g_tables_once;

// Slides the four nibbles of a row towards nibble 0, merging equal neighbours
// once. Two 15s saturate at 15 (see board.h); the gain is still 65536.
std::uint16_t slide_row_low(std::uint16_t row, std::uint32_t* gain) {
  int in[4], out[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) in[i] = (row >> (4 * i)) & 0xF;
  int n = 0;
  bool last_merged = true;  // nothing to merge with at the start
  *gain = 0;
  for (int i = 0; i < 4; ++i) {
    if (in[i] == 0) continue;
    if (!last_merged && out[n - 1] == in[i]) {
      int merged = in[i] + 1;
      *gain += 1u << merged;
      out[n - 1] = merged > 15 ? 15 : merged;
      last_merged = true;
    } else {
      out[n++] = in[i];
      last_merged = false;
    }
  }
  return static_cast<std::uint16_t>(out[0] | (out[1] << 4) | (out[2] << 8) | (out[3] << 12));
}

std::uint16_t reverse_row(std::uint16_t row) {
  return static_cast<std::uint16_t>(((row >> 12) & 0xF) | ((row >> 4) & 0xF0) |
                                    ((row << 4) & 0xF00) | ((row << 12) & 0xF000));
}

// Puts nibble i of a row at bit 16*i: the row becomes column 0 of a board.
Board spread(std::uint16_t row) {
  Board b = 0;
  for (int i = 0; i < 4; ++i) b |= Board((row >> (4 * i)) & 0xF) << (16 * i);
  return b;
}

void build_tables() {
  for (std::uint32_t r = 0; r < 65536; ++r) {
    std::uint16_t row = static_cast<std::uint16_t>(r);
    std::uint32_t gl = 0, gr = 0;
    std::uint16_t left = slide_row_low(row, &gl);
    std::uint16_t right = reverse_row(slide_row_low(reverse_row(row), &gr));
    g_tables.left[r] = left;
    g_tables.right[r] = right;
    g_tables.gain_left[r] = gl;
    g_tables.gain_right[r] = gr;
    g_tables.up_diff[r] = spread(left) ^ spread(row);
    g_tables.down_diff[r] = spread(right) ^ spread(row);
  }
}

}  // namespace

void init_tables() { std::call_once(g_tables_once, build_tables); }

const RowTables& row_tables() {
  init_tables();
  return g_tables;
}

const char* dir_name(int dir) {
  static const char* const kNames[] = {"up", "right", "down", "left"};
  return dir >= 0 && dir < kNumDirs ? kNames[dir] : "?";
}

Board move(Board b, int dir) {
  const RowTables& t = row_tables();
  switch (dir) {
    case kUp: return move_up(t, b, transpose(b));
    case kRight: return move_right(t, b);
    case kDown: return move_down(t, b, transpose(b));
    case kLeft: return move_left(t, b);
    default: return b;
  }
}

std::uint32_t move_gain(Board b, int dir) {
  const RowTables& t = row_tables();
  Board lines = (dir == kUp || dir == kDown) ? transpose(b) : b;
  // Up and left slide towards nibble 0 of each line; right and down away from it.
  const std::uint32_t* gains = (dir == kUp || dir == kLeft) ? t.gain_left : t.gain_right;
  if (dir < 0 || dir >= kNumDirs) return 0;
  std::uint32_t sum = 0;
  for (int r = 0; r < 4; ++r) sum += gains[row_of(lines, r)];
  return sum;
}

int legal_moves_mask(Board b) {
  int mask = 0;
  for (int d = 0; d < kNumDirs; ++d)
    if (move(b, d) != b) mask |= 1 << d;
  return mask;
}

int max_exponent(Board b) {
  int m = 0;
  for (int i = 0; i < 16; ++i) {
    int e = cell(b, i);
    if (e > m) m = e;
  }
  return m;
}

}  // namespace g2048
