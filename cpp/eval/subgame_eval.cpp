#include "eval/subgame_eval.h"

#include <algorithm>

#include "eval/heuristic.h"
#include "eval/weights_text.h"

namespace g2048 {

namespace {

// One line of four cells: 0 empty, 1-14 a small tile's exponent, kWallCode a wall.
double score_line(const unsigned code[4], const SubgameWeights& w, double wall_rank) {
  int empty = 0, cells[4];
  double sum = 0, contact = 0;
  double level[4];  // what each cell counts as in the monotonicity
  for (int i = 0; i < 4; ++i) {
    cells[i] = static_cast<int>(code[i]);
    bool wall = code[i] == kWallCode;
    level[i] = rank_power(wall ? wall_rank : code[i], w.mono_power);
    if (wall) continue;
    if (code[i] == 0) {
      ++empty;
      continue;
    }
    sum += rank_power(code[i], w.sum_power);
    bool beside_wall = (i > 0 && code[i - 1] == kWallCode) || (i < 3 && code[i + 1] == kWallCode);
    if (beside_wall) contact += level[i];
  }
  int merges = tiles_in_equal_runs(cells, kWallCode);  // a wall ends a run
  double fall = 0, rise = 0;                           // penalties left to right and right to left
  for (int i = 1; i < 4; ++i) {
    if (level[i - 1] > level[i]) fall += level[i - 1] - level[i];
    else rise += level[i] - level[i - 1];
  }
  return w.base / 8 + w.empty * empty + w.merges * merges + w.contact * contact -
         w.monotonicity * std::min(fall, rise) - w.sum * sum;
}

}  // namespace

SubgameEval::SubgameEval(const SubgameWeights& w, int chain_end) {
  double wall_rank = std::max(0.0, chain_end + w.wall_offset);
  auto rows = std::make_shared<std::vector<float>>(65536);
  for (unsigned r = 0; r < 65536; ++r) {
    unsigned code[4];
    for (int i = 0; i < 4; ++i) code[i] = (r >> (4 * i)) & 0xF;
    (*rows)[r] = static_cast<float>(score_line(code, w, wall_rank));
  }
  table_ = rows->data();
  rows_ = std::move(rows);
}

bool parse_subgame_weights(const std::string& text, SubgameWeights* out, std::string* error) {
  return parse_named_weights(text, kSubgameWeightFields, "sub-game", out, error);
}

}  // namespace g2048
