#include "session/engine_session.h"

#include <cmath>

#include "endgame/table_file.h"

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

EngineRequest EngineSession::with_defaults(EngineRequest request) {
  if (request.player == "expectimax") {
    apply_default_depth(request.settings.evaluation, request.budget_given,
                        &request.settings.search);
  }
  return request;
}

ExpectimaxSearcher& EngineSession::searcher(const EvaluationSettings& e) {
  Kept& kept = searchers_[evaluation_index(e)];
  const EvaluationSettings& k = kept.settings;
  bool same = kept.searcher && k.network == e.network && k.downgrade == e.downgrade &&
              k.reads == e.reads && k.weights == e.weights;
  if (!same) kept = Kept{e, std::make_unique<ExpectimaxSearcher>(make_evaluator(e))};
  return *kept.searcher;
}

SearchResult EngineSession::play(const Tiles& board, const EngineRequest& request,
                                 std::string* error) {
  if (request.player != "expectimax") {
    // Other players keep nothing between moves worth a session's keeping.
    std::unique_ptr<Player> player = make_player(request, error);
    return player ? player->choose(board) : SearchResult();
  }
  const EngineRequest r = with_defaults(request);
  const EvaluationSettings& evaluation = r.settings.evaluation;
  SearchResult result = searcher(evaluation).search(board, r.settings.search);
  return r.tables ? verify_with_tables(tables_, board, result) : result;
}

RootMoveValue EngineSession::search_root_move(const Tiles& board, const RootTask& task,
                                              const SearchSettings& settings,
                                              const EvaluationSettings& evaluation) {
  return searcher(evaluation).search_root_move(to_search_board(board), task, settings);
}

int EngineSession::chosen_depth(const Tiles& board, const SearchSettings& settings) {
  return ExpectimaxSearcher::chosen_depth(to_search_board(board), settings);
}

int EngineSession::deepest_depth(const Tiles& board, const SearchSettings& settings) {
  return g2048::deepest_depth(to_search_board(board), settings);
}

std::unique_ptr<Player> EngineSession::make_player(const EngineRequest& request,
                                                   std::string* error) const {
  const EngineRequest r = with_defaults(request);
  std::unique_ptr<Player> player = g2048::make_player(r.player, r.settings, error);
  // Only expectimax's: the verification weighs the table's move by the
  // search's own values of the moves.
  if (!player || r.player != "expectimax" || !r.tables || !tables_.any()) return player;
  return std::make_unique<TableVerifiedPlayer>(std::move(player), tables_);
}

void EngineSession::begin_network(std::size_t size) {
  reader_ = std::make_unique<NetworkStreamReader>(size);
}

bool EngineSession::push_network(const std::uint8_t* bytes, std::size_t size, std::string* error) {
  if (!reader_) {
    *error = "no network file is being read";
    return false;
  }
  if (reader_->push(bytes, size, error)) return true;
  reader_.reset();
  return false;
}

bool EngineSession::finish_network(std::string* error) {
  if (!reader_) {
    *error = "no network file is being read";
    return false;
  }
  QuantizedNetwork net;
  bool ok = reader_->finish(&net, error);
  reader_.reset();
  if (ok) set_network(std::make_shared<const QuantizedNetwork>(std::move(net)));
  return ok;
}

bool EngineSession::load_table_file(std::shared_ptr<const std::vector<std::uint8_t>> bytes,
                                    std::string* error) {
  std::vector<std::shared_ptr<const endgame::EndgameTable>> tables;
  if (!endgame::decode_table_file(std::move(bytes), &tables, error)) return false;
  tables_.tables = std::move(tables);
  return true;
}

}  // namespace g2048
