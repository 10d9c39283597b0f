// Pure Monte Carlo: for each legal move, random playouts (uniformly random
// legal moves, spawns as in the game) to the end of the game, or for
// playout_depth moves; the move with the best average score wins (the score
// from this position on: the root move's gain plus the playout's). Playouts
// go round-robin over the moves: `playouts` rounds, or, with a node budget,
// rounds until it is spent, or, with a time budget, rounds while the next one
// (as long as the average so far) fits in the time left; at least one round.
//
// Seeded: each choice draws from Rng(seed mixed with the board), the project's
// SplitMix64 through below(), so a seed and a board give the same move on every
// build. Statistics: nodes counts the moves computed (4 per playout step, as
// the expectimax's max node), depth the rounds played, values the averages.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/board.h"
#include "engine/rng.h"
#include "players/player.h"

namespace g2048 {

class MonteCarloPlayer : public Player {
 public:
  MonteCarloPlayer(int playouts, int playout_depth, const SearchSettings& budget,
                   std::uint64_t seed);
  SearchResult choose(const Tiles& board) override;
  void set_seed(std::uint64_t seed) override { seed_ = seed; }

 private:
  // The score of one random continuation of `after` (the root move made, its
  // spawn still due). Adds the moves it computes to *nodes.
  std::uint64_t playout(Board after, Rng& rng, std::uint64_t* nodes) const;

  int playouts_;
  int playout_depth_;
  SearchSettings budget_;
  std::uint64_t seed_;
  const RowTables& rows_;
};

}  // namespace g2048
