// TD(lambda) learning of an n-tuple network from self-play, on afterstates
// (Szubert & Jaskowski 2014): the player takes the move of highest reward +
// V(afterstate); after each game, every afterstate's value moves toward the
// next move's reward plus the next afterstate's value (or with lambda, the
// lambda-return), last to first (backward updates carry the end of the game
// back in one pass). Or, with `forward`, TD(0) online: each afterstate moves
// toward its target as soon as the next move is chosen, so the game goes on
// with weights it has just changed (TDL2048+'s default for TD). Options:
// optimistic initial weights (set on the network; Guei et al. 2021) and
// temporal coherence (an adaptive rate per weight, |sum of errors| / sum of
// |errors|; Jaskowski 2018).
//
// Speed: each chosen afterstate's feature indices are computed once, while the
// move is chosen, and kept for its update; the backward pass prefetches the
// weights of the updates a few moves ahead. The weights are looked up far more
// often than anything else is computed, so the trainer's speed is that of the
// memory (docs/results/2026-11-trainer-speed.md).
//
// Threads share the weights without locks (updates of different games may
// interleave, as in the usual parallel trainers); with one thread, training is
// deterministic for a seed. Game g is played from seed mix(seed, g), so a
// resumed run continues the sequence of games.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/rng.h"
#include "network/ntuple.h"
#include "training/checkpoint.h"

namespace g2048 {

struct TrainSettings {
  std::uint64_t games = 0;  // stop after this many games in all (0: no limit)
  double seconds = 0;       // stop after this long (0: no limit)
  int threads = 1;
  std::uint64_t seed = 1;
  float alpha = 0.1f;      // learning rate, split over the features of a board
  float lambda = 0.0f;     // TD(lambda): 0 is TD(0), 1 the rest of the game's score
  bool coherence = false;  // temporal coherence
  // TD(0) online (lambda must be 0): the previous afterstate learns from each
  // move as it is chosen, so a state's value falls within the game that
  // visits it; with optimistic weights that steers the rest of the game
  // toward states it has not seen yet.
  bool forward = false;
  // Restarts: after each episode, the next starts from the board halfway
  // through it (a spawn away), until episodes grow short; then a new game.
  // Later stages of the game then get more of the training.
  bool restarts = false;
  std::uint64_t window = 1000;  // games per progress window
  // Late-game training: when not 0, every new episode starts where a game
  // played by the network (without learning) first made a tile of this
  // exponent, so the stage of the network for such boards gets all the
  // training. Each start serves start_reuse episodes (their spawns differ).
  int start_exponent = 0;
  int start_reuse = 4;
  // Carousel shaping (training/carousel.h): when not empty, the episodes'
  // starts cycle through a new game and the boards where earlier episodes
  // first made each of these tiles (exponents, increasing).
  std::vector<int> carousel_exponents;
};

struct TrainedGame {
  std::uint64_t score = 0;
  int max_exponent = 0;
  std::uint64_t moves = 0;
  Board halfway = 0;  // the afterstate halfway through, 0 when the game was short
};

// What the last `window` whole games did (restarts and the carousel's later
// stages are not counted).
struct TrainWindow {
  std::uint64_t games = 0;      // episodes (games and restarts) trained in all, this run and before
  std::uint64_t moves = 0;      // moves learned in all
  double seconds = 0;           // training time in all
  double moves_per_second = 0;  // in this window
  double average_score = 0;
  std::uint64_t max_score = 0;
  double rate[3] = {0, 0, 0};  // share of games reaching 8192, 16384, 32768
};

class TdTrainer {
 public:
  // net has at most 2^32 weights (feature indices are kept in 32 bits; a
  // network file holds 2^30 at most).
  TdTrainer(NTupleNetwork* net, const TrainSettings& settings);

  // One episode played from game_seed, then learnt from: a new game, or with
  // start (an afterstate) given, the rest of a game from there.
  TrainedGame play_and_learn(std::uint64_t game_seed, Board start = 0);

  // Trains on settings.threads threads from game number first_game (with the
  // moves and seconds of earlier runs). on_window is called after every window
  // of games; every checkpoint_seconds (0: never) and at the end, on_checkpoint
  // is called with the totals so far. Both are called from one thread at a time.
  // stop, when set, ends the run after the games in progress.
  TrainWindow run(std::uint64_t first_game, std::uint64_t moves_before, double seconds_before,
                  const std::function<void(const TrainWindow&)>& on_window,
                  double checkpoint_seconds,
                  const std::function<void(const TrainWindow&)>& on_checkpoint,
                  const std::atomic<bool>* stop = nullptr);

  static std::uint64_t game_seed(std::uint64_t seed, std::uint64_t game);

  // Plays games from seed on (the network's greedy move, no learning) until
  // one makes a tile of the given exponent; returns that afterstate, or 0 when
  // max_games games all ended first.
  Board play_until(std::uint64_t seed, int exponent, int max_games = 1000);

  // Temporal coherence's sums per weight (empty without coherence), saved with
  // checkpoints so a resumed run keeps each weight's learning rate.
  // Pairs (sum of errors, sum of |errors|), one per weight.
  CoherenceSums& coherence_sums() { return coherence_; }

  // One TD step: moves V(b) toward target; returns the new V(b).
  float update_toward(Board b, float target);

 private:
  // One TD step on the board whose feature indices are given (feature_count()
  // of them): moves its value toward target; returns the new value.
  template <class Index>
  float update_at(const Index* index, float target);
  // The direction of highest gain + V(afterstate) among the legal moves of b
  // (-1 when there is none), with its afterstate and gain; when chosen is
  // given, the afterstate's feature indices too, and with value given, its
  // value V(afterstate).
  int greedy_move(Board b, Board* after, std::uint32_t* gain, std::uint32_t* chosen = nullptr,
                  float* value = nullptr) const;
  // play_and_learn with settings.forward, from b (its first tiles placed).
  TrainedGame play_and_learn_forward(Board b, Rng& rng);
  // Prefetches the weights (and coherence sums) that update_at will read.
  void prefetch_at(const std::uint32_t* index) const;

  NTupleNetwork* net_;
  const RowTables& tables_;  // fetched once: greedy_move runs every move
  TrainSettings settings_;
  float step_;  // alpha / features
  // Temporal coherence: per weight, the sum of errors and of |errors|, side by
  // side so an update touches one more cache line per feature, not two.
  CoherenceSums coherence_;
};

}  // namespace g2048
