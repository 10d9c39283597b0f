// ai2048 selfplay: seeded games on several threads, one JSON line per game, a
// summary line, an optional per-move trace, and a progress line on stderr.
// Any player against any spawner (--player, --spawner); the default pair,
// expectimax against the random spawner, prints exactly what it always did,
// and any other pair adds "player" and "spawner" to the summary line. With
// the human spawner, a person types each tile on stdin ("CELL VALUE").
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "cli/boards_file.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"
#include "endgame/census.h"
#include "network/network_io.h"
#include "network/weight_reads.h"
#include "players/game_runner.h"
#include "players/player.h"
#include "players/selfplay.h"
#include "players/spawner.h"

namespace g2048::cli {

namespace {

// A message as a JSON string (they are plain ASCII; quotes and backslashes escaped).
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// CPU time of the calling thread: moves per CPU second is the speed of one
// core, whatever else the machine is running.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

std::string game_line(const GameRecord& g) {
  return "{\"seed\":" + std::to_string(g.seed) + ",\"score\":" + std::to_string(g.score) +
         ",\"maxTile\":" + std::to_string(1ULL << g.max_exponent) +
         ",\"moves\":" + std::to_string(g.moves) + ",\"seconds\":" + json_number(g.seconds) +
         ",\"movesPerSecond\":" + json_number(g.moves / std::max(g.seconds, 1e-9)) +
         ",\"cpuSeconds\":" + json_number(g.cpu_seconds) + ",\"nodes\":" + std::to_string(g.nodes) +
         (g.stopped.empty() ? "" : ",\"stopped\":" + json_string(g.stopped)) + "}";
}

std::string summary_line(const std::vector<GameRecord>& games, double wall_seconds) {
  GameStats s = game_stats(games);
  std::string reach = "{";
  for (int e = 11; e <= kMaxExponent; ++e)
    reach += (e > 11 ? ",\"" : "\"") + std::to_string(1ULL << e) + "\":" + json_number(s.reach[e]);
  reach += "}";
  return "{\"summary\":true,\"games\":" + std::to_string(s.games) +
         ",\"min\":" + std::to_string(s.min) + ",\"median\":" + json_number(s.median) +
         ",\"mean\":" + json_number(s.mean) + ",\"max\":" + std::to_string(s.max) +
         ",\"reach\":" + reach + ",\"moves\":" + json_number(s.moves) +
         ",\"seconds\":" + json_number(wall_seconds) +
         ",\"movesPerSecond\":" + json_number(s.moves / std::max(wall_seconds, 1e-9)) +
         ",\"movesPerSecondPerThread\":" + json_number(s.moves / std::max(s.seconds, 1e-9)) +
         ",\"movesPerCpuSecond\":" + json_number(s.moves / std::max(s.cpu_seconds, 1e-9)) + "}";
}

std::string trace_line(std::uint64_t seed, const TurnRecord& t) {
  return "{\"game\":" + std::to_string(seed) + ",\"board\":" + json_board(t.before) +
         ",\"dir\":" + std::to_string(t.dir) + ",\"gain\":" + std::to_string(t.gain) +
         ",\"next\":" + json_board(t.after) + ",\"depth\":" + std::to_string(t.depth) +
         ",\"ms\":" + json_number(t.ms) + (t.from_table ? ",\"table\":true" : "") +
         (t.late_walls > 0 ? ",\"lateWalls\":" + std::to_string(t.late_walls) : "") +
         (t.phase_factor > 0 ? ",\"factor\":" + json_number(t.phase_factor) +
                                   ",\"allocation\":" + json_number(t.allocation)
                             : "") +
         "}\n";
}

// The human spawner's source: the board on stderr, then a line "CELL VALUE"
// from stdin (asked again until it is a legal tile); false at the end of input.
bool ask_on_terminal(const Tiles& board, Placement* out) {
  for (;;) {
    std::string grid;
    auto values = tiles_to_values(board);
    for (int i = 0; i < 16; ++i) {
      char cell[16];
      std::snprintf(cell, sizeof cell, "%7lld", static_cast<long long>(values[i]));
      grid += cell;
      if (i % 4 == 3) grid += "\n";
    }
    std::fprintf(stderr, "%splace a tile: CELL VALUE (cell 0-15 row-major, value 2 or 4)\n",
                 grid.c_str());
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    std::istringstream in(line);
    Placement p;
    std::string rest;
    if (!(in >> p.cell >> p.value) || (in >> rest)) {
      std::fprintf(stderr, "ai2048: expected two numbers, CELL VALUE, got \"%s\"\n", line.c_str());
      continue;
    }
    std::string problem = check_placement(board, p.cell, p.value);
    if (problem.empty()) {
      *out = p;
      return true;
    }
    std::fprintf(stderr, "ai2048: %s\n", problem.c_str());
  }
}

// What one run of games does: selfplay (whole games, or games from boards),
// or harvest (stop each game at its first tile of harvest_exponent).
struct RunMode {
  std::vector<Tiles> from;   // start boards; empty: new games
  int harvest_exponent = 0;  // harvest: the tile to stop at
  bool census = false;
  std::string visits_path;  // where to count the table states the games met
  // With visits_path, >= 0: count only the positions where the table's move
  // beat the search's own choice by at least this much success rate (or the
  // table could not rate the search's move): a file of those holds only the
  // table's knowledge the search lacks.
  double visits_gain = -1;
  std::string reads_path;  // where to write the network weights the searches read
};

// The table's move over the search's own at this position, by at least gain
// (mode.visits_gain): the search's move unrated (a wall moved, or the table
// lacks it) or rated at least gain below the table's best.
bool table_beat_search(const endgame::TableProbe& p, const TurnRecord& turn, double gain) {
  if (!turn.from_table || p.best < 0 || turn.search_dir < 0 || turn.search_dir == p.best)
    return false;
  float theirs = p.rates[turn.search_dir];
  return theirs < 0 || p.rates[p.best] - theirs >= gain;
}

// (table index, key) -> how often a position's move led there.
using Visits = std::map<std::pair<int, Board>, std::uint64_t>;

// The visits, most frequent first: "TABLE KEY COUNT" lines, KEY in hex.
void write_visits(const std::string& path, const Visits& visits) {
  std::vector<std::pair<std::uint64_t, std::pair<int, Board>>> order;
  for (const auto& [k, n] : visits) order.push_back({n, k});
  std::sort(order.begin(), order.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  std::ofstream out(path);
  if (!out) throw UsageError("cannot write the visits file " + path);
  char line[64];
  for (const auto& [n, k] : order) {
    std::snprintf(line, sizeof line, "%d %016llx %llu\n", k.first,
                  static_cast<unsigned long long>(k.second), static_cast<unsigned long long>(n));
    out << line;
  }
}

int run_games(const Args& args, const std::string& command, const RunMode& mode) {
  std::string player_name = args.text("--player", "expectimax");
  std::string spawner_name = args.text("--spawner", "random");
  EngineRequest request;
  request.player = player_name;
  request.settings = player_settings(args, search_settings(args));
  request.budget_given = budget_given(args);
  // With the network and no budget, selfplay plays what the page plays
  // (kPageTwinNodes, kPageTwinMaxDepth, options.h); harvest keeps the
  // network's depth 2.
  bool page_twin = command == "selfplay" && player_name == "expectimax" && !request.budget_given &&
                   request.settings.evaluation.network;
  if (page_twin) {
    request.settings.search.nodes = kPageTwinNodes;
    request.settings.search.max_depth = kPageTwinMaxDepth;
    request.settings.search.phase = args.text("--phase", "on") == "on";
    request.budget_given = true;
  }
  request = EngineSession::with_defaults(request);  // expectimax's default depth
  std::shared_ptr<WeightReads> reads;
  if (!mode.reads_path.empty()) {
    const auto& network = request.settings.evaluation.network;
    if (!network || player_name != "expectimax")
      throw UsageError(
          "--reads records the network's weights the expectimax player reads: "
          "play with the network");
    reads = std::make_shared<WeightReads>(network->size());
    request.settings.evaluation.reads = reads;
  }
  const PlayerSettings& settings = request.settings;
  // The tables verify the session's expectimax players' moves (make_runner).
  bool with_network = settings.evaluation.network != nullptr;
  request.tables = tables_on(args, with_network);
  endgame::TableSettings& tables = session().tables();
  tables = table_settings(args, with_network);
  if (player_name != "expectimax") {
    if (args.has("--tables") && args.text("--tables", "off") != "off")
      throw UsageError("--tables: endgame tables are read by the expectimax player only");
    tables = endgame::TableSettings();  // the default is expectimax's
  }
  check_player(player_name, settings);
  check_spawner_name(spawner_name);
  GameRunOptions run;
  if (mode.from.empty()) {
    run = game_run_options(args, command, 1);
  } else {
    if (!args.positional().empty())
      throw UsageError(command + " takes no board; unexpected \"" + args.positional()[0] + "\"");
    run.games = args.count("--games", mode.from.size(), 1, mode.from.size());
    run.seed = args.count("--seed", 1, 0, UINT64_MAX / 2);
    run.jobs = static_cast<unsigned>(args.count("--jobs", 1, 1, 256));
    run.max_moves = args.count("--max-moves", 0, 0, UINT64_MAX / 2);
  }
  std::uint64_t games = run.games, seed = run.seed, max_moves = run.max_moves;
  unsigned jobs = run.jobs;
  SpawnerSettings spawn_settings = spawner_settings(args);
  if (spawner_name == "human") {
    spawn_settings.ask = ask_on_terminal;
    jobs = 1;  // one person, one game at a time
  }
  bool default_pair = player_name == "expectimax" && spawner_name == "random";
  std::string trace_path = args.text("--trace", "");
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace.open(trace_path);
    if (!trace) throw UsageError("cannot write the trace file " + trace_path);
  }

  std::mutex out_mutex;
  std::vector<GameRecord> records;
  std::vector<std::string> harvested(games);  // harvest: each game's board, in seed order
  endgame::Census census;
  Visits visits;
  std::uint64_t converted = 0;  // games from boards that doubled their largest tile
  std::atomic<std::uint64_t> moves_done{0};
  auto start = std::chrono::steady_clock::now();
  // Each thread's own player and spawner, then its games.
  auto make_runner = [&]() -> TaskRunner {
    std::string error;
    std::shared_ptr<Player> player = session().make_player(request, &error);
    std::shared_ptr<Spawner> spawner = make_spawner(spawner_name, spawn_settings, &error);
    return [&, player, spawner](std::uint64_t i) {
      std::string game_trace;
      endgame::Census game_census;
      Visits game_visits;
      Tiles last;
      bool harvest_done = false;
      player->set_seed(seed + i);
      auto choose = [&](const Tiles& t) {
        // Harvest: no move once the tile is made, which ends the game there.
        if (harvest_done) return SearchResult();
        return player->choose(t);
      };
      auto on_turn = [&](const TurnRecord& turn) {
        ++moves_done;
        last = turn.after;
        if (mode.census) game_census.add_position(turn.before, turn.from_table);
        if (!mode.visits_path.empty()) {
          endgame::TableProbe p = endgame::probe_tables(tables, turn.before);
          if (mode.visits_gain < 0 || table_beat_search(p, turn, mode.visits_gain))
            for (Board key : p.keys)
              if (key) ++game_visits[{p.table, key}];
        }
        if (trace.is_open()) game_trace += trace_line(seed + i, turn);
        if (mode.harvest_exponent && !harvest_done &&
            max_exponent(turn.after) >= mode.harvest_exponent) {
          harvest_done = true;
          harvested[i] = board_text(turn.after);
        }
      };
      double cpu_start = thread_cpu_seconds();
      GameRecord g = mode.from.empty() ? play_game(seed + i, choose, *spawner, on_turn, max_moves)
                                       : play_game_from(mode.from[i], seed + i, choose, *spawner,
                                                        on_turn, max_moves);
      g.cpu_seconds = thread_cpu_seconds() - cpu_start;
      if (mode.census) game_census.add_death(last);
      std::lock_guard<std::mutex> lock(out_mutex);
      records.push_back(g);
      census.merge(game_census);
      for (const auto& [k, n] : game_visits) visits[k] += n;
      if (!mode.from.empty()) converted += g.max_exponent > max_exponent(mode.from[i]);
      // Harvest: each game's outcome on stderr as it ends, so a run stopped
      // early still says which of its games made the tile.
      if (!mode.harvest_exponent) std::printf("%s\n", game_line(g).c_str());
      else
        std::fprintf(stderr, "harvest: game %llu %s %llu (%llu moves)\n",
                     static_cast<unsigned long long>(i + 1), harvest_done ? "made a" : "ended at",
                     1ULL << (harvest_done ? mode.harvest_exponent : g.max_exponent),
                     static_cast<unsigned long long>(g.moves));
      std::fflush(stdout);
      if (trace.is_open()) trace << game_trace << std::flush;
    };
  };
  if (page_twin)
    std::fprintf(stderr,
                 "selfplay: the page default's twin, --nodes %llu --phase %s --max-depth %d (give "
                 "--depth 2 or another budget to play that)\n",
                 static_cast<unsigned long long>(kPageTwinNodes),
                 settings.search.phase ? "on" : "off", kPageTwinMaxDepth);
  ParallelRun parallel;
  parallel.end_task = games;
  parallel.jobs = jobs;
  // Progress on stderr, about once a second, until every game is done.
  parallel.tick_seconds = 1;
  parallel.on_tick = [&] {
    std::size_t done;
    {
      std::lock_guard<std::mutex> lock(out_mutex);
      done = records.size();
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "%s: %zu/%llu games done, %llu moves, %.0f moves/s\n", command.c_str(),
                 done, static_cast<unsigned long long>(games),
                 static_cast<unsigned long long>(moves_done.load()), moves_done / secs);
  };
  run_parallel(parallel, make_runner);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (mode.harvest_exponent) {
    // The boards in seed order (repeatable whatever the threads), then a count on stderr.
    // Which games made it, numbered from 1 (with --from, the boards' lines), so
    // that two runs on the same boards can be compared board by board.
    std::size_t made = 0;
    std::string which;
    for (std::size_t i = 0; i < harvested.size(); ++i) {
      if (harvested[i].empty()) continue;
      ++made;
      std::printf("%s\n", harvested[i].c_str());
      which += " " + std::to_string(i + 1);
    }
    std::fprintf(stderr, "harvest: %zu of %llu games made a %llu (%.0f s)\n", made,
                 static_cast<unsigned long long>(games), 1ULL << mode.harvest_exponent, wall);
    std::fprintf(stderr, "harvest: the games that made it, from 1:%s\n",
                 which.empty() ? " none" : which.c_str());
    return 0;
  }
  std::string summary = summary_line(records, wall);
  if (!default_pair)
    summary.insert(summary.size() - 1,
                   ",\"player\":\"" + player_name + "\",\"spawner\":\"" + spawner_name + "\"");
  if (!mode.from.empty())
    summary.insert(summary.size() - 1, ",\"from\":" + std::to_string(games) + ",\"conversion\":" +
                                           json_number(static_cast<double>(converted) / games));
  if (tables.any())
    summary.insert(summary.size() - 1, ",\"tables\":" + std::to_string(tables.tables.size()));
  std::printf("%s\n", summary.c_str());
  if (mode.census) std::printf("%s\n", census.json().c_str());
  if (!mode.visits_path.empty()) write_visits(mode.visits_path, visits);
  if (reads) {
    std::string error;
    if (!write_network_bytes(mode.reads_path, reads->encode(), &error)) throw UsageError(error);
    std::fprintf(stderr, "selfplay: the searches read %zu of the network's %zu weights (%s)\n",
                 reads->count(), reads->size(), mode.reads_path.c_str());
  }
  return 0;
}

std::vector<std::string> game_options() {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), kPlayerTuningOptions.begin(), kPlayerTuningOptions.end());
  known.insert(known.end(), kTableOptions.begin(), kTableOptions.end());
  known.insert(known.end(),
               {"--games", "--seed", "--jobs", "--trace", "--max-moves", "--player", "--spawner"});
  return known;
}

}  // namespace

