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
// The learned evaluation (an n-tuple network, cpp/ai/ntuple.h), by hand:
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
// executor runs the WebAssembly threads build, and each search's root moves
// are searched at once on its threads, over the one network
// (cpp/ai/parallel_search.h; at a fixed depth the one-thread values). Else it
// runs today's single-threaded build.
//   engine.threads      threads the network's search uses (1 until it loaded)
//   engine.threadsNote  null, or why one thread: "page not cross-origin isolated"
// Options: threads (default defaultThreads(): one per core, 1 to 4); per
// search, settings.threads (1 to engine.threads) uses fewer.
//
// Boards are 16 tile values, row-major (0 empty, 2..131072); cells 0..15
// row-major; directions 0 up, 1 right, 2 down, 3 left. Settings: {depth} |
// {nodes} | {timeMs}, plus minDepth, maxDepth, cutoff, tableBits (default 18:
// 2^18 entries x 16 bytes = 4 MB per worker); {} picks the depth from the
// position. Bad input rejects with an Error naming the problem. See
// root_search.js for what budgets mean on a pool. phase: true makes nodes or
// timeMs the average a move over a game, each move's share allocated by the
// core's time manager (cpp/ai/time_manager.h) from the board and the root
// values of the moves before; such searches run the core's own search on one
// executor (the network's, once loaded), as ai2048 --phase on does natively.
//
// Players: settings.player names who chooses the move (PLAYER_NAMES):
// 'expectimax' (the default, searched over the whole pool), or 'minimax',
// 'montecarlo', 'greedy', 'corner', each run whole on one executor (see
// cpp/ai/player.h). minimax takes the same budgets as expectimax (with none, it
// searches at minDepth); montecarlo takes playouts (random games per legal
// move, default 100), playoutDepth (moves per playout, 0 to the end), seed
// (its random stream, mixed with the board: a seed and a board always give the
// same move) or a nodes / timeMs budget instead of playouts, but no depth;
// greedy and corner take nothing. values and depth are the player's own: Monte
// Carlo's average scores and rounds of playouts, for example.
//
// Spawners: evilSpawn gives the tile "Evil 2048" places on a board after a
// move: the cell and value (2 or 4) that leave the player the worst position,
// looking depth player replies ahead (0..4, default 1; cpp/ai/spawner.h).
// placeTile checks a tile a person places ("8402": an empty cell, a 2 or a 4).
//
// Options: poolSize (default defaultPoolSize() in pool_size.js), workers (false: the
// main thread only), wasmUrl / wasmBinary / wasmModule (where the wasm comes
// from; default ./wasm/engine.wasm beside this file), createWorker (url =>
// Worker-like object with postMessage, onmessage, onerror and terminate; for
// Node's worker_threads or custom setups), workerStartMs (start-up timeout).
import { Dispatcher } from './dispatcher.js';
import { MainThreadExecutor, startWorkerExecutor } from './executors.js';
import { searchBestMove } from './root_search.js';
import { MAX_THREADS, defaultPoolSize, defaultThreads } from './pool_size.js';
import { THREADS_WASM_URL, loadWasm } from './wasm_loader.js';
import { EvaluationState } from './evaluation_state.js';
import { afterFirstPaint, networkProblem } from './evaluation_policy.js';
import { browserWorkerFactory } from './worker_factory.js';

export { boardProblem, validateBoard } from './board_check.js';
export const DIRECTION_NAMES = Object.freeze(['up', 'right', 'down', 'left']);
export const PLAYER_NAMES = Object.freeze(['expectimax', 'minimax', 'montecarlo', 'greedy', 'corner']);
export const DEFAULT_EVIL_DEPTH = 1;
export const WORKER_URL = new URL('./search_worker.js', import.meta.url).href;
export const DEFAULT_NETWORK_URL = new URL('../../network/network.n2048.gz', import.meta.url).href;
export const DEFAULT_TABLES_URL = new URL('../../tables/endgame.t2048.gz', import.meta.url).href;

const MAX_POOL = 16;
const WARM_UP_BOARD = [2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0];

function requestedPoolSize(options) {
  if (options.workers === false) return 0;
  const size = options.poolSize ?? defaultPoolSize();
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL) {
    throw new Error(`poolSize must be a whole number from 1 to ${MAX_POOL}, got ${size}`);
  }
  return size;
}

