// Game mode of npm run bench:browser: whole games in the page, through the real
// engine (engine.js, the threads build where the page is cross-origin
// isolated) with the shipped network and endgame table. playGames runs in the
// page; summarizeGames turns its moves into the figures. A measurement, not a
// test: nothing here fails on a figure.

// Runs in the page (page.evaluate): each game from two seeded spawns, or from
// a given board, to its end, maxMoves or (stopTile) the first board holding
// that tile, through the app's own loop and spawn
// rule (web/src/game/seeded_game.js). Each
// finished game goes to window.benchGame (exposed by the bench), which prints
// its line; window.benchEnded marks the end of the games (the bench's memory
// sampling stops there). Resolves to every move's [ms, nodes, largest tile, empty cells,
// ms over the move's time allocation (timeMs, times its allocation with phase),
// the game's index, the move's number in its game (from 1)],
// the longest main-thread blocks and the engine's state. markMoves: each move
// also leaves a user-timing measure "move G.N MS" (for --trace: it lands in
// the trace, then is cleared so long runs keep no timeline).
export async function playGames({ games, settings, threads, tables, markMoves = false }) {
  const { createEngine } = await import('/src/engine/engine.js');
  const { playSeededGame } = await import('/src/game/seeded_game.js');

  // The longest main-thread blocks while the games run: long tasks (50 ms or
  // more, Chromium's own measure) and the longest gap between two frames.
  const blocks = { longTasks: 0, longestTaskMs: 0, longestFrameGapMs: 0, frames: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      blocks.longTasks += 1;
      blocks.longestTaskMs = Math.max(blocks.longestTaskMs, entry.duration);
    }
  });
  observer.observe({ type: 'longtask' });
  let running = true;
  let lastFrame = null;
  const frame = (now) => {
    if (lastFrame !== null) blocks.longestFrameGapMs = Math.max(blocks.longestFrameGapMs, now - lastFrame);
    blocks.frames += 1;
    lastFrame = now;
    if (running) globalThis.requestAnimationFrame(frame);
  };

  const engine = await createEngine(threads ? { threads } : {});
  const loadStarted = performance.now();
  const network = await engine.loadNetwork();
  const table = tables ? await engine.loadTables() : null;
  const loadMs = performance.now() - loadStarted;
  await globalThis.benchLoaded();
  globalThis.requestAnimationFrame(frame);

  const moves = [];
  const started = performance.now();
  for (const game of games) {
    const startTile = game.board ? Math.max(...game.board) : null;
    const gameStarted = performance.now();
    let nodes = 0;
    const chooseMove = async (board, count) => {
      const t = performance.now();
      const result = await engine.bestMove(board, settings);
      const ms = performance.now() - t;
      if (markMoves) {
        performance.measure(`move ${game.index}.${count + 1} ${ms.toFixed(2)}`, { start: t });
        performance.clearMeasures();
      }
      const empty = board.filter((v) => v === 0).length;
      const allocation = settings.timeMs ? settings.timeMs * (result.allocation ?? 1) : null;
      moves.push([
        ms,
        result.nodes,
        Math.max(...board),
        empty,
        allocation ? ms / allocation : null,
        game.index,
        count + 1,
      ]);
      nodes += result.nodes;
      return result.dir;
    };
    const {
      board,
      score,
      moves: count,
    } = await playSeededGame(engine, {
      seed: game.seed,
      board: game.board,
      maxMoves: game.maxMoves,
      stopTile: game.stopTile,
      spawns: game.spawns,
      chooseMove,
    });
    const seconds = (performance.now() - gameStarted) / 1000;
    // score: what this game gained (from a given board, its own moves only).
    await globalThis.benchGame({
      game: game.index,
      seed: game.seed,
      ...(game.board ? { startTile } : {}),
      score,
      maxTile: Math.max(...board),
      moves: count,
      // over: the game ended with no move left (not stopped at maxMoves or stopTile).
      over: count < game.maxMoves && Math.max(...board) < (game.stopTile ?? Infinity),
      board,
      seconds: Number(seconds.toFixed(2)),
      nodesPerMove: count ? Math.round(nodes / count) : 0,
    });
  }
  const wallMs = performance.now() - started;
  await globalThis.benchEnded();
  running = false;
  observer.disconnect();
  const state = {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    threads: engine.threads,
    threadsNote: engine.threadsNote,
    mailbox: engine.mailbox,
    hardwareConcurrency: navigator.hardwareConcurrency,
    network: `${network.weights} weights`,
    table: table ? `${table.states} states` : 'off',
    loadMs: Math.round(loadMs),
  };
  engine.dispose();
  return { moves, wallMs, blocks, state };
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