int run_selfplay(const Args& args) {
  std::vector<std::string> known = game_options();
  known.insert(known.end(), {"--from", "--census", "--visits", "--visits-gain", "--reads"});
  args.check_known(known);
  RunMode mode;
  mode.reads_path = args.text("--reads", "");
  mode.visits_path = args.text("--visits", "");
  if (!mode.visits_path.empty() && !args.has("--tables"))
    throw UsageError("--visits counts the states of --tables: give the tables");
  if (args.has("--visits-gain")) {
    if (mode.visits_path.empty()) throw UsageError("--visits-gain needs --visits FILE");
    mode.visits_gain = args.number("--visits-gain", 0, 0, 1);
  }
  if (args.has("--from")) mode.from = read_boards(args.text("--from", ""));
  mode.census = args.has_flag("--census");
  return run_games(args, "selfplay", mode);
}

int run_harvest(const Args& args) {
  std::vector<std::string> known = game_options();
  known.push_back("--tile");
  known.push_back("--from");
  args.check_known(known);
  RunMode mode;
  // --from: continue games from boards (e.g. the 16384 ones) to a bigger tile.
  if (args.has("--from")) mode.from = read_boards(args.text("--from", ""));
  std::uint64_t tile = args.count("--tile", 16384, 4, 65536);
  for (int e = 2; e <= 16; ++e)
    if (tile == (1ULL << e)) mode.harvest_exponent = e;
  if (!mode.harvest_exponent)
    throw UsageError("--tile must be a power of two from 4 to 65536, got " + std::to_string(tile));
  return run_games(args, "harvest", mode);
}

}  // namespace g2048::cli
