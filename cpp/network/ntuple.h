// n-tuple network: a board's value is a sum of table lookups, one per tuple of
// cells, each tuple read in all 8 symmetries of the board (Szubert & Jaskowski
// 2014). The tuples' cells are data (NTupleLayout::parse), not code. A network
// may have stages: separate weights chosen by the board's largest tile.
//
// Two weight stores share the layout: NTupleNetwork (float, what the trainer
// learns) and QuantizedNetwork (12-bit integers and one scale, what the search
// reads: 3/8 of the floats' memory, and integer sums give the same value
// natively and in WebAssembly; the integers may stand for the levels of a
// table, a log scale).
//
// Big tiles: a cell holds exponents up to 15 (32768). The search evaluates
// boards with 65536 and 131072 on its search board, where exponents above 15 are
// shifted down into gaps (see to_search_board), so the network sees a board of
// the same shape with the big tiles ranked among the others. In training, two
// 32768 tiles merge into a saturated 32768 (the bitboard's rule).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/large_pages.h"

namespace g2048 {

constexpr int kMaxTupleLength = 7;
constexpr int kMaxTuples = 64;
constexpr int kMaxStages = 8;

// The 8 symmetries of a board: identity, mirrors, rotations, transposes.
inline std::array<Board, 8> board_symmetries(Board b) {
  Board m = mirror_rows(b), f = flip_rows(b), mf = flip_rows(m);
  return {b, m, f, mf, transpose(b), transpose(m), transpose(f), transpose(mf)};
}

class NTupleLayout {
 public:
  // A spec: tuples of hex cell digits (0-f, row-major from the top-left),
  // separated by spaces or commas, e.g. "012345 456789 012456 45689a", or a
  // preset name: "4x6" (Yeh et al.), "8x6" (Matsuzaki), "5x4" and "4x4" (small).
  // Stages: exponents of the largest tile at which stage 1, 2, ... begin, in
  // increasing order (empty: one stage). False and a message on error.
  static bool parse(const std::string& spec, const std::vector<int>& stage_starts,
                    NTupleLayout* out, std::string* error);

  int tuple_count() const { return static_cast<int>(tuples_.size()); }
  const std::vector<int>& tuple(int t) const { return tuples_[t]; }
  // Where tuple t's weights begin within a stage.
  std::size_t tuple_offset(int t) const { return offsets_[t]; }
  int stage_count() const { return static_cast<int>(stage_starts_.size()) + 1; }
  const std::vector<int>& stage_starts() const { return stage_starts_; }
  std::size_t weights_per_stage() const { return per_stage_; }
  std::size_t weight_count() const { return per_stage_ * stage_count(); }
  // Features per board: every tuple in every symmetry.
  int feature_count() const { return tuple_count() * 8; }
  // The tuples as text, the same form parse() reads.
  std::string spec() const;
  // One tuple's cells as text ("0145").
  static std::string cells_spec(const std::vector<int>& cells);

  int stage_of(Board b) const {
    if (stage_starts_.empty()) return 0;
    int top = max_exponent(b), s = 0;
    while (s < static_cast<int>(stage_starts_.size()) && top >= stage_starts_[s]) ++s;
    return s;
  }

  // Writes the weight index of every feature of b to out (feature_count() of
  // them: symmetry by symmetry, tuple by tuple). The 8 symmetric boards are
  // built once; a tuple's index is then cut from each in runs of cells that
  // follow each other on the board and in the tuple (one shift and one mask a
  // run: the shipped 4x6 tuples have 1 or 2 runs, against 6 cells read one by
  // one). The index computation was half of a leaf's cost (perf, 4x6 network).
  void feature_indices(Board b, std::size_t* out) const {
    feature_indices(b, out, [](std::size_t) {});
  }
  // The same, calling seen(index) as each index is made (the sum's prefetch,
  // so the lookups start while the rest of the indices are computed).
  template <class Seen>
  void feature_indices(Board b, std::size_t* out, Seen&& seen) const {
    feature_indices_in_stage(b, stage_of(b), out, seen);
  }
  // The same in a given stage's weights: the search reads a late board
  // downgraded (eval/network_eval.h) in the stage of the board itself.
  template <class Seen>
  void feature_indices_in_stage(Board b, int stage, std::size_t* out, Seen&& seen) const {
    std::size_t base = per_stage_ * static_cast<std::size_t>(stage);
    switch (runs_per_tuple_) {
      case 1: return indices_in_runs<1>(b, base, out, seen);
      case 2: return indices_in_runs<2>(b, base, out, seen);
      case 3: return indices_in_runs<3>(b, base, out, seen);
      default: return indices_in_runs<0>(b, base, out, seen);
    }
  }

