// Minimax instantiated for every evaluation in the list (eval/evaluator.h),
// through MinimaxSearcher's dispatch, and for the classic evaluation.
#include "search/minimax.h"

#include "search/minimax_impl.h"

namespace g2048 {

template class MinimaxSearch<ClassicEvaluator>;

MinimaxSearcher::MinimaxSearcher(Evaluator evaluator, bool alpha_beta)
    : evaluator_(std::make_unique<const Evaluator>(std::move(evaluator))),
      search_(make_search_over<MinimaxSearch>(*evaluator_, alpha_beta)) {}

SearchResult MinimaxSearcher::search(Board board, const SearchSettings& settings) {
  return std::visit([&](auto& s) { return s.search(board, settings); }, search_);
}

double MinimaxSearcher::player_to_move(Board b, int replies, double alpha, double beta) {
  return std::visit([&](auto& s) { return s.player_to_move(b, replies, alpha, beta); }, search_);
}

double MinimaxSearcher::evaluate(Board b) const {
  return std::visit([&](const auto& e) -> double { return e.evaluate(b); }, *evaluator_);
}

std::uint64_t MinimaxSearcher::nodes() const {
  return std::visit([](const auto& s) { return s.nodes(); }, search_);
}

}  // namespace g2048
