// The evaluation the engine's expectimax searches use, as one plain object
// that every page renders the same way (web/src/ui/evaluation_text.js), and
// the listeners told of each change (engine.on('evaluation', listener)):
//   {kind: 'heuristic'}                   no network asked for yet
//   {kind: 'loading', received, total}    the network downloading (total 0:
//                                         size not known yet), then unpacking
//   {kind: 'network', network, tables, tablesLoading, tablesProblem}
//                                         the network plays: loadNetwork's
//                                         answer, and the endgame table's
//                                         (loadTables's answer, or null, with
//                                         why not)
//   {kind: 'off', reason}                 the engine chose not to load it
//                                         (evaluation_policy.js)
//   {kind: 'failed', reason, lost}        it did not load, or (lost) its
//                                         worker stopped later
// The heuristic plays in every state but 'network'. States are plain data:
// the extension sends them over its port.
export const HEURISTIC = Object.freeze({ kind: 'heuristic' });

export class EvaluationState {
  #state = HEURISTIC;
  #listeners = new Set();

  get current() {
    return this.#state;
  }

  set(next) {
    this.#state = Object.freeze({ ...next });
    for (const listener of [...this.#listeners]) {
      try {
        listener(this.#state);
      } catch (err) {
        // A listener's fault is its own: the others still hear, and the error still shows.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  // A change to the network's state (the table's fields); nothing otherwise.
  updateNetwork(changes) {
    if (this.#state.kind === 'network') this.set({ ...this.#state, ...changes });
  }

  // Returns a function that stops the listener.
  on(listener) {
    if (typeof listener !== 'function') throw new Error('an evaluation listener must be a function');
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
