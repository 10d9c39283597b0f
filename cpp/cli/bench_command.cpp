// ai2048 bench: search speed on a fixed set of positions. The positions are the
// boards of the seeded game `ai2048 selfplay --seed 1 --depth 2` at the moves
// named beside them (early: few distinct tiles; late: a 16384 or more on board).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "ai/expectimax.h"
#include "cli/commands.h"
#include "cli/json.h"

namespace g2048::cli {

namespace {

struct Position {
  const char* stage;
  const char* board;
};

const Position kPositions[] = {
    {"early", "0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,2"},
};

struct Totals {
  std::uint64_t nodes = 0, searches = 0;
  double ms = 0, depth = 0;
  std::string json() const {
    return "{\"searches\":" + std::to_string(searches) + ",\"nodes\":" + std::to_string(nodes) +
           ",\"nodesPerSecond\":" + json_number(nodes / (ms / 1000.0)) +
           ",\"msPerMove\":" + json_number(ms / searches) +
           ",\"meanDepth\":" + json_number(depth / searches) + "}";
  }
};

}  // namespace

int run_bench(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.push_back("--repeat");
  args.check_known(known);
  int repeat = static_cast<int>(args.count("--repeat", 3, 1, 1000));
  SearchSettings settings = search_settings(args);
  Heuristic heuristic(heuristic_weights(args));
  ExpectimaxSearcher searcher(heuristic);
  const char* stages[] = {"early", "middle", "late"};
  Totals totals[3], all;
  for (int r = 0; r < repeat; ++r) {
    for (const Position& p : kPositions) {
      Tiles tiles;
      std::string error;
      parse_board_text(p.board, &tiles, &error);
      SearchResult res = searcher.search(tiles, settings);
      int s = 0;
      while (std::string(stages[s]) != p.stage) ++s;
      for (Totals* t : {&totals[s], &all}) {
        t->nodes += res.nodes;
        t->ms += res.ms;
        t->depth += res.depth;
        ++t->searches;
      }
    }
  }
  std::printf("{\"bench\":true,\"positions\":%zu,\"repeat\":%d,\"early\":%s,\"middle\":%s,"
              "\"late\":%s,\"all\":%s}\n",
              sizeof kPositions / sizeof kPositions[0], repeat, totals[0].json().c_str(),
              totals[1].json().c_str(), totals[2].json().c_str(), all.json().c_str());
  return 0;
}

}  // namespace g2048::cli
