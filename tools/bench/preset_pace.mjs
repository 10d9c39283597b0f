// The pace each strength preset gives (web/src/ui/presets.js): moves a second
// early and late in a game, as the pages play: in headless Chromium, through
// the real engine (engine.js, its workers, the threads build where the page
// is cross-origin isolated) with the learned network and the endgame table,
// and no pause between moves (the Fast and Fastest speeds). Writes
// web/src/ui/preset_pace.js, the one place these figures live; the strength
// lists add them to their labels (presets.js strengthChoices). A measurement,
// not a test: it never fails on a figure. Needs a built dist/ (npm run build).
//   node tools/bench/preset_pace.mjs [--players expectimax,minimax,montecarlo]
//       [--seconds 2.5] [--moves 300] [--note TEXT] [--only t10,d2] [--print]
// --players: whose strengths (default expectimax, the pages' player; greedy
//   and corner have nothing to measure). --seconds, --moves: from each board,
//   moves until that time has passed or that many are played (or the game is
//   over), and the boards again (other spawns) until a stage has run that time
//   a board. --note: the machine's conditions in words (another job on the
//   cores), kept in the file. --only ids, --print: print, write nothing.
//   --rewrite: measure nothing, write the file again from its own figures
//   (after a change to its layout here).
// The boards: tools/bench/preset_pace_boards.txt (early and late). Game g of a
// stage (from 0) plays its board g modulo their number with the spawns of seed
// g + 1; a stage's pace is its moves over their time (the searches and the
// engine calls between moves), after a warm-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { launchBrowser, newPage, repoRoot, serve } from '../harness/browser.js';
import { PLAYERS, searchSettings } from '../../web/src/ui/presets.js';
import { PRESET_PACE } from '../../web/src/ui/preset_pace.js';

const BOARDS_FILE = 'tools/bench/preset_pace_boards.txt';
const OUT_FILE = 'web/src/ui/preset_pace.js';

const args = process.argv.slice(2);
function fail(message) {
  console.error(`preset_pace: ${message}`);
  process.exit(2);
}
const OPTIONS = {
  players: true,
  seconds: true,
  moves: true,
  note: true,
  only: true,
  print: false,
  rewrite: false,
};
for (let i = 0; i < args.length; i++) {
  const name = args[i].replace(/^--/, '');
  if (!args[i].startsWith('--') || !(name in OPTIONS)) fail(`unknown option ${args[i]}`);
  if (OPTIONS[name] && (i + 1 >= args.length || args[i + 1].startsWith('--'))) fail(`--${name} needs a value`);
  if (OPTIONS[name]) i += 1;
}
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
function positive(name, fallback) {
  const n = Number(option(name, fallback));
  if (!(n > 0)) fail(`--${name} must be a positive number, got ${option(name)}`);
  return n;
}
const seconds = positive('seconds', 2.5);
const maxMoves = positive('moves', 300);
const only = option('only', null)?.split(',') ?? null;
const print = args.includes('--print') || only !== null;

// Lines "early|late v1,...,v16"; blank lines and # comments skipped.
function readBoards(file) {
  const boards = { early: [], late: [] };
  fs.readFileSync(path.join(repoRoot, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const text = line.trim();
      if (!text || text.startsWith('#')) return;
      const [stage, values] = text.split(/\s+/);
      const cells = (values ?? '').split(',').map(Number);
      if (!(stage in boards) || cells.length !== 16 || !cells.every((v) => v === 0 || (v >= 2 && !(v & (v - 1))))) {
        fail(`${file}:${i + 1}: expected "early" or "late" and 16 tile values, got "${text}"`);
      }
      boards[stage].push(cells);
    });
  return boards;
}

// What to measure: each player's strengths that search (not Instant).
function presets() {
  const players = option('players', 'expectimax').split(',');
  const list = [];
  for (const id of players) {
    const player = PLAYERS.find((p) => p.id === id);
    if (!player) fail(`unknown player ${id} (${PLAYERS.map((p) => p.id).join(', ')})`);
    for (const strength of player.strengths) {
      if (!Object.keys(strength.settings).length || (only && !only.includes(strength.id))) continue;
      list.push({ player: id, strength: strength.id, settings: searchSettings(id, strength) });
    }
  }
  if (!list.length) fail('nothing to measure');
  return list;
}

// In the page: the engine as the pages load it (network, then the tables),
// kept for the stages that follow.
async function startEngine() {
  const { createEngine } = await import('/src/engine/engine.js');
  const engine = await createEngine();
  const network = await engine.loadNetwork();
  const table = await engine.loadTables();
  globalThis.paceEngine = engine;
  return {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    threads: engine.threads,
    hardwareConcurrency: navigator.hardwareConcurrency,
    network: `${network.weights} weights`,
    table: `${table.states} states`,
  };
}

