// Position evaluation scored by a 65536-entry table of row values: a board's
// value is the sum over its 4 rows and 4 columns. The weights are data, so they
// can be tuned; the defaults are the published constants of the strongest
// hand-tuned expectimax player (nneonneo/2048-ai, tuned by CMA-ES; see
// ../shared/reference/published-results.md), implemented here from that formula.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/board.h"
#include "eval/weights_text.h"

namespace g2048 {

struct HeuristicWeights {
  double base = 200000.0;      // keeps every value positive: a lost position scores 0
  double empty = 270.0;        // per empty cell
  double merges = 700.0;       // per tile in a run of equal neighbours (gaps ignored)
  double monotonicity = 47.0;  // times min(fall, rise) of rank^mono_power along the row
  double mono_power = 4.0;
  double sum = 11.0;  // times the sum of rank^sum_power: big tiles cost
  double sum_power = 3.5;

  bool operator==(const HeuristicWeights& o) const;
};

// Every weight with its name: the one list that parsing and comparing go through.
using HeuristicWeightField = NamedWeight<HeuristicWeights>;
inline constexpr HeuristicWeightField kHeuristicWeightFields[] = {
    {"base", &HeuristicWeights::base},
    {"empty", &HeuristicWeights::empty},
    {"merges", &HeuristicWeights::merges},
    {"monotonicity", &HeuristicWeights::monotonicity},
    {"mono_power", &HeuristicWeights::mono_power},
    {"sum", &HeuristicWeights::sum},
    {"sum_power", &HeuristicWeights::sum_power},
};

inline bool HeuristicWeights::operator==(const HeuristicWeights& o) const {
  return same_named_weights(*this, o, kHeuristicWeightFields);
}

// Tiles in runs of equal neighbours along a line of four cells (empty cells,
// 0, are skipped: gaps do not end a run; a cell holding `wall` does): a run of
// k tiles counts k.
int tiles_in_equal_runs(const int cells[4], int wall = -1);

// rank^p, exact where p is a whole or half number (r^3 * sqrt(r) for 3.5):
// every build then fills the row tables with the same bits, which keeps native
// and WebAssembly games identical (libm pow may differ in the last bit).
double rank_power(double rank, double p);

// Reads "name=value,name=value" over the defaults; false and a message on error.
bool parse_weights(const std::string& text, HeuristicWeights* out, std::string* error);

// Copies share one table, so the evaluation list (evaluator.h) holds it by value.
class Heuristic {
 public:
  explicit Heuristic(const HeuristicWeights& w = HeuristicWeights());
  static constexpr const char* kName = "heuristic";
  // Values rank positions, they do not count score: the search adds no gains.
  static constexpr bool kScoresMoves = false;
  // Eight lookups in a small table: cheaper than a cache.
  static constexpr bool kCacheLeaves = false;
  // No default depth: a search with no budget chooses it from the position.
  static constexpr int kDefaultDepth = 0;
  const HeuristicWeights& weights() const { return weights_; }
  float row_value(std::uint16_t row) const { return table_[row]; }

  // Value of a board, given its transpose too (the search has it at hand).
  float evaluate(Board b, Board tr) const {
    return table_[row_of(b, 0)] + table_[row_of(b, 1)] + table_[row_of(b, 2)] +
           table_[row_of(b, 3)] + table_[row_of(tr, 0)] + table_[row_of(tr, 1)] +
           table_[row_of(tr, 2)] + table_[row_of(tr, 3)];
  }
  float evaluate(Board b) const { return evaluate(b, transpose(b)); }

  // The default table, built once and shared.
  static const Heuristic& standard();

 private:
  HeuristicWeights weights_;
  std::shared_ptr<const std::vector<float>> rows_;  // owns what table_ points into
  const float* table_;
};

}  // namespace g2048
