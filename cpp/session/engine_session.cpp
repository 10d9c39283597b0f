#include "session/engine_session.h"

namespace g2048 {

void EngineSession::set_network(std::shared_ptr<const QuantizedNetwork> network) {
  network_ = std::move(network);
  searchers_[EvaluatorIndex<NetworkEval>::value] = Kept();
}

std::string EngineSession::evaluation(const std::string& name, EvaluationSettings* out) const {
  EvaluationSettings e;
  e.name = name;
  if (name == NetworkEval::kName) e.network = network_;
  std::string problem = validate_evaluation(e);
  if (problem.empty()) *out = e;
  return problem;
}

void EngineSession::apply_default_depth(const EvaluationSettings& evaluation, bool budget_given,
                                        SearchSettings* settings) {
  if (budget_given) return;
  int depth = EvaluatorList<Evaluator>::default_depth(evaluation_index(evaluation));
  if (depth) settings->depth = depth;
}

ExpectimaxSearcher& EngineSession::searcher(const EvaluationSettings& e) {
  Kept& kept = searchers_[evaluation_index(e)];
  const EvaluationSettings& k = kept.settings;
  bool same = kept.searcher && k.network == e.network && k.downgrade == e.downgrade &&
              k.weights == e.weights;
  if (!same) kept = Kept{e, std::make_unique<ExpectimaxSearcher>(make_evaluator(e))};
  return *kept.searcher;
}

SearchResult EngineSession::search(const Tiles& board, SearchSettings settings,
                                   const EvaluationSettings& evaluation, bool budget_given,
                                   bool use_tables) {
  apply_default_depth(evaluation, budget_given, &settings);
  SearchResult r = searcher(evaluation).search(board, settings);
  return use_tables ? endgame::verify_with_tables(tables_, board, r) : r;
}

}  // namespace g2048
