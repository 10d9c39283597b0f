// An engine with engine.js's evaluation API (evaluationState, on('evaluation'),
// loadEvaluation) whose load is scripted: loadEvaluation records what it was
// asked and steps the state through `load`; `state` lets a test change it later.
import { EvaluationState } from '../../../web/src/engine/evaluation_state.js';

export function fakeEvaluationEngine(load) {
  const state = new EvaluationState();
  return {
    asked: [],
    state,
    get evaluationState() {
      return state.current;
    },
    on: (event, listener) => state.on(listener),
    async loadEvaluation(options) {
      this.asked.push(options);
      for (const next of load) state.set(next);
      return state.current;
    },
  };
}
