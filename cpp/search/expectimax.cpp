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

}  // namespace g2048
