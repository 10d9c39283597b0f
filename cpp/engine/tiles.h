// The exact game board: 16 exponents (0 empty, 1 for 2, ... 17 for 131072).
// The bitboard holds exponents up to 15 only; Tiles plays the whole game exactly,
// through the bitboard while every tile is below 32768 and through a plain
// per-cell slide once a 32768 or larger is on the board.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/rng.h"

namespace g2048 {

constexpr int kMaxExponent = 17;  // 131072, the largest tile a game can make

struct Tiles {
  // Per cell, row-major from the top-left: 0 empty, 1 for 2, ... 17 for 131072.
  std::array<std::uint8_t, 16> exponent{};
  bool operator==(const Tiles& o) const { return exponent == o.exponent; }
  bool operator!=(const Tiles& o) const { return exponent != o.exponent; }
};

struct MoveOutcome {
  Tiles tiles;
  std::uint64_t gain = 0;  // sum of the merged tiles' values
  bool moved = false;      // false when the move left the board unchanged
};

// Tile values (0 or 2..131072, powers of two) to Tiles. On a bad value returns
// false and says which cell and why in *error.
bool tiles_from_values(const std::int64_t* values, std::size_t count, Tiles* out,
                       std::string* error);
std::array<std::int64_t, 16> tiles_to_values(const Tiles& t);
// Board text: 16 values separated by commas and/or spaces.
bool parse_board_text(const std::string& text, Tiles* out, std::string* error);
std::string board_text(const Tiles& t);  // "0,2,0,..." form

int max_exponent(const Tiles& t);
int count_empty(const Tiles& t);
MoveOutcome apply_move(const Tiles& t, int dir);  // dir out of range: moved = false
int legal_moves_mask(const Tiles& t);
inline bool game_over(const Tiles& t) { return legal_moves_mask(t) == 0; }

// Spawns one tile: a uniformly chosen empty cell (rng.below(empty count), cells in
// row-major order), then 4 when rng.below(10) == 0, else 2. Returns false (and
// leaves t as it is) when there is no empty cell.
bool spawn(Tiles* t, Rng& rng);
// A new game: two spawns on an empty board.
Tiles new_game(Rng& rng);

// Exact conversion when every exponent fits in 4 bits.
bool fits_bitboard(const Tiles& t);
Board to_bitboard(const Tiles& t);  // caller ensures fits_bitboard
Tiles from_bitboard(Board b);

// The board the search sees: the same board while it fits; with tiles above
// 32768, exponents are shifted down into gaps of the set of exponents present
// (a strictly increasing relabelling), so equal tiles stay equal, different tiles
// stay different and the legal moves are exactly those of the real board.
Board to_search_board(const Tiles& t);

}  // namespace g2048
