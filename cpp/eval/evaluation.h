// The one place that makes a position evaluation by name, for every part that
// searches (players, the CLI, the WebAssembly bindings):
//   heuristic  nneonneo's row-table heuristic (heuristic.h), weights as data
//   network    a learned n-tuple network (ntuple.h), loaded by the caller
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "eval/heuristic.h"
#include "network/ntuple.h"

namespace g2048 {

struct EvaluationSettings {
  std::string name = "heuristic";
  HeuristicWeights weights;                         // heuristic
  std::shared_ptr<const QuantizedNetwork> network;  // network
};

// What a searcher evaluates with: exactly one of the two is set.
struct Evaluation {
  std::shared_ptr<const Heuristic> heuristic;
  std::shared_ptr<const QuantizedNetwork> network;
  std::string name() const { return network ? "network" : "heuristic"; }
};

const std::vector<std::string>& evaluation_names();  // "heuristic", "network"

// Empty when the settings make an evaluation; otherwise one line.
std::string validate_evaluation(const EvaluationSettings& settings);

// The evaluation; the standard heuristic on bad settings (check them first).
Evaluation make_evaluation(const EvaluationSettings& settings);

}  // namespace g2048
