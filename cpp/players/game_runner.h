// One parallel-games runner and one statistics type, for every command that
// plays many games: selfplay and harvest, arena, and the TD trainer's
// self-play. Native only (threads).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/tiles.h"
#include "players/selfplay.h"

namespace g2048 {

// Statistics over finished games (GameRecord, selfplay.h).
struct GameStats {
  std::size_t games = 0;
  double mean = 0, median = 0;
  std::uint64_t min = 0, max = 0;                  // scores
  int top = 0;                                     // the largest tile's exponent over the games
  double reach[kMaxExponent + 1] = {};             // share of games whose largest tile reached 2^e
  double moves = 0, seconds = 0, cpu_seconds = 0;  // summed over the games
  std::uint64_t nodes = 0;
};
// Of at least one game.
GameStats game_stats(std::vector<GameRecord> games);

struct ParallelRun {
  std::uint64_t first_task = 0;
  std::uint64_t end_task = 0;  // the tasks are first_task ... end_task - 1; 0: no end
  unsigned jobs = 1;           // threads (at most the number of tasks)
  std::function<bool()> stop;  // asked before each task: true ends the run
  // While the tasks run, on_tick about every tick_seconds, on a thread of its own.
  double tick_seconds = 0;
  std::function<void()> on_tick;
};

// What one thread does with task i; made once per thread, in that thread, so
// it may hold the thread's own player, spawner or game state.
using TaskRunner = std::function<void(std::uint64_t task)>;

// Runs the tasks in order of their index on run.jobs threads, each taking the
// next task when it is done with one; returns when all are done (or stopped).
void run_parallel(const ParallelRun& run, const std::function<TaskRunner()>& make_runner);

}  // namespace g2048