  // Calls f(weight index) for every feature of b, in feature_indices' order.
  // The indices are all computed first, so the lookups that follow can be in
  // flight together (the tables are far larger than the caches).
  template <class F>
  void for_each_feature(Board b, F&& f) const {
    std::size_t index[kMaxTuples * 8];
    feature_indices(b, index);
    int n = feature_count();
    for (int i = 0; i < n; ++i) f(index[i]);
  }

  bool operator==(const NTupleLayout& o) const {
    return tuples_ == o.tuples_ && stage_starts_ == o.stage_starts_;
  }

 private:
  std::vector<std::vector<int>> tuples_;
  std::vector<std::size_t> offsets_;
  std::vector<int> stage_starts_;
  std::size_t per_stage_ = 0;

  // A run: cells that follow each other both on the board and in the tuple,
  // so index |= ((symmetric board >> from) & mask) << to.
  struct Run {
    std::uint64_t mask = 0;
    std::uint8_t from = 0, to = 0;
  };
  // Derived from tuples_ by index_runs(): each tuple's runs, padded with empty
  // runs (mask 0) to runs_per_tuple_ a tuple, so the loops below have one
  // trip count that the compiler knows for the common counts.
  void index_runs();
  // R: runs a tuple, known at compile time so the loop unrolls; 0: read
  // runs_per_tuple_.
  template <int R, class Seen>
  void indices_in_runs(Board b, std::size_t base, std::size_t* out, Seen& seen) const {
    const int tuples = tuple_count();
    const int per_tuple = R ? R : runs_per_tuple_;
    const std::array<Board, 8> symmetric = board_symmetries(b);
    for (int s = 0; s < 8; ++s) {
      const Board sb = symmetric[s];
      const Run* run = runs_.data();
      for (int t = 0; t < tuples; ++t, run += per_tuple) {
        std::size_t index = 0;
        for (int k = 0; k < per_tuple; ++k)
          index |= static_cast<std::size_t>((sb >> run[k].from) & run[k].mask) << run[k].to;
        *out = base + offsets_[t] + index;
        seen(*out++);
      }
    }
  }
  std::vector<Run> runs_;
  int runs_per_tuple_ = 0;
};

// Room for the weight indices of one board's features.
using FeatureIndices = std::size_t[kMaxTuples * 8];

// The search's weights: 12-bit two's complement numbers packed two in three
// bytes (weight 2k in byte 3k and the low half of byte 3k+1, weight 2k+1 in
// the high half of byte 3k+1 and byte 3k+2), so weights from -2048 to 2047
// fit. The shipped network spans -1177..706 at its step: 12 bits hold it
// exactly, where 8 bits do not (docs/results/2026-11-weight-precision.md).
class PackedWeights {
 public:
  static constexpr std::int32_t kMax = 2047;
  static constexpr std::int32_t kMin = -2048;
  // Bytes for n weights, with room for the last weight's two-byte read.
  static std::size_t bytes_for(std::size_t n) { return offset(n) + 2; }

  explicit PackedWeights(const std::uint8_t* bytes = nullptr) : bytes_(bytes) {}
  std::int32_t operator[](std::size_t i) const {
    std::uint16_t two;  // one unaligned load (little-endian: x86 and WebAssembly)
    std::memcpy(&two, bytes_ + offset(i), 2);
    // The 12 bits to the top of a 32-bit word, then back down with the sign.
    const int up = (i & 1) ? 16 : 20;
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(two) << up) >> 20;
  }
  const void* address(std::size_t i) const { return bytes_ + offset(i); }

  // Writes the low 12 bits of q (a weight kMin..kMax) as weight i, leaving its
  // neighbour's half byte.
  static void set(std::uint8_t* bytes, std::size_t i, std::int32_t q) {
    const std::uint32_t v = static_cast<std::uint32_t>(q) & 0xFFF;
    std::uint8_t* at = bytes + offset(i);
    if (i & 1) {
      at[0] = static_cast<std::uint8_t>((at[0] & 0x0F) | (v & 0x0F) << 4);
      at[1] = static_cast<std::uint8_t>(v >> 4);
    } else {
      at[0] = static_cast<std::uint8_t>(v);
      at[1] = static_cast<std::uint8_t>((at[1] & 0xF0) | v >> 8);
    }
  }

