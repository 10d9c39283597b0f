#include "endgame/rate_model.h"

#include <cmath>

namespace g2048::endgame {

float RateModel::rate(const Formation& f, Board key) const {
  return 1.0f / (1.0f + std::exp(-logit(f, key)));
}

std::vector<std::vector<std::uint8_t>> default_model_tuples(const Formation& f) {
  auto is_free = [&](int r, int c) { return !(f.wall_cells >> (4 * r + c) & 1); };
  std::vector<std::vector<std::uint8_t>> out;
  for (int tall = 2; tall <= 3; ++tall) {
    int wide = 5 - tall;
    for (int r = 0; r + tall <= 4; ++r)
      for (int c = 0; c + wide <= 4; ++c) {
        std::vector<std::uint8_t> cells;
        for (int i = 0; i < tall; ++i)
          for (int j = 0; j < wide; ++j)
            if (is_free(r + i, c + j)) cells.push_back(static_cast<std::uint8_t>(4 * (r + i) + c + j));
        if (cells.size() == 6) out.push_back(cells);
      }
  }
  // The path the chain grows along: from the free cell beside the smallest
  // wall, back and forth through the rows above.
  std::vector<std::uint8_t> path;
  for (int r = 3; r >= 0; --r)
    for (int j = 0; j < 4; ++j) {
      int c = (3 - r) % 2 ? 3 - j : j;  // the bottom row runs right to left
      if (is_free(r, c)) path.push_back(static_cast<std::uint8_t>(4 * r + c));
    }
  for (std::size_t start = 0; start + 6 <= path.size(); start += 2)
    out.emplace_back(path.begin() + static_cast<long>(start), path.begin() + static_cast<long>(start) + 6);
  return out;
}

}  // namespace g2048::endgame
