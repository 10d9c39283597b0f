// Parallel expectimax (ExpectimaxSearcher::search with settings.threads > 1):
// each iteration's tasks are the root moves' first spawns, one task per root
// move and empty cell (the 2 and the 4 there), searched by
// ExpectimaxSearch::search_root_spawn on whichever thread is free. One
// transposition table serves every thread, each root move in its own scope as
// in the sequential search, over the one shared evaluation: the network's
// weights and the table exist once, whatever the thread count. Many small
// tasks keep the threads busy to the end of an iteration, where one task per
// root move left one thread idle while another finished the largest move.
// Values match the one-thread search's except where threads meet a position in
// the table in another order (a deeper entry, a path cut off sooner), and the
// node count varies from run to run. The same code runs natively (ai2048
// --threads N) and in the browser's WebAssembly threads build (Emscripten
// -pthread); a build without threads searches on one.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/budget.h"
#include "search/expectimax_searcher.h"
#include "search/transposition_table.h"

namespace g2048 {

// Whether this build can start threads (false in the single-threaded wasm).
bool threads_available();

// Helper threads that stay up between searches, each with its own searcher
// (its own leaf cache), waiting for the next batch of tasks over the shared
// table.
class RootThreads {
 public:
  struct Task {
    // The root move, its cell and depth (expectimax.h). Its limits are the
    // batch's: once its tasks have spent node_limit, the rest are not
    // searched; time_limit_ms counts from the batch's start, not the task's,
    // so a task that starts after another finished gets what is left of the step.
    RootTask root;
    std::uint16_t scope = 0;  // the root move's, in table()
    SearchSettings settings;  // the iteration's cut-off
    RootSpawnValue out;
  };

  explicit RootThreads(Evaluator evaluator) : evaluator_(std::move(evaluator)) {}
  ~RootThreads();
  RootThreads(const RootThreads&) = delete;
  RootThreads& operator=(const RootThreads&) = delete;

  // Runs every task on `threads` threads: the caller (with its own searcher)
  // and threads - 1 helpers. Tasks of one root move must be consecutive. A
  // thread takes a root move no other has taken and searches its cells in
  // order, so that each cell finds its predecessors' positions in the table;
  // when none is left, it takes the last cell of the root move with the most
  // left. Returns when all are done.
  void run(ExpectimaxSearcher& caller, Board board, std::vector<Task>& tasks, int threads);

  // The table the tasks share; size it and take scopes only between runs.
  TranspositionTable& table() { return table_; }

 private:
  // A root move's tasks still to take: [front, back).
  struct Group {
    std::size_t front = 0, back = 0;
    bool taken = false;  // a thread searches it from the front
  };

  void work(ExpectimaxSearcher& searcher);
  // The next task for a thread that owns group *mine (-1: none), under mutex_;
  // nullptr when every task is taken.
  Task* take(int* mine);
  void helper_loop(std::size_t index);

  Evaluator evaluator_;  // copied: a network's weights are shared, not copied
  TranspositionTable table_;
  std::vector<std::unique_ptr<ExpectimaxSearcher>> searchers_;  // one per helper
  std::vector<std::thread> helpers_;

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;  // one per batch
  bool quit_ = false;
  std::size_t active_ = 0;     // helpers taking part in this batch
  std::size_t running_ = 0;    // helpers of this batch still working
  std::vector<Group> groups_;  // the batch's root moves (under mutex_)
  std::uint64_t nodes_ = 0;    // the batch's finished tasks' nodes (under mutex_)
  Board board_ = 0;
  SearchClock::time_point start_;  // the batch's, for the tasks' time limits
  std::vector<Task>* tasks_ = nullptr;
};

}  // namespace g2048