 private:
  static std::size_t offset(std::size_t i) { return i + (i >> 1); }
  const std::uint8_t* bytes_;
};

// Where a weight lies, for the prefetch: a float (the trainer's) or a packed one.
inline const void* weight_address(const float* w, std::size_t i) { return w + i; }
inline const void* weight_address(const PackedWeights& w, std::size_t i) { return w.address(i); }

// The feature sums of n boards (n <= 4), each summed in feature order: every
// board's indices are computed into index[k] before the first lookup, each
// weight prefetched as its index is made, so the lookups of all the boards
// are in flight together (the tables are far larger than the caches) while
// the rest of the indices are computed
// (docs/results/2026-11-prefetch-as-indexed.md). The caller may keep
// the indices (the trainer updates the chosen board's weights with them).
// Weights: the trainer's float pointer or the search's PackedWeights.
// stages: each board's stage, or none for the stage of the board itself.
template <class Sum, class Weights>
void sum_features(const NTupleLayout& layout, const Weights& w, const Board* boards, int n,
                  Sum* out, FeatureIndices* index, const int* stages = nullptr) {
  const int features = layout.feature_count();
  for (int k = 0; k < n; ++k)
    layout.feature_indices_in_stage(
        boards[k], stages ? stages[k] : layout.stage_of(boards[k]), index[k],
        [&](std::size_t i) { __builtin_prefetch(weight_address(w, i)); });
  for (int k = 0; k < n; ++k) {
    Sum sum = 0;
    for (int i = 0; i < features; ++i) sum += w[index[k][i]];
    out[k] = sum;
  }
}

template <class Sum, class Weights>
void sum_features(const NTupleLayout& layout, const Weights& w, const Board* boards, int n,
                  Sum* out) {
  FeatureIndices index[4];
  sum_features(layout, w, boards, n, out, index);
}

// The trainer's float weights, in large pages natively (engine/large_pages.h).
using FloatWeights = std::vector<float, LargePageAllocator<float>>;

// Float weights: the trainer's network.
class NTupleNetwork {
 public:
  NTupleNetwork() = default;
  // All weights start at initial_value / feature_count, so every board starts
  // at initial_value (optimistic initialisation when it is large).
  explicit NTupleNetwork(const NTupleLayout& layout, float initial_value = 0.0f);

  const NTupleLayout& layout() const { return layout_; }
  FloatWeights& weights() { return weights_; }
  const FloatWeights& weights() const { return weights_; }

  float evaluate(Board b) const {
    float sum = 0.0f;
    layout_.for_each_feature(b, [&](std::size_t i) { sum += weights_[i]; });
    return sum;
  }
  // The same tuples with new stage starts; each new stage begins with the
  // weights of the stage of the old network that its smallest largest tile
  // fell in (weight promotion, Jaskowski 2018), so a stage added for the late
  // game starts from what the network already knows. False and a message when
  // the starts are invalid.
  static bool with_stages(const NTupleNetwork& from, const std::vector<int>& stage_starts,
                          NTupleNetwork* out, std::string* error);

  // Adds delta to the weight of every feature of b.
  void add(Board b, float delta) {
    layout_.for_each_feature(b, [&](std::size_t i) { weights_[i] += delta; });
  }

 private:
  NTupleLayout layout_;
  FloatWeights weights_;
};

// What a 12-bit code is worth, when the steps between codes are not all one
// size: code q stands for level(q) x the network's scale, the levels rising
// from level(0) = 0, level(-q) = -level(q) (and -2048 reads as -2047). A log
// scale (QuantizedNetwork::from_log_scale) puts the fine steps where most
// weights lie, near zero, and the coarse ones among the few large weights:
// docs/results/2026-12-log-scale-weights.md.
class WeightLevels {
 public:
  static constexpr std::int32_t kMaxLevel = 1 << 24;  // 64 tuples' sum fits 31 bits
  // From the levels of codes 1..2047, which must rise from at least 1 to at
  // most kMaxLevel; false and a one-line message if not.
  static bool make(const std::vector<std::int32_t>& positive, WeightLevels* out,
                   std::string* error);
  std::int32_t operator()(std::int32_t q) const { return table_[q + 2048]; }
  // The table for the sums: zero()[q] = level(q).
  const std::int32_t* zero() const { return table_.data() + 2048; }
  bool operator==(const WeightLevels& o) const { return table_ == o.table_; }

