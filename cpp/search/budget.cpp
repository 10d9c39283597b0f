#include "search/budget.h"

#include <algorithm>

namespace g2048 {

double ms_since(SearchClock::time_point start) {
  return std::chrono::duration<double, std::milli>(SearchClock::now() - start).count();
}

void BudgetGuard::arm(SearchClock::time_point start, std::uint64_t node_limit,
                      double time_limit_ms) {
  node_limit_ = node_limit;
  has_deadline_ = time_limit_ms > 0;
  if (has_deadline_)
    deadline_ = start + std::chrono::duration_cast<SearchClock::duration>(
                            std::chrono::duration<double, std::milli>(time_limit_ms));
  stopped_ = false;
  next_check_ = node_limit      ? std::min(node_limit, kCheckEvery)
                : has_deadline_ ? kCheckEvery
                                : UINT64_MAX;
}

void BudgetGuard::check(std::uint64_t nodes) {
  next_check_ = nodes + kCheckEvery;
  if (node_limit_ && nodes >= node_limit_) stopped_ = true;
  if (has_deadline_ && SearchClock::now() >= deadline_) stopped_ = true;
  if (node_limit_ && next_check_ > node_limit_) next_check_ = node_limit_;
}

bool TimeTarget::next_fits(const std::vector<std::uint64_t>& done, int period,
                           std::uint64_t nodes_so_far, double elapsed_ms, double budget_ms,
                           double free_share) {
  if (elapsed_ms <= budget_ms * free_share) return true;
  std::size_t n = done.size();
  if (n == 0) return true;
  auto ratio = [&](std::size_t later) {
    return double(done[later]) / double(std::max<std::uint64_t>(1, done[later - 1]));
  };
  std::size_t p = static_cast<std::size_t>(period);
  double growth = n > p ? ratio(n - p) : n >= 2 ? ratio(n - 1) : 4.0;
  double ms_per_node = elapsed_ms / double(std::max<std::uint64_t>(1, nodes_so_far));
  double predicted = double(done[n - 1]) * std::clamp(growth, 1.2, 8.0) * ms_per_node;
  return elapsed_ms + predicted <= budget_ms * kStartLimit;
}

}  // namespace g2048
