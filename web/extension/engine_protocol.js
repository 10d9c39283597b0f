// What the extension's parts say to each other about the engine. The engine
// runs in the extension's offscreen document (offscreen.html); a content
// script asks the service worker to make sure that document exists, then
// talks to it over a port named PORT_NAME:
//   content -> host   { id, op, args }          op in HOST_OPS
//   host -> content   { id, ok: true, result, info } | { id, ok: false, error, info? }
//                     { event: 'evaluation', state }: each change of the engine's
//                     evaluation (web/src/engine/evaluation_state.js), to every tab
// info: { mode, poolSize, fallback, evaluationState }, the host engine's state
// after the operation (with a failure too, once the engine has started).
export const PORT_NAME = 'ai2048-engine';
export const ENSURE_HOST = 'ai2048:ensure-engine-host';
export const OFFSCREEN_PATH = 'extension/offscreen.html';
export const NETWORK_PATH = 'network/network.n2048.gz';
// The endgame table, loaded after the network (docs/tables.md).
export const TABLES_PATH = 'tables/endgame.t2048.gz';

// 'hello' starts the engine and answers its info; 'ping' answers at once (to
// measure what the messages cost); the rest are the engine's own methods.
export const HOST_OPS = Object.freeze([
  'hello',
  'ping',
  'bestMove',
  'applyMove',
  'legalMoves',
  'gameOver',
  'loadEvaluation',
]);
