#include "ai/expectimax.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ai/heuristic.h"
#include "ai/ntuple.h"

namespace g2048 {

namespace {

constexpr std::uint64_t kCheckEvery = 1 << 12;  // nodes between budget checks
// A time budget B: a step is started when it is predicted to end by
// kTimeStartLimit x B, and abandoned at kTimeHardLimit x B.
constexpr double kTimeStartLimit = 1.25;
constexpr double kTimeHardLimit = 1.3;

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

int distinct_tiles(Board b) {
  int seen = 0;
  for (int i = 0; i < 16; ++i) seen |= 1 << cell(b, i);
  return __builtin_popcount(seen & ~1);
}

}  // namespace

std::string validate_settings(const SearchSettings& s) {
  int budgets = (s.depth != 0) + (s.nodes != 0) + (s.time_ms != 0);
  if (budgets > 1) return "give only one of depth, nodes and time";
  if (s.depth < 0 || s.depth > kMaxSearchDepth)
    return "depth must be from 1 to " + std::to_string(kMaxSearchDepth) + ", got " +
           std::to_string(s.depth);
  if (!(s.time_ms >= 0) || !std::isfinite(s.time_ms))
    return "time budget must be a positive number of milliseconds";
  if (s.min_depth < 0 || s.max_depth > kMaxSearchDepth || s.min_depth > s.max_depth)
    return "min and max depth must satisfy 0 <= min <= max <= " + std::to_string(kMaxSearchDepth);
  if (!(s.prob_cutoff >= 0 && s.prob_cutoff < 1))
    return "probability cut-off must be at least 0 and below 1";
  if (s.table_bits < 10 || s.table_bits > 26)
    return "table bits must be from 10 to 26, got " + std::to_string(s.table_bits);
  return "";
}

template <class Eval>
ExpectimaxSearch<Eval>::ExpectimaxSearch(const Eval& eval) : eval_(eval), rows_(row_tables()) {
  if constexpr (Eval::kCacheLeaves) leaves_.assign(std::size_t{1} << kLeafBits, Leaf{0, 0.0f});
}

int chosen_depth(Board board, const SearchSettings& s) {
  return std::clamp(distinct_tiles(board) - 2, s.min_depth, s.max_depth);
}

template <class Eval>
void ExpectimaxSearch<Eval>::prepare(const SearchSettings& s) {
  std::size_t want = std::size_t{1} << s.table_bits;
  if (table_.size() != want) {
    table_.assign(want, Entry{0, 0.0f, 0, 0});
    table_shift_ = 64 - s.table_bits;
    scope_ = 0;
  }
  cutoff_ = static_cast<float>(s.prob_cutoff);
  aborted_ = false;
}

template <class Eval>
void ExpectimaxSearch<Eval>::set_deadline(std::chrono::steady_clock::time_point start, double ms) {
  has_deadline_ = ms > 0;
  if (has_deadline_)
    deadline_ = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double, std::milli>(ms));
}

template <class Eval>
void ExpectimaxSearch<Eval>::next_scope() {
  // On wrap-around, old entries would carry the new scope number: clear them.
  if (++scope_ == 0) {
    std::fill(table_.begin(), table_.end(), Entry{0, 0.0f, 0, 0});
    scope_ = 1;
  }
}

template <class Eval>
bool ExpectimaxSearch<Eval>::out_of_budget() {
  next_check_ = nodes_ + kCheckEvery;
  if (node_limit_ && nodes_ >= node_limit_) aborted_ = true;
  if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) aborted_ = true;
  if (node_limit_ && next_check_ > node_limit_) next_check_ = node_limit_;
  return aborted_;
}

template <class Eval>
float ExpectimaxSearch<Eval>::max_node(Board b, int depth_left, float prob) {
  Board tr = transpose(b);
  Board after[4] = {move_up(rows_, b, tr), move_right(rows_, b), move_down(rows_, b, tr),
                    move_left(rows_, b)};
  nodes_ += 4;
  std::uint32_t gain[4] = {0, 0, 0, 0};
  if constexpr (Eval::kScoresMoves) move_gains(rows_, b, tr, gain);
  float best = -std::numeric_limits<float>::infinity();
  if (depth_left == 0 || prob < cutoff_) {
    // Leaves are evaluated here rather than through chance_node: the same
    // values, one call less per leaf (it matters most in WebAssembly), and all
    // of a node's leaves in one batch.
    Board moved[4];
    int dirs[4], n = 0;
    float value[4];
    if constexpr (Eval::kCacheLeaves) {
      // Leaves found in the cache are not evaluated again.
      float cached[4];
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
    } else {
      for (int d = 0; d < 4; ++d)
        if (after[d] != b) moved[n] = after[d], dirs[n++] = d;
      eval_.evaluate_many(moved, n, value);
    }
    for (int k = 0; k < n; ++k) {
      float v = value[k];
      if constexpr (Eval::kScoresMoves) v += static_cast<float>(gain[dirs[k]]);
      best = std::max(best, v);
    }
  } else {
    for (int d = 0; d < 4; ++d) {
      if (after[d] == b) continue;
      float v = chance_node(after[d], depth_left, prob);
      if constexpr (Eval::kScoresMoves) v += static_cast<float>(gain[d]);
      best = std::max(best, v);
    }
  }
  return best == -std::numeric_limits<float>::infinity() ? 0.0f : best;  // no move: lost
}

