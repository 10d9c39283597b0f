// An evaluation added from a test alone: the searches are templates over the
// evaluation concept (eval/evaluator.h), so expectimax and minimax search with
// one defined here, with no change to the production list. Their values are
// checked against a brute-force search over the same evaluation.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "eval/evaluation.h"
#include "search/expectimax_impl.h"
#include "search/minimax_impl.h"
#include "test_boards.h"

using namespace g2048;

namespace {

// Ten points per empty cell; it counts score, so expectimax adds move gains.
struct EmptyCellsEval {
  static constexpr const char* kName = "empty-cells";
  static constexpr bool kScoresMoves = true;
  static constexpr bool kCacheLeaves = false;
  static constexpr int kDefaultDepth = 1;
  float evaluate(Board b) const { return 10.0f * static_cast<float>(count_empty(b)); }
};

// The player's best afterstate from b, counting gains: 0 when none moves (the
// search's value of a lost position).
double best_reply(const EmptyCellsEval& e, Board b) {
  double best = 0;
  for (int d = 0; d < 4; ++d) {
    Board a = move(b, d);
    if (a != b) best = std::max(best, e.evaluate(a) + static_cast<double>(move_gain(b, d)));
  }
  return best;
}

// Expectimax at depth 1 by brute force: the move's gain, then the average over
// every spawn of the best reply.
double expectimax_depth1(const EmptyCellsEval& e, Board board, int dir) {
  Board after = move(board, dir);
  double sum = 0;
  int empty = 0;
  for (int i = 0; i < 16; ++i) {
    if (cell(after, i) != 0) continue;
    ++empty;
    sum +=
        0.9 * best_reply(e, with_cell(after, i, 1)) + 0.1 * best_reply(e, with_cell(after, i, 2));
  }
  return move_gain(board, dir) + sum / empty;
}

// Minimax at depth 1 by brute force: the worst spawn, then the best reply's
// evaluation (no gains: minimax ranks positions).
double minimax_depth1(const EmptyCellsEval& e, Board board, int dir) {
  Board after = move(board, dir);
  double worst = 1e300;
  for (int i = 0; i < 16; ++i) {
    if (cell(after, i) != 0) continue;
    for (int v : {1, 2}) {
      Board spawned = with_cell(after, i, v);
      double best = MinimaxSearch<EmptyCellsEval>::kLoss;
      for (int d = 0; d < 4; ++d) {
        Board a = move(spawned, d);
        if (a != spawned) best = std::max<double>(best, e.evaluate(a));
      }
      worst = std::min(worst, best);
    }
  }
  return worst;
}

SearchSettings depth(int d) {
  SearchSettings s;
  s.depth = d;
  s.table_bits = 12;
  return s;
}

// Searches 40 seeded random boards at depth 1 and expects each legal root
// move's value to be expected(board, dir), within tolerance, and every other
// kIllegal. Returns the number of legal root moves.
template <class Search, class Expected>
int expect_root_values(Search& search, std::uint64_t seed, double tolerance, Expected expected) {
  std::mt19937_64 rng(seed);
  int legal = 0;
  for (int n = 0; n < 40; ++n) {
    Board b = to_search_board(testing_boards::random_tiles(rng, 9, 0.4));
    SearchResult r = search.search(b, depth(1));
    for (int d = 0; d < 4; ++d) {
      bool moves = move(b, d) != b;
      if (moves) ++legal;
      if (!moves) EXPECT_EQ(r.values[d], kIllegal) << std::hex << b;
      else EXPECT_NEAR(r.values[d], expected(b, d), tolerance) << std::hex << b << " dir " << d;
    }
  }
  return legal;
}

}  // namespace

TEST(EvaluatorList, ExpectimaxSearchesAnEvaluationDefinedInATest) {
  EmptyCellsEval eval;
  ExpectimaxSearch<EmptyCellsEval> search(eval);
  int legal = expect_root_values(search, 3, 1e-3,
                                 [&](Board b, int d) { return expectimax_depth1(eval, b, d); });
  EXPECT_GT(legal, 60);
}

TEST(EvaluatorList, MinimaxSearchesAnEvaluationDefinedInATest) {
  EmptyCellsEval eval;
  MinimaxSearch<EmptyCellsEval> plain(eval, false), pruned(eval, true);
  int legal = expect_root_values(plain, 4, 0, [&](Board b, int d) {
    if (d == 0) {
      EXPECT_EQ(pruned.search(b, depth(1)).best, plain.search(b, depth(1)).best);
    }
    return minimax_depth1(eval, b, d);
  });
  EXPECT_GT(legal, 60);
}

TEST(EvaluatorList, TheListNamesEachEvaluationOnce) {
  std::vector<std::string> names = EvaluatorList<Evaluator>::get();
  EXPECT_EQ(names, (std::vector<std::string>{"heuristic", "network"}));
  constexpr std::size_t heuristic = EvaluatorIndex<Heuristic>::value;
  constexpr std::size_t network = EvaluatorIndex<NetworkEval>::value;
  EXPECT_EQ(names[heuristic], "heuristic");
  EXPECT_EQ(names[network], "network");
  EXPECT_EQ(EvaluatorList<Evaluator>::default_depth(heuristic), 0);  // chosen from the position
  EXPECT_EQ(EvaluatorList<Evaluator>::default_depth(network), 2);
  EXPECT_FALSE(scores_moves(Evaluator(Heuristic::standard())));
  // The settings' index is the evaluator's that make_evaluator builds.
  EvaluationSettings s;
  EXPECT_EQ(evaluation_index(s), make_evaluator(s).index());
  s.name = "network";
  s.network = std::make_shared<const QuantizedNetwork>();
  EXPECT_EQ(evaluation_index(s), network);
  EXPECT_EQ(make_evaluator(s).index(), network);
}
