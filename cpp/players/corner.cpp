#include "players/corner.h"

#include "players/greedy.h"
#include "search/budget.h"

namespace g2048 {

SearchResult CornerPlayer::choose(const Tiles& board) {
  auto start = SearchClock::now();
  SearchResult r;
  int tiles = 16 - count_empty(board);
  // Tier per direction: up 0, right 1, down 2, left 2. On a tie the lower
  // direction wins, which between down (2) and left (3) is down.
  const int tier[4] = {0, 1, 2, 2};
  for (int d = 0; d < 4; ++d) {
    MoveOutcome m = apply_move(board, d);
    if (!m.moved) continue;
    r.values[d] = 100.0 * tier[d] + (tiles - (16 - count_empty(m.tiles)));
  }
  r.nodes = 4;
  pick_best_legal(&r);
  r.ms = ms_since(start);
  return r;
}

}  // namespace g2048