async function startWorkers(createWorker, count, wasm, timeoutMs) {
  const attempts = await Promise.allSettled(
    Array.from({ length: count }, () =>
      Promise.resolve().then(() => startWorkerExecutor(createWorker, WORKER_URL, wasm, timeoutMs)),
    ),
  );
  return {
    started: attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value),
    problem: attempts.find((a) => a.status === 'rejected')?.reason?.message,
  };
}

function isObject(settings) {
  return settings !== null && typeof settings === 'object';
}

// Settings for expectimax: no player named, or expectimax (bad settings are
// left for the search to refuse).
function isExpectimax(settings) {
  const player = isObject(settings) ? settings.player : undefined;
  return player === undefined || player === 'expectimax';
}

function workerFactoryOf(options) {
  return options.createWorker ?? browserWorkerFactory();
}

// The executor that holds the network: a worker of its own where the pool
// runs on workers (never the page's thread then: should the worker not
// start, the network does not load), else (as the pool) the main thread.
async function startNetworkExecutor(options, wasm, poolOnWorkers) {
  if (!poolOnWorkers) return MainThreadExecutor.create(wasm);
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error("the network's worker could not start: Web Workers are not available here");
  try {
    return await startWorkerExecutor(createWorker, WORKER_URL, wasm, options.workerStartMs ?? 15000);
  } catch (err) {
    throw new Error(`the network's worker could not start (${err?.message ?? err})`, { cause: err });
  }
}

function wantedThreads(options) {
  const threads = options.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new Error(`threads must be a whole number from 1 to ${MAX_THREADS}, got ${threads}`);
  }
  return threads;
}

// Why the network's search cannot use WebAssembly threads here, or null.
export function threadsProblem(options = {}, scope = globalThis) {
  if (options.workers === false) return 'the engine runs without workers';
  if (!scope.crossOriginIsolated) return 'page not cross-origin isolated';
  if (typeof scope.SharedArrayBuffer !== 'function') return 'no SharedArrayBuffer in this browser';
  // The threads' workers start from the engine's own address: a page may not
  // start them from another origin (the bookmarklet's engine).
  const origin = scope.location?.origin;
  if (origin && origin !== 'null' && new URL(WORKER_URL).origin !== origin) {
    return 'the engine is served from another origin than the page';
  }
  return null;
}

// The network's executor with the threads build: a worker whose module starts
// threads - 1 thread workers of its own.
async function startThreadsExecutor(options, threads) {
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error('Web Workers are not available here');
  const wasm = await loadWasm({ wasmUrl: options.threadsWasmUrl ?? THREADS_WASM_URL });
  return startWorkerExecutor(createWorker, WORKER_URL, wasm, options.workerStartMs ?? 15000, { threads });
}

// The executors the engine starts with, and why there are fewer than asked for.
async function startExecutors(options, wasm) {
  const wanted = requestedPoolSize(options);
  if (wanted === 0) return { executors: [await MainThreadExecutor.create(wasm)], fallback: null };
  const createWorker = workerFactoryOf(options);
  let problem = 'Web Workers are not available here';
  if (createWorker) {
    const timeoutMs = options.workerStartMs ?? 15000;
    let { started, problem: first } = await startWorkers(createWorker, wanted, wasm, timeoutMs);
    problem = first;
    if (started.length === 0 && wanted > 1) {
      ({ started } = await startWorkers(createWorker, 1, wasm, timeoutMs));
    }
    if (started.length > 0) {
      const fallback = started.length < wanted ? `${started.length} of ${wanted} workers started (${problem})` : null;
      return { executors: started, fallback };
    }
  }
  return {
    executors: [await MainThreadExecutor.create(wasm)],
    fallback: `searching on the main thread: workers could not start (${problem})`,
  };
}

class Engine {
  #dispatcher;
  #fallback;
  #disposed = false;
  #options;
  #wasm;
  #networkExecutor = null;
  #networkLoading = null;
  #network = null;
  #networkProblem = null;
  #threads = 1;
  #threadsNote = null;
  #tables = null;
  #tablesProblem = null;
  #state = new EvaluationState();
  #evaluationLoad = null;

