// Two harvest runs on the same boards, board by board: which boards each made
// the tile on, and the exact two-sided sign test (McNemar's) on the boards where
// they differ. Reads the runs' stderr (the line "harvest: the games that made
// it, from 1: ..."), and the count of boards from "harvest: M of N games"; or
// the stdout of `npm run bench:browser -- --from FILE` (its game lines: a
// board made it where the game's largest tile reached twice its start's).
//
//   node tools/bench/harvest_pairs.mjs A.err B.err
//   node tools/bench/harvest_pairs.mjs native.err chromium.jsonl
import fs from 'node:fs';

// The boards a bench:browser --from run made (numbered from 1, as harvest's).
export function benchOutcome(text) {
  const games = text
    .split('\n')
    .filter((line) => line.startsWith('{"game":'))
    .map((line) => JSON.parse(line));
  if (!games.length) throw new Error('no game lines: not a bench:browser run');
  if (games.some((g) => g.startTile === undefined)) throw new Error('games without a start board: not a --from run');
  const made = games.filter((g) => g.maxTile >= 2 * g.startTile).map((g) => g.game + 1);
  return { boards: games.length, made: new Set(made) };
}

// Either kind of run, told apart by its text.
export function runOutcome(text) {
  return /^\{"game":/m.test(text) ? benchOutcome(text) : harvestOutcome(text);
}

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
    console.error(
      'usage: node tools/bench/harvest_pairs.mjs A B (two runs on the same boards: harvest stderr or bench:browser --from stdout)',
    );
    process.exit(2);
  }
  let r;
  try {
    r = comparePairs(runOutcome(fs.readFileSync(fileA, 'utf8')), runOutcome(fs.readFileSync(fileB, 'utf8')));
  } catch (err) {
    console.error(`harvest_pairs: ${err.message}`);
    process.exit(2);
  }
  console.log(`${r.boards} boards: A made ${r.madeA}, B made ${r.madeB}, both ${r.both}`);
  console.log(`only A (${r.onlyA.length}): ${r.onlyA.join(' ') || '-'}`);
  console.log(`only B (${r.onlyB.length}): ${r.onlyB.join(' ') || '-'}`);
  console.log(
    `sign test on the ${r.onlyA.length + r.onlyB.length} boards that differ: p = ${r.p.toFixed(3)} (two-sided)`,
  );
}
