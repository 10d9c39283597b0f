// LateGameSearch's body (late_game.h), included where it is instantiated for
// every evaluation in the list (expectimax_searcher.cpp) and by tests.
#pragma once

#include <algorithm>

#include "search/late_game.h"
#include "search/time_manager.h"

namespace g2048 {

template <class Eval>
LateGameSearch<Eval>::LateGameSearch(const Eval& eval) : eval_(eval), rows_(row_tables()) {}

template <class Eval>
bool LateGameSearch<Eval>::search(Board board, const SearchSettings& s, SearchResult* out) {
  auto start = SearchClock::now();
  spent_nodes_ = 0;
  spent_ms_ = 0.0;
  plan_ = plan_late_game(board, s.late_from);
  if (!plan_.applies) return false;
  choose_evaluation(s);
  Board tr = transpose(board);
  Board after[4];
  std::uint32_t gain[4] = {0, 0, 0, 0};
  all_moves(rows_, board, tr, after);
  move_gains(rows_, board, tr, gain);
  int legal = legal_mask_of(board, after);
  if (!legal) return false;

  if (table_.bits() != s.table_bits) table_.resize(s.table_bits);
  nodes_ = 4;
  DeepeningRule rule(s, start);
  guard_.arm(start, rule.node_limit(), rule.time_limit_ms());
  SearchResult result;
  float root_static = 0.0f;
  for (int d = 0; d < 4; ++d) {
    if (!(legal >> d & 1)) continue;
    float v = static_value(after[d]);
    root_static = std::max(root_static, v);
    result.values[d] = v + gain_of(gain, d);
  }
  beam_ = s.late_drop > 0;
  floor_ = root_static * static_cast<float>(1.0 - s.late_drop);

  bool budgeted = s.nodes || s.time_ms > 0;
  int first = s.depth ? s.depth : budgeted ? 2 : s.max_depth;
  int last = budgeted && !s.depth ? kLateMaxDepth : first;
  bool alive = false;  // some move survives at the deepest complete depth
  for (int depth = first; depth <= last; ++depth) {
    if (budgeted && depth > first && !rule.next_fits(nodes_)) break;
    std::uint64_t iteration = nodes_;
    std::array<double, 4> values = result.values;
    bool any = false;
    for (int d = 0; d < 4 && !guard_.stopped(); ++d) {
      if (!(legal >> d & 1)) continue;
      if (!plan_.kept(after[d])) {
        values[d] = 0.0;  // it moves a wall: lost
        continue;
      }
      scope_ = table_.next_scope();
      float v = chance_node(after[d], depth, four_bound(depth));
      any = any || v > 0.0f;
      values[d] = v + gain_of(gain, d);
    }
    if (guard_.stopped()) break;
    result.values = values;
    result.depth = depth;
    alive = any;
    rule.completed(nodes_ - iteration);
  }
  spent_nodes_ = nodes_;
  spent_ms_ = ms_since(start);
  if (result.depth == 0 || !alive) return false;
  result.best = best_direction(result.values, legal);
  result.nodes = nodes_;
  result.ms = ms_since(start);
  result.late_walls = plan_.walls;
  result.subgame_values = subgame_ != nullptr;
  *out = result;
  return true;
}

template <class Eval>
void LateGameSearch<Eval>::choose_evaluation(const SearchSettings& s) {
  if (!s.late_subgame || plan_.big_tiles < s.late_weights.min_big) {
    subgame_ = nullptr;
    return;
  }
  if (!(subgame_weights_ == s.late_weights)) {
    for (auto& e : subgame_built_) e.reset();
    subgame_weights_ = s.late_weights;
  }
  auto& built = subgame_built_[static_cast<std::size_t>(plan_.chain_end_tile)];
  if (!built) built = std::make_unique<SubgameEval>(s.late_weights, plan_.chain_end_tile);
  subgame_ = built.get();
}

template <class Eval>
float LateGameSearch<Eval>::max_node(Board b, int depth_left, int fours_left) {
  Board tr = transpose(b);
  Board after[4];
  std::uint32_t gain[4] = {0, 0, 0, 0};
  all_moves(rows_, b, tr, after);
  if constexpr (Eval::kScoresMoves) move_gains(rows_, b, tr, gain);
  nodes_ += 4;
  float best = 0.0f;  // no move (or none that keeps the walls): lost
  for (int d = 0; d < 4; ++d) {
    Board a = after[d];
    if (a == b || !plan_.kept(a)) continue;
    float v;
    if (depth_left == 0) {
      v = static_value(a);
    } else {
      if (beam_ && static_value(a) < floor_) continue;
      v = chance_node(a, depth_left, fours_left);
    }
    best = std::max(best, v + gain_of(gain, d));
  }
  return best;
}

template <class Eval>
float LateGameSearch<Eval>::chance_node(Board b, int depth_left, int fours_left) {
  if (guard_.stop(nodes_)) return 0.0f;
  int empty = count_empty(b);
  // Open boards: the search's depth goes where the board is tight.
  if (empty > 5 && plan_.walls < 4) {
    depth_left = std::min(depth_left, 3);
  } else if (empty > 4) {
    depth_left = std::min(depth_left, 4);
  }
  float cached;
  if (table_.find(b, depth_left, fours_left, scope_, &cached)) return cached;

  float sum = 0.0f;
  Board scan = b;
  Board two = 1;  // a 2 (exponent 1) in the cell being filled
  for (int i = 0; i < 16; ++i, scan >>= 4, two <<= 4) {
    if ((scan & 0xF) != 0) continue;
    if (fours_left > 0) {
      sum += 0.9f * max_node(b | two, depth_left - 1, fours_left);
      sum += 0.1f * max_node(b | (two << 1), depth_left - 1, fours_left - 1);
    } else {
      // Past the horizon's 4s: only 2s spawn, with the 4's chance too.
      sum += max_node(b | two, depth_left - 1, 0);
    }
  }
  float value = sum / static_cast<float>(empty);
  if (!guard_.stopped()) table_.store(b, value, depth_left, fours_left, scope_);
  return value;
}

}  // namespace g2048
