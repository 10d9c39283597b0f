#include "search/late_game.h"

#include <cmath>
#include <cstdlib>

namespace g2048 {

namespace {

bool is_corner(int i) { return i == 0 || i == 3 || i == 12 || i == 15; }

bool next_to(int i, int j) {
  return (i / 4 == j / 4 && std::abs(i - j) == 1) || std::abs(i - j) == 4;
}

}  // namespace

int four_bound(int depth) {
  double d = depth;
  // sqrt is correctly rounded in both builds, so native and wasm agree.
  int bound = static_cast<int>(0.1 * d + 3.72 * std::sqrt(0.09 * d));
  return bound < 1 ? 1 : bound;
}

LatePlan plan_late_game(Board board, int late_from) {
  LatePlan plan;
  if (late_from <= 0) return plan;
  int count[16] = {};
  for (int i = 0; i < 16; ++i) ++count[cell(board, i)];
  int largest = 0;
  for (int e = 1; e < 16; ++e)
    if (count[e]) largest = e;
  if ((1 << largest) < late_from) return plan;
  // The most the deepest iteration can spawn on one path: every spawn a 2,
  // and four_bound of them a 4.
  int horizon = 2 * (kLateMaxDepth + four_bound(kLateMaxDepth));
  bool fixed[16] = {};  // exponents that cannot merge within the horizon
  int below = 0;        // the tiles' sum below exponent e
  for (int e = 1; e < 16; ++e) {
    fixed[e] = e >= 8 && count[e] == 1 && below + horizon < (1 << e);
    below += count[e] << e;
  }
  // The walls: the largest tile in a corner, then each next fixed tile, by
  // size, while it stands next to the chain.
  int cells[16], n = 0;
  for (int e = largest; e >= 8; --e) {
    if (count[e] == 0) continue;
    if (!fixed[e]) break;
    int at = 0;
    while (cell(board, at) != e) ++at;
    bool joins = n == 0 ? is_corner(at) : false;
    for (int k = 0; k < n; ++k) joins = joins || next_to(at, cells[k]);
    if (!joins) break;
    cells[n++] = at;
    plan.wall_mask |= Board{0xF} << (4 * at);
    plan.wall_tiles |= Board(e) << (4 * at);
  }
  plan.walls = n;
  // The chain's end, the tile the small ones build up to: the smallest tile
  // of 256 or more (a wall or not).
  for (int e = 8; e < 16; ++e) {
    if (count[e] && !plan.chain_end_tile) plan.chain_end_tile = e;
    plan.big_tiles += count[e];
  }
  // A formation with a fixed tile of 512 or more out of the chain is broken:
  // frozen, it could not be mended, so the usual search plays it.
  for (int e = 9; e <= largest; ++e) {
    if (!fixed[e] || count[e] == 0) continue;
    bool in_chain = false;
    for (int k = 0; k < n; ++k) in_chain = in_chain || cell(board, cells[k]) == e;
    if (!in_chain) return LatePlan();
  }
  plan.applies = plan.walls > 0;
  return plan;
}

}  // namespace g2048
