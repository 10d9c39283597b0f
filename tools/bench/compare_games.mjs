// Two players' games side by side, with how far chance alone would move them:
// two `ai2048 selfplay` outputs (whole games on seeds, or `--from` boards, one
// JSON line a game with its seed or board number), paired by seed. Prints the
// mean score and the rate of reaching a tile for each, their differences with a
// standard error, and for the tile the games only one of the two reached it
// in, with a sign test on them. Games on the same seed share their start and
// part with the first move that differs, so the pairing helps the mean little;
// the standard errors say whether a difference is more than chance (about 2 or
// more). Prints one JSON line last.
//
//   node tools/bench/compare_games.mjs A.jsonl B.jsonl [--tile T]   (32768)
import fs from 'node:fs';
import { jsonLines } from '../harness/native_cli.js';

// The game lines of a selfplay output, by seed.
export function gamesBySeed(lines) {
  const games = new Map();
  for (const line of lines)
    if (Number.isFinite(line?.seed) && Number.isFinite(line.score) && Number.isFinite(line.maxTile))
      games.set(line.seed, line);
  return games;
}

const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
// The standard error of a mean of xs (0 for fewer than two).
function standardError(xs) {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
}

// a, b: games by seed. Only the seeds both played count.
export function compareGames(a, b, tile = 32768) {
  const seeds = [...a.keys()].filter((seed) => b.has(seed)).sort((x, y) => x - y);
  if (!seeds.length) throw new Error('the two outputs share no seed');
  const side = (games) => {
    const scores = seeds.map((seed) => games.get(seed).score);
    const reached = seeds.map((seed) => (games.get(seed).maxTile >= tile ? 1 : 0));
    return { mean: mean(scores), meanError: standardError(scores), rate: mean(reached), reached };
  };
  const first = side(a),
    second = side(b);
  const differences = seeds.map((seed) => a.get(seed).score - b.get(seed).score);
  const n = seeds.length;
  const onlyFirst = seeds.filter((_, i) => first.reached[i] && !second.reached[i]).length;
  const onlySecond = seeds.filter((_, i) => !first.reached[i] && second.reached[i]).length;
  const rateError = Math.sqrt((first.rate * (1 - first.rate)) / n + (second.rate * (1 - second.rate)) / n);
  const discordant = onlyFirst + onlySecond;
  return {
    games: n,
    left: { a: a.size - n, b: b.size - n },
    tile,
    a: { mean: first.mean, meanError: first.meanError, rate: first.rate },
    b: { mean: second.mean, meanError: second.meanError, rate: second.rate },
    meanDifference: mean(differences),
    meanDifferenceError: standardError(differences),
    rateDifference: first.rate - second.rate,
    rateDifferenceError: rateError,
    onlyA: onlyFirst,
    onlyB: onlySecond,
    signTest: discordant ? (onlyFirst - onlySecond) / Math.sqrt(discordant) : 0,
  };
}

// A difference in standard errors, as printed ("-" where there is no spread).
const inErrors = (difference, error) => (error > 0 ? (difference / error).toFixed(1) : '-');

if (import.meta.url === `file://${process.argv[1]}`) {
  const [fileA, fileB, flag, value] = process.argv.slice(2);
  const tile = flag === '--tile' ? Number(value) : 32768;
  const powerOfTwo = Number.isInteger(tile) && tile >= 4 && (tile & (tile - 1)) === 0;
  if (!fileA || !fileB || (flag && flag !== '--tile') || !powerOfTwo) {
    console.error(
      'usage: node tools/bench/compare_games.mjs A.jsonl B.jsonl [--tile T]  (ai2048 selfplay outputs; T a power of two)',
    );
    process.exit(2);
  }
  const games = [];
  for (const file of [fileA, fileB]) {
    let lines = [];
    try {
      lines = jsonLines(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      console.error(
        `${file}: ${error.code === 'ENOENT' ? 'no such file' : 'not a selfplay output (a line is not JSON)'}`,
      );
      process.exit(2);
    }
    const bySeed = gamesBySeed(lines);
    if (!bySeed.size) {
      console.error(`${file}: not a selfplay output (no game line with its seed, score and maxTile)`);
      process.exit(2);
    }
    games.push(bySeed);
  }
  let result;
  try {
    result = compareGames(games[0], games[1], tile);
  } catch (error) {
    console.error(`${fileA}, ${fileB}: ${error.message}`);
    process.exit(2);
  }
  const r = result;
  const round = (x) => Math.round(x).toLocaleString('en');
  const percent = (x) => `${(100 * x).toFixed(1)}%`;
  console.log(`${r.games} games on the seeds both played (left out: ${r.left.a} of A, ${r.left.b} of B)`);
  console.log(`| | mean ± standard error | reached ${tile} |`);
  console.log('|---|---|---|');
  console.log(`| A: ${fileA} | ${round(r.a.mean)} ± ${round(r.a.meanError)} | ${percent(r.a.rate)} |`);
  console.log(`| B: ${fileB} | ${round(r.b.mean)} ± ${round(r.b.meanError)} | ${percent(r.b.rate)} |`);
  console.log(
    `| A - B | ${round(r.meanDifference)} ± ${round(r.meanDifferenceError)} ` +
      `(${inErrors(r.meanDifference, r.meanDifferenceError)} standard errors) | ` +
      `${percent(r.rateDifference)} ± ${percent(r.rateDifferenceError)} ` +
      `(${inErrors(r.rateDifference, r.rateDifferenceError)}) |`,
  );
  console.log(`${tile} in A only: ${r.onlyA}, in B only: ${r.onlyB} (sign test ${r.signTest.toFixed(1)})`);
  console.log(JSON.stringify(r));
}
