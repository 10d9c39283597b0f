// The engine's JavaScript API, used by the pages, the bookmarklet and the
// extension: createEngine(options) and the engine it resolves to (methods,
// settings, state, the evaluation's events and options) are documented in
// docs/engine-api.md. This file routes each call (Engine): to the pool
// (dispatcher.js, root_search.js) or to the network's executor
// (network_executor.js); start-up is startup.js's.
import { Dispatcher } from './dispatcher.js';
import { MainThreadExecutor } from './executors.js';
import { DEFAULT_NETWORK_URL, DEFAULT_TABLES_URL, NetworkExecutor } from './network_executor.js';
import { searchBestMove } from './root_search.js';
import { startExecutors, wantedThreads } from './startup.js';
import { loadWasm } from './wasm_loader.js';

export { boardProblem, validateBoard } from './board_check.js';
export { DEFAULT_NETWORK_URL, DEFAULT_TABLES_URL } from './network_executor.js';
export { WORKER_URL, threadsProblem } from './startup.js';
export { DIRECTION_NAMES } from '../game/rules.js';
export const PLAYER_NAMES = Object.freeze(['expectimax', 'minimax', 'montecarlo', 'greedy', 'corner']);
export const DEFAULT_EVIL_DEPTH = 1;

function isObject(settings) {
  return settings !== null && typeof settings === 'object';
}

// Settings for expectimax: no player named, or expectimax (bad settings are
// left for the search to refuse).
function isExpectimax(settings) {
  const player = isObject(settings) ? settings.player : undefined;
  return player === undefined || player === 'expectimax';
}

// The API, and the routing of each call: the pool (dispatcher.js) or the
// network's executor (network_executor.js).
class Engine {
  #dispatcher;
  #fallback;
  #disposed = false;
  #network;

  constructor(executors, fallback, wasm, options) {
    this.#fallback = fallback;
    this.#dispatcher = new Dispatcher(executors, async (reason) => {
      this.#fallback = `searching on the main thread: the workers stopped (${reason})`;
      return MainThreadExecutor.create(wasm);
    });
    this.#network = new NetworkExecutor({ options, wasm, poolMode: () => this.mode });
  }

  get mode() {
    const executors = this.#dispatcher.executors;
    if (executors.length === 0) return this.#disposed ? 'disposed' : 'main';
    if (executors[0].kind === 'main') return 'main';
    return executors.length > 1 ? 'pool' : 'worker';
  }

  get poolSize() {
    return this.#dispatcher.size;
  }
  // Whether the engine's workers (the pool's, and the network's once
  // loaded) take requests through shared-memory mailboxes (mailbox.js)
  // rather than postMessage.
  get mailbox() {
    const executors = this.#dispatcher.executors;
    const pool = executors.length > 0 && executors.every((executor) => executor.usesMailbox === true);
    return pool && (!this.#network.loaded || this.#network.usesMailbox);
  }
  get fallback() {
    return this.#fallback;
  }
  get evaluation() {
    return this.#network.evaluation;
  }
  // The network's and the table's figures and problems, as the evaluation
  // state holds them (evaluation_state.js).
  get evaluationState() {
    return this.#network.state.current;
  }
  get network() {
    return this.#network.state.network;
  }
  get networkProblem() {
    return this.#network.state.networkProblem;
  }
  get threads() {
    return this.#network.state.threads;
  }
  get threadsNote() {
    return this.#network.state.threadsNote;
  }
  get tables() {
    return this.#network.state.tables;
  }
  get tablesProblem() {
    return this.#network.state.tablesProblem;
  }

  // on('evaluation', listener): listener(state) hears each change of
  // evaluationState. Returns a function that stops it.
  on(event, listener) {
    if (event !== 'evaluation') throw new Error(`unknown engine event "${event}": the engine has "evaluation"`);
    return this.#network.state.on(listener);
  }

  loadEvaluation(options = {}) {
    return this.#checked(() => this.#network.loadEvaluation(options));
  }

  loadNetwork(url = DEFAULT_NETWORK_URL, { onProgress } = {}) {
    return this.#checked(() => this.#network.load(url, onProgress));
  }

  loadTables(url = DEFAULT_TABLES_URL, { onProgress } = {}) {
    return this.#checked(() => this.#network.loadTables(url, onProgress));
  }

  bestMove(board, settings = {}) {
    return this.#checked(() => {
      if (this.#searchesWithNetwork(settings)) return this.#networkSearch(board, settings);
      return this.#heuristicSearch(board, settings);
    });
  }

  // With a network, expectimax runs whole on its executor, unless the
  // settings ask for the heuristic.
  #searchesWithNetwork(settings) {
    return this.#network.loaded && isObject(settings) && isExpectimax(settings) && settings.eval !== 'heuristic';
  }

  // Should the network's executor stop (a crash, out of memory), the search
  // runs again with the heuristic; the state says why from then on.
  async #networkSearch(board, settings) {
    try {
      return await this.#network.search(board, settings);
    } catch (err) {
      if (!err?.executorLost) throw err;
      return this.#heuristicSearch(board, settings);
    }
  }

  #heuristicSearch(board, settings) {
    return this.#searchesByRoot(settings)
      ? searchBestMove(this.#dispatcher, board, settings)
      : this.#dispatcher.run('search', [board, settings]);
  }

  // The one place that picks a search's path. Root parallelism
  // (root_search.js) is expectimax's, and pays with more than one executor;
  // a node budget takes it even with one, so its result does not depend on
  // the pool size. Otherwise the core's own search runs whole on one executor:
  // so does a time budget, which the core's time rule answers
  // (cpp/search/time_manager.h), and a phase allocation (settings.phase),
  // which keeps the previous moves' root values in the core's searcher, so its
  // budgets are the native ones, move for move.
  #searchesByRoot(settings) {
    if (!isExpectimax(settings)) return false;
    if (isObject(settings) && (settings.phase === true || settings.timeMs)) return false;
    const nodeBudget = isObject(settings) && settings.nodes !== undefined;
    return this.#dispatcher.size > 1 || nodeBudget;
  }

  evilSpawn(board, options = {}) {
    const depth = options?.depth ?? DEFAULT_EVIL_DEPTH;
    return this.#checked(() => this.#dispatcher.run('evilSpawn', [board, depth]));
  }

  placeTile(board, cell, value) {
    return this.#checked(() => this.#dispatcher.run('placeTile', [board, cell, value], { urgent: true }));
  }

  applyMove(board, dir) {
    return this.#checked(() => this.#dispatcher.run('applyMove', [board, dir], { urgent: true }));
  }

  legalMoves(board) {
    return this.#checked(() => this.#dispatcher.run('legalMoves', [board], { urgent: true }));
  }

  gameOver(board) {
    return this.#checked(() => this.#dispatcher.run('gameOver', [board], { urgent: true }));
  }

  dispose() {
    this.#disposed = true;
    this.#dispatcher.dispose();
    this.#network.dispose();
  }

  #checked(call) {
    if (this.#disposed) {
      return Promise.reject(new Error('the engine was disposed: create a new one with createEngine()'));
    }
    return call();
  }
}

export async function createEngine(options = {}) {
  wantedThreads(options); // a bad threads option rejects here, not at the network's load
  // The workers start while the wasm compiles; a wasm that fails rejects here.
  const compiling = loadWasm(options);
  const [wasm, { executors, fallback }] = await Promise.all([compiling, startExecutors(options, compiling)]);
  return new Engine(executors, fallback, wasm, options);
}
