#include "players/greedy.h"

#include "search/budget.h"

namespace g2048 {

void pick_best_legal(SearchResult* r) {
  int legal = 0;
  for (int d = 0; d < 4; ++d) legal |= (r->values[d] != kIllegal) << d;
  r->best = best_direction(r->values, legal);
}

SearchResult GreedyPlayer::choose(const Tiles& board) {
  auto start = SearchClock::now();
  SearchResult r;
  int tiles = 16 - count_empty(board);
  for (int d = 0; d < 4; ++d) {
    MoveOutcome m = apply_move(board, d);
    if (!m.moved) continue;
    int merges = tiles - (16 - count_empty(m.tiles));
    r.values[d] = merges + static_cast<double>(m.gain) / (1 << 21);
  }
  r.nodes = 4;
  pick_best_legal(&r);
  r.ms = ms_since(start);
  return r;
}

}  // namespace g2048
