// An endgame table in memory: for one formation and target, the success rate
// (the chance of making the target under best play) of every after-state the
// table holds, by layer (the free cells' sum in units of 2), keys sorted.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "endgame/formation.h"

namespace g2048::endgame {

struct TableLayer {
  std::vector<Board> keys;   // sorted, unique
  std::vector<float> rates;  // rates[k] belongs to keys[k]
};

class EndgameTable {
 public:
  EndgameTable() = default;
  EndgameTable(Formation formation, int target, std::vector<TableLayer> layers)
      : formation_(std::move(formation)), target_(target), layers_(std::move(layers)) {}

  const Formation& formation() const { return formation_; }
  int target() const { return target_; }  // exponent the free cells must make
  const std::vector<TableLayer>& layers() const { return layers_; }
  std::uint64_t states() const;

  // The key's success rate, or a negative number when the table lacks it.
  float rate(Board key) const;

 private:
  Formation formation_;
  int target_ = 0;
  std::vector<TableLayer> layers_;
};

}  // namespace g2048::endgame
