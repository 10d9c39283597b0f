// Checks that several search tests share.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "search/expectimax_searcher.h"

namespace search_checks {

// At the fixed depth s.depth, each root move searched alone gives the whole
// search's value, and two threads give its values and node count.
inline void expect_root_moves_apart_and_on_threads_agree(const std::vector<g2048::Board>& boards,
                                                         g2048::SearchSettings s) {
  g2048::ExpectimaxSearcher whole, part;
  for (g2048::Board b : boards) {
    s.threads = 1;
    g2048::SearchResult r = whole.search(b, s);
    for (int d = 0; d < 4; ++d) {
      g2048::RootMoveValue v = part.search_root_move(b, d, s.depth, s);
      EXPECT_EQ(v.value, r.values[d]) << std::hex << b << " dir " << d;
    }
    s.threads = 2;
    g2048::SearchResult t = part.search(b, s);
    EXPECT_EQ(t.values, r.values) << std::hex << b;
    EXPECT_EQ(t.nodes, r.nodes) << std::hex << b;
  }
}

}  // namespace search_checks
