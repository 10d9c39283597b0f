// The parallel-games runner: every task runs once, on any number of threads,
// from the first index given; a stop ends the run; and the game statistics.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>

#include "players/game_runner.h"

using namespace g2048;

TEST(GameRunner, RunsEveryTaskOnceOnAnyNumberOfThreads) {
  for (unsigned jobs : {1u, 3u, 8u}) {
    std::mutex mutex;
    std::multiset<std::uint64_t> seen;
    std::atomic<int> runners{0};
    ParallelRun run;
    run.first_task = 5;
    run.end_task = 25;
    run.jobs = jobs;
    run_parallel(run, [&]() -> TaskRunner {
      ++runners;
      return [&](std::uint64_t i) {
        std::lock_guard<std::mutex> lock(mutex);
        seen.insert(i);
      };
    });
    ASSERT_EQ(seen.size(), 20u) << jobs;
    for (std::uint64_t i = 5; i < 25; ++i) EXPECT_EQ(seen.count(i), 1u) << i;
    EXPECT_EQ(runners.load(), static_cast<int>(jobs));  // one runner per thread
  }
}

TEST(GameRunner, AStopEndsARunWithNoEnd) {
  std::atomic<int> done{0};
  ParallelRun run;
  run.jobs = 2;
  run.stop = [&] { return done.load() >= 50; };
  run_parallel(run, [&]() -> TaskRunner { return [&](std::uint64_t) { ++done; }; });
  EXPECT_GE(done.load(), 50);
  EXPECT_LE(done.load(), 51);  // each thread finishes the task it took
}

TEST(GameRunner, StatisticsOverGames) {
  std::vector<GameRecord> games(4);
  std::uint64_t scores[4] = {300, 100, 400, 200};
  int tops[4] = {11, 10, 12, 11};
  for (int i = 0; i < 4; ++i) {
    games[i].score = scores[i];
    games[i].max_exponent = tops[i];
    games[i].moves = 10;
    games[i].nodes = 7;
  }
  GameStats s = game_stats(games);
  EXPECT_EQ(s.games, 4u);
  EXPECT_DOUBLE_EQ(s.mean, 250);
  EXPECT_DOUBLE_EQ(s.median, 250);
  EXPECT_EQ(s.min, 100u);
  EXPECT_EQ(s.max, 400u);
  EXPECT_EQ(s.top, 12);
  EXPECT_DOUBLE_EQ(s.reach[10], 1.0);
  EXPECT_DOUBLE_EQ(s.reach[11], 0.75);
  EXPECT_DOUBLE_EQ(s.reach[12], 0.25);
  EXPECT_DOUBLE_EQ(s.reach[13], 0.0);
  EXPECT_DOUBLE_EQ(s.moves, 40);
  EXPECT_EQ(s.nodes, 28u);
}
