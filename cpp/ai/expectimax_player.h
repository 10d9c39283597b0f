// The expectimax solver behind the Player interface: the same search, the same
// answers, as calling ExpectimaxSearcher directly.
#pragma once

#include "ai/expectimax_searcher.h"
#include "ai/player.h"

namespace g2048 {

class ExpectimaxPlayer : public Player {
 public:
  ExpectimaxPlayer(const SearchSettings& settings, const EvaluationSettings& evaluation)
      : settings_(settings), searcher_(make_evaluation(evaluation)) {}
  SearchResult choose(const Tiles& board) override { return searcher_.search(board, settings_); }

 private:
  SearchSettings settings_;
  ExpectimaxSearcher searcher_;
};

}  // namespace g2048
