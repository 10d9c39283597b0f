// The one place that makes an evaluation (evaluator.h) from settings, for
// every part that searches (players, the session, the CLI, the bindings):
//   heuristic  nneonneo's row-table heuristic (heuristic.h), weights as data
//   network    a learned n-tuple network's weights (network/ntuple.h), loaded
//              by the caller, with the network's policy (network_eval.h)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "eval/evaluator.h"

namespace g2048 {

struct EvaluationSettings {
  std::string name = "heuristic";
  HeuristicWeights weights;                         // heuristic
  std::shared_ptr<const QuantizedNetwork> network;  // network
  bool downgrade = true;                            // network: tile downgrading
  std::shared_ptr<WeightReads> reads;               // network: records the weights read, or none
};

const std::vector<std::string>& evaluation_names();  // "heuristic", "network"
// The index in the list (evaluator.h) of the evaluation the settings name: of
// the evaluation make_evaluator makes from them.
std::size_t evaluation_index(const EvaluationSettings& settings);

// Empty when the settings make an evaluation; otherwise one line.
std::string validate_evaluation(const EvaluationSettings& settings);

// The evaluation; the standard heuristic on bad settings (check them first).
Evaluator make_evaluator(const EvaluationSettings& settings);

}  // namespace g2048
