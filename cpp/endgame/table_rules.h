// The moves of the table world: from a table key (an after-state: walls fixed,
// every free tile below the target), each spawn in an empty free cell and each
// move that keeps the walls where they are. The generator and the brute-force
// check in the tests both walk the game through here, so they play one game.
#pragma once

#include "endgame/formation.h"

namespace g2048::endgame {

// True when some free cell of b holds the target or more.
inline bool reached_target(const Formation& f, Board b, int target) {
  Board free = b & ~f.wall_mask;
  for (int i = 0; i < 16; ++i, free >>= 4)
    if (static_cast<int>(free & 0xF) >= target) return true;
  return false;
}

// Calls visit(slot, value_exponent, dir, child, reached) for every spawn (slot:
// the index of the spawn among the key's empty free cells, ascending; value_exponent
// 1 for a 2, 2 for a 4) and every move of the table after it. child is the key
// after the move; reached says it made the target (child is then no key).
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
        if (after[d] == b || !walls_intact(f, b, after[d])) continue;
        visit(slot, v, d, after[d], reached_target(f, after[d], target));
      }
    }
    ++slot;
  }
  return slot;
}

}  // namespace g2048::endgame
