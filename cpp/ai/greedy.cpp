#include "ai/greedy.h"

#include "ai/budget.h"

namespace g2048 {

namespace {

int tile_count(const Tiles& t) { return 16 - count_empty(t); }

// Picks the highest value, the lowest direction on a tie.
void pick_best(SearchResult* r) {
  for (int d = 0; d < 4; ++d)
    if (r->values[d] != kIllegal && (r->best < 0 || r->values[d] > r->values[r->best])) r->best = d;
}

}  // namespace

SearchResult GreedyPlayer::choose(const Tiles& board) {
  auto start = SearchClock::now();
  SearchResult r;
  int tiles = tile_count(board);
  for (int d = 0; d < 4; ++d) {
    MoveOutcome m = apply_move(board, d);
    if (!m.moved) continue;
    int merges = tiles - tile_count(m.tiles);
    r.values[d] = merges + static_cast<double>(m.gain) / (1 << 21);
  }
  r.nodes = 4;
  pick_best(&r);
  r.ms = ms_since(start);
  return r;
}

SearchResult CornerPlayer::choose(const Tiles& board) {
  auto start = SearchClock::now();
  SearchResult r;
  int tiles = tile_count(board);
  // Tier per direction: up 0, right 1, down 2, left 2. On a tie pick_best
  // takes the lower direction, which between down (2) and left (3) is down.
  const int tier[4] = {0, 1, 2, 2};
  for (int d = 0; d < 4; ++d) {
    MoveOutcome m = apply_move(board, d);
    if (!m.moved) continue;
    r.values[d] = 100.0 * tier[d] + (tiles - tile_count(m.tiles));
  }
  r.nodes = 4;
  pick_best(&r);
  r.ms = ms_since(start);
  return r;
}

}  // namespace g2048
