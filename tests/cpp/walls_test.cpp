// Walls in the search (SearchSettings::walls): the root board's largest tiles,
// while they form a chain from a corner, stay in place below the root move. No
// effect without large tiles; only the chain, only from a corner; the values of a plain brute-force
// expectimax with the same rule; fewer nodes; the same values apart and on
// threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "eval/heuristic.h"
#include "search/expectimax_searcher.h"
#include "search/walls.h"
#include "search_checks.h"
#include "test_boards.h"

using namespace g2048;

namespace {

SearchSettings at_depth(int depth, int walls) {
  SearchSettings s;
  s.depth = depth;
  s.walls = walls;
  s.table_bits = 16;
  return s;
}

// The rule written out: the root's largest tile of 1024 or more if it stands in
// a corner, then the next largest ones while each is next to a cell already
// taken (up to `count`); a move keeps them when their cells' tiles add up to as
// much or more after it.
std::vector<int> wall_cells(Board root, int count) {
  std::vector<int> large;  // largest first, cells in order on ties
  for (int e = 15; e >= 10; --e)
    for (int i = 0; i < 16; ++i)
      if (cell(root, i) == e) large.push_back(i);
  std::vector<int> cells;
  for (int i : large) {
    if (static_cast<int>(cells.size()) == count) break;
    bool next_to = cells.empty();
    for (int j : cells) {
      int ri = i / 4, ci = i % 4, rj = j / 4, cj = j % 4;
      next_to = next_to || std::abs(ri - rj) + std::abs(ci - cj) == 1;
    }
    bool corner = i == 0 || i == 3 || i == 12 || i == 15;
    if (!next_to || (cells.empty() && !corner)) break;
    cells.push_back(i);
  }
  return cells;
}

bool keeps(const std::vector<int>& walls, Board before, Board after) {
  double was = 0, is = 0;
  for (int c : walls) {
    was += cell(before, c) ? std::ldexp(1.0, cell(before, c)) : 0;
    is += cell(after, c) ? std::ldexp(1.0, cell(after, c)) : 0;
  }
  return is >= was;
}

// Expectimax in doubles, no table, no cut-off; only the moves that keep the
// walls, and a board where none does is lost (the root's moves: the test).
double brute_chance(const Heuristic& h, const std::vector<int>& walls, Board b, int depth);

double brute_max(const Heuristic& h, const std::vector<int>& walls, Board b, int depth) {
  bool any_keeps = false;
  for (int d = 0; d < 4; ++d) {
    Board a = move(b, d);
    any_keeps = any_keeps || (a != b && keeps(walls, b, a));
  }
  if (!any_keeps) return 0;  // every move breaks the walls (or none is legal): lost
  double best = 0;
  for (int d = 0; d < 4; ++d) {
    Board a = move(b, d);
    if (a == b || !keeps(walls, b, a)) continue;
    best = std::max(best, depth == 0 ? h.evaluate(a) : brute_chance(h, walls, a, depth));
  }
  return best;
}

double brute_chance(const Heuristic& h, const std::vector<int>& walls, Board b, int depth) {
  double sum = 0;
  int empty = 0;
  for (int i = 0; i < 16; ++i) {
    if (cell(b, i) != 0) continue;
    ++empty;
    sum += 0.9 * brute_max(h, walls, b | Board{1} << (4 * i), depth - 1) +
           0.1 * brute_max(h, walls, b | Board{2} << (4 * i), depth - 1);
  }
  return sum / empty;
}

// Seeded late boards: a few empty cells, tiles up to 1024, and a chain of
// 8192, 4096, 2048 along the last row (the walls); a fourth large tile, 2048,
// somewhere on every other board, away from the chain or next to it.
std::vector<Board> late_boards(std::uint64_t seed, int count) {
  std::mt19937_64 rng(seed);
  std::vector<Board> out;
  while (static_cast<int>(out.size()) < count) {
    Tiles t = testing_boards::random_tiles(rng, 10, 0.3);
    t.exponent[15] = 13, t.exponent[14] = 12, t.exponent[13] = 11;
    if (out.size() % 2) t.exponent[rng() % 13] = 11;
    Board b = to_search_board(t);
    int empty = count_empty(b);
    if (empty < 2 || empty > 6 || legal_moves_mask(b) == 0 || wall_cells(b, 3).size() < 3) continue;
    out.push_back(b);
  }
  return out;
}

}  // namespace

TEST(Walls, NoLargeTileNoChange) {
  ExpectimaxSearcher plain, walled;
  std::mt19937_64 rng(3);
  int checked = 0;
  while (checked < 8) {
    Board b = to_search_board(testing_boards::random_tiles(rng, 9, 0.3));  // tiles up to 512
    if (legal_moves_mask(b) == 0) continue;
    SearchResult r = plain.search(b, at_depth(3, 0));
    SearchResult w = walled.search(b, at_depth(3, 4));
    EXPECT_EQ(w.values, r.values) << std::hex << b;
    EXPECT_EQ(w.nodes, r.nodes) << std::hex << b;
    ++checked;
  }
}

