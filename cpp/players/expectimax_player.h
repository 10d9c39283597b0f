// The expectimax solver behind the Player interface: the same search, the same
// answers, as calling ExpectimaxSearcher directly; with endgame tables, the
// table's move where the board fits one and the search does not reject it.
#pragma once

#include "players/player.h"
#include "search/expectimax_searcher.h"

namespace g2048 {

class ExpectimaxPlayer : public Player {
 public:
  ExpectimaxPlayer(const SearchSettings& settings, const EvaluationSettings& evaluation,
                   endgame::TableSettings tables = {})
      : settings_(settings), tables_(std::move(tables)), searcher_(make_evaluator(evaluation)) {}
  SearchResult choose(const Tiles& board) override {
    return endgame::verify_with_tables(tables_, board, searcher_.search(board, settings_));
  }

 private:
  SearchSettings settings_;
  endgame::TableSettings tables_;
  ExpectimaxSearcher searcher_;
};

}  // namespace g2048
