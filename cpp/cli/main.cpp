// ai2048: the native command-line tool of the 2048 engine.
//   ai2048 --help | --version
//   ai2048 COMMAND --help      that command's usage
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "engine/board.h"

// The project's one version, package.json's: CMakeLists.txt reads it there.
#ifndef AI2048_VERSION
#error "AI2048_VERSION is defined by CMakeLists.txt, from package.json's version"
#endif

namespace {

const char kVersion[] = "ai2048 " AI2048_VERSION " (network file format 1)";

// Option groups that several commands share.
const char kSearchHelp[] =
    "search options (one budget at most; none: depth chosen from the position):\n"
    "  --depth D | --nodes K | --time-ms T    (--depth 0: no look-ahead, the evaluation alone;\n"
    "                                          --time-ms is a target per move)\n"
    "  [--min-depth A] [--max-depth B] [--cutoff P] [--table-bits N]\n"
    "  [--crowded-max-depth C] --nodes or --time-ms deepen no further than C on boards\n"
    "                  of 2 empty cells or fewer (default: --max-depth)\n"
    "  [--late TILE|off] boards with a tile of TILE or more: the late-game search, the small\n"
    "                  tiles' sub-game searched deep around the big ones (default off)\n"
    "  [--late-drop S] its beam: positions whose value fell by more than share S are lost\n"
    "  [--late-eval same|subgame] [--late-weights k=v,...]  its evaluation: the search's own\n"
    "                  (default) or the sub-game heuristic on the board with its walls masked\n"
    "  [--threads N]   each move's root moves searched on N threads at once (default 1)\n"
    "  [--phase on|off] --nodes K / --time-ms T become the average a move over a game, each\n"
    "                  move's share set by its phase (little on open boards, much on crowded\n"
    "                  ones with 5+ tiles >= 1024 or a falling value); default off\n"
    "evaluation: --eval network|heuristic (default: the shipped network when present)\n"
    "  [--network FILE] [--weights k=v,...]   another network; the heuristic's weights\n"
    "  [--downgrade on|off]                   the network's tile downgrading (default on)\n";
const char kTablesHelp[] =
    "endgame tables (expectimax): --tables on|off|PATH[,PATH]  a table file (tables distill),\n"
    "  a table's directory (tables build) or a folder of them; on: the shipped table file\n"
    "  ($AI2048_TABLES); default: with the network, on when the file is there, else off\n"
    "  [--table-margin M]: the table's move is played unless the search values it more\n"
    "  than M below its best (a share; default 1: only a move valued below zero)\n"
    "  [--table-min-rate R]: or its success rate is below R (0.05)\n";
const char kPlayersHelp[] =
    "players: expectimax (default), minimax, montecarlo, greedy, corner\n"
    "  [--playouts K] [--playout-depth D]  montecarlo: playouts per move, moves per playout\n"
    "spawners: random (default), evil, human (8402: tiles typed on stdin as CELL VALUE)\n"
    "  [--evil-depth D]                    the evil spawner's look-ahead, 0-4 (default 1)\n";

struct Command {
  const char* name;
  int (*run)(const g2048::cli::Args&);
  const char* usage;
  bool search_options;
  bool player_options;
};

const Command kCommands[] = {
    {"selfplay", g2048::cli::run_selfplay,
     "  selfplay [--games N] [--seed S] [--jobs J] [--trace FILE] [--max-moves M] [search]\n"
     "           [--player NAME] [--spawner NAME] [players]\n"
     "           [--from FILE] [--census] [--visits FILE [--visits-gain G]] [--reads FILE]\n"
     "           [tables]\n"
     "        seeded games: one JSON line per game, then a summary line; --from: one\n"
     "        game from each board in FILE (summary: the share that doubled its largest\n"
     "        tile); --census: where the largest tiles stood, as one more JSON line;\n"
     "        --reads: which network weights the searches read (for network --keep-read)\n",
     true, true},
    {"harvest", g2048::cli::run_harvest,
     "  harvest --tile T [--games N] [--seed S] [--jobs J] [--from FILE] [search] [players]\n"
     "        seeded games, each stopped at its first tile T: that board, one line of\n"
     "        16 values per game that made it (the boards selfplay --from plays);\n"
     "        --from: the games go on from the boards in FILE (e.g. 16384s to 32768)\n",
     true, true},
    {"suggest", g2048::cli::run_suggest,
     "  suggest BOARD [search]      BOARD: 16 tile values, row-major, e.g. 0,0,2,0,...\n"
     "        the best direction and the four directions' values\n"
     "  suggest --boards FILE [search]   the same for each board of FILE (one a line)\n",
     true, false},
    {"bench", g2048::cli::run_bench,
     "  bench [--repeat R] [--list] [search]\n"
     "        search speed on fixed early/middle/late positions\n",
     true, false},
    {"arena", g2048::cli::run_arena,
     "  arena [--games N] [--seed S] [--jobs J] [--spawner NAME] [--players A,B,...]\n"
     "        [--max-moves M] [--time-ms T | --expectimax-depth D --minimax-depth D]\n"
     "        [--eval E] [--network FILE] [--downgrade on|off] [players]\n"
     "        every player on the same seeds: a table and one JSON line per player\n",
     false, true},
    {"train", g2048::cli::run_train,
     "  train --games N | --minutes M [--tuples SPEC] [--stages T,...] [--threads J] [--seed S]\n"
     "        [--alpha A] [--lambda L | --forward] [--init V] [--coherence] [--restarts]\n"
     "        [--window W] [--checkpoint FILE [--checkpoint-minutes M] [--resume]] [--from FILE]\n"
     "        [--start-tile T [--start-reuse K] | --carousel T,...] [--out FILE[.gz] [--step P]]\n"
     "        [--log FILE] [--redundant SPEC2]\n"
     "        learn an n-tuple network by TD(lambda) self-play (SPEC: hex cells like\n"
     "        \"012345 456789\", or 4x6, 8x6, 5x4, 4x4); --from with --stages copies\n"
     "        the weights into the new stages; --start-tile trains the late game:\n"
     "        episodes start where the network's own game first made tile T;\n"
     "        --carousel cycles the starts: a new game, then where earlier episodes\n"
     "        first made each tile T; --redundant trains small tuples inside the\n"
     "        large ones beside them (checkpoints keep them, --out folds them in)\n",
     false, false},
    {"tables", g2048::cli::run_tables,
     "  tables build [--formation snake|block|snake-end|snake5] [--target 256]\n"
     "        --dir DIR [--threads J]\n"
     "        compute an endgame table exactly, layer by layer (a killed run resumes)\n"
     "  tables info DIR|FILE        what a built table or a table file holds\n"
     "  tables distill --tables DIR[,DIR] --visits FILE[,FILE] --out FILE.gz\n"
     "        [--max-states N | N1,N2,...] [--max-bytes B] [--rollouts R [--seed S]\n"
     "        [--weigh count|stake]]\n"
     "        the states selfplay --visits counted most often (and, with R, those R walks\n"
     "        of the table's own play from each met), in one table file: N in all or Ni\n"
     "        from table i; B: fewer, in proportion, until the file fits in B bytes;\n"
     "        stake: a walk's state counts by what its choice decides (best rate - worst)\n"
     "  tables probe --boards FILE [--tables LIST] [--repeat N]\n"
     "        the tables at the root of each board, as the search reads them: how many\n"
     "        boards fit a table, how many it answers (a move to play), ns a probe\n"
     "  tables judge --boards FILE --oracle LIST [search] [tables]\n"
     "        the full tables (LIST) judge the search's move on each board they fit\n"
     "        where the moves differ: the share it agrees with them and the chance of\n"
     "        the next tile it gives away, on average\n",
     false, false},
    {"network", g2048::cli::run_network,  // a command
     "  network FILE [--out FILE2[.gz] [--step P | --log-scale K] [--prune K]\n"
     "                [--keep-read R[,R...]] [--blend FILE3[,...] [--share W]]\n"
     "                [--graft FILE3 [--graft-from T]] [--fold]]\n"
     "        what a network file holds; --out writes it in 12-bit steps of P score\n"
     "        points (default 64; 0: the finest), sparse, the form the search and the\n"
     "        browser load; --log-scale K: 12-bit codes on a log scale whose steps\n"
     "        widen past K points (a file with one keeps it without --step);\n"
     "        --prune K drops the weights within K steps of zero;\n"
     "        --keep-read keeps only the weights the reads files (selfplay --reads)\n"
     "        mark, the others set to their most common value; --blend averages it\n"
     "        with FILE3 (same tuples) weight by weight, FILE3 weighing W (0.5),\n"
     "        or with several files in equal shares (checkpoints of one run);\n"
     "        --graft adds a stage from the tile T (16384) up with FILE3's weights;\n"
     "        --fold adds redundant tuples (train --redundant) into the large ones\n",
     false, false},
};

void print_usage(std::FILE* to) {
  std::fputs("usage: ai2048 COMMAND [options]   (ai2048 COMMAND --help, ai2048 --version)\n", to);
  for (const Command& c : kCommands) std::fputs(c.usage, to);
  std::fputs(kSearchHelp, to);
  std::fputs(kPlayersHelp, to);
  std::fputs(kTablesHelp, to);
}

void print_command_usage(const Command& c) {
  std::printf("usage:\n%s", c.usage);
  if (c.search_options) std::fputs(kSearchHelp, stdout);
  if (c.player_options) std::fputs(kPlayersHelp, stdout);
  if (c.player_options || std::strcmp(c.name, "suggest") == 0) std::fputs(kTablesHelp, stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
    print_usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::printf("%s\n", kVersion);
    return 0;
  }
  std::string command = argv[1];
  std::vector<std::string> rest(argv + 2, argv + argc);
  g2048::cli::Args args(rest);
  g2048::init_tables();
  try {
    for (const Command& c : kCommands) {
      if (command != c.name) continue;
      for (const std::string& a : rest) {
        if (a == "--help" || a == "-h") {
          print_command_usage(c);
          return 0;
        }
      }
      return c.run(args);
    }
    std::string names;
    for (const Command& c : kCommands) names += (names.empty() ? "" : ", ") + std::string(c.name);
    throw g2048::cli::UsageError("unknown command \"" + command + "\" (" + names + ")");
  } catch (const g2048::cli::UsageError& e) {
    std::fprintf(stderr, "ai2048: %s\n", e.what());
    return 2;
  }
}
