// ai2048 arena: every player (or those named) plays the same seeded games
// against the same spawner; an aligned table, then one JSON line per player.
//
// Default settings: light, and of comparable time per move (measured 0.07 to
// 0.09 ms on a quiet core, within 1.3x of one another), so 50 games of every
// player take about 10 s of CPU; deterministic:
//   expectimax  depth 2          (--expectimax-depth D)
//   minimax     depth 2          (--minimax-depth D), classic evaluation, alpha-beta
//   montecarlo  5 playouts/move  (--playouts K, --playout-depth D), to the end
//   greedy, corner               (no settings, no search: far below the rest)
// Depth 3, depth 3 and 50 playouts are again comparable (1.4 to 2.7 ms a move
// measured on a busy machine), 50 games of each about 3 minutes of CPU.
// --time-ms T instead gives expectimax, minimax and montecarlo the same time
// budget per move (comparable by construction, but not deterministic).
//
// Columns: average and median score; the share of games whose largest tile
// reached 256 ... 32768 (the JSON line goes to 131072); moves/s of whole games
// (player and spawner) per thread; ms per move: the player's thinking only.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"
#include "players/game_runner.h"
#include "players/player.h"
#include "players/selfplay.h"
#include "players/spawner.h"

namespace g2048::cli {

namespace {

constexpr int kDefaultExpectimaxDepth = 2;
constexpr int kDefaultMinimaxDepth = 2;
constexpr int kDefaultPlayouts = 5;
constexpr int kFirstReach = 8;     // 256
constexpr int kTableReachTo = 15;  // 32768

struct Entry {
  std::string name;
  std::string description;  // its settings, in words
  PlayerSettings settings;
  std::vector<GameRecord> games;
  double think_seconds = 0;
};

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> out;
  for (std::string& name : comma_separated(text))
    if (!name.empty()) out.push_back(std::move(name));
  return out;
}

// The entry of one player with the arena's settings for it.
Entry entry_for(const std::string& name, const Args& args, double time_ms) {
  Entry e;
  e.name = name;
  SearchSettings search;
  if (time_ms > 0) search.time_ms = time_ms;
  if (name == "expectimax" && time_ms <= 0)
    search.depth = static_cast<int>(
        args.count("--expectimax-depth", kDefaultExpectimaxDepth, 1, kMaxSearchDepth));
  if (name == "minimax" && time_ms <= 0)
    search.depth =
        static_cast<int>(args.count("--minimax-depth", kDefaultMinimaxDepth, 1, kMaxSearchDepth));
  e.settings = player_settings(args, search);
  if (!args.has("--playouts")) e.settings.playouts = kDefaultPlayouts;
  check_player(name, e.settings);

  char words[96];
  if (name == "expectimax" || name == "minimax") {
    if (time_ms > 0) std::snprintf(words, sizeof words, "%g ms/move", time_ms);
    else std::snprintf(words, sizeof words, "depth %d", e.settings.search.depth);
  } else if (name == "montecarlo") {
    if (time_ms > 0) std::snprintf(words, sizeof words, "%g ms/move", time_ms);
    else std::snprintf(words, sizeof words, "%d playouts", e.settings.playouts);
    if (e.settings.playout_depth > 0)
      std::snprintf(words + std::strlen(words), sizeof words - std::strlen(words), ", %d deep",
                    e.settings.playout_depth);
  } else {
    std::snprintf(words, sizeof words, "-");
  }
  e.description = words;
  return e;
}

std::string json_line(const Entry& e, const GameStats& s, const std::string& spawner,
                      std::uint64_t seed) {
  std::string reach = "{";
  for (int x = kFirstReach; x <= kMaxExponent; ++x)
    reach += (x > kFirstReach ? ",\"" : "\"") + std::to_string(1ULL << x) +
             "\":" + json_number(s.reach[x]);
  reach += "}";
  return "{\"arena\":true,\"player\":\"" + e.name + "\",\"settings\":\"" + e.description +
         "\",\"spawner\":\"" + spawner + "\",\"games\":" + std::to_string(e.games.size()) +
         ",\"seed\":" + std::to_string(seed) + ",\"mean\":" + json_number(s.mean) +
         ",\"median\":" + json_number(s.median) + ",\"min\":" + std::to_string(s.min) +
         ",\"max\":" + std::to_string(s.max) + ",\"maxTile\":" + std::to_string(1ULL << s.top) +
         ",\"reach\":" + reach + ",\"moves\":" + json_number(s.moves) +
         ",\"movesPerSecond\":" + json_number(s.moves / std::max(s.seconds, 1e-9)) +
         ",\"msPerMove\":" + json_number(1000 * e.think_seconds / std::max(s.moves, 1.0)) +
         ",\"nodes\":" + std::to_string(s.nodes) + "}";
}

void print_table(const std::vector<Entry>& entries, const std::vector<GameStats>& stats) {
  std::printf("%-10s  %-16s %5s %9s %9s %7s", "player", "settings", "games", "average", "median",
              "best");
  for (int x = kFirstReach; x <= kTableReachTo; ++x) std::printf(" %5llu", 1ULL << x);
  std::printf(" %9s %9s\n", "moves/s", "ms/move");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const GameStats& s = stats[i];
    std::printf("%-10s  %-16s %5zu %9.0f %9.0f %7llu", e.name.c_str(), e.description.c_str(),
                e.games.size(), s.mean, s.median, 1ULL << s.top);
    for (int x = kFirstReach; x <= kTableReachTo; ++x) std::printf(" %4.0f%%", 100 * s.reach[x]);
    std::printf(" %9.0f %9.3f\n", s.moves / std::max(s.seconds, 1e-9),
                1000 * e.think_seconds / std::max(s.moves, 1.0));
  }
}

}  // namespace