 private:
  std::array<std::int32_t, 4096> table_{};
};

// Packed codes read as their levels (the feature sums of a network that has
// levels: sum_features with these in place of the PackedWeights).
class LeveledWeights {
 public:
  LeveledWeights(PackedWeights codes, const WeightLevels& levels)
      : codes_(codes), zero_(levels.zero()) {}
  std::int32_t operator[](std::size_t i) const { return zero_[codes_[i]]; }
  const void* address(std::size_t i) const { return codes_.address(i); }

 private:
  PackedWeights codes_;
  const std::int32_t* zero_;
};
inline const void* weight_address(const LeveledWeights& w, std::size_t i) { return w.address(i); }

// 12-bit weights (PackedWeights), one scale and optionally a table of levels
// (WeightLevels): the search's network, weights only (how the search
// evaluates with it is NetworkEval's: eval/network_eval.h). The weights are
// one malloc'd block shared by copies (read-only once filled), so a failed
// allocation is an answer (allocate() returns false), never an abort, in
// WebAssembly too.
class QuantizedNetwork {
 public:
  QuantizedNetwork() = default;
  // Zeroed weights for layout; false when memory is short.
  static bool allocate(const NTupleLayout& layout, float scale, QuantizedNetwork* out);
  // Rounds each weight to the nearest multiple of a step: min_step, or larger
  // where needed for the largest magnitude to fit in 12 bits. A coarser step
  // compresses better (see network_file.h).
  static QuantizedNetwork from(const NTupleNetwork& net, float min_step = 0.0f);
  // Rounds each weight to the nearest of 2 x 2047 levels on a log scale:
  // level(q) proportional to knee x (e^(q d) - 1), d chosen so that code 2047
  // is the largest magnitude. Steps start near knee x d and widen where the
  // weights pass the knee (in points).
  static QuantizedNetwork from_log_scale(const NTupleNetwork& net, float knee);
  // Rounds each weight to the nearest of the given levels (times scale), the
  // largest magnitudes clamped to the top level.
  static QuantizedNetwork on_levels(const NTupleNetwork& net, const WeightLevels& levels,
                                    float scale);
  const NTupleLayout& layout() const { return layout_; }
  // The table of levels, or none: each code is then its own level.
  const WeightLevels* levels() const { return levels_.get(); }
  void set_levels(const WeightLevels& levels) {
    levels_ = std::make_shared<const WeightLevels>(levels);
  }
  // What code q is worth in points.
  float value(std::int32_t q) const {
    return static_cast<float>(levels_ ? (*levels_)(q) : q) * scale_;
  }
  // The smallest step between codes, in points.
  float finest_step() const { return value(1); }
  PackedWeights weights() const { return PackedWeights(bytes_.get()); }
  std::int32_t weight(std::size_t i) const { return weights()[i]; }
  // Sets weight i to q (PackedWeights::kMin..kMax; its low 12 bits are kept).
  void set(std::size_t i, std::int32_t q) { PackedWeights::set(bytes_.get(), i, q); }
  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const { return PackedWeights::bytes_for(size_); }
  float scale() const { return scale_; }
  // Sets every weight within steps of zero (|q| <= steps) to zero; returns
  // how many it zeroed. A zero weight costs the file (encoding 3) one bitmap
  // bit, so a pruned network downloads smaller (docs/network.md: not free at
  // depth 2).
  std::size_t prune(int steps);
  // Whether both hold the same layout, scale and weights.
  bool same_as(const QuantizedNetwork& o) const;

  // The value of b as stored: the weights summed, times the scale. The search
  // evaluates through NetworkEval (eval/network_eval.h), which adds its policy.
  float evaluate(Board b) const {
    const PackedWeights w = weights();
    std::int32_t sum = 0;
    if (levels_) layout_.for_each_feature(b, [&](std::size_t i) { sum += (*levels_)(w[i]); });
    else layout_.for_each_feature(b, [&](std::size_t i) { sum += w[i]; });
    return static_cast<float>(sum) * scale_;
  }

 private:
  NTupleLayout layout_;
  std::shared_ptr<std::uint8_t> bytes_;
  std::shared_ptr<const WeightLevels> levels_;
  std::size_t size_ = 0;
  float scale_ = 1.0f;
};

}  // namespace g2048