// p50 and p95 of the moves' ms per phase, in the phases' order: phases are
// [top, name]; a move is in the first whose top is at least its key (move[at]).
function msByPhase(moves, at, phases) {
  const out = [];
  let below = -Infinity;
  for (const [top, phase] of phases) {
    const ms = moves.filter((m) => m[at] > below && m[at] <= top).map((m) => m[0]);
    below = top;
    if (!ms.length) continue;
    ms.sort((a, b) => a - b);
    out.push({ phase, moves: ms.length, p50: round(percentile(ms, 0.5)), p95: round(percentile(ms, 0.95)) });
  }
  return out;
}

const round = (x, digits = 2) => (x === null ? null : Number(x.toFixed(digits)));
const TILE_PHASES = [
  [2048, '<=2048'],
  [4096, '4096'],
  [8192, '8192'],
  [16384, '16384'],
  [Infinity, '>=32768'],
];
const EMPTY_PHASES = [
  [2, '0-2'],
  [5, '3-5'],
  [9, '6-9'],
  [16, '10-16'],
];

// The summary line's figures from the games' lines and playGames' result.
export function summarizeGames(results, { moves, wallMs, blocks }) {
  const scores = results.map((r) => r.score).sort((a, b) => a - b);
  const reach = {};
  for (const tile of [2048, 4096, 8192, 16384, 32768, 65536]) {
    reach[tile] = round(results.filter((r) => r.maxTile >= tile).length / results.length, 3);
  }
  const fromBoards = results.filter((r) => r.startTile !== undefined);
  const nodes = moves.reduce((s, m) => s + m[1], 0);
  const ms = moves.map((m) => m[0]).sort((a, b) => a - b);
  const overAllocation = moves
    .map((m) => m[4])
    .filter((x) => x !== null && x !== undefined)
    .sort((a, b) => a - b);
  // The move furthest over its allocation, to tell a slow search from a tiny allocation.
  const worst = moves.reduce((w, m) => (m[4] != null && (!w || m[4] > w[4]) ? m : w), null);
  return {
    games: results.length,
    meanScore: Math.round(scores.reduce((s, x) => s + x, 0) / scores.length),
    medianScore: percentile(scores, 0.5),
    reach,
    // From harvested boards: the share that made the next tile (twice the start's largest).
    ...(fromBoards.length
      ? { conversion: round(fromBoards.filter((r) => r.maxTile >= 2 * r.startTile).length / fromBoards.length, 3) }
      : {}),
    moves: moves.length,
    movesPerSecond: round(moves.length / (wallMs / 1000), 1),
    msPerMove: {
      mean: ms.length ? round(ms.reduce((s, x) => s + x, 0) / ms.length) : null,
      p50: round(percentile(ms, 0.5)),
      p95: round(percentile(ms, 0.95)),
      max: round(ms.at(-1) ?? null),
    },
    // With a time budget: each move's time over its allocation (issue 26's goal:
    // median 0.7-1.1, none above 3).
    ...(overAllocation.length
      ? {
          msOverAllocation: {
            p50: round(percentile(overAllocation, 0.5)),
            p95: round(percentile(overAllocation, 0.95)),
            max: round(overAllocation.at(-1)),
            aboveThree: overAllocation.filter((x) => x > 3).length,
            worst: {
              ms: round(worst[0]),
              allocationMs: round(worst[0] / worst[4]),
              nodes: worst[1],
              largestTile: worst[2],
              emptyCells: worst[3],
              game: worst[5],
              move: worst[6],
            },
          },
        }
      : {}),
    msByLargestTile: msByPhase(moves, 2, TILE_PHASES),
    msByEmptyCells: msByPhase(moves, 3, EMPTY_PHASES),
    nodesPerMove: moves.length ? Math.round(nodes / moves.length) : 0,
    mainThread: {
      longTasks: blocks.longTasks,
      longestTaskMs: round(blocks.longestTaskMs, 1),
      longestFrameGapMs: round(blocks.longestFrameGapMs, 1),
      frames: blocks.frames,
    },
  };
}
