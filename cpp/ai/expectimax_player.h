// The expectimax solver behind the Player interface: the same search, the same
// answers, as calling ExpectimaxSearcher directly.
#pragma once

#include <memory>

#include "ai/expectimax.h"
#include "ai/player.h"

namespace g2048 {

class ExpectimaxPlayer : public Player {
 public:
  ExpectimaxPlayer(const SearchSettings& settings, const HeuristicWeights& weights);
  SearchResult choose(const Tiles& board) override { return searcher_.search(board, settings_); }

 private:
  SearchSettings settings_;
  std::unique_ptr<Heuristic> own_heuristic_;  // only when the weights are not the defaults
  ExpectimaxSearcher searcher_;
};

}  // namespace g2048
