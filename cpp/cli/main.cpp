// ai2048: the native command-line tool of the 2048 engine.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "engine/board.h"

namespace {

const char kUsage[] =
    "usage: ai2048 COMMAND [options]\n"
    "  selfplay [--games N] [--seed S] [--jobs J] [--trace FILE] [--max-moves M] [search]\n"
    "           [--player NAME] [--spawner NAME] [players]\n"
    "  suggest BOARD [search]      BOARD: 16 tile values, row-major, e.g. 0,0,2,0,...\n"
    "  bench [--repeat R] [search] search speed on fixed early/middle/late positions\n"
    "  arena [--games N] [--seed S] [--jobs J] [--spawner NAME] [--players A,B,...]\n"
    "        [--max-moves M] [--time-ms T | --expectimax-depth D --minimax-depth D] [players]\n"
    "        every player on the same seeds: a table and one JSON line per player\n"
    "search options (one budget at most; none: depth chosen from the position):\n"
    "  --depth D | --nodes K | --time-ms T     (--depth 0: no look-ahead, the evaluation alone)\n"
    "  [--min-depth A] [--max-depth B] [--cutoff P] [--table-bits N] [--weights k=v,...]\n"
    "  train --games N | --minutes M [--tuples SPEC] [--stages T,...] [--threads J] [--seed S]\n"
    "        [--alpha A] [--init V] [--coherence] [--restarts] [--checkpoint FILE [--resume]]\n"
    "        [--from FILE] [--out FILE[.gz] [--step P]] [--log FILE]\n"
    "        learn an n-tuple network by TD(0) self-play\n"
    "  network FILE [--out FILE2[.gz] [--step P]]   what a network file holds; --out writes it\n"
    "        16-bit (weight step P score points, default 8), the form the browser loads\n"
    "players: expectimax (default), minimax, montecarlo, greedy, corner\n"
    "  [--playouts K] [--playout-depth D]  montecarlo: playouts per move, moves per playout\n"
    "spawners: random (default), evil, human (8402: tiles typed on stdin as CELL VALUE)\n"
    "  [--evil-depth D]                    the evil spawner's look-ahead, 0-4 (default 1)\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  std::string command = argv[1];
  g2048::cli::Args args(std::vector<std::string>(argv + 2, argv + argc));
  g2048::init_tables();
  try {
    if (command == "selfplay") return g2048::cli::run_selfplay(args);
    if (command == "suggest") return g2048::cli::run_suggest(args);
    if (command == "bench") return g2048::cli::run_bench(args);
    if (command == "arena") return g2048::cli::run_arena(args);
    if (command == "train") return g2048::cli::run_train(args);
    if (command == "network") return g2048::cli::run_network(args);
    throw g2048::cli::UsageError("unknown command \"" + command +
                                 "\" (selfplay, suggest, bench, arena, train, network)");
  } catch (const g2048::cli::UsageError& e) {
    std::fprintf(stderr, "ai2048: %s\n", e.what());
    return 2;
  }
}
