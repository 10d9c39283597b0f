// Two naive baselines, to show the distance between naive and strong play.
// Neither looks past the current move, and neither uses randomness.
//
// greedy: the move that merges the most tiles now; ties go to the larger
//   score gain, then to the lowest direction. values[d] = merges + gain / 2^21
//   (the gain of one move is below 2^21, so the fraction only breaks ties).
// corner: keeps the big tiles in the bottom-left corner: down or left
//   (whichever merges more, down on a tie) while one of them moves, else right,
//   and up only when it is the one legal move. values[d] = 100 * tier + merges,
//   tier 2 for down and left, 1 for right, 0 for up.
#pragma once

#include "ai/player.h"

namespace g2048 {

class GreedyPlayer : public Player {
 public:
  SearchResult choose(const Tiles& board) override;
};

class CornerPlayer : public Player {
 public:
  SearchResult choose(const Tiles& board) override;
};

}  // namespace g2048
