// A position's value for the adversarial searches (minimax and the evil
// spawner): one interface over two evaluations, the expectimax heuristic
// (heuristic.h) and the classic browser AI's family (classic_eval.h).
#pragma once

#include "ai/heuristic.h"
#include "engine/board.h"

namespace g2048 {

class BoardEvaluator {
 public:
  virtual ~BoardEvaluator() = default;
  virtual double evaluate(Board b) const = 0;
};

// The expectimax row-table heuristic, for the evil spawner.
class HeuristicEvaluator : public BoardEvaluator {
 public:
  explicit HeuristicEvaluator(const Heuristic& h = Heuristic::standard()) : h_(h) {}
  double evaluate(Board b) const override { return h_.evaluate(b); }

 private:
  const Heuristic& h_;
};

}  // namespace g2048
