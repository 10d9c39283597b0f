// How consistent the network's values are where tile downgrading changes its
// reading of a late board (cpp/eval/network_eval.h: a board with a 16384 is read
// with the tiles above its largest missing one halved, its value doubled). For
// the moves of a selfplay trace (`ai2048 selfplay --trace FILE`), the TD residual
//   delta(t) = gain(t) + Q(t+1) - Q(t),
// Q(t) the depth-0 value of the move played at t (its gain plus the network's
// value of the board after it), grouped by how the reading changed between the
// boards before moves t+1 and t+2 (the boards the moves t and t+1 left, each with
// its spawn). A consistent evaluation has residuals near 0 on average; a reading
// change with a mean far from 0 is a step in the values that a search sees
// whenever that change falls within its horizon.
//
//   node tools/bench/reading_residuals.mjs TRACE.jsonl [--min N] [-- suggest options]
// runs `ai2048 suggest --boards ... --depth 0 --tables off` on the trace's boards
// (options after -- go to it: --network FILE, --downgrade off, ...).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonLines, runNative } from '../harness/native_cli.js';
import { traceMoves } from './trace_lines.mjs';

const DOWNGRADE_FROM = 14; // the largest tile's exponent from which boards are downgraded

const exponent = (v) => (v === 0 ? 0 : Math.log2(v));

// The gaps of each downgrading step of a board (empty: read as it stands), as
// downgraded() in cpp/eval/network_eval.h takes them (keep the two in step).
export function readingOf(board) {
  let e = board.map(exponent);
  const gaps = [];
  for (;;) {
    const seen = new Set(e);
    const top = Math.max(...e);
    if (top < DOWNGRADE_FROM) break;
    let gap = top - 1;
    while (gap >= 1 && seen.has(gap)) gap--;
    if (gap < 1) break;
    e = e.map((x) => (x > gap ? x - 1 : x));
    gaps.push(gap);
  }
  return gaps;
}

const label = (gaps) => `(${gaps.join(',')})`;

// Trace rows (in file order) to games, each its moves in order.
export function readTraceGames(text) {
  const games = new Map();
  for (const move of traceMoves(text, 'dir')) {
    const game = move.game ?? 0;
    if (!games.has(game)) games.set(game, []);
    games.get(game).push({ board: move.board, dir: move.dir, gain: move.gain ?? 0 });
  }
  return [...games.values()];
}

// values[g][t]: the four directions' depth-0 values of game g's move t.
// Per reading change ("same" where none): count, mean residual, its standard error.
export function residualsByReading(games, values) {
  const groups = new Map();
  games.forEach((moves, g) => {
    const reading = moves.map((m) => label(readingOf(m.board)));
    for (let t = 0; t + 2 < moves.length; t++) {
      const q0 = values[g][t][moves[t].dir];
      const q1 = values[g][t + 1][moves[t + 1].dir];
      const delta = q1 - q0 + moves[t].gain;
      const [from, to] = [reading[t + 1], reading[t + 2]];
      const key = from === to ? 'same' : `${from} -> ${to}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(delta);
    }
  });
  return [...groups.entries()]
    .map(([change, d]) => {
      const mean = d.reduce((s, x) => s + x, 0) / d.length;
      const variance = d.reduce((s, x) => s + (x - mean) ** 2, 0) / d.length;
      return { change, n: d.length, mean, se: Math.sqrt(variance / d.length) };
    })
    .sort((a, b) => b.n - a.n);
}

export function formatResiduals(rows, minCount = 1) {
  return rows
    .filter((r) => r.n >= minCount)
    .map(
      (r) =>
        `${r.change.padEnd(22)} n ${String(r.n).padStart(7)}  mean ${Math.round(r.mean).toString().padStart(8)}  se ${Math.round(r.se).toString().padStart(6)}`,
    )
    .join('\n');
}

// The depth-0 values of every board of the games, by the native CLI.
function depthZeroValues(games, suggestArgs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'residuals-'));
  try {
    const file = path.join(dir, 'boards.txt');
    const moves = games.flat();
    fs.writeFileSync(file, moves.map((m) => m.board.join(',')).join('\n') + '\n');
    const rows = jsonLines(runNative(['suggest', '--boards', file, '--depth', '0', '--tables', 'off', ...suggestArgs]));
    if (rows.length !== moves.length || rows.some((row) => !Array.isArray(row.values))) {
      throw new Error(`suggest answered ${rows.length} boards of ${moves.length}, or without their values`);
    }
    let next = 0;
    return games.map((moves) => moves.map(() => rows[next++].values));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const split = args.indexOf('--');
  const own = split < 0 ? args : args.slice(0, split);
  const suggestArgs = split < 0 ? [] : args.slice(split + 1);
  const minAt = own.indexOf('--min');
  const minCount = minAt < 0 ? 20 : Number(own[minAt + 1]);
  const files = minAt < 0 ? own : own.filter((_, i) => i !== minAt && i !== minAt + 1);
  if (files.length !== 1 || !Number.isInteger(minCount)) {
    console.error('usage: node tools/bench/reading_residuals.mjs TRACE.jsonl [--min N] [-- suggest options]');
    process.exit(2);
  }
  const games = readTraceGames(fs.readFileSync(files[0], 'utf8'));
  console.log(formatResiduals(residualsByReading(games, depthZeroValues(games, suggestArgs)), minCount));
}
