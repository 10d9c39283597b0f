#include "eval/classic_eval.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace g2048 {

namespace {

// ln(1 + n) for n = 0..16, written out: libm's log may differ in the last bit
// between builds, and native and WebAssembly games must stay identical.
constexpr double kLnOnePlus[17] = {0.0,
                                   0.69314718055994530942,
                                   1.09861228866810969140,
                                   1.38629436111989061883,
                                   1.60943791243410037460,
                                   1.79175946922805500081,
                                   1.94591014905531330511,
                                   2.07944154167983592825,
                                   2.19722457733621938279,
                                   2.30258509299404568402,
                                   2.39789527279837054406,
                                   2.48490664978800031023,
                                   2.56494935746153673605,
                                   2.63905732961525861466,
                                   2.70805020110221006599,
                                   2.77258872223978123767,
                                   2.83321334405621608025};

std::vector<ClassicEvaluator::LineFeatures> build_lines() {
  std::vector<ClassicEvaluator::LineFeatures> table(65536);
  for (int r = 0; r < 65536; ++r) {
    int rank[4];
    for (int i = 0; i < 4; ++i) rank[i] = (r >> (4 * i)) & 0xF;
    int roughness = 0, falls = 0, rises = 0, empty = 0, top = 0, prev = -1;
    for (int i = 0; i < 4; ++i) {
      top = std::max(top, rank[i]);
      if (rank[i] == 0) {
        ++empty;
        continue;
      }
      if (prev >= 0) {
        roughness += std::abs(rank[i] - prev);
        if (rank[i] < prev) falls += prev - rank[i];
        else rises += rank[i] - prev;
      }
      prev = rank[i];
    }
    table[r] = {static_cast<std::uint8_t>(roughness), static_cast<std::uint8_t>(falls),
                static_cast<std::uint8_t>(rises), static_cast<std::uint8_t>(empty),
                static_cast<std::uint8_t>(top)};
  }
  return table;
}

}  // namespace

const ClassicEvaluator::LineFeatures& ClassicEvaluator::line(std::uint16_t row) {
  static const std::vector<LineFeatures> table = build_lines();
  return table[row];
}

double ClassicEvaluator::evaluate(Board b) const {
  Board tr = transpose(b);
  int roughness = 0, row_falls = 0, row_rises = 0, col_falls = 0, col_rises = 0, empty = 0, top = 0;
  for (int i = 0; i < 4; ++i) {
    const LineFeatures& r = line(row_of(b, i));
    const LineFeatures& c = line(row_of(tr, i));
    roughness += r.roughness + c.roughness;
    row_falls += r.falls;
    row_rises += r.rises;
    col_falls += c.falls;
    col_rises += c.rises;
    empty += r.empty;
    top = std::max<int>(top, r.max_rank);
  }
  int disorder = std::min(row_falls, row_rises) + std::min(col_falls, col_rises);
  return w_.base - w_.smoothness * roughness - w_.monotonicity * disorder +
         w_.empty * kLnOnePlus[empty] + w_.max_tile * top;
}

}  // namespace g2048
