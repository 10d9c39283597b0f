#include "endgame/rate_model_trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "endgame/table_rules.h"
#include "engine/rng.h"

namespace g2048::endgame {

namespace {

// Draws states uniformly from a table's layers.
class StateDraw {
 public:
  explicit StateDraw(const EndgameTable& table) : table_(table) {
    for (const auto& l : table.layers()) ends_.push_back(total_ += l.keys.size());
  }
  std::uint64_t total() const { return total_; }
  // The layer and the index within it of a uniformly drawn state.
  std::pair<std::size_t, std::size_t> draw(Rng& rng) const {
    std::uint64_t i = rng.next() % total_;
    std::size_t layer = static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), i) - ends_.begin());
    std::uint64_t start = layer ? ends_[layer - 1] : 0;
    return {layer, static_cast<std::size_t>(i - start)};
  }

 private:
  const EndgameTable& table_;
  std::uint64_t total_ = 0;
  std::vector<std::uint64_t> ends_;
};

// A position whose moves' rates differ less than this is not counted: any
// move will do there.
constexpr float kDecides = 1e-4f;

}  // namespace

RateModel fit_rate_model(const EndgameTable& table, const FitOptions& options) {
  const Formation& f = table.formation();
  RateModel m;
  m.values = largest_free(f, table.target()) + 1;
  m.tuples = options.tuples.empty() ? default_model_tuples(f) : options.tuples;
  for (std::size_t t = 0; t < m.tuples.size(); ++t) m.weights.emplace_back(m.size_of(t), 0.0f);
  m.layer_bias.assign(table.layers().size(), 0.0f);
  StateDraw states(table);
  if (states.total() == 0) return m;
  // The bias starts at each layer's mean rate, so the tuples learn only what
  // the layer does not say.
  for (std::size_t i = 0; i < table.layers().size(); ++i) {
    const auto& rates = table.layers()[i].rates;
    if (rates.empty()) continue;
    double mean = 0;
    for (float r : rates) mean += r;
    mean = std::clamp(mean / static_cast<double>(rates.size()), 1e-4, 1 - 1e-4);
    m.layer_bias[i] = static_cast<float>(std::log(mean / (1 - mean)));
  }
  Rng rng(options.seed);
  double step = options.learning_rate;
  std::vector<std::size_t> index(m.tuples.size());
  for (int epoch = 0; epoch < options.epochs; ++epoch, step /= 2) {
    double error = 0;
    for (std::uint64_t n = 0; n < states.total(); ++n) {
      auto [layer, k] = states.draw(rng);
      Board key = table.layers()[layer].keys[k];
      float target = table.layers()[layer].rates[k];
      float z = m.layer_bias[layer];
      for (std::size_t t = 0; t < m.tuples.size(); ++t) z += m.weights[t][index[t] = m.index(t, key)];
      float p = 1.0f / (1.0f + std::exp(-z));
      float g = static_cast<float>(step) * (p - target);
      error += std::fabs(p - target);
      for (std::size_t t = 0; t < m.tuples.size(); ++t) m.weights[t][index[t]] -= g;
    }
    if (options.progress) {
      char line[160];
      std::snprintf(line, sizeof line, "epoch %d of %d: mean |rate error| %.4f (step %.4g)",
                    epoch + 1, options.epochs, error / static_cast<double>(states.total()), step);
      options.progress(line);
    }
  }
  return m;
}

StandInCheck check_stand_in(const EndgameTable& table, const EndgameTable& stand_in,
                            std::uint64_t samples, std::uint64_t seed, float min_gap) {
  StandInCheck c;
  StateDraw states(table);
  if (states.total() == 0) return c;
  const Formation& f = table.formation();
  const RowTables& rows = row_tables();
  Rng rng(seed);
  for (std::uint64_t n = 0; n < samples; ++n) {
    auto [layer, k] = states.draw(rng);
    Board key = table.layers()[layer].keys[k];
    int empties = 0;
    for (int i = 0; i < 16; ++i) empties += !(f.wall_cells >> i & 1) && cell(key, i) == 0;
    if (empties == 0) continue;
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(empties)));
    int value = rng.below(10) == 0 ? 2 : 1;
    float truth[4], guess[4];
    int moves = 0;
    for_each_spawn_and_move(f, rows, key, table.target(),
                            [&](int slot, int v, int, Board child, bool reached) {
                              if (slot != pick || v != value) return;
                              truth[moves] = reached ? 1.0f : table.rate(child);
                              guess[moves] = reached ? 1.0f : stand_in.rate(child);
                              ++moves;
                            });
    // Only where the choice matters: two moves whose rates differ.
    if (moves < 2 || *std::max_element(truth, truth + moves) -
                             *std::min_element(truth, truth + moves) < kDecides)
      continue;
    ++c.positions;
    if (std::any_of(guess, guess + moves, [](float g) { return g < 0; })) continue;
    ++c.answered;
    int best = static_cast<int>(std::max_element(truth, truth + moves) - truth);
    int chosen = static_cast<int>(std::max_element(guess, guess + moves) - guess);
    c.agreed += truth[chosen] >= truth[best];
    c.regret += truth[best] - truth[chosen];
    float second = -1;
    for (int i = 0; i < moves; ++i)
      if (i != chosen) second = std::max(second, guess[i]);
    if (guess[chosen] - second >= min_gap) {
      ++c.sure;
      c.sure_agreed += truth[chosen] >= truth[best];
      c.sure_regret += truth[best] - truth[chosen];
    }
    for (int i = 0; i < moves; ++i) c.abs_error += std::fabs(truth[i] - guess[i]);
    c.after_states += static_cast<std::uint64_t>(moves);
  }
  return c;
}

}  // namespace g2048::endgame
