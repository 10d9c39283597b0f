// The network's executor: the one worker that holds the learned network (134
// MB of weights, one copy however large the pool) and the endgame table
// beside it. Its loads, its searches, and the evaluation state it keeps
// (evaluation_state.js, the one record of the network and its table), from
// the first load to a lost worker. How the executor starts is startup.js's;
// when to load, evaluation_policy.js's.
import { EvaluationState, TABLES_NEED_NETWORK } from './evaluation_state.js';
import { afterFirstPaint, networkProblem } from './evaluation_policy.js';
import { startNetworkExecutor } from './startup.js';
import { WARM_UP_BOARD } from './wasm_loader.js';

export const DEFAULT_NETWORK_URL = new URL('../../network/network.n2048.gz', import.meta.url).href;
export const DEFAULT_TABLES_URL = new URL('../../tables/endgame.t2048.gz', import.meta.url).href;

export class NetworkExecutor {
  #options;
  #wasm;
  #poolMode;
  #executor = null;
  #loading = null;
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
  // The evaluation state: the network, its table, their problems (evaluation_state.js).
  get state() {
    return this.#state;
  }
  // Whether the network's worker takes requests through a mailbox (mailbox.js).
  get usesMailbox() {
    return this.#executor?.usesMailbox === true;
  }

  // An expectimax search with the network. Should its executor stop (a crash,
  // out of memory), the network is dropped, the state says why, and the
  // error (executorLost) goes to the engine, which searches again without.
  async search(board, settings) {
    const executor = this.#executor;
    try {
      return await executor.call('search', [board, searchSettings(settings, executor.threads)]);
    } catch (err) {
      if (err?.executorLost) this.#lose(executor, err.message);
      throw err;
    }
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
      if (!executor) throw new Error(TABLES_NEED_NETWORK);
      this.#state.updateNetwork({ tablesLoading: true });
      const info = await executor.call('loadTables', [String(url)], onProgress);
      if (this.#executor !== executor) throw new Error("the network's worker stopped");
      this.#state.updateNetwork({ tables: info, tablesLoading: false, tablesProblem: null });
      return info;
    } catch (err) {
      const reason = String(err?.message ?? err);
      if (this.#executor === executor) this.#state.updateNetwork({ tablesLoading: false, tablesProblem: reason });
      throw new Error(reason, { cause: err });
    }
  }

  // Starts an executor and loads the network into it; it replaces the one
  // before (and its tables) once loaded.
  async #start(url, onProgress) {
    let executor = null;
    try {
      let note;
      ({ executor, note } = await startNetworkExecutor(this.#options, this.#wasm, this.#poolMode() !== 'main'));
      const loaded = await executor.call('loadNetwork', [url], onProgress);
      const { threads } = executor;
      // The threads start at the first threaded search: start them now.
      if (threads > 1) await executor.call('search', [WARM_UP_BOARD, { depth: 1, eval: 'network', threads }]);
      if (this.#disposed) throw new Error('the engine was disposed');
      this.#executor?.terminate();
      this.#executor = executor;
      executor.onLost = (reason) => this.#lose(executor, reason);
      return { ...loaded, threads, threadsNote: note };
    } catch (err) {
      executor?.terminate();
      throw new Error(String(err?.message ?? err), { cause: err });
    }
  }

  // An executor that held the network stopped; a later one may have replaced it.
  #lose(executor, reason) {
    if (this.#executor !== executor) return;
    this.#executor.terminate();
    this.#executor = null;
    this.#state.set({ kind: 'failed', reason: `the network's worker stopped (${reason})`, lost: true });
  }

  dispose() {
    this.#disposed = true;
    this.#executor?.terminate();
    this.#executor = null;
  }
}

// The network search's settings: its threads, at most the executor's.
function searchSettings(settings, executorThreads) {
  const asked = settings.threads ?? executorThreads;
  const threads = Number.isInteger(asked) ? Math.max(1, Math.min(asked, executorThreads)) : asked;
  return { ...settings, eval: 'network', threads };
}
