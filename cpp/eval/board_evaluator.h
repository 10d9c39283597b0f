// A position's value for the adversarial searches (minimax and the evil
// spawner): one interface over the evaluations the factory makes
// (evaluation.h: the heuristic or the network) and the classic browser AI's
// family (classic_eval.h).
#pragma once

#include "engine/board.h"
#include "eval/evaluation.h"

namespace g2048 {

class BoardEvaluator {
 public:
  virtual ~BoardEvaluator() = default;
  virtual double evaluate(Board b) const = 0;
};

// An evaluation from the factory, for the evil spawner (it keeps it alive).
class FactoryEvaluator : public BoardEvaluator {
 public:
  explicit FactoryEvaluator(Evaluation e = make_evaluation(EvaluationSettings()))
      : e_(std::move(e)) {}
  double evaluate(Board b) const override {
    return e_.network ? e_.network->evaluate(b) : e_.heuristic->evaluate(b);
  }

 private:
  Evaluation e_;
};

}  // namespace g2048
