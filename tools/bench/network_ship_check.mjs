// Whether a trained network may replace the shipped one (issue 49's rule):
// both play the same seeded games, 200 at depth 0 (the network alone) and 100
// at depth 2 with the endgame table, and the candidate ships only where it
// scores more on both. Prints a table of the figures and the verdict; exits 0
// where the candidate beats the baseline, 1 where it does not, 2 on bad input.
//
//   node tools/bench/network_ship_check.mjs CANDIDATE [--baseline FILE]
//       [--games0 200] [--games2 100] [--seed 1] [--jobs 2]
//
// The baseline defaults to the shipped web/network/network.n2048.gz. Games at a
// fixed depth are deterministic, so the figures repeat on any machine.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../harness/load_wasm.js';
import { jsonLines, runNativeAsync } from '../harness/native_cli.js';

export const shippedNetwork = path.join(root, 'web', 'network', 'network.n2048.gz');

// One network's games at one depth: the selfplay summary's mean and tile rates.
export async function playNetwork(network, { depth, games, seed, jobs }) {
  const args = ['selfplay', '--network', network, '--depth', String(depth)];
  args.push('--games', String(games), '--seed', String(seed), '--jobs', String(jobs));
  const summary = jsonLines(await runNativeAsync(args)).find((l) => l.summary);
  if (!summary) throw new Error(`selfplay printed no summary for ${network}`);
  return { mean: summary.mean, rate16384: summary.reach['16384'], rate32768: summary.reach['32768'] };
}

// A candidate ships only where it scores more than the baseline at both depths.
export function beats(candidate, baseline) {
  return candidate.depth0.mean > baseline.depth0.mean && candidate.depth2.mean > baseline.depth2.mean;
}

// The rule's games: what the CLI and checkNetworks use where not told otherwise.
export const DEFAULTS = { baseline: shippedNetwork, games0: 200, games2: 100, seed: 1, jobs: 2 };

export async function checkNetworks(options) {
  const { candidate, baseline, games0, games2, seed, jobs } = { ...DEFAULTS, ...options };
  for (const file of [candidate, baseline]) if (!fs.existsSync(file)) throw new Error(`no network file ${file}`);
  // One after another: each selfplay already uses the jobs it is given.
  const figures = async (network) => ({
    depth0: await playNetwork(network, { depth: 0, games: games0, seed, jobs }),
    depth2: await playNetwork(network, { depth: 2, games: games2, seed, jobs }),
  });
  const result = { candidate: await figures(candidate), baseline: await figures(baseline) };
  return { ...result, beats: beats(result.candidate, result.baseline) };
}

function percent(rate) {
  return `${(100 * rate).toFixed(1)}%`;
}

export function formatCheck(check, { games0, games2 }) {
  const row = (name, f) =>
    `| ${name} | ${Math.round(f.depth0.mean)} / ${percent(f.depth0.rate16384)} | ` +
    `${Math.round(f.depth2.mean)} / ${percent(f.depth2.rate16384)} / ${percent(f.depth2.rate32768)} |`;
  return [
    `| network | depth 0, ${games0} games: mean / 16384 | depth 2 with the table, ${games2} games: mean / 16384 / 32768 |`,
    '|---|---|---|',
    row('candidate', check.candidate),
    row('baseline', check.baseline),
    '',
    check.beats
      ? 'The candidate beats the baseline at both depths: it may ship.'
      : 'The candidate does not beat the baseline at both depths: keep the baseline.',
  ].join('\n');
}

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  const numbers = { '--games0': 'games0', '--games2': 'games2', '--seed': 'seed', '--jobs': 'jobs' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--baseline') {
      const file = argv[++i];
      if (!file) throw new Error('--baseline needs a network file');
      options.baseline = file;
    } else if (numbers[arg]) {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number of at least 1`);
      options[numbers[arg]] = value;
    } else if (arg.startsWith('--') || options.candidate) {
      throw new Error(`unknown argument ${arg}`);
    } else {
      options.candidate = arg;
    }
  }
  if (!options.candidate) throw new Error('give the candidate network file');
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const check = await checkNetworks(options);
    console.log(formatCheck(check, options));
    process.exitCode = check.beats ? 0 : 1;
  } catch (error) {
    console.error(`network_ship_check: ${error.message}`);
    console.error(
      'usage: node tools/bench/network_ship_check.mjs CANDIDATE [--baseline FILE] [--games0 N] [--games2 N] [--seed S] [--jobs J]',
    );
    process.exitCode = 2;
  }
}
