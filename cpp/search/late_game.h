// The late-game search (SearchSettings::late_from): on boards whose largest
// tile has reached late_from, the small tiles' sub-game searched deep, the way
// the strongest web solver plays the late game (method notes:
// ../shared/reference/late-game-search.md; docs/late-game-search.md):
//
//   - walls: a big tile (256 or more) that has no twin and that the tiles
//     below it cannot catch up with within the search's horizon (their sum plus
//     the most the horizon can spawn stays below it) can never merge in this
//     search. The walls are the largest such tile, standing in a corner, and
//     the next ones by size while each stands next to the chain; they must
//     not move either. A position whose walls moved is lost
//     (worth 0), so the search keeps the formation and plays only the small
//     tiles around it;
//   - the beam (settings.late_drop): below the root, a position whose
//     static value fell more than that share below the root's is lost too;
//   - depth: iterative deepening up to kLateMaxDepth with no probability
//     cut-off; instead a spawn horizon (at depth D at most four_bound(D)
//     4-spawns on a path, the 99.99% bound; past it only 2s spawn) and, on
//     open boards, a cap on the depth below a chance node (3 with more than 5
//     empty cells and fewer than 4 walls, 4 with more than 4);
//   - its own transposition table, one scope per root move and depth;
//   - the fallback: where the masked search finds every move lost, or the
//     board has no wall, the caller searches the board as usual.
//
// The evaluation is any of the list's (eval/evaluator.h), on the real board:
// walls are real tiles that stay in place, so nothing is masked from it. Or,
// with settings.late_subgame and enough big tiles, the sub-game heuristic
// (eval/subgame_eval.h) on the board with its walls masked.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "engine/board.h"
#include "search/budget.h"
#include "search/search_settings.h"
#include "search/transposition_table.h"

namespace g2048 {

constexpr int kLateMaxDepth = 20;  // the deepest iteration

// The most 4-spawns searched on one path of a depth-D iteration: the 99.99%
// bound on a spawn sum, D (1 + p4) + 3.72 sqrt(D p4 (1 - p4)) in units of 2,
// less the D spawns' own unit, at p4 = 0.1. At least 1.
int four_bound(int depth);

// What the late-game search sees on a root board.
struct LatePlan {
  bool applies = false;  // late_from reached and at least one wall
  int walls = 0;
  Board wall_mask = 0;   // 0xF in each wall's cell
  Board wall_tiles = 0;  // each wall's exponent in its cell
  // The chain's end, the tile the small ones build up to: the exponent of the
  // smallest tile of 256 or more, a wall or not (0: none).
  int chain_end_tile = 0;
  int big_tiles = 0;  // tiles of 256 or more
  bool kept(Board b) const { return (b & wall_mask) == wall_tiles; }
};
// late_from: the tile value (a power of two) from which the search applies; 0: never.
LatePlan plan_late_game(Board board, int late_from);

template <class Eval>
class LateGameSearch {
 public:
  // eval must outlive the searcher.
  explicit LateGameSearch(const Eval& eval);

  // The search of a board where plan_late_game applies, within the settings'
  // node or time budget (or to a fixed depth, settings.depth). False, with
  // *out untouched, where it does not apply or finds every move lost: the
  // caller's search plays that board.
  bool search(Board board, const SearchSettings& settings, SearchResult* out);
  // The nodes and milliseconds the last call to search spent (where it
  // returned false, the caller's search has that much less of the budget).
  std::uint64_t spent_nodes() const { return spent_nodes_; }
  double spent_ms() const { return spent_ms_; }

  std::size_t table_bytes() const { return table_.bytes(); }

 private:
  // Every move, the root move too, keeps the walls or is lost; where no root
  // move keeps them, the caller's search plays the board.
  float max_node(Board b, int depth_left, int fours_left);
  float chance_node(Board b, int depth_left, int fours_left);
  float static_value(Board after) const {
    return subgame_ ? subgame_->evaluate(after | plan_.wall_mask) : eval_.evaluate(after);
  }
  float gain_of(const std::uint32_t gain[4], int d) const {
    return Eval::kScoresMoves && !subgame_ ? static_cast<float>(gain[d]) : 0.0f;
  }
  // settings.late_subgame's evaluation for this plan's chain end, or none.
  void choose_evaluation(const SearchSettings& s);

  const Eval& eval_;
  // settings.late_subgame's evaluations, one a chain end, built when first
  // asked for with subgame_weights_.
  std::array<std::unique_ptr<SubgameEval>, 16> subgame_built_;
  SubgameWeights subgame_weights_;
  const SubgameEval* subgame_ = nullptr;  // in use for this search, or null: eval_
  const RowTables& rows_;
  TranspositionTable table_;
  std::uint16_t scope_ = 0;
  LatePlan plan_;
  float floor_ = 0.0f;  // the beam: a static value below this is lost
  bool beam_ = false;
  std::uint64_t nodes_ = 0;
  std::uint64_t spent_nodes_ = 0;
  double spent_ms_ = 0.0;
  BudgetGuard guard_;
};

}  // namespace g2048
