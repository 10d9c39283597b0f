// One engine session, the same natively and in wasm: what is loaded (the
// network, the endgame tables), one searcher per evaluation, and the choices
// made from them: the evaluation a request names, its default depth, the
// player or searcher that serves it, and whether the tables verify its move
// (here, and nowhere else: the players the session makes are verified the same
// way). The CLI (cpp/cli) and the Embind bindings (cpp/wasm) are conversions
// around it: they read an EngineRequest from options or a JS object and hand
// it here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "endgame/table_probe.h"
#include "eval/evaluation.h"
#include "network/network_stream.h"
#include "network/ntuple.h"
#include "players/player.h"
#include "search/expectimax_searcher.h"

namespace g2048 {

// What a caller asks of the session: a player by name with its settings, and
// the two choices the session applies to expectimax.
struct EngineRequest {
  std::string player = "expectimax";  // a name of player_names() (players/player.h)
  PlayerSettings settings;            // the budget, the evaluation, Monte Carlo's
  // Any of depth, nodes, time, min or max depth given; without, the
  // evaluation's default depth applies (apply_default_depth).
  bool budget_given = false;
  // Whether the session's endgame tables, where it holds any, verify
  // expectimax's moves (verify_with_tables). On by default: the tables a
  // session holds are there to play. The CLI turns it off with --tables off
  // (and loads the shipped tables by default only where the network plays);
  // the wasm settings with tables: false.
  bool tables = true;
};

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
  // The request as the session serves it: expectimax's default depth applied.
  static EngineRequest with_defaults(EngineRequest request);

  // The session's searcher for an evaluation, kept between calls with its
  // table (made anew when the evaluation's settings change).
  ExpectimaxSearcher& searcher(const EvaluationSettings& evaluation);

  // The move a request's player makes on this board. Expectimax: the default depth applied, the
  // evaluation's searcher (kept with its table), then the tables' verification unless
  // request.tables is false. Any other player: built for the call (cheap:
  // Monte Carlo's stream restarts from seed and board on every move anyway).
  // An empty result with *error set when the player cannot be made.
  SearchResult play(const Tiles& board, const EngineRequest& request, std::string* error);

  // Expectimax's pieces for the browser's root parallelism: one root task
  // (search/expectimax.h) on the evaluation's searcher, and the depth a
  // position gets without a budget and the deepest a node budget deepens it.
  RootMoveValue search_root_move(const Tiles& board, const RootTask& task,
                                 const SearchSettings& settings,
                                 const EvaluationSettings& evaluation);
  static int chosen_depth(const Tiles& board, const SearchSettings& settings);
  static int deepest_depth(const Tiles& board, const SearchSettings& settings);

  // The request's player, for one game at a time (the default depth applied
  // as play() does); with request.tables, expectimax's moves are verified with
  // the session's tables (as they are at this call), as play() verifies its
  // own. Null with *error set when the name or the settings are not usable.
  std::unique_ptr<Player> make_player(const EngineRequest& request, std::string* error) const;

  // A network file read as it arrives (network/network_stream.h), the
  // browser's load: begin with the file's size, push its bytes in pieces of
  // any size, then finish, which checks the checksum and puts the network in
  // place of the session's (set_network). A fault ends the reading, with
  // *error; the network in use stays.
  void begin_network(std::size_t size);
  bool reading_network() const { return reader_ != nullptr; }  // begun, not ended
  bool push_network(const std::uint8_t* bytes, std::size_t size, std::string* error);
  std::size_t network_received() const { return reader_ ? reader_->received() : 0; }
  bool finish_network(std::string* error);

  // A table file's bytes (endgame/table_file.h, decompressed), which its
  // tables keep: they replace the session's tables, or false with *error and
  // the tables before kept.
  bool load_table_file(std::shared_ptr<const std::vector<std::uint8_t>> bytes, std::string* error);

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
  std::unique_ptr<NetworkStreamReader> reader_;                 // while a network arrives

  std::mutex files_mutex_;  // the caches below, filled from any thread
  std::map<std::string, std::shared_ptr<const QuantizedNetwork>> network_files_;
  std::map<std::string, std::vector<std::shared_ptr<const endgame::EndgameTable>>> table_paths_;
};

}  // namespace g2048
