// Minimax with the tile spawner as an adversary: after each of the player's
// moves the spawner puts a 2 or a 4 into whichever empty cell is worst for the
// player. Alpha-beta pruning (fail-soft, children ordered by their static
// value) and iterative deepening within a node or time budget; plain minimax
// (no pruning) is kept as a setting, the oracle the tests compare against:
// pruning changes the speed, never the chosen move.
//
// Depth follows the expectimax convention: the root move, then `depth` rounds
// of spawn + reply, then the evaluation. Budgets (SearchSettings): a fixed
// depth; a node or time budget deepens from 1 to max_depth; none given plays
// at min_depth (full-width minimax grows too fast for a chosen depth of 8).
//
// The root's values: the chosen move's value is exact; with alpha-beta the
// others are upper bounds (proved no better). Ties between root moves go to
// the lowest direction, in both modes, so the choices match exactly.
//
// The evaluation is a template parameter (the concept in eval/evaluator.h; only
// evaluate() is used). The body is in minimax_impl.h, instantiated in
// minimax.cpp for the list (MinimaxSearcher, the evil spawner's) and for the
// classic evaluation (players/minimax_player.h's).
#pragma once

#include <cstdint>
#include <memory>

#include "engine/board.h"
#include "engine/tiles.h"
#include "eval/classic_eval.h"
#include "eval/evaluator.h"
#include "search/budget.h"
#include "search/search_settings.h"

namespace g2048 {

// A lost position (no legal move) with d rounds of depth still unused scores
// kMinimaxLoss - d: below every evaluation, and losing later is less bad.
inline constexpr double kMinimaxLoss = -1e12;

template <class Eval>
class MinimaxSearch {
 public:
  static constexpr double kLoss = kMinimaxLoss;

  // evaluator must outlive the search.
  explicit MinimaxSearch(const Eval& evaluator, bool alpha_beta = true);

  // Best move on a search board (see to_search_board). Settings must be valid.
  SearchResult search(Board board, const SearchSettings& settings);
  SearchResult search(const Tiles& tiles, const SearchSettings& settings) {
    return search(to_search_board(tiles), settings);
  }

  // The value of b with the player to move, who makes `replies` >= 1 moves
  // with the adversary's spawns between them, evaluated after the last. With
  // alpha-beta, a value outside (alpha, beta) is only a bound on that side.
  // No budget applies. The evil spawner's look-ahead.
  double player_to_move(Board b, int replies, double alpha, double beta);

  std::uint64_t nodes() const { return nodes_; }

 private:
  double max_node(Board b, int depth, double alpha, double beta);
  double min_node(Board b, int depth, double alpha, double beta);

  const Eval& evaluator_;
  const RowTables& rows_;
  bool prune_;
  std::uint64_t nodes_ = 0;
  BudgetGuard guard_;
};

// Minimax with an evaluation of the list chosen at run time (the evil
// spawner's): one MinimaxSearch per evaluation, picked once.
class MinimaxSearcher {
 public:
  static constexpr double kLoss = kMinimaxLoss;

  explicit MinimaxSearcher(Evaluator evaluator, bool alpha_beta = true);
  MinimaxSearcher(const MinimaxSearcher&) = delete;
  MinimaxSearcher& operator=(const MinimaxSearcher&) = delete;

  SearchResult search(Board board, const SearchSettings& settings);
  double player_to_move(Board b, int replies, double alpha, double beta);
  double evaluate(Board b) const;  // the evaluation's static value
  std::uint64_t nodes() const;

 private:
  std::unique_ptr<const Evaluator> evaluator_;  // what search_ refers to
  SearchOverEvaluators<MinimaxSearch> search_;
};

}  // namespace g2048
