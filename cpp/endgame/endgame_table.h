// An endgame table in memory: for one formation and target, the success rate
// (the chance of making the target under best play) of every after-state the
// table holds, by layer (the free cells' sum in units of 2), keys sorted.
// A table the generator built holds its layers expanded; one read from a table
// file keeps the file's packed states (packed_states.h), a third of the memory,
// and expands its layers only when a tool asks for them.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "endgame/formation.h"
#include "endgame/packed_states.h"

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
  EndgameTable(Formation formation, int target, PackedStates packed)
      : formation_(std::move(formation)), target_(target), packed_(std::make_shared<Packed>()) {
    packed_->states = std::move(packed);
  }

  const Formation& formation() const { return formation_; }
  int target() const { return target_; }  // exponent the free cells must make
  // Every layer's keys and rates; a packed table expands them on the first
  // call and keeps them (tools and tests: play reads rate() alone).
  const std::vector<TableLayer>& layers() const;
  std::size_t layer_count() const;
  std::uint64_t states() const;
  bool packed() const { return packed_ != nullptr; }

  // The key's success rate, or a negative number when the table lacks it.
  float rate(Board key) const;

 private:
  struct Packed {
    PackedStates states;
    std::once_flag expanded_once;
    std::vector<TableLayer> expanded;
  };

  Formation formation_;
  int target_ = 0;
  std::vector<TableLayer> layers_;
  std::shared_ptr<Packed> packed_;  // null: layers_ holds the table
};

}  // namespace g2048::endgame
