// The minimax player: the spawner as an adversary (search/minimax.h) behind
// the Player interface, with the classic evaluation (eval/classic_eval.h).
#pragma once

#include "eval/classic_eval.h"
#include "players/player.h"
#include "search/minimax.h"

namespace g2048 {

class MinimaxPlayer : public Player {
 public:
  MinimaxPlayer(const SearchSettings& settings, bool alpha_beta,
                const ClassicWeights& weights = ClassicWeights())
      : settings_(settings), evaluator_(weights), searcher_(evaluator_, alpha_beta) {}
  SearchResult choose(const Tiles& board) override { return searcher_.search(board, settings_); }

 private:
  SearchSettings settings_;
  ClassicEvaluator evaluator_;
  MinimaxSearch<ClassicEvaluator> searcher_;  // instantiated in search/minimax.cpp
};

}  // namespace g2048
