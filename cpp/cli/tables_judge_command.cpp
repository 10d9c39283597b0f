// ai2048 tables judge --boards FILE --oracle LIST [search] [tables]
// The full endgame tables as the judge of a search's late-game moves: on
// every board of FILE that a table of LIST fits and can compare the moves
// of, the search (as suggest plays it) chooses a move and the table says how
// much chance of making the next tile that choice gave away against the
// table's best. The tables are exact for the sub-game of the small tiles
// around a fixed chain, so the mean loss measures how well an evaluation and
// a search judge that sub-game, over thousands of positions in minutes,
// where a conversion run takes an hour for 20 boards.
#include <algorithm>
#include <cstdio>

#include "cli/boards_file.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/player_options.h"

namespace g2048::cli {

namespace {

// What the judge saw on the boards where the oracle compares the moves.
struct Verdicts {
  std::uint64_t compared = 0;  // the oracle has every move's rate
  std::uint64_t matters = 0;   // ... and the moves' rates differ
  std::uint64_t agreed = 0;    // of those, the search's move is as good as the best
  double loss = 0;             // the sum of (best rate - the search's move's rate)
  double worst_loss = 0;       // the sum of (best rate - the worst move's rate)
  std::uint64_t nodes = 0;
  double ms = 0;
};

// The rate of the move the oracle's tables give; a move that breaks the
// formation (the probe has no rate for it) loses the sub-game: 0.
double rate_of(const endgame::TableProbe& p, int dir) {
  return dir >= 0 && dir < 4 && p.rates[dir] >= 0 ? p.rates[dir] : 0.0;
}

}  // namespace

int run_tables_judge(const Args& args) {
  std::vector<std::string> known = kSearchOptions;
  known.insert(known.end(), kTableOptions.begin(), kTableOptions.end());
  known.insert(known.end(), {"--boards", "--oracle"});
  args.check_known(known);
  if (!args.has("--boards") || !args.has("--oracle"))
    throw UsageError("tables judge needs --boards FILE and --oracle LIST (the full tables)");
  std::vector<Tiles> boards = read_boards(args.text("--boards", ""));
  endgame::TableSettings oracle;
  std::string list = args.text("--oracle", "");
  for (const std::string& path : comma_separated(list)) {
    if (path.empty()) throw UsageError("--oracle: an empty path in \"" + list + "\"");
    for (auto& t : load_tables(path).tables) oracle.tables.push_back(t);
  }

  EngineRequest request = suggestion_request(args);  // as suggest plays it

  Verdicts v;
  for (const Tiles& tiles : boards) {
    endgame::TableProbe p = endgame::probe_tables(oracle, tiles);
    if (p.best < 0 || game_over(tiles)) continue;
    ++v.compared;
    double best = rate_of(p, p.best), worst = best;
    int legal = legal_moves_mask(tiles);
    for (int d = 0; d < 4; ++d)
      if (legal >> d & 1) worst = std::min(worst, rate_of(p, d));
    if (best - worst < 1e-6) continue;  // every move as good: nothing to judge
    ++v.matters;
    std::string error;
    SearchResult r = session().play(tiles, request, &error);
    if (!error.empty()) throw UsageError(error);
    double chosen = rate_of(p, r.best);
    v.agreed += best - chosen < 1e-6;
    v.loss += best - chosen;
    v.worst_loss += best - worst;
    v.nodes += r.nodes;
    v.ms += r.ms;
  }
  double n = std::max<double>(1, static_cast<double>(v.matters));
  std::printf(
      "{\"boards\":%zu,\"compared\":%llu,\"matters\":%llu,\"agreed\":%s,\"meanLoss\":%s,"
      "\"meanWorstLoss\":%s,\"nodesPerMove\":%s,\"msPerMove\":%s}\n",
      boards.size(), static_cast<unsigned long long>(v.compared),
      static_cast<unsigned long long>(v.matters), json_number(v.agreed / n).c_str(),
      json_number(v.loss / n).c_str(), json_number(v.worst_loss / n).c_str(),
      json_number(static_cast<double>(v.nodes) / n).c_str(), json_number(v.ms / n).c_str());
  return 0;
}

}  // namespace g2048::cli
