#include "players/monte_carlo.h"

#include "search/budget.h"

namespace g2048 {

namespace {

// The seed and the board's cells folded into one Rng seed (FNV-1a style);
// SplitMix64's output mixing does the rest.
std::uint64_t board_seed(std::uint64_t seed, const Tiles& t) {
  std::uint64_t h = seed ^ 0xCBF29CE484222325ULL;
  for (std::uint8_t e : t.exponent) h = (h ^ e) * 0x100000001B3ULL;
  return h;
}

// A tile as the game spawns it: a uniform empty cell, 4 one time in ten.
Board spawn_random(Board b, Rng& rng) {
  int empty = count_empty(b);
  if (empty == 0) return b;
  std::uint32_t pick = rng.below(static_cast<std::uint32_t>(empty));
  Board exponent = rng.below(10) == 0 ? 2 : 1;
  Board scan = b;
  for (int i = 0; i < 16; ++i, scan >>= 4) {
    if ((scan & 0xF) != 0) continue;
    if (pick-- == 0) return b | (exponent << (4 * i));
  }
  return b;
}

// The score of move d from b (tr its transpose), read from the row tables as
// move_gain() does, without its per-call table lookup and transpose.
std::uint64_t gain_of(const RowTables& t, Board b, Board tr, int d) {
  Board lines = (d == kUp || d == kDown) ? tr : b;
  const std::uint32_t* gains = (d == kUp || d == kLeft) ? t.gain_left : t.gain_right;
  return std::uint64_t{gains[row_of(lines, 0)]} + gains[row_of(lines, 1)] +
         gains[row_of(lines, 2)] + gains[row_of(lines, 3)];
}

}  // namespace

MonteCarloPlayer::MonteCarloPlayer(int playouts, int playout_depth, const SearchSettings& budget,
                                   std::uint64_t seed)
    : playouts_(playouts),
      playout_depth_(playout_depth),
      budget_(budget),
      seed_(seed),
      rows_(row_tables()) {}

std::uint64_t MonteCarloPlayer::playout(Board after, Rng& rng, std::uint64_t* nodes) const {
  std::uint64_t score = 0;
  Board b = spawn_random(after, rng);
  for (int step = 0; playout_depth_ == 0 || step < playout_depth_; ++step) {
    Board tr = transpose(b);
    Board next[4] = {move_up(rows_, b, tr), move_right(rows_, b), move_down(rows_, b, tr),
                     move_left(rows_, b)};
    *nodes += 4;
    int legal[4], n = 0;
    for (int d = 0; d < 4; ++d)
      if (next[d] != b) legal[n++] = d;
    if (n == 0) break;
    int d = legal[rng.below(static_cast<std::uint32_t>(n))];
    score += gain_of(rows_, b, tr, d);
    b = spawn_random(next[d], rng);
  }
  return score;
}

SearchResult MonteCarloPlayer::choose(const Tiles& tiles) {
  auto start = SearchClock::now();
  SearchResult result;
  Board board = to_search_board(tiles);
  Rng rng(board_seed(seed_, tiles));
  Board after[4];
  std::uint64_t gain[4], total[4] = {0, 0, 0, 0};
  int legal[4], n = 0;
  for (int d = 0; d < 4; ++d) {
    after[d] = move(board, d);
    gain[d] = move_gain(board, d);
    if (after[d] != board) legal[n++] = d;
  }
  result.nodes = 4;
  if (n == 0) return result;

  bool budgeted = budget_.nodes || budget_.time_ms > 0;
  int rounds = 0;
  for (;;) {
    for (int i = 0; i < n; ++i) {
      int d = legal[i];
      total[d] += gain[d] + playout(after[d], rng, &result.nodes);
    }
    ++rounds;
    if (!budgeted && rounds >= playouts_) break;
    if (budget_.nodes && result.nodes >= budget_.nodes) break;
    // A round can take a while (long playouts): stop before one that would overrun.
    double ms = ms_since(start);
    if (budget_.time_ms > 0 && ms + ms / rounds > budget_.time_ms) break;
  }
  int legal_mask = 0;
  for (int i = 0; i < n; ++i) {
    int d = legal[i];
    result.values[d] = static_cast<double>(total[d]) / rounds;
    legal_mask |= 1 << d;
  }
  result.best = best_direction(result.values, legal_mask);
  result.depth = rounds;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
