// How deep a search went, from a selfplay trace (`ai2048 selfplay --trace FILE`):
// the share of moves that finished each depth, split by how crowded the board
// was (empty cells before the move), and the mean time a move. Tells a capped
// search from an uncapped one, and where the budget buys its depth.
//
//   node tools/bench/trace_depths.mjs TRACE.jsonl [TRACE2.jsonl ...]
import fs from 'node:fs';
import { traceMoves } from './trace_lines.mjs';

// Empty-cell buckets: crowded boards are where the late game is won or lost.
export const EMPTY_BUCKETS = [
  { name: '0-2 empty', min: 0, max: 2 },
  { name: '3-5 empty', min: 3, max: 5 },
  { name: '6+ empty', min: 6, max: 16 },
];

export function readTrace(text) {
  return traceMoves(text, 'depth').map((row) => ({
    empty: row.board.filter((v) => v === 0).length,
    depth: row.depth,
    ms: row.ms ?? 0,
  }));
}

// Per bucket: moves, mean depth, the share at each depth, mean ms.
export function depthSummary(moves) {
  const all = { name: 'all', min: 0, max: 16 };
  return [...EMPTY_BUCKETS, all].map((bucket) => {
    const inBucket = moves.filter((m) => m.empty >= bucket.min && m.empty <= bucket.max);
    const byDepth = new Map();
    for (const m of inBucket) byDepth.set(m.depth, (byDepth.get(m.depth) ?? 0) + 1);
    const n = inBucket.length;
    const share = [...byDepth.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([depth, count]) => ({ depth, share: count / n }));
    const mean = (f) => (n ? inBucket.reduce((s, m) => s + f(m), 0) / n : 0);
    return { bucket: bucket.name, moves: n, meanDepth: mean((m) => m.depth), meanMs: mean((m) => m.ms), share };
  });
}

export function formatSummary(rows) {
  return rows
    .map((r) => {
      const shares = r.share.map((s) => `d${s.depth} ${(100 * s.share).toFixed(1)}%`).join(', ');
      return `${r.bucket.padEnd(10)} ${String(r.moves).padStart(6)} moves, mean depth ${r.meanDepth.toFixed(2)}, ${r.meanMs.toFixed(2)} ms: ${shares || '-'}`;
    })
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error('usage: node tools/bench/trace_depths.mjs TRACE.jsonl [...] (ai2048 selfplay --trace)');
    process.exit(2);
  }
  for (const file of files) {
    console.log(`${file}:`);
    console.log(formatSummary(depthSummary(readTrace(fs.readFileSync(file, 'utf8')))));
  }
}
