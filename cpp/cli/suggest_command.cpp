// ai2048 suggest BOARD: the best direction and the four directions' values.
#include <cstdio>

#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"

namespace g2048::cli {

int run_suggest(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), kTableOptions.begin(), kTableOptions.end());
  args.check_known(known);
  auto boards = args.positional();
  if (boards.empty()) throw UsageError("suggest needs a board: 16 tile values, e.g. 0,0,2,...");
  std::string text;
  for (const auto& b : boards) text += b + " ";  // "2 0 0 ..." may come as 16 words
  Tiles tiles;
  std::string error;
  if (!parse_board_text(text, &tiles, &error)) throw UsageError(error);
  if (game_over(tiles)) throw UsageError("the board has no legal move: the game is over");
  EvaluationSettings evaluation = evaluation_settings(args);
  session().tables() = table_settings(args, evaluation.name == "network");
  SearchResult r =
      session().search(tiles, search_settings(args), evaluation, budget_given(args), true);
  // tableRate only when an endgame table chose the move.
  std::string table = r.table_rate >= 0 ? ",\"tableRate\":" + json_number(r.table_rate) : "";
  std::printf(
      "{\"dir\":%d,\"name\":\"%s\",\"values\":%s,\"depth\":%d,\"nodes\":%llu,\"ms\":%s%s}\n",
      r.best, dir_name(r.best), json_values(r).c_str(), r.depth,
      static_cast<unsigned long long>(r.nodes), json_number(r.ms).c_str(), table.c_str());
  return 0;
}

}  // namespace g2048::cli
