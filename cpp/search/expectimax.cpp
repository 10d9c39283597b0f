#include "search/expectimax.h"

#include <algorithm>
#include <cmath>

namespace g2048 {

namespace {

int distinct_tiles(Board b) {
  int seen = 0;
  for (int i = 0; i < 16; ++i) seen |= 1 << cell(b, i);
  return __builtin_popcount(seen & ~1);
}

}  // namespace

int chosen_depth(Board board, const SearchSettings& s) {
  return std::clamp(distinct_tiles(board) - 2, s.min_depth, s.max_depth);
}

double root_move_value(const RootSpawnValue* cells, int count) {
  if (count == 0 || cells[0].empty == 0) return kIllegal;
  // chance_node's sum, in its order: the 2 then the 4 of each cell.
  float sum = 0.0f;
  for (int i = 0; i < count; ++i) {
    sum += cells[i].two * 0.9f;
    sum += cells[i].four * 0.1f;
  }
  return static_cast<double>(sum / static_cast<float>(cells[0].empty)) + cells[0].gain;
}

}  // namespace g2048
