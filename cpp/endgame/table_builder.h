// Computes an endgame table exactly, by dynamic programming over layers (the
// free cells' sum: a spawn moves a state one or two layers up, a move keeps it):
//   forward   from the formation with empty free cells, every after-state the
//             table's game can reach, layer by layer, sorted and de-duplicated;
//   backward  from the top layer down, each after-state's success rate: over
//             the spawns (2 at 0.9, 4 at 0.1, each empty free cell alike), the
//             best move that keeps the walls (1 when it makes the target, 0
//             when there is none).
// Each layer is written to the directory as it is finished, so a killed run
// resumes at the last complete layer; memory holds about three layers.
#pragma once

#include <functional>
#include <string>

#include "endgame/endgame_table.h"

namespace g2048::endgame {

struct BuildOptions {
  Formation formation;
  int target = 9;  // exponent: 8 for 256, 9 for 512
  std::string dir;
  unsigned threads = 1;
  // Called about once a second and at each phase's end with a line of progress.
  std::function<void(const std::string&)> progress;
};

struct BuildSummary {
  int layers = 0;
  std::uint64_t states = 0;
  std::uint64_t bytes = 0;  // of the layer files on disk
  double seconds = 0;
  bool resumed = false;
};

// Builds (or finishes) the table in options.dir. False with *error on a bad
// directory, a directory holding another table, or a file that cannot be written.
bool build_table(const BuildOptions& options, BuildSummary* summary, std::string* error);

// Loads a finished table's layers from its directory.
bool load_table_dir(const std::string& dir, EndgameTable* out, std::string* error);

}  // namespace g2048::endgame
