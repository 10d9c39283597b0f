// An endgame table in memory: for one formation and target, the success rate
// (the chance of making the target under best play) of every after-state the
// table holds, by layer (the free cells' sum in units of 2), keys sorted; or,
// in place of the states, a model learned from them that answers every key.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "endgame/formation.h"
#include "endgame/rate_model.h"

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
  EndgameTable(Formation formation, int target, std::shared_ptr<const RateModel> model)
      : formation_(std::move(formation)), target_(target), model_(std::move(model)) {}

  const Formation& formation() const { return formation_; }
  int target() const { return target_; }  // exponent the free cells must make
  const std::vector<TableLayer>& layers() const { return layers_; }
  std::uint64_t states() const;  // 0 for a model
  const RateModel* model() const { return model_.get(); }

  // The key's success rate, or a negative number when the table lacks it (a
  // model never does).
  float rate(Board key) const;

 private:
  Formation formation_;
  int target_ = 0;
  std::vector<TableLayer> layers_;
  std::shared_ptr<const RateModel> model_;
};

}  // namespace g2048::endgame