// In the page: one stage's boards at one setting; resolves to { moves, ms }.
// Each board for up to `seconds` or `maxMoves`; the boards again (new spawns)
// until the stage has run `seconds` a board, so a fast preset is timed as long.
async function playStage({ boards, settings, seconds, maxMoves }) {
  const { playSeededGame } = await import('/src/game/seeded_game.js');
  const engine = globalThis.paceEngine;
  const timeUp = new Error('time up');
  let moves = 0;
  let ms = 0;
  for (let game = 0; ms < seconds * 1000 * boards.length; game++) {
    const started = performance.now();
    let played = 0;
    const chooseMove = async (current, count) => {
      played = count;
      if (count > 0 && performance.now() - started >= seconds * 1000) throw timeUp;
      return (await engine.bestMove(current, settings)).dir;
    };
    const board = boards[game % boards.length];
    try {
      played = (await playSeededGame(engine, { seed: game + 1, board, maxMoves, chooseMove })).moves;
    } catch (err) {
      if (err !== timeUp) throw err;
    }
    ms += performance.now() - started;
    moves += played;
  }
  return { moves, ms };
}

const threeFigures = (x) => Number(x.toPrecision(3));
const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(1)));

// Every preset of the list, on the boards: { machine, players }.
async function measure(boards, list) {
  const machine = {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    loadAverageBefore: loadAverage(),
  };
  const server = await serve();
  const browser = await launchBrowser();
  const players = {};
  try {
    const { page, errors, outside } = await newPage(browser);
    await page.goto(`${server.url}bookmarklet.html`);
    Object.assign(machine, { chromium: browser.version() }, await page.evaluate(startEngine));
    console.log(JSON.stringify(machine));
    // Warm-up, not counted: Chromium first runs the wasm from its baseline
    // compiler and only later from the optimized code, which made the first
    // preset measured several times slower than it plays in a game.
    for (const stage of ['early', 'late']) {
      await page.evaluate(playStage, { boards: boards[stage], settings: { depth: 2 }, seconds, maxMoves });
    }
    for (const { player, strength, settings } of list) {
      const entry = { early: null, late: null, moves: {} };
      for (const stage of ['early', 'late']) {
        const { moves, ms } = await page.evaluate(playStage, { boards: boards[stage], settings, seconds, maxMoves });
        entry[stage] = threeFigures(moves / (ms / 1000));
        entry.moves[stage] = moves;
      }
      players[player] ??= {};
      players[player][strength] = entry;
      console.log(JSON.stringify({ player, strength, settings, ...entry }));
    }
    if (errors.length || outside.length) fail(`page problems: ${JSON.stringify({ errors, outside })}`);
  } finally {
    await browser.close();
    await server.close();
  }
  machine.loadAverageAfter = loadAverage();
  const note = option('note', null);
  if (note !== null) machine.note = note;
  return { machine, players };
}

// The file: prettier's layout, but a player's figures on one line (data, not
// code: laid out one a line, the players' lists repeat each other's shape).
async function writePace({ players, ...about }) {
  const entry = ({ early, late, moves }) =>
    `{ early: ${early}, late: ${late}, moves: { early: ${moves.early}, late: ${moves.late} } }`;
  const lines = Object.entries(players).map(
    ([player, strengths]) =>
      `${player}: { ${Object.entries(strengths)
        .map(([id, e]) => `${id}: ${entry(e)}`)
        .join(', ')} },`,
  );
  const source = `// Generated by tools/bench/preset_pace.mjs: do not edit, run it again
// (CONTRIBUTING.md). Each strength's pace as the pages play it, in moves a
// second early and late in a game (the boards: ${BOARDS_FILE}),
// in Chromium with the learned network and the endgame table and no pause
// between moves; moves: how many each figure counts. presets.js
// strengthChoices adds them to the strength lists' labels.
export const PRESET_PACE = { ${JSON.stringify(about).slice(1, -1)},
  // prettier-ignore
  players: {
${lines.map((line) => `    ${line}`).join('\n')}
  },
};
`;
  const file = path.join(repoRoot, OUT_FILE);
  const config = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(source, { ...config, filepath: file }));
  console.log(`wrote ${OUT_FILE}`);
}

if (args.includes('--rewrite')) {
  await writePace(PRESET_PACE);
} else {
  const measured = await measure(readBoards(BOARDS_FILE), presets());
  if (!print) {
    await writePace({
      command: ['node tools/bench/preset_pace.mjs', ...args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a))].join(
        ' ',
      ),
      date: new Date().toISOString().slice(0, 10),
      boards: BOARDS_FILE,
      perBoard: { seconds, moves: maxMoves },
      ...measured,
    });
  }
}
