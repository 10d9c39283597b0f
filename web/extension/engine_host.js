// The engine's side of the port, in the extension's offscreen document: one
// engine (createEngine's worker pool, and the learned network once loaded)
// shared by every tab's content script, started on the first connection and
// disposed a while after the last one goes, so a network of 134 MB in memory
// is loaded once, not once per tab. Each change of its evaluation is sent to
// every tab.
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
  let idleTimer = null;
  const ports = new Set();

  // Every tab hears each change of the one engine's evaluation.
  function broadcast(state) {
    for (const port of ports) post(port, { event: 'evaluation', state });
  }

  function engine() {
    if (!starting) {
      starting = Promise.resolve()
        .then(createEngine)
        .then((e) => {
          e.on('evaluation', broadcast);
          return e;
        });
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
      evaluationState: e.evaluationState,
    };
  }

  // The network and the table load from the extension's own files only; the
  // engine loads them once for all tabs (a later tab's call waits for the
  // first load, or answers at once).
  function loadEvaluation(e, { network = null, tables = null } = {}) {
    for (const [what, url] of [
      ['network', network],
      ['endgame table', tables],
    ]) {
      // A prefix, not URL.origin: some runtimes give extension URLs a "null" origin.
      if (url !== null && (typeof url !== 'string' || !url.startsWith(`${ownOrigin}/`))) {
        throw new Error(`the extension loads its ${what} from its own files only, not from ${url}`);
      }
    }
    return e.loadEvaluation({ network, tables });
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
      if (op === 'loadEvaluation') {
        result = await loadEvaluation(e, args[0]);
      } else if (op !== 'hello' && op !== 'ping') {
        result = await e[op](...args);
      }
      post(port, { id, ok: true, result, info: infoOf(e) });
    } catch (err) {
      post(port, { id, ok: false, error: reasonOf(err), ...(e ? { info: infoOf(e) } : {}) });
    }
  }

  function disposeEngine() {
    idleTimer = null;
    const was = starting;
    starting = null;
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
