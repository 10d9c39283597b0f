#include "search/time_manager.h"

#include <algorithm>
#include <cmath>

#include "search/expectimax.h"

namespace g2048 {

namespace {

// The empty-cell term by the number of empty cells (a table: no libm, the
// same doubles natively and in wasm).
constexpr double kEmptyTerm[17] = {3.0, 3.0, 2.5,  2.0,  1.6,  1.25, 1.0,  0.8, 0.63,
                                   0.5, 0.4, 0.35, 0.35, 0.35, 0.35, 0.35, 0.35};

double large_term(int large) {
  if (large <= 3) return 1.0;
  if (large == 4) return 1.25;
  return std::min(2.2, 1.6 + 0.2 * (large - 5));
}

constexpr double kDropScale = 0.04;  // a fall of 4% doubles the budget
constexpr double kMinRaw = 0.25, kMaxRaw = 6.0;

std::uint64_t tile_sum(Board b) {
  std::uint64_t sum = 0;
  for (int i = 0; i < 16; ++i) {
    int e = cell(b, i);
    if (e) sum += std::uint64_t{1} << e;
  }
  return sum;
}

}  // namespace

PhaseFeatures phase_features(Board board) {
  PhaseFeatures f;
  for (int i = 0; i < 16; ++i) {
    int e = cell(board, i);
    f.empty += e == 0;
    f.large += e >= 10;
  }
  return f;
}

double value_drop(double previous, double current) {
  if (!(previous > 0) || current >= previous) return 0.0;
  return std::min(1.0, (previous - std::max(current, 0.0)) / previous);
}

double phase_raw(Board board, double drop) {
  PhaseFeatures f = phase_features(board);
  double drop_term = 1.0 + std::min(drop / kDropScale, 1.0);
  double raw = kEmptyTerm[f.empty] * large_term(f.large) * drop_term;
  return std::clamp(raw, kMinRaw, kMaxRaw);
}

bool follows(Board previous, Board next) {
  std::uint64_t before = tile_sum(previous), after = tile_sum(next);
  return after == before + 2 || after == before + 4;
}

SearchSettings TimeManager::allocate(Board board, const SearchSettings& s) {
  last_factor_ = last_allocation_ = 1.0;
  base_ = share_ = Budget{};
  if (!s.phase || (!s.nodes && !(s.time_ms > 0))) return s;
  // The fall between the last two searches counts while this board follows
  // the last one (the current search's own value is not known before it runs),
  // and so does the carry.
  bool same_game = has_previous_ && follows(previous_board_, board);
  double drop = same_game ? previous_drop_ : 0.0;
  if (!same_game) carry_ = Budget{};
  last_factor_ = phase_factor(board, drop);
  base_ = Budget{double(s.nodes), s.time_ms > 0 ? s.time_ms : 0.0};
  share_ = Budget{base_.nodes * last_factor_, base_.ms * last_factor_};
  auto with_carry = [](double share, double carry) {
    return share + std::max(carry, 0.0) / kCarrySpread;
  };
  SearchSettings out = s;
  if (s.nodes) {
    double n = std::floor(with_carry(share_.nodes, carry_.nodes) + 0.5);
    out.nodes = n < 1 ? 1 : static_cast<std::uint64_t>(n);
    last_allocation_ = double(out.nodes) / base_.nodes;
  }
  if (s.time_ms > 0) {
    out.time_ms = std::min(kMaxTimeMs, with_carry(share_.ms, carry_.ms));
    if (!s.nodes) last_allocation_ = out.time_ms / base_.ms;
  }
  return out;
}

void TimeManager::record(Board board, const SearchResult& result, bool scores_moves) {
  double value = result.best >= 0 ? result.values[result.best] : 0.0;
  bool comparable = has_previous_ && follows(previous_board_, board) &&
                    previous_subgame_ == result.subgame_values;
  previous_drop_ = comparable ? value_drop(previous_value_, value) : 0.0;
  previous_board_ = board;
  previous_value_ = value;
  previous_subgame_ = result.subgame_values;
  if (scores_moves && result.best >= 0) previous_value_ -= move_gain(board, result.best);
  has_previous_ = true;
  auto carried = [](double carry, double share, double spent, double base) {
    return std::clamp(carry + share - spent, -kCarryCap * base, kCarryCap * base);
  };
  if (base_.nodes > 0)
    carry_.nodes = carried(carry_.nodes, share_.nodes, double(result.nodes), base_.nodes);
  if (base_.ms > 0) carry_.ms = carried(carry_.ms, share_.ms, result.ms, base_.ms);
}

std::vector<DeepeningStep> deepening_steps(Board board, const SearchSettings& s) {
  bool budgeted = s.nodes || s.time_ms > 0;
  int first = s.depth ? s.depth : budgeted ? 1 : chosen_depth(board, s);
  int last = s.depth ? s.depth : budgeted ? deepest_depth(board, s) : first;
  std::vector<DeepeningStep> steps;
  float cutoff = static_cast<float>(s.prob_cutoff);
  for (int depth = first; depth <= last; ++depth) {
    if (s.time_ms > 0 && depth > first && cutoff > 0) steps.push_back({depth, cutoff * 3.0f});
    steps.push_back({depth, cutoff});
  }
  return steps;
}

int deepest_depth(Board board, const SearchSettings& s) {
  bool capped = s.crowded_max_depth > 0 && s.crowded_max_depth < s.max_depth;
  return capped && count_empty(board) <= kCrowdedEmpty ? s.crowded_max_depth : s.max_depth;
}

bool DeepeningRule::next_fits(std::uint64_t nodes_so_far) const {
  // Iterations grow by a steady factor: predict the next from the last two.
  double node_growth = prev_ ? std::max(2.0, double(last_) / prev_) : 8.0;
  if (s_.nodes && nodes_so_far + last_ * node_growth > s_.nodes) return false;
  // Steps alternate between two kinds (a new depth, then a finer cut-off).
  // With phase allocation the budget is a share of an average: a step that
  // cannot end in time is not started on the chance (abandoned at 1.3x, its
  // time would be spent for nothing), only one predicted to end by 1.25x.
  if (s_.time_ms > 0 && !TimeTarget::next_fits(steps_, 2, nodes_so_far, ms_since(start_),
                                               s_.time_ms, s_.phase ? 0.0 : 0.5))
    return false;
  return true;
}

void DeepeningRule::completed(std::uint64_t nodes) {
  prev_ = last_;
  last_ = nodes;
  steps_.push_back(nodes);
}

}  // namespace g2048
