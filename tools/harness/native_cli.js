// The native ai2048 CLI for tests and benchmarks that compare against it:
// build/ai2048, built with CMake first when it is missing.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './load_wasm.js';

export const nativeBuildDir = path.join(root, 'build');
export const nativeCli = path.join(nativeBuildDir, 'ai2048');

export function ensureNativeCli() {
  if (fs.existsSync(nativeCli)) return nativeCli;
  const run = (args) => execFileSync('cmake', args, { cwd: root, stdio: 'inherit' });
  run(['-S', root, '-B', nativeBuildDir, '-DCMAKE_BUILD_TYPE=Release']);
  run(['--build', nativeBuildDir, '--target', 'ai2048', '-j2']);
  return nativeCli;
}

// Text output, and room for a long trace's.
const OUTPUT = { encoding: 'utf8', maxBuffer: 1 << 28 };

// Runs ai2048 with args; returns its stdout.
export function runNative(args, options = {}) {
  return execFileSync(ensureNativeCli(), args, { ...OUTPUT, ...options });
}

// The same without blocking the caller's event loop: resolves to stdout, rejects
// with the command's error. Tests that run the CLI for many seconds use it:
// Vitest's worker sends its runner messages, and reads the answers (due within
// 60 s), only when its event loop turns.
export function runNativeAsync(args, options = {}) {
  return new Promise((resolve, reject) => {
    const cli = ensureNativeCli();
    execFile(cli, args, { ...OUTPUT, ...options }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

// JSON lines of a text, parsed.
export function jsonLines(text) {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

// Native self-play games with their per-move trace: `ai2048 selfplay ARGS
// --trace`, one object per game (its JSON line) with its trace lines as turns.
// The heuristic unless ARGS name an evaluation (the wasm module's default; the
// CLI's is the shipped network), and no endgame table unless ARGS name one.
export function nativeGames(args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai2048-trace-'));
  const tracePath = path.join(dir, 'trace.jsonl');
  const evaluation = args.includes('--eval') ? [] : ['--eval', 'heuristic'];
  // The wasm module loads no endgame table unless told: nor does this.
  const tables = args.includes('--tables') ? [] : ['--tables', 'off'];
  try {
    const out = jsonLines(runNative(['selfplay', ...evaluation, ...tables, ...args, '--trace', tracePath]));
    const turns = jsonLines(fs.readFileSync(tracePath, 'utf8'));
    return out
      .filter((line) => !line.summary)
      .map((game) => ({
        ...game,
        turns: turns.filter((t) => t.game === game.seed),
      }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A small network (4x4 tuples) trained for about a second by the native
// trainer on one thread, written to outPath (.n2048.gz): seeded, so the same
// games and seed give the same file. extraArgs: more of train's options (--log).
export function trainSmallNetwork(outPath, { games, seed, extraArgs = [] }) {
  runNative(
    [
      'train',
      '--tuples',
      '4x4',
      '--games',
      String(games),
      '--threads',
      '1',
      '--seed',
      String(seed),
      '--alpha',
      '1',
      '--coherence',
      '--out',
      outPath,
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
}
