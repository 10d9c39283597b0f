// The network's evaluation: the search reads a QuantizedNetwork's weights
// (network/ntuple.h) through this policy, which the weights do not carry:
//   - values are the score still to come, so the search adds each move's gain;
//   - leaves go through a cache (8 x tuples lookups in tables far larger than
//     the caches);
//   - tile downgrading on late boards, unless switched off (--downgrade off);
//   - its default depth, 2: the depth chosen from the position suits the
//     heuristic, whose nodes cost a twentieth of the network's.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/board.h"
#include "network/ntuple.h"
#include "network/weight_reads.h"

namespace g2048 {

// Tile downgrading (the n-tuple literature's treatment of the stages training
// rarely reaches; Guei et al. 2021): a board whose largest tile is 16384 or
// more and that lacks some smaller tile is evaluated as the board with every
// tile above the largest missing one halved, a board of the 8192 stage the
// network knows well, and its value is doubled (halving those tiles about
// halves the score still to come). Measured over 100 seeded games at depth 2,
// the first shipped network's average rose from 329,245 to 349,123 and its 32768
// rate from 1% to 6% (docs/results/2026-11-network-training.md).
constexpr int kDowngradeFrom = 14;       // the largest tile's exponent: 16384
constexpr float kDowngradeScale = 2.0f;  // the downgraded board's value times this

// One downgrading step: the tiles above b's largest missing one halved, when
// its largest tile is 16384 or more and some smaller tile is missing.
inline bool downgrade_once(Board* b) {
  int seen = 0;
  for (int i = 0; i < 16; ++i) seen |= 1 << cell(*b, i);
  int top = 31 - __builtin_clz(seen);
  if (top < kDowngradeFrom) return false;
  int gap = top - 1;
  while (gap >= 1 && (seen >> gap & 1)) --gap;
  if (gap < 1) return false;
  Board out = 0;
  for (int i = 0; i < 16; ++i) {
    int e = cell(*b, i);
    out |= static_cast<Board>(e > gap ? e - 1 : e) << (4 * i);
  }
  *b = out;
  return true;
}

// The board the network evaluates for b, and the factor on its value: steps
// repeated while the largest tile is still 16384 or more, so a 32768 board is
// read as an 8192 board too (its value four times), not as a board of the
// 16384s the network's games rarely played well.
inline Board downgraded(Board b, float* scale) {
  *scale = 1.0f;
  while (downgrade_once(&b)) *scale *= kDowngradeScale;
  return b;
}

class NetworkEval {
 public:
  static constexpr const char* kName = "network";
  static constexpr bool kScoresMoves = true;
  static constexpr bool kCacheLeaves = true;
  // The depth a search with no budget or depth given takes (0: chosen from the
  // position, chosen_depth in search/expectimax.h).
  static constexpr int kDefaultDepth = 2;

  // The weights are shared with the caller (a QuantizedNetwork's copies share
  // one block).
  // reads: where the weights it reads are recorded (selfplay --reads), or none.
  explicit NetworkEval(const QuantizedNetwork& weights, bool downgrade = true,
                       WeightReads* reads = nullptr)
      : net_(weights), downgrade_(downgrade), reads_(reads) {}

  const QuantizedNetwork& weights() const { return net_; }
  bool downgrades() const { return downgrade_; }

  // A network with stages reads a board in the stage of its largest tile, a
  // late board downgraded within its own stage: a late stage answers for the
  // late game, downgraded or not.
  float evaluate(Board b) const {
    const int stage = net_.layout().stage_of(b);
    float factor = 1.0f;
    if (downgrade_) b = downgraded(b, &factor);
    FeatureIndices index;
    net_.layout().feature_indices_in_stage(b, stage, index, [](std::size_t) {});
    const PackedWeights w = net_.weights();
    std::int32_t sum = 0;
    const WeightLevels* levels = net_.levels();
    for (int i = 0; i < net_.layout().feature_count(); ++i) {
      sum += levels ? (*levels)(w[index[i]]) : w[index[i]];
      if (reads_) reads_->mark(index[i]);
    }
    return static_cast<float>(sum) * net_.scale() * factor;
  }
  // The values of n boards (n <= 4), the same as evaluate() one by one.
  void evaluate_many(const Board* boards, int n, float* out) const {
    Board seen[4] = {0, 0, 0, 0};
    float factor[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    int stage[4] = {0, 0, 0, 0};
    for (int k = 0; k < n; ++k) {
      stage[k] = net_.layout().stage_of(boards[k]);
      seen[k] = downgrade_ ? downgraded(boards[k], &factor[k]) : boards[k];
    }
    std::int32_t sum[4];
    FeatureIndices index[4];
    if (const WeightLevels* levels = net_.levels())
      sum_features(net_.layout(), LeveledWeights(net_.weights(), *levels), seen, n, sum, index,
                   stage);
    else sum_features(net_.layout(), net_.weights(), seen, n, sum, index, stage);
    if (reads_)
      for (int k = 0; k < n; ++k)
        for (int i = 0; i < net_.layout().feature_count(); ++i) reads_->mark(index[k][i]);
    for (int k = 0; k < n; ++k) out[k] = static_cast<float>(sum[k]) * net_.scale() * factor[k];
  }

 private:
  QuantizedNetwork net_;
  bool downgrade_;
  WeightReads* reads_;
};

}  // namespace g2048