template <class Eval>
float ExpectimaxSearch<Eval>::chance_node(Board b, int depth_left, float prob) {
  if (depth_left == 0 || prob < cutoff_) return eval_.evaluate(b);
  if (nodes_ >= next_check_ && out_of_budget()) return 0.0f;
  if (aborted_) return 0.0f;

  Entry& slot = table_[(b * 0x9E3779B97F4A7C15ULL) >> table_shift_];
  if (slot.key == b && slot.scope == scope_ && slot.depth >= depth_left) return slot.value;

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
  if (!aborted_) {
    // Re-fetch: the recursion may have used the same slot.
    Entry& store = table_[(b * 0x9E3779B97F4A7C15ULL) >> table_shift_];
    store = Entry{b, value, static_cast<std::uint8_t>(depth_left), scope_};
  }
  return value;
}

template <class Eval>
RootMoveValue ExpectimaxSearch<Eval>::search_root_move(Board board, int dir, int depth,
                                                   const SearchSettings& settings,
                                                   std::uint64_t node_limit,
                                                   double time_limit_ms) {
  prepare(settings);
  nodes_ = 0;
  node_limit_ = node_limit;
  set_deadline(std::chrono::steady_clock::now(), time_limit_ms);
  next_check_ = node_limit ? std::min<std::uint64_t>(node_limit, kCheckEvery) : kCheckEvery;
  RootMoveValue out;
  Board after = move(board, dir);
  if (after == board) return out;
  next_scope();
  out.value = chance_node(after, depth, 1.0f) + gain_of(board, dir);
  out.nodes = nodes_ + 1;  // the root move itself
  out.complete = !aborted_;
  return out;
}

template <class Eval>
SearchResult ExpectimaxSearch<Eval>::search(Board board, const SearchSettings& s) {
  auto start = std::chrono::steady_clock::now();
  prepare(s);
  SearchResult result;
  nodes_ = 0;
  node_limit_ = s.nodes;
  set_deadline(start, s.time_ms * kTimeHardLimit);
  next_check_ = s.nodes ? std::min<std::uint64_t>(s.nodes, kCheckEvery) : kCheckEvery;

  Board after[4];
  double gain[4];
  for (int d = 0; d < 4; ++d) after[d] = move(board, d), gain[d] = gain_of(board, d);
  nodes_ += 4;
  // Depth 0, the fallback when a budget stops even depth 1: the board after the move.
  for (int d = 0; d < 4; ++d)
    if (after[d] != board) result.values[d] = eval_.evaluate(after[d]) + gain[d];

  bool budgeted = s.nodes || s.time_ms > 0;
  int first = s.depth ? s.depth : budgeted ? 1 : chosen_depth(board, s);
  int last = s.depth ? s.depth : budgeted ? s.max_depth : first;
  // The iterations: one per depth. A time budget is a target, so it deepens in
  // finer steps: each new depth first with a cut-off 3 times larger (on
  // middle-game boards about twice the cost of the depth before, and half that
  // of the full depth), and the search stops at the step that would overrun.
  struct Step {
    int depth;
    float cutoff;
  };
  std::vector<Step> steps;
  float cutoff = static_cast<float>(s.prob_cutoff);
  for (int depth = first; depth <= last; ++depth) {
    if (s.time_ms > 0 && depth > first && cutoff > 0)
      steps.push_back({depth, cutoff * 3.0f});
    steps.push_back({depth, cutoff});
  }
  // A node budget starts a depth only when its predicted cost fits in what is
  // left, and abandons one that runs past twice the budget.
  if (s.nodes) node_limit_ = 2 * s.nodes;
  std::uint64_t last_nodes = 0, prev_nodes = 0;
  std::vector<std::uint64_t> step_nodes;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (budgeted && i > 0) {
      // Iterations grow by a steady factor: predict the next from the last two.
      double node_growth = prev_nodes ? std::max(2.0, double(last_nodes) / prev_nodes) : 8.0;
      if (s.nodes && nodes_ + last_nodes * node_growth > s.nodes) break;
      if (s.time_ms > 0) {
        // Steps alternate between two kinds of growth (a new depth, then a
        // finer cut-off): predict the nodes from the same kind one depth
        // before, and the time from the speed so far (nodes, unlike times,
        // are not disturbed by other work on the machine).
        double growth = i >= 3 ? double(step_nodes[i - 2]) / std::max<std::uint64_t>(1, step_nodes[i - 3])
                        : i >= 2 ? double(step_nodes[i - 1]) / std::max<std::uint64_t>(1, step_nodes[i - 2])
                                 : 4.0;
        double elapsed = ms_since(start);
        double ms_per_node = elapsed / std::max<std::uint64_t>(1, nodes_);
        double predicted = step_nodes[i - 1] * std::clamp(growth, 1.2, 8.0) * ms_per_node;
        // Under half the budget spent, the next step is tried anyway: the
        // predictions are rough, and the hard limit bounds the cost of a miss.
        if (elapsed > s.time_ms * 0.5 && elapsed + predicted > s.time_ms * kTimeStartLimit) break;
      }
    }
    int depth = steps[i].depth;
    cutoff_ = steps[i].cutoff;
    std::uint64_t iter_nodes = nodes_;
    std::array<double, 4> values = result.values;
    for (int d = 0; d < 4 && !aborted_; ++d) {
      if (after[d] == board) continue;
      next_scope();
      values[d] = chance_node(after[d], depth, 1.0f) + gain[d];
    }
    if (aborted_) break;
    result.values = values;
    result.depth = depth;

    prev_nodes = last_nodes;
    last_nodes = nodes_ - iter_nodes;
    step_nodes.push_back(last_nodes);
  }

  int legal = 0;
  for (int d = 0; d < 4; ++d) legal |= (after[d] != board) << d;
  result.best = best_direction(result.values, legal);
  result.nodes = nodes_;
  result.ms = ms_since(start);
  return result;
}

template class ExpectimaxSearch<Heuristic>;
template class ExpectimaxSearch<QuantizedNetwork>;

}  // namespace g2048
