#include "cli/player_options.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>

#include "endgame/table_builder.h"

namespace g2048::cli {

const std::vector<std::string> kTableOptions = {"--tables", "--table-margin", "--table-min-rate"};

namespace {

// Tables are loaded once per directory and shared by every thread's player.
std::shared_ptr<const endgame::EndgameTable> shared_table(const std::string& dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const endgame::EndgameTable>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = loaded.find(dir);
  if (it != loaded.end()) return it->second;
  auto table = std::make_shared<endgame::EndgameTable>();
  std::string error;
  if (!endgame::load_table_dir(dir, table.get(), &error)) throw UsageError(error);
  return loaded[dir] = table;
}

}  // namespace

endgame::TableSettings table_settings(const Args& args) {
  namespace fs = std::filesystem;
  endgame::TableSettings t;
  t.margin = args.number("--table-margin", t.margin, 0, 1);
  t.min_rate = args.number("--table-min-rate", t.min_rate, 0, 1);
  std::string list = args.text("--tables", "off");
  if (list == "off") {
    if (args.has("--table-margin") || args.has("--table-min-rate"))
      throw UsageError("--table-margin and --table-min-rate need --tables");
    return t;
  }
  std::stringstream in(list);
  for (std::string dir; std::getline(in, dir, ',');) {
    if (fs::exists(fs::path(dir) / "table.txt")) {
      t.tables.push_back(shared_table(dir));
      continue;
    }
    std::vector<std::string> inside;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (fs::exists(e.path() / "table.txt")) inside.push_back(e.path().string());
    if (inside.empty())
      throw UsageError("--tables: " + dir + " is no table directory and holds none");
    std::sort(inside.begin(), inside.end());
    for (const auto& d : inside) t.tables.push_back(shared_table(d));
  }
  return t;
}

const std::vector<std::string> kPlayerTuningOptions = {"--playouts", "--playout-depth",
                                                       "--evil-depth"};

PlayerSettings player_settings(const Args& args, const SearchSettings& search) {
  PlayerSettings p;
  p.search = search;
  p.evaluation = evaluation_settings(args);
  p.tables = table_settings(args);
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
