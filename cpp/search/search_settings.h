// What a search is asked to do and what it answers. Plain data shared by the
// expectimax searcher, the CLI and the WebAssembly bindings.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "eval/subgame_eval.h"

namespace g2048 {

constexpr int kMaxSearchDepth = 12;
constexpr double kMaxTimeMs = 1e7;  // a time budget's largest value
constexpr int kMaxThreads = 16;     // threads one search may use (parallel_search.cpp)
constexpr int kCrowdedEmpty = 2;    // a board this many empty cells or fewer is crowded

// Depth counts the spawns looked ahead after the root move (the published
// convention: depth 3 is the root move, then 3 rounds of spawn + reply).
// Exactly one budget applies: a fixed depth, a node budget, a time budget, or
// (none given) a depth chosen from the position:
//   clamp(distinct tiles - 2, min_depth, max_depth).
// max_depth 0 is no look-ahead at all: each move is worth its gain (for a
// score-counting evaluation) plus the evaluation of the board after it, the
// "1-ply" player of the n-tuple literature.
struct SearchSettings {
  int depth = 0;            // fixed depth, 1..kMaxSearchDepth; 0: not fixed
  std::uint64_t nodes = 0;  // node budget (iterative deepening, see search()); 0: none
  double time_ms = 0;       // time budget (iterative deepening); 0: none
  int min_depth = 3;        // bounds of the chosen and the deepened depth
  int max_depth = 8;
  // A node or time budget deepens no further than this on a crowded board
  // (kCrowdedEmpty empty cells or fewer), where depth 4-5 made fewer 32768s
  // than depth 3 (docs/results/2026-12-crowded-cap.md); 0: max_depth.
  int crowded_max_depth = 0;
  double prob_cutoff = 1e-4;  // a branch less likely than this is evaluated as is
  int table_bits = 20;        // transposition table of 2^table_bits entries (16 bytes)
  // Threads one search uses: root moves and their first spawns searched at
  // once over the one evaluation and one shared transposition table, each root
  // move in its own scope (parallel_search.h): at a fixed depth the values
  // as one thread to a small tolerance. 1: the plain sequential search.
  int threads = 1;
  // The node or time budget is the average a move over a game: each move gets
  // it times the phase allocation's factor (time_manager.h), little on open
  // boards, much where the game is decided. Needs nodes or time_ms.
  bool phase = false;
  // The late-game search (late_game.h) plays every board whose largest tile
  // is at least this value (a power of two); 0: never. Boards where it finds
  // no wall or every move lost are searched as usual.
  int late_from = 0;
  // Its beam: below the first plies, a position whose static value fell more
  // than this share below the root's is lost. 0: no beam.
  double late_drop = 0;
  // Its evaluation: false, the search's own (the network's or the
  // heuristic's, on the real board); true, the sub-game heuristic
  // (eval/subgame_eval.h) with these weights, on the board with its walls masked.
  bool late_subgame = false;
  SubgameWeights late_weights;
};

// Empty when the settings are usable; otherwise a one-line description.
std::string validate_settings(const SearchSettings& s);

constexpr double kIllegal = -1.0;  // the value of a direction that does not move

// The first direction of highest value among those in legal_mask (bit d for
// direction d); -1 when the mask is empty. Ties go to the lower direction.
inline int best_direction(const std::array<double, 4>& values, int legal_mask) {
  int best = -1;
  for (int d = 0; d < 4; ++d)
    if ((legal_mask >> d & 1) && (best < 0 || values[d] > values[best])) best = d;
  return best;
}

struct SearchResult {
  int best = -1;  // -1 only when no move is legal
  std::array<double, 4> values{{kIllegal, kIllegal, kIllegal, kIllegal}};
  int depth = 0;            // deepest depth completed
  std::uint64_t nodes = 0;  // moves applied by the search
  double ms = 0;
  // Set when an endgame table chose the move (endgame/table_probe.h): its
  // success rate, the chance of making the next tile of the chain; else -1.
  float table_rate = -1.0f;
  // With table_rate: the tile the table's chance is of making (its target's
  // exponent: 8 for the 256); else 0.
  int table_target = 0;
  // With table_rate: the search's own choice, the move the table's replaced
  // (the same move where they agree); else -1.
  int search_best = -1;
  // With settings.phase, the phase factor of the move's budget, and its
  // allocation over the budget (the phase factor with the carried budget's
  // part, time_manager.h: nodes or time_ms times this); else 0.
  double phase_factor = 0;
  double allocation = 0;
  // The walls the late-game search kept when it chose the move; 0: it did not.
  int late_walls = 0;
  // The values are the sub-game heuristic's (settings.late_subgame), on
  // another scale than the evaluation's: no fall is read across the two.
  bool subgame_values = false;
};

}  // namespace g2048
