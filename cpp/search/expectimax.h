// Expectimax over the bitboard: max nodes over the four moves, chance nodes over
// every empty cell x {2: 0.9, 4: 0.1}; a transposition table keyed by board and
// depth (transposition_table.h), scoped to one root move's subtree (so each
// root move's value does not depend on the others, and root moves and their
// first spawns can be searched in parallel); a cumulative-probability cut-off; fixed, chosen, or
// iteratively deepened depth within a node or time budget.
//
// The evaluation is a template parameter: any evaluation of the list's concept
// (eval/evaluator.h). The body is in expectimax_impl.h; ExpectimaxSearcher
// (expectimax_searcher.h) instantiates it for every evaluation in the list, so
// the hot path has no virtual call.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "engine/tiles.h"
#include "search/budget.h"
#include "search/search_settings.h"
#include "search/transposition_table.h"

namespace g2048 {

struct RootMoveValue {
  double value = kIllegal;  // kIllegal when the move does not change the board
  std::uint64_t nodes = 0;
  bool complete = true;  // false when a budget stopped it part way
};

// One cell of a root move's first chance node: the values of the max nodes
// below a 2 and a 4 spawned there, which the root move's value sums over its
// empty cells exactly as the search does (root_move_value).
struct RootSpawnValue {
  float two = 0.0f;
  float four = 0.0f;
  int empty = 0;      // the root move's empty cells; 0: the move is illegal
  double gain = 0.0;  // the root move's gain (evaluations that count score)
  std::uint64_t nodes = 0;
  bool complete = true;  // false when a budget stopped it part way
};

// One root task, what a worker of a parallel search computes: root move `dir`
// searched to a fixed `depth` (search_root_move, the browser's pool:
// root_search.js), or one of its first spawns, a 2 and a 4 in the `index`-th
// empty cell (in cell order) of its after-state (search_root_spawn, the
// threaded search: parallel_search.h). The limits (0: none) stop it part way,
// with complete = false.
struct RootTask {
  int dir = 0;
  int depth = 0;
  int index = 0;  // search_root_spawn's cell
  std::uint64_t node_limit = 0;
  double time_limit_ms = 0;
};

// A root move's value from its cells' values, given in cell order (as the
// sequential search sums them, so the float sums round alike).
double root_move_value(const RootSpawnValue* cells, int count);

// The depth the position gets when no budget is given.
int chosen_depth(Board board, const SearchSettings& settings);

template <class Eval>
class ExpectimaxSearch {
 public:
  // eval must outlive the searcher.
  explicit ExpectimaxSearch(const Eval& eval);

  // Best move on a search board (see to_search_board). Settings must be valid.
  // Budgets deepen from depth 1 and keep the deepest complete depth: a node
  // budget starts a depth only when its cost, predicted from the growth of the
  // last two, fits in what is left (and abandons one past twice the budget); a
  // time budget is a target: it deepens in finer steps (each new depth first
  // with a coarser cut-off), starts a step predicted to end within 1.25x the
  // time (any step while under half of it is spent) and abandons one at 1.3x,
  // keeping the last complete step.
  // (ExpectimaxSearcher, expectimax_searcher.h, takes exact boards too.)
  SearchResult search(Board board, const SearchSettings& settings);

  // The root tasks (RootTask): a root move with a fresh table scope, or one
  // of its first spawns in `table`'s `scope`, the table and scope shared by
  // the cells of one root move.
  RootMoveValue search_root_move(Board board, const RootTask& task, const SearchSettings& settings);
  RootSpawnValue search_root_spawn(Board board, const RootTask& task,
                                   const SearchSettings& settings, TranspositionTable& table,
                                   std::uint16_t scope);

  // This searcher's own table (a shared one is not counted).
  std::size_t table_bytes() const { return own_table_.bytes(); }

 private:
  float max_node(Board b, int depth_left, float prob);
  float chance_node(Board b, int depth_left, float prob);
  // The settings' cut-off; own_table: the table sized too.
  void prepare(const SearchSettings& s, bool own_table = true);
  // A root task's start (search_root_move, search_root_spawn): the settings,
  // a fresh node count and budget, and the root move's after-state (the board
  // itself when the move is illegal).
  Board begin_root_task(Board board, int dir, const SearchSettings& settings, bool own_table,
                        std::uint64_t node_limit, double time_limit_ms);

  // A root move's gain when the evaluation counts score, else 0.
  static double gain_of(Board b, int dir) { return Eval::kScoresMoves ? move_gain(b, dir) : 0.0; }

  // Costly evaluations (Eval::kCacheLeaves) keep their leaves' values in a
  // small direct-mapped cache: an afterstate's value never changes, so the
  // cache needs no scope. Key 0 (the empty board) is never an afterstate.
  struct Leaf {
    Board key;
    float value;
  };
  static constexpr int kLeafBits = 16;
  static std::size_t leaf_slot(Board b) { return (b * 0xD6E8FEB86659FD93ULL) >> (64 - kLeafBits); }
  std::vector<Leaf> leaves_;

  const Eval& eval_;
  const RowTables& rows_;
  TranspositionTable own_table_;
  TranspositionTable* table_ = &own_table_;  // a shared one during search_root_spawn
  std::uint16_t scope_ = 0;
  float cutoff_ = 1e-4f;
  std::uint64_t nodes_ = 0;
  BudgetGuard guard_;
};

}  // namespace g2048
