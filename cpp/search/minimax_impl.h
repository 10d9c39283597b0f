// MinimaxSearch's body (minimax.h), included where the search is
// instantiated: minimax.cpp for every evaluation in the list (eval/evaluator.h)
// and the classic one, and a test for an evaluation of its own.
#pragma once

#include "search/minimax.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace g2048 {

namespace minimax_detail {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

struct Child {
  Board board;
  double key;  // static value, for ordering
  int index;   // generation order: ties in key keep it, so the order is deterministic
};

// Orders children by their static value, highest first for the player (so
// alpha rises early), lowest first for the adversary (so beta falls early).
template <class Eval>
void order_children(Child* kids, int n, const Eval& evaluator, bool highest_first) {
  for (int i = 0; i < n; ++i) kids[i].key = evaluator.evaluate(kids[i].board);
  auto before = [&](const Child& x, const Child& y) {
    if (x.key != y.key) return highest_first ? x.key > y.key : x.key < y.key;
    return x.index < y.index;
  };
  // Insertion sort: at most 32 children, and no out-of-bounds warning from
  // std::sort's fixed-size first pass on a 4-element array.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && before(kids[j], kids[j - 1]); --j) std::swap(kids[j], kids[j - 1]);
}

// The best child's value for the side to move: the player (kPlayer) takes the
// highest and raises alpha, the adversary the lowest and lowers beta; with
// pruning, the rest are skipped once alpha >= beta.
template <bool kPlayer, class Value>
double best_child(const Child* kids, int n, double alpha, double beta, bool prune, Value value) {
  double best = kPlayer ? -kInf : kInf;
  for (int i = 0; i < n; ++i) {
    double v = value(kids[i].board, alpha, beta);
    best = kPlayer ? std::max(best, v) : std::min(best, v);
    if (!prune) continue;
    (kPlayer ? alpha : beta) = kPlayer ? std::max(alpha, v) : std::min(beta, v);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace minimax_detail

template <class Eval>
MinimaxSearch<Eval>::MinimaxSearch(const Eval& evaluator, bool alpha_beta)
    : evaluator_(evaluator), rows_(row_tables()), prune_(alpha_beta) {}

// The player chooses; each move's value is the adversary's answer to it.
template <class Eval>
double MinimaxSearch<Eval>::max_node(Board b, int depth, double alpha, double beta) {
  if (guard_.stop(nodes_)) return 0;
  Board tr = transpose(b);
  Board after[4];
  all_moves(rows_, b, tr, after);
  nodes_ += 4;
  minimax_detail::Child kids[4];
  int n = 0;
  for (int d = 0; d < 4; ++d)
    if (after[d] != b) kids[n] = minimax_detail::Child{after[d], 0.0, n}, ++n;
  if (n == 0) return kLoss - depth;
  if (prune_ && depth >= 1 && n > 1) minimax_detail::order_children(kids, n, evaluator_, true);
  return minimax_detail::best_child<true>(
      kids, n, alpha, beta, prune_,
      [&](Board c, double a, double z) { return min_node(c, depth, a, z); });
}

// The adversary places a 2 or a 4 in the empty cell worst for the player.
template <class Eval>
double MinimaxSearch<Eval>::min_node(Board b, int depth, double alpha, double beta) {
  if (depth == 0) return evaluator_.evaluate(b);
  minimax_detail::Child kids[32];
  int n = 0;
  Board scan = b;
  for (int i = 0; i < 16; ++i, scan >>= 4) {
    if ((scan & 0xF) != 0) continue;
    kids[n] = minimax_detail::Child{b | (Board{1} << (4 * i)), 0.0, n}, ++n;
    kids[n] = minimax_detail::Child{b | (Board{2} << (4 * i)), 0.0, n}, ++n;
  }
  if (n == 0) return evaluator_.evaluate(b);  // not reached after a move: a move frees a cell
  if (prune_ && depth >= 2) minimax_detail::order_children(kids, n, evaluator_, false);
  return minimax_detail::best_child<false>(
      kids, n, alpha, beta, prune_,
      [&](Board c, double a, double z) { return max_node(c, depth - 1, a, z); });
}

template <class Eval>
double MinimaxSearch<Eval>::player_to_move(Board b, int replies, double alpha, double beta) {
  guard_.arm(SearchClock::now(), 0, 0);
  return max_node(b, replies - 1, alpha, beta);
}

template <class Eval>
SearchResult MinimaxSearch<Eval>::search(Board board, const SearchSettings& s) {
  auto start = SearchClock::now();
  SearchResult result;
  nodes_ = 0;
  guard_.arm(start, s.nodes, s.time_ms * TimeTarget::kHardLimit);
  bool budgeted = s.nodes || s.time_ms > 0;

  Board after[4];
  for (int d = 0; d < 4; ++d) after[d] = move(board, d);
  nodes_ += 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) result.values[d] = evaluator_.evaluate(after[d]);

  int first = s.depth ? s.depth : budgeted ? 1 : s.min_depth;
  int last = s.depth ? s.depth : budgeted ? s.max_depth : first;
  std::vector<std::uint64_t> depth_nodes;
  bool searched = false;
  for (int depth = first; depth <= last; ++depth) {
    if (budgeted && depth > first) {
      if (s.nodes && nodes_ >= s.nodes) break;
      if (s.time_ms > 0 &&
          !TimeTarget::next_fits(depth_nodes, 1, nodes_, ms_since(start), s.time_ms))
        break;
    }
    std::uint64_t iter_nodes = nodes_;
    // The last iteration's best first: with alpha-beta, its value bounds the rest.
    int order[4], n = 0;
    for (int d = 0; d < 4; ++d)
      if (after[d] != board) order[n++] = d;
    std::stable_sort(order, order + n,
                     [&](int x, int y) { return result.values[x] > result.values[y]; });
    std::array<double, 4> values = result.values;
    int best = -1;
    double best_value = -minimax_detail::kInf;
    for (int i = 0; i < n && !guard_.stopped(); ++i) {
      int d = order[i];
      double alpha = -minimax_detail::kInf;
      // A lower direction wins a tie, so it needs to show it reaches best_value;
      // a higher one must beat it.
      if (prune_ && best >= 0)
        alpha = d < best ? std::nextafter(best_value, -minimax_detail::kInf) : best_value;
      double v = min_node(after[d], depth, alpha, minimax_detail::kInf);
      if (guard_.stopped()) break;
      values[d] = v;
      if (best < 0 || v > best_value || (v == best_value && d < best)) {
        best = d;
        best_value = v;
      }
    }
    if (guard_.stopped()) break;
    result.values = values;
    result.best = best;
    result.depth = depth;
    searched = true;
    depth_nodes.push_back(nodes_ - iter_nodes);
  }

  if (!searched) result.best = best_direction(result.values, legal_mask_of(board, after));
  result.nodes = nodes_;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
