// The engine's JavaScript API, used by the web app, the demo and the bookmarklet:
//
//   const engine = await createEngine({ poolSize, workers });
//   engine.mode        'pool' | 'worker' | 'main': where the search runs
//                      ('disposed' after dispose())
//   engine.poolSize    executors in use (workers, or 1 for the main thread)
//   engine.fallback    null, or why fewer workers than asked for run
//   await engine.bestMove(board, settings)  // {dir, values, depth, nodes, ms}
//   await engine.applyMove(board, dir)      // {board, gain, moved}
//   await engine.legalMoves(board)          // [dirs]
//   await engine.gameOver(board)            // boolean
//   await engine.evilSpawn(board, {depth})  // {cell, value, nodes}
//   await engine.placeTile(board, cell, value)  // the board with that tile
//   engine.dispose()
//
// The files, by job: start-up (startup.js: the pool's workers and their
// fallbacks, the network's worker or threads), the network's executor
// (network_executor.js: its loads and searches), the evaluation state
// (evaluation_state.js), the loading policy (evaluation_policy.js), and the
// routing of each call (here: Engine).
//
// The evaluation, by the one loading policy (evaluation_policy.js: never on
// the page's thread, a memory floor, after the first paint, the table after
// the network), as the pages, the bookmarklet and the extension use it:
//   await engine.loadEvaluation({ network, tables, offReason })
//                      network, tables: a URL, undefined for the shipped file,
//                      or null for none. Resolves to the final state.
//   engine.evaluationState  {kind: 'heuristic' | 'loading' | 'network' | 'off'
//                      | 'failed', ...} (evaluation_state.js)
//   engine.on('evaluation', listener)  listener(state) on each change;
//                      returns a function that stops it
// The learned evaluation (an n-tuple network, cpp/network/ntuple.h and cpp/eval/network_eval.h), by hand:
//   await engine.loadNetwork(url, { onProgress(received, total) })
//                      downloads the .n2048.gz (default DEFAULT_NETWORK_URL,
//                      the shipped one beside the site) into one network
//                      executor of its own: {tuples, weights, bytes, ms, ...};
//                      rejects with a one-line reason, and the engine goes on
//                      with the heuristic.
//   engine.evaluation  'heuristic' | 'loading' | 'network'
//   engine.network     what loadNetwork resolved to, or null
//   engine.networkProblem  null, or why the network is not in use
// Endgame tables (cpp/endgame/): after the network,
//   await engine.loadTables(url, { onProgress(received, total) })
//                      downloads the .t2048.gz (default DEFAULT_TABLES_URL) into
//                      the network's executor: {tables, states, targets, ...}.
//                      From then on its expectimax searches read the table at
//                      the root where the largest tiles stand in its formation,
//                      and a result the table chose has tableRate (its chance of
//                      making the next tile of the chain); settings.tables:
//                      false searches without. Rejects with a one-line reason.
//   engine.tables      what loadTables resolved to, or null
//   engine.tablesProblem  null, or why the tables are not in use
// With a network, expectimax searches run whole on the network executor (the
// core's own search and time target) unless settings.eval is 'heuristic'; the
// other players, the rules and the spawners stay on the pool. One executor
// holds the 134 MB of weights however large the pool: a tab holds one copy.
//
// Threads: on a cross-origin isolated page (SharedArrayBuffer), the network
// executor runs the WebAssembly threads build, and each search's root moves'
// first spawns are searched at once on its threads, over the one network and
// one table (cpp/search/parallel_search.h; at depth 2 the one-thread values).
// Else it runs the single-threaded build.
//   engine.threads      threads the network's search uses (1 until it loaded)
//   engine.threadsNote  null, or why one thread: "page not cross-origin isolated"
// Options: threads (default defaultThreads(): one per core, 1 to 4); per
// search, settings.threads (1 to engine.threads) uses fewer.
//
// Boards are 16 tile values, row-major (0 empty, 2..131072); cells 0..15
// row-major; directions 0 up, 1 right, 2 down, 3 left. Settings: {depth} |
// {nodes} | {timeMs}, plus minDepth, maxDepth, cutoff, tableBits (default 18:
// 2^18 entries x 16 bytes = 4 MB per worker), walls (docs/engine-api.md); {}
// picks the depth from the position. Bad input rejects with an Error naming
// the problem. See root_search.js for what budgets mean on a pool. phase:
// true makes nodes or timeMs the average a move over a game, each move's
// share allocated by the core's time manager (cpp/search/time_manager.h) from
// the board and the root values of the moves before; such searches run the
// core's own search on one executor (the network's, once loaded), as ai2048
// --phase on does natively.
//
// Players: settings.player names who chooses the move (PLAYER_NAMES):
// 'expectimax' (the default, searched over the whole pool), or 'minimax',
// 'montecarlo', 'greedy', 'corner', each run whole on one executor (see
// cpp/players/player.h). minimax takes the same budgets as expectimax (with none, it
// searches at minDepth); montecarlo takes playouts (random games per legal
// move, default 100), playoutDepth (moves per playout, 0 to the end), seed
// (its random stream, mixed with the board: a seed and a board always give the
// same move) or a nodes / timeMs budget instead of playouts, but no depth;
// greedy and corner take nothing. values and depth are the player's own: Monte
// Carlo's average scores and rounds of playouts, for example.
//
// Spawners: evilSpawn gives the tile "Evil 2048" places on a board after a
// move: the cell and value (2 or 4) that leave the player the worst position,
// looking depth player replies ahead (0..4, default 1; cpp/players/spawner.h).
// placeTile checks a tile a person places ("8402": an empty cell, a 2 or a 4).
//
// Options: poolSize (default defaultPoolSize() in pool_size.js), workers (false: the
// main thread only), wasmUrl / wasmBinary / wasmModule (where the wasm comes
// from; default ./wasm/engine.wasm beside this file), createWorker (url =>
// Worker-like object with postMessage, onmessage, onerror and terminate; for
// Node's worker_threads or custom setups), workerStartMs (start-up timeout),
// mailbox (false: workers' messages by postMessage only, never a shared-memory
// mailbox; mailbox.js).
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
