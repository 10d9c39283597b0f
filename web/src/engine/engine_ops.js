// The operations an executor (a worker, or the main thread as a fallback)
// runs on its own wasm instance. Requests and results are plain data, so they
// cross postMessage unchanged. Bad input throws the bindings' Error.
import { loadNetworkInto } from './network_loader.js';
import { loadTablesInto } from './tables_loader.js';

export const NO_LEGAL_MOVE = 'the board has no legal move (the game is over): nothing to search';

const OPS = {
  applyMove: (m, [board, dir]) => m.applyMove(board, dir),
  legalMoves: (m, [board]) => m.legalMoves(board),
  gameOver: (m, [board]) => m.gameOver(board),
  search: (m, [board, settings]) => m.search(board, settings),
  evilSpawn: (m, [board, depth]) => m.evilSpawn(board, depth),
  placeTile: (m, [board, cell, value]) => m.placeTile(board, cell, value),
  // Asynchronous: the download reports its progress as it goes.
  loadNetwork: (m, [url], progress) => loadNetworkInto(m, url, progress),
  loadTables: (m, [url], progress) => loadTablesInto(m, url, progress),

  // What a root-parallel search needs first: the settings with their defaults,
  // the legal moves, the depth the position gets by default, the deepest a
  // node budget deepens it (maxDepth, or crowdedMaxDepth on a crowded board)
  // and the depth-0 values (the board after each move), the fallback when a
  // budget stops even depth 1.
  plan: (m, [board, settings]) => {
    const normalized = m.settings(settings);
    const legal = m.legalMoves(board);
    if (legal.length === 0) throw new Error(NO_LEGAL_MOVE);
    const values = [0, 1, 2, 3].map((dir) => m.searchRootMove(board, dir, 0, settings, 0, 0).value);
    return {
      settings: normalized,
      legal,
      chosenDepth: m.chosenDepth(board, settings),
      deepestDepth: m.deepestDepth(board, settings),
      values,
    };
  },

  // One root move to a fixed depth, within nodeLimit nodes (0 for none). No
  // time limit: time budgets run the core's own search (engine.js).
  searchRootMove: (m, [board, dir, depth, settings, nodeLimit]) =>
    m.searchRootMove(board, dir, depth, settings, nodeLimit, 0),
};

// The result, or a promise of it (loadNetwork). progress(received, total),
// where an operation reports any.
export function runOp(module, op, args, progress) {
  const run = OPS[op];
  if (!run) throw new Error(`unknown engine operation "${op}"`);
  return run(module, args, progress);
}
