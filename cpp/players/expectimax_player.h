// The expectimax solver behind the Player interface: the same search, the same
// answers, as calling ExpectimaxSearcher directly. Endgame tables verify its
// moves where the session makes the player (EngineSession::make_player).
#pragma once

#include "players/player.h"
#include "search/expectimax_searcher.h"

namespace g2048 {

class ExpectimaxPlayer : public Player {
 public:
  ExpectimaxPlayer(const SearchSettings& settings, const EvaluationSettings& evaluation)
      : settings_(settings), searcher_(make_evaluator(evaluation)) {}
  SearchResult choose(const Tiles& board) override { return searcher_.search(board, settings_); }

 private:
  SearchSettings settings_;
  ExpectimaxSearcher searcher_;
};

}  // namespace g2048
