// corner: a naive baseline that keeps the big tiles in the bottom-left corner:
// down or left (whichever merges more, down on a tie) while one of them moves,
// else right, and up only when it is the one legal move. values[d] = 100 *
// tier + merges, tier 2 for down and left, 1 for right, 0 for up. It looks no
// further than the current move and uses no randomness.
#pragma once

#include "players/player.h"

namespace g2048 {

class CornerPlayer : public Player {
 public:
  SearchResult choose(const Tiles& board) override;
};

}  // namespace g2048
