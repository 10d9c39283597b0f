// The content script's engine: the same methods the page driver and the
// session use (bestMove, applyMove, legalMoves, gameOver, loadEvaluation,
// dispose, mode, poolSize, fallback, evaluationState, on('evaluation')), each
// forwarded over a port
// to the engine in the extension's offscreen document. That engine searches
// in workers under the extension's own origin and policy, so a page's
// Content Security Policy never reaches it.
import { PORT_NAME } from './engine_protocol.js';
import { EvaluationState } from '../src/engine/evaluation_state.js';
import { RpcClient } from '../src/engine/rpc_client.js';

// The port went away: the offscreen document closed, or the extension was
// reloaded or removed.
const GONE = "the extension's engine is no longer reachable";

// port: a runtime.Port-like object { postMessage, disconnect, onMessage,
// onDisconnect }. Resolves once the host's engine has started.
export async function createEngineProxy(port, { startMs = 60_000 } = {}) {
  let info = {};
  // The engine's one request client (rpc_client.js); a port that cannot
  // carry a request has gone.
  const rpc = new RpcClient((message) => {
    try {
      port.postMessage(message);
    } catch {
      rpc.close(GONE);
    }
  });
  const call = (op, args) => rpc.call(op, args);

  // The host engine's evaluation, as its events tell it.
  const evaluation = new EvaluationState();

  port.onMessage.addListener((message) => {
    if (message && message.event === 'evaluation') {
      evaluation.set(message.state);
      return;
    }
    if (rpc.receive(message) && message.info) info = message.info;
  });
  port.onDisconnect.addListener(() => rpc.close(GONE));

  const engine = {
    get mode() {
      return rpc.closed ? 'disposed' : 'extension';
    },
    // Where the search runs inside the extension: 'pool' | 'worker' | 'main'.
    get hostMode() {
      return info.mode;
    },
    get poolSize() {
      return info.poolSize;
    },
    get fallback() {
      return info.fallback || null;
    },
    get evaluationState() {
      return evaluation.current;
    },
    on(event, listener) {
      if (event !== 'evaluation') throw new Error(`unknown engine event "${event}": the engine has "evaluation"`);
      return evaluation.on(listener);
    },
    // Asks the host's engine for its network and table (engine.loadEvaluation).
    loadEvaluation: ({ network = null, tables = null } = {}) => call('loadEvaluation', [{ network, tables }]),
    bestMove: (board, settings = {}) => call('bestMove', [board, settings]),
    applyMove: (board, dir) => call('applyMove', [board, dir]),
    legalMoves: (board) => call('legalMoves', [board]),
    gameOver: (board) => call('gameOver', [board]),
    // One message there and back, no engine work: what forwarding costs.
    ping: () => call('ping', []),
    dispose() {
      if (rpc.closed) return;
      rpc.close('the engine was disposed');
      port.disconnect();
    },
  };

  let timer;
  const late = new Promise((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the extension's engine did not start within ${startMs / 1000} s`)),
      startMs,
    );
  });
  try {
    await Promise.race([call('hello', []), late]);
    // The state when the engine answered; its events follow on the same port.
    if (info.evaluationState) evaluation.set(info.evaluationState);
  } catch (err) {
    engine.dispose();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return engine;
}

// In a content script: has the service worker open the offscreen document,
// then connects to it. api: the extension API object (chrome / browser).
export async function connectExtensionEngine(api, ensureHostMessage) {
  const answer = await api.runtime.sendMessage(ensureHostMessage);
  if (!answer || !answer.ok) {
    throw new Error(`the extension could not open its engine page (${answer ? answer.error : 'no answer'})`);
  }
  return createEngineProxy(api.runtime.connect({ name: PORT_NAME }));
}
