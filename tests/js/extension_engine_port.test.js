// The extension's engine over a port: the content script's forwarding engine
// (engine_proxy.js) against the offscreen document's host (engine_host.js),
// joined by an in-memory port pair that copies messages as the browser does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngineProxy } from '../../web/extension/engine_proxy.js';
import { createEngineHost } from '../../web/extension/engine_host.js';
import { EvaluationState } from '../../web/src/engine/evaluation_state.js';

const ORIGIN = 'chrome-extension://abcdefghijklmnop';
const NETWORK = `${ORIGIN}/network/network.n2048.gz`;
const TABLES = `${ORIGIN}/tables/endgame.t2048.gz`;
const BOARD = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits for a condition, polling; the verdict is the condition, not the time.
async function until(condition, what, ms = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}
const NETWORK_INFO = { tuples: 4, weights: 67108864, ms: 20, threads: 1, threadsNote: null };
const LOADED = [
  { kind: 'loading', received: 5, total: 10 },
  { kind: 'network', network: NETWORK_INFO, tables: null, tablesLoading: true, tablesProblem: null },
  { kind: 'network', network: NETWORK_INFO, tables: { states: 500000 }, tablesLoading: false, tablesProblem: null },
];

// Two ends of a runtime.Port: messages are structured-cloned and arrive
// later; disconnect() tells the other end only, as in the browser.
function portPair() {
  const ends = [
    { messages: [], gone: [], open: true },
    { messages: [], gone: [], open: true },
  ];
  const port = (self, other) => ({
    postMessage(message) {
      if (!self.open) throw new Error('Attempting to use a disconnected port object');
      const copy = structuredClone(message);
      setTimeout(() => {
        if (other.open) for (const listener of other.messages) listener(copy);
      }, 0);
    },
    disconnect() {
      if (!self.open) return;
      self.open = false;
      other.open = false;
      setTimeout(() => {
        for (const listener of other.gone) listener();
      }, 0);
    },
    onMessage: { addListener: (listener) => self.messages.push(listener) },
    onDisconnect: { addListener: (listener) => self.gone.push(listener) },
  });
  return [port(ends[0], ends[1]), port(ends[1], ends[0])];
}

// An engine with engine.js's shape; records what it was asked. Its
// loadEvaluation goes through the given states.
function fakeEngine({ load = LOADED } = {}) {
  const state = new EvaluationState();
  const engine = {
    mode: 'worker',
    poolSize: 1,
    fallback: null,
    loads: [],
    disposed: false,
    asked: [],
    get evaluationState() {
      return state.current;
    },
    on: (event, listener) => state.on(listener),
    async loadEvaluation(options) {
      engine.loads.push(options);
      for (const next of load) {
        await sleep(5);
        state.set(next);
      }
      return state.current;
    },
    async bestMove(board, settings) {
      engine.asked.push(['bestMove', board, settings]);
      if (!Array.isArray(board) || board.length !== 16) throw new Error('board must be an array of 16 tile values');
      return { dir: 3, values: [1, 2, 3, 4], depth: settings.depth ?? 2, nodes: 10, ms: 1 };
    },
    async applyMove(board, dir) {
      return { board: [4, ...board.slice(1)], gain: 4, moved: dir === 3 };
    },
    async legalMoves() {
      return [1, 2, 3];
    },
    async gameOver() {
      return false;
    },
    dispose() {
      engine.disposed = true;
    },
  };
  return engine;
}

function hostWith(engines, options = {}) {
  const made = [];
  const host = createEngineHost({
    createEngine: async () => {
      const next = engines.shift();
      if (next instanceof Error) throw next;
      made.push(next);
      return next;
    },
    ownOrigin: ORIGIN,
    ...options,
  });
  const connect = (proxyOptions) => {
    const [content, offscreen] = portPair();
    host.serve(offscreen);
    return createEngineProxy(content, proxyOptions);
  };
  return { host, made, connect };
}

