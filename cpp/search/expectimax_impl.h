// ExpectimaxSearch's body (expectimax.h), included where the search is
// instantiated: expectimax_searcher.cpp for every evaluation in the list
// (eval/evaluator.h), and a test for an evaluation of its own.
#pragma once

#include <algorithm>
#include <cmath>

#include "search/expectimax.h"
#include "search/time_manager.h"

namespace g2048 {

template <class Eval>
ExpectimaxSearch<Eval>::ExpectimaxSearch(const Eval& eval) : eval_(eval), rows_(row_tables()) {
  if constexpr (Eval::kCacheLeaves) leaves_.assign(std::size_t{1} << kLeafBits, Leaf{0, 0.0f});
}

template <class Eval>
void ExpectimaxSearch<Eval>::prepare(const SearchSettings& s, bool own_table) {
  if (own_table && own_table_.bits() != s.table_bits) own_table_.resize(s.table_bits);
  cutoff_ = static_cast<float>(s.prob_cutoff);
}

template <class Eval>
float ExpectimaxSearch<Eval>::max_node(Board b, int depth_left, float prob) {
  Board tr = transpose(b);
  Board after[4];
  all_moves(rows_, b, tr, after);
  nodes_ += 4;
  std::uint32_t gain[4] = {0, 0, 0, 0};
  if constexpr (Eval::kScoresMoves) move_gains(rows_, b, tr, gain);
  // No legal move: the game is lost, worth 0; values below 0 count as lost too
  // (as in nneonneo's search: the heuristic goes negative only on boards of
  // huge tiles, and a score still to come is never negative).
  float best = 0.0f;
  bool leaves = depth_left == 0 || prob < cutoff_;
  if constexpr (Eval::kCacheLeaves) {
    if (leaves) {
      // A costly evaluation: leaves found in the cache are not evaluated
      // again, and the rest are evaluated in one batch, so their lookups overlap.
      Board moved[4];
      int dirs[4], n = 0;
      float value[4], cached[4];
      int cached_dirs[4], hits = 0;
      for (int d = 0; d < 4; ++d) {
        if (after[d] == b) continue;
        const Leaf& leaf = leaves_[leaf_slot(after[d])];
        if (leaf.key == after[d]) {
          cached[hits] = leaf.value, cached_dirs[hits++] = d;
        } else {
          moved[n] = after[d], dirs[n++] = d;
        }
      }
      eval_.evaluate_many(moved, n, value);
      for (int k = 0; k < n; ++k) leaves_[leaf_slot(moved[k])] = Leaf{moved[k], value[k]};
      for (int k = 0; k < hits; ++k) value[n] = cached[k], dirs[n++] = cached_dirs[k];
      for (int k = 0; k < n; ++k) {
        float v = value[k];
        if constexpr (Eval::kScoresMoves) v += static_cast<float>(gain[dirs[k]]);
        best = std::max(best, v);
      }
      return best;
    }
  }
  // Leaves are evaluated here rather than through chance_node: the same
  // values, one call less per leaf (it matters most in WebAssembly).
  for (int d = 0; d < 4; ++d) {
    Board a = after[d];
    if (a == b) continue;
    float v = leaves ? eval_.evaluate(a) : chance_node(a, depth_left, prob);
    if constexpr (Eval::kScoresMoves) v += static_cast<float>(gain[d]);
    best = std::max(best, v);
  }
  return best;
}

template <class Eval>
float ExpectimaxSearch<Eval>::chance_node(Board b, int depth_left, float prob) {
  if (depth_left == 0 || prob < cutoff_) return eval_.evaluate(b);
  if (guard_.stop(nodes_)) return 0.0f;

  // An entry serves a query as deep or shallower (its 4-spawn count is the
  // late-game search's, always 0 here).
  float cached;
  if (table_->find(b, depth_left, 0, scope_, &cached)) return cached;

  int empty = count_empty(b);
  float p = prob / static_cast<float>(empty);
  float sum = 0.0f;
  Board scan = b;
  Board two = 1;  // a 2 (exponent 1) in the cell being filled
  for (int i = 0; i < 16; ++i, scan >>= 4, two <<= 4) {
    if ((scan & 0xF) != 0) continue;
    sum += max_node(b | two, depth_left - 1, p * 0.9f) * 0.9f;
    sum += max_node(b | (two << 1), depth_left - 1, p * 0.1f) * 0.1f;
  }
  float value = sum / static_cast<float>(empty);
  if (!guard_.stopped()) table_->store(b, value, depth_left, 0, scope_);
  return value;
}

template <class Eval>
Board ExpectimaxSearch<Eval>::begin_root_task(Board board, int dir, const SearchSettings& settings,
                                              bool own_table, std::uint64_t node_limit,
                                              double time_limit_ms) {
  prepare(settings, own_table);
  nodes_ = 0;
  guard_.arm(SearchClock::now(), node_limit, time_limit_ms);
  return move(board, dir);
}

template <class Eval>
RootMoveValue ExpectimaxSearch<Eval>::search_root_move(Board board, const RootTask& task,
                                                       const SearchSettings& settings) {
  RootMoveValue out;
  // Depth 0 reads no table.
  Board after = begin_root_task(board, task.dir, settings, task.depth > 0, task.node_limit,
                                task.time_limit_ms);
  if (after == board) return out;  // illegal
  scope_ = own_table_.next_scope();
  out.value = chance_node(after, task.depth, 1.0f) + gain_of(board, task.dir);
  out.nodes = nodes_ + 1;  // the root move itself
  out.complete = !guard_.stopped();
  return out;
}

template <class Eval>
RootSpawnValue ExpectimaxSearch<Eval>::search_root_spawn(Board board, const RootTask& task,
                                                         const SearchSettings& settings,
                                                         TranspositionTable& table,
                                                         std::uint16_t scope) {
  const int dir = task.dir, index = task.index, depth = task.depth;
  RootSpawnValue out;
  Board after = begin_root_task(board, dir, settings, false, task.node_limit, task.time_limit_ms);
  if (after == board || depth < 1) return out;  // illegal
  out.empty = count_empty(after);
  out.gain = gain_of(board, dir);
  Board two = 0;  // a 2 in the index-th empty cell
  for (int i = 0, seen = 0; i < 16; ++i) {
    if ((after >> (4 * i) & 0xF) == 0 && seen++ == index) two = Board{1} << (4 * i);
  }
  if (two == 0) return out;  // no such cell: the task list is wrong
  table_ = &table;
  scope_ = scope;
  // The root's chance node (chance_node at depth, prob 1) for this cell alone.
  float p = 1.0f / static_cast<float>(out.empty);
  out.two = max_node(after | two, depth - 1, p * 0.9f);
  out.four = max_node(after | (two << 1), depth - 1, p * 0.1f);
  table_ = &own_table_;
  out.nodes = nodes_;
  out.complete = !guard_.stopped();
  return out;
}

template <class Eval>
SearchResult ExpectimaxSearch<Eval>::search(Board board, const SearchSettings& s) {
  auto start = SearchClock::now();
  prepare(s);
  SearchResult result;
  nodes_ = 0;
  // The iterations and when to stop them: time_manager.h.
  DeepeningRule rule(s, start);
  guard_.arm(start, rule.node_limit(), rule.time_limit_ms());

  Board after[4];
  double gain[4];
  for (int d = 0; d < 4; ++d) after[d] = move(board, d);
  for (int d = 0; d < 4; ++d) gain[d] = gain_of(board, d);
  nodes_ += 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) result.values[d] = eval_.evaluate(after[d]) + gain[d];

  bool budgeted = s.nodes || s.time_ms > 0;
  std::vector<DeepeningStep> steps = deepening_steps(board, s);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (budgeted && i > 0 && !rule.next_fits(nodes_)) break;
    int depth = steps[i].depth;
    cutoff_ = steps[i].cutoff;
    std::uint64_t iter_nodes = nodes_;
    std::array<double, 4> values = result.values;
    for (int d = 0; d < 4 && !guard_.stopped(); ++d) {
      if (after[d] == board) continue;
      scope_ = own_table_.next_scope();
      values[d] = chance_node(after[d], depth, 1.0f) + gain[d];
    }
    if (guard_.stopped()) break;
    result.values = values;
    result.depth = depth;
    rule.completed(nodes_ - iter_nodes);
  }

  result.best = best_direction(result.values, legal_mask_of(board, after));
  result.nodes = nodes_;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
