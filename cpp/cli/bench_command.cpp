// ai2048 bench: search speed on a fixed set of positions. The positions are the
// boards of the seeded game `ai2048 selfplay --seed 1 --depth 2` at the moves
// named beside them (early: few distinct tiles; late: a 16384 or more on board).
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/json.h"
#include "search/expectimax_searcher.h"

namespace g2048::cli {

namespace {

struct Position {
  const char* stage;
  int move;  // the move of the seeded game it comes from
  const char* board;
};

const Position kPositions[] = {
    {"early", 100, "0,0,2,0,8,4,2,0,8,2,4,0,8,32,32,128"},
    {"early", 250, "2,4,2,8,4,16,16,32,2,0,32,128,0,2,64,256"},
    {"early", 400, "2,2,4,8,0,4,8,64,0,2,32,128,2,4,128,512"},
    {"early", 600, "2,2,8,32,4,4,64,64,0,8,4,128,0,4,2,1024"},
    {"middle", 2000, "4,2,4,8,0,8,8,32,0,2,16,256,0,0,32,4096"},
    {"middle", 3000, "2,0,4,8,0,2,4,32,2,8,128,256,4,64,2048,4096"},
    {"middle", 4000, "0,2,4,2,0,8,8,16,2,8,32,64,16,32,512,8192"},
    {"middle", 5000, "0,2,4,256,2,4,8,512,0,16,16,2048,2,16,32,8192"},
    {"late", 8000, "4,8,1024,16384,2,4,64,128,2,4,64,4,16,0,0,0"},
    {"late", 8500, "8,32,256,16384,4,16,32,2048,2,2,16,4,0,0,0,8"},
    {"late", 9000, "8,16,1024,16384,8,16,128,2048,2,4,16,256,2,2,4,2"},
    {"late", 9100, "2,4,1024,16384,0,16,256,2048,0,8,128,256,2,4,4,2"},
};

struct Totals {
  std::uint64_t nodes = 0, searches = 0;
  double ms = 0, cpu_ms = 0, depth = 0;
  std::string json() const {
    return "{\"searches\":" + std::to_string(searches) + ",\"nodes\":" + std::to_string(nodes) +
           ",\"nodesPerSecond\":" + json_number(nodes / (ms / 1000.0)) +
           ",\"msPerMove\":" + json_number(ms / searches) +
           ",\"cpuMsPerMove\":" + json_number(cpu_ms / searches) +
           ",\"meanDepth\":" + json_number(depth / searches) + "}";
  }
};

// The process's CPU time in ms: what the searches cost, whatever else runs on
// the machine (the clock counts the time other work took the core too).
double cpu_ms_now() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

}  // namespace

int run_bench(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), {"--repeat", "--list"});
  args.check_known(known);
  if (args.has_flag("--list")) {
    for (const Position& p : kPositions)
      std::printf("{\"stage\":\"%s\",\"move\":%d,\"board\":[%s]}\n", p.stage, p.move, p.board);
    return 0;
  }
  int repeat = static_cast<int>(args.count("--repeat", 3, 1, 1000));
  SearchSettings settings = search_settings(args);
  EvaluationSettings evaluation = evaluation_settings(args);
  apply_default_depth(args, evaluation, &settings);
  ExpectimaxSearcher& searcher = session().searcher(evaluation);
  {
    // Warm-up: allocates the table and brings the row tables into cache.
    Tiles first;
    std::string error;
    parse_board_text(kPositions[0].board, &first, &error);
    searcher.search(first, settings);
  }
  const char* stages[] = {"early", "middle", "late"};
  Totals totals[3], all;
  for (int r = 0; r < repeat; ++r) {
    for (const Position& p : kPositions) {
      Tiles tiles;
      std::string error;
      parse_board_text(p.board, &tiles, &error);
      double cpu_before = cpu_ms_now();
      SearchResult res = searcher.search(tiles, settings);
      double cpu = cpu_ms_now() - cpu_before;
      int s = 0;
      while (std::string(stages[s]) != p.stage) ++s;
      for (Totals* t : {&totals[s], &all}) {
        t->nodes += res.nodes;
        t->ms += res.ms;
        t->cpu_ms += cpu;
        t->depth += res.depth;
        ++t->searches;
      }
    }
  }
  std::printf(
      "{\"bench\":true,\"positions\":%zu,\"repeat\":%d,\"early\":%s,\"middle\":%s,"
      "\"late\":%s,\"all\":%s}\n",
      sizeof kPositions / sizeof kPositions[0], repeat, totals[0].json().c_str(),
      totals[1].json().c_str(), totals[2].json().c_str(), all.json().c_str());
  return 0;
}

}  // namespace g2048::cli