describe('the forwarding engine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("forwards the page driver's calls and answers, and says where the search runs", async () => {
    const engine = fakeEngine();
    const { connect } = hostWith([engine]);
    const proxy = await connect();
    expect(proxy.mode).toBe('extension');
    expect(proxy.hostMode).toBe('worker');
    expect(proxy.poolSize).toBe(1);
    expect(proxy.evaluationState).toEqual({ kind: 'heuristic' });
    expect(await proxy.bestMove(BOARD, { depth: 2 })).toEqual({
      dir: 3,
      values: [1, 2, 3, 4],
      depth: 2,
      nodes: 10,
      ms: 1,
    });
    expect(engine.asked).toEqual([['bestMove', BOARD, { depth: 2 }]]);
    expect(await proxy.applyMove(BOARD, 3)).toMatchObject({ gain: 4, moved: true });
    expect(await proxy.legalMoves(BOARD)).toEqual([1, 2, 3]);
    expect(await proxy.gameOver(BOARD)).toBe(false);
    expect(await proxy.ping()).toBeNull();
    proxy.dispose();
  });

  it("hands the engine's errors back as Errors with the same message", async () => {
    const { connect } = hostWith([fakeEngine()]);
    const proxy = await connect();
    await expect(proxy.bestMove([2, 4], {})).rejects.toThrow('board must be an array of 16 tile values');
    // The port still works after an error.
    expect(await proxy.legalMoves(BOARD)).toEqual([1, 2, 3]);
    proxy.dispose();
  });

  it('answers unknown operations and bad arguments with a reason, not silence', async () => {
    const { host } = hostWith([fakeEngine()]);
    const [content, offscreen] = portPair();
    host.serve(offscreen);
    const answers = [];
    content.onMessage.addListener((m) => answers.push(m));
    content.postMessage({ id: 1, op: 'dispose', args: [] });
    content.postMessage({ id: 2, op: 'bestMove', args: 'not a list' });
    await until(() => answers.length >= 2, 'two answers');
    expect(answers).toEqual([
      { id: 1, ok: false, error: 'unknown engine operation "dispose"' },
      { id: 2, ok: false, error: 'the arguments of "bestMove" must be a list' },
    ]);
  });

  it("tells every tab each change of the one engine's evaluation", async () => {
    const engine = fakeEngine();
    const { connect, made } = hostWith([engine, fakeEngine()]);
    const [a, b] = await Promise.all([connect(), connect()]);
    const heard = { a: [], b: [] };
    a.on('evaluation', (state) => heard.a.push(state));
    b.on('evaluation', (state) => heard.b.push(state));
    const end = await a.loadEvaluation({ network: NETWORK, tables: TABLES });
    expect(made).toHaveLength(1);
    expect(engine.loads).toEqual([{ network: NETWORK, tables: TABLES }]);
    expect(end).toEqual(LOADED.at(-1));
    await until(() => heard.a.length >= LOADED.length && heard.b.length >= LOADED.length, 'every state');
    expect(heard.a).toEqual(LOADED);
    expect(heard.b).toEqual(LOADED);
    expect(b.evaluationState).toEqual(LOADED.at(-1));
    // A tab that comes later starts from the state the engine is in.
    const c = await connect();
    expect(c.evaluationState).toEqual(LOADED.at(-1));
    for (const proxy of [a, b, c]) proxy.dispose();
  });

  it('passes on why the network did not load', async () => {
    const failed = { kind: 'failed', reason: 'could not download the network: HTTP 404' };
    const { connect } = hostWith([fakeEngine({ load: [failed] })]);
    const proxy = await connect();
    expect(await proxy.loadEvaluation({ network: NETWORK, tables: null })).toEqual(failed);
    expect(proxy.evaluationState).toEqual(failed);
    expect(() => proxy.on('moves', () => {})).toThrow(/unknown engine event "moves"/);
    proxy.dispose();
  });

  it("loads the network and the table from the extension's own files only", async () => {
    const engine = fakeEngine();
    const { connect } = hostWith([engine]);
    const proxy = await connect();
    await expect(proxy.loadEvaluation({ network: 'https://example.com/network.n2048.gz' })).rejects.toThrow(
      'the extension loads its network from its own files only, not from https://example.com/network.n2048.gz',
    );
    await expect(proxy.loadEvaluation({ network: 'not a url' })).rejects.toThrow(/own files only/);
    await expect(
      proxy.loadEvaluation({ network: NETWORK, tables: 'https://example.com/endgame.t2048.gz' }),
    ).rejects.toThrow(
      'the extension loads its endgame table from its own files only, not from https://example.com/endgame.t2048.gz',
    );
    expect(engine.loads).toEqual([]);
    proxy.dispose();
  });

  it('fails every call, pending or later, once the port goes away', async () => {
    const [content, offscreen] = portPair();
    const host = createEngineHost({ createEngine: async () => fakeEngine(), ownOrigin: ORIGIN });
    host.serve(offscreen);
    const proxy = await createEngineProxy(content);
    // Cut before the host has answered (messages arrive on a later turn).
    const pending = proxy.bestMove(BOARD, {});
    offscreen.disconnect();
    await expect(pending).rejects.toThrow("the extension's engine is no longer reachable");
    await expect(proxy.applyMove(BOARD, 0)).rejects.toThrow('no longer reachable');
    expect(proxy.mode).toBe('disposed');
  });

  it('gives up with a reason when the host never answers', async () => {
    const [content] = portPair();
    await expect(createEngineProxy(content, { startMs: 50 })).rejects.toThrow(
      "the extension's engine did not start within 0.05 s",
    );
  });

  it('passes on why the engine could not start, and tries again on the next connection', async () => {
    const { connect, made } = hostWith([new Error("the engine's wasm is not valid: bad magic"), fakeEngine()]);
    await expect(connect()).rejects.toThrow("the engine's wasm is not valid: bad magic");
    const proxy = await connect();
    expect(made).toHaveLength(1);
    proxy.dispose();
  });

  it('disposes the engine a while after the last tab goes, and starts a new one after', async () => {
    // Fake timers: the idle delay is the host's own timer, so the test moves
    // the clock instead of waiting on it. Messages cross the port on timers too.
    vi.useFakeTimers();
    const connected = async (promise) => {
      await vi.advanceTimersByTimeAsync(1);
      return promise;
    };
    const first = fakeEngine();
    const { connect, host, made } = hostWith([first, fakeEngine()], { idleMs: 30 });
    const a = await connected(connect());
    const b = await connected(connect());
    a.dispose();
    await vi.advanceTimersByTimeAsync(60);
    expect(first.disposed).toBe(false); // b still holds it
    b.dispose();
    await vi.advanceTimersByTimeAsync(10);
    expect(host.connections).toBe(0);
    expect(first.disposed).toBe(false);
    await vi.advanceTimersByTimeAsync(25);
    expect(first.disposed).toBe(true);
    const c = await connected(connect());
    expect(made).toHaveLength(2);
    c.dispose();
  });
});