  constructor(executors, fallback, wasm, options) {
    this.#fallback = fallback;
    this.#wasm = wasm;
    this.#options = options;
    this.#dispatcher = new Dispatcher(executors, async (reason) => {
      this.#fallback = `searching on the main thread: the workers stopped (${reason})`;
      return MainThreadExecutor.create(wasm);
    });
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
  get fallback() {
    return this.#fallback;
  }
  get network() {
    return this.#network;
  }
  get networkProblem() {
    return this.#networkProblem;
  }
  get threads() {
    return this.#networkExecutor ? this.#threads : 1;
  }
  get threadsNote() {
    return this.#threadsNote;
  }
  get tables() {
    return this.#tables;
  }
  get tablesProblem() {
    return this.#tablesProblem;
  }

  get evaluation() {
    if (this.#networkExecutor) return 'network';
    return this.#networkLoading ? 'loading' : 'heuristic';
  }

  // The evaluation in use, as evaluation_state.js describes it.
  get evaluationState() {
    return this.#state.current;
  }

  // on('evaluation', listener): listener(state) hears each change of
  // evaluationState. Returns a function that stops it.
  on(event, listener) {
    if (event !== 'evaluation') throw new Error(`unknown engine event "${event}": the engine has "evaluation"`);
    return this.#state.on(listener);
  }

  // The learned network and then the endgame table, by the one loading policy
  // (evaluation_policy.js): network and tables are a URL, undefined for the
  // shipped file, or null for none (offReason says why). Resolves to the
  // final evaluationState; never rejects for a file that does not load (the
  // state says why). A second call waits for the first, unless that one
  // failed (then it tries again).
  loadEvaluation(options = {}) {
    return this.#checked(() => {
      this.#evaluationLoad ??= this.#loadEvaluation(options).then((state) => {
        if (state.kind === 'failed') this.#evaluationLoad = null;
        return state;
      });
      return this.#evaluationLoad;
    });
  }

  async #loadEvaluation({ network, tables, offReason, deviceMemory } = {}) {
    if (this.#networkExecutor) return this.#state.current;
    const problem =
      network === null ? (offReason ?? 'the learned network is turned off') : networkProblem(this.mode, deviceMemory);
    if (problem) {
      this.#state.set({ kind: 'off', reason: problem });
      return this.#state.current;
    }
    await afterFirstPaint();
    try {
      await this.loadNetwork(network ?? DEFAULT_NETWORK_URL);
    } catch {
      return this.#state.current; // 'failed', with the reason
    }
    if (tables !== null) await this.loadTables(tables ?? DEFAULT_TABLES_URL).catch(() => {});
    return this.#state.current;
  }

  bestMove(board, settings = {}) {
    return this.#checked(() => {
      if (this.#searchesWithNetwork(settings)) return this.#networkSearch(board, settings);
      return this.#heuristicSearch(board, settings);
    });
  }

  #heuristicSearch(board, settings) {
    return this.#searchesByRoot(settings)
      ? searchBestMove(this.#dispatcher, board, settings)
      : this.#dispatcher.run('search', [board, settings]);
  }

  #searchesWithNetwork(settings) {
    return (
      Boolean(this.#networkExecutor) && isObject(settings) && isExpectimax(settings) && settings.eval !== 'heuristic'
    );
  }

  // Should the network's executor stop (a crash, out of memory), the search
  // runs again with the heuristic and the engine says why from then on.
  async #networkSearch(board, settings) {
    const executor = this.#networkExecutor;
    try {
      return await executor.call('search', [board, this.#networkSettings(settings)]);
    } catch (err) {
      if (!err?.executorLost) throw err;
      this.#loseNetwork(executor, err.message);
      return this.#heuristicSearch(board, settings);
    }
  }

  // The network search's settings: its threads, at most the executor's.
  #networkSettings(settings) {
    const asked = settings.threads ?? this.#threads;
    const threads = Number.isInteger(asked) ? Math.max(1, Math.min(asked, this.#threads)) : asked;
    return { ...settings, eval: 'network', threads };
  }

  loadNetwork(url = DEFAULT_NETWORK_URL, { onProgress } = {}) {
    return this.#checked(() => {
      if (!this.#networkLoading) {
        const before = this.#state.current;
        this.#state.set({ kind: 'loading', received: 0, total: 0 });
        const progress = (received, total) => {
          this.#state.set({ kind: 'loading', received, total });
          onProgress?.(received, total);
        };
        this.#networkLoading = this.#startNetwork(String(url), progress).then(
          (info) => {
            this.#state.set({
              kind: 'network',
              network: info,
              tables: null,
              tablesLoading: false,
              tablesProblem: null,
            });
            return info;
          },
          (err) => {
            // A network already in plays on; else the heuristic, and why.
            this.#state.set(this.#networkExecutor ? before : { kind: 'failed', reason: err.message });
            throw err;
          },
        );
        this.#networkLoading
          .catch(() => {})
          .finally(() => {
            this.#networkLoading = null;
          });
      }
      return this.#networkLoading;
    });
  }

  // The tables live beside the network, on its executor: load the network first.
  loadTables(url = DEFAULT_TABLES_URL, { onProgress } = {}) {
    return this.#checked(async () => {
      const executor = this.#networkExecutor;
      try {
        if (!executor) throw new Error('the endgame table needs the network: load it first');
        this.#state.updateNetwork({ tablesLoading: true });
        const info = await executor.call('loadTables', [String(url)], onProgress);
        if (this.#networkExecutor !== executor) throw new Error("the network's worker stopped");
        this.#tables = info;
        this.#tablesProblem = null;
        this.#state.updateNetwork({ tables: info, tablesLoading: false, tablesProblem: null });
        return info;
      } catch (err) {
        const reason = String(err?.message ?? err);
        this.#tablesProblem = reason;
        if (this.#networkExecutor === executor)
          this.#state.updateNetwork({ tablesLoading: false, tablesProblem: reason });
        throw new Error(reason, { cause: err });
      }
    });
  }

  // The threads build where it can run, else (or should it fail to start)
  // the single-threaded one.
  async #startNetworkExecutor() {
    const threads = wantedThreads(this.#options);
    const problem = threads > 1 ? threadsProblem(this.#options) : 'one thread asked for';
    if (!problem && this.mode !== 'main') {
      try {
        return { executor: await startThreadsExecutor(this.#options, threads), threads, note: null };
      } catch (err) {
        const note = `the threads could not start (${err?.message ?? err})`;
        return { executor: await startNetworkExecutor(this.#options, this.#wasm, true), threads: 1, note };
      }
    }
    const executor = await startNetworkExecutor(this.#options, this.#wasm, this.mode !== 'main');
    return { executor, threads: 1, note: problem ?? 'searching on the main thread' };
  }

  async #startNetwork(url, onProgress) {
    let executor = null;
    try {
      let threads, note;
      ({ executor, threads, note } = await this.#startNetworkExecutor());
      const loaded = await executor.call('loadNetwork', [url], onProgress);
      // The threads start at the first threaded search: start them now.
      if (threads > 1) await executor.call('search', [WARM_UP_BOARD, { depth: 1, eval: 'network', threads }]);
      if (this.#disposed) throw new Error('the engine was disposed');
      const info = { ...loaded, threads, threadsNote: note };
      this.#networkExecutor?.terminate();
      this.#networkExecutor = executor;
      this.#tables = null; // they lived on the old executor
      this.#threads = threads;
      this.#threadsNote = note;
      this.#network = info;
      this.#networkProblem = null;
      executor.onLost = (reason) => this.#loseNetwork(executor, reason);
      return info;
    } catch (err) {
      executor?.terminate();
      const reason = String(err?.message ?? err);
      this.#networkProblem = reason;
      throw new Error(reason, { cause: err });
    }
  }

  // An executor that held the network stopped; a later one may have replaced it.
  #loseNetwork(executor, reason) {
    if (this.#networkExecutor === executor) this.#dropNetwork(`the network's worker stopped (${reason})`);
  }

  #dropNetwork(reason) {
    this.#networkExecutor?.terminate();
    this.#networkExecutor = null;
    this.#network = null;
    this.#networkProblem = reason;
    if (this.#tables) this.#tablesProblem = reason;
    this.#tables = null;
    this.#state.set({ kind: 'failed', reason, lost: true });
  }

  // The one place that picks a search's path. Root parallelism
  // (root_search.js) is expectimax's, and pays with more than one executor;
  // a node budget takes it even with one, so its result does not depend on
  // the pool size. Otherwise the core's own search runs whole on one executor.
  // A phase allocation (settings.phase, cpp/ai/time_manager.h) keeps the
  // previous moves' root values in the core's searcher: it runs the core's own
  // search, so its budgets are the native ones, move for move.
  #searchesByRoot(settings) {
    if (!isExpectimax(settings)) return false;
    if (isObject(settings) && settings.phase === true) return false;
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
    this.#networkExecutor?.terminate();
    this.#networkExecutor = null;
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
  const wasm = await loadWasm(options);
  const { executors, fallback } = await startExecutors(options, wasm);
  return new Engine(executors, fallback, wasm, options);
}
