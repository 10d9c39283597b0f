// npm run bench:browser: the engine measured in headless Chromium, through the
// real engine (engine.js, its workers, the WebAssembly threads build where the
// page is cross-origin isolated) with the real network loaded. Needs a built
// dist/ (npm run build). A measurement, not a test: it never fails on a figure.
//
// Speed mode (browser_speed.mjs): nodes/s on the fixed positions of
// `ai2048 bench`, with 1, 2 and all threads (the engine's default: one per
// core, at most 4).
//   npm run bench:browser -- --speed [--depth 3] [--repeat 2] [--threads 1,2,4]
//   last line: {threads: [...], nodesPerSecond: [...], msPerSearch: [...], crossOriginIsolated, ...}
//
// Game mode (browser_games.mjs), the default: whole games with the network and
// the shipped endgame table, at one preset.
//   npm run bench:browser -- [--games 3] [--seed 1] [--from FILE [--until-target]] [--max-moves M] [--spawns app|native]
//       [--depth 2 | --time-ms T | --nodes K] [--phase on|off] [--max-depth D] [--threads N]
//       [--tables on|off]   (the play page's default: --time-ms 10 --phase on --max-depth 3)
//   --from FILE: games from its boards (lines of 16 tile values, as
//   `ai2048 harvest` prints them), the first --games of them (default all);
//   game i's spawns come from seed + i. --until-target (with --from): each
//   game ends once it makes twice its start's largest tile, as `ai2048
//   harvest --tile` ends a conversion (without it, a game plays to its end).
//   --spawns native: the tiles `ai2048` draws from the same seeds (the app's
//   own generator by default): with --nodes and --threads 1 the games are the
//   CLI's move for move, so runs pair board by board with native ones.
//   One JSON line a game (its last board included), then a summary:
//   mean and median score, tile reach, conversion (--from: the share that made
//   twice the start's largest tile), moves/s, ms a move (p50, p95) by largest
//   tile and by empty cells (lists, in order), nodes a move, threads,
//   crossOriginIsolated, mailbox (requests in shared memory: mailbox.js),
//   the longest main-thread blocks (long tasks, and the longest gap between
//   frames), and the tab's memory (renderer_memory.mjs)
//   at load, at its peak (sampled every 2 s) and at the end.
//
// Memory mode (browser_memory.mjs): the tab's memory with the engine alone,
// the network, and the network and the endgame table, at each thread count,
// right after the load and once the workers' garbage is collected.
//   npm run bench:browser -- --memory [--threads 1,2,4] [--settle 20]
//   npm run bench:browser -- --memory --page demo.html [--settle 20]
//       (a page as a visitor opens it: sampled once its network is in use)
//
// All: --no-isolation serves the pages without COOP/COEP (the single-threaded
// fallback); --dist DIR serves another built site than dist/ (to compare builds).
// Speed and game mode: --trace FILE records a Chromium trace of the run (every
// thread of the tab: tasks, V8's and Blink's garbage collection; in game mode
// each move as a "move G.N MS" measure), for `node tools/bench/trace_slow_moves.mjs
// FILE`; a diagnosis, not a measure (tracing slows the tab).
import fs from 'node:fs';
import { launchBrowser, newPage, serve } from '../harness/browser.js';
import { benchPositions } from './bench_positions.mjs';
import { playGames, summarizeGames } from './browser_games.mjs';
import { measurePage, runMemory } from './browser_memory.mjs';
import { measureSpeed, speedSummary } from './browser_speed.mjs';
import { tabCpuMs, tabMemory } from './renderer_memory.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
function fail(message) {
  console.error(`bench:browser: ${message}`);
  process.exit(2);
}
// A whole number from min up, or the fallback when the option is absent.
function count(name, fallback, min = 1) {
  const text = option(name, null);
  if (text === null) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number from ${min}, got ${text}`);
  return n;
}
function onOff(name, fallback) {
  const text = option(name, fallback);
  if (text !== 'on' && text !== 'off') fail(`--${name} must be on or off, got ${text}`);
  return text === 'on';
}

// Every option, and whether it takes a value: a misspelt one is refused.
const OPTIONS = {
  speed: false,
  memory: false,
  'no-isolation': false,
  dist: true,
  depth: true,
  repeat: true,
  threads: true,
  games: true,
  seed: true,
  from: true,
  'until-target': false,
  spawns: true,
  'max-moves': true,
  'time-ms': true,
  nodes: true,
  phase: true,
  'max-depth': true,
  tables: true,
  settle: true,
  page: true,
  trace: true,
};
for (let i = 0; i < args.length; i++) {
  const name = args[i].replace(/^--/, '');
  if (!args[i].startsWith('--') || !(name in OPTIONS)) fail(`unknown option ${args[i]}`);
  if (OPTIONS[name] && (i + 1 >= args.length || args[i + 1].startsWith('--'))) fail(`--${name} needs a value`);
  if (OPTIONS[name]) i += 1;
}

const isTile = (v) => v === 0 || (Number.isInteger(v) && v >= 2 && v <= 131072 && (v & (v - 1)) === 0);
// Lines of 16 tile values (commas or spaces); blank lines and # comments skipped.
function readBoards(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    fail(`cannot read --from ${file}: ${err.message}`);
  }
  const boards = [];
  text.split('\n').forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const cells = trimmed.split(/[\s,]+/).map(Number);
    const ok = cells.length === 16 && cells.every(isTile);
    if (!ok) fail(`${file}:${i + 1}: expected 16 tile values (0, or 2 to 131072), got "${trimmed}"`);
    boards.push(cells);
  });
  if (!boards.length) fail(`${file} holds no board`);
  return boards;
}

// The search settings of game mode: one budget, phase, threads.
function gameSettings() {
  const budgets = ['depth', 'time-ms', 'nodes'].filter((name) => option(name, null) !== null);
  if (budgets.length > 1) fail(`give one budget, not ${budgets.map((b) => `--${b}`).join(' and ')}`);
  const settings = {};
  if (budgets[0] === 'time-ms') settings.timeMs = count('time-ms');
  else if (budgets[0] === 'nodes') settings.nodes = count('nodes');
  else settings.depth = count('depth', 2);
  if (onOff('phase', 'off')) {
    if (settings.depth) fail('--phase on spreads a --time-ms or --nodes budget, not a depth');
    settings.phase = true;
  }
  if (option('max-depth', null) !== null) {
    if (settings.depth) fail('--max-depth caps the deepening of a --time-ms or --nodes budget, not a depth');
    settings.maxDepth = count('max-depth');
  }
  if (option('threads', null) !== null) settings.threads = count('threads');
  return settings;
}

function gameList() {
  const seed = count('seed', 1, 0);
  const maxMoves = count('max-moves', Infinity);
  const file = option('from', null);
  const untilTarget = args.includes('--until-target');
  // native: the tiles ai2048 draws from the same seeds (native_spawns.js), so
  // at a node budget on one thread the games are the CLI's move for move.
  const spawns = option('spawns', 'app');
  if (spawns !== 'app' && spawns !== 'native') fail(`--spawns must be app or native, got ${spawns}`);
  if (untilTarget && file === null) fail('--until-target ends games from --from boards: give --from FILE');
  if (file === null) {
    return Array.from({ length: count('games', 3) }, (_, i) => ({ index: i, seed: seed + i, maxMoves, spawns }));
  }
  const boards = readBoards(file);
  const games = count('games', boards.length);
  if (games > boards.length) fail(`--games ${games}, but ${file} holds ${boards.length} boards`);
  return boards.slice(0, games).map((board, i) => ({
    index: i,
    seed: seed + i,
    board,
    maxMoves,
    spawns,
    ...(untilTarget ? { stopTile: 2 * Math.max(...board) } : {}),
  }));
}

async function runSpeed(page) {
  const depth = count('depth', 3);
  const repeat = count('repeat', 2);
  const asked = option('threads', null) === null ? null : threadCounts();
  const positions = benchPositions();
  await page.exposeFunction('benchCpuMs', () => tabCpuMs());
  const started = Date.now();
  const result = await page.evaluate(measureSpeed, {
    positions: positions.map((p) => p.board),
    depth,
    repeat,
    asked,
  });
  for (const { values, dirs, ...row } of result.rows) console.log(JSON.stringify(row));
  const summary = speedSummary(result, { depth, positions: positions.length, repeat });
  console.log(JSON.stringify({ ...summary, seconds: Math.round((Date.now() - started) / 1000) }));
}

async function runGames(page) {
  const settings = gameSettings();
  const games = gameList();
  const tables = onOff('tables', 'on');
  const results = [];
  // The tab's renderer (tabMemory), at load and at its peak during the games.
  const memory = { loaded: null, peak: 0, last: null, browserUiMb: 0 };
  const sample = () => {
    const now = tabMemory();
    memory.peak = Math.max(memory.peak, now.tabMb);
    memory.last = now.tabMb;
    memory.browserUiMb = now.browserUiMb;
    return now.tabMb;
  };
  await page.exposeFunction('benchLoaded', () => {
    memory.loaded = sample();
  });
  // Each game's line carries the tab's memory when it ended: over many games
  // a leak shows as a climb, where the peak alone cannot tell one from a spike.
  await page.exposeFunction('benchGame', (line) => {
    const tabMb = sample();
    results.push(line);
    console.log(JSON.stringify({ ...line, tabMb }));
  });
  const sampler = setInterval(sample, 2000);
  // The games' memory only: returning every move's record to Node serializes
  // hundreds of thousands of values in the tab (500 MB over 100 conversions),
  // which is the bench's cost, not the page's.
  await page.exposeFunction('benchEnded', () => {
    sample();
    clearInterval(sampler);
  });
  const started = Date.now();
  try {
    const markMoves = option('trace', null) !== null;
    const played = await page.evaluate(playGames, { games, settings, threads: settings.threads, tables, markMoves });
    console.log(
      JSON.stringify({
        bench: 'browser-games',
        settings,
        tables,
        from: option('from', null),
        ...summarizeGames(results, played),
        ...played.state,
        tabMemoryMb: memory,
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
  } finally {
    clearInterval(sampler);
  }
}

// A list of thread counts: "1,2,4".
function threadCounts(fallback) {
  const text = option('threads', fallback);
  const counts = text.split(',').map(Number);
  if (!counts.every((n) => Number.isInteger(n) && n >= 1)) fail(`--threads takes counts like 1,2,4, got ${text}`);
  return counts;
}

// What --trace records: tasks and V8's collector on every thread, Blink's
// (cppgc, whose sweeping can hold a worker for a whole move), the moves.
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'disabled-by-default-v8.gc',
  'cppgc',
  'disabled-by-default-cppgc',
];

const server = await serve(option('dist', undefined), { isolated: !args.includes('--no-isolation') });
if (args.includes('--memory')) {
  try {
    const settle = count('settle', 20, 0);
    const page = option('page', null);
    const summary = page
      ? await measurePage(server.url, page, settle)
      : await runMemory(server.url, { threadCounts: threadCounts('1,2'), settle });
    console.log(JSON.stringify(summary));
  } finally {
    await server.close();
  }
  process.exit(0);
}
const browser = await launchBrowser();
try {
  const { page, errors, outside } = await newPage(browser);
  await page.goto(`${server.url}bookmarklet.html`);
  const trace = option('trace', null);
  if (trace !== null) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
  if (args.includes('--speed')) await runSpeed(page);
  else await runGames(page);
  if (trace !== null) await browser.stopTracing();
  if (errors.length || outside.length) console.error('page problems:', { errors, outside });
} finally {
  await browser.close();
  await server.close();
}
