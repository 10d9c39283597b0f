// The 64-bit bitboard: 16 cells x 4 bits, each cell holding a tile's exponent
// (0 empty, 1 for 2, ... 15 for 32768). Cell i (row-major from the top-left) sits
// at bits 4*i, so row r is the 16 bits at 16*r and its leftmost cell is the low
// nibble. Moves are table lookups per row; columns go through a transpose.
#pragma once

#include <cstdint>

namespace g2048 {

using Board = std::uint64_t;

// Directions in the original game's order, used everywhere in the project.
enum Dir : int { kUp = 0, kRight = 1, kDown = 2, kLeft = 3 };
constexpr int kNumDirs = 4;
const char* dir_name(int dir);  // "up", "right", "down", "left"; "?" otherwise

// Row tables, filled once by init_tables() (idempotent and thread-safe).
// A pair of 15s (two 32768 tiles) merges into a saturated 15 here: the bitboard
// cannot hold 65536. Exact play with such tiles goes through Tiles (tiles.h);
// the search only sees boards compressed to fit (see to_search_board).
struct RowTables {
  std::uint16_t left[65536];       // row after a move left
  std::uint16_t right[65536];      // row after a move right
  std::uint32_t gain_left[65536];  // score of that move: sum of merged values
  std::uint32_t gain_right[65536];
  Board up_diff[65536];    // column (as a row of the transpose) moved up, spread, xor
  Board down_diff[65536];  // the same for down
};
const RowTables& row_tables();
void init_tables();

inline int cell(Board b, int i) { return static_cast<int>((b >> (4 * i)) & 0xF); }
inline Board with_cell(Board b, int i, int exponent) {
  return (b & ~(Board{0xF} << (4 * i))) | (Board(exponent & 0xF) << (4 * i));
}
inline std::uint16_t row_of(Board b, int r) { return static_cast<std::uint16_t>(b >> (16 * r)); }

// Cell (r, c) goes to (c, r).
inline Board transpose(Board x) {
  Board a1 = x & 0xF0F00F0FF0F00F0FULL;
  Board a2 = x & 0x0000F0F00000F0F0ULL;
  Board a3 = x & 0x0F0F00000F0F0000ULL;
  Board a = a1 | (a2 << 12) | (a3 >> 12);
  Board b1 = a & 0xFF00FF0000FF00FFULL;
  Board b2 = a & 0x00FF00FF00000000ULL;
  Board b3 = a & 0x00000000FF00FF00ULL;
  return b1 | (b2 >> 24) | (b3 << 24);
}

// Reverses the 4 cells of every row: the board mirrored left to right.
inline Board mirror_rows(Board b) {
  return ((b & 0x000F000F000F000FULL) << 12) | ((b & 0x00F000F000F000F0ULL) << 4) |
         ((b & 0x0F000F000F000F00ULL) >> 4) | ((b & 0xF000F000F000F000ULL) >> 12);
}

// Reverses the 4 rows: the board flipped top to bottom.
inline Board flip_rows(Board b) {
  return (b << 48) | ((b & 0x00000000FFFF0000ULL) << 16) | ((b & 0x0000FFFF00000000ULL) >> 16) |
         (b >> 48);
}

inline int count_empty(Board b) {
  // Fold each nibble to one bit that is set when the nibble is non-zero.
  b |= (b >> 2);
  b |= (b >> 1);
  b &= 0x1111111111111111ULL;
  return 16 - __builtin_popcountll(b);
}

inline Board move_left(const RowTables& t, Board b) {
  return Board(t.left[row_of(b, 0)]) | (Board(t.left[row_of(b, 1)]) << 16) |
         (Board(t.left[row_of(b, 2)]) << 32) | (Board(t.left[row_of(b, 3)]) << 48);
}
inline Board move_right(const RowTables& t, Board b) {
  return Board(t.right[row_of(b, 0)]) | (Board(t.right[row_of(b, 1)]) << 16) |
         (Board(t.right[row_of(b, 2)]) << 32) | (Board(t.right[row_of(b, 3)]) << 48);
}
// Up and down take the transpose of b, computed once by the caller.
inline Board move_up(const RowTables& t, Board b, Board tr) {
  return b ^ t.up_diff[row_of(tr, 0)] ^ (t.up_diff[row_of(tr, 1)] << 4) ^
         (t.up_diff[row_of(tr, 2)] << 8) ^ (t.up_diff[row_of(tr, 3)] << 12);
}
inline Board move_down(const RowTables& t, Board b, Board tr) {
  return b ^ t.down_diff[row_of(tr, 0)] ^ (t.down_diff[row_of(tr, 1)] << 4) ^
         (t.down_diff[row_of(tr, 2)] << 8) ^ (t.down_diff[row_of(tr, 3)] << 12);
}

// The four moves' boards (indexed by direction), given b's transpose.
inline void all_moves(const RowTables& t, Board b, Board tr, Board after[4]) {
  after[kUp] = move_up(t, b, tr);
  after[kRight] = move_right(t, b);
  after[kDown] = move_down(t, b, tr);
  after[kLeft] = move_left(t, b);
}

// The score each direction's move gains (indexed by direction), given b's transpose.
inline void move_gains(const RowTables& t, Board b, Board tr, std::uint32_t gain[4]) {
  gain[kUp] = gain[kRight] = gain[kDown] = gain[kLeft] = 0;
  for (int r = 0; r < 4; ++r) {
    gain[kUp] += t.gain_left[row_of(tr, r)];
    gain[kDown] += t.gain_right[row_of(tr, r)];
    gain[kLeft] += t.gain_left[row_of(b, r)];
    gain[kRight] += t.gain_right[row_of(b, r)];
  }
}

// One move in any direction; an out-of-range dir returns b unchanged.
Board move(Board b, int dir);
// Score gained by that move (sum of the merged tiles' values).
std::uint32_t move_gain(Board b, int dir);
// Bit d set when direction d changes the board.
int legal_moves_mask(Board b);
// The same, from the four moves' boards already at hand.
inline int legal_mask_of(Board b, const Board after[4]) {
  return (after[0] != b) | (after[1] != b) << 1 | (after[2] != b) << 2 | (after[3] != b) << 3;
}
inline bool game_over(Board b) { return legal_moves_mask(b) == 0; }
int max_exponent(Board b);

}  // namespace g2048
