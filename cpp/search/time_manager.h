// Every time decision of the expectimax search in one place:
//
//   - how much of the budget a move gets (the phase allocation): with
//     settings.phase, the budget (--nodes K or --time-ms T) is the average a
//     move over a game, and each move gets K or T times phase_factor(), little
//     where the move is easy, much where the game is decided;
//   - which iterations of iterative deepening exist (deepening_steps) and
//     whether the next one may start (DeepeningRule), for the sequential
//     search (expectimax.cpp) and the threaded one (parallel_search.cpp);
//   - the limits a search is abandoned at (DeepeningRule::node_limit/time_limit).
//
// The clock and the time target's arithmetic are budget.h's (BudgetGuard,
// TimeTarget); minimax and the other players use those directly.
//
// The allocation is a pure function of the board and of the previous move's
// root value, so a node budget with phase (the deterministic twin of a time
// budget with phase) gives the same moves natively and in wasm, move for move.
// Its arithmetic is +, *, / on doubles only (no libm), so both builds compute
// the same factors.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "search/budget.h"
#include "search/search_settings.h"

namespace g2048 {

// What the phase allocation looks at on a (search) board.
struct PhaseFeatures {
  int empty = 0;  // empty cells
  int large = 0;  // tiles of 1024 or more
};
PhaseFeatures phase_features(Board board);

// The relative fall of the root value since the previous move, 0..1: 0 when
// it rose, stayed or there is no previous move.
double value_drop(double previous, double current);

// The phase allocation's factor for a move: a product of three terms, each 1
// on a roomy board (6 empty cells, at most 3 large tiles, no fall; a typical
// move of a network game has 3 empty cells, a product of about 2),
//   empty cells: 0.35 with 11 or more empty, 1 at 6, 2 at 3, 3 at 1 or none;
//   large tiles (>= 1024): 1 up to 3, 1.25 with 4, 1.6 with 5, +0.2 each more
//     (at most 2.2);
//   a root value that fell between the last two moves: 1 + drop / 4%, at most 2;
// clamped to [0.25, 6], then divided by kPhaseMean, the mean of that product
// over the moves of native seeded games, so that over a typical game the mean
// factor is about 1: 2.05 over 315,342 moves of 20 seeded network games, and
// with it a mean factor of 0.99 (docs/results/2026-11-time-manager.md). From
// 0.17 (an opening) to 2.93 (the clamp: one empty cell, five large tiles, a fall).
constexpr double kPhaseMean = 2.05;
double phase_raw(Board board, double drop);
inline double phase_factor(Board board, double drop) { return phase_raw(board, drop) / kPhaseMean; }

// Whether `next` can be the board after `previous`, a move and its spawn: its
// tiles sum to 2 or 4 more. Only then does the previous root value count.
bool follows(Board previous, Board next);

// The carried budget: iterative deepening stops where the next depth would not
// fit, so a move spends on average well under its share (about half of it at
// 25 ms a move in Chromium, docs/results/2026-11-time-manager.md). What a move
// leaves (or overspends) is carried: each later move of the game gets
// 1/kCarrySpread of the carry on top of its share, and the carry stays within
// kCarryCap budgets either way, so over a game the moves spend about the
// budget a move, as the user's preset says, while the phase still decides
// where. A move never gets less than its share: what moves overspent only
// withholds the extra until later moves have left as much (a cut below the
// share made the smallest allocations, on open boards, shorter than the
// page's own overhead: 3.15x one, over 51,353 moves at 10 ms).
constexpr double kCarrySpread = 8;
constexpr double kCarryCap = 8;

// The state the allocation keeps between moves: the previous board searched,
// its root value and the carried budget. Owned by the searcher
// (ExpectimaxSearcher), so a game's moves, natively or in wasm, see the same
// history; a board that does not follow the previous one (a new game, another
// position) starts afresh.
class TimeManager {
 public:
  // The settings this move is searched with: without settings.phase, s as
  // given; with it, the node or time budget scaled by the phase factor, plus
  // the carried budget's part (a node budget rounded to whole nodes, at least 1).
  SearchSettings allocate(Board board, const SearchSettings& s);
  // After the search: its root value (the best move's) against the previous
  // search's is the fall the next move's allocation sees (one move late: a
  // search's own value is known only once it ran).
  // With an evaluation that counts score (scores_moves: the network), the
  // root value includes the move's gain, which the next position no longer
  // holds: the reference is the value less that gain, so an ordinary move
  // shows no fall.
  // What the move spent against its share goes to the carry.
  void record(Board board, const SearchResult& result, bool scores_moves);
  // The last allocation's phase factor (1 without phase).
  double last_factor() const { return last_factor_; }
  // The last allocation over the budget: the phase factor with the carry's
  // part (1 without phase).
  double last_allocation() const { return last_allocation_; }

 private:
  struct Budget {
    double nodes = 0, ms = 0;
  };
  bool has_previous_ = false;
  Board previous_board_ = 0;
  double previous_value_ = 0;
  double previous_drop_ = 0;       // value_drop between the last two searches
  bool previous_subgame_ = false;  // the last values were the sub-game heuristic's
  double last_factor_ = 1.0;
  double last_allocation_ = 1.0;
  Budget base_, share_;  // the last allocation's budget and phase share
  Budget carry_;         // left by the game's earlier moves (negative: overspent)
};

// One iteration of iterative deepening: a depth searched at a cut-off.
struct DeepeningStep {
  int depth;
  float cutoff;
};

// The iterations a search runs through: a fixed or chosen depth is one step;
// a node budget deepens from depth 1 to max_depth; a time budget deepens in
// finer steps (each new depth first with a cut-off 3 times larger).
std::vector<DeepeningStep> deepening_steps(Board board, const SearchSettings& s);

// The deepest a node or time budget deepens on this board: max_depth, or
// crowded_max_depth where it is set, lower and the board crowded.
int deepest_depth(Board board, const SearchSettings& s);

// Whether the next step of a budgeted search may start, and the limits at
// which one running is abandoned.
//   - A node budget starts a step only when its cost, predicted from the last
//     two steps' growth, fits in what is left; one past twice the budget is
//     abandoned.
//   - A time budget is a target (TimeTarget): a step predicted to end within
//     1.25x the time, or any while under half of it is spent; one at 1.3x is
//     abandoned.
class DeepeningRule {
 public:
  DeepeningRule(const SearchSettings& s, SearchClock::time_point start) : s_(s), start_(start) {}
  // Before step i > 0, with the nodes searched so far.
  bool next_fits(std::uint64_t nodes_so_far) const;
  // After a complete step of `nodes` nodes.
  void completed(std::uint64_t nodes);
  std::uint64_t node_limit() const { return 2 * s_.nodes; }  // 0: none
  double time_limit_ms() const { return s_.time_ms * TimeTarget::kHardLimit; }

 private:
  SearchSettings s_;
  SearchClock::time_point start_;
  std::uint64_t last_ = 0, prev_ = 0;
  std::vector<std::uint64_t> steps_;
};

}  // namespace g2048
