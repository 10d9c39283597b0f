// Search quality on a suite of positions: each candidate's chosen move against
// a deep reference search's four move values. Node counts and choices are
// deterministic, so a busy machine changes only the time it takes.
//
//   node tools/bench/position_suite.mjs --boards FILE [--reference 'ARGS']
//        [--reference-cache FILE] [--cli PATH] --candidate 'ARGS' [--candidate 'ARGS' ...]
//
// FILE: one board a line (16 tile values), as `ai2048 suggest --boards` reads.
// ARGS: `ai2048 suggest` search options, e.g. '--nodes 20000 --late 8192';
// the reference defaults to '--depth 6'. `--tables off` is added unless ARGS
// name tables: the suite measures the search alone. --reference-cache keeps
// the reference's answers (it costs the most) for runs on the same boards.
//
// Prints one JSON line a candidate, over the boards with two legal moves or
// more ("contested"): agreement with the reference's best move; the mean loss
// (ref[best] - ref[chosen]) / ref[best]; and, against the first candidate,
// the boards where only one of the two chose the reference's move (with
// McNemar's z), and the mean paired difference of the loss with its standard
// error.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureNativeCli, jsonLines } from '../harness/native_cli.js';

function parseArgs(argv) {
  const opts = { reference: '--depth 6', candidates: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--boards') opts.boards = value;
    else if (name === '--reference') opts.reference = value;
    else if (name === '--reference-cache') opts.cache = value;
    else if (name === '--cli') opts.cli = value;
    else if (name === '--candidate') opts.candidates.push(value);
    else throw new Error(`unknown option ${name}`);
  }
  if (!opts.boards) throw new Error('give --boards FILE');
  if (!opts.candidates.length) throw new Error("give at least one --candidate 'ARGS'");
  return opts;
}

// `ai2048 suggest --boards FILE ARGS`: one answer a board, in the file's order.
function suggest(cli, boardsFile, args) {
  const words = args.split(/\s+/).filter(Boolean);
  if (!words.includes('--tables')) words.push('--tables', 'off');
  return jsonLines(
    execFileSync(cli, ['suggest', '--boards', boardsFile, ...words], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
}

function reference(opts, cli) {
  const boards = fs.readFileSync(opts.boards, 'utf8');
  if (opts.cache && fs.existsSync(opts.cache)) {
    const saved = JSON.parse(fs.readFileSync(opts.cache, 'utf8'));
    if (saved.boards === boards && saved.args === opts.reference) return saved.answers;
  }
  const answers = suggest(cli, opts.boards, opts.reference);
  if (opts.cache) fs.writeFileSync(opts.cache, JSON.stringify({ args: opts.reference, boards, answers }));
  return answers;
}

// A choice's loss in the reference's values: 0 for its best move. Values are
// printed to 6 digits, so a near tie may read a hair below 0: that is 0.
function lossOf(ref, dir) {
  const best = ref.values[ref.dir];
  return Math.max(0, (best - ref.values[dir]) / best);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x, digits = 6) => Number(x.toPrecision(digits));

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const cli = opts.cli ?? ensureNativeCli();
  const refs = reference(opts, cli);
  const contested = refs.map((r) => r.values.filter((v) => v !== null).length >= 2);
  const nContested = contested.filter(Boolean).length;
  let first = null;
  for (const args of opts.candidates) {
    const answers = suggest(cli, opts.boards, args);
    if (answers.length !== refs.length) throw new Error(`${args}: ${answers.length} answers for ${refs.length} boards`);
    const losses = [];
    const agree = [];
    answers.forEach((a, i) => {
      if (!contested[i]) return;
      losses.push(lossOf(refs[i], a.dir));
      agree.push(a.dir === refs[i].dir);
    });
    const line = {
      candidate: args,
      reference: opts.reference,
      boards: refs.length,
      contested: nContested,
      agree: round(agree.filter(Boolean).length / nContested, 4),
      meanLoss: round(mean(losses)),
      maxLoss: round(Math.max(...losses)),
      meanNodes: Math.round(mean(answers.map((a) => a.nodes))),
      meanDepth: round(mean(answers.map((a) => a.depth)), 3),
    };
    if (first) {
      const diffs = losses.map((l, k) => l - first.losses[k]);
      const m = mean(diffs);
      const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - m) ** 2, 0) / (diffs.length - 1));
      const only = agree.filter((x, k) => x && !first.agree[k]).length;
      const onlyFirst = agree.filter((x, k) => !x && first.agree[k]).length;
      const se = sd / Math.sqrt(diffs.length);
      line.vsFirst = {
        onlyThisAgrees: only,
        onlyFirstAgrees: onlyFirst,
        // McNemar's z on those boards: beyond about 2, more than chance.
        agreeZ: only + onlyFirst ? round((only - onlyFirst) / Math.sqrt(only + onlyFirst), 3) : 0,
        lossDiff: round(m),
        lossDiffSE: round(se),
      };
    } else {
      first = { losses, agree };
    }
    console.log(JSON.stringify(line));
  }
}

main();
