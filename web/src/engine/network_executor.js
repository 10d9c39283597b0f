// The network's executor: the one worker that holds the learned network (134
// MB of weights, one copy however large the pool) and the endgame table
// beside it. How it starts (the WebAssembly threads build where the page is
// cross-origin isolated), its loads, its searches, and the evaluation state
// the engine reports (evaluation_state.js), from the first load to a lost
// worker. When to load is evaluation_policy.js's.
import { EvaluationState } from './evaluation_state.js';
import { afterFirstPaint, networkProblem } from './evaluation_policy.js';
import { MainThreadExecutor, startWorkerExecutor } from './executors.js';
import { MAX_THREADS, defaultThreads } from './pool_size.js';
import { WORKER_URL, workerFactoryOf, workerStart } from './startup.js';
import { THREADS_WASM_URL, loadWasm } from './wasm_loader.js';

export const DEFAULT_NETWORK_URL = new URL('../../network/network.n2048.gz', import.meta.url).href;
export const DEFAULT_TABLES_URL = new URL('../../tables/endgame.t2048.gz', import.meta.url).href;

const WARM_UP_BOARD = [2, 4, 8, 16, 0, 2, 4, 8, 0, 0, 2, 0, 0, 0, 0, 0];

export function wantedThreads(options) {
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

// The executor that holds the network: a worker of its own where the pool
// runs on workers (never the page's thread then: should the worker not
// start, the network does not load), else (as the pool) the main thread.
async function startSingleExecutor(options, wasm, poolOnWorkers) {
  if (!poolOnWorkers) return MainThreadExecutor.create(wasm);
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error("the network's worker could not start: Web Workers are not available here");
  try {
    return await startWorkerExecutor(createWorker, WORKER_URL, wasm, workerStart(options));
  } catch (err) {
    throw new Error(`the network's worker could not start (${err?.message ?? err})`, { cause: err });
  }
}

// The network's executor with the threads build: a worker whose module starts
// threads - 1 thread workers of its own.
async function startThreadsExecutor(options, threads) {
  const createWorker = workerFactoryOf(options);
  if (!createWorker) throw new Error('Web Workers are not available here');
  // The worker loads its scripts while the threads build compiles.
  const wasm = loadWasm({ wasmUrl: options.threadsWasmUrl ?? THREADS_WASM_URL });
  return startWorkerExecutor(createWorker, WORKER_URL, wasm, { ...workerStart(options), instance: { threads } });
}

// The threads build where it can run, else (or should it fail to start) the
// single-threaded one. poolOnWorkers: whether the engine's pool runs on workers.
async function startExecutor(options, wasm, poolOnWorkers) {
  const threads = wantedThreads(options);
  const problem = threads > 1 ? threadsProblem(options) : 'one thread asked for';
  if (!problem && poolOnWorkers) {
    try {
      return { executor: await startThreadsExecutor(options, threads), threads, note: null };
    } catch (err) {
      const note = `the threads could not start (${err?.message ?? err})`;
      return { executor: await startSingleExecutor(options, wasm, true), threads: 1, note };
    }
  }
  const executor = await startSingleExecutor(options, wasm, poolOnWorkers);
  return { executor, threads: 1, note: problem ?? 'searching on the main thread' };
}

export class NetworkExecutor {
  #options;
  #wasm;
  #poolMode;
  #executor = null;
  #loading = null;
  #network = null;
  #problem = null;
  #threads = 1;
  #threadsNote = null;
  #tables = null;
  #tablesProblem = null;
  #state = new EvaluationState();
  #evaluationLoad = null;
  #disposed = false;

  // poolMode(): where the engine's pool runs ('pool' | 'worker' | 'main').
  constructor({ options, wasm, poolMode }) {
    this.#options = options;
    this.#wasm = wasm;
    this.#poolMode = poolMode;
  }

  get loaded() {
    return Boolean(this.#executor);
  }
  get evaluation() {
    if (this.#executor) return 'network';
    return this.#loading ? 'loading' : 'heuristic';
  }
  get state() {
    return this.#state;
  }
  get network() {
    return this.#network;
  }
  get problem() {
    return this.#problem;
  }
  get threads() {
    return this.#executor ? this.#threads : 1;
  }
  // Whether the network's worker takes requests through a mailbox (mailbox.js).
  get usesMailbox() {
    return this.#executor?.usesMailbox === true;
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

  // An expectimax search with the network. Should its executor stop (a crash,
  // out of memory), the network is dropped, the state says why, and the
  // error (executorLost) goes to the engine, which searches again without.
  async search(board, settings) {
    const executor = this.#executor;
    try {
      return await executor.call('search', [board, this.#searchSettings(settings)]);
    } catch (err) {
      if (err?.executorLost) this.#lose(executor, err.message);
      throw err;
    }
  }

  // The network search's settings: its threads, at most the executor's.
  #searchSettings(settings) {
    const asked = settings.threads ?? this.#threads;
    const threads = Number.isInteger(asked) ? Math.max(1, Math.min(asked, this.#threads)) : asked;
    return { ...settings, eval: 'network', threads };
  }

  // engine.loadEvaluation: the policy's load (evaluation_policy.js). A second
  // call waits for the first, unless that one failed.
  loadEvaluation(options = {}) {
    this.#evaluationLoad ??= this.#loadEvaluation(options).then((state) => {
      if (state.kind === 'failed') this.#evaluationLoad = null;
      return state;
    });
    return this.#evaluationLoad;
  }

  async #loadEvaluation({ network, tables, offReason, deviceMemory } = {}) {
    if (this.#executor) return this.#state.current;
    const problem =
      network === null
        ? (offReason ?? 'the learned network is turned off')
        : networkProblem(this.#poolMode(), deviceMemory);
    if (problem) {
      this.#state.set({ kind: 'off', reason: problem });
      return this.#state.current;
    }
    await afterFirstPaint();
    try {
      await this.load(network ?? DEFAULT_NETWORK_URL);
    } catch {
      return this.#state.current; // 'failed', with the reason
    }
    if (tables !== null) await this.loadTables(tables ?? DEFAULT_TABLES_URL).catch(() => {});
    return this.#state.current;
  }

  // engine.loadNetwork.
  load(url, onProgress) {
    if (!this.#loading) {
      const before = this.#state.current;
      this.#state.set({ kind: 'loading', received: 0, total: 0 });
      const progress = (received, total) => {
        this.#state.set({ kind: 'loading', received, total });
        onProgress?.(received, total);
      };
      this.#loading = this.#start(String(url), progress).then(
        (info) => {
          this.#state.set({ kind: 'network', network: info, tables: null, tablesLoading: false, tablesProblem: null });
          return info;
        },
        (err) => {
          // A network already in plays on; else the heuristic, and why.
          this.#state.set(this.#executor ? before : { kind: 'failed', reason: err.message });
          throw err;
        },
      );
      this.#loading
        .catch(() => {})
        .finally(() => {
          this.#loading = null;
        });
    }
    return this.#loading;
  }

  // engine.loadTables: the tables live beside the network, on its executor.
  async loadTables(url, onProgress) {
    const executor = this.#executor;
    try {
      if (!executor) throw new Error('the endgame table needs the network: load it first');
      this.#state.updateNetwork({ tablesLoading: true });
      const info = await executor.call('loadTables', [String(url)], onProgress);
      if (this.#executor !== executor) throw new Error("the network's worker stopped");
      this.#tables = info;
      this.#tablesProblem = null;
      this.#state.updateNetwork({ tables: info, tablesLoading: false, tablesProblem: null });
      return info;
    } catch (err) {
      const reason = String(err?.message ?? err);
      this.#tablesProblem = reason;
      if (this.#executor === executor) this.#state.updateNetwork({ tablesLoading: false, tablesProblem: reason });
      throw new Error(reason, { cause: err });
    }
  }

  async #start(url, onProgress) {
    let executor = null;
    try {
      let threads, note;
      ({ executor, threads, note } = await startExecutor(this.#options, this.#wasm, this.#poolMode() !== 'main'));
      const loaded = await executor.call('loadNetwork', [url], onProgress);
      // The threads start at the first threaded search: start them now.
      if (threads > 1) await executor.call('search', [WARM_UP_BOARD, { depth: 1, eval: 'network', threads }]);
      if (this.#disposed) throw new Error('the engine was disposed');
      const info = { ...loaded, threads, threadsNote: note };
      this.#executor?.terminate();
      this.#executor = executor;
      this.#tables = null; // they lived on the old executor
      this.#threads = threads;
      this.#threadsNote = note;
      this.#network = info;
      this.#problem = null;
      executor.onLost = (reason) => this.#lose(executor, reason);
      return info;
    } catch (err) {
      executor?.terminate();
      const reason = String(err?.message ?? err);
      this.#problem = reason;
      throw new Error(reason, { cause: err });
    }
  }

  // An executor that held the network stopped; a later one may have replaced it.
  #lose(executor, reason) {
    if (this.#executor !== executor) return;
    const why = `the network's worker stopped (${reason})`;
    this.#executor.terminate();
    this.#executor = null;
    this.#network = null;
    this.#problem = why;
    if (this.#tables) this.#tablesProblem = why;
    this.#tables = null;
    this.#state.set({ kind: 'failed', reason: why, lost: true });
  }

  dispose() {
    this.#disposed = true;
    this.#executor?.terminate();
    this.#executor = null;
  }
}
