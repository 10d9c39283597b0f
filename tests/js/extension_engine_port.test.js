// The extension's engine over a port: the content script's forwarding engine
// (engine_proxy.js) against the offscreen document's host (engine_host.js),
// joined by an in-memory port pair that copies messages as the browser does.
import { describe, expect, it } from 'vitest';
import { createEngineProxy } from '../../web/extension/engine_proxy.js';
import { createEngineHost } from '../../web/extension/engine_host.js';

const ORIGIN = 'chrome-extension://abcdefghijklmnop';
const NETWORK = `${ORIGIN}/network/network.n2048.gz`;
const TABLES = `${ORIGIN}/tables/endgame.t2048.gz`;
const BOARD = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

// An engine with engine.js's shape; records what it was asked.
function fakeEngine({ network = true, failLoad = null, tables = true, failTables = null } = {}) {
  const engine = {
    mode: 'worker',
    poolSize: 1,
    fallback: null,
    evaluation: 'heuristic',
    networkProblem: null,
    loads: 0,
    tableLoads: 0,
    tables: null,
    tablesProblem: null,
    disposed: false,
    asked: [],
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
  if (network) {
    engine.loadNetwork = async (url, { onProgress } = {}) => {
      engine.loads++;
      engine.evaluation = 'loading';
      onProgress(5, 10);
      await sleep(20);
      onProgress(10, 10);
      if (failLoad) {
        engine.evaluation = 'heuristic';
        engine.networkProblem = failLoad;
        throw new Error(failLoad);
      }
      engine.evaluation = 'network';
      engine.tables = null; // a new network drops the table
      return { tuples: 4, weights: 67108864, bytes: 134217800, ms: 20 };
    };
  }
  if (tables) {
    engine.loadTables = async (url, { onProgress } = {}) => {
      engine.tableLoads++;
      onProgress(3, 6);
      await sleep(10);
      if (engine.evaluation !== 'network') throw new Error('load the network before the endgame table');
      if (failTables) {
        engine.tablesProblem = failTables;
        throw new Error(failTables);
      }
      engine.tables = { tables: 3, states: 500000, targets: [256, 512, 1024], compressedBytes: 651351, ms: 10 };
      engine.tablesProblem = null;
      return engine.tables;
    };
  }
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
  it("forwards the page driver's calls and answers, and says where the search runs", async () => {
    const engine = fakeEngine();
    const { connect } = hostWith([engine]);
    const proxy = await connect();
    expect(proxy.mode).toBe('extension');
    expect(proxy.hostMode).toBe('worker');
    expect(proxy.poolSize).toBe(1);
    expect(proxy.evaluation).toBe('heuristic');
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
    await sleep(20);
    expect(answers).toEqual([
      { id: 1, ok: false, error: 'unknown engine operation "dispose"' },
      { id: 2, ok: false, error: 'the arguments of "bestMove" must be a list' },
    ]);
  });

  it('loads the network with progress, then says the network plays', async () => {
    const { connect } = hostWith([fakeEngine()]);
    const proxy = await connect();
    const progress = [];
    const info = await proxy.loadNetwork(NETWORK, {
      onProgress: (received, total) => progress.push([received, total]),
    });
    expect(info).toMatchObject({ tuples: 4, ms: 20 });
    expect(progress).toEqual([
      [5, 10],
      [10, 10],
    ]);
    expect(proxy.evaluation).toBe('network');
    proxy.dispose();
  });

  it('shares one engine and one network load between tabs', async () => {
    const engine = fakeEngine();
    const { connect, made } = hostWith([engine, fakeEngine()]);
    const [a, b] = await Promise.all([connect(), connect()]);
    const heard = [];
    const loads = await Promise.all([
      a.loadNetwork(NETWORK, { onProgress: () => heard.push('a') }),
      b.loadNetwork(NETWORK, { onProgress: () => heard.push('b') }),
    ]);
    expect(made).toHaveLength(1);
    expect(engine.loads).toBe(1);
    expect(loads[0]).toEqual(loads[1]);
    expect(heard).toContain('b');
    // A tab that comes later gets the loaded network at once.
    const c = await connect();
    expect(c.evaluation).toBe('network');
    await c.loadNetwork(NETWORK);
    expect(engine.loads).toBe(1);
    for (const proxy of [a, b, c]) proxy.dispose();
  });

  it('reports a failed load with its reason, and loads again when asked again', async () => {
    const engine = fakeEngine({ failLoad: 'could not download the network: HTTP 404' });
    const { connect } = hostWith([engine]);
    const proxy = await connect();
    await expect(proxy.loadNetwork(NETWORK)).rejects.toThrow('could not download the network: HTTP 404');
    expect(proxy.evaluation).toBe('heuristic');
    expect(proxy.networkProblem).toBe('could not download the network: HTTP 404'); // a failure carries info too
    await expect(proxy.loadNetwork(NETWORK)).rejects.toThrow('HTTP 404');
    expect(engine.loads).toBe(2);
    proxy.dispose();
  });

  it("loads networks from the extension's own files only", async () => {
    const engine = fakeEngine();
    const { connect } = hostWith([engine]);
    const proxy = await connect();
    await expect(proxy.loadNetwork('https://example.com/network.n2048.gz')).rejects.toThrow(
      'the extension loads its network from its own files only, not from https://example.com/network.n2048.gz',
    );
    await expect(proxy.loadNetwork('not a url')).rejects.toThrow(/own files only/);
    expect(engine.loads).toBe(0);
    proxy.dispose();
  });

  it('loads the endgame table after the network, once for all tabs, and forwards its state', async () => {
    const engine = fakeEngine();
    const { connect } = hostWith([engine]);
    const [a, b] = await Promise.all([connect(), connect()]);
    expect(a.tables).toBeNull();
    await expect(a.loadTables(TABLES)).rejects.toThrow('load the network before the endgame table');
    await a.loadNetwork(NETWORK);
    const progress = [];
    const infos = await Promise.all([
      a.loadTables(TABLES, { onProgress: (received, total) => progress.push([received, total]) }),
      b.loadTables(TABLES),
    ]);
    expect(engine.tableLoads).toBe(2); // the failed one, then one for both tabs
    expect(infos[0]).toEqual(infos[1]);
    expect(infos[0]).toMatchObject({ states: 500000, targets: [256, 512, 1024] });
    expect(progress).toEqual([[3, 6]]);
    expect(a.tables).toMatchObject({ states: 500000 });
    expect(a.tablesProblem).toBeNull();
    await expect(a.loadTables('https://example.com/endgame.t2048.gz')).rejects.toThrow(
      'the extension loads its endgame table from its own files only, not from https://example.com/endgame.t2048.gz',
    );
    a.dispose();
    b.dispose();
  });

  it("passes on why the table did not load, and the network's state stays", async () => {
    const { connect } = hostWith([fakeEngine({ failTables: 'the endgame table file is corrupt (bad)' })]);
    const proxy = await connect();
    await proxy.loadNetwork(NETWORK);
    await expect(proxy.loadTables(TABLES)).rejects.toThrow('the endgame table file is corrupt (bad)');
    expect(proxy.tablesProblem).toBe('the endgame table file is corrupt (bad)');
    expect(proxy.tables).toBeNull();
    expect(proxy.evaluation).toBe('network');
    proxy.dispose();
  });

  it('has no loadNetwork or loadTables where the engine has none', async () => {
    const { connect } = hostWith([fakeEngine({ network: false, tables: false })]);
    const proxy = await connect();
    expect(proxy.loadNetwork).toBeUndefined();
    expect(proxy.loadTables).toBeUndefined();
    expect(proxy.evaluation).toBe('heuristic');
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
    const first = fakeEngine();
    const { connect, host, made } = hostWith([first, fakeEngine()], { idleMs: 30 });
    const a = await connect();
    const b = await connect();
    a.dispose();
    await sleep(60);
    expect(first.disposed).toBe(false); // b still holds it
    b.dispose();
    await sleep(10);
    expect(host.connections).toBe(0);
    expect(first.disposed).toBe(false);
    await sleep(60);
    expect(first.disposed).toBe(true);
    const c = await connect();
    expect(made).toHaveLength(2);
    c.dispose();
  });
});
