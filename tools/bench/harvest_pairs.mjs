// Two harvest runs on the same boards, board by board: which boards each made
// the tile on, and the exact two-sided sign test (McNemar's) on the boards where
// they differ. Reads the runs' stderr (the line "harvest: the games that made
// it, from 1: ..."), and the count of boards from "harvest: M of N games".
//
//   node tools/bench/harvest_pairs.mjs A.err B.err
import fs from 'node:fs';

// The games a harvest run's stderr names as made, and how many it played.
export function harvestOutcome(text) {
  const total = text.match(/^harvest: \d+ of (\d+) games made a \d+/m);
  const made = text.match(/^harvest: the games that made it, from 1: (.*)$/m);
  if (!total || !made) throw new Error('no "harvest: ... games made" lines: not a finished harvest run');
  const games = made[1].trim() === 'none' ? [] : made[1].trim().split(/\s+/).map(Number);
  return { boards: Number(total[1]), made: new Set(games) };
}

// The chance of a split at least as uneven as a : b under a fair coin, both sides.
export function signTestP(a, b) {
  const n = a + b;
  if (n === 0) return 1;
  const k = Math.min(a, b);
  let tail = 0;
  let term = Math.pow(0.5, n); // C(n, 0) / 2^n
  for (let i = 0; i <= k; i++) {
    tail += term;
    term = (term * (n - i)) / (i + 1);
  }
  return Math.min(1, 2 * tail);
}

export function comparePairs(a, b) {
  if (a.boards !== b.boards) throw new Error(`the runs played ${a.boards} and ${b.boards} boards`);
  const onlyA = [...a.made].filter((i) => !b.made.has(i)).sort((x, y) => x - y);
  const onlyB = [...b.made].filter((i) => !a.made.has(i)).sort((x, y) => x - y);
  const both = [...a.made].filter((i) => b.made.has(i)).length;
  return {
    boards: a.boards,
    madeA: a.made.size,
    madeB: b.made.size,
    both,
    onlyA,
    onlyB,
    p: signTestP(onlyA.length, onlyB.length),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [fileA, fileB] = process.argv.slice(2);
  if (!fileA || !fileB) {
    console.error('usage: node tools/bench/harvest_pairs.mjs A.err B.err (two harvest runs on the same boards)');
    process.exit(2);
  }
  const r = comparePairs(
    harvestOutcome(fs.readFileSync(fileA, 'utf8')),
    harvestOutcome(fs.readFileSync(fileB, 'utf8')),
  );
  console.log(`${r.boards} boards: A made ${r.madeA}, B made ${r.madeB}, both ${r.both}`);
  console.log(`only A (${r.onlyA.length}): ${r.onlyA.join(' ') || '-'}`);
  console.log(`only B (${r.onlyB.length}): ${r.onlyB.join(' ') || '-'}`);
  console.log(
    `sign test on the ${r.onlyA.length + r.onlyB.length} boards that differ: p = ${r.p.toFixed(3)} (two-sided)`,
  );
}