TEST(Walls, ALargeTileAwayFromTheChainIsNoWall) {
  // 8192 in a corner, 4096 in the opposite one: only the 8192 is a wall, so
  // walls 1 and walls 4 search alike; with the 4096 beside the 8192, they do not.
  ExpectimaxSearcher searcher;
  Tiles apart{}, beside{};
  const int rest[16] = {13, 1, 2, 3, 1, 2, 3, 4, 5, 1, 0, 2, 3, 0, 1, 12};
  for (int i = 0; i < 16; ++i) apart.exponent[i] = beside.exponent[i] = rest[i];
  beside.exponent[15] = 1, beside.exponent[1] = 12;
  SearchResult one = searcher.search(to_search_board(apart), at_depth(3, 1));
  SearchResult four = searcher.search(to_search_board(apart), at_depth(3, 4));
  EXPECT_EQ(four.values, one.values);
  EXPECT_EQ(four.nodes, one.nodes);
  one = searcher.search(to_search_board(beside), at_depth(3, 1));
  four = searcher.search(to_search_board(beside), at_depth(3, 4));
  EXPECT_LT(four.nodes, one.nodes);
}

TEST(Walls, NoWallsWhenTheLargestTileIsOutOfTheCorners) {
  // The same chain of 8192, 4096, 2048 one row in from the edge: no walls.
  ExpectimaxSearcher searcher;
  Tiles t{};
  const int cells[16] = {1, 2, 3, 1, 2, 3, 4, 5, 0, 13, 12, 11, 1, 2, 0, 3};
  for (int i = 0; i < 16; ++i) t.exponent[i] = cells[i];
  SearchResult none = searcher.search(to_search_board(t), at_depth(3, 0));
  SearchResult four = searcher.search(to_search_board(t), at_depth(3, 4));
  EXPECT_EQ(four.values, none.values);
  EXPECT_EQ(four.nodes, none.nodes);
  // In the corner, the same chain walls.
  t.exponent[9] = 1, t.exponent[10] = 2, t.exponent[11] = 3;
  t.exponent[15] = 13, t.exponent[14] = 12, t.exponent[13] = 11;
  none = searcher.search(to_search_board(t), at_depth(3, 0));
  four = searcher.search(to_search_board(t), at_depth(3, 4));
  EXPECT_LT(four.nodes, none.nodes);
}

TEST(Walls, AMergeBetweenWallsKeepsThemASlideDoesNot) {
  // Bottom row 0, 4096, 4096, 8192 (the 8192 in the corner): right merges the
  // two 4096s into the chain, left slides the chain off its cells.
  Tiles t{};
  const int cells[16] = {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 1, 0, 12, 12, 13};
  for (int i = 0; i < 16; ++i) t.exponent[i] = cells[i];
  Board b = to_search_board(t);
  Walls walls(b, 3);
  ASSERT_FALSE(walls.empty());
  EXPECT_TRUE(walls.kept(b, move(b, 1)));   // right: 0, 0, 8192, 8192
  EXPECT_FALSE(walls.kept(b, move(b, 3)));  // left: 8192, 8192, 0, 0
  Board after[4];
  for (int d = 0; d < 4; ++d) after[d] = move(b, d);
  walls.prune(b, after);
  EXPECT_NE(after[1], b);
  EXPECT_EQ(after[3], b);
}

TEST(Walls, ValuesAreThoseOfABruteForceExpectimaxWithTheRule) {
  // Exact at depth 2: no chance node of one subtree meets another's board at
  // another depth, so the table answers only what it would recompute.
  const Heuristic& h = Heuristic::standard();
  ExpectimaxSearcher searcher;  // the heuristic: no network given
  int checked = 0, differs = 0, dropped = 0;
  for (Board b : late_boards(7, 8)) {
    for (int walls : {1, 3, 5}) {
      SearchSettings s = at_depth(2, walls);
      s.prob_cutoff = 0;  // the brute force has no cut-off
      SearchResult r = searcher.search(b, s);
      std::vector<int> cells = wall_cells(b, walls);
      bool root_keeps = false;  // the rule holds at the root too
      for (int d = 0; d < 4; ++d) {
        Board a = move(b, d);
        root_keeps = root_keeps || (a != b && keeps(cells, b, a));
      }
      for (int d = 0; d < 4; ++d) {
        Board a = move(b, d);
        if (a == b) continue;
        if (root_keeps && !keeps(cells, b, a)) {
          EXPECT_EQ(r.values[d], kIllegal) << std::hex << b << std::dec << " dir " << d;
          ++dropped;
          continue;
        }
        double want = brute_chance(h, cells, a, 2);
        EXPECT_NEAR(r.values[d], want, 1e-5 * std::abs(want) + 1e-3)
            << std::hex << b << std::dec << " dir " << d << " walls " << walls;
        differs += std::abs(want - brute_chance(h, {}, a, 2)) > 1e-3;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 40);
  EXPECT_GT(differs, 0);  // the rule binds on some of these boards
  EXPECT_GT(dropped, 0);  // and drops some root moves
}

TEST(Walls, CostFewerNodesOnLateBoards) {
  ExpectimaxSearcher searcher;
  std::uint64_t none = 0, three = 0;
  for (Board b : late_boards(9, 12)) {
    SearchResult r = searcher.search(b, at_depth(3, 0));
    SearchResult w = searcher.search(b, at_depth(3, 3));
    EXPECT_LE(w.nodes, r.nodes) << std::hex << b;
    none += r.nodes;
    three += w.nodes;
  }
  EXPECT_LT(three, none);
}

TEST(Walls, RootMovesSearchedApartOrOnThreadsGiveTheSameValues) {
  search_checks::expect_root_moves_apart_and_on_threads_agree(late_boards(11, 8), at_depth(3, 3));
}

TEST(Walls, BadCountsAreNamed) {
  SearchSettings s;
  s.walls = -1;
  EXPECT_NE(validate_settings(s).find("walls"), std::string::npos);
  s.walls = kMaxWalls + 1;
  EXPECT_NE(validate_settings(s).find("walls"), std::string::npos);
  s.walls = 3;
  EXPECT_EQ(validate_settings(s), "");
}
