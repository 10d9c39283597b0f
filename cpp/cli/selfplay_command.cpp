// ai2048 selfplay: seeded games on several threads, one JSON line per game, a
// summary line, an optional per-move trace, and a progress line on stderr.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include "ai/expectimax.h"
#include "ai/selfplay.h"
#include "cli/commands.h"
#include "cli/json.h"

namespace g2048::cli {

namespace {

std::string game_line(const GameRecord& g) {
  return "{\"seed\":" + std::to_string(g.seed) + ",\"score\":" + std::to_string(g.score) +
         ",\"maxTile\":" + std::to_string(1ULL << g.max_exponent) +
         ",\"moves\":" + std::to_string(g.moves) + ",\"seconds\":" + json_number(g.seconds) +
         ",\"movesPerSecond\":" + json_number(g.moves / std::max(g.seconds, 1e-9)) +
         ",\"nodes\":" + std::to_string(g.nodes) + "}";
}

std::string summary_line(std::vector<GameRecord> games, double wall_seconds) {
  std::sort(games.begin(), games.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.score < b.score; });
  std::size_t n = games.size();
  double mean = 0, moves = 0, game_seconds = 0;
  for (const auto& g : games) {
    mean += static_cast<double>(g.score) / n;
    moves += g.moves;
    game_seconds += g.seconds;
  }
  double median = n % 2 ? games[n / 2].score : (games[n / 2 - 1].score + games[n / 2].score) / 2.0;
  std::string reach = "{";
  for (int e = 11; e <= kMaxExponent; ++e) {
    std::size_t hit = std::count_if(games.begin(), games.end(),
                                    [e](const GameRecord& g) { return g.max_exponent >= e; });
    reach += (e > 11 ? ",\"" : "\"") + std::to_string(1ULL << e) + "\":" +
             json_number(static_cast<double>(hit) / n);
  }
  reach += "}";
  return "{\"summary\":true,\"games\":" + std::to_string(n) +
         ",\"min\":" + std::to_string(games.front().score) + ",\"median\":" + json_number(median) +
         ",\"mean\":" + json_number(mean) + ",\"max\":" + std::to_string(games.back().score) +
         ",\"reach\":" + reach + ",\"moves\":" + json_number(moves) +
         ",\"seconds\":" + json_number(wall_seconds) +
         ",\"movesPerSecond\":" + json_number(moves / std::max(wall_seconds, 1e-9)) +
         ",\"movesPerSecondPerThread\":" + json_number(moves / std::max(game_seconds, 1e-9)) + "}";
}

std::string trace_line(std::uint64_t seed, const TurnRecord& t) {
  return "{\"game\":" + std::to_string(seed) + ",\"board\":" + json_board(t.before) +
         ",\"dir\":" + std::to_string(t.dir) + ",\"gain\":" + std::to_string(t.gain) +
         ",\"next\":" + json_board(t.after) + "}\n";
}

}  // namespace

int run_selfplay(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), {"--games", "--seed", "--jobs", "--trace", "--max-moves"});
  args.check_known(known);
  if (!args.positional().empty())
    throw UsageError("selfplay takes no board; unexpected \"" + args.positional()[0] + "\"");
  std::uint64_t games = args.count("--games", 1, 1, 1000000);
  std::uint64_t seed = args.count("--seed", 1, 0, UINT64_MAX / 2);
  unsigned jobs = static_cast<unsigned>(args.count("--jobs", 1, 1, 256));
  std::uint64_t max_moves = args.count("--max-moves", 0, 0, UINT64_MAX / 2);
  SearchSettings settings = search_settings(args);
  Heuristic heuristic(heuristic_weights(args));
  std::string trace_path = args.text("--trace", "");
  std::ofstream trace;
  if (!trace_path.empty()) {
    trace.open(trace_path);
    if (!trace) throw UsageError("cannot write the trace file " + trace_path);
  }

  std::mutex out_mutex;
  std::vector<GameRecord> records;
  std::atomic<std::uint64_t> next_game{0}, moves_done{0};
  auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    ExpectimaxSearcher searcher(heuristic);
    for (std::uint64_t i; (i = next_game++) < games;) {
      std::string game_trace;
      auto choose = [&](const Tiles& t) { return searcher.search(t, settings); };
      auto on_turn = [&](const TurnRecord& turn) {
        ++moves_done;
        if (trace.is_open()) game_trace += trace_line(seed + i, turn);
      };
      GameRecord g = play_game(seed + i, choose, on_turn, max_moves);
      std::lock_guard<std::mutex> lock(out_mutex);
      records.push_back(g);
      std::printf("%s\n", game_line(g).c_str());
      std::fflush(stdout);
      if (trace.is_open()) trace << game_trace << std::flush;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < std::min<std::uint64_t>(jobs, games); ++j) threads.emplace_back(worker);

  // Progress on stderr, about once a second, until every game is done.
  std::thread progress([&] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      std::size_t done;
      {
        std::lock_guard<std::mutex> lock(out_mutex);
        done = records.size();
      }
      if (done == games) break;
      static int ticks = 0;
      if (++ticks % 5) continue;
      double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::fprintf(stderr, "selfplay: %zu/%llu games done, %llu moves, %.0f moves/s\n", done,
                   static_cast<unsigned long long>(games),
                   static_cast<unsigned long long>(moves_done.load()), moves_done / secs);
    }
  });
  for (auto& t : threads) t.join();
  progress.join();
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s\n", summary_line(records, wall).c_str());
  return 0;
}

}  // namespace g2048::cli
