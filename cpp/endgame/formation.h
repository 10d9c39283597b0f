// Endgame formations: the k largest tiles stand still as walls in a fixed set of
// cells, and the game is about making the next tile of the chain (the target) in
// the other, free cells. A formation is named by its wall cells in one
// orientation; a real board fits it in any of the 8 symmetries.
//
// In a table the walls' values are ignored: each wall cell holds a fixed
// exponent (14 or 15 in a checkerboard, so no two walls ever merge and no free
// tile, always below the target, ever merges into one). A table key is that
// board: the free cells' exponents and the fixed wall pattern.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/tiles.h"

namespace g2048::endgame {

struct Formation {
  std::string name;
  std::uint16_t wall_cells = 0;  // bit i set: cell i is a wall (canonical orientation)
  // Where the target must be made: 0, anywhere in the free cells; else the free
  // cells next to the chain's end (the smallest wall, at end_cell), ready to
  // merge. A target made elsewhere must be brought there; a free tile above the
  // target is a loss.
  std::uint16_t success_cells = 0;
  int end_cell = -1;
  Board wall_mask = 0;     // the nibbles of the wall cells
  Board wall_pattern = 0;  // the fixed exponents the walls hold in a table key
  int free_count() const { return 16 - __builtin_popcount(wall_cells); }
};

// "snake": the bottom row and the two right cells of the row above (cells 10-15);
// "block": the 2x3 corner block (cells 9-11 and 13-15); "snake-end": the snake
// whose chain ends at cell 10 (the smallest wall), the target made next to it
// (cell 6 or 9); "snake5": the snake's five largest cells (11-15), a sixth tile
// free to move.
const std::vector<std::string>& formation_names();
std::string formation_names_text();  // "snake, block, ..." for messages
// The named formation; false for an unknown name.
bool formation_by_name(const std::string& name, Formation* out);

// Cell maps of the 8 symmetries: symmetry s shows canonical cell i the real
// cell kSymmetry[s][i]. Symmetry 0 is the identity.
extern const std::array<std::array<std::uint8_t, 16>, 8> kSymmetry;

// The free cells, ascending.
std::vector<int> free_cells(const Formation& f);
// A key as its free cells' exponents, 4 bits each, the first cell lowest: how
// the table file spells it.
inline std::uint64_t key_code(Board key, const std::vector<int>& cells) {
  std::uint64_t code = 0;
  for (std::size_t k = 0; k < cells.size(); ++k)
    code |= static_cast<std::uint64_t>(cell(key, cells[k])) << (4 * k);
  return code;
}

// The sum of the free cells' tile values (walls excluded), in units of 2: the
// layer of a key. A spawn adds 1 or 2; moves keep it.
int layer_of(const Formation& f, Board key);

// True when the move kept every wall where it was (a legal move of the table).
inline bool walls_intact(const Formation& f, Board before, Board after) {
  return ((before ^ after) & f.wall_mask) == 0;
}

// How a real board fits a formation: the symmetry, the target exponent (the
// smallest wall's), and the table key of the board. The walls must hold the
// largest tiles: every free tile below the smallest wall.
struct Fit {
  int symmetry = -1;  // -1: no fit
  int target = 0;     // exponent the free cells must make
  Board key = 0;
};
// The largest exponent a free tile may hold in a table key of target t.
inline int largest_free(const Formation& f, int target) {
  return f.success_cells ? target : target - 1;
}

// The first symmetry in which t fits f with a target of at most max_target.
Fit fit(const Formation& f, const Tiles& t, int max_target);
// What a move did to a board that fits (before_fit): it moved a wall (the
// table has no such move), made the target in a free cell (success), or left
// a board of the table, with its key.
struct AfterMove {
  enum Kind { kWallMoved, kReached, kKey } kind = kWallMoved;
  Board key = 0;
};
AfterMove after_move(const Formation& f, const Fit& before_fit, const Tiles& before,
                     const Tiles& after);

}  // namespace g2048::endgame
