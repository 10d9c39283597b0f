// The evaluation of the classic browser minimax AI's family: monotonicity,
// smoothness, free cells and the largest tile, all on tile ranks (log2 of the
// value, 0 for empty). Our own formulation, scored through per-row tables:
//   smoothness   -(sum over rows and columns of |rank a - rank b| for each
//                  pair of tiles next to each other once empty cells are skipped)
//   monotonicity -(min(sum of falls, sum of rises) over the rows)
//                 -(the same over the columns), falls and rises taken along
//                  the same skipping walk: a board is monotone in each axis
//                  when one way (left or right, up or down) never climbs
//   free cells   ln(1 + empty cells)
//   max tile     the largest rank
// value = base + the weighted sum; base keeps every position above 0, so no
// value can be mistaken for kIllegal (-1).
#pragma once

#include <cstdint>

#include "engine/board.h"

namespace g2048 {

struct ClassicWeights {
  double base = 1000.0;
  double smoothness = 0.1;
  double monotonicity = 1.0;
  double empty = 2.7;
  double max_tile = 1.0;
};

// Minimax's evaluation (the concept in evaluator.h, of which minimax uses
// evaluate() only); not in the list, since expectimax does not search with it.
class ClassicEvaluator {
 public:
  explicit ClassicEvaluator(const ClassicWeights& w = ClassicWeights()) : w_(w) {}
  double evaluate(Board b) const;
  const ClassicWeights& weights() const { return w_; }

  // The per-line features the value is built from (a row, leftmost cell in the
  // low nibble; columns are rows of the transpose).
  struct LineFeatures {
    std::uint8_t roughness;  // sum of |rank differences| of neighbours, empties skipped
    std::uint8_t falls;      // sum of rank drops along the line
    std::uint8_t rises;      // sum of rank climbs
    std::uint8_t empty;
    std::uint8_t max_rank;
  };
  static const LineFeatures& line(std::uint16_t row);

 private:
  ClassicWeights w_;
};

}  // namespace g2048
