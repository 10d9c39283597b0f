// Parallel search (parallel_search.h): its tasks, taken in order on one
// thread, are the sequential search bit for bit (values and node count); on
// more threads, at a fixed depth, the values agree to a small tolerance (the
// table's hits depend on the order threads meet positions in:
// search_checks.h), with the heuristic and with a network; budgets still
// answer legally.
#include <gtest/gtest.h>

#include <random>

#include "network/ntuple.h"
#include "search/parallel_search.h"
#include "search_checks.h"
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

using search_checks::expect_near_values;

void expect_as_one_thread(const Evaluator& evaluation, int depth, int boards) {
  ExpectimaxSearcher one(evaluation), in_order(evaluation), two(evaluation), four(evaluation);
  std::mt19937_64 rng(29);
  int searched = 0;
  while (searched < boards) {
    Tiles t = testing_boards::random_tiles(rng, 11, 0.4);
    if (game_over(t)) continue;
    ++searched;
    SearchResult r1 = one.search(t, fixed_depth(depth, 1));
    // The tasks on the caller alone, in order: the sequential search exactly.
    SearchResult ro = in_order.search_threaded(to_search_board(t), fixed_depth(depth, 1));
    ASSERT_EQ(ro.values, r1.values) << board_text(t);
    ASSERT_EQ(ro.nodes, r1.nodes) << board_text(t);
    for (auto* searcher : {&two, &four}) {
      int threads = searcher == &two ? 2 : 4;
      SearchResult rn = searcher->search(t, fixed_depth(depth, threads));
      std::string where = board_text(t) + " threads " + std::to_string(threads);
      expect_near_values(rn, r1, where);
      ASSERT_EQ(rn.depth, r1.depth) << where;
      // Fewer table hits cost some nodes: never many more, and at least the
      // root's moves.
      EXPECT_LE(rn.nodes, r1.nodes * 3 / 2) << where;
      EXPECT_GE(rn.nodes, r1.nodes * 3 / 4) << where;
      ASSERT_TRUE(legal_moves_mask(t) >> rn.best & 1) << where;
    }
  }
}

}  // namespace

TEST(ParallelSearch, ThreadsAvailableNatively) { EXPECT_TRUE(threads_available()); }

TEST(ParallelSearch, HeuristicAtFixedDepthAgreesWithOneThread) {
  expect_as_one_thread(make_evaluator(EvaluationSettings()), 2, 30);
  expect_as_one_thread(make_evaluator(EvaluationSettings()), 3, 6);
}

TEST(ParallelSearch, NetworkAtFixedDepthAgreesWithOneThread) {
  expect_as_one_thread(small_network(), 2, 20);
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
    EXPECT_EQ(a.depth, b.depth);
    expect_near_values(b, a, board_text(t));
  }
}

// With threads, a node budget's depth may vary from run to run (the node
// counts do); it stays within the budget's rules and answers legally.
TEST(ParallelSearch, NodeBudgetWithThreads) {
  Tiles t;
  std::string error;
  ASSERT_TRUE(parse_board_text("2,4,8,16,0,2,4,8,0,0,2,0,0,0,0,0", &t, &error)) << error;
  SearchSettings s;
  s.nodes = 200000;
  for (int threads : {1, 2, 3}) {
    s.threads = threads;
    ExpectimaxSearcher searcher;
    SearchResult r = searcher.search(t, s);
    EXPECT_GE(r.depth, 2) << threads;
    EXPECT_LE(r.nodes, 2 * s.nodes + 20000) << threads;
    EXPECT_TRUE(legal_moves_mask(t) >> r.best & 1) << threads;
  }
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
    const int legal = legal_moves_mask(t);
    EXPECT_TRUE(legal >> r.best & 1);
    // The depth of the last complete iteration (0 where the budget stopped
    // even depth 1 on a busy machine), and a value for every legal move only.
    EXPECT_LE(r.depth, s.max_depth);
    for (int d = 0; d < 4; ++d) EXPECT_EQ(r.values[d] != kIllegal, (legal >> d & 1) != 0) << d;
  }
}

namespace {

// One task for each root move's first empty cell, far deeper than any limit.
std::vector<RootThreads::Task> deep_tasks(RootThreads& threads) {
  threads.table().resize(16);
  std::vector<RootThreads::Task> tasks(4);
  for (int d = 0; d < 4; ++d) {
    tasks[d].root.dir = d;
    tasks[d].root.depth = 8;
    tasks[d].scope = threads.table().next_scope();
    tasks[d].settings.prob_cutoff = 0;
  }
  return tasks;
}

// Run on one thread: the first task was stopped by its limit, and the others
// were not searched at all.
void expect_only_the_first_searched(const std::vector<RootThreads::Task>& tasks) {
  EXPECT_FALSE(tasks[0].out.complete);
  for (std::size_t d = 1; d < tasks.size(); ++d) {
    EXPECT_FALSE(tasks[d].out.complete) << d;
    EXPECT_EQ(tasks[d].out.nodes, 0u) << d;
  }
}

}  // namespace

// A step's time limit runs from the step's start: on one thread, once the
// first task has spent it, the others are not searched at all (they used to
// get the whole limit again each, from their own start: a move could take
// several times its allocation).
TEST(ParallelSearch, TasksShareTheStepsTimeLimit) {
  Board board = Board{1} | Board{2} << 40;  // a 2 in cell 0, a 4 in cell 10: all moves legal
  ExpectimaxSearcher caller;
  RootThreads threads(make_evaluator(EvaluationSettings()));
  std::vector<RootThreads::Task> tasks = deep_tasks(threads);
  for (auto& t : tasks) t.root.time_limit_ms = 5;
  threads.run(caller, board, tasks, 1);
  expect_only_the_first_searched(tasks);
  EXPECT_GT(tasks[0].out.nodes, 1000u);
}

// So does its node limit: once the batch's tasks have spent it, no other starts.
TEST(ParallelSearch, TasksShareTheStepsNodeLimit) {
  Board board = Board{1} | Board{2} << 40;
  ExpectimaxSearcher caller;
  RootThreads threads(make_evaluator(EvaluationSettings()));
  std::vector<RootThreads::Task> tasks = deep_tasks(threads);
  for (auto& t : tasks) t.root.node_limit = 20000;
  threads.run(caller, board, tasks, 1);
  expect_only_the_first_searched(tasks);
  EXPECT_GE(tasks[0].out.nodes, 20000u);
  EXPECT_LT(tasks[0].out.nodes, 20000u + 2 * BudgetGuard::kCheckEvery);
}

// Threads share one table: any thread count holds one table's memory.
TEST(ParallelSearch, OneTableForEveryThreadCount) {
  Tiles t;
  std::string error;
  ASSERT_TRUE(parse_board_text("2,4,8,16,0,2,4,8,0,0,2,0,0,0,0,0", &t, &error)) << error;
  for (int threads : {1, 2, 4}) {
    ExpectimaxSearcher searcher;
    searcher.search(t, fixed_depth(3, threads));
    EXPECT_EQ(searcher.table_bytes(), (std::size_t{1} << 16) * TranspositionTable::kEntryBytes)
        << threads;
  }
}

TEST(ParallelSearch, BadThreadCountsAreNamed) {
  SearchSettings s;
  s.threads = 0;
  EXPECT_NE(validate_settings(s).find("threads"), std::string::npos);
  s.threads = kMaxThreads + 1;
  EXPECT_NE(validate_settings(s).find("threads"), std::string::npos);
}
