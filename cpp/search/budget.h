// A search's budget in one place: the clock, the node and time limits a search
// stops at, and the time target's rule for starting the next iteration of
// iterative deepening. Used by expectimax (expectimax.cpp) and minimax
// (minimax.cpp); the browser pool's rounds mirror the time target in
// web/src/engine/root_search.js.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace g2048 {

using SearchClock = std::chrono::steady_clock;

double ms_since(SearchClock::time_point start);

// Stops a search at a node count or a deadline. The clock is read once every
// kCheckEvery nodes, and a node limit is caught at the first node past it.
class BudgetGuard {
 public:
  static constexpr std::uint64_t kCheckEvery = 1 << 10;

  // Limits counted from start (0: none). With neither, no check ever runs.
  void arm(SearchClock::time_point start, std::uint64_t node_limit, double time_limit_ms);
  // True once a limit has passed; call it with the node count as the search goes.
  bool stop(std::uint64_t nodes) {
    if (nodes >= next_check_) check(nodes);
    return stopped_;
  }
  bool stopped() const { return stopped_; }

 private:
  void check(std::uint64_t nodes);

  std::uint64_t next_check_ = UINT64_MAX;
  std::uint64_t node_limit_ = 0;
  bool has_deadline_ = false;
  SearchClock::time_point deadline_;
  bool stopped_ = false;
};

// A time budget B is a target: an iteration is started while under half of B
// is spent, or when it is predicted to end by kStartLimit x B; one still
// running at kHardLimit x B is abandoned (arm the guard with that limit).
struct TimeTarget {
  static constexpr double kStartLimit = 1.25;
  static constexpr double kHardLimit = 1.3;

  // Whether the next iteration may start. iteration_nodes: the nodes of each
  // complete iteration so far; period: how many kinds of iteration alternate
  // (the next one's growth is predicted from the same kind one round before).
  // The time comes from the nodes at the speed so far: node counts are not
  // disturbed by other work on the machine.
  // free_share: while under this share of B is spent, any iteration starts
  // (0.5 for a plain target; the time manager's phase allocation passes 0).
  static bool next_fits(const std::vector<std::uint64_t>& iteration_nodes, int period,
                        std::uint64_t nodes_so_far, double elapsed_ms, double budget_ms,
                        double free_share = 0.5);
};

}  // namespace g2048
