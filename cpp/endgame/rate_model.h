// A learned stand-in for an endgame table: instead of each state's rate, a few
// n-tuple look-up tables over the free cells (in the formation's canonical
// orientation) and one bias per layer, whose sum through a logistic gives the
// rate. It answers every key, including those no file could hold, in a few
// hundred kilobytes where the table it learned from takes gigabytes. Trained
// on the full table's states (rate_model_trainer.h).
#pragma once

#include <cstdint>
#include <vector>

#include "endgame/formation.h"

namespace g2048::endgame {

struct RateModel {
  int values = 0;  // exponents a free cell may hold: 0 .. values - 1
  // Per tuple its cells (canonical, free cells only) and values^size weights,
  // indexed by the cells' exponents, the first cell lowest.
  std::vector<std::vector<std::uint8_t>> tuples;
  std::vector<std::vector<float>> weights;
  std::vector<float> layer_bias;  // by layer_of(key)

  // The logit of a key's rate (before the logistic).
  float logit(const Formation& f, Board key) const {
    int layer = layer_of(f, key);
    float sum = layer < static_cast<int>(layer_bias.size()) ? layer_bias[layer] : 0.0f;
    for (std::size_t t = 0; t < tuples.size(); ++t) sum += weights[t][index(t, key)];
    return sum;
  }
  std::size_t index(std::size_t t, Board key) const {
    std::size_t i = 0;
    const auto& cells = tuples[t];
    for (std::size_t k = cells.size(); k-- > 0;) {
      int e = cell(key, cells[k]);
      i = i * static_cast<std::size_t>(values) + static_cast<std::size_t>(e < values ? e : values - 1);
    }
    return i;
  }
  std::size_t size_of(std::size_t t) const {
    std::size_t n = 1;
    for (std::size_t k = 0; k < tuples[t].size(); ++k) n *= static_cast<std::size_t>(values);
    return n;
  }
  float rate(const Formation& f, Board key) const;
};

// The default tuples for a formation: every 2x3 and 3x2 rectangle of free
// cells, and six-cell windows along the free cells' snake path.
std::vector<std::vector<std::uint8_t>> default_model_tuples(const Formation& f);

}  // namespace g2048::endgame
