// What the panel says about the engine: where the search runs, the AI's last
// choice and the pace (its evaluation line: web/src/ui/evaluation_text.js,
// shared with the pages). Pure, so Node tests check every wording.

// engine.mode: 'pool' | 'worker' | 'main' for an engine in the page;
// 'extension' for the extension's forwarding engine, whose hostMode says
// where the search runs in the extension's own document.
// threads: how many threads the network searches on (the evaluation state's
// network.threads, once it is in), so the panel and the evaluation line agree.
export function describeSearch(engine, threads = 1) {
  const workers = (mode, size) => {
    if (mode === 'pool') return `${size} workers`;
    if (mode === 'worker') return threads > 1 ? `1 worker, ${threads} threads` : '1 worker';
    return null;
  };
  if (engine.mode === 'extension') {
    return `search: extension, ${workers(engine.hostMode, engine.poolSize) || 'its page thread'}`;
  }
  return `search: ${workers(engine.mode, engine.poolSize) || 'page thread'}`;
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
