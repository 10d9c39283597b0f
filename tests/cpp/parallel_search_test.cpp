// Root parallelism (parallel_search.h): at a fixed depth, any thread count gives
// the one-thread search's values, node count and move, with the heuristic and
// with a network; budgets still answer legally.
#include <gtest/gtest.h>

#include <random>

#include "network/ntuple.h"
#include "search/parallel_search.h"
#include "test_boards.h"

using namespace g2048;

namespace {

SearchSettings fixed_depth(int depth, int threads) {
  SearchSettings s;
  s.depth = depth;
  s.table_bits = 16;
  s.threads = threads;
  return s;
}

// A small network with distinct weights, so that every feature matters.
Evaluator small_network() {
  NTupleLayout layout;
  std::string error;
  EXPECT_TRUE(NTupleLayout::parse("0123 4567 0145", {}, &layout, &error)) << error;
  NTupleNetwork net(layout);
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> u(0, 300);
  for (float& w : net.weights()) w = u(rng);
  EvaluationSettings e;
  e.name = "network";
  e.network = std::make_shared<const QuantizedNetwork>(QuantizedNetwork::from(net));
  return make_evaluator(e);
}

void expect_same_as_one_thread(const Evaluator& evaluation, int depth, int boards) {
  ExpectimaxSearcher one(evaluation), two(evaluation), four(evaluation);
  std::mt19937_64 rng(29);
  int searched = 0;
  while (searched < boards) {
    Tiles t = testing_boards::random_tiles(rng, 11, 0.4);
    if (game_over(t)) continue;
    ++searched;
    SearchResult r1 = one.search(t, fixed_depth(depth, 1));
    for (auto* searcher : {&two, &four}) {
      int threads = searcher == &two ? 2 : 4;
      SearchResult rn = searcher->search(t, fixed_depth(depth, threads));
      ASSERT_EQ(rn.values, r1.values) << board_text(t) << " threads " << threads;
      ASSERT_EQ(rn.nodes, r1.nodes) << board_text(t) << " threads " << threads;
      ASSERT_EQ(rn.best, r1.best);
      ASSERT_EQ(rn.depth, r1.depth);
    }
  }
}

}  // namespace

TEST(ParallelSearch, ThreadsAvailableNatively) { EXPECT_TRUE(threads_available()); }

TEST(ParallelSearch, HeuristicAtFixedDepthEqualsOneThread) {
  expect_same_as_one_thread(make_evaluator(EvaluationSettings()), 2, 30);
  expect_same_as_one_thread(make_evaluator(EvaluationSettings()), 3, 6);
}

TEST(ParallelSearch, NetworkAtFixedDepthEqualsOneThread) {
  expect_same_as_one_thread(small_network(), 2, 20);
}

TEST(ParallelSearch, ChosenDepthEqualsOneThread) {
  ExpectimaxSearcher one, two;
  std::mt19937_64 rng(5);
  for (int n = 0; n < 5; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 6, 0.5);
    if (game_over(t)) continue;
    SearchSettings s1 = fixed_depth(0, 1), s2 = fixed_depth(0, 2);
    s1.max_depth = s2.max_depth = 3;
    SearchResult a = one.search(t, s1), b = two.search(t, s2);
    EXPECT_EQ(a.values, b.values);
    EXPECT_EQ(a.nodes, b.nodes);
  }
}

TEST(ParallelSearch, NodeBudgetIsDeterministicForAnyThreadCount) {
  Tiles t;
  std::string error;
  ASSERT_TRUE(parse_board_text("2,4,8,16,0,2,4,8,0,0,2,0,0,0,0,0", &t, &error)) << error;
  SearchSettings s;
  s.nodes = 200000;
  s.threads = 2;
  ExpectimaxSearcher a, b;
  SearchResult ra = a.search(t, s);
  s.threads = 3;
  SearchResult rb = b.search(t, s);
  EXPECT_EQ(ra.values, rb.values);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_GE(ra.depth, 2);
  EXPECT_LE(ra.nodes, 2 * s.nodes + 20000);
}

TEST(ParallelSearch, TimeBudgetAnswersLegally) {
  std::mt19937_64 rng(3);
  ExpectimaxSearcher searcher;
  for (int n = 0; n < 10; ++n) {
    Tiles t = testing_boards::random_tiles(rng, 10, 0.3);
    if (game_over(t)) continue;
    SearchSettings s;
    s.time_ms = 5;
    s.threads = 2;
    SearchResult r = searcher.search(t, s);
    ASSERT_GE(r.best, 0);
    EXPECT_TRUE(legal_moves_mask(t) >> r.best & 1);
    EXPECT_GE(r.depth, 0);
  }
}

// A step's time limit runs from the step's start: on one thread, once the
// first root move has spent it, the others are not searched at all (they used
// to get the whole limit again each, from their own start: a move could take
// several times its allocation).
TEST(ParallelSearch, TasksShareTheStepsTimeLimit) {
  Board board = Board{1} | Board{2} << 40;  // a 2 in cell 0, a 4 in cell 10: all moves legal
  ExpectimaxSearcher caller;
  RootThreads threads(make_evaluator(EvaluationSettings()));
  std::vector<RootThreads::Task> tasks(4);
  for (int d = 0; d < 4; ++d) {
    tasks[d].dir = d;
    tasks[d].depth = 8;  // far more than 5 ms
    tasks[d].settings.prob_cutoff = 0;
    tasks[d].settings.table_bits = 16;
    tasks[d].time_limit_ms = 5;
  }
  threads.run(caller, board, tasks, 1);
  EXPECT_FALSE(tasks[0].out.complete);
  EXPECT_GT(tasks[0].out.nodes, 1000u);
  for (int d = 1; d < 4; ++d) {
    EXPECT_FALSE(tasks[d].out.complete) << d;
    EXPECT_EQ(tasks[d].out.nodes, 0u) << d;
  }
}

TEST(ParallelSearch, BadThreadCountsAreNamed) {
  SearchSettings s;
  s.threads = 0;
  EXPECT_NE(validate_settings(s).find("threads"), std::string::npos);
  s.threads = kMaxThreads + 1;
  EXPECT_NE(validate_settings(s).find("threads"), std::string::npos);
}
