// Checks that several search tests share.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "search/expectimax_searcher.h"

namespace search_checks {

// How far threads may move a value. A position met in another order can find
// a deeper entry in the table (through a 4-spawn, a board recurs a ply
// sooner): over 20 runs of parallel_search_test the largest move was 6.6e-3
// of the value, on one board at depth 3 (with the cut-off off too). A cell
// summed twice, left out, or with the wrong weight moves it by a tenth or more.
constexpr double kThreadsTolerance = 3e-2;

inline bool near_value(double a, double b) {
  return std::abs(a - b) <= kThreadsTolerance * std::max(1.0, std::abs(b));
}

// a's values are b's, within kThreadsTolerance; illegal moves exactly.
inline void expect_near_values(const g2048::SearchResult& a, const g2048::SearchResult& b,
                               const std::string& where) {
  for (int d = 0; d < 4; ++d) {
    if (b.values[d] == g2048::kIllegal) {
      EXPECT_EQ(a.values[d], g2048::kIllegal) << where << " dir " << d;
    } else {
      EXPECT_TRUE(near_value(a.values[d], b.values[d]))
          << where << " dir " << d << ": " << a.values[d] << " against " << b.values[d];
    }
  }
}

// At the fixed depth s.depth, each root move searched alone gives the whole
// search's value; the threaded search's tasks, taken in order on one thread,
// give its values and node count; two threads give its values within
// kThreadsTolerance.
inline void expect_root_moves_apart_and_on_threads_agree(const std::vector<g2048::Board>& boards,
                                                         g2048::SearchSettings s) {
  g2048::ExpectimaxSearcher whole, part;
  for (g2048::Board b : boards) {
    s.threads = 1;
    g2048::SearchResult r = whole.search(b, s);
    for (int d = 0; d < 4; ++d) {
      g2048::RootMoveValue v = part.search_root_move(b, g2048::RootTask{d, s.depth}, s);
      EXPECT_EQ(v.value, r.values[d]) << std::hex << b << " dir " << d;
    }
    g2048::SearchResult o = part.search_threaded(b, s);
    EXPECT_EQ(o.values, r.values) << std::hex << b;
    EXPECT_EQ(o.nodes, r.nodes) << std::hex << b;
    s.threads = 2;
    expect_near_values(part.search(b, s), r, "two threads");
  }
}

}  // namespace search_checks
