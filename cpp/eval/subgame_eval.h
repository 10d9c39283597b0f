// The late-game search's evaluation of the small tiles' sub-game (issue 50;
// docs/late-game-search.md): the walls, the chain's tiles that stand still,
// are masked to one code (15) before the lookup, so the value is about the
// small tiles alone, the way the strongest web solver judges its masked
// sub-game (../shared/reference/late-game-search.md; its code not used).
// A board's value is the sum over its 4 rows and 4 columns of a 65536-entry
// table, as the whole-game heuristic's (heuristic.h), with terms of our own
// for the sub-game: small tiles falling away from the walls, tiles next to a
// wall, merges and empty cells.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/board.h"
#include "eval/weights_text.h"

namespace g2048 {

// A masked wall's code in a row (a 32768 out of the walls reads as one too:
// in the late game it is the chain's head, where a wall would stand).
constexpr unsigned kWallCode = 15;

struct SubgameWeights {
  double base = 1e7;           // keeps the values positive: a lost position scores 0
  double empty = 150.0;        // per empty cell
  double merges = 300.0;       // per tile in a run of equal neighbours (gaps ignored)
  double monotonicity = 40.0;  // times min(fall, rise) of rank^mono_power along the line
  double mono_power = 4.0;
  // A wall counts in the monotonicity as the chain's end (the smallest wall,
  // the tile the small ones build up to) plus this many ranks.
  double wall_offset = 0.0;
  double contact = 0.0;  // times rank^mono_power of a small tile beside a wall
  double sum = 5.0;      // times the sum of rank^sum_power: unmerged tiles cost
  double sum_power = 3.0;
  // The late-game search uses this evaluation only where at least this many
  // tiles are of 256 or more (fewer: the search's own): where the small
  // tiles' sub-game is small, as in the endgame tables' formations.
  double min_big = 6;

  bool operator==(const SubgameWeights& o) const;
};

using SubgameWeightField = NamedWeight<SubgameWeights>;
inline constexpr SubgameWeightField kSubgameWeightFields[] = {
    {"base", &SubgameWeights::base},
    {"empty", &SubgameWeights::empty},
    {"merges", &SubgameWeights::merges},
    {"monotonicity", &SubgameWeights::monotonicity},
    {"mono_power", &SubgameWeights::mono_power},
    {"wall_offset", &SubgameWeights::wall_offset},
    {"contact", &SubgameWeights::contact},
    {"sum", &SubgameWeights::sum},
    {"sum_power", &SubgameWeights::sum_power},
    {"min_big", &SubgameWeights::min_big},
};

inline bool SubgameWeights::operator==(const SubgameWeights& o) const {
  return same_named_weights(*this, o, kSubgameWeightFields);
}

// Reads "name=value,name=value" over *out; false and a message on error.
bool parse_subgame_weights(const std::string& text, SubgameWeights* out, std::string* error);

class SubgameEval {
 public:
  // chain_end: the smallest wall's exponent.
  SubgameEval(const SubgameWeights& w, int chain_end);
  // masked: the board with every wall's cell set to kWallCode.
  float evaluate(Board masked) const {
    Board tr = transpose(masked);
    float v = table_[row_of(masked, 0)] + table_[row_of(masked, 1)] + table_[row_of(masked, 2)] +
              table_[row_of(masked, 3)] + table_[row_of(tr, 0)] + table_[row_of(tr, 1)] +
              table_[row_of(tr, 2)] + table_[row_of(tr, 3)];
    return v > 1.0f ? v : 1.0f;  // above a lost position's 0, however bad
  }
  float row_value(std::uint16_t row) const { return table_[row]; }

 private:
  std::shared_ptr<const std::vector<float>> rows_;  // owns what table_ points into
  const float* table_;
};

}  // namespace g2048
