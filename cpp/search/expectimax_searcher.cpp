// The searcher's dispatch over the evaluation list: visiting the variant
// instantiates ExpectimaxSearch for every evaluation (eval/evaluator.h), here,
// where the search's body is compiled for speed.
#include "search/expectimax_searcher.h"

#include <algorithm>

#include "search/expectimax_impl.h"
#include "search/late_game_impl.h"
#include "search/parallel_search.h"

namespace g2048 {

ExpectimaxSearcher::ExpectimaxSearcher(Evaluator evaluator)
    : evaluator_(std::make_shared<const Evaluator>(std::move(evaluator))),
      search_(make_search_over<ExpectimaxSearch>(*evaluator_)),
      late_(make_search_over<LateGameSearch>(*evaluator_)) {}

ExpectimaxSearcher::~ExpectimaxSearcher() = default;

SearchResult ExpectimaxSearcher::search(Board board, const SearchSettings& settings) {
  if (!settings.phase) return search_allocated(board, settings);
  SearchResult result = search_allocated(board, time_.allocate(board, settings));
  result.phase_factor = time_.last_factor();
  result.allocation = time_.last_allocation();
  time_.record(board, result, scores_moves(*evaluator_));
  return result;
}

RootMoveValue ExpectimaxSearcher::search_root_move(Board board, const RootTask& task,
                                                   const SearchSettings& settings) {
  return std::visit([&](auto& s) { return s.search_root_move(board, task, settings); }, search_);
}

RootSpawnValue ExpectimaxSearcher::search_root_spawn(Board board, const RootTask& task,
                                                     const SearchSettings& settings,
                                                     TranspositionTable& table,
                                                     std::uint16_t scope) {
  return std::visit(
      [&](auto& s) { return s.search_root_spawn(board, task, settings, table, scope); }, search_);
}

std::size_t ExpectimaxSearcher::table_bytes() const {
  std::size_t own = std::visit([](const auto& s) { return s.table_bytes(); }, search_) +
                    std::visit([](const auto& s) { return s.table_bytes(); }, late_);
  return own + (threads_ ? threads_->table().bytes() : 0);
}

SearchResult ExpectimaxSearcher::search_allocated(Board board, const SearchSettings& settings) {
  if (!settings.late_from) return search_usual(board, settings);
  // One thread: the late-game search is sequential.
  SearchResult late;
  if (std::visit([&](auto& s) { return s.search(board, settings, &late); }, late_)) return late;
  std::uint64_t spent_nodes = std::visit([](const auto& s) { return s.spent_nodes(); }, late_);
  double spent_ms = std::visit([](const auto& s) { return s.spent_ms(); }, late_);
  if (!spent_nodes) return search_usual(board, settings);
  // It searched and found every move lost: the usual search gets what is
  // left of the move's budget (at least a quarter of it), so the move costs
  // its budget once, and the result counts both searches.
  SearchSettings rest = settings;
  if (rest.nodes)
    rest.nodes = std::max(rest.nodes - std::min(rest.nodes, spent_nodes), rest.nodes / 4);
  if (rest.time_ms > 0) rest.time_ms = std::max(rest.time_ms - spent_ms, rest.time_ms / 4);
  SearchResult result = search_usual(board, rest);
  result.nodes += spent_nodes;
  result.ms += spent_ms;
  return result;
}

SearchResult ExpectimaxSearcher::search_usual(Board board, const SearchSettings& settings) {
  if (settings.threads > 1) return search_threaded(board, settings);
  return std::visit([&](auto& s) { return s.search(board, settings); }, search_);
}

}  // namespace g2048
