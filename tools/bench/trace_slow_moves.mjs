// What the tab was doing during its slow moves, from a Chromium trace that
// `npm run bench:browser -- --trace FILE` recorded (game mode marks each move
// as a "move G.N MS" measure). For each move of at least --min-ms: the long
// events (at least --event-ms) of any thread of the tab that overlap it,
// longest first, wrappers (the task runner's own spans) left out. One JSON
// line a slow move, then a summary: how many slow moves, and how many of them
// overlap a garbage collector's event (V8's or Blink's cppgc).
//   node tools/bench/trace_slow_moves.mjs FILE [--min-ms 30] [--event-ms 10]
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const MOVE = /^move (\d+)\.(\d+) ([\d.]+)$/;
// Spans that only say a task ran, not what it did.
const WRAPPERS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'ThreadController active',
  'ThreadPool_RunTask',
]);
const COLLECTOR = /GC|Sweep|Scaveng|Marking|Mark-Compact/;

export function isCollectorEvent(name) {
  return COLLECTOR.test(name);
}

// trace: the parsed file ({traceEvents} or a bare array). Returns one entry a
// move of at least minMs: {game, move, ms, events: [{thread, name, ms, atMs}]}
// where atMs is the event's start from the move's.
export function slowMoves(trace, { minMs = 30, eventMs = 10 } = {}) {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  }
  const long = events.filter((e) => e.ph === 'X' && e.dur >= eventMs * 1000 && !WRAPPERS.has(e.name));
  const out = [];
  for (const e of events) {
    if (e.cat !== 'blink.user_timing' || (e.ph !== 'b' && e.ph !== 'X')) continue;
    const m = MOVE.exec(e.name);
    if (!m || Number(m[3]) < minMs) continue;
    const ms = Number(m[3]);
    const start = e.ts;
    const end = start + ms * 1000;
    const overlapping = long
      .filter((x) => x.ts < end && x.ts + x.dur > start)
      .sort((a, b) => b.dur - a.dur)
      .map((x) => ({
        thread: threads.get(`${x.pid}:${x.tid}`) ?? String(x.tid),
        name: x.name,
        ms: round(x.dur / 1000),
        atMs: round((x.ts - start) / 1000),
      }));
    out.push({ game: Number(m[1]), move: Number(m[2]), ms, events: overlapping });
  }
  return out.sort((a, b) => a.game - b.game || a.move - b.move);
}

const round = (x) => Number(x.toFixed(2));

function main(argv) {
  const file = argv[0];
  const option = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    const value = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!(value > 0)) throw new Error(`--${name} takes a positive number of ms, got ${argv[i + 1]}`);
    return value;
  };
  if (!file || file.startsWith('--')) throw new Error('usage: trace_slow_moves.mjs FILE [--min-ms 30] [--event-ms 10]');
  const trace = JSON.parse(fs.readFileSync(file, 'utf8'));
  const moves = slowMoves(trace, { minMs: option('min-ms', 30), eventMs: option('event-ms', 10) });
  for (const move of moves) console.log(JSON.stringify(move));
  const withCollector = moves.filter((m) => m.events.some((e) => isCollectorEvent(e.name))).length;
  console.log(JSON.stringify({ slowMoves: moves.length, withCollector }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(`trace_slow_moves: ${err.message}`);
    process.exit(2);
  }
}
