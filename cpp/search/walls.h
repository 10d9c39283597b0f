// Walls in the search (SearchSettings::walls): on the root board, the largest
// tile of 1024 or more if it stands in a corner, and the next largest ones
// while each stands next to one already taken (a chain of at most N), stay
// where they are. A move that lowers the sum of the wall cells' tiles (it
// slides the chain off them) is dropped wherever another legal move keeps it,
// at the root and below it, so every root move's value comes from a search
// under the same rule; below the root a board where every move breaks the
// walls is lost (expectimax_impl.h). Merges into and between walls keep it. Measured:
// docs/results/2026-11-walls.md.
#pragma once

#include <cstdint>

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
  // Whether a move from `before` to `after` keeps the walls: the tiles on the
  // wall cells add up to as much or more. A merge of two walls keeps them (the
  // chain must fold into its corner to make the next tile); a shift that
  // slides a wall tile off the cells does not.
  bool kept(Board before, Board after) const {
    std::uint32_t was = 0, is = 0;
    for (int k = 0; k < count_; ++k) {
      was += tile_value(cell(before, cells_[k]));
      is += tile_value(cell(after, cells_[k]));
    }
    return is >= was;
  }
  // Drops (sets to b) the moves that break a wall, unless every legal move
  // does; false then (or when no move is legal).
  bool prune(Board b, Board after[4]) const;

 private:
  static std::uint32_t tile_value(int e) { return e ? std::uint32_t{1} << e : 0; }
  int count_ = 0;
  int cells_[kMaxWalls] = {};
};

}  // namespace g2048
