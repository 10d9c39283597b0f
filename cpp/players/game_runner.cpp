#include "players/game_runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace g2048 {

GameStats game_stats(std::vector<GameRecord> games) {
  GameStats s;
  std::sort(games.begin(), games.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.score < b.score; });
  std::size_t n = games.size();
  s.games = n;
  for (const auto& g : games) {
    s.mean += static_cast<double>(g.score) / n;
    s.moves += g.moves;
    s.seconds += g.seconds;
    s.cpu_seconds += g.cpu_seconds;
    s.nodes += g.nodes;
    s.top = std::max(s.top, g.max_exponent);
  }
  for (int e = 0; e <= kMaxExponent; ++e) {
    std::size_t hit = std::count_if(games.begin(), games.end(),
                                    [e](const GameRecord& g) { return g.max_exponent >= e; });
    s.reach[e] = static_cast<double>(hit) / n;
  }
  s.median = n % 2 ? games[n / 2].score : (games[n / 2 - 1].score + games[n / 2].score) / 2.0;
  s.min = games.front().score;
  s.max = games.back().score;
  return s;
}

void run_parallel(const ParallelRun& run, const std::function<TaskRunner()>& make_runner) {
  std::atomic<std::uint64_t> next{run.first_task};
  auto worker = [&] {
    TaskRunner task = make_runner();
    for (;;) {
      if (run.stop && run.stop()) break;
      std::uint64_t i = next.fetch_add(1);
      if (run.end_task && i >= run.end_task) break;
      task(i);
    }
  };
  std::uint64_t jobs = std::max(1u, run.jobs);
  if (run.end_task)
    jobs = run.end_task > run.first_task ? std::min(jobs, run.end_task - run.first_task) : 0;
  std::vector<std::thread> threads;
  for (std::uint64_t j = 0; j < jobs; ++j) threads.emplace_back(worker);

  std::atomic<bool> done{false};
  std::thread ticker;
  if (run.on_tick && run.tick_seconds > 0) {
    ticker = std::thread([&] {
      using Clock = std::chrono::steady_clock;
      Clock::time_point last = Clock::now();
      while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (done.load()) break;
        if (std::chrono::duration<double>(Clock::now() - last).count() < run.tick_seconds) continue;
        last = Clock::now();
        run.on_tick();
      }
    });
  }
  for (auto& t : threads) t.join();
  done = true;
  if (ticker.joinable()) ticker.join();
}

}  // namespace g2048
