// The cap on 4-spawns along a path (SearchSettings::four_cap): no effect when it
// cannot bind, the values of a plain brute-force expectimax when it does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "eval/heuristic.h"
#include "search/expectimax_searcher.h"
#include "search_checks.h"
#include "test_boards.h"

using namespace g2048;

namespace {

SearchSettings at_depth(int depth, int four_cap) {
  SearchSettings s;
  s.depth = depth;
  s.four_cap = four_cap;
  s.table_bits = 16;
  return s;
}

// Expectimax written out, in doubles, with no table and no cut-off: a chance
// node with fours 4-spawns left spawns a 2 (0.9) or a 4 (0.1) in each empty
// cell, and with none left only a 2 (1.0). Lost boards are worth 0, as in the
// search.
double brute_chance(const Heuristic& h, Board b, int depth, int fours);

double brute_max(const Heuristic& h, Board b, int depth, int fours) {
  double best = 0;
  for (int d = 0; d < 4; ++d) {
    Board a = move(b, d);
    if (a == b) continue;
    best = std::max(best, depth == 0 ? h.evaluate(a) : brute_chance(h, a, depth, fours));
  }
  return best;
}

double brute_chance(const Heuristic& h, Board b, int depth, int fours) {
  double sum = 0;
  int empty = 0;
  for (int i = 0; i < 16; ++i) {
    if ((b >> (4 * i) & 0xF) != 0) continue;
    ++empty;
    Board two = b | Board{1} << (4 * i), four = b | Board{2} << (4 * i);
    if (fours > 0)
      sum += 0.9 * brute_max(h, two, depth - 1, fours) +
             0.1 * brute_max(h, four, depth - 1, fours - 1);
    else sum += brute_max(h, two, depth - 1, 0);
  }
  return sum / empty;
}

// Seeded boards with a few empty cells and at least one legal move.
std::vector<Board> some_boards(std::uint64_t seed, int count) {
  std::mt19937_64 rng(seed);
  std::vector<Board> out;
  while (static_cast<int>(out.size()) < count) {
    Board b = to_search_board(testing_boards::random_tiles(rng, 10, 0.3));
    int empty = count_empty(b);
    if (empty < 2 || empty > 6 || legal_moves_mask(b) == 0) continue;
    out.push_back(b);
  }
  return out;
}

}  // namespace

TEST(FourCap, ACapThatCannotBindChangesNothing) {
  // Fixed depths and a node budget: the same values, bit for bit, and nodes.
  ExpectimaxSearcher plain, capped;
  for (Board b : some_boards(5, 12)) {
    for (int depth : {1, 2, 3}) {
      SearchResult r = plain.search(b, at_depth(depth, -1));
      for (int cap : {depth, kMaxSearchDepth}) {
        SearchResult c = capped.search(b, at_depth(depth, cap));
        EXPECT_EQ(c.values, r.values) << std::hex << b << " depth " << depth << " cap " << cap;
        EXPECT_EQ(c.nodes, r.nodes) << std::hex << b << " depth " << depth << " cap " << cap;
      }
    }
    SearchSettings budget;
    budget.nodes = 50000;
    budget.table_bits = 16;
    SearchResult r = plain.search(b, budget);
    budget.four_cap = kMaxSearchDepth;
    SearchResult c = capped.search(b, budget);
    EXPECT_EQ(c.values, r.values) << std::hex << b;
    EXPECT_EQ(c.nodes, r.nodes) << std::hex << b;
  }
}

TEST(FourCap, ValuesAreThoseOfACappedBruteForceExpectimax) {
  // Exact only where no board is met at two depths of one subtree: the table
  // lets a deeper entry answer a shallower query, and a spawned 4 reaches the
  // board two 2s reach one spawn later. At depth 2 no chance node can meet
  // another's board; at depth 3 a cap of 0 spawns no 4, and a cap of 1 keeps
  // those two entries apart (the 4's path has no 4 left, the 2s' has one).
  const Heuristic& h = Heuristic::standard();
  ExpectimaxSearcher searcher;  // the heuristic: no network given
  int checked = 0;
  for (Board b : some_boards(7, 6)) {
    for (auto [depth, cap] : {std::pair{2, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 1}}) {
      SearchSettings s = at_depth(depth, cap);
      s.prob_cutoff = 0;  // the brute force has no cut-off
      SearchResult r = searcher.search(b, s);
      for (int d = 0; d < 4; ++d) {
        Board a = move(b, d);
        if (a == b) continue;
        double want = brute_chance(h, a, depth, cap);
        EXPECT_NEAR(r.values[d], want, 1e-5 * std::abs(want) + 1e-3)
            << std::hex << b << std::dec << " dir " << d << " depth " << depth << " cap " << cap;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(FourCap, CapsDifferFromTheUncappedSearchAndCostFewerNodes) {
  ExpectimaxSearcher searcher;
  for (Board b : some_boards(9, 8)) {
    SearchResult none = searcher.search(b, at_depth(3, -1));
    SearchResult two = searcher.search(b, at_depth(3, 2));
    SearchResult one = searcher.search(b, at_depth(3, 1));
    SearchResult zero = searcher.search(b, at_depth(3, 0));
    EXPECT_LT(two.nodes, none.nodes) << std::hex << b;
    EXPECT_LT(one.nodes, two.nodes) << std::hex << b;
    EXPECT_LT(zero.nodes, one.nodes) << std::hex << b;
    EXPECT_NE(zero.values, none.values) << std::hex << b;
  }
}

TEST(FourCap, RootMovesSearchedApartOrOnThreadsGiveTheSameValues) {
  search_checks::expect_root_moves_apart_and_on_threads_agree(some_boards(11, 8), at_depth(3, 1));
}

TEST(FourCap, BadCapsAreNamed) {
  SearchSettings s;
  s.four_cap = -2;
  EXPECT_NE(validate_settings(s).find("four cap"), std::string::npos);
  s.four_cap = kMaxSearchDepth + 1;
  EXPECT_NE(validate_settings(s).find("four cap"), std::string::npos);
  s.four_cap = 0;
  EXPECT_EQ(validate_settings(s), "");
}
