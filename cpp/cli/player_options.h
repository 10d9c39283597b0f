// Command-line options that pick and tune the players and spawners
// (players/player.h, players/spawner.h), shared by selfplay and arena.
#pragma once

#include <string>
#include <vector>

#include "cli/options.h"
#include "endgame/table_probe.h"
#include "players/player.h"
#include "players/spawner.h"

namespace g2048::cli {

// --playouts K --playout-depth D --evil-depth D
extern const std::vector<std::string> kPlayerTuningOptions;

// --tables on|off|PATH[,PATH...] --table-margin M --table-min-rate R
extern const std::vector<std::string> kTableOptions;
// What --tables names: "off", or a list of paths. Default: with the network,
// the shipped table file when present ($AI2048_TABLES, else
// web/tables/endgame.t2048.gz); with the heuristic, off. "on": the shipped
// file (a UsageError when it is missing). An empty value or path is a
// UsageError.
std::string tables_list(const Args& args, bool with_network);
// Whether the tables verify expectimax's moves (EngineRequest::tables): the
// list is not "off".
bool tables_on(const Args& args, bool with_network);
// The endgame tables to consult, each path of tables_list as load_tables
// reads it; each is loaded once. The session holds them (session().tables())
// and verifies expectimax's moves with them where the request's tables is on.
endgame::TableSettings table_settings(const Args& args, bool with_network);
std::string default_tables_path();
// The tables at one path: a table's directory, a folder of them, or a table
// file (ai2048 tables distill; .gz or plain). Throws a UsageError on a fault.
endgame::TableSettings load_tables(const std::string& path);

// Expectimax's request for one position at a time, as suggest plays it: the
// search, evaluation and table options, with the session's tables set from them.
EngineRequest suggestion_request(const Args& args);

// The player's settings: `search` as the budget, then the Monte Carlo options.
PlayerSettings player_settings(const Args& args, const SearchSettings& search);
// Throws a UsageError naming the known players when name is not one, or when
// the settings do not suit it.
void check_player(const std::string& name, const PlayerSettings& settings);
// --evil-depth (the human source is the caller's).
SpawnerSettings spawner_settings(const Args& args);
// Throws a UsageError naming the known spawners when name is not one.
void check_spawner_name(const std::string& name);

}  // namespace g2048::cli