int run_arena(const Args& args) {
  std::vector<std::string> known = {
      "--games",         "--seed",      "--jobs",    "--spawner",
      "--players",       "--max-moves", "--time-ms", "--expectimax-depth",
      "--minimax-depth", "--weights",   "--eval",    "--network",
      "--downgrade"};
  known.insert(known.end(), kPlayerTuningOptions.begin(), kPlayerTuningOptions.end());
  args.check_known(known);
  GameRunOptions run = game_run_options(args, "arena", 50);
  std::uint64_t games = run.games, seed = run.seed, max_moves = run.max_moves;
  unsigned jobs = run.jobs;
  double time_ms = args.number("--time-ms", 0, 0.001, 1e7);
  std::string spawner_name = args.text("--spawner", "random");
  check_spawner_name(spawner_name);
  if (spawner_name == "human")
    throw UsageError("the arena plays without a person: use selfplay --spawner human");
  SpawnerSettings spawn_settings = spawner_settings(args);
  std::vector<std::string> names = split_names(args.text("--players", player_names_text()));
  for (auto& n : names) n.erase(0, n.find_first_not_of(' '));
  if (names.empty()) throw UsageError("--players needs at least one name");

  std::vector<Entry> entries;
  for (const auto& n : names) entries.push_back(entry_for(n, args, time_ms));
  // The tables verify expectimax's moves, as in selfplay (with the network, by
  // default the shipped file).
  bool with_network = entries[0].settings.evaluation.network != nullptr;
  session().tables() = table_settings(args, with_network);
  // Each player as the session makes it: the arena gives every budget itself.
  bool tables = tables_on(args, with_network);
  auto request = [&](const Entry& e) {
    EngineRequest r;
    r.player = e.name;
    r.settings = e.settings;
    r.budget_given = true;
    r.tables = tables;
    return r;
  };

  // Game-major order: every player's game i is played before game i+1, so a
  // shared machine's load falls on all players alike.
  std::uint64_t tasks = games * entries.size();
  std::atomic<std::uint64_t> done{0};
  std::mutex mutex;
  auto start = std::chrono::steady_clock::now();
  // Each thread's own spawner and players (made at their first game), then its games.
  auto make_runner = [&]() -> TaskRunner {
    std::string error;
    auto players = std::make_shared<std::vector<std::unique_ptr<Player>>>(entries.size());
    std::shared_ptr<Spawner> spawner = make_spawner(spawner_name, spawn_settings, &error);
    return [&, players, spawner](std::uint64_t t) {
      std::string error;
      std::size_t p = t % entries.size();
      std::uint64_t game_seed = seed + t / entries.size();
      auto& made = (*players)[p];
      if (!made) made = session().make_player(request(entries[p]), &error);
      Player& player = *made;
      player.set_seed(game_seed);
      double think = 0;
      auto choose = [&](const Tiles& board) {
        auto t0 = std::chrono::steady_clock::now();
        SearchResult r = player.choose(board);
        think += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return r;
      };
      GameRecord g = play_game(game_seed, choose, *spawner, {}, max_moves);
      std::lock_guard<std::mutex> lock(mutex);
      entries[p].games.push_back(g);
      entries[p].think_seconds += think;
      ++done;
    };
  };
  ParallelRun parallel;
  parallel.end_task = tasks;
  parallel.jobs = jobs;
  parallel.tick_seconds = 5;
  parallel.on_tick = [&] {
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "arena: %llu/%llu games done, %.0f s\n",
                 static_cast<unsigned long long>(done.load()),
                 static_cast<unsigned long long>(tasks), secs);
  };
  run_parallel(parallel, make_runner);

  std::vector<GameStats> stats;
  for (const auto& e : entries) stats.push_back(game_stats(e.games));
  std::string spawner_words = spawner_name;
  if (spawner_name == "evil")
    spawner_words += " (depth " + std::to_string(spawn_settings.evil_depth) + ")";
  std::printf("arena: %llu games per player, seeds %llu..%llu, spawner %s\n",
              static_cast<unsigned long long>(games), static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed + games - 1), spawner_words.c_str());
  print_table(entries, stats);
  for (std::size_t i = 0; i < entries.size(); ++i)
    std::printf("%s\n", json_line(entries[i], stats[i], spawner_name, seed).c_str());
  return 0;
}

}  // namespace g2048::cli
