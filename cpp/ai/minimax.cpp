#include "ai/minimax.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace g2048 {

namespace {

constexpr std::uint64_t kCheckEvery = 1 << 12;  // nodes between budget checks
constexpr double kInf = std::numeric_limits<double>::infinity();

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

struct Child {
  Board board;
  double key;  // static value, for ordering
  int index;   // generation order: ties in key keep it, so the order is deterministic
};

}  // namespace

MinimaxSearcher::MinimaxSearcher(const BoardEvaluator& evaluator, bool alpha_beta)
    : evaluator_(evaluator), rows_(row_tables()), prune_(alpha_beta) {}

bool MinimaxSearcher::out_of_budget() {
  next_check_ = nodes_ + kCheckEvery;
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) aborted_ = true;
  if (node_limit_ && next_check_ > node_limit_) next_check_ = node_limit_;
  return aborted_;
}

// The player chooses; each move's value is the adversary's answer to it.
double MinimaxSearcher::max_node(Board b, int depth, double alpha, double beta) {
  if (nodes_ >= next_check_ && out_of_budget()) return 0;
  if (aborted_) return 0;
  Board tr = transpose(b);
  Board after[4] = {move_up(rows_, b, tr), move_right(rows_, b), move_down(rows_, b, tr),
                    move_left(rows_, b)};
  nodes_ += 4;
  Child kids[4];
  int n = 0;
  for (int d = 0; d < 4; ++d)
    if (after[d] != b) kids[n] = Child{after[d], 0.0, n}, ++n;
  if (n == 0) return kLoss - depth;
  if (prune_ && depth >= 1 && n > 1) {
    // Likely best first: the earlier alpha rises, the more the adversary can skip.
    for (int i = 0; i < n; ++i) kids[i].key = evaluator_.evaluate(kids[i].board);
    std::sort(kids, kids + n, [](const Child& x, const Child& y) {
      return x.key != y.key ? x.key > y.key : x.index < y.index;
    });
  }
  double best = -kInf;
  for (int i = 0; i < n; ++i) {
    double v = min_node(kids[i].board, depth, alpha, beta);
    best = std::max(best, v);
    if (prune_) {
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
  }
  return best;
}

// The adversary places a 2 or a 4 in the empty cell worst for the player.
double MinimaxSearcher::min_node(Board b, int depth, double alpha, double beta) {
  if (depth == 0) return evaluator_.evaluate(b);
  Child kids[32];
  int n = 0;
  Board scan = b;
  for (int i = 0; i < 16; ++i, scan >>= 4) {
    if ((scan & 0xF) != 0) continue;
    kids[n] = Child{b | (Board{1} << (4 * i)), 0.0, n}, ++n;
    kids[n] = Child{b | (Board{2} << (4 * i)), 0.0, n}, ++n;
  }
  if (n == 0) return evaluator_.evaluate(b);  // not reached after a move: a move frees a cell
  if (prune_ && depth >= 2) {
    // Likely worst first: the earlier beta falls, the more the player can skip.
    for (int i = 0; i < n; ++i) kids[i].key = evaluator_.evaluate(kids[i].board);
    std::sort(kids, kids + n, [](const Child& x, const Child& y) {
      return x.key != y.key ? x.key < y.key : x.index < y.index;
    });
  }
  double best = kInf;
  for (int i = 0; i < n; ++i) {
    double v = max_node(kids[i].board, depth - 1, alpha, beta);
    best = std::min(best, v);
    if (prune_) {
      beta = std::min(beta, v);
      if (alpha >= beta) break;
    }
  }
  return best;
}

double MinimaxSearcher::player_to_move(Board b, int replies, double alpha, double beta) {
  node_limit_ = 0;
  has_deadline_ = false;
  aborted_ = false;
  next_check_ = UINT64_MAX;
  return max_node(b, replies - 1, alpha, beta);
}

SearchResult MinimaxSearcher::search(Board board, const SearchSettings& s) {
  auto start = std::chrono::steady_clock::now();
  SearchResult result;
  nodes_ = 0;
  aborted_ = false;
  node_limit_ = s.nodes;
  has_deadline_ = s.time_ms > 0;
  if (has_deadline_)
    deadline_ = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double, std::milli>(s.time_ms));
  bool budgeted = s.nodes || s.time_ms > 0;
  next_check_ = s.nodes ? std::min<std::uint64_t>(s.nodes, kCheckEvery)
                        : budgeted ? kCheckEvery : UINT64_MAX;

  Board after[4];
  for (int d = 0; d < 4; ++d) after[d] = move(board, d);
  nodes_ += 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) result.values[d] = evaluator_.evaluate(after[d]);

  int first = s.depth ? s.depth : budgeted ? 1 : s.min_depth;
  int last = s.depth ? s.depth : budgeted ? s.max_depth : first;
  double last_ms = 0, prev_ms = 0;
  bool searched = false;
  for (int depth = first; depth <= last; ++depth) {
    if (budgeted && depth > first) {
      if (s.nodes && nodes_ >= s.nodes) break;
      double growth = prev_ms > 0 ? std::max(2.0, last_ms / prev_ms) : 4.0;
      if (s.time_ms > 0 && ms_since(start) + last_ms * growth > s.time_ms * 1.5) break;
    }
    auto iter_start = std::chrono::steady_clock::now();
    // The last iteration's best first: with alpha-beta, its value bounds the rest.
    int order[4], n = 0;
    for (int d = 0; d < 4; ++d)
      if (after[d] != board) order[n++] = d;
    std::stable_sort(order, order + n,
                     [&](int x, int y) { return result.values[x] > result.values[y]; });
    std::array<double, 4> values = result.values;
    int best = -1;
    double best_value = -kInf;
    for (int i = 0; i < n && !aborted_; ++i) {
      int d = order[i];
      double alpha = -kInf;
      // A lower direction wins a tie, so it needs to show it reaches best_value;
      // a higher one must beat it.
      if (prune_ && best >= 0)
        alpha = d < best ? std::nextafter(best_value, -kInf) : best_value;
      double v = min_node(after[d], depth, alpha, kInf);
      if (aborted_) break;
      values[d] = v;
      if (best < 0 || v > best_value || (v == best_value && d < best)) {
        best = d;
        best_value = v;
      }
    }
    if (aborted_) break;
    result.values = values;
    result.best = best;
    result.depth = depth;
    searched = true;
    prev_ms = last_ms;
    last_ms = ms_since(iter_start);
  }

  if (!searched) {
    int legal = 0;
    for (int d = 0; d < 4; ++d) legal |= (after[d] != board) << d;
    result.best = best_direction(result.values, legal);
  }
  result.nodes = nodes_;
  result.ms = ms_since(start);
  return result;
}

}  // namespace g2048
