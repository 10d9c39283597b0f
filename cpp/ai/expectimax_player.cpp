#include "ai/expectimax_player.h"

namespace g2048 {

namespace {

bool default_weights(const HeuristicWeights& w) {
  HeuristicWeights d;
  return w.base == d.base && w.empty == d.empty && w.merges == d.merges &&
         w.monotonicity == d.monotonicity && w.mono_power == d.mono_power && w.sum == d.sum &&
         w.sum_power == d.sum_power;
}

// The shared standard table when it fits, else a table of our own (kept alive
// by owner, which is set before the searcher is built from the reference).
const Heuristic& heuristic_for(const HeuristicWeights& w, std::unique_ptr<Heuristic>* owner) {
  if (default_weights(w)) return Heuristic::standard();
  *owner = std::make_unique<Heuristic>(w);
  return **owner;
}

}  // namespace

ExpectimaxPlayer::ExpectimaxPlayer(const SearchSettings& settings, const HeuristicWeights& weights)
    : settings_(settings), searcher_(heuristic_for(weights, &own_heuristic_)) {}

}  // namespace g2048
