#include "eval/evaluation.h"

namespace g2048 {

const std::vector<std::string>& evaluation_names() {
  static const std::vector<std::string> names = EvaluatorList<Evaluator>::get();
  return names;
}

std::size_t evaluation_index(const EvaluationSettings& s) {
  // As make_evaluator decides.
  if (s.name == NetworkEval::kName && s.network) return EvaluatorIndex<NetworkEval>::value;
  return EvaluatorIndex<Heuristic>::value;
}

std::string validate_evaluation(const EvaluationSettings& s) {
  if (s.name == Heuristic::kName) return "";
  if (s.name == NetworkEval::kName)
    return s.network ? "" : "the network evaluation needs a network: none is loaded";
  std::string names;
  for (const std::string& n : evaluation_names()) names += (names.empty() ? "" : ", ") + n;
  return "unknown evaluation \"" + s.name + "\" (" + names + ")";
}

Evaluator make_evaluator(const EvaluationSettings& s) {
  if (s.name == NetworkEval::kName && s.network)
    return NetworkEval(*s.network, s.downgrade, s.reads.get());
  // The standard table is built once and shared by its copies.
  if (s.weights == HeuristicWeights()) return Heuristic::standard();
  return Heuristic(s.weights);
}

}  // namespace g2048
