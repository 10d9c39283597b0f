#include "cli/player_options.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace g2048::cli {

const std::vector<std::string> kTableOptions = {"--tables", "--table-margin", "--table-min-rate"};

namespace {

// The session loads each table path once and shares it with every thread's player.
std::vector<std::shared_ptr<const endgame::EndgameTable>> shared_tables(const std::string& path) {
  std::string error;
  auto tables = session().table_path(path, &error);
  if (!error.empty()) throw UsageError(error);
  return tables;
}

}  // namespace

endgame::TableSettings load_tables(const std::string& path) {
  namespace fs = std::filesystem;
  endgame::TableSettings t;
  if (fs::is_regular_file(path) || fs::exists(fs::path(path) / "table.txt")) {
    t.tables = shared_tables(path);
    return t;
  }
  std::vector<std::string> inside;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(path, ec))
    if (fs::exists(e.path() / "table.txt")) inside.push_back(e.path().string());
  if (inside.empty())
    throw UsageError("--tables: " + path + " is no table file or directory and holds none");
  std::sort(inside.begin(), inside.end());
  for (const auto& d : inside) {
    auto more = shared_tables(d);
    t.tables.insert(t.tables.end(), more.begin(), more.end());
  }
  return t;
}

std::string default_tables_path() {
  const char* env = std::getenv("AI2048_TABLES");
  return env && *env ? env : AI2048_DEFAULT_TABLES;
}

std::string tables_list(const Args& args, bool with_network) {
  namespace fs = std::filesystem;
  // Default: the shipped table file beside the shipped network (its moves are
  // verified by the network's search); none with the heuristic.
  std::string fallback =
      with_network && fs::exists(default_tables_path()) ? default_tables_path() : "off";
  std::string list = args.text("--tables", fallback);
  if (list == "on") {
    if (!fs::exists(default_tables_path()))
      throw UsageError("--tables on: the shipped table file " + default_tables_path() +
                       " is missing (give a PATH)");
    return default_tables_path();
  }
  std::vector<std::string> paths = comma_separated(list);
  if (std::any_of(paths.begin(), paths.end(), [](const std::string& p) { return p.empty(); }))
    throw UsageError("--tables takes on, off or a list of table paths, got \"" + list + "\"");
  return list;
}

bool tables_on(const Args& args, bool with_network) {
  return tables_list(args, with_network) != "off";
}

endgame::TableSettings table_settings(const Args& args, bool with_network) {
  endgame::TableSettings t;
  t.margin = args.number("--table-margin", t.margin, 0, 1);
  t.min_rate = args.number("--table-min-rate", t.min_rate, 0, 1);
  std::string list = tables_list(args, with_network);
  if (list == "off") {
    if (args.has("--table-margin") || args.has("--table-min-rate"))
      throw UsageError("--table-margin and --table-min-rate need --tables");
    return t;
  }
  for (const std::string& path : comma_separated(list)) {
    endgame::TableSettings more = load_tables(path);
    t.tables.insert(t.tables.end(), more.tables.begin(), more.tables.end());
  }
  return t;
}

const std::vector<std::string> kPlayerTuningOptions = {"--playouts", "--playout-depth",
                                                       "--evil-depth"};

EngineRequest suggestion_request(const Args& args) {
  EngineRequest request;  // expectimax's
  request.settings.search = search_settings(args);
  request.settings.evaluation = evaluation_settings(args);
  request.budget_given = budget_given(args);
  bool with_network = request.settings.evaluation.network != nullptr;
  request.tables = tables_on(args, with_network);
  session().tables() = table_settings(args, with_network);
  return request;
}

PlayerSettings player_settings(const Args& args, const SearchSettings& search) {
  PlayerSettings p;
  p.search = search;
  p.evaluation = evaluation_settings(args);
  p.playouts = static_cast<int>(args.count("--playouts", p.playouts, 1, kMaxPlayouts));
  p.playout_depth =
      static_cast<int>(args.count("--playout-depth", p.playout_depth, 0, kMaxPlayoutDepth));
  return p;
}

void check_player(const std::string& name, const PlayerSettings& settings) {
  std::string problem = validate_player_settings(name, settings);
  if (!problem.empty()) throw UsageError(problem);
}

SpawnerSettings spawner_settings(const Args& args) {
  SpawnerSettings s;
  s.evil_depth = static_cast<int>(args.count("--evil-depth", s.evil_depth, 0, kMaxEvilDepth));
  return s;
}

void check_spawner_name(const std::string& name) {
  for (const auto& n : spawner_names())
    if (n == name) return;
  throw UsageError("unknown spawner \"" + name + "\" (" + spawner_names_text() + ")");
}

}  // namespace g2048::cli
