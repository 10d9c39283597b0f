// One engine session, the same natively and in wasm: what is loaded (the
// network, the endgame tables), one searcher per evaluation, and the choices
// made from them: the evaluation a request names, its default depth, the
// searcher it goes to, and whether the tables verify its move (here, and
// nowhere else: the players the session makes are verified the same way). The
// CLI (cpp/cli) and the Embind bindings (cpp/wasm) are conversions around it.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "endgame/table_probe.h"
#include "eval/evaluation.h"
#include "network/ntuple.h"
#include "players/player.h"
#include "search/expectimax_searcher.h"

namespace g2048 {

// The search's result, its choice replaced by the table's where the board fits
// a table that has a move the search does not reject (tables.margin and
// min_rate, endgame/table_probe.h); result.table_rate is then set.
SearchResult verify_with_tables(const endgame::TableSettings& tables, const Tiles& board,
                                SearchResult search);

class EngineSession {
 public:
  // The network "network" evaluations use; null: none. A new one drops the
  // searcher of the old.
  void set_network(std::shared_ptr<const QuantizedNetwork> network);
  const std::shared_ptr<const QuantizedNetwork>& network() const { return network_; }

  // The endgame tables expectimax's moves are verified with (none: empty).
  endgame::TableSettings& tables() { return tables_; }
  const endgame::TableSettings& tables() const { return tables_; }

  // The evaluation named `name` with what the session has loaded: "" and *out
  // set, or a one-line problem (an unknown name, "network" with none loaded).
  std::string evaluation(const std::string& name, EvaluationSettings* out) const;

  // With no budget and no depth bound given (budget_given false), the
  // evaluation's default depth, if it has one (the network's 2): the one rule
  // the CLI and the bindings apply.
  static void apply_default_depth(const EvaluationSettings& evaluation, bool budget_given,
                                  SearchSettings* settings);

  // The session's searcher for an evaluation, kept between calls with its
  // table (made anew when the evaluation's settings change).
  ExpectimaxSearcher& searcher(const EvaluationSettings& evaluation);

  // An expectimax request: the default depth applied, the evaluation's
  // searcher, then the tables' verification unless use_tables is false.
  SearchResult search(const Tiles& board, SearchSettings settings,
                      const EvaluationSettings& evaluation, bool budget_given, bool use_tables);

  // The named player (players/player.h), for one game at a time; with
  // use_tables, expectimax's moves are verified with the session's tables (as
  // they are at this call), as search() verifies its own. Null with *error set
  // when the name or the settings are not usable.
  std::unique_ptr<Player> make_player(const std::string& name, const PlayerSettings& settings,
                                      bool use_tables, std::string* error) const;

  // Natively (session_files.cpp): files loaded once per path and shared by
  // every thread's player; null or empty, with *error, on a fault.
  //   a network file (.n2048 or .n2048.gz)
  std::shared_ptr<const QuantizedNetwork> network_file(const std::string& path, std::string* error);
  //   a table file (ai2048 tables distill) or one table's directory
  std::vector<std::shared_ptr<const endgame::EndgameTable>> table_path(const std::string& path,
                                                                       std::string* error);

 private:
  struct Kept {
    EvaluationSettings settings;
    std::unique_ptr<ExpectimaxSearcher> searcher;
  };
  std::shared_ptr<const QuantizedNetwork> network_;
  endgame::TableSettings tables_;
  std::array<Kept, std::variant_size_v<Evaluator>> searchers_;  // by index in the list

  std::mutex files_mutex_;  // the caches below, filled from any thread
  std::map<std::string, std::shared_ptr<const QuantizedNetwork>> network_files_;
  std::map<std::string, std::vector<std::shared_ptr<const endgame::EndgameTable>>> table_paths_;
};

}  // namespace g2048
