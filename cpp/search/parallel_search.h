// Root parallelism for expectimax (ExpectimaxSearcher::search with
// settings.threads > 1): each root move of an iteration is one task, searched
// by ExpectimaxSearch::search_root_move on its own thread, with that thread's
// own transposition table, over the one shared evaluation (a network's weights
// exist once, whatever the thread count). The table is scoped to one root move
// in the sequential search too, so at a fixed depth the values and the node
// count are exactly the one-thread search's. The same code runs natively
// (ai2048 --threads N) and in the browser's WebAssembly threads build
// (Emscripten -pthread); a build without threads searches on one.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/budget.h"
#include "search/expectimax_searcher.h"

namespace g2048 {

// Whether this build can start threads (false in the single-threaded wasm).
bool threads_available();

// Helper threads that stay up between searches, each with its own searcher
// (and so its own table), waiting for the next batch of root-move tasks.
class RootThreads {
 public:
  struct Task {
    int dir = 0;
    int depth = 0;
    SearchSettings settings;       // the iteration's cut-off and table size
    std::uint64_t node_limit = 0;  // 0: none
    // 0: none. Counted from the batch's start, not the task's: a task that
    // starts after another finished gets only what is left of the step.
    double time_limit_ms = 0;
    RootMoveValue out;
  };

  explicit RootThreads(Evaluator evaluator) : evaluator_(std::move(evaluator)) {}
  ~RootThreads();
  RootThreads(const RootThreads&) = delete;
  RootThreads& operator=(const RootThreads&) = delete;

  // Runs every task on `threads` threads: the caller (with its own searcher)
  // and threads - 1 helpers, each taking the next task in order until none is
  // left. Returns when all are done.
  void run(ExpectimaxSearcher& caller, Board board, std::vector<Task>& tasks, int threads);

 private:
  void work(ExpectimaxSearcher& searcher);
  void helper_loop(std::size_t index);

  Evaluator evaluator_;  // copied: a network's weights are shared, not copied
  std::vector<std::unique_ptr<ExpectimaxSearcher>> searchers_;  // one per helper
  std::vector<std::thread> helpers_;

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;  // one per batch
  bool quit_ = false;
  std::size_t active_ = 0;   // helpers taking part in this batch
  std::size_t running_ = 0;  // helpers of this batch still working
  std::size_t next_ = 0;     // the next task to take (under mutex_)
  Board board_ = 0;
  SearchClock::time_point start_;  // the batch's, for the tasks' time limits
  std::vector<Task>* tasks_ = nullptr;
};

}  // namespace g2048
