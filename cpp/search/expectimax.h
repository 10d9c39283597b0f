// Expectimax over the bitboard: max nodes over the four moves, chance nodes over
// every empty cell x {2: 0.9, 4: 0.1}; a transposition table keyed by board and
// depth, scoped to one root move's subtree (so each root move's value does not
// depend on the others, and root moves can be searched in parallel with the
// same answers); a cumulative-probability cut-off; fixed, chosen, or
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
#include "search/walls.h"

namespace g2048 {

struct RootMoveValue {
  double value = kIllegal;  // kIllegal when the move does not change the board
  std::uint64_t nodes = 0;
  bool complete = true;  // false when a budget stopped it part way
};

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
  SearchResult search(Board board, const SearchSettings& settings);
  SearchResult search(const Tiles& tiles, const SearchSettings& settings) {
    return search(to_search_board(tiles), settings);
  }

  // One root move searched to a fixed depth, with a fresh table scope: what a
  // worker of a root-parallel search computes. The limits (0: none) stop it part
  // way, with complete = false.
  RootMoveValue search_root_move(Board board, int dir, int depth, const SearchSettings& settings,
                                 std::uint64_t node_limit = 0, double time_limit_ms = 0);

  std::size_t table_bytes() const { return table_.size() * sizeof(Entry); }

 private:
  struct Entry {
    Board key;
    float value;
    std::uint8_t depth;
    std::uint8_t fours;   // the 4-spawns it allowed below it, at most depth (see chance_node)
    std::uint16_t scope;  // entries of other scopes never match
  };
  static_assert(sizeof(Entry) == 16, "an entry is 16 bytes (--table-bits documents it)");
  static constexpr int kNoFourCap = kMaxSearchDepth;  // no cap: as many 4s as spawns

  // fours_left: the 4-spawns still searched on this path (settings.four_cap);
  // kCapped false: no cap binds, fours_left is not read.
  template <bool kCapped>
  float max_node(Board b, int depth_left, float prob, int fours_left);
  template <bool kCapped>
  float chance_node(Board b, int depth_left, float prob, int fours_left);
  // A root move's subtree: capped only where the cap binds.
  float root_chance(Board after, int depth);
  void prepare(const SearchSettings& s);
  void next_scope();

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
  std::vector<Entry> table_;
  int table_shift_ = 64;
  std::uint16_t scope_ = 0;
  float cutoff_ = 1e-4f;
  int four_cap_ = kNoFourCap;
  int walls_ = 0;  // settings.walls
  Walls wall_;     // this search's walls (walls.h), from its root board
  std::uint64_t nodes_ = 0;
  BudgetGuard guard_;
};

}  // namespace g2048
