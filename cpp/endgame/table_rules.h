// The moves of the table world: from a table key (an after-state: walls fixed,
// every free tile below the target), each spawn in an empty free cell and each
// move that keeps the walls where they are. The generator and the brute-force
// check in the tests both walk the game through here, so they play one game.
#pragma once

#include "endgame/formation.h"

namespace g2048::endgame {

// True when b made the target where the formation wants it: in any free cell,
// or (success_cells) next to the chain's end.
inline bool reached_target(const Formation& f, Board b, int target) {
  Board cells = b & ~f.wall_mask;
  for (int i = 0; i < 16; ++i, cells >>= 4) {
    if (f.success_cells && !(f.success_cells >> i & 1)) continue;
    if (static_cast<int>(cells & 0xF) >= target) return true;
  }
  return false;
}

// True when a free tile went past what a key may hold (success_cells: a tile
// above the target, which the chain cannot use).
inline bool overshot(const Formation& f, Board b, int target) {
  if (!f.success_cells) return false;
  Board cells = b & ~f.wall_mask;
  for (int i = 0; i < 16; ++i, cells >>= 4)
    if (static_cast<int>(cells & 0xF) > target) return true;
  return false;
}

// Calls visit(slot, value_exponent, dir, child, reached) for every spawn (slot:
// the index of the spawn among the key's empty free cells, ascending; value_exponent
// 1 for a 2, 2 for a 4) and every move of the table after it. child is the key
// after the move; reached says it made the target (child is then no key). A
// move that overshoots the target is no move of the table.
// Returns the number of empty free cells.
template <class Visit>
int for_each_spawn_and_move(const Formation& f, const RowTables& rows, Board key, int target,
                            Visit&& visit) {
  int slot = 0;
  for (int i = 0; i < 16; ++i) {
    if ((f.wall_cells >> i & 1) || cell(key, i) != 0) continue;
    for (int v = 1; v <= 2; ++v) {
      Board b = key | (Board(v) << (4 * i));
      Board tr = transpose(b);
      Board after[4];
      all_moves(rows, b, tr, after);
      for (int d = 0; d < 4; ++d) {
        if (after[d] == b || !walls_intact(f, b, after[d]) || overshot(f, after[d], target))
          continue;
        visit(slot, v, d, after[d], reached_target(f, after[d], target));
      }
    }
    ++slot;
  }
  return slot;
}

}  // namespace g2048::endgame
