// Measures what the move review's verdict thresholds are chosen from: in
// positions of seeded games, the share of expected score each legal move
// other than the best loses against the best, (best - move) / best, with the
// values the page's judge gets (the learned network, expectimax at the play
// page's default strength, 10 ms a move with the time manager, no endgame
// table). The games are played by a stand-in for a person: the AI's move at
// depth 1 four times in five, else a random legal move, so the positions are
// those a person meets rather than the AI's own. Prints percentiles as JSON.
//
//   node tests/js/measure/review_thresholds.mjs [--games 30] [--every 8] [--time 10]
//
// Needs the built engine (npm run build) and web/network/network.n2048.gz.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { loadWasmModule, root } from '../../../tools/harness/load_wasm.js';
import { VERDICTS, moveLoss, verdictFor } from '../../../web/src/coach/verdict.js';
import { testRandom } from '../helpers/reference_rules.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '30' },
    every: { type: 'string', default: '8' },
    time: { type: 'string', default: '10' },
    out: { type: 'string' },
  },
});
const games = Number(args.games);
const every = Number(args.every);
// The raw module searches with the heuristic unless told: eval 'network'.
const judgeSettings = { timeMs: Number(args.time), phase: true, tables: false, eval: 'network' };

const module = await loadWasmModule();
const networkFile = path.join(root, 'web', 'network', 'network.n2048.gz');
module.loadNetwork(new Uint8Array(zlib.gunzipSync(fs.readFileSync(networkFile))));

const samples = []; // { move, maxTile, losses: [2nd, 3rd, 4th best's loss share] }
const judgeMs = [];
for (let seed = 1; seed <= games; seed++) {
  const random = testRandom(seed * 7919);
  let { board, state } = module.newGame(seed);
  for (let move = 0; !module.gameOver(board) && move < 3000; move++) {
    if (move % every === every - 1) {
      const started = performance.now();
      const { values } = module.search(board, judgeSettings);
      judgeMs.push(performance.now() - started);
      const legal = [0, 1, 2, 3].filter((d) => values[d] !== null && values[d] >= 0);
      const losses = legal
        .map((d) => moveLoss(values, d))
        .filter((l) => l && !l.playedBest)
        .map((l) => l.loss)
        .sort((a, b) => a - b);
      samples.push({ move, maxTile: Math.max(...board), losses });
    }
    const legal = module.legalMoves(board);
    const dir =
      random() < 0.8
        ? module.search(board, { depth: 1, eval: 'network' }).dir
        : legal[Math.floor(random() * legal.length)];
    const moved = module.applyMove(board, dir);
    ({ board, state } = module.spawn(moved.board, state));
  }
  process.stderr.write(`game ${seed}: ${samples.length} positions so far\n`);
}

const percentiles = (list, ps = [10, 25, 50, 75, 90, 95, 99]) => {
  const sorted = list.slice().sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return Object.fromEntries([['n', sorted.length], ...ps.map((p) => [`p${p}`, sorted.length ? at(p) : null])]);
};
const rank = (k) => samples.filter((s) => s.losses.length > k).map((s) => s.losses[k]);
const all = samples.flatMap((s) => s.losses);
const shareAbove = (list, x) => list.filter((v) => v > x).length / list.length;
const report = {
  settings: { games, every, judge: judgeSettings },
  positions: samples.length,
  judgeMs: percentiles(judgeMs, [50, 90, 99]),
  secondBest: percentiles(rank(0)),
  thirdBest: percentiles(rank(1)),
  fourthBest: percentiles(rank(2)),
  everyOther: percentiles(all),
  everyOtherAbove: Object.fromEntries(
    [0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.15, 0.2, 0.3].map((x) => [x, shareAbove(all, x)]),
  ),
  // What the verdicts would say of each: the share of the second, third and
  // fourth best moves (and of all) that get each verdict.
  verdicts: Object.fromEntries(
    [
      ['secondBest', rank(0)],
      ['thirdBest', rank(1)],
      ['fourthBest', rank(2)],
      ['everyOther', all],
    ].map(([name, list]) => [
      name,
      Object.fromEntries(VERDICTS.map((v) => [v, list.filter((l) => verdictFor(l) === v).length / list.length])),
    ]),
  ),
};
const text = JSON.stringify(report, null, 2);
if (args.out) fs.writeFileSync(args.out, text + '\n');
console.log(text);
