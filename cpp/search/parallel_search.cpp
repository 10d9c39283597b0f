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

RootThreads::Task* RootThreads::take(int* mine) {
  if (*mine >= 0) {
    Group& g = groups_[*mine];
    if (g.front < g.back) return &(*tasks_)[g.front++];
  }
  for (std::size_t k = 0; k < groups_.size(); ++k) {
    Group& g = groups_[k];
    if (!g.taken && g.front < g.back) {
      g.taken = true;
      *mine = static_cast<int>(k);
      return &(*tasks_)[g.front++];
    }
  }
  *mine = -1;
  Group* most = nullptr;
  for (Group& g : groups_)
    if (g.front < g.back && (!most || g.back - g.front > most->back - most->front)) most = &g;
  return most ? &(*tasks_)[--most->back] : nullptr;
}

void RootThreads::work(ExpectimaxSearcher& searcher) {
  std::uint64_t done = 0;  // nodes of the last task this thread finished
  int mine = -1;           // the root move this thread searches from the front
  for (;;) {
    Task* task;
    std::uint64_t batch_nodes;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      nodes_ += done;
      task = take(&mine);
      if (!task) return;
      batch_nodes = nodes_;
    }
    done = 0;
    RootTask root = task->root;  // with what is left of the batch's limits
    if (root.time_limit_ms > 0) root.time_limit_ms -= ms_since(start_);
    // The step's time, or its nodes, are spent: not searched.
    if ((task->root.time_limit_ms > 0 && root.time_limit_ms <= 0) ||
        (root.node_limit && batch_nodes >= root.node_limit)) {
      task->out = RootSpawnValue{};
      task->out.complete = false;
      continue;
    }
    if (root.node_limit) root.node_limit -= batch_nodes;
    task->out = searcher.search_root_spawn(board_, root, task->settings, table_, task->scope);
    done = task->out.nodes;
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
    groups_.clear();
    for (std::size_t k = 0; k < tasks.size(); ++k) {
      if (k == 0 || tasks[k].root.dir != tasks[k - 1].root.dir)
        groups_.push_back(Group{k, k, false});
      groups_.back().back = k + 1;
    }
    nodes_ = 0;
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
// expectimax_impl.h), each one's root moves' first spawns as tasks: the same
// steps, the same rules for starting the next one, the same node count (the
// root's 4 moves, then every chance node below each root move) but for the
// table's hits, which depend on the order the threads meet positions in.
SearchResult ExpectimaxSearcher::search_threaded(Board board, const SearchSettings& s) {
  auto start = SearchClock::now();
  if (!threads_) threads_ = std::make_shared<RootThreads>(*evaluator_);
  TranspositionTable& table = threads_->table();
  if (table.bits() != s.table_bits) table.resize(s.table_bits);
  SearchSettings one = s;
  one.threads = 1;
  SearchResult result;
  Board after[4];
  int legal = 0;
  for (int d = 0; d < 4; ++d) after[d] = move(board, d);
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) legal |= 1 << d;
  std::uint64_t nodes = 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (legal >> d & 1) result.values[d] = search_root_move(board, RootTask{d}, one).value;

  // Larger subtrees first (more empty cells after the move), so that the last
  // tasks to finish are small ones.
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
    tasks.clear();
    for (int dir : order) {
      std::uint16_t scope = table.next_scope();  // one per root move, as in the sequential search
      for (int k = 0, empty = count_empty(after[dir]); k < empty; ++k) {
        RootThreads::Task t;
        t.root.dir = dir;
        t.root.index = k;
        t.root.depth = steps[i].depth;
        t.scope = scope;
        t.settings = one;
        t.settings.prob_cutoff = steps[i].cutoff;
        // The tasks together may use what is left of the budget; the step
        // counts only if they stay within it.
        t.root.node_limit = node_limit ? node_limit - nodes : 0;
        t.root.time_limit_ms = ms_left;
        tasks.push_back(t);
      }
    }
    threads_->run(*this, board, tasks, s.threads);
    std::uint64_t iter_nodes = 0;
    bool complete = true;
    for (const auto& t : tasks) {
      iter_nodes += t.out.nodes;
      complete = complete && t.out.complete;
    }
    nodes += iter_nodes;
    if (!complete || (node_limit && nodes > node_limit)) break;
    // Each root move's cells are consecutive tasks, in cell order.
    std::vector<RootSpawnValue> cells;
    for (std::size_t k = 0; k < tasks.size();) {
      int dir = tasks[k].root.dir;
      cells.clear();
      for (; k < tasks.size() && tasks[k].root.dir == dir; ++k) cells.push_back(tasks[k].out);
      result.values[dir] = root_move_value(cells.data(), static_cast<int>(cells.size()));
    }
    result.depth = steps[i].depth;
    rule.completed(iter_nodes);
  }
  result.best = best_direction(result.values, legal);
  result.nodes = nodes;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
