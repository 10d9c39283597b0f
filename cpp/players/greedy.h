// greedy: a naive baseline, to show the distance between naive and strong
// play. The move that merges the most tiles now; ties go to the larger score
// gain, then to the lowest direction. values[d] = merges + gain / 2^21 (the
// gain of one move is below 2^21, so the fraction only breaks ties). It looks
// no further than the current move and uses no randomness.
#pragma once

#include "players/player.h"

namespace g2048 {

class GreedyPlayer : public Player {
 public:
  SearchResult choose(const Tiles& board) override;
};

// The highest value among the legal directions (values[d] != kIllegal), the
// lowest direction on a tie: the naive players' final pick.
void pick_best_legal(SearchResult* r);

}  // namespace g2048
