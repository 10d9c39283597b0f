// Walls in the search (SearchSettings::walls): on the root board, the largest
// tile of 1024 or more if it stands in a corner, and the next largest ones
// while each stands next to one already taken (a chain of at most N), stay
// where they are. A move that lowers or empties a wall cell is dropped
// wherever another legal move keeps them all, at the root and below it, so
// every root move's value comes from a search under the same rule. A merge
// into a wall grows it and is kept. Measured: docs/results/2026-11-walls.md.
#pragma once

#include "engine/board.h"
#include "search/search_settings.h"

namespace g2048 {

class Walls {
 public:
  Walls() = default;
  // The walls of a root board; none when max is 0 or the largest tile of 1024
  // or more is out of the corners.
  Walls(Board root, int max);

  bool empty() const { return count_ == 0; }
  // Whether a move from `before` to `after` leaves every wall cell as large or larger.
  bool kept(Board before, Board after) const {
    for (int k = 0; k < count_; ++k)
      if (cell(after, cells_[k]) < cell(before, cells_[k])) return false;
    return true;
  }
  // Drops (sets to b) the moves that break a wall, unless every legal move does.
  void prune(Board b, Board after[4]) const;

 private:
  int count_ = 0;
  int cells_[kMaxWalls] = {};
};

}  // namespace g2048
