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
// the extension sends them over its port. The state is the one record of the
// network and its table: the engine's getters (engine.network,
// engine.tablesProblem, ...) read it here.
export const HEURISTIC = Object.freeze({ kind: 'heuristic' });
export const TABLES_NEED_NETWORK = 'the endgame table needs the network: load it first';

export class EvaluationState {
  #state = HEURISTIC;
  #listeners = new Set();

  get current() {
    return this.#state;
  }

  // What loadNetwork resolved to while the network plays, else null.
  get network() {
    return this.#state.kind === 'network' ? this.#state.network : null;
  }
  // Why the network did not load, or stopped; else null.
  get networkProblem() {
    return this.#state.kind === 'failed' ? this.#state.reason : null;
  }
  // The network's threads (1 without a network), and why one thread.
  get threads() {
    return this.network?.threads ?? 1;
  }
  get threadsNote() {
    return this.network?.threadsNote ?? null;
  }
  // What loadTables resolved to, or null.
  get tables() {
    return this.#state.kind === 'network' ? this.#state.tables : null;
  }
  // Why the table is not in use: with the network, why it did not load (null
  // while it loads or plays, or before it is asked for); without, that it
  // needs the network, or why the network's worker stopped.
  get tablesProblem() {
    if (this.#state.kind === 'network') return this.#state.tablesProblem;
    return this.#state.lost ? this.#state.reason : TABLES_NEED_NETWORK;
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
