// Random boards for the tests, from a fixed seed.
#pragma once

#include <random>

#include "engine/tiles.h"
#include "reference_rules.h"

namespace testing_boards {

// Exponents 0..max_exponent, with about empty_share of the cells empty.
inline g2048::Tiles random_tiles(std::mt19937_64& rng, int max_exponent, double empty_share = 0.3) {
  g2048::Tiles t;
  std::uniform_real_distribution<double> u(0, 1);
  std::uniform_int_distribution<int> e(1, max_exponent);
  for (auto& cell : t.exponent) cell = static_cast<std::uint8_t>(u(rng) < empty_share ? 0 : e(rng));
  return t;
}

inline reference::Values values_of(const g2048::Tiles& t) {
  auto v = g2048::tiles_to_values(t);
  reference::Values out;
  for (int i = 0; i < 16; ++i) out[i] = v[i];
  return out;
}

}  // namespace testing_boards
