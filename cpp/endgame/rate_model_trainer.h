// Learns a RateModel from a full endgame table: logistic regression of each
// state's rate (cross-entropy, plain stochastic gradient descent) over states
// drawn uniformly from the table. And a check of any stand-in for a table (a
// model, a table file's states) against the full table: from random positions
// of the table's game, how often it picks the table's best move, and what
// its choices cost in success rate.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "endgame/endgame_table.h"
#include "endgame/rate_model.h"

namespace g2048::endgame {

struct FitOptions {
  std::vector<std::vector<std::uint8_t>> tuples;  // empty: default_model_tuples
  int epochs = 4;                // each draws as many states as the table holds
  double learning_rate = 0.005;  // the first epoch's step; halved each epoch after
  std::uint64_t seed = 1;
  std::function<void(const std::string&)> progress;  // a line per epoch
};

RateModel fit_rate_model(const EndgameTable& table, const FitOptions& options);

struct StandInCheck {
  std::uint64_t positions = 0;   // with two moves that keep the walls whose rates differ
  std::uint64_t answered = 0;    // the stand-in had every move's rate
  std::uint64_t agreed = 0;      // and its best move was a best move of the table
  double regret = 0;             // sum over answered of best rate - chosen move's rate
  double abs_error = 0;          // sum over answered after-states of |rate error|
  std::uint64_t after_states = 0;
  // Of the answered, those where the stand-in's best rate led its second by
  // min_gap or more: how many, how often right, and the regret.
  std::uint64_t sure = 0, sure_agreed = 0;
  double sure_regret = 0;
};

// From `samples` positions (a state drawn uniformly from table, then a random
// spawn), the stand-in's choices against the table's.
StandInCheck check_stand_in(const EndgameTable& table, const EndgameTable& stand_in,
                            std::uint64_t samples, std::uint64_t seed, float min_gap = 1);

}  // namespace g2048::endgame
