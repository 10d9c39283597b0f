// The expectimax search with its evaluation chosen at run time: one
// ExpectimaxSearch instantiation per evaluation (expectimax.h), picked once
// when the searcher is built, so the hot path stays free of virtual calls.
// With settings.phase the time manager (time_manager.h) spreads the budget
// over the game's moves. With settings.threads > 1 the root moves are searched at once on that many
// threads (parallel_search.h), over the same evaluation.
#pragma once

#include <memory>
#include <variant>

#include "eval/evaluation.h"
#include "search/expectimax.h"
#include "search/time_manager.h"

namespace g2048 {

class RootThreads;  // parallel_search.h

class ExpectimaxSearcher {
 public:
  ExpectimaxSearcher() : ExpectimaxSearcher(make_evaluation(EvaluationSettings())) {}
  explicit ExpectimaxSearcher(Evaluation evaluation)
      : evaluation_(std::move(evaluation)), search_(pick(evaluation_)) {}

  // With settings.phase, the budget is the average a move: the time manager
  // (time_manager.h) allocates this move's share from the board and the root
  // values of the moves before it, which it keeps between calls.
  SearchResult search(Board board, const SearchSettings& settings) {
    if (!settings.phase) return search_allocated(board, settings);
    SearchResult result = search_allocated(board, time_.allocate(board, settings));
    result.phase_factor = time_.last_factor();
    time_.record(board, result, evaluation_.network != nullptr);
    return result;
  }
  SearchResult search(const Tiles& tiles, const SearchSettings& settings) {
    return search(to_search_board(tiles), settings);
  }
  RootMoveValue search_root_move(Board board, int dir, int depth, const SearchSettings& settings,
                                 std::uint64_t node_limit = 0, double time_limit_ms = 0) {
    return std::visit(
        [&](auto& s) {
          return s.search_root_move(board, dir, depth, settings, node_limit, time_limit_ms);
        },
        search_);
  }
  static int chosen_depth(Board board, const SearchSettings& settings) {
    return g2048::chosen_depth(board, settings);
  }
  std::size_t table_bytes() const {
    return std::visit([](const auto& s) { return s.table_bytes(); }, search_);
  }
  const Evaluation& evaluation() const { return evaluation_; }

  // search() with settings.threads > 1 (parallel_search.cpp): the same
  // iterations as the sequential search, each one's root moves at once.
  SearchResult search_threaded(Board board, const SearchSettings& settings);

 private:
  using Search = std::variant<ExpectimaxSearch<Heuristic>, ExpectimaxSearch<QuantizedNetwork>>;
  SearchResult search_allocated(Board board, const SearchSettings& settings) {
    if (settings.threads > 1) return search_threaded(board, settings);
    return std::visit([&](auto& s) { return s.search(board, settings); }, search_);
  }
  static Search pick(const Evaluation& e) {
    if (e.network) return Search(std::in_place_index<1>, *e.network);
    return Search(std::in_place_index<0>, *e.heuristic);
  }

  Evaluation evaluation_;  // keeps what search_ refers to alive
  Search search_;
  std::shared_ptr<RootThreads> threads_;  // started at the first threaded search
  TimeManager time_;
};

}  // namespace g2048
