// What the panel says about the engine: where the search runs and which
// evaluation it uses. Pure, so Node tests check every wording.

// engine.mode: 'pool' | 'worker' | 'main' for an engine in the page;
// 'extension' for the extension's forwarding engine, whose hostMode says
// where the search runs in the extension's own document.
export function describeSearch(engine) {
  const workers = (mode, size) => {
    if (mode === 'pool') return `${size} workers`;
    if (mode === 'worker') return '1 worker';
    return null;
  };
  if (engine.mode === 'extension') {
    return `search: extension, ${workers(engine.hostMode, engine.poolSize) || 'its page thread'}`;
  }
  return `search: ${workers(engine.mode, engine.poolSize) || 'page thread'}`;
}

// The network's threads from loadNetwork's answer (engine.js): on another
// site's page, not cross-origin isolated, one, and why.
function threadsOf(info) {
  if (!info || !Number.isInteger(info.threads)) return null;
  if (info.threads > 1) return `${info.threads} threads`;
  return info.threadsNote ? `1 thread: ${info.threadsNote}` : null;
}

// The endgame table's part of the line, once the network plays: tables is
// {tables} (loadTables's answer), {loading: true}, {problem} or nothing.
function tablesOf(tables) {
  if (!tables) return '';
  if (tables.loading) return ' · loading the endgame table…';
  if (tables.tables) return ', endgame table';
  return tables.problem ? `; no endgame table: ${tables.problem}` : '';
}

// After a load (info: loadNetwork's answer) or without one; tables: what
// became of the endgame table after it (see tablesOf).
export function describeEvaluation(engine, info = null, tables = null) {
  const network = engine.evaluation ? engine.evaluation === 'network' : Boolean(info);
  if (!network) return 'Evaluation: heuristic';
  const parts = [];
  if (info && Number.isFinite(info.ms)) parts.push(`loaded in ${(info.ms / 1000).toFixed(1)} s`);
  const threads = threadsOf(info);
  if (threads) parts.push(threads);
  return `Evaluation: learned network${parts.length ? ` (${parts.join('; ')})` : ''}${tablesOf(tables)}`;
}

// The AI's last move (result: bestMove's answer): its depth, and the table's
// chance of making the next tile where the endgame table chose it.
export function describeChoice(dirName, result) {
  const table = Number.isFinite(result.tableRate) ? `; endgame table: ${Math.round(result.tableRate * 100)}%` : '';
  return `${dirName} (depth ${result.depth}${table})`;
}

// The panel's stats line: moves, pace, the moves the endgame table chose
// (where it chose any) and the last choice.
export function describeStats({ moves = 0, rate = 0, tableMoves = 0 } = {}, choice = '') {
  const table = tableMoves > 0 ? ` · ${tableMoves} by the endgame table` : '';
  return `${moves} ${moves === 1 ? 'move' : 'moves'} · ${rate.toFixed(1)} moves/s${table}${choice ? ` · AI: ${choice}` : ''}`;
}

// While the network downloads (total 0: its size is not known), then unpacks.
export function describeProgress(received, total) {
  if (total > 0 && received >= total) return 'Evaluation: heuristic · unpacking the learned network…';
  let done = '…';
  if (total > 0) done = ` ${Math.min(100, Math.floor((received / total) * 100))}%`;
  else if (received > 0) done = ` ${(received / 1e6).toFixed(1)} MB`;
  return `Evaluation: heuristic · loading the learned network${done}`;
}

export function describeNetworkFailure(reason) {
  return `Evaluation: heuristic (the learned network did not load: ${reason})`;
}

// The page forbids workers: the search shares the page's thread, where
// unpacking 134 MB of weights would freeze the page for seconds.
export const NO_NETWORK_ON_PAGE_THREAD =
  'Evaluation: heuristic (the learned network runs only in workers, ' + 'which this page forbids)';
