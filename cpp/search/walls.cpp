#include "search/walls.h"

#include <cstdlib>

namespace g2048 {

namespace {

bool is_corner(int i) { return i == 0 || i == 3 || i == 12 || i == 15; }

bool next_to(int i, int j) {
  return (i / 4 == j / 4 && std::abs(i - j) == 1) || std::abs(i - j) == 4;
}

}  // namespace

Walls::Walls(Board root, int max) {
  // Largest first, cells in order on ties; the chain stops at the first tile
  // not next to it.
  for (int e = 15; e >= 10 && count_ < max; --e) {
    for (int i = 0; i < 16 && count_ < max; ++i) {
      if (cell(root, i) != e) continue;
      // A largest tile out of the corners is no formation worth keeping
      // (pinned in the middle it cannot be brought back).
      if (count_ == 0 && !is_corner(i)) return;
      bool joins = count_ == 0;
      for (int k = 0; k < count_; ++k) joins = joins || next_to(i, cells_[k]);
      if (!joins) return;
      cells_[count_++] = i;
    }
  }
}

bool Walls::prune(Board b, Board after[4]) const {
  bool keeps[4];
  bool any = false;
  for (int d = 0; d < 4; ++d) {
    keeps[d] = after[d] != b && kept(b, after[d]);
    any = any || keeps[d];
  }
  if (!any) return false;
  for (int d = 0; d < 4; ++d)
    if (!keeps[d]) after[d] = b;
  return true;
}

}  // namespace g2048
