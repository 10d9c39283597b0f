// ai2048 suggest BOARD: the best direction and the four directions' values.
// With --boards FILE, one line for each board of the file, in its order, with
// the network and the tables loaded once (what tools/bench/position_suite.mjs
// runs).
#include <cstdio>

#include "cli/boards_file.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"

namespace g2048::cli {

namespace {

void print_suggestion(const SearchResult& r) {
  // tableRate (and the tile it is the chance of making) only when an endgame
  // table chose the move.
  std::string table = r.table_rate >= 0
                          ? ",\"tableRate\":" + json_number(r.table_rate) +
                                ",\"tableTile\":" + std::to_string(1 << r.table_target)
                          : "";
  // lateWalls only when the late-game search chose the move.
  if (r.late_walls > 0) table += ",\"lateWalls\":" + std::to_string(r.late_walls);
  std::printf(
      "{\"dir\":%d,\"name\":\"%s\",\"values\":%s,\"depth\":%d,\"nodes\":%llu,\"ms\":%s%s}\n",
      r.best, dir_name(r.best), json_values(r).c_str(), r.depth,
      static_cast<unsigned long long>(r.nodes), json_number(r.ms).c_str(), table.c_str());
}

}  // namespace

int run_suggest(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), kTableOptions.begin(), kTableOptions.end());
  known.push_back("--boards");
  args.check_known(known);
  auto words = args.positional();
  std::vector<Tiles> boards;
  if (args.has("--boards")) {
    if (!words.empty()) throw UsageError("give a board or --boards FILE, not both");
    boards = read_boards(args.text("--boards", ""));
  } else {
    if (words.empty()) throw UsageError("suggest needs a board: 16 tile values, e.g. 0,0,2,...");
    std::string text;
    for (const auto& w : words) text += w + " ";  // "2 0 0 ..." may come as 16 words
    Tiles tiles;
    std::string error;
    if (!parse_board_text(text, &tiles, &error)) throw UsageError(error);
    if (game_over(tiles)) throw UsageError("the board has no legal move: the game is over");
    boards.push_back(tiles);
  }
  EngineRequest request = suggestion_request(args);
  for (const Tiles& tiles : boards) {
    std::string error;
    SearchResult r = session().play(tiles, request, &error);
    if (!error.empty()) throw UsageError(error);
    print_suggestion(r);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace g2048::cli
