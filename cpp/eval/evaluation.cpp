#include "eval/evaluation.h"

namespace g2048 {

const std::vector<std::string>& evaluation_names() {
  static const std::vector<std::string> names = {"heuristic", "network"};
  return names;
}

std::string validate_evaluation(const EvaluationSettings& s) {
  if (s.name == "heuristic") return "";
  if (s.name == "network")
    return s.network ? "" : "the network evaluation needs a network (none is loaded)";
  return "unknown evaluation \"" + s.name + "\" (heuristic, network)";
}

Evaluation make_evaluation(const EvaluationSettings& s) {
  Evaluation e;
  if (s.name == "network" && s.network) {
    e.network = s.network;
  } else if (s.weights == HeuristicWeights()) {
    // The shared standard table, built once: not owned.
    e.heuristic = std::shared_ptr<const Heuristic>(&Heuristic::standard(), [](const Heuristic*) {});
  } else {
    e.heuristic = std::make_shared<const Heuristic>(s.weights);
  }
  return e;
}

}  // namespace g2048
