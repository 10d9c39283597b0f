#include "eval/heuristic.h"

#include <algorithm>
#include <cmath>

#include "eval/weights_text.h"

namespace g2048 {

double rank_power(double rank, double p) {
  double twice = 2 * p;
  if (p < 0 || twice != std::floor(twice) || p > 16) return std::pow(rank, p);
  double r = 1;
  for (int i = 0; i < static_cast<int>(p); ++i) r *= rank;
  if (twice != 2 * std::floor(p)) r *= std::sqrt(rank);
  return r;
}

int tiles_in_equal_runs(const int cells[4], int wall) {
  int tiles = 0, prev = 0, run = 0;
  for (int i = 0; i < 4; ++i) {
    if (cells[i] == 0) continue;
    if (cells[i] == prev && cells[i] != wall) {
      ++run;
    } else {
      if (run > 0) tiles += 1 + run;
      run = 0;
    }
    prev = cells[i] == wall ? 0 : cells[i];
  }
  if (run > 0) tiles += 1 + run;
  return tiles;
}

namespace {

double score_row(const int rank[4], const HeuristicWeights& w) {
  double sum = 0;
  int empty = 0;
  for (int i = 0; i < 4; ++i) {
    sum += rank_power(rank[i], w.sum_power);
    empty += rank[i] == 0;
  }
  int merges = tiles_in_equal_runs(rank);

  double fall = 0, rise = 0;  // monotonicity penalties left-to-right and right-to-left
  for (int i = 1; i < 4; ++i) {
    double a = rank_power(rank[i - 1], w.mono_power), b = rank_power(rank[i], w.mono_power);
    if (rank[i - 1] > rank[i]) fall += a - b;
    else rise += b - a;
  }
  return w.base + w.empty * empty + w.merges * merges - w.monotonicity * std::min(fall, rise) -
         w.sum * sum;
}

}  // namespace

Heuristic::Heuristic(const HeuristicWeights& w) : weights_(w) {
  auto rows = std::make_shared<std::vector<float>>(65536);
  for (int r = 0; r < 65536; ++r) {
    int rank[4];
    for (int i = 0; i < 4; ++i) rank[i] = (r >> (4 * i)) & 0xF;
    (*rows)[r] = static_cast<float>(score_row(rank, w));
  }
  table_ = rows->data();
  rows_ = std::move(rows);
}

const Heuristic& Heuristic::standard() {
  static const Heuristic h;
  return h;
}

bool parse_weights(const std::string& text, HeuristicWeights* out, std::string* error) {
  return parse_named_weights(text, kHeuristicWeightFields, "heuristic", out, error);
}

}  // namespace g2048
