// The expectimax search with its evaluation chosen at run time: one
// ExpectimaxSearch per evaluation in the list (eval/evaluator.h), picked once
// when the searcher is built, so the hot path stays free of virtual calls.
// With settings.phase the time manager (time_manager.h) spreads the budget
// over the game's moves. With settings.threads > 1 the root moves' first
// spawns are searched at once on that many threads (parallel_search.h), over
// the same evaluation and one shared transposition table.
#pragma once

#include <memory>

#include "eval/evaluation.h"
#include "eval/evaluator.h"
#include "search/expectimax.h"
#include "search/late_game.h"
#include "search/time_manager.h"

namespace g2048 {

class RootThreads;  // parallel_search.h

class ExpectimaxSearcher {
 public:
  ExpectimaxSearcher() : ExpectimaxSearcher(make_evaluator(EvaluationSettings())) {}
  explicit ExpectimaxSearcher(Evaluator evaluator);
  ~ExpectimaxSearcher();
  ExpectimaxSearcher(const ExpectimaxSearcher&) = delete;
  ExpectimaxSearcher& operator=(const ExpectimaxSearcher&) = delete;

  // With settings.phase, the budget is the average a move: the time manager
  // (time_manager.h) allocates this move's share from the board and the root
  // values of the moves before it, which it keeps between calls.
  SearchResult search(Board board, const SearchSettings& settings);
  SearchResult search(const Tiles& tiles, const SearchSettings& settings) {
    return search(to_search_board(tiles), settings);
  }
  // The root tasks (RootTask, expectimax.h) over this searcher's evaluation.
  RootMoveValue search_root_move(Board board, const RootTask& task, const SearchSettings& settings);
  RootSpawnValue search_root_spawn(Board board, const RootTask& task,
                                   const SearchSettings& settings, TranspositionTable& table,
                                   std::uint16_t scope);
  static int chosen_depth(Board board, const SearchSettings& settings) {
    return g2048::chosen_depth(board, settings);
  }
  // The transposition tables' memory: its own, and the one its threads share.
  std::size_t table_bytes() const;
  const Evaluator& evaluator() const { return *evaluator_; }

  // search() with settings.threads > 1 (parallel_search.cpp): the same
  // iterations as the sequential search, each one's root moves' first spawns
  // at once.
  SearchResult search_threaded(Board board, const SearchSettings& settings);

 private:
  using Search = SearchOverEvaluators<ExpectimaxSearch>;
  using LateSearch = SearchOverEvaluators<LateGameSearch>;
  SearchResult search_allocated(Board board, const SearchSettings& settings);
  SearchResult search_usual(Board board, const SearchSettings& settings);  // no late-game search

  std::shared_ptr<const Evaluator> evaluator_;  // what search_ refers to; shared with threads
  Search search_;
  LateSearch late_;  // settings.late_from's boards (its table sized at first use)
  std::shared_ptr<RootThreads> threads_;  // started at the first threaded search
  TimeManager time_;
};

}  // namespace g2048
