// The engine's side of the port, in the extension's offscreen document: one
// engine (createEngine's worker pool, and the learned network once loaded)
// shared by every tab's content script, started on the first connection and
// disposed a while after the last one goes, so a network of 134 MB in memory
// is loaded once, not once per tab.
import { HOST_OPS } from './engine_protocol.js';

const OPS = new Set(HOST_OPS);

function reasonOf(err) {
  return String(err && err.message ? err.message : err);
}

// createEngine(): resolves to an engine (engine.js's API). ownOrigin: the
// extension's origin; the network and the table load from the extension's own
// files only.
// idleMs: how long the engine outlives its last port.
export function createEngineHost({ createEngine, ownOrigin, idleMs = 60_000 }) {
  let starting = null;
  // The network's and the table's loads, by operation: { url, promise, listeners }.
  const loads = new Map();
  let idleTimer = null;
  const ports = new Set();

  function engine() {
    if (!starting) {
      starting = Promise.resolve().then(createEngine);
      // A failed start may be tried again by the next request.
      starting.catch(() => {
        starting = null;
      });
    }
    return starting;
  }

  function infoOf(e) {
    return {
      mode: e.mode,
      poolSize: e.poolSize,
      fallback: e.fallback || null,
      evaluation: e.evaluation || 'heuristic',
      networkProblem: e.networkProblem || null,
      canLoadNetwork: typeof e.loadNetwork === 'function',
      tables: e.tables || null,
      tablesProblem: e.tablesProblem || null,
      canLoadTables: typeof e.loadTables === 'function',
    };
  }

  // One load per file for all tabs (the network, then the table beside it;
  // op: 'loadNetwork' or 'loadTables'): later callers wait for the first and
  // hear its progress.
  function loadShared(e, op, url, onProgress) {
    const what = op === 'loadNetwork' ? 'network' : 'endgame table';
    if (typeof e[op] !== 'function') throw new Error(`this engine cannot load the ${what}`);
    // A prefix, not URL.origin: some runtimes give extension URLs a "null" origin.
    if (typeof url !== 'string' || !url.startsWith(`${ownOrigin}/`)) {
      throw new Error(`the extension loads its ${what} from its own files only, not from ${url}`);
    }
    const current = loads.get(op);
    if (current && current.url === url) {
      current.listeners.add(onProgress);
      const { promise, listeners } = current;
      return promise.finally(() => listeners.delete(onProgress));
    }
    // A new network drops the table that lived beside the old one.
    if (op === 'loadNetwork') loads.delete('loadTables');
    // The first progress may come before the load returns.
    const listeners = new Set([onProgress]);
    const promise = e[op](url, {
      onProgress: (received, total) => {
        for (const listener of listeners) listener(received, total);
      },
    });
    const entry = { url, promise, listeners };
    loads.set(op, entry);
    promise.catch(() => {
      if (loads.get(op) === entry) loads.delete(op);
    });
    return promise.finally(() => listeners.delete(onProgress));
  }

  function post(port, message) {
    try {
      port.postMessage(message);
    } catch {
      // The tab went away meanwhile: nobody to answer.
    }
  }

  async function answer(port, message) {
    const { id, op, args } = message || {};
    let e = null;
    try {
      if (!OPS.has(op)) throw new Error(`unknown engine operation "${op}"`);
      if (!Array.isArray(args)) throw new Error(`the arguments of "${op}" must be a list`);
      e = await engine();
      let result = null;
      if (op === 'loadNetwork' || op === 'loadTables') {
        result = await loadShared(e, op, args[0], (received, total) => post(port, { id, progress: [received, total] }));
      } else if (op !== 'hello' && op !== 'ping') {
        result = await e[op](...args);
      }
      post(port, { id, ok: true, result, info: infoOf(e) });
    } catch (err) {
      // With the engine's state where it started: a failed load's reason is in it.
      post(port, { id, ok: false, error: reasonOf(err), ...(e ? { info: infoOf(e) } : {}) });
    }
  }

  function disposeEngine() {
    idleTimer = null;
    const was = starting;
    starting = null;
    loads.clear();
    if (was)
      was.then(
        (e) => e.dispose(),
        () => {},
      );
  }

  return {
    get connections() {
      return ports.size;
    },
    // port: a runtime.Port (or a fake with the same shape).
    serve(port) {
      ports.add(port);
      clearTimeout(idleTimer);
      idleTimer = null;
      port.onMessage.addListener((message) => {
        answer(port, message);
      });
      port.onDisconnect.addListener(() => {
        ports.delete(port);
        if (ports.size === 0) idleTimer = setTimeout(disposeEngine, idleMs);
      });
    },
  };
}
