#include "search/parallel_search.h"

#include <algorithm>
#include <array>

#include "search/budget.h"
#include "search/time_manager.h"

namespace g2048 {

bool threads_available() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return false;  // the single-threaded wasm: std::thread cannot start
#else
  return true;
#endif
}

RootThreads::~RootThreads() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (auto& t : helpers_) t.join();
}

void RootThreads::work(ExpectimaxSearcher& searcher) {
  for (;;) {
    Task* task;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (next_ >= tasks_->size()) return;
      task = &(*tasks_)[next_++];
    }
    double time_limit = task->time_limit_ms;
    if (time_limit > 0) {
      time_limit -= ms_since(start_);
      if (time_limit <= 0) {  // the step's time is spent: not searched
        task->out = RootMoveValue{};
        task->out.complete = false;
        continue;
      }
    }
    task->out = searcher.search_root_move(board_, task->dir, task->depth, task->settings,
                                          task->node_limit, time_limit);
  }
}

void RootThreads::helper_loop(std::size_t index) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
      if (index >= active_) continue;
    }
    work(*searchers_[index]);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--running_ == 0) done_.notify_all();
  }
}

void RootThreads::run(ExpectimaxSearcher& caller, Board board, std::vector<Task>& tasks,
                      int threads) {
  std::size_t helpers = std::min<std::size_t>(threads, tasks.size());
  helpers = helpers > 0 ? helpers - 1 : 0;
  if (!threads_available()) helpers = 0;
  while (helpers_.size() < helpers) {
    searchers_.push_back(std::make_unique<ExpectimaxSearcher>(evaluator_));
    helpers_.emplace_back(&RootThreads::helper_loop, this, helpers_.size());
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_ = &tasks;
    board_ = board;
    start_ = SearchClock::now();
    next_ = 0;
    active_ = running_ = helpers;
    ++generation_;
  }
  if (helpers) wake_.notify_all();
  work(caller);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return running_ == 0; });
  tasks_ = nullptr;
}

// The sequential search's iterations (ExpectimaxSearch::search in
// expectimax_impl.h), each one's root moves as tasks: the same steps, the same
// rules for starting the next one, the same node count (the root's 4 moves,
// then every chance node below each root move).
SearchResult ExpectimaxSearcher::search_threaded(Board board, const SearchSettings& s) {
  auto start = SearchClock::now();
  if (!threads_) threads_ = std::make_shared<RootThreads>(*evaluator_);
  SearchSettings one = s;
  one.threads = 1;
  SearchResult result;
  Board after[4];
  int legal = 0;
  for (int d = 0; d < 4; ++d) after[d] = move(board, d);
  Walls(board, s.walls).prune(board, after);  // as the sequential search's root
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) legal |= 1 << d;
  std::uint64_t nodes = 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (legal >> d & 1) result.values[d] = search_root_move(board, d, 0, one).value;

  // Larger subtrees first (more empty cells after the move), so that the last
  // task to finish is a small one.
  std::vector<int> order;
  for (int d = 0; d < 4; ++d)
    if (legal >> d & 1) order.push_back(d);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return count_empty(after[a]) > count_empty(after[b]); });

  bool budgeted = s.nodes || s.time_ms > 0;
  std::vector<DeepeningStep> steps = deepening_steps(board, s);
  DeepeningRule rule(s, start);
  std::uint64_t node_limit = rule.node_limit();  // as the sequential search's guard
  double time_limit = rule.time_limit_ms();
  std::vector<RootThreads::Task> tasks;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (budgeted && i > 0 && !rule.next_fits(nodes)) break;
    double ms_left = 0;
    if (s.time_ms > 0) {
      ms_left = time_limit - ms_since(start);
      if (ms_left <= 0) break;
    }
    if (node_limit && nodes >= node_limit) break;
    tasks.assign(order.size(), RootThreads::Task());
    for (std::size_t k = 0; k < order.size(); ++k) {
      RootThreads::Task& t = tasks[k];
      t.dir = order[k];
      t.depth = steps[i].depth;
      t.settings = one;
      t.settings.prob_cutoff = steps[i].cutoff;
      // Each root move may use what is left of the budget; the step counts
      // only if all of them together stay within it.
      t.node_limit = node_limit ? node_limit - nodes : 0;
      t.time_limit_ms = ms_left;
    }
    threads_->run(*this, board, tasks, s.threads);
    std::uint64_t iter_nodes = 0;
    bool complete = true;
    std::array<double, 4> values = result.values;
    for (const auto& t : tasks) {
      // The root move itself is among the root's 4; a task the step's time
      // ran out before searched nothing.
      if (t.out.nodes) iter_nodes += t.out.nodes - 1;
      complete = complete && t.out.complete;
      values[t.dir] = t.out.value;
    }
    nodes += iter_nodes;
    if (!complete || (node_limit && nodes > node_limit)) break;
    result.values = values;
    result.depth = steps[i].depth;
    rule.completed(iter_nodes);
  }
  result.best = best_direction(result.values, legal);
  result.nodes = nodes;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
