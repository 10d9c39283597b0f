// Carousel shaping (Jaskowski 2018, "Mastering 2048 with Delayed Temporal
// Coherence Learning, Multi-Stage Weight Promotion, Redundant Encoding and
// Carousel Shaping"): the episodes' starts cycle through stages, so that the
// late game gets a fixed share of the training while the opening keeps its
// own. Stage 0 is a new game; stage k starts from a board where an earlier
// episode first made the k-th tile of the list (an afterstate, the next
// spawn still to come). A stage with no such board yet sends the cycle back
// to a new game. Each stage keeps its latest `capacity` boards (a ring), and
// a start picks one of them at random.
//
// One carousel serves one thread, so training on one thread stays
// deterministic for a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace g2048 {

class Carousel {
 public:
  // exponents: the stages' tiles as exponents, increasing (11 for 2048).
  explicit Carousel(std::vector<int> exponents, std::size_t capacity = 1000);

  // The next episode's start (0: a new game) and its stage; pick_seed chooses
  // among the stage's boards.
  struct Start {
    Board board = 0;
    int stage = 0;
  };
  Start next(std::uint64_t pick_seed);

  // Keeps, for each stage whose tile the episode made and its start lacked,
  // the afterstate where the tile first stood. path: the episode's
  // afterstates in order (the largest tile never falls along a game).
  void record(const std::vector<Board>& path, Board start);

  std::size_t boards(int stage) const;  // boards kept for stage (1..stages)
  int stages() const { return static_cast<int>(exponents_.size()); }

 private:
  std::vector<int> exponents_;
  std::size_t capacity_;
  std::vector<std::vector<Board>> kept_;  // per stage 1..n, a ring of boards
  std::vector<std::size_t> next_slot_;    // per stage, the ring's next write
  int next_stage_ = 0;
};

}  // namespace g2048
