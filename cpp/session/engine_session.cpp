#include "session/engine_session.h"

#include <cmath>

namespace g2048 {

SearchResult verify_with_tables(const endgame::TableSettings& settings, const Tiles& board,
                                SearchResult search) {
  if (!settings.any() || search.best < 0) return search;
  endgame::TableProbe p = endgame::probe_tables(settings, board);
  if (p.best < 0 || p.rates[p.best] < settings.min_rate) return search;
  double best = search.values[search.best];
  double mine = search.values[p.best];
  if (mine < best - settings.margin * std::fabs(best)) return search;
  search.search_best = search.best;
  search.best = p.best;
  search.table_rate = p.rates[p.best];
  search.table_target = settings.tables[static_cast<std::size_t>(p.table)]->target();
  return search;
}

namespace {

// A player whose moves the tables verify, as the session's own searches are.
class TableVerifiedPlayer : public Player {
 public:
  TableVerifiedPlayer(std::unique_ptr<Player> player, endgame::TableSettings tables)
      : player_(std::move(player)), tables_(std::move(tables)) {}
  SearchResult choose(const Tiles& board) override {
    return verify_with_tables(tables_, board, player_->choose(board));
  }
  void set_seed(std::uint64_t seed) override { player_->set_seed(seed); }

 private:
  std::unique_ptr<Player> player_;
  endgame::TableSettings tables_;
};

}  // namespace

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
  return use_tables ? verify_with_tables(tables_, board, r) : r;
}

std::unique_ptr<Player> EngineSession::make_player(const std::string& name,
                                                   const PlayerSettings& settings, bool use_tables,
                                                   std::string* error) const {
  std::unique_ptr<Player> player = g2048::make_player(name, settings, error);
  // Only expectimax's: the verification weighs the table's move by the
  // search's own values of the moves.
  if (!player || name != "expectimax" || !use_tables || !tables_.any()) return player;
  return std::make_unique<TableVerifiedPlayer>(std::move(player), tables_);
}

}  // namespace g2048
